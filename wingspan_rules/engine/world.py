"""The parts of a game's world that the one interpreter reaches: the feeder, the supply, ...

Each part is an object with no state of its own, one per ruleset class (a class attribute of
``Rules``: ``Rules.feeder``), whose methods take the game they act on first:
``g.feeder.take(g, food)``.  What a part reads and changes is the game's state, so a copy of a
game shares its parts and copying costs nothing more.  A ruleset composes the parts it plays
with (``classic/world.py``, composed by ``classic/__init__.py``), and a ruleset that extends
another subclasses only the parts it changes (an expansion's supply that keeps what was spent).

A part a ruleset does not have raises when it is reached: the ruleset's card language has no
phrase that would reach it (the Pocket vocabulary has no feeder phrase, the classic one no
copy phrase), so reaching it is a bug, not a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, Generic, NoReturn, TypeVar

if TYPE_CHECKING:
    from ..actions import Action
    from .state import Bird, PowerFrame

R = TypeVar("R")  # the ruleset a part serves (``ClassicFeeder`` is a ``Feeder[ClassicRules]``)


class Part(Generic[R]):
    """A part of the world: stateless, shared by every game of its ruleset."""

    __slots__ = ()
    what: ClassVar[str] = "part"  # the part in words, for the error of a ruleset without it

    def missing(self, step: str) -> NoReturn:
        raise NotImplementedError(f"this ruleset has no {self.what} ('{step}'): its card language cannot reach it")


class Feeder(Part[R]):
    """The birdfeeder: dice rolled into it, taken out one by one (classic)."""

    __slots__ = ()
    what = "birdfeeder"

    def choices(self, g: R, mask: int) -> list[Action]:
        """'take FOOD' (and 'take-split FOOD') for the foods the feeder shows within ``mask``."""
        self.missing("choices")

    def has(self, g: R, mask: int) -> bool:
        """Does some die in the feeder show a food of ``mask`` (without refilling it)?"""
        self.missing("has")

    def can_reroll(self, g: R) -> bool:
        self.missing("can_reroll")

    def reroll(self, g: R) -> None:
        self.missing("reroll")

    def reset(self, g: R) -> None:
        """Take every die out of the feeder and roll them all."""
        self.missing("reset")

    def take(self, g: R, food: int, refill: bool = True, split: bool = False) -> None:
        self.missing("take")

    def refill_if_empty(self, g: R) -> None:
        self.missing("refill_if_empty")

    def dice(self, g: R) -> list[int]:
        """The faces of the dice in the feeder (the state's own list: taking a die removes it)."""
        self.missing("dice")

    def outside(self, g: R) -> int:
        self.missing("outside")

    def roll(self, g: R, count: int) -> list[int]:
        self.missing("roll")

    def face_mask(self, g: R, face: int) -> int:
        self.missing("face_mask")

    def face_label(self, g: R, face: int) -> str:
        """A die face as an action names it ("nectar/seed")."""
        self.missing("face_label")


class Supply(Part[R]):
    """The food a player holds and pays, and food cached on birds."""

    __slots__ = ()
    what = "food supply"

    def spent_on_power(self, g: R, f: PowerFrame, action: Action) -> str:
        """A food was given up for a power (the food it names, or any food): rulesets that keep
        what was spent (nectar, where it is kept per row) note it.  Where it went, for the record: "the supply",
        or the habitat whose spent-nectar space took it."""
        return "the supply"

    def one_food(self, g: R, mask: int) -> int:
        """The food a mask names if it names exactly one, else -1."""
        return mask.bit_length() - 1 if mask and not mask & (mask - 1) else -1

    def cache(self, g: R, bird: Bird, food: int, count: int = 1, source: str = "the supply") -> None:
        """Cache food on a bird: from the supply, or ("their food") the food its player just gained."""
        self.missing("cache")

    def spend(self, g: R, player: int, food: int, habitat: int) -> None:
        """A food paid from a player's supply for something done in row ``habitat``."""
        self.missing("spend")

    def held(self, g: R, player: int) -> list[int]:
        """The player's food tokens, per food (classic)."""
        self.missing("held")
