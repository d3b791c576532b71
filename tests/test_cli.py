"""The ``wingspan-rules`` command: exit codes 0 (ok / legal), 1 (illegal), 2 (bad input,
one message and never a traceback)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from scripted import position

import wingspan_rules
from wingspan_rules import CATALOG, card_set
from wingspan_rules.cards import cards_dir
from wingspan_rules.cli import BadInput, main, read_action

GOOD_CARD = """card "Test Heron" {
  food: fish
  cost: fish any
  points: 3
  egg_limit: 2
  wingspan: 96
  power brown: discard egg -> draw food fish
}
"""
BAD_CARDS = """card "Broken" {
  food: sed
  cost: seed
  points: 99
  egg_limit: 2
  wingspan: 30
  power brown: drow card
}
card "Also Broken" {
  food: seed
  cost seed
}
card "Too Good" {
  food: seed
  cost: seed
  points: 99
  egg_limit: 2
  wingspan: 30
}
"""


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def bad_input(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    code, out, err = run(capsys, *argv)
    assert code == 2, (out, err)
    assert err.strip(), "bad input must say what is wrong on stderr"
    return err


@pytest.fixture()
def saved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A 2-player game saved at its first decision (player to move picks a nest action)."""
    path = tmp_path / "start.json"
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "3", "--steps", "0", "--save", str(path))
    assert code == 0 and path.exists()
    return path


# ---- play ------------------------------------------------------------------------------------


