"""Does a bird meet a filter's conditions?  One evaluator for powers, goals and bonus cards."""

from __future__ import annotations

from . import ir
from .cards import Card


def bird_passes(card: Card, test: ir.BirdTest, eggs: int = 0, treat: int = 0) -> bool:
    """Does a bird meet every condition?  ``treat`` turns named foods into "any food";
    ``eggs`` is how many eggs it holds on a mat."""
    if test.costing:
        if test.costing & treat:
            if not card.cost_mask and not card.any_food:
                return False
        elif card.cost_mask & test.costing != test.costing:
            return False
    for attribute, op, value in test.compares:
        if attribute == "wingspan":
            have = card.wingspan
        elif attribute == "points":
            have = card.points
        elif attribute == "egg_limit":
            have = card.egg_limit
        elif attribute == "eggs":
            have = eggs
        else:
            have = sum(card.cost) + card.any_food
        if not (have < value if op == "<" else have <= value if op == "<=" else have > value if op == ">" else have >= value if op == ">=" else have == value):
            return False
    if test.colour is not None and (card.colour or "none") != test.colour:
        return False
    return True
