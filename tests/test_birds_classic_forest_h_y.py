"""One strict scripted test per bird of cards/classic/forest_h-y.wsp.

Each test builds a position where the bird's power can fire (the row's action for a brown
power, playing the bird for a white one, another player's action for a pink one), answers
every real decision with a strict ``Script`` and checks the exact result; an optional power is
also skipped to show that nothing changes.  Birds without a power are played into the second
forest slot: their food and the slot's egg are paid and their points are counted.
"""

from __future__ import annotations

from scripted import (
    SHIPPED,
    Script,
    bonus_names,
    cached_of,
    eggs_of,
    feeder_faces,
    food_of,
    hand_names,
    options,
    position,
    rolled,
    row_names,
    tucked_of,
)

SWIFT = {"swift_start": True}
FULL_TRAY = ["Mallard", "Killdeer", "Osprey"]  # no card leaves the deck at the end of a turn


def forest_turn(spec, answers, *, feeder=("seed", "fish", "fruit", "rodent"), others=({},), **kw):
    """Player 0 (``spec``) takes the forest action, answering ``answers``."""
    game = position("classic", [spec, *others], feeder=list(feeder), rest=kw.pop("rest", "deck"), **kw)
    Script(game).play(answers)
    return game


# ---- birds without a power -------------------------------------------------------------------


def play_plain(bird: str, food: dict, pays: list[str], left: dict) -> None:
    spec = {"hand": [bird], "forest": [("Blue-Winged Warbler", 1)], "food": food}
    game = position("classic", [spec, {}], rest="deck")
    assert game.score().players[0].birds == SHIPPED["classic"].card("Blue-Winged Warbler").points
    Script(game).play([f"play-forest {bird}", *pays])
    assert row_names(game, 0, "forest") == ["Blue-Winged Warbler", bird]
    assert food_of(game, 0) == left and hand_names(game, 0) == []
    assert eggs_of(game, 0, "Blue-Winged Warbler") == 0  # the second slot costs one egg
    points = SHIPPED["classic"].card("Blue-Winged Warbler").points + SHIPPED["classic"].card(bird).points
    assert game.score().players[0].birds == points
    assert game.state.seats[0].cubes_used == 1


def test_hooded_warbler():
    assert SHIPPED["classic"].card("Hooded Warbler").points == 7
    play_plain("Hooded Warbler", {"invertebrate": 2, "seed": 1}, ["pay invertebrate", "pay invertebrate", "paid"], {"seed": 1})


def test_prothonotary_warbler():
    assert SHIPPED["classic"].card("Prothonotary Warbler").points == 8
    pays = ["pay invertebrate", "pay invertebrate", "pay seed", "paid"]
    play_plain("Prothonotary Warbler", {"invertebrate": 2, "seed": 1, "fish": 1}, pays, {"fish": 1})


def test_wild_turkey():
    assert SHIPPED["classic"].card("Wild Turkey").points == 8
    pays = ["pay seed", "pay seed", "pay fruit", "paid"]
    play_plain("Wild Turkey", {"seed": 2, "fruit": 1, "rodent": 1}, pays, {"rodent": 1})


# ---- all players / chosen players --------------------------------------------------------------


def test_hermit_thrush():
    feeder = ["seed", "fish", "fruit", "rodent", "invertebrate"]
    # players 1 and 2 tie with no forest bird; player 0 (one forest bird) does not share
    players = [{"forest": ["Hermit Thrush"]}, {}, {}]
    game = position("classic", players, feeder=feeder, rest="deck")
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert options(game) == ["first p1", "first p2"]
    Script(game).play(["first p2", "take fruit", "take fish"])  # p2 first, then p1 in turn order
    assert food_of(game, 0) == {"seed": 1} and food_of(game, 1) == {"fish": 1} and food_of(game, 2) == {"fruit": 1}
    # only the player with the fewest forest birds gains, even if that is not the owner
    players = [{"forest": ["Hermit Thrush"]}, {"forest": ["Hooded Warbler", "Blue-Winged Warbler"]}, {"forest": ["Wild Turkey", "Spotted Owl"]}]
    game = position("classic", players, feeder=feeder, rest="deck")
    Script(game).play(["gain-food", "take seed", "use", "take rodent"])  # the owner alone: no one to choose
    assert food_of(game, 0) == {"seed": 1, "rodent": 1} and food_of(game, 1) == {} and food_of(game, 2) == {}
    # a tie that includes the owner: the owner chooses who starts
    players = [{"forest": ["Hermit Thrush"]}, {"forest": ["Hooded Warbler"]}, {"forest": ["Wild Turkey", "Spotted Owl"]}]
    game = position("classic", players, feeder=feeder, rest="deck")
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert options(game) == ["first p0", "first p1"]
    Script(game).play(["first p1", "take fish", "take fruit"])
    assert food_of(game, 0) == {"seed": 1, "fruit": 1} and food_of(game, 1) == {"fish": 1} and food_of(game, 2) == {}
    game = position("classic", [{"forest": ["Hermit Thrush"]}, {}, {}], feeder=feeder, rest="deck")
    Script(game).play(["gain-food", "take seed", "skip"])
    assert [food_of(game, p) for p in range(3)] == [{"seed": 1}, {}, {}]
    assert feeder_faces(game) == sorted(["fish", "fruit", "rodent", "invertebrate"])


