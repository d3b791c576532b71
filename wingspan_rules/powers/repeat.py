"""'repeat brown power in this habitat' and 'repeat predator power in this habitat': the bird uses
another brown (or predator) power of its row once more (``classic.power.repeat``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import tok
from ..engine.handlers import AtomHandler, can_do, frame_for
from ..engine.state import Place, PowerFrame, frame
from ..i18n import N_, _
from ..verdict import Violation
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("repeat")
@attrs.define(slots=True)
class RepeatFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class RepeatHandler(AtomHandler):
    """Use again another brown power of this row (never another repeat power)."""

    node_types = (ir.Repeat,)
    frame_type = RepeatFrame
    questions = {"repeat": N_("whose power do you use again")}
    says = {"repeat": N_("use the power of {arg} once more ({power})")}
    verbs = frozenset({"repeat"})
    passed_over = (N_("no other power in its row could do anything"), "repeat")
    refusal_topics = ("repeat",)

    def candidates(self, g: Rules, f: PowerFrame, node: ir.Repeat) -> list[Place]:
        out = []
        row = g.state.seats[f.owner].rows[f.host.row]
        for j, bird in enumerate(row):
            card = g.cards[bird.card]
            if j == f.host.column or not g.is_brown(card) or isinstance(card.power, ir.Repeat):
                continue
            if node.kind == "predator" and not isinstance(card.power, (ir.Hunt, ir.RollDice)):
                continue
            assert card.power is not None
            if can_do(g, PowerFrame(f.player, card.id, (), f.owner, Place(f.host.row, j)), card.power):
                out.append(Place(f.host.row, j))
        return out

    def choices(self, g: Rules, f: PowerFrame, node: ir.Repeat) -> list[Action]:
        row = g.state.seats[f.owner].rows[f.host.row]
        return [Action("repeat", g.cards[row[p.column].card].name) for p in self.candidates(g, f, node)]

    def perform(self, g: Rules, f: PowerFrame, node: ir.Repeat, a: Action) -> None:
        place = g.board.find(g, f.owner, str(a.arg))
        card = g.cards[g.state.seats[f.owner].rows[place.row][place.column].card]
        assert card.power is not None
        g.state.stack.append(frame_for(card.power, f.player, card.id, (), f.owner, place))

    def refusal(self, g: Rules, f: PowerFrame, node: ir.Repeat, a: Action) -> list[Violation] | None:
        if a.verb != "repeat":
            return None  # (another verb: the ruleset's words)
        target = g.by_name.get(str(a.arg))
        power = g.cards[target].power if target is not None else None
        if isinstance(power, ir.Repeat):
            return [g.refused("repeat", _("{bird}'s power is itself a repeat, and a repeat power is never repeated").format(bird=a.arg))]
        return [g.refused("repeat", _("{bird} has no brown power in this row that could be repeated now").format(bird=a.arg))]


@family
class Repeat(Family):
    name = "repeat K power in this habitat"
    rules = ("repeat",)
    verb = "repeat"
    syntax = (ast.Repeat,)
    nodes = (ir.Repeat,)
    handler = RepeatHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.Repeat(str(tok(tree.children[0])), span)

    def compile(self, part: ast.Repeat, c: Compiling) -> ir.Effect:
        return ir.Repeat(part.kind)

    def text(self, part: ast.Repeat, w: Writing) -> str:
        return f"repeat {part.kind} power in this habitat"

    def english(self, part: ast.Repeat, w: Writing) -> str:
        if part.kind == "brown":
            return _("use the brown power of another bird in this habitat once more")
        return _("use the predator power of another bird in this habitat once more")
