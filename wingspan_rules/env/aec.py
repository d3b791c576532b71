"""A PettingZoo AEC environment of any ruleset (``aec_env``; PettingZoo's classic games are the
model: chess, go, connect four).

The agent selected is whoever decides now, not whoever's turn it is: a pink power answered on
another player's turn, each player's part of an "all players" power and every setup choice
select their own decider.  Each agent observes a ``Dict`` of ``"observation"`` (what its seat
may see, ``encoding``) and ``"action_mask"`` (int8, 1 exactly for the legal actions when it is
the one deciding, all 0 otherwise).  Rewards come at the end: +1 to the winners, -1 to the
others, a tie shared (``reward="win"``), or each seat's final score minus the best other
seat's (``reward="score"``).

The environment follows PettingZoo's conventions itself, as its classic games' wrappers
would impose them, without the wrappers' cost on every call: an illegal action index ends the
game with -1 for whoever chose it (``TerminateIllegalWrapper``'s convention; ``illegal="raise"``
raises ``ValueError`` naming the legal ones instead), an index outside the action space is a
``ValueError`` (never played), and ``step``, ``observe`` and ``render`` before ``reset`` are
refused as ``OrderEnforcingWrapper`` refuses them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from ..actions import Action
from ..game import Game, new_game
from ..position.show import show
from ..rulesets import ruleset as ruleset_class
from .encoding import Masker, Observer, observer

REWARDS = ("win", "score")
ILLEGAL = ("terminate", "raise")  # what an illegal action index does: PettingZoo's convention, or a ValueError
RENDER_MODES = ("human", "ansi")
OBSERVATION_HIGH = float(np.finfo(np.float32).max)  # (counts are scaled, not clipped: no fixed upper bound)


def _agent(player: int) -> str:
    return f"player_{player}"


def _index(action: Any) -> int | None:
    """An action given as an integer (Python's or numpy's) as an int; None for anything else."""
    if isinstance(action, (int, np.integer)) and not isinstance(action, bool):
        return int(action)
    return None


def check_setting(ruleset: str, players: int, options: dict[str, Any] | None, reward: str = "win", illegal: str = "terminate", render_mode: str | None = None) -> None:
    """A clear error (ValueError) for a ruleset, a player count or options the game would
    refuse, and for an environment's reward, illegal-move handling or render mode."""
    for name, value, allowed in (("reward", reward, REWARDS), ("illegal", illegal, ILLEGAL)):
        if value not in allowed:
            raise ValueError(f"{name} must be one of {', '.join(allowed)}, not {value!r}")
    if render_mode is not None and render_mode not in RENDER_MODES:
        raise ValueError(f"render_mode must be None or one of {', '.join(RENDER_MODES)}, not {render_mode!r}")
    if not isinstance(ruleset, str):
        raise ValueError(f"ruleset must be a ruleset's name, not {ruleset!r}")
    if type(players) is not int:
        raise ValueError(f"players must be an integer, not {players!r}")
    ruleset_class(ruleset).validate_options(options)


_BEFORE_RESET = frozenset({"rewards", "terminations", "truncations", "infos", "agent_selection", "num_agents", "agents", "_cumulative_rewards"})