def test_ruby_throated_hummingbird():
    feeder = ["seed", "fish", "fruit", "rodent", "invertebrate"]
    players = [{"forest": ["Ruby-Throated Hummingbird"]}, {}, {}]
    game = position("classic", players, feeder=feeder, rest="deck")
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert options(game) == ["first p0", "first p1", "first p2"]
    Script(game).play(["first p2", "take fish", "take fruit", "take rodent"])  # p2, p0, p1
    assert food_of(game, 2) == {"fish": 1} and food_of(game, 0) == {"seed": 1, "fruit": 1} and food_of(game, 1) == {"rodent": 1}
    assert feeder_faces(game) == ["invertebrate"]
    game = position("classic", players, feeder=feeder, rest="deck")
    Script(game).play(["gain-food", "take seed", "skip"])
    assert [food_of(game, p) for p in range(3)] == [{"seed": 1}, {}, {}]


def test_red_crossbill():
    players = [{"forest": ["Red Crossbill"]}, {"food": {"fish": 1}}, {}]
    game = forest_turn(players[0], ["gain-food", "take fish", "use"], others=players[1:])
    assert food_of(game, 0) == {"fish": 1, "seed": 1} and food_of(game, 1) == {"fish": 1, "seed": 1} and food_of(game, 2) == {"seed": 1}
    assert feeder_faces(game) == ["fruit", "rodent", "seed"]  # from the supply
    game = forest_turn(players[0], ["gain-food", "take fish", "skip"], others=players[1:])
    assert [food_of(game, p) for p in range(3)] == [{"fish": 1}, {"fish": 1}, {}]


def test_pileated_woodpecker():
    players = [
        {"forest": ["Juniper Titmouse", "Pileated Woodpecker"], "grassland": ["Hooded Warbler"]},
        {"forest": ["Red-Breasted Nuthatch", "White-Breasted Nuthatch", "Northern Cardinal"]},
        {"forest": ["Spotted Towhee"]},  # no cavity nest: nothing to lay
    ]
    game = position("classic", players, feeder=["seed", "fish", "fruit", "rodent"], rest="deck")
    Script(game).play(["gain-food", "take seed", "take fish", "use"], until_turn_ends=False)
    assert options(game) == ["egg Juniper Titmouse", "egg Pileated Woodpecker", "stop"]  # no bowl nest
    Script(game).play(["egg Juniper Titmouse"], until_turn_ends=False)
    assert options(game) == ["egg Pileated Woodpecker", "stop"]  # the second egg goes on another bird
    Script(game).play(["egg Pileated Woodpecker"], until_turn_ends=False)
    assert game.pending.player == 1
    assert options(game) == ["egg Red-Breasted Nuthatch", "egg White-Breasted Nuthatch", "stop"]
    Script(game).play(["egg White-Breasted Nuthatch", "skip"])  # then Juniper Titmouse's own power
    assert eggs_of(game, 0, "Juniper Titmouse") == 1 and eggs_of(game, 0, "Pileated Woodpecker") == 1
    assert eggs_of(game, 0, "Hooded Warbler") == 0
    assert eggs_of(game, 1, "White-Breasted Nuthatch") == 1 and eggs_of(game, 1, "Red-Breasted Nuthatch") == 0
    assert eggs_of(game, 2, "Spotted Towhee") == 0
    # the owner may lay just one
    game = position("classic", players, feeder=["seed", "fish", "fruit", "rodent"], rest="deck")
    Script(game).play(["gain-food", "take seed", "take fish", "use", "egg Pileated Woodpecker", "stop", "stop", "skip"])
    assert eggs_of(game, 0, "Pileated Woodpecker") == 1 and eggs_of(game, 0, "Juniper Titmouse") == 0
    assert eggs_of(game, 1, "Red-Breasted Nuthatch") == 0 and eggs_of(game, 1, "White-Breasted Nuthatch") == 0
    game = position("classic", players, feeder=["seed", "fish", "fruit", "rodent"], rest="deck")
    Script(game).play(["gain-food", "take seed", "take fish", "skip", "skip"])
    assert sum(s.eggs for seat in game.state.seats for row in seat.rows for s in row) == 0


