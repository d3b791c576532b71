"""The games of a balance run: one game's facts about every card, and their tally.

``play_game(job, k)`` is a pure function of the job and the game's number: game ``k`` is dealt
from ``job.seed + k`` and its seats are taken by bots made from the game's number, as in the
arena (``arena.seated``).  It returns small plain data (``GameFacts``): who drew and who played
each card, the points each play of it brought, and each player's score and share of the win.
``Tally`` adds games up in whole numbers only (a win shared by a tie is counted in parts of a
whole that every share divides), so that tallies made in any order, on any number of workers or
machines, add up to the same tally.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple

from ..arena import seated
from ..bots import Bot, GreedyBot, SearchBot
from ..events import BONUS, CACHE, DIE, DRAW, EGG, FOOD, GIVE_CARD, KEEP, PLAY, REPLACE, TUCK
from ..game import Game, new_game
from ..i18n import _

BALANCE_BOTS = ("greedy", "search")  # random play says nothing of a bird's strength
DEFAULT_SIMULATIONS = 16  # the search bot's simulations a decision: a fixed count, never a clock, so a seed gives one game


class Job(NamedTuple):
    """What every game of a run shares: the game to play (its options hold the new card text,
    ``extra_card_text``), the bots that play every seat, and the first seed."""

    ruleset: str
    players: int
    options: dict[str, Any]
    bots: str
    simulations: int
    seed: int


class Play(NamedTuple):
    """One play of a bird in one game, by ``player``: the points it holds on the mat at the end
    (printed points, eggs, cached food, tucked cards; all 0 if it left the mat), ``power``: the
    eggs, tucked cards and cached food its power put on the player's other birds or nest, and
    ``gains``: the food and cards its power gained the player."""

    player: int
    printed: int
    eggs: int
    cached: int
    tucked: int
    power: int
    gains: int

    @property
    def points(self) -> int:
        return self.printed + self.eggs + self.cached + self.tucked + self.power


class CardFacts(NamedTuple):
    """One card in one game: the players who held it in hand (bird side up), and its plays."""

    drawn_by: tuple[int, ...]
    plays: tuple[Play, ...]


class GameFacts(NamedTuple):
    """One game: each player's score, each player's share of the win in ``units`` parts of a
    whole (a tie of two: ``units // 2`` each), and the facts of each card drawn or played."""

    game: int
    scores: tuple[int, ...]
    wins: tuple[int, ...]
    cards: dict[str, CardFacts]


def win_units(players: int) -> int:
    """The parts a win is counted in: every tie's share of the win is a whole number of them."""
    return math.lcm(*range(1, players + 1))


def unknown_bot(name: str) -> str:
    """The error for a bot a balance run does not take, in the current language."""
    return _("unknown bot '{name}' for a balance run; known: {known}").format(name=name[:40], known=", ".join(BALANCE_BOTS))


def make_bot(name: str, seed: int, simulations: int = DEFAULT_SIMULATIONS) -> Bot:
    """A bot of a balance run: "greedy", or "search" with a fixed number of simulations."""
    if name == "greedy":
        return GreedyBot(seed)
    if name == "search":
        return SearchBot(time_limit=None, simulations=simulations, seed=seed)
    raise ValueError(unknown_bot(name))


def _hand(game: Game, player: int) -> list[str]:
    seat: Any = game.view(player)
    hand = seat["players"][player]["hand"]
    return list(hand) if isinstance(hand, list) else []


def play_game(job: Job, k: int) -> GameFacts:
    """Play game ``k`` of ``job`` to its end and say what each card did in it."""
    players = job.players
    game = new_game(job.ruleset, players, job.seed + k, job.options)
    seats = seated([job.bots] * players, players, job.seed, k, lambda name, seed: make_bot(name, seed, job.simulations))
    drawn: dict[str, set[int]] = {}
    played: dict[str, list[int]] = {}
    power: dict[tuple[str, int], list[int]] = {}  # (bird, player) -> [points elsewhere, food and cards gained]
    for p in range(players):
        for name in _hand(game, p):
            drawn.setdefault(name, set()).add(p)
    while not game.is_over:
        pending = game.pending
        assert pending is not None
        for e in game.apply(seats[pending.player].choose(game)):
            kind, what = e.kind, e.what
            if kind == DRAW and e.card and "side up)" not in what[0]:  # (Pocket's food cards come "side up" from a food deck)
                drawn.setdefault(e.card, set()).add(e.player)
            elif kind == KEEP and e.card and what[0] == "hand":
                drawn.setdefault(e.card, set()).add(e.player)
            elif kind == GIVE_CARD and e.card and what[0][1:].isdigit():
                drawn.setdefault(e.card, set()).add(int(what[0][1:]))
            elif kind in (PLAY, REPLACE) and e.card:
                drawn.setdefault(e.card, set()).add(e.player)
                if e.player not in played.setdefault(e.card, []):
                    played[e.card].append(e.player)
            if e.power:
                counts = power.setdefault((e.power, e.player), [0, 0])
                if kind in (EGG, TUCK, CACHE) and what[0] != e.power:
                    counts[0] += 1
                elif kind == FOOD and what[1].isdigit():
                    counts[1] += int(what[1])
                elif kind == DIE:
                    counts[1] += len(what) - 1
                elif kind in (DRAW, BONUS):
                    counts[1] += 1
    view: Any = game.view(0)
    by_name = game.cards.by_name
    on_mat: dict[tuple[str, int], tuple[int, int, int, int]] = {}
    for p in range(players):
        for row in view["players"][p]["rows"].values():
            for bird in row:
                cached = sum(bird["cached"].values()) + bird["cached_cards"]
                on_mat[(bird["bird"], p)] = (by_name[bird["bird"]].points, bird["eggs"], cached, bird["tucked"])
    sheet = game.score()
    units = win_units(players)
    wins = tuple(units // len(sheet.winners) if p in sheet.winners else 0 for p in range(players))
    cards: dict[str, CardFacts] = {}
    for name in sorted(set(drawn) | set(played)):
        plays = []
        for p in played.get(name, []):
            printed, eggs, cached, tucked = on_mat.get((name, p), (0, 0, 0, 0))
            elsewhere, gains = power.get((name, p), (0, 0))
            plays.append(Play(p, printed, eggs, cached, tucked, elsewhere, gains))
        cards[name] = CardFacts(tuple(sorted(drawn.get(name, ()))), tuple(plays))
    return GameFacts(k, tuple(s.total for s in sheet.players), wins, cards)


# a card's counters in a tally, by index
GAMES_DRAWN, DRAWS, PLAYS, PRINTED, EGGS, CACHED, TUCKED, POWER, GAINS, WINS_PLAYED = range(10)
COUNTERS = 10


class Tally:
    """Games added up, in whole numbers: per card its counters (``GAMES_DRAWN`` ... ``WINS_PLAYED``:
    the win units of the players who played it) and how often each total of points a play
    brought was seen.  ``add`` a game, ``merge`` another tally: the order makes no difference."""

    __slots__ = ("games", "units", "counts", "points")

    def __init__(self, units: int) -> None:
        self.games = 0
        self.units = units
        self.counts: dict[str, list[int]] = {}
        self.points: dict[str, dict[int, int]] = {}

    def add(self, facts: GameFacts) -> None:
        self.games += 1
        for name, card in facts.cards.items():
            c = self.counts.setdefault(name, [0] * COUNTERS)
            if card.drawn_by:
                c[GAMES_DRAWN] += 1
            c[DRAWS] += len(card.drawn_by)
            c[PLAYS] += len(card.plays)
            seen = self.points.setdefault(name, {})
            for play in card.plays:
                c[PRINTED] += play.printed
                c[EGGS] += play.eggs
                c[CACHED] += play.cached
                c[TUCKED] += play.tucked
                c[POWER] += play.power
                c[GAINS] += play.gains
                c[WINS_PLAYED] += facts.wins[play.player]
                seen[play.points] = seen.get(play.points, 0) + 1

    def merge(self, other: Tally) -> None:
        if other.units != self.units:
            raise ValueError("cannot merge tallies of games with different numbers of players")  # (an invariant of the runners: English)
        self.games += other.games
        for name, theirs in other.counts.items():
            mine = self.counts.setdefault(name, [0] * COUNTERS)
            for i, value in enumerate(theirs):
                mine[i] += value
        for name, seen in other.points.items():
            into = self.points.setdefault(name, {})
            for points, times in seen.items():
                into[points] = into.get(points, 0) + times

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tally):
            return NotImplemented
        return (self.games, self.units, self.counts, self.points) == (other.games, other.units, other.counts, other.points)

    __hash__ = None  # type: ignore[assignment]  # (mutable)


def play_batch(job: Job, start: int, stop: int) -> Tally:
    """Games ``start`` to ``stop - 1`` of ``job``, added up (one task of a run)."""
    tally = Tally(win_units(job.players))
    for k in range(start, stop):
        tally.add(play_game(job, k))
    return tally

