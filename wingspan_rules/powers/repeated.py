"""'any number of times: R -> B' and 'up to N times: ...': a requirement and its benefit again and
again while the player likes (Oceania)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import tokens
from ..engine.handlers import STOP, can_do, probe, push_part
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _, ngettext
from .family import BodyHandler, Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

@frame("repeated")
@attrs.define(slots=True)
class RepeatedFrame(PowerFrame):
    done: int = 0  # rounds started


_AGAIN = Action("again")


@mypyc_attr(allow_interpreted_subclasses=True)
class RepeatedHandler(BodyHandler[RepeatedFrame, ir.Repeated]):
    """A requirement and its benefit, again and again while the player likes (and can)."""

    node_types = (ir.Repeated,)
    frame_type = RepeatedFrame
    questions = {"again": N_("once more")}
    says = {"again": N_("do {power} once more")}
    verbs = frozenset({"again", "stop"})
    stop_words = N_("do {power} no more")

    def choices(self, g: Rules, f: RepeatedFrame, node: ir.Repeated) -> list[Action] | None:
        if f.done == 0:
            return None  # the first round starts when the power is used
        if (node.times and f.done >= node.times) or not can_do(g, probe(f, 0), node.body):
            return []
        return [_AGAIN, STOP]

    def run(self, g: Rules, f: RepeatedFrame, node: ir.Repeated) -> None:
        f.done += 1
        push_part(g, f, 0)

    def choose(self, g: Rules, f: RepeatedFrame, node: ir.Repeated, a: Action) -> None:
        if a.verb == "stop":
            g.state.stack.pop()
            return
        self.run(g, f, node)


@family
class Repeated(Family):
    name = "repeated"
    form = "repeated"
    rules = ("any_times", "up_to_times")
    syntax = (ast.Repeated,)
    nodes = (ir.Repeated,)
    handler = RepeatedHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        times = b.number(tokens(tree, "INT")[0]) if tree.data == "up_to_times" else None
        (body,) = b.parts([c for c in tree.children if isinstance(c, Tree)], depth + 1)
        return ast.Repeated(body, times, span)

    def check(self, part: ast.Repeated, c: Checking) -> None:
        if not c.admits(self.form):
            c.error(part.span, _("a repeated power {belongs}").format(belongs=c.belongs(self.form)))
        if not (isinstance(part.body, ast.Then) and isinstance(part.body.requirement, (ast.DiscardCard, ast.DiscardEgg))):
            c.error(part.span, _("what is repeated is a discard and what it buys: '(discard ... -> ...)'"))
        if part.times is not None:
            c.range(part.times, "count", _("a count of"), part.span)
        c.part(part.body)

    def compile(self, part: ast.Repeated, c: Compiling) -> ir.Effect:
        return ir.Repeated(c.part(part.body), part.times or 0)

    def text(self, part: ast.Repeated, w: Writing) -> str:
        head = "any number of times" if part.times is None else f"up to {part.times} times"
        text = f"{head}: {w.text(part.body)}"
        return f"({text})" if w.nested else text

    def english(self, part: ast.Repeated, w: Writing) -> str:
        body = w.english(part.body)
        if part.times is None:
            return _("as many times as you like: {power}").format(power=body)
        return ngettext("up to {n} times: {power}", "up to {n} times: {power}", part.times).format(n=part.times, power=body)
