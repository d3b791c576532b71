"""Sanity checks on a loaded Pocket state, so a bad save fails with a message, not later."""

from __future__ import annotations

from .. import ir
from ..cards import CardSet
from .engine import DECKS
from .powers import node_at
from .state import EMPTY, NEST, Frame, PocketState

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
    for goal in state.goals:
        if len(goal) != 2 or not (0 <= goal[0] < len(cards.goals) and goal[1] in (0, 1)):
            problems.append(f"unknown goal {goal[0]} side {goal[1]}" if len(goal) == 2 else f"goal entry {goal} is not [goal, side]")
    for i, p in enumerate(state.players):
        if p.turns < 0:
            problems.append(f"player {i} has played {p.turns} turns")
        for copy in p.green_copies:
            # [flock index of the copying bird, copied card]
            if len(copy) != 2 or not (0 <= copy[0] < len(p.flock) and 0 <= copy[1] < n):
                problems.append(f"player {i} has a green copy {copy} that names no bird in play")
    if problems:
        return problems  # the frames are checked against players, flocks and cards known to be sound
    for depth, f in enumerate(state.stack):
        problem = _frame_problem(state, cards, players, depth, f)
        if problem:
            problems.append(problem)
            break
    if not state.over and not state.stack:
        problems.append("the game is not over but nothing is left to do")
    return problems


def _frame_problem(state: PocketState, cards: CardSet, players: int, depth: int, f: Frame) -> str | None:
    """What is wrong with one frame of the stack, or None.

    A save is data a person can edit; the engine trusts its frames, so a frame that could
    not have arisen in play (a bad index, a payment for a card not in the reserve) is
    refused here rather than failing later in the middle of a move.
    """
    n = len(cards.cards)
    if f.kind not in _FRAME_KINDS:
        return f"unknown frame kind '{f.kind}'"
    if not 0 <= f.player < players:
        return f"frame for unknown player {f.player}"
    if f.card >= n or (f.kind in _CARD_FRAMES and f.card < 0):
        return f"a '{f.kind}' frame names unknown card {f.card}"
    if f.kind in ("effect", "copy-green") and cards.cards[f.card].power is None:
        return f"a '{f.kind}' frame names {cards.cards[f.card].name}, which has no power"
    if f.pc < 0 or any(d < -1 for d in f.data):
        return f"a '{f.kind}' frame holds negative counters"
    turn_pc = state.stack[0].pc if state.stack and state.stack[0].kind == "turn" else -1
    seat = state.players[f.player]
    where = f"a '{f.kind}' frame at depth {depth}"
    if (f.kind == "turn") != (depth == 0):
        return f"{where}: the bottom frame, and only it, must be the turn"
    if f.kind in ("turn", "pay", "draw", "lay", "copy-green") and f.player != state.current:
        return f"{where} is for player {f.player}, but it is player {state.current}'s turn"
    if f.kind == "turn":
        if f.pc not in (0, 1) or (f.pc == 1 and (len(f.data) != 1 or not 0 <= f.data[0] <= len(seat.flock))):
            return f"{where} has a bad position in the flock"
    elif f.kind == "setup":
        if turn_pc != 0 or len(seat.dealt) != 6 or len(f.data) >= 2 or not set(f.data) <= set(seat.dealt):
            return f"{where} does not match player {f.player}'s dealt cards"
    elif f.kind in ("pay", "draw", "lay"):
        if depth != 1 or turn_pc != 1:
            return f"{where} must sit directly on a turn whose nest action was taken"
        if f.kind == "pay" and f.card not in seat.birds:
            return f"{where} pays for {cards.cards[f.card].name}, which is not a bird in player {f.player}'s reserve"
        if f.kind == "pay" and (f.pc > 1 + cards.cards[f.card].egg_cost or not set(f.data) <= set(state.discard)):
            return f"{where} has paid cards or eggs that {cards.cards[f.card].name}'s cost does not account for"
        if f.kind == "draw" and (len(f.data) != 1 or not 1 <= f.data[0] <= 2):
            return f"{where} must have 1 or 2 cards left to draw"
        if f.kind == "lay" and (len(f.data) > 2 or len(set(f.data)) != len(f.data) or any(not NEST <= t < len(seat.flock) for t in f.data)):
            return f"{where} names eggs laid on cards that are not in the flock"
    elif f.kind == "copy-green":
        power = cards.cards[f.card].power
        if not (isinstance(power, ir.Copy) and 0 <= f.host < len(seat.flock) and seat.flock[f.host].card == f.card):
            return f"{where} does not name a green copy bird in player {f.player}'s flock"
    else:  # effect
        return _effect_problem(state, cards, players, where, f)
    return None


def _effect_problem(state: PocketState, cards: CardSet, players: int, where: str, f: Frame) -> str | None:
    power = cards.cards[f.card].power  # a brown power: its own bird's or one copied
    if cards.cards[f.card].colour != "brown" or not 0 <= f.owner < players:
        return f"{where} runs no brown power or has no owner"
    if not 0 <= f.host < len(state.players[f.owner].flock):
        return f"{where} names no bird of player {f.owner}'s flock"
    try:
        node = node_at(power, f.path)  # type: ignore[arg-type]
    except (AssertionError, IndexError):
        return f"{where} points outside {cards.cards[f.card].name}'s power"
    if isinstance(node, ir.Either) and any(not 0 <= i < len(node.parts) for i in f.data):
        return f"{where} names a part the power does not have"
    if isinstance(node, ir.AllPlayers) and node.from_one_deck:
        deck_ok = len(f.data) == min(f.pc, 2) and (f.pc == 0 or 0 <= f.data[0] < DECKS)
        if not deck_ok or f.pc > 2 or (f.pc == 2 and not 0 <= f.data[1] < players):
            return f"{where} has a bad deck or first player"
    elif isinstance(node, ir.AllPlayers) and f.pc > players + 1:
        return f"{where} has gone past the last player"
    return None
