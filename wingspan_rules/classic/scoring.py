"""Classic scoring: what goal sides and bonus cards count, round goals, the final tally."""

from __future__ import annotations

from itertools import pairwise
from typing import TYPE_CHECKING

from .. import ir
from ..cards import Bonus
from ..filters import bird_passes
from ..i18n import _
from ..scoring import PlayerScore, ScoreSheet, winners

if TYPE_CHECKING:
    from .rules import ClassicRules as ClassicEngine



def measure(engine: ClassicEngine, player: int, m: ir.Measure) -> int:
    """Count what a goal side or bonus card counts for one player."""
    seat = engine.state.seats[player]
    cards = engine.cards
    if m.what == "hand":
        return len(seat.hand)
    if m.what == "egg_sets":
        return min(sum(s.eggs for s in row) for row in seat.rows)
    if m.what == "wingspan_run":
        return wingspan_run([cards[s.card].wingspan for s in seat.rows[engine.habitats.index(str(m.habitat))]])
    if m.what == "nest_sets":
        return nest_sets([cards[s.card].nest for row in seat.rows for s in row])
    if m.what == "column_nests":  # (the whole mat's total; bonus cards score it column by column)
        return sum(column_nests(engine, player))
    if m.what == "no_goal":
        return 0
    if m.what == "cost_icons":
        total = 0
        for row in seat.rows:
            for s in row:
                card = cards[s.card]
                shown = [n for f, n in enumerate(card.cost) if m.foods >> f & 1]
                total += (1 if any(shown) else 0) if card.cost_alternative else sum(shown)  # a '/' cost counts once
        return total
    if m.habitat is None:
        rows = seat.rows
    elif m.habitat == "fewest":
        rows = [min(seat.rows, key=len)]
    else:
        rows = [seat.rows[engine.habitats.index(m.habitat)]]
    slots = [s for row in rows for s in row if bird_passes(cards[s.card], m.test, s.eggs)]
    if m.what == "eggs":
        return sum(s.eggs for s in slots)
    if m.what == "birds":
        return len(slots)
    raise ValueError(_("the {ruleset} game has no count '{count}'").format(ruleset=engine.name, count=m.what))


def wingspan_run(spans: list[int | None]) -> int:
    """The most adjacent birds whose wingspans only rise or only fall; equal ones continue a run,
    and a flightless bird (None) fits any (003's Data Analysts)."""
    best = 0
    for start in range(len(spans)):
        for end in range(start + 1, len(spans) + 1):
            known = [w for w in spans[start:end] if w is not None]
            pairs = list(pairwise(known))
            if all(a <= b for a, b in pairs) or all(a >= b for a, b in pairs):
                best = max(best, end - start)
    return best


_SET_NESTS = ("bowl", "cavity", "ground", "platform")


def nest_sets(nests: list[str | None]) -> int:
    """Complete sets of the four nests; each wild nest fills one place of one set (003)."""
    have = [nests.count(n) for n in _SET_NESTS]
    wild = nests.count("wild")
    sets = 0
    while sum(max(0, sets + 1 - n) for n in have) <= wild and sets < len(nests):
        sets += 1
    return sets


def column_nests(engine: ClassicEngine, player: int) -> list[int]:
    """Per column, the most birds there sharing one nest; a wild nest counts once, as any (003)."""
    rows = engine.state.seats[player].rows
    out = []
    for column in range(max((len(r) for r in rows), default=0)):
        nests = [engine.cards[r[column].card].nest for r in rows if column < len(r)]
        wild = nests.count("wild")
        plain = [nests.count(n) for n in _SET_NESTS]
        out.append(max(plain) + wild if any(plain) or wild else 0)
    return out


def score_goal(engine: ClassicEngine, round_index: int) -> list[int]:
    """Points each player earns for the goal of this round, on the chosen side of the board."""
    st = engine.state
    pick = st.goals[round_index]
    goal = engine.cardset.goals[pick.goal].sides[pick.side].counts
    assert goal is not None
    counts = [engine.board.measure(engine, p, goal) for p in range(len(st.seats))]
    if engine.options["goal_side"] == "blue":
        return [min(c, engine.blue_max) for c in counts]
    points = engine.green_points[round_index]
    # Tied players share the places they cover (goals.json), or only their place and the next
    # one (004's reading, green_ties="next-place"); the two agree for a tie of two.
    next_only = engine.options.get("green_ties") == "next-place"
    out = [0] * len(counts)
    ranked = sorted({c for c in counts if c > 0}, reverse=True)
    place = 0
    for value in ranked:
        tied = [p for p, c in enumerate(counts) if c == value]
        covered = min(len(tied), 2) if next_only else len(tied)
        pool = sum(points[place + k] for k in range(covered) if place + k < len(points))
        for p in tied:
            out[p] = pool // len(tied)
        place += covered
        if place >= len(points):
            break
    return out


def bonus_points(engine: ClassicEngine, player: int, bonus: Bonus) -> int:
    """A bonus card's points: its tiers (or points each) on its count; a count per column is
    scored column by column and added up."""
    if bonus.counts.what == "column_nests":
        return sum(bonus.points(count) for count in column_nests(engine, player))
    count = engine.board.measure(engine, player, bonus.counts)
    if bonus.counts.what == "nest_sets" and engine.options.get("engineer_sets") == "repeat" and bonus.tiers:
        # option: past the top tier the tiers start again (3 sets = two sets + one set)
        top = bonus.tiers[-1][0]
        return bonus.points(top) * (count // top) + bonus.points(count % top)
    return bonus.points(count)


def score(engine: ClassicEngine) -> ScoreSheet:
    st = engine.state
    cards = engine.cards
    sheets = []
    for p, seat in enumerate(st.seats):
        slots = [s for row in seat.rows for s in row]
        bonus = sum(bonus_points(engine, p, engine.cardset.bonuses[i]) for i in seat.bonus)
        sheets.append(
            PlayerScore(
                player=p,
                birds=sum(cards[s.card].points for s in slots),
                eggs=sum(s.eggs for s in slots),
                tucked=sum(len(s.tucked) for s in slots),
                cached=sum(sum(s.cached) + len(s.stand_ins) for s in slots),
                bonus=bonus,
                goals=sum(r[p] for r in st.goal_points),
                tiebreak=sum(seat.food),
                goal_detail=tuple(r[p] for r in st.goal_points),
            )
        )
    return ScoreSheet(tuple(sheets), winners(sheets), "unused food")
