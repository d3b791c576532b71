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

from typing import TYPE_CHECKING, Any, ClassVar, Generic, NoReturn, Protocol, TypeVar

from ..actions import Action
from ..events import EGG, EGG_OFF
from .state import PLACES, CoreState, Place

if TYPE_CHECKING:
    from .. import ir
    from ..cards import Card
    from ..verdict import Violation
    from .state import Bird, Frame, PowerFrame

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


class Deck(Part[R]):
    """Where cards are drawn from and looked at: the deck, the face-up cards (the tray in
    classic, Pocket's face-up birds and food decks) and the discard pile."""

    __slots__ = ()
    what = "deck"

    # the verbs of the cards a draw offers (``offers``): the tray's and the deck's top
    verbs: ClassVar[frozenset[str]] = frozenset({"take-bird", "take-deck"})
    # the verbs of the choices ``extras`` offers (a draw asks ``extra`` only for these)
    extra_verbs: ClassVar[frozenset[str]] = frozenset()

    def can_look(self, g: R, source: str) -> bool:
        """Is there a card to look at in ``source``?"""
        return False

    def look(self, g: R, source: str, count: int) -> list[int]:
        """Take ``count`` cards from ``source`` ("deck" or "discard", shuffled) to look at."""
        self.missing("look")

    def can_reveal(self, g: R) -> bool:
        """Is there a face-down card to reveal (hunt, tuck from the deck)?"""
        self.missing("can_reveal")

    def reveal(self, g: R) -> int | None:
        self.missing("reveal")

    def hunt_offers(self, g: R) -> list[Action] | None:
        """The hunt's choices (Pocket: which deck), or None when the deck's top is taken."""
        self.missing("hunt_offers")

    def hunt_reveal(self, g: R, a: Action | None) -> int | None:
        self.missing("hunt_reveal")

    def after_hunt(self, g: R, a: Action | None) -> None:
        self.missing("after_hunt")

    def face_up_count(self, g: R) -> int:
        self.missing("face_up_count")

    def extras(self, g: R, f: PowerFrame) -> list[Action]:
        """Choices a draw offers besides cards (Pocket's supply reset in the nest action)."""
        return []

    def extra(self, g: R, f: PowerFrame, a: Action) -> bool:
        """Do an extra choice; False if ``a`` is not one."""
        return False

    def refreshes(self, g: R) -> list[Action]:
        """Ways to renew the tray before a draw that allows it ('may reset or refill first')."""
        return []

    def refresh(self, g: R, a: Action) -> None:
        """Do one of ``refreshes``."""
        self.missing("refresh")

    def take(self, g: R, f: PowerFrame, a: Action, lock: int) -> int:
        """Take the card an offer names into the hand; the draw's new source lock."""
        self.missing("take")

    def take_offered(self, g: R, a: Action) -> int | None:
        """The card a draw offer names, taken from where it lies."""
        self.missing("take_offered")

    def offers(self, g: R, f: PowerFrame, node: ir.Draw, lock: int) -> list[Action]:
        """The cards a draw may take now, as actions."""
        self.missing("offers")

    def possible(self, g: R, f: PowerFrame, node: ir.Draw) -> bool:
        """Is there a card the draw may take now?  (A ruleset may answer faster than listing.)"""
        return bool(self.offers(g, f, node, 0))

    def can_draw_any(self, g: R) -> bool:
        self.missing("can_draw_any")

    def tray_cards(self, g: R, what: ir.Filter) -> list[int]:
        """The face-up birds of the tray that ``what`` accepts."""
        self.missing("tray_cards")

    def take_from_tray(self, g: R, name: str) -> int:
        """Take a face-up bird out of the tray (it is refilled at the end of the turn)."""
        self.missing("take_from_tray")

    def refill(self, g: R) -> None:
        """Deal a card into every empty face-up place (the end of a turn)."""
        self.missing("refill")

    def reset(self, g: R) -> None:
        """Discard the face-up cards and deal them anew (a mat's reset)."""
        self.missing("reset")

    def one_deck_choices(self, g: R, node: ir.AllPlayers) -> list[Action]:
        self.missing("one_deck_choices")

    def draw_from_one_deck(self, g: R, node: ir.AllPlayers, deck: int, first: int) -> None:
        self.missing("draw_from_one_deck")


