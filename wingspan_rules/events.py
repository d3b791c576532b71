"""What the game did: events, in order, as ``Game.apply`` returns them and the record keeps them.

The engine notes each event as a small tuple while it runs (``Rules.note``: a few hundred per
game, no object made until read) and ``Events`` turns them into ``Event`` values on demand.
An event names a card a seat may not see (a card drawn from a deck, a card tucked from a
hand, a bonus card) in ``card`` with ``seen_by``; ``Event.seen_from(seat)`` blanks it for
everyone else, and ``describe`` then says "a card".
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any, overload

import attrs

if TYPE_CHECKING:
    from .engine.rules import Rules

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

ACTION = "action"  # a player's action (the record's own lines; ``apply`` returns what followed)
KINDS = (ACTION, AUTO, POWER, TRIGGER, PASSED, ROLL, DIE, HUNT, DRAW, BONUS, EGG, CACHE, TUCK, FOOD, TRAY, GOAL, ROUND, END)

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
        return f"{p} takes a die showing {w[0]} from the feeder{by}"
    if k == HUNT:
        return f"{p} reveals {w[0]}: the hunt misses and the card is discarded{by}"
    if k == DRAW:
        return f"{p} draws {_a_card(e)} from {w[0]}{by}"
    if k == BONUS:
        return f"{p} draws bonus card {e.card}{by}" if e.card else f"{p} draws a bonus card{by}"
    if k == EGG:
        return f"{p} lays an egg on {w[0]}{by}"
    if k == CACHE:
        return f"{p} caches {w[1]} on {w[0]}{by}"
    if k == TUCK:
        where = "their hand" if w[1] == "hand" else w[1]
        return f"{p} tucks {_a_card(e)} from {where} under {w[0]}{by}"
    if k == FOOD:
        return f"{p} gains {w[0]} from the supply{by}"
    if k == TRAY:
        return f"face up: {', '.join(w)}"
    rule = f" [{e.rule}]" if e.rule else ""
    if k == GOAL:
        return f"round {w[0]} goal ({w[1]}): " + ", ".join(w[2:]) + rule
    if k == ROUND:
        return f"round {w[0]} ends: {w[1]}{rule}"
    if k == END:
        return "the game is over: " + ", ".join(w) + rule
    return f"{k} {p} {' '.join(w)}"


# ---- raw events: what the engine notes ------------------------------------------------------
# A raw event is (kind, player, power card id or -1, *facts); facts are ints (card ids,
# foods, places already named) or text.  ``Rules.note`` makes them; ``make`` reads them.


def make(rules: Rules, raw: tuple[Any, ...]) -> Event:
    """The Event of a raw event noted by ``rules``' engine."""
    kind, player, source = raw[0], raw[1], raw[2]
    names = rules._names
    power = names[source] if source >= 0 else ""
    if kind in (ACTION, AUTO):
        # an answer naming a card only its player sees (kept at setup, tucked from a hand)
        action = raw[3]
        if action.verb in rules.SECRET_VERBS and action.arg is not None and not rules.hands_open():
            return Event(kind, player, (action.verb,), power, str(action.arg), (player,))
        return Event(kind, player, (str(action),), power)
    facts = raw[3:]
    if kind in (DRAW, TUCK, BONUS):
        # who sees the card: True every seat, False the player (everyone where hands are
        # open), None no seat (a card face down from a deck: the whole record only)
        card_id, seen_flag = facts[0], facts[1]
        card = rules.bonus_name(card_id) if kind == BONUS else names[card_id]
        if seen_flag or (seen_flag is False and kind != BONUS and rules.hands_open()):
            seen = EVERYONE
        else:
            seen = (player,) if seen_flag is False else ()
        return Event(kind, player, tuple(str(x) for x in facts[2:]), power, card, seen)
    if kind == POWER and source >= 0 and rules.cards[source].colour == "pink":
        return Event(kind, player, ("pink",), power)
    if kind in (PASSED, ROUND, GOAL):  # (the rule followed comes last)
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

    def __init__(self, rules: Rules, raw: Sequence[tuple[Any, ...]], start: int = 0, stop: int | None = None):
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


def events_since(rules: Rules, raw: list[tuple[Any, ...]], start: int) -> Events:
    """``Events(rules, raw, start)``, made without the class call (``Game.apply`` makes one
    per move, and an ABC subclass's call costs twice its attribute stores)."""
    made: Events = _new_events(Events)
    made._rules = rules
    made._raw = raw
    made._start = start
    made._stop = len(raw)
    return made


NO_EVENTS: Events = Events(None, (), 0, 0)  # type: ignore[arg-type]  # (empty: its deck is never asked for)
