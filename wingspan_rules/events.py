"""What the game did: events, in order, as ``Game.apply`` returns them and the record keeps them.

The engine notes each event as a small tuple while it runs (``Recorder.note``: a few hundred per
game, no object made until read) and ``Events`` turns them into ``Event`` values on demand.
An event names a card a seat may not see (a card drawn from a deck, a card tucked from a
hand, a bonus card) in ``card`` with ``seen_by``; ``Event.seen_from(seat)`` blanks it for
everyone else, and ``describe`` then says "a card".
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from typing import Any, Protocol, overload

import attrs

from . import words
from .i18n import N_, _, ngettext, translate
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
        """The event in words, in the current language, as ``seat`` sees it (``None``:
        everything shown).  ``what`` stays as the engine noted it, in English, whatever the
        language: the record keeps it so."""
        return _words(self.seen_from(seat))

    def __str__(self) -> str:
        return self.describe()


def _who(player: int) -> str:
    return f"p{player}"


def _a_card(e: Event) -> str:
    return e.card or _("a card")


# The places and phrases the engine notes in events (in English: the record keeps them so, in
# every language), each worded in the current language when an event is described.
_PHRASES = {
    "the supply": N_("the supply"),
    "the tray": N_("the tray"),
    "the deck": N_("the deck"),
    "the discard pile": N_("the discard pile"),
    "the shared cards": N_("the shared cards"),
    "the bonus cards dealt": N_("the bonus cards dealt"),
    "the bonus deck": N_("the bonus deck"),
    "the bonus discard pile": N_("the bonus discard pile"),
    "their bonus cards": N_("their bonus cards"),
    "their food": N_("their food"),
    "their hand": N_("their hand"),
    "a hunt": N_("a hunt"),
    "the reserve": N_("the reserve"),
    "the nest": N_("the nest"),
    "the face-up birds": N_("the face-up birds"),
    "the cards looked at": N_("the cards looked at"),
    "the cards dealt": N_("the cards dealt"),
    "hand": N_("their hand"),
    "flock": N_("the flock"),
}
_DECK = re.compile(r"deck (\d+)(?: \(([\w/]+) side up\))?( cannot be rebuilt)?$")
_RESERVE_SIDE = re.compile(r"the reserve \(([\w/]+) side up\)$")
_BIRDS_IN_FLOCK = re.compile(r"p(\d+) has (\d+) birds$")
_FOR_FOOD = re.compile(r"a discarded card for (\w+)$")


def _food(word: str, n: int = 1) -> str:
    """A food the engine noted ("seed"; a die's two faces "seed/fruit"), in the current
    language; any other word (a name) as it is."""
    if "/" in word:
        return "/".join(_food(part, n) for part in word.split("/"))
    try:
        return words.food(word, n)
    except KeyError:
        return word


# what another player did that a pink power answers, as the record keeps it (``classic.rules``'s
# trigger words): the fixed ones are msgids, these three name a habitat or a food
_PLAYED_IN = re.compile(r"played a bird in the (\w+)")
_GAINED_FROM_FEEDER = re.compile(r"gained (\S+) from the feeder")
_GAINED = re.compile(r"gained (\S+)")


def _did(text: str) -> str:
    """What another player did (a pink power's trigger), in the current language."""
    played = _PLAYED_IN.fullmatch(text)
    if played is not None:
        return _("played a bird in {habitat}").format(habitat=_habitat(played.group(1)))
    fed = _GAINED_FROM_FEEDER.fullmatch(text)
    if fed is not None:
        return _("gained {food} from the feeder").format(food=_food(fed.group(1)))
    gained = _GAINED.fullmatch(text)
    if gained is not None:
        return _("gained {food}").format(food=_food(gained.group(1)))
    return translate(text)


def _place(text: str) -> str:
    """A place or phrase noted in an event, in the current language (a name stays as it is)."""
    known = _PHRASES.get(text)
    if known is not None:
        return translate(known)
    deck = _DECK.match(text)
    if deck is not None:
        number, side, rebuilt = deck.groups()
        if rebuilt:
            return _("deck {n} cannot be rebuilt").format(n=number)
        if side:
            return _("deck {n} ({food} side up)").format(n=number, food=_food(side))
        return _("deck {n}").format(n=number)
    side_up = _RESERVE_SIDE.match(text)
    if side_up is not None:
        return _("the reserve ({food} side up)").format(food=_food(side_up.group(1)))
    flock = _BIRDS_IN_FLOCK.match(text)
    if flock is not None:
        return ngettext("p{player} has {n} bird", "p{player} has {n} birds", int(flock.group(2))).format(player=flock.group(1), n=flock.group(2))
    for_food = _FOR_FOOD.match(text)
    if for_food is not None:
        return _("a discarded card for {food}").format(food=_food(for_food.group(1)))
    return translate(text)  # (a reason or phrase of the engine's, marked where it is noted; a name stays)


def _amount(count: str, food: str) -> str:
    n = int(count) if count.isdigit() else 2
    return _food(food) if count == "1" else f"{count} {_food(food, n)}"


def _words(e: Event) -> str:
    w, p = e.what, _who(e.player)
    by = f" ({e.power})" if e.power else ""
    k = e.kind
    if k in (ACTION, AUTO):
        if e.card:
            answer = f"{w[0]} {e.card}"
        elif e.seen_by != EVERYONE:
            answer = _("{action} (not shown)").format(action=w[0])
        else:
            answer = w[0]
        return f"{p}: {answer}" if k == ACTION else _("{player}: {answer} (the only option){by}").format(player=p, answer=answer, by=by)
    if k == POWER:
        if w and w[0] == "pink":
            return _("{player}: {bird}'s pink power is used").format(player=p, bird=e.power)
        return _("{player}: {bird}'s power is used").format(player=p, bird=e.power)
    if k == TRIGGER:
        return _("{bird} ({player}): its pink power answers p{other}, who {did}").format(bird=e.power, player=p, other=w[0], did=_did(w[1]))
    if k == PASSED:
        if w[0] == "whole":
            return _("{bird}: passed over, {why} [{rule}]").format(bird=e.power, why=_place(w[1]), rule=e.rule)
        return _("{bird}: a part of its power is passed over for {player}, {why} [{rule}]").format(bird=e.power, player=p, why=_place(w[1]), rule=e.rule)
    if k == ROLL:
        faces = ", ".join(_food(face) for face in w[1:])
        if w[0] == "feeder":
            return _("the feeder is rolled: {faces}{by}").format(faces=faces, by=by)
        return _("{player} rolls: {faces}{by}").format(player=p, faces=faces, by=by)
    if k == DIE:
        if w[1:] == w[:1]:
            return _("{player} takes a die showing {face} from the feeder{by}").format(player=p, face=_food(w[0]), by=by)
        if w[1:]:
            gained = _(" and ").join(_food(f) for f in w[1:])
            return _("{player} takes a die showing {face} from the feeder, for {food}{by}").format(player=p, face=_food(w[0]), food=gained, by=by)
        return _("{player} takes a die showing {face} from the feeder, for nothing{by}").format(player=p, face=_food(w[0]), by=by)
    if k == HUNT:
        return _("{player} reveals {card}: the hunt misses and the card is discarded{by}").format(player=p, card=w[0], by=by)
    if k == DRAW:
        return _("{player} draws {card} from {place}{by}").format(player=p, card=_a_card(e), place=_place(w[0]), by=by)
    if k == BONUS:
        card = _("bonus card {name}").format(name=e.card) if e.card else _("a bonus card")
        if w[0] == "the bonus cards dealt":
            return _("{player} keeps {card}{by}").format(player=p, card=card, by=by)
        if w[0] == "the bonus deck":
            return _("{player} draws {card}{by}").format(player=p, card=card, by=by)
        return _("{player} takes {card} from {place}{by}").format(player=p, card=card, place=_place(w[0]), by=by)
    if k == EGG:
        return _("{player} lays an egg on {bird}{by}").format(player=p, bird=_place(w[0]), by=by)
    if k == CACHE:
        if w[2] == "their food":
            return _("{player} caches {food} on {bird}{by}").format(player=p, food=_food(w[1]), bird=w[0], by=by)
        return _("{player} caches {food} from the supply on {bird}{by}").format(player=p, food=_food(w[1]), bird=w[0], by=by)
    if k == TUCK:
        return _("{player} tucks {card} from {place} under {bird}{by}").format(player=p, card=_a_card(e), place=_place(w[1]), bird=w[0], by=by)
    if k == FOOD:
        return _("{player} gains {food} from the supply{by}").format(player=p, food=_amount(w[1], w[0]), by=by)
    if k == PAY:
        if w[2] == "the supply":
            return _("{player} pays {food} back to the supply{by}").format(player=p, food=_amount(w[1], w[0]), by=by)
        return _("{player} spends {food} onto their {habitat} spent-nectar space{by}").format(player=p, food=_amount(w[1], w[0]), habitat=_habitat(w[2]), by=by)
    if k == EGG_OFF:
        return _("{player} takes an egg off {bird}{by}").format(player=p, bird=_place(w[0]), by=by)
    if k == DISCARD:
        if w[0] == "the reserve":
            where = _("their reserve ({food} side up)").format(food=_food(w[-1]))
        elif w[0] == "under":
            where = _("under {bird}").format(bird=w[-1])
        elif w[0] == "cached on":
            where = _("the cache of {bird}").format(bird=w[-1])
        else:
            where = _place(w[0])
        return _("{player} discards {card} from {place}{by}").format(player=p, card=_a_card(e), place=where, by=by)
    if k == BONUS_DISCARD:
        if e.card:
            return _("{player} discards bonus card {card} from {place}{by}").format(player=p, card=e.card, place=_place(w[0]), by=by)
        return _("{player} discards a bonus card from {place}{by}").format(player=p, place=_place(w[0]), by=by)
    if k == GIVE:
        return _("{player} gives {food} to {other}{by}").format(player=p, food=_food(w[1]), other=w[0], by=by)
    if k == GIVE_CARD:
        return _("{player} gives {card} to {other}{by}").format(player=p, card=_a_card(e), other=w[0], by=by)
    if k == LOOK:
        return _("{player} looks at {card} from {place}{by}").format(player=p, card=_a_card(e), place=_place(w[0]), by=by)
    if k == SHARE:
        return _("{player} sets {card} from {place} aside to share{by}").format(player=p, card=_a_card(e), place=_place(w[0]), by=by)
    if k == KEEP:
        if w[0] == "the reserve":
            return _("{player} keeps {card} as a food card ({food} side up)").format(player=p, card=_a_card(e), food=_food(w[1]))
        return _("{player} keeps {card}").format(player=p, card=_a_card(e))
    if k == PLAY:
        return _("{player} plays {card} in {habitat}{by}").format(player=p, card=_a_card(e), habitat=_the_habitat(w[0]), by=by)
    if k == REPLACE:
        return _("{player} plays {card} in {habitat} in the place of {other}, which is discarded with its tucked cards (its eggs and food go back){by}").format(
            player=p, card=_a_card(e), habitat=_the_habitat(w[0]), other=w[1], by=by
        )
    if k == MOVE:
        return _("{player} moves {bird} from {start} to {end}{by}").format(player=p, bird=w[0], start=_the_habitat(w[1]), end=_the_habitat(w[2]), by=by)
    if k == SHUFFLE:
        return ngettext("{pile} ({n} card) is shuffled to make {deck}{by}", "{pile} ({n} cards) is shuffled to make {deck}{by}", int(w[1]) if w[1].isdigit() else 2).format(
            pile=_place(w[2]), n=w[1], deck=_place(w[0]), by=by
        )
    if k == TRAY:
        return _("face up: {cards}").format(cards=", ".join(w))
    rule = f" [{e.rule}]" if e.rule else ""
    if k == GOAL:
        return _("round {n} goal ({goal}): {results}").format(n=w[0], goal=w[1], results=", ".join(w[2:])) + rule
    if k == ROUND:
        return _("round {n} ends: {what}").format(n=w[0], what=_place(w[1])) + rule
    if k == END:
        return _("the game is over: {results}").format(results=", ".join(_end_words(x) for x in w)) + rule
    if k == END_TRIGGERED:
        return _("the end of the game is triggered: {why}").format(why=_place(w[0])) + rule
    return f"{k} {p} {' '.join(w)}"


def _habitat(word: str) -> str:
    return words.as_written(words.habitat, word)


def _the_habitat(word: str) -> str:
    try:
        return words.the_habitat(word)
    except KeyError:
        return _("the {habitat}").format(habitat=word)


def _end_words(text: str) -> str:
    """A part of the game-over event: "p0 73" as it is, "won by p0 and p1" in words."""
    if text.startswith("won by "):
        return _("won by {players}").format(players=_(" and ").join(text[len("won by ") :].split(" and ")))
    return text


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
