"""Typed syntax tree of the card language.

Every node is a frozen attrs class.  ``span`` records where the node was written; it is
left out of equality so that ``parse(render(tree)) == tree`` compares meaning, not layout.
"""

from __future__ import annotations

from typing import Union

import attrs


@attrs.frozen
class Span:
    """1-based line and column of the first and last character of a node."""

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


NO_SPAN = Span(0, 0, 0, 0)


def _span_field() -> Span:
    return attrs.field(default=NO_SPAN, eq=False, repr=False)


# ---- filters ---------------------------------------------------------------------------


@attrs.frozen
class Costing:
    """The bird's food cost shows this food (the any-food icon never counts)."""

    food: str
    span: Span = _span_field()


@attrs.frozen
class Compare:
    """A printed number of the bird compared with a constant: ``wingspan < 40``."""

    attribute: str  # wingspan | points | egg_limit | food_cost
    op: str  # < <= > >= =
    value: int
    span: Span = _span_field()


@attrs.frozen
class HasColour:
    """The bird's power colour; ``colour`` None means "has no power"."""

    colour: str | None
    span: Span = _span_field()


Predicate = Union[Costing, Compare, HasColour]


@attrs.frozen
class CardFilter:
    """Which cards qualify: any card, a bird (with predicates) or a food card (of a food)."""

    kind: str  # card | bird | food
    food: str | None = None
    predicates: tuple[Predicate, ...] = ()
    span: Span = _span_field()


# ---- power clauses ----------------------------------------------------------------------


@attrs.frozen
class Draw:
    what: CardFilter
    span: Span = _span_field()


@attrs.frozen
class Tuck:
    what: CardFilter
    span: Span = _span_field()


@attrs.frozen
class Hunt:
    below: int  # tuck the hunted card when its wingspan is less than this
    span: Span = _span_field()


@attrs.frozen
class LayEgg:
    span: Span = _span_field()


@attrs.frozen
class DiscardEgg:
    span: Span = _span_field()


@attrs.frozen
class DiscardCard:
    what: CardFilter
    span: Span = _span_field()


@attrs.frozen
class Copy:
    colour: str  # brown | green
    span: Span = _span_field()


@attrs.frozen
class IgnoreCost:
    food: str
    span: Span = _span_field()


@attrs.frozen
class SpendAsAny:
    food: str
    span: Span = _span_field()


@attrs.frozen
class AnyInPowers:
    food: str
    span: Span = _span_field()


@attrs.frozen
class Either:
    """Parts with no arrow between them: do any of them, in any order."""

    parts: tuple[Power, ...]
    span: Span = _span_field()


@attrs.frozen
class Then:
    """Requirement -> benefit: the benefit is only gained by fulfilling the requirement."""

    requirement: Power
    benefit: Power
    span: Span = _span_field()


@attrs.frozen
class AllPlayers:
    """Every player gains the benefit, the owner included."""

    body: Power
    from_one_deck: bool = False
    span: Span = _span_field()


Power = Union[
    Draw,
    Tuck,
    Hunt,
    LayEgg,
    DiscardEgg,
    DiscardCard,
    Copy,
    IgnoreCost,
    SpendAsAny,
    AnyInPowers,
    Either,
    Then,
    AllPlayers,
]


# ---- cards and goals --------------------------------------------------------------------


@attrs.frozen
class CostDef:
    """A bird's cost: specific food icons (repeats allowed), any-food icons and eggs."""

    foods: tuple[str, ...] = ()
    any_food: int = 0
    eggs: int = 0
    span: Span = _span_field()


@attrs.frozen
class BirdDef:
    cost: CostDef
    points: int
    egg_limit: int
    wingspan: int
    colour: str | None = None
    power: Power | None = None
    span: Span = _span_field()


@attrs.frozen
class CardDef:
    """A double-sided card: its food side and its bird side (named by the bird)."""

    name: str
    foods: tuple[str, ...]
    bird: BirdDef
    span: Span = _span_field()


@attrs.frozen
class GoalSide:
    """One side of a goal card: 1 point per egg on the birds the filter accepts."""

    name: str
    birds: CardFilter
    span: Span = _span_field()


@attrs.frozen
class GoalDef:
    name: str
    sides: tuple[GoalSide, ...]
    span: Span = _span_field()


@attrs.frozen
class Document:
    cards: tuple[CardDef, ...] = ()
    goals: tuple[GoalDef, ...] = ()
