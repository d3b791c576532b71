"""Strict scripted tests, one group per power kind of the Pocket card language.

Every choice of a turn is scripted: an answer that is not offered, or a choice left
unscripted at the end of the turn, fails (see tests/scripted.py).  Choices with a single
option are made by the engine (rule core.forced), so the scripts list only real choices.
Shipped cards are used where one fits; the few phrases the shipped deck lacks are written
as test cards below.
"""

from __future__ import annotations

from scripted import (
    Script,
    deck_names,
    discard_names,
    eggs,
    face_up_names,
    food_kinds,
    hand_names,
    options,
    position,
    row_names,
    tucked_names,
)

TEST_CARDS = """
card "Test Sorter" {
  food: seed
  cost: seed
  points: 1
  egg_limit: 2
  wingspan: 30
  power brown: discard card -> lay egg
}

card "Test Angler" {
  food: fish
  cost: fish
  points: 1
  egg_limit: 2
  wingspan: 30
  power brown: all players from one deck: draw food fish
}

card "Test Juggler" {
  food: fruit
  cost: fruit
  points: 1
  egg_limit: 2
  wingspan: 30
  power brown: draw food + lay egg + tuck card
}
"""

# Supply cards no test below uses otherwise: tops are fish, fish, rodent, rodent; 4 face-up birds,
# so no slot is refilled at the end of the turn unless a test takes one.
DECKS = [
    ["Double-Crested Cormorant", "Osprey"],
    ["Ring-Billed Gull", "Common Merganser"],
    ["Broad-Winged Hawk", "Red-Shouldered Hawk"],
    ["Snowy Egret", "Northern Harrier"],
]
FACE_UP = ["Wood Duck", "Tree Swallow", "Steller's Jay", "Eastern Kingbird"]


def asks(game, source: str, expected: list[str], player: int = 0) -> None:
    """The pending decision comes from ``source``'s power, for ``player``, with exactly these options."""
    pending = game.pending
    assert pending is not None and pending.source == source and pending.player == player, pending
    assert options(game) == expected


def to_powers(game) -> None:
    """Take the lay-eggs nest action and lay nothing, so the brown powers come next."""
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)


# ---- draw ---------------------------------------------------------------------------------


