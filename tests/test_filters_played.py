"""Every bird condition the card checker accepts is honoured when the power is played.

For each condition form of a ruleset's vocabulary (``filter_forms``, with its example) and
each verb that takes one (``filter_verbs``), a probe bird is compiled whose brown power uses
that verb with that condition: ``draw bird <condition>`` takes a face-up bird, ``tuck bird
<condition>`` a bird from hand, ``discard bird <condition> -> ...`` discards one from hand to
get something.  Birds of the shipped deck are sorted by ``filters.bird_passes`` on the compiled
condition, so the test holds for any form added later; hypothesis picks two that pass and one
that fails and puts them where the power looks.  The power must offer exactly the passing
ones; the failing one is refused with a rule of the catalog; with only failing birds there,
the power is not offered at all.

WINGSPAN_FILTER_EXAMPLES sets how many bird picks each (form, verb) pair tries (default 2).
"""

from __future__ import annotations

import os
from functools import cache
from typing import Any

import pytest
import scripted
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wingspan_rules import CATALOG, Action, Game, ir
from wingspan_rules.cards import VOCABULARIES, Card, CardSet
from wingspan_rules.classic.state import EMPTY as CLASSIC_EMPTY
from wingspan_rules.filters import bird_passes
from wingspan_rules.pocket.rules import PocketRules
from wingspan_rules.pocket.state import EMPTY as POCKET_EMPTY

EXAMPLES = int(os.environ.get("WINGSPAN_FILTER_EXAMPLES", "2"))
PROBE = "Filter Probe"

# The probe lives in the row whose action it follows and holds no eggs, so the lay-eggs
# action lays nothing and goes straight on to its brown power.
CLASSIC_PROBE = """bird "Filter Probe" {{
  habitats: grassland
  cost: seed
  points: 1
  nest: bowl
  egg_limit: 0
  wingspan: 20
  power brown: {power}
}}
"""
POCKET_PROBE = """card "Filter Probe" {{
  food: seed
  cost: seed
  points: 1
  egg_limit: 0
  wingspan: 20
  power brown: {power}
}}
"""
# What each verb's power does besides taking the bird (a discard needs something in return).
CLASSIC_POWERS = {"draw": "draw {f}", "tuck": "tuck {f}", "discard": "discard {f} -> gain any from supply"}
POCKET_POWERS = {"draw": "draw {f}", "tuck": "tuck {f}", "discard": "discard {f} -> draw food"}
# The verb of the actions that name the bird each power takes.
OFFER_VERBS = {"draw": "take-bird", "tuck": "tuck", "discard": "discard"}
# Pocket's food decks (so "draw food" can do something); their birds are never picked.
POCKET_DECKS = [
    ["Double-Crested Cormorant", "Osprey"],
    ["Ring-Billed Gull", "Common Merganser"],
    ["Broad-Winged Hawk", "Red-Shouldered Hawk"],
    ["Snowy Egret", "Northern Harrier"],
]

# The Oceania card language has the classic filters, played by the same engine, and forms of
# its own (played here in a classic position whose cards are read with the Oceania words).
PLAYED = dict(VOCABULARIES)
CLASSIC_FORMS = set(VOCABULARIES["classic"].filter_forms)
CASES = [
    pytest.param(ruleset, form, example, verb, id=f"{ruleset}-{form}-{verb}")
    for ruleset, vocab in PLAYED.items()
    for form, example in vocab.filter_forms
    if ruleset != "oceania" or (form, example) not in CLASSIC_FORMS
    for verb in vocab.filter_verbs
]


def _classic(ruleset: str) -> bool:
    return ruleset in ("classic", "oceania")


def probe_text(ruleset: str, verb: str, example: str) -> str:
    powers, block = (CLASSIC_POWERS, CLASSIC_PROBE) if _classic(ruleset) else (POCKET_POWERS, POCKET_PROBE)
    return block.format(power=powers[verb].format(f=example))


@cache
def base_game(ruleset: str, verb: str, example: str) -> Game:
    """Player 0 with the probe on the mat (in the flock), nothing else placed: every other
    bird is in the discard pile, from where a test moves the ones it picks."""
    text = probe_text(ruleset, verb, example)
    if _classic(ruleset):
        return scripted.position("classic", [{"grassland": [PROBE]}, {}], extra_cards=text, vocabulary=VOCABULARIES[ruleset])
    # a full Nest: the lay-eggs action has nowhere to lay either
    return scripted.position("pocket", [{"flock": [PROBE], "nest": PocketRules.nest_limit}, {}], decks=POCKET_DECKS, extra_cards=text)


def condition(game: Game) -> ir.BirdTest:
    power = game.cards.card(PROBE).power
    node = power.requirement if isinstance(power, ir.Then) else power
    what = getattr(node, "what", None)
    assert isinstance(what, ir.Filter) and what.kind == "bird", power
    assert what.bird != ir.BirdTest()  # the condition was kept
    return what.bird


