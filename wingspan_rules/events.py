"""What the game did: events, in order, as ``Game.apply`` returns them and the record keeps them.

The engine notes each event as a small tuple while it runs (``Recorder.note``: a few hundred per
game, no object made until read) and ``Events`` turns them into ``Event`` values on demand.
An event names a card a seat may not see (a card drawn from a deck, a card tucked from a
hand, a bonus card) in ``card`` with ``seen_by``; ``Event.seen_from(seat)`` blanks it for
everyone else, and ``describe`` then says "a card".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Protocol, overload

import attrs

from .scoring import ScoreSheet

# The kinds of event, and who may see the card an event names (see ``_SEEN``).
AUTO = "auto"  # an answer the game took itself: the decision's only option (``core.forced``)
POWER = "power"  # a bird's power starts (a pink power: between its owner's turns)
TRIGGER = "trigger"  # another player's action set off a pink power (it is then used, declined or passed over)
PASSED = "passed"  # a power, or a part of one, passed over: it could do nothing
ROLL = "roll"  # dice rolled (into the feeder, or a hunt's roll)
DIE = "die"  # a die taken from the feeder
HUNT = "hunt"  # a hunt that missed: the card revealed is discarded (one that caught is a tuck)
DRAW = "draw"  # a card into a hand (from the tray, a deck, another player's share)
BONUS = "bonus"  # a bonus card into a hand
EGG = "egg"  # an egg laid on a bird (or Pocket's nest)
CACHE = "cache"  # food cached on a bird
TUCK = "tuck"  # a card tucked under a bird
FOOD = "food"  # food gained from the supply
TRAY = "tray"  # cards dealt face up to the tray (or Pocket's face-up places)
GOAL = "goal"  # a round's goal scored
ROUND = "round"  # a round-end step
END = "end"  # the game is over
PAY = "pay"  # food paid back to the supply (a cost, a trade, a power), or nectar onto a row's spent-nectar space
EGG_OFF = "egg-off"  # an egg taken off a bird (or Pocket's nest): paid, or given up for a power
DISCARD = "discard"  # a card onto the discard pile (from a hand, the tray, a deck, the cards looked at ...)
BONUS_DISCARD = "bonus-discard"  # a bonus card onto the bonus discard pile
GIVE = "give"  # a food handed to another player
GIVE_CARD = "give-card"  # a card handed to another player (the two of them see it)
LOOK = "look"  # a card looked at by a power (seen by its player only, until it is kept or discarded)
SHARE = "share"  # a card set aside face up for the players to share
KEEP = "keep"  # a card dealt at setup kept (into the hand, or Pocket's reserve food side up)
PLAY = "play"  # a bird played from the hand onto the mat
REPLACE = "replace"  # a bird played in the place of another, which is discarded
MOVE = "move"  # a bird moved to another row
SHUFFLE = "shuffle"  # a pile shuffled into a deck (a deck run out, Pocket's deck rebuilt)
END_TRIGGERED = "end-triggered"  # Pocket: the game will end after this round of turns

ACTION = "action"  # a player's action (the record's own lines; ``apply`` returns what followed)
KINDS: tuple[str, ...] = (ACTION, AUTO, POWER, TRIGGER, PASSED, ROLL, DIE, HUNT, DRAW, BONUS, EGG, CACHE, TUCK, FOOD, TRAY, GOAL, ROUND, END)
KINDS += (PAY, EGG_OFF, DISCARD, BONUS_DISCARD, GIVE, GIVE_CARD, LOOK, SHARE, KEEP, PLAY, REPLACE, MOVE, SHUFFLE, END_TRIGGERED)
# kinds noted with a card: (kind, player, source, card id, who sees it, *facts)
CARD_KINDS = frozenset({DRAW, TUCK, BONUS, DISCARD, BONUS_DISCARD, GIVE_CARD, LOOK, SHARE, KEEP, PLAY, REPLACE})
_BONUS_KINDS = (BONUS, BONUS_DISCARD)

EVERYONE: tuple[int, ...] = (-1,)  # ``seen_by`` of a card every seat sees
END_OF_GAME = (END, -1, -1)  # noted when the game ends; the final scores are read when it is shown


@attrs.frozen(slots=True)
class Event:
    """One thing the game did.

    ``player``: whose it is (-1: the table's).  ``what``: the facts every seat sees, as text
    (names, foods, numbers).  ``power``: the bird whose power did it ("" for an action or a
    rule of the game).  ``card``: a card named only to ``seen_by`` ("" once blanked, or
    none).  ``rule``: the catalog id of the rule it follows, where the event is a ruling
    (a power passed over, a round-end step)."""

    kind: str
    player: int
    what: tuple[str, ...] = ()
    power: str = ""
    card: str = ""
    seen_by: tuple[int, ...] = EVERYONE
    rule: str = ""

    def visible_to(self, seat: int | None) -> bool:
        """May ``seat`` see ``card``?  (``None``: the whole record, every card shown.)"""
        return seat is None or self.seen_by == EVERYONE or seat in self.seen_by

    def seen_from(self, seat: int | None) -> Event:
        """The event as ``seat`` sees it: a card it may not see is blanked."""
        if not self.card or self.visible_to(seat):
            return self
        return attrs.evolve(self, card="")

    def describe(self, seat: int | None = None) -> str:
        """The event in words, as ``seat`` sees it (``None``: everything shown)."""
        return _words(self.seen_from(seat))

    def __str__(self) -> str:
        return self.describe()


def _who(player: int) -> str:
    return f"p{player}"


def _a_card(e: Event) -> str:
    return e.card or "a card"


def _amount(count: str, food: str) -> str:
    return food if count == "1" else f"{count} {food}"


def _words(e: Event) -> str:
    w, p = e.what, _who(e.player)
    by = f" ({e.power})" if e.power else ""
    k = e.kind
    if k in (ACTION, AUTO):
        answer = f"{w[0]} {e.card}" if e.card else w[0] + (" (not shown)" if e.seen_by != EVERYONE else "")
        return f"{p}: {answer}" if k == ACTION else f"{p}: {answer} (the only option){by}"
    if k == POWER:
        return f"{p}: {e.power}'s {w[0]} power is used" if w and w[0] == "pink" else f"{p}: {e.power}'s power is used"
    if k == TRIGGER:
        return f"{e.power} ({p}): its pink power answers p{w[0]}, who {w[1]}"
    if k == PASSED:
        if w[0] == "whole":
            return f"{e.power}: passed over, {w[1]} [{e.rule}]"
        return f"{e.power}: a part of its power is passed over for {p}, {w[1]} [{e.rule}]"  # (a step it reached)
    if k == ROLL:
        where = "the feeder is rolled" if w[0] == "feeder" else f"{p} rolls"
        return f"{where}: {', '.join(w[1:])}{by}"
    if k == DIE:
        gained = "" if w[1:] == w[:1] else f", for {' and '.join(w[1:])}" if w[1:] else ", for nothing"
        return f"{p} takes a die showing {w[0]} from the feeder{gained}{by}"
    if k == HUNT:
        return f"{p} reveals {w[0]}: the hunt misses and the card is discarded{by}"
    if k == DRAW:
        return f"{p} draws {_a_card(e)} from {w[0]}{by}"
    if k == BONUS:
        card = f"bonus card {e.card}" if e.card else "a bonus card"
        if w[0] == "the bonus cards dealt":
            return f"{p} keeps {card}{by}"
        return f"{p} draws {card}{by}" if w[0] == "the bonus deck" else f"{p} takes {card} from {w[0]}{by}"
    if k == EGG:
        return f"{p} lays an egg on {w[0]}{by}"
    if k == CACHE:
        return f"{p} caches {w[1]} on {w[0]}{by}" if w[2] == "their food" else f"{p} caches {w[1]} from the supply on {w[0]}{by}"
    if k == TUCK:
        where = "their hand" if w[1] == "hand" else w[1]
        return f"{p} tucks {_a_card(e)} from {where} under {w[0]}{by}"
    if k == FOOD:
        return f"{p} gains {_amount(w[1], w[0])} from the supply{by}"
    if k == PAY:
        if w[2] == "the supply":
            return f"{p} pays {_amount(w[1], w[0])} back to the supply{by}"
        return f"{p} spends {_amount(w[1], w[0])} onto their {w[2]} spent-nectar space{by}"
    if k == EGG_OFF:
        return f"{p} takes an egg off {w[0]}{by}"
    if k == DISCARD:
        where = {"hand": "their hand", "the reserve": f"their reserve ({w[-1]} side up)", "under": f"under {w[-1]}", "cached on": f"the cache of {w[-1]}"}.get(w[0], w[0])
        return f"{p} discards {_a_card(e)} from {where}{by}"
    if k == BONUS_DISCARD:
        return f"{p} discards bonus card {e.card} from {w[0]}{by}" if e.card else f"{p} discards a bonus card from {w[0]}{by}"
    if k == GIVE:
        return f"{p} gives {w[1]} to {w[0]}{by}"
    if k == GIVE_CARD:
        return f"{p} gives {_a_card(e)} to {w[0]}{by}"
    if k == LOOK:
        return f"{p} looks at {_a_card(e)} from {w[0]}{by}"
    if k == SHARE:
        return f"{p} sets {_a_card(e)} from {w[0]} aside to share{by}"
    if k == KEEP:
        return f"{p} keeps {_a_card(e)}" + (f" as a food card ({w[1]} side up)" if w[0] == "the reserve" else "")
    if k == PLAY:
        return f"{p} plays {_a_card(e)} in the {w[0]}{by}"
    if k == REPLACE:
        return f"{p} plays {_a_card(e)} in the {w[0]} in the place of {w[1]}, which is discarded with its tucked cards (its eggs and food go back){by}"
    if k == MOVE:
        return f"{p} moves {w[0]} from the {w[1]} to the {w[2]}{by}"
    if k == SHUFFLE:
        return f"{w[2]} ({w[1]} cards) is shuffled to make {w[0]}{by}"
    if k == TRAY:
        return f"face up: {', '.join(w)}"
    rule = f" [{e.rule}]" if e.rule else ""
    if k == GOAL:
        return f"round {w[0]} goal ({w[1]}): " + ", ".join(w[2:]) + rule
    if k == ROUND:
        return f"round {w[0]} ends: {w[1]}{rule}"
    if k == END:
        return "the game is over: " + ", ".join(w) + rule
    if k == END_TRIGGERED:
        return f"the end of the game is triggered: {w[0]}{rule}"
    return f"{k} {p} {' '.join(w)}"


# ---- raw events: what the engine notes ------------------------------------------------------
# A raw event is (kind, player, power card id or -1, *facts); facts are ints (card ids,
# foods, places already named) or text.  ``engine.world.Recorder.note`` makes them; ``make`` reads them.


class _Coloured(Protocol):
    @property
    def colour(self) -> str | None: ...


class _Hands(Protocol):
    def open(self, g: Any) -> bool: ...  # (``engine.world.Hand.open``: every seat sees every hand)


class _Bonuses(Protocol):
    def name(self, g: Any, bonus: int) -> str: ...  # (``engine.world.Bonus.name``)


class Noter(Protocol):
    """What ``make`` reads of the engine that noted the raw events (``engine.rules.Rules`` is
    one): events are values, and import nothing of the engine that makes them."""

    @property
    def _names(self) -> tuple[str, ...]: ...  # card names by id
    @property
    def cards(self) -> Sequence[_Coloured]: ...
    @property
    def SECRET_VERBS(self) -> frozenset[str]: ...  # (a class constant of the engine)
    @property
    def SECRET_IN_OPEN_HANDS(self) -> frozenset[str]: ...
    @property
    def END_RULE(self) -> str: ...
    @property
    def hand(self) -> _Hands: ...  # (the engine's world parts, ``engine.world``)
    @property
    def bonus(self) -> _Bonuses: ...
    def score(self) -> ScoreSheet: ...


def make(rules: Noter, raw: tuple[Any, ...]) -> Event:
    """The Event of a raw event noted by ``rules``' engine."""
    kind, player, source = raw[0], raw[1], raw[2]
    names = rules._names
    power = names[source] if source >= 0 else ""
    if kind in (ACTION, AUTO):
        # an answer naming a card only its player sees (kept at setup, tucked from a hand)
        action = raw[3]
        verb = action.verb
        if verb in rules.SECRET_VERBS and action.arg is not None and (verb in rules.SECRET_IN_OPEN_HANDS or not rules.hand.open(rules)):
            return Event(kind, player, (action.verb,), power, str(action.arg), (player,))
        return Event(kind, player, (str(action),), power)
    facts = raw[3:]
    if kind in CARD_KINDS:
        # who sees the card: True every seat, False the player (everyone where hands are
        # open), None no seat (a card face down from a deck: the whole record only), or a
        # tuple of the seats that see it (a card given: the giver and the receiver)
        card_id, seen_flag = facts[0], facts[1]
        bonus = kind in _BONUS_KINDS
        card = rules.bonus.name(rules, card_id) if bonus else names[card_id]
        # (open hands show a card into or out of a hand, but not one looked at, nor the birds kept at setup)
        if seen_flag is True or (seen_flag is not None and not bonus and kind != LOOK and kind != KEEP and rules.hand.open(rules)):
            seen = EVERYONE
        elif isinstance(seen_flag, tuple):
            seen = seen_flag
        else:
            seen = (player,) if seen_flag is False else ()
        return Event(kind, player, tuple(str(x) for x in facts[2:]), power, card, seen)
    if kind == POWER and source >= 0 and rules.cards[source].colour == "pink":
        return Event(kind, player, ("pink",), power)
    if kind in (PASSED, ROUND, GOAL, END_TRIGGERED):  # (the rule followed comes last)
        return Event(kind, player, tuple(str(x) for x in facts[:-1]), power, rule=str(facts[-1]))
    if kind == END:
        sheet = rules.score()
        winners = " and ".join(f"p{p}" for p in sheet.winners)
        return Event(kind, -1, (*(f"p{s.player} {s.total}" for s in sheet.players), f"won by {winners}"), rule=rules.END_RULE)
    return Event(kind, player, tuple(str(x) for x in facts), power)


class Events(Sequence[Event]):
    """The events of one action (or a whole game), made into ``Event`` values when read.

    Holds the engine's raw list and where its part begins: ``apply`` makes one per move,
    so it copies nothing (the list only grows while the part is read)."""

    __slots__ = ("_rules", "_raw", "_start", "_stop")

    def __init__(self, rules: Noter, raw: Sequence[tuple[Any, ...]], start: int = 0, stop: int | None = None):
        self._rules = rules
        self._raw = raw
        self._start = start
        self._stop = len(raw) if stop is None else stop

    def _part(self) -> Sequence[tuple[Any, ...]]:
        if self._start == 0 and self._stop == len(self._raw):
            return self._raw
        return self._raw[self._start : self._stop]

    def __len__(self) -> int:
        return self._stop - self._start

    @overload
    def __getitem__(self, i: int) -> Event: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Event]: ...
    def __getitem__(self, i: int | slice) -> Event | Sequence[Event]:
        if isinstance(i, slice):
            return [make(self._rules, r) for r in self._part()[i]]
        return make(self._rules, self._part()[i])

    def __iter__(self) -> Iterator[Event]:
        rules = self._rules
        for r in self._part():
            yield make(rules, r)

    def text(self, seat: int | None = None) -> list[str]:
        """Each event in words, as ``seat`` sees it (``None``: everything shown)."""
        return [e.describe(seat) for e in self]

    def __eq__(self, other: object) -> bool:
        # equal to another sequence of the same events (a list of Event, say)
        return isinstance(other, Sequence) and not isinstance(other, str) and list(self) == list(other)

    __hash__ = None  # type: ignore[assignment]  # (a view of a growing list)

    def __repr__(self) -> str:
        return f"Events({[str(e) for e in self]!r})"


_new_events = object.__new__


def events_since(rules: Noter, raw: list[tuple[Any, ...]], start: int) -> Events:
    """``Events(rules, raw, start)``, made without the class call (``Game.apply`` makes one
    per move, and an ABC subclass's call costs twice its attribute stores)."""
    made: Events = _new_events(Events)
    made._rules = rules
    made._raw = raw
    made._start = start
    made._stop = len(raw)
    return made


NO_EVENTS: Events = Events(None, (), 0, 0)  # type: ignore[arg-type]  # (empty: its deck is never asked for)
