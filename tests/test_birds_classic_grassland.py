"""One strict scripted test per bird of cards/classic/grassland.wsp.

Each test builds a position where the bird's power fires (the lay-eggs action for a brown
power, playing the bird for a white one, another player's action for a pink one), answers
every real decision with a strict ``Script`` and checks the exact result, and that skipping
an optional power leaves the position as it was.
"""

from __future__ import annotations

from scripted import (
    SHIPPED,
    Script,
    bonus_names,
    cached_of,
    conserved,
    deck_names,
    discard_names,
    eggs_of,
    feeder_faces,
    food_of,
    hand_names,
    options,
    position,
    row_names,
    tray_names,
    tucked_of,
)

SWIFT = {"swift_start": True}
TRAY = ["Mallard", "Osprey", "King Rail"]  # a full tray: no deck card refills it at the turn's end


def pay(food: dict) -> list[str]:
    """The answers paying exactly this food, one unit at a time; once a single food is left
    to pay with, the engine pays it on its own."""
    kinds = [f for f, n in food.items() if n]
    return [f"pay {f}" for f in kinds[:-1] for _ in range(food[f])]


from scripted import rolled  # noqa: E402

# ---- white: gain food ----------------------------------------------------------------------------


def test_american_goldfinch():
    spec = {"hand": ["American Goldfinch"], "food": {"seed": 2}}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["play-grassland American Goldfinch", "use", "take seed", "take seed", "take seed"])
    assert row_names(game, 0, "grassland") == ["American Goldfinch"]
    assert food_of(game, 0) == {"seed": 3}
    assert feeder_faces(game) == sorted(["invertebrate", "seed", "fish", "fruit", "rodent"])
    # a player may stop short of the full gain
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["play-grassland American Goldfinch", "use", "take seed", "stop"])
    assert food_of(game, 0) == {"seed": 1}
    assert feeder_faces(game) == sorted(["invertebrate", "seed", "fish", "fruit", "rodent"])
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["play-grassland American Goldfinch", "skip"])
    assert food_of(game, 0) == {} and row_names(game, 0, "grassland") == ["American Goldfinch"]


# ---- brown: roll the dice outside the feeder for a rodent ----------------------------------------


def _roll_for_rodent(bird: str) -> None:
    full = SHIPPED["classic"].card(bird).egg_limit
    outcomes = set()
    for seed in range(40):
        game = position("classic", [{"grassland": [(bird, full)]}, {}], feeder=["seed", "seed", "fish"], rest="deck", seed=seed)
        Script(game).play(["lay-eggs"], until_turn_ends=False)  # nowhere to lay: the power at once
        assert game.pending.source == bird and options(game) == ["use", "skip"]
        expected = rolled(game.state.rng, 2)  # 3 dice in the feeder: 2 rolled outside
        Script(game).play(["use"])
        caught = "rodent" in expected
        assert cached_of(game, 0, bird) == ({"rodent": 1} if caught else {})
        assert feeder_faces(game) == ["fish", "seed", "seed"]
        assert food_of(game, 0) == {}
        outcomes.add(caught)
    assert outcomes == {True, False}
    game = position("classic", [{"grassland": [(bird, full)]}, {}], feeder=["seed", "seed", "fish"], rest="deck")
    Script(game).play(["lay-eggs", "skip"])
    assert cached_of(game, 0, bird) == {} and feeder_faces(game) == ["fish", "seed", "seed"]


def test_american_kestrel():
    _roll_for_rodent("American Kestrel")


def test_burrowing_owl():
    _roll_for_rodent("Burrowing Owl")


def test_ferruginous_hawk():
    _roll_for_rodent("Ferruginous Hawk")


# ---- white: an egg on each of your birds with a nest -----------------------------------------------

# wetland birds: Purple Martin (cavity), Killdeer (ground), Northern Harrier (platform),
# Red-Winged Blackbird (bowl), Barn Swallow (wild nest: counts for every nest)
FULL_BIRD = {"cavity": "Wood Duck", "ground": "Wild Turkey", "platform": "Great Horned Owl", "bowl": "Hooded Warbler"}
NEST_BIRD = {"cavity": "Purple Martin", "ground": "Killdeer", "platform": "Northern Harrier", "bowl": "Red-Winged Blackbird"}


