"""Bots to play against: each chooses an action for whoever decides, from what that seat may see.

Every bot has ``choose(game) -> Action`` and reads the game only through what the deciding
seat may see: ``RandomBot`` reads the legal actions alone; ``GreedyBot`` looks ahead on
``game.determinize(seat, ...)``, a game the seat cannot tell from the real one, so no bot ever
reads a hidden card.  The same seed and the same game give the same choice.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable
from typing import Any, Protocol

from .actions import Action
from .game import Game
from .i18n import _

# GreedyBot's estimate of a seat's final points (``estimate``): its points now (``Game.score``:
# birds, eggs, cached food, tucked cards, bonus cards and goals as they stand) and these for
# what it holds, counted up to ``HELD_COUNTED`` of each (food and cards beyond what a few turns
# can use are worth nothing)
FOOD_WORTH = 0.6  # a food it could pay with
CARD_WORTH = 0.3  # a card in its hand (Pocket: a bird in its reserve)
EGG_ROOM_WORTH = 0.6  # room for one more egg on one of its birds
HELD_COUNTED = 4


class Bot(Protocol):
    """What the arena and the environments need of a bot."""

    def choose(self, game: Game) -> Action: ...


def _decider(game: Game) -> int:
    decider = game.decider
    if decider is None:
        raise ValueError(_("the game is over: there is nothing to choose"))
    return decider


class RandomBot:
    """Any legal action, uniformly (``seed`` fixes the choices)."""

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        _decider(game)
        return self._rng.choice(game.legal_actions())


def estimate(game: Game, seat: int) -> float:
    """GreedyBot's estimate of ``seat``'s final points, from what the seat sees of the game:
    its points now, ``FOOD_WORTH`` for each food it holds and ``CARD_WORTH`` for each card in
    its hand (up to ``HELD_COUNTED`` of each), and ``EGG_ROOM_WORTH`` for each egg its birds
    have room for."""
    view: Any = game.view(seat)
    mine = view["players"][seat]
    hand = mine["hand"]
    food: int = sum((mine["food"] or {}).values())
    cards = len(hand) if isinstance(hand, list) else 0
    by_name = game.cards.by_name
    room: int = sum(by_name[bird["bird"]].egg_limit - int(bird["eggs"]) for row in mine["rows"].values() for bird in row)
    points: int = game.score().players[seat].total
    return points + FOOD_WORTH * min(food, HELD_COUNTED) + CARD_WORTH * min(cards, HELD_COUNTED) + EGG_ROOM_WORTH * room


class GreedyBot:
    """The action after which its estimate of its final points (``estimate``) is highest.

    It looks one decision ahead, on a sample of what it cannot see (``Game.determinize``):
    where the action leads to another decision of its own in the same turn (paying for a bird,
    the next egg), it goes on through those, each time taking the best answer by the estimate,
    up to ``depth`` decisions, so that choosing a bird counts the bird once paid for.  Ties go
    to the first action in ``legal_actions`` order."""

    def __init__(self, seed: int = 0, depth: int = 4) -> None:
        if type(depth) is not int or depth < 1:
            raise ValueError(_("{name} must be a whole number from 1, not {value}").format(name="depth", value=repr(depth)))
        self._rng = random.Random(seed)
        self.depth = depth

    def choose(self, game: Game) -> Action:
        seat = _decider(game)
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        sample = game.determinize(seat, self._rng)
        scored = [(self._after(sample, seat, action), -i) for i, action in enumerate(legal)]
        return legal[-max(scored)[1]]

    def _after(self, game: Game, seat: int, action: Action) -> float:
        """The estimate once ``action`` is taken and the seat's own decisions of this turn that
        follow are answered greedily (at most ``depth`` in all)."""
        turn = game.current_player
        g = game.copy()
        g.apply(action)
        for _step in range(self.depth - 1):
            pending = g.pending
            if pending is None or pending.player != seat or g.current_player != turn:
                break
            best: tuple[float, Game] | None = None
            for option in g.legal_actions():
                trial = g.copy()
                trial.apply(option)
                value = estimate(trial, seat)
                if best is None or value > best[0]:
                    best = (value, trial)
            assert best is not None
            g = best[1]
        return estimate(g, seat)


class _Node:
    """A node of the search tree: the action that led to it was ``player``'s."""

    __slots__ = ("player", "children", "visits", "value", "available")

    def __init__(self, player: int) -> None:
        self.player = player
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.value = 0.0
        self.available = 1  # how many of the visits to its parent could have taken it


