"""Sanity checks on a loaded Pocket state, so a bad save fails with a message, not later."""

from __future__ import annotations

from ..cards import CardSet
from .engine import DECKS
from .state import EMPTY, PocketState

_FRAME_KINDS = {"setup", "turn", "pay", "draw", "lay", "copy-green", "effect"}
_CARD_FRAMES = {"pay", "copy-green", "effect"}


def all_cards(state: PocketState) -> list[int]:
    """Every card id wherever it lies (used for conservation checks)."""
    out: list[int] = []
    for p in state.players:
        out += p.food + p.birds + p.dealt
        for b in p.flock:
            out.append(b.card)
            out += b.tucked
    for d in state.decks:
        out += d
    out += [c for c in state.face_up if c != EMPTY]
    out += state.discard
    return out


def validate_state(state: PocketState, cards: CardSet, players: int) -> list[str]:
    problems = []
    n = len(cards.cards)
    if len(state.players) != players:
        problems.append(f"{len(state.players)} player seats for a {players}-player game")
    if len(state.decks) != DECKS or len(state.face_up) != DECKS:
        problems.append(f"there must be {DECKS} food decks and {DECKS} face-up slots")
    seen = all_cards(state)
    if sorted(seen) != list(range(n)):
        missing = sorted(set(range(n)) - set(seen))[:5]
        dup = sorted({c for c in seen if seen.count(c) > 1})[:5]
        problems.append(f"cards are not each in one place (missing {missing}, repeated {dup}, out of range {[c for c in seen if not 0 <= c < n][:5]})")
    for i, p in enumerate(state.players):
        if not 0 <= p.nest_eggs <= 3:
            problems.append(f"player {i}'s Nest holds {p.nest_eggs} eggs (0 to 3)")
        for b in p.flock:
            if 0 <= b.card < n and not 0 <= b.eggs <= cards.cards[b.card].egg_limit:
                problems.append(f"player {i}'s {cards.cards[b.card].name} holds {b.eggs} eggs")
    if not 0 <= state.current < players or not 0 <= state.first < players:
        problems.append("current or first player out of range")
    for gid, side in state.goals:
        if not (0 <= gid < len(cards.goals) and side in (0, 1)):
            problems.append(f"unknown goal {gid} side {side}")
    for f in state.stack:
        if f.kind not in _FRAME_KINDS:
            problems.append(f"unknown frame kind '{f.kind}'")
        elif not 0 <= f.player < players:
            problems.append(f"frame for unknown player {f.player}")
        elif f.card >= n or (f.kind in _CARD_FRAMES and f.card < 0):
            problems.append(f"a '{f.kind}' frame names unknown card {f.card}")
        elif f.kind in ("effect", "copy-green") and cards.cards[f.card].power is None:
            problems.append(f"a '{f.kind}' frame names {cards.cards[f.card].name}, which has no power")
    if not state.over and not state.stack:
        problems.append("the game is not over but nothing is left to do")
    return problems
