"""Per-rule tests for the Oceania expansion (seed 003).

Each test is named after the catalog id it exercises (``oceania.mat.reset`` ->
``test_oceania_mat_reset``).  The Oceania mats are tried in a classic game (option
``oceania_mats``, which 003 allows); positions are built by hand from bird names
(tests/scripted.py) and played with strict scripts.
"""

from __future__ import annotations

import json
import random

import pytest
from scripted import (
    FOREST5,
    GRASS5,
    SEEDS5,
    WET5,
    Script,
    bonus_names,
    deck_names,
    discard_names,
    eggs_of,
    feeder_faces,
    food_of,
    hand_names,
    options,
    position,
    rolled,
    row_names,
    rule_ids,
    total_eggs,
    tray_names,
    tucked_of,
)

from wingspan_rules import StateError, load, new_game

MATS = {"oceania_mats": True}


def _mat_game(players: list[dict[str, object]], **kw: object) -> object:
    return position("classic", players, options=dict(MATS), rest="deck", **kw)  # type: ignore[arg-type]


# ---- setup ------------------------------------------------------------------------------------


def test_oceania_setup_mats():
    # a classic game takes the Oceania mats on their own: random games run to the end
    for seed in range(6):
        game = new_game("classic", 2 + seed % 4, seed, dict(MATS))
        chooser = random.Random(seed)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions()))
        assert sum(p.total for p in game.score().players) > 0
    # the option is reported in the rules and checked like every option
    with pytest.raises(ValueError, match="oceania_mats"):
        new_game("classic", 2, 0, {"oceania_mats": "yes"})
    # the base mats stay the default: the 1st forest space gives one die and trades nothing
    game = position("classic", [{"hand": ["Mallard"]}, {}], feeder=SEEDS5, rest="deck")
    game.apply("gain-food")
    assert game.pending.kind == "feeder"


# ---- the mat -------------------------------------------------------------------------------------


@pytest.mark.parametrize("column", range(6))
def test_oceania_mat_amounts(column):
    forest, grass, wet = (1, 2, 2, 2, 3, 4)[column], (1, 2, 2, 2, 3, 4)[column], (1, 2, 2, 2, 3, 4)[column]
    # forest: that many dice (every trade and reset declined)
    game = _mat_game([{"forest": FOREST5[:column], "hand": ["Mallard"], "food": {"fish": 1}}, {}], feeder=SEEDS5)
    game.apply("gain-food")
    while game.pending.kind in ("conversion", "reset"):
        game.apply("skip")
    Script(game).play(["take seed"] * forest)
    assert food_of(game, 0) == {"seed": forest, "fish": 1}
    # grassland: that many eggs
    game = _mat_game([{"grassland": GRASS5[:column], "forest": ["Wild Turkey"]}, {}])
    Script(game).play(["lay-eggs"] + ["egg Wild Turkey"] * grass)
    assert total_eggs(game, 0) == grass
    # wetland: that many cards
    game = _mat_game([{"wetland": WET5[:column]}, {}])
    top = list(reversed(deck_names(game)))[:wet]
    Script(game).play(["draw-cards"] + ["take-deck"] * wet)
    assert hand_names(game, 0) == sorted(top)


def test_oceania_mat_trades():
    # forest, 1st space: a card for one more die
    game = _mat_game([{"hand": ["Mallard", "Killdeer"]}, {}], feeder=SEEDS5)
    game.apply("gain-food")
    assert game.pending.kind == "conversion" and options(game) == ["discard Mallard", "discard Killdeer", "skip"]
    # (the decision and its refusals cite the Oceania mat's trades, not the base mat's)
    assert game.pending.rule == "oceania.mat.trades"
    refused = game.check("pay seed").violations
    assert [(v.rule_id, v.message) for v in refused] == [("oceania.mat.trades", "this space trades a card for a food ('discard ...')")]
    Script(game).play(["discard Mallard", "take seed", "take seed"])
    assert food_of(game, 0) == {"seed": 2} and hand_names(game, 0) == ["Killdeer"]
    # grassland, 1st space: a card or a food for one more egg
    game = _mat_game([{"forest": ["Wild Turkey"], "hand": ["Mallard"], "food": {"fish": 1}}, {}])
    game.apply("lay-eggs")
    assert options(game) == ["discard Mallard", "pay fish", "skip"]
    Script(game).play(["pay fish", "egg Wild Turkey", "egg Wild Turkey"])
    assert eggs_of(game, 0, "Wild Turkey") == 2 and food_of(game, 0) == {}
    # grassland, 4th space: the trade may be made twice, paying with different things
    game = _mat_game([{"grassland": GRASS5[:3], "forest": ["Wild Turkey"], "hand": ["Mallard"], "food": {"fish": 1}}, {}])
    game.apply("lay-eggs")
    game.apply("discard Mallard")
    assert game.pending.kind == "conversion" and options(game) == ["pay fish", "skip"]
    Script(game).play(["pay fish"] + ["egg Wild Turkey"] * 4)
    assert eggs_of(game, 0, "Wild Turkey") == 4 and food_of(game, 0) == {} and hand_names(game, 0) == []
    # ... but no more than twice
    game = _mat_game([{"grassland": GRASS5[:3], "forest": ["Wild Turkey"], "food": {"fish": 3}}, {}])
    Script(game).play(["lay-eggs", "pay fish", "pay fish"] + ["egg Wild Turkey"] * 4)
    assert food_of(game, 0) == {"fish": 1}
    # wetland, 1st space: an egg for one more card (a classic game has no nectar to give)
    game = _mat_game([{"forest": [("Wild Turkey", 1)], "food": {"seed": 2}}, {}])
    top = list(reversed(deck_names(game)))[:2]
    game.apply("draw-cards")
    assert options(game) == ["discard-egg Wild Turkey", "skip"]
    Script(game).play(["discard-egg Wild Turkey", "take-deck", "take-deck"])
    assert hand_names(game, 0) == sorted(top) and eggs_of(game, 0, "Wild Turkey") == 0
    # the 2nd and 6th spaces trade nothing, and a trade asked for there is refused with the
    # spaces of this mat that do trade
    for column in (1, 5):
        game = _mat_game([{"grassland": GRASS5[:column], "forest": ["Wild Turkey"], "hand": ["Mallard"]}, {}])
        game.apply("lay-eggs")
        assert game.pending.kind == "lay-eggs"
        refused = game.check("discard Mallard").violations
        assert [(v.rule_id, v.message) for v in refused] == [
            ("oceania.mat.trades", "this space of the grassland row has no trade (only its 1st, 3rd, 4th and 5th spaces do)")
        ]


def test_oceania_mat_reset():
    # forest, 2nd space: pay any food to reroll the whole feeder before taking from it
    game = _mat_game([{"forest": FOREST5[:1], "food": {"fish": 1, "rodent": 1}}, {}], feeder=["seed", "seed"])
    game.apply("gain-food")
    assert game.pending.kind == "conversion"
    assert options(game) == ["reset-feeder fish", "reset-feeder rodent", "skip"]
    assert game.pending.rule == "oceania.mat.reset"
    new_faces = rolled(game.state.rng, 5)
    game.apply("reset-feeder rodent")
    assert feeder_faces(game) == sorted(new_faces) and food_of(game, 0) == {"fish": 1}
    assert game.pending.kind == "feeder"  # no trade on this space: the dice come next
    assert rule_ids(game.check("reset-feeder fish")) == ["oceania.mat.order"]  # once, and first
    # wetland, 2nd space: pay any food to discard the tray and deal it anew
    game = _mat_game([{"wetland": WET5[:1], "food": {"seed": 1}}, {}], tray=["Mallard", "Killdeer", "Wood Duck"])
    top = list(reversed(deck_names(game)))
    game.apply("draw-cards")
    assert options(game) == ["reset-tray seed", "skip"]
    game.apply("reset-tray seed")
    assert tray_names(game) == top[:3] and discard_names(game)[-3:] == ["Mallard", "Killdeer", "Wood Duck"]
    assert food_of(game, 0) == {}
    Script(game).play(["take-deck", "take-deck"])
    assert hand_names(game, 0) == sorted(top[3:5])
    # declining keeps the feeder and the food; with no food the reset is not offered at all
    game = _mat_game([{"forest": FOREST5[:1], "food": {"fish": 1}}, {}], feeder=SEEDS5)
    Script(game).play(["gain-food", "skip", "take seed", "take seed"])
    assert food_of(game, 0) == {"fish": 1, "seed": 2}
    game = _mat_game([{"forest": FOREST5[:1]}, {}], feeder=SEEDS5)
    game.apply("gain-food")
    assert game.pending.kind == "feeder"
    assert rule_ids(game.check("reset-feeder seed")) == ["oceania.mat.reset"]
    # a space without a reset says so
    game = _mat_game([{"food": {"fish": 1}, "hand": ["Mallard"]}, {}], feeder=SEEDS5)
    game.apply("gain-food")
    assert rule_ids(game.check("reset-feeder fish")) == ["oceania.mat.reset"]
    # the base mats have no reset: the action is not even a form of the game
    game = position("classic", [{"forest": FOREST5[:1], "food": {"fish": 1}}, {}], feeder=SEEDS5, rest="deck")
    game.apply("gain-food")
    with pytest.raises(ValueError):
        game.check("reset-feeder fish")


