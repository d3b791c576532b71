"""'roll dice for F': a predator rolls the dice outside the birdfeeder; a die showing the food
is a success, and the bird caches one from the supply (``classic.power.predator``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..dsl import ast
from ..dsl.builder import tok
from ..dsl.render import food_words
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame, frame
from ..events import ROLL
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("roll")
@attrs.define(slots=True)
class RollFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class RollDiceHandler(AtomHandler):
    """A predator rolls the dice outside the feeder: a die showing the food is a success."""

    node_types = (ir.RollDice,)
    frame_type = RollFrame
    passed_over = (N_("there is nothing left to reveal or roll"), "predator")

    def can(self, g: Rules, f: PowerFrame, node: ir.RollDice) -> bool:
        return g.feeder.outside(g) > 0

    def run(self, g: Rules, f: PowerFrame, node: ir.RollDice) -> None:
        g.state.stack.pop()
        rolled = g.feeder.roll(g, g.feeder.outside(g))
        if g.log is not None:
            g.recorder.note(g, ROLL, f.player, "hunt", *(g.feeder.face_label(g, face) for face in rolled))
        host = g.board.host_bird(g, f)
        if host is not None and any(g.feeder.face_mask(g, face) & node.food for face in rolled):
            g.supply.cache(g, host, node.food.bit_length() - 1)
            g.predator_succeeded(f)


@family
class RollDice(Family):
    name = "roll dice for F"
    rules = ("roll",)
    verb = "roll"
    syntax = (ast.RollDice,)
    nodes = (ir.RollDice,)
    handler = RollDiceHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.RollDice(b.need(tok(tree.children[0]), b.vocab.foods, "food"), span)

    def compile(self, part: ast.RollDice, c: Compiling) -> ir.Effect:
        return ir.RollDice(c.bit(part.food))

    def text(self, part: ast.RollDice, w: Writing) -> str:
        return f"roll dice for {part.food}"

    def english(self, part: ast.RollDice, w: Writing) -> str:
        return _(
            "roll every die that is not in the birdfeeder, and if any of them shows "
            "{food}, cache {a_food} from the supply on this bird"
        ).format(food=words.food(part.food), a_food=food_words(part.food))
