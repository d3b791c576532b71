"""The world parts (``engine.world``): objects a ruleset composes, shared by every game.

Each ruleset's package composes its parts (the birdfeeder, the food supply, the deck and the
tray, the bonus cards, the hand, the mat, the recorder); an extension subclasses only the parts it changes;
a part the ruleset does not have raises when reached; a copy of a game shares its parts; and a
ruleset written outside the package changes one part by subclassing it.
"""

from __future__ import annotations

import random
from typing import ClassVar

import pytest
from scripted import position

from wingspan_rules import Action, Game, ir, new_game
from wingspan_rules.classic.rules import ClassicRules
from wingspan_rules.classic.state import EMPTY
from wingspan_rules.classic.world import ClassicBoard, ClassicDeck
from wingspan_rules.engine import world
from wingspan_rules.engine.rules import Rules, violation
from wingspan_rules.engine.state import Place, PowerFrame
from wingspan_rules.oceania.rules import OceaniaRules
from wingspan_rules.pocket.rules import PocketRules
from wingspan_rules.rulesets import register
from wingspan_rules.verdict import Violation

PARTS = {"feeder": world.Feeder, "supply": world.Supply, "deck": world.Deck, "bonus": world.Bonus, "hand": world.Hand, "board": world.Board, "recorder": world.Recorder}


@pytest.mark.parametrize("rules", [ClassicRules, OceaniaRules, PocketRules])
def test_every_ruleset_composes_its_world_of_parts(rules: type[Rules]) -> None:
    for name, base in PARTS.items():
        part = getattr(rules, name)
        assert isinstance(part, base), (rules.name, name)
        # a part holds no state of its own: no field (compiled, none but the __dict__ mypyc
        # gives a class Python may subclass) and nothing set on it
        assert not getattr(part, "__dict__", None), "a part holds no state of its own"
        assert set(getattr(type(part), "__mypyc_attrs__", ())) <= {"__dict__"}, "a part holds no state of its own"


def test_an_extension_subclasses_only_the_parts_it_changes() -> None:
    changed = {name for name in PARTS if getattr(OceaniaRules, name) is not getattr(ClassicRules, name)}
    assert changed == {"supply", "board"}  # spent nectar kept per row; cubes that stay on their rows
    for name in changed:
        assert isinstance(getattr(OceaniaRules, name), type(getattr(ClassicRules, name)))


def test_a_part_the_ruleset_does_not_have_raises_naming_it() -> None:
    game = new_game("pocket", players=2, seed=1)
    with pytest.raises(NotImplementedError, match="birdfeeder .*'dice'"):
        game.engine.feeder.dice(game.engine)
    with pytest.raises(NotImplementedError, match="bonus deck .*'draw'"):
        game.engine.bonus.draw(game.engine)


def test_a_copy_shares_its_parts() -> None:
    game = new_game("classic", players=2, seed=3)
    clone = game.copy()
    for name in PARTS:
        assert getattr(clone.engine, name) is getattr(game.engine, name)


class _TrayNeverRefilled(ClassicDeck[ClassicRules]):
    """The tray is dealt at setup and never again: a card taken leaves its slot empty."""

    __slots__ = ()

    def refill(self, g: ClassicRules) -> None:
        pass


class EmptyingTrayRules(ClassicRules):
    """Classic Wingspan with one part changed: its deck's tray is never refilled."""

    name: ClassVar[str] = "test-classic-emptying-tray"
    deck = _TrayNeverRefilled()


def test_a_ruleset_outside_the_package_changes_one_part() -> None:
    register(EmptyingTrayRules)
    shown_before = None
    game = new_game("test-classic-emptying-tray", players=2, seed=5)
    assert game.engine.feeder is ClassicRules.feeder  # the other parts are the classic game's
    chooser = random.Random(5)
    while not game.is_over:
        shown = sum(c != EMPTY for c in game.state.tray)
        assert shown_before is None or shown <= shown_before, "the tray was refilled"
        shown_before = shown
        game.apply(chooser.choice(game.legal_actions()))
    assert sum(c != EMPTY for c in game.state.tray) == 0  # the first round's end discarded it


class _NoEggsOnOwls(ClassicBoard[ClassicRules]):
    """A mat whose owls take no eggs, and that says so when one is asked for."""

    __slots__ = ()

    def egg_offers(self, g: ClassicRules, player: int, nest: str | None, exclude: int, skip: list[Place]) -> list[Action]:
        return [a for a in super().egg_offers(g, player, nest, exclude, skip) if "Owl" not in str(a.arg)]

    def refuse_egg(self, g: ClassicRules, f: PowerFrame, node: ir.LayEgg, action: Action) -> list[Violation] | None:
        if action.verb == "egg" and "Owl" in str(action.arg):
            return [violation("classic.lay-eggs.limit", f"{action.arg} is an owl, and owls take no eggs here")]
        return super().refuse_egg(g, f, node, action)


class NoEggsOnOwlsRules(ClassicRules):
    name: ClassVar[str] = "test-classic-no-eggs-on-owls"
    board = _NoEggsOnOwls()


def test_a_family_refuses_in_the_words_of_the_world_part_it_asks() -> None:
    """The lay family asks the mat why an egg is refused (``Board.refuse_egg``): a ruleset's
    mat words it, and a mat written outside the package words it its own way."""
    register(NoEggsOnOwlsRules)
    base = position("classic", [{"forest": ["Barred Owl", "Downy Woodpecker"]}, {}])
    for ruleset, words in (("classic", None), ("test-classic-no-eggs-on-owls", "Barred Owl is an owl, and owls take no eggs here")):
        game = Game(ruleset, base.players, base.seed, base.options, base.cards, base.state.copy())
        game.apply("lay-eggs")
        offered = {str(a) for a in game.legal_actions()}
        assert ("egg Barred Owl" in offered) is (words is None), ruleset
        if words is not None:
            verdict = game.check("egg Barred Owl")
            assert [(v.rule_id, v.message) for v in verdict.violations] == [("classic.lay-eggs.limit", words)]
        verdict = game.check("egg Mallard")  # (not on the mat: the classic mat's words, in both)
        assert [v.message for v in verdict.violations] == ["Mallard is not a bird on your mat"], ruleset