# ---- tuck a card, then a benefit -------------------------------------------------------------


def tuck_then(bird: str, after: list[str], gained: dict, drawn: list[str], opts=None) -> None:
    spec = {"forest": [bird], "hand": ["Trumpeter Swan"]}
    # "skip": no card discarded for food; the second "use" takes the benefit once the card is tucked
    answers = ["gain-food", "skip", "take fish", "use", "use", *after]
    game = forest_turn(spec, answers, deck=["Hooded Warbler"], tray=FULL_TRAY, options=opts)
    assert tucked_of(game, 0, bird) == ["Trumpeter Swan"]
    assert hand_names(game, 0) == drawn and food_of(game, 0) == {"fish": 1, **gained}
    assert game.score().players[0].tucked == 1
    # the benefit skipped after the tuck: the card stays tucked, nothing is drawn or gained
    game = forest_turn(spec, ["gain-food", "skip", "take fish", "use", "skip"], deck=["Hooded Warbler"], tray=FULL_TRAY, options=opts)
    assert tucked_of(game, 0, bird) == ["Trumpeter Swan"] and game.score().players[0].tucked == 1
    assert hand_names(game, 0) == [] and food_of(game, 0) == {"fish": 1}
    game = forest_turn(spec, ["gain-food", "skip", "take fish", "skip"], deck=["Hooded Warbler"], tray=FULL_TRAY, options=opts)
    assert tucked_of(game, 0, bird) == [] and hand_names(game, 0) == ["Trumpeter Swan"] and food_of(game, 0) == {"fish": 1}
    # with no card in hand there is nothing to tuck, so no benefit either: the power is not offered
    game = forest_turn({"forest": [bird]}, ["gain-food", "take fish"], deck=["Hooded Warbler"], tray=FULL_TRAY, options=opts)
    assert tucked_of(game, 0, bird) == [] and hand_names(game, 0) == [] and food_of(game, 0) == {"fish": 1}


def test_house_finch():
    tuck_then("House Finch", ["take-deck"], {}, ["Hooded Warbler"])


def test_violet_green_swallow():
    tuck_then("Violet-Green Swallow", ["take-deck"], {}, ["Hooded Warbler"])


def test_yellow_rumped_warbler():
    tuck_then("Yellow-Rumped Warbler", ["take-deck"], {}, ["Hooded Warbler"])


def test_pine_siskin():
    tuck_then("Pine Siskin", [], {"seed": 1}, [])


def test_pygmy_nuthatch():
    tuck_then("Pygmy Nuthatch", ["take invertebrate"], {"invertebrate": 1}, [])
    tuck_then("Pygmy Nuthatch", ["take seed"], {"seed": 1}, [])


def test_vauxs_swift():
    tuck_then("Vaux's Swift", [], {"invertebrate": 1}, [], SWIFT)


# ---- play a second bird ------------------------------------------------------------------------


def second_bird(bird: str, pay_bird: str) -> None:
    hand = [bird, "Wild Turkey", "Hooded Warbler", "Mallard"]
    spec = {"hand": hand, "wetland": [("King Rail", 1)], "food": {"invertebrate": 3, "seed": 2, "fruit": 2}}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play([f"play-forest {bird}", f"pay {pay_bird}", "paid", "use"], until_turn_ends=False)
    # a forest bird only (Wild Turkey could live in the grassland too, Mallard only in the wetland)
    assert sorted(options(game)) == ["play-forest Hooded Warbler", "play-forest Wild Turkey"]
    Script(game).play(["play-forest Hooded Warbler", "pay invertebrate", "pay invertebrate", "paid"])
    assert row_names(game, 0, "forest") == [bird, "Hooded Warbler"]
    left = {"invertebrate": 3, "seed": 2, "fruit": 2}
    left[pay_bird] -= 1
    left["invertebrate"] -= 2
    assert food_of(game, 0) == {f: n for f, n in left.items() if n}
    assert eggs_of(game, 0, "King Rail") == 0  # the second slot's egg is paid
    assert hand_names(game, 0) == ["Mallard", "Wild Turkey"]
    assert game.state.seats[0].cubes_used == 1 and game.pending.player == 1
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play([f"play-forest {bird}", f"pay {pay_bird}", "paid", "skip"])
    assert row_names(game, 0, "forest") == [bird] and eggs_of(game, 0, "King Rail") == 1
    assert hand_names(game, 0) == sorted(hand[1:])


