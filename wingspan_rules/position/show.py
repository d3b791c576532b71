"""A game as a table for people (``wingspan-rules show``): each mat, the supply and the score.

Hidden things stay hidden: a hand is shown as ``Game.view`` shows it to the player it is shown
to (by name for their own, and for another's where the rules show it; else a count).
"""

from __future__ import annotations

from typing import Any

from ..engine.state import Bird
from ..views import shown_hand


def _bird(b: Bird, name: str, foods: tuple[str, ...]) -> str:
    parts = []
    if b.eggs:
        parts.append(f"{b.eggs} egg{'s' if b.eggs != 1 else ''}")
    for k, n in enumerate(b.cached):
        if n:
            parts.append(f"{n} {foods[k]} cached")
    if b.tucked:
        parts.append(f"{len(b.tucked)} tucked")
    return name + (f" ({', '.join(parts)})" if parts else "")


def _held(game: Any, p: int, player: int | None) -> str:
    """Player ``p``'s hand (Pocket: reserve birds) as ``player`` sees it, read from the view like
    every other reader: by name where the rules show it (one's own, Pocket's reserve, classic's
    ``public_hands``), else a count ("hidden" while the hands are being dealt)."""
    hand = shown_hand(game.view(player if player is not None else (p + 1) % game.players)["players"][p])
    if hand is None:
        return "hidden"
    if isinstance(hand, int):
        return f"{hand} card{'s' if hand != 1 else ''}"
    return ", ".join(hand) or "none"


def show(game: Any, player: int | None = None) -> str:
    """The position as a table; ``player``: whose hand is shown by name (None: nobody's)."""
    from ..pocket.rules import PocketRules

    st, cards = game.state, game.cards
    names = [c.name for c in cards.cards]
    pocket = issubclass(game.rules_class, PocketRules)
    pending = game.pending
    head = f"{game.ruleset}, {game.players} players, " + ("the game is over" if pending is None else game.turn_label())
    lines = [head]
    if pending is not None:
        lines.append(f"waiting for p{pending.player}: {pending.kind}" + (f" [{pending.source}]" if pending.source else ""))
    sheet = game.score()
    for p, seat in enumerate(st.seats):
        held = _held(game, p, player)
        lines.append("")
        if pocket:
            food = ", ".join(cards.cards[c].food_kind for c in seat.food_cards) or "none"
            lines.append(f"p{p}  birds in reserve: {held}; food: {food}; nest: {seat.nest_eggs} egg{'s' if seat.nest_eggs != 1 else ''}; score so far {sheet.players[p].total}")
            lines.append("  flock      | " + "; ".join(_bird(b, names[b.card], ()) for b in seat.flock))
            continue
        rs = game.rules_class
        food = ", ".join(f"{n} {rs.foods[k]}" for k, n in enumerate(seat.food) if n) or "none"
        lines.append(f"p{p}  hand: {held}; food: {food}; bonus cards: {len(seat.bonus)}; cubes used: {seat.cubes_used}; score so far {sheet.players[p].total}")
        for h, row in enumerate(seat.rows):
            lines.append(f"  {rs.habitats[h]:<10} | " + "; ".join(_bird(b, names[b.card], rs.foods) for b in row))
        if any(getattr(seat, "spent_nectar", ())):  # (seats that keep spent nectar)
            lines.append("  nectar spent: " + ", ".join(f"{rs.habitats[h]} {n}" for h, n in enumerate(seat.spent_nectar)))
    lines.append("")
    if pocket:
        lines.append("decks: " + ", ".join(f"{len(d)} (top {cards.cards[d[-1]].food_kind})" if d else "empty" for d in st.decks))
        lines.append("supply: " + ", ".join(names[c] if c >= 0 else "empty" for c in st.face_up))
        if st.goals:
            lines.append("goals: " + ", ".join(cards.goals[g.goal].sides[g.side].name for g in st.goals))
    else:
        rs = game.rules_class
        lines.append("feeder: " + (", ".join(rs.dice.names[f] for f in st.feeder) or "empty"))
        lines.append("tray: " + ", ".join(names[c] if c >= 0 else "empty" for c in st.tray))
        lines.append(f"deck: {len(st.deck)} cards; discard pile: {len(st.discard)} cards")
        for r, g in enumerate(st.goals):
            scored = st.goal_points[r] if r < len(st.goal_points) else None
            got = " (" + ", ".join(f"p{p} {n}" for p, n in enumerate(scored)) + ")" if scored is not None else ""
            lines.append(f"goal of round {r + 1}: {cards.goals[g.goal].sides[g.side].name}{got}")
    return "\n".join(lines) + "\n"