def test_oceania_mat_order():
    # forest, 4th space: the reset is asked first, then the trade, then the dice
    game = _mat_game([{"forest": FOREST5[:3], "hand": ["Mallard"], "food": {"fish": 1}}, {}], feeder=SEEDS5)
    game.apply("gain-food")
    assert options(game) == ["reset-feeder fish", "skip"]
    assert rule_ids(game.check("discard Mallard")) == ["oceania.mat.order"]
    new_faces = rolled(game.state.rng, 5)
    game.apply("reset-feeder fish")
    assert options(game) == ["discard Mallard", "skip"]
    game.apply("discard Mallard")
    assert game.pending.kind == "feeder" and feeder_faces(game) == sorted(new_faces)
    # a saved game in the middle of the space reads back to the same question
    game = _mat_game([{"forest": FOREST5[:3], "hand": ["Mallard"], "food": {"fish": 1}}, {}], feeder=SEEDS5)
    game.apply("gain-food")
    game.apply("skip")
    again = load(game.to_json())
    assert options(again) == options(game) == ["discard Mallard", "skip"]
    assert again.options["oceania_mats"] is True


def test_oceania_variant_grassland_row():
    amounts = (1, 2, 3, 3, 3, 4)
    for column, amount in enumerate(amounts):
        game = position("classic",
            [{"grassland": GRASS5[:column], "forest": ["Wild Turkey", "Hooded Warbler"]}, {}],
            options={"oceania_mats": True, "grassland_row": "alternative"},
            rest="deck",
        )
        game.apply("lay-eggs")
        while game.pending.kind == "conversion":
            game.apply("skip")
        placed = 0  # eggs are offered until the space's amount is laid, and no further
        while game.pending.kind == "lay-eggs" and game.pending.player == 0:
            game.apply(next(o for o in options(game) if o.startswith("egg ")))
            placed += 1
        assert placed == amount and total_eggs(game, 0) == amount
    with pytest.raises(ValueError, match="needs 'oceania_mats'"):
        new_game("classic", 2, 0, {"grassland_row": "alternative"})


# ---- the Oceania ruleset: nectar, dice, rounds ----------------------------------------------------

from scripted import finish_turn, last_turn, lay_all  # noqa: E402

from wingspan_rules import Game  # noqa: E402
from wingspan_rules.oceania.rules import OceaniaRules, majority  # noqa: E402

NECTAR = OceaniaRules.nectar


def test_oceania_setup_nectar():
    game = new_game("oceania", 3, 4)
    assert all(seat.food == [1, 1, 1, 1, 1, 0] for seat in game.state.seats)
    first = game.pending.player
    # nectar cannot be given back for a kept bird: it comes after the choice
    game.apply(options(game)[0])  # keep a bird
    game.apply("done")
    assert "return nectar" not in options(game)
    game.apply(options(game)[0])  # give back a food
    game.apply(options(game)[-1] if options(game)[-1] == "done" else options(game)[0])
    while game.pending.player == first and game.pending.kind == "setup":
        game.apply(options(game)[0])
    assert game.state.seats[first].food[NECTAR] == 1
    assert all(seat.food[NECTAR] == 0 for p, seat in enumerate(game.state.seats) if p != first)


def test_oceania_setup_cubes_stay():
    game = position("oceania", [{"forest": FOREST5[:1], "hand": ["Mallard"], "food": {"seed": 1}}, {}])
    game.apply("lay-eggs")
    assert game.state.seats[0].cubes == [0, 0, 1, 0]
    assert game.view(0)["players"][0]["cubes"] == {"play-bird": 0, "forest": 0, "grassland": 1, "wetland": 0}
    # the cubes come off at the end of the round, with the rest of the round-end steps
    game = position("oceania", [{"cubes_used": 7}, {"cubes_used": 8}], current=0)
    game.state.seats[0].cubes = [0, 7, 0, 0]
    game.state.seats[1].cubes = [8, 0, 0, 0]
    Script(game).play(["gain-food"] + ["take invertebrate"])
    assert [s.cubes for s in game.state.seats] == [[0, 0, 0, 0], [0, 0, 0, 0]] and game.state.round == 1


def test_oceania_dice_faces():
    assert OceaniaRules.dice.names == ("invertebrate", "fish", "rodent", "invertebrate/seed", "nectar/seed", "nectar/fruit")
    game = position("oceania", [{}, {}], feeder=["nectar/seed", "nectar/fruit", "fish"])
    game.apply("gain-food")
    # a split die gives either of its foods, never both; nectar is one of them
    assert options(game) == ["take seed", "take fish", "take fruit", "take nectar", "stop"]
    game.apply("take nectar")
    assert food_of(game, 0) == {"nectar": 1} and len(game.state.feeder) == 2


def test_oceania_nectar_food():
    # Blue Jay's power gains a seed from the feeder: the nectar half of a die is not seed
    game = position("oceania", [{"forest": ["Blue Jay"]}, {}], feeder=["nectar/fruit", "nectar/fruit", "fish", "rodent"])
    Script(game).play(["gain-food", "take fish", "take fruit"])  # and the power is passed over
    assert food_of(game, 0) == {"fish": 1, "fruit": 1} and game.state.current == 1
    # with a seed showing, the power takes it (the seed half of a split die)
    game = position("oceania", [{"forest": ["Blue Jay"]}, {}], feeder=["nectar/fruit", "nectar/seed", "fish"])
    game.apply("gain-food")
    Script(game).play(["take fish", "take fruit", "use", "take seed", "keep-food"])
    assert food_of(game, 0) == {"fish": 1, "fruit": 1, "seed": 1}


def test_oceania_nectar_wild():
    # Blue Jay costs seed + any: nectar pays either icon, so two nectar pay it all
    game = position("oceania", [{"hand": ["Blue Jay"]}, {}], nectar=[2, 0])
    assert "play-forest Blue Jay" in options(game)
    game.apply("play-forest Blue Jay")  # (each payment step has one option: taken at once)
    assert row_names_of(game, "forest") == ["Blue Jay"] and food_of(game, 0) == {}
    # a mat reset takes nectar as its "any food"
    game = position("oceania", [{"forest": FOREST5[:1]}, {}], nectar=[1, 0])
    game.apply("gain-food")
    assert options(game) == ["reset-feeder nectar", "skip"]


def row_names_of(game: Game, habitat: str) -> list[str]:
    h = OceaniaRules.habitats.index(habitat)
    return [game.cards.cards[b.card].name for b in game.state.seats[0].rows[h]]


def test_oceania_nectar_no_trade_away():
    # Mallard costs invertebrate / seed, one icon: two fish may pay it, 2 for 1 ...
    game = position("oceania", [{"hand": ["Mallard"], "food": {"fish": 2}}, {}])
    assert "play-wetland Mallard" in options(game)
    # ... but not a fish and a nectar, nor two nectar: nectar pays one icon, by itself
    game = position("oceania", [{"hand": ["Mallard"], "food": {"fish": 1}}, {}], nectar=[1, 0])
    game.apply("play-wetland Mallard")  # the nectar alone is the only way: taken at once
    assert food_of(game, 0) == {"fish": 1} and row_names_of(game, "wetland") == ["Mallard"]
    game = position("oceania", [{"hand": ["Mallard"]}, {}], nectar=[2, 0])
    game.apply("play-wetland Mallard")
    assert food_of(game, 0) == {"nectar": 1}  # one nectar paid the icon; the second was not taken
    game = position("oceania", [{"hand": ["Mallard"], "food": {"fish": 1}}, {}])
    assert "play-wetland Mallard" not in options(game)
    # Blue Jay (seed + any) with a fish and a nectar: the fish pays 'any', the nectar 'seed'
    game = position("oceania", [{"hand": ["Blue Jay"], "food": {"fish": 1, "rodent": 1}}, {}], nectar=[1, 0])
    game.apply("play-forest Blue Jay")
    assert options(game) == ["pay fish", "pay rodent", "pay nectar"]
    game.apply("pay fish")
    assert options(game) == ["pay rodent", "pay nectar"]
    game.apply("pay rodent")  # fish + rodent: a pair for one icon; the nectar pays the other
    assert options(game) == ["pay nectar"] or row_names_of(game, "forest") == ["Blue Jay"]