def test_house_wren():
    second_bird("House Wren", "invertebrate")
    # played in the grassland, the second bird goes into the grassland
    hand = ["House Wren", "Wild Turkey", "Hooded Warbler"]
    spec = {"hand": hand, "wetland": [("King Rail", 1)], "food": {"invertebrate": 3, "seed": 2, "fruit": 1}}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["play-grassland House Wren", "pay invertebrate", "paid", "use", "pay seed", "pay seed", "pay fruit", "paid"])
    assert row_names(game, 0, "grassland") == ["House Wren", "Wild Turkey"] and row_names(game, 0, "forest") == []
    assert hand_names(game, 0) == ["Hooded Warbler"] and food_of(game, 0) == {"invertebrate": 2}


def test_red_eyed_vireo():
    second_bird("Red-Eyed Vireo", "fruit")


def test_ruby_crowned_kinglet():
    second_bird("Ruby-Crowned Kinglet", "seed")
    # the second bird's own play-a-bird power may play a third one
    hand = ["Ruby-Crowned Kinglet", "Tufted Titmouse", "Hooded Warbler"]
    spec = {"hand": hand, "wetland": [("King Rail", 2)], "food": {"invertebrate": 3, "seed": 1}}
    game = position("classic", [spec, {}], rest="deck")
    answers = ["play-forest Ruby-Crowned Kinglet", "pay seed", "paid", "use", "play-forest Tufted Titmouse", "paid", "use"]
    Script(game).play(answers)  # the Titmouse's invertebrate and the Warbler's two are the only ways left to pay
    assert row_names(game, 0, "forest") == hand and food_of(game, 0) == {} and eggs_of(game, 0, "King Rail") == 0
    assert game.state.seats[0].cubes_used == 1


def test_tufted_titmouse():
    second_bird("Tufted Titmouse", "fruit")


# ---- food from the feeder ---------------------------------------------------------------------


def feeder_choice(bird: str, feeder: list[str], first: str, offered: list[str], take: str) -> None:
    game = position("classic", [{"forest": [bird]}, {}], feeder=feeder, rest="deck")
    Script(game).play(["gain-food", f"take {first}", "use"], until_turn_ends=False)
    assert options(game) == [f"take {f}" for f in offered] + ["stop"]
    Script(game).play([f"take {take}"])
    assert food_of(game, 0) == {first: 1, take: 1} if first != take else {first: 2}
    rest = list(feeder)
    rest.remove(first)
    rest.remove(take)
    assert feeder_faces(game) == sorted(rest)
    game = position("classic", [{"forest": [bird]}, {}], feeder=feeder, rest="deck")
    Script(game).play(["gain-food", f"take {first}", "skip"])
    assert food_of(game, 0) == {first: 1}


def test_indigo_bunting():
    feeder = ["seed", "fish", "fruit", "invertebrate"]
    feeder_choice("Indigo Bunting", feeder, "seed", ["invertebrate", "fruit"], "fruit")
    feeder_choice("Indigo Bunting", feeder, "seed", ["invertebrate", "fruit"], "invertebrate")
    # neither food in the feeder: not offered
    forest_turn({"forest": ["Indigo Bunting"]}, ["gain-food", "take seed"], feeder=["seed", "fish", "rodent"])
    # the dice left all show one face: the power may reroll the feeder before taking
    for seed in range(20):
        game = position("classic", [{"forest": ["Indigo Bunting"]}, {}], feeder=["seed", "seed", "seed"], rest="deck", seed=seed)
        Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
        assert options(game) == ["reroll", "stop"]
        Script(game).play(["reroll"], until_turn_ends=False)
        assert len(game.state.feeder) == 5  # all five dice are rolled
        if "take fruit" in options(game):
            before = feeder_faces(game)
            Script(game).play(["take fruit"])
            before.remove("fruit")
            assert food_of(game, 0) == {"seed": 1, "fruit": 1} and feeder_faces(game) == before
            break
    else:
        raise AssertionError("no seed rolled a fruit")


def test_western_tanager():
    feeder = ["seed", "fish", "fruit", "invertebrate"]
    feeder_choice("Western Tanager", feeder, "fish", ["invertebrate", "fruit"], "invertebrate")
    forest_turn({"forest": ["Western Tanager"]}, ["gain-food", "take seed"], feeder=["seed", "fish", "rodent"])


def test_rose_breasted_grosbeak():
    feeder = ["seed", "fish", "fruit", "invertebrate"]
    feeder_choice("Rose-Breasted Grosbeak", feeder, "fish", ["seed", "fruit"], "seed")
    forest_turn({"forest": ["Rose-Breasted Grosbeak"]}, ["gain-food", "take fish"], feeder=["invertebrate", "fish", "rodent"])


