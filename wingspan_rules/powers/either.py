"""'A + B' and 'A / B': parts of a power done in any order, each at most once, or (Oceania,
'/') exactly one of them."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..engine.handlers import STOP, Loaded, NodeHandler, can_do, probe, push_part
from ..engine.state import Frame, PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.registry import Telling
    from ..engine.rules import Rules

_PART = Verb("part")


@frame("either")
@attrs.define(slots=True)
class EitherFrame(PowerFrame):
    done: list[int] = attrs.Factory(list)  # parts already chosen


@mypyc_attr(allow_interpreted_subclasses=True)
class EitherHandler(NodeHandler[EitherFrame, ir.Either]):
    """'A + B': do any of the parts, each at most once, in any order; stop when you like."""

    node_types = (ir.Either,)
    frame_type = EitherFrame
    questions = {"part": N_("which part of the power next")}
    asks = "either"
    verbs = frozenset({"part", "stop"})

    def tell(self, t: Telling, f: Frame | None, action: Action) -> str | None:
        if action.verb != "part":
            return super().tell(t, f, action)
        arg = action.arg
        what = t.part_phrase(f, arg - 1) if f is not None and isinstance(arg, int) and arg >= 1 else ""
        said = t.fill(N_("do part {arg} of {power} next"), action)
        return _("{said}: {what}").format(said=said, what=what) if what else said
    stop_words = N_("do no more parts of {power}")
    passed_over = (N_("none of its parts could do anything"), "either")

    def bounds(self, v: Loaded, f: EitherFrame, node: ir.Either) -> str | None:
        if len(set(f.done)) != len(f.done) or any(not 0 <= i < len(node.parts) for i in f.done):
            return _("names a part the power does not have, or one twice")
        return None

    def can(self, g: Rules, f: PowerFrame, node: ir.Either) -> bool:
        return any(can_do(g, probe(f, i), part) for i, part in enumerate(node.parts))

    def choices(self, g: Rules, f: EitherFrame, node: ir.Either) -> list[Action]:
        done = f.done if isinstance(f, EitherFrame) else []
        if node.exclusive and done:
            return []  # one part only, and it was done
        out = [_PART[i + 1] for i, part in enumerate(node.parts) if i not in done and can_do(g, probe(f, i), part)]
        return out + [STOP] if out and done else out

    def choose(self, g: Rules, f: EitherFrame, node: ir.Either, a: Action) -> None:
        if a.verb == "stop":
            g.state.stack.pop()
            return
        index = int(a.arg) - 1  # type: ignore[arg-type]
        f.done.append(index)
        push_part(g, f, index)


@family
class Either(Family):
    name = "either"
    rules = ("either", "one_of")
    syntax = (ast.Either,)
    nodes = (ir.Either,)
    handler = EitherHandler
    grouped = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.Either(b.parts(tree.children, depth + 1), span, exclusive=tree.data == "one_of")

    def check(self, part: ast.Either, c: Checking) -> None:
        if part.exclusive and not c.admits("one-of"):
            c.error(part.span, _("'/' between parts (one of them only) {belongs}").format(belongs=c.belongs("one-of")))
        if c.joins_parts(part):
            for p in part.parts:
                c.part(p)

    def compile(self, part: ast.Either, c: Compiling) -> ir.Effect:
        return ir.Either(tuple(c.part(p) for p in part.parts), part.exclusive)

    def text(self, part: ast.Either, w: Writing) -> str:
        text = (" / " if part.exclusive else " + ").join(w.text(p) for p in part.parts)
        return f"({text})" if w.nested else text

    def english(self, part: ast.Either, w: Writing) -> str:
        parts = "; ".join(w.english(p, grouped=True) for p in part.parts)
        if part.exclusive and w.classic:
            return _("do one of these only: {parts}").format(parts=parts)
        return _("do any of these, in any order: {parts}").format(parts=parts)
