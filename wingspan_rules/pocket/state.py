"""Pocket game state: plain attrs data, saveable at any point (frames included).

Shared with the classic game where the idea is the same: ``seats`` (one per player), each
with ``rows`` of birds (Pocket has a single row, the flock) and a ``hand`` (the reserve's
bird-side cards); ``discard``, ``first``, ``current``, ``rng``, ``stack``, ``over``,
``steps``.
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..engine.state import NEST, Bird, Frame, GoalPick, Place, frame
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


# ---- the turn frames (on the stack, saved with the state) -------------------------------------
# Data like the rest of the state (and, unlike the ruleset's code, never compiled: attrs reads
# their annotations, which a module compiled by mypyc hands it as bare classes).


@frame
@attrs.define(slots=True)
class SetupFrame(Frame):
    """Advanced setup: a player picks which of their dealt cards are birds."""

    kind: ClassVar[str] = "pocket-setup"
    kept: list[int] = attrs.Factory(list)


@frame
@attrs.define(slots=True)
class TurnFrame(Frame):
    """A turn: the nest action, then the brown powers from left to right."""

    kind: ClassVar[str] = "pocket-turn"
    acted: bool = False  # the nest action was chosen
    next_bird: int = 0  # the next flock column whose brown power is offered


@frame
@attrs.define(slots=True)
class PayFrame(Frame):
    """Paying for a bird: food cards one at a time, then its eggs."""

    kind: ClassVar[str] = "pocket-pay"
    card: int = -1
    paid: list[int] = attrs.Factory(list)  # food cards given so far
    food_done: bool = False
    eggs_paid: int = 0


@frame
@attrs.define(slots=True)
class CopyGreenFrame(Frame):
    """A 'copy green' bird picks the green power it has this turn."""

    kind: ClassVar[str] = "pocket-copy-green"
    card: int = -1
    host: Place = NEST
