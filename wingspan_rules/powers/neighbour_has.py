"""'if left|right [or right] player has F': a requirement on a neighbour's supply (Oceania), met
when the player on that side holds the food; it takes nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import tokens
from ..dsl.render import food_words, neighbour_words, or_list
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("neighbour-has")
@attrs.define(slots=True)
class NeighbourHasFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


_CHECK = Action("check")


def _neighbour_has(g: Rules, f: PowerFrame, node: ir.NeighbourHas) -> bool:
    """Does the player on the named side (left: next in turn order; right: the one before)
    hold the food?  Only that food counts: nectar is not wild here (``oceania.nectar.food``)."""
    food = node.food.bit_length() - 1
    return any(g.supply.held(g, g.neighbour(f.player, side))[food] > 0 for side in node.sides)


@mypyc_attr(allow_interpreted_subclasses=True)
class NeighbourHasHandler(AtomHandler):
    """A condition on a neighbour's supply, before '->': met (one answer, taken at once) or not
    (the power can do nothing)."""

    node_types = (ir.NeighbourHas,)
    frame_type = NeighbourHasFrame
    questions = {"check": N_("check the condition")}
    says = {"check": N_("check the condition of {power}")}
    verbs = frozenset({"check"})
    passed_over = (N_("the neighbour it names has none of that food"), "condition")

    def can(self, g: Rules, f: PowerFrame, node: ir.NeighbourHas) -> bool:
        return _neighbour_has(g, f, node)

    def choices(self, g: Rules, f: PowerFrame, node: ir.NeighbourHas) -> list[Action]:
        return [_CHECK] if _neighbour_has(g, f, node) else []

    def perform(self, g: Rules, f: PowerFrame, node: ir.NeighbourHas, a: Action | None = None) -> None:
        pass  # a condition takes nothing


@family
class NeighbourHas(Family):
    name = "if left or right player has F"
    form = "neighbour-has"
    rules = ("neighbour_has",)
    verb = "if"
    syntax = (ast.NeighbourHas,)
    nodes = (ir.NeighbourHas,)
    handler = NeighbourHasHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        sides = tuple(str(t) for t in tokens(tree, "LEFT", "RIGHT"))
        food = b.need(tokens(tree, "NAME")[0], b.vocab.foods, "food")
        return ast.NeighbourHas(tuple(sorted(set(sides))), food, span)

    def compile(self, part: ast.NeighbourHas, c: Compiling) -> ir.Effect:
        return ir.NeighbourHas(part.sides, c.bit(part.food))

    def text(self, part: ast.NeighbourHas, w: Writing) -> str:
        return f"if {' or '.join(part.sides)} player has {part.food}"

    def english(self, part: ast.NeighbourHas, w: Writing) -> str:
        whom = or_list([neighbour_words(s) for s in part.sides])
        return _("check that {whom} has {food} in their supply").format(whom=whom, food=food_words(part.food))