def test_northern_flicker():
    feeder = ["invertebrate", "invertebrate", "seed", "fish"]
    spec = {"hand": ["Northern Flicker"], "food": {"seed": 1}}  # its only food pays its cost
    game = position("classic", [spec, {}], feeder=feeder, rest="deck")
    Script(game).play(["play-forest Northern Flicker", "use", "take invertebrate", "take invertebrate"])
    assert row_names(game, 0, "forest") == ["Northern Flicker"]
    assert food_of(game, 0) == {"invertebrate": 2} and feeder_faces(game) == ["fish", "seed"]
    # die by die, so the player may stop short; the split die counts as an invertebrate too
    game = position("classic", [spec, {}], feeder=["invertebrate", "invertebrate/seed", "fish"], rest="deck")
    Script(game).play(["play-forest Northern Flicker", "use"], until_turn_ends=False)
    assert options(game) == ["take invertebrate", "take-split invertebrate", "stop"]
    Script(game).play(["take-split invertebrate", "stop"])
    assert food_of(game, 0) == {"invertebrate": 1} and feeder_faces(game) == ["fish", "invertebrate"]
    game = position("classic", [spec, {}], feeder=["invertebrate", "invertebrate/seed", "fish"], rest="deck")
    Script(game).play(["play-forest Northern Flicker", "use", "take invertebrate", "take invertebrate"])
    assert food_of(game, 0) == {"invertebrate": 2} and feeder_faces(game) == ["fish"]
    game = position("classic", [spec, {}], feeder=feeder, rest="deck")
    Script(game).play(["play-forest Northern Flicker", "skip"])
    assert food_of(game, 0) == {} and feeder_faces(game) == sorted(feeder)


def feeder_cache(bird: str) -> None:
    for answer, cached, food in (("cache", {"seed": 1}, {"fish": 1}), ("keep-food", {}, {"fish": 1, "seed": 1})):
        game = forest_turn({"forest": [bird]}, ["gain-food", "take fish", "use", "take seed", answer], feeder=["seed", "fish", "fruit"])
        assert cached_of(game, 0, bird) == cached and food_of(game, 0) == food
        assert feeder_faces(game) == ["fruit"]
    game = forest_turn({"forest": [bird]}, ["gain-food", "take fish", "skip"], feeder=["seed", "fish", "fruit"])
    assert cached_of(game, 0, bird) == {} and food_of(game, 0) == {"fish": 1} and feeder_faces(game) == ["fruit", "seed"]
    # no seed in the feeder: not offered
    game = forest_turn({"forest": [bird]}, ["gain-food", "take fish"], feeder=["rodent", "fish", "fruit"])
    assert cached_of(game, 0, bird) == {}


def test_red_bellied_woodpecker():
    feeder_cache("Red-Bellied Woodpecker")
    # no seed, but every die left shows one face: the power may reroll the feeder
    for seed in range(20):
        game = position("classic", [{"forest": ["Red-Bellied Woodpecker"]}, {}], feeder=["fish", "fish", "fish"], rest="deck", seed=seed)
        Script(game).play(["gain-food", "take fish", "use"], until_turn_ends=False)
        assert options(game) == ["reroll", "stop"]
        Script(game).play(["reroll"], until_turn_ends=False)
        if options(game) == ["take seed", "stop"]:
            Script(game).play(["take seed", "cache"])
            assert cached_of(game, 0, "Red-Bellied Woodpecker") == {"seed": 1} and food_of(game, 0) == {"fish": 1}
            break
    else:
        raise AssertionError("no seed rolled a seed")


def test_red_headed_woodpecker():
    feeder_cache("Red-Headed Woodpecker")


def test_stellers_jay():
    feeder_cache("Steller's Jay")


# ---- food from the supply -----------------------------------------------------------------------


def supply_gain(bird: str, food: str, opts=None) -> None:
    game = forest_turn({"forest": [bird]}, ["gain-food", "take fish", "use"], options=opts)
    got = {"fish": 1}
    got[food] = got.get(food, 0) + 1
    assert food_of(game, 0) == got and feeder_faces(game) == ["fruit", "rodent", "seed"]
    assert cached_of(game, 0, bird) == {}
    game = forest_turn({"forest": [bird]}, ["gain-food", "take fish", "skip"], options=opts)
    assert food_of(game, 0) == {"fish": 1}


def test_northern_cardinal():
    supply_gain("Northern Cardinal", "fruit")


def test_spotted_towhee():
    supply_gain("Spotted Towhee", "seed")


def test_yellow_bellied_sapsucker():
    supply_gain("Yellow-Bellied Sapsucker", "invertebrate")


