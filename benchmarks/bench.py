"""Speed figures: random Pocket and classic games per second, engine steps per second,
cold compile time, compiling 1 MB of card text (valid, and broken), and loading a shipped
deck in a fresh process.

Run: python benchmarks/bench.py [--games N] [--players P] [--repeat R] [--compile-only] [--cold-load N]
Each game figure is given twice: with the record kept (events), as ``new_game`` does by
default for apps, and with ``events=False``, as a bot, search or trainer that never reads
events would play.
One process, one core.  Times are the process's CPU time (time.process_time), so other
work on the machine disturbs the figures less; games are timed in chunks, each chunk's
fastest run counting (``best_of``); card text is compiled ``--repeat`` times, the fastest
counting.  Prints figures and the targets of issue 20 beside them (the games-per-second targets,
measured beside the peer wingsim, are in ``vs_wingsim.py``); asserts nothing.  Whether the core
runs compiled is printed first (``wingspan_rules.compiled``).
``--compile-only`` leaves out the games.  ``--cold-load N`` only loads each shipped deck in N fresh
processes with no cache (``WINGSPAN_NO_CACHE=1``), as the first load after installing does, and
prints the import and the ``card_set`` call apart (wall-clock, min and median), with where the
parser came from (the tables shipped in the wheel, or Lark's analysis in a checkout).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time

COMPILE_TARGET = 1.0  # seconds for a megabyte of card text, valid or broken
DECK_TARGET = 0.1  # seconds for a shipped deck in a fresh process (``card_set``)
COPY_TARGET = 20e-6  # seconds for ``Game.copy()`` of a game under way
CHECK_TARGET = 0.05  # seconds to set up a position and check one action on it


def compile_cold() -> tuple[float, str]:
    """Seconds to make the parser and compile every shipped card set from text, and where the
    parser came from (``parser.parser_origin``: the shipped tables, the user's cache or Lark's
    analysis of the grammar)."""
    from wingspan_rules.cards import RULESETS_WITH_CARDS, VOCABULARIES, compile_sources, ruleset_text
    from wingspan_rules.dsl import parser

    parser._built.cache_clear()
    start = time.process_time()
    for ruleset in RULESETS_WITH_CARDS:
        compile_sources(ruleset_text(ruleset), VOCABULARIES[ruleset])
    return time.process_time() - start, parser.parser_origin()


def compile_megabyte(repeat: int = 1) -> list[tuple[str, float]]:
    """Seconds to compile (or refuse) about 1 MB of card text: the shipped classic birds repeated
    under new names, the same with 2,000 random edits, and 77,000 empty blocks (target: 1 s
    each); the fastest of ``repeat`` runs."""
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
        fastest = float("inf")
        for _ in range(repeat):
            start = time.process_time()
            try:
                compile_cards(text, vocabulary=VOCABULARIES["classic"])
            except DslError as err:
                str(err)  # the report is part of the cost
            fastest = min(fastest, time.process_time() - start)
        out.append((f"{label}, {len(text) / 1e6:.1f} MB", fastest))
    return out


_DECK_IN_A_FRESH_PROCESS = """
import sys, time
start = time.process_time()
from wingspan_rules import card_set
imported = time.process_time()
card_set(sys.argv[1])
print(imported - start, time.process_time() - imported)
"""


def deck_in_a_fresh_process(ruleset: str, repeat: int, cache: bool) -> tuple[float, float, float]:
    """CPU seconds of a fresh ``python`` that imports the package and loads a shipped deck
    (``card_set``): importing, loading the deck, and the whole process; the fastest of ``repeat``
    runs each.  With ``cache``, the deck comes from a warm cache of compiled decks (in a
    temporary folder); without, it is compiled from its text."""
    import resource

    best = [float("inf")] * 3
    with tempfile.TemporaryDirectory() as folder:
        env = os.environ | {"XDG_CACHE_HOME": folder}
        if cache:
            env.pop("WINGSPAN_NO_CACHE", None)
            subprocess.run([sys.executable, "-c", _DECK_IN_A_FRESH_PROCESS, ruleset], env=env, check=True, capture_output=True)
        else:
            env["WINGSPAN_NO_CACHE"] = "1"
        for _ in range(repeat):
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            done = subprocess.run([sys.executable, "-c", _DECK_IN_A_FRESH_PROCESS, ruleset], env=env, check=True, capture_output=True, text=True)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            importing, loading = map(float, done.stdout.split())
            whole = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
            best = [min(b, x) for b, x in zip(best, (importing, loading, whole), strict=True)]
    return best[0], best[1], best[2]


def print_card_figures(repeat: int) -> None:
    cold, origin = compile_cold()
    print(f"compile all card sets cold:        {cold * 1000:8.1f} ms   (parser: {origin})")
    for label, seconds in compile_megabyte(repeat):
        verdict = "met" if seconds < COMPILE_TARGET else "NOT met"
        print(f"compile card text ({label}): {seconds * 1000:8.1f} ms   (target {COMPILE_TARGET:g} s: {verdict})")
    print("a shipped deck in a fresh process   import    card_set    whole process")
    for cache in (True, False):
        for ruleset in ("pocket", "classic", "oceania"):
            importing, loading, whole = deck_in_a_fresh_process(ruleset, repeat, cache)
            how = "cached" if cache else "compiled"
            verdict = f"   (target {DECK_TARGET * 1000:g} ms: {'met' if loading < DECK_TARGET else 'NOT met'})" if cache else ""
            print(f"  {ruleset:8} ({how:8})          {importing * 1000:6.0f} ms {loading * 1000:8.1f} ms {whole * 1000:9.0f} ms{verdict}")


_COLD_LOAD = """
import sys, time
start = time.perf_counter()
import wingspan_rules
imported = time.perf_counter()
wingspan_rules.card_set(sys.argv[1])
loaded = time.perf_counter()
from wingspan_rules.dsl import parser
print(imported - start, loaded - imported, parser.parser_origin())
"""


def cold_load(ruleset: str, runs: int) -> tuple[list[float], list[float], set[str]]:
    """Wall-clock seconds of ``runs`` fresh processes, each importing the package and loading the
    shipped deck ``ruleset`` with no cache of compiled decks: the imports, the ``card_set``
    calls, and where their parsers came from."""
    env = os.environ | {"WINGSPAN_NO_CACHE": "1"}
    imports: list[float] = []
    loads: list[float] = []
    origins: set[str] = set()
    with tempfile.TemporaryDirectory() as folder:  # (run outside any checkout, which ``python -c`` would import first)
        for _ in range(runs):
            done = subprocess.run([sys.executable, "-c", _COLD_LOAD, ruleset], env=env, cwd=folder, check=True, capture_output=True, text=True)
            importing, loading, origin = done.stdout.split()
            imports.append(float(importing))
            loads.append(float(loading))
            origins.add(origin)
    return imports, loads, origins


def print_cold_load(runs: int) -> None:
    import statistics

    import wingspan_rules

    print(f"the first load of a shipped deck ({wingspan_rules.__file__}): {runs} fresh processes each, WINGSPAN_NO_CACHE=1, wall-clock")
    print("                  import min / median    card_set min / median")
    for ruleset in ("pocket", "classic", "oceania"):
        imports, loads, origins = cold_load(ruleset, runs)
        verdict = "met" if statistics.median(loads) < DECK_TARGET else "NOT met"
        print(
            f"  {ruleset:8}  {min(imports) * 1000:9.0f} / {statistics.median(imports) * 1000:4.0f} ms"
            f"  {min(loads) * 1000:9.1f} / {statistics.median(loads) * 1000:5.1f} ms"
            f"   (target {DECK_TARGET * 1000:g} ms: {verdict}; parser: {', '.join(sorted(origins))})"
        )


def random_games(seeds: range, players: int, advanced: bool, ruleset: str = "pocket", events: bool = True) -> tuple[float, int]:
    """CPU seconds and steps for one random game per seed (each move picked by ``random.Random(seed)``)."""
    import wingspan_rules

    wingspan_rules.card_set(ruleset)  # compiled once, as an app would
    options = {"advanced": advanced} if ruleset == "pocket" else {}
    steps = 0
    start = time.process_time()
    for seed in seeds:
        game = wingspan_rules.new_game(ruleset, players, seed, options, events=events)
        chooser = random.Random(seed)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions()))
            steps += 1
    return time.process_time() - start, steps


CHUNK = 25  # games timed together


def best_of(repeat: int, games: int, players: int, advanced: bool, ruleset: str, events: bool = True) -> tuple[float, int]:
    """CPU seconds and steps of games 0 to ``games - 1``, timed in chunks of ``CHUNK`` games: each
    chunk runs ``repeat`` times (the rounds interleaved) and its fastest run counts.  Work of
    other machines on a shared host only ever slows a run, and a short chunk finds a quiet
    stretch far more often than one long run does (``timeit``'s reasoning, per chunk)."""
    chunks = [range(first, min(first + CHUNK, games)) for first in range(0, games, CHUNK)]
    fastest = [float("inf")] * len(chunks)
    steps = 0
    for round_ in range(repeat):
        for i, seeds in enumerate(chunks):
            seconds, done = random_games(seeds, players, advanced, ruleset, events)
            fastest[i] = min(fastest[i], seconds)
            if round_ == 0:
                steps += done
    return sum(fastest), steps


def print_table_figures(repeat: int) -> None:
    """``Game.copy()`` of a game 60 random actions in, and a position set up and one action
    checked on it (the dispute page's answer: the examples of ``web.examples``, parsed anew each
    time; the deck compiled once before, as a running program has it)."""
    import timeit

    from wingspan_rules import new_game, setup
    from wingspan_rules.web.examples import EXAMPLES

    for ruleset, players in (("classic", 2), ("pocket", 3), ("oceania", 2)):
        game = new_game(ruleset, players, 1)
        chooser = random.Random(1)
        for _ in range(60):
            game.apply(chooser.choice(game.legal_actions()))
        seconds = min(timeit.repeat(game.copy, number=2000, repeat=repeat)) / 2000
        verdict = "met" if seconds < COPY_TARGET else "NOT met"
        print(f"copy() of a {players}-player {ruleset} game under way: {seconds * 1e6:6.1f} us   (target {COPY_TARGET * 1e6:g} us: {verdict})")
    for name, text in EXAMPLES.items():
        setup(text)

        def once(text: str = text) -> None:
            game = setup(text)
            game.check(game.legal_actions()[0])

        seconds = min(timeit.repeat(once, number=20, repeat=repeat)) / 20
        verdict = "met" if seconds < CHECK_TARGET else "NOT met"
        print(f"setup a {name} position + check an action: {seconds * 1000:6.2f} ms   (target {CHECK_TARGET * 1000:g} ms: {verdict})")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--repeat", type=int, default=5, help="runs of each chunk of games; the fastest counts")
    ap.add_argument("--compile-only", action="store_true", help="only the card-text figures, no games")
    ap.add_argument("--cold-load", type=int, metavar="N", help="only the first load of each shipped deck, in N fresh processes with no cache")
    args = ap.parse_args()
    import wingspan_rules

    if args.cold_load:
        print_cold_load(args.cold_load)
        return
    print(f"wingspan_rules {wingspan_rules.__version__}, {'compiled' if wingspan_rules.compiled else 'pure Python'}")
    if args.compile_only:
        print_card_figures(args.repeat)
        return
    # the game figures first: the megabyte compiles below leave much garbage behind
    configs = [
        (f"{args.players}-player Pocket, basic", "pocket", args.players, False),
        (f"{args.players}-player Pocket, advanced", "pocket", args.players, True),
        ("2-player classic (green goals)", "classic", 2, False),
        ("2-player Oceania", "oceania", 2, False),
    ]
    print(f"random games, {args.games} each     record kept (default)          events=False (simulations)")
    for label, ruleset, players, advanced in configs:
        line = f"  {label:32}"
        for events in (True, False):
            seconds, steps = best_of(args.repeat, args.games, players, advanced, ruleset, events)
            line += f"{args.games / seconds:8.1f} games/s {steps / seconds:7.0f} steps/s  "
        print(f"{line}({steps / args.games:.0f} steps/game)")
    print_table_figures(args.repeat)
    print_card_figures(args.repeat)


if __name__ == "__main__":
    main()
