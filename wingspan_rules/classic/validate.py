"""Sanity checks on a loaded classic state, so a bad save fails with a message.

A save is data a person can edit.  The engine trusts its state: a count it loops over, an
index it reads, a frame it resumes.  So every number is checked to be within what a real game
can reach, and every frame to be one that could have arisen in play on the stack below it;
each check runs in time linear in the save.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .. import ir
from ..cards import CardSet
from ..frames import Frame
from ..pocket.powers import node_at
from .engine import EGG_COST_BY_COLUMN, NEST_NAMES, ROUND_TURNS, ROW
from .state import DICE_FACES, EMPTY, FOODS, HABITATS, ClassicState, Seat

_FRAME_KINDS = {
    "setup", "turn", "habitat", "feeder", "cache", "supply", "lay", "draw", "discard", "pay",
    "bonus", "share", "gather", "move", "trade", "effect",
}

NESTS = len(NEST_NAMES)
# Food a seat holds, and food cached on one bird, per kind: a player has 26 turns (8+7+6+5);
# one turn's action brings at most 4 food and the brown powers of its row at most 5 birds x 5
# dice; other players' turns add a pink power each (4 x 26).  26 x 29 + 104 + 5 at setup is
# under 1,000, and so is what one bird can cache.
MAX_FOOD = 1_000
# Players answer a few thousand questions in a game (130 turns of tens of answers at most);
# deck draws, bonus draws and dice rolls (``reveals``) are of the same order.  Ten times more
# than any game could reach, so that only impossible counters are refused.
MAX_STEPS = 100_000
# How many of something a step still owes (food to take, eggs to lay, cards to draw or to
# discard): an action gives at most 4 (+1 from a trade), a power a handful; "lay on each
# bird" at most 15; drawing every card of the tray 3.
MAX_OWED = 20
# Frames: the turn, setups or an action's frame, a power's parts (nested a few deep), a
# repeated power, pink powers of the other players' 15 birds each.
MAX_FRAMES = 80


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


def _not_each_once(found: Sequence[int], expected: set[int]) -> bool:
    """Are the ids not exactly ``expected``, each once?  (Counted once, not searched per id.)"""
    return len(found) != len(expected) or set(found) != expected


def validate_state(state: ClassicState, cards: CardSet, players: int) -> list[str]:
    problems = []
    n = len(cards.cards)
    if len(state.seats) != players:
        problems.append(f"{len(state.seats)} seats for a {players}-player game")
    birds = all_birds(state)
    every = set(range(n))
    # without the Swift-Start option its 10 birds stay in the box
    core = {c.id for c in cards.cards if not c.swift_start}
    if _not_each_once(birds, every) and _not_each_once(birds, core):
        problems.append("bird cards are not each in one place")
    bonus = all_bonus(state)
    if _not_each_once(bonus, set(range(len(cards.bonuses)))):
        problems.append("bonus cards are not each in one place")
    if len(state.tray) != 3 or any(not 0 <= f < len(DICE_FACES) for f in state.feeder) or len(state.feeder) > 5:
        problems.append("the tray or the feeder is malformed")
    for i, seat in enumerate(state.seats):
        if len(seat.rows) != 3 or any(len(r) > ROW for r in seat.rows):
            problems.append(f"player {i}'s mat is malformed")
        if len(seat.food) != len(FOODS) or any(n < 0 for n in seat.food):
            problems.append(f"player {i}'s food is malformed")
        elif any(n > MAX_FOOD for n in seat.food):
            problems.append(f"player {i} holds {max(seat.food)} of one food; no game gives a player more than {MAX_FOOD}")
        for row in seat.rows:
            for s in row:
                if 0 <= s.card < n and not 0 <= s.eggs <= cards.cards[s.card].egg_limit:
                    problems.append(f"player {i}'s {cards.cards[s.card].name} holds {s.eggs} eggs")
    if not 0 <= state.round <= 4 or len(state.goals) != 4:
        problems.append("round or goals out of range")
    elif state.over != (state.round == 4):
        problems.append("the game is over exactly when round 4 has been scored")
    if any(not 0 <= g < 2 * len(cards.goals) for g in state.goals):
        problems.append("a goal names no goal tile side")
    elif len({g // 2 for g in state.goals}) != len(state.goals):
        problems.append("the same goal tile is used for two rounds")
    if len(state.goal_points) != state.round or any(len(r) != players or any(p < 0 for p in r) for r in state.goal_points):
        problems.append("goal points are not one row of one score per player for each round played")
    elif any(p > 7 for r in state.goal_points for p in r):
        problems.append("a round's goal gave more than 7 points (the most a goal gives)")
    if not (0 <= state.current < players and 0 <= state.first < players):
        problems.append("the current or first player is not a seat of the game")
    cubes = ROUND_TURNS[state.round] if 0 <= state.round < 4 else 0
    for i, seat in enumerate(state.seats):
        slots = [s for row in seat.rows for s in row]
        if any(len(s.cached) != len(FOODS) or any(not 0 <= n <= MAX_FOOD for n in s.cached) for s in slots):
            problems.append(f"player {i}'s cached food is malformed")
        if not 0 <= seat.cubes_used <= 8 or not 0 <= seat.discard_at_end <= MAX_OWED:
            problems.append(f"player {i}'s cubes or owed discards are out of range")
        elif seat.cubes_used > cubes and not state.over:
            problems.append(f"player {i} has used {seat.cubes_used} action cubes in a round of {cubes} turns")
        if any(not 0 <= b < len(cards.bonuses) for b in seat.bonus + seat.dealt_bonus):
            problems.append(f"player {i} holds a bonus card that does not exist")
    if not 0 <= state.steps <= MAX_STEPS or not 0 <= state.reveals <= MAX_STEPS:
        problems.append(f"step or reveal counts are negative or past what a game reaches ({MAX_STEPS:,})")
    if not 0 <= state.turns_done <= sum(ROUND_TURNS) * players:
        problems.append(f"{state.turns_done} turns done, but a {players}-player game has {sum(ROUND_TURNS) * players}")
    if not 0 <= state.rng < 2**64:
        problems.append("the random generator's state is not a 64-bit number")
    if state.over and state.stack:
        problems.append("the game is over but frames are left to run")
    if not state.over and not state.stack:
        problems.append("the game is not over but nothing is left to do")
    if problems:
        return problems  # the frames are checked against seats, mats and cards known to be sound
    if len(state.stack) > MAX_FRAMES:
        return [f"{len(state.stack)} frames are waiting; a game never has more than {MAX_FRAMES}"]
    for f in state.stack:
        if f.kind not in _FRAME_KINDS or not 0 <= f.player < players or f.card >= n:
            return [f"a '{f.kind}' frame is malformed"]
        if f.kind in ("effect", "pay") and (f.card < 0 or (f.kind == "effect" and cards.cards[f.card].power is None)):
            return [f"a '{f.kind}' frame names no usable card"]
    for depth, f in enumerate(state.stack):
        problem = _frame_problem(state, cards, players, depth, f)
        if problem:
            return [problem]
    problem = _setup_problem(state, players)
    return [problem] if problem else []


def _slot_ok(seat: Seat, host: int) -> bool:
    """Does ``host`` (habitat * 10 + column) name a bird on this mat?"""
    h, i = divmod(host, 10)
    return host >= 0 and h < 3 and i < len(seat.rows[h])


def _frame_problem(state: ClassicState, cards: CardSet, players: int, depth: int, f: Frame) -> str | None:
    """What is wrong with one frame, given the frames below it; None if it could have arisen
    in play.  Each frame kind's data is checked as the engine reads it."""
    stack = state.stack
    where = f"a '{f.kind}' frame at depth {depth}"
    below = stack[depth - 1] if depth else None
    turn = stack[0]
    seat = state.seats[f.player]
    data = f.data
    if (f.kind == "turn") != (depth == 0):
        return f"{where}: the bottom frame, and only it, must be the turn"
    if f.pc < 0 or f.pc > 3 or any(not -1 <= d < 10**4 for d in data) or any(not 0 <= p < 16 for p in f.path):
        return f"{where} holds counters out of range"
    if f.kind != "effect" and f.path:
        return f"{where} has a power's path but runs no power"
    if f.kind == "turn":
        if f.player != state.current:
            return f"{where} is for player {f.player}, but it is player {state.current}'s turn"
        events = {1, *range(10, 10 + len(HABITATS)), *range(20, 20 + len(FOODS))}  # the engine's event codes
        if (f.pc == 0 and data) or not set(data) <= events or (f.pc >= 2 and data):
            return f"{where} holds events it cannot have noted"
        if f.pc == 3 and not (len(stack) > 1 and stack[1].kind == "discard"):
            return f"{where} waits for an end-of-turn discard that is not there"
        return None
    if f.kind == "setup":
        return _setup_frame_problem(state, depth, f, where)
    if turn.pc == 0:
        return f"{where} sits on a turn whose action was not taken"
    if f.kind == "habitat":
        if depth != 1 or turn.pc != 1 or f.player != state.current:
            return f"{where} must sit directly on the turn of the player taking the action"
        if not 0 <= f.host < 3:
            return f"{where} names habitat {f.host} (0 to 2)"
        row = seat.rows[f.host]
        ok = {0: not data, 1: len(data) == 2, 2: len(data) == 2 and -1 <= data[0] < len(row)}
        if f.pc > 2 or not ok[f.pc] or (data and not (0 <= data[-1] <= 3 and (f.pc != 1 or data[0] in (0, 1)))):
            return f"{where} does not match the row it activates"
        return None
    if f.kind == "pay":
        return _pay_problem(state, cards, depth, f, where)
    if f.kind == "effect":
        return _effect_problem(state, cards, players, depth, f, where)
    if below is None or below.kind not in ("habitat", "effect", "turn", "feeder", "supply"):
        return f"{where} does not sit on an action or a power"
    if f.kind in ("feeder", "supply", "cache", "lay", "draw", "discard", "trade", "move") and f.card >= 0 and cards.cards[f.card].power is None:
        return f"{where} names {cards.cards[f.card].name}, which has no power"
    counts = {"feeder": (5, 6), "supply": (3, 3), "cache": (1, 1), "lay": (4, 4 + 15), "draw": (5, 6), "discard": (1, 1)}
    if f.kind in counts:
        low, high = counts[f.kind]
        if not low <= len(data) <= high or not 0 <= data[0] <= MAX_OWED:
            return f"{where} does not hold what that step needs"
    if f.kind in ("feeder", "supply"):
        if not 0 <= data[1] < 32 or data[2] not in (0, 1) or (f.kind == "feeder" and (data[3] != 0 or data[4] not in (0, 1) or data[5:] not in ([], [1]))):
            return f"{where} holds foods or flags it cannot have"
        if data[2] and not _slot_ok(seat, f.host):
            return f"{where} would cache on a bird that is not on player {f.player}'s mat"
    elif f.kind == "cache":
        if not 0 <= data[0] < len(FOODS) or not _slot_ok(seat, f.host):
            return f"{where} caches an unknown food or on a bird that is not there"
    elif f.kind == "lay":
        if not -1 <= data[1] < NESTS or not -1 <= data[2] < len(cards.cards) or data[3] not in (0, 1):
            return f"{where} names an unknown nest or bird"
        if any(not 0 <= c < len(cards.cards) for c in data[4:]):
            return f"{where} names eggs laid on unknown birds"
    elif f.kind == "draw":
        if data[1] not in (0, 1, 2) or not 0 <= data[2] <= MAX_OWED or data[3] not in (0, 1) or data[4] not in (0, 1, 2) or data[5:] not in ([], [1]):
            return f"{where} holds a source or flags it cannot have"
    elif f.kind == "trade":
        if not ((f.pc == 0 and not data) or (f.pc == 1 and len(data) == 1 and 0 <= data[0] < len(FOODS))):
            return f"{where} does not hold the food given"
    elif f.kind == "move":
        if not _slot_ok(seat, f.host):
            return f"{where} moves a bird that is not on player {f.player}'s mat"
    elif f.kind == "bonus":
        held = set(seat.bonus)
        if len(data) < 2 or not 1 <= data[0] < len(data) or len(set(data[1:])) != len(data) - 1 or not set(data[1:]) <= held:
            return f"{where} offers bonus cards player {f.player} does not hold"
    elif f.kind in ("share", "gather"):
        if not 0 <= f.owner < players:
            return f"{where} has no owner"
        if f.kind == "gather" and (f.player != f.owner or len(data) > players):
            return f"{where} gathers more cards than there are players"
        if f.kind == "share" and (not 0 <= data[0] < players if data else True):
            return f"{where} has had more picks than there are players"
        if f.kind == "share" and f.player != (f.owner + data[0]) % players:
            return f"{where} is not the turn of the next player to pick"
    return None


