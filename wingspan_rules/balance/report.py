"""A balance report: each bird's rates and points with 95% intervals, and a verdict in words for
each new bird against the deck's birds of the same cost.

Everything here is computed from a ``Tally`` (whole numbers), so the same games give the same
report to the last digit, whatever order they were played in.
"""

from __future__ import annotations

import json
import math
import statistics
from collections.abc import Sequence
from typing import Any

import attrs

from ..arena import Z95, mean_interval, wilson
from ..cards import Card
from .games import CACHED, DRAWS, EGGS, GAINS, GAMES_DRAWN, PLAYS, POWER, PRINTED, TUCKED, WINS_PLAYED, Tally

MIN_PLAYS = 5  # plays a bird needs before its points per play are compared
MIN_DRAWS = 5  # draws a bird needs before how often it is played is compared
MIN_GROUP = 3  # deck birds, so measured, needed to compare a new bird with
FEW = 30  # below this many plays (or draws), a verdict says it rests on few
FORMAT = "wingspan-rules balance report"
VERSION = 1

COST_WORDS = "cost: the food icons of a bird's cost (an any-food icon counts one, a cost of one food or another counts one; eggs are not counted)"
POINTS_WORDS = (
    "points per play: the bird's printed points and the eggs, cached food and tucked cards on it at the end, "
    "plus the eggs, tucked cards and cached food its power put on its owner's other birds (counted when put there)"
)
LIFT_WORDS = "win lift: the win rate of the players who played the bird minus that of the players who did not (a tie's share of the win counted)"
INTERVAL_WORDS = "95% intervals: Wilson's for rates, Newcombe's for the win lift, Student's t for mean points"

# Student's t, the 97.5% quantile, for 1 to 30 degrees of freedom (beyond: the Cornish-Fisher expansion)
_T975: tuple[float, ...] = (12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131)
_T975 += (2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042)


def t95(df: int) -> float:
    """Student's t quantile for a two-sided 95% interval with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError(f"degrees of freedom must be 1 or more, not {df}")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df * df)


@attrs.frozen
class Interval:
    """An estimate and its 95% interval."""

    value: float
    low: float
    high: float

    def to_list(self) -> list[float]:
        return [self.value, self.low, self.high]

    @classmethod
    def from_list(cls, data: Any) -> Interval:
        value, low, high = data
        return cls(float(value), float(low), float(high))


def rate(wins: float, n: int) -> Interval:
    """``wins`` out of ``n`` with Wilson's interval (0 in (0, 1) for none)."""
    low, high = wilson(wins, n)
    value = wins / n if n else 0.0
    return Interval(value, min(low, value), max(high, value))  # (Wilson's ends, rounded, may pass a rate of 0 or 1 by a hair)


def difference(a: Interval, b: Interval) -> Interval:
    """``a - b`` of two rates with Newcombe's interval (from their Wilson intervals)."""
    d = a.value - b.value
    return Interval(d, d - math.hypot(a.value - a.low, b.high - b.value), d + math.hypot(a.high - a.value, b.value - b.low))


def mean_of(seen: dict[int, int]) -> Interval:
    """The mean of the values counted in ``seen`` (value -> times) with Student's interval
    (no width for fewer than two values)."""
    values = [float(v) for v in sorted(seen) for _ in range(seen[v])]
    if not values:
        return Interval(0.0, 0.0, 0.0)
    mean, low, high = mean_interval(values, t95(len(values) - 1) if len(values) > 1 else Z95)
    return Interval(mean, low, high)


@attrs.frozen
class BirdStats:
    """One bird of the deck over a run's games.

    ``games_drawn``: games in which some player held it (bird side up); ``draws``, ``plays``:
    players who held it, who played it, added over the games.  ``drawn``: the share of games it
    was drawn in; ``played``: plays per draw; ``points``: points per play; ``printed`` ...
    ``power``: the means a play of each part of its points; ``gains``: food and cards its power
    gained a play; ``win_played``, ``win_not``: the win rates of the players who played it and
    of the others, ``lift`` the first minus the second; ``seen``: how many plays brought each
    number of points, as (points, plays) pairs."""

    name: str
    cost: int
    new: bool
    games_drawn: int
    draws: int
    plays: int
    drawn: Interval
    played: Interval
    points: Interval
    printed: float
    eggs: float
    cached: float
    tucked: float
    power: float
    gains: float
    win_played: Interval
    win_not: Interval
    lift: Interval
    seen: tuple[tuple[int, int], ...]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for field in attrs.fields(BirdStats):
            value = getattr(self, field.name)
            out[field.name] = value.to_list() if isinstance(value, Interval) else [list(p) for p in value] if field.name == "seen" else value
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BirdStats:
        values: dict[str, Any] = {}
        for field in attrs.fields(BirdStats):
            raw = data[field.name]
            if field.type in ("Interval", Interval):
                values[field.name] = Interval.from_list(raw)
            elif field.name == "seen":
                values[field.name] = tuple((int(p), int(n)) for p, n in raw)
            else:
                values[field.name] = raw
        return cls(**values)


