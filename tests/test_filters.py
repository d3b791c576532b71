"""Bird conditions: every form a rule system accepts compiles, round-trips, and is decided by
``filters.bird_passes`` the way the printed cards say; forms no engine can honour are refused."""

from __future__ import annotations

import pytest

from wingspan_rules import ir
from wingspan_rules.cards import VOCABULARIES, Card, card_set, compile_cards
from wingspan_rules.dsl import render
from wingspan_rules.dsl.diagnostics import DslError
from wingspan_rules.dsl.parser import parse
from wingspan_rules.dsl.vocabulary import CLASSIC, POCKET, Vocabulary
from wingspan_rules.filters import bird_passes

CLASSIC_BIRD = """bird "Probe" {{
  habitats: forest
  cost: seed
  points: 1
  nest: bowl
  egg_limit: 2
  wingspan: 20
  power brown: {power}
}}
"""
POCKET_CARD = """card "Probe" {{
  food: seed
  cost: seed
  points: 1
  egg_limit: 2
  wingspan: 20
  power brown: {power}
}}
"""


def card_text(vocab: Vocabulary, power: str) -> str:
    return (CLASSIC_BIRD if vocab.block == "bird" else POCKET_CARD).format(power=power)


FORMS = [
    (ruleset, form, example, verb)
    for ruleset, vocab in VOCABULARIES.items()
    for form, example in vocab.filter_forms
    for verb in vocab.filter_verbs
]


@pytest.mark.parametrize(("ruleset", "form", "example", "verb"), FORMS)
def test_every_filter_form_compiles_and_round_trips(ruleset: str, form: str, example: str, verb: str) -> None:
    vocab = VOCABULARIES[ruleset]
    text = card_text(vocab, f"{verb} {example}")
    deck = compile_cards(text, vocabulary=vocab)
    power = deck.cards[0].power
    assert isinstance(power, (ir.Draw, ir.Tuck, ir.DiscardCard))
    assert power.what.bird != ir.BirdTest(), form  # the condition is kept, not dropped
    definition = deck.cards[0].definition
    again = parse(render.card_dsl(definition), vocabulary=vocab).cards[0]
    assert again == definition


def test_the_classic_measure_only_forms_compile_in_a_bonus() -> None:
    for _, example in CLASSIC.measure_only_forms:
        text = f'bonus "Probe" {{\n  counts: {example}\n  scores: 1 each\n}}\n'
        deck = compile_cards(text, vocabulary=CLASSIC)
        assert deck.bonuses[0].counts.test.compares


def test_pocket_accepts_no_classic_form() -> None:
    pocket = {form for form, _ in POCKET.filter_forms}
    for form, example in CLASSIC.filter_forms:
        if form in pocket:
            continue
        with pytest.raises(DslError):
            compile_cards(card_text(POCKET, f"draw {example}"), vocabulary=POCKET)


def _test(vocab: Vocabulary, example: str) -> ir.BirdTest:
    power = compile_cards(card_text(vocab, f"draw {example}"), vocabulary=vocab).cards[0].power
    assert isinstance(power, ir.Draw)
    return power.what.bird


# (form, a bird that passes, a bird that fails): the printed facts decide each case.
CLASSIC_CASES = [
    ("bird costing fish", "American White Pelican", "Acorn Woodpecker"),  # fish fish / seed x3
    ("bird costing any", "American Crow", "Acorn Woodpecker"),  # the any-food icon / none
    ("bird costing only fish", "American White Pelican", "Fish Crow"),  # fish only / fish + any
    ("bird costing only seed", "Acorn Woodpecker", "Carolina Chickadee"),  # a "/" cost is never "only"
    ("bird where wingspan < 40", "Bushtit", "Barn Owl"),  # 15 / 107
    ("bird where food_cost = 1", "Carolina Chickadee", "Acorn Woodpecker"),  # a "/" cost counts 1 / 3
    ("bird with brown power", "Acorn Woodpecker", "American Avocet"),  # brown / pink
    ("bird without power", "American Woodcock", "Acorn Woodpecker"),
    ("bird with cavity nest", "Barn Owl", "Mallard"),  # cavity / ground
    ("bird with cavity nest", "Bushtit", "Mallard"),  # a wild nest is every kind
    ("bird with predator power", "Barn Owl", "Acorn Woodpecker"),
    ("bird with flocking power", "Bushtit", "Barn Owl"),
    ("bird living only in wetland", "American Avocet", "Fish Crow"),  # wetland / all three
    ("bird named red except barred", "Red Crossbill", "Barred Owl"),  # "red" inside "barred" does not count
    ("bird named after person", "Anna's Hummingbird", "American Crow"),
    ("bird with cavity nest with predator power", "Barn Owl", "Acorn Woodpecker"),  # both must hold
    ("bird living only in forest living only in forest", "Acorn Woodpecker", "Barn Owl"),
]
POCKET_CASES = [
    ("bird costing fish", "Common Loon", "Mourning Dove"),
    ("bird costing seed costing fruit", "Northern Cardinal", "Mourning Dove"),  # every food must show
    ("bird where wingspan < 40", "Northern Cardinal", "Mallard"),  # 30 / 89
    ("bird with brown power", "American Crow", "Cedar Waxwing"),  # brown / green
    ("bird without power", "Mourning Dove", "American Crow"),
]


