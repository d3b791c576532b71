"""Property tests of the card language and of saved games (hypothesis).

(a) random syntax trees that the checker accepts survive render -> parse unchanged (Pocket
    trees built from scratch, and trees of every ruleset's vocabulary built from the shipped
    powers);
(b) any text at all given to ``compile_cards`` either compiles or raises DslError whose
    diagnostics all carry a real position and plain-word messages;
(c) a game saved at any point of a random game loads back to the very same save.

Example counts are small by default so the file runs quickly; set WINGSPAN_FUZZ_EXAMPLES
(e.g. 5000) to search harder.
"""

from __future__ import annotations

import os
import random
import re

import attrs
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import wingspan_rules
from wingspan_rules import DslError, compile_cards
from wingspan_rules.cards import RULESETS_WITH_CARDS, VOCABULARIES, ruleset_text
from wingspan_rules.dsl import ast, render
from wingspan_rules.dsl.checker import check
from wingspan_rules.dsl.diagnostics import Collector
from wingspan_rules.dsl.parser import parse
from wingspan_rules.dsl.vocabulary import ATTRIBUTES, FOODS, LIMITS

EXAMPLES = int(os.environ.get("WINGSPAN_FUZZ_EXAMPLES", "80"))
settings.register_profile(
    "wingspan-fuzz",
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    derandomize=False,
)
FUZZ = settings.get_profile("wingspan-fuzz")


# ---- (a) random syntax trees ---------------------------------------------------------------

foods = st.sampled_from(FOODS)
# Names: anything a quoted string may hold (no double quote, no newline).
names = st.text(st.characters(blacklist_characters='"\n', blacklist_categories=("Cs",)), max_size=24)


def _usable_card_name(name: str) -> bool:
    """Card names read back from action text (see the checker's name rule)."""
    return (
        bool(name.strip())
        and name == name.strip()
        and "  " not in name
        and ";" not in name
        and name != "nest"
        and not all(part in FOODS for part in name.split("/"))
    )


card_name_text = names.filter(_usable_card_name)


@st.composite
def predicates(draw: st.DrawFn) -> tuple[ast.Predicate, ...]:
    """Bird conditions that some bird can meet: a witness value is drawn first for each
    compared number and every comparison is made true of it."""
    preds: list[ast.Predicate] = []
    colour = draw(st.sampled_from(["brown", "green", None]))
    compared = draw(st.lists(st.sampled_from(ATTRIBUTES), max_size=3))
    witness = {a: draw(st.integers(*LIMITS[a])) for a in set(compared)}
    cmp_low, cmp_high = LIMITS["compare"]
    for attribute in compared:
        v = witness[attribute]
        choices = ["<=", ">=", "="] + (["<"] if v < cmp_high else []) + ([">"] if v > cmp_low else [])
        op = draw(st.sampled_from(sorted(choices)))
        value = {
            "<": st.integers(v + 1, cmp_high),
            "<=": st.integers(v, cmp_high),
            ">": st.integers(cmp_low, v - 1),
            ">=": st.integers(cmp_low, v),
            "=": st.just(v),
        }[op]
        preds.append(ast.Compare(attribute, op, draw(value)))
    preds += [ast.Costing(f) for f in draw(st.lists(foods, max_size=2))]
    if draw(st.booleans()):
        preds += [ast.HasColour(colour)] * draw(st.integers(1, 2))
    return tuple(draw(st.permutations(preds)))


bird_filters = predicates().map(lambda p: ast.CardFilter("bird", None, p))
card_filters = st.one_of(
    st.just(ast.CardFilter("card")),
    bird_filters,
    st.builds(lambda f: ast.CardFilter("food", f), st.none() | foods),
)
requirements = st.one_of(
    st.just(ast.DiscardEgg()),
    card_filters.map(ast.DiscardCard),
    card_filters.map(ast.Tuck),
)
brown_atoms = st.one_of(
    card_filters.map(ast.Draw),
    requirements,
    st.integers(*LIMITS["hunt"]).map(ast.Hunt),
    st.just(ast.LayEgg()),
    st.just(ast.Copy("brown")),
)
shared = st.one_of(
    st.one_of(card_filters.map(ast.Draw), st.just(ast.LayEgg())).map(ast.AllPlayers),
    st.one_of(st.none(), foods).map(lambda f: ast.AllPlayers(ast.Draw(ast.CardFilter("food", f)), True)),
)
brown_powers = st.recursive(
    st.one_of(brown_atoms, shared),
    lambda inner: st.one_of(
        st.lists(inner, min_size=2, max_size=3).map(lambda parts: ast.Either(tuple(parts))),
        st.builds(ast.Then, requirements, inner),
    ),
    max_leaves=6,
)
green_powers = st.one_of(
    foods.map(ast.IgnoreCost),
    foods.map(ast.SpendAsAny),
    foods.map(ast.AnyInPowers),
    st.just(ast.Copy("green")),
)


