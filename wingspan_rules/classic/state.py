"""Classic game state: plain attrs data, saveable at any point (frames included).

Shared with Pocket where the idea is the same: ``seats`` with ``rows`` of birds (one row
per habitat) and a ``hand``; ``discard``, ``first``, ``current``, ``rng``, ``stack``,
``over``, ``steps``.  Food is tokens: ``food`` counts each food of the ruleset's table.
"""

from __future__ import annotations

from typing import Any, ClassVar, Generic, Self

import attrs
from typing_extensions import TypeVar  # (a TypeVar with a default: typing has it from 3.13)

from ..engine.state import Bird, Frame, GoalPick, frame
from ..rng import Chance

EMPTY = -1  # an empty tray place


@attrs.define(slots=True)
class ClassicSeat:
    rows: list[list[Bird]]  # one row per habitat, left to right
    food: list[int]  # tokens of each food, in the ruleset's food order
    hand: list[int] = attrs.Factory(list)
    bonus: list[int] = attrs.Factory(list)
    dealt: list[int] = attrs.Factory(list)  # setup: birds still to keep or discard
    dealt_bonus: list[int] = attrs.Factory(list)
    cubes_used: int = 0  # action cubes placed this round
    discard_at_end: int = 0  # cards owed at the end of this turn ("then discard")

    # Keys a save writes after the seat's fields, each an empty list, and reads back only
    # empty: the save format (schema 2) has always had them for every seat of this family of
    # games, and a subclass whose seat holds them as fields writes its own (``saves.py``).
    SAVED_EMPTY: ClassVar[tuple[str, ...]] = ("spent_nectar", "cubes")

    def copy(self) -> ClassicSeat:
        return ClassicSeat(
            [[b.copy() for b in row] for row in self.rows],
            self.food[:],
            self.hand[:],
            self.bonus[:],
            self.dealt[:],
            self.dealt_bonus[:],
            self.cubes_used,
            self.discard_at_end,
        )


# The seat class of a state: ``ClassicState`` alone means classic seats; a ruleset whose seats
# hold more subclasses both (``ClassicState[ItsSeat]``), and saves and positions read the
# ruleset's ``state_type`` to make the right ones.
SeatT = TypeVar("SeatT", bound=ClassicSeat, default=ClassicSeat, covariant=True)


@attrs.define(slots=True)
class ClassicState(Generic[SeatT]):
    seats: list[SeatT]
    deck: list[int]  # bird deck, top last
    tray: list[int]  # face-up birds, EMPTY when taken
    discard: list[int]
    bonus_deck: list[int]
    bonus_discard: list[int]
    feeder: list[int]  # faces (indices into the ruleset's dice faces) of the dice in the feeder
    goals: list[GoalPick]  # the goal of each round
    goal_points: list[list[int]]  # per round played, per player
    first: int
    current: int
    rng: Chance
    round: int = 0
    stack: list[Frame] = attrs.Factory(list)
    over: bool = False
    steps: int = 0  # answers given by players
    reveals: int = 0  # hidden things made known (deck and bonus draws, dice rolls): house take-backs stop at one
    turns_done: int = 0  # turns ended so far (a take-back point belongs to one turn)
    # faces the next dice rolled show, in order, before the generator is drawn on (empty in play;
    # a position says them to settle a dispute about a roll: ``dice to come``)
    dice_to_come: list[int] = attrs.Factory(list)

    def copy(self) -> Self:
        seats: list[Any] = [s.copy() for s in self.seats]
        return type(self)(
            seats,
            self.deck[:],
            self.tray[:],
            self.discard[:],
            self.bonus_deck[:],
            self.bonus_discard[:],
            self.feeder[:],
            self.goals[:],
            [g[:] for g in self.goal_points],
            self.first,
            self.current,
            self.rng,
            self.round,
            [f.copy() for f in self.stack],
            self.over,
            self.steps,
            self.reveals,
            self.turns_done,
            self.dice_to_come[:],
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
    """Keeping starting birds (paying a food for each), then a bonus card."""

    kind: ClassVar[str] = "classic-setup"
    stage: int = 0  # 0: keep birds; 1: give back food; 2: keep a bonus card
    owed: int = 0  # food still to give back for the birds kept


@frame
@attrs.define(slots=True)
class TurnFrame(Frame):
    """A turn: one action cube; then pink powers answer; then cards owed are discarded."""

    kind: ClassVar[str] = "classic-turn"
    stage: int = 0  # 0: choose the action; 1: it is done (pinks next); 2: pinks started; 3: discards started
    events: list[str] = attrs.Factory(list)  # what the action did that pink powers may answer


@frame
@attrs.define(slots=True)
class HabitatFrame(Frame):
    """A habitat action: the space's trade, its benefit, then the row's brown powers."""

    kind: ClassVar[str] = "classic-habitat"
    habitat: int = 0
    stage: int = 0  # 0: the trade is asked; 1: the benefit is next; 2: brown powers
    extra: int = 0  # extra benefit bought by trades
    fate: str = ""  # what became of the space's trade: "", "traded", "declined", "nothing", "none-here"
    next_brown: int = -1  # the next column whose brown power is offered (right to left)
    reset: str = ""  # the space's reset (on a mat that has them), asked first: "", "done", "declined", "nothing"


@frame
@attrs.define(slots=True)
class PayFrame(Frame):
    """Paying for a bird: its food, then the eggs its slot costs."""

    kind: ClassVar[str] = "classic-pay"
    card: int = -1
    habitat: int = 0
    paid: list[int] = attrs.Factory(list)  # foods given so far
    food_done: bool = False
    eggs_paid: int = 0
    egg_discount: int = 0  # eggs fewer than the place costs (a power playing the bird may say so)
    replaces: int = -1  # the column of the bird it replaces, for a card played in another's place (-2: still to choose; -1: none)


@frame
@attrs.define(slots=True)
class DiscardAtEndFrame(Frame):
    """Cards a 'then discard' power owes, discarded at the end of the turn."""

    kind: ClassVar[str] = "classic-discard"
    left: int = 0
