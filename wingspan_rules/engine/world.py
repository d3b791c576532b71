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

from .._mypyc import mypyc_attr
from ..actions import Action
from ..events import AUTO, DISCARD, EGG, EGG_OFF, PASSED, POWER, TUCK
from ..i18n import N_
from .registry import NODE_HANDLERS, Telling
from .state import PLACES, CoreState, Frame, Place, PowerFrame

if TYPE_CHECKING:
    from .. import ir
    from ..cards import Card
    from ..verdict import Violation
    from .state import Bird

R = TypeVar("R")  # the ruleset a part serves (``ClassicFeeder`` is a ``Feeder[ClassicRules]``)

# The places of the cards a seat has not seen (``unseen``): (the list a card lies in, its
# index, what the seat knows of it: "bird" nothing, "bonus" that it is a bonus card, or
# "kind:FOOD" the food side it shows), for ``Game.determinize`` to redeal.
Unseen = list[tuple[list[int], int, str]]


@mypyc_attr(allow_interpreted_subclasses=True)
class Part(Generic[R]):
    """A part of the world: stateless, shared by every game of its ruleset."""

    __slots__ = ()
    what: ClassVar[str] = "part"  # the part in words, for the error of a ruleset without it

    def missing(self, step: str) -> NoReturn:
        raise NotImplementedError(f"this ruleset has no {self.what} ('{step}'): its card language cannot reach it")


class CoreGame(Protocol):
    """What the parts that serve every ruleset (the deck's, the mat's) read of the game they act
    on (``engine.rules.Rules`` is one): its state, its deck, and the record being kept."""

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
    source: int  # the card whose power's frame is being run, while recording (``Recorder.note``)

    @property
    def recorder(self) -> Recorder[Any]: ...

    def actor(self) -> int: ...  # the player deciding in the frame on top


B = TypeVar("B", bound=CoreGame)


class Recording(CoreGame, Protocol):
    """What the recorder reads besides: the IR node each power frame runs, and the words and
    rules of a power passed over."""

    @property
    def IDLE_RULES(self) -> dict[str, str]: ...  # (a class constant of the engine)
    @property
    def _idle_words(self) -> dict[type, tuple[str, str]]: ...
    @property
    def _nodes(self) -> dict[tuple[int, tuple[int, ...]], ir.Effect]: ...

    def node(self, f: PowerFrame) -> ir.Effect: ...


G = TypeVar("G", bound=Recording)


def accepted(f: Frame, answer: Action) -> bool:
    """Does ``answer`` take up the bird's power that ``f`` offers (the record notes it used)?"""
    return isinstance(f, PowerFrame) and f.optional and f.card >= 0 and not f.path and answer.verb != "skip"


@mypyc_attr(allow_interpreted_subclasses=True)
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


@mypyc_attr(allow_interpreted_subclasses=True)
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