def test_oceania_nectar_spent():
    # a bird's cost: onto the row the bird goes to
    game = position("oceania", [{"hand": ["Blue Jay"], "food": {"seed": 1}}, {}], nectar=[1, 0])
    game.apply("play-forest Blue Jay")
    game.apply("pay seed")  # the nectar then pays the other icon at once
    assert game.state.seats[0].spent_nectar == [1, 0, 0] and row_names_of(game, "forest") == ["Blue Jay"]
    # a mat trade or reset: onto the row of the action
    game = position("oceania", [{"wetland": WET5[:1]}, {}], nectar=[1, 0], tray=["Mallard", "Killdeer", "Wood Duck"])
    game.apply("draw-cards")
    assert options(game) == ["reset-tray nectar", "skip"]
    game.apply("reset-tray nectar")
    assert game.state.seats[0].spent_nectar == [0, 0, 1] and game.state.seats[0].food[NECTAR] == 0
    game = position("oceania", [{}, {}], nectar=[1, 0])
    game.apply("draw-cards")
    assert options(game) == ["pay nectar", "skip"]  # the wetland trade takes an egg or a nectar
    game.apply("pay nectar")
    assert game.state.seats[0].spent_nectar == [0, 0, 1]


def test_oceania_nectar_spoil():
    game = position("oceania", [{"cubes_used": 7, "food": {"seed": 1}}, {"cubes_used": 8}], nectar=[2, 3], spent=[[1, 0, 0], [0, 0, 2]])
    game.state.seats[0].cubes = [0, 7, 0, 0]
    game.state.seats[1].cubes = [8, 0, 0, 0]
    Script(game).play(["gain-food", "take invertebrate"])
    assert [s.food[NECTAR] for s in game.state.seats] == [0, 0]
    assert [s.spent_nectar for s in game.state.seats] == [[1, 0, 0], [0, 0, 2]]  # spent nectar stays
    assert game.state.seats[0].food[1] == 1  # other food stays


def test_oceania_nectar_majority():
    assert majority([3, 1, 0], (5, 2)) == [5, 2, 0]
    assert majority([2, 2, 1], (5, 2)) == [3, 3, 0]  # a tie for most uses up second place
    assert majority([4, 1, 1], (5, 2)) == [5, 1, 1]  # a tie for second shares 2
    assert majority([2, 2, 2], (5, 2)) == [2, 2, 2]  # 7 // 3
    assert majority([0, 0, 0], (5, 2)) == [0, 0, 0]  # at least 1 nectar to score
    assert majority([1, 0], (5, 2)) == [5, 0]


def test_oceania_variant_nectar_ties():
    assert majority([2, 2, 1], (5, 2), use_places=False) == [3, 3, 2]
    assert majority([2, 2, 1], (5, 2), use_places=True) == [3, 3, 0]
    game = position("oceania", [{}, {}, {}], spent=[[2, 0, 0], [2, 0, 0], [1, 0, 0]], options={"nectar_ties": "next-place"})
    assert [p.nectar for p in game.score().players] == [3, 3, 2]


def test_oceania_score_nectar():
    game = position("oceania", [{}, {}], spent=[[3, 1, 0], [1, 1, 0]])
    sheet = game.score()
    assert [p.nectar for p in sheet.players] == [5 + 3, 2 + 3]
    assert sheet.players[0].total == sheet.players[0].nectar + sheet.players[0].birds
    assert "nectar" in str(sheet)


def test_oceania_round_end_order():
    # the last turn of round 1: nectar is discarded before the goal is scored
    assert OceaniaRules.round_end[:2] == ("spoil_nectar", "score_goal")
    game = position("oceania", [{"cubes_used": 7}, {"cubes_used": 8}], nectar=[1, 1], tray=["Mallard", "Killdeer", None])
    game.state.seats[0].cubes = [0, 7, 0, 0]
    game.state.seats[1].cubes = [8, 0, 0, 0]
    first = game.state.first
    Script(game).play(["gain-food", "take invertebrate"])
    st = game.state
    assert st.round == 1 and st.first == (first + 1) % 2 and len(st.goal_points) == 1
    assert None not in tray_names(game) and "Mallard" not in tray_names(game)  # dealt anew
    assert all(s.food[NECTAR] == 0 and s.cubes_used == 0 for s in st.seats)


def test_oceania_games_play_to_the_end_and_save_anywhere():
    for seed in range(8):
        game = new_game("oceania", 2 + seed % 4, seed)
        chooser = random.Random(seed)
        k = 0
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions()))
            k += 1
            if k % 41 == 0:
                again = load(game.to_json())
                assert again.to_json() == game.to_json() and again.legal_actions() == game.legal_actions()
                game = again
        seats = game.state.seats
        assert all(s.food[NECTAR] == 0 for s in seats)  # spoiled at the end of round 4
        assert sum(p.nectar for p in game.score().players) == sum(
            sum(majority([s.spent_nectar[h] for s in seats], (5, 2))) for h in range(3)
        )


# ---- flightless birds and game-end powers --------------------------------------------------------

from wingspan_rules.dsl.vocabulary import OCEANIA  # noqa: E402
from wingspan_rules.filters import bird_passes  # noqa: E402

# Test birds in the card language (the published Oceania birds are not written yet).
TEST_BIRDS = """
bird "Test Kiwi" {
  habitats: forest
  cost: invertebrate
  points: 2
  nest: ground
  egg_limit: 2
  wingspan: flightless
}
bird "Test Mound-Builder" {
  habitats: grassland
  cost: seed
  points: 1
  nest: ground
  egg_limit: 4
  wingspan: 60
  power yellow: lay egg on each bird with ground nest
}
bird "Test Hoarder" {
  habitats: forest
  cost: seed
  points: 1
  nest: bowl
  egg_limit: 3
  wingspan: 30
  power yellow: lay egg on this bird
}
bird "Test Owl" {
  habitats: forest
  cost: rodent
  points: 4
  nest: cavity
  egg_limit: 2
  wingspan: 90
  power brown: hunt wingspan < 50
}
"""


def test_oceania_flightless():
    from wingspan_rules.cards import compile_sources
    from wingspan_rules.ir import BirdTest

    cards = compile_sources([("t.wsp", TEST_BIRDS)], OCEANIA)
    kiwi = cards.by_name["Test Kiwi"]
    assert kiwi.wingspan is None and "wingspan: flightless" in kiwi.dsl and "flightless" in kiwi.english
    # wild for every wingspan condition, even two opposite ones
    assert bird_passes(kiwi, BirdTest(compares=(("wingspan", "<", 30),)))
    assert bird_passes(kiwi, BirdTest(compares=(("wingspan", ">", 100),)))
    assert not bird_passes(cards.by_name["Test Owl"], BirdTest(compares=(("wingspan", "<", 30),)))
    # a predator's hunt always succeeds on a flightless bird
    game = position("oceania", [{"forest": ["Test Owl"]}, {}], deck=["Test Kiwi"], feeder=["fish", "fish", "rodent", "invertebrate", "fish"],
                            extra_cards=TEST_BIRDS)
    Script(game).play(["gain-food", "take fish", "take rodent", "use"])
    host = game.state.seats[0].rows[0][0]
    assert [game.cards.cards[c].name for c in host.tucked] == ["Test Kiwi"]
    # the classic card language has no flightless birds
    from wingspan_rules import DslError
    from wingspan_rules.dsl.vocabulary import CLASSIC

    with pytest.raises(DslError, match="no flightless birds"):
        compile_sources([("t.wsp", TEST_BIRDS)], CLASSIC)


def _last_turn(players: list[dict[str, object]], **kw: object) -> Game:
    """Round 4, the last turn of the game, with the test birds in the deck."""
    return last_turn(players, extra_cards=TEST_BIRDS, **kw)


def test_oceania_game_end_powers():
    game = _last_turn([{"grassland": ["Test Mound-Builder"], "forest": ["Test Hoarder", "Test Kiwi"]}, {"forest": ["Wild Turkey"]}])
    finish_turn(game)
    # after round 4's end steps, player 0 (the first player) orders their own game-end powers
    assert game.state.round == 4 and not game.state.over
    assert game.pending.kind == "game-end" and game.pending.rule == "oceania.game-end.powers"
    assert options(game) == ["game-end Test Hoarder", "game-end Test Mound-Builder", "done"]
    game.apply("game-end Test Hoarder")
    assert eggs_of(game, 0, "Test Hoarder") == 1
    assert rule_ids(game.check("game-end Test Hoarder")) == ["oceania.game-end.powers"]  # once each
    game.apply("game-end Test Mound-Builder")  # a ground nest each: the mound-builder and the kiwi
    lay_all(game)
    assert eggs_of(game, 0, "Test Mound-Builder") == 1 and eggs_of(game, 0, "Test Kiwi") == 1
    # player 1 has no game-end power: nothing is asked, and the game is over
    assert game.is_over and game.state.over and game.pending is None
    assert load(game.to_json()).to_json() == game.to_json()


