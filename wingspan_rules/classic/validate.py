"""Sanity checks on a loaded classic state, so a bad save fails with a message."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs

from .. import ir, rng
from ..cards import CardSet
from ..engine.handlers import NODE_HANDLERS, Loaded, node_of_frame
from ..engine.state import ACTION, MAX_OWED, NOWHERE, Frame, PowerFrame
from ..i18n import _
from ..powers.look import LookFrame
from ..powers.share import ShareCardsFrame
from .state import EMPTY, ClassicState

if TYPE_CHECKING:
    from .rules import ClassicRules

# Players answer a few thousand questions in a game; deck draws, bonus draws and dice rolls
# (``reveals``) are of the same order.  Ten times more than any game reaches.
_MAX_STEPS = 100_000
# Food a seat holds, and food cached on one bird, per kind: a player has 26 turns; one turn's
# action brings at most a few food and the brown powers of its row a few more each; other
# players' turns add a pink power each.  Well under 1,000.
_MAX_FOOD = 1_000
# Frames: the turn, setups or an action's frame, a power's parts nested a few deep, a repeated
# power, pink powers of the other players' birds.
_MAX_FRAMES = 80


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
        elif isinstance(f, LookFrame):
            out += f.seen
    return out


def all_bonus(state: ClassicState) -> list[int]:
    out = list(state.bonus_deck) + list(state.bonus_discard)
    for seat in state.seats:
        out += seat.bonus + seat.dealt_bonus
    return out


def validate_state(rules: type[ClassicRules], state: ClassicState, cards: CardSet, players: int, options: dict[str, Any]) -> list[str]:
    problems = []
    foods = len(rules.foods)
    habitats = len(rules.habitats)
    rounds = len(rules.turns_per_round)
    if len(state.seats) != players:
        problems.append(_("{seats} seats for a {players}-player game").format(seats=len(state.seats), players=players))
    if not rng.valid(state.rng):
        problems.append(_("the random generator state is malformed"))
    birds = all_birds(state)
    dealt = {c.id for c in cards.cards if rules.in_game(c, options)}  # the others stay in the box
    if len(set(birds)) != len(birds) or set(birds) != dealt:
        problems.append(_("bird cards are not each in one place"))
    bonus = all_bonus(state)
    if sorted(bonus) != list(range(len(cards.bonuses))):
        problems.append(_("bonus cards are not each in one place"))
    if len(state.tray) != rules.tray_size or any(not 0 <= f < len(rules.dice.faces) for f in state.feeder) or len(state.feeder) > rules.dice.count:
        problems.append(_("the tray or the feeder is malformed"))
    for i, seat in enumerate(state.seats):
        if len(seat.rows) != habitats or any(len(r) > rules.row_length for r in seat.rows):
            problems.append(_("player {player}'s mat is malformed").format(player=i))
            continue
        if len(seat.food) != foods or any(n < 0 for n in seat.food):
            problems.append(_("player {player}'s food is malformed").format(player=i))
        elif any(n > _MAX_FOOD for n in seat.food):
            problems.append(_("player {player} holds {n} of one food; no game gives a player more than {most}").format(player=i, n=max(seat.food), most=f"{_MAX_FOOD:,}"))
        for row in seat.rows:
            for b in row:
                if 0 <= b.card < len(cards.cards) and not 0 <= b.eggs <= cards.cards[b.card].egg_limit:
                    problems.append(_("player {player}'s {bird} holds {eggs} eggs").format(player=i, bird=cards.cards[b.card].name, eggs=b.eggs))
                if len(b.cached) != foods or any(not 0 <= n <= _MAX_FOOD for n in b.cached):
                    problems.append(_("player {player}'s cached food is malformed").format(player=i))
        cubes = rules.turns_in(state, cards, state.round) if 0 <= state.round < rounds else 0
        if not 0 <= seat.cubes_used <= max(rules.turns_per_round) + rounds or not 0 <= seat.discard_at_end <= MAX_OWED:
            problems.append(_("player {player}'s cubes or owed discards are out of range").format(player=i))
        elif seat.cubes_used > cubes and not state.over:
            problems.append(_("player {player} has used {used} action cubes in a round of {turns} turns").format(player=i, used=seat.cubes_used, turns=cubes))
        if any(not 0 <= b < len(cards.bonuses) for b in seat.bonus + seat.dealt_bonus):
            problems.append(_("player {player} holds a bonus card that does not exist").format(player=i))
        extra = rules.seat_problem(seat)
        if extra:
            problems.append(_("player {player}'s {problem}").format(player=i, problem=extra))
    if not 0 <= state.round <= rounds or len(state.goals) != rounds:
        problems.append(_("round or goals out of range"))
    elif state.over != (state.round == rounds) and not rules.in_game_end(state):
        problems.append(_("the game is over exactly when round {rounds} has been scored").format(rounds=rounds))
    if any(not (0 <= g.goal < len(cards.goals) and g.side in (0, 1)) for g in state.goals):
        problems.append(_("a goal names no goal tile side"))
    most = max(max(max(r) for r in rules.green_points), rules.blue_max)
    if len(state.goal_points) != state.round or any(len(r) != players or any(not 0 <= p <= most for p in r) for r in state.goal_points):
        problems.append(_("goal points are not one row of one score (0 to {most}) per player for each round played").format(most=most))
    if len({g.goal for g in state.goals}) != len(state.goals):
        problems.append(_("the same goal tile is used for two rounds"))
    if not (0 <= state.current < players and 0 <= state.first < players):
        problems.append(_("the current or first player is not a seat of the game"))
    if len(state.dice_to_come) > 100 or any(not 0 <= f < len(rules.dice.faces) for f in state.dice_to_come):
        problems.append(_("the dice to come show faces the dice do not have, or more than 100 of them"))
    if not (0 <= state.steps <= _MAX_STEPS and 0 <= state.reveals <= _MAX_STEPS):
        problems.append(_("step or reveal counts are negative or past what a game reaches ({most})").format(most=f"{_MAX_STEPS:,}"))
    most = sum(rules.turns_in(state, cards, r) for r in range(rounds)) * players
    if not 0 <= state.turns_done <= most:
        problems.append(_("{done} turns done, but this {players}-player game has {most}").format(done=state.turns_done, players=players, most=most))

    if state.over and state.stack:
        problems.append(_("the game is over but frames are left to run"))
    if len(state.stack) > _MAX_FRAMES:
        problems.append(_("{n} frames are waiting; a game never has more than {most}").format(n=len(state.stack), most=_MAX_FRAMES))
    if problems:
        return problems
    for depth, f in enumerate(state.stack):
        problem = rules.frame_problem(state, cards, players, depth, f)
        if problem:
            problems.append(problem)
            break
    if not state.over and not state.stack:
        problems.append(_("the game is not over but nothing is left to do"))
    order = None if problems else rules.cubes_problem(state)
    if order:
        problems.append(order[1])
    if not problems and state.turns_done != rules.turns_on_table(state, cards):
        problems.append(_("{done} turns done, but the rounds, the cubes and the turn under way make {made}").format(done=state.turns_done, made=rules.turns_on_table(state, cards)))
    return problems


def _inside_all_players(power: ir.Effect | None, path: tuple[int, ...]) -> bool:
    """Is the node at ``path`` part of an 'all players' power (run for each player)?"""
    node = power
    for i in path:
        if isinstance(node, ir.AllPlayers):
            return True
        if node is None:
            return False
        node = ir.part(node, i)
    return False


def frame_problem(rules: type[ClassicRules], state: ClassicState, cards: CardSet, players: int, depth: int, f: Frame) -> str | None:
    """What is wrong with one frame, or None: a frame that could not have arisen in play is
    refused here rather than failing later in the middle of a move."""
    from .state import DiscardAtEndFrame, HabitatFrame, PayFrame, SetupFrame, TurnFrame

    n = len(cards.cards)
    where = _("a '{kind}' frame at depth {depth}").format(kind=f.kind, depth=depth)
    if not 0 <= f.player < players:
        return _("{where} is for unknown player {player}").format(where=where, player=f.player)
    if isinstance(f, TurnFrame) != (depth == 0):
        return _("{where}: the bottom frame, and only it, must be the turn").format(where=where)
    turn = state.stack[0]
    acted = isinstance(turn, TurnFrame) and turn.stage > 0
    if isinstance(f, TurnFrame):
        if not 0 <= f.stage <= 3 or f.player != state.current or len(f.events) > 64:
            return _("{where} is malformed").format(where=where)
        events = {"lays", "predator", *(f"plays:{h}" for h in rules.habitats), *(f"gains:{food}" for food in rules.foods)}
        if rules.answers_gain_food:
            events.add("gain-food")
            events |= {f"got:{food}:{p}" for food in rules.foods for p in range(players)}
        if not set(f.events) <= events or (f.stage != 1 and f.events and f.stage != 0) or (f.stage == 0 and f.events):
            return _("{where} holds events it cannot have noted").format(where=where)
        return None
    if isinstance(f, SetupFrame):
        if acted or not 0 <= f.stage <= 2 or not 0 <= f.owed <= rules.setup_birds:
            return _("{where} is malformed").format(where=where)
        seat = state.seats[f.player]
        # set up one by one from the first player (on top), before the first turn, once each
        if depth > players:
            return _("{where}: a game has one setup per player, not {n}").format(where=where, n=len(state.stack) - 1)
        if f.player != (state.first + players - depth) % players or state.current != state.first:
            return _("{where} is for player {player}, out of turn order").format(where=where, player=f.player)
        if any(seat.rows) or (f.stage == 0 and (len(seat.hand) != f.owed)) or not seat.dealt_bonus:
            return _("{where} is for player {player}, who holds cards besides the setup's").format(where=where, player=f.player)
        return None
    if isinstance(f, HabitatFrame):
        if depth != 1 or not acted or f.player != state.current or not 0 <= f.habitat < len(rules.habitats):
            return _("{where} must sit directly on the turn of the player taking the action").format(where=where)
        row = state.seats[f.player].rows[f.habitat]
        if len(row) >= rules.row_length + 1 or not 0 <= f.stage <= 2 or not 0 <= f.extra <= 2 or not -1 <= f.next_brown < rules.row_length:
            return _("{where} is malformed").format(where=where)
        return None
    if isinstance(f, PayFrame):
        seat = state.seats[f.player]
        below = state.stack[depth - 1]
        on_action = depth == 1 and acted
        on_power = depth >= 2 and isinstance(below, (HabitatFrame, PowerFrame))  # a power playing a second bird
        at_game_end = rules.plays_at_game_end(below, f.player)  # (a game-end phase's play, in a ruleset that has one)
        if not (on_action or on_power or at_game_end) or (f.player != state.current and not at_game_end):
            return _("{where} must sit on the turn whose action plays a bird, or on a power that plays one").format(where=where)
        if not 0 <= f.card < n or f.card not in seat.hand or not 0 <= f.habitat < len(rules.habitats):
            return _("{where} pays for a card that is not in player {player}'s hand").format(where=where, player=f.player)
        if rules.habitats[f.habitat] not in cards.cards[f.card].habitats:
            return _("{where} plays {bird} into a habitat where it cannot live").format(where=where, bird=cards.cards[f.card].name)
        most = max(rules.egg_cost_by_column)
        row = seat.rows[f.habitat]
        if f.replaces != -1:  # (in the place of a bird of the row, no egg cost)
            if not (f.replaces == -2 or 0 <= f.replaces < len(row)) or f.eggs_paid or f.replaces == -2 and f.paid:
                return _("{where} replaces a bird its habitat does not have").format(where=where)
        elif len(row) >= rules.row_length or not 0 <= f.eggs_paid <= most or not 0 <= f.egg_discount <= most:
            return _("{where} pays for a slot its habitat does not have").format(where=where)
        if any(not 0 <= food < len(rules.foods) for food in f.paid) or len(f.paid) > 12:
            return _("{where} has paid food that cannot be").format(where=where)
        return None
    if isinstance(f, DiscardAtEndFrame):
        if depth != 1 or not 0 <= f.left <= n:
            return _("{where} is malformed").format(where=where)
        return None
    if not isinstance(f, PowerFrame):
        return _("{where} is not a frame a classic game uses").format(where=where)
    if f.card == ACTION:
        below = state.stack[depth - 1]
        if depth != 2 or not isinstance(below, HabitatFrame) or f.player != below.player or f.path not in ((0,), (1,), (2,)):
            return _("{where} must run the benefit of a habitat action, directly on it").format(where=where)
        if f.host != NOWHERE or f.owner != f.player:
            return _("{where} runs a habitat action's benefit, which belongs to no bird").format(where=where)
        node: ir.Effect | None = node_of_frame(rules.action_nodes[f.path[0]], attrs.evolve(f, path=()))
    else:
        if not 0 <= f.card < n or cards.cards[f.card].power is None:
            return _("{where} names no card with a power").format(where=where)
        if not 0 <= f.owner < players or not 0 <= f.host.row < len(rules.habitats):
            return _("{where} names no bird of its owner").format(where=where)
        row = state.seats[f.owner].rows[f.host.row]
        if not 0 <= f.host.column < len(row):
            return _("{where} names no bird of player {player}'s mat").format(where=where, player=f.owner)
        power = cards.cards[f.card].power
        moves = power is not None and any(isinstance(x, ir.Move) for x in ir.walk(power))
        host_power = cards.cards[row[f.host.column].card].power
        copied = host_power is not None and any(isinstance(x, ir.Copy) for x in ir.walk(host_power))
        if row[f.host.column].card != f.card and not moves and not copied:  # (moved: frames keep its old place; a copier runs another's power)
            return _("{where} runs {bird}'s power, but that bird is not where the frame says").format(where=where, bird=cards.cards[f.card].name)
        if f.player != f.owner and not _inside_all_players(power, f.path) and not isinstance(f, ShareCardsFrame):
            return _("{where} is player {player}'s, but only an 'all players' power runs for someone else").format(where=where, player=f.player)
        node = node_of_frame(power, f)
    if node is None:
        return _("{where} does not match the step of the power it points at").format(where=where)
    for name in ("left", "stage", "owed", "picks"):
        value = getattr(f, name, 0)
        if not -1 <= value <= 2 * n:
            return _("{where} holds a count out of range").format(where=where)
    return _progress_problem(rules, state, players, where, f, node)


def _progress_problem(rules: type[ClassicRules], state: ClassicState, players: int, where: str, f: PowerFrame, node: ir.Effect) -> str | None:
    """What a power frame has done so far must be something its step could have done: the
    node's handler says (``NodeHandler.bounds``)."""
    seen = Loaded(rules, state, players, bonus=tuple(tuple(seat.bonus) for seat in state.seats))
    problem = NODE_HANDLERS[type(node)].bounds(seen, f, node)
    return None if problem is None else f"{where} {problem}"
