"""'discard bonus': the player gives up one of their bonus cards (a requirement before '->';
nothing else happens)."""

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

_DISCARD_BONUS = Verb("discard-bonus")


@frame("discard-bonus")
@attrs.define(slots=True)
class DiscardBonusFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class DiscardBonusHandler(AtomHandler):
    """Discard one of your bonus cards (a requirement: nothing else happens)."""

    node_types = (ir.DiscardBonus,)
    frame_type = DiscardBonusFrame
    questions = {"discard-bonus": N_("which bonus card do you discard")}
    says = {"discard-bonus": N_("discard the bonus card {arg}{by}")}
    verbs = frozenset({"discard-bonus"})
    passed_over = (N_("there is nothing of the kind to give up"), "cost")

    def can(self, g: Rules, f: PowerFrame, node: ir.DiscardBonus) -> bool:
        return bool(g.bonus.held(g, f.player))

    def choices(self, g: Rules, f: PowerFrame, node: ir.DiscardBonus) -> list[Action]:
        return [_DISCARD_BONUS[g.bonus.name(g, b)] for b in g.bonus.held(g, f.player)]

    def perform(self, g: Rules, f: PowerFrame, node: ir.DiscardBonus, a: Action) -> None:
        g.bonus.discard(g, f.player, g.bonus.id_of(g, str(a.arg)))


@family
class DiscardBonus(Family):
    name = "discard bonus"
    form = "discard-bonus"
    rules = ("discard_bonus",)
    verb = "discard"
    syntax = (ast.DiscardBonus,)
    nodes = (ir.DiscardBonus,)
    handler = DiscardBonusHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.DiscardBonus(span)

    def compile(self, part: ast.DiscardBonus, c: Compiling) -> ir.Effect:
        return ir.DiscardBonus()

    def text(self, part: ast.DiscardBonus, w: Writing) -> str:
        return "discard bonus"

    def english(self, part: ast.DiscardBonus, w: Writing) -> str:
        return _("discard one of your bonus cards")
