"""Verdicts that depend on a rule-reading option say so (``Verdict.options``)."""

from __future__ import annotations

import random
from pathlib import Path

import attrs
import pytest

from wingspan_rules import Game, OptionNote, new_game
from wingspan_rules.classic.rules import ClassicRules
from wingspan_rules.cli import main
from wingspan_rules.engine.rules import Option


def _at(ruleset: str, players: int, seed: int, steps: int, options: dict[str, object] | None = None) -> Game:
    game = new_game(ruleset, players, seed, options)
    chooser = random.Random(seed)
    for _ in range(steps):
        game.apply(chooser.choice(game.legal_actions()))
    return game


def test_draw_no_mixing_note() -> None:
    game = _at("classic", 2, 1, 39)  # drawing cards, one taken from the tray
    verdict = game.check("take-deck")
    assert verdict.legal and verdict.violations == ()
    played, other = verdict.options
    assert played == OptionNote("draw_no_mixing", False, True, "002, the published rule", (), True)
    assert (other.option, other.value, other.legal, other.played) == ("draw_no_mixing", True, False, False)
    assert other.source.startswith("004") and [v.rule_id for v in other.violations] == ["classic.variant.draw-no-mixing"]
    assert "illegal under option draw_no_mixing=True (004" in str(verdict)
    # the main verdict is the game's own: the same as without the notes
    assert attrs.evolve(verdict, options=()) == game._check(game.parse_action("take-deck"))
    # an action no reading changes has no notes
    assert game.check("stop").options == ()
    # the other way round: the same position in a game played under 004's reading refuses the
    # deck card, and the note says the published rule allows it
    strict = Game("classic", 2, 1, {**game.options, "draw_no_mixing": True}, game.cards, game.state.copy())
    verdict = strict.check("take-deck")
    assert not verdict.legal and [v.rule_id for v in verdict.violations] == ["classic.variant.draw-no-mixing"]
    assert [(n.value, n.legal, n.played) for n in verdict.options] == [(True, False, True), (False, True, False)]


def test_supply_reset_notes_and_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    game = _at("pocket", 2, 2, 24)  # drawing, with three fish tops on the decks
    verdict = game.check("clear-supply fish")
    assert verdict.legal
    assert [(n.option, n.value, n.legal, n.played) for n in verdict.options] == [
        ("supply_reset", "food", True, True),
        ("supply_reset", "birds", False, False),
        ("supply_reset", "off", False, False),
    ]
    # the CLI prints them under the verdict
    saved = tmp_path / "draw.json"
    saved.write_text(game.to_json())
    assert main(["check", str(saved), "clear-supply fish"]) == 0
    out = capsys.readouterr().out
    assert "  this game plays supply_reset='food' (000, the rulebook)" in out
    assert "  illegal under option supply_reset='birds' (001, the guide)" in out
    # sequences and apply do not work them out: check_sequence's verdicts carry none
    assert game.check_sequence(["clear-supply fish", "clear-supply fish"])[1].options == ()


def test_a_reading_that_does_not_fit_is_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    # 'discarded-card' needs 'food_tokens': a game without them cannot be read that way, so a
    # reading of it is skipped without a word (and checking still works)
    options = dict(ClassicRules.OPTIONS)
    options["cache_when_out"] = Option("substitute", ("substitute", "discarded-card"), readings=(("substitute", "002"), ("discarded-card", "004")))
    monkeypatch.setattr(ClassicRules, "OPTIONS", options)
    game = _at("classic", 2, 3, 20)
    for action in game.legal_actions()[:3]:
        verdict = game.check(action)
        assert verdict.legal and all(n.option != "cache_when_out" for n in verdict.options)


@pytest.mark.parametrize("ruleset", ["pocket", "classic"])
def test_notes_agree_with_games_played_under_those_options(ruleset: str) -> None:
    """Each note's verdict is what a game with that option, at the same position, answers."""
    noted = 0
    for seed in range(2):
        game = new_game(ruleset, 2, seed)
        chooser = random.Random(seed)
        # the answers these readings are about, besides the legal ones
        asked = [a for a in game.action_space() if a.verb in ("take-deck", "clear-supply") or a.verb == "copy" and ruleset == "pocket"]
        while not game.is_over:
            for action in game.legal_actions() + (asked if game.pending.kind in ("draw", "power") else []):
                verdict = game.check(action)
                assert verdict.legal == (action in game.legal_actions())
                for note in verdict.options:
                    if note.played:
                        assert note.value == game.options[note.option]
                        continue
                    other = Game(game.ruleset, game.players, game.seed, {**game.options, note.option: note.value}, game.cards, game.state.copy())
                    assert other.check(action).legal == note.legal != verdict.legal
                    noted += 1
            game.apply(chooser.choice(game.legal_actions()))
    assert noted > 0