class SearchBot:
    """Information-set Monte Carlo tree search over determinizations (single observer).

    Each simulation samples a game the deciding seat cannot tell from the real one
    (``Game.determinize``), walks the tree of everyone's actions by UCB among the actions legal
    in that sample, adds one node, plays the sample out at random and scores it: 1 for a win, a
    tie's share, 0 for a loss, each player's own.  The action most visited at the root is
    chosen.  ``simulations`` fixes the work (and makes the choice reproducible for a seed);
    ``time_limit`` (seconds a decision) bounds it by the clock instead; with both, whichever
    comes first."""

    def __init__(self, time_limit: float | None = 0.2, simulations: int | None = None, seed: int = 0, exploration: float = 0.7) -> None:
        if time_limit is None and simulations is None:
            raise ValueError(_("give a time_limit, a number of simulations, or both"))
        if time_limit is not None and not (isinstance(time_limit, (int, float)) and time_limit > 0):
            raise ValueError(_("time_limit must be a number of seconds above 0, not {value}").format(value=repr(time_limit)))
        if simulations is not None and (type(simulations) is not int or simulations < 1):
            raise ValueError(_("{name} must be a whole number from 1, not {value}").format(name="simulations", value=repr(simulations)))
        self.time_limit, self.simulations, self.exploration = time_limit, simulations, exploration
        self._rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        seat = _decider(game)
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        root = _Node(-1)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        done = 0
        while (self.simulations is None or done < self.simulations) and (deadline is None or time.perf_counter() < deadline):
            self._simulate(game.determinize(seat, self._rng), root)
            done += 1
        visited = [(root.children[a].visits if a in root.children else 0, -i) for i, a in enumerate(legal)]
        return legal[-max(visited)[1]]

    def _simulate(self, sample: Game, root: _Node) -> None:
        path, node, rng = [root], root, self._rng
        while not sample.is_over:
            pending = sample.pending
            assert pending is not None
            actions = sample.legal_actions()
            untried = [a for a in actions if a not in node.children]
            for a in actions:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            if untried:
                action = rng.choice(untried)
                node.children[action] = node = _Node(pending.player)
                sample.apply(action)
                path.append(node)
                break
            action = max(actions, key=lambda a: self._ucb(node.children[a]))
            node = node.children[action]
            sample.apply(action)
            path.append(node)
        while not sample.is_over:  # (the playout)
            sample.apply(rng.choice(sample.legal_actions()))
        winners = sample.score().winners
        for visited in path[1:]:
            visited.visits += 1
            if visited.player in winners:
                visited.value += 1.0 / len(winners)

    def _ucb(self, child: _Node) -> float:
        return child.value / child.visits + self.exploration * math.sqrt(math.log(child.available) / child.visits)


# the bots by name, each made from a seed (the search bot with its default 0.2 s a decision)
BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot, "search": lambda seed: SearchBot(seed=seed)}


def unknown_bot(name: str) -> str:
    """The error for a name no bot has, in the current language."""
    return _("unknown bot '{name}'; known: {known}").format(name=name[:40], known=", ".join(BOTS))


def bot(name: str, seed: int = 0) -> Bot:
    """A bot by name ("random", "greedy", "search": 0.2 s a decision); ValueError naming the known ones."""
    found = BOTS.get(name)
    if found is None:
        raise ValueError(unknown_bot(name))
    return found(seed)
