"""Sanity checks on a loaded classic state, so a bad save fails with a message."""

from __future__ import annotations

from ..cards import CardSet
from .state import EMPTY, ClassicState

_FRAME_KINDS = {
    "setup", "turn", "habitat", "feeder", "cache", "supply", "lay", "draw", "discard", "pay",
    "bonus", "share", "gather", "move", "trade", "effect",
}


def all_birds(state: ClassicState) -> list[int]:
    """Every bird card id wherever it lies (for conservation checks)."""
    out = list(state.deck) + list(state.discard) + [c for c in state.tray if c != EMPTY]
    for seat in state.seats:
        out += seat.hand + seat.dealt
        for row in seat.rows:
            for s in row:
                out.append(s.card)
                out += s.tucked
                out += s.stand_ins
    for f in state.stack:
        if f.kind == "share":
            out += f.data[1:]
        elif f.kind == "gather":
            out += f.data
    return out


def all_bonus(state: ClassicState) -> list[int]:
    out = list(state.bonus_deck) + list(state.bonus_discard)
    for seat in state.seats:
        out += seat.bonus + seat.dealt_bonus
    return out


def validate_state(state: ClassicState, cards: CardSet, players: int) -> list[str]:
    problems = []
    if len(state.seats) != players:
        problems.append(f"{len(state.seats)} seats for a {players}-player game")
    birds = all_birds(state)
    if len(set(birds)) != len(birds) or any(not 0 <= c < len(cards.cards) for c in birds):
        problems.append("bird cards are not each in one place")
    bonus = all_bonus(state)
    if sorted(bonus) != list(range(len(cards.bonuses))):
        problems.append("bonus cards are not each in one place")
    if len(state.tray) != 3 or any(not 0 <= f < 6 for f in state.feeder) or len(state.feeder) > 5:
        problems.append("the tray or the feeder is malformed")
    for i, seat in enumerate(state.seats):
        if len(seat.rows) != 3 or any(len(r) > 5 for r in seat.rows):
            problems.append(f"player {i}'s mat is malformed")
        if len(seat.food) != 5 or any(n < 0 for n in seat.food):
            problems.append(f"player {i}'s food is malformed")
        for row in seat.rows:
            for s in row:
                if 0 <= s.card < len(cards.cards) and not 0 <= s.eggs <= cards.cards[s.card].egg_limit:
                    problems.append(f"player {i}'s {cards.cards[s.card].name} holds {s.eggs} eggs")
    if not 0 <= state.round <= 4 or len(state.goals) != 4:
        problems.append("round or goals out of range")
    elif state.over != (state.round == 4):
        problems.append("the game is over exactly when round 4 has been scored")
    if any(not 0 <= g < 2 * len(cards.goals) for g in state.goals):
        problems.append("a goal names no goal tile side")
    if len(state.goal_points) != state.round or any(len(r) != players or any(p < 0 for p in r) for r in state.goal_points):
        problems.append("goal points are not one row of one score per player for each round played")
    if not (0 <= state.current < players and 0 <= state.first < players):
        problems.append("the current or first player is not a seat of the game")
    for i, seat in enumerate(state.seats):
        slots = [s for row in seat.rows for s in row]
        if any(len(s.cached) != 5 or any(n < 0 for n in s.cached) for s in slots):
            problems.append(f"player {i}'s cached food is malformed")
        if not 0 <= seat.cubes_used <= 8 or seat.discard_at_end < 0:
            problems.append(f"player {i}'s cubes or owed discards are out of range")
        if any(not 0 <= b < len(cards.bonuses) for b in seat.bonus + seat.dealt_bonus):
            problems.append(f"player {i} holds a bonus card that does not exist")
    for f in state.stack:
        if f.kind not in _FRAME_KINDS or not 0 <= f.player < players or f.card >= len(cards.cards):
            problems.append(f"a '{f.kind}' frame is malformed")
        elif f.kind in ("effect", "pay") and (f.card < 0 or (f.kind == "effect" and cards.cards[f.card].power is None)):
            problems.append(f"a '{f.kind}' frame names no usable card")
    if state.steps < 0 or state.reveals < 0 or state.turns_done < 0:
        problems.append("step or reveal counts are negative")
    if not state.over and not state.stack:
        problems.append("the game is not over but nothing is left to do")
    return problems
