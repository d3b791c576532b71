"""Bytecodes run per random game: the work the interpreter does, counted exactly.

    python benchmarks/opcodes.py                      # this tree, every configuration
    python benchmarks/opcodes.py --tree ../old-tree   # another checkout
    python benchmarks/opcodes.py --top 20             # and the functions that run the most

Unlike time (which moves with the load of the machine) and instructions (which move a few per
cent with where objects land in memory), the count of bytecodes a game runs is the same on
every run: two trees that play the same games can be told apart by it to the last bytecode, and
``--top`` says which functions the difference is in.  It does not weigh bytecodes (a call costs
more than a load), so a change that trades bytecodes for C calls is judged by
``benchmarks/instructions.py``.  Slow (a trace function sees every bytecode): a few games do.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path

CONFIGS = {
    "pocket-3": ("pocket", 3),
    "classic-2": ("classic", 2),
    "oceania-3": ("oceania", 3),
}

COUNT = """
import collections, random, sys
from wingspan_rules import new_game
ruleset, players, games, top, events = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]), sys.argv[5] == "1"
new_game(ruleset, players, 0, events=events)
counts = collections.Counter()

def tracer(frame, event, arg):
    frame.f_trace_opcodes = True
    frame.f_trace_lines = False
    code = frame.f_code
    key = code.co_filename.split("wingspan_rules/")[-1] + ":" + code.co_qualname

    def local(frame, event, arg):
        if event == "opcode":
            counts[key] += 1
        return local
    return local

sys.settrace(tracer)
for seed in range(1, games + 1):
    game = new_game(ruleset, players, seed, events=events)
    choose = random.Random(seed).choice
    while not game.is_over:
        game.apply(choose(game.legal_actions()))
sys.settrace(None)
print(sum(counts.values()))
for key, n in counts.most_common(top):
    print(n, key)
"""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--tree", type=Path, default=Path(__file__).resolve().parents[1], help="the checkout to measure (default: this one)")
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--config", action="append", choices=sorted(CONFIGS), help="a configuration (default: all)")
    ap.add_argument("--top", type=int, default=0, help="also list the N functions that run the most bytecodes")
    ap.add_argument("--events", action="store_true", help="keep the record (new_game's default); without it, events=False")
    args = ap.parse_args()
    tree = args.tree.resolve()
    print(f"tree {tree}, {args.games} games each ({'record kept' if args.events else 'events=False'}), thousands of bytecodes per game")
    for name in args.config or list(CONFIGS):
        ruleset, players = CONFIGS[name]
        env = dict(os.environ, PYTHONHASHSEED="0", PYTHONPATH=str(tree))
        argv = [sys.executable, "-c", COUNT, ruleset, str(players), str(args.games), str(args.top), "1" if args.events else "0"]
        out = subprocess.run(argv, env=env, capture_output=True, text=True, check=True, cwd="/")
        lines = out.stdout.splitlines()
        print(f"{name:12} {int(lines[0]) / args.games / 1e3:10.1f}", flush=True)
        for line in lines[1:]:
            print("    " + line)


if __name__ == "__main__":
    main()
