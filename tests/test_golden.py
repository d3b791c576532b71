"""The English of every shipped card and goal matches tests/golden/pocket_cards.txt, and that of
every classic bird, goal tile and bonus card matches tests/golden/classic_cards.txt.

An intended change to the wording or to the cards is recorded by running
``python tests/regen_golden.py`` and reviewing the diff of the golden file.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from regen_golden import CLASSIC_CARDS, POCKET_CARDS, block_title, classic_golden_text, pocket_golden_text

from wingspan_rules import card_set
from wingspan_rules.dsl import render

REGEN = "run `python tests/regen_golden.py` and review the diff if the change is intended"
DECK = card_set("pocket")
CLASSIC = card_set("classic")


def _golden_blocks(path: Path = POCKET_CARDS) -> dict[str, str]:
    """A golden file split into its blocks, keyed by their '== kind: name' title."""
    blocks: dict[str, str] = {}
    title = None
    for line in path.read_text(encoding="utf-8").splitlines(keepends=True):
        if line.startswith("== "):
            title = line.rstrip("\n")
            blocks[title] = ""
        elif title is not None:
            blocks[title] += line
    return {t: text[:-1] if text.endswith("\n\n") else text for t, text in blocks.items()}


GOLDEN = _golden_blocks()


@pytest.mark.parametrize("name", [c.name for c in DECK.cards])
def test_card_english_matches_the_golden_file(name: str) -> None:
    title = block_title("card", name)
    assert title in GOLDEN, f"{name} is not in {POCKET_CARDS.name}; {REGEN}"
    assert DECK.card(name).english == GOLDEN[title], f"the English of {name} changed; {REGEN}"


@pytest.mark.parametrize("name", [g.name for g in DECK.goals])
def test_goal_english_matches_the_golden_file(name: str) -> None:
    (goal,) = [g for g in DECK.goals if g.name == name]
    title = block_title("goal", name)
    assert title in GOLDEN, f"goal {name} is not in {POCKET_CARDS.name}; {REGEN}"
    assert goal.english == GOLDEN[title], f"the English of goal {name} changed; {REGEN}"


def test_golden_file_lists_exactly_the_shipped_cards_and_goals_in_order() -> None:
    expected = [block_title("card", c.name) for c in DECK.cards] + [block_title("goal", g.name) for g in DECK.goals]
    assert list(GOLDEN) == expected, f"cards or goals were added, removed or reordered; {REGEN}"
    assert len(DECK.cards) == 112 and len(DECK.goals) == 9


def test_golden_file_is_byte_for_byte_what_the_script_writes() -> None:
    assert POCKET_CARDS.read_text(encoding="utf-8") == pocket_golden_text(), f"{POCKET_CARDS.name} is stale; {REGEN}"


def test_every_power_reads_as_one_clean_sentence() -> None:
    for card in DECK.cards:
        for line in card.english.splitlines():
            assert ".." not in line and ".;" not in line, line
            assert not re.search(r"\b[Aa] [aeiou]", line), f"'a' before a vowel: {line}"
        power_lines = [line for line in card.english.splitlines() if line.startswith("  Power (")]
        if card.power is not None:
            (line,) = power_lines
            text = line.split("): ", 1)[1]
            assert text[0].isupper() and text.endswith(".") and text.count(".") == 1, line


# ---- the classic game ------------------------------------------------------------------------

CLASSIC_GOLDEN = _golden_blocks(CLASSIC_CARDS)


@pytest.mark.parametrize("name", [c.name for c in CLASSIC.cards])
def test_classic_bird_english_matches_the_golden_file(name: str) -> None:
    title = block_title("bird", name)
    assert title in CLASSIC_GOLDEN, f"{name} is not in {CLASSIC_CARDS.name}; {REGEN}"
    assert CLASSIC.card(name).english == CLASSIC_GOLDEN[title], f"the English of {name} changed; {REGEN}"


@pytest.mark.parametrize("name", [g.name for g in CLASSIC.goals])
def test_classic_goal_english_matches_the_golden_file(name: str) -> None:
    (goal,) = [g for g in CLASSIC.goals if g.name == name]
    title = block_title("goal", name)
    assert title in CLASSIC_GOLDEN, f"goal {name} is not in {CLASSIC_CARDS.name}; {REGEN}"
    assert goal.english == CLASSIC_GOLDEN[title], f"the English of goal {name} changed; {REGEN}"


@pytest.mark.parametrize("name", [b.name for b in CLASSIC.bonuses])
def test_classic_bonus_english_matches_the_golden_file(name: str) -> None:
    (bonus,) = [b for b in CLASSIC.bonuses if b.name == name]
    title = block_title("bonus", name)
    assert title in CLASSIC_GOLDEN, f"bonus {name} is not in {CLASSIC_CARDS.name}; {REGEN}"
    assert bonus.english == CLASSIC_GOLDEN[title], f"the English of bonus {name} changed; {REGEN}"


def test_classic_golden_file_lists_exactly_the_shipped_birds_goals_and_bonuses_in_order() -> None:
    expected = (
        [block_title("bird", c.name) for c in CLASSIC.cards]
        + [block_title("goal", g.name) for g in CLASSIC.goals]
        + [block_title("bonus", b.name) for b in CLASSIC.bonuses]
    )
    assert list(CLASSIC_GOLDEN) == expected, f"birds, goals or bonus cards were added, removed or reordered; {REGEN}"


def test_classic_golden_file_is_byte_for_byte_what_the_script_writes() -> None:
    assert CLASSIC_CARDS.read_text(encoding="utf-8") == classic_golden_text(), f"{CLASSIC_CARDS.name} is stale; {REGEN}"


def test_every_classic_text_reads_cleanly_in_the_classic_words() -> None:
    texts = [c.english for c in CLASSIC.cards] + [g.english for g in CLASSIC.goals] + [b.english for b in CLASSIC.bonuses]
    for text in texts:
        for line in text.splitlines():
            assert ".." not in line and ".;" not in line, line
            assert not re.search(r"\b[Aa] [aeiou]", line), f"'a' before a vowel: {line}"
            # Pocket words have no place on a classic card
            assert not re.search(r"\b(reserve|food deck|face-up birds|your Nest)\b", line), line
    for card in CLASSIC.cards:
        power_lines = [line for line in card.english.splitlines() if line.startswith("  Power (")]
        if card.power is None:
            assert power_lines == [] and "  No power." in card.english
            continue
        (line,) = power_lines
        text = line.split("): ", 1)[1]
        assert text[0].isupper() and text.endswith(".") and text.count(".") == 1, line


def test_two_different_classic_powers_never_read_the_same() -> None:
    english: dict[str, str] = {}
    for card in CLASSIC.cards:
        power = card.definition.bird.power
        if power is not None:
            english.setdefault(render.power_dsl(power), render.power_english(power, classic=True))
    assert len(set(english.values())) == len(english)


def test_a_classic_power_reads_as_the_card_shows_it() -> None:
    english = render.power_english(CLASSIC.card("American Coot").definition.bird.power, classic=True)
    assert english == (
        "You may tuck a card from your hand behind this bird, and if you do, draw a card from the bird tray or the deck."
    )
    # the same tree in the Pocket wording is untouched by the classic one
    assert "reserve" in render.power_english(CLASSIC.card("American Coot").definition.bird.power)