def test_painted_whitestart():
    supply_gain("Painted Whitestart", "invertebrate", SWIFT)


def supply_cache(bird: str) -> None:
    game = forest_turn({"forest": [{"bird": bird, "cached": {"seed": 1}}]}, ["gain-food", "take fish", "use"])
    assert cached_of(game, 0, bird) == {"seed": 2} and food_of(game, 0) == {"fish": 1}
    assert feeder_faces(game) == ["fruit", "rodent", "seed"]
    assert game.score().players[0].cached == 2
    game = forest_turn({"forest": [bird]}, ["gain-food", "take fish", "skip"])
    assert cached_of(game, 0, bird) == {} and food_of(game, 0) == {"fish": 1}


def test_juniper_titmouse():
    supply_cache("Juniper Titmouse")


def test_mountain_chickadee():
    supply_cache("Mountain Chickadee")


def test_red_breasted_nuthatch():
    supply_cache("Red-Breasted Nuthatch")


def test_white_breasted_nuthatch():
    supply_cache("White-Breasted Nuthatch")


# ---- eggs ------------------------------------------------------------------------------------------


def test_mourning_dove():
    game = forest_turn({"forest": [("Mourning Dove", 2)], "grassland": ["Wild Turkey"]}, ["gain-food", "take fish", "use"])
    assert eggs_of(game, 0, "Mourning Dove") == 3 and eggs_of(game, 0, "Wild Turkey") == 0
    game = forest_turn({"forest": [("Mourning Dove", 2)]}, ["gain-food", "take fish", "skip"])
    assert eggs_of(game, 0, "Mourning Dove") == 2
    # full (5 eggs): nothing to lay, not offered
    game = forest_turn({"forest": [("Mourning Dove", 5)]}, ["gain-food", "take fish"])
    assert eggs_of(game, 0, "Mourning Dove") == 5


def test_yellow_billed_cuckoo():
    owner = {"forest": ["Yellow-Billed Cuckoo", "Northern Cardinal", "Hooded Warbler"], "grassland": ["Wild Turkey"]}
    layer = {"grassland": ["House Finch"]}  # a bowl nest, but another player's
    game = position("classic", [layer, owner], rest="deck")
    Script(game).play(["lay-eggs", "egg House Finch", "egg House Finch"], until_turn_ends=False)
    assert game.pending.player == 1 and game.pending.source == "Yellow-Billed Cuckoo"
    Script(game).play(["use"], until_turn_ends=False)
    assert options(game) == ["egg Northern Cardinal", "egg Hooded Warbler", "stop"]  # bowl nests only
    Script(game).play(["egg Hooded Warbler"])
    assert eggs_of(game, 1, "Hooded Warbler") == 1 and eggs_of(game, 1, "Northern Cardinal") == 0
    assert eggs_of(game, 0, "House Finch") == 2 and game.pending.player == 1
    game = position("classic", [layer, owner], rest="deck")
    Script(game).play(["lay-eggs", "egg House Finch", "egg House Finch", "skip"])
    assert sum(s.eggs for row in game.state.seats[1].rows for s in row) == 0
    # another action (gaining food) does not wake it
    game = position("classic", [layer, owner], feeder=["seed"], rest="deck")
    Script(game).play(["gain-food", "take seed"])
    assert game.pending.player == 1 and game.pending.kind == "action"


# ---- moving --------------------------------------------------------------------------------------


def move_if_rightmost(bird: str) -> None:
    spec = {"forest": ["Hooded Warbler", (bird, 1)], "wetland": ["King Rail"]}
    game = position("classic", [spec, {}], feeder=["seed", "fish", "fruit"], rest="deck")
    Script(game).play(["gain-food", "take seed", "take fish", "use"], until_turn_ends=False)
    assert options(game) == ["move grassland", "move wetland"]
    Script(game).play(["move wetland"])
    assert row_names(game, 0, "forest") == ["Hooded Warbler"] and row_names(game, 0, "wetland") == ["King Rail", bird]
    assert eggs_of(game, 0, bird) == 1 and food_of(game, 0) == {"seed": 1, "fish": 1}
    game = position("classic", [spec, {}], feeder=["seed", "fish", "fruit"], rest="deck")
    Script(game).play(["gain-food", "take seed", "take fish", "skip"])
    assert row_names(game, 0, "forest") == ["Hooded Warbler", bird]
    # not the rightmost bird of its row: not offered
    game = position("classic", [{"forest": [bird, "Hooded Warbler"]}, {}], feeder=["seed", "fish", "fruit"], rest="deck")
    Script(game).play(["gain-food", "take seed", "take fish"])
    assert row_names(game, 0, "forest") == [bird, "Hooded Warbler"]