class WingspanAEC(AECEnv[str, dict[str, Any], int]):
    """A game of Wingspan as a PettingZoo AEC environment (see the module's docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "name": "wingspan_v0", "is_parallelizable": False}

    def __init__(
        self,
        ruleset: str = "classic",
        players: int = 2,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        reward: str = "win",
        illegal: str = "terminate",
    ) -> None:
        super().__init__()
        check_setting(ruleset, players, options, reward, illegal, render_mode)
        self.ruleset, self.players, self.options, self.render_mode = ruleset, players, dict(options or {}), render_mode
        self.reward, self.illegal = reward, illegal
        self.game: Game = new_game(ruleset, players, 0, self.options, events=False)
        self.observer: Observer = observer(self.game)
        self.masks = Masker(self.game)
        self._space = self.game.action_space()
        size = self.masks.size
        self.possible_agents = [_agent(p) for p in range(players)]
        self._seat_of = {a: p for p, a in enumerate(self.possible_agents)}
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, OBSERVATION_HIGH, (self.observer.layout.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (size,), np.int8),
            })
            for a in self.possible_agents
        }  # fmt: skip
        self._legal: list[Action] = []
        self._has_reset = False
        self._ended_illegally = False

    if not TYPE_CHECKING:  # (hidden from mypy, which would take every name for an attribute)

        def __getattr__(self, name: str) -> Any:
            # called only for an attribute not set: the game's before the first reset
            if name in _BEFORE_RESET:
                raise AttributeError(f"{name} cannot be accessed before reset")
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

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
        self._has_reset, self._ended_illegally = True, False
        self._select()

    def _select(self) -> None:
        game = self.game
        self._legal = game.legal_actions()
        decider = game.decider
        if decider is not None:
            self.agent_selection = self.possible_agents[decider]

    def observe(self, agent: str) -> dict[str, Any]:
        if not self._has_reset:
            EnvLogger.error_observe_before_reset()
        seat = self._seat_of[agent]
        deciding = agent == self.agent_selection and not self._ended_illegally
        mask = self.masks.mask(self._legal) if deciding else np.zeros(self.masks.size, dtype=np.int8)
        return {"observation": self.observer.encode(self.game, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        if not self._has_reset:
            EnvLogger.error_step_before_reset()
        if not self.agents:
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: give one of the legal action indices {self._legal_indices()}")
        index = action if type(action) is int else _index(action)
        if index is None or not 0 <= index < self.masks.size:
            raise ValueError(f"action index must be an integer 0 to {self.masks.size - 1}, not {action!r}")
        chosen = self._space[index]
        if chosen not in self._legal:
            self._refuse(agent, index, chosen)
            return
        self._cumulative_rewards[agent] = 0.0
        if any(self.rewards.values()):  # (rewards come only at the end: nothing to clear before)
            self.rewards = dict.fromkeys(self.agents, 0.0)
        game = self.game
        game.apply(chosen)
        if game.is_over:
            self.rewards = self._final_rewards()
            self.terminations = dict.fromkeys(self.agents, True)
            self._legal = []
            self._accumulate_rewards()
        else:
            self._select()
        if self.render_mode == "human":
            self.render()

    def _refuse(self, agent: str, index: int, chosen: Action) -> None:
        why = f"action {index} ('{chosen}') is not legal for {agent} now; the legal ones are {self._legal_indices()}"
        if self.illegal == "raise":
            raise ValueError(why)
        # PettingZoo's convention (its TerminateIllegalWrapper): the game ends, -1 to the mover
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0.0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self.rewards[agent] = -1.0
        self.infos[agent] = {**self.infos[agent], "illegal_action": why}
        self._accumulate_rewards()
        self._deads_step_first()
        self._ended_illegally = True

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
        if not self._has_reset:
            EnvLogger.error_render_before_reset()
        if self.render_mode is None:
            return None
        seat = self._seat_of[self.agent_selection] if self.agents else 0
        text = show(self.game, seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(ruleset: str = "classic", players: int = 2, options: dict[str, Any] | None = None, render_mode: str | None = None, reward: str = "win") -> WingspanAEC:
    """The environment that raises ``ValueError`` naming the legal actions for an illegal one
    (``illegal="raise"``), for debugging an agent."""
    return WingspanAEC(ruleset, players, options, render_mode, reward, illegal="raise")


def aec_env(ruleset: str = "classic", players: int = 2, options: dict[str, Any] | None = None, render_mode: str | None = None, reward: str = "win") -> WingspanAEC:
    """The environment as PettingZoo's classic games come: an illegal move ends the game with
    -1 for its player, and says why in the player's ``infos`` (``"illegal_action"``)."""
    return WingspanAEC(ruleset, players, options, render_mode, reward, illegal="terminate")