@mypyc_attr(allow_interpreted_subclasses=True)
class Deck(Part[B]):
    """Where cards are drawn from and looked at: the deck, the face-up cards (the tray in
    classic, Pocket's face-up birds and food decks) and the discard pile."""

    __slots__ = ()
    what = "deck"

    # the verbs of the cards a draw offers (``offers``): the tray's and the deck's top
    verbs: ClassVar[frozenset[str]] = frozenset({"take-bird", "take-deck"})
    # the verbs of the choices ``extras`` offers (a draw asks ``extra`` only for these)
    extra_verbs: ClassVar[frozenset[str]] = frozenset()
    # where a face-up card a draw takes goes from and to, in words ("take X from ...")
    face_up_called: ClassVar[str] = N_("from the face-up cards into your hand")

    def extra_words(self, t: Telling, a: Action) -> str | None:
        """What one of the choices ``extras`` offers does, in words (the prompts ask)."""
        return None

    def unseen(self, g: B, seat: int) -> Unseen:
        """The cards of the decks (and any face-down pile) that ``seat`` has not seen."""
        return []

    def can_look(self, g: B, source: str) -> bool:
        """Is there a card to look at in ``source``?"""
        return False

    def look(self, g: B, source: str, count: int) -> list[int]:
        """Take ``count`` cards from ``source`` ("deck" or "discard", shuffled) to look at."""
        self.missing("look")

    def can_reveal(self, g: B) -> bool:
        """Is there a face-down card to reveal (hunt, tuck from the deck)?"""
        self.missing("can_reveal")

    def reveal(self, g: B) -> int | None:
        self.missing("reveal")

    def hunt_offers(self, g: B) -> list[Action] | None:
        """The hunt's choices (Pocket: which deck), or None when the deck's top is taken."""
        self.missing("hunt_offers")

    def hunt_reveal(self, g: B, a: Action | None) -> int | None:
        self.missing("hunt_reveal")

    def after_hunt(self, g: B, a: Action | None) -> None:
        self.missing("after_hunt")

    def face_up_count(self, g: B) -> int:
        self.missing("face_up_count")

    def extras(self, g: B, f: PowerFrame) -> list[Action]:
        """Choices a draw offers besides cards (Pocket's supply reset in the nest action)."""
        return []

    def extra(self, g: B, f: PowerFrame, a: Action) -> bool:
        """Do an extra choice; False if ``a`` is not one."""
        return False

    def refreshes(self, g: B) -> list[Action]:
        """Ways to renew the tray before a draw that allows it ('may reset or refill first')."""
        return []

    def refresh(self, g: B, a: Action) -> None:
        """Do one of ``refreshes``."""
        self.missing("refresh")

    def take(self, g: B, f: PowerFrame, a: Action, lock: int) -> int:
        """Take the card an offer names into the hand; the draw's new source lock."""
        self.missing("take")

    def take_offered(self, g: B, a: Action) -> int | None:
        """The card a draw offer names, taken from where it lies."""
        self.missing("take_offered")

    def offers(self, g: B, f: PowerFrame, node: ir.Draw, lock: int) -> list[Action]:
        """The cards a draw may take now, as actions."""
        self.missing("offers")

    def possible(self, g: B, f: PowerFrame, node: ir.Draw) -> bool:
        """Is there a card the draw may take now?  (A ruleset may answer faster than listing.)"""
        return bool(self.offers(g, f, node, 0))

    def can_draw_any(self, g: B) -> bool:
        self.missing("can_draw_any")

    def tray_cards(self, g: B, what: ir.Filter) -> list[int]:
        """The face-up birds of the tray that ``what`` accepts."""
        self.missing("tray_cards")

    def take_from_tray(self, g: B, name: str) -> int:
        """Take a face-up bird out of the tray (it is refilled at the end of the turn)."""
        self.missing("take_from_tray")

    def refill(self, g: B) -> None:
        """Deal a card into every empty face-up place (the end of a turn)."""
        self.missing("refill")

    def reset(self, g: B) -> None:
        """Discard the face-up cards and deal them anew (a mat's reset)."""
        self.missing("reset")

    def one_deck_choices(self, g: B, node: ir.AllPlayers) -> list[Action]:
        self.missing("one_deck_choices")

    def draw_from_one_deck(self, g: B, node: ir.AllPlayers, deck: int, first: int) -> None:
        self.missing("draw_from_one_deck")

    def discard(self, g: B, card: int, source: str = "") -> None:
        """A card onto the discard pile; ``source`` says from where, for the record (empty:
        the caller notes it), and every seat sees it (the discard pile is face up)."""
        g.state.discard.append(card)
        if source and g.log is not None:  # (a food card of Pocket's reserve or decks shows its food side only)
            g.recorder.note(g, DISCARD, g.actor(), card, None if source.startswith(("the reserve", "deck ")) else True, source)

    def refuse_take(self, g: B, f: PowerFrame, node: ir.Effect, a: Action) -> list[Violation] | None:
        """Why a card a draw step does not offer is refused (``a`` names a face-up card, a deck
        or a reset of the face-up cards), in this ruleset's words of where cards lie: empty when
        it sees nothing wrong, None where it has no words and the ruleset's general ones apply."""
        return None


@mypyc_attr(allow_interpreted_subclasses=True)
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

    def unseen(self, g: R, seat: int) -> Unseen:
        """The bonus cards ``seat`` has not seen: the bonus deck's, other players'."""
        return []


@mypyc_attr(allow_interpreted_subclasses=True)
class Hand(Part[R]):
    """What a player holds to give up for a power: a hand of cards (and, where food is
    paid from it, food)."""

    __slots__ = ()
    what = "hand"
    called: ClassVar[str] = N_("your hand")  # the hand in words ("discard X from your hand")
    food_called: ClassVar[str] = ""  # what a food paid from it is, after its name ("pay 1 seed")

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

    def unseen(self, g: R, seat: int) -> Unseen:
        """The cards held by other players that ``seat`` has not seen."""
        return []

    def refuse_give(self, g: R, f: PowerFrame, node: ir.Effect, a: Action) -> list[Violation] | None:
        """Why a card or food a power's step does not take from the hand is refused ('tuck X',
        'discard X'), in this ruleset's words of what a hand holds: empty when it sees nothing
        wrong, None where it has no words and the ruleset's general ones apply."""
        return None