def _card(ruleset: str, name: str) -> Card:
    return card_set(ruleset).card(name)


@pytest.mark.parametrize(("example", "yes", "no"), CLASSIC_CASES)
def test_classic_conditions_decide_on_real_birds(example: str, yes: str, no: str) -> None:
    test = _test(CLASSIC, example)
    assert bird_passes(_card("classic", yes), test)
    assert not bird_passes(_card("classic", no), test)


@pytest.mark.parametrize(("example", "yes", "no"), POCKET_CASES)
def test_pocket_conditions_decide_on_real_birds(example: str, yes: str, no: str) -> None:
    test = _test(POCKET, example)
    assert bird_passes(_card("pocket", yes), test)
    assert not bird_passes(_card("pocket", no), test)


def test_eggs_on_the_bird_decide_where_eggs() -> None:
    deck = compile_cards('bonus "Probe" {\n  counts: birds where eggs >= 2\n  scores: 1 each\n}\n', vocabulary=CLASSIC)
    test = deck.bonuses[0].counts.test
    owl = _card("classic", "Barn Owl")
    assert bird_passes(owl, test, eggs=2)
    assert not bird_passes(owl, test, eggs=1)


def test_a_treated_food_makes_any_bird_with_a_food_cost_pass() -> None:
    """Pocket's green 'treat F as any in powers': a condition on F accepts any food cost."""
    fish = 1 << POCKET.foods.index("fish")
    test = _test(POCKET, "bird costing fish")
    dove = _card("pocket", "Mourning Dove")  # costs seed only
    assert not bird_passes(dove, test)
    assert bird_passes(dove, test, treat=fish)


def test_precomputed_card_facts() -> None:
    assert _card("classic", "Carolina Chickadee").food_cost == 1
    assert _card("classic", "Acorn Woodpecker").food_cost == 3
    assert _card("classic", "Barn Owl").predator and not _card("classic", "Barn Owl").flocking
    assert _card("classic", "Bushtit").flocking
    assert _card("classic", "Anna's Hummingbird").lowered_name == "anna's hummingbird"


# ---- refusals: forms no engine can honour -------------------------------------------------

CLASSIC_REFUSALS = [
    ("draw food", 8, 21, "this game has no food cards to draw"),
    ("tuck food", 8, 21, "this game has no food cards to tuck"),
    ("draw food fish", 8, 21, "this game has no food cards to draw"),
    ("draw bird with brown power from deck", 8, 26, "the deck is face down, so a card to draw from it cannot be picked by a condition"),
    ("tuck bird costing fish from deck", 8, 26, "the deck is face down, so a card to tuck from it cannot be picked by a condition"),
    ("all players from one deck: draw card", 8, 16, "'all players from one deck' shares food cards, which this game does not have"),
    ("draw bird where eggs >= 1 from tray", 8, 26, "a card in a hand, the tray or the deck carries no eggs"),
    ("draw bird costing only fish costing only seed", 8, 21, "a cost cannot be made only of two different foods"),
    ("draw bird living only in forest living only in wetland", 8, 21, "a bird cannot live only in two different habitats"),
    ("lay 2 egg on each bird", 8, 16, "'on each bird' lays one egg on each bird: it takes no count"),
]
POCKET_REFUSALS = [
    ("draw 2 bonus keep 1", 7, 16, "this form of the phrase belongs to the classic game, not to Wingspan Pocket"),
    ("draw tray", 7, 16, "this form of the phrase belongs to the classic game, not to Wingspan Pocket"),
    ("when other lays eggs: draw card", 7, 16, "a 'when ...:' trigger belongs to the classic game's pink powers; Wingspan Pocket has none"),
]


def _only_error(vocab: Vocabulary, power: str) -> tuple[int, int, str]:
    with pytest.raises(DslError) as caught:
        compile_cards(card_text(vocab, power), vocabulary=vocab)
    diagnostics = caught.value.diagnostics
    assert len(diagnostics) == 1, [str(d) for d in diagnostics]
    d = diagnostics[0]
    return d.line, d.column, d.message


@pytest.mark.parametrize(("power", "line", "column", "message"), CLASSIC_REFUSALS)
def test_classic_refuses_forms_it_cannot_honour(power: str, line: int, column: int, message: str) -> None:
    assert _only_error(CLASSIC, power) == (line, column, message)


@pytest.mark.parametrize(("power", "line", "column", "message"), POCKET_REFUSALS)
def test_pocket_refuses_classic_only_forms(power: str, line: int, column: int, message: str) -> None:
    assert _only_error(POCKET, power) == (line, column, message)


@pytest.mark.parametrize("power", ["discard food fish -> draw card", "draw card from deck", "tuck 2 card from deck", "draw bird with cavity nest from tray"])
def test_classic_keeps_the_forms_it_honours(power: str) -> None:
    compile_cards(card_text(CLASSIC, power), vocabulary=CLASSIC)


def test_an_impossible_bonus_count_is_refused() -> None:
    text = 'bonus "Probe" {\n  counts: birds where eggs > 9\n  scores: 1 each\n}\n'
    with pytest.raises(DslError) as caught:
        compile_cards(text, vocabulary=CLASSIC)
    (d,) = caught.value.diagnostics
    assert (d.line, d.column) == (2, 11)
    assert d.message == "no bird can meet these eggs conditions (a bird's eggs is 0 to 9)"
