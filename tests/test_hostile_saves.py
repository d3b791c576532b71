"""Hostile saves: ``load`` refuses each with a StateError under 1 KB and nothing else; the CLI
with exit code 2 and one line, never a traceback.  Public API only: saves are made by
``Game.to_json`` and edited as JSON data.

The mutation fuzz runs a few hundred cases by default; WINGSPAN_FUZZ=2000 (say) runs more.
"""

from __future__ import annotations

import json
import os
import random
import time
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from save_mutations import mutate, random_saves

import wingspan_rules
from wingspan_rules import StateError, load, new_game
from wingspan_rules.cli import main

Data = dict[str, Any]


def refused(text: str | bytes) -> str:
    """The message of the StateError that loading this raises (checked to be short)."""
    with pytest.raises(StateError) as info:
        load(text)
    message = str(info.value)
    assert len(message.encode("utf-8")) < 1024, message[:200]
    assert "\n" not in message and "Traceback" not in message
    return message


@cache
def _saved_at_text(ruleset: str, kind: str, players: int, advanced: bool) -> str:
    for seed in range(60):
        game = new_game(ruleset, players, seed, {"advanced": advanced} if ruleset == "pocket" else {})
        chooser = random.Random(seed)
        while not game.is_over:
            if game.pending is not None and game.pending.kind == kind:
                return game.to_json()
            game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError(f"no {kind} decision found")


def saved_at(ruleset: str, kind: str, players: int = 3, advanced: bool = False) -> Data:
    """A game saved at its first decision of this kind, as JSON data (a fresh copy)."""
    data: Data = json.loads(_saved_at_text(ruleset, kind, players, advanced))
    return data


# ---- the cases of issue 7 ----------------------------------------------------------------------


def nested_1000_deep() -> str:
    return "[" * 1000 + "]" * 1000


def integer_of_4301_digits() -> str:
    data = saved_at("pocket", "nest-action")
    return json.dumps(data).replace('"seed":', '"seed":' + "9" * 4301 + ',"x":', 1)


