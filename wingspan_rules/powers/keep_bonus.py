"""'keep bonus from discard': the player keeps one card of the bonus discard pile (which stays
apart from the bonus deck)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

_KEEP_BONUS = Verb("keep-bonus")


@frame("keep-bonus")
@attrs.define(slots=True)
class KeepBonusFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class KeepBonusHandler(AtomHandler):
    """Keep one card of the bonus discard pile (which stays apart from the bonus deck)."""

    node_types = (ir.KeepBonusFromDiscard,)
    frame_type = KeepBonusFrame
    questions = {"keep-bonus": N_("which bonus card do you keep")}
    says = {"keep-bonus": N_("take the bonus card {arg} from the bonus discard pile ({power})")}
    verbs = frozenset({"keep-bonus"})
    passed_over = (N_("the bonus discard pile is empty"), "bonus-discard")

    def can(self, g: Rules, f: PowerFrame, node: ir.KeepBonusFromDiscard) -> bool:
        return bool(g.bonus.discards(g))

    def choices(self, g: Rules, f: PowerFrame, node: ir.KeepBonusFromDiscard) -> list[Action]:
        return list(dict.fromkeys(_KEEP_BONUS[g.bonus.name(g, b)] for b in g.bonus.discards(g)))

    def perform(self, g: Rules, f: PowerFrame, node: ir.KeepBonusFromDiscard, a: Action) -> None:
        bid = g.bonus.id_of(g, str(a.arg))
        g.bonus.discards(g).remove(bid)
        g.bonus.take(g, f.player, bid, "the bonus discard pile")


@family
class KeepBonusFromDiscard(Family):
    name = "keep bonus from discard"
    form = "keep-bonus"
    rules = ("keep_bonus",)
    verb = "keep"
    syntax = (ast.KeepBonusFromDiscard,)
    nodes = (ir.KeepBonusFromDiscard,)
    handler = KeepBonusHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.KeepBonusFromDiscard(span)

    def compile(self, part: ast.KeepBonusFromDiscard, c: Compiling) -> ir.Effect:
        return ir.KeepBonusFromDiscard()

    def text(self, part: ast.KeepBonusFromDiscard, w: Writing) -> str:
        return "keep bonus from discard"

    def english(self, part: ast.KeepBonusFromDiscard, w: Writing) -> str:
        return _("look through the bonus discard pile and keep one of its cards")