def _pay_problem(state: ClassicState, cards: CardSet, depth: int, f: Frame, where: str) -> str | None:
    """A payment is for a bird in the payer's hand, into a habitat with room where the bird
    may live, on the turn whose action plays it (or on a power that plays a second bird)."""
    below = state.stack[depth - 1]
    on_action = depth == 1 and below.pc == 1
    # a power that plays a second bird is taken off the stack as it is answered: the payment
    # then sits on what ran it (the row being activated, or a larger power)
    on_power = depth >= 2 and below.kind in ("habitat", "effect")
    if not (on_action or on_power) or f.player != state.current:
        return f"{where} must sit on the turn whose action plays a bird, or on a power that plays one"
    seat = state.seats[f.player]
    card = cards.cards[f.card]
    if f.card not in seat.hand:
        return f"{where} pays for {card.name}, which is not in player {f.player}'s hand"
    if not 0 <= f.host < 3 or HABITATS[f.host] not in card.habitats:
        return f"{where} plays {card.name} into habitat {f.host}, where it cannot live"
    column = len(seat.rows[f.host])
    if column >= ROW:
        return f"{where} plays {card.name} into a full row"
    if f.pc > 1 + EGG_COST_BY_COLUMN[column] or any(not 0 <= d < len(FOODS) for d in f.data) or len(f.data) > 10:
        return f"{where} has paid food or eggs that {card.name}'s cost does not account for"
    return None


