"""Pocket game state: plain attrs data, saveable at any point (frames included)."""

from __future__ import annotations

import attrs

from ..frames import Frame

NEST = -1  # the egg target/source meaning "the Nest card"
EMPTY = -1  # an empty face-up bird slot


@attrs.define(slots=True)
class BirdInPlay:
    card: int
    eggs: int = 0
    tucked: list[int] = attrs.Factory(list)

    def copy(self) -> "BirdInPlay":
        return BirdInPlay(self.card, self.eggs, self.tucked[:])


@attrs.define(slots=True)
class PlayerState:
    nest_eggs: int = 1
    flock: list[BirdInPlay] = attrs.Factory(list)
    food: list[int] = attrs.Factory(list)  # reserve cards on their food side
    birds: list[int] = attrs.Factory(list)  # reserve cards on their bird side
    dealt: list[int] = attrs.Factory(list)  # advanced setup: the 6 cards not yet sorted
    turns: int = 0
    green_copies: list[list[int]] = attrs.Factory(list)  # [flock index, copied card] this turn

    def copy(self) -> "PlayerState":
        return PlayerState(
            self.nest_eggs,
            [b.copy() for b in self.flock],
            self.food[:],
            self.birds[:],
            self.dealt[:],
            self.turns,
            [c[:] for c in self.green_copies],
        )


@attrs.define(slots=True)
class PocketState:
    players: list[PlayerState]
    decks: list[list[int]]  # food decks, food side up; the top is the last item
    face_up: list[int]  # bird supply, one slot per deck; EMPTY when taken
    discard: list[int]  # the discard pile; the bottom is the first item
    goals: list[list[int]]  # advanced: [goal id, side]
    first: int
    current: int
    rng: int
    stack: list[Frame] = attrs.Factory(list)
    end_triggered: bool = False
    over: bool = False
    steps: int = 0

    def copy(self) -> "PocketState":
        return PocketState(
            [p.copy() for p in self.players],
            [d[:] for d in self.decks],
            self.face_up[:],
            self.discard[:],
            [g[:] for g in self.goals],
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
