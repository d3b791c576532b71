"""Fingerprints of random games: the same seed and actions must give the same game, bit for bit.

Run: python benchmarks/fingerprint.py [--games N] [--against-pure]
Plays N random games (default 100) of each configuration below, each move picked by
``random.Random(seed).choice`` from ``legal_actions()``, and prints one SHA-256 per
configuration of every action and the final score sheet (the game), and one of every event
as text (what the record says), then the hash of them all.  A change that keeps every game the same keeps every line
the same; compare the output before and after a change (``diff``).  Copies are taken now and
then and played on, so that ``copy`` is part of what is fingerprinted.  ``--against-pure``
plays the same games at once in a second process that runs the package as pure Python
(``WINGSPAN_PURE_PYTHON=1``) and fails unless both print the same: the test command runs it on
the compiled build with 800 games of each configuration.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import random
import subprocess
import sys

CONFIGS: tuple[tuple[str, str, int, dict[str, object]], ...] = (
    ("pocket-3-basic", "pocket", 3, {}),
    ("pocket-4-advanced", "pocket", 4, {"advanced": True}),
    ("pocket-2-birds-any", "pocket", 2, {"supply_reset": "birds", "copy_brown_from": "any"}),
    ("classic-2", "classic", 2, {}),
    ("classic-3-blue-tokens", "classic", 3, {"goal_side": "blue", "food_tokens": 5, "cache_when_out": "discarded-card"}),
    ("classic-4-mats-public", "classic", 4, {"oceania_mats": True, "public_hands": True, "draw_no_mixing": True}),
    ("oceania-2", "oceania", 2, {}),
    ("oceania-5-ccw", "oceania", 5, {"game_end_order": "counterclockwise", "nectar_ties": "next-place"}),
)


def play(ruleset: str, players: int, options: dict[str, object], seed: int) -> tuple[str, str]:
    """One random game: its actions and score as one text, and its events as another."""
    import wingspan_rules

    game = wingspan_rules.new_game(ruleset, players, seed, dict(options))
    chooser = random.Random(seed)
    lines: list[str] = []
    noted: list[str] = []
    step = 0
    while not game.is_over:
        action = chooser.choice(game.legal_actions())
        events = game.apply(action)
        lines.append(f"> {action}")
        noted.extend(event.describe() for event in events)
        step += 1
        if step % 97 == 0:
            game = game.copy()  # play on in a copy
    lines.append(repr(game.score()))
    return "\n".join(lines), "\n".join(noted)


def fingerprint(games: int) -> list[str]:
    """The printed lines: a header, one line per configuration, the total."""
    total, total_events = hashlib.sha256(), hashlib.sha256()
    lines = [f"{'configuration':24} {'games':16} events"]
    for label, ruleset, players, options in CONFIGS:
        played_hash, noted = hashlib.sha256(), hashlib.sha256()
        for seed in range(games):
            played, events = play(ruleset, players, options, seed)
            played_hash.update(played.encode())
            noted.update(events.encode())
        total.update(played_hash.digest())
        total_events.update(noted.digest())
        lines.append(f"{label:24} {played_hash.hexdigest()[:16]} {noted.hexdigest()[:16]}")
    lines.append(f"{'TOTAL':24} {total.hexdigest()[:16]} {total_events.hexdigest()[:16]}")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="random games per configuration (default 100)")
    parser.add_argument(
        "--against-pure",
        action="store_true",
        help="also play the games in a pure-Python process (WINGSPAN_PURE_PYTHON=1), at the same time, and exit 1 unless the two agree line for line",
    )
    args = parser.parse_args()
    if not args.against_pure:
        for line in fingerprint(args.games):
            print(line, flush=True)
        return
    import wingspan_rules

    pure = subprocess.Popen(
        [sys.executable, __file__, "--games", str(args.games)], stdout=subprocess.PIPE, text=True, env=os.environ | {"WINGSPAN_PURE_PYTHON": "1"}
    )
    here = fingerprint(args.games)
    there = pure.communicate()[0].splitlines()
    kind = "compiled" if wingspan_rules.compiled else "pure Python"
    print(f"{'this process runs':24} {kind}")
    for mine, theirs in zip(here, there, strict=False):
        print(f"{mine}   {'same' if mine == theirs else 'DIFFERENT: pure ' + theirs[25:]}")
    if pure.returncode != 0 or here != there:
        print(f"the {kind} core and the pure-Python core played different games", file=sys.stderr)
        raise SystemExit(1)
    print(f"{args.games} games of each configuration: the same games, compiled or not" if wingspan_rules.compiled else "(both pure Python: nothing compiled to compare)")


if __name__ == "__main__":
    main()
