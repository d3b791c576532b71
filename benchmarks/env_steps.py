"""Steps per second of the PettingZoo environment beside the engine's own, on the same games.

    python benchmarks/env_steps.py                      # classic, Pocket and Oceania, 2 players
    python benchmarks/env_steps.py --games 50 --ruleset pocket --players 3

The engine's step is ``legal_actions`` and ``apply`` of a random legal action; the
environment's is what a trainer's loop asks of it: ``last()`` (the seat's observation vector
and its action mask) and ``step`` of an action index.  Both play the same games: the engine's
choices, as indices, are given to the environment in the same order (the agent's own work of
choosing an index, a policy's forward pass, is not the environment's cost and is not timed).
The difference is what the environment adds: the observation, the mask and PettingZoo's
bookkeeping.  Needs the ``[rl]`` extra.
"""

from __future__ import annotations

import argparse
import random
import time

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


def chosen_indices(ruleset: str, players: int, seed: int) -> tuple[list[int], list[float]]:
    """The engine's random game of ``seed`` (as ``engine_steps`` plays it): its action indices
    and the final scores."""
    game = new_game(ruleset, players, seed, events=False)
    chooser = random.Random(seed)
    indices = []
    while not game.is_over:
        action = chooser.choice(game.legal_actions())
        indices.append(game.action_index(action))
        game.apply(action)
    return indices, [float(p.total) for p in game.score().players]


def env_steps(ruleset: str, players: int, games: int) -> tuple[int, float]:
    env = aec_env(ruleset, players)
    played = [chosen_indices(ruleset, players, seed) for seed in range(games)]
    steps, elapsed = 0, 0.0
    for seed, (indices, scores) in enumerate(played):
        start = time.perf_counter()
        env.reset(seed=seed)
        moves = iter(indices)
        for _ in env.agent_iter():
            observation, _, terminated, truncated, _ = env.last()
            env.step(None if terminated or truncated else next(moves))
        elapsed += time.perf_counter() - start
        steps += len(indices)
        if [float(p.total) for p in env.game.score().players] != scores:
            raise AssertionError(f"seed {seed}: the environment played another game than the engine")
    return steps, elapsed


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
