"""Classic scoring: what goal sides and bonus cards count, round goals, the final tally."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir
from ..cards import Card
from ..dsl import ast
from ..scoring import PlayerScore, ScoreSheet, winners
from ..engine.state import Bird as Slot

if TYPE_CHECKING:
    from .rules import ClassicRules as ClassicEngine


def _contains(power: ir.Effect | None, kinds: tuple[type, ...]) -> bool:
    if power is None:
        return False
    if isinstance(power, kinds):
        return True
    if isinstance(power, ir.Either):
        return any(_contains(p, kinds) for p in power.parts)
    if isinstance(power, ir.Then):
        return _contains(power.requirement, kinds) or _contains(power.benefit, kinds)
    if isinstance(power, (ir.AllPlayers, ir.When)):
        return _contains(power.body, kinds)
    return False


def is_predator(card: Card) -> bool:
    return _contains(card.power, (ir.Hunt, ir.RollDice))


def is_flocking(card: Card) -> bool:
    return _contains(card.power, (ir.Tuck,))


def _number(card: Card, slot: Slot | None, attribute: str) -> int:
    if attribute == "eggs":
        return slot.eggs if slot is not None else 0
    if attribute == "food_cost":
        return 1 if card.cost_alternative else sum(card.cost) + card.any_food
    return int(getattr(card, attribute))


_OPS = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "=": lambda a, b: a == b,
}


_FOODS = ("invertebrate", "seed", "fish", "fruit", "rodent")  # the card language's food order (replaced by compiled tests)


def bird_matches(card: Card, slot: Slot | None, preds: tuple[ast.Predicate, ...]) -> bool:
    """Does a bird (on a mat when ``slot`` is given) meet every condition?"""
    for p in preds:
        if isinstance(p, ast.Costing):
            ok = card.any_food > 0 if p.food == "any" else bool(card.cost_mask & (1 << _FOODS.index(p.food)))
        elif isinstance(p, ast.CostingOnly):
            ok = card.cost_mask == 1 << _FOODS.index(p.food) and not card.any_food and not card.cost_alternative
        elif isinstance(p, ast.Compare):
            ok = _OPS[p.op](_number(card, slot, p.attribute), p.value)
        elif isinstance(p, ast.HasColour):
            ok = card.colour == p.colour
        elif isinstance(p, ast.HasNest):
            ok = card.nest in (p.nest, "wild")
        elif isinstance(p, ast.HasTrait):
            ok = is_predator(card) if p.trait == "predator" else is_flocking(card)
        elif isinstance(p, ast.LivesOnly):
            ok = card.habitats == (p.habitat,)
        else:
            assert isinstance(p, ast.Named)
            lowered = card.name.lower()  # parts of words count: "bill" names a Crossbill too
            for word in p.unless:
                lowered = lowered.replace(word, " ")
            ok = any(word in lowered for word in p.words)
        if not ok:
            return False
    return True


def measure(engine: "ClassicEngine", player: int, m: ast.Measure) -> int:
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
    slots = [s for row in rows for s in row if bird_matches(cards[s.card], s, m.predicates)]
    if m.what == "eggs":
        return sum(s.eggs for s in slots)
    return len(slots)


def score_goal(engine: "ClassicEngine", round_index: int) -> list[int]:
    """Points each player earns for the goal of this round, on the chosen side of the board."""
    st = engine.state
    pick = st.goals[round_index]
    goal = engine.cardset.goals[pick.goal].sides[pick.side].definition.measure
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


def score(engine: "ClassicEngine") -> ScoreSheet:
    st = engine.state
    cards = engine.cards
    sheets = []
    for p, seat in enumerate(st.seats):
        slots = [s for row in seat.rows for s in row]
        bonus = sum(b.points(measure(engine, p, b.measure)) for b in (engine.cardset.bonuses[i] for i in seat.bonus))
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
