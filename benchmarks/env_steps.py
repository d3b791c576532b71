"""Steps per second of the PettingZoo environment beside the engine's own, on the same games.

    python benchmarks/env_steps.py                      # classic, Pocket and Oceania, 2 players
    python benchmarks/env_steps.py --games 50 --ruleset pocket --players 3

The engine's step is ``legal_actions`` and ``apply`` of a random legal action; the
environment's is what a trainer's loop does: ``last()`` (the seat's observation vector and its
action mask), a random legal index from the mask, and ``step``.  Both play the same games (the
same seeds and choices), so the difference is what the environment adds: the observation, the
mask and PettingZoo's wrappers.  Needs the ``[rl]`` extra.
"""

from __future__ import annotations

import argparse
import random
import time

import numpy as np

from wingspan_rules import new_game
from wingspan_rules.env import aec_env


def engine_steps(ruleset: str, players: int, games: int) -> tuple[int, float]:
    steps, start = 0, time.perf_counter()
    for seed in range(games):
        game = new_game(ruleset, players, seed, events=False)
        chooser = random.Random(seed)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions()))
            steps += 1
    return steps, time.perf_counter() - start


def env_steps(ruleset: str, players: int, games: int) -> tuple[int, float]:
    env = aec_env(ruleset, players)
    steps, start = 0, time.perf_counter()
    for seed in range(games):
        env.reset(seed=seed)
        chooser = random.Random(seed)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(chooser.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    return steps, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--ruleset", action="append", choices=["classic", "pocket", "oceania"])
    parser.add_argument("--players", type=int, default=2)
    args = parser.parse_args()
    for ruleset in args.ruleset or ["classic", "pocket", "oceania"]:
        engine_steps(ruleset, args.players, 1)  # (warm: the deck compiled, the caches filled)
        env_steps(ruleset, args.players, 1)
        e_steps, e_time = engine_steps(ruleset, args.players, args.games)
        v_steps, v_time = env_steps(ruleset, args.players, args.games)
        print(
            f"{ruleset:8} {args.players} players: engine {e_steps / e_time:8.0f} steps/s, "
            f"environment {v_steps / v_time:7.0f} steps/s ({v_time / v_steps * 1e6:.0f} us a step, "
            f"{(v_time / v_steps - e_time / e_steps) * 1e6:.0f} us of them the environment's)"
        )


if __name__ == "__main__":
    main()
