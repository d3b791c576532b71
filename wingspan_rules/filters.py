"""The one evaluator of compiled bird conditions (``ir.BirdTest``), shared by every engine.

Everything a test reads about a card is precomputed when the card set is built (``Card.food_cost``,
``Card.predator``, ``Card.flocking``, ``Card.lowered_name``), so a check allocates nothing except
when a name test must blank out its ``unless`` words.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ir

if TYPE_CHECKING:
    from .cards import Card


def _number(card: Card, attribute: str, eggs: int) -> int:
    if attribute == "wingspan":
        return card.wingspan or 0  # (a flightless bird passes before this is read)
    if attribute == "points":
        return card.points
    if attribute == "egg_limit":
        return card.egg_limit
    if attribute == "food_cost":
        return card.food_cost
    return eggs  # "eggs": the eggs on the bird where it sits


def _compare(have: int, op: str, value: int) -> bool:
    if op == "<":
        return have < value
    if op == "<=":
        return have <= value
    if op == ">":
        return have > value
    if op == ">=":
        return have >= value
    return have == value


def _named(card: Card, name: ir.NameTest) -> bool:
    lowered = card.lowered_name  # parts of words count: "bill" is found in "Crossbill"
    for word in name.unless:
        lowered = lowered.replace(word, " ")
    return any(word in lowered for word in name.words)


def _costing(card: Card, costing: int, treat: int) -> bool:
    # Pocket's green "treat F as any food in powers": a condition on a treated food is met by
    # any bird whose cost shows some food.
    if costing & treat:
        return bool(card.cost_mask or card.any_food)
    return card.cost_mask & costing == costing


def bird_passes(card: Card, test: ir.BirdTest, eggs: int = 0, treat: int = 0) -> bool:
    """Does a bird meet every condition of ``test``?

    ``eggs`` is the number of eggs on the bird when it sits on a mat (read by ``where eggs``);
    ``treat`` is the mask of foods a Pocket green power treats as any food in powers."""
    if test.costing and not _costing(card, test.costing, treat):
        return False
    if test.costing_any and not card.any_food:
        return False
    for bit in test.costing_only:
        if card.cost_mask != bit or card.any_food or card.cost_alternative:
            return False
    for attribute, op, value in test.compares:
        if attribute == "wingspan" and card.wingspan is None:
            continue  # a flightless bird meets every wingspan condition (``oceania.flightless``)
        if not _compare(_number(card, attribute, eggs), op, value):
            return False
    if test.colour is not None and (card.colour or "none") != test.colour:
        return False
    for nest in test.nests:
        if card.nest != nest and card.nest != "wild":
            return False
    for trait in test.traits:
        if not (card.predator if trait == "predator" else card.flocking):
            return False
    for mask in test.costing_one_of:
        if not card.cost_mask & mask:
            return False
    for habitat in test.lives_in:
        if habitat not in card.habitats:
            return False
    for side in test.facing:
        if card.beak != side and card.beak != "both":
            return False
    for habitat in test.lives_only:
        if len(card.habitats) != 1 or card.habitats[0] != habitat:
            return False
    for name in test.names:
        if not _named(card, name):
            return False
    return True
