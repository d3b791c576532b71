"""Classic scoring: what goal sides and bonus cards count, round goals, the final tally."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir
from ..filters import bird_passes
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
    if m.habitat is None:
        rows = seat.rows
    elif m.habitat == "fewest":
        rows = [min(seat.rows, key=len)]
    else:
        rows = [seat.rows[engine.habitats.index(m.habitat)]]
    slots = [s for row in rows for s in row if bird_passes(cards[s.card], m.test, s.eggs)]
    if m.what == "eggs":
        return sum(s.eggs for s in slots)
    return len(slots)


def score_goal(engine: ClassicEngine, round_index: int) -> list[int]:
    """Points each player earns for the goal of this round, on the chosen side of the board."""
    st = engine.state
    pick = st.goals[round_index]
    goal = engine.cardset.goals[pick.goal].sides[pick.side].counts
    assert goal is not None
    counts = [measure(engine, p, goal) for p in range(len(st.seats))]
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


def score(engine: ClassicEngine) -> ScoreSheet:
    st = engine.state
    cards = engine.cards
    sheets = []
    for p, seat in enumerate(st.seats):
        slots = [s for row in seat.rows for s in row]
        bonus = sum(b.points(measure(engine, p, b.counts)) for b in (engine.cardset.bonuses[i] for i in seat.bonus))
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
