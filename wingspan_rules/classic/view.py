"""What one player may see of a classic game: no deck order, no other hands (unless the
hands are public), no bonus cards but your own, no generator state."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..verdict import Decision, pending_view
from ..views import BirdView, ClassicSeatView, ClassicView, PendingView
from .state import EMPTY

if TYPE_CHECKING:
    from .rules import ClassicRules


def view(g: ClassicRules, player: int, pending: Decision | None) -> ClassicView:
    st = g.state
    cards = g.cards
    foods = g.foods
    public = g.options["public_hands"]
    # At the table everyone keeps birds at once; the engine asks one player after another, so
    # until all have chosen, the others' food, hand size and the discard pile are not shown.
    in_setup = any(s.dealt or s.dealt_bonus for s in st.seats)
    seats = []
    for i, seat in enumerate(st.seats):
        mine = i == player
        secret = in_setup and not mine
        rows: dict[str, list[BirdView]] = {
            g.habitats[h]: [
                {
                    "bird": cards[b.card].name,
                    "eggs": b.eggs,
                    "tucked": len(b.tucked),
                    "cached": dict(zip(foods, b.cached, strict=True)),
                    "cached_cards": len(b.stand_ins),
                }
                for b in row
            ]
            for h, row in enumerate(seat.rows)
        }
        hand = sorted(cards[c].name for c in seat.hand)
        entry: ClassicSeatView = {
            "player": i,
            # the keys every ruleset shares (``SeatView``)
            "hand": hand if mine else None if secret else len(hand),
            "open_hand": hand if mine or (public and not secret) else None,
            "food": None if secret else dict(zip(foods, seat.food, strict=True)),
            "rows": rows,
            "bonus": sorted(g.bonus.name(g, b) for b in seat.bonus) if mine else len(seat.bonus),
            # the classic game's own
            "habitats": rows,
            "cubes_used": seat.cubes_used,
            "spent_nectar": None,  # (a ruleset with nectar fills these two in)
            "cubes": None,
            "dealt": sorted(cards[c].name for c in seat.dealt) if mine else None if in_setup else [],
            "dealt_bonus": sorted(g.bonus.name(g, b) for b in seat.dealt_bonus) if mine else None if in_setup else [],
        }
        seats.append(entry)
    goals = [g.cardset.goals[pick.goal].sides[pick.side].name for pick in st.goals]
    tray = [cards[c].name if c != EMPTY else None for c in st.tray]
    return {
        "ruleset": g.name,
        "you": player,
        "round": st.round + 1,
        "current_player": st.current,
        "first_player": st.first,
        "players": seats,
        "face_up_birds": tray,
        "tray": tray,
        "deck_size": len(st.deck),
        "discard_size": None if in_setup else len(st.discard),
        "feeder": sorted(g.dice.names[f] for f in st.feeder),
        "goals": goals,
        "goal_points": [list(r) for r in st.goal_points],
        "bonus_deck_size": len(st.bonus_deck),
        "bonus_discard_size": len(st.bonus_discard),
        "over": st.over,
        "pending": _pending(pending, player),
    }


def _pending(pending: Decision | None, player: int) -> PendingView | None:
    shown = pending_view(pending, player)
    if shown is not None and pending is not None and pending.player != player:
        # how many answers another player has depends on their hidden hand (which birds they
        # can afford, how many they kept at setup): not even the number is shown
        shown["options"] = None
    return shown
