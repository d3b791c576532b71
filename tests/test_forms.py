"""The forms of the card language a rule system may lack, declared once and read twice.

A power family that is one such form as a whole names it (``Family.form``), and each
vocabulary lists the forms its cards may use (``Vocabulary.forms``).  The checker refuses a
part of a form the rule system lacks, and a ruleset plays only the nodes of the forms its
vocabulary admits: the handler table of classic and of Pocket has no handler for Oceania's
look, give or replace powers, so nothing could reach them there in the middle of a game.
"""

from __future__ import annotations

import re

import pytest

import wingspan_rules
from wingspan_rules import ir
from wingspan_rules import powers as _shipped  # noqa: F401  (registers the shipped families)
from wingspan_rules.cards import VOCABULARIES, card_set, compile_cards
from wingspan_rules.dsl.diagnostics import DslError
from wingspan_rules.dsl.vocabulary import CLASSIC, OCEANIA, POCKET, owner_of
from wingspan_rules.engine.registry import NODE_HANDLERS
from wingspan_rules.families import FAMILIES, UnknownPart
from wingspan_rules.rulesets import ruleset as ruleset_class

FORM_FAMILIES = sorted((f for f in FAMILIES if f.form is not None), key=lambda f: f.name)

def _sample(family: object) -> str:
    """A shipped Oceania bird with a part of ``family``, in classic words but for the form:
    nectar made seed, yellow and white powers brown (but a replace, which is white alone)."""
    kinds = tuple(family.nodes)  # type: ignore[attr-defined]
    for card in card_set("oceania").cards:
        if card.power is not None and any(isinstance(n, kinds) for n in ir.walk(card.power)):
            text = re.sub(r"\bnectar\b", "seed", card.dsl).replace("wingspan: flightless", "wingspan: 30")
            return text if family.form == "replace" else text.replace("power yellow", "power brown").replace("power white", "power brown")  # type: ignore[attr-defined]
    raise AssertionError(f"no shipped card has a '{family.name}' part")  # type: ignore[attr-defined]


_POCKET_CARD = 'card "Test" {\n  food: seed\n  cost: seed\n  points: 1\n  egg_limit: 5\n  wingspan: 46\n  power brown: %s\n}\n'
_POCKET_SAMPLES = {"bonus-cards": "draw 2 bonus keep 1"}  # (forms Pocket lacks, in a Pocket card)


@pytest.mark.parametrize("family", FORM_FAMILIES, ids=lambda f: f.form)
def test_a_whole_family_form_is_refused_where_the_rule_system_lacks_it(family: object) -> None:
    form = family.form  # type: ignore[attr-defined]
    lacking = CLASSIC if not CLASSIC.admits(form) else POCKET  # (the closest rule system that lacks it)
    text = _POCKET_CARD % _POCKET_SAMPLES[form] if lacking is POCKET else _sample(family)
    with pytest.raises(DslError):
        compile_cards(text, vocabulary=lacking)


@pytest.mark.parametrize("form", ["cache-own", "discard-bonus"])
def test_a_form_whose_family_says_nothing_is_refused_in_general_words(form: str) -> None:
    """Two families have no wording of their own for the refusal: the checker words it."""
    family = next(f for f in FORM_FAMILIES if f.form == form)
    with pytest.raises(DslError) as err:
        compile_cards(_sample(family), vocabulary=CLASSIC)
    assert f"'{family.name}' belongs to the Oceania cards, not to classic cards" in str(err.value)
    assert len(err.value.diagnostics) == 1


def test_every_form_a_vocabulary_admits_is_read_somewhere() -> None:
    """No form name is a dead word: each is a family's or is asked for by the checks (the
    source of the card language names it)."""
    import pathlib

    source = "\n".join(p.read_text() for p in pathlib.Path(wingspan_rules.__file__).parent.rglob("*.py") if "vocabulary.py" not in p.name)
    for form in sorted(OCEANIA.forms | CLASSIC.forms | POCKET.forms):
        assert f'"{form}"' in source or f"'{form}'" in source, form


def test_the_owner_of_a_form_is_named_and_an_unknown_form_raises() -> None:
    assert owner_of("look") == "Oceania"
    assert owner_of("from-one-deck") == "Pocket"
    assert owner_of("bonus-cards") == "classic"
    assert CLASSIC.forms == {"bonus-cards"} <= OCEANIA.forms and POCKET.forms == {"from-one-deck"}
    with pytest.raises(KeyError, match="no rule system"):
        owner_of("no-such-form")


@pytest.mark.parametrize("ruleset", ["pocket", "classic", "oceania"])
def test_a_ruleset_plays_the_nodes_of_the_forms_it_admits_alone(ruleset: str) -> None:
    rules = ruleset_class(ruleset)
    table = rules.frame_handlers()
    for kind, handler in NODE_HANDLERS.items():
        form = FAMILIES.of_node(kind).form
        admitted = form is None or rules.vocabulary.admits(form)
        assert (table.get(handler.frame_type) is handler) == admitted, (ruleset, kind.__name__)
    assert rules.vocabulary is VOCABULARIES[ruleset]


def test_a_node_no_family_owns_raises() -> None:
    class Stray:
        pass

    with pytest.raises(UnknownPart, match="Stray"):
        FAMILIES.of_node(Stray)


