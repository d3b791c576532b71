"""Saves of random games and seeded mutations of them, for the hostile-save tests and the
load benchmark.  Public API only: saves come from ``Game.to_json`` and are edited as JSON."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import wingspan_rules

Json = Any


def random_saves(seed: int, games: int) -> list[str]:
    """Saves taken at random decisions of random games: every ruleset, 2 to 5 players, Pocket
    basic and advanced, classic with and without house corrections, Oceania."""
    chooser = random.Random(seed)
    out: list[str] = []
    for g in range(games):
        ruleset = ("pocket", "pocket", "classic", "oceania")[g % 4]
        players = chooser.randint(2, 5)
        if ruleset == "pocket":
            options: dict[str, Any] = {"advanced": chooser.random() < 0.5}
        elif ruleset == "oceania":
            options = {"grassland_row": "alternative"} if chooser.random() < 0.3 else {}
        else:
            options = {"house_corrections": chooser.random() < 0.5}
        game = wingspan_rules.new_game(ruleset, players, chooser.randrange(10**6), options)
        # save at the start, at a few random decisions and at the end (or where it stopped)
        stop = chooser.randrange(40, 400)
        marks = {0, *(chooser.randrange(stop) for _ in range(4))}
        step = 0
        while not game.is_over and step < stop:
            if step in marks:
                out.append(game.to_json())
            game.apply(chooser.choice(game.legal_actions()))
            step += 1
        out.append(game.to_json())
    return out


# ---- mutations on the JSON values -------------------------------------------------------------


def _containers(data: Json) -> list[tuple[Json, Any]]:
    """Every (container, key or index) pair in the data, in a fixed order."""
    out: list[tuple[Json, Any]] = []
    todo = [data]
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            for k in sorted(node):
                out.append((node, k))
                todo.append(node[k])
        elif isinstance(node, list):
            for i in range(len(node)):
                out.append((node, i))
                todo.append(node[i])
    return out


def _lists(data: Json) -> list[list[Any]]:
    return [c[k] for c, k in _containers(data) if isinstance(c[k], list)] + ([data] if isinstance(data, list) else [])


_HUGE = [10**9, 10**18, 2**64, 10**60, -(10**9), -1, -2, 4300, 999_999, 0.5, 1e300, True, False, None, "7", "", [], {}]


def _number(r: random.Random, data: Json) -> None:
    spots = [(c, k) for c, k in _containers(data) if type(c[k]) in (int, bool)]
    if spots:
        c, k = r.choice(spots)
        c[k] = r.choice(_HUGE + [c[k] + 1, c[k] - 1, c[k] * 2 + 7])


def _small_number(r: random.Random, data: Json) -> None:
    spots = [(c, k) for c, k in _containers(data) if type(c[k]) is int]
    if spots:
        c, k = r.choice(spots)
        c[k] = r.randint(-3, 12)


def _delete_key(r: random.Random, data: Json) -> None:
    spots = [(c, k) for c, k in _containers(data) if isinstance(c, dict)]
    if spots:
        c, k = r.choice(spots)
        del c[k]


def _retype(r: random.Random, data: Json) -> None:
    spots = _containers(data)
    if spots:
        c, k = r.choice(spots)
        c[k] = r.choice([None, "x", [], {}, 1, [1, 2], {"a": 1}, "skip", True])


def _move_card(r: random.Random, data: Json) -> None:
    """Take an item from one int list and put it in another (a card changes place)."""
    lists = [v for v in _lists(data) if v and all(type(x) is int for x in v)]
    targets = [v for v in _lists(data) if all(type(x) is int for x in v)]
    if lists and targets:
        item = r.choice(lists)
        value = item.pop(r.randrange(len(item)))
        if r.random() < 0.3:
            item.append(value)  # duplicated instead of moved
        r.choice(targets).append(value)


def _swap_cards(r: random.Random, data: Json) -> None:
    """Exchange two numbers of two int lists (two cards change places, each still once)."""
    lists = [v for v in _lists(data) if v and all(type(x) is int for x in v)]
    if len(lists) >= 2:
        a, b = r.sample(lists, 2)
        i, j = r.randrange(len(a)), r.randrange(len(b))
        a[i], b[j] = b[j], a[i]


def _resize(r: random.Random, data: Json) -> None:
    lists = _lists(data)
    if lists:
        item = r.choice(lists)
        if item and r.random() < 0.5:
            del item[r.randrange(len(item)) :]
        else:
            filler = item[-1] if item else r.choice([0, -1, 5, "x"])
            item.extend([json.loads(json.dumps(filler))] * r.randint(1, 40))


def _frames(data: Json) -> list[Any] | None:
    state = data.get("state") if isinstance(data, dict) else None
    stack = state.get("stack") if isinstance(state, dict) else None
    return stack if isinstance(stack, list) else None


def _frame_edit(r: random.Random, data: Json) -> None:
    stack = _frames(data)
    if not stack:
        return
    choice = r.randrange(5)
    if choice == 0:
        del stack[r.randrange(len(stack))]
    elif choice == 1 and len(stack) > 1:
        i, j = r.sample(range(len(stack)), 2)
        stack[i], stack[j] = stack[j], stack[i]
    elif choice == 2:
        stack.insert(r.randrange(len(stack) + 1), json.loads(json.dumps(r.choice(stack))))
    else:
        frame = r.choice(stack)
        if isinstance(frame, dict) and frame:
            field = r.choice(sorted(frame))
            frame[field] = r.choice(
                [
                    r.randint(-2, 60),
                    [r.randint(-2, 9) for _ in range(r.randint(0, 7))],
                    r.choice(["turn", "pay", "effect", "setup", "draw", "lay", "habitat", "feeder", "share", "gather", "bonus", "copy-green"]),
                    not frame[field] if isinstance(frame[field], bool) else r.randint(0, 5),
                ]
            )


def _frame_nudge(r: random.Random, data: Json) -> None:
    """A small, plausible edit of one frame: the kind that slips past range checks."""
    stack = _frames(data)
    frames = [f for f in stack or [] if isinstance(f, dict)]
    if not frames:
        return
    frame = r.choice(frames)
    field = r.choice(["player", "card", "host", "owner", "pc", "data", "data", "path", "optional"])
    numbers = frame.get("data")
    if field == "data" and isinstance(numbers, list) and numbers and all(type(x) is int for x in numbers):
        i = r.randrange(len(numbers))
        numbers[i] = r.choice([numbers[i] + 1, numbers[i] - 1, 0, 1, r.randint(0, 30)])
    elif field == "path":
        frame["path"] = r.choice([[], [0], [1], [0, 1], [1, 0], [2]])
    elif field == "optional":
        frame["optional"] = r.random() < 0.5
    elif field in frame and field != "data":
        frame[field] = r.choice({"player": [0, 1, 2, 3, 4], "card": list(range(-1, 40)), "host": [0, 1, 2, 10, 11, 20, 21, 3],
                                 "owner": [-1, 0, 1, 2, 3], "pc": [0, 1, 2, 3]}[field])  # fmt: skip


def _players_nudge(r: random.Random, data: Json) -> None:
    state = data.get("state") if isinstance(data, dict) else None
    if isinstance(state, dict):
        key = r.choice(["current", "first"])
        if key in state:
            state[key] = r.randrange(5)


def _deep(r: random.Random, data: Json) -> None:
    spots = _containers(data)
    if spots:
        c, k = r.choice(spots)
        c[k] = f"@deep{r.choice([20, 40, 200, 3000])}@"  # written as brackets (json.dumps would recurse)


def _option(r: random.Random, data: Json) -> None:
    if isinstance(data, dict) and isinstance(data.get("options"), dict):
        data["options"][r.choice(["card_text", "extra_card_text", "advanced", "food_tokens", "goal_side"])] = r.choice(
            ["", "bird", "x" * 300_000, 'bird "A" {\n' * 50, None, True, 3, 10**6, "blue"]
        )


_MUTATIONS: list[Callable[[random.Random, Json], None]] = [
    _number, _small_number, _small_number, _delete_key, _retype, _move_card, _move_card, _resize,
    _frame_edit, _frame_edit, _frame_edit, _deep, _option, _swap_cards, _swap_cards,
    _frame_nudge, _frame_nudge, _frame_nudge, _frame_nudge, _players_nudge,
]  # fmt: skip


def mutate(r: random.Random, text: str) -> str | bytes:
    """One hostile variant of a save: 1 to 3 edits of its JSON, or of its text."""
    kind = r.random()
    if kind < 0.05:
        return text[: r.randrange(len(text))]  # cut short
    if kind < 0.08:
        raw = bytearray(text.encode())
        raw[r.randrange(len(raw))] = r.choice([0xFF, 0xC3, 0x80, 0x00])
        return bytes(raw)
    if kind < 0.10:
        at = r.randrange(len(text))
        return text[:at] + r.choice(["NaN", "Infinity", "-1e999", "9" * 5000, '"\\ud800"', "[" * 2000]) + text[at:]
    data = json.loads(text)
    for _ in range(r.randint(1, 3)):
        r.choice(_MUTATIONS)(r, data)
    out = json.dumps(data)
    while "@deep" in out:
        at = out.index('"@deep')
        end = out.index('@"', at + 2)
        depth = int(out[at + 6 : end])
        out = out[:at] + "[" * depth + "0" + "]" * depth + out[end + 2 :]
    if r.random() < 0.03:  # a key repeated with another value
        out = out.replace('"seed":', '"seed":1,"seed":', 1)
    return out
