"""A Gymnasium single-agent environment (``gym_env``): one seat is the agent, bots play the rest.

The spaces are the AEC environment's: a ``Dict`` of ``"observation"`` (float32, what the seat
may see) and ``"action_mask"`` (int8), and ``Discrete(n)`` over the ruleset's action indices.
After each of the agent's actions the other seats' bots play until the agent decides again
(its own pink powers and setup choices included) or the game ends; the reward comes at the end,
as in the AEC environment.  An illegal action ends the episode with -1 and says why in
``info["illegal_action"]`` (Gymnasium's ``check_env`` steps with unmasked samples; the masked
way is ``action_space.sample(obs["action_mask"])``), or raises ``ValueError`` naming the legal
actions with ``illegal="raise"``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from ..bots import Bot, bot
from ..game import Game, new_game
from ..position.show import show
from .aec import OBSERVATION_HIGH, RENDER_MODES, check_setting
from .encoding import Masker, Observer, observer


class WingspanGym(gymnasium.Env[dict[str, Any], np.int64]):
    """One seat of a game against bots (see the module's docstring)."""

    metadata = {"render_modes": list(RENDER_MODES), "render_fps": 4}

    def __init__(
        self,
        ruleset: str = "classic",
        players: int = 2,
        opponents: str | Sequence[Bot] = "greedy",
        seat: int = 0,
        options: dict[str, Any] | None = None,
        render_mode: str | None = None,
        reward: str = "win",
        illegal: str = "terminate",
    ) -> None:
        check_setting(ruleset, players, options, reward, illegal, render_mode)
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {seat!r}")
        if isinstance(opponents, str):
            bot(opponents)  # (an unknown name fails here, not at the first reset)
        elif len(opponents) != players - 1:
            raise ValueError(f"opponents must name a bot or give {players - 1} of them, one per other seat, not {len(opponents)}")
        self.ruleset, self.players, self.seat, self.options = ruleset, players, seat, dict(options or {})
        self.opponents, self.render_mode, self.reward, self.illegal = opponents, render_mode, reward, illegal
        self.game: Game = new_game(ruleset, players, 0, self.options, events=False)
        self.observer: Observer = observer(self.game)
        self.masks = Masker(self.game)
        size = self._size = self.masks.size
        self.action_space = spaces.Discrete(size)
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(0.0, OBSERVATION_HIGH, (self.observer.layout.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (size,), np.int8),
        })  # fmt: skip
        self._bots: dict[int, Bot] = {}

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.game = new_game(self.ruleset, self.players, game_seed, self.options, events=False)
        others = [p for p in range(self.players) if p != self.seat]
        if isinstance(self.opponents, str):
            self._bots = {p: bot(self.opponents, int(self.np_random.integers(2**62))) for p in others}
        else:
            self._bots = dict(zip(others, self.opponents, strict=True))
        self._others_play()
        return self._observe(), {}

    def _others_play(self) -> None:
        game = self.game
        while not game.is_over:
            pending = game.pending
            assert pending is not None
            if pending.player == self.seat:
                return
            game.apply(self._bots[pending.player].choose(game))

    def _observe(self) -> dict[str, Any]:
        deciding = not self.game.is_over
        mask = self.masks.mask(self.game.legal_actions()) if deciding else np.zeros(self._size, dtype=np.int8)
        return {"observation": self.observer.encode(self.game, self.seat), "action_mask": mask}

    def step(self, action: np.int64 | int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        if self.game.is_over:
            raise ValueError("the game is over: call reset() for a new one")
        index = int(action)
        chosen = self.game.action_from_index(index)
        legal = self.game.legal_actions()
        if chosen not in legal:
            why = f"action {index} ('{chosen}') is not legal now; the legal ones are " + ", ".join(f"{self.game.action_index(a)} ({a})" for a in legal)
            if self.illegal == "raise":
                raise ValueError(why)
            return self._observe(), -1.0, True, False, {"illegal_action": why}
        self.game.apply(chosen)
        self._others_play()
        if self.render_mode == "human":
            self.render()
        if not self.game.is_over:
            return self._observe(), 0.0, False, False, {}
        return self._observe(), self._final_reward(), True, False, {}

    def _final_reward(self) -> float:
        sheet = self.game.score()
        totals = [p.total for p in sheet.players]
        if self.reward == "score":
            return float(totals[self.seat] - max(t for p, t in enumerate(totals) if p != self.seat))
        winners = sheet.winners
        if self.seat not in winners:
            return -1.0
        return 1.0 / len(winners) if len(winners) > 1 else 1.0

    def render(self) -> str | None:
        """The table as the agent's seat sees it."""
        if self.render_mode is None:
            return None
        text = show(self.game, self.seat)
        if self.render_mode == "human":
            print(text)
            return None
        return text


# ``gym_env(ruleset, players, opponents="greedy", seat=0, options=None, render_mode=None,
# reward="win", illegal="terminate")``: one seat against bots ("greedy", "random", or one bot
# per other seat, each with ``choose(game)``)
gym_env = WingspanGym
