"""The bots' strength: GreedyBot against RandomBot, and SearchBot against GreedyBot.

    python benchmarks/strength.py                          # classic, 2 players, both matches
    python benchmarks/strength.py --ruleset pocket --greedy-games 200 --search-games 100
    python benchmarks/strength.py --search-games 0         # the quick match alone

Targets (issue 18; figures in the README): in 2-player classic GreedyBot wins at least 95% of
200 games against RandomBot, and SearchBot at 0.2 s a decision at least 60% of 100 games
against GreedyBot.  Each match is ``wingspan_rules.arena`` on every core (``--workers``), the
bots taking turns at the seats; the search match takes about 40 minutes of one core per 100
games (0.2 s for each of its some 110 decisions a game).
"""

from __future__ import annotations

import argparse
import sys
import time

from wingspan_rules.arena import arena, report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ruleset", default="classic")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--greedy-games", type=int, default=200)
    parser.add_argument("--search-games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=None)
    args = parser.parse_args()
    for names, games, target in ((["greedy", "random"], args.greedy_games, 0.95), (["search", "greedy"], args.search_games, 0.60)):
        if not games:
            continue
        start = time.perf_counter()
        seats = names + [names[-1]] * (args.players - 2)

        def progress(done: int, total: int) -> None:
            print(f"\r{done}/{total} games", end="" if done < total else "\n", file=sys.stderr, flush=True)

        standings = arena(args.ruleset, args.players, seats, games, args.seed, workers=args.workers, progress=progress)
        first = standings[0]
        verdict = "meets" if first.win_rate >= target else "misses"
        print(f"{names[0]} against {names[1]}, {args.ruleset}, {args.players} players, {games} games in {time.perf_counter() - start:.0f} s:")
        print(report(standings))
        print(f"{names[0]} won {first.win_rate:.1%}: {verdict} the target of {target:.0%}\n")


if __name__ == "__main__":
    main()