def test_oceania_game_end_after_goal():
    # the round-4 goal counts eggs before the game-end powers lay theirs
    game = _last_turn([{"grassland": ["Test Mound-Builder"]}, {}], goals=("Birds in forest", "Birds in wetland", "Total birds", "Eggs in grassland"))
    finish_turn(game)
    assert game.state.goal_points[3] == [0, 0]  # no egg in the grassland when the goal was scored
    assert options(game) == ["game-end Test Mound-Builder", "done"]
    game.apply("game-end Test Mound-Builder")
    lay_all(game)
    assert eggs_of(game, 0, "Test Mound-Builder") == 1 and game.state.goal_points[3] == [0, 0]
    # declining ("done") ends that player's game-end powers; a saved game in the middle reads back
    game = _last_turn([{"grassland": ["Test Mound-Builder"]}, {"forest": ["Test Hoarder"]}])
    finish_turn(game)
    again = load(game.to_json())
    assert options(again) == options(game)
    game.apply("done")
    assert game.pending.player == 1 and options(game) == ["game-end Test Hoarder", "done"]
    game.apply("done")
    assert game.is_over and eggs_of(game, 0, "Test Mound-Builder") == 0


def test_oceania_variant_game_end_order():
    players = [{"forest": ["Test Hoarder"]}, {"grassland": ["Test Mound-Builder"]}]
    game = _last_turn(players)
    finish_turn(game)
    assert game.pending.player == 0
    game.apply("done")
    assert game.pending.player == 1
    # three players, counterclockwise from the first player (player 1): 1, then 0, then 2
    three = [{"forest": ["Test Hoarder"], "cubes_used": 4}, {"grassland": ["Test Mound-Builder"], "cubes_used": 5},
             {"forest": ["Test Owl"], "cubes_used": 5}]
    game = position("oceania", three, round=3, goal_points=[[0, 0, 0]] * 3, extra_cards=TEST_BIRDS,
                            options={"game_end_order": "counterclockwise"}, first=1, current=0)
    for seat in game.state.seats:
        seat.cubes = [0, seat.cubes_used, 0, 0]
    finish_turn(game)
    assert game.pending.player == 1
    game.apply("done")
    assert game.pending.player == 0


# ---- eggs on chosen birds: adjacent, a row, bird conditions ----------------------------------------

TARGET_BIRDS = TEST_BIRDS + """
bird "Test Swamphen" {
  habitats: grassland
  cost: seed
  points: 2
  nest: ground
  egg_limit: 3
  wingspan: 60
  power brown: lay egg on adjacent bird
}
bird "Test Crake" {
  habitats: wetland
  cost: invertebrate
  points: 1
  nest: ground
  egg_limit: 3
  wingspan: 28
  power yellow: lay egg on each bird in wetland
}
bird "Test Swan" {
  habitats: wetland
  cost: fish
  points: 3
  nest: platform
  egg_limit: 2
  wingspan: 150
  power yellow: lay egg on each bird where wingspan > 100
}
bird "Test Woodswallow" {
  habitats: grassland
  cost: invertebrate
  points: 2
  nest: bowl
  egg_limit: 3
  wingspan: 32
  power white: lay egg on each bird in this habitat
}
"""


def test_oceania_adjacency():
    # the swamphen, 2nd in the grassland: left and right in its row, above and below in its column
    game = position("oceania",
        [{"forest": ["Hooded Warbler", "Blue-Winged Warbler"], "grassland": ["Bobolink", "Test Swamphen", "Sprague's Pipit"],
          "wetland": ["Atlantic Puffin"], "food": {"seed": 1}}, {}],
        extra_cards=TARGET_BIRDS,
    )
    game.apply("lay-eggs")
    while game.pending.kind in ("conversion", "lay-eggs") and game.pending.source is None:
        game.apply("skip" if game.pending.kind == "conversion" else next(o for o in options(game) if o.startswith("egg ")))
    assert game.pending.source == "Test Swamphen" and options(game) == ["use", "skip"]
    game.apply("use")
    assert options(game) == ["egg Blue-Winged Warbler", "egg Bobolink", "egg Sprague's Pipit", "stop"]
    # (the wetland has no 2nd bird: nothing below; the forest's 2nd bird is above)
    game.apply("egg Blue-Winged Warbler")
    assert eggs_of(game, 0, "Blue-Winged Warbler") == 1


def test_oceania_lay_egg_targets():
    # a row: each bird in the wetland, this one included
    game = position("oceania",
        [{"wetland": ["Test Crake", "Atlantic Puffin"], "forest": ["Hooded Warbler"], "cubes_used": 4}, {"cubes_used": 5}],
        round=3, goal_points=[[0, 0]] * 3, extra_cards=TARGET_BIRDS,
    )
    game.state.seats[0].cubes, game.state.seats[1].cubes = [0, 4, 0, 0], [0, 5, 0, 0]
    finish_turn(game)
    game.apply("game-end Test Crake")
    assert options(game) == ["egg Test Crake", "egg Atlantic Puffin", "stop"]
    lay_all(game)
    assert eggs_of(game, 0, "Test Crake") == 1 and eggs_of(game, 0, "Atlantic Puffin") == 1 and eggs_of(game, 0, "Hooded Warbler") == 0
    # bird conditions: a wingspan over 100 cm, which a flightless bird meets too
    game = position("oceania",
        [{"wetland": ["Test Swan", "Atlantic Puffin"], "forest": ["Test Kiwi", "Hooded Warbler"], "cubes_used": 4}, {"cubes_used": 5}],
        round=3, goal_points=[[0, 0]] * 3, extra_cards=TARGET_BIRDS,
    )
    game.state.seats[0].cubes, game.state.seats[1].cubes = [0, 4, 0, 0], [0, 5, 0, 0]
    finish_turn(game)
    game.apply("game-end Test Swan")
    assert options(game) == ["egg Test Kiwi", "egg Test Swan", "stop"]
    # this bird's own row, when played
    game = position("oceania", [{"grassland": [("Bobolink", 1)], "forest": ["Hooded Warbler"], "hand": ["Test Woodswallow"], "food": {"invertebrate": 1}}, {}],
                            extra_cards=TARGET_BIRDS)
    game.apply("play-grassland Test Woodswallow")
    assert game.pending.source == "Test Woodswallow" and options(game) == ["use", "skip"]  # (paid at once)
    game.apply("use")
    assert options(game) == ["egg Bobolink", "egg Test Woodswallow", "stop"]
    # the new forms read back from their canonical text and English
    from wingspan_rules.cards import compile_sources

    cards = compile_sources([("t.wsp", TARGET_BIRDS)], OCEANIA)
    assert "power yellow: lay egg on each bird where wingspan > 100" in cards.by_name["Test Swan"].dsl
    assert "next to this one" in cards.by_name["Test Swamphen"].english
    assert "in your wetland" in cards.by_name["Test Crake"].english


def test_oceania_power_chosen_other():
    # any other player may be chosen, never the owner
    game = position("oceania", [{"forest": ["Eastern Whipbird"]}, {}, {}, {}])
    game.apply("gain-food")
    while game.pending.source != "Eastern Whipbird":
        game.apply("stop" if "stop" in options(game) else "skip")
    game.apply("use")
    assert options(game) == ["choose p1", "choose p2", "choose p3"]
    assert game.pending.kind == "choose-player" and game.pending.rule == "oceania.power.chosen-other"
    assert rule_ids(game.check("choose p0")) != []
    # the owner's part happens even when the chosen player's can do nothing (Brolga's ruling)
    game = position("oceania", [{"wetland": ["Brolga"]}, {"forest": ["Horsfield's Bronze-Cuckoo"]}])
    game.apply("draw-cards")
    while game.pending.source != "Brolga":
        game.apply("stop" if "stop" in options(game) else "skip")
    game.apply("use")
    assert game.pending.player == 0 and game.pending.source == "Brolga" and game.pending.kind == "draw"
    # ... and the sharing words are Oceania's: the classic card language has none
    from wingspan_rules import DslError
    from wingspan_rules.cards import compile_sources
    from wingspan_rules.dsl.vocabulary import CLASSIC

    bird = 'bird "X" {\n  habitats: forest\n  cost: seed\n  points: 1\n  nest: bowl\n  egg_limit: 2\n  wingspan: 20\n  power brown: you and chosen other: gain seed from supply\n}\n'
    with pytest.raises(DslError, match="chosen other player belongs to the Oceania cards"):
        compile_sources([("x.wsp", bird)], CLASSIC)