def test_lincolns_sparrow():
    move_if_rightmost("Lincoln's Sparrow")


def test_song_sparrow():
    move_if_rightmost("Song Sparrow")


def test_white_crowned_sparrow():
    move_if_rightmost("White-Crowned Sparrow")


def test_yellow_breasted_chat():
    move_if_rightmost("Yellow-Breasted Chat")


# ---- repeat ----------------------------------------------------------------------------------------


def test_northern_mockingbird():
    spec = {"forest": ["Northern Cardinal", "Spotted Towhee", "Northern Mockingbird"], "wetland": ["Mallard"]}
    game = position("classic", [spec, {}], feeder=["seed", "fish", "fruit", "rodent"], rest="deck")
    Script(game).play(["gain-food", "take fish", "take rodent", "use"], until_turn_ends=False)
    assert options(game) == ["repeat Northern Cardinal", "repeat Spotted Towhee"]  # its own row, not itself
    Script(game).play(["repeat Spotted Towhee", "skip", "skip"])  # then the Towhee and the Cardinal themselves
    assert food_of(game, 0) == {"fish": 1, "rodent": 1, "seed": 1}
    game = position("classic", [spec, {}], feeder=["seed", "fish", "fruit", "rodent"], rest="deck")
    Script(game).play(["gain-food", "take fish", "take rodent", "use", "repeat Northern Cardinal", "skip", "use"])
    assert food_of(game, 0) == {"fish": 1, "rodent": 1, "fruit": 2}
    game = position("classic", [spec, {}], feeder=["seed", "fish", "fruit", "rodent"], rest="deck")
    Script(game).play(["gain-food", "take fish", "take rodent", "skip", "skip", "skip"])
    assert food_of(game, 0) == {"fish": 1, "rodent": 1}
    # a bird to its right can be repeated as well
    game = position("classic", [{"forest": ["Northern Mockingbird", "Northern Cardinal"]}, {}], feeder=["seed", "fish", "fruit"], rest="deck")
    Script(game).play(["gain-food", "take seed", "take fish", "use", "use"])
    assert food_of(game, 0) == {"seed": 1, "fish": 1, "fruit": 2}


# ---- predators -----------------------------------------------------------------------------------


def hunter(bird: str) -> None:
    game = forest_turn({"forest": [bird]}, ["gain-food", "take fish", "use"], tray=FULL_TRAY, deck=["Trumpeter Swan", "Hooded Warbler"])
    assert tucked_of(game, 0, bird) == ["Hooded Warbler"]  # 18 cm < 75 cm: caught
    assert game.score().players[0].tucked == 1
    Script(game).play(["gain-food", "take seed"])  # player 1
    Script(game).play(["gain-food", "take fruit", "use"])
    assert tucked_of(game, 0, bird) == ["Hooded Warbler"]  # 203 cm: missed and discarded
    assert game.state.discard[-1] == SHIPPED["classic"].card("Trumpeter Swan").id
    game = forest_turn({"forest": [bird]}, ["gain-food", "take fish", "skip"], tray=FULL_TRAY, deck=["Trumpeter Swan", "Hooded Warbler"])
    assert tucked_of(game, 0, bird) == [] and game.state.deck[-1] == SHIPPED["classic"].card("Hooded Warbler").id


def test_red_shouldered_hawk():
    hunter("Red-Shouldered Hawk")


def test_red_tailed_hawk():
    hunter("Red-Tailed Hawk")


def test_mississippi_kite():
    outcomes = set()
    for seed in range(40):
        game = position("classic", [{"forest": ["Mississippi Kite"]}, {}], feeder=["seed", "seed", "fish", "fruit"], rest="deck", seed=seed)
        Script(game).play(["gain-food", "take fish"], until_turn_ends=False)
        assert game.pending.source == "Mississippi Kite"
        faces = rolled(game.state.rng, 2)  # three dice in the feeder: two are rolled outside it
        Script(game).play(["use"])
        caught = "rodent" in faces
        assert cached_of(game, 0, "Mississippi Kite") == ({"rodent": 1} if caught else {})
        assert feeder_faces(game) == ["fruit", "seed", "seed"] and food_of(game, 0) == {"fish": 1}
        outcomes.add(caught)
        if outcomes == {True, False}:
            break
    assert outcomes == {True, False}
    game = position("classic", [{"forest": ["Mississippi Kite"]}, {}], feeder=["seed", "seed", "fish", "fruit"], rest="deck")
    Script(game).play(["gain-food", "take fish", "skip"])
    assert cached_of(game, 0, "Mississippi Kite") == {}


