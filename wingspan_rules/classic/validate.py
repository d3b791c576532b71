"""Sanity checks on a loaded classic state, so a bad save fails with a message."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir, rng
from ..cards import CardSet
from ..engine.handlers import NODE_HANDLERS
from ..engine.interpreter import ShareCardsFrame
from ..engine.state import ACTION, Frame, PowerFrame
from .state import EMPTY, ClassicState

if TYPE_CHECKING:
    from .rules import ClassicRules

_MAX_STEPS = 100_000
_MAX_FOOD = 999  # no seat gathers this much food in a game of a few dozen turns


def all_birds(state: ClassicState) -> list[int]:
    """Every bird card id wherever it lies (for conservation checks)."""
    out = list(state.deck) + list(state.discard) + [c for c in state.tray if c != EMPTY]
    for seat in state.seats:
        out += seat.hand + seat.dealt
        for row in seat.rows:
            for b in row:
                out.append(b.card)
                out += b.tucked
                out += b.stand_ins
    for f in state.stack:
        if isinstance(f, ShareCardsFrame):
            out += f.pool
    return out


def all_bonus(state: ClassicState) -> list[int]:
    out = list(state.bonus_deck) + list(state.bonus_discard)
    for seat in state.seats:
        out += seat.bonus + seat.dealt_bonus
    return out


def validate_state(rules: type[ClassicRules], state: ClassicState, cards: CardSet, players: int) -> list[str]:
    problems = []
    foods = len(rules.foods)
    habitats = len(rules.habitats)
    rounds = len(rules.turns_per_round)
    if len(state.seats) != players:
        problems.append(f"{len(state.seats)} seats for a {players}-player game")
    if not rng.valid(state.rng):
        problems.append("the random generator state is malformed")
    birds = all_birds(state)
    if len(set(birds)) != len(birds) or any(not 0 <= c < len(cards.cards) for c in birds):
        problems.append("bird cards are not each in one place")
    bonus = all_bonus(state)
    if sorted(bonus) != list(range(len(cards.bonuses))):
        problems.append("bonus cards are not each in one place")
    if len(state.tray) != rules.tray_size or any(not 0 <= f < len(rules.dice.faces) for f in state.feeder) or len(state.feeder) > rules.dice.count:
        problems.append("the tray or the feeder is malformed")
    for i, seat in enumerate(state.seats):
        if len(seat.rows) != habitats or any(len(r) > rules.row_length for r in seat.rows):
            problems.append(f"player {i}'s mat is malformed")
            continue
        if len(seat.food) != foods or any(not 0 <= n <= _MAX_FOOD for n in seat.food):
            problems.append(f"player {i}'s food is malformed")
        for row in seat.rows:
            for b in row:
                if 0 <= b.card < len(cards.cards) and not 0 <= b.eggs <= cards.cards[b.card].egg_limit:
                    problems.append(f"player {i}'s {cards.cards[b.card].name} holds {b.eggs} eggs")
                if len(b.cached) != foods or any(not 0 <= n <= _MAX_FOOD for n in b.cached):
                    problems.append(f"player {i}'s cached food is malformed")
        if not 0 <= seat.cubes_used <= max(rules.turns_per_round) or not 0 <= seat.discard_at_end <= len(cards.cards):
            problems.append(f"player {i}'s cubes or owed discards are out of range")
        if any(not 0 <= b < len(cards.bonuses) for b in seat.bonus + seat.dealt_bonus):
            problems.append(f"player {i} holds a bonus card that does not exist")
    if not 0 <= state.round <= rounds or len(state.goals) != rounds:
        problems.append("round or goals out of range")
    elif state.over != (state.round == rounds):
        problems.append(f"the game is over exactly when round {rounds} has been scored")
    if any(not (0 <= g.goal < len(cards.goals) and g.side in (0, 1)) for g in state.goals):
        problems.append("a goal names no goal tile side")
    if len(state.goal_points) != state.round or any(len(r) != players or any(not 0 <= p <= 100 for p in r) for r in state.goal_points):
        problems.append("goal points are not one row of one score per player for each round played")
    if not (0 <= state.current < players and 0 <= state.first < players):
        problems.append("the current or first player is not a seat of the game")
    if not (0 <= state.steps <= _MAX_STEPS and 0 <= state.reveals <= _MAX_STEPS and 0 <= state.turns_done <= _MAX_STEPS):
        problems.append("step, reveal or turn counts are out of range")
    if problems:
        return problems
    for depth, f in enumerate(state.stack):
        problem = _frame_problem(rules, state, cards, players, depth, f)
        if problem:
            problems.append(problem)
            break
    if not state.over and not state.stack:
        problems.append("the game is not over but nothing is left to do")
    return problems


def _frame_problem(rules: type[ClassicRules], state: ClassicState, cards: CardSet, players: int, depth: int, f: Frame) -> str | None:
    """What is wrong with one frame, or None: a frame that could not have arisen in play is
    refused here rather than failing later in the middle of a move."""
    from .rules import DiscardAtEndFrame, HabitatFrame, PayFrame, SetupFrame, TurnFrame

    n = len(cards.cards)
    where = f"a '{f.kind}' frame at depth {depth}"
    if not 0 <= f.player < players:
        return f"{where} is for unknown player {f.player}"
    if isinstance(f, TurnFrame) != (depth == 0):
        return f"{where}: the bottom frame, and only it, must be the turn"
    turn = state.stack[0]
    acted = isinstance(turn, TurnFrame) and turn.stage > 0
    if isinstance(f, TurnFrame):
        if not 0 <= f.stage <= 3 or f.player != state.current or len(f.events) > 64:
            return f"{where} is malformed"
        return None
    if isinstance(f, SetupFrame):
        if acted or not 0 <= f.stage <= 2 or not 0 <= f.owed <= rules.setup_birds:
            return f"{where} is malformed"
        return None
    if isinstance(f, HabitatFrame):
        if depth != 1 or not acted or f.player != state.current or not 0 <= f.habitat < len(rules.habitats):
            return f"{where} must sit directly on the turn of the player taking the action"
        row = state.seats[f.player].rows[f.habitat]
        if len(row) >= rules.row_length + 1 or not 0 <= f.stage <= 2 or not 0 <= f.extra <= 2 or not -1 <= f.next_brown < rules.row_length:
            return f"{where} is malformed"
        return None
    if isinstance(f, PayFrame):
        seat = state.seats[f.player]
        if not 0 <= f.card < n or f.card not in seat.hand or not 0 <= f.habitat < len(rules.habitats):
            return f"{where} pays for a card that is not in player {f.player}'s hand"
        if len(seat.rows[f.habitat]) >= rules.row_length or not 0 <= f.eggs_paid <= max(rules.egg_cost_by_column):
            return f"{where} pays for a slot its habitat does not have"
        if any(not 0 <= food < len(rules.foods) for food in f.paid) or len(f.paid) > 12:
            return f"{where} has paid food that cannot be"
        return None
    if isinstance(f, DiscardAtEndFrame):
        if depth != 1 or not 0 <= f.left <= n:
            return f"{where} is malformed"
        return None
    if not isinstance(f, PowerFrame):
        return f"{where} is not a frame a classic game uses"
    if f.card == ACTION:
        below = state.stack[depth - 1]
        if depth != 2 or not isinstance(below, HabitatFrame) or f.player != below.player or f.path not in ((0,), (1,), (2,)):
            return f"{where} must run the benefit of a habitat action, directly on it"
        node: ir.Effect | None = rules.action_nodes[f.path[0]]
    else:
        if not 0 <= f.card < n or cards.cards[f.card].power is None:
            return f"{where} names no card with a power"
        if not 0 <= f.owner < players or f.host.row >= len(rules.habitats):
            return f"{where} names no bird of its owner"
        node = cards.cards[f.card].power
        try:
            for i in f.path:
                assert node is not None
                node = ir.part(node, i)
        except (IndexError, TypeError):
            return f"{where} points outside {cards.cards[f.card].name}'s power"
    if node is None or NODE_HANDLERS[type(node)].frame_type is not type(f):
        return f"{where} does not match the step of the power it points at"
    for name in ("left", "stage", "owed", "picks"):
        value = getattr(f, name, 0)
        if not -1 <= value <= 2 * n:
            return f"{where} holds a count out of range"
    return None