def _node(cards: CardSet, f: Frame) -> ir.Effect | None:
    power = cards.cards[f.card].power if 0 <= f.card < len(cards.cards) else None
    if power is None:
        return None
    try:
        return node_at(power, f.path)
    except (AssertionError, IndexError):
        return None


def _effect_problem(state: ClassicState, cards: CardSet, players: int, depth: int, f: Frame, where: str) -> str | None:
    card = cards.cards[f.card]
    if not 0 <= f.owner < players:
        return f"{where} has no owner"
    if not _slot_ok(state.seats[f.owner], f.host):
        return f"{where} names no bird of player {f.owner}'s mat"
    node = _node(cards, f)
    if node is None:
        return f"{where} points outside {card.name}'s power"
    if f.player != f.owner and not _inside_all_players(card.power, f.path):
        return f"{where} is player {f.player}'s, but only an 'all players' power runs for someone else"
    h, i = divmod(f.host, 10)
    moves = card.power is not None and any(isinstance(n, ir.Move) for n in ir.walk(card.power))
    if state.seats[f.owner].rows[h][i].card != f.card and not moves:  # a moved bird's frames keep its old place
        return f"{where} runs {card.name}'s power, but that bird is not where the frame says"
    data = f.data
    if isinstance(node, ir.Either):
        if len(data) > len(node.parts) or len(set(data)) != len(data) or any(not 0 <= i < len(node.parts) for i in data):
            return f"{where} names a part the power does not have"
    elif isinstance(node, ir.AllPlayers):
        if f.pc > 1 or (f.pc == 1) != (len(data) == 1) or (data and not 0 <= data[0] < players) or len(data) > 1:
            return f"{where} has a bad first player"
    elif f.pc > 2 or (data and not isinstance(node, (ir.Then, ir.When))):
        return f"{where} holds counters its power does not use"
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