@st.composite
def costs(draw: st.DrawFn) -> ast.CostDef:
    icons = draw(st.integers(0, LIMITS["food_cost"][1]))
    any_food = draw(st.integers(0, icons))
    specific = sorted(draw(st.lists(foods, min_size=icons - any_food, max_size=icons - any_food)), key=FOODS.index)
    eggs = draw(st.integers(0 if icons else 1, LIMITS["eggs"][1]))
    return ast.CostDef(tuple(specific), any_food, eggs)


@st.composite
def cards(draw: st.DrawFn, name: str | None = None) -> ast.CardDef:
    colour = draw(st.sampled_from(["brown", "green", None]))
    power = None if colour is None else draw(brown_powers if colour == "brown" else green_powers)
    bird = ast.BirdDef(
        cost=draw(costs()),
        points=draw(st.integers(*LIMITS["points"])),
        egg_limit=draw(st.integers(*LIMITS["egg_limit"])),
        wingspan=draw(st.integers(*LIMITS["wingspan"])),
        colour=colour,
        power=power,
    )
    side = tuple(draw(st.lists(foods, min_size=1, max_size=2, unique=True)))
    return ast.CardDef(draw(card_name_text) if name is None else name, side, bird)


goal_sides = st.builds(lambda n, p: ast.GoalSide(n, ast.CardFilter("bird", None, p)), names, predicates())
goals = st.builds(lambda n, a, b: ast.GoalDef(n, (a, b)), names, goal_sides, goal_sides)


@st.composite
def documents(draw: st.DrawFn) -> ast.Document:
    card_names = draw(st.lists(card_name_text, max_size=4, unique=True))
    goal_list = draw(st.lists(goals, max_size=2, unique_by=lambda g: g.name))
    return ast.Document(tuple(draw(cards(n)) for n in card_names), tuple(goal_list))


def _diagnostics_of(doc: ast.Document) -> list[str]:
    out = Collector("", "<generated>")
    check(doc, out)
    return [d.message for d in out.items]


@pytest.mark.soak
@FUZZ
@given(cards())
def test_card_render_then_parse_gives_the_same_card(card: ast.CardDef) -> None:
    assert _diagnostics_of(ast.Document((card,))) == [], "the generator made a card the checker rejects"
    text = render.card_dsl(card)
    doc = parse(text, "<rendered>")
    assert doc.cards == (card,), text
    assert render.card_dsl(doc.cards[0]) == text  # canonical text is a fixed point
    compiled = compile_cards(text)
    assert compiled.cards[0].name == card.name
    english = render.card_english(card)
    assert english.startswith(card.name) and english.endswith("\n")


@pytest.mark.soak
@FUZZ
@given(documents())
def test_document_render_then_parse_gives_the_same_document(doc: ast.Document) -> None:
    assert _diagnostics_of(doc) == []
    text = render.document_dsl(doc)
    again = parse(text, "<rendered>")
    assert again == doc, text
    assert render.document_dsl(again) == text
    for goal in doc.goals:
        assert render.goal_english(goal).count("\n") == 3


def test_spans_are_recorded_but_left_out_of_equality() -> None:
    text = 'card "X" {\n  food: seed\n  cost: seed\n  points: 1\n  egg_limit: 1\n  wingspan: 20\n  power brown: lay egg\n}\n'
    parsed = parse(text).cards[0]
    assert parsed.span.line == 1 and parsed.bird.power.span == ast.Span(7, 16, 7, 23)
    built = ast.CardDef("X", ("seed",), ast.BirdDef(ast.CostDef(("seed",)), 1, 1, 20, "brown", ast.LayEgg()))
    assert built.bird.power.span == ast.NO_SPAN
    assert parsed == built


# ---- (a') every ruleset's vocabulary ----------------------------------------------------------
# The generators above build Pocket cards from scratch.  For every ruleset, cards are also made
# from the shipped deck's powers: two powers of one colour joined with '+', and every count and
# food of a part redrawn, so that every kind of part of every vocabulary (classic, Oceania) is
# rendered and read back.  Trees the checker refuses are left out (``assume``).


def _shipped_cards(ruleset: str) -> list[ast.CardDef]:
    vocab = VOCABULARIES[ruleset]
    return [card for name, text in ruleset_text(ruleset) for card in parse(text, name, vocab).cards]


