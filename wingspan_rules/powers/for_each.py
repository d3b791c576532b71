"""'for each [N] MEASURE: B': the benefit once for each N of what a measure counts on the player's
mat, counted when the power starts (Oceania)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import sub, tokens
from ..dsl.render import measure_dsl, measure_english
from ..engine.handlers import NodeHandler, can_do, probe, push_part
from ..engine.idle import idle_reason
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

@frame("for-each")
@attrs.define(slots=True)
class ForEachFrame(PowerFrame):
    left: int = -1  # rounds still to run (-1: not counted yet)


@mypyc_attr(allow_interpreted_subclasses=True)
class ForEachHandler(NodeHandler[ForEachFrame, ir.ForEach]):
    """The benefit once for each N of what a measure counts, counted when the power starts."""

    node_types = (ir.ForEach,)
    frame_type = ForEachFrame

    def idle(self, g: Rules, f: PowerFrame, node: ir.ForEach) -> tuple[str, str]:
        if g.board.measure(g, f.player, node.measure) < node.per:
            return N_("there is not enough of what it counts"), "for-each"  # (noted in English, worded when read)
        return idle_reason(g, f, node.body)

    def can(self, g: Rules, f: PowerFrame, node: ir.ForEach) -> bool:
        return g.board.measure(g, f.player, node.measure) >= node.per and can_do(g, probe(f, 0), node.body)

    def choices(self, g: Rules, f: ForEachFrame, node: ir.ForEach) -> list[Action] | None:
        return None

    def run(self, g: Rules, f: ForEachFrame, node: ir.ForEach) -> None:
        if f.left < 0:
            f.left = g.board.measure(g, f.player, node.measure) // node.per
        if f.left <= 0:
            g.state.stack.pop()
            return
        f.left -= 1
        push_part(g, f, 0)  # (a round that can do nothing, a full bird, say, is passed over)


@family
class ForEach(Family):
    name = "for_each"
    form = "for-each"
    rules = ("for_each",)
    syntax = (ast.ForEach,)
    nodes = (ir.ForEach,)
    handler = ForEachHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        ints = tokens(tree, "INT")
        per = b.number(ints[0]) if ints else 1
        trees: list[Tree[Token] | Token] = [c for c in tree.children if isinstance(c, Tree)]
        measure = b.measure(sub(trees[0]))
        (body,) = b.parts(trees[1:], depth + 1)
        return ast.ForEach(measure, per, body, span)

    def check(self, part: ast.ForEach, c: Checking) -> None:
        if not c.admits(self.form):
            c.error(part.span, _("'for each' {belongs}").format(belongs=c.belongs(self.form)))
        c.expansion_measure(part.measure, bonus=False)
        c.range(part.per, "count", _("a count of"), part.span)
        c.part(part.body)

    def compile(self, part: ast.ForEach, c: Compiling) -> ir.Effect:
        return ir.ForEach(c.measure(part.measure), part.per, c.part(part.body))

    def text(self, part: ast.ForEach, w: Writing) -> str:
        per = "" if part.per == 1 else f"{part.per} "
        text = f"for each {per}{measure_dsl(part.measure)}: {w.text(part.body)}"
        return f"({text})" if w.nested else text

    def english(self, part: ast.ForEach, w: Writing) -> str:
        body, measure = w.english(part.body), measure_english(part.measure)
        if part.per == 1:
            return _("{body}, once for each of these you have now: {measure}").format(body=body, measure=measure)
        return _("{body}, once for every {n} of these you have now: {measure}").format(body=body, n=part.per, measure=measure)
