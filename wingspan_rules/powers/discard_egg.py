"""'discard [N] egg [from other bird | from bird in ROW]': give up eggs from the player's egg
holders, most often as a cost ('discard egg -> ...')."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import need_sub, subtree, tok
from ..dsl.render import count_prefix, row_words
from ..engine.handlers import AtomHandler
from ..engine.state import Place, PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family
from .then import ThenFrame

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules
    from ..verdict import Violation

_DISCARD_EGG = Verb("discard-egg")


@frame("discard-egg")
@attrs.define(slots=True)
class DiscardEggFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class DiscardEggHandler(AtomHandler):
    """Give up an egg from one of your egg holders (another bird's, if it says so)."""

    node_types = (ir.DiscardEgg,)
    frame_type = DiscardEggFrame
    questions = {"discard-egg": N_("which egg do you discard")}
    says = {"discard-egg": N_("discard an egg from {holder} for {power}")}
    asks = "discard-egg"
    verbs = frozenset({"discard-egg"})
    passed_over = (N_("there is nothing of the kind to give up"), "cost")

    def _sources(self, g: Rules, f: PowerFrame, node: ir.DiscardEgg) -> list[Place]:
        found = g.board.egg_sources(g, f.player, f.host if node.other else None)
        if node.habitat is None:
            return found
        row = f.host.row if node.habitat == "this" else g.habitats.index(node.habitat)
        return [p for p in found if p.row == row]

    def can(self, g: Rules, f: PowerFrame, node: ir.DiscardEgg) -> bool:
        sources = self._sources(g, f, node)  # the choices, unnamed
        if node.count == 1 or not sources:
            return bool(sources)
        left = node.count - (f.paid if isinstance(f, ThenFrame) else 0)  # (eggs still owed)
        return sum(bird.eggs for bird in (g.board.bird_at(g, f.player, p) for p in sources) if bird is not None) >= left

    def choices(self, g: Rules, f: PowerFrame, node: ir.DiscardEgg) -> list[Action]:
        return [_DISCARD_EGG[g.board.holder_name(g, f.player, p)] for p in self._sources(g, f, node)]

    def perform(self, g: Rules, f: PowerFrame, node: ir.DiscardEgg, a: Action) -> None:
        g.board.remove_egg(g, f.player, g.board.holder_place(g, f.player, str(a.arg)))

    def refusal(self, g: Rules, f: PowerFrame, node: ir.DiscardEgg, a: Action) -> list[Violation] | None:
        return g.board.refuse_egg_taken(g, f, node, a)  # (which birds hold eggs is the mat's to say)


@family
class DiscardEgg(Family):
    name = "discard egg"
    rules = ("discard_egg",)
    verb = "discard"
    syntax = (ast.DiscardEgg,)
    nodes = (ir.DiscardEgg,)
    handler = DiscardEggHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        row = subtree(tree, "from_row")
        habitat = None
        if row is not None:
            t = tok(need_sub(row, "in_row").children[0])
            habitat = "this" if t.type == "THIS" else b.need(t, b.vocab.habitats, "habitat")
        return ast.DiscardEgg(span, subtree(tree, "from_other") is not None, habitat, b.count(tree))

    def check(self, part: ast.DiscardEgg, c: Checking) -> None:
        span = part.span
        if part.count != 1 and (not c.admits("many-eggs") or part.habitat is None):
            c.error(
                span, _("discarding several eggs is {owner} form with a row: 'discard 2 egg from bird in forest'").format(owner=c.owner("many-eggs"))
            )
        c.range(part.count, "count", _("a count of"), span)
        if c.vocab.block == "card" and (part.other or part.habitat is not None):
            c.error(span, _("this form of the phrase belongs to the classic game, not to Wingspan Pocket"))

    def compile(self, part: ast.DiscardEgg, c: Compiling) -> ir.Effect:
        return ir.DiscardEgg(part.other, part.habitat, part.count)

    def text(self, part: ast.DiscardEgg, w: Writing) -> str:
        head = f"discard {count_prefix(part.count)}egg"
        if part.habitat is not None:
            return f"{head} from bird in " + ("this habitat" if part.habitat == "this" else part.habitat)
        return head + (" from other bird" if part.other else "")

    def english(self, part: ast.DiscardEgg, w: Writing) -> str:
        if not w.classic:
            return _("discard an egg from your Nest or one of your birds")
        if part.habitat is not None and part.count > 1:
            return _("discard {n} eggs from your birds{row} (from one bird or several)").format(n=part.count, row=row_words(part.habitat))
        if part.habitat is not None:
            return _("discard an egg from one of your birds{row}").format(row=row_words(part.habitat))
        return _("discard an egg from one of your other birds") if part.other else _("discard an egg from one of your birds")
