"""'trade food for any': the player returns one of their food to the supply and takes a different
food from it (``classic.power.trade``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..engine.handlers import Loaded, NodeHandler
from ..engine.state import PowerFrame, frame
from ..events import FOOD, PAY
from ..i18n import N_, _
from ..verdict import Violation
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

_GIVE = Verb("give")
_TAKE = Verb("take")


@frame("trade")
@attrs.define(slots=True)
class TradeFrame(PowerFrame):
    given: int = -1  # the food given (-1: not yet)


@mypyc_attr(allow_interpreted_subclasses=True)
class TradeHandler(NodeHandler[TradeFrame, ir.Trade]):
    """Swap one of your food for one of another kind from the supply."""

    node_types = (ir.Trade,)
    frame_type = TradeFrame
    questions = {
        "take": {"trade": N_("which food do you take in exchange"), "": N_("which food do you take")},
        "give": N_("which food do you give back"),
    }
    says = {
        "take": N_("take 1 {arg} from the supply in exchange ({power})"),
        "give": N_("give back 1 {arg} to the supply ({power})"),
    }
    asks = "trade"
    refusal_topics = ("trade",)
    verbs = frozenset({"give", "take"})
    passed_over = (N_("there is no food to trade"), "trade")

    def bounds(self, v: Loaded, f: TradeFrame, node: ir.Trade) -> str | None:
        if not -1 <= f.given < len(v.rules.foods):
            return _("does not hold the food given")
        return None

    def can(self, g: Rules, f: PowerFrame, node: ir.Trade) -> bool:
        return any(g.supply.held(g, f.player))

    def choices(self, g: Rules, f: TradeFrame, node: ir.Trade) -> list[Action]:
        food = g.supply.held(g, f.player)
        if f.given < 0:
            return [_GIVE[g.foods[i]] for i, n in enumerate(food) if n]
        return [_TAKE[name] for i, name in enumerate(g.foods) if i != f.given]

    def choose(self, g: Rules, f: TradeFrame, node: ir.Trade, a: Action) -> None:
        food = g.supply.held(g, f.player)
        i = g.foods.index(str(a.arg))
        if f.given < 0:
            food[i] -= 1
            f.given = i
            if g.log is not None:
                g.recorder.note(g, PAY, f.player, g.foods[i], 1, "the supply")
        else:
            food[i] += 1
            if g.log is not None:
                g.recorder.note(g, FOOD, f.player, g.foods[i], 1)
            g.state.stack.pop()

    def refusal(self, g: Rules, f: TradeFrame, node: ir.Trade, a: Action) -> list[Violation] | None:
        if a.verb == "give" and f.given < 0:
            return [g.refused("trade", _("you have no {food} to give").format(food=_food(a.arg)))]
        if a.verb == "take" and f.given >= 0 and str(a.arg) == g.foods[f.given]:
            return [g.refused("trade", _("the food taken must differ from the {food} given").format(food=_food(a.arg)))]
        if a.verb == "take" and f.given < 0:
            return [g.refused("trade", _("give a food first"))]
        return []


def _food(arg: object) -> str:
    """A food an answer names, in the current language (a word that names no food as it is)."""
    return words.as_written(words.food, str(arg))


@family
class Trade(Family):
    name = "trade food for any"
    rules = ("trade",)
    verb = "trade"
    syntax = (ast.Trade,)
    nodes = (ir.Trade,)
    handler = TradeHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.Trade(span)

    def compile(self, part: ast.Trade, c: Compiling) -> ir.Effect:
        return ir.Trade()

    def text(self, part: ast.Trade, w: Writing) -> str:
        return "trade food for any"

    def english(self, part: ast.Trade, w: Writing) -> str:
        return _("return one of your food to the supply and take a different food from it")
