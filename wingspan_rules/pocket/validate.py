"""Sanity checks on a loaded Pocket state, so a bad save fails with a message, not later."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import ir, rng
from ..cards import CardSet
from ..engine.handlers import NODE_HANDLERS, Loaded, node_of_frame
from ..engine.state import ACTION, NEST, NOWHERE, Frame, Place, PowerFrame
from ..i18n import _
from ..powers.draw import DrawFrame
from ..powers.lay import LayFrame
from .state import EMPTY, PocketState

if TYPE_CHECKING:
    from .rules import PocketRules


def all_cards(state: PocketState) -> list[int]:
    """Every card id wherever it lies (used for conservation checks)."""
    out: list[int] = []
    for p in state.seats:
        out += p.food_cards + p.hand + p.dealt
        for row in p.rows:
            for b in row:
                out.append(b.card)
                out += b.tucked
    for d in state.decks:
        out += d
    out += [c for c in state.face_up if c != EMPTY]
    out += state.discard
    return out


def validate_state(rules: type[PocketRules], state: PocketState, cards: CardSet, players: int, options: dict[str, Any]) -> list[str]:
    del options  # every Pocket card is always in the game
    problems = []
    n = len(cards.cards)
    if len(state.seats) != players:
        problems.append(_("{seats} player seats for a {players}-player game").format(seats=len(state.seats), players=players))
    if len(state.decks) != rules.decks or len(state.face_up) != rules.decks:
        problems.append(_("there must be {n} food decks and {n} face-up slots").format(n=rules.decks))
    if not rng.valid(state.rng):
        problems.append(_("the random generator state is malformed"))
    seen = all_cards(state)
    if len(seen) != n or set(seen) != set(range(n)):
        problems.append(_("cards are not each in one place ({placed} placed, {different} different, {n} in the deck)").format(placed=len(seen), different=len(set(seen)), n=n))
    if any(c != EMPTY and not 0 <= c < n for c in state.face_up):
        problems.append(_("a face-up slot holds something that is not a card"))
    if len(state.goals) not in (0, rules.goal_count) or len({g.goal for g in state.goals}) != len(state.goals):
        problems.append(_("an advanced game has {n} different goals, a basic game none").format(n=rules.goal_count))
    for i, p in enumerate(state.seats):
        if len(p.rows) != 1:
            problems.append(_("player {player} must have one row of birds (the flock)").format(player=i))
            continue
        if not 0 <= p.nest_eggs <= rules.nest_limit:
            problems.append(_("player {player}'s Nest holds {eggs} eggs (0 to {most})").format(player=i, eggs=p.nest_eggs, most=rules.nest_limit))
        if len(p.flock) > rules.flock_end:
            problems.append(_("player {player}'s flock holds {birds} birds (at most {most})").format(player=i, birds=len(p.flock), most=rules.flock_end))
        elif len(p.flock) == rules.flock_end and not state.end_triggered:
            problems.append(_("player {player} has {birds} birds in play but the end of the game was not triggered").format(player=i, birds=rules.flock_end))
        if len(p.green_copies) > len(p.flock):
            problems.append(_("player {player} has more green copies than birds").format(player=i))
        for b in p.flock:
            if 0 <= b.card < n and not 0 <= b.eggs <= cards.cards[b.card].egg_limit:
                problems.append(_("player {player}'s {bird} holds {eggs} eggs").format(player=i, bird=cards.cards[b.card].name, eggs=b.eggs))
            if b.cached or b.pink_used or b.stand_ins:
                problems.append(_("player {player}'s birds hold things Pocket birds never hold").format(player=i))
        if not 0 <= p.turns <= _MAX_TURNS:
            problems.append(_("player {player} has played {turns} turns").format(player=i, turns=p.turns))
        if p.dealt and (len(p.dealt) != rules.hand_size or p.hand or p.food_cards or p.flock or p.turns or not state.goals):
            problems.append(_("player {player} still sorts the dealt cards but holds other cards too, or the game is not advanced").format(player=i))
        for copy in p.green_copies:
            host_ok = copy.host.row == 0 and 0 <= copy.host.column < len(p.flock) and _copies_green(cards, p.flock[copy.host.column].card)
            if not (host_ok and 0 <= copy.card < n and cards.cards[copy.card].colour == "green"):
                problems.append(_("player {player} has a green copy that names no bird in play").format(player=i))
    if not 0 <= state.current < players or not 0 <= state.first < players:
        problems.append(_("current or first player out of range"))
    for pick in state.goals:
        if not (0 <= pick.goal < len(cards.goals) and pick.side in (0, 1)):
            problems.append(_("unknown goal {goal} side {side}").format(goal=pick.goal, side=pick.side))
    if not 0 <= state.steps <= _MAX_STEPS:
        problems.append(_("{steps} steps is more than a game can take").format(steps=state.steps))
    if state.over and (state.stack or not state.end_triggered):
        problems.append(_("the game is over but its end was not triggered or frames are left to run"))
    if len(state.stack) > _MAX_FRAMES:
        problems.append(_("{n} frames are waiting; a game never has more than {most}").format(n=len(state.stack), most=_MAX_FRAMES))
    if problems:
        return problems  # the frames are checked against players, flocks and cards known to be sound
    for depth, f in enumerate(state.stack):
        problem = _frame_problem(rules, state, cards, players, depth, f)
        if problem:
            problems.append(problem)
            break
    from .state import SetupFrame

    waiting = {f.player for f in state.stack if isinstance(f, SetupFrame)}
    for i, p in enumerate(state.seats):
        if p.dealt and i not in waiting:
            problems.append(_("player {player} still holds dealt cards but is not being set up").format(player=i))
    if not problems:
        # turns go round from the first player: those before the current one have had one more
        # (when the game is over, everyone has had the same number)
        now = state.seats[state.current].turns
        ahead = (state.current - state.first) % players
        for k in range(players):
            seat = state.seats[(state.first + k) % players]
            if seat.turns != now + (1 if k < ahead and not state.over else 0):
                problems.append(_("the players' turn counts do not go round from the first player"))
                break
    if not state.over and not state.stack:
        problems.append(_("the game is not over but nothing is left to do"))
    return problems


def _copies_green(cards: CardSet, card: int) -> bool:
    power = cards.cards[card].power if 0 <= card < len(cards.cards) else None
    return isinstance(power, ir.Copy) and power.colour == "green"


# The rules do not bound a Pocket game's length (players may keep laying eggs on full birds),
# but no game played comes near a million turns or answers: past that a counter was edited.
_MAX_TURNS = 1_000_000
# Frames: the turn, a setup per player or the action's frame, brown powers nested a few parts
# deep, a copied power, green copies at the start of a turn.
_MAX_FRAMES = 64
_MAX_STEPS = 100 * _MAX_TURNS


def _frame_problem(rules: type[PocketRules], state: PocketState, cards: CardSet, players: int, depth: int, f: Frame) -> str | None:
    """What is wrong with one frame of the stack, or None.

    A save is data a person can edit; the engine trusts its frames, so a frame that could
    not have arisen in play (a bad index, a payment for a card not in the hand) is refused
    here rather than failing later in the middle of a move.
    """
    from .state import CopyGreenFrame, PayFrame, SetupFrame, TurnFrame

    n = len(cards.cards)
    if not 0 <= f.player < players:
        return _("a '{kind}' frame is for unknown player {player}").format(kind=f.kind, player=f.player)
    where = _("a '{kind}' frame at depth {depth}").format(kind=f.kind, depth=depth)
    bottom = state.stack[0]
    acted = isinstance(bottom, TurnFrame) and bottom.acted
    seat = state.seats[f.player]
    if isinstance(f, TurnFrame) != (depth == 0):
        return _("{where}: the bottom frame, and only it, must be the turn").format(where=where)
    if isinstance(f, (TurnFrame, PayFrame, CopyGreenFrame)) and f.player != state.current:
        return _("{where} is for player {player}, but it is player {current}'s turn").format(where=where, player=f.player, current=state.current)
    if isinstance(f, TurnFrame):
        if not 0 <= f.next_bird <= len(seat.flock) or (f.next_bird and not f.acted):
            return _("{where} has a bad position in the flock").format(where=where)
        return None
    if isinstance(f, SetupFrame):
        if acted or len(seat.dealt) != rules.hand_size or len(f.kept) >= rules.birds_kept or not set(f.kept) <= set(seat.dealt):
            return _("{where} does not match player {player}'s dealt cards").format(where=where, player=f.player)
        # set up one by one from the first player (on top), before the first turn
        if f.player != (state.first + players - depth) % players or state.current != state.first:
            return _("{where} is for player {player}, out of turn order").format(where=where, player=f.player)
        if seat.nest_eggs != rules.nest_start:
            return _("{where} is for player {player}, who holds eggs besides the setup's").format(where=where, player=f.player)
        return None
    if isinstance(f, PayFrame):
        if depth != 1 or not acted:
            return _("{where} must sit directly on a turn whose nest action was taken").format(where=where)
        if not 0 <= f.card < n or f.card not in seat.hand:
            return _("{where} pays for a card that is not a bird in player {player}'s reserve").format(where=where, player=f.player)
        if not 0 <= f.eggs_paid <= cards.cards[f.card].egg_cost or (f.eggs_paid and not f.food_done) or not set(f.paid) <= set(state.discard):
            return _("{where} has paid cards or eggs that {bird}'s cost does not account for").format(where=where, bird=cards.cards[f.card].name)
        return None
    if isinstance(f, CopyGreenFrame):
        if not isinstance(state.stack[depth - 1], (TurnFrame, CopyGreenFrame, PayFrame)):
            return _("{where} must sit on the turn").format(where=where)
        power = cards.cards[f.card].power if 0 <= f.card < n else None
        host_ok = f.host.row == 0 and 0 <= f.host.column < len(seat.flock) and seat.flock[f.host.column].card == f.card
        if not (isinstance(power, ir.Copy) and power.colour == "green" and host_ok):
            return _("{where} does not name a green copy bird in player {player}'s flock").format(where=where, player=f.player)
        return None
    if not isinstance(f, PowerFrame):
        return _("{where} is not a frame a Pocket game uses").format(where=where)
    if f.card == ACTION:
        if depth != 1 or not acted or f.player != state.current or f.path not in ((0,), (1,)) or f.optional:
            return _("{where} must be the nest action's draw or lay, directly on its turn").format(where=where)
        if f.owner != f.player or f.host != NOWHERE:
            return _("{where} runs the nest action, which belongs to its player and to no bird").format(where=where)
        draw, lay = rules.action_nodes
        assert isinstance(draw, ir.Draw) and isinstance(lay, ir.LayEgg)
        if isinstance(f, DrawFrame) and f.path == (0,) and 0 < f.left <= draw.count:
            return None
        if isinstance(f, LayFrame) and f.path == (1,):
            problem = _laid_problem(where, f.laid, seat.flock, rules)
            if problem or 0 <= f.left <= lay.count - len(f.laid):
                return problem
        return _("{where} has counts its action cannot have").format(where=where)
    below = state.stack[depth - 1]
    if not acted or not isinstance(below, (TurnFrame, PowerFrame)):
        return _("{where} must sit on a turn whose nest action was taken, or on a larger power").format(where=where)
    return _effect_problem(rules, state, cards, players, where, f)


def _laid_problem(where: str, laid: list[Place], flock: list[Any], rules: type[PocketRules]) -> str | None:
    if len(set(laid)) != len(laid) or any(p != NEST and not (p.row == 0 and 0 <= p.column < len(flock)) for p in laid):
        return _("{where} names eggs laid on cards that are not in the flock").format(where=where)
    return None


def _effect_problem(rules: type[PocketRules], state: PocketState, cards: CardSet, players: int, where: str, f: PowerFrame) -> str | None:
    n = len(cards.cards)
    if not 0 <= f.card < n or cards.cards[f.card].colour != "brown" or cards.cards[f.card].power is None:
        return _("{where} runs no brown power").format(where=where)
    if not 0 <= f.owner < players or f.host.row != 0 or not 0 <= f.host.column < len(state.seats[f.owner].flock):
        return _("{where} names no bird of its owner's flock").format(where=where)
    if f.owner != state.current:
        return _("{where} runs a power of player {owner}, but it is player {current}'s turn").format(where=where, owner=f.owner, current=state.current)
    node = node_of_frame(cards.cards[f.card].power, f)
    if node is None:
        return _("{where} points outside {bird}'s power, or at a part of another kind").format(where=where, bird=cards.cards[f.card].name)
    problem = NODE_HANDLERS[type(node)].bounds(Loaded(rules, state, players, decks=len(state.decks)), f, node)
    return None if problem is None else _("{where} {problem}").format(where=where, problem=problem)