class Bonus(Part[R]):
    """The bonus cards: their deck and discard pile, and those each player holds."""

    __slots__ = ()
    what = "bonus deck"

    def can_draw(self, g: R) -> bool:
        self.missing("can_draw")

    def left(self, g: R) -> int:
        """How many bonus cards may still be drawn (the deck and what would be shuffled into it)."""
        self.missing("left")

    def draw(self, g: R) -> int | None:
        self.missing("draw")

    def name(self, g: R, bonus: int) -> str:
        self.missing("name")

    def id_of(self, g: R, name: str) -> int:
        self.missing("id_of")

    def discard(self, g: R, player: int, bonus: int) -> None:
        self.missing("discard")

    def take(self, g: R, player: int, bonus: int, source: str = "the bonus deck") -> None:
        self.missing("take")

    def held(self, g: R, player: int) -> list[int]:
        """A player's bonus cards."""
        self.missing("held")

    def discards(self, g: R) -> list[int]:
        """The bonus discard pile (a power may search it)."""
        self.missing("discards")


class Hand(Part[R]):
    """What a player holds to give up for a power: a hand of cards (and, where food is
    paid from it, food)."""

    __slots__ = ()
    what = "hand"

    def cards(self, g: R, player: int) -> list[int]:
        """A player's hand of cards (the list itself: a power may change it)."""
        self.missing("cards")

    def offers(self, g: R, player: int, what: ir.Filter, verb: str) -> list[Action]:
        """Cards (or food, where food is paid) a player may give up for a power, as actions."""
        self.missing("offers")

    def take(self, g: R, player: int, action: Action) -> int:
        """Remove what an offer of ``offers`` names; the card id (-1 for a food token)."""
        self.missing("take")

    def owe_discard(self, g: R, player: int, count: int) -> None:
        self.missing("owe_discard")

    def can_give(self, g: R, player: int, what: ir.Filter) -> bool:
        """Has the player a card (or food) of this kind to give up for a power?"""
        return bool(self.offers(g, player, what, "give"))

    def source(self, g: R, action: Action) -> str:
        """Where a card an answer gives up from a hand comes from, for the record."""
        return "hand"

    def open(self, g: R) -> bool:
        """Does every seat see every hand (a card into or out of a hand is no secret)?"""
        return False


class CoreGame(Protocol):
    """What the board reads of the game it acts on, in every ruleset (``engine.rules.Rules``
    is one): its state, its deck, and the record being kept."""

    @property
    def state(self) -> CoreState: ...
    @property
    def cards(self) -> tuple[Card, ...]: ...  # the deck's cards by id
    @property
    def by_name(self) -> dict[str, int]: ...
    @property
    def _names(self) -> tuple[str, ...]: ...  # card names by id
    @property
    def log(self) -> list[tuple[Any, ...]] | None: ...
    @property
    def source(self) -> int: ...

    def note(self, kind: str, player: int, *facts: Any) -> None: ...


B = TypeVar("B", bound=CoreGame)


