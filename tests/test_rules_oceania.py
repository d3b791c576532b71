"""Per-rule tests for the Oceania expansion (seed 003).

Each test is named after the catalog id it exercises (``oceania.mat.reset`` ->
``test_oceania_mat_reset``).  The Oceania mats are tried in a classic game (option
``oceania_mats``, which 003 allows); positions are built by hand from bird names
(tests/classic_scripted.py) and played with strict scripts.
"""

from __future__ import annotations

import random

import pytest
from classic_scripted import (
    Script,
    deck_names,
    discard_names,
    eggs_of,
    feeder_faces,
    food_of,
    hand_names,
    options,
    position,
    rolled,
    rule_ids,
    total_eggs,
    tray_names,
)

from wingspan_rules import load, new_game

# Birds with no brown power (none or white), so a habitat action in their row asks nothing more.
FOREST5 = ["Hooded Warbler", "Blue-Winged Warbler", "American Woodcock", "Wild Turkey", "Prothonotary Warbler"]
GRASS5 = ["Bobolink", "Sprague's Pipit", "Painted Bunting", "Greater Prairie-Chicken", "Chestnut-Collared Longspur"]
WET5 = ["Atlantic Puffin", "King Rail", "Roseate Spoonbill", "Whooping Crane", "Wood Stork"]
SEEDS5 = ["seed"] * 5
MATS = {"oceania_mats": True}


def _mat_game(players: list[dict[str, object]], **kw: object) -> object:
    return position(players, options=dict(MATS), rest="deck", **kw)  # type: ignore[arg-type]


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
    game = position([{"hand": ["Mallard"]}, {}], feeder=SEEDS5, rest="deck")
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
    # the 2nd and 6th spaces trade nothing
    for column in (1, 5):
        game = _mat_game([{"grassland": GRASS5[:column], "forest": ["Wild Turkey"], "hand": ["Mallard"]}, {}])
        game.apply("lay-eggs")
        assert game.pending.kind == "lay-eggs"


def test_oceania_mat_reset():
    # forest, 2nd space: pay any food to reroll the whole feeder before taking from it
    game = _mat_game([{"forest": FOREST5[:1], "food": {"fish": 1, "rodent": 1}}, {}], feeder=["seed", "seed"])
    game.apply("gain-food")
    assert game.pending.kind == "conversion"
    assert options(game) == ["reset-feeder fish", "reset-feeder rodent", "skip"]
    assert game.pending.rule == "classic.mat.conversion"
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
    game = position([{"forest": FOREST5[:1], "food": {"fish": 1}}, {}], feeder=SEEDS5, rest="deck")
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
        game = position(
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
