"""A later ruleset is a small subclass: variants of the classic game written in this file alone.

``NectarRules`` plays 3 turns in every round and adds a sixth food, nectar, to the food table
and to the dice (a seventh face showing nectar).  The card language keeps its five foods: the
shipped deck's costs name none of them as nectar, so nectar only pays an any-food icon or half
of a 2-for-1 payment.  Two more variants change one table each: a round end that leaves the
tray alone, and an egg cost in every column.  Each is registered by name and played through
the public API; the shipped classic ruleset must not notice any of them.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Sequence
from typing import Any, ClassVar

import pytest
from scripted import Script, food_of, hand_names, position, row_names, tray_names

from wingspan_rules import Action, Game, load, new_game
from wingspan_rules.classic.rules import ClassicRules
from wingspan_rules.dsl.vocabulary import CLASSIC
from wingspan_rules.engine import tables
from wingspan_rules.rulesets import known_rulesets, register, ruleset

NECTAR = "nectar"
NECTAR_FOODS: tuple[str, ...] = ClassicRules.foods + (NECTAR,)
# The classic faces, in the same order (so a face index means the same die face in both), and
# one more that shows nectar.
NECTAR_DICE = {"count": ClassicRules.dice.count, "faces": [*ClassicRules.dice.names, NECTAR]}
TURNS = 3


class NectarRules(ClassicRules):
    """Classic Wingspan with short rounds and a sixth food."""

    name: ClassVar[str] = "test-classic-nectar"
    foods: ClassVar[tuple[str, ...]] = NECTAR_FOODS
    dice: ClassVar[tables.Dice] = tables.read_dice(NECTAR_DICE, NECTAR_FOODS)
    turns_per_round: ClassVar[tuple[int, ...]] = (TURNS,) * len(ClassicRules.turns_per_round)


class KeepTrayRules(ClassicRules):
    """Classic Wingspan whose round end leaves the tray's birds where they are."""

    name: ClassVar[str] = "test-classic-keep-tray"
    round_end: ClassVar[tuple[str, ...]] = tuple(s for s in ClassicRules.round_end if s != "clear_tray")


class EggEverywhereRules(ClassicRules):
    """Classic Wingspan where every slot of a row costs one egg, the first included."""

    name: ClassVar[str] = "test-classic-egg-everywhere"
    egg_cost_by_column: ClassVar[tuple[int, ...]] = (1,) * ClassicRules.row_length


for _variant in (NectarRules, KeepTrayRules, EggEverywhereRules):
    register(_variant)


def _nectar_index() -> int:
    return NECTAR_FOODS.index(NECTAR)


# ---- the variant's tables ------------------------------------------------------------------------


def test_the_variant_tables_extend_the_classic_ones() -> None:
    # the card language's foods come first and in their order: the deck's cost masks use it
    assert NectarRules.foods[: len(CLASSIC.foods)] == CLASSIC.foods
    assert len(NectarRules.foods) == len(CLASSIC.foods) + 1
    assert NectarRules.dice.faces[-1] == 1 << _nectar_index()
    assert NectarRules.dice.faces[:-1] == ClassicRules.dice.faces
    # the action space (stable indices for learners) knows the sixth food; the game gets a deck
    # object of its own (see the next test for why)
    game = new_game(NectarRules.name, 2, seed=0, options={"extra_card_text": "# the nectar deck\n"})
    for text in ("take nectar", "pay nectar", "return nectar"):
        assert game.action_from_index(game.action_index(text)) == game.parse_action(text)
    for name in (NectarRules.name, KeepTrayRules.name, EggEverywhereRules.name):
        assert name in known_rulesets()
        assert ruleset(name).name == name


def test_the_action_space_belongs_to_the_ruleset_not_just_the_deck() -> None:
    """Two rulesets playing the same deck object have different action spaces: the nectar
    variant has "take nectar", classic has not.  (Decks of their own here, so that whatever
    this test computes is seen by no other test.)"""
    options = {"extra_card_text": "# a deck shared by classic and the nectar variant\n"}
    classic = new_game("classic", 2, seed=0, options=options)
    nectar = new_game(NectarRules.name, 2, seed=0, options=options)
    assert classic.cards is nectar.cards
    assert "take nectar" not in {str(a) for a in classic.action_space()}
    assert "take nectar" in {str(a) for a in nectar.action_space()}


def test_the_shipped_classic_ruleset_is_unchanged() -> None:
    classic = ruleset("classic")
    assert classic is ClassicRules
    assert classic.foods == CLASSIC.foods and len(classic.foods) == 5
    assert NECTAR not in classic.dice.names
    assert classic.turns_per_round == (8, 7, 6, 5)
    assert "clear_tray" in classic.round_end
    assert classic.egg_cost_by_column[0] == 0
    game = new_game("classic", 2, seed=3)
    assert all(len(seat.food) == 5 for seat in game.state.seats)
    view = game.view(0)  # (every ruleset's seat has a 'spent_nectar' key: None without nectar)
    assert all(seat["spent_nectar"] is None for seat in view["players"])
    assert NECTAR not in json.dumps(view).replace('"spent_nectar"', "")
    assert "take nectar" not in {str(a) for a in game.action_space()}