def _egg_on_each(bird: str, food: dict, nest: str) -> None:
    other = "Northern Harrier" if nest != "platform" else "Killdeer"
    full = FULL_BIRD[nest]  # a forest bird of the same nest, already full: no egg for it
    wetland = [NEST_BIRD[nest], "Barn Swallow", other]
    spec = {"hand": [bird], "food": food, "wetland": wetland, "forest": [(full, SHIPPED["classic"].card(full).egg_limit)]}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play([f"play-grassland {bird}", *pay(food), "use"], until_turn_ends=False)
    # one egg for each bird of the nest with room (a wild nest too), bird by bird
    assert options(game) == [f"egg {bird}", f"egg {NEST_BIRD[nest]}", "egg Barn Swallow", "stop"]
    Script(game).play([f"egg {NEST_BIRD[nest]}", f"egg {bird}", "egg Barn Swallow"])
    assert food_of(game, 0) == {}
    assert eggs_of(game, 0, bird) == 1  # the bird just played counts too
    assert eggs_of(game, 0, NEST_BIRD[nest]) == 1 and eggs_of(game, 0, "Barn Swallow") == 1
    assert eggs_of(game, 0, other) == 0 and eggs_of(game, 0, full) == SHIPPED["classic"].card(full).egg_limit
    # the player may stop short (a gain may be taken in part)
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play([f"play-grassland {bird}", *pay(food), "use", f"egg {bird}", "stop"])
    assert [eggs_of(game, 0, b) for b in [bird, *wetland]] == [1, 0, 0, 0]
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play([f"play-grassland {bird}", *pay(food), "skip"])
    assert [eggs_of(game, 0, b) for b in [bird, *wetland]] == [0, 0, 0, 0]


def test_ash_throated_flycatcher():
    _egg_on_each("Ash-Throated Flycatcher", {"invertebrate": 2, "fruit": 1}, "cavity")


def test_bobolink():
    _egg_on_each("Bobolink", {"invertebrate": 1, "seed": 2}, "ground")


def test_inca_dove():
    _egg_on_each("Inca Dove", {"seed": 2}, "platform")


def test_says_phoebe():
    _egg_on_each("Say's Phoebe", {"invertebrate": 3}, "bowl")


# ---- brown: lay an egg on any bird -------------------------------------------------------------------


def _lay_on_any(bird: str, options_: dict | None = None) -> None:
    full = SHIPPED["classic"].card(bird).egg_limit
    spec = {"grassland": [(bird, full)], "forest": ["Hooded Warbler", "Blue-Winged Warbler"]}
    game = position("classic", [spec, {}], rest="deck", options=options_)
    Script(game).play(["lay-eggs", "stop", "use"], until_turn_ends=False)
    assert sorted(options(game)) == ["egg Blue-Winged Warbler", "egg Hooded Warbler", "stop"]
    Script(game).play(["egg Blue-Winged Warbler"])
    assert eggs_of(game, 0, "Blue-Winged Warbler") == 1 and eggs_of(game, 0, "Hooded Warbler") == 0
    game = position("classic", [spec, {}], rest="deck", options=options_)
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert eggs_of(game, 0, "Blue-Winged Warbler") == 0 and eggs_of(game, 0, "Hooded Warbler") == 0


def test_bairds_sparrow():
    _lay_on_any("Baird's Sparrow")


def test_cassins_sparrow():
    _lay_on_any("Cassin's Sparrow")


def test_grasshopper_sparrow():
    _lay_on_any("Grasshopper Sparrow")


# ---- brown: lay an egg on this bird --------------------------------------------------------------------


def _lay_on_this(bird: str, options_: dict | None = None) -> None:
    spec = {"grassland": [(bird, 1)], "forest": ["Hooded Warbler"]}
    game = position("classic", [spec, {}], rest="deck", options=options_)
    Script(game).play(["lay-eggs", "stop", "use"])
    assert eggs_of(game, 0, bird) == 2 and eggs_of(game, 0, "Hooded Warbler") == 0
    game = position("classic", [spec, {}], rest="deck", options=options_)
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert eggs_of(game, 0, bird) == 1
    # full: the power has nothing to do and is not offered
    limit = SHIPPED["classic"].card(bird).egg_limit
    game = position("classic", [{"grassland": [(bird, limit)]}, {}], rest="deck", options=options_)
    Script(game).play(["lay-eggs"])
    assert eggs_of(game, 0, bird) == limit


def test_northern_bobwhite():
    _lay_on_this("Northern Bobwhite")


def test_scaled_quail():
    _lay_on_this("Scaled Quail", SWIFT)


# ---- brown: tuck a card from hand, then draw one -------------------------------------------------------


