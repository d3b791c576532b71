"""The public API: what ``wingspan_rules`` exports, and how it refuses bad input
(ValueError from new_game, StateError from load) with messages that say what is wrong."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest

import wingspan_rules
from wingspan_rules import (
    Action,
    Decision,
    DslError,
    Game,
    IllegalAction,
    StateError,
    Verdict,
    Violation,
    load,
    new_game,
    replay,
)

PUBLIC = [
    "Action", "CATALOG", "Card", "CardSet", "Decision", "Diagnostic", "DslError", "Game", "IllegalAction",
    "PlayerScore", "Rule", "ScoreSheet", "StateError", "Verdict", "Violation", "card_set", "compile_cards",
    "load", "new_game", "replay",
]  # fmt: skip


def test_the_public_names_are_exported() -> None:
    for name in PUBLIC:
        assert hasattr(wingspan_rules, name), name
        assert name in wingspan_rules.__all__, name
    assert isinstance(wingspan_rules.__version__, str)
    assert issubclass(IllegalAction, ValueError)
    assert issubclass(StateError, ValueError)
    assert issubclass(DslError, ValueError)


def test_a_new_game_offers_its_first_decision() -> None:
    game = new_game("pocket", players=3, seed=7)
    assert isinstance(game, Game)
    assert (game.ruleset, game.players, game.seed) == ("pocket", 3, 7)
    # every rule option is filled in with its default (the rulebook reading)
    assert {"advanced": False, "supply_reset": "food", "copy_brown_from": "others"}.items() <= game.options.items()
    assert isinstance(game.pending, Decision)
    assert game.pending.kind == "nest-action" and game.pending.player == game.current_player
    assert not game.is_over
    assert game.legal_actions() and all(isinstance(a, Action) for a in game.legal_actions())
    advanced = new_game("pocket", players=2, seed=7, options={"advanced": True})
    assert advanced.pending.kind == "setup-birds"


@pytest.mark.parametrize(
    ("call", "words"),
    [
        (lambda: new_game("chess", 3, 1), "unknown ruleset 'chess'"),
        (lambda: new_game("Pocket", 3, 1), "unknown ruleset 'Pocket'"),
        (lambda: new_game("pocket", 1, 1), "players must be a whole number from 2 to 5, not 1"),
        (lambda: new_game("pocket", 6, 1), "players must be a whole number from 2 to 5, not 6"),
        (lambda: new_game("pocket", "3", 1), "players must be a whole number from 2 to 5, not '3'"),
        (lambda: new_game("pocket", True, 1), "players must be a whole number from 2 to 5, not True"),
        (lambda: new_game("pocket", 3, 1.5), "seed must be a whole number, not 1.5"),
        (lambda: new_game("pocket", 3, "7"), "seed must be a whole number, not '7'"),
        (lambda: new_game("pocket", 3, 1, {"advance": True}), "unknown pocket option 'advance'; known options: advanced"),
        (lambda: new_game("pocket", 3, 1, {"advanced": "yes"}), "option 'advanced' must be one of False, True, not 'yes'"),
        (lambda: new_game("pocket", 3, 1, {"advanced": 1}), "option 'advanced' must be one of False, True, not 1"),
        (lambda: new_game("pocket", 3, 1, {"supply_reset": "Food"}), "option 'supply_reset' must be one of 'food', 'birds', 'off'"),
        (lambda: new_game("pocket", 3, 1, {"copy_brown_from": None}), "option 'copy_brown_from' must be one of"),
        (lambda: new_game("pocket", 3, 1, {"card_text": 42}), "option 'card_text' must be card language text"),
    ],
)
def test_new_game_refuses_bad_arguments_with_a_clear_message(call: Callable[[], Any], words: str) -> None:
    with pytest.raises(ValueError) as info:
        call()
    assert words in str(info.value)


def test_new_game_with_bad_card_text_raises_dsl_error() -> None:
    with pytest.raises(DslError) as info:
        new_game("pocket", 3, 1, {"card_text": 'card "X" {\n  food: sed\n}\n'})
    assert any(d.message == "unknown food 'sed'" for d in info.value.diagnostics)


def test_new_game_with_too_few_cards_says_how_many_are_needed() -> None:
    tiny = 'card "X" {\n  food: seed\n  cost: seed\n  points: 1\n  egg_limit: 1\n  wingspan: 10\n}\n'
    with pytest.raises(ValueError, match="the card set has 1 cards; 5 players need at least 38"):
        new_game("pocket", 5, 1, {"card_text": tiny})


# ---- actions, check, apply -----------------------------------------------------------------


def test_actions_have_a_text_form_that_reads_back() -> None:
    game = new_game("pocket", 2, 4)
    for action in game.legal_actions():
        assert game.parse_action(str(action)) == action
    assert str(Action("take-food", 2)) == "take-food 2"
    assert game.parse_action("  take-food   2 ") == Action("take-food", 2)
    assert game.parse_action("play Blue Jay") == Action("play", "Blue Jay")
    with pytest.raises(ValueError):
        game.parse_action("")


def test_check_gives_a_verdict_and_apply_refuses_illegal_actions_unchanged() -> None:
    game = new_game("pocket", 2, 4)
    before = game.to_json()
    verdict = game.check("take-food 1")
    assert isinstance(verdict, Verdict) and not verdict.legal
    (v,) = verdict.violations
    assert isinstance(v, Violation)
    assert v.rule_id in wingspan_rules.CATALOG and v.source and v.message
    with pytest.raises(IllegalAction) as info:
        game.apply("take-food 1")
    assert info.value.verdict == verdict
    assert "take-food 1" in str(info.value)
    assert game.to_json() == before
    assert game.check("lay-eggs").legal and str(game.check("lay-eggs")) == "legal"
    game.apply(Action("lay-eggs"))
    assert game.to_json() != before


def test_a_finished_game_has_no_actions_and_a_score() -> None:
    game = new_game("pocket", 2, 9)
    chooser = random.Random(0)
    moves = []
    while not game.is_over:
        moves.append(chooser.choice(game.legal_actions()))
        game.apply(moves[-1])
    assert game.pending is None and game.legal_actions() == []
    verdict = game.check("lay-eggs")
    assert [v.rule_id for v in verdict.violations] == ["core.game-over"]
    with pytest.raises(IllegalAction):
        game.apply("lay-eggs")
    sheet = game.score()
    assert len(sheet.players) == 2 and sheet.winners
    assert replay("pocket", 2, 9, None, moves).to_json() == game.to_json()


def test_replay_refuses_an_illegal_action() -> None:
    with pytest.raises(IllegalAction):
        replay("pocket", 2, 1, {}, ["lay-eggs", "take-food 99"])
    with pytest.raises(ValueError, match="unknown ruleset"):
        replay("europe", 2, 1, {}, [])


def test_a_deep_copy_is_a_copy_with_its_history_and_the_decider_is_the_pendings_player() -> None:
    import copy

    game = new_game("classic", 2, 4)
    chooser = random.Random(4)
    for _ in range(12):
        assert game.pending is not None and game.decider == game.pending.player
        game.apply(chooser.choice(game.legal_actions()))
    twin = copy.deepcopy(game)
    assert twin.to_json() == game.to_json() and twin.record() == game.record()
    twin.apply(twin.legal_actions()[0])
    assert twin.to_json() != game.to_json()  # (independent of the original)
    twin.undo()
    assert twin.to_json() == game.to_json()
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
    assert game.decider is None


def test_view_checks_the_player() -> None:
    game = new_game("pocket", 3, 1)
    assert game.view(2)["you"] == 2
    for bad in (-1, 3):
        with pytest.raises(ValueError, match="player must be 0 to 2"):
            game.view(bad)


# ---- load ----------------------------------------------------------------------------------


def _saved(steps: int = 5, **options: Any) -> str:
    game = new_game("pocket", 3, 21, options)
    chooser = random.Random(21)
    for _ in range(steps):
        game.apply(chooser.choice(game.legal_actions()))
    return game.to_json()


def test_load_restores_a_saved_game_exactly() -> None:
    text = _saved(40, advanced=True)
    game = load(text)
    assert game.to_json() == text
    assert json.loads(text)["schema"] == 2


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "invalid JSON"),
        ("{not json", "invalid JSON"),
        ("[1, 2, 3]", "expected a JSON object"),
        ('"a string"', "expected a JSON object"),
        ("{}", "missing schema, ruleset, players, seed, options, state"),
    ],
)
def test_load_refuses_text_that_is_not_a_saved_game(text: str, words: str) -> None:
    with pytest.raises(StateError) as info:
        load(text)
    assert words in str(info.value)


def _tampered(change: Callable[[dict[str, Any]], Any]) -> str:
    data = json.loads(_saved())
    change(data)
    return json.dumps(data)


def _set(path: list[Any], value: Any) -> Callable[[dict[str, Any]], None]:
    def change(data: dict[str, Any]) -> None:
        target = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _duplicate_a_card(data: dict[str, Any]) -> None:
    seats = data["state"]["seats"]
    seats[0]["food_cards"].append(seats[1]["food_cards"][0])


def _lose_a_card(data: dict[str, Any]) -> None:
    data["state"]["decks"][0].pop()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("state"), "missing state"),
        (_set(["state"], None), "state must be an object"),
        (_set(["schema"], 99), "schema 99 is not supported"),
        (_set(["ruleset"], "europe"), "unknown ruleset 'europe'"),
        (_set(["players"], 9), "players must be a whole number from 2 to 5"),
        (_set(["players"], 4), "3 player seats for a 4-player game"),
        (_set(["seed"], "x"), "seed must be a whole number"),
        (_set(["options"], {"advanced": "maybe"}), "option 'advanced' must be one of"),
        (_set(["options"], {"wild": True}), "unknown pocket option 'wild'"),
        (_duplicate_a_card, "cards are not each in one place"),
        (_lose_a_card, "cards are not each in one place"),
        (_set(["state", "seats", 0, "nest_eggs"], 4), "Nest holds 4 eggs"),
        (_set(["state", "seats", 0, "nest_eggs"], -1), "Nest holds -1 eggs"),
        (_set(["state", "current"], 5), "current or first player out of range"),
        (_set(["state", "rng"], "lucky"), "malformed"),
        (_set(["state", "seats", 1, "food_cards"], "seed"), "malformed"),
        (_set(["state", "stack"], []), "not over but nothing is left to do"),
        (_set(["state", "stack", 0, "kind"], "fly"), "unknown frame kind 'fly'"),
        (_set(["state", "stack", 0, "player"], 7), "is for unknown player 7"),
        (_set(["state", "goals"], [{"goal": 42, "side": 0}]), "unknown goal 42 side 0"),
        (_set(["state", "decks"], [[]]), "there must be 4 food decks"),
        (_set(["state", "goals"], [[0]]), "malformed"),
        (_set(["state", "seats", 0, "green_copies"], [{"host": [0, 0], "card": 0}]), "green copy that names no bird in play"),
        (_set(["state", "seats", 0, "turns"], -2), "player 0 has played -2 turns"),
        (_set(["state", "stack", 0, "next_bird"], -7), "bad position in the flock"),
        (_set(["state", "stack", 0, "pc"], 1), "has no field 'pc'"),
        (_set(["schema"], 1), "schema 1, the layout before the one rules core"),
    ],
)
def test_load_refuses_tampered_saves_and_loads_nothing(change: Callable[[dict[str, Any]], Any], words: str) -> None:
    text = _tampered(change)
    with pytest.raises(StateError) as info:
        load(text)
    assert words in str(info.value), str(info.value)
    assert "Traceback" not in str(info.value)
    # a refused load leaves nothing behind: a good save still loads exactly
    good = _saved()
    assert load(good).to_json() == good


def test_too_many_eggs_on_a_bird_is_refused() -> None:
    data = json.loads(_saved(60))
    seat = next(p for p in data["state"]["seats"] if p["rows"][0])
    seat["rows"][0][0]["eggs"] = 50
    with pytest.raises(StateError, match="holds 50 eggs"):
        load(json.dumps(data))


def test_load_accepts_a_game_saved_mid_power_and_finished_games() -> None:
    # saved at every step of a whole game: each one loads back to itself
    game = new_game("pocket", 2, 33, {"advanced": True})
    chooser = random.Random(3)
    kinds = set()
    while not game.is_over:
        text = game.to_json()
        assert load(text).to_json() == text
        kinds.add(game.pending.kind)
        game.apply(chooser.choice(game.legal_actions()))
    assert load(game.to_json()).is_over
    assert {"setup-birds", "nest-action", "pay"} <= kinds


def test_options_must_be_a_dict() -> None:
    with pytest.raises(ValueError, match="options must be a dict"):
        wingspan_rules.new_game("pocket", 3, 1, ["advanced"])  # type: ignore[arg-type]


def test_plain_tuples_are_read_as_actions() -> None:
    game = wingspan_rules.new_game("pocket", 3, 1)
    first = game.legal_actions()[0]
    assert game.check((first.verb, first.arg)).legal
    assert not game.check(("play", "Nope")).legal
    with pytest.raises(ValueError):
        game.check(("a", "b", "c"))  # type: ignore[arg-type]


def _saved_at(kind: str, seed: int = 21) -> dict[str, Any]:
    """A 3-player game saved at its first decision of this kind, as JSON data."""
    for attempt in range(50):
        game = new_game("pocket", 3, seed + attempt)
        chooser = random.Random(seed + attempt)
        while not game.is_over:
            if game.pending.kind == kind:
                return json.loads(game.to_json())
            game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError(f"no {kind} decision found")


@pytest.mark.parametrize(
    ("kind", "field", "value", "words"),
    [
        ("power", "host", [0, 30], "names no bird of its owner's flock"),
        ("power", "owner", 7, "names no bird of its owner's flock"),
        ("power", "path", [5, 5], "points outside"),
        ("power", "card", 16, "runs no brown power"),  # Cedar Waxwing: a green power
        ("pay", "player", "other", "but it is player"),
        ("pay", "card", 0, "not a bird in player"),
        ("pay", "eggs_paid", 9, "cost does not account for"),
        ("draw", "left", 9, "counts its action cannot have"),
        ("lay-eggs", "laid", [[0, 40]], "not in the flock"),
        ("nest-action", "kind", "lay", "only it, must be the turn"),
    ],
)
def test_load_refuses_frames_that_could_not_arise_in_play(kind: str, field: str, value: Any, words: str) -> None:
    # the engine trusts its frames: a save whose frames were edited is refused at load,
    # instead of failing with an internal error on a later move
    data = _saved_at(kind)
    frame = data["state"]["stack"][-1]
    if value == "other":
        value = (frame["player"] + 1) % 3
    if field == "kind":  # another kind of frame in its place
        data["state"]["stack"][-1] = {"kind": value, "player": frame["player"]}
    else:
        frame[field] = value
    with pytest.raises(StateError, match="saved game is inconsistent") as info:
        load(json.dumps(data))
    assert words in str(info.value), str(info.value)


def test_check_refuses_a_player_who_is_not_in_the_game() -> None:
    game = new_game("pocket", 3, 1)
    for bad in (-1, 3, True, "1"):
        with pytest.raises(ValueError, match="player must be 0 to 2"):
            game.check("lay-eggs", player=bad)  # type: ignore[arg-type]
    assert game.check("lay-eggs", player=game.pending.player).legal
    with pytest.raises(ValueError, match="verb is text"):
        game.check(Action(None))  # type: ignore[arg-type]


def test_load_refuses_a_frame_without_its_card() -> None:
    data = json.loads(wingspan_rules.new_game("pocket", 3, 1).to_json())
    turn = data["state"]["stack"][0]
    turn["acted"] = True
    data["state"]["stack"].append({"kind": "pocket-pay", "player": turn["player"]})
    with pytest.raises(wingspan_rules.StateError, match="pays for a card that is not a bird"):
        wingspan_rules.load(json.dumps(data))


def test_load_names_the_field_of_the_wrong_type() -> None:
    data = json.loads(wingspan_rules.new_game("pocket", 3, 1).to_json())
    data["state"]["rng"] = "x"
    with pytest.raises(wingspan_rules.StateError, match="state.rng"):
        wingspan_rules.load(json.dumps(data))


def test_classic_view_hides_how_many_answers_another_player_has() -> None:
    game = wingspan_rules.new_game("classic", 2, 5)
    while game.pending.kind == "setup":
        game.apply(game.legal_actions()[0])
    me = game.pending.player
    assert game.view(me)["pending"]["options"] == [str(a) for a in game.legal_actions()]
    assert game.view(1 - me)["pending"]["options"] is None  # the count would hint at the hand


def test_check_sequence_reads_listed_forced_answers_either_way() -> None:
    # after the first seed, the second is the only answer and is paid on its own; it is also
    # a legal further payment, so a log listing it must still read as legal
    from scripted import position

    game = position("classic", [{"hand": ["Ruby-Throated Hummingbird"], "food": {"seed": 2}}, {}])
    log = ["play-grassland Ruby-Throated Hummingbird", "pay seed", "pay seed", "paid"]
    assert game.check_sequence(log) == (-1, wingspan_rules.Verdict(True))
    assert game.check_sequence(log[:2]) == (-1, wingspan_rules.Verdict(True))


def test_action_indices_refuse_what_the_deck_cannot_produce() -> None:
    game = wingspan_rules.new_game("classic", 2, 1)
    with pytest.raises(ValueError, match="not an action of this game's deck"):
        game.action_index("play-forest Nobody")
    for bad in (-1, len(game.action_space()), 1.0):
        with pytest.raises(ValueError, match="action index"):
            game.action_from_index(bad)  # type: ignore[arg-type]


def test_games_pickle_through_their_saved_form() -> None:
    import pickle

    game = wingspan_rules.new_game("classic", 3, 2, {"house_corrections": True})
    for _ in range(40):
        game.apply(game.legal_actions()[-1])
    again = pickle.loads(pickle.dumps(game))
    assert again.to_json() == game.to_json() and again.pending == game.pending


def test_a_written_deck_is_compiled_once_per_text() -> None:
    extra = 'bird "Test Wren" {\n  habitats: forest\n  cost: seed\n  points: 1\n  nest: bowl\n  egg_limit: 2\n  wingspan: 15\n  set: core\n}\n'
    one = wingspan_rules.new_game("classic", 2, 1, {"extra_card_text": extra})
    two = wingspan_rules.load(one.to_json())
    assert one.cards is two.cards


def test_check_sequence_reads_a_whole_game_log_with_its_forced_answers() -> None:
    # every answer of a random game, the ones the game took itself included, reads as legal
    for seed in range(6):
        game = wingspan_rules.new_game("classic", 2 + seed % 4, seed)
        start = game.copy()
        chooser = random.Random(seed)
        log: list[wingspan_rules.Action] = []
        while not game.is_over:
            forced: list[tuple[int, wingspan_rules.Action]] = []
            action = chooser.choice(game.legal_actions())
            game.apply(action, forced)
            log += [action] + [a for _, a in forced]
        assert start.check_sequence(log) == (-1, wingspan_rules.Verdict(True))
        index, verdict = start.check_sequence(log + [wingspan_rules.Action("reroll")])
        assert index == len(log) and rule_ids_of(verdict) == ["core.game-over"]


def rule_ids_of(verdict: wingspan_rules.Verdict) -> list[str]:
    return [v.rule_id for v in verdict.violations]