def test_a_registered_name_cannot_be_taken_twice() -> None:
    class Other(ClassicRules):
        name: ClassVar[str] = NectarRules.name

    with pytest.raises(ValueError):
        register(Other)
    with pytest.raises(ValueError):
        register(type("Shadow", (ClassicRules,), {"name": "classic"}))
    assert register(NectarRules) is NectarRules  # the same class again is fine


# ---- random games of the nectar variant --------------------------------------------------------


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3), (5, 4), (2, 5), (3, 6)])
def test_nectar_games_play_to_the_end(players: int, seed: int) -> None:
    """Random legal actions to the end: 3 action decisions per player in every round, six
    foods held, nectar taken from the feeder and shown in views, and a save taken half-way
    plays on exactly like the game it came from."""
    game = new_game(NectarRules.name, players, seed=seed)
    pick = random.Random(seed)
    actions_per_round: Counter[tuple[int, int]] = Counter()
    taken_nectar = 0
    nectar_seen_in_feeder = False
    copy: Game | None = None
    steps = 0
    while not game.is_over:
        pending = game.pending
        assert pending is not None
        if pending.kind == "action":
            actions_per_round[game.state.round, pending.player] += 1
        if steps == 40:
            copy = load(game.to_json())
            assert copy.ruleset == NectarRules.name
            assert copy.to_json() == game.to_json()
        if steps % 7 == 0:
            for p in range(players):
                view = game.view(p)
                json.dumps(view)
                assert list(view["players"][p]["food"]) == list(NECTAR_FOODS)
                nectar_seen_in_feeder |= NECTAR in view["feeder"]
        action = pick.choice(game.legal_actions())
        before = game.state.seats[pending.player].food[_nectar_index()]
        game.apply(action)
        if copy is not None:
            copy.apply(action)
        if action == Action("take", NECTAR):
            taken_nectar += 1
            assert game.state.seats[pending.player].food[_nectar_index()] == before + 1
        steps += 1
        assert steps < 3000
    rounds = len(NectarRules.turns_per_round)
    assert actions_per_round == {(r, p): TURNS for r in range(rounds) for p in range(players)}
    assert all(len(seat.food) == len(NECTAR_FOODS) for seat in game.state.seats)
    assert all(len(b.cached) == len(NECTAR_FOODS) for seat in game.state.seats for row in seat.rows for b in row)
    assert copy is not None and copy.to_json() == game.to_json()
    again = load(game.to_json())
    assert again.is_over and again.score() == game.score()
    if seed in (1, 2):  # these games take nectar from the feeder (checked, so they stay useful)
        assert taken_nectar and nectar_seen_in_feeder


def test_some_nectar_game_takes_nectar() -> None:
    taken = 0
    for seed in range(4):
        game = new_game(NectarRules.name, 2, seed=seed)
        pick = random.Random(seed)
        while not game.is_over:
            action = pick.choice(game.legal_actions())
            taken += action == Action("take", NECTAR)
            game.apply(action)
    assert taken > 0


# ---- scripted nectar positions -------------------------------------------------------------------


def nectar_position(players: Sequence[dict[str, Any]], *, nectar: Sequence[int], feeder: Sequence[str] = (), **kw: Any) -> Game:
    """A classic scripted position (``scripted.position("classic", ...)``) moved to the nectar variant:
    each player holds ``nectar[i]`` nectar besides the food given, and the feeder shows the
    named faces (nectar included)."""
    base = position("classic", players, **kw)
    state = base.state.copy()
    for seat, count in zip(state.seats, nectar, strict=True):
        seat.food.append(count)
        for row in seat.rows:
            for bird in row:
                bird.cached.append(0)
    if feeder:
        state.feeder = [NectarRules.dice.names.index(face) for face in feeder]
    return Game(NectarRules.name, base.players, base.seed, base.options, base.cards, state)


def nectar_held(game: Game, player: int) -> int:
    return int(game.state.seats[player].food[_nectar_index()])


def test_nectar_is_taken_from_the_feeder() -> None:
    game = nectar_position([{}, {}], nectar=[0, 0], feeder=[NECTAR, "seed", "fish"])
    assert game.view(0)["feeder"] == sorted([NECTAR, "seed", "fish"])
    game.apply("gain-food")
    assert {"take nectar", "take seed", "take fish"} <= {str(a) for a in game.legal_actions()}
    game.apply("take nectar")
    assert nectar_held(game, 0) == 1
    assert game.view(0)["players"][0]["food"][NECTAR] == 1
    assert game.view(1)["players"][0]["food"][NECTAR] == 1  # food is public
    assert sorted(game.view(0)["feeder"]) == ["fish", "seed"]
    again = load(game.to_json())
    assert again.to_json() == game.to_json() and nectar_held(again, 0) == 1