def _tuck_then_draw(bird: str) -> None:
    full = SHIPPED["classic"].card(bird).egg_limit
    spec = {"grassland": [(bird, full)], "hand": ["Trumpeter Swan", "Wood Duck"]}
    game = position("classic", [spec, {}], tray=TRAY, deck=["Anhinga", "Killdeer"])
    Script(game).play(["lay-eggs", "use", "tuck Trumpeter Swan", "use", "take-deck"])
    assert tucked_of(game, 0, bird) == ["Trumpeter Swan"]
    assert hand_names(game, 0) == ["Killdeer", "Wood Duck"]
    assert tray_names(game) == TRAY
    # the card tucked, the draw declined: the tuck stays, no card is drawn
    game = position("classic", [spec, {}], tray=TRAY, deck=["Anhinga", "Killdeer"])
    Script(game).play(["lay-eggs", "use", "tuck Trumpeter Swan", "skip"])
    assert tucked_of(game, 0, bird) == ["Trumpeter Swan"] and hand_names(game, 0) == ["Wood Duck"]
    assert deck_names(game)[-2:] == ["Anhinga", "Killdeer"]
    game = position("classic", [spec, {}], tray=TRAY, deck=["Anhinga", "Killdeer"])
    Script(game).play(["lay-eggs", "skip"])
    assert tucked_of(game, 0, bird) == [] and hand_names(game, 0) == ["Trumpeter Swan", "Wood Duck"]
    # no card in hand: nothing to tuck, so no card is drawn either (the power is not offered)
    game = position("classic", [{"grassland": [(bird, full)]}, {}], tray=TRAY, deck=["Anhinga", "Killdeer"])
    Script(game).play(["lay-eggs"])
    assert hand_names(game, 0) == [] and tucked_of(game, 0, bird) == []


def test_barn_swallow():
    _tuck_then_draw("Barn Swallow")


def test_purple_martin():
    _tuck_then_draw("Purple Martin")


# ---- brown: tuck a card from hand, then an egg on this bird ---------------------------------------------


def _tuck_then_egg(bird: str) -> None:
    spec = {"grassland": [bird], "hand": ["Trumpeter Swan", "Wood Duck"], "forest": ["Hooded Warbler"]}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["lay-eggs", "stop", "use", "tuck Wood Duck", "use"])
    assert tucked_of(game, 0, bird) == ["Wood Duck"] and hand_names(game, 0) == ["Trumpeter Swan"]
    assert eggs_of(game, 0, bird) == 1 and eggs_of(game, 0, "Hooded Warbler") == 0
    # the card tucked, the egg declined
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["lay-eggs", "stop", "use", "tuck Wood Duck", "skip"])
    assert tucked_of(game, 0, bird) == ["Wood Duck"] and hand_names(game, 0) == ["Trumpeter Swan"]
    assert eggs_of(game, 0, bird) == 0
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert tucked_of(game, 0, bird) == [] and eggs_of(game, 0, bird) == 0
    assert hand_names(game, 0) == ["Trumpeter Swan", "Wood Duck"]
    # a full bird may still tuck
    limit = SHIPPED["classic"].card(bird).egg_limit
    game = position("classic", [{"grassland": [(bird, limit)], "hand": ["Trumpeter Swan", "Wood Duck"]}, {}], rest="deck")
    Script(game).play(["lay-eggs", "use", "tuck Trumpeter Swan"])
    assert tucked_of(game, 0, bird) == ["Trumpeter Swan"] and eggs_of(game, 0, bird) == limit


def test_brewers_blackbird():
    _tuck_then_egg("Brewer's Blackbird")


def test_dickcissel():
    _tuck_then_egg("Dickcissel")


def test_red_winged_blackbird():
    _tuck_then_egg("Red-Winged Blackbird")


def test_white_throated_swift():
    # tuck a card, then an egg on any bird
    spec = {"grassland": [("White-Throated Swift", 2)], "hand": ["Trumpeter Swan", "Wood Duck"], "forest": ["Hooded Warbler", "Blue-Winged Warbler"]}
    game = position("classic", [spec, {}], rest="deck", options=SWIFT)
    Script(game).play(["lay-eggs", "stop", "use", "tuck Wood Duck"], until_turn_ends=False)
    assert game.pending.kind == "power" and options(game) == ["use", "skip"]
    Script(game).play(["use"], until_turn_ends=False)
    assert sorted(options(game)) == ["egg Blue-Winged Warbler", "egg Hooded Warbler", "stop"]
    Script(game).play(["egg Hooded Warbler"])
    assert tucked_of(game, 0, "White-Throated Swift") == ["Wood Duck"] and hand_names(game, 0) == ["Trumpeter Swan"]
    assert eggs_of(game, 0, "Hooded Warbler") == 1 and eggs_of(game, 0, "Blue-Winged Warbler") == 0
    # the card tucked, the egg declined
    game = position("classic", [spec, {}], rest="deck", options=SWIFT)
    Script(game).play(["lay-eggs", "stop", "use", "tuck Wood Duck", "skip"])
    assert tucked_of(game, 0, "White-Throated Swift") == ["Wood Duck"] and hand_names(game, 0) == ["Trumpeter Swan"]
    assert eggs_of(game, 0, "Hooded Warbler") == 0 and eggs_of(game, 0, "Blue-Winged Warbler") == 0
    game = position("classic", [spec, {}], rest="deck", options=SWIFT)
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert tucked_of(game, 0, "White-Throated Swift") == [] and hand_names(game, 0) == ["Trumpeter Swan", "Wood Duck"]
    assert eggs_of(game, 0, "Hooded Warbler") == 0


# ---- pink ------------------------------------------------------------------------------------------------


