"""Pocket game state: plain attrs data, saveable at any point (frames included).

Shared with the classic game where the idea is the same: ``seats`` (one per player), each
with ``rows`` of birds (Pocket has a single row, the flock) and a ``hand`` (the reserve's
bird-side cards); ``discard``, ``first``, ``current``, ``rng``, ``stack``, ``over``,
``steps``.
"""

from __future__ import annotations

import attrs

from ..engine.state import Bird, Frame, GoalPick, Place
from ..rng import Chance

EMPTY = -1  # an empty face-up bird slot

__all__ = ["EMPTY", "GoalPick", "GreenCopy", "PocketSeat", "PocketState"]


@attrs.frozen(slots=True)
class GreenCopy:
    """A green power a 'copy green' bird has for this turn: the copying bird and the card."""

    host: Place
    card: int


@attrs.define(slots=True)
class PocketSeat:
    rows: list[list[Bird]] = attrs.Factory(lambda: [[]])  # one row: the flock, left to right
    hand: list[int] = attrs.Factory(list)  # reserve cards bird side up
    food_cards: list[int] = attrs.Factory(list)  # reserve cards food side up
    nest_eggs: int = 1
    dealt: list[int] = attrs.Factory(list)  # advanced setup: the 6 cards not yet sorted
    turns: int = 0
    green_copies: list[GreenCopy] = attrs.Factory(list)

    @property
    def flock(self) -> list[Bird]:
        return self.rows[0]

    def copy(self) -> PocketSeat:
        return PocketSeat(
            [[b.copy() for b in row] for row in self.rows],
            self.hand[:],
            self.food_cards[:],
            self.nest_eggs,
            self.dealt[:],
            self.turns,
            self.green_copies[:],
        )


@attrs.define(slots=True)
class PocketState:
    seats: list[PocketSeat]
    decks: list[list[int]]  # food decks, food side up; the top is the last item
    face_up: list[int]  # bird supply, one slot per deck; EMPTY when taken
    discard: list[int]  # the discard pile; the bottom is the first item
    goals: list[GoalPick]  # advanced game
    first: int
    current: int
    rng: Chance
    stack: list[Frame] = attrs.Factory(list)
    end_triggered: bool = False
    over: bool = False
    steps: int = 0

    def copy(self) -> PocketState:
        return PocketState(
            [p.copy() for p in self.seats],
            [d[:] for d in self.decks],
            self.face_up[:],
            self.discard[:],
            self.goals[:],
            self.first,
            self.current,
            self.rng,
            [f.copy() for f in self.stack],
            self.end_triggered,
            self.over,
            self.steps,
        )

    def to_compare(self) -> tuple[object, ...]:
        """Everything in the state, as plain values (for equality checks)."""
        return attrs.astuple(self)
