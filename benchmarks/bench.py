"""Speed figures: random Pocket and classic games per second, engine steps per second,
cold compile time, and compiling 1 MB of card text (valid, and broken).

Run: python benchmarks/bench.py [--games N] [--players P] [--repeat R]
Games keep their record (events) as ``new_game`` does by default; two lines show the same
games with ``events=False``.
One process, one core.  Times are the process's CPU time (time.process_time), so other
work on the machine disturbs the figures less.  Prints figures; asserts nothing (targets
live in the README).
"""

from __future__ import annotations

import argparse
import random
import time


def compile_cold() -> float:
    """Seconds to build the grammar and compile every shipped card set from text."""
    from wingspan_rules.cards import RULESETS_WITH_CARDS, VOCABULARIES, compile_sources, ruleset_text
    from wingspan_rules.dsl import parser

    parser._lark.cache_clear()
    start = time.process_time()
    for ruleset in RULESETS_WITH_CARDS:
        compile_sources(ruleset_text(ruleset), VOCABULARIES[ruleset])
    return time.process_time() - start


def compile_megabyte() -> list[tuple[str, float]]:
    """Seconds to compile (or refuse) about 1 MB of card text: the shipped classic birds repeated
    under new names, the same with 2,000 random edits, and 77,000 empty blocks (target: 2 s each)."""
    import re

    from wingspan_rules.cards import VOCABULARIES, compile_cards, ruleset_text
    from wingspan_rules.dsl import parser
    from wingspan_rules.dsl.diagnostics import DslError

    source = "".join(text for name, text in ruleset_text("classic") if "goals" not in name and "bonus" not in name)
    copies = []
    for k in range(1_000_000 // len(source) + 1):
        copies.append(re.sub(r'^bird "([^"]*)"', lambda m, k=k: f'bird "{m.group(1)} {k}"', source, flags=re.M))
    valid = "".join(copies)
    rnd = random.Random(1)
    chars = list(valid)
    for _ in range(2000):
        chars[rnd.randrange(len(chars))] = rnd.choice('xyz{}\n:" ')
    inputs = [("valid", valid), ("broken", "".join(chars)), ("empty blocks", 'bird "" {\n}\n' * 77_000)]
    parser._lark()  # the grammar is built once, as an app would
    out = []
    for label, text in inputs:
        start = time.process_time()
        try:
            compile_cards(text, vocabulary=VOCABULARIES["classic"])
        except DslError as err:
            str(err)  # the report is part of the cost
        out.append((f"{label}, {len(text) / 1e6:.1f} MB", time.process_time() - start))
    return out


def random_games(games: int, players: int, advanced: bool, ruleset: str = "pocket", events: bool = True) -> tuple[float, int]:
    import wingspan_rules

    wingspan_rules.card_set(ruleset)  # compiled once, as an app would
    options = {"advanced": advanced} if ruleset == "pocket" else {}
    steps = 0
    start = time.process_time()
    for seed in range(games):
        game = wingspan_rules.new_game(ruleset, players, seed, options, events=events)
        chooser = random.Random(seed)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions()))
            steps += 1
    return time.process_time() - start, steps


def best_of(repeat: int, games: int, players: int, advanced: bool, ruleset: str, events: bool = True) -> tuple[float, int]:
    """The fastest of ``repeat`` runs of the same games (other work on the machine only slows a run)."""
    runs = [random_games(games, players, advanced, ruleset, events) for _ in range(repeat)]
    return min(runs)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=3, help="runs of each figure; the fastest is shown")
    args = ap.parse_args()
    # the game figures first: the megabyte compiles below leave much garbage behind
    for advanced in (False, True):
        seconds, steps = best_of(args.repeat, args.games, args.players, advanced, "pocket")
        label = "advanced" if advanced else "basic"
        print(
            f"random {args.players}-player Pocket ({label:8}): {args.games / seconds:8.1f} games/s"
            f"  {steps / seconds:9.0f} steps/s  ({steps / args.games:.0f} steps/game)"
        )
    seconds, steps = best_of(args.repeat, args.games, 2, False, "classic")
    print(
        f"random 2-player classic (green goals): {args.games / seconds:8.1f} games/s"
        f"  {steps / seconds:9.0f} steps/s  ({steps / args.games:.0f} steps/game)"
    )
    seconds, steps = best_of(args.repeat, args.games, 2, False, "oceania")
    print(
        f"random 2-player Oceania:               {args.games / seconds:8.1f} games/s"
        f"  {steps / seconds:9.0f} steps/s  ({steps / args.games:.0f} steps/game)"
    )
    # simulations that never read the events may turn the record off (``new_game(events=False)``)
    for ruleset, players in (("pocket", args.players), ("classic", 2)):
        seconds, steps = best_of(args.repeat, args.games, players, False, ruleset, events=False)
        print(f"  the same, {ruleset}, record off (events=False): {args.games / seconds:8.1f} games/s")
    cold = compile_cold()
    print(f"compile all card sets cold:        {cold * 1000:8.1f} ms")
    for label, seconds in compile_megabyte():
        print(f"compile card text ({label}): {seconds * 1000:8.1f} ms")


if __name__ == "__main__":
    main()
