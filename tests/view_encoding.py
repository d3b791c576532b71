"""The observation vector filled from ``Game.view(seat)`` (not a test module itself).

The library's encoder (``wingspan_rules.env.encoding``) reads the state straight, for speed;
this one reads only the seat's view, the library's one statement of what a seat may see, and
fills the same layout slice by slice.  ``tests/test_env.py`` checks that the two vectors are
equal over random games of every ruleset, so the fast encoder can show nothing the view hides
(and drops nothing it shows)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from wingspan_rules.env.encoding import BONUS, CUBES, EGGS, FOOD, GOAL_POINTS, HAND, POCKET_DECK, TUCKED, TURNS, ClassicObserver, Observer, Vector
from wingspan_rules.game import Game


def _index(names: Sequence[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


def _many(out: Vector, start: int, names: Sequence[str] | None, table: Mapping[str, int]) -> None:
    for name in names or ():
        out[start + table[name]] += 1.0


def encode_from_view(encoder: Observer, game: Game, you: int) -> Vector:
    """The observation of ``you`` in ``encoder``'s layout, from ``game.view(you)`` alone."""
    lay, p, cards = encoder.layout, encoder.players, encoder.cards
    at = {s.name: s.start for s in lay.slices}
    n = len(cards)
    out = np.zeros(lay.size, dtype=np.float32)
    v: Mapping[str, Any] = game.view(you)

    def seat(player: int) -> int:
        return (player - you) % p

    out[at["over"]] = float(v["over"])
    out[at["to-act"] + seat(v["current_player"])] = 1.0
    out[at["first-player"] + seat(v["first_player"])] = 1.0
    pending = v["pending"]
    if pending is not None:
        out[at["decision-seat"] + seat(pending["player"])] = 1.0
        out[at["decision-kind"] + encoder.kinds[pending["kind"]]] = 1.0
        if pending["source"] is not None and pending["source"] in cards:
            out[at["decision-card"] + cards[pending["source"]]] = 1.0
    for name in v["face_up_birds"]:
        if name is not None:
            out[at["face-up"] + cards[name]] = 1.0
    out[at["deck-size"]] = v["deck_size"] / n
    out[at["discard-size"]] = (v["discard_size"] or 0) / n
    if isinstance(encoder, ClassicObserver):
        _classic(out, at, encoder, game, v, seat)
    else:
        _pocket(out, at, encoder, game, v, seat)
    return out


def _classic(out: Vector, at: dict[str, int], encoder: Observer, game: Game, v: Mapping[str, Any], seat: Any) -> None:
    rules, cards, p, n = game.rules_class, game.cards, encoder.players, len(encoder.cards)
    foods, habitats, row_length = cards.foods, rules.habitats, rules.row_length  # type: ignore[attr-defined]
    food_of = _index(foods)
    bonuses = _index([b.name for b in cards.bonuses])
    sides = _index([s.name for goal in cards.goals for s in goal.sides])
    faces = _index(rules.dice.names)  # type: ignore[attr-defined]
    rounds = len(rules.turns_per_round)  # type: ignore[attr-defined]
    per_slot = 3 + len(foods)
    out[at["round"] + min(max(v["round"] - 1, 0), rounds - 1)] = 1.0
    for face, count in {face: v["feeder"].count(face) for face in v["feeder"]}.items():
        out[at["feeder"] + faces[face]] = count / rules.dice.count  # type: ignore[attr-defined]
    for r, side in enumerate(v["goals"]):
        out[at["goals"] + r * len(sides) + sides[side]] = 1.0
    for r, scored in enumerate(v["goal_points"]):
        for player, value in enumerate(scored):
            out[at["goal-points"] + r * p + seat(player)] = value / GOAL_POINTS
    for sv in v["players"]:
        s = f"seat{seat(sv['player'])}."
        hand = sv["hand"]
        _many(out, at[s + "hand"], hand if isinstance(hand, list) else sv["open_hand"], encoder.cards)
        out[at[s + "hand-size"]] = (len(hand) if isinstance(hand, list) else hand or 0) / HAND
        for food, count in (sv["food"] or {}).items():
            out[at[s + "food"] + food_of[food]] = count / FOOD
        bonus = sv["bonus"]
        _many(out, at[s + "bonus"], bonus if isinstance(bonus, list) else None, bonuses)
        out[at[s + "bonus-count"]] = (len(bonus) if isinstance(bonus, list) else bonus) / BONUS
        out[at[s + "cubes-used"]] = sv["cubes_used"] / CUBES
        _many(out, at[s + "dealt"], sv["dealt"], encoder.cards)
        _many(out, at[s + "dealt-bonus"], sv["dealt_bonus"], bonuses)
        for h, habitat in enumerate(habitats):
            for c, bird in enumerate(sv["rows"][habitat]):
                out[at[s + "birds"] + h * n + encoder.cards[bird["bird"]]] = 1.0
                slot = at[s + "slots"] + (h * row_length + c) * per_slot
                out[slot] = 1.0
                out[slot + 1] = bird["eggs"] / EGGS
                out[slot + 2] = bird["tucked"] / TUCKED
                for food, count in bird["cached"].items():
                    out[slot + 3 + food_of[food]] = count / FOOD
        if "nectar" in foods:
            for h, habitat in enumerate(habitats):
                out[at[s + "spent-nectar"] + h] = (sv["spent_nectar"] or {}).get(habitat, 0) / FOOD
            for k, count in enumerate((sv["cubes"] or {}).values()):
                out[at[s + "cubes"] + k] = count / CUBES


def _pocket(out: Vector, at: dict[str, int], encoder: Observer, game: Game, v: Mapping[str, Any], seat: Any) -> None:
    cards = game.cards
    kinds = _index(sorted({c.food_kind for c in cards.cards if c.food_kind}))
    goal_sides = _index([f"{goal.name}|{side.name}" for goal in cards.goals for side in goal.sides])
    for d, deck in enumerate(v["decks"]):
        start = at["food-decks"] + d * (1 + len(kinds))
        out[start] = deck["size"] / POCKET_DECK
        if deck["top"] is not None:
            out[start + 1 + kinds[deck["top"]]] = 1.0
    top = v["discard_pile"]["top"]
    if top is not None:
        out[at["discard-top"] + kinds[top]] = 1.0
    for goal in v["goals"]:
        out[at["goals"] + goal_sides[f"{goal['goal']}|{goal['side']}"]] = 1.0
    out[at["end-triggered"]] = float(v["end_triggered"])
    for sv in v["players"]:
        s = f"seat{seat(sv['player'])}."
        _many(out, at[s + "reserve-birds"], sv["reserve_birds"], encoder.cards)
        food = sv["reserve_food"] or []
        for kind in set(food):
            out[at[s + "reserve-food"] + kinds[kind]] = food.count(kind) / FOOD
        out[at[s + "nest-eggs"]] = sv["nest_eggs"] / EGGS
        out[at[s + "turns"]] = sv["turns"] / TURNS
        if isinstance(sv["dealt"], list):
            _many(out, at[s + "dealt"], [card["bird"] for card in sv["dealt"]], encoder.cards)
        for c, bird in enumerate(sv["flock"]):
            out[at[s + "flock"] + encoder.cards[bird["bird"]]] = 1.0
            slot = at[s + "slots"] + c * 3
            out[slot], out[slot + 1], out[slot + 2] = 1.0, bird["eggs"] / EGGS, bird["tucked"] / TUCKED