class Board(Part[B]):
    """A player's mat: the birds in its rows and what is on them, where eggs may go (Pocket's
    Nest holds eggs and is not a bird), and the birds that may be played, moved or copied."""

    __slots__ = ()
    what = "mat"

    def birds(self, g: B, player: int) -> list[tuple[Place, Bird]]:
        out = []
        for r, row in enumerate(g.state.seats[player].rows):
            for c, bird in enumerate(row):
                out.append((Place(r, c), bird))
        return out

    def bird_at(self, g: B, player: int, place: Place) -> Bird | None:
        rows: list[list[Bird]] = g.state.seats[player].rows
        if 0 <= place.row < len(rows) and 0 <= place.column < len(rows[place.row]):
            return rows[place.row][place.column]
        return None

    def find(self, g: B, player: int, name: str) -> Place:
        """The place of a bird (by name) on a player's mat; KeyError if it is not there."""
        cid = g.by_name.get(name, -2)
        for r, row in enumerate(g.state.seats[player].rows):
            for c, bird in enumerate(row):
                if bird.card == cid:
                    return PLACES[r][c] if r < 8 and c < 16 else Place(r, c)
        raise KeyError(name)

    def total_eggs(self, g: B, player: int) -> int:
        return sum(b.eggs for row in g.state.seats[player].rows for b in row)

    def holder_name(self, g: B, player: int, place: Place) -> str:
        bird = self.bird_at(g, player, place)
        return "nest" if bird is None else g.cards[bird.card].name

    def holder_place(self, g: B, player: int, name: str) -> Place:
        return self.find(g, player, name)

    def egg_room(self, g: B, player: int, nest: str | None = None, exclude: int = -1) -> list[Place]:
        """Where an egg can go: birds below their limit (of a nest kind, not card ``exclude``)."""
        out = []
        cards = g.cards
        for r, row in enumerate(g.state.seats[player].rows):
            for c, bird in enumerate(row):
                card = cards[bird.card]
                if bird.eggs < card.egg_limit and bird.card != exclude and (nest is None or card.nest in (nest, "wild")):
                    out.append(Place(r, c))
        return out

    def egg_offers(self, g: B, player: int, nest: str | None, exclude: int, skip: list[Place]) -> list[Action]:
        """'egg NAME' for each holder with room (of a nest, not card ``exclude``, not in ``skip``)."""
        return [Action("egg", self.holder_name(g, player, p)) for p in self.egg_room(g, player, nest, exclude) if p not in skip]

    def adjacent_places(self, g: B, player: int, host: Place) -> list[Place]:
        """The birds next to ``host`` on a player's mat: left and right in its row, and in the
        same column of the rows above and below."""
        rows = g.state.seats[player].rows
        out = []
        for r, c in ((host.row, host.column - 1), (host.row, host.column + 1), (host.row - 1, host.column), (host.row + 1, host.column)):
            if 0 <= r < len(rows) and 0 <= c < len(rows[r]):
                out.append(Place(r, c))
        return out

    def egg_sources(self, g: B, player: int, other_than: Place | None = None) -> list[Place]:
        return [p for p, b in self.birds(g, player) if b.eggs and p != other_than]

    def add_egg(self, g: B, player: int, place: Place) -> None:
        bird = self.bird_at(g, player, place)
        assert bird is not None
        bird.eggs += 1
        log = g.log
        if log is not None:  # (``note``, inline: eggs are among the commonest events)
            log.append((EGG, player, g.source, g._names[bird.card]))

    def remove_egg(self, g: B, player: int, place: Place) -> None:
        bird = self.bird_at(g, player, place)
        assert bird is not None
        bird.eggs -= 1
        if g.log is not None:
            g.note(EGG_OFF, player, g._names[bird.card])

    def host_bird(self, g: B, f: PowerFrame) -> Bird | None:
        return self.bird_at(g, f.owner, f.host)  # None off the rows (the Nest, no bird)

    def move_targets(self, g: B, player: int, host: Place) -> list[str]:
        self.missing("move_targets")

    def playable(self, g: B, player: int, egg_discount: int = 0) -> list[Action]:
        self.missing("playable")

    def start_play(self, g: B, player: int, name: str, habitat: str, egg_discount: int = 0, replace: bool = False) -> None:
        self.missing("start_play")

    def refuse_play(self, g: B, player: int, habitat: str, name: str) -> list[Violation]:
        """Why the bird ``name`` cannot be played into ``habitat`` now (not in hand, a habitat
        it cannot live in, a full row, the eggs or the food of its cost)."""
        self.missing("refuse_play")

    def copy_candidates(self, g: B, f: Frame, colour: str, first_only: bool = False) -> list[int]:
        self.missing("copy_candidates")

    def neighbour_copies(self, g: B, f: PowerFrame, node: ir.Copy) -> list[int]:
        """The birds of a neighbour's row whose power of the copied colour could do something
        for ``f``'s player (never another copy power)."""
        self.missing("neighbour_copies")

    def most_egg_cost(self, g: B) -> int:
        """The most eggs any place of the mat costs (a play 'without egg cost' is that much cheaper)."""
        self.missing("most_egg_cost")

    def measure(self, g: B, player: int, measure: ir.Measure) -> int:
        """What a goal-style measure counts on a player's mat now."""
        self.missing("measure")
