"""The world hooks the one interpreter calls: where things are in a game.

A ruleset fills the hooks its cards use.  A hook a ruleset does not fill says so when
called: its card language has no phrase that would reach it (the Pocket vocabulary has no
feeder phrase, the classic one no copy phrase), so reaching it is a bug, not a rule.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar, NoReturn

if TYPE_CHECKING:
    from .. import ir
    from ..actions import Action
    from ..verdict import Violation
    from .state import Place, PowerFrame


def _missing(name: str) -> NoReturn:
    raise NotImplementedError(f"this ruleset has no '{name}': its card language cannot reach it")


class FeederHooks:
    """Food from dice in a feeder, tokens in a supply, food cached on birds (classic)."""
















    def look_cards(self, source: str, count: int) -> list[int]:
        """Take ``count`` cards from ``source`` ("deck" or "discard", shuffled) to look at."""
        _missing("look_cards")

    def can_look(self, source: str) -> bool:
        """Is there a card to look at in ``source``?"""
        return False


    def most_egg_cost(self) -> int:
        """The most eggs any place of the mat costs (a play 'without egg cost' is that much cheaper)."""
        _missing("most_egg_cost")

    def hand_cards(self, player: int) -> list[int]:
        """A player's hand of cards (the list itself: a power may change it)."""
        _missing("hand_cards")



class CardHooks:
    """Where cards come from and go: decks, face-up cards, bonus cards."""

    def can_reveal(self) -> bool:
        """Is there a face-down card to reveal (hunt, tuck from the deck)?"""
        _missing("can_reveal")

    def reveal(self) -> int | None:
        _missing("reveal")

    def hunt_offers(self) -> list[Action] | None:
        """The hunt's choices (Pocket: which deck), or None when the deck's top is taken."""
        _missing("hunt_offers")

    def hunt_reveal(self, a: Action | None) -> int | None:
        _missing("hunt_reveal")

    def after_hunt(self, a: Action | None) -> None:
        _missing("after_hunt")

    def face_up_count(self) -> int:
        _missing("face_up_count")

    def draw_extras(self, f: PowerFrame) -> list[Action]:
        """Choices a draw offers besides cards (Pocket's supply reset in the nest action)."""
        return []

    # the verbs of the choices ``draw_extras`` offers (a draw asks ``draw_extra`` only for these)
    draw_extra_verbs: ClassVar[frozenset[str]] = frozenset()
    # the verbs of the cards a draw offers (``draw_offers``): the tray's and the deck's top
    draw_verbs: ClassVar[frozenset[str]] = frozenset({"take-bird", "take-deck"})

    def draw_extra(self, f: PowerFrame, a: Action) -> bool:
        """Do an extra choice; False if ``a`` is not one."""
        return False

    def tray_refreshes(self) -> list[Action]:
        """Ways to renew the tray before a draw that allows it ('may reset or refill first')."""
        return []

    def refresh_tray(self, a: Action) -> None:
        """Do one of ``tray_refreshes``."""
        _missing("refresh_tray")

    def draw_take(self, f: PowerFrame, a: Action, lock: int) -> int:
        """Take the card an offer names into the hand; the draw's new source lock."""
        _missing("draw_take")

    def take_offered(self, a: Action) -> int | None:
        """The card a draw offer names, taken from where it lies."""
        _missing("take_offered")

    def owe_discard(self, player: int, count: int) -> None:
        _missing("owe_discard")

    def can_draw_bonus(self) -> bool:
        _missing("can_draw_bonus")

    def bonus_left(self) -> int:
        """How many bonus cards may still be drawn (the deck and what would be shuffled into it)."""
        _missing("bonus_left")

    def draw_bonus(self) -> int | None:
        _missing("draw_bonus")

    def bonus_name(self, bonus: int) -> str:
        _missing("bonus_name")

    def bonus_id(self, name: str) -> int:
        _missing("bonus_id")

    def discard_bonus(self, player: int, bonus: int) -> None:
        _missing("discard_bonus")

    def take_bonus(self, player: int, bonus: int, source: str = "the bonus deck") -> None:
        _missing("take_bonus")

    def measure_count(self, player: int, measure: ir.Measure) -> int:
        """What a goal-style measure counts on a player's mat now."""
        _missing("measure_count")

    def tray_cards(self, what: ir.Filter) -> list[int]:
        """The face-up birds of the tray that ``what`` accepts."""
        _missing("tray_cards")

    def take_from_tray(self, name: str) -> int:
        """Take a face-up bird out of the tray (it is refilled at the end of the turn)."""
        _missing("take_from_tray")

    def bonus_held(self, player: int) -> list[int]:
        """A player's bonus cards."""
        _missing("bonus_held")

    def bonus_discards(self) -> list[int]:
        """The bonus discard pile (a power may search it)."""
        _missing("bonus_discards")


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

    def one_deck_choices(self, node: ir.AllPlayers) -> list[Action]:
        _missing("one_deck_choices")

    def draw_from_one_deck(self, node: ir.AllPlayers, deck: int, first: int) -> None:
        _missing("draw_from_one_deck")

    def copy_candidates(self, f: PowerFrame, colour: str, first_only: bool = False) -> list[int]:
        _missing("copy_candidates")

    def neighbour_copies(self, f: PowerFrame, node: ir.Copy) -> list[int]:
        """The birds of a neighbour's row whose power of the copied colour could do something
        for ``f``'s player (never another copy power)."""
        _missing("neighbour_copies")


class WorldHooks(FeederHooks, CardHooks, BirdHooks):
    """Every hook the interpreter may call besides those ``Rules`` itself defines."""