SHIPPED_CARDS = {ruleset: _shipped_cards(ruleset) for ruleset in RULESETS_WITH_CARDS}
_COUNTS = frozenset({"count", "per", "times", "draw", "keep", "discard", "give", "then_discard", "egg_discount", "per_food"})


def _redraw(draw: st.DrawFn, node: object, foods: tuple[str, ...]) -> object:
    """``node`` with its counts and single foods redrawn, its parts redrawn the same way.  A
    value is kept only if the card text says it (a count that is not written, such as the dice
    of 'gain all', is left as it was)."""
    if isinstance(node, ast.Power):
        for field in attrs.fields(type(node)):
            value = getattr(node, field.name)
            new: object = value
            if isinstance(value, ast.Power) or (isinstance(value, tuple) and value and isinstance(value[0], ast.Power)):
                new = _redraw(draw, value, foods)
            elif field.name in _COUNTS and type(value) is int and value > 0 and draw(st.booleans()):
                new = draw(st.integers(1, 3))
            elif field.name == "food" and isinstance(value, str) and value in foods and draw(st.booleans()):
                new = draw(st.sampled_from(foods))
            if new != value:
                changed = attrs.evolve(node, **{field.name: new})  # type: ignore[misc]
                if render.power_dsl(changed) != render.power_dsl(node) or isinstance(new, (ast.Power, tuple)):
                    node = changed
        return node
    if isinstance(node, tuple):
        return tuple(_redraw(draw, part, foods) for part in node)
    return node


@st.composite
def ruleset_cards(draw: st.DrawFn) -> tuple[str, ast.CardDef]:
    ruleset = draw(st.sampled_from(RULESETS_WITH_CARDS))
    vocab = VOCABULARIES[ruleset]
    card = draw(st.sampled_from([c for c in SHIPPED_CARDS[ruleset] if c.bird.power is not None]))
    power = card.bird.power
    assert power is not None
    if card.bird.colour not in ("green", vocab.pink) and draw(st.booleans()):
        others = [c.bird.power for c in SHIPPED_CARDS[ruleset] if c.bird.colour == card.bird.colour and c.bird.power is not None]
        power = ast.Either((power, draw(st.sampled_from(others))))
    power = _redraw(draw, power, vocab.foods)  # type: ignore[assignment]
    bird = attrs.evolve(card.bird, power=power)
    return ruleset, attrs.evolve(card, name=draw(card_name_text), bird=bird)


@FUZZ
@given(ruleset_cards())
def test_cards_of_every_ruleset_render_then_parse_to_the_same_card(made: tuple[str, ast.CardDef]) -> None:
    ruleset, card = made
    vocab = VOCABULARIES[ruleset]
    out = Collector("", "<generated>")
    check(ast.Document((card,)), out, vocab)
    assume(not out.items)
    text = render.card_dsl(card)
    doc = parse(text, "<rendered>", vocab)
    assert doc.cards == (card,), text
    assert render.card_dsl(doc.cards[0]) == text
    assert compile_cards(text, vocabulary=vocab).cards[0].name == card.name
    assert render.card_english(card).startswith(card.name)


def test_the_ruleset_round_trip_reaches_every_kind_of_part() -> None:
    """What ``ruleset_cards`` starts from holds every kind of part of the card language."""
    kinds: set[type] = set()
    for cards in SHIPPED_CARDS.values():
        for card in cards:
            todo = [card.bird.power] if card.bird.power is not None else []
            while todo:
                node = todo.pop()
                kinds.add(type(node))
                todo.extend(node.children())
    every: set[type] = set()
    todo_types: list[type] = [ast.Power]
    while todo_types:
        for sub in todo_types.pop().__subclasses__():
            if sub.__module__.startswith("wingspan_rules."):  # (not a test's own part)
                every.add(sub)
            todo_types.append(sub)
    assert every <= kinds, sorted(t.__name__ for t in every - kinds)


# ---- (b) grammar fuzzing -------------------------------------------------------------------