def test_turkey_vulture():
    deck = ["Trumpeter Swan", "Hooded Warbler"]
    players = [{"forest": ["Red-Tailed Hawk"]}, {"forest": ["Turkey Vulture"]}]
    game = position("classic", players, feeder=["seed", "fish", "fruit"], tray=FULL_TRAY, deck=deck)
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert game.pending.player == 1 and game.pending.source == "Turkey Vulture" and options(game) == ["use", "skip"]
    Script(game).play(["use"], until_turn_ends=False)
    assert options(game) == ["take fish", "take fruit", "stop"]
    Script(game).play(["take fruit"])
    assert food_of(game, 1) == {"fruit": 1} and feeder_faces(game) == ["fish"] and food_of(game, 0) == {"seed": 1}
    game = position("classic", players, feeder=["seed", "fish", "fruit"], tray=FULL_TRAY, deck=deck)
    Script(game).play(["gain-food", "take seed", "use", "skip"])
    assert food_of(game, 1) == {}
    # a missed hunt does not wake it
    game = position("classic", players, feeder=["seed", "fish", "fruit"], tray=FULL_TRAY, deck=["Hooded Warbler", "Trumpeter Swan"])
    Script(game).play(["gain-food", "take seed", "use"])
    assert food_of(game, 1) == {} and game.pending.player == 1 and game.pending.kind == "action"


# ---- cards -----------------------------------------------------------------------------------------


def bonus_draw(bird: str, food: dict, pays: list[str]) -> None:
    cards = SHIPPED["classic"]
    one, two = cards.bonuses[1].name, cards.bonuses[2].name
    spec = {"hand": [bird], "food": food, "bonus": ["Forester"]}
    game = position("classic", [spec, {}], bonus_deck=[one, two])
    Script(game).play([f"play-forest {bird}", *pays, "use"], until_turn_ends=False)
    assert sorted(options(game)) == sorted([f"discard-bonus {one}", f"discard-bonus {two}"])
    Script(game).play([f"discard-bonus {two}"])
    assert bonus_names(game, 0) == sorted(["Forester", one]) and game.state.bonus_discard[-1] == cards.bonuses[2].id
    assert game.state.bonus_deck == [] and food_of(game, 0) == {}
    game = position("classic", [spec, {}], bonus_deck=[one, two])
    Script(game).play([f"play-forest {bird}", *pays, "skip"])
    assert bonus_names(game, 0) == ["Forester"] and len(game.state.bonus_deck) == 2


def test_red_cockaded_woodpecker():
    bonus_draw("Red-Cockaded Woodpecker", {"invertebrate": 1, "fruit": 1}, ["pay invertebrate"])  # the fruit is then the only way to finish


def test_spotted_owl():
    bonus_draw("Spotted Owl", {"rodent": 2}, [])
    # one bonus card left in the deck: the discards are shuffled in to draw the second
    game = position("classic", [{"hand": ["Spotted Owl"], "food": {"rodent": 2}}, {}], bonus_deck=[SHIPPED["classic"].bonuses[1].name])
    total = len(game.state.bonus_deck) + len(game.state.bonus_discard)
    Script(game).play(["play-forest Spotted Owl", "use"], until_turn_ends=False)
    drawn = [o.split(" ", 1)[1] for o in options(game)]
    assert len(drawn) == 2 and SHIPPED["classic"].bonuses[1].name in drawn
    Script(game).play([f"discard-bonus {drawn[0]}"])
    assert bonus_names(game, 0) == [drawn[1]]
    assert len(game.state.bonus_deck) + len(game.state.bonus_discard) == total - 1


def test_wood_duck():
    spec = {"forest": ["Wood Duck"], "hand": ["Mallard"]}
    deck = ["Osprey", "Killdeer"]
    tray = ["Bobolink", "King Rail", "Wood Stork"]
    game = position("classic", [spec, {}], feeder=["seed", "fish"], tray=tray, deck=deck, rest=1)
    Script(game).play(["gain-food", "skip", "take fish", "use", "take-deck", "take-bird King Rail"], until_turn_ends=False)
    assert game.pending.kind == "discard" and sorted(options(game)) == ["discard Killdeer", "discard King Rail", "discard Mallard"]
    Script(game).play(["discard Mallard"])
    assert hand_names(game, 0) == ["Killdeer", "King Rail"] and game.state.discard[-1] == SHIPPED["classic"].card("Mallard").id
    assert food_of(game, 0) == {"fish": 1}
    game = position("classic", [spec, {}], feeder=["seed", "fish"], tray=tray, deck=deck, rest=1)
    Script(game).play(["gain-food", "skip", "take fish", "skip"])
    assert hand_names(game, 0) == ["Mallard"] and food_of(game, 0) == {"fish": 1}