def test_oceania_power_gain_food_action():
    # the other player's Owlet-Nightjar answers once the gain-food action and its brown powers are over
    game = position("oceania", [{"forest": ["Silvereye"]}, {"wetland": ["Australian Owlet-Nightjar"]}], feeder=["invertebrate", "fish", "rodent"])
    game.apply("gain-food")
    game.apply("take fish")
    game.apply("take rodent")
    assert game.pending.source == "Silvereye"  # the acting player's brown power first
    game.apply("use")
    assert game.pending.player == 1 and game.pending.source == "Australian Owlet-Nightjar"
    assert game.pending.rule == "classic.powers.optional"
    # a classic card cannot answer the action: the trigger is Oceania's
    from wingspan_rules import DslError
    from wingspan_rules.cards import compile_sources
    from wingspan_rules.dsl.vocabulary import CLASSIC

    bird = 'bird "X" {\n  habitats: forest\n  cost: seed\n  points: 1\n  nest: bowl\n  egg_limit: 2\n  wingspan: 20\n  power pink: when other takes gain food: gain seed from supply\n}\n'
    with pytest.raises(DslError, match="belongs to the Oceania cards"):
        compile_sources([("x.wsp", bird)], CLASSIC)


# ---- the deck -----------------------------------------------------------------------------------


def _deck_sets(game: Game) -> set[str | None]:
    st = game.state
    birds = st.deck + [c for c in st.tray if c >= 0] + [c for seat in st.seats for c in seat.dealt + seat.hand]
    return {game.cards.cards[c].card_set for c in birds}


def test_oceania_setup_bird_sets():
    # by default the Oceania birds are shuffled into the core deck
    game = new_game("oceania", 3, 5)
    assert game.options["bird_sets"] == ["core", "oceania"] and _deck_sets(game) == {"core", "oceania"}
    total = len([c for c in game.cards.cards if not c.swift_start])
    st = game.state
    assert len(st.deck) + 3 + 3 * 5 == total  # tray, 5 dealt each: every core and Oceania bird is in play
    # the core birds alone (the Oceania mats, dice and nectar still): no Oceania bird is dealt
    game = new_game("oceania", 2, 5, {"bird_sets": ["core"]})
    assert _deck_sets(game) == {"core"}
    assert load(game.to_json()).to_json() == game.to_json()
    # the order given does not matter; what 003 does not allow is refused, naming what is allowed
    assert new_game("oceania", 2, 5, {"bird_sets": ["oceania", "core"]}).options["bird_sets"] == ["core", "oceania"]
    for bad in (["oceania"], [], ["core", "core"], ["core", "europe"], "core", [1]):
        with pytest.raises(ValueError, match="bird_sets.*core"):
            new_game("oceania", 2, 5, {"bird_sets": bad})
    # a save whose cards do not match its bird sets is refused
    data = json.loads(new_game("oceania", 2, 5).to_json())
    data["options"]["bird_sets"] = ["core"]
    with pytest.raises(StateError, match="bird cards"):
        load(json.dumps(data))


def test_oceania_setup_raven_option():
    ravens = {"Chihuahuan Raven", "Common Raven"}

    def dealt(game: Game) -> set[str]:
        st = game.state
        birds = st.deck + [c for c in st.tray if c >= 0] + [c for seat in st.seats for c in seat.dealt]
        return {game.cards.cards[c].name for c in birds}

    assert ravens <= dealt(new_game("oceania", 2, 3))
    game = new_game("oceania", 2, 3, {"remove_ravens": True})
    assert not ravens & dealt(game)
    assert load(game.to_json()).to_json() == game.to_json()
    with pytest.raises(ValueError, match="remove_ravens"):
        new_game("oceania", 2, 3, {"remove_ravens": "yes"})


def test_oceania_power_tray_refresh() -> None:
    game = position("oceania", [{"wetland": ["Royal Spoonbill"]}, {}], tray=["Galah", "Brolga", "Kelp Gull"], deck=["Crimson Chat", "Abbott's Booby", "Cockatiel"])
    game.apply("draw-cards")
    game.apply("stop")  # no card from the action itself
    assert game.pending.source == "Royal Spoonbill"
    game.apply("use")
    assert options(game) == ["new-tray", "stop"]
    game.apply("new-tray")
    assert tray_names(game) == ["Cockatiel", "Abbott's Booby", "Crimson Chat"]
    assert discard_names(game)[-3:] == ["Galah", "Brolga", "Kelp Gull"]
    assert options(game) == ["take-bird Abbott's Booby", "stop"]


def test_oceania_cards_budgerigar() -> None:
    """The printed card is brown; 003's appendix lists it as a when-played power (an option)."""
    assert new_game("oceania", 2, 1).cards.card("Budgerigar").colour == "brown"
    assert new_game("oceania", 2, 1, {"budgerigar_power": "when-played"}).cards.card("Budgerigar").colour == "white"
    game = position("oceania",
        [{"hand": ["Budgerigar"], "food": {"seed": 1}}, {}],
        tray=["Australian Reed Warbler", "Crimson Chat", "Galah"],
        options={"budgerigar_power": "when-played"},
    )
    game.apply("play-forest Budgerigar")
    assert game.pending.source == "Budgerigar" and options(game) == ["use", "skip"]
    game.apply("use")  # one smallest bird: tucked at once
    assert tucked_of(game, 0, "Budgerigar") == ["Crimson Chat"]
    assert load(game.to_json()).cards.card("Budgerigar").colour == "white"


def test_oceania_power_give():
    # a food given is not spent (no spent nectar) and the receiver has it; a card given leaves the hand
    game = position("oceania", [{"forest": ["Red-Winged Parrot"]}, {}], nectar=[2, 0], feeder=["fish", "rodent"])
    game.apply("gain-food")
    game.apply("skip")  # (no reset of the feeder, a nectar's worth)
    game.apply("take fish")
    game.apply("take rodent")
    assert game.pending.source == "Red-Winged Parrot"
    game.apply("use")  # one other player: given at once
    assert food_of(game, 0) == {"fish": 1, "rodent": 1, "nectar": 1} and food_of(game, 1) == {"nectar": 1}
    assert game.state.seats[0].spent_nectar == [0, 0, 0]
    assert game.pending.rule == "classic.powers.optional"  # the benefit after giving, still optional
    # the receiver of a card is named by the owner, and only a card just drawn may be given
    game = position("oceania", [{"wetland": ["Pink-Eared Duck"], "hand": ["Brolga"]}, {}, {}], deck=["Galah", "Kelp Gull"], tray=[None, None, None])
    game.apply("draw-cards")
    while game.pending.source != "Pink-Eared Duck":
        game.apply("stop")
    game.apply("use")
    game.apply("take-deck")
    game.apply("take-deck")
    assert game.pending.rule == "oceania.power.give"
    assert rule_ids(game.check("give-card Brolga")) == ["core.decision.option"]
    game.apply("give-card Galah")
    game.apply("choose p1")
    assert hand_names(game, 1) == ["Galah"] and hand_names(game, 0) == ["Brolga", "Kelp Gull"]
    assert load(game.to_json()).to_json() == game.to_json()


def test_oceania_power_gains_any():
    # any gain of the food by a player other than the owner, during another player's turn
    game = position("oceania", [{"forest": ["Wild Turkey"]}, {"forest": ["Spangled Drongo"]}], feeder=["nectar/seed", "fish"])
    game.apply("gain-food")
    game.apply("take nectar")
    state = game.state.stack[0]
    assert "got:nectar:0" in state.events  # noted while the action runs ...
    assert load(game.to_json()).to_json() == game.to_json()
    game.apply("stop")
    assert game.pending.source == "Spangled Drongo"  # ... and answered after it
    game.apply("use")
    # its own gains (the drongo's nectar) do not wake it again, nor on its owner's turn
    assert game.pending.player == 1 and game.pending.kind == "action"
    game.apply("gain-food")
    while game.pending.player == 1:
        assert game.pending.source != "Spangled Drongo"
        game.apply("take nectar" if "take nectar" in options(game) else ("stop" if "stop" in options(game) else options(game)[0]))