def test_play_prints_each_step_and_saves_after_the_asked_steps(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "g.json"
    code, out, _ = run(capsys, "play", "--players", "3", "--seed", "7", "--steps", "12", "--save", str(path))
    assert code == 0
    lines = out.splitlines()
    printed = lines[: next(i for i, line in enumerate(lines) if line.startswith("saved the game"))]
    steps = [line for line in printed if not line.startswith(" " * 20)]  # (events are indented under their action)
    assert len(steps) == 12
    assert all(": " in line for line in steps)
    assert len(printed) > len(steps)
    assert f"saved the game after 12 steps to {path}" in out
    assert "score so far" in out
    game = wingspan_rules.load(path.read_text(encoding="utf-8"))
    assert (game.players, game.seed, game.state.steps) == (3, 7, 12)
    # the saved game is the one the same seed gives with the same random choices
    again = wingspan_rules.new_game("pocket", 3, 7)
    chooser = random.Random(7)
    for _ in range(12):
        again.apply(chooser.choice(again.legal_actions()))
    assert again.to_json() == game.to_json()


def test_play_to_the_end_prints_the_final_score(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--players", "2", "--seed", "5", "--advanced", "--quiet")
    assert code == 0
    assert "final score" in out and "winner" in out
    assert "nest-action" not in out  # --quiet prints no steps
    first = out
    assert run(capsys, "play", "--players", "2", "--seed", "5", "--advanced", "--quiet")[1] == first


def test_play_rejects_bad_settings_without_a_traceback(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert "players must be a whole number from 2 to 5" in bad_input(capsys, "play", "--players", "7")
    assert "unknown pocket option 'colour'" in bad_input(capsys, "play", "--option", "colour=red")
    assert "must look like name=value" in bad_input(capsys, "play", "--option", "advanced")
    assert "supply_reset" in bad_input(capsys, "play", "--option", "supply_reset=never")
    assert "unknown ruleset 'chess'" in bad_input(capsys, "play", "--ruleset", "chess")
    assert "cannot write" in bad_input(capsys, "play", "--steps", "1", "--save", str(tmp_path / "no" / "such" / "dir.json"))


def test_play_refuses_a_negative_step_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert "--steps must be 0 or more" in bad_input(capsys, "play", "--steps", "-1")


def test_play_accepts_rule_variants(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "v.json"
    code, _, _ = run(capsys, "play", "--option", "supply_reset=birds", "--option", "copy_brown_from=any", "--steps", "3", "--save", str(path))
    assert code == 0
    options = wingspan_rules.load(path.read_text()).options
    assert options["supply_reset"] == "birds" and options["copy_brown_from"] == "any"


def test_play_reads_numbers_and_null_in_options(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "t.json"
    args = ["play", "--ruleset", "classic", "--option", "food_tokens=12", "--option", "cache_when_out=discarded-card"]
    code, _, _ = run(capsys, *args, "--steps", "3", "--save", str(path))
    assert code == 0
    options = wingspan_rules.load(path.read_text()).options
    assert options["food_tokens"] == 12 and options["cache_when_out"] == "discarded-card"
    code, _, _ = run(capsys, "play", "--ruleset", "classic", "--option", "food_tokens=null", "--steps", "1", "--quiet")
    assert code == 0
    assert "food_tokens" in bad_input(capsys, "play", "--ruleset", "classic", "--option", "food_tokens=0")


# ---- check -----------------------------------------------------------------------------------


def test_check_a_legal_action_exits_0(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(saved), "lay-eggs")
    assert code == 0
    assert "legal" in out and "illegal" not in out
    assert "pocket.turn.nest-action" in out  # the rule that makes this a choice


def test_check_an_illegal_action_exits_1_citing_rule_and_source(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = wingspan_rules.load(saved.read_text())
    other = 1 - game.pending.player
    name = game.cards.cards[game.state.seats[other].hand[0]].name  # a bird in the other player's reserve
    code, out, err = run(capsys, "check", str(saved), f"play {name}")
    assert code == 1, (out, err)
    assert "illegal" in out
    assert "[pocket.play-bird.from-reserve]" in out
    assert "rule: " + CATALOG["pocket.play-bird.from-reserve"].summary in out
    assert "source: 000 Wingspan Pocket rulebook § " in out
    assert "legal now: " in out and "lay-eggs" in out


def test_check_a_wrong_answer_for_the_decision_exits_1(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(saved), "take-food 1")
    assert code == 1
    assert "[core.decision.other] 'take-food 1' answers the draw-cards nest action" in out


def test_check_for_the_wrong_player_exits_1(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    waiting = wingspan_rules.load(saved.read_text()).pending.player
    code, out, _ = run(capsys, "check", str(saved), "lay-eggs", "--player", str(1 - waiting))
    assert code == 1
    assert "[core.decision.player]" in out


def test_check_for_a_player_not_in_the_game_is_bad_input(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for bad in ("2", "-1", "9"):
        err = bad_input(capsys, "check", str(saved), "lay-eggs", "--player", bad)
        assert "--player must be 0 to 1 in this 2-player game" in err


def test_check_a_sequence_stops_at_the_first_illegal_action(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", str(saved), "lay-eggs; egg nest")
    assert code == 0
    assert out.splitlines()[1] == "lay-eggs: legal  (rule pocket.turn.nest-action)"


def test_check_a_sequence_names_the_rule_broken_part_way(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # p0 has a bird with room, so after one egg on the Nest the lay-eggs action goes on
    game = position("pocket", [{"flock": ["Mallard"]}, {}], decks=[["Mourning Dove"], ["Common Loon"], ["Anhinga"], ["Black Vulture"]])
    assert [str(a) for a in game.legal_actions()] == ["draw-cards", "lay-eggs"]
    path = tmp_path / "mallard.json"
    path.write_text(game.to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "check", str(path), "lay-eggs; egg nest; egg nest; egg Mallard")
    assert code == 1
    lines = out.splitlines()
    assert lines[:5] == [
        "waiting for p0: nest-action",
        "lay-eggs: legal  (rule pocket.turn.nest-action)",
        "waiting for p0: lay-eggs",
        "egg nest: legal  (rule pocket.lay-eggs.up-to-three)",
        "egg nest: illegal",
    ]
    assert "[pocket.lay-eggs.different-cards]" in lines[5]
    assert "egg Mallard:" not in out  # checking stops at the first illegal action
    assert lines[-1] == "  legal now: egg Mallard, stop"


def test_check_a_sequence_says_when_another_player_is_to_act(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    first = wingspan_rules.load(saved.read_text()).pending.player
    code, out, _ = run(capsys, "check", str(saved), "lay-eggs; egg nest; egg nest")
    assert code == 1  # the first player has no bird, so the turn ended after the Nest egg
    assert f"waiting for p{1 - first}: nest-action\negg nest: illegal" in out


def test_check_reads_every_action_before_judging_any(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "check", str(saved), "lay-eggs; fly")
    assert code == 2 and out == ""
    assert "unknown action 'fly'" in err


@pytest.mark.parametrize(
    ("action", "words"),
    [
        ("fly away", "unknown action 'fly'"),
        ("tkae-food 1", "did you mean 'take-food'?"),
        ("take-food two", "'take-food' needs a number"),
        ("lay-eggs now", "'lay-eggs' takes nothing"),
        ("play Blue Jya", "there is none called 'Blue Jya'; did you mean 'Blue Jay'?"),
        ("egg Nest", "did you mean 'nest'?"),
        ("tuck seed/fish", "needs a bird name or a food side"),
        ("first p7", "needs a player such as p0"),
        (" ; ", "no action given"),
    ],
)
def test_check_unreadable_actions_are_bad_input(saved: Path, capsys: pytest.CaptureFixture[str], action: str, words: str) -> None:
    err = bad_input(capsys, "check", str(saved), action)
    assert words in err
    assert err.startswith("wingspan-rules: error: ")


def test_check_and_score_reject_unreadable_saves(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    malformed = tmp_path / "malformed.json"
    malformed.write_text("{not json", encoding="utf-8")
    tampered = tmp_path / "tampered.json"
    data = json.loads(wingspan_rules.new_game("pocket", 2, 1).to_json())
    data["state"]["seats"][0]["nest_eggs"] = 9
    tampered.write_text(json.dumps(data), encoding="utf-8")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00\x81")
    for command in (["check"], ["score"]):
        extra = ["lay-eggs"] if command == ["check"] else []
        assert "invalid JSON" in bad_input(capsys, *command, str(malformed), *extra)
        assert "No such file" in bad_input(capsys, *command, str(tmp_path / "missing.json"), *extra)
        assert "Nest holds 9 eggs" in bad_input(capsys, *command, str(tampered), *extra)
        assert "not a text file" in bad_input(capsys, *command, str(binary), *extra)
        assert "cannot read" in bad_input(capsys, *command, str(tmp_path), *extra)
    # saves edited into shapes play never makes are refused the same way, never with a traceback
    for change, words in [
        (lambda d: d["state"].update(goals=[{"goal": 42, "side": 0}]), "unknown goal 42 side 0"),
        (lambda d: d["state"]["seats"][1].update(green_copies=[{"host": [0, 5], "card": 0}]), "green copy"),
        (lambda d: d["state"]["stack"][0].update(next_bird=3), "bad position in the flock"),
    ]:
        data = json.loads(wingspan_rules.new_game("pocket", 2, 1).to_json())
        change(data)
        tampered.write_text(json.dumps(data), encoding="utf-8")
        for command in (["check"], ["score"]):
            extra = ["lay-eggs"] if command == ["check"] else []
            assert words in bad_input(capsys, *command, str(tampered), *extra)


# ---- score -----------------------------------------------------------------------------------


def test_score_prints_the_sheet_and_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = wingspan_rules.new_game("pocket", 3, 11, {"advanced": True})
    chooser = random.Random(1)
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
    path = tmp_path / "over.json"
    path.write_text(game.to_json(), encoding="utf-8")
    code, out, _ = run(capsys, "score", str(path))
    assert code == 0
    assert out.startswith("final score\n")
    assert str(game.score()) in out
    code, out, _ = run(capsys, "score", str(path), "--json")
    assert code == 0
    sheet = json.loads(out)
    assert sheet == game.score().to_dict()
    assert [p["total"] for p in sheet["players"]] == [p.total for p in game.score().players]


def test_score_of_an_unfinished_game_says_so(saved: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "score", str(saved))
    assert code == 0
    assert "not over" in out


# ---- cards -----------------------------------------------------------------------------------


def test_lint_accepts_good_files_and_the_shipped_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "heron.wsp"
    good.write_text(GOOD_CARD, encoding="utf-8")
    code, out, _ = run(capsys, "cards", "lint", str(good))
    assert (code, out.strip()) == (0, "ok: 1 cards and 0 goals in 1 file(s)")
    code, out, _ = run(capsys, "cards", "lint", str(cards_dir("pocket")))
    assert (code, out.strip()) == (0, "ok: 112 cards and 9 goals in 2 file(s)")


def test_lint_reports_every_error_of_a_bad_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.wsp"
    bad.write_text(BAD_CARDS, encoding="utf-8")
    code, out, err = run(capsys, "cards", "lint", str(bad))
    assert code == 2 and out == ""
    assert err.startswith("4 errors in card text\n")
    assert f"{bad}:2:9: error: unknown food 'sed'" in err
    assert f"{bad}:7:16: error: unknown verb 'drow'" in err
    assert f"{bad}:11:8: error: unexpected 'seed'; expected ':'" in err
    assert f"{bad}:13:1: error: 'Too Good': points 99 is out of range (0 to 15)" in err
    assert "did you mean 'seed'?" in err and "did you mean 'draw'?" in err
    assert "^" in err


def test_lint_reports_problems_across_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.wsp").write_text(GOOD_CARD, encoding="utf-8")
    (tmp_path / "b.wsp").write_text("\n" + GOOD_CARD, encoding="utf-8")
    code, _, err = run(capsys, "cards", "lint", str(tmp_path))
    assert code == 2
    assert f"{tmp_path / 'b.wsp'}:2:1: error: card 'Test Heron' is already defined at {tmp_path / 'a.wsp'}:1" in err


def test_lint_bad_paths_are_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert "holds no .wsp card files" in bad_input(capsys, "cards", "lint", str(tmp_path))
    assert "No such file" in bad_input(capsys, "cards", "lint", str(tmp_path / "nope.wsp"))


def test_show_prints_english_then_card_text(capsys: pytest.CaptureFixture[str]) -> None:
    jay = card_set("pocket").card("Blue Jay")
    code, out, _ = run(capsys, "cards", "show", "Blue Jay")
    assert code == 0
    assert out.startswith(jay.english)
    assert jay.dsl in out
    assert run(capsys, "cards", "show", "blue jay")[1] == out  # names are matched ignoring case


def test_show_an_unknown_card_suggests_the_nearest_name(capsys: pytest.CaptureFixture[str]) -> None:
    err = bad_input(capsys, "cards", "show", "Blue Jya")
    assert "no card named 'Blue Jya'; did you mean 'Blue Jay'?" in err
    assert "did you mean" not in bad_input(capsys, "cards", "show", "Zzzzzzzz")


def test_export_prints_every_card_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "export", "pocket")
    assert code == 0
    records = json.loads(out)
    assert len(records) == 112
    deck = card_set("pocket")
    assert [r["name"] for r in records] == [c.name for c in deck.cards]
    heron = next(r for r in records if r["power_dsl"] == "discard egg -> (draw food seed + draw food seed)")
    card = deck.card(heron["name"])
    assert heron["points"] == card.points and heron["wingspan_cm"] == card.wingspan
    assert heron["power"].startswith("You may discard an egg")
    assert {"name", "food_side", "food_cost", "egg_cost", "points", "egg_limit", "wingspan_cm", "power_colour", "power_dsl", "power"} == set(heron)
    plain = next(r for r in records if r["power_colour"] is None)
    assert plain["power"] is None and plain["power_dsl"] is None
    assert "unknown ruleset 'europe'" in bad_input(capsys, "cards", "export", "europe")


def test_try_plays_games_with_a_new_card(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "heron.wsp"
    path.write_text(GOOD_CARD, encoding="utf-8")
    code, out, _ = run(capsys, "cards", "try", str(path), "--games", "3", "--players", "2")
    assert code == 0
    assert "3 random 2-player games with 1 new card" in out
    assert "Test Heron: played" in out
    bad = tmp_path / "bad.wsp"
    bad.write_text(BAD_CARDS, encoding="utf-8")
    assert "4 errors in card text" in bad_input(capsys, "cards", "try", str(bad), "--games", "1")


# ---- rules and usage -------------------------------------------------------------------------


def test_rules_lists_the_catalog(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    for rule in CATALOG.values():
        assert f"{rule.id}\n    {rule.summary}\n    source: {rule.source}" in out
    code, out, _ = run(capsys, "rules", "--prefix", "pocket.pay", "--json")
    listed = json.loads(out)
    assert listed and all(r["id"].startswith("pocket.pay") for r in listed)
    assert {r["id"] for r in listed} == {i for i in CATALOG if i.startswith("pocket.pay")}


def test_usage_errors_and_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 2
    assert main(["frobnicate"]) == 2
    assert main(["play", "--players", "three"]) == 2
    assert "usage:" in capsys.readouterr().err
    assert main(["--version"]) == 0
    assert wingspan_rules.__version__ in capsys.readouterr().out


def test_read_action_accepts_the_text_of_every_legal_action() -> None:
    # The CLI's form check must never refuse an action the engine offers.
    for seed, players, options in ((1, 2, {}), (2, 3, {"advanced": True}), (3, 5, {"supply_reset": "birds"})):
        game = wingspan_rules.new_game("pocket", players, seed, options)
        chooser = random.Random(seed)
        while not game.is_over:
            for action in game.legal_actions():
                assert read_action(game, str(action)) == action
            game.apply(chooser.choice(game.legal_actions()))
    with pytest.raises(BadInput):
        read_action(game, "play Nobody")


# ---- the installed entry point ---------------------------------------------------------------


def test_installed_entry_point(tmp_path: Path) -> None:
    exe = Path(sys.executable).parent / "wingspan-rules"
    assert exe.exists(), "the package's console script is not installed next to this Python"
    done = subprocess.run([str(exe), "cards", "show", "Blue Jay"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Blue Jay\n")
    path = tmp_path / "bad.json"
    path.write_text("[1, 2", encoding="utf-8")
    done = subprocess.run([str(exe), "check", str(path), "lay-eggs"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert done.stderr.startswith("wingspan-rules: error: ") and "Traceback" not in done.stderr
    save = tmp_path / "s.json"
    done = subprocess.run([str(exe), "play", "--steps", "2", "--save", str(save)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and save.exists()
    legal = wingspan_rules.load(save.read_text()).check("take-food 4").legal
    done = subprocess.run([str(exe), "check", str(save), "take-food 4"], capture_output=True, text=True, timeout=60)
    assert done.returncode == (0 if legal else 1), done.stdout + done.stderr
    assert ("illegal" in done.stdout) != legal


# ---- classic disputes from the command line ------------------------------------------------------


def _classic_position(tmp_path: Path, name: str, players: list[dict], **kw: object) -> Path:
    import sys as _sys

    _sys.path.insert(0, str(Path(__file__).parent))
    from scripted import position

    path = tmp_path / name
    path.write_text(position("classic", players, **kw).to_json())  # type: ignore[arg-type]
    return path


def test_check_classic_payments_and_typos(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Hooded Warbler (2 invertebrates) paid with an invertebrate and 2 seeds
    me = {"hand": ["Hooded Warbler"], "food": {"invertebrate": 1, "seed": 3}}
    path = _classic_position(tmp_path, "pay.json", [me, {}], rest="deck")
    code, out, _ = run(capsys, "check", str(path), "play-forest Hooded Warbler; pay invertebrate; paid")  # 2 seeds go on their own
    assert code == 0, out
    code, out, _ = run(capsys, "check", str(path), "play-forest Hooded Warbler; pay rodent")
    assert code == 1 and "[classic.play-bird.cost] you have no rodent" in out
    # a misspelt name or food is bad input (exit 2) with a suggestion, for every classic verb
    assert "did you mean 'Hooded Warbler'" in bad_input(capsys, "check", str(path), "play-forest Hooded Warblr")
    assert "'take' needs a food" in bad_input(capsys, "check", str(path), "take fsh")
    assert "'move' needs a habitat" in bad_input(capsys, "check", str(path), "move sky")


def test_check_a_sequence_accepts_an_answer_the_game_took_itself(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Killdeer: discard an egg to draw 2 cards; its own egg is the only one, so the game takes it
    me = {"wetland": [("Killdeer", 1)]}
    path = _classic_position(tmp_path, "k.json", [me, {}], tray=["Mallard", "Bobolink", "Wood Stork"], deck=["Osprey", "Anhinga", "King Rail"])
    code, out, _ = run(capsys, "check", str(path), "draw-cards; skip; take-deck; use; discard-egg Killdeer; use; take-deck")
    assert code == 0, out
    assert "discard-egg Killdeer: legal, already done" in out and "(rule core.forced)" in out
    game = wingspan_rules.load(path.read_text())
    assert game.check_sequence(["draw-cards", "skip", "take-deck", "use", "discard-egg Killdeer", "use", "take-deck"]) == (-1, wingspan_rules.Verdict(True))
    # said twice, the second is a mistake
    index, verdict = game.check_sequence(["draw-cards", "skip", "take-deck", "use", "discard-egg Killdeer", "discard-egg Killdeer"])
    assert index == 5 and not verdict.legal


def test_show_points_to_the_ruleset_that_has_the_card(capsys: pytest.CaptureFixture[str]) -> None:
    assert "it is a classic card: add --ruleset classic" in bad_input(capsys, "cards", "show", "Killdeer")
    code, out, _ = run(capsys, "cards", "show", "--ruleset", "classic", "Killdeer")
    assert code == 0 and out.startswith("Killdeer")


OCEANIA_CARD = """bird "Test Honeyeater" {
  habitats: forest grassland
  cost: nectar invertebrate
  points: 3
  nest: bowl
  egg_limit: 3
  wingspan: 24
  power brown: if left player has nectar -> gain nectar from supply
}
"""


def test_show_a_card_of_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "honeyeater.wsp"
    path.write_text(OCEANIA_CARD, encoding="utf-8")
    # the rule system is told by the file (a bird block with Oceania words), or named
    for extra in ([], ["--ruleset", "oceania"]):
        code, out, _ = run(capsys, "cards", "show", str(path), "test honeyeater", *extra)
        assert code == 0 and out.startswith("Test Honeyeater\n") and "power brown: if left player has nectar" in out
    code, _, err = run(capsys, "cards", "show", str(path), "Test Honeyeater", "--ruleset", "classic")
    assert code == 2 and "unknown food 'nectar'" in err
    code, _, err = run(capsys, "cards", "show", str(path), "Honeyeater")
    assert code == 2 and "no card named 'Honeyeater'" in err
    code, _, err = run(capsys, "cards", "show", str(path), "Test Honeyeater", "extra")
    assert code == 2 and "a card file and a name" in err
    # a shipped card by name, as before
    code, out, _ = run(capsys, "cards", "show", "Galah", "--ruleset", "oceania")
    assert code == 0 and out.startswith("Galah\n")


def test_try_new_birds_in_classic_and_oceania_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "honeyeater.wsp"
    path.write_text(OCEANIA_CARD, encoding="utf-8")
    code, out, _ = run(capsys, "cards", "try", str(path), "--games", "3", "--players", "2")
    assert code == 0 and "3 random 2-player oceania games with 1 new card" in out and "Test Honeyeater: played" in out
    classic = tmp_path / "classic.wsp"
    classic.write_text(OCEANIA_CARD.replace("nectar", "seed").replace("if left player has seed -> ", ""), encoding="utf-8")
    code, out, _ = run(capsys, "cards", "try", str(classic), "--games", "2", "--ruleset", "classic")
    assert code == 0 and "2 random 3-player classic games" in out
    # a name that clashes with a shipped bird, and a Pocket-only option, are refused
    clash = tmp_path / "clash.wsp"
    clash.write_text(OCEANIA_CARD.replace("Test Honeyeater", "Galah"), encoding="utf-8")
    code, _, err = run(capsys, "cards", "try", str(clash), "--games", "1")
    assert code == 2 and "already defined" in err
    code, _, err = run(capsys, "cards", "try", str(path), "--games", "1", "--advanced")
    assert code == 2 and "Pocket" in err


def test_try_takes_rule_options(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "honeyeater.wsp"
    path.write_text(OCEANIA_CARD, encoding="utf-8")
    code, out, _ = run(capsys, "cards", "try", str(path), "--games", "2", "--players", "2", "--option", "bird_sets=core")
    assert code == 0 and "2 random 2-player oceania games, bird_sets=core with 1 new card" in out
    # the same games as the option passed through the API: the option reaches the deck
    code, _, err = run(capsys, "cards", "try", str(path), "--games", "1", "--option", "bird_sets=oceania")
    assert code == 2 and "must include 'core'" in err
    code, _, err = run(capsys, "cards", "try", str(path), "--games", "1", "--option", "no_such_option=1")
    assert code == 2 and "unknown oceania option 'no_such_option'" in err
    code, _, err = run(capsys, "cards", "try", str(path), "--games", "1", "--option", "bird_sets")
    assert code == 2 and "name=value" in err
    code, _, err = run(capsys, "cards", "try", str(path), "--games", "1", "--option", "extra_card_text=bird")
    assert code == 2 and "files given" in err


def test_try_help_shows_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "cards", "try", "--help")
    assert code == 0
    flat = " ".join(out.split())
    for shown in ("games to play (default: 50)", "players in each game (default: 3)", "(default: told by the blocks used)", "--option NAME=VALUE", "(default: the basic game)"):
        assert shown in flat


def test_list_options_from_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "play", "--ruleset", "oceania", "--players", "2", "--seed", "3", "--quiet", "--option", "bird_sets=core")
    assert code == 0 and "winner" in out
    code, _, err = run(capsys, "play", "--ruleset", "oceania", "--players", "2", "--option", "bird_sets=oceania")
    assert code == 2 and "must include 'core'" in err
    code, _, err = run(capsys, "play", "--ruleset", "oceania", "--players", "2", "--option", "bird_sets=core,europe")
    assert code == 2 and "from core, oceania" in err


def test_check_says_where_the_actions_leave_the_game_shows_the_table_and_saves_it(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    import wingspan_rules

    game = wingspan_rules.new_game("pocket", 2, 5)
    saved = tmp_path / "game.json"
    saved.write_text(game.to_json())
    first = game.legal_actions()[0]
    after = tmp_path / "after.json"
    assert main(["check", str(saved), str(first), "--show", "--save", str(after)]) == 0
    out = capsys.readouterr().out
    game.apply(first)
    pending = game.pending
    assert pending is not None and f"then waiting for p{pending.player}: {pending.kind}" in out
    assert "score so far" in out and f"saved the game to {after}" in out
    assert wingspan_rules.load(after.read_text()).to_json() == game.to_json()
    # an illegal action: nothing is played, nothing is saved
    other = tmp_path / "other.json"
    assert main(["check", str(saved), "play No Such Bird", "--save", str(other)]) in (1, 2)
    assert not other.exists()
