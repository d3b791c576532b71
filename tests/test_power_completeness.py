"""Every kind of power part, and every facet the generic code asks of it.

The card language's syntax tree (``dsl.ast.Power`` and its subclasses) and the effect IR
(``ir.Effect`` and its subclasses) are walked whole: each node type must be met in the shipped
cards (so the other tests reach it), render as card text and in both wordings of English,
compile to an IR node, be known to the checker, and each IR node type must have one handler
(with a frame kind of its own), a reason for being passed over and a decision kind in every
ruleset that plays it.  A part the generic code does not know raises: nothing falls back to a
generic text.
"""

from __future__ import annotations

import attrs
import pytest

import wingspan_rules
from wingspan_rules import ir
from wingspan_rules.cards import RULESETS_WITH_CARDS, VOCABULARIES, ruleset_text
from wingspan_rules.dsl import ast, render
from wingspan_rules.dsl.checker import check
from wingspan_rules.dsl.compiler import FoodIndex, compile_power
from wingspan_rules.dsl.diagnostics import Collector
from wingspan_rules.dsl.parser import parse
from wingspan_rules.engine.handlers import NODE_HANDLERS, NodeHandler
from wingspan_rules.engine.state import PowerFrame
from wingspan_rules.rulesets import ruleset as ruleset_class


def _subclasses(base: type) -> set[type]:
    found: set[type] = set()
    todo = [base]
    while todo:
        for sub in todo.pop().__subclasses__():
            if sub not in found:
                todo.append(sub)
                if sub.__module__.startswith("wingspan_rules."):  # (not a test's own part)
                    found.add(sub)
    return found


def _walk(power: ast.Power) -> list[ast.Power]:
    out, todo = [], [power]
    while todo:
        node = todo.pop()
        out.append(node)
        todo.extend(node.children())
    return out


def _shipped_parts() -> dict[type, list[tuple[str, ast.Power]]]:
    """Every part of every shipped power, by syntax type, with the ruleset it was read in."""
    found: dict[type, list[tuple[str, ast.Power]]] = {}
    for ruleset in RULESETS_WITH_CARDS:
        for name, text in ruleset_text(ruleset):
            for card in parse(text, name, VOCABULARIES[ruleset]).cards:
                if card.bird.power is not None:
                    for part in _walk(card.bird.power):
                        found.setdefault(type(part), []).append((ruleset, part))
    return found


SHIPPED = _shipped_parts()
SYNTAX_TYPES = sorted(_subclasses(ast.Power), key=lambda t: t.__name__)
IR_TYPES = sorted(_subclasses(ir.Effect), key=lambda t: t.__name__)


def test_every_syntax_type_is_met_in_the_shipped_cards() -> None:
    missing = [t.__name__ for t in SYNTAX_TYPES if t not in SHIPPED]
    assert not missing, f"no shipped card uses {missing}: add one, or the other tests never reach them"


@pytest.mark.parametrize("kind", SYNTAX_TYPES, ids=lambda t: t.__name__)
def test_every_syntax_type_renders_compiles_and_is_checked(kind: type) -> None:
    for ruleset, part in SHIPPED[kind][:20]:
        vocab = VOCABULARIES[ruleset]
        text = render.power_dsl(part)
        assert text and not text.startswith(" "), kind
        for classic in (False, True):
            english = render.phrase(part, classic)
            assert english and english == english.strip(), kind
        node = compile_power(part, FoodIndex(vocab.foods))
        assert isinstance(node, ir.Effect) and type(node) in NODE_HANDLERS, kind
        # the checker walks it without raising (what it says depends on where the part stands)
        colour = next(iter(c for c in vocab.colours if c != vocab.pink), "brown")
        bird = ast.BirdDef(ast.CostDef(("seed",)), 1, 1, 20, colour, part, habitats=vocab.habitats[:1], nest="bowl")
        check(ast.Document((ast.CardDef("Probe", () if vocab.block == "bird" else ("seed",), bird),)), Collector("", "<probe>"), vocab)


@pytest.mark.parametrize("kind", SYNTAX_TYPES, ids=lambda t: t.__name__)
def test_children_lead_where_the_paths_lead(kind: type) -> None:
    """``children`` and ``child`` agree, in the syntax tree and in the compiled node."""
    for ruleset, part in SHIPPED[kind][:20]:
        node = compile_power(part, FoodIndex(VOCABULARIES[ruleset].foods))
        assert len(part.children()) == len(node.children())
        for i, sub in enumerate(part.children()):
            assert part.child(i) is sub or isinstance(part, ast.AllPlayers)
            assert type(compile_power(sub, FoodIndex(VOCABULARIES[ruleset].foods))) is type(node.children()[i])
        if not part.children():
            with pytest.raises(IndexError):
                part.child(0)
            with pytest.raises(IndexError):
                node.child(0)


