"""The classic core birds in cards/classic: checked against the printed facts, and the DSL round trip.

tests/data/core_birds_facts.json holds the facts of the 180 core birds (the 170-card deck and the
10 Swift-Start cards): only names and printed numbers, no power text.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest

from wingspan_rules.cards import card_set
from wingspan_rules.cli import main
from wingspan_rules.dsl.parser import parse
from wingspan_rules.dsl.render import card_dsl
from wingspan_rules.dsl.vocabulary import CLASSIC

FIXTURE = Path(__file__).parent / "data" / "core_birds_facts.json"
FACTS: list[dict[str, Any]] = json.loads(FIXTURE.read_text(encoding="utf-8"))
FACT_FIELDS = (
    "name", "set", "swift_start", "habitats", "food_cost", "food_cost_mode",
    "points", "nest", "egg_limit", "wingspan_cm", "flightless", "predator", "flocking", "power_colour",
)
EXPORT_FIELDS = set(FACT_FIELDS) | {"power", "power_dsl"}

@pytest.fixture(scope="module")
def exported() -> dict[str, dict[str, Any]]:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(["cards", "export", "classic"])
    assert code == 0
    records = json.loads(out.getvalue())
    names = [r["name"] for r in records]
    assert len(names) == len(set(names)), "a bird is exported twice"
    assert names == [c.name for c in card_set("classic").cards], "the export is not in card order"
    return {r["name"]: r for r in records}


def test_the_fixture_holds_the_180_core_birds_and_only_facts() -> None:
    assert len(FACTS) == 180
    assert len({f["name"] for f in FACTS}) == 180
    for fact in FACTS:
        assert tuple(fact) == FACT_FIELDS
        assert fact["set"] == "core"


def test_the_export_has_every_core_bird_and_nothing_else(exported: dict[str, dict[str, Any]]) -> None:
    expected = {f["name"] for f in FACTS}
    assert set(exported) - expected == set(), "birds that are not core birds"
    assert expected - set(exported) == set(), "core birds missing from cards/classic"


@pytest.mark.parametrize("fact", [pytest.param(f, id=f["name"]) for f in FACTS])
def test_the_export_matches_the_printed_facts(fact: dict[str, Any], exported: dict[str, dict[str, Any]]) -> None:
    record = exported.get(fact["name"])
    assert record is not None, f"{fact['name']} is missing from cards/classic"
    assert set(record) == EXPORT_FIELDS
    for field in FACT_FIELDS:
        assert record[field] == fact[field], f"{fact['name']}: {field}"
    assert (record["power_dsl"] is None) == (fact["power_colour"] is None)


def test_the_deck_is_170_birds_plus_10_swift_start_birds() -> None:
    cards = card_set("classic").cards
    swift = [c for c in cards if c.swift_start]
    plain = [c for c in cards if not c.swift_start]
    assert len(swift) == 10
    assert len(plain) == 170
    assert all(c.card_set == "core" for c in cards)


def test_every_classic_card_renders_back_to_the_same_card() -> None:
    for card in card_set("classic").cards:
        text = card_dsl(card.definition)
        doc = parse(text, f"<{card.name}>", CLASSIC)
        assert doc.cards == (card.definition,), text
        assert card_dsl(doc.cards[0]) == text  # the canonical text is a fixed point


def test_every_classic_power_has_its_own_english(exported: dict[str, dict[str, Any]]) -> None:
    english: dict[str, str] = {}
    for record in exported.values():
        if record["power_dsl"] is None:
            continue
        assert record["power"], f"{record['name']}: no English for '{record['power_dsl']}'"
        english.setdefault(record["power_dsl"], record["power"])
    # two different powers never read the same
    assert len(set(english.values())) == len(english)


def test_every_classic_file_renders_back_to_the_same_document() -> None:
    from wingspan_rules.cards import ruleset_text
    from wingspan_rules.dsl.render import document_dsl

    for name, text in ruleset_text("classic"):
        doc = parse(text, name, CLASSIC)
        again = parse(document_dsl(doc), f"<{name} rendered>", CLASSIC)
        assert again == doc, name  # cards, goal sides and bonus cards alike
        assert document_dsl(again) == document_dsl(doc)
