"""'give F': one food of the player's own to another player they choose (Oceania), most often
the requirement before '->'.  Giving is not spending; the receiver gains it
(``oceania.power.give``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import tok
from ..dsl.render import food_words
from ..engine.handlers import CHOOSE_QUESTION, CHOOSE_SAYS, AtomHandler, chosen, receivers
from ..engine.state import PowerFrame, frame
from ..events import GIVE
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("give")
@attrs.define(slots=True)
class GiveFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class GiveHandler(AtomHandler):
    """One food of the player's own to another player they choose.  Giving is not spending
    (no spent nectar); the receiver gains it (``oceania.power.give``)."""

    node_types = (ir.Give,)
    frame_type = GiveFrame
    questions = {"choose": CHOOSE_QUESTION, "give": N_("which food do you give back")}
    says = {
        "give": N_("give 1 {arg} to another player ({power})"),
        "choose": CHOOSE_SAYS,
    }
    asks = "give"
    verbs = frozenset({"choose"})
    passed_over = (N_("there is nothing of the kind to give up"), "cost")
    requirement_topic = "give"  # (as the cost of 'give ... -> ...', the same question as alone)

    def can(self, g: Rules, f: PowerFrame, node: ir.Give) -> bool:
        return len(g.state.seats) > 1 and g.supply.held(g, f.player)[node.food.bit_length() - 1] > 0

    def choices(self, g: Rules, f: PowerFrame, node: ir.Give) -> list[Action]:
        return receivers(g, f.player) if self.can(g, f, node) else []

    def perform(self, g: Rules, f: PowerFrame, node: ir.Give, a: Action) -> None:
        food = node.food.bit_length() - 1
        receiver = chosen(a)
        g.supply.held(g, f.player)[food] -= 1
        g.supply.held(g, receiver)[food] += 1
        if g.log is not None:
            g.recorder.note(g, GIVE, f.player, f"p{receiver}", g.foods[food])
        g.food_gained(receiver, food)


@family
class Give(Family):
    name = "give F"
    form = "give"
    rules = ("give",)
    verb = "give"
    syntax = (ast.Give,)
    nodes = (ir.Give,)
    handler = GiveHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.Give(b.need(tok(tree.children[0]), b.vocab.foods, "food"), span)

    def compile(self, part: ast.Give, c: Compiling) -> ir.Effect:
        return ir.Give(c.bit(part.food))

    def text(self, part: ast.Give, w: Writing) -> str:
        return f"give {part.food}"

    def english(self, part: ast.Give, w: Writing) -> str:
        return _("give {food} from your supply to another player of your choice").format(food=food_words(part.food))