def bird_stats(card: Card, new: bool, tally: Tally, players: int) -> BirdStats:
    """A bird's stats from a tally of games of ``players`` players."""
    c = tally.counts.get(card.name, [0] * 10)
    seen = tally.points.get(card.name, {})
    games, plays = tally.games, c[PLAYS]
    seats = games * players
    win_played = rate(c[WINS_PLAYED] / tally.units, plays)
    win_not = rate((games * tally.units - c[WINS_PLAYED]) / tally.units, seats - plays)

    def per_play(total: int) -> float:
        return total / plays if plays else 0.0

    return BirdStats(
        name=card.name,
        cost=card.food_cost,
        new=new,
        games_drawn=c[GAMES_DRAWN],
        draws=c[DRAWS],
        plays=plays,
        drawn=rate(c[GAMES_DRAWN], games),
        played=rate(plays, c[DRAWS]),
        points=mean_of(seen),
        printed=per_play(c[PRINTED]),
        eggs=per_play(c[EGGS]),
        cached=per_play(c[CACHED]),
        tucked=per_play(c[TUCKED]),
        power=per_play(c[POWER]),
        gains=per_play(c[GAINS]),
        win_played=win_played,
        win_not=win_not,
        lift=difference(win_played, win_not),
        seen=tuple(sorted(seen.items())),
    )


