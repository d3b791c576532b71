"""What one player may see of a Pocket game.

Cards are shown by the side that faces up: reserve and deck-top food cards by their
food, face-up and played birds by name.  Card ids, deck order, the generator state and
the hidden sides never appear, so a view cannot be used to work out a hidden card.
"""

from __future__ import annotations

from typing import Any

from ..verdict import Decision, pending_view
from .engine import Engine


def view(engine: Engine, player: int, pending: Decision | None) -> dict[str, Any]:
    st = engine.state
    cards = engine.cards
    seats = []
    for i, p in enumerate(st.players):
        seat: dict[str, Any] = {
            "player": i,
            "nest_eggs": p.nest_eggs,
            "flock": [
                {"bird": cards[b.card].name, "eggs": b.eggs, "tucked": len(b.tucked)} for b in p.flock
            ],
            "reserve_food": sorted(cards[c].food_kind for c in p.food),
            "reserve_birds": sorted(cards[c].name for c in p.birds),
            "turns": p.turns,
        }
        if p.dealt:
            # advanced setup: a player looks at both sides of their own 6 cards only
            seat["dealt"] = (
                [{"bird": cards[c].name, "food": cards[c].food_kind} for c in p.dealt] if i == player else len(p.dealt)
            )
        seats.append(seat)
    return {
        "ruleset": "pocket",
        "you": player,
        "current_player": st.current,
        "first_player": st.first,
        "players": seats,
        "decks": [
            {"size": len(d), "top": cards[d[-1]].food_kind if d else None} for d in st.decks
        ],
        "face_up_birds": [cards[c].name if c >= 0 else None for c in st.face_up],
        "discard_pile": {"size": len(st.discard), "top": cards[st.discard[-1]].food_kind if st.discard else None},
        "goals": [
            {"goal": engine.cardset.goals[g].name, "side": engine.cardset.goals[g].sides[s].name} for g, s in st.goals
        ],
        "end_triggered": st.end_triggered,
        "over": st.over,
        "pending": pending_view(pending, player),
    }