def test_black_billed_magpie():
    # player 0's Great Horned Owl hunts successfully: player 1 takes a die from the feeder
    p0 = {"forest": ["Great Horned Owl"]}
    p1 = {"grassland": ["Black-Billed Magpie"]}
    game = position("classic", [p0, p1], tray=TRAY, deck=["Hooded Warbler"], feeder=["seed", "fish", "fruit"])
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert tucked_of(game, 0, "Great Horned Owl") == ["Hooded Warbler"]
    assert game.pending.player == 1 and game.pending.source == "Black-Billed Magpie"
    Script(game).play(["use", "take fruit"])
    assert food_of(game, 1) == {"fruit": 1} and food_of(game, 0) == {"seed": 1} and feeder_faces(game) == ["fish"]
    game = position("classic", [p0, p1], tray=TRAY, deck=["Hooded Warbler"], feeder=["seed", "fish", "fruit"])
    Script(game).play(["gain-food", "take seed", "use", "skip"])
    assert food_of(game, 1) == {} and feeder_faces(game) == ["fish", "fruit"]
    # two such powers answer in turn order from the hunter's left (Black Vulture has the same power)
    players = [{"forest": ["Black Vulture"]}, {"forest": ["Great Horned Owl"]}, {"grassland": ["Black-Billed Magpie"]}]
    game = position("classic", players, tray=TRAY, deck=["Hooded Warbler"], feeder=["seed", "fish", "fruit", "rodent"], current=1)
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert (game.pending.player, game.pending.source) == (2, "Black-Billed Magpie")
    Script(game).play(["use", "take fish"], until_turn_ends=False)
    assert (game.pending.player, game.pending.source) == (0, "Black Vulture")
    Script(game).play(["use", "take rodent"])
    assert [food_of(game, p) for p in range(3)] == [{"rodent": 1}, {"seed": 1}, {"fish": 1}]
    assert feeder_faces(game) == ["fruit"]
    # a failed hunt wakes nothing
    game = position("classic", [p0, p1], tray=TRAY, deck=["Trumpeter Swan"], feeder=["seed", "fish", "fruit"])
    Script(game).play(["gain-food", "take seed", "use"])
    assert tucked_of(game, 0, "Great Horned Owl") == [] and food_of(game, 1) == {}


def _cowbird(bird: str) -> None:
    p0 = {"grassland": ["Say's Phoebe"]}  # a bowl bird of player 0 is never a target
    p1 = {"grassland": [bird], "wetland": ["Red-Winged Blackbird", "Barn Swallow", "Killdeer"]}
    game = position("classic", [p0, p1], rest="deck")
    Script(game).play(["lay-eggs", "egg Say's Phoebe", "egg Say's Phoebe"], until_turn_ends=False)
    assert game.pending.player == 1 and game.pending.source == bird
    Script(game).play(["use"], until_turn_ends=False)
    assert sorted(options(game)) == ["egg Barn Swallow", "egg Red-Winged Blackbird", "stop"]
    Script(game).play(["egg Barn Swallow"])
    assert eggs_of(game, 1, "Barn Swallow") == 1 and eggs_of(game, 1, "Red-Winged Blackbird") == 0
    assert eggs_of(game, 0, "Say's Phoebe") == 2
    game = position("classic", [p0, p1], rest="deck")
    Script(game).play(["lay-eggs", "egg Say's Phoebe", "egg Say's Phoebe", "skip"])
    assert sum(eggs_of(game, 1, b) for b in p1["wetland"]) == 0
    # another action (gain food) does not wake it
    game = position("classic", [p0, p1], feeder=["seed"] * 5, rest="deck")
    Script(game).play(["gain-food", "take seed"])
    assert sum(eggs_of(game, 1, b) for b in p1["wetland"]) == 0


def test_bronzed_cowbird():
    _cowbird("Bronzed Cowbird")


def test_brown_headed_cowbird():
    _cowbird("Brown-Headed Cowbird")


def test_horned_lark():
    p0 = {"hand": ["Killdeer"], "food": {"seed": 1}}
    p1 = {"grassland": ["Horned Lark"], "hand": ["Trumpeter Swan", "Wood Duck"]}
    game = position("classic", [p0, p1], rest="deck")
    Script(game).play(["play-grassland Killdeer", "use", "tuck Wood Duck"])
    assert row_names(game, 0, "grassland") == ["Killdeer"]
    assert tucked_of(game, 1, "Horned Lark") == ["Wood Duck"] and hand_names(game, 1) == ["Trumpeter Swan"]
    game = position("classic", [p0, p1], rest="deck")
    Script(game).play(["play-grassland Killdeer", "skip"])
    assert tucked_of(game, 1, "Horned Lark") == [] and hand_names(game, 1) == ["Trumpeter Swan", "Wood Duck"]
    # a bird played in the wetland does not wake it
    game = position("classic", [p0, p1], rest="deck")
    Script(game).play(["play-wetland Killdeer"])
    assert tucked_of(game, 1, "Horned Lark") == []
    # two grassland birds in one turn (the second through Eastern Bluebird): it answers once
    p0 = {"hand": ["Eastern Bluebird", "Killdeer"], "food": {"invertebrate": 1, "fruit": 1, "seed": 1}, "wetland": [("King Rail", 1)]}
    game = position("classic", [p0, p1], rest="deck")
    Script(game).play(["play-grassland Eastern Bluebird", "pay invertebrate", "pay fruit", "paid", "use", "use", "tuck Trumpeter Swan"])
    assert row_names(game, 0, "grassland") == ["Eastern Bluebird", "Killdeer"]
    assert tucked_of(game, 1, "Horned Lark") == ["Trumpeter Swan"] and hand_names(game, 1) == ["Wood Duck"]