def _setup_frame_problem(state: ClassicState, depth: int, f: Frame, where: str) -> str | None:
    players = len(state.seats)
    turn = state.stack[0]
    if turn.pc != 0 or state.round != 0 or state.turns_done:
        return f"{where} comes after the game has started"
    # set up in turn order from the first player, who is on top
    if f.player != (state.first + players - depth) % players:
        return f"{where} is for player {f.player}, out of turn order"
    seat = state.seats[f.player]
    kept = len(seat.hand)
    if f.pc > 2 or len(f.data) > 1 or (f.data and not 0 <= f.data[0] <= 5):
        return f"{where} does not match player {f.player}'s setup"
    if f.pc == 0 and (kept != (f.data[0] if f.data else 0) or len(seat.dealt) + kept != 5):
        return f"{where} does not match the birds player {f.player} was dealt and kept"
    if f.pc >= 1 and (seat.dealt or not f.data or len(seat.food) != 5):
        return f"{where} does not match the birds player {f.player} kept"
    # one food is returned for each bird kept, from the 5 dealt
    returned = 5 - sum(seat.food)
    if f.pc == 0 and seat.food != [1] * 5:
        return f"{where} has player {f.player} hold other food than the 5 dealt"
    if f.pc >= 1 and (returned + f.data[0] != kept or (f.pc == 2 and f.data[0])):
        return f"{where} has player {f.player} return food that does not match the birds kept"
    if len(seat.dealt_bonus) != 2 or seat.bonus or any(seat.rows) or seat.cubes_used:
        return f"{where} is for a player who is not being set up"
    return None


def _setup_problem(state: ClassicState, players: int) -> str | None:
    """Dealt birds and bonus cards wait only for a player still being set up."""
    waiting = {f.player for f in state.stack if f.kind == "setup"}
    for i, seat in enumerate(state.seats):
        if i not in waiting and (seat.dealt or seat.dealt_bonus):
            return f"player {i} still holds dealt cards but is not being set up"
    counts = Counter(f.player for f in state.stack if f.kind == "setup")
    if counts and max(counts.values()) > 1:
        return "a player is being set up twice"
    return None
