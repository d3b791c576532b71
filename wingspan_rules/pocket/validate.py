"""Sanity checks on a loaded Pocket state, so a bad save fails with a message, not later.

Every number is checked to be within what a real game can reach and every frame to be one
that could have arisen in play on the stack below it; each check runs in time linear in the
save (no search per card).
"""

from __future__ import annotations

from collections import Counter

from .. import ir
from ..cards import CardSet
from ..frames import Frame
from .engine import DECKS
from .powers import node_at
from .state import EMPTY, NEST, PocketState

_FRAME_KINDS = {"setup", "turn", "pay", "draw", "lay", "copy-green", "effect"}
_CARD_FRAMES = {"pay", "copy-green", "effect"}

FLOCK_END = 6  # the engine's flock size that ends the game: a player never plays past it
HAND = 6  # cards dealt to each player in the advanced setup
# The rules do not bound a Pocket game's length (players may keep laying eggs on full birds),
# but no game played comes near a million turns or answers: past that a counter was edited.
MAX_TURNS = 1_000_000
# Frames: the turn, a setup per player or the action's frame, brown powers nested a few parts
# deep, a copied power, green copies at the start of a turn.
MAX_FRAMES = 64


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
    counts = Counter(seen)
    if len(seen) != n or len(counts) != n or min(counts, default=0) < 0 or max(counts, default=n - 1) >= n:
        missing = [c for c in range(n) if c not in counts][:5]
        dup = sorted(c for c, k in counts.items() if k > 1)[:5]
        problems.append(f"cards are not each in one place (missing {missing}, repeated {dup}, out of range {sorted(c for c in counts if not 0 <= c < n)[:5]})")
    if any(c != EMPTY and not 0 <= c < n for c in state.face_up):
        problems.append("a face-up slot holds something that is not a card")
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
    if len(state.goals) not in (0, 2) or len({g[0] for g in state.goals if g}) != len(state.goals):
        problems.append("an advanced game has two different goals, a basic game none")
    for i, p in enumerate(state.players):
        if len(p.flock) > FLOCK_END:
            problems.append(f"player {i} has {len(p.flock)} birds in play; the game ends at {FLOCK_END}")
        elif len(p.flock) == FLOCK_END and not state.end_triggered:
            problems.append(f"player {i} has {FLOCK_END} birds in play but the end of the game was not triggered")
        if p.dealt and (len(p.dealt) != HAND or not state.goals):
            problems.append(f"player {i} holds {len(p.dealt)} dealt cards (the advanced setup deals {HAND})")
        if not 0 <= p.turns <= MAX_TURNS:
            problems.append(f"player {i} has played {p.turns} turns")
        for copy in p.green_copies:
            # [flock index of the copying bird, copied card]
            if len(copy) != 2 or not (0 <= copy[0] < len(p.flock) and 0 <= copy[1] < n):
                problems.append(f"player {i} has a green copy {copy[:4]} that names no bird in play")
        if len(p.green_copies) > len(p.flock):
            problems.append(f"player {i} has more green copies than birds")
    if not 0 <= state.steps <= MAX_TURNS * 100 or not 0 <= state.rng < 2**64:
        problems.append("the step count or the random generator's state is out of range")
    if state.over and (state.stack or not state.end_triggered):
        problems.append("the game is over but its end was not triggered or frames are left to run")
    if len(state.stack) > MAX_FRAMES:
        problems.append(f"{len(state.stack)} frames are waiting; a game never has more than {MAX_FRAMES}")
    if problems:
        return problems  # the frames are checked against players, flocks and cards known to be sound
    for depth, f in enumerate(state.stack):
        problem = _frame_problem(state, cards, players, depth, f)
        if problem:
            problems.append(problem)
            break
    waiting = {f.player for f in state.stack if f.kind == "setup"}
    for i, p in enumerate(state.players):
        if p.dealt and i not in waiting:
            problems.append(f"player {i} still holds dealt cards but is not being set up")
    if not problems:
        # turns go round from the first player: those before the current one have had one more
        # (when the game is over, everyone has had the same number)
        now = state.players[state.current].turns
        ahead = players if state.over else (state.current - state.first) % players
        for k in range(players):
            seat = state.players[(state.first + k) % players]
            if seat.turns != now + (1 if k < ahead and not state.over else 0):
                problems.append("the players' turn counts do not go round from the first player")
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
    if f.pc > 32 or (f.pc and f.kind in ("setup", "draw", "lay", "copy-green")) or any(d > n for d in f.data) or any(not 0 <= i < 16 for i in f.path) or (f.path and f.kind != "effect"):
        return f"a '{f.kind}' frame holds counters past what its step can reach"
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
        # set up one by one from the first player (on top), before the first turn
        if f.player != (state.first + players - depth) % players or state.current != state.first:
            return f"{where} is for player {f.player}, out of turn order"
        if seat.birds or seat.food or seat.flock or seat.turns or seat.green_copies or seat.nest_eggs != 1:
            return f"{where} is for player {f.player}, who holds cards or eggs besides the 6 dealt"
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
        if state.stack[depth - 1].kind not in ("turn", "copy-green"):
            return f"{where} must sit on the turn"
        power = cards.cards[f.card].power
        if not (isinstance(power, ir.Copy) and 0 <= f.host < len(seat.flock) and seat.flock[f.host].card == f.card and f.owner == f.player):
            return f"{where} does not name a green copy bird in player {f.player}'s flock"
    else:  # effect: brown powers run after the nest action, each on the turn or on a larger power
        if turn_pc != 1 or state.stack[depth - 1].kind not in ("turn", "effect"):
            return f"{where} must sit on a turn whose nest action was taken, or on a larger power"
        return _effect_problem(state, cards, players, where, f)
    return None


def _effect_problem(state: PocketState, cards: CardSet, players: int, where: str, f: Frame) -> str | None:
    power = cards.cards[f.card].power  # a brown power: its own bird's or one copied
    if cards.cards[f.card].colour != "brown" or not 0 <= f.owner < players:
        return f"{where} runs no brown power or has no owner"
    if not 0 <= f.host < len(state.players[f.owner].flock):
        return f"{where} names no bird of player {f.owner}'s flock"
    if f.player != f.owner and not _inside_all_players(power, f.path):
        return f"{where} is player {f.player}'s, but only an 'all players' power runs for someone else"
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


def _inside_all_players(power: ir.Effect | None, path: tuple[int, ...]) -> bool:
    """Is the node at ``path`` part of an 'all players' power (run for each player)?"""
    for k in range(len(path)):
        try:
            node = node_at(power, path[:k]) if power is not None else None
        except (AssertionError, IndexError):
            return False
        if isinstance(node, ir.AllPlayers):
            return True
    return False
