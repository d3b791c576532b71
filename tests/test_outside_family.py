"""A power family defined in this file alone, as a card author's extension would be.

'brood N' lays up to N eggs on this bird (as many as it has room for).  Everything the
family means is below: its grammar rule (which ``%extend``s ``_phrase``), its syntax and IR
node, how it is built, checked, compiled, written back and worded, its frame and handler,
and the power colours it may stand in.  Nothing of the package is edited: registering the
family is enough for the parser, checker, compiler, renderer, engine and ``cards lint``.
docs/architecture.md ("Adding a power family") walks through the same steps.
"""

from __future__ import annotations

import random
from typing import ClassVar

import attrs
import pytest
from lark import Token, Tree

from wingspan_rules import DslError, compile_cards, new_game
from wingspan_rules.actions import Action
from wingspan_rules.cli import main
from wingspan_rules.dsl import ast
from wingspan_rules.dsl.ast import Span, span_field
from wingspan_rules.dsl.builder import Builder
from wingspan_rules.dsl.checker import Checking
from wingspan_rules.dsl.compiler import Compiling
from wingspan_rules.dsl.render import Writing
from wingspan_rules.engine.handlers import AtomHandler
from wingspan_rules.engine.rules import Rules
from wingspan_rules.engine.state import PowerFrame, frame
from wingspan_rules.events import EGG
from wingspan_rules.ir import Effect
from wingspan_rules.powers.family import Family, family

# ---- the family --------------------------------------------------------------------------


@attrs.frozen
class Brood(ast.Power):
    """'brood N' in the syntax tree."""

    count: int
    span: Span = span_field()


@attrs.frozen
class BroodNode(Effect):
    """'brood N' compiled."""

    count: int


@frame
@attrs.define(slots=True)
class BroodFrame(PowerFrame):
    kind: ClassVar[str] = "brood"


_BROOD = Action("brood")


class BroodHandler(AtomHandler):
    node_types = (BroodNode,)
    frame_type = BroodFrame
    passed_over = ("this bird has no room for another egg", "lay")
    verbs = frozenset({"brood"})
    wording = {"brood": ("let this bird brood", "lay eggs on {source} by brooding ({power})")}

    def _room(self, g: Rules, f: PowerFrame) -> int:
        host = g.board.host_bird(g, f)
        return 0 if host is None else g.cards[host.card].egg_limit - host.eggs

    def can(self, g: Rules, f: PowerFrame, node: BroodNode) -> bool:
        return self._room(g, f) > 0

    def choices(self, g: Rules, f: PowerFrame, node: BroodNode) -> list[Action]:
        return [_BROOD]  # one answer, taken at once

    def perform(self, g: Rules, f: PowerFrame, node: BroodNode, a: Action | None = None) -> None:
        host = g.board.host_bird(g, f)
        assert host is not None
        laid = min(node.count, self._room(g, f))
        host.eggs += laid
        if g.log is not None:
            for _ in range(laid):
                g.recorder.note(g, EGG, f.player, g.cards[host.card].name)


@family
class BroodFamily(Family):
    name = "brood"
    rules = ("brood",)
    verb = "brood"
    syntax = (Brood,)
    nodes = (BroodNode,)
    handler = BroodHandler
    grammar = 'brood: "brood" INT\n%extend _phrase: brood'
    colours = {"classic": ("brown",), "Oceania": ("brown",)}

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return Brood(b.number(tree.children[0]), span)

    def check(self, part: Brood, c: Checking) -> None:
        if not 1 <= part.count <= 4:
            c.error(part.span, f"a bird broods 1 to 4 eggs, not {part.count}")

    def compile(self, part: Brood, c: Compiling) -> Effect:
        return BroodNode(part.count)

    def text(self, part: Brood, w: Writing) -> str:
        return f"brood {part.count}"

    def english(self, part: Brood, w: Writing) -> str:
        return f"lay up to {part.count} eggs on this bird, as many as it has room for"


# ---- cards using it ----------------------------------------------------------------------