def test_oceania_power_look():
    # the cards looked at are held by the power (every card still in one place, a save mid-way
    # reads back); the ones not kept go to the discard pile; the discard pile is shuffled first
    game = position("oceania", [{"wetland": ["Grey Teal"]}, {}], deck=["Brolga", "Galah", "Kelp Gull", "Crimson Chat"], tray=[None, None, None])
    game.apply("draw-cards")
    while game.pending.source != "Grey Teal":
        game.apply("stop")
    game.apply("use")
    assert game.pending.rule == "oceania.power.look"
    assert load(game.to_json()).legal_actions() == game.legal_actions()
    assert rule_ids(game.check("keep Galah")) == ["core.decision.option"]  # not a wetland bird
    game.apply("keep Kelp Gull")
    assert "Kelp Gull" in hand_names(game, 0) and discard_names(game)[-2:] == ["Crimson Chat", "Galah"]
    ibis = position("oceania", [{"wetland": ["Australian Ibis"]}, {}], discard=["Brolga", "Galah", "Kelp Gull"], tray=[None, None, None], seed=3)
    before = ibis.state.rng
    ibis.apply("draw-cards")
    while ibis.pending.source != "Australian Ibis":
        ibis.apply("stop")
    ibis.apply("use")
    assert ibis.state.rng != before and len(ibis.state.stack[-1].seen) == 2 and len(ibis.state.discard) == 1


def test_oceania_play_bird_powers():
    # a game-end play: any habitat at full cost; a save in the middle of paying reads back; the
    # bird played then offers its own game-end power
    game = last_turn([{"forest": [("Gould's Finch", 1)], "hand": ["Abbott's Booby", "Kākāpō"], "food": {"fish": 2, "fruit": 1}}, {}],
                     feeder=["rodent", "rodent"])
    game.apply("gain-food")
    while game.pending.kind != "game-end":
        game.apply("skip" if "skip" in options(game) else options(game)[0])
    game.apply("game-end Gould's Finch")
    assert game.pending.kind == "power" and options(game) == ["play-wetland Abbott's Booby", "play-forest Kākāpō"]
    game.apply("play-wetland Abbott's Booby")
    assert game.pending.kind == "pay"
    assert load(game.to_json()).legal_actions() == game.legal_actions()
    game.apply("pay fish")
    game.apply("pay fish")
    game.apply("paid")
    assert game.pending.source == "Abbott's Booby" and options(game) == ["use", "skip"]  # its when-played power
    assert load(game.to_json()).legal_actions() == game.legal_actions()
    game.apply("skip")
    assert game.is_over  # (no game-end power left: the kākāpō stayed in hand)
    # a play without egg cost: the third grassland place (1 egg) with no egg on the mat
    game = last_turn([{"grassland": ["Magpie-Lark", "Crimson Chat"], "forest": [("Galah", 2)], "hand": ["Australian Zebra Finch"], "food": {"seed": 1}}, {}],
                     feeder=["rodent", "rodent"])
    game.apply("gain-food")
    while game.pending.kind != "game-end":
        game.apply("skip" if "skip" in options(game) else options(game)[0])
    game.apply("game-end Magpie-Lark")  # both eggs of the galah, one after the other
    assert eggs_of(game, 0, "Galah") == 0 and options(game) == ["use", "skip"]
    game.apply("use")
    game.apply("pay seed")
    game.apply("paid")
    assert row_names(game, 0, "grassland") == ["Magpie-Lark", "Crimson Chat", "Australian Zebra Finch"]


# ---- the Oceania bonus cards ----------------------------------------------------------------------


def _bonus_points(rows: dict[str, list[str]], card: str, options: dict[str, object] | None = None) -> int:
    game = position("oceania", [{**rows, "bonus": [card]}, {}], options=options)
    return game.score().players[0].bonus


def test_oceania_bonus_data_analyst():
    # five wingspans falling: 8
    assert _bonus_points({"wetland": ["Brolga", "Black Swan", "Australian Shelduck", "Australasian Shoveler", "Australian Reed Warbler"]},
                         "Wetland Data Analyst") == 8
    # equal wingspans continue a run (19, 75, 75, 87), and the run need not reach the row's end: 4 -> 5
    assert _bonus_points({"grassland": ["Crimson Chat", "Galah", "Australian Magpie", "Black-Shouldered Kite", "Horsfield's Bushlark"]},
                         "Grassland Data Analyst") == 5
    # a flightless bird fits any wingspan, but 215, 64, (any), 180 is no run of 4: 3
    assert _bonus_points({"wetland": ["Brolga", "Grey Teal", "Little Penguin", "Black Swan"]}, "Wetland Data Analyst") == 3
    # two birds are no run worth points; another row does not count
    assert _bonus_points({"forest": ["Galah", "Eastern Whipbird"], "wetland": ["Brolga", "Black Swan", "Australian Shelduck"]},
                         "Forest Data Analyst") == 0


def test_oceania_bonus_mechanical_engineer():
    engineer = "Mechanical Engineer"
    # a cavity, a platform and two wild nests: one set
    assert _bonus_points({"forest": ["Galah", "Grey Warbler", "Mistletoebird"], "wetland": ["Abbott's Booby"]}, engineer) == 3
    # two cavity, two platform, a bowl, a ground and two wild: two sets (003's example)
    two = {"forest": ["Galah", "Blyth's Hornbill", "Grey Warbler", "Mistletoebird", "Eastern Whipbird"],
           "wetland": ["Abbott's Booby", "Black Noddy", "Brolga"]}
    assert _bonus_points(two, engineer) == 8
    # two bowl, two cavity, two platform and one wild: one set, not two (the wild nest fills one place)
    one = {"forest": ["Galah", "Blyth's Hornbill", "Grey Warbler", "Eastern Whipbird", "Grey Shrikethrush"],
           "wetland": ["Abbott's Booby", "Black Noddy"]}
    assert _bonus_points(one, engineer) == 3


def test_oceania_variant_engineer_sets():
    three = {"forest": ["Galah", "Blyth's Hornbill", "Eastern Rosella", "Eastern Whipbird", "Grey Shrikethrush"],
             "grassland": ["Crimson Chat", "Australasian Pipit", "Horsfield's Bushlark"],
             "wetland": ["Abbott's Booby", "Black Noddy", "Australian Ibis", "Grey Teal"]}
    assert _bonus_points(three, "Mechanical Engineer") == 8  # three sets: the top tier
    assert _bonus_points(three, "Mechanical Engineer", {"engineer_sets": "repeat"}) == 11  # 8 for two, 3 for the third
    with pytest.raises(ValueError, match="engineer_sets"):
        new_game("oceania", 2, 0, {"engineer_sets": "more"})


def test_oceania_bonus_site_selection():
    rows = {
        # column 1: three cavity nests (3); column 2: a wild nest and a bowl (1); column 3: bowl, ground (0)
        "forest": ["Galah", "Grey Warbler", "Eastern Whipbird"],
        "grassland": ["Eastern Rosella", "Crimson Chat", "Australasian Pipit"],
        "wetland": ["Australian Shelduck", "Black Swan"],
    }
    assert _bonus_points(rows, "Site Selection Expert") == 4
    # a wild nest counts once: wild + wild + bowl is three of one kind (3), not two pairs
    assert _bonus_points({"forest": ["Grey Warbler"], "grassland": ["Golden-Headed Cisticola"], "wetland": ["Australian Reed Warbler"]},
                         "Site Selection Expert") == 3


# ---- the Oceania goals ------------------------------------------------------------------------------


def _goal_count(game: Game, player: int, side: str) -> int:
    from scripted import goal_code

    pick = goal_code(game.cards, side)
    counts = game.cards.goals[pick.goal].sides[pick.side].counts
    assert counts is not None
    return game.engine.board.measure(game.engine, player, counts)  # type: ignore[attr-defined,no-any-return]


