"""A PettingZoo AEC environment of any ruleset (``aec_env``; PettingZoo's classic games are the
model: chess, go, connect four).

The agent selected is whoever decides now, not whoever's turn it is: a pink power answered on
another player's turn, each player's part of an "all players" power and every setup choice
select their own decider.  Each agent observes a ``Dict`` of ``"observation"`` (what its seat
may see, ``encoding``) and ``"action_mask"`` (int8, 1 exactly for the legal actions when it is
the one deciding, all 0 otherwise).  Rewards come at the end: +1 to the winners, -1 to the
others, a tie shared (``reward="win"``), or each seat's final score minus the best other
seat's (``reward="score"``).
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ..actions import Action
from ..game import Game, new_game
from ..position.show import show
from ..rulesets import ruleset as ruleset_class
from .encoding import Mask, Observer, Vector, action_mask, observer

REWARDS = ("win", "score")
OBSERVATION_HIGH = float(np.finfo(np.float32).max)  # (counts are scaled, not clipped: no fixed upper bound)


def _agent(player: int) -> str:
    return f"player_{player}"


def check_setting(ruleset: str, players: int, options: dict[str, Any] | None) -> None:
    """A clear error (ValueError) for a ruleset, a player count or options the game would refuse."""
    if not isinstance(ruleset, str):
        raise ValueError(f"ruleset must be a ruleset's name, not {ruleset!r}")
    if type(players) is not int:
        raise ValueError(f"players must be an integer, not {players!r}")
    ruleset_class(ruleset).validate_options(options)


class WingspanAEC(AECEnv[str, dict[str, Any], int]):
    """A game of Wingspan as a PettingZoo AEC environment (see the module's docstring).

    ``illegal="raise"`` (the raw environment's way) raises ``ValueError`` naming the legal
    actions for an action index that is not legal now; ``aec_env`` wraps the environment in
    PettingZoo's own wrappers, whose convention for an illegal move in a classic game is to end
    the game with -1 for the player who made it."""

    RENDER_MODES = ("human", "ansi")
    metadata = {"render_modes": list(RENDER_MODES), "name": "wingspan_v0", "is_parallelizable": False}

    def __init__(self, ruleset: str = "classic", players: int = 2, options: dict[str, Any] | None = None, render_mode: str | None = None, reward: str = "win") -> None:
        super().__init__()
        check_setting(ruleset, players, options)
        if reward not in REWARDS:
            raise ValueError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be None or one of {', '.join(self.RENDER_MODES)}, not {render_mode!r}")
        self.ruleset, self.players, self.options, self.render_mode, self.reward = ruleset, players, dict(options or {}), render_mode, reward
        self.game: Game = new_game(ruleset, players, 0, self.options, events=False)
        self.observer: Observer = observer(self.game)
        size = len(self.game.action_space())
        self.possible_agents = [_agent(p) for p in range(players)]
        self.agents: list[str] = []
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, OBSERVATION_HIGH, (self.observer.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            })
            for a in self.possible_agents
        }  # fmt: skip
        self._legal: list[Action] = []

    # -- the spaces ----------------------------------------------------------------------
    def action_space(self, agent: str) -> spaces.Discrete:
        return self._action_spaces[agent]

    def observation_space(self, agent: str) -> spaces.Dict:
        return self._observation_spaces[agent]

    # -- the game ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game; ``seed`` fixes it (the same seed and actions give the same game)."""
        if seed is None:
            seed = int(np.random.SeedSequence().generate_state(1)[0])
        self.game = new_game(self.ruleset, self.players, seed, self.options, events=False)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        pending = self.game.pending
        self._legal = self.game.legal_actions()
        if pending is not None:
            self.agent_selection = _agent(pending.player)

    def observe(self, agent: str) -> dict[str, Any]:
        seat = self.possible_agents.index(agent)
        obs: Vector = self.observer.encode(self.game, seat)
        deciding = not self.game.is_over and agent == self.agent_selection
        mask: Mask = action_mask(self.game, self._legal) if deciding else np.zeros(self._action_spaces[agent].n, dtype=np.int8)
        return {"observation": obs, "action_mask": mask}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give one of the legal action indices {self._legal_indices()}")
        index = int(action)
        chosen = self.game.action_from_index(index)
        if chosen not in self._legal:
            raise ValueError(f"action {index} ('{chosen}') is not legal for {agent} now; the legal ones are {self._legal_indices()}")
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.game.apply(chosen)
        if self.game.is_over:
            self.rewards = self._final_rewards()
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def _legal_indices(self) -> str:
        return ", ".join(f"{self.game.action_index(a)} ({a})" for a in self._legal)

    def _final_rewards(self) -> dict[str, float]:
        totals = [p.total for p in self.game.score().players]
        if self.reward == "score":
            return {_agent(p): float(t - max(totals[:p] + totals[p + 1 :])) for p, t in enumerate(totals)}
        winners = set(self.game.score().winners)
        share = 1.0 if len(winners) == 1 else 1.0 / len(winners)
        return {_agent(p): (share if p in winners else -1.0) for p in range(self.players)}

    def render(self) -> str | None:
        """The table as the deciding seat sees it (``Game.show``'s words)."""
        if self.render_mode is None:
            return None
        seat = self.possible_agents.index(self.agent_selection) if self.agents else 0
        text = show(self.game, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(ruleset: str = "classic", players: int = 2, options: dict[str, Any] | None = None, render_mode: str | None = None, reward: str = "win") -> WingspanAEC:
    """The environment itself: an illegal action index raises ``ValueError`` naming the legal ones."""
    return WingspanAEC(ruleset, players, options, render_mode, reward)


def aec_env(ruleset: str = "classic", players: int = 2, options: dict[str, Any] | None = None, render_mode: str | None = None, reward: str = "win") -> AECEnv[str, dict[str, Any], int]:
    """The environment in PettingZoo's wrappers, as its classic games come: an illegal move
    ends the game with -1 for its player (``TerminateIllegalWrapper``), an index outside the
    action space is refused (``AssertOutOfBoundsWrapper``), and the calls must come in order
    (``OrderEnforcingWrapper``)."""
    env: AECEnv[str, dict[str, Any], int] = raw_env(ruleset, players, options, render_mode, reward)
    env = wrappers.TerminateIllegalWrapper(env, illegal_reward=-1)
    env = wrappers.AssertOutOfBoundsWrapper(env)
    env = wrappers.OrderEnforcingWrapper(env)
    return env
