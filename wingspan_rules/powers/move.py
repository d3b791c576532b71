"""'move if rightmost': the bird, when it is the rightmost of its row, moves itself to another
habitat it can live in (``classic.power.move``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame, frame
from ..events import MOVE
from ..i18n import N_, _
from ..verdict import Violation
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

_MOVE = Verb("move")


@frame("move")
@attrs.define(slots=True)
class MoveFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class MoveHandler(AtomHandler):
    """The bird moves itself, when rightmost, to a habitat it can live in."""

    node_types = (ir.Move,)
    frame_type = MoveFrame
    questions = {"move": N_("which habitat does it move to")}
    says = {"move": N_("move {bird} to your {arg}")}
    asks = "move"
    refusal_topics = ("move",)
    verbs = frozenset({"move"})

    def choices(self, g: Rules, f: PowerFrame, node: ir.Move) -> list[Action]:
        return [_MOVE[h] for h in g.board.move_targets(g, f.player, f.host)]

    def perform(self, g: Rules, f: PowerFrame, node: ir.Move, a: Action) -> None:
        rows = g.state.seats[f.player].rows
        bird = rows[f.host.row].pop(f.host.column)
        rows[g.habitats.index(str(a.arg))].append(bird)
        if g.log is not None:
            g.recorder.note(g, MOVE, f.player, g._names[bird.card], g.habitats[f.host.row], str(a.arg))

    def idle(self, g: Rules, f: PowerFrame, node: ir.Move) -> tuple[str, str]:
        rows = g.state.seats[f.player].rows
        row = rows[f.host.row] if 0 <= f.host.row < len(rows) else []
        if f.host.column != len(row) - 1:
            return N_("it is not the rightmost bird in its row"), "move"  # (noted in English, worded when read)
        return N_("no other habitat it can live in has a free slot"), "move"

    def refusal(self, g: Rules, f: PowerFrame, node: ir.Move, a: Action) -> list[Violation] | None:
        if a.verb != "move":
            return []
        card = g.cards[g.state.seats[f.player].rows[f.host.row][f.host.column].card]
        where = str(a.arg)
        if where == g.habitats[f.host.row]:
            return [g.refused("move", _("{bird} is in {habitat} already").format(bird=card.name, habitat=_the_habitat(where)))]
        if where not in card.habitats:
            return [g.refused("move", _("{bird} cannot live in {habitat}").format(bird=card.name, habitat=_the_habitat(where)))]
        return [g.refused("move", _("your {habitat} has no free slot").format(habitat=words.habitat(where)))]


def _the_habitat(where: str) -> str:
    """A habitat an answer names, with its article; a word that names none as it is typed."""
    try:
        return words.the_habitat(where)
    except KeyError:
        return _("the {habitat}").format(habitat=where)


@family
class Move(Family):
    name = "move"
    rules = ("move",)
    verb = "move"
    syntax = (ast.Move,)
    nodes = (ir.Move,)
    handler = MoveHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.Move(span)

    def compile(self, part: ast.Move, c: Compiling) -> ir.Effect:
        return ir.Move()

    def text(self, part: ast.Move, w: Writing) -> str:
        return "move if rightmost"

    def english(self, part: ast.Move, w: Writing) -> str:
        return _("if this bird is the rightmost bird in its habitat, move it to another habitat it can live in")
