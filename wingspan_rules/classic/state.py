"""Classic game state: plain attrs data, saveable at any point (frames included)."""

from __future__ import annotations

import attrs

from ..frames import Frame

HABITATS = ("forest", "grassland", "wetland")
FOODS = ("invertebrate", "seed", "fish", "fruit", "rodent")
DICE_FACES = ("invertebrate", "seed", "fish", "fruit", "rodent", "invertebrate/seed")
EMPTY = -1


@attrs.define(slots=True)
class Slot:
    """A bird on a mat, with what lies on it."""

    card: int
    eggs: int = 0
    cached: list[int] = attrs.Factory(lambda: [0, 0, 0, 0, 0])  # per food
    tucked: list[int] = attrs.Factory(list)
    pink_used: bool = False  # its pink power has fired since its owner's last turn
    # discarded birds cached in place of food tokens (004's reading when the tokens run out);
    # a tuple, so copies share it
    stand_ins: tuple[int, ...] = ()

    def copy(self) -> "Slot":
        return Slot(self.card, self.eggs, self.cached[:], self.tucked[:], self.pink_used, self.stand_ins)


@attrs.define(slots=True)
class Seat:
    rows: list[list[Slot]] = attrs.Factory(lambda: [[], [], []])
    hand: list[int] = attrs.Factory(list)
    food: list[int] = attrs.Factory(lambda: [1, 1, 1, 1, 1])
    bonus: list[int] = attrs.Factory(list)
    dealt: list[int] = attrs.Factory(list)  # setup: birds still to keep or discard
    dealt_bonus: list[int] = attrs.Factory(list)
    cubes_used: int = 0  # action cubes placed this round
    discard_at_end: int = 0  # cards owed at the end of this turn ("then discard")

    def copy(self) -> "Seat":
        return Seat(
            [[s.copy() for s in row] for row in self.rows],
            self.hand[:],
            self.food[:],
            self.bonus[:],
            self.dealt[:],
            self.dealt_bonus[:],
            self.cubes_used,
            self.discard_at_end,
        )


@attrs.define(slots=True)
class ClassicState:
    seats: list[Seat]
    deck: list[int]  # bird deck, top last
    tray: list[int]  # 3 face-up birds, EMPTY when taken
    discard: list[int]
    bonus_deck: list[int]
    bonus_discard: list[int]
    feeder: list[int]  # faces (indices into DICE_FACES) of the dice in the feeder
    goals: list[int]  # the goal for each round
    goal_points: list[list[int]]  # per round, per player
    first: int
    current: int
    rng: int
    round: int = 0
    stack: list[Frame] = attrs.Factory(list)
    over: bool = False
    steps: int = 0  # answers given by players
    reveals: int = 0  # hidden things made known (deck and bonus draws, dice rolls): house take-backs stop at one
    turns_done: int = 0  # turns ended so far (a take-back point belongs to one turn)

    def copy(self) -> "ClassicState":
        return ClassicState(
            [s.copy() for s in self.seats],
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
        )

    def to_compare(self) -> tuple[object, ...]:
        """Everything in the state, as plain values (for equality checks)."""
        return attrs.astuple(self)
