"""A balance report: each bird's rates and points with 95% intervals, and a verdict in words for
each new bird against the deck's birds of the same cost.

Everything here is computed from a ``Tally`` (whole numbers), so the same games give the same
report to the last digit, whatever order they were played in.

The report is worded in the current language (``i18n``) when it is shown (``text``, ``heading``,
``describe``, ``verdict``); what it holds is a record, the same in every language: a verdict's
``kind`` and ``measure`` are keys, and the ``words`` and ``group`` that ``make_report`` stores
are English, as the JSON is.
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
from ..i18n import N_, _, current, ngettext, translate
from .games import CACHED, DRAWS, EGGS, GAINS, GAMES_DRAWN, PLAYS, POWER, PRINTED, TUCKED, WINS_PLAYED, Tally

MIN_PLAYS = 5  # plays a bird needs before its points per play are compared
MIN_DRAWS = 5  # draws a bird needs before how often it is played is compared
MIN_GROUP = 3  # deck birds, so measured, needed to compare a new bird with
FEW = 30  # below this many plays (or draws), a verdict says it rests on few
FORMAT = "wingspan-rules balance report"
VERSION = 1

COST_WORDS = N_("cost: the food icons of a bird's cost (an any-food icon counts one, a cost of one food or another counts one; eggs are not counted)")
POINTS_WORDS = N_(
    "points per play: the bird's printed points and the eggs, cached food and tucked cards on it at the end, "
    "plus the eggs, tucked cards and cached food its power put on its owner's other birds (counted when put there)"
)
LIFT_WORDS = N_("win lift: the win rate of the players who played the bird minus that of the players who did not (a tie's share of the win counted)")
INTERVAL_WORDS = N_("95% intervals: Wilson's for rates, Newcombe's for the win lift, Student's t for mean points")
TERMS = (COST_WORDS, POINTS_WORDS, LIFT_WORDS, INTERVAL_WORDS)  # (the terms a report defines, in English: ``translate`` words them)

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
    values = [float(v) for v in sorted(seen) for _time in range(seen[v])]
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
    ``median``: their median; ``group``: the birds compared in words ("the deck's 2-food birds")
    and ``words``: the verdict as a sentence, both in the language it was judged in (English in
    a ``BalanceReport``: its ``verdict`` words it in the current language)."""

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
    return ngettext("once", "{n} times", n).format(n=n)


def games_words(n: int) -> str:
    """The words for ``n`` games ("{n} games") in the current language."""
    return ngettext("{n} game", "{n} games", n).format(n=n)


def cost_group(cost: int) -> str:
    """The words for the deck's birds of one cost in the current language (a verdict's ``group``)."""
    return ngettext("the deck's {cost}-food birds", "the deck's {cost}-food birds", cost).format(cost=cost)


def _percentile(values: Sequence[float], x: float) -> float:
    below = sum(1 for v in values if v < x)
    equal = sum(1 for v in values if v == x)
    return 100.0 * (below + equal / 2) / len(values)


def _points(b: BirdStats) -> float:
    return b.points.value


def _plays_per_draw(b: BirdStats) -> float:
    return b.played.value