SHIPPED_TEXT = "\n".join(text for _, text in ruleset_text("pocket"))
SHIPPED_LINES = SHIPPED_TEXT.split("\n")
TOKENS = [
    "card", "goal", "side", '"Blue Jay"', '"', "{", "}", ":", "/", "+", "->", "(", ")", "#", "\n", "\r\n",
    "\r", "\t", " ", "  ", "food", "cost", "points", "egg_limit", "wingspan", "power", "brown", "green",
    "blue", "draw", "tuck", "hunt", "lay", "discard", "copy", "ignore", "spend", "treat", "egg", "eggs",
    "on", "birds", "bird", "any", "in", "costs", "as", "powers", "all", "players", "from", "one", "deck",
    "from one deck", "where", "costing", "with", "without", "food_cost", "<", "<=", ">", ">=", "=", "==",
    "0", "1", "3", "-1", "40", "400", "99999999999999", "seed", "fish", "fruit", "rodent", "invertebrate",
    "sed", "fsh", "drow", "\x00", "\u2028", "\x0c", "é", "Ω",
]  # fmt: skip
LARK_WORD = re.compile(r"\b[A-Z_]{2,}[0-9]*\b|__")


def _assert_only_positioned_errors(text: str) -> None:
    try:
        compile_cards(text, "fuzz.wsp")
    except DslError as err:
        assert err.diagnostics, "a DslError must hold at least one diagnostic"
        lines = text.split("\n")
        for d in err.diagnostics:
            assert d.file == "fuzz.wsp"
            assert d.line >= 1 and d.column >= 1, str(d)
            assert d.line <= len(lines), str(d)
            assert d.source_line == lines[d.line - 1].rstrip("\r"), str(d)
            assert d.column <= len(d.source_line) + 1, str(d)
            words = re.sub(r"'[^']*'|\"[^\"]*\"|U\+[0-9A-F]+", "", d.message)  # drop user text
            assert not LARK_WORD.search(words), f"internal grammar name in: {d.message}"
            str(d)  # renders with its caret line


token_text = st.lists(st.one_of(st.sampled_from(TOKENS), st.characters()), max_size=60).map(" ".join)
joined_text = st.lists(st.sampled_from(TOKENS), max_size=80).map("".join)


@pytest.mark.soak
@FUZZ
@given(st.one_of(token_text, joined_text, st.text(max_size=80)))
def test_random_text_only_ever_raises_positioned_dsl_errors(text: str) -> None:
    _assert_only_positioned_errors(text)


@st.composite
def mutated_card_text(draw: st.DrawFn) -> str:
    """A stretch of the shipped deck with a few random edits."""
    start = draw(st.integers(0, len(SHIPPED_LINES) - 1))
    length = draw(st.integers(1, 40))
    lines = SHIPPED_LINES[start : start + length]
    for _ in range(draw(st.integers(1, 4))):
        text = "\n".join(lines)
        at = draw(st.integers(0, len(text)))
        edit = draw(st.sampled_from(["insert", "delete", "replace", "dup-line", "drop-line", "swap-lines"]))
        if edit == "insert":
            text = text[:at] + draw(st.sampled_from(TOKENS) | st.characters()) + text[at:]
        elif edit == "delete":
            text = text[:at] + text[at + draw(st.integers(1, 12)) :]
        elif edit == "replace":
            text = text[:at] + draw(st.sampled_from(TOKENS)) + text[at + draw(st.integers(1, 8)) :]
        lines = text.split("\n")
        if lines and edit in ("dup-line", "drop-line", "swap-lines"):
            i = draw(st.integers(0, len(lines) - 1))
            j = draw(st.integers(0, len(lines) - 1))
            if edit == "dup-line":
                lines.insert(j, lines[i])
            elif edit == "drop-line":
                del lines[i]
            else:
                lines[i], lines[j] = lines[j], lines[i]
    return "\n".join(lines)


@pytest.mark.soak
@FUZZ
@given(mutated_card_text())
def test_mutated_card_text_only_ever_raises_positioned_dsl_errors(text: str) -> None:
    _assert_only_positioned_errors(text)


def test_the_shipped_deck_itself_compiles() -> None:
    # The unmutated source of the mutations above is good card text.
    assert len(compile_cards(SHIPPED_TEXT).cards) == 112


# ---- (c) saved games -------------------------------------------------------------------------


@pytest.mark.soak
@FUZZ
@given(
    players=st.sampled_from([2, 3, 4, 5]),
    advanced=st.booleans(),
    seed=st.integers(0, 2**31),
    chooser=st.integers(0, 2**31),
    steps=st.integers(0, 600),
)
def test_saved_games_load_back_to_the_same_save(players: int, advanced: bool, seed: int, chooser: int, steps: int) -> None:
    game = wingspan_rules.new_game("pocket", players, seed, {"advanced": advanced})
    pick = random.Random(chooser)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(pick.choice(game.legal_actions()))
    saved = game.to_json()
    loaded = wingspan_rules.load(saved)
    assert loaded.to_json() == saved
    assert loaded.legal_actions() == game.legal_actions()
    assert loaded.pending == game.pending
    assert loaded.score() == game.score()