def ruleset_of_10_mb() -> str:
    data = saved_at("pocket", "nest-action")
    data["ruleset"] = "pocket" * (10 * 1024 * 1024 // 6)
    return json.dumps(data)


def list_of_100000() -> str:
    data = saved_at("pocket", "nest-action")
    data["state"]["discard"] = list(range(100_000))
    return json.dumps(data)


def card_text_of_20000_bad_lines() -> str:
    data = saved_at("classic", "action")
    data["options"]["card_text"] = 'bird "A" {\n' * 20_000
    return json.dumps(data)


def seat_with_a_billion_food() -> str:
    data = saved_at("classic", "action")
    data["state"]["seats"][data["state"]["current"]]["food"] = [10**9] * 5
    return json.dumps(data)


def test_refuses_json_nested_1000_deep() -> None:
    assert "nests more than" in refused(nested_1000_deep())


def test_refuses_an_integer_of_4301_digits() -> None:
    assert "4,301 digits" in refused(integer_of_4301_digits())


def test_refuses_bytes_that_are_not_utf8() -> None:
    text = json.dumps(saved_at("pocket", "nest-action")).encode()
    assert "not UTF-8" in refused(text[:40] + b"\xff" + text[40:])
    assert "not UTF-8" in refused(b"\xc3(")  # a lead byte without its continuation


def test_load_reads_utf8_bytes_as_well_as_text() -> None:
    # documented: load takes str, or bytes that are UTF-8 (a byte order mark is allowed)
    text = json.dumps(saved_at("pocket", "nest-action"))
    assert load(text.encode()).to_json() == load(text).to_json()
    assert load(b"\xef\xbb\xbf" + text.encode()).to_json() == load(text).to_json()
    assert "not bytearray" not in refused(bytearray(b"{}"))  # bytes-like: read, then refused as JSON
    assert "not int" in refused(7)  # type: ignore[arg-type]


def test_refuses_a_10_mb_ruleset_string_with_a_short_message() -> None:
    message = refused(ruleset_of_10_mb())
    assert "characters" in message and "pocketpocketpocket" not in message
    data = saved_at("pocket", "nest-action")
    data["ruleset"] = "x" * 5000  # under the size cap: the value is quoted only in part
    message = refused(json.dumps(data))
    assert "xxxxxx" in message and "x" * 200 not in message


@pytest.mark.parametrize("field", ["ruleset", "schema", "players", "seed"])
def test_every_message_quotes_at_most_a_short_prefix(field: str) -> None:
    data = saved_at("pocket", "nest-action")
    data[field] = "Q" * 900
    assert "Q" * 100 not in refused(json.dumps(data))


def test_refuses_a_100000_element_list() -> None:
    assert "100,000 items" in refused(list_of_100000())


def test_refuses_oversized_card_text_early_with_its_limit() -> None:
    message = refused(card_text_of_20000_bad_lines())
    assert "option 'card_text'" in message and "at most" in message


def test_card_text_errors_give_a_short_message() -> None:
    data = saved_at("classic", "action")
    data["options"]["card_text"] = "bad line\n" * 2000 + 'bird "B" {\n' * 500
    message = refused(json.dumps(data))
    assert "card text does not compile" in message and "errors" in message


def test_refuses_a_seat_with_a_billion_food() -> None:
    assert "no game gives a player more than" in refused(seat_with_a_billion_food())


@pytest.mark.parametrize("value", [-1, 10**100, 2**64])
@pytest.mark.parametrize(
    "path",
    [
        ["state", "steps"], ["state", "reveals"], ["state", "turns_done"], ["state", "rng"], ["state", "round"],
        ["state", "seats", 0, "cubes_used"], ["state", "seats", 0, "food", 2], ["state", "seats", 0, "discard_at_end"],
        ["state", "stack", -1, "stage"], ["state", "stack", 0, "player"], ["state", "first"], ["state", "feeder", 0],
        ["state", "rng", "drawn"],
    ],
)  # fmt: skip
def test_refuses_negative_or_huge_classic_counters(path: list[Any], value: int) -> None:
    data = saved_at("classic", "action")
    _put(data, path, value)
    refused(json.dumps(data))


@pytest.mark.parametrize("value", [-1, 10**100, 2**64])
@pytest.mark.parametrize(
    "path",
    [
        ["state", "steps"], ["state", "rng", "drawn"], ["state", "seats", 0, "turns"], ["state", "seats", 1, "nest_eggs"],
        ["state", "stack", 0, "next_bird"], ["state", "current"], ["state", "face_up", 1], ["state", "decks", 0, 0],
    ],
)  # fmt: skip
def test_refuses_negative_or_huge_pocket_counters(path: list[Any], value: int) -> None:
    data = saved_at("pocket", "nest-action")
    _put(data, path, value)
    refused(json.dumps(data))


def _put(data: Data, path: list[Any], value: Any) -> None:
    target: Any = data
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value


# ---- impossible states ---------------------------------------------------------------------------


@pytest.mark.parametrize(("ruleset", "kind"), [("pocket", "pay"), ("classic", "pay")])
def test_refuses_a_payment_whose_turn_frame_was_removed(ruleset: str, kind: str) -> None:
    data = saved_at(ruleset, kind)
    assert data["state"]["stack"][0]["kind"] == f"{ruleset}-turn"
    del data["state"]["stack"][0]
    assert "must be the turn" in refused(json.dumps(data))


def test_refuses_a_payment_pointing_at_a_habitat_instead_of_a_bird() -> None:
    data = saved_at("classic", "pay")
    frame = data["state"]["stack"][-1]
    assert frame["kind"] == "classic-pay"
    seat = data["state"]["seats"][frame["player"]]
    # the bird's id replaced by its habitat's index, a card the payer does not hold
    frame["card"] = next(h for h in range(3) if h not in seat["hand"])
    assert "not in player" in refused(json.dumps(data))
    data = saved_at("classic", "pay")
    data["state"]["stack"][-1]["habitat"] = data["state"]["stack"][-1]["card"]  # a habitat that does not exist
    assert "not in player" in refused(json.dumps(data))


def test_refuses_a_payment_on_a_turn_whose_action_was_not_taken() -> None:
    data = saved_at("classic", "pay")
    data["state"]["stack"][0]["stage"] = 0
    assert "must sit on the turn whose action plays a bird" in refused(json.dumps(data))


def test_refuses_a_deck_card_moved_into_a_waiting_seat_during_advanced_pocket_setup() -> None:
    data = saved_at("pocket", "setup-birds", advanced=True)
    state = data["state"]
    waiting = state["stack"][1]["player"]  # the last to sort their dealt cards
    assert state["stack"][1]["kind"] == "pocket-setup" and state["seats"][waiting]["dealt"]
    state["seats"][waiting]["hand"].append(state["decks"][0].pop())
    assert "holds other cards" in refused(json.dumps(data))


def test_refuses_dealt_cards_held_by_a_seat_not_being_set_up() -> None:
    data = saved_at("classic", "setup")
    stack = data["state"]["stack"]
    del stack[1]  # the last setup frame: its player keeps the dealt birds
    refused(json.dumps(data))


@pytest.mark.parametrize(
    ("kind", "field", "value"),
    [
        ("feeder", "left", 9999), ("feeder", "pending", 99), ("lay-eggs", "laid", [[1, 9]]),
        ("draw", "lock", 7), ("conversion", "habitat", 5), ("power", "host", [4, 7]), ("power", "path", [9, 9]),
        ("action", "events", ["fly"]),
    ],
)  # fmt: skip
def test_refuses_classic_frames_that_could_not_arise_in_play(kind: str, field: str, value: Any) -> None:
    data = saved_at("classic", kind)
    data["state"]["stack"][-1][field] = value
    assert "inconsistent" in refused(json.dumps(data))


def test_refuses_nan_infinity_duplicate_keys_and_floats() -> None:
    text = json.dumps(saved_at("pocket", "nest-action"))
    assert "NaN" in refused(text.replace('"steps":', '"steps":NaN,"x":', 1))
    assert "Infinity" in refused(text.replace('"steps":', '"steps":-Infinity,"x":', 1))
    assert "out of range" in refused(text.replace('"steps":', '"steps":1e999,"x":', 1))
    assert "appears twice" in refused(text.replace('"seed":', '"seed":1,"seed":', 1))
    assert "state.steps" in refused(text.replace('"steps":', '"steps":2.5,"x":', 1))


def test_refuses_too_many_values_and_long_strings() -> None:
    data = saved_at("pocket", "nest-action")
    data["extra"] = [[0] * 9000 for _ in range(40)]
    assert "values" in refused(json.dumps(data))
    data = saved_at("pocket", "nest-action")
    data["state"]["stack"][0]["kind"] = "k" * 2000
    assert "2,000 characters" in refused(json.dumps(data))


def test_refuses_a_text_past_the_size_cap() -> None:
    assert "at most" in refused(" " * (4 * 1024 * 1024))


# ---- good saves are not affected ----------------------------------------------------------------


def test_good_saves_keep_loading_at_every_decision() -> None:
    for ruleset, options in (("pocket", {"advanced": True}), ("classic", {"house_corrections": True}), ("classic", {"swift_start": True})):
        game = new_game(ruleset, 4, 3, options)
        chooser = random.Random(3)
        while True:
            text = game.to_json()
            assert load(text).to_json() == text
            assert load(text.encode()).to_json() == text
            if game.is_over:
                break
            game.apply(chooser.choice(game.legal_actions()))


def test_a_save_with_the_shipped_cards_written_out_loads() -> None:
    from wingspan_rules.cards import ruleset_text

    deck = "\n".join(text for _, text in ruleset_text("classic"))
    game = new_game("classic", 5, 2, {"card_text": deck})
    for _ in range(30):
        game.apply(game.legal_actions()[-1])
    assert load(game.to_json()).to_json() == game.to_json()


# ---- the command line -----------------------------------------------------------------------------

CLI_CASES: dict[str, Callable[[], str | bytes]] = {
    "nested": nested_1000_deep,
    "digits": integer_of_4301_digits,
    "not-utf8": lambda: b'{"schema": 1, "ruleset": "\xff\xfe"}',
    "ruleset-10mb": ruleset_of_10_mb,
    "list-100000": list_of_100000,
    "card-text": card_text_of_20000_bad_lines,
    "food": seat_with_a_billion_food,
    "too-big": lambda: b" " * (5 * 1024 * 1024),
}


@pytest.mark.parametrize("case", sorted(CLI_CASES))
def test_cli_refuses_hostile_saves_with_exit_2_and_one_line(case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    content = CLI_CASES[case]()
    path = tmp_path / "save.json"
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    for argv in (["check", str(path), "lay-eggs"], ["score", str(path)]):
        code = main(argv)
        out, err = capsys.readouterr()
        assert code == 2, (out, err[:300])
        assert "Traceback" not in err and err.count("\n") == 1 and len(err) < 1024 + len(str(path)) + 40


# ---- soak: the time bound, as a generous sanity check (figures are in benchmarks/) --------------


def test_soak_every_hostile_case_is_refused_within_2_seconds() -> None:
    cases = [nested_1000_deep, integer_of_4301_digits, ruleset_of_10_mb, list_of_100000, card_text_of_20000_bad_lines, seat_with_a_billion_food]
    for make in cases:
        text = make()
        start = time.process_time()
        refused(text)
        assert time.process_time() - start < 2.0, make.__name__


# ---- seeded mutation fuzz -------------------------------------------------------------------------

FUZZ_CASES = int(os.environ.get("WINGSPAN_FUZZ", "300"))


@cache
def _corpus() -> tuple[str, ...]:
    return tuple(random_saves(7, 16))


def _exercise(game: wingspan_rules.Game, chooser: random.Random) -> None:
    """What an app does with a loaded game: views, scores, checks, and a few moves."""
    for player in range(game.players):
        game.view(player)
    game.score()
    space = game.action_space()
    for _ in range(3):
        game.check(chooser.choice(space))
    branch = game.copy()
    for _ in range(3):
        if branch.is_over:
            break
        for action in branch.legal_actions()[:8]:
            trial = branch.copy()
            trial.apply(action)
            trial.score()
        branch.apply(chooser.choice(branch.legal_actions()))
        branch.score()
        branch.view(chooser.randrange(branch.players))


@pytest.mark.soak
@pytest.mark.parametrize("seed", range(3))
def test_mutated_saves_load_and_play_or_are_refused(seed: int) -> None:
    corpus = _corpus()
    chooser = random.Random(seed)
    loaded = 0
    for _ in range(FUZZ_CASES // 3):
        text = mutate(chooser, chooser.choice(corpus))
        try:
            game = load(text)
        except StateError as err:
            assert len(str(err).encode("utf-8")) < 1024
            continue
        loaded += 1
        _exercise(game, chooser)
    assert loaded  # some mutations are harmless (a count within range): those games must run


@cache
def _saved_in_power_text(ruleset: str, frame_kind: str) -> str:
    for seed in range(200):
        game = new_game(ruleset, 2, seed)
        chooser = random.Random(seed)
        while not game.is_over:
            text = game.to_json()
            top = json.loads(text)["state"]["stack"][-1]
            if top["kind"] == frame_kind and top["card"] >= 0:  # (a bird's power, not an action's step)
                return text
            game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError(f"no {frame_kind} frame of a power found")


@pytest.mark.parametrize(
    ("ruleset", "frame_kind", "field", "value", "words"),
    [
        ("pocket", "lay", "left", 2, "lays more eggs than its step does"),
        ("classic", "lay", "laid", "host x6", "lays more eggs than its step does"),
        ("classic", "draw", "lock", 1, "holds a source or a count its step cannot have"),
        ("pocket", "either", "done", [7], "names a part the power does not have"),
    ],
)  # fmt: skip
def test_refuses_a_power_frame_beyond_the_bounds_its_node_sets(ruleset: str, frame_kind: str, field: str, value: Any, words: str) -> None:
    """Each node's handler says what its frame's progress may be (``NodeHandler.bounds``),
    for Pocket and classic alike: a lay owes no more eggs than its power lays, only the
    draw-cards action keeps to a source, an 'A + B' names parts its power has."""
    data = json.loads(_saved_in_power_text(ruleset, frame_kind))
    top = data["state"]["stack"][-1]
    top[field] = [top["host"]] * 6 if value == "host x6" else value  # (six eggs on the power's own bird)
    assert words in refused(json.dumps(data))


# ---- the cases of issue 19: what a position would refuse, a save refuses too -------------------


def _saved_in_a_habitat_benefit() -> Data:
    for seed in range(20):
        game = new_game("classic", 2, seed)
        chooser = random.Random(seed)
        while not game.is_over:
            data: Data = json.loads(game.to_json())
            stack = data["state"]["stack"]
            if len(stack) == 3 and stack[2].get("card") == -1:
                return data
            game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError("no habitat benefit found")


def test_refuses_a_habitat_benefit_frame_hosted_by_a_place_on_the_mat() -> None:
    data = _saved_in_a_habitat_benefit()
    data["state"]["stack"][2]["host"] = [-2, -2]
    assert "belongs to no bird" in refused(json.dumps(data))


def test_refuses_a_setup_frame_more_than_one_per_player() -> None:
    data = json.loads(new_game("classic", 2, 1).to_json())
    data["state"]["stack"].append(dict(data["state"]["stack"][1]))
    assert "one setup per player" in refused(json.dumps(data))