@attrs.frozen
class Judgement:
    """A new bird against the deck: ``kind`` is "stronger", "weaker", "within" (its interval takes
    in the middle of the birds compared) or "unclear" (too little seen); ``measure`` is "points
    per play", or "plays per draw" for a bird drawn but seldom played ("" when unclear);
    ``compared``: the deck birds it was compared with; ``percentile``: the share of them (in %)
    it measured above (ties count half), and the same for the two ends of its interval;
    ``median``: their median; ``words``: the verdict as a sentence."""

    bird: str
    kind: str
    measure: str
    group: str
    compared: tuple[str, ...]
    median: float
    percentile: float
    percentile_low: float
    percentile_high: float
    words: str

    def to_dict(self) -> dict[str, Any]:
        return attrs.asdict(self) | {"compared": list(self.compared)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Judgement:
        return cls(**(dict(data) | {"compared": tuple(data["compared"])}))


def _times(n: int) -> str:
    return "once" if n == 1 else f"{n} times"


def _percentile(values: Sequence[float], x: float) -> float:
    below = sum(1 for v in values if v < x)
    equal = sum(1 for v in values if v == x)
    return 100.0 * (below + equal / 2) / len(values)


def _points(b: BirdStats) -> float:
    return b.points.value


def _plays_per_draw(b: BirdStats) -> float:
    return b.played.value


def judge(bird: BirdStats, birds: Sequence[BirdStats], games: int) -> Judgement:
    """The verdict on ``bird`` against the deck's birds (those of ``birds`` not new)."""
    deck = [b for b in birds if not b.new]
    if bird.plays >= MIN_PLAYS:
        measure, value, own, n, unit = "points per play", _points, bird.points, bird.plays, "plays"
        lead = ""

        def measured(b: BirdStats) -> bool:
            return b.plays >= MIN_PLAYS
    elif bird.draws >= MIN_DRAWS:
        measure, value, own, n, unit = "plays per draw", _plays_per_draw, bird.played, bird.draws, "draws"
        played = "never played" if not bird.plays else f"played only {_times(bird.plays)}"
        lead = f"{played} in {bird.draws} draws, too few plays to measure its points: "

        def measured(b: BirdStats) -> bool:
            return b.draws >= MIN_DRAWS
    else:
        words = f"too little seen to judge: drawn {_times(bird.draws)} and played {_times(bird.plays)} in {games} games; play more games (--games)"
        return Judgement(bird.name, "unclear", "", "", (), 0.0, 0.0, 0.0, 0.0, words)
    group = [b for b in deck if b.cost == bird.cost and measured(b)]
    label, note = f"the deck's {bird.cost}-food birds", ""
    if len(group) < MIN_GROUP:
        few = len(group)
        group = [b for b in deck if measured(b)]
        label, note = "the deck's birds", f" (only {few} of its {bird.cost}-food birds were seen often enough to compare with)"
    if len(group) < MIN_GROUP:
        words = f"too little seen to judge: fewer than {MIN_GROUP} of the deck's birds were {'played' if unit == 'plays' else 'drawn'} {MIN_PLAYS} times or more; play more games (--games)"
        return Judgement(bird.name, "unclear", measure, label, tuple(b.name for b in group), 0.0, 0.0, 0.0, 0.0, words)
    values = sorted(value(b) for b in group)
    median = statistics.median(values)
    pct, pct_low, pct_high = (_percentile(values, x) for x in (own.value, own.low, own.high))

    def shown(x: float) -> str:
        return f"{x:.1f}" if measure == "points per play" else f"{x:.0%}"

    if own.low > median:
        kind = "stronger"
        head = f"stronger than all {len(group)} of {label}" if pct == 100.0 else f"stronger than {pct:.0f}% of {label}"
        ends = (pct_low, pct_high)
    elif own.high < median:
        kind = "weaker"
        head = f"weaker than all {len(group)} of {label}" if pct == 0.0 else f"weaker than {100 - pct:.0f}% of {label}"
        ends = (100 - pct_high, 100 - pct_low)
    else:
        kind = "within"
        head = f"within the range of {label}"
        ends = None
    unit_words = " a play" if measure == "points per play" else " of draws"
    words = f"{lead}{head}{note} by {measure}: {shown(own.value)}{unit_words} (95% {shown(own.low)} to {shown(own.high)}) against their median {shown(median)}"
    if ends is None:
        words += f"; it measured above {pct:.0f}% of them, but its interval takes in their median"
    elif round(ends[0]) != round(ends[1]):
        words += f"; across its interval, {kind} than {ends[0]:.0f}% to {ends[1]:.0f}% of them"
    if n < FEW:
        words += f"; from only {n} {unit}, so more games would make it surer"
    return Judgement(bird.name, kind, measure, label, tuple(b.name for b in group), median, pct, pct_low, pct_high, words)


@attrs.frozen
class BalanceReport:
    """A balance run: what was played (``ruleset``, ``players``, ``games`` dealt from seeds
    ``seed`` to ``seed + games - 1``, ``bots`` at every seat, ``simulations`` a decision for the
    search bot, ``options``: the game options other than the card text, as JSON text), the new
    birds' names (``new``), every bird's stats (``birds``, the deck's order) and one verdict a
    new bird (``judgements``, in ``new``'s order)."""

    ruleset: str
    players: int
    games: int
    seed: int
    bots: str
    simulations: int
    options: tuple[tuple[str, str], ...]
    new: tuple[str, ...]
    birds: tuple[BirdStats, ...]
    judgements: tuple[Judgement, ...]

    def bird(self, name: str) -> BirdStats:
        for b in self.birds:
            if b.name == name:
                return b
        raise KeyError(f"no bird named '{name}' in the report")

    def judgement(self, name: str) -> Judgement:
        for j in self.judgements:
            if j.bird == name:
                return j
        raise KeyError(f"no new bird named '{name}' in the report")

    def group(self, name: str) -> list[BirdStats]:
        """The deck's birds of the same cost as the bird ``name`` (all of them, measured or not)."""
        cost = self.bird(name).cost
        return [b for b in self.birds if not b.new and b.cost == cost]

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "ruleset": self.ruleset,
            "players": self.players,
            "games": self.games,
            "seed": self.seed,
            "bots": self.bots,
            "simulations": self.simulations,
            "options": {key: json.loads(value) for key, value in self.options},
            "new": list(self.new),
            "birds": [b.to_dict() for b in self.birds],
            "judgements": [j.to_dict() for j in self.judgements],
        }

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), indent=1, ensure_ascii=False)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BalanceReport:
        if data.get("format") != FORMAT or data.get("version") != VERSION:
            raise ValueError(f"not a balance report of version {VERSION}")
        return cls(
            ruleset=data["ruleset"],
            players=data["players"],
            games=data["games"],
            seed=data["seed"],
            bots=data["bots"],
            simulations=data["simulations"],
            options=options_key(data["options"]),
            new=tuple(data["new"]),
            birds=tuple(BirdStats.from_dict(b) for b in data["birds"]),
            judgements=tuple(Judgement.from_dict(j) for j in data["judgements"]),
        )

    @classmethod
    def from_json(cls, text: str) -> BalanceReport:
        return cls.from_dict(json.loads(text))

    def heading(self) -> str:
        bots = f"{self.bots} bots" if self.bots == "greedy" else f"{self.bots} bots ({self.simulations} simulations a decision)"
        options = "".join(f", {key}={value}" for key, value in self.options)
        games = "game" if self.games == 1 else "games"
        return (
            f"balance of {len(self.new)} new bird{'s' if len(self.new) != 1 else ''}: {self.games} {games} of {self.ruleset}{options}, "
            f"{self.players} players, {bots} at every seat, seeds {self.seed} to {self.seed + self.games - 1}"
        )

    def text(self) -> str:
        """The report as plain text."""
        lines = [self.heading(), COST_WORDS, POINTS_WORDS, LIFT_WORDS, INTERVAL_WORDS]
        for name, judgement in zip(self.new, self.judgements, strict=True):
            b = self.bird(name)
            lines += ["", f"{name} ({b.cost}-food bird)", f"  verdict: {judgement.words}"]
            lines += [f"  {line}" for line in describe(b, self.games)]
            lines.append(f"  {group_line(self.group(name), b.cost)}")
        return "\n".join(lines)


