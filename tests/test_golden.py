"""The English of every shipped card and goal matches tests/golden/pocket_cards.txt.

An intended change to the wording or to the cards is recorded by running
``python tests/regen_golden.py`` and reviewing the diff of the golden file.
"""

from __future__ import annotations

import re

import pytest

from regen_golden import POCKET_CARDS, block_title, pocket_golden_text
from wingspan_rules import card_set

REGEN = "run `python tests/regen_golden.py` and review the diff if the change is intended"
DECK = card_set("pocket")


def _golden_blocks() -> dict[str, str]:
    """The golden file split into its blocks, keyed by their '== kind: name' title."""
    blocks: dict[str, str] = {}
    title = None
    for line in POCKET_CARDS.read_text(encoding="utf-8").splitlines(keepends=True):
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
