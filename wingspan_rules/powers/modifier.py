"""The green modifiers, one family with three verbs ('ignore F in costs', 'spend F as any',
'treat F as any in powers'), all one IR node (``ir.Modifier``): never activated, they change
costs and powers while the bird is in play (Pocket)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import tok
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@mypyc_attr(allow_interpreted_subclasses=True)
class ModifierHandler(AtomHandler):
    """Green powers are never activated: they change costs and powers while they work."""

    node_types = (ir.Modifier,)
    frame_type = PowerFrame
    passed_over = (N_("a green power changes costs and powers while it is in play; it is never used on its own"), "green")

    def choices(self, g: Rules, f: PowerFrame, node: ir.Modifier) -> list[Action]:
        return []


# Each grammar rule (named by the verb it spells, also the modifier's kind in the IR) and its
# syntax type.
_TYPES: dict[str, type[ast.IgnoreCost | ast.SpendAsAny | ast.AnyInPowers]] = {
    "ignore": ast.IgnoreCost,
    "spend": ast.SpendAsAny,
    "treat": ast.AnyInPowers,
}
_KINDS = {kind: verb for verb, kind in _TYPES.items()}


@family
class Modifier(Family):
    name = "green modifier"
    rules = ("ignore", "spend", "treat")
    verb = None  # one verb per rule: ``verb_of``
    syntax = (ast.IgnoreCost, ast.SpendAsAny, ast.AnyInPowers)
    nodes = (ir.Modifier,)
    handler = ModifierHandler

    def verb_of(self, rule: str) -> str | None:
        return _KINDS[_TYPES[rule]]

    def verb_of_part(self, part: Any) -> str | None:
        return _KINDS[type(part)]

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return _TYPES[tree.data](b.need(tok(tree.children[0]), b.vocab.foods, "food"), span)

    def check(self, part: ast.IgnoreCost | ast.SpendAsAny | ast.AnyInPowers, c: Checking) -> None:
        if not c.top:
            c.error(part.span, _("a green phrase cannot be combined"))

    def compile(self, part: ast.IgnoreCost | ast.SpendAsAny | ast.AnyInPowers, c: Compiling) -> ir.Effect:
        return ir.Modifier(_KINDS[type(part)], c.bit(part.food))

    def text(self, part: ast.IgnoreCost | ast.SpendAsAny | ast.AnyInPowers, w: Writing) -> str:
        if isinstance(part, ast.IgnoreCost):
            return f"ignore {part.food} in costs"
        if isinstance(part, ast.SpendAsAny):
            return f"spend {part.food} as any"
        return f"treat {part.food} as any in powers"

    def english(self, part: ast.IgnoreCost | ast.SpendAsAny | ast.AnyInPowers, w: Writing) -> str:
        # (read the same in either game's words)
        food = words.food(part.food)
        if isinstance(part, ast.IgnoreCost):
            return _("when you play a bird, pay one {food} fewer if its cost shows {food}").format(food=food)
        if isinstance(part, ast.SpendAsAny):
            return _("when you play a bird, each {food} card you spend may stand for any food").format(food=food)
        return _("powers you use that name {food} may give or take any food instead").format(food=food)