def test_loggerhead_shrike():
    players = [{"forest": ["Hooded Warbler", "Blue-Winged Warbler"]}, {"grassland": ["Loggerhead Shrike"]}]
    game = position("classic", players, feeder=["rodent", "seed", "fish"], rest="deck")
    Script(game).play(["gain-food", "take seed", "take fish"])  # no rodent: no question
    assert cached_of(game, 1, "Loggerhead Shrike") == {}
    Script(game).play(["draw-cards", "take-deck"])
    Script(game).play(["gain-food", "take rodent", "stop", "use"])
    assert cached_of(game, 1, "Loggerhead Shrike") == {"rodent": 1} and food_of(game, 1) == {}
    assert food_of(game, 0) == {"seed": 1, "fish": 1, "rodent": 1}
    game = position("classic", players, feeder=["rodent", "seed", "fish"], rest="deck")
    Script(game).play(["gain-food", "take rodent", "stop", "skip"])
    assert cached_of(game, 1, "Loggerhead Shrike") == {}


# ---- brown: pay for cards or food --------------------------------------------------------------------------


def _seed_for_two_tucks(bird: str) -> None:
    full = SHIPPED["classic"].card(bird).egg_limit
    spec = {"grassland": [(bird, full)], "food": {"seed": 1, "fish": 1}}
    game = position("classic", [spec, {}], tray=TRAY, deck=["Anhinga", "Killdeer", "Wood Duck"])
    Script(game).play(["lay-eggs", "skip", "use", "use"])
    assert food_of(game, 0) == {"fish": 1}
    assert sorted(tucked_of(game, 0, bird)) == ["Killdeer", "Wood Duck"]
    assert hand_names(game, 0) == []
    # the seed discarded, the tucks declined
    game = position("classic", [spec, {}], tray=TRAY, deck=["Anhinga", "Killdeer", "Wood Duck"])
    Script(game).play(["lay-eggs", "skip", "use", "skip"])
    assert food_of(game, 0) == {"fish": 1} and tucked_of(game, 0, bird) == []
    assert deck_names(game)[-3:] == ["Anhinga", "Killdeer", "Wood Duck"]
    game = position("classic", [spec, {}], tray=TRAY, deck=["Anhinga", "Killdeer", "Wood Duck"])
    Script(game).play(["lay-eggs", "skip", "skip"])
    assert food_of(game, 0) == {"seed": 1, "fish": 1} and tucked_of(game, 0, bird) == []
    # a seed cached on a bird cannot pay: with none beside the mat the power is not offered
    cached = {"grassland": [{"bird": bird, "eggs": full, "cached": {"seed": 1}}], "food": {"fish": 1}}
    game = position("classic", [cached, {}], tray=TRAY, deck=["Anhinga", "Killdeer", "Wood Duck"])
    Script(game).play(["lay-eggs", "skip"])  # the conversion only
    assert tucked_of(game, 0, bird) == [] and cached_of(game, 0, bird) == {"seed": 1}


def test_canada_goose():
    _seed_for_two_tucks("Canada Goose")


def test_sandhill_crane():
    _seed_for_two_tucks("Sandhill Crane")


def test_chihuahuan_raven():
    spec = {"grassland": [("Chihuahuan Raven", 3)], "forest": [("Hooded Warbler", 1), ("Blue-Winged Warbler", 1)]}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["lay-eggs", "stop", "use"], until_turn_ends=False)
    assert sorted(options(game)) == ["discard-egg Blue-Winged Warbler", "discard-egg Hooded Warbler"]  # not its own eggs
    Script(game).play(["discard-egg Hooded Warbler", "use", "take fish", "take rodent"])
    assert eggs_of(game, 0, "Hooded Warbler") == 0 and eggs_of(game, 0, "Blue-Winged Warbler") == 1
    assert eggs_of(game, 0, "Chihuahuan Raven") == 3
    assert food_of(game, 0) == {"fish": 1, "rodent": 1}
    # the egg discarded, the food declined: the egg stays gone
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["lay-eggs", "stop", "use", "discard-egg Hooded Warbler", "skip"])
    assert eggs_of(game, 0, "Hooded Warbler") == 0 and eggs_of(game, 0, "Blue-Winged Warbler") == 1
    assert food_of(game, 0) == {}
    # or stopped after one food
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["lay-eggs", "stop", "use", "discard-egg Hooded Warbler", "use", "take fish", "stop"])
    assert eggs_of(game, 0, "Hooded Warbler") == 0 and food_of(game, 0) == {"fish": 1}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert eggs_of(game, 0, "Hooded Warbler") == 1 and food_of(game, 0) == {}
    # eggs only on the raven itself: nothing to discard, not offered
    game = position("classic", [{"grassland": [("Chihuahuan Raven", 3)]}, {}], rest="deck")
    Script(game).play(["lay-eggs"])
    assert eggs_of(game, 0, "Chihuahuan Raven") == 3 and food_of(game, 0) == {}


