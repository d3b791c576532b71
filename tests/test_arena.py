"""The arena (``wingspan_rules.arena``, ``wingspan-rules arena``) and bots at the table
(``wingspan-rules play --bots``)."""

from __future__ import annotations

import pytest

from wingspan_rules.arena import arena, report
from wingspan_rules.cli import main


def test_the_same_seed_gives_the_same_report_whatever_the_workers() -> None:
    one = arena("pocket", 2, ["greedy", "random"], 6, seed=3, workers=1)
    two = arena("pocket", 2, ["greedy", "random"], 6, seed=3, workers=2)
    assert one == two
    assert sum(s.wins for s in one) == pytest.approx(6)
    assert all(s.win_low <= s.win_rate <= s.win_high and s.score_low <= s.mean_score <= s.score_high for s in one)


def test_the_report_names_each_bot_with_its_intervals() -> None:
    text = report(arena("classic", 3, ["random", "greedy", "random"], 3, workers=1))
    assert "greedy" in text and "%" in text and text.count("\n") == 3


@pytest.mark.parametrize(("names", "words"), [(["greedy"], "one bot a seat"), (["greedy", "deepblue"], "unknown bot 'deepblue'; known: random, greedy, search")])
def test_bad_bots_are_a_clear_error(names: list[str], words: str) -> None:
    with pytest.raises(ValueError, match=words):
        arena("classic", 2, names, 2)


def test_the_command_prints_the_standings(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--ruleset", "pocket", "--players", "2", "--bots", "greedy,random", "--games", "4", "--workers", "1"]) == 0
    out = capsys.readouterr()
    assert "4 games of pocket" in out.out and "greedy" in out.out
    assert "4/4 games" in out.err  # (its progress, on standard error)


BAD_ARENAS = [
    ["--bots", "greedy,random,random"], ["--bots", "chess"], ["--bots", "greedy", "--games", "0"],
    ["--bots", "greedy", "--ruleset", "go"], ["--bots", "greedy", "--workers", "0"],
]  # fmt: skip


@pytest.mark.parametrize("argv", BAD_ARENAS)
def test_the_command_refuses_bad_input_with_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", *argv]) == 2
    err = capsys.readouterr().err
    assert err.startswith("wingspan-rules: error:") and "Traceback" not in err


def test_play_with_bots_plays_a_game_of_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--ruleset", "classic", "--players", "2", "--bots", "greedy,random", "--seed", "4", "--quiet"]) == 0
    assert "final score" in capsys.readouterr().out
    assert main(["play", "--players", "3", "--bots", "greedy,random"]) == 2