def candidates(game: Game) -> list[Card]:
    """Birds a test may place: the shipped deck's (not the probe, not Pocket's food decks,
    not the Swift-Start birds a classic game leaves out)."""
    in_decks = {name for deck in POCKET_DECKS for name in deck}
    return [c for c in game.cards.cards if c.name != PROBE and c.name not in in_decks and not c.swift_start]


@cache
def sorted_birds(ruleset: str, verb: str, example: str) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(names that pass the condition, names that fail it)."""
    game = base_game(ruleset, verb, example)
    test = condition(game)
    yes: list[str] = []
    no: list[str] = []
    for card in candidates(game):
        (yes if bird_passes(card, test) else no).append(card.name)
    return tuple(yes), tuple(no)


def placed(ruleset: str, verb: str, example: str, names: list[str]) -> Game:
    """The base game with ``names`` moved from the discard pile to where the power looks:
    the tray (face-up birds) for a draw, player 0's hand otherwise."""
    base = base_game(ruleset, verb, example)
    state = base.state.copy()
    cards: CardSet = base.cards
    ids = [cards.card(n).id for n in names]
    for cid in ids:
        state.discard.remove(cid)
    if verb == "draw":
        empty = CLASSIC_EMPTY if _classic(ruleset) else POCKET_EMPTY
        slots = state.tray if _classic(ruleset) else state.face_up
        slots[:] = ids + [empty] * (len(slots) - len(ids))
    else:
        state.seats[0].hand[:] = ids
    return Game(base.ruleset, base.players, base.seed, base.options, cards, state)


def to_the_power(game: Game) -> None:
    """Take the lay-eggs action (nowhere to lay) so that the probe's brown power comes next;
    in classic, say "use" when it asks whether to use the power."""
    game.apply("lay-eggs")
    if "stop" in {str(a) for a in game.legal_actions()} and game.pending is not None and game.pending.source != PROBE:
        game.apply("stop")
    pending = game.pending
    if pending is not None and pending.source == PROBE and Action("use") in pending.options:
        assert set(pending.options) == {Action("use"), Action("skip")}
        game.apply("use")


def offered_names(game: Game, verb: str) -> set[str]:
    pending = game.pending
    assert pending is not None and pending.source == PROBE and pending.player == 0, pending
    others = {a for a in pending.options if a.verb != OFFER_VERBS[verb]}
    assert others <= {Action("skip"), Action("stop")}, others
    return {str(a.arg) for a in pending.options if a.verb == OFFER_VERBS[verb]}


@pytest.mark.soak
@pytest.mark.parametrize(("ruleset", "form", "example", "verb"), CASES)
@settings(max_examples=EXAMPLES, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_the_condition_decides_what_the_power_may_take(ruleset: str, form: str, example: str, verb: str, data: Any) -> None:
    yes, no = sorted_birds(ruleset, verb, example)
    assert len(yes) >= 2 and no, (form, len(yes), len(no))  # the shipped deck has both kinds
    passing = data.draw(st.lists(st.sampled_from(yes), min_size=2, max_size=2, unique=True), label="passing")
    failing = data.draw(st.sampled_from(no), label="failing")
    order = data.draw(st.permutations([*passing, failing]), label="order")

    game = placed(ruleset, verb, example, list(order))
    to_the_power(game)
    assert offered_names(game, verb) == set(passing), (form, verb)
    refused = game.check(Action(OFFER_VERBS[verb], failing))
    assert not refused.legal
    assert refused.violations and all(v.rule_id in CATALOG for v in refused.violations)
    # a rule of the power, not just "not an option"
    assert all(v.rule_id != "core.decision.option" for v in refused.violations), refused
    # taking a passing bird works, and it goes where the verb says
    took = passing[0]
    game.apply(Action(OFFER_VERBS[verb], took))
    took_id = game.cards.card(took).id
    if verb == "draw":
        assert took_id in game.state.seats[0].hand
    elif verb == "tuck":
        assert took_id in game.state.seats[0].rows[rows_of(ruleset)][0].tucked
    else:
        assert took_id not in game.state.seats[0].hand

    # only failing birds where the power looks: the power is passed over without a question
    alone = placed(ruleset, verb, example, [failing])
    alone.apply("lay-eggs")
    if alone.pending is not None and alone.pending.player == 0 and Action("stop") in alone.pending.options:
        alone.apply("stop")
    assert alone.pending is None or alone.pending.source != PROBE, (form, verb, alone.pending)


def rows_of(ruleset: str) -> int:
    """The row the probe sits in: classic's grassland, Pocket's flock."""
    return scripted.HABITATS.index("grassland") if _classic(ruleset) else 0


def test_every_form_and_verb_is_covered() -> None:
    assert CLASSIC_FORMS <= set(VOCABULARIES["oceania"].filter_forms)
    for ruleset, vocab in PLAYED.items():
        forms = {p.values[1] for p in CASES if p.values[0] == ruleset}
        own = {form for form, example in vocab.filter_forms if ruleset != "oceania" or (form, example) not in CLASSIC_FORMS}
        assert forms == own
        assert set(vocab.filter_verbs) == set(OFFER_VERBS)
