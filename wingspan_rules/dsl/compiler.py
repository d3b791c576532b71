"""Syntax tree -> effect IR (see ``wingspan_rules.ir``)."""

from __future__ import annotations

from .. import ir
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


def compile_filter(what: ast.CardFilter, foods: FoodIndex) -> ir.Filter:
    return ir.Filter(what.kind, foods.bit[what.food] if what.food else ir.ANY, compile_test(what.predicates, foods))


def compile_test(preds: tuple[ast.Predicate, ...], foods: FoodIndex) -> ir.BirdTest:
    costing = 0
    compares = []
    colour = None
    for pred in preds:
        if isinstance(pred, ast.Costing):
            costing |= foods.bit[pred.food]
        elif isinstance(pred, ast.Compare):
            compares.append((pred.attribute, pred.op, pred.value))
        else:
            colour = pred.colour or "none"
    return ir.BirdTest(costing, tuple(compares), colour)


def compile_power(power: ast.Power, foods: FoodIndex) -> ir.Effect:
    if isinstance(power, ast.Either):
        return ir.Either(tuple(compile_power(p, foods) for p in power.parts))
    if isinstance(power, ast.Then):
        return ir.Then(compile_power(power.requirement, foods), compile_power(power.benefit, foods))
    if isinstance(power, ast.AllPlayers):
        return ir.AllPlayers(compile_power(power.body, foods), power.from_one_deck)
    if isinstance(power, ast.Draw):
        return ir.Draw(compile_filter(power.what, foods))
    if isinstance(power, ast.Tuck):
        return ir.Tuck(compile_filter(power.what, foods))
    if isinstance(power, ast.DiscardCard):
        return ir.DiscardCard(compile_filter(power.what, foods))
    if isinstance(power, ast.Hunt):
        return ir.Hunt(power.below)
    if isinstance(power, ast.LayEgg):
        return ir.LayEgg()
    if isinstance(power, ast.DiscardEgg):
        return ir.DiscardEgg()
    if isinstance(power, ast.Copy):
        return ir.Copy(power.colour)
    if isinstance(power, ast.IgnoreCost):
        return ir.Modifier("ignore", foods.bit[power.food])
    if isinstance(power, ast.SpendAsAny):
        return ir.Modifier("spend", foods.bit[power.food])
    return ir.Modifier("treat", foods.bit[power.food])
