"""The pieces of game state every ruleset shares: places, birds on a mat, frames.

State is plain attrs data (slots), so a game can be copied, saved and loaded at any
decision, in the middle of a power included.  A game's continuation is a stack of frames;
each frame kind is a small record with named fields, registered by name for saving.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import ClassVar, Protocol, Self, TypeVar, overload

import attrs

from ..rng import Chance


@attrs.frozen(slots=True)
class Place:
    """Where a bird sits on its owner's mat: ``row`` (a habitat; Pocket has one row, the
    flock) and ``column`` (0 is the leftmost)."""

    row: int
    column: int


# Places are values: the hot path takes them from this table instead of making new ones.
PLACES = tuple(tuple(Place(r, c) for c in range(16)) for r in range(8))


def place(row: int, column: int) -> Place:
    """The place (row, column), from the table when it is in it."""
    if 0 <= row < 8 and 0 <= column < 16:
        return PLACES[row][column]
    return Place(row, column)


# The Pocket Nest card holds eggs like a bird but is not one: its place is off the rows.
NEST = Place(-1, -1)
NOWHERE = Place(-1, -2)  # a frame that belongs to no bird (the turn's own actions)

# The most food, cards or eggs one step of a game can owe or hold in its progress: a loaded
# game whose frames or seats say more was not written by a game (the validators' bound).
MAX_OWED = 20


@attrs.frozen(slots=True)
class GoalPick:
    """A goal in play: which goal card or tile, and the side that counts."""

    goal: int
    side: int


@attrs.define(slots=True)
class Bird:
    """A bird on a mat, with what lies on it."""

    card: int
    eggs: int = 0
    tucked: list[int] = attrs.Factory(list)
    cached: list[int] = attrs.Factory(list)  # per food of the ruleset; empty where nothing is cached
    pink_used: bool = False  # classic: its pink power has answered since its owner's last turn
    # classic, 004's reading: discarded birds cached when a food's tokens ran out (shared on copy)
    stand_ins: tuple[int, ...] = ()

    def copy(self) -> Bird:
        return Bird(self.card, self.eggs, self.tucked[:], self.cached[:], self.pink_used, self.stand_ins)


# ---- frames -------------------------------------------------------------------------------

FRAME_TYPES: dict[str, type[Frame]] = {}
F = TypeVar("F", bound="type[Frame]")


@overload
def frame(cls: F, /) -> F: ...
@overload
def frame(kind: str, /) -> Callable[[F], F]: ...
def frame(given: F | str, /) -> F | Callable[[F], F]:
    """Register a frame class under its ``kind`` (the name saved games use): ``@frame`` over a
    class that sets ``kind: ClassVar[str] = "..."``, or ``@frame("...")``, which sets it (the
    form of a module compiled by mypyc, where attrs would read the ``ClassVar`` as a field)."""
    if isinstance(given, str):
        kind = given

        def register(cls: F) -> F:
            cls.kind = kind
            return frame(cls)

        return register
    cls = given
    if FRAME_TYPES.get(cls.kind, cls) is not cls:
        raise ValueError(f"two frame classes are called '{cls.kind}'")
    FRAME_TYPES[cls.kind] = cls
    return cls


@attrs.define(slots=True)
class Frame:
    """One step of the game waiting to run.  ``player`` decides in it."""

    kind: ClassVar[str] = "frame"
    player: int

    def copy(self) -> Frame:
        # frames hold numbers, places and short lists: a field-by-field copy, lists copied
        values = [v[:] if isinstance(v, list) else v for v in attrs.astuple(self, recurse=False)]
        return type(self)(*values)  # type: ignore[arg-type]  # the fields of this very class, in order


@attrs.define(slots=True)
class PowerFrame(Frame):
    """A frame running one node of a power (or of an action the ruleset writes as IR).

    ``card`` is the card whose power runs (``ACTION``: the turn's own action, the node is
    the ruleset's ``action_nodes[path[0]]``); ``path`` leads from the power's root to the
    node; ``owner`` is the player whose bird it is and ``host`` that bird's place (tucks and
    caches go there); ``optional``: the power has not been accepted yet.
    """

    kind: ClassVar[str] = "power"
    card: int = -1
    path: tuple[int, ...] = ()
    owner: int = -1
    host: Place = NOWHERE
    optional: bool = False


ACTION = -1  # PowerFrame.card of an action's own node



# ---- what every ruleset's state has -------------------------------------------------------
# The engine's frame loop and the power families serve every ruleset, so they read a state
# through these protocols (``Rules`` is generic over its state type, bound by ``CoreState``):
# mypy checks every such read, and a ruleset's own code reads its own state class.


class CoreSeat(Protocol):
    """A seat as every ruleset has it: birds in rows (one per habitat) and a hand."""

    @property
    def rows(self) -> list[list[Bird]]: ...

    @property
    def hand(self) -> list[int]: ...


class CoreState(Protocol):
    """A game's state as every ruleset has it."""

    @property
    def seats(self) -> Sequence[CoreSeat]: ...

    @property
    def discard(self) -> list[int]: ...  # the discard pile

    @property
    def stack(self) -> list[Frame]: ...  # the frames still to run, the top last

    first: int  # the first player of the round
    current: int  # whose turn it is
    over: bool
    steps: int  # answers given by players
    rng: Chance

    def copy(self) -> Self: ...

    def to_compare(self) -> tuple[object, ...]: ...