def _egg_for_two_cards(bird: str) -> None:
    full = SHIPPED["classic"].card(bird).egg_limit
    spec = {"grassland": [(bird, full)], "hand": ["Trumpeter Swan"]}
    game = position("classic", [spec, {}], tray=TRAY, deck=["Anhinga", "Bobolink", "Wood Duck"])
    Script(game).play(["lay-eggs", "use", "use", "take-deck", "take-bird Osprey"])
    assert eggs_of(game, 0, bird) == full - 1
    assert hand_names(game, 0) == ["Osprey", "Trumpeter Swan", "Wood Duck"]
    # the egg discarded, the cards declined
    game = position("classic", [spec, {}], tray=TRAY, deck=["Anhinga", "Bobolink", "Wood Duck"])
    Script(game).play(["lay-eggs", "use", "skip"])
    assert eggs_of(game, 0, bird) == full - 1 and hand_names(game, 0) == ["Trumpeter Swan"]
    assert tray_names(game) == TRAY
    game = position("classic", [spec, {}], tray=TRAY, deck=["Anhinga", "Bobolink", "Wood Duck"])
    Script(game).play(["lay-eggs", "skip"])
    assert eggs_of(game, 0, bird) == full and hand_names(game, 0) == ["Trumpeter Swan"]
    # no egg at all: the power is not offered
    game = position("classic", [{"grassland": [bird], "hand": ["Trumpeter Swan"]}, {}], tray=TRAY, deck=["Anhinga"])
    Script(game).play(["lay-eggs", "stop"])
    assert eggs_of(game, 0, bird) == 0 and hand_names(game, 0) == ["Trumpeter Swan"]
    # an egg the action has just laid may pay for it (an egg of any of the player's birds)
    game = position("classic", [{"grassland": [bird], "forest": [("Hooded Warbler", 1)], "hand": ["Trumpeter Swan"]}, {}], tray=TRAY, deck=["Anhinga", "Bobolink"])
    Script(game).play(["lay-eggs", f"egg {bird}", "stop", "use"], until_turn_ends=False)
    assert sorted(options(game)) == sorted([f"discard-egg {bird}", "discard-egg Hooded Warbler"])
    Script(game).play(["discard-egg Hooded Warbler", "use", "take-deck", "take-deck"])
    assert eggs_of(game, 0, bird) == 1 and eggs_of(game, 0, "Hooded Warbler") == 0
    assert hand_names(game, 0) == ["Anhinga", "Bobolink", "Trumpeter Swan"]


def test_franklins_gull():
    _egg_for_two_cards("Franklin's Gull")


def test_killdeer():
    _egg_for_two_cards("Killdeer")


# ---- white: bonus cards --------------------------------------------------------------------------------------


def _bonus_draw(bird: str, food: dict) -> None:
    one, two = SHIPPED["classic"].bonuses[1].name, SHIPPED["classic"].bonuses[2].name
    spec = {"hand": [bird], "food": food, "bonus": ["Forester"]}
    game = position("classic", [spec, {}], bonus_deck=[one, two], rest="deck")
    before = conserved(game)
    Script(game).play([f"play-grassland {bird}", *pay(food), "use"], until_turn_ends=False)
    assert game.pending.kind == "bonus"
    assert sorted(options(game)) == sorted([f"discard-bonus {one}", f"discard-bonus {two}"])
    Script(game).play([f"discard-bonus {two}"])
    assert bonus_names(game, 0) == sorted(["Forester", one])
    assert [game.cards.bonuses[b].name for b in game.state.bonus_discard][-1] == two
    assert food_of(game, 0) == {} and conserved(game) == before
    game = position("classic", [spec, {}], bonus_deck=[one, two], rest="deck")
    Script(game).play([f"play-grassland {bird}", *pay(food), "skip"])
    assert bonus_names(game, 0) == ["Forester"] and len(game.state.bonus_deck) == 2


def test_chestnut_collared_longspur():
    _bonus_draw("Chestnut-Collared Longspur", {"invertebrate": 1, "seed": 2})


def test_greater_prairie_chicken():
    _bonus_draw("Greater Prairie-Chicken", {"invertebrate": 1, "seed": 2})


