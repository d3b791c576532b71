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
    from .state import Bird, Place, PowerFrame


def _missing(name: str) -> NoReturn:
    raise NotImplementedError(f"this ruleset has no '{name}': its card language cannot reach it")


class FeederHooks:
    """Food from dice in a feeder, tokens in a supply, food cached on birds (classic)."""

    def feeder_choices(self, mask: int) -> list[Action]:
        """'take FOOD' (and 'take-split FOOD') for the foods the feeder shows within ``mask``."""
        _missing("feeder_choices")

    def feeder_has(self, mask: int) -> bool:
        """Does some die in the feeder show a food of ``mask`` (without refilling it)?"""
        _missing("feeder_has")

    def can_reroll(self) -> bool:
        _missing("can_reroll")

    def reroll(self) -> None:
        _missing("reroll")

    def food_spent_on_power(self, f: PowerFrame, action: Action) -> str:
        """A food was given up for a power (the food it names, or any food): rulesets that keep
        what was spent (nectar, where it is kept per row) note it.  Where it went, for the record: "the supply",
        or the habitat whose spent-nectar space took it."""
        return "the supply"

    def reset_feeder(self) -> None:
        """Take every die out of the feeder and roll them all."""
        _missing("reset_feeder")

    def take_die(self, food: int, refill: bool = True, split: bool = False) -> None:
        _missing("take_die")

    def refill_feeder_if_empty(self) -> None:
        _missing("refill_feeder_if_empty")

    def single_food(self, mask: int) -> int:
        """The food a mask names if it names exactly one, else -1."""
        _missing("single_food")

    def cache(self, bird: Bird, food: int, count: int = 1, source: str = "the supply") -> None:
        """Cache food on a bird: from the supply, or ("their food") the food its player just gained."""
        _missing("cache")

    def feeder_dice(self) -> list[int]:
        """The faces of the dice in the feeder (the state's own list: taking a die removes it)."""
        _missing("feeder_dice")

    def dice_outside(self) -> int:
        _missing("dice_outside")

    def roll(self, count: int) -> list[int]:
        _missing("roll")

    def face_mask(self, face: int) -> int:
        _missing("face_mask")

    def face_label(self, face: int) -> str:
        """A die face as an action names it ("nectar/seed")."""
        _missing("face_label")

    def look_cards(self, source: str, count: int) -> list[int]:
        """Take ``count`` cards from ``source`` ("deck" or "discard", shuffled) to look at."""
        _missing("look_cards")

    def can_look(self, source: str) -> bool:
        """Is there a card to look at in ``source``?"""
        return False

    def spend_food(self, player: int, food: int, habitat: int) -> None:
        """A food paid from a player's supply for something done in row ``habitat``."""
        _missing("spend_food")

    def most_egg_cost(self) -> int:
        """The most eggs any place of the mat costs (a play 'without egg cost' is that much cheaper)."""
        _missing("most_egg_cost")

    def hand_cards(self, player: int) -> list[int]:
        """A player's hand of cards (the list itself: a power may change it)."""
        _missing("hand_cards")

    def food_held(self, player: int) -> list[int]:
        """The player's food tokens, per food (classic)."""
        _missing("food_held")


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