class _Unknown(ast.Power):
    """A part no generic code knows (defined here, never registered)."""


class _UnknownNode(ir.Effect):
    pass


def test_an_unknown_part_raises_instead_of_falling_back() -> None:
    part = attrs.frozen(_Unknown)()
    with pytest.raises(TypeError, match="_Unknown"):
        render.power_dsl(part)
    for classic in (False, True):
        with pytest.raises(TypeError, match="_Unknown"):
            render.phrase(part, classic)
    with pytest.raises(TypeError, match="_Unknown"):
        compile_power(part, FoodIndex(("seed",)))


@pytest.mark.parametrize("kind", IR_TYPES, ids=lambda t: t.__name__)
def test_every_ir_type_has_one_handler_and_a_reason_to_be_passed_over(kind: type) -> None:
    handler = NODE_HANDLERS.get(kind)
    assert handler is not None, f"{kind.__name__} has no handler"
    kinds = [t for t, h in NODE_HANDLERS.items() if type(h).frame_type is type(handler).frame_type]
    assert kinds == [t for t in kinds if NODE_HANDLERS[t] is handler], "two handlers share a frame kind"
    overridden = handler.passed_over is not None or type(handler).idle is not NodeHandler.idle
    assert overridden, f"{kind.__name__} has no reason to be passed over (its handler's passed_over or idle())"


def test_every_ir_type_asks_a_known_kind_of_decision_in_each_ruleset_that_plays_it() -> None:
    for ruleset in RULESETS_WITH_CARDS:
        rules = ruleset_class(ruleset)
        game = wingspan_rules.new_game(ruleset, 2, 1, events=False)
        engine = game._engine  # (a look inside, as only this test needs)
        for card in engine.cards:
            if card.power is None:
                continue
            for node in ir.walk(card.power):
                frame = type(NODE_HANDLERS[type(node)]).frame_type
                f = frame(0, card.id, (), 0)  # a frame of its kind, at the root of the power
                kind, rule = engine.describe_power(f, node)
                assert kind in rules.DECISIONS, (ruleset, card.name, type(node).__name__, kind)
                assert rule in wingspan_rules.CATALOG, (ruleset, card.name, rule)


@pytest.mark.parametrize("ruleset", RULESETS_WITH_CARDS)
def test_every_topic_a_ruleset_reaches_is_named_with_a_kind_and_a_rule(ruleset: str) -> None:
    """Each node handler says the topics of its questions (``asked``), each with the form it
    belongs to; a ruleset names the decision kind and rule of every topic of the nodes its
    verbs reach, in the forms it admits, and of nothing it could not reach."""
    from wingspan_rules.families import FAMILIES

    rules = ruleset_class(ruleset)
    vocab = rules.vocabulary
    reached = {"optional"}
    for handler in rules.frame_handlers().values():
        if not isinstance(handler, NodeHandler):
            continue
        family = FAMILIES.of_node(handler.node_types[0])
        verbs = {family.verb_of(rule) for rule in family.rules}
        if None not in verbs and not verbs & set(vocab.verbs):
            continue  # (no card of this rule system can spell it)
        reached |= {topic for topic, form in handler.every_topic().items() if form is None or vocab.admits(form)}
        if handler.requirement_topic is not None:
            reached.add(handler.requirement_topic)
        refusals = set(handler.refusal_topics) - set(rules.REFUSAL_RULES)
        assert not refusals, (type(handler).__name__, sorted(refusals))
    named = set(rules.DECISION_TOPICS)
    assert reached <= named, sorted(reached - named)
    assert all(rule in wingspan_rules.CATALOG for rule in rules.REFUSAL_RULES.values())
    for topic, (kind, rule) in rules.DECISION_TOPICS.items():
        assert kind in rules.DECISIONS, (topic, kind)
        assert rule in wingspan_rules.CATALOG, (topic, rule)


def test_a_refusal_topic_the_ruleset_does_not_name_raises() -> None:
    game = wingspan_rules.new_game("pocket", 2, 1, events=False)
    with pytest.raises(ValueError, match="names no rule for refusals about 'trade'"):
        game._engine.refused("trade", "give a food first")  # (a look inside: Pocket has no trade power)


def test_a_topic_the_ruleset_does_not_name_raises() -> None:
    from wingspan_rules.engine.handlers import handler_of

    game = wingspan_rules.new_game("pocket", 2, 1, events=False)
    engine = game._engine  # (a look inside, as only this test needs)
    node = ir.Look(1, "deck", ir.Filter("bird"))  # (an Oceania step: Pocket names no decision about it)
    f = type(handler_of(node)).frame_type(0, 0, (), 0)
    with pytest.raises(ValueError, match="names no decision about 'look'"):
        engine.describe_power(f, node)