def test_draw_card_face_up_bird_or_deck_top():
    # American Crow is played (any food + egg) and its power works the same turn
    game = position("pocket", [{"birds": ["American Crow"], "food": ["Mourning Dove"]}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play American Crow"], until_turn_ends=False)  # seed and Nest egg: forced
    asks(game, "American Crow", [f"take-bird {b}" for b in FACE_UP] + [f"take-food {d}" for d in (1, 2, 3, 4)] + ["skip"])
    Script(game).play(["take-bird Tree Swallow"])
    assert hand_names(game, 0) == ["Tree Swallow"]
    assert face_up_names(game)[1] == "Common Merganser"  # refilled from deck 2 at the end of the turn
    game = position("pocket", [{"flock": ["American Crow"]}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    Script(game).play(["take-food 3"])
    assert food_kinds(game, 0) == ["rodent"] and deck_names(game, 2) == ["Broad-Winged Hawk"]


def test_draw_bird_any_and_none_left():
    game = position("pocket", [{"flock": ["House Wren"]}, {}], decks=DECKS, face_up=["Mallard", None, "Anhinga", None])
    to_powers(game)
    asks(game, "House Wren", ["take-bird Mallard", "take-bird Anhinga", "skip"])
    Script(game).play(["take-bird Anhinga"])
    assert hand_names(game, 0) == ["Anhinga"]
    # the nest action took the only face-up bird: the power finds none and is passed over
    game = position("pocket", [{"flock": ["House Wren"]}, {}], decks=DECKS, face_up=["Mallard", None, None, None])
    Script(game).play(["draw-cards", "take-bird Mallard", "take-food 1"])
    assert hand_names(game, 0) == ["Mallard"]


def test_draw_bird_with_conditions():
    face_up = ["Cedar Waxwing", "Mallard", "Northern Cardinal", "House Wren"]
    cases = [
        ("Eastern Kingbird", ["Cedar Waxwing", "Northern Cardinal", "House Wren"]),  # wingspan < 40
        ("Tree Swallow", ["House Wren"]),  # with a brown power
        ("Wood Duck", ["Mallard"]),  # egg limit >= 4
    ]
    for bird, allowed in cases:
        game = position("pocket", [{"flock": [bird]}, {}], decks=DECKS, face_up=face_up)
        to_powers(game)
        asks(game, bird, [f"take-bird {b}" for b in allowed] + ["skip"])
        Script(game).play([f"take-bird {allowed[0]}"])
        assert hand_names(game, 0) == [allowed[0]]
    # Swainson's Hawk: a bird costing rodent with at least 3 points
    face_up = ["Great Horned Owl", "Black Vulture", "Black-Billed Magpie", "Chihuahuan Raven"]
    game = position("pocket", [{"flock": ["Swainson's Hawk"]}, {}], decks=DECKS, face_up=face_up)
    to_powers(game)
    asks(game, "Swainson's Hawk", ["take-bird Great Horned Owl", "take-bird Chihuahuan Raven", "skip"])
    Script(game).play(["take-bird Chihuahuan Raven"])


def test_draw_food_any_deck():
    game = position("pocket", [{"flock": ["Greater Roadrunner"]}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Greater Roadrunner", ["take-food 1", "take-food 2", "take-food 3", "take-food 4", "skip"])
    Script(game).play(["take-food 2"])
    assert food_kinds(game, 0) == ["fish"] and hand_names(game, 0) == []  # stays food side up


def test_draw_specific_food_takes_two_food_tops():
    # Yellow-Rumped Warbler: draw food fruit + draw food invertebrate.
    # Deck 1 shows invertebrate/fruit (either part may take it), deck 2 fruit, deck 3 invertebrate
    decks = [["House Wren", "American Robin"], ["Mourning Dove", "Cedar Waxwing"], ["Anhinga", "Cerulean Warbler"], ["Sandhill Crane"]]
    game = position("pocket", [{"flock": ["Yellow-Rumped Warbler"]}, {}], decks=decks, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Yellow-Rumped Warbler", ["part 1", "part 2", "skip"])
    game.apply("part 1")
    asks(game, "Yellow-Rumped Warbler", ["take-food 1", "take-food 2"])  # fruit: deck 4's seed is not
    game.apply("take-food 1")  # American Robin (invertebrate/fruit); House Wren (invertebrate) shows now
    asks(game, "Yellow-Rumped Warbler", ["part 2", "stop"])
    game.apply("part 2")
    asks(game, "Yellow-Rumped Warbler", ["take-food 1", "take-food 3"])
    Script(game).play(["take-food 1"])
    assert food_kinds(game, 0) == ["invertebrate", "invertebrate/fruit"]


def test_draw_bird_costing_food_ignores_any_food_icon():
    # Northern Flicker: a bird whose cost shows invertebrate; "any" icons never qualify
    face_up = ["Black-Billed Magpie", "American Crow", "Mallard", "House Wren"]
    game = position("pocket", [{"flock": ["Northern Flicker"]}, {}], decks=DECKS, face_up=face_up)
    to_powers(game)
    asks(game, "Northern Flicker", ["take-bird Mallard", "take-bird House Wren", "skip"])
    Script(game).play(["take-bird House Wren"])
    assert hand_names(game, 0) == ["House Wren"]
    # nothing qualifies: no question at all
    game = position("pocket", [{"flock": ["Northern Flicker"]}, {}], decks=DECKS, face_up=["Black-Billed Magpie", "American Crow", None, None])
    Script(game).play(["lay-eggs", "stop"])
    assert hand_names(game, 0) == []


# ---- tuck ---------------------------------------------------------------------------------


def test_tuck_card_bird_or_food():
    reserve = {"food": ["Mourning Dove", "Anhinga"], "birds": ["Mallard"]}
    game = position("pocket", [{"flock": ["Chimney Swift"], **reserve}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Chimney Swift", ["tuck Mallard", "tuck seed", "tuck fish", "skip"])
    Script(game).play(["tuck Mallard"])
    assert tucked_names(game, 0, 0) == ["Mallard"] and hand_names(game, 0) == []
    assert game.score().players[0].tucked == 1


def test_tuck_bird_only_bird_cards():
    reserve = {"food": ["Mourning Dove"], "birds": ["Mallard", "Anhinga"]}
    game = position("pocket", [{"flock": ["Dark-Eyed Junco"], **reserve}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Dark-Eyed Junco", ["tuck Mallard", "tuck Anhinga", "skip"])
    Script(game).play(["tuck Anhinga"])
    assert tucked_names(game, 0, 0) == ["Anhinga"] and food_kinds(game, 0) == ["seed"]
    # only food cards in the reserve: passed over
    game = position("pocket", [{"flock": ["Dark-Eyed Junco"], "food": ["Mourning Dove"]}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"])


def test_tuck_food_only_food_cards():
    reserve = {"food": ["Mourning Dove", "Anhinga"], "birds": ["Mallard"]}
    game = position("pocket", [{"flock": ["Cerulean Warbler"], **reserve}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Cerulean Warbler", ["tuck seed", "tuck fish", "skip"])
    Script(game).play(["tuck fish"])
    assert tucked_names(game, 0, 0) == ["Anhinga"]


def test_tuck_specific_food_includes_two_food_cards():
    # Mountain Chickadee: tuck food invertebrate -- an invertebrate/seed card qualifies, fish does not
    reserve = {"food": ["Anhinga", "Mallard", "House Wren"], "birds": ["American Robin"]}
    game = position("pocket", [{"flock": [("Mountain Chickadee", 0, ["Mourning Dove"])], **reserve}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Mountain Chickadee", ["tuck invertebrate/seed", "tuck invertebrate", "skip"])
    Script(game).play(["tuck invertebrate/seed"])
    assert tucked_names(game, 0, 0) == ["Mourning Dove", "Mallard"]
    assert food_kinds(game, 0) == ["fish", "invertebrate"]


# ---- hunt ---------------------------------------------------------------------------------


def test_hunt_tucks_small_birds_discards_others():
    # Peregrine Falcon hunts below 50: Mourning Dove (46) caught, Mallard (89) not
    decks = [["Atlantic Puffin", "Mourning Dove"], ["Anhinga", "Mallard"], ["Black Vulture"], ["Golden Eagle"]]
    game = position("pocket", [{"flock": ["Peregrine Falcon"]}, {}], decks=decks, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Peregrine Falcon", ["hunt 1", "hunt 2", "hunt 3", "hunt 4", "skip"])
    Script(game).play(["hunt 1"])
    assert tucked_names(game, 0, 0) == ["Mourning Dove"] and deck_names(game, 0) == ["Atlantic Puffin"]
    game = position("pocket", [{"flock": ["Peregrine Falcon"]}, {}], decks=decks, face_up=FACE_UP)
    to_powers(game)
    Script(game).play(["hunt 2"])
    assert tucked_names(game, 0, 0) == [] and discard_names(game)[-1] == "Mallard"
    # "less than" is strict: Loggerhead Shrike (below 25) lets Cedar Waxwing (25) go, takes Pine Siskin (23)
    decks = [["Cedar Waxwing"], ["Pine Siskin"], ["Black Vulture"], ["Golden Eagle"]]
    game = position("pocket", [{"flock": ["Loggerhead Shrike"]}, {}], decks=decks, face_up=FACE_UP)
    to_powers(game)
    Script(game).play(["hunt 1"])
    assert tucked_names(game, 0, 0) == [] and "Cedar Waxwing" in discard_names(game)
    game = position("pocket", [{"flock": ["Loggerhead Shrike"]}, {}], decks=decks, face_up=FACE_UP)
    to_powers(game)
    Script(game).play(["hunt 2"])
    assert tucked_names(game, 0, 0) == ["Pine Siskin"]


def test_hunt_rebuilds_an_emptied_deck():
    decks = [["House Wren"], ["Anhinga"], ["Black Vulture"], ["Golden Eagle"]]
    game = position("pocket", [{"flock": ["Cooper's Hawk"]}, {}], decks=decks, face_up=FACE_UP)
    pile = len(game.state.discard)
    to_powers(game)
    Script(game).play(["hunt 1"])
    assert tucked_names(game, 0, 0) == ["House Wren"]
    assert len(game.state.decks[0]) == (pile + 1) // 2 and len(game.state.discard) == pile - (pile + 1) // 2


# ---- lay egg ------------------------------------------------------------------------------


def test_lay_egg_on_any_card_with_room():
    game = position("pocket", [{"nest": 3, "flock": ["California Quail", ("Atlantic Puffin", 1, []), "Mallard"]}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "California Quail", ["egg California Quail", "egg Mallard", "skip"])
    Script(game).play(["egg California Quail"])
    assert eggs(game, 0) == (3, [1, 1, 0])


# ---- requirements (->) --------------------------------------------------------------------


def test_discard_egg_requirement_then_benefit():
    # Black-Necked Stilt: discard egg -> draw a bird costing invertebrate
    face_up = ["Mallard", "Anhinga", None, None]
    game = position("pocket", [{"nest": 0, "flock": ["Black-Necked Stilt", ("Mourning Dove", 2, [])]}, {}], decks=DECKS, face_up=face_up)
    Script(game).play(["lay-eggs", "egg nest", "stop"], until_turn_ends=False)
    asks(game, "Black-Necked Stilt", ["discard-egg nest", "discard-egg Mourning Dove", "skip"])
    Script(game).play(["discard-egg Mourning Dove"])  # Mallard is the one bird costing invertebrate
    assert eggs(game, 0) == (1, [0, 1]) and hand_names(game, 0) == ["Mallard"]
    # no egg anywhere: the benefit is out of reach, the power is passed over
    game = position("pocket", [{"nest": 0, "flock": ["Black-Necked Stilt"]}, {}], decks=DECKS, face_up=face_up)
    Script(game).play(["lay-eggs", "stop"])
    assert hand_names(game, 0) == []
    # skipped: the egg stays and nothing is drawn
    game = position("pocket", [{"flock": ["Black-Necked Stilt"]}, {}], decks=DECKS, face_up=face_up)
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert eggs(game, 0) == (1, [0]) and hand_names(game, 0) == []


def test_discard_egg_requirement_with_two_part_benefit():
    # American Avocet: discard egg -> (draw bird + draw food); the benefit parts in either order
    game = position("pocket", [{"flock": ["American Avocet"]}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "American Avocet", ["discard-egg nest", "skip"])
    game.apply("discard-egg nest")
    asks(game, "American Avocet", ["part 1", "part 2"])  # the requirement is met: no skipping now
    Script(game).play(["part 2", "take-food 4", "part 1", "take-bird Wood Duck"])
    assert eggs(game, 0) == (0, [0]) and food_kinds(game, 0) == ["rodent"] and hand_names(game, 0) == ["Wood Duck"]


def test_discard_card_requirement_then_benefit():
    # Barrow's Goldeneye: discard food invertebrate -> draw food fish; a two-food card counts
    reserve = {"food": ["Willet", "Mourning Dove"], "birds": ["House Wren"]}
    game = position("pocket", [{"flock": ["Barrow's Goldeneye"], **reserve}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Barrow's Goldeneye", ["discard invertebrate/fish", "skip"])
    game.apply("discard invertebrate/fish")
    asks(game, "Barrow's Goldeneye", ["take-food 1", "take-food 2"])
    Script(game).play(["take-food 2"])
    assert discard_names(game)[-1] == "Willet" and food_kinds(game, 0) == ["fish", "seed"]
    # Brant: discard food seed -> draw a bird worth 4 or more; with no seed card it is never offered
    face_up = ["Great Horned Owl", "Mallard", None, None]
    game = position("pocket", [{"flock": ["Brant"], "food": ["Anhinga"]}, {}], decks=DECKS, face_up=face_up)
    Script(game).play(["lay-eggs", "stop"])
    assert hand_names(game, 0) == [] and food_kinds(game, 0) == ["fish"]
    game = position("pocket", [{"flock": ["Brant"], "food": ["Mourning Dove"]}, {}], decks=DECKS, face_up=face_up)
    to_powers(game)
    Script(game).play(["discard seed"])  # only Great Horned Owl (5 points) qualifies: taken
    assert hand_names(game, 0) == ["Great Horned Owl"]


def test_discard_any_card_requirement():
    # a test card: discard card -> lay egg (a bird card or a food card will do)
    reserve = {"food": ["Mourning Dove"], "birds": ["Mallard"]}
    game = position("pocket", [{"flock": ["Test Sorter"], **reserve}, {}], decks=DECKS, face_up=FACE_UP, extra_cards=TEST_CARDS)
    to_powers(game)
    asks(game, "Test Sorter", ["discard Mallard", "discard seed", "skip"])
    game.apply("discard Mallard")
    asks(game, "Test Sorter", ["egg nest", "egg Test Sorter"])
    Script(game).play(["egg Test Sorter"])
    assert discard_names(game)[-1] == "Mallard" and eggs(game, 0) == (1, [1])


def test_tuck_requirement_then_benefit():
    # Red-Bellied Woodpecker: tuck food seed -> lay egg; the tuck goes behind the Woodpecker
    game = position("pocket", [{"flock": ["Red-Bellied Woodpecker"], "food": ["Sandhill Crane", "Anhinga"]}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Red-Bellied Woodpecker", ["tuck seed", "skip"])
    game.apply("tuck seed")
    asks(game, "Red-Bellied Woodpecker", ["egg nest", "egg Red-Bellied Woodpecker"])
    Script(game).play(["egg nest"])
    assert tucked_names(game, 0, 0) == ["Sandhill Crane"] and eggs(game, 0) == (2, [0])


# ---- "+": either, both, any order ---------------------------------------------------------


def test_either_draw_then_tuck_what_was_drawn():
    # Song Sparrow: draw food seed + tuck food seed. With no seed card, only the draw can start;
    # once a seed is drawn the tuck becomes possible
    decks = [["Anhinga", "Mourning Dove"], ["Atlantic Puffin"], ["Black Vulture"], ["Golden Eagle"]]
    game = position("pocket", [{"flock": ["Song Sparrow"], "food": ["Common Loon"]}, {}], decks=decks, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Song Sparrow", ["part 1", "skip"])
    game.apply("part 1")  # the one seed top is taken at once
    asks(game, "Song Sparrow", ["part 2", "stop"])
    Script(game).play(["part 2"])  # one seed card to tuck: forced
    assert tucked_names(game, 0, 0) == ["Mourning Dove"] and food_kinds(game, 0) == ["fish"]


def test_either_second_part_first_or_one_part_only():
    # Scissor-Tailed Flycatcher: draw card + tuck card
    game = position("pocket", [{"flock": ["Scissor-Tailed Flycatcher"], "birds": ["Mallard"]}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Scissor-Tailed Flycatcher", ["part 1", "part 2", "skip"])
    Script(game).play(["part 2", "part 1", "take-food 1"])  # tuck Mallard (forced), then draw
    assert tucked_names(game, 0, 0) == ["Mallard"] and food_kinds(game, 0) == ["fish"]
    game = position("pocket", [{"flock": ["Scissor-Tailed Flycatcher"], "birds": ["Mallard"]}, {}], decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    Script(game).play(["part 1", "take-bird Wood Duck", "stop"])
    assert tucked_names(game, 0, 0) == [] and hand_names(game, 0) == ["Mallard", "Wood Duck"]


def test_either_three_parts_in_any_order():
    game = position("pocket", [{"flock": ["Test Juggler"], "food": ["Mourning Dove"]}, {}], decks=DECKS, face_up=FACE_UP, extra_cards=TEST_CARDS)
    to_powers(game)
    asks(game, "Test Juggler", ["part 1", "part 2", "part 3", "skip"])
    game.apply("part 3")  # tuck the seed card (the only reserve card)
    asks(game, "Test Juggler", ["part 1", "part 2", "stop"])
    Script(game).play(["part 2", "egg Test Juggler", "part 1", "take-food 3"])
    assert tucked_names(game, 0, 0) == ["Mourning Dove"] and eggs(game, 0) == (1, [1]) and food_kinds(game, 0) == ["rodent"]


# ---- all players --------------------------------------------------------------------------


def test_all_players_owner_first_then_turn_order():
    # Bobolink (all players: draw food seed) belongs to player 2 of 3: players 2, 0, 1 choose in turn
    decks = [["Anhinga", "Mourning Dove", "Sandhill Crane"], ["Atlantic Puffin", "Trumpeter Swan"], ["Black Vulture", "Acorn Woodpecker"], ["Golden Eagle"]]
    seats = [{}, {}, {"flock": ["Bobolink"]}]
    game = position("pocket", seats, decks=decks, face_up=FACE_UP, current=2)
    to_powers(game)
    asks(game, "Bobolink", ["use", "skip"], player=2)
    game.apply("use")
    asks(game, "Bobolink", ["take-food 1", "take-food 2", "take-food 3"], player=2)
    game.apply("take-food 3")  # Acorn Woodpecker; deck 3 now shows a rodent
    asks(game, "Bobolink", ["take-food 1", "take-food 2"], player=0)
    game.apply("take-food 1")  # Sandhill Crane; deck 1 shows Mourning Dove (seed) next
    asks(game, "Bobolink", ["take-food 1", "take-food 2"], player=1)
    Script(game).play(["take-food 2"])
    assert [food_kinds(game, p) for p in range(3)] == [["seed"], ["seed"], ["seed"]]
    assert deck_names(game, 1) == ["Atlantic Puffin"] and game.state.current == 0


def test_all_players_lay_egg_skips_who_cannot():
    seats = [{"flock": ["Mallard"]}, {"nest": 3}, {"flock": ["Yellow-Billed Cuckoo"]}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP, current=2)
    to_powers(game)
    asks(game, "Yellow-Billed Cuckoo", ["use", "skip"], player=2)
    game.apply("use")
    asks(game, "Yellow-Billed Cuckoo", ["egg nest", "egg Yellow-Billed Cuckoo"], player=2)
    game.apply("egg nest")
    asks(game, "Yellow-Billed Cuckoo", ["egg nest", "egg Mallard"], player=0)
    Script(game).play(["egg Mallard"])  # player 1's Nest is full and they have no bird: passed over
    assert eggs(game, 0) == (1, [1]) and eggs(game, 1) == (3, []) and eggs(game, 2) == (2, [0])


def test_all_players_from_one_deck_owner_picks_deck_and_first():
    # Lazuli Bunting owned by player 0 of 3: deck 4, player 2 first -> players 2, 0, 1 draw from it
    decks = [["Anhinga"], ["Atlantic Puffin"], ["Black Vulture"], ["Mallard", "Mourning Dove", "Cedar Waxwing", "Golden Eagle"]]
    game = position("pocket", [{"flock": ["Lazuli Bunting"]}, {}, {}], decks=decks, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Lazuli Bunting", ["deck 1", "deck 2", "deck 3", "deck 4", "skip"])
    game.apply("deck 4")
    asks(game, "Lazuli Bunting", ["first p0", "first p1", "first p2"])
    Script(game).play(["first p2"])
    assert [food_kinds(game, p) for p in range(3)] == [["fruit"], ["seed"], ["rodent"]]
    assert deck_names(game, 3) == ["Mallard"]


def test_all_players_from_one_deck_specific_food():
    # a test card: all players from one deck: draw food fish. Only decks showing fish may be picked,
    # and a player finds nothing once the top is no longer fish
    decks = [["Mourning Dove", "Anhinga", "Atlantic Puffin"], ["Common Loon"], ["Black Vulture"], ["Golden Eagle"]]
    game = position("pocket", [{"flock": ["Test Angler"]}, {}, {}], decks=decks, face_up=FACE_UP, extra_cards=TEST_CARDS)
    to_powers(game)
    asks(game, "Test Angler", ["deck 1", "deck 2", "skip"])
    game.apply("deck 1")
    Script(game).play(["first p1"])
    assert [food_kinds(game, p) for p in range(3)] == [[], ["fish"], ["fish"]]
    assert deck_names(game, 0) == ["Mourning Dove"]


# ---- copy brown ---------------------------------------------------------------------------


def test_copy_brown_hunt_tucks_behind_the_copier():
    decks = [["Anhinga", "House Wren"], ["Atlantic Puffin"], ["Black Vulture"], ["Golden Eagle"]]
    seats = [{"flock": ["Gray Catbird"]}, {"flock": ["Cooper's Hawk", "Pied-Billed Grebe"]}]
    game = position("pocket", seats, decks=decks, face_up=FACE_UP)
    to_powers(game)
    asks(game, "Gray Catbird", ["copy Cooper's Hawk", "copy Pied-Billed Grebe", "skip"])
    game.apply("copy Cooper's Hawk")
    asks(game, "Cooper's Hawk", ["hunt 1", "hunt 2", "hunt 3", "hunt 4"])
    Script(game).play(["hunt 1"])
    assert tucked_names(game, 0, 0) == ["House Wren"] and tucked_names(game, 1, 0) == []


def test_copy_brown_all_players_starts_with_the_copier():
    seats = [{"flock": ["Mallard"]}, {"flock": ["Yellow-Billed Cuckoo"]}, {"flock": ["Yellow-Breasted Chat"]}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP, current=2)
    to_powers(game)
    asks(game, "Yellow-Breasted Chat", ["copy Yellow-Billed Cuckoo", "skip"], player=2)
    game.apply("copy Yellow-Billed Cuckoo")
    asks(game, "Yellow-Billed Cuckoo", ["egg nest", "egg Yellow-Breasted Chat"], player=2)
    game.apply("egg Yellow-Breasted Chat")
    asks(game, "Yellow-Billed Cuckoo", ["egg nest", "egg Mallard"], player=0)
    game.apply("egg nest")
    asks(game, "Yellow-Billed Cuckoo", ["egg nest", "egg Yellow-Billed Cuckoo"], player=1)
    Script(game).play(["egg Yellow-Billed Cuckoo"])
    assert eggs(game, 2) == (1, [1]) and eggs(game, 0) == (2, [0]) and eggs(game, 1) == (1, [1])


def test_copy_brown_requirement_uses_the_copier_s_eggs():
    seats = [{"nest": 0, "flock": [("Brown-Headed Cowbird", 1, [])]}, {"flock": [("Purple Gallinule", 2, [])]}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    to_powers(game)
    Script(game).play(["copy Purple Gallinule", "take-food 3"])  # the Cowbird's egg is the only one to pay
    assert eggs(game, 0) == (0, [0]) and eggs(game, 1) == (1, [2]) and food_kinds(game, 0) == ["rodent"]
    # with no egg of its own to give, the copier cannot use that power: it is not offered
    seats = [{"nest": 0, "flock": ["Brown-Headed Cowbird"]}, {"flock": [("Purple Gallinule", 2, []), "Pied-Billed Grebe"]}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    asks(game, "Brown-Headed Cowbird", ["copy Pied-Billed Grebe", "skip"])


# ---- green --------------------------------------------------------------------------------


def test_green_ignore_food_in_costs():
    # Say's Phoebe: one invertebrate fewer. Common Nighthawk (2 invertebrate) for one invertebrate card
    game = position("pocket", [{"flock": ["Say's Phoebe"], "birds": ["Common Nighthawk"], "food": ["House Wren"]}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play Common Nighthawk"])  # its own power finds no invertebrate on the decks
    assert row_names(game, 0) == ["Say's Phoebe", "Common Nighthawk"]


def test_green_ignore_never_the_any_food_icon():
    # Roseate Spoonbill ignores a fish: Common Loon (fish + any) costs one card of any food...
    game = position("pocket", [{"flock": ["Roseate Spoonbill"], "birds": ["Common Loon", "Black-Billed Magpie"], "food": ["Black Vulture"]}, {}], decks=DECKS, face_up=FACE_UP)
    assert options(game) == ["play Common Loon", "draw-cards", "lay-eggs"]  # ...but the Magpie (2 any) needs 2
    Script(game).play(["play Common Loon"])
    assert row_names(game, 0) == ["Roseate Spoonbill", "Common Loon"] and food_kinds(game, 0) == []


def test_green_spend_food_as_any():
    # Baltimore Oriole: fruit pays any food icon. Anhinga (2 fish) for two fruit cards
    game = position("pocket", [{"flock": ["Baltimore Oriole"], "birds": ["Anhinga"], "food": ["Cedar Waxwing", "Hermit Thrush", "Mourning Dove"]}, {}], decks=DECKS, face_up=FACE_UP)
    game.apply("play Anhinga")
    assert options(game) == ["pay fruit", "pay seed"]
    Script(game).play(["pay fruit", "pay fruit", "paid"])  # each fruit pays a fish icon
    assert row_names(game, 0)[-1] == "Anhinga" and food_kinds(game, 0) == ["seed"]
    # it never pays an egg: Brown Pelican (2 fish + egg) with no egg stays out of reach
    game = position("pocket", [{"nest": 0, "flock": ["Baltimore Oriole"], "birds": ["Brown Pelican"], "food": ["Cedar Waxwing", "Hermit Thrush", "Tufted Titmouse"]}, {}], decks=DECKS, face_up=FACE_UP)
    assert "play Brown Pelican" not in options(game)


def test_green_treat_food_as_any_in_powers():
    # Belted Kingfisher: "fish" in powers means any food
    face_up = ["Black-Billed Magpie", "Mallard", None, None]
    decks = [["Anhinga", "Mourning Dove"], ["Atlantic Puffin", "Black Vulture"], ["Cedar Waxwing"], ["House Wren"]]
    flock = ["Belted Kingfisher", "Osprey", "Great Blue Heron", "Double-Crested Cormorant", "Green Heron"]
    game = position("pocket", [{"flock": flock, "food": ["Golden Eagle", "Sandhill Crane"]}, {}], decks=decks, face_up=face_up)
    to_powers(game)
    asks(game, "Osprey", ["take-food 1", "take-food 2", "take-food 3", "take-food 4", "skip"])  # draw food fish
    game.apply("take-food 3")
    asks(game, "Great Blue Heron", ["take-bird Black-Billed Magpie", "take-bird Mallard", "skip"])  # bird costing fish
    game.apply("take-bird Black-Billed Magpie")
    asks(game, "Double-Crested Cormorant", ["tuck rodent", "tuck seed", "tuck fruit", "skip"])  # tuck food fish
    game.apply("tuck fruit")
    asks(game, "Green Heron", ["discard rodent", "discard seed", "skip"])  # discard food fish -> draw bird
    Script(game).play(["discard seed"])  # Mallard, the one face-up bird left, follows
    assert hand_names(game, 0) == ["Black-Billed Magpie", "Mallard"] and food_kinds(game, 0) == ["rodent"]
    assert tucked_names(game, 0, 3) == ["Cedar Waxwing"]


def test_green_treat_applies_to_one_deck_draws():
    decks = [["Mourning Dove"], ["Anhinga"], ["Black Vulture"], ["Golden Eagle"]]
    game = position("pocket", [{"flock": ["Belted Kingfisher", "Test Angler"]}, {}], decks=decks, face_up=FACE_UP, extra_cards=TEST_CARDS)
    to_powers(game)
    asks(game, "Test Angler", ["deck 1", "deck 2", "deck 3", "deck 4", "skip"])
    Script(game).play(["deck 3", "first p0"])
    assert food_kinds(game, 0) == ["rodent"] and len(game.state.seats[1].food_cards) == 1


def test_green_copy_green_each_turn():
    # Northern Mockingbird (player 0) borrows a green power of another flock at the start of each turn
    seats = [
        {
            "flock": ["Northern Mockingbird"],
            "birds": ["Great Horned Owl", "Anhinga"],
            "food": ["Black Vulture", "Golden Eagle", "Cedar Waxwing", "Hermit Thrush"],
        },
        {"flock": ["Barn Owl", "Baltimore Oriole", "Blue Jay"]},
    ]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP, current=1)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    asks(game, "Northern Mockingbird", ["copy Barn Owl", "copy Baltimore Oriole"])  # never Blue Jay, a copier
    game.apply("copy Barn Owl")
    # with Barn Owl's discount, Great Horned Owl (3 rodent) is paid by the 2 rodent cards
    Script(game).play(["play Great Horned Owl", "pay rodent", "pay rodent", "paid"])  # 2 cards for 3 icons
    assert row_names(game, 0) == ["Northern Mockingbird", "Great Horned Owl"]
    assert food_kinds(game, 0) == ["fruit", "fruit"] and game.state.seats[0].green_copies == []
    # next turn the copy is chosen afresh
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    asks(game, "Northern Mockingbird", ["copy Barn Owl", "copy Baltimore Oriole"])
    again = game.copy()
    again.apply("copy Barn Owl")
    assert "play Anhinga" not in options(again)  # two fruit cards do not pay two fish
    game.apply("copy Baltimore Oriole")  # fruit pays any food icon this turn
    Script(game).play(["play Anhinga"])
    assert row_names(game, 0)[-1] == "Anhinga" and food_kinds(game, 0) == []
