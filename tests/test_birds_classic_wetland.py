"""One strict scripted test per classic wetland bird (cards/classic/wetland.wsp).

Brown powers are fired by the owner's wetland draw-cards action, white ones by playing the
bird, pink ones by another player's action.  Every decision that is a real choice is listed
in the script; the engine takes single-option decisions on its own.
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

TRAY = ["Killdeer", "Bobolink", "Wild Turkey"]
DECK = ["Hooded Warbler", "Blue-Winged Warbler", "Prothonotary Warbler", "Painted Bunting"]  # top last
SWIFT = {"swift_start": True}


def play(game, answers, **kw):
    return Script(game).play(answers, **kw)


from scripted import rolled  # noqa: E402


def wet(bird, players=2, opts=None, **mine):
    """Player 0 with ``bird`` alone in the wetland, a full tray and a known deck."""
    me = {"wetland": [bird], **mine}
    return position("classic", [me] + [{} for _ in range(players - 1)], tray=TRAY, deck=DECK, options=opts)


# ---- draw 1 or 2, then discard 1 at the end of the turn ---------------------------------------


def draw_discard(bird, extra, opts=None):
    # the action draws Painted Bunting from the deck; the power draws more, then one card goes
    game = wet(bird, hand=["Trumpeter Swan"], opts=opts)
    takes = ["take-bird Killdeer", "take-deck"][:extra]
    play(game, ["draw-cards", "take-deck", "use", *takes], until_turn_ends=False)
    assert game.pending.kind == "discard" and game.pending.player == 0
    play(game, ["discard Trumpeter Swan"])
    drawn = ["Painted Bunting", "Killdeer", "Prothonotary Warbler"][: 1 + extra]
    assert hand_names(game, 0) == sorted(drawn)
    assert discard_names(game)[-1] == "Trumpeter Swan"
    # skipped: the action's card only, nothing owed
    game = wet(bird, hand=["Trumpeter Swan"], opts=opts)
    play(game, ["draw-cards", "take-deck", "skip"])
    assert hand_names(game, 0) == ["Painted Bunting", "Trumpeter Swan"]


def test_black_tern():
    draw_discard("Black Tern", 1)


def test_clarks_grebe():
    draw_discard("Clark's Grebe", 1)


def test_forsters_tern():
    draw_discard("Forster's Tern", 1)


def test_common_yellowthroat():
    draw_discard("Common Yellowthroat", 2)


def test_pied_billed_grebe():
    draw_discard("Pied-Billed Grebe", 2)


def test_red_breasted_merganser():
    draw_discard("Red-Breasted Merganser", 2, SWIFT)


def test_ruddy_duck():
    draw_discard("Ruddy Duck", 2)


def test_mallard():
    game = wet("Mallard")
    play(game, ["draw-cards", "take-deck", "use", "take-bird Bobolink"])
    assert hand_names(game, 0) == ["Bobolink", "Painted Bunting"]
    assert tray_names(game) == ["Killdeer", "Prothonotary Warbler", "Wild Turkey"]  # refilled at the turn's end
    game = wet("Mallard")
    play(game, ["draw-cards", "take-deck", "skip"])
    assert hand_names(game, 0) == ["Painted Bunting"]


def test_black_necked_stilt():
    spec = {"hand": ["Black-Necked Stilt"], "food": {"invertebrate": 2}}
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK)
    play(game, ["play-wetland Black-Necked Stilt", "use", "take-deck", "take-bird Wild Turkey"])
    assert hand_names(game, 0) == ["Painted Bunting", "Wild Turkey"] and food_of(game, 0) == {}
    assert row_names(game, 0, "wetland") == ["Black-Necked Stilt"]
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK)
    play(game, ["play-wetland Black-Necked Stilt", "skip"])
    assert hand_names(game, 0) == [] and deck_names(game) == DECK


# ---- tuck from hand ------------------------------------------------------------------------------


def tuck_draw(bird):
    game = wet(bird, hand=["Trumpeter Swan", "Bald Eagle"])
    play(game, ["draw-cards", "take-deck", "use", "tuck Trumpeter Swan", "use", "take-bird Killdeer"])
    assert tucked_of(game, 0, bird) == ["Trumpeter Swan"]
    assert hand_names(game, 0) == ["Bald Eagle", "Killdeer", "Painted Bunting"]
    # the card tucked, the draw declined
    game = wet(bird, hand=["Trumpeter Swan", "Bald Eagle"])
    play(game, ["draw-cards", "take-deck", "use", "tuck Trumpeter Swan", "skip"])
    assert tucked_of(game, 0, bird) == ["Trumpeter Swan"] and hand_names(game, 0) == ["Bald Eagle", "Painted Bunting"]
    assert tray_names(game) == TRAY
    game = wet(bird, hand=["Trumpeter Swan", "Bald Eagle"])
    play(game, ["draw-cards", "take-deck", "skip"])
    assert tucked_of(game, 0, bird) == [] and hand_names(game, 0) == ["Bald Eagle", "Painted Bunting", "Trumpeter Swan"]


def test_american_coot():
    tuck_draw("American Coot")


def test_ring_billed_gull():
    tuck_draw("Ring-Billed Gull")


def test_tree_swallow():
    tuck_draw("Tree Swallow")


def test_yellow_headed_blackbird():
    game = wet("Yellow-Headed Blackbird", hand=["Trumpeter Swan", "Bald Eagle"])
    play(game, ["draw-cards", "take-deck", "use", "tuck Bald Eagle", "use"])
    assert tucked_of(game, 0, "Yellow-Headed Blackbird") == ["Bald Eagle"]
    assert eggs_of(game, 0, "Yellow-Headed Blackbird") == 1
    assert hand_names(game, 0) == ["Painted Bunting", "Trumpeter Swan"]
    # the card tucked, the egg declined
    game = wet("Yellow-Headed Blackbird", hand=["Trumpeter Swan", "Bald Eagle"])
    play(game, ["draw-cards", "take-deck", "use", "tuck Bald Eagle", "skip"])
    assert tucked_of(game, 0, "Yellow-Headed Blackbird") == ["Bald Eagle"]
    assert eggs_of(game, 0, "Yellow-Headed Blackbird") == 0
    game = wet("Yellow-Headed Blackbird", hand=["Trumpeter Swan"])
    play(game, ["draw-cards", "take-deck", "skip"])
    assert tucked_of(game, 0, "Yellow-Headed Blackbird") == [] and eggs_of(game, 0, "Yellow-Headed Blackbird") == 0
    # already full of eggs: the card may still be tucked
    game = position("classic", [{"wetland": [("Yellow-Headed Blackbird", 3)], "hand": ["Trumpeter Swan"]}, {}], tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "skip", "take-deck", "use", "tuck Trumpeter Swan"])
    assert tucked_of(game, 0, "Yellow-Headed Blackbird") == ["Trumpeter Swan"] and eggs_of(game, 0, "Yellow-Headed Blackbird") == 3


# ---- discard a food to tuck 2 cards from the deck ------------------------------------------------


def food_tuck(bird, food, opts=None):
    game = wet(bird, food={food: 1, "fruit": 1}, opts=opts)
    play(game, ["draw-cards", "take-deck", "use", "use"])
    assert tucked_of(game, 0, bird) == ["Prothonotary Warbler", "Blue-Winged Warbler"]
    assert food_of(game, 0) == {"fruit": 1} and hand_names(game, 0) == ["Painted Bunting"]
    assert deck_names(game) == ["Hooded Warbler"]
    # the food discarded, the tucks declined
    game = wet(bird, food={food: 1, "fruit": 1}, opts=opts)
    play(game, ["draw-cards", "take-deck", "use", "skip"])
    assert tucked_of(game, 0, bird) == [] and food_of(game, 0) == {"fruit": 1}
    assert deck_names(game) == DECK[:-1]
    game = wet(bird, food={food: 1}, opts=opts)
    play(game, ["draw-cards", "take-deck", "skip"])
    assert tucked_of(game, 0, bird) == [] and food_of(game, 0) == {food: 1}
    # food cached on a bird cannot pay: without it in the supply the power is not offered
    game = position("classic", [{"wetland": [{"bird": bird, "cached": {food: 1}}]}, {}], tray=TRAY, deck=DECK, options=opts)
    play(game, ["draw-cards", "take-deck"])
    assert tucked_of(game, 0, bird) == []


def test_american_white_pelican():
    food_tuck("American White Pelican", "fish")


def test_black_bellied_whistling_duck():
    food_tuck("Black-Bellied Whistling-Duck", "seed")


def test_double_crested_cormorant():
    food_tuck("Double-Crested Cormorant", "fish")


# ---- predators: roll the dice outside the feeder for a fish ---------------------------------------


def fish_roll(bird):
    outcomes = set()
    for seed in range(40):
        feeder = ["seed", "fruit", "rodent"]  # 2 dice outside
        game = position("classic", [{"wetland": [bird]}, {}], tray=TRAY, deck=DECK, feeder=feeder, seed=seed)
        play(game, ["draw-cards", "take-deck"], until_turn_ends=False)
        assert game.pending.source == bird
        expected = rolled(game.state.rng, 2)
        play(game, ["use"])
        caught = "fish" in expected
        assert cached_of(game, 0, bird) == ({"fish": 1} if caught else {})
        assert food_of(game, 0) == {} and feeder_faces(game) == sorted(feeder)
        outcomes.add(caught)
    assert outcomes == {True, False}
    game = position("classic", [{"wetland": [bird]}, {}], tray=TRAY, deck=DECK, feeder=["seed", "fruit", "rodent"])
    play(game, ["draw-cards", "take-deck", "skip"])
    assert cached_of(game, 0, bird) == {}


def test_anhinga():
    fish_roll("Anhinga")


def test_black_skimmer():
    fish_roll("Black Skimmer")


def test_common_merganser():
    fish_roll("Common Merganser")


def test_snowy_egret():
    fish_roll("Snowy Egret")


def test_white_faced_ibis():
    fish_roll("White-Faced Ibis")


def test_willet():
    fish_roll("Willet")


# ---- white: draw 2 bonus cards, keep 1 -----------------------------------------------------------


def bonus_draw(bird, food, pay=()):
    one, two = SHIPPED["classic"].bonuses[1].name, SHIPPED["classic"].bonuses[2].name
    spec = {"hand": [bird], "food": food, "bonus": ["Forester"]}
    game = position("classic", [spec, {}], bonus_deck=[one, two], rest="deck")
    before = conserved(game)
    play(game, [f"play-wetland {bird}", *pay, "use"], until_turn_ends=False)
    assert game.pending.kind == "bonus"
    assert sorted(options(game)) == sorted([f"discard-bonus {one}", f"discard-bonus {two}"])
    play(game, [f"discard-bonus {two}"])
    assert bonus_names(game, 0) == sorted(["Forester", one]) and food_of(game, 0) == {}
    assert game.cards.bonuses[game.state.bonus_discard[-1]].name == two
    assert conserved(game) == before
    game = position("classic", [spec, {}], bonus_deck=[one, two], rest="deck")
    play(game, [f"play-wetland {bird}", *pay, "skip"])
    assert bonus_names(game, 0) == ["Forester"] and row_names(game, 0, "wetland") == [bird]


def test_atlantic_puffin():
    bonus_draw("Atlantic Puffin", {"fish": 3})


def test_king_rail():
    bonus_draw("King Rail", {"invertebrate": 1, "fish": 2}, ["pay invertebrate"])


def test_roseate_spoonbill():
    bonus_draw("Roseate Spoonbill", {"invertebrate": 1, "seed": 1, "fish": 1}, ["pay invertebrate", "pay seed"])


def test_whooping_crane():
    bonus_draw("Whooping Crane", {"rodent": 3})


def test_wood_stork():
    bonus_draw("Wood Stork", {"fish": 1, "rodent": 2}, ["pay fish"])


# ---- white: food, cards, another bird -------------------------------------------------------------


def test_bald_eagle():
    spec = {"hand": ["Bald Eagle"], "food": {"fish": 2, "rodent": 1}}
    feeder = ["fish", "fish", "seed", "fruit"]
    game = position("classic", [spec, {}], feeder=feeder, rest="deck")
    play(game, ["play-wetland Bald Eagle", "pay rodent", "use", "take fish", "take fish"])
    assert food_of(game, 0) == {"fish": 2} and feeder_faces(game) == ["fruit", "seed"]
    game = position("classic", [spec, {}], feeder=feeder, rest="deck")
    play(game, ["play-wetland Bald Eagle", "pay rodent", "use", "take fish", "stop"])  # fewer
    assert food_of(game, 0) == {"fish": 1} and feeder_faces(game) == ["fish", "fruit", "seed"]
    game = position("classic", [spec, {}], feeder=feeder, rest="deck")
    play(game, ["play-wetland Bald Eagle", "pay rodent", "skip"])
    assert food_of(game, 0) == {} and feeder_faces(game) == sorted(feeder)
    # the feeder's dice all show one face: the reroll is offered before the fish are taken
    game = position("classic", [spec, {}], feeder=["seed", "seed"], rest="deck")
    faces = rolled(game.state.rng, 5)  # what the reroll will show
    fish = faces.count("fish")
    play(game, ["play-wetland Bald Eagle", "pay rodent", "use", "reroll"] + ["take fish"] * fish)
    assert 0 < fish < 5, "the seed of this position rolls some fish, not all five"
    assert food_of(game, 0) == {"fish": fish} and len(game.state.feeder) == 5 - fish
    assert "fish" not in feeder_faces(game)
    game = position("classic", [spec, {}], feeder=["seed", "seed"], rest="deck")
    play(game, ["play-wetland Bald Eagle", "pay rodent", "use", "stop"])
    assert food_of(game, 0) == {} and feeder_faces(game) == ["seed", "seed"]


def test_brown_pelican():
    spec = {"hand": ["Brown Pelican"], "food": {"fish": 2}}
    game = position("classic", [spec, {}], rest="deck")
    play(game, ["play-wetland Brown Pelican", "use", "take fish", "take fish", "take fish"])
    assert food_of(game, 0) == {"fish": 3} and len(game.state.feeder) == 5
    # fish by fish: it may stop after fewer
    game = position("classic", [spec, {}], rest="deck")
    play(game, ["play-wetland Brown Pelican", "use", "take fish"], until_turn_ends=False)
    assert game.pending.kind == "supply" and options(game) == ["take fish", "stop"]
    play(game, ["take fish", "stop"])
    assert food_of(game, 0) == {"fish": 2} and len(game.state.feeder) == 5
    game = position("classic", [spec, {}], rest="deck")
    play(game, ["play-wetland Brown Pelican", "skip"])
    assert food_of(game, 0) == {}


def test_brant():
    spec = {"hand": ["Brant"], "food": {"seed": 2}}
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK, options=SWIFT)
    play(game, ["play-wetland Brant", "use", "take-bird Wild Turkey", "take-bird Killdeer", "take-bird Bobolink"])
    assert hand_names(game, 0) == sorted(TRAY) and food_of(game, 0) == {}
    assert tray_names(game) == ["Painted Bunting", "Prothonotary Warbler", "Blue-Winged Warbler"]
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK, options=SWIFT)
    play(game, ["play-wetland Brant", "skip"])
    assert hand_names(game, 0) == [] and tray_names(game) == TRAY
    # card by card, so the player may stop short; the tray is refilled at the end of the turn
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK, options=SWIFT)
    play(game, ["play-wetland Brant", "use", "take-bird Bobolink", "stop"])
    assert hand_names(game, 0) == ["Bobolink"] and tray_names(game) == ["Killdeer", "Painted Bunting", "Wild Turkey"]




def second_bird(bird, food, pay):
    spec = {"hand": [bird, "Mallard", "Hooded Warbler"], "food": {**food, "seed": 1}, "forest": [("Wild Turkey", 1)]}
    game = position("classic", [spec, {}], rest="deck")
    play(game, [f"play-wetland {bird}", *pay, "use"])
    assert row_names(game, 0, "wetland") == [bird, "Mallard"]
    assert food_of(game, 0) == {} and eggs_of(game, 0, "Wild Turkey") == 0
    assert hand_names(game, 0) == ["Hooded Warbler"] and game.state.seats[0].cubes_used == 1
    game = position("classic", [spec, {}], rest="deck")
    play(game, [f"play-wetland {bird}", *pay, "skip"])
    assert row_names(game, 0, "wetland") == [bird] and food_of(game, 0) == {"seed": 1}


def second_bird_chain():
    # a second bird with the same power may play a third one, each paying food and its place's egg
    spec = {"hand": ["Great Blue Heron", "Great Egret", "Mallard"], "food": {"invertebrate": 2, "fish": 3, "rodent": 1}, "forest": [("Wood Duck", 2)]}
    game = position("classic", [spec, {}], rest="deck")
    answers = ["play-wetland Great Blue Heron", "pay invertebrate", "pay fish", "paid", "use", "play-wetland Great Egret"]
    play(game, [*answers, "pay rodent", "pay fish", "pay fish", "paid", "use"])
    assert row_names(game, 0, "wetland") == ["Great Blue Heron", "Great Egret", "Mallard"]
    assert food_of(game, 0) == {} and eggs_of(game, 0, "Wood Duck") == 0 and hand_names(game, 0) == []
    assert game.state.seats[0].cubes_used == 1


def test_great_blue_heron():
    second_bird("Great Blue Heron", {"invertebrate": 1, "fish": 1}, ["pay invertebrate", "pay fish", "paid"])
    second_bird_chain()


def test_great_egret():
    second_bird("Great Egret", {"fish": 2, "rodent": 1}, ["pay rodent", "pay fish", "pay fish", "paid"])
    second_bird_chain()


def test_american_oystercatcher():
    # two players: the owner gathers three cards (here all from the deck), picks one, then
    # player 1 picks, and the owner keeps the last
    spec = {"hand": ["American Oystercatcher"], "food": {"invertebrate": 2}}
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK)
    before = conserved(game)
    play(game, ["play-wetland American Oystercatcher", "use"], until_turn_ends=False)
    assert game.pending.kind == "share-draw" and game.pending.player == 0
    assert options(game) == ["take-bird Killdeer", "take-bird Bobolink", "take-bird Wild Turkey", "take-deck"]
    play(game, ["take-deck", "take-deck", "take-deck"], until_turn_ends=False)
    assert game.pending.kind == "share" and game.pending.player == 0
    assert sorted(options(game)) == ["take-bird Blue-Winged Warbler", "take-bird Painted Bunting", "take-bird Prothonotary Warbler"]
    play(game, ["take-bird Prothonotary Warbler"], until_turn_ends=False)
    assert game.pending.kind == "share" and game.pending.player == 1
    play(game, ["take-bird Painted Bunting"])
    assert hand_names(game, 0) == ["Blue-Winged Warbler", "Prothonotary Warbler"]
    assert hand_names(game, 1) == ["Painted Bunting"] and deck_names(game) == ["Hooded Warbler"]
    assert food_of(game, 0) == {} and tray_names(game) == TRAY and conserved(game) == before
    # the cards may come from the tray too; taken tray cards are replaced at the end of the turn
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK)
    play(game, ["play-wetland American Oystercatcher", "use", "take-bird Killdeer", "take-bird Bobolink", "take-deck"],
         until_turn_ends=False)
    assert sorted(options(game)) == ["take-bird Bobolink", "take-bird Killdeer", "take-bird Painted Bunting"]
    play(game, ["take-bird Killdeer", "take-bird Painted Bunting"])
    assert hand_names(game, 0) == ["Bobolink", "Killdeer"] and hand_names(game, 1) == ["Painted Bunting"]
    assert tray_names(game) == ["Prothonotary Warbler", "Blue-Winged Warbler", "Wild Turkey"]
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK)
    play(game, ["play-wetland American Oystercatcher", "skip"])
    assert hand_names(game, 0) == [] and hand_names(game, 1) == [] and deck_names(game) == DECK


# ---- brown: every player ---------------------------------------------------------------------------


def all_draw(bird, opts=None):
    # three players draw from the deck, the owner first, then clockwise; a player may decline
    game = position("classic", [{"wetland": [bird]}, {}, {}], tray=TRAY, deck=["Mourning Dove", *DECK], options=opts)
    play(game, ["draw-cards", "take-deck", "use", "take-deck", "take-deck", "take-deck"])
    assert hand_names(game, 0) == ["Painted Bunting", "Prothonotary Warbler"]
    assert hand_names(game, 1) == ["Blue-Winged Warbler"] and hand_names(game, 2) == ["Hooded Warbler"]
    assert tray_names(game) == TRAY and deck_names(game) == ["Mourning Dove"]
    game = position("classic", [{"wetland": [bird]}, {}, {}], tray=TRAY, deck=DECK, options=opts)
    play(game, ["draw-cards", "take-deck", "use", "take-deck", "stop", "take-deck"])
    assert hand_names(game, 0) == ["Painted Bunting", "Prothonotary Warbler"]
    assert hand_names(game, 1) == [] and hand_names(game, 2) == ["Blue-Winged Warbler"]
    game = position("classic", [{"wetland": [bird]}, {}, {}], tray=TRAY, deck=DECK, options=opts)
    play(game, ["draw-cards", "take-deck", "skip"])
    assert [hand_names(game, p) for p in range(3)] == [["Painted Bunting"], [], []]


def test_canvasback():
    all_draw("Canvasback", SWIFT)


def test_northern_shoveler():
    all_draw("Northern Shoveler")


def test_purple_gallinule():
    all_draw("Purple Gallinule")


def test_spotted_sandpiper():
    assert SHIPPED["classic"].card("Spotted Sandpiper").points == 5  # the corrected printing
    all_draw("Spotted Sandpiper")


def test_wilsons_snipe():
    all_draw("Wilson's Snipe")


def fewest_draw(bird):
    # player 1 alone has the fewest wetland birds (none): only they draw, from the tray or the deck
    players = [{"wetland": [bird]}, {"forest": ["Spotted Owl"]}, {"wetland": ["Mallard"]}]
    game = position("classic", players, tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "take-deck", "use"], until_turn_ends=False)
    assert game.pending.kind == "draw" and game.pending.player == 1
    play(game, ["take-bird Bobolink"])
    assert hand_names(game, 0) == ["Painted Bunting"] and hand_names(game, 1) == ["Bobolink"] and hand_names(game, 2) == []
    assert tray_names(game) == ["Killdeer", "Prothonotary Warbler", "Wild Turkey"]
    # a tie for the fewest: both draw, in turn order from the owner
    players = [{"wetland": [bird]}, {}, {}]
    game = position("classic", players, tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "take-deck", "use", "take-deck", "take-bird Killdeer"])
    assert hand_names(game, 1) == ["Prothonotary Warbler"] and hand_names(game, 2) == ["Killdeer"]
    # the owner among the fewest draws too (everybody has one wetland bird)
    players = [{"wetland": [bird]}, {"wetland": ["Mallard"]}, {"wetland": ["Anhinga"]}]
    game = position("classic", players, tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "take-deck", "use", "take-deck", "take-deck", "take-deck"])
    assert [hand_names(game, p) for p in range(3)] == [["Painted Bunting", "Prothonotary Warbler"], ["Blue-Winged Warbler"], ["Hooded Warbler"]]
    game = position("classic", [{"wetland": [bird]}, {}, {}], tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "take-deck", "skip"])
    assert [hand_names(game, p) for p in range(3)] == [["Painted Bunting"], [], []]


def test_american_bittern():
    fewest_draw("American Bittern")


def test_common_loon():
    fewest_draw("Common Loon")


def test_osprey():
    game = position("classic", [{"wetland": ["Osprey"]}, {"food": {"seed": 1}}, {}], tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "take-deck", "use"])
    assert [food_of(game, p) for p in range(3)] == [{"fish": 1}, {"seed": 1, "fish": 1}, {"fish": 1}]
    assert len(game.state.feeder) == 5
    game = position("classic", [{"wetland": ["Osprey"]}, {}, {}], tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "take-deck", "skip"])
    assert [food_of(game, p) for p in range(3)] == [{}, {}, {}]


# ---- brown: food and eggs ----------------------------------------------------------------------------


def test_green_heron():
    game = wet("Green Heron", food={"seed": 1, "fish": 1})
    play(game, ["draw-cards", "take-deck", "use", "give seed"], until_turn_ends=False)
    assert game.pending.kind == "trade" and "take seed" not in options(game)  # no trading for the same food
    assert sorted(options(game)) == ["take fish", "take fruit", "take invertebrate", "take rodent"]
    play(game, ["take rodent"])
    assert food_of(game, 0) == {"fish": 1, "rodent": 1} and hand_names(game, 0) == ["Painted Bunting"]
    game = wet("Green Heron", food={"seed": 1, "fish": 1})
    play(game, ["draw-cards", "take-deck", "skip"])
    assert food_of(game, 0) == {"seed": 1, "fish": 1}
    # no food, nothing to trade: not offered
    game = wet("Green Heron")
    play(game, ["draw-cards", "take-deck"])
    assert food_of(game, 0) == {}


def test_black_crowned_night_heron():
    # the egg comes from another of the owner's birds, never from the heron itself
    spec = {"wetland": [("Black-Crowned Night-Heron", 1)], "forest": [("Spotted Owl", 1)]}
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "skip", "take-deck", "use"], until_turn_ends=False)
    assert game.pending.kind == "power" and options(game) == ["use", "skip"]
    assert eggs_of(game, 0, "Spotted Owl") == 0  # the egg is already paid
    play(game, ["use"], until_turn_ends=False)
    assert game.pending.kind == "supply"
    play(game, ["take fruit"])
    assert food_of(game, 0) == {"fruit": 1} and eggs_of(game, 0, "Spotted Owl") == 0
    assert eggs_of(game, 0, "Black-Crowned Night-Heron") == 1 and hand_names(game, 0) == ["Painted Bunting"]
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "skip", "take-deck", "skip"])
    assert food_of(game, 0) == {} and eggs_of(game, 0, "Spotted Owl") == 1
    # the egg discarded, the food declined
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "skip", "take-deck", "use", "skip"])
    assert food_of(game, 0) == {} and eggs_of(game, 0, "Spotted Owl") == 0
    assert eggs_of(game, 0, "Black-Crowned Night-Heron") == 1
    # eggs on the heron alone: not offered
    game = position("classic", [{"wetland": [("Black-Crowned Night-Heron", 2)]}, {}], tray=TRAY, deck=DECK)
    play(game, ["draw-cards", "skip", "take-deck"])
    assert food_of(game, 0) == {} and eggs_of(game, 0, "Black-Crowned Night-Heron") == 2


def test_hooded_merganser():
    # it repeats Anhinga's hunt (a predator), not Mallard's draw; Anhinga then hunts on its own
    feeder = ["seed", "fruit", "rodent"]
    outcomes = set()
    for seed in range(40):
        row = ["Anhinga", "Mallard", "Hooded Merganser"]
        game = position("classic", [{"wetland": row}, {}], tray=TRAY, deck=DECK, feeder=feeder, seed=seed)
        play(game, ["draw-cards", "take-deck", "take-deck"], until_turn_ends=False)
        assert game.pending.source == "Hooded Merganser"
        state = game.state.rng
        first = rolled(state, 2)
        play(game, ["use"], until_turn_ends=False)  # the only predator of the row is taken at once
        assert cached_of(game, 0, "Anhinga") == ({"fish": 1} if "fish" in first else {})
        assert cached_of(game, 0, "Hooded Merganser") == {}
        outcomes.add("fish" in first)
        assert game.pending.source == "Mallard"
        play(game, ["skip", "skip"])  # Mallard, then Anhinga itself
        assert feeder_faces(game) == sorted(feeder)
    assert outcomes == {True, False}
    game = position("classic", [{"wetland": ["Anhinga", "Hooded Merganser"]}, {}], tray=TRAY, deck=DECK, feeder=feeder)
    play(game, ["draw-cards", "take-deck", "take-deck", "skip", "skip"])
    assert cached_of(game, 0, "Anhinga") == {}
    # with no predator in its row it is not offered
    game = position("classic", [{"wetland": ["Mallard", "Hooded Merganser"]}, {}], tray=TRAY, deck=DECK, feeder=feeder)
    play(game, ["draw-cards", "take-deck", "take-deck", "skip"])
    assert hand_names(game, 0) == ["Painted Bunting", "Prothonotary Warbler"]


# ---- pink ----------------------------------------------------------------------------------------------


def lay_pink(bird, mine, other_mat, offered):
    game = position("classic", [{"wetland": [("Trumpeter Swan", 0)]}, {"wetland": [bird, *mine], **other_mat}], tray=TRAY, deck=DECK)
    play(game, ["lay-eggs", "egg Trumpeter Swan", "egg Trumpeter Swan"], until_turn_ends=False)  # player 0's own bird: no choice for player 1
    assert game.pending.player == 1 and game.pending.source == bird and options(game) == ["use", "skip"]
    play(game, ["use"], until_turn_ends=False)
    assert sorted(options(game)) == sorted([*(f"egg {n}" for n in offered), "stop"])
    play(game, [f"egg {offered[0]}"])
    assert eggs_of(game, 1, offered[0]) == 1 and eggs_of(game, 1, bird) == 0
    assert eggs_of(game, 0, "Trumpeter Swan") == 2
    game = position("classic", [{}, {"wetland": [bird, *mine], **other_mat}], tray=TRAY, deck=DECK)
    play(game, ["lay-eggs", "skip"])
    assert sum(eggs_of(game, 1, n) for n in offered) == 0
    # its owner's own lay-eggs action does not wake it
    game = position("classic", [{}, {"wetland": [bird, *mine], **other_mat}], tray=TRAY, deck=DECK, current=1)
    play(game, ["lay-eggs", f"egg {offered[0]}", f"egg {offered[0]}"])
    assert eggs_of(game, 1, offered[0]) == 2


def test_american_avocet():
    # ground nests and wild (star) nests; not the avocet itself, not a bowl nest
    lay_pink("American Avocet", ["Black Tern", "Mallard"], {"forest": ["Blue-Gray Gnatcatcher"]}, ["Mallard", "Black Tern"])


def test_barrows_goldeneye():
    lay_pink("Barrow's Goldeneye", ["Wood Duck", "Forster's Tern"], {"grassland": ["Sprague's Pipit"]}, ["Wood Duck", "Forster's Tern"])


def test_belted_kingfisher():
    spec = {"hand": ["Mallard", "Blue-Gray Gnatcatcher"], "food": {"invertebrate": 2}}
    game = position("classic", [spec, {"wetland": ["Belted Kingfisher"]}], tray=TRAY, deck=DECK)
    play(game, ["play-forest Blue-Gray Gnatcatcher", "paid"])  # a forest bird: no answer
    assert food_of(game, 1) == {}
    play(game, ["draw-cards", "take-deck"])  # player 1
    play(game, ["play-wetland Mallard", "use"])
    assert food_of(game, 1) == {"fish": 1} and row_names(game, 0, "wetland") == ["Mallard"]
    game = position("classic", [spec, {"wetland": ["Belted Kingfisher"]}], tray=TRAY, deck=DECK)
    play(game, ["play-wetland Mallard", "paid", "skip"])
    assert food_of(game, 1) == {}
    # two wetland birds in one turn (the second by Great Blue Heron's power): one fish, once
    spec = {"hand": ["Great Blue Heron", "Mallard"], "food": {"invertebrate": 2, "fish": 1}, "forest": [("Wood Duck", 1)]}
    game = position("classic", [spec, {"wetland": ["Belted Kingfisher"]}], tray=TRAY, deck=DECK)
    play(game, ["play-wetland Great Blue Heron", "pay invertebrate", "pay fish", "paid", "use", "use"])
    assert row_names(game, 0, "wetland") == ["Great Blue Heron", "Mallard"] and food_of(game, 1) == {"fish": 1}


# ---- no power --------------------------------------------------------------------------------------


def test_trumpeter_swan():
    # 2 seed + any food; the wetland's second place costs an egg; 9 points
    spec = {"hand": ["Trumpeter Swan"], "food": {"seed": 2, "fish": 1, "fruit": 1}, "wetland": [("Mallard", 1)]}
    game = position("classic", [spec, {}], tray=TRAY, deck=DECK)
    before = game.score().players[0].total
    play(game, ["play-wetland Trumpeter Swan", "pay seed", "pay seed", "pay fish", "paid"])
    assert row_names(game, 0, "wetland") == ["Mallard", "Trumpeter Swan"]
    assert food_of(game, 0) == {"fruit": 1} and eggs_of(game, 0, "Mallard") == 0 and hand_names(game, 0) == []
    sheet = game.score().players[0]
    assert sheet.birds == SHIPPED["classic"].card("Mallard").points + 9 and sheet.total == before - 1 + 9
    # no egg to pay for the second place: it cannot be played
    game = position("classic", [dict(spec, wetland=["Mallard"]), {}], tray=TRAY, deck=DECK)
    assert "play-wetland Trumpeter Swan" not in options(game)
