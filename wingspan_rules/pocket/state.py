"""Pocket game state: plain attrs data, saveable at any point (frames included)."""

from __future__ import annotations

import attrs

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
class Frame:
    """One step of the game waiting to run: a turn, a payment, a power being resolved.

    The stack of frames is the game's continuation; it is data, so a game saved in the
    middle of a power resumes exactly there.
    """

    kind: str
    player: int  # who decides in this frame
    card: int = -1  # the card being played, or whose power runs
    path: tuple[int, ...] = ()  # where in that card's power this frame is
    host: int = -1  # flock index of the bird the power belongs to (tucks go there)
    owner: int = -1  # the player whose bird's power this is
    pc: int = 0
    data: list[int] = attrs.Factory(list)
    optional: bool = False

    def copy(self) -> "Frame":
        return Frame(self.kind, self.player, self.card, self.path, self.host, self.owner, self.pc, self.data[:], self.optional)


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