def options_key(options: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Game options (but the card text) as sorted (name, JSON text) pairs."""
    return tuple((key, json.dumps(options[key], sort_keys=True)) for key in sorted(options) if key != "extra_card_text")


def _pct(i: Interval) -> str:
    return f"{i.value:.1%} ({i.low:.1%} to {i.high:.1%})"


def _lift(i: Interval) -> str:
    return f"{100 * i.value:+.1f} points ({100 * i.low:+.1f} to {100 * i.high:+.1f})"


def describe(b: BirdStats, games: int) -> list[str]:
    """A bird's facts in a few lines."""
    draws = "draw" if b.draws == 1 else "draws"
    times = "time" if b.plays == 1 else "times"
    lines = [f"drawn in {b.games_drawn} of {games} games: {_pct(b.drawn)}; played {b.plays} {times} in {b.draws} {draws}: {_pct(b.played)} of draws"]
    if b.plays:
        interval = f"95% {b.points.low:.1f} to {b.points.high:.1f}" if b.plays > 1 else "one play: no interval"
        lines.append(
            f"points per play: {b.points.value:.1f} ({interval}) = printed {b.printed:.1f} + eggs {b.eggs:.1f} + cached {b.cached:.1f} "
            f"+ tucked {b.tucked:.1f} + power {b.power:.1f}; its power also gained {b.gains:.1f} food and cards a play"
        )
        lines.append(f"win rate: {_pct(b.win_played)} for the players who played it, {_pct(b.win_not)} for the others: lift {_lift(b.lift)}")
    else:
        lines.append("never played: no points or win rate to show")
    return lines


def group_line(group: Sequence[BirdStats], cost: int) -> str:
    """The deck's birds of one cost in a line: medians of their measures."""
    if not group:
        return f"the deck has no {cost}-food birds"
    measured = [b for b in group if b.plays >= MIN_PLAYS]
    line = f"the deck's {cost}-food birds: {len(group)}, {len(measured)} of them played {MIN_PLAYS} times or more"
    if measured:
        points = [b.points.value for b in measured]
        line += (
            f"; points per play median {statistics.median(points):.1f} ({min(points):.1f} to {max(points):.1f}), "
            f"plays per draw median {statistics.median(b.played.value for b in measured):.0%}, "
            f"win lift median {100 * statistics.median(b.lift.value for b in measured):+.1f} points"
        )
    return line
