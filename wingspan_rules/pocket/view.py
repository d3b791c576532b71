"""What one player may see of a Pocket game.

Cards are shown by the side that faces up: reserve and deck-top food cards by their
food, face-up and played birds by name.  Card ids, deck order, the generator state and
the hidden sides never appear, so a view cannot be used to work out a hidden card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..verdict import Decision, pending_view
from ..views import BirdView, PocketSeatView, PocketView

if TYPE_CHECKING:
    from .rules import PocketRules


def view(g: PocketRules, player: int, pending: Decision | None) -> PocketView:
    st = g.state
    cards = g.cards
    # Advanced setup: at the table everyone sorts their cards at once; the engine asks one
    # seat after another, so until all have chosen nobody sees how the others sorted theirs.
    in_setup = any(s.dealt for s in st.seats)
    seats = []
    for i, p in enumerate(st.seats):
        mine = i == player
        secret = in_setup and not mine
        flock: list[BirdView] = [{"bird": cards[b.card].name, "eggs": b.eggs, "tucked": len(b.tucked), "cached": {}, "cached_cards": 0} for b in p.flock]
        food = sorted(cards[c].food_kind for c in p.food_cards)
        birds = sorted(cards[c].name for c in p.hand)
        seat: PocketSeatView = {
            "player": i,
            # the keys every ruleset shares (``SeatView``); the reserve lies open on the table
            "hand": birds if mine else None if secret else len(birds),
            "open_hand": None if secret else birds,
            "food": None if secret else {kind: food.count(kind) for kind in dict.fromkeys(food)},
            "rows": {"flock": flock},
            "bonus": [] if mine else 0,
            # Pocket's own
            "nest_eggs": p.nest_eggs,
            "flock": flock,
            "reserve_food": None if secret else food,
            "reserve_birds": None if secret else birds,
            "turns": p.turns,
            # advanced setup: a player looks at both sides of their own dealt cards only
            "dealt": [{"bird": cards[c].name, "food": cards[c].food_kind} for c in p.dealt] if mine else len(p.dealt),
        }
        seats.append(seat)
    face_up = [cards[c].name if c >= 0 else None for c in st.face_up]
    return {
        "ruleset": "pocket",
        "you": player,
        "current_player": st.current,
        "first_player": st.first,
        "players": seats,
        "decks": [{"size": len(d), "top": cards[d[-1]].food_kind if d else None} for d in st.decks],
        "face_up_birds": face_up,
        "deck_size": sum(len(d) for d in st.decks),
        "discard_size": len(st.discard),
        "discard_pile": {"size": len(st.discard), "top": cards[st.discard[-1]].food_kind if st.discard else None},
        "goals": [{"goal": g.cardset.goals[pick.goal].name, "side": g.cardset.goals[pick.goal].sides[pick.side].name} for pick in st.goals],
        "end_triggered": st.end_triggered,
        "over": st.over,
        "pending": pending_view(pending, player),
    }