@mypyc_attr(allow_interpreted_subclasses=True)
class Recorder(Part[G]):
    """The record of a game as raw events (``events.make`` reads them), noted while the game's
    ``log`` is a list (a Game that records); a scratch copy's log is None and notes nothing."""

    __slots__ = ()
    what = "recorder"

    def note(self, g: G, kind: str, player: int, *facts: Any) -> None:
        """Note an event, credited to the power whose frame is being run (``source``)."""
        log = g.log
        if log is not None:
            log.append((kind, player, g.source) + facts)  # (cheaper than a starred tuple display)

    def noting(self, g: G, f: Frame, action: Action) -> None:
        """The game answers ``f`` on its own with its only option: note that answer (and a
        power accepted that way); what follows is credited to ``f``'s power."""
        log = g.log
        assert log is not None
        if isinstance(f, PowerFrame):
            g.source = f.card
            log.append((AUTO, f.player, f.card, action))
            if accepted(f, action):
                log.append((POWER, f.owner, f.card))
        else:
            g.source = -1
            log.append((AUTO, f.player, -1, action))

    def passed(self, g: G, f: Frame, node: ir.Effect | None = None) -> None:
        """A power (or a part of one) that could do nothing was passed over: note why
        (``node``: the node ``f`` runs, when the caller has it at hand)."""
        log = g.log
        if log is None or not isinstance(f, PowerFrame) or f.card < 0:
            return
        if node is None:
            node = g._nodes.get((f.card, f.path))
            if node is None:
                node = g.node(f)
        words = g._idle_words.get(node.__class__)
        if words is None:  # a reason that reads the position
            reason, topic = NODE_HANDLERS[node.__class__].idle(g, f, node)
            words = reason, g.IDLE_RULES.get(topic, "core.forced")
        # (``f.player``: a part of an all-players power runs for each player in turn)
        log.append((PASSED, f.player, f.card, "whole" if not f.path else "part") + words)

    def opening(self, g: G) -> None:
        """A new game's record starts with the table as dealt (the face-up cards, the feeder):
        the ruleset notes it here, once, before the first decision."""


@mypyc_attr(allow_interpreted_subclasses=True)
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
            g.recorder.note(g, EGG_OFF, player, g._names[bird.card])

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

    def tuck(self, g: B, bird: Bird, card: int, source: str) -> None:
        """Tuck ``card`` under ``bird``; ``source`` says from where, for the record ("hand",
        "the deck", "the tray", "a hunt", "the cards looked at")."""
        bird.tucked.append(card)
        if g.log is not None:
            # who sees which card: a face-up one everyone, one from a hand its owner, one from the deck nobody
            seen = True if source in ("the tray", "a hunt") else False if source in ("hand", "the cards looked at") else None
            g.recorder.note(g, TUCK, g.actor(), card, seen, g._names[bird.card], source)

    def unseen(self, g: B, seat: int) -> Unseen:
        """The cards on the mats that ``seat`` has not seen: those tucked under birds (a tucked
        card lies face down; which one it is stays its owner's, or nobody's)."""
        return [(bird.tucked, i, "bird") for s in g.state.seats for row in s.rows for bird in row for i in range(len(bird.tucked))]

    def refuse_egg(self, g: B, f: PowerFrame, node: ir.LayEgg, a: Action) -> list[Violation] | None:
        """Why an egg a lay step does not offer is refused ('egg NAME'), in this ruleset's words
        of its mat: empty when it sees nothing wrong, None where it has no words."""
        return None

    def refuse_egg_taken(self, g: B, f: PowerFrame, node: ir.DiscardEgg, a: Action) -> list[Violation] | None:
        """Why an egg a power's cost does not take is refused ('discard-egg NAME'); None: no words."""
        return None

    def refuse_copy(self, g: B, f: Frame, a: Action) -> list[Violation] | None:
        """Why a bird a copy does not offer is refused ('copy NAME'; ``f`` a copy power's frame or
        a ruleset's own copying frame); None: no words."""
        return None