def test_oceania_goal_counts():
    game = position("oceania", [
        {"forest": ["Galah", "Budgerigar"], "grassland": ["Crimson Chat"], "wetland": ["Common Loon", "Laughing Kookaburra", "Brolga"],
         "cubes_used": 3},
        {},
    ])
    game.state.seats[0].cubes = [2, 1, 0, 0]  # two cubes on 'play a bird' this round, one on the forest
    assert _goal_count(game, 0, "Cubes on play a bird") == 2 and _goal_count(game, 1, "Cubes on play a bird") == 0
    # points: Galah 3, Budgerigar 0, Crimson Chat 3 (or fewer); the loon, kookaburra and brolga are worth more
    cards = game.cards
    worth = [n for n in ("Galah", "Budgerigar", "Crimson Chat", "Common Loon", "Laughing Kookaburra", "Brolga") if cards.card(n).points <= 3]
    assert _goal_count(game, 0, "Birds worth 3 or fewer points") == len(worth)
    # beaks: the Common Loon card shows one bird facing each way and counts for both
    left = [n for n in ("Galah", "Budgerigar", "Crimson Chat", "Common Loon", "Laughing Kookaburra", "Brolga") if cards.card(n).beak in ("left", "both")]
    right = [n for n in ("Galah", "Budgerigar", "Crimson Chat", "Common Loon", "Laughing Kookaburra", "Brolga") if cards.card(n).beak in ("right", "both")]
    assert cards.card("Common Loon").beak == "both" and "Common Loon" in left and "Common Loon" in right
    assert _goal_count(game, 0, "Beak pointing left") == len(left) and _goal_count(game, 0, "Beak pointing right") == len(right)
    # icons in costs; a "/" cost counts once: Crimson Chat (invertebrate / seed / fruit), Laughing
    # Kookaburra (invertebrate / fish / rodent); Common Loon costs a fish and a wild icon
    assert _goal_count(game, 0, "Fruit and seed in food costs") == 3 + 1 + 1 + 1  # galah, budgerigar, chat once, brolga
    assert _goal_count(game, 0, "Rodent and fish in food costs") == 1 + 1  # the loon's fish, the kookaburra once
    assert _goal_count(game, 0, "Invertebrates in food costs") == 1 + 1 + 1  # chat, kookaburra, brolga
    assert _goal_count(game, 0, "No goal") == 0


def test_oceania_goal_no_goal():
    # round 1's goal is 'no goal': nobody scores it, and round 2 has 8 turns instead of 7
    game = position("oceania", [{"cubes_used": 7}, {"cubes_used": 8}], round=0,
                            goals=("No goal", "Birds in forest", "Birds in wetland", "Total birds"), feeder=["fish", "rodent"])
    game.apply("draw-cards")
    while game.state.round == 0:
        game.apply("stop" if "stop" in options(game) else options(game)[0])
    assert game.state.goal_points[0] == [0, 0]
    turns = [0, 0]
    while game.state.round == 1:
        pending = game.pending
        if pending.kind == "action":
            turns[pending.player] += 1
            game.apply("draw-cards" if "draw-cards" in options(game) else "gain-food")
        else:
            game.apply("stop" if "stop" in options(game) else options(game)[-1] if pending.kind == "discard" else options(game)[0])
    assert turns == [8, 8]
    assert load(game.to_json()).to_json() == game.to_json()


def test_oceania_bonus_name_words():
    from wingspan_rules.filters import bird_passes

    def found(ruleset: str, card: str) -> set[str]:
        deck = new_game(ruleset, 2, 0).cards
        bonus = next(b for b in deck.bonuses if b.name == card)
        return {c.name for c in deck.cards if bird_passes(c, bonus.counts.test)}

    photographer, cartographer, anatomist = (found("oceania", n) for n in ("Photographer", "Cartographer", "Anatomist"))
    # the new words find the Oceania birds
    assert {"Crimson Chat", "Rufous Owl", "Tawny Frogmouth", "Pink-Eared Duck", "Silvereye"} <= photographer
    assert {"Australian Raven", "Pacific Black Duck", "Plains-Wanderer", "Malleefowl", "New Holland Honeyeater", "South Island Robin"} <= cartographer
    assert {"Red-Backed Fairywren", "Pink-Eared Duck", "Orange-Footed Scrubfowl", "Tawny Frogmouth", "Red Wattlebird", "Canvasback"} <= anatomist
    # words inside other words do not count
    assert not {"Sacred Kingfisher", "Many-Colored Fruit-Dove", "Eastern Rosella" } & photographer
    assert "Roseate Spoonbill" not in cartographer and "Lewin's Honeyeater" not in anatomist
    # the core cards keep their own words in a classic game (Canvasback has no anatomy word there)
    assert "Canvasback" not in found("classic", "Anatomist")
    # one card of each name in the Oceania deck: the revised cards take the core cards' places
    names = [b.name for b in new_game("oceania", 2, 0).cards.bonuses]
    assert len(names) == len(set(names)) == 31


# ---- the rest of OCEANIA.md's section 1 ------------------------------------------------------------


def test_oceania_components():
    deck = new_game("oceania", 2, 0).cards
    oceania = [c for c in deck.cards if c.card_set == "oceania"]
    assert len(oceania) == 95
    assert len(deck.bonuses) == 26 + 5 and len(deck.goals) == 8 + 4 and all(len(g.sides) == 2 for g in deck.goals)
    assert OceaniaRules.dice.count == 5 and len(OceaniaRules.mat) == 3 and "nectar" in OceaniaRules.foods
    assert hasattr(new_game("oceania", 2, 0).score().players[0], "nectar")  # the score sheet's nectar row


def test_oceania_setup_decks():
    game = new_game("oceania", 4, 2)
    st = game.state
    dealt = st.deck + [c for c in st.tray if c >= 0] + [c for seat in st.seats for c in seat.dealt]
    assert {game.cards.cards[c].card_set for c in dealt} == {"core", "oceania"}  # one shuffled deck
    bonus = st.bonus_deck + [b for seat in st.seats for b in seat.dealt_bonus]
    assert sorted(bonus) == list(range(31))  # the Oceania bonus cards join the pile
    # the goals are drawn from all 12 tiles: over some seeds, Oceania tiles come up
    games = [new_game("oceania", 2, s) for s in range(12)]
    tiles = {g.cards.goals[p.goal].name for g in games for p in g.state.goals}
    assert {"Beaks", "Rodents and fish, no goal"} & tiles and "Forest" in tiles


def test_oceania_setup_dice():
    for seed in range(5):
        game = new_game("oceania", 2, seed)
        assert len(game.state.feeder) == 5 and all(0 <= f < len(OceaniaRules.dice.faces) for f in game.state.feeder)
    assert sorted(OceaniaRules.dice.names) == sorted(["invertebrate", "fish", "rodent", "invertebrate/seed", "nectar/seed", "nectar/fruit"])


NAMED_BIRDS = """
bird "Test Rodent Eater" {
  habitats: forest
  cost: rodent
  points: 1
  nest: bowl
  egg_limit: 2
  wingspan: 30
  power brown: gain rodent from feeder
}
bird "Test Seed Payer" {
  habitats: forest
  cost: seed
  points: 1
  nest: bowl
  egg_limit: 2
  wingspan: 30
  power brown: discard food seed -> draw card
}
"""


def test_oceania_nectar_not_wild_named():
    # no die shows a rodent (nectar dice do not), and no seed to pay with (a nectar does not do):
    # both powers are passed over
    game = position("oceania", [{"forest": ["Test Rodent Eater", "Test Seed Payer"]}, {}], nectar=[2, 0],
                            feeder=["nectar/seed", "nectar/fruit", "fish", "fish"], extra_cards=NAMED_BIRDS)
    game.apply("gain-food")
    seen = set()
    while game.pending.player == 0:
        seen.add(game.pending.source)
        assert "take rodent" not in options(game)
        game.apply("skip" if game.pending.kind == "conversion" else ("take fish" if "take fish" in options(game) else "stop"))
    assert not {"Test Rodent Eater", "Test Seed Payer"} & seen and food_of(game, 0)["nectar"] == 2


def test_oceania_nectar_cost():
    # New Holland Honeyeater costs a nectar: paid with two other foods, no nectar is spent
    game = position("oceania", [{"hand": ["New Holland Honeyeater"], "food": {"seed": 1, "fish": 1}}, {}])
    game.apply("play-grassland New Holland Honeyeater")
    assert options(game) == ["pay seed", "pay fish"]
    game.apply("pay seed")  # (the fish follows at once: the pair pays the nectar icon)
    assert "New Holland Honeyeater" in [game.cards.cards[b.card].name for b in game.state.seats[0].rows[1]]
    assert game.state.seats[0].spent_nectar == [0, 0, 0]
    # paid with a nectar: it is spent, on the row the bird goes to
    game = position("oceania", [{"hand": ["New Holland Honeyeater"]}, {}], nectar=[1, 0])
    game.apply("play-grassland New Holland Honeyeater")
    while game.pending.kind == "pay":
        game.apply(options(game)[0])
    assert game.state.seats[0].spent_nectar == [0, 1, 0]


def test_oceania_nectar_wild_gain():
    # Lesser Frigatebird's share: any food from the supply, nectar among them
    game = position("oceania", [{"wetland": ["Lesser Frigatebird", ("King Rail", 1)]}, {}])
    game.apply("draw-cards")
    while game.pending.source != "Lesser Frigatebird":
        game.apply("skip" if game.pending.kind == "conversion" else "stop")
    game.apply("use")  # the power
    game.apply("use")  # the owner's share
    game.apply("use")  # the egg paid (the rail's, at once), then the food
    assert "take nectar" in options(game)
    game.apply("take nectar")
    assert food_of(game, 0) == {"nectar": 1}