def judge(bird: BirdStats, birds: Sequence[BirdStats], games: int) -> Judgement:
    """The verdict on ``bird`` against the deck's birds (those of ``birds`` not new), its
    ``words`` and ``group`` worded in the current language."""
    deck = [b for b in birds if not b.new]
    by_points = bird.plays >= MIN_PLAYS
    if by_points:
        measure, value, own, n = "points per play", _points, bird.points, bird.plays
        lead = ""

        def measured(b: BirdStats) -> bool:
            return b.plays >= MIN_PLAYS
    elif bird.draws >= MIN_DRAWS:
        measure, value, own, n = "plays per draw", _plays_per_draw, bird.played, bird.draws
        if not bird.plays:
            lead = _("never played in {draws} draws, too few plays to measure its points: ").format(draws=bird.draws)
        else:
            lead = _("played only {times} in {draws} draws, too few plays to measure its points: ").format(times=_times(bird.plays), draws=bird.draws)

        def measured(b: BirdStats) -> bool:
            return b.draws >= MIN_DRAWS
    else:
        words = ngettext(
            "too little seen to judge: drawn {drawn} and played {played} in {games} games; play more games (--games)",
            "too little seen to judge: drawn {drawn} and played {played} in {games} games; play more games (--games)",
            games,
        ).format(drawn=_times(bird.draws), played=_times(bird.plays), games=games)
        return Judgement(bird.name, "unclear", "", "", (), 0.0, 0.0, 0.0, 0.0, words)
    group = [b for b in deck if b.cost == bird.cost and measured(b)]
    label, note = cost_group(bird.cost), ""
    if len(group) < MIN_GROUP:
        few = len(group)
        group = [b for b in deck if measured(b)]
        label = _("the deck's birds")
        note = ngettext(
            " (only {few} of its {cost}-food birds were seen often enough to compare with)",
            " (only {few} of its {cost}-food birds were seen often enough to compare with)",
            bird.cost,
        ).format(few=few, cost=bird.cost)
    if len(group) < MIN_GROUP:
        if by_points:
            template = _("too little seen to judge: fewer than {group} of the deck's birds were played {times} times or more; play more games (--games)")
        else:
            template = _("too little seen to judge: fewer than {group} of the deck's birds were drawn {times} times or more; play more games (--games)")
        words = template.format(group=MIN_GROUP, times=MIN_PLAYS)
        return Judgement(bird.name, "unclear", measure, label, tuple(b.name for b in group), 0.0, 0.0, 0.0, 0.0, words)
    values = sorted(value(b) for b in group)
    median = statistics.median(values)
    pct, pct_low, pct_high = (_percentile(values, x) for x in (own.value, own.low, own.high))

    def shown(x: float) -> str:
        return f"{x:.1f}" if by_points else f"{x:.0%}"

    if own.low > median:
        kind = "stronger"
        if pct == 100.0:
            head = _("stronger than all {n} of {group}").format(n=len(group), group=label)
        else:
            head = _("stronger than {percent}% of {group}").format(percent=f"{pct:.0f}", group=label)
        ends = (pct_low, pct_high)
        across = N_("; across its interval, stronger than {low}% to {high}% of them")
    elif own.high < median:
        kind = "weaker"
        if pct == 0.0:
            head = _("weaker than all {n} of {group}").format(n=len(group), group=label)
        else:
            head = _("weaker than {percent}% of {group}").format(percent=f"{100 - pct:.0f}", group=label)
        ends = (100 - pct_high, 100 - pct_low)
        across = N_("; across its interval, weaker than {low}% to {high}% of them")
    else:
        kind = "within"
        head = _("within the range of {group}").format(group=label)
        ends = None
        across = ""
    if by_points:
        template = _("{lead}{head}{note} by points per play: {value} a play (95% {low} to {high}) against their median {median}")
    else:
        template = _("{lead}{head}{note} by plays per draw: {value} of draws (95% {low} to {high}) against their median {median}")
    words = template.format(lead=lead, head=head, note=note, value=shown(own.value), low=shown(own.low), high=shown(own.high), median=shown(median))
    if ends is None:
        words += _("; it measured above {percent}% of them, but its interval takes in their median").format(percent=f"{pct:.0f}")
    elif round(ends[0]) != round(ends[1]):
        words += translate(across).format(low=f"{ends[0]:.0f}", high=f"{ends[1]:.0f}")
    if n < FEW:
        if by_points:
            words += _("; from only {n} plays, so more games would make it surer").format(n=n)
        else:
            words += _("; from only {n} draws, so more games would make it surer").format(n=n)
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
        raise KeyError(_("no bird named '{name}' in the report").format(name=name))

    def judgement(self, name: str) -> Judgement:
        for j in self.judgements:
            if j.bird == name:
                return j
        raise KeyError(_("no new bird named '{name}' in the report").format(name=name))

    def verdict(self, name: str) -> Judgement:
        """The verdict on the new bird ``name`` with its ``words`` and ``group`` in the current
        language (``judgements`` hold them in English, as the JSON does)."""
        stored = self.judgement(name)
        if current() == "en":
            return stored
        return judge(self.bird(name), self.birds, self.games)

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
            raise ValueError(_("not a balance report of version {version}").format(version=VERSION))
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
        if self.bots == "greedy":
            bots = _("{bots} bots").format(bots=self.bots)
        else:
            bots = ngettext("{bots} bots ({simulations} simulations a decision)", "{bots} bots ({simulations} simulations a decision)", self.simulations).format(
                bots=self.bots, simulations=self.simulations
            )
        options = "".join(f", {key}={value}" for key, value in self.options)
        return _("balance of {birds}: {games} of {ruleset}{options}, {players}, {bots} at every seat, seeds {first} to {last}").format(
            birds=ngettext("{n} new bird", "{n} new birds", len(self.new)).format(n=len(self.new)),
            games=games_words(self.games),
            ruleset=self.ruleset,
            options=options,
            players=ngettext("{n} players", "{n} players", self.players).format(n=self.players),
            bots=bots,
            first=self.seed,
            last=self.seed + self.games - 1,
        )

    def text(self) -> str:
        """The report as plain text, in the current language."""
        lines = [self.heading(), *(translate(words) for words in TERMS)]
        for name in self.new:
            b = self.bird(name)
            lines += ["", bird_heading(name, b.cost), "  " + _("verdict: {words}").format(words=self.verdict(name).words)]
            lines += [f"  {line}" for line in describe(b, self.games)]
            lines.append(f"  {group_line(self.group(name), b.cost)}")
        return "\n".join(lines)


