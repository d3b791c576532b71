"""Instructions per random game, counted by callgrind (valgrind): a figure that, unlike time,
hardly moves with the load of a shared machine (about 1% with the hash seed and the directory).

    python benchmarks/instructions.py                     # this tree, every configuration
    python benchmarks/instructions.py --tree ../old-tree  # another checkout, the same way
    python benchmarks/instructions.py --games 30 --config classic-2

Each configuration runs twice under callgrind in a fresh process: setting up (imports and the
deck compiled, one game made) and then the same plus ``--games`` random games (every move
``random.Random(seed).choice`` of ``legal_actions()``); the difference divided by the games is
the figure printed, in millions of instructions.  The figure moves by a few per cent with
where objects land in memory (the directory the tree sits in, the hash seed: a type's hash is
its address, and the engine looks handlers up by type), so each configuration is measured
under several hash seeds (``--hash-seeds``, default 0 1 2) and the mean is printed with the
lowest and highest.  For a figure that does not move at all, count bytecodes
(``benchmarks/opcodes.py``).  Needs valgrind on PATH.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

CONFIGS = {
    "pocket-3": ("pocket", 3, True),
    "pocket-3-events-off": ("pocket", 3, False),
    "classic-2": ("classic", 2, True),
    "classic-2-events-off": ("classic", 2, False),
    "oceania-3": ("oceania", 3, True),
    "oceania-3-events-off": ("oceania", 3, False),
}

PLAY = """
import random, sys
from wingspan_rules import new_game
ruleset, players, events, games = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", int(sys.argv[4])
new_game(ruleset, players, 0, events=events)
for seed in range(1, games + 1):
    game = new_game(ruleset, players, seed, events=events)
    choose = random.Random(seed).choice
    while not game.is_over:
        game.apply(choose(game.legal_actions()))
"""


def instructions(tree: Path, ruleset: str, players: int, events: bool, games: int, hash_seed: int = 0) -> int:
    """The instructions callgrind counts for a process that sets up and plays ``games``."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "callgrind.out"
        script = Path(tmp) / "play.py"
        script.write_text(PLAY)
        env = dict(os.environ, PYTHONHASHSEED=str(hash_seed), PYTHONPATH=str(tree))
        done = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", sys.executable, str(script), ruleset, str(players), "1" if events else "0", str(games)],
            env=env, capture_output=True, text=True, check=False,
        )
        found = re.search(r"Collected : (\d+)", done.stderr)
        if done.returncode != 0 or found is None:
            raise SystemExit(f"callgrind failed ({done.returncode}):\n{done.stderr[-2000:]}")
        return int(found.group(1))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1], help="the checkout to measure (default: this one)")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS), help="a configuration (default: all)")
    ap.add_argument("--hash-seeds", type=int, nargs="+", default=[0, 1, 2], metavar="N", help="PYTHONHASHSEED values to measure under (default: 0 1 2)")
    args = ap.parse_args()
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not on PATH (Debian: apt-get install valgrind)")
    tree = args.tree.resolve()
    print(f"tree {tree}, {args.games} games each, millions of instructions per game (mean, lowest-highest over hash seeds {' '.join(map(str, args.hash_seeds))})")
    for name in args.config or list(CONFIGS):
        ruleset, players, events = CONFIGS[name]
        figures = []
        for seed in args.hash_seeds:
            base = instructions(tree, ruleset, players, events, 0, seed)
            full = instructions(tree, ruleset, players, events, args.games, seed)
            figures.append((full - base) / args.games / 1e6)
        mean = sum(figures) / len(figures)
        print(f"{name:24} {mean:8.2f}  ({min(figures):.2f}-{max(figures):.2f})", flush=True)


if __name__ == "__main__":
    main()
