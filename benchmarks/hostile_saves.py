"""Load figures: the largest legitimate saves (what the limits of ``wingspan_rules.savefile``
were chosen from) and the time to refuse hostile saves, the worst one last.

Run: python benchmarks/hostile_saves.py [--games N]
CPU time of one process (time.process_time).  Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import time
from collections.abc import Callable
from typing import Any


def _shape(data: Any) -> tuple[int, int, int, int]:
    """(nesting depth, JSON values, longest list or object, longest string) of the data."""
    depth = values = items = longest = 0
    todo = [(data, 1)]
    while todo:
        value, level = todo.pop()
        values += 1
        depth = max(depth, level)
        if isinstance(value, (list, dict)):
            items = max(items, len(value))
            todo.extend((v, level + 1) for v in (value.values() if isinstance(value, dict) else value))
        elif isinstance(value, str):
            longest = max(longest, len(value))
    return depth, values, items, longest


def largest_saves(games: int) -> dict[str, tuple[int, str]]:
    """The largest figure of each kind over saves at every decision of random games."""
    import wingspan_rules
    from wingspan_rules.cards import ruleset_text

    best: dict[str, tuple[int, str]] = {}

    def note(label: str, text: str) -> None:
        data = json.loads(text)
        options = {k: v for k, v in data["options"].items() if not k.endswith("card_text")}
        card_text = max((len(v) for k, v in data["options"].items() if k.endswith("card_text")), default=0)
        depth, values, items, longest = _shape(dict(data, options=options))
        for key, figure in (("characters", len(text)), ("depth", depth), ("values", values), ("list items", items),
                            ("string (not card text)", longest), ("card text", card_text),
                            ("take-back points", len(data.get("takebacks", [])))):  # fmt: skip
            if figure > best.get(key, (-1, ""))[0]:
                best[key] = (figure, label)

    for seed in range(games):
        for ruleset in ("pocket", "classic"):
            players = 2 + seed % 4
            options: dict[str, Any] = {"advanced": seed % 2 == 0} if ruleset == "pocket" else {"house_corrections": seed % 2 == 0}
            if seed % 5 == 4:  # the shipped deck written into the save
                options["card_text"] = "\n".join(text for _, text in ruleset_text(ruleset))
            game = wingspan_rules.new_game(ruleset, players, seed, options)
            chooser = random.Random(seed)
            while True:
                note(f"{ruleset} {players}p seed {seed}", game.to_json())
                if game.is_over:
                    break
                game.apply(chooser.choice(game.legal_actions()))
    return best


def hostile_cases() -> dict[str, Callable[[], str | bytes]]:
    import wingspan_rules
    from wingspan_rules.savefile import MAX_CARD_TEXT, MAX_TEXT

    def base(ruleset: str = "classic") -> dict[str, Any]:
        game = wingspan_rules.new_game(ruleset, 5, 1)
        data: dict[str, Any] = json.loads(game.to_json())
        return data

    def edited(change: Callable[[dict[str, Any]], None], ruleset: str = "classic") -> Callable[[], str]:
        def make() -> str:
            data = base(ruleset)
            change(data)
            return json.dumps(data)

        return make

    def food(d: dict[str, Any]) -> None:
        d["state"]["seats"][0]["food"] = [10**9] * 5

    return {
        "JSON nested 1,000 deep": lambda: "[" * 1000 + "]" * 1000,
        "brackets up to the size cap": lambda: "[" * (MAX_TEXT - 1),
        "integer of 4,301 digits": lambda: '{"schema": ' + "9" * 4301 + "}",
        "bytes that are not UTF-8": lambda: b'{"schema": 1, "x": "\xff"}',
        "10 MB ruleset string": edited(lambda d: d.__setitem__("ruleset", "x" * 10_000_000)),
        "100,000-element list": edited(lambda d: d["state"].__setitem__("deck", list(range(100_000)))),
        "card text of 20,000 bad lines": edited(lambda d: d["options"].__setitem__("card_text", 'bird "A" {\n' * 20_000)),
        "card text at its cap, all errors": edited(lambda d: d["options"].__setitem__("card_text", 'bird "A" {\n' * (MAX_CARD_TEXT // 11))),
        "seat with 10^9 food": edited(food),
        "250,000 values in small lists": lambda: json.dumps({"schema": 1, "x": [[0] * 9_000 for _ in range(28)]}),
        "a text at the size cap": lambda: '"' + "a" * (MAX_TEXT - 2) + '"',
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=20)
    args = ap.parse_args()
    from wingspan_rules import StateError, load

    print(f"largest legitimate saves ({args.games} games of each ruleset, saved at every decision):")
    for key, (figure, label) in largest_saves(args.games).items():
        print(f"  {key:24} {figure:>9,}  ({label})")
    print("hostile saves, CPU time to refuse:")
    worst = ("", 0.0)
    for name, make in hostile_cases().items():
        text = make()
        start = time.process_time()
        try:
            load(text)
            outcome = "LOADED"
        except StateError as err:
            outcome = f"StateError, {len(str(err).encode())} bytes"
        seconds = time.process_time() - start
        worst = max(worst, (name, seconds), key=lambda w: w[1])
        print(f"  {name:36} {seconds * 1000:9.1f} ms  {outcome}")
    print(f"worst hostile save: {worst[0]}, {worst[1] * 1000:.1f} ms")


if __name__ == "__main__":
    main()
