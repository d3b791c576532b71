"""The effect IR: what a compiled power is made of.

A handful of frozen node types, run by the one interpreter in ``pocket/powers.py``.
Foods are bit masks over the food order of the card set; ``ANY`` (0) means "any food".
"""

from __future__ import annotations

from typing import Union

import attrs

ANY = 0


@attrs.frozen
class BirdTest:
    """Conditions on a bird side; every one must hold.  Empty means any bird."""

    costing: int = 0  # mask of foods that must each appear in the cost (not the any-food icon)
    compares: tuple[tuple[str, str, int], ...] = ()
    colour: str | None = None  # "brown", "green", "none" or None for no condition


@attrs.frozen
class Filter:
    """Which cards an effect may take: kind "card", "bird" or "food"."""

    kind: str
    food: int = ANY  # for food cards: the card must show this food
    bird: BirdTest = BirdTest()


@attrs.frozen
class Draw:
    what: Filter


@attrs.frozen
class Tuck:
    what: Filter


@attrs.frozen
class Hunt:
    below: int


@attrs.frozen
class LayEgg:
    pass


@attrs.frozen
class DiscardEgg:
    pass


@attrs.frozen
class DiscardCard:
    what: Filter


@attrs.frozen
class Copy:
    colour: str


@attrs.frozen
class Modifier:
    """A green power: ``ignore`` (1 food in costs), ``spend`` (food as any in costs),
    ``treat`` (food in powers as any food)."""

    kind: str
    food: int


@attrs.frozen
class Either:
    parts: tuple[Effect, ...]


@attrs.frozen
class Then:
    requirement: Effect
    benefit: Effect


@attrs.frozen
class AllPlayers:
    body: Effect
    from_one_deck: bool = False


Atom = Union[Draw, Tuck, Hunt, LayEgg, DiscardEgg, DiscardCard, Copy]
Effect = Union[Draw, Tuck, Hunt, LayEgg, DiscardEgg, DiscardCard, Copy, Modifier, Either, Then, AllPlayers]
ATOMS = (Draw, Tuck, Hunt, LayEgg, DiscardEgg, DiscardCard, Copy)