def test_oceania_game_end_play():
    # a bird played at game end: its when-played power may follow, its brown power does not run
    game = last_turn([{"forest": [("Gould's Finch", 1)], "hand": ["Abbott's Booby", "Galah"], "food": {"fish": 2, "seed": 3}}, {}],
                     feeder=["rodent", "rodent"])
    game.apply("gain-food")
    while game.pending.kind != "game-end":
        game.apply("skip" if "skip" in options(game) else options(game)[0])
    game.apply("game-end Gould's Finch")
    assert options(game) == ["play-wetland Abbott's Booby", "play-forest Galah", "play-grassland Galah"]
    game.apply("play-forest Galah")  # a brown power: nothing of it runs now
    while game.pending is not None and game.pending.kind == "pay":
        game.apply("paid" if "paid" in options(game) else options(game)[0])
    assert game.is_over and food_of(game, 0) == {"fish": 2, "rodent": 2}  # (the rodents of the last turn; the seed paid)


def test_oceania_cards_bonus_discard():
    # the bird discard pile stays apart from the deck when the ibis shuffles and draws from it
    game = position("oceania", [{"wetland": ["Australian Ibis"]}, {}], discard=["Brolga", "Galah", "Kelp Gull"], tray=[None, None, None])
    deck_before = list(game.state.deck)
    game.apply("draw-cards")
    while game.pending.source != "Australian Ibis":
        game.apply("stop")
    game.apply("use")
    game.apply("stop")  # keep none: both go back to the discard pile
    assert sorted(discard_names(game)) == ["Brolga", "Galah", "Kelp Gull"]
    assert deck_before[: len(game.state.deck)] == game.state.deck  # the deck only gave its top cards (the tray's refill)
    # the bonus discard pile: Wrybill keeps one of its cards
    wry = position("oceania", [{"hand": ["Wrybill"], "food": {"invertebrate": 1, "fish": 1}}, {}], bonus_discard=["Historian", "Photographer"],
                           bonus_rest="deck")
    wry.apply("play-wetland Wrybill")
    while wry.pending.kind == "pay":
        wry.apply("paid" if "paid" in options(wry) else options(wry)[0])
    wry.apply("use")
    assert sorted(options(wry)) == ["keep-bonus Historian", "keep-bonus Photographer"]
    # with the bonus discard pile empty, Wrybill is passed over, saying so
    wry = position("oceania", [{"hand": ["Wrybill"], "food": {"invertebrate": 1, "fish": 1}}, {}], bonus_rest="deck")
    said = [str(e) for e in wry.apply("play-wetland Wrybill")]
    while wry.pending.kind == "pay":
        said = [str(e) for e in wry.apply("paid" if "paid" in options(wry) else options(wry)[0])]
    assert "Wrybill: passed over, the bonus discard pile is empty [oceania.cards.bonus-discard]" in said, said


def _kea_game(food_held: dict[str, int], bonus_deck: list[str]) -> tuple[Game, list[str]]:
    """Kea in hand (a fruit and a nectar pay for it) with ``food_held`` beside; the bonus deck is
    ``bonus_deck`` (drawn from its end) and player 1 holds every other bonus card, so the deck
    and its discard pile hold only what is named.  Returns the game once Kea is paid for, and
    the events of its last step."""
    names = [b.name for b in position("oceania", [{}, {}]).cards.bonuses]
    held = [n for n in names if n not in bonus_deck]
    game = position("oceania", [{"hand": ["Kea"], "food": {"fruit": 1, **food_held}}, {"bonus": held}], nectar=[1, 0], bonus_deck=bonus_deck)
    said = [str(e) for e in game.apply("play-forest Kea")]
    for action in ("pay fruit", "pay nectar", "paid"):
        if game.pending.kind == "pay":  # (with nothing else held, the payment is forced)
            said = [str(e) for e in game.apply(action)]
    return game, said


def test_oceania_power_bonus_bought():
    # the rulebook's order: the power's own card is drawn first, then the player decides how much
    # food to discard for more, and one card is kept of all those drawn
    game, _ = _kea_game({"seed": 1, "fish": 1}, ["Anatomist", "Cartographer", "Historian", "Photographer"])
    assert options(game) == ["use", "skip"]
    game.apply("use")
    assert bonus_names(game, 0) == ["Photographer"] and len(game.state.bonus_deck) == 3
    assert game.pending.kind == "bonus" and game.pending.rule == "oceania.power.bonus-bought"
    assert options(game) == ["pay seed", "pay fish", "paid"]
    assert load(game.to_json()).legal_actions() == game.legal_actions()  # a save while buying reads back
    game.apply("pay fish")
    assert options(game) == ["pay seed", "paid"] and bonus_names(game, 0) == ["Photographer"]  # drawn together at the end
    game.apply("paid")
    assert bonus_names(game, 0) == ["Historian", "Photographer"] and food_of(game, 0) == {"seed": 1}
    assert game.pending.rule == "classic.power.bonus-draw"
    assert sorted(options(game)) == ["discard-bonus Historian", "discard-bonus Photographer"]
    game.apply("discard-bonus Photographer")
    assert bonus_names(game, 0) == ["Historian"] and game.pending.kind == "action"
    # food is bought only while a card is left for it: with one card left after the first, one
    # food buys it and the power draws it at once
    game, _ = _kea_game({"seed": 2}, ["Cartographer", "Historian"])
    game.apply("use")
    assert options(game) == ["pay seed", "paid"]
    game.apply("pay seed")
    assert bonus_names(game, 0) == ["Cartographer", "Historian"] and food_of(game, 0) == {"seed": 1}
    assert options(game) == ["discard-bonus Historian", "discard-bonus Cartographer"]
    # no food after the first card: nothing to buy, the one card is kept
    # (and the power did its work: it is not said to be passed over)
    game, _ = _kea_game({}, ["Cartographer", "Historian"])
    said = [str(e) for e in game.apply("use")]
    assert bonus_names(game, 0) == ["Historian"] and game.pending.kind == "action"
    assert not [line for line in said if "passed over" in line], said
    # no bonus card left at all: the power is passed over, saying so
    game, said = _kea_game({"seed": 1}, [])
    assert "Kea: passed over, no bonus card is left to draw [oceania.power.bonus-bought]" in said, said
    assert game.pending.kind == "action" and food_of(game, 0) == {"seed": 1}


def _emu_game(feeder: list[str], seed: int = 0) -> Game:
    """Emu in the forest; a gain-food action that takes nothing, up to Emu's power."""
    game = position("oceania", [{"forest": ["Emu", "Wild Turkey"]}, {}], feeder=feeder, seed=seed)
    game.apply("gain-food")
    while game.pending.source != "Emu" and game.pending.kind != "action":
        game.apply("skip" if "skip" in options(game) else "stop")
    return game


def test_oceania_power_keep_half():
    # a die shows seed: every seed die is taken together, half kept (2 of 3), the rest given
    game = _emu_game(["invertebrate/seed", "nectar/seed", "invertebrate/seed", "fish"])
    assert options(game) == ["use", "skip"]
    game.apply("use")  # (the dice differ: no reroll, the take is the only answer; one other player: given at once)
    assert food_of(game, 0) == {"seed": 2} and food_of(game, 1) == {"seed": 1} and game.pending.kind == "action"
    # every die alike and none shows seed: a reroll, or stop; taking seed is not offered
    game = _emu_game(["fish", "fish", "fish"])
    game.apply("use")
    assert game.pending.kind == "feeder" and game.pending.rule == "oceania.power.keep-half"
    assert options(game) == ["reroll", "stop"]
    assert rule_ids(game.check("take seed")) == ["classic.feeder.take"]
    game.apply("stop")
    assert food_of(game, 0) == {} and game.pending.kind == "action"
    # every die alike and showing seed: take them, or reroll first
    game = _emu_game(["nectar/seed", "nectar/seed"])
    game.apply("use")
    assert options(game) == ["take seed", "reroll"]
    # no die shows seed and the dice differ: nothing can be done, the power is passed over
    game = position("oceania", [{"forest": ["Emu", "Wild Turkey"]}, {}], feeder=["fish", "rodent", "nectar/seed"])
    game.apply("gain-food")
    while game.pending.kind == "conversion":
        game.apply("skip")
    said = [str(e) for e in game.apply("take seed")]
    said += [str(e) for e in game.apply("stop")] if game.pending.kind == "feeder" else []
    assert "Emu: passed over, the feeder shows none of the food it gives [oceania.power.keep-half]" in said, said
