"""Syntax tree -> effect IR (see ``wingspan_rules.ir``)."""

from __future__ import annotations

from typing import assert_never

from .. import ir
from ..families import FAMILIES
from . import ast


class FoodIndex:
    """Food names <-> bit masks, in the order the vocabulary lists them."""

    def __init__(self, foods: tuple[str, ...]):
        self.names = foods
        self.bit = {food: 1 << i for i, food in enumerate(foods)}

    def mask(self, foods: tuple[str, ...] | list[str]) -> int:
        out = 0
        for food in foods:
            out |= self.bit[food]
        return out


class Compiling:
    """What a family's ``compile`` is given: the food order, and the steps it may need."""

    def __init__(self, foods: FoodIndex):
        self.foods = foods

    def part(self, part: ast.Power) -> ir.Effect:
        """The IR node of a part this one holds."""
        return compile_power(part, self.foods)

    def bit(self, food: str) -> int:
        """A food as a one-bit mask."""
        return self.foods.bit[food]

    def mask(self, foods: tuple[str, ...]) -> int:
        return self.foods.mask(foods)

    def filter(self, what: ast.CardFilter) -> ir.Filter:
        return compile_filter(what, self.foods)

    def test(self, preds: tuple[ast.Predicate, ...]) -> ir.BirdTest:
        return compile_test(preds, self.foods)

    def measure(self, measure: ast.Measure) -> ir.Measure:
        return compile_measure(measure, self.foods)


def compile_filter(what: ast.CardFilter, foods: FoodIndex) -> ir.Filter:
    return ir.Filter(what.kind, foods.bit[what.food] if what.food else ir.ANY, compile_test(what.predicates, foods), what.smallest)


def compile_test(preds: tuple[ast.Predicate, ...], foods: FoodIndex) -> ir.BirdTest:
    """Every predicate of a bird filter as one ``ir.BirdTest`` (all of them must hold)."""
    costing = 0
    costing_any = False
    compares: list[tuple[str, str, int]] = []
    colour: str | None = None
    only: list[int] = []
    nests: list[str] = []
    traits: list[str] = []
    lives: list[str] = []
    names: list[ir.NameTest] = []
    one_of: list[int] = []
    lives_in: list[str] = []
    facing: list[str] = []
    for pred in preds:
        if isinstance(pred, ast.Costing):
            if pred.food == "any":
                costing_any = True
            else:
                costing |= foods.bit[pred.food]
        elif isinstance(pred, ast.CostingOnly):
            only.append(foods.bit[pred.food])
        elif isinstance(pred, ast.Compare):
            compares.append((pred.attribute, pred.op, pred.value))
        elif isinstance(pred, ast.HasColour):
            colour = pred.colour or "none"  # the checker refuses two different colours
        elif isinstance(pred, ast.HasNest):
            nests.append(pred.nest)
        elif isinstance(pred, ast.HasTrait):
            traits.append(pred.trait)
        elif isinstance(pred, ast.LivesOnly):
            lives.append(pred.habitat)
        elif isinstance(pred, ast.CostingOneOf):
            one_of.append(foods.mask(pred.foods))
        elif isinstance(pred, ast.LivesIn):
            lives_in.append(pred.habitat)
        elif isinstance(pred, ast.Facing):
            facing.append(pred.side)
        elif isinstance(pred, ast.Named):
            names.append(ir.NameTest(tuple(w.lower() for w in pred.words), tuple(w.lower() for w in pred.unless)))
        else:
            assert_never(pred)  # (mypy holds every kind of ``ast.Predicate`` to a case above)
    return ir.BirdTest(
        costing,
        tuple(compares),
        colour,
        costing_any,
        tuple(only),
        tuple(nests),
        tuple(traits),
        tuple(lives),
        tuple(names),
        tuple(one_of),
        tuple(lives_in),
        tuple(facing),
    )


def compile_measure(measure: ast.Measure, foods: FoodIndex) -> ir.Measure:
    """What a classic goal side or bonus card counts, with its bird conditions compiled."""
    return ir.Measure(measure.what, measure.habitat, compile_test(measure.predicates, foods), foods.mask(measure.foods) if measure.foods else 0)


def compile_power(power: ast.Power, foods: FoodIndex) -> ir.Effect:
    family = FAMILIES.find_syntax(power)
    if family is None:
        raise TypeError(f"no IR node is compiled from a {type(power).__name__} part")
    node: ir.Effect = family.compile(power, Compiling(foods))
    return node