def test_a_frame_of_the_wrong_kind_for_its_node_is_refused_when_loaded() -> None:
    """The bounds of each frame are checked: a frame whose kind is not its node's handler's
    kind reads as no node (``node_of_frame``), which every validator refuses."""
    from wingspan_rules.engine.handlers import node_of_frame

    power = ir.Either((ir.Move(), ir.Trade()))
    assert node_of_frame(power, PowerFrame(0, 0, (0,), 0)) is None
    assert node_of_frame(power, type(NODE_HANDLERS[ir.Move]).frame_type(0, 0, (0,), 0)) == ir.Move()


def test_every_family_has_every_facet() -> None:
    """A registered family (the shipped ones and any a test defines) builds its grammar rules,
    owns syntax and IR types, compiles, writes card text and English, and names the handler
    of its nodes (with a reason to pass them over)."""
    from wingspan_rules.dsl.parser import _lark
    from wingspan_rules.families import FAMILIES
    from wingspan_rules.powers.family import Family

    lark = _lark()  # (the grammar as it stands, families from outside included)
    names = {str(r.origin.name).lstrip("?") for r in lark.rules} | {str(r.alias) for r in lark.rules if r.alias}
    families = list(FAMILIES)
    assert families
    for fam in families:
        kind = type(fam)
        assert fam.rules and set(fam.rules) <= names, (fam.name, set(fam.rules) - names)
        assert fam.syntax and fam.nodes, fam.name
        for facet in ("build", "compile", "text", "english"):
            assert getattr(kind, facet) is not getattr(Family, facet), f"family '{fam.name}' has no {facet}"
        assert fam.handler is not None and tuple(fam.handler.node_types) == tuple(fam.nodes), fam.name
        handler = NODE_HANDLERS[fam.nodes[0]]
        assert handler.passed_over is not None or type(handler).idle is not NodeHandler.idle, f"family '{fam.name}' says no reason to pass its node over"
        assert fam.verb_of(fam.rules[0]) is not None or any(part.children() for _, part in SHIPPED.get(fam.syntax[0], [])[:1]) or not SHIPPED.get(fam.syntax[0]), fam.name


@pytest.mark.parametrize("ruleset", RULESETS_WITH_CARDS)
def test_every_verb_a_power_step_offers_is_one_its_handler_names(ruleset: str) -> None:
    """The verbs a node's handler says answer its steps (``asking``; every step of a power:
    ``node_verbs``) hold every verb it offers in random games, so the refusals that read them
    (an answer to another decision, a benefit before its requirement) never refuse an option."""
    import random

    from wingspan_rules.engine.handlers import handler_of, node_verbs
    from wingspan_rules.engine.state import ACTION

    for seed in range(12):
        game = wingspan_rules.new_game(ruleset, 2 + seed % 3, seed, events=False)
        engine = game._engine  # (a look inside, as only this test needs)
        chooser = random.Random(seed)
        while not game.is_over:
            options = game.legal_actions()
            f = engine.state.stack[-1]
            if isinstance(f, PowerFrame):
                node = engine.node(f)
                offered = {a.verb for a in options} - {"skip", "use"}
                asked = handler_of(node).asking(engine, f, node)
                assert offered <= asked, (type(node).__name__, offered - asked)
                if f.card != ACTION:  # (an action's step may offer the world's extras: Pocket's supply reset)
                    whole = engine.cards[f.card].power
                    assert whole is not None and offered <= node_verbs(engine, whole), (type(node).__name__, offered)
            game.apply(chooser.choice(options))


@pytest.mark.parametrize("ruleset", RULESETS_WITH_CARDS)
def test_every_turn_action_has_a_name_and_words(ruleset: str) -> None:
    """A ruleset names each of its turn's own actions and says what it does (the prompts read
    them by the action's place, never by its node's type)."""
    rules = ruleset_class(ruleset)
    assert len(rules.action_names) == len(rules.action_words) == len(rules.action_nodes) > 0
    for words, node in zip(rules.action_words, rules.action_nodes, strict=True):
        assert words.format(count=getattr(node, "count", 0))


def test_a_part_role_the_prompts_do_not_word_raises(monkeypatch: pytest.MonkeyPatch) -> None:
    from wingspan_rules.powers.then import ThenHandler
    from wingspan_rules.prompts import speaker

    game = wingspan_rules.new_game("pocket", 2, 1, events=False)
    engine = game._engine  # (a look inside, as only this test needs)
    card = next(c for c in engine.cards if isinstance(c.power, ir.Then))
    talk = speaker(type(engine), game.cards)
    assert talk.role(card.id, (1,)) == "benefit" and talk.role(card.id, (0,)) is None
    monkeypatch.setattr(ThenHandler, "part_role", lambda self, node, index: "bystander")
    with pytest.raises(ValueError, match="no words for the role 'bystander'"):
        talk.role(card.id, (1,))
