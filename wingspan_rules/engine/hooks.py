"""The world hooks the one interpreter calls: where things are in a game.

A ruleset fills the hooks its cards use.  A hook a ruleset does not fill says so when
called: its card language has no phrase that would reach it (the Pocket vocabulary has no
feeder phrase, the classic one no copy phrase), so reaching it is a bug, not a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NoReturn

if TYPE_CHECKING:
    from .. import ir
    from ..actions import Action
    from ..verdict import Violation
    from .state import Place, PowerFrame


def _missing(name: str) -> NoReturn:
    raise NotImplementedError(f"this ruleset has no '{name}': its card language cannot reach it")


class FeederHooks:
    """Food from dice in a feeder, tokens in a supply, food cached on birds (classic)."""



















    def most_egg_cost(self) -> int:
        """The most eggs any place of the mat costs (a play 'without egg cost' is that much cheaper)."""
        _missing("most_egg_cost")




class CardHooks:
    """Where cards come from and go: decks, face-up cards, bonus cards."""






















    def measure_count(self, player: int, measure: ir.Measure) -> int:
        """What a goal-style measure counts on a player's mat now."""
        _missing("measure_count")






class BirdHooks:
    """Birds moving, playing, sharing and copying."""

    def move_targets(self, player: int, host: Place) -> list[str]:
        _missing("move_targets")

    def playable(self, player: int, egg_discount: int = 0) -> list[Action]:
        _missing("playable")

    def start_play(self, player: int, name: str, habitat: str, egg_discount: int = 0) -> None:
        _missing("start_play")

    def refuse_play(self, player: int, habitat: str, name: str) -> list[Violation]:
        """Why the bird ``name`` cannot be played into ``habitat`` now (not in hand, a habitat
        it cannot live in, a full row, the eggs or the food of its cost)."""
        _missing("refuse_play")



    def copy_candidates(self, f: PowerFrame, colour: str, first_only: bool = False) -> list[int]:
        _missing("copy_candidates")

    def neighbour_copies(self, f: PowerFrame, node: ir.Copy) -> list[int]:
        """The birds of a neighbour's row whose power of the copied colour could do something
        for ``f``'s player (never another copy power)."""
        _missing("neighbour_copies")


class WorldHooks(FeederHooks, CardHooks, BirdHooks):
    """Every hook the interpreter may call besides those ``Rules`` itself defines."""
