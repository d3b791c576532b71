"""Every shipped card reads in Spanish: its power, rendered from the card language, and its
whole card text, with no word left that is not Spanish but the names of cards."""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from wingspan_rules import _po, card_set
from wingspan_rules.dsl import ast
from wingspan_rules.dsl.render import power_english
from wingspan_rules.i18n import language

PO = Path(__file__).resolve().parents[1] / "wingspan_rules" / "locale" / "es" / "LC_MESSAGES" / "wingspan_rules.po"
WORD = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)?", re.UNICODE)
RULESETS = {"pocket": False, "classic": True, "oceania": True}


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


@cache
def _spanish_words() -> frozenset[str]:
    """Every word of the Spanish catalog's translations: the words a Spanish text may use."""
    found: set[str] = set()
    for entry in _po.read_po(PO):
        if entry.msgid:
            for form in entry.strings:
                found |= _words(re.sub(r"\{[^}]*\}", " ", form))
    return frozenset(found)


@cache
def _name_words() -> frozenset[str]:
    """The words of every name, which stays as printed: of cards, goals and their sides, bonus
    cards, and the pieces of bird names a bonus card looks for ("bill" in "Black-billed")."""
    found: set[str] = set()
    for ruleset in RULESETS:
        cards = card_set(ruleset)
        names = [*cards.by_name, *(b.name for b in cards.bonuses), *(g.name for g in cards.goals)]
        names += [side.name for g in cards.goals for side in g.definition.sides]
        for bonus in cards.bonuses:
            names += [word for p in bonus.definition.measure.predicates if isinstance(p, ast.Named) for word in (*p.words, *p.unless)]
        for name in names:
            found |= _words(name)
    return frozenset(found)


def _left_over(text: str) -> set[str]:
    return _words(text) - _spanish_words() - _name_words()


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_power_of_the_deck_reads_in_spanish(ruleset: str) -> None:
    cards = card_set(ruleset)
    wrong = {}
    for card in cards.cards:
        power = card.definition.bird.power
        if power is None:
            continue
        with language("es"):
            spanish = power_english(power, classic=RULESETS[ruleset])
        english = power_english(power, classic=RULESETS[ruleset])
        left = _left_over(spanish)
        if left or spanish == english:
            wrong[card.name] = (spanish, sorted(left))
    assert not wrong, f"{len(wrong)} powers of the {ruleset} deck are not all Spanish, e.g. {list(wrong.items())[:4]}"


def _not_spanish(items: Iterable[Any]) -> dict[str, list[str]]:
    """The items whose text (``english``, worded in Spanish) keeps words that are not Spanish."""
    wrong = {}
    for item in items:
        with language("es"):
            spanish = item.english
        left = _left_over(spanish)
        if left:
            wrong[item.name] = sorted(left)
    return wrong


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_card_of_the_deck_reads_in_spanish(ruleset: str) -> None:
    wrong = _not_spanish(card_set(ruleset).cards)
    assert not wrong, f"{len(wrong)} cards of the {ruleset} deck show words that are not Spanish: {list(wrong.items())[:6]}"


@pytest.mark.parametrize("ruleset", list(RULESETS))
def test_every_bonus_card_and_goal_reads_in_spanish(ruleset: str) -> None:
    cards = card_set(ruleset)
    wrong = _not_spanish([*cards.bonuses, *cards.goals])
    assert not wrong, f"{len(wrong)} bonus cards and goals of {ruleset} show words that are not Spanish: {list(wrong.items())[:6]}"