def test_painted_bunting():
    _bonus_draw("Painted Bunting", {"invertebrate": 1, "seed": 2})


def test_spragues_pipit():
    _bonus_draw("Sprague's Pipit", {"invertebrate": 1, "seed": 1})
    # one bonus card left in the deck: the discards are shuffled into a new deck for the second
    one = SHIPPED["classic"].bonuses[1].name
    spec = {"hand": ["Sprague's Pipit"], "food": {"invertebrate": 1, "seed": 1}}
    game = position("classic", [spec, {}], bonus_deck=[one], rest="deck")
    before = conserved(game)
    total = len(game.state.bonus_discard) + 1
    Script(game).play(["play-grassland Sprague's Pipit", "pay invertebrate", "use"], until_turn_ends=False)
    assert len(options(game)) == 2 and f"discard-bonus {one}" in options(game)
    Script(game).play([f"discard-bonus {one}"])
    assert len(bonus_names(game, 0)) == 1 and bonus_names(game, 0) != [one]
    assert len(game.state.bonus_deck) + len(game.state.bonus_discard) == total - 1
    assert conserved(game) == before


# ---- white: a second bird in the grassland -------------------------------------------------------------------


def _second_bird(bird: str, food: dict, paying: list[str]) -> None:
    # the second bird (Horned Lark, invertebrate + seed) is paid in full, egg for its slot included;
    # Mallard, as cheap but a wetland bird, is no choice
    spec = {"hand": [bird, "Horned Lark", "Mallard"], "food": food, "wetland": [("King Rail", 1)]}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play([f"play-grassland {bird}", *paying, "use", "pay invertebrate"])
    assert row_names(game, 0, "grassland") == [bird, "Horned Lark"]
    assert food_of(game, 0) == {} and eggs_of(game, 0, "King Rail") == 0
    assert hand_names(game, 0) == ["Mallard"] and game.state.seats[0].cubes_used == 1
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play([f"play-grassland {bird}", *paying, "skip"])
    assert row_names(game, 0, "grassland") == [bird] and hand_names(game, 0) == ["Horned Lark", "Mallard"]
    assert food_of(game, 0) == {"invertebrate": 1, "seed": 1} and eggs_of(game, 0, "King Rail") == 1


def test_eastern_bluebird():
    _second_bird("Eastern Bluebird", {"invertebrate": 2, "fruit": 1, "seed": 1}, ["pay invertebrate", "pay fruit", "paid"])
    # the second bird's own play-a-bird power may play a third
    spec = {"hand": ["Eastern Bluebird", "Savannah Sparrow", "Horned Lark"], "food": {"invertebrate": 2, "fruit": 1, "seed": 2}, "wetland": [("King Rail", 2)]}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(
        ["play-grassland Eastern Bluebird", "pay invertebrate", "pay fruit", "paid", "use"]
        + ["play-grassland Savannah Sparrow", "pay seed", "paid", "use", "pay invertebrate"]
    )
    assert row_names(game, 0, "grassland") == ["Eastern Bluebird", "Savannah Sparrow", "Horned Lark"]
    assert food_of(game, 0) == {} and eggs_of(game, 0, "King Rail") == 0 and hand_names(game, 0) == []
    assert game.state.seats[0].cubes_used == 1


def test_mountain_bluebird():
    _second_bird("Mountain Bluebird", {"invertebrate": 2, "fruit": 1, "seed": 1}, ["pay invertebrate", "pay fruit", "paid"])


def test_savannah_sparrow():
    _second_bird("Savannah Sparrow", {"invertebrate": 2, "seed": 1}, ["pay invertebrate", "paid"])


# ---- brown: predators ------------------------------------------------------------------------------------------


def _hunt(bird: str, caught: str, missed: str) -> None:
    limit = int(SHIPPED["classic"].card(bird).egg_limit)
    assert SHIPPED["classic"].card(caught).wingspan < HUNT[bird] <= SHIPPED["classic"].card(missed).wingspan
    game = position("classic", [{"grassland": [(bird, limit)]}, {}], tray=TRAY, deck=[missed, caught])
    Script(game).play(["lay-eggs", "use"])
    assert tucked_of(game, 0, bird) == [caught] and hand_names(game, 0) == []
    Script(game).play(["lay-eggs"])  # player 1
    Script(game).play(["lay-eggs", "use"])
    assert tucked_of(game, 0, bird) == [caught] and discard_names(game)[-1] == missed
    # a wingspan equal to the limit is no catch
    game = position("classic", [{"grassland": [(bird, limit)]}, {}], tray=TRAY, deck=["Edge Test Bird"], extra_cards=_edge_bird(HUNT[bird]))
    Script(game).play(["lay-eggs", "use"])
    assert tucked_of(game, 0, bird) == [] and discard_names(game)[-1] == "Edge Test Bird"
    game = position("classic", [{"grassland": [(bird, limit)]}, {}], tray=TRAY, deck=[missed, caught])
    Script(game).play(["lay-eggs", "skip"])
    assert tucked_of(game, 0, bird) == [] and [game.cards.cards[c].name for c in game.state.deck] == [missed, caught]


