"""What one player may see of a classic game: no deck order, no other hands (unless the
hands are public), no bonus cards but your own, no generator state."""

from __future__ import annotations

from typing import Any

from ..verdict import Decision, pending_view
from .engine import ClassicEngine
from .state import DICE_FACES, EMPTY, FOODS, HABITATS


def view(engine: ClassicEngine, player: int, pending: Decision | None) -> dict[str, Any]:
    st = engine.state
    cards = engine.cards
    public = engine.options["public_hands"]
    # At the table everyone keeps birds at once; the engine asks one player after another, so
    # until all have chosen, the others' food, hand size and the discard pile are not shown.
    in_setup = any(f.kind == "setup" for f in st.stack)
    seats = []
    for i, seat in enumerate(st.seats):
        mine = i == player
        secret = in_setup and not mine
        entry: dict[str, Any] = {
            "player": i,
            "habitats": {
                HABITATS[h]: [
                    {
                        "bird": cards[s.card].name,
                        "eggs": s.eggs,
                        "cached": dict(zip(FOODS, s.cached)),
                        "tucked": len(s.tucked),
                        **({"cached_cards": len(s.stand_ins)} if s.stand_ins else {}),
                    }
                    for s in row
                ]
                for h, row in enumerate(seat.rows)
            },
            "food": None if secret else dict(zip(FOODS, seat.food)),
            "hand": sorted(cards[c].name for c in seat.hand) if mine or (public and not secret) else None if secret else len(seat.hand),
            "bonus": sorted(engine.bonus_name(b) for b in seat.bonus) if mine else len(seat.bonus),
            "cubes_used": seat.cubes_used,
        }
        if seat.dealt or seat.dealt_bonus:
            entry["dealt"] = sorted(cards[c].name for c in seat.dealt) if mine else None
            entry["dealt_bonus"] = sorted(engine.bonus_name(b) for b in seat.dealt_bonus) if mine else None
        seats.append(entry)
    goals = []
    for code in st.goals:
        tile, side = divmod(code, 2)
        goals.append(engine.cardset.goals[tile].sides[side].name)
    return {
        "ruleset": "classic",
        "you": player,
        "round": st.round + 1,
        "current_player": st.current,
        "first_player": st.first,
        "players": seats,
        "tray": [cards[c].name if c != EMPTY else None for c in st.tray],
        "deck_size": len(st.deck),
        "discard_size": None if in_setup else len(st.discard),
        "feeder": sorted(DICE_FACES[f] for f in st.feeder),
        "goals": goals,
        "goal_points": [list(r) for r in st.goal_points],
        "over": st.over,
        "pending": _pending(pending, player),
    }


def _pending(pending: Decision | None, player: int) -> dict[str, Any] | None:
    shown = pending_view(pending, player)
    if shown is not None and pending is not None and pending.player != player:
        # how many answers another player has depends on their hidden hand (which birds they
        # can afford, how many they kept at setup): not even the number is shown
        shown["options"] = None
    return shown