def bird_heading(name: str, cost: int) -> str:
    """A new bird's name and cost ("{name} ({cost}-food bird)") in the current language."""
    return ngettext("{name} ({cost}-food bird)", "{name} ({cost}-food bird)", cost).format(name=name, cost=cost)


def options_key(options: dict[str, Any]) -> tuple[tuple[str, str], ...]:
    """Game options (but the card text) as sorted (name, JSON text) pairs."""
    return tuple((key, json.dumps(options[key], sort_keys=True)) for key in sorted(options) if key != "extra_card_text")


def span(value: str, low: str, high: str) -> str:
    """An estimate and its interval, "value (low to high)", in the current language."""
    return _("{value} ({low} to {high})").format(value=value, low=low, high=high)


def _pct(i: Interval) -> str:
    return span(f"{i.value:.1%}", f"{i.low:.1%}", f"{i.high:.1%}")


def _lift(i: Interval) -> str:
    return _("{value} points ({low} to {high})").format(value=f"{100 * i.value:+.1f}", low=f"{100 * i.low:+.1f}", high=f"{100 * i.high:+.1f}")


def describe(b: BirdStats, games: int) -> list[str]:
    """A bird's facts in a few lines, in the current language."""
    lines = [
        ngettext(
            "drawn in {drawn} of {games} games: {share}; played {times} in {draws}: {played} of draws",
            "drawn in {drawn} of {games} games: {share}; played {times} in {draws}: {played} of draws",
            games,
        ).format(
            drawn=b.games_drawn,
            games=games,
            share=_pct(b.drawn),
            times=ngettext("{n} time", "{n} times", b.plays).format(n=b.plays),
            draws=ngettext("{n} draw", "{n} draws", b.draws).format(n=b.draws),
            played=_pct(b.played),
        )
    ]
    if b.plays:
        if b.plays > 1:
            interval = _("95% {low} to {high}").format(low=f"{b.points.low:.1f}", high=f"{b.points.high:.1f}")
        else:
            interval = _("one play: no interval")
        lines.append(
            _(
                "points per play: {value} ({interval}) = printed {printed} + eggs {eggs} + cached {cached} + tucked {tucked} + power {power}; its power also gained {gains} food and cards a play"
            ).format(
                value=f"{b.points.value:.1f}",
                interval=interval,
                printed=f"{b.printed:.1f}",
                eggs=f"{b.eggs:.1f}",
                cached=f"{b.cached:.1f}",
                tucked=f"{b.tucked:.1f}",
                power=f"{b.power:.1f}",
                gains=f"{b.gains:.1f}",
            )
        )
        lines.append(_("win rate: {played} for the players who played it, {others} for the others: lift {lift}").format(played=_pct(b.win_played), others=_pct(b.win_not), lift=_lift(b.lift)))
    else:
        lines.append(_("never played: no points or win rate to show"))
    return lines


def group_line(group: Sequence[BirdStats], cost: int) -> str:
    """The deck's birds of one cost in a line: medians of their measures (current language)."""
    if not group:
        return ngettext("the deck has no {cost}-food birds", "the deck has no {cost}-food birds", cost).format(cost=cost)
    measured = [b for b in group if b.plays >= MIN_PLAYS]
    line = ngettext(
        "the deck's {cost}-food birds: {n}, {measured} of them played {times} times or more",
        "the deck's {cost}-food birds: {n}, {measured} of them played {times} times or more",
        cost,
    ).format(cost=cost, n=len(group), measured=len(measured), times=MIN_PLAYS)
    if measured:
        points = [b.points.value for b in measured]
        line += _("; points per play median {median} ({low} to {high}), plays per draw median {played}, win lift median {lift} points").format(
            median=f"{statistics.median(points):.1f}",
            low=f"{min(points):.1f}",
            high=f"{max(points):.1f}",
            played=f"{statistics.median(b.played.value for b in measured):.0%}",
            lift=f"{100 * statistics.median(b.lift.value for b in measured):+.1f}",
        )
    return line