def brooder(name: str, count: int = 2, colour: str = "brown") -> str:
    return f"""
bird "{name}" {{
  set: core
  habitats: forest grassland wetland
  cost: seed
  points: 2
  nest: cavity
  egg_limit: 4
  wingspan: 30
  power {colour}: brood {count}
}}
"""


# Enough of them that random games play them often.
BROODERS = "".join(brooder(f"Test Brooder {i}") for i in range(1, 31))


def test_outside_family_compiles_renders_and_words() -> None:
    deck = compile_cards(brooder("Test Brooder"), ruleset="classic")
    card = deck.card("Test Brooder")
    assert card.power == BroodNode(2)
    assert "brood 2" in card.dsl
    assert "Lay up to 2 eggs on this bird, as many as it has room for." in card.english
    # the card text written back reads the same card again
    again = compile_cards(card.dsl, ruleset="classic").card("Test Brooder")
    assert again.power == card.power


def test_outside_family_checks() -> None:
    with pytest.raises(DslError, match="a bird broods 1 to 4 eggs, not 9"):
        compile_cards(brooder("Test Brooder", count=9), ruleset="classic")
    with pytest.raises(DslError, match="'brood' belongs in a brown power, not a white one"):
        compile_cards(brooder("Test Brooder", colour="white"), ruleset="classic")
    # Pocket's vocabulary does not list it: its verb is unknown there
    with pytest.raises(DslError):
        compile_cards(brooder("Test Brooder").replace("set: core\n", ""), ruleset="pocket")


@pytest.mark.parametrize("ruleset", ["classic", "oceania"])
def test_outside_family_plays_in_random_games(ruleset: str) -> None:
    brooded = 0
    for seed in range(12):
        game = new_game(ruleset, 2, seed, {"extra_card_text": BROODERS})
        chooser = random.Random(seed)
        while not game.is_over:
            pending = game.pending
            assert pending is not None
            action = chooser.choice(pending.options)
            events = game.apply(action)
            brooded += sum(1 for e in events if e.kind == EGG and e.power.startswith("Test Brooder"))
        assert game.score() is not None
    assert brooded > 0


def test_outside_family_lints(tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    good = tmp_path / "brood.cards"
    good.write_text(brooder("Test Brooder"))
    assert main(["cards", "lint", "--ruleset", "classic", str(good)]) == 0
    bad = tmp_path / "bad.cards"
    bad.write_text(brooder("Test Brooder", count=7))
    assert main(["cards", "lint", "--ruleset", "classic", str(bad)]) != 0
    assert "a bird broods 1 to 4 eggs, not 7" in capsys.readouterr().err


@pytest.mark.parametrize(("ruleset", "rule"), [("classic", "classic.powers.optional"), ("oceania", "classic.powers.optional")])
def test_outside_family_asks_a_power_decision(ruleset: str, rule: str) -> None:
    """A family that names no topic of its own asks "power" decisions (``NodeHandler.asks``),
    which every ruleset names: its question is the power's own."""
    game = new_game(ruleset, 2, 1, {"extra_card_text": BROODERS})
    engine = game._engine  # (a look inside, as only this test needs)
    card = game.cards.by_name["Test Brooder 1"].id
    assert engine.describe_power(BroodFrame(0, card, (), 0), BroodNode(2)) == ("power", rule)


def test_outside_family_words_its_own_answers() -> None:
    """A family's own verb is worded by the family (``NodeHandler.wording``): the question of a
    step that offers it and what the answer does."""
    from wingspan_rules.prompts import Asked, describe, speaker
    from wingspan_rules.verdict import Decision

    game = new_game("classic", 2, 1, {"extra_card_text": BROODERS})
    card = game.cards.by_name["Test Brooder 1"]
    talk = speaker(type(game._engine), game.cards)  # (a look inside, as only this test needs)
    frame = BroodFrame(0, card.id, (), 0)
    decision = Decision(0, "power", (Action("brood"),), card.name, "classic.powers.optional", wording=Asked(talk, frame))
    assert decision.prompt.endswith("; let this bird brood?")
    assert describe(Action("brood"), decision, talk) == "lay eggs on Test Brooder 1 by brooding (Test Brooder 1's power)"