def _edge_bird(wingspan: int) -> str:
    """Card text for a bird whose wingspan is exactly ``wingspan`` cm (no such classic bird)."""
    return f"""
bird "Edge Test Bird" {{
  habitats: forest
  cost: seed
  points: 1
  nest: bowl
  egg_limit: 1
  wingspan: {wingspan}
  set: core
}}
"""


HUNT = {"Golden Eagle": 100, "Peregrine Falcon": 100, "Northern Harrier": 75, "Swainson's Hawk": 75, "Greater Roadrunner": 50}


def test_golden_eagle():
    _hunt("Golden Eagle", "American Crow", "Trumpeter Swan")


def test_peregrine_falcon():
    _hunt("Peregrine Falcon", "American Crow", "Golden Eagle")


def test_northern_harrier():
    _hunt("Northern Harrier", "Pileated Woodpecker", "Wood Duck")


def test_swainsons_hawk():
    _hunt("Swainson's Hawk", "Black-Necked Stilt", "Wood Duck")


def test_greater_roadrunner():
    _hunt("Greater Roadrunner", "Hooded Warbler", "Anhinga")


# ---- brown: every player ----------------------------------------------------------------------------------------


def test_scissor_tailed_flycatcher():
    players = [{"grassland": [("Scissor-Tailed Flycatcher", 2)], "food": {"seed": 1}}, {}, {"food": {"invertebrate": 1}}]
    game = position("classic", players, rest="deck")
    Script(game).play(["lay-eggs", "skip", "use"])  # no seed for an extra egg
    assert [food_of(game, p) for p in range(3)] == [{"invertebrate": 1, "seed": 1}, {"invertebrate": 1}, {"invertebrate": 2}]
    game = position("classic", players, rest="deck")
    Script(game).play(["lay-eggs", "skip", "skip"])
    assert [food_of(game, p) for p in range(3)] == [{"seed": 1}, {}, {"invertebrate": 1}]


def _all_lay(bird: str, mine: str, other: str, theirs: str, their_other: str, third: str) -> None:
    # the owner lays on up to 2 different birds of the nest (a wild nest counts), then each
    # other player on 1 bird of their own
    limit = SHIPPED["classic"].card(bird).egg_limit
    p0 = {"grassland": [(bird, limit)], "wetland": [mine, "Barn Swallow", other]}
    p1 = {"forest": [theirs, their_other]}
    p2 = {"grassland": [third]}
    game = position("classic", [p0, p1, p2], rest="deck")
    Script(game).play(["lay-eggs", "stop", "use"], until_turn_ends=False)
    assert (game.pending.player, sorted(options(game))) == (0, sorted([f"egg {mine}", "egg Barn Swallow", "stop"]))
    Script(game).play([f"egg {mine}"], until_turn_ends=False)
    assert (game.pending.player, options(game)) == (0, ["egg Barn Swallow", "stop"])  # a different bird
    Script(game).play(["egg Barn Swallow"], until_turn_ends=False)
    assert (game.pending.player, options(game)) == (1, [f"egg {theirs}", "stop"])
    Script(game).play([f"egg {theirs}"], until_turn_ends=False)
    assert (game.pending.player, options(game)) == (2, [f"egg {third}", "stop"])
    Script(game).play([f"egg {third}"])
    assert [eggs_of(game, 0, b) for b in (mine, "Barn Swallow", other)] == [1, 1, 0]
    assert [eggs_of(game, 1, theirs), eggs_of(game, 1, their_other), eggs_of(game, 2, third)] == [1, 0, 1]
    # the others may decline, the owner may lay just one
    game = position("classic", [p0, p1, p2], rest="deck")
    Script(game).play(["lay-eggs", "stop", "use", "egg Barn Swallow", "stop", "stop", f"egg {third}"])
    assert [eggs_of(game, 0, b) for b in (mine, "Barn Swallow", other)] == [0, 1, 0]
    assert [eggs_of(game, 1, theirs), eggs_of(game, 2, third)] == [0, 1]
    game = position("classic", [p0, p1, p2], rest="deck")
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert [eggs_of(game, 0, mine), eggs_of(game, 0, "Barn Swallow"), eggs_of(game, 1, theirs), eggs_of(game, 2, third)] == [0, 0, 0, 0]


def test_lazuli_bunting():
    _all_lay("Lazuli Bunting", "Red-Winged Blackbird", "Killdeer", "Hooded Warbler", "Wild Turkey", "Blue-Winged Warbler")


def test_western_meadowlark():
    _all_lay("Western Meadowlark", "Killdeer", "Purple Martin", "Wild Turkey", "Hooded Warbler", "Horned Lark")