def test_nectar_pays_an_any_food_icon() -> None:
    # American Crow costs the any-food icon; nectar is the only food held
    game = nectar_position([{"hand": ["American Crow"]}, {}], nectar=[1, 0])
    assert "play-forest American Crow" in {str(a) for a in game.legal_actions()}
    forced: list[tuple[int, Action]] = []
    game.apply("play-forest American Crow", forced)
    # the only food held is the only payment: the game takes it on its own
    assert (0, Action("pay", NECTAR)) in forced
    assert row_names(game, 0, "forest") == ["American Crow"]
    assert nectar_held(game, 0) == 0


def test_two_nectar_pay_for_one_food_and_one_does_not() -> None:
    # Barred Owl costs one rodent: two nectar pay it 2 for 1, a single nectar cannot
    two = nectar_position([{"hand": ["Barred Owl"]}, {}], nectar=[2, 0])
    assert "play-forest Barred Owl" in {str(a) for a in two.legal_actions()}
    forced: list[tuple[int, Action]] = []
    two.apply("play-forest Barred Owl", forced)
    assert [a for _, a in forced].count(Action("pay", NECTAR)) == 2
    assert row_names(two, 0, "forest") == ["Barred Owl"]
    assert nectar_held(two, 0) == 0

    one = nectar_position([{"hand": ["Barred Owl"]}, {}], nectar=[1, 0])
    assert "play-forest Barred Owl" not in {str(a) for a in one.legal_actions()}
    verdict = one.check("play-forest Barred Owl")
    assert not verdict.legal
    assert [v.rule_id for v in verdict.violations] == ["classic.play-bird.cost"]

    # nectar is not rodent: a rodent and a nectar still pay the rodent (the nectar left over)
    mixed = nectar_position([{"hand": ["Barred Owl"], "food": {"rodent": 1}}, {}], nectar=[1, 0])
    mixed.apply("play-forest Barred Owl")
    assert {str(a) for a in mixed.legal_actions()} == {"pay rodent", "pay nectar"}


def test_a_nectar_position_saves_and_loads() -> None:
    game = nectar_position([{"hand": ["Barred Owl"], "food": {"seed": 1}}, {}], nectar=[2, 1], feeder=[NECTAR, NECTAR, "fish"])
    text = game.to_json()
    again = load(text)
    assert again.ruleset == NectarRules.name and again.to_json() == text
    assert food_of(again, 0) == {"seed": 1, NECTAR: 2}  # the helper reads the ruleset's six foods
    assert nectar_held(again, 0) == 2 and nectar_held(again, 1) == 1
    assert again.legal_actions() == game.legal_actions()


# ---- the other tables ----------------------------------------------------------------------------


def _last_turn_of_round_one(ruleset_name: str) -> Game:
    """Player 1's last turn of round 1 (player 0 has played all of theirs), a known tray and deck."""
    base = position("classic",
        [{"cubes_used": ClassicRules.turns_per_round[0]}, {"cubes_used": ClassicRules.turns_per_round[0] - 1}],
        tray=["Barred Owl", "Mallard", "Bushtit"],
        deck=["American Crow", "Acorn Woodpecker", "Barn Owl"],
        current=1,
    )
    return Game(ruleset_name, base.players, base.seed, base.options, base.cards, base.state.copy())


def test_a_round_end_without_clearing_keeps_the_tray() -> None:
    for name, tray_after in (
        ("classic", ["Barn Owl", "Acorn Woodpecker", "American Crow"]),  # cleared, refilled from the deck
        (KeepTrayRules.name, ["Barred Owl", "Mallard", "Bushtit"]),
    ):
        game = _last_turn_of_round_one(name)
        game.apply("lay-eggs")  # no bird to lay on: the turn, and the round, end
        assert game.state.round == 1, name
        assert tray_names(game) == tray_after, name
        assert game.pending is not None and game.pending.kind == "action"


def test_an_egg_cost_in_every_column_takes_effect() -> None:
    def start(name: str, eggs: int) -> Game:
        base = position("classic", [{"hand": ["Barred Owl"], "food": {"rodent": 1}, "wetland": [("Mallard", eggs)]}, {}])
        return Game(name, base.players, base.seed, base.options, base.cards, base.state.copy())

    assert "play-forest Barred Owl" in {str(a) for a in start("classic", 0).legal_actions()}
    poor = start(EggEverywhereRules.name, 0)
    assert "play-forest Barred Owl" not in {str(a) for a in poor.legal_actions()}
    verdict = poor.check("play-forest Barred Owl")
    assert [v.rule_id for v in verdict.violations] == ["classic.play-bird.egg-cost"]
    assert "costs 1 egg" in verdict.violations[0].message
    rich = start(EggEverywhereRules.name, 1)
    Script(rich).play(["play-forest Barred Owl"])  # the rodent and the egg are the only answers
    assert row_names(rich, 0, "forest") == ["Barred Owl"]
    assert rich.state.seats[0].rows[2][0].eggs == 0
    assert food_of(rich, 0) == {} and hand_names(rich, 0) == []
