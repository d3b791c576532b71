"""Bots against each other: many games, each bot's win rate and mean score with 95% intervals.

Game ``k`` is dealt from seed ``seed + k`` and its seats are the bots turned by ``k`` (bot ``i``
plays seat ``(i + k) % players``), so every bot plays every seat as often; each bot is made
afresh for each game from the game's number.  The games are spread over worker processes, and
the same seed gives the same games and the same report whatever the number of workers.
"""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from .bots import BOTS, Bot, bot, unknown_bot
from .game import new_game
from .i18n import _, ngettext

Z95 = 1.96  # the normal quantile of a two-sided 95% interval


@attrs.frozen
class Standing:
    """One bot's results: its games, wins (a tie's share counted), mean score, and the 95%
    intervals of both (Wilson's for the win rate, the normal one for the score)."""

    bot: str
    games: int
    wins: float
    win_low: float
    win_high: float
    mean_score: float
    score_low: float
    score_high: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0


def wilson(wins: float, n: int) -> tuple[float, float]:
    """Wilson's 95% interval of a rate: ``wins`` (a tie's share counted) out of ``n``; (0, 1) for none."""
    if not n:
        return 0.0, 1.0
    z, p = Z95, wins / n
    middle = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, middle - half), min(1.0, middle + half)


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float, float]:
    """The mean of ``values`` and its 95% interval, ``z`` standard errors either side (the normal
    interval; a caller with few values may pass Student's quantile): (mean, low, high)."""
    n = len(values)
    mean = sum(values) / n
    spread = math.sqrt(sum((s - mean) ** 2 for s in values) / (n - 1)) if n > 1 else 0.0
    half = z * spread / math.sqrt(n)
    return mean, mean - half, mean + half


def seated(names: Sequence[str], players: int, seed: int, k: int, make: Callable[[str, int], Bot] = bot) -> dict[int, Bot]:
    """The bots at the seats of game ``k``: bot ``i`` (of ``names``) sits at seat ``(i + k) % players``,
    made afresh by ``make(name, seed + k * players + i)``; the game itself is dealt from ``seed + k``."""
    return {(i + k) % players: make(name, seed + k * players + i) for i, name in enumerate(names)}


def play_one(job: tuple[str, int, dict[str, Any], Sequence[str], int, int]) -> list[tuple[float, int]]:
    """One game of the arena: (each bot's share of the win, each bot's score), in bot order."""
    ruleset, players, options, names, seed, k = job
    game = new_game(ruleset, players, seed + k, options, events=False)
    seats = seated(names, players, seed, k)
    while not game.is_over:
        pending = game.pending
        assert pending is not None
        game.apply(seats[pending.player].choose(game))
    sheet = game.score()
    out = []
    for i in range(len(names)):
        seat = (i + k) % players
        share = 1.0 / len(sheet.winners) if seat in sheet.winners else 0.0
        out.append((share, sheet.players[seat].total))
    return out


def arena(
    ruleset: str,
    players: int,
    names: Sequence[str],
    games: int,
    seed: int = 0,
    options: dict[str, Any] | None = None,
    workers: int | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> list[Standing]:
    """Play ``games`` games of ``names`` (one bot name a seat, ``bots.BOTS``) and report each."""
    if len(names) != players:
        raise ValueError(
            ngettext("give one bot a seat: {players} names for {players} players, not {given}", "give one bot a seat: {players} names for {players} players, not {given}", players).format(
                players=players, given=len(names)
            )
        )
    for name in names:
        if name not in BOTS:
            raise ValueError(unknown_bot(name))
    if type(games) is not int or games < 1:
        raise ValueError(_("{name} must be a whole number from 1, not {value}").format(name="games", value=repr(games)))
    new_game(ruleset, players, seed, options)  # (a bad ruleset, player count or option fails here, in words)
    jobs = [(ruleset, players, dict(options or {}), tuple(names), seed, k) for k in range(games)]
    workers = workers or os.cpu_count() or 1
    results: list[list[tuple[float, int]]] = []
    if workers == 1:
        for job in jobs:
            results.append(play_one(job))
            if progress:
                progress(len(results), games)
    else:
        with ProcessPoolExecutor(workers) as pool:
            for found in pool.map(play_one, jobs, chunksize=1):
                results.append(found)
                if progress:
                    progress(len(results), games)
    standings = []
    for i, name in enumerate(names):
        shares = [r[i][0] for r in results]
        scores = [r[i][1] for r in results]
        wins, n = sum(shares), len(shares)
        mean, score_low, score_high = mean_interval(scores)
        low, high = wilson(wins, n)
        standings.append(Standing(name, n, wins, low, high, mean, score_low, score_high))
    return standings


def report(standings: Sequence[Standing]) -> str:
    """The standings as a table, in the current language (the layout of a row is worded too, so
    that a language's columns are as wide as its headings)."""
    lines = [_("#     bot       games   win rate (95%)           mean score (95%)")]
    row = _("{i:<5} {bot:<9} {games:>5}   {win:<23}   {score}")
    for i, s in enumerate(standings):
        win = _("{value} ({low} to {high})").format(value=f"{s.win_rate:6.1%}", low=f"{s.win_low:5.1%}", high=f"{s.win_high:5.1%}")
        score = _("{value} ({low} to {high})").format(value=f"{s.mean_score:6.1f}", low=f"{s.score_low:5.1f}", high=f"{s.score_high:5.1f}")
        lines.append(row.format(i=i, bot=s.bot, games=s.games, win=win, score=score))
    return "\n".join(lines)
