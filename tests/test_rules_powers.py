"""Per-rule tests, part 2: bird powers (brown and green).

Named after catalog ids; fuller per-power-kind scripts live in test_powers_pocket.py.
"""

from __future__ import annotations

from scripted import (
    Script,
    deck_names,
    discard_names,
    eggs,
    food_kinds,
    hand_names,
    options,
    position,
    row_names,
    rule_ids,
    tucked_names,
)

# Four food decks whose tops are fish, fish, rodent, rodent (no seed, fruit or invertebrate on top)
DECKS = [
    ["Double-Crested Cormorant", "Osprey"],
    ["Ring-Billed Gull", "Common Merganser"],
    ["Broad-Winged Hawk", "Red-Shouldered Hawk"],
    ["Great Blue Heron", "Northern Harrier"],
]
FACE_UP = ["Wood Duck", "Tree Swallow", "Snowy Egret", "Eastern Kingbird"]  # full: nothing refills at turn end


def answer(game, expected_source: str, action: str) -> None:
    """Apply one answer after checking which bird's power is asking."""
    assert game.pending.source == expected_source, (game.pending.source, options(game))
    assert action in options(game), (action, options(game))
    game.apply(action)


# ---- activation ---------------------------------------------------------------------------


def test_pocket_powers_brown_left_to_right():
    flock = ["Greater Roadrunner", "Cedar Waxwing", "Pied-Billed Grebe"]
    game = position("pocket",
        [{"flock": flock, "birds": ["Bushtit"], "food": ["Cerulean Warbler"]}, {}], decks=DECKS, face_up=FACE_UP
    )
    game.apply("play Bushtit")  # one invertebrate card pays it; Bushtit joins the right end
    asked = []
    for action in ["take-food 1", "egg Bushtit", "take-food 3"]:
        asked.append(game.pending.source)
        assert game.pending.rule == "pocket.powers.optional"
        game.apply(action)
    # left to right, the bird just played included, the green Cedar Waxwing passed by
    assert asked == ["Greater Roadrunner", "Pied-Billed Grebe", "Bushtit"]
    assert game.state.current == 1
    assert food_kinds(game, 0) == ["fish", "rodent"] and eggs(game, 0) == (1, [0, 0, 0, 1])


def test_pocket_powers_optional():
    # skipping a power: nothing happens
    game = position("pocket", [{"flock": ["Pied-Billed Grebe"]}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert eggs(game, 0) == (1, [0])
    # skipping an all-players power denies it to the others as well
    game = position("pocket", [{"flock": ["Yellow-Billed Cuckoo"]}, {"flock": ["Mallard"]}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert eggs(game, 0) == (1, [0]) and eggs(game, 1) == (1, [0])
    # using it gives everyone the benefit
    game = position("pocket", [{"flock": ["Yellow-Billed Cuckoo"]}, {"flock": ["Mallard"]}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop", "use", "egg nest", "egg Mallard"])
    assert eggs(game, 0) == (2, [0]) and eggs(game, 1) == (1, [1])


def test_pocket_powers_green_passive():
    # Pine Siskin (seed in powers is any food) works from the moment it is played:
    # American Goldfinch ("draw food seed") then takes any deck top though none shows seed
    game = position("pocket",
        [{"flock": ["American Goldfinch", "Cedar Waxwing"], "birds": ["Pine Siskin"], "food": ["Mourning Dove", "Sandhill Crane"]}, {}],
        decks=DECKS,
        face_up=FACE_UP,
    )
    before = game.copy()
    game.apply("play Pine Siskin")
    assert game.pending.source == "American Goldfinch"
    assert options(game) == ["take-food 1", "take-food 2", "take-food 3", "take-food 4", "skip"]
    Script(game).play(["take-food 3"])  # no green bird ever asks anything
    assert food_kinds(game, 0) == ["rodent"]
    # without the Siskin in play the Goldfinch finds no seed and is passed over
    Script(before).play(["lay-eggs", "egg nest", "egg American Goldfinch", "egg Cedar Waxwing"])
    assert food_kinds(before, 0) == ["seed", "seed"]
    # a green power works only on its owner's turn
    game = position("pocket", [{"flock": ["American Goldfinch"]}, {"flock": ["Pine Siskin"]}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "egg nest", "egg American Goldfinch"])
    assert food_kinds(game, 0) == []


# ---- the shape of a power -----------------------------------------------------------------


def test_pocket_power_requirement():
    # Franklin's Gull: discard a food card -> lay an egg
    game = position("pocket",
        [{"flock": ["Franklin's Gull"], "food": ["Mourning Dove", "Anhinga"]}, {}],
        decks=[["Mallard"], [], [], []],
        face_up=["Northern Cardinal", None, None, None],
    )
    game.apply("lay-eggs")
    game.apply("stop")
    assert options(game) == ["discard seed", "discard fish", "skip"]
    assert rule_ids(game.check("egg nest")) == ["pocket.power.requirement"]  # the benefit is not free
    # answers that belong to neither the requirement nor the benefit are not answers at all
    assert rule_ids(game.check("take-food 1")) == ["core.decision.other"]  # (a draw's answer)
    assert rule_ids(game.check("pay seed")) == ["core.decision.other"]  # (a payment's)
    game.apply("discard fish")
    assert game.pending.rule == "pocket.power.lay-egg"
    Script(game).play(["egg Franklin's Gull"])
    assert discard_names(game)[-1] == "Anhinga" and eggs(game, 0) == (1, [1])
    # no food card to give up: the power cannot be used at all, though there is room for eggs
    game = position("pocket", [{"flock": ["Franklin's Gull"], "birds": ["Atlantic Puffin"]}, {}], decks=[["Mallard"], [], [], []])
    Script(game).play(["lay-eggs", "stop"])
    assert eggs(game, 0) == (1, [0])
    # skipped: no discard, no egg
    game = position("pocket", [{"flock": ["Franklin's Gull"], "food": ["Mourning Dove"]}, {}], decks=[["Mallard"], [], [], []])
    Script(game).play(["lay-eggs", "stop", "skip"])
    assert food_kinds(game, 0) == ["seed"] and eggs(game, 0) == (1, [0])


def test_pocket_power_either():
    # Sprague's Pipit: lay an egg + draw a food card
    def fresh():
        return position("pocket", [{"flock": ["Sprague's Pipit"]}, {}], decks=DECKS, face_up=FACE_UP)

    game = fresh()
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert options(game) == ["part 1", "part 2", "skip"]
    # both, in the printed order reversed
    Script(game).play(["part 2", "take-food 1", "part 1", "egg Sprague's Pipit"])
    assert food_kinds(game, 0) == ["fish"] and eggs(game, 0) == (1, [1])
    # only one of them
    game = fresh()
    Script(game).play(["lay-eggs", "stop", "part 1", "egg nest"], until_turn_ends=False)
    assert game.pending.rule == "pocket.power.either"
    assert options(game) == ["part 2", "stop"]
    assert rule_ids(game.check("part 1")) == ["pocket.power.either"]  # each part once
    Script(game).play(["stop"])
    assert food_kinds(game, 0) == [] and eggs(game, 0) == (2, [0])


def test_pocket_power_draw():
    # American Crow: draw any card -- a face-up bird or a deck top
    game = position("pocket", [{"flock": ["American Crow"]}, {}], decks=DECKS, face_up=["Mallard", "Cedar Waxwing", None, None])
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert game.pending.rule == "pocket.powers.optional"
    assert options(game) == ["take-bird Mallard", "take-bird Cedar Waxwing", "take-food 1", "take-food 2", "take-food 3", "take-food 4", "skip"]
    Script(game).play(["take-bird Cedar Waxwing"])
    assert hand_names(game, 0) == ["Cedar Waxwing"]
    # a face-up bird taken by the power is not replaced before the end of the turn
    game = position("pocket", [{"flock": ["American Crow"]}, {}], decks=DECKS, face_up=["Mallard", None, None, None])
    Script(game).play(["draw-cards", "take-bird Mallard", "take-food 1"], until_turn_ends=False)
    assert options(game) == ["take-food 1", "take-food 2", "take-food 3", "take-food 4", "skip"]
    Script(game).play(["take-food 3"])
    assert hand_names(game, 0) == ["Mallard"] and food_kinds(game, 0) == ["fish", "rodent"]
    # a "draw bird" power takes no deck top, a "draw food" power no face-up bird
    game = position("pocket", [{"flock": ["House Wren", "Greater Roadrunner"]}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert rule_ids(game.check("take-food 1")) == ["pocket.power.draw"]
    game.apply("take-bird Wood Duck")
    assert game.pending.source == "Greater Roadrunner"
    assert rule_ids(game.check("take-bird Tree Swallow")) == ["pocket.power.draw"]
    # a "draw bird" power with no face-up bird left cannot take from a deck
    game = position("pocket", [{"flock": ["House Wren"]}, {}], decks=DECKS, face_up=["Mallard", None, None, None])
    Script(game).play(["draw-cards", "take-bird Mallard", "take-food 1"])  # House Wren is passed over
    assert hand_names(game, 0) == ["Mallard"]


def test_pocket_power_draw_specific_food():
    # Hermit Thrush: draw a fruit food card; a seed/fruit or invertebrate/fruit top counts
    decks = [["Mallard", "Cedar Waxwing"], ["Anhinga", "Cassin's Finch"], ["Black Vulture", "Mourning Dove"], ["Atlantic Puffin", "American Robin"]]
    game = position("pocket", [{"flock": ["Hermit Thrush"]}, {}], decks=decks, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert options(game) == ["take-food 1", "take-food 2", "take-food 4", "skip"]
    assert rule_ids(game.check("take-food 3")) == ["pocket.power.draw-specific-food"]
    Script(game).play(["take-food 2"])
    assert food_kinds(game, 0) == ["seed/fruit"]


def test_pocket_power_draw_bird_costing():
    # Red Crossbill: draw a bird whose cost shows seed; Black-Billed Magpie's any-food icons do not count
    face_up = ["Sandhill Crane", "Black-Billed Magpie", "Common Loon", "Northern Cardinal"]
    game = position("pocket", [{"flock": ["Red Crossbill"]}, {}], decks=DECKS, face_up=face_up)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert options(game) == ["take-bird Sandhill Crane", "take-bird Northern Cardinal", "skip"]
    assert rule_ids(game.check("take-bird Black-Billed Magpie")) == ["pocket.power.draw-bird-costing"]
    assert rule_ids(game.check("take-bird Common Loon")) == ["pocket.power.draw-bird-costing"]
    Script(game).play(["take-bird Northern Cardinal"])
    assert hand_names(game, 0) == ["Northern Cardinal"]


def test_pocket_power_tuck():
    # Carolina Chickadee: tuck a food card showing seed (a two-food seed card too)
    game = position("pocket",
        [{"flock": [("Carolina Chickadee", 0, ["Golden Eagle", "Black Vulture", "California Condor"])], "food": ["Mourning Dove", "Cassin's Finch", "Anhinga"], "birds": ["Mallard"]}, {}],
        decks=DECKS[:2] + [[], []],
        face_up=FACE_UP,
    )
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert options(game) == ["tuck seed", "tuck seed/fruit", "skip"]
    assert rule_ids(game.check("tuck fish")) == ["pocket.power.tuck"]
    assert rule_ids(game.check("tuck Mallard")) == ["pocket.power.tuck"]  # a bird card is not a seed card
    assert "not a card of the type" in game.check("tuck Mallard").violations[0].message
    verdict = game.check("tuck Great Horned Owl")  # not in the reserve at all
    assert rule_ids(verdict) == ["pocket.power.tuck"] and "not a bird-side card in your reserve" in verdict.violations[0].message
    verdict = game.check("tuck rodent")  # no such food card in the reserve
    assert rule_ids(verdict) == ["pocket.power.tuck"] and "no rodent food card in your reserve" in verdict.violations[0].message
    # verbs of other powers are not answers to this one
    assert rule_ids(game.check("discard seed")) == ["core.decision.option"]
    # ... and those of other kinds of decision say which kinds they answer
    assert rule_ids(game.check("copy Mallard")) == ["core.decision.other"]
    assert rule_ids(game.check("egg nest")) == ["core.decision.other"]
    Script(game).play(["tuck seed/fruit"])
    # no limit on tucked cards: a fourth one joins
    assert tucked_names(game, 0, 0) == ["Golden Eagle", "Black Vulture", "California Condor", "Cassin's Finch"]
    assert food_kinds(game, 0) == ["fish", "seed"]
    assert game.score().players[0].tucked == 4


def test_pocket_power_hunt():
    # Cooper's Hawk hunts below wingspan 35: House Wren (15) is caught, Common Loon (117) is not
    decks = [["Mallard", "House Wren"], ["Atlantic Puffin", "Common Loon"], ["Black Vulture"], ["Golden Eagle"]]
    game = position("pocket", [{"flock": ["Cooper's Hawk"]}, {}], decks=decks, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert game.pending.rule == "pocket.powers.optional"
    assert options(game) == ["hunt 1", "hunt 2", "hunt 3", "hunt 4", "skip"]
    Script(game).play(["hunt 1"])
    assert tucked_names(game, 0, 0) == ["House Wren"]
    game = position("pocket", [{"flock": ["Cooper's Hawk"]}, {}], decks=decks, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop", "hunt 2"])
    assert tucked_names(game, 0, 0) == [] and discard_names(game)[-1] == "Common Loon"
    assert deck_names(game, 1) == ["Atlantic Puffin"]


def test_pocket_power_lay_egg():
    game = position("pocket",
        [{"nest": 3, "flock": ["Pied-Billed Grebe", ("Atlantic Puffin", 1, []), "Mallard"]}, {"flock": ["Anhinga"]}],
        decks=DECKS,
        face_up=FACE_UP,
    )
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert game.pending.source == "Pied-Billed Grebe"
    assert options(game) == ["egg Pied-Billed Grebe", "egg Mallard", "skip"]  # only cards with room
    assert rule_ids(game.check("egg nest")) == ["pocket.eggs.limit"]
    assert rule_ids(game.check("egg Anhinga")) == ["pocket.power.lay-egg"]  # another player's bird
    Script(game).play(["egg Mallard"])
    assert eggs(game, 0) == (3, [0, 1, 1])


def test_pocket_power_discard():
    # Inca Dove: discard an egg -> (draw food seed + draw food seed)
    decks = [["Anhinga", "Mourning Dove"], ["Atlantic Puffin", "Sandhill Crane"], ["Black Vulture"], ["Golden Eagle"]]
    game = position("pocket", [{"nest": 2, "flock": [("Inca Dove", 1, []), "Mallard"]}, {}], decks=decks, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert options(game) == ["discard-egg nest", "discard-egg Inca Dove", "skip"]  # Mallard holds none
    assert rule_ids(game.check("discard-egg Mallard")) == ["pocket.power.discard"]
    assert rule_ids(game.check("take-food 1")) == ["pocket.power.requirement"]
    Script(game).play(["discard-egg nest", "part 1", "take-food 1", "part 2"])  # one seed top left: taken
    assert eggs(game, 0) == (1, [1, 0]) and food_kinds(game, 0) == ["seed", "seed"]
    # Green Heron: discard a fish food card -> draw a bird; the card goes to the discard pile
    game = position("pocket",
        [{"flock": ["Green Heron"], "food": ["Anhinga", "Mourning Dove"], "birds": ["Atlantic Puffin"]}, {}],
        decks=DECKS[2:] + [[], []],
        face_up=["Mallard", None, None, None],
    )
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert options(game) == ["discard fish", "skip"]
    assert rule_ids(game.check("discard seed")) == ["pocket.power.discard"]
    assert rule_ids(game.check("discard Atlantic Puffin")) == ["pocket.power.discard"]
    Script(game).play(["discard fish"])  # Mallard, the only face-up bird, follows by itself
    assert discard_names(game)[-1] == "Anhinga" and hand_names(game, 0) == ["Atlantic Puffin", "Mallard"]
    # Turkey Vulture: discard a bird card -> two food cards
    game = position("pocket", [{"flock": ["Turkey Vulture"], "birds": ["Atlantic Puffin", "Anhinga"]}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop", "discard Anhinga", "part 1", "take-food 3", "part 2", "take-food 3"])
    assert hand_names(game, 0) == ["Atlantic Puffin"] and discard_names(game)[-1] == "Anhinga"
    assert food_kinds(game, 0) == ["rodent", "rodent"]


def test_pocket_power_all_players():
    # Yellow-Billed Cuckoo (all players lay an egg) owned by player 1 of 3: player 1, then 2, then 0
    seats = [{"flock": ["Mallard"]}, {"flock": ["Yellow-Billed Cuckoo"]}, {"flock": ["Anhinga"]}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP, current=1)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert game.pending.rule == "pocket.powers.optional" and options(game) == ["use", "skip"]
    game.apply("use")
    order = []
    for target in ["Yellow-Billed Cuckoo", "Anhinga", "nest"]:
        assert game.pending.rule == "pocket.power.lay-egg"
        order.append(game.pending.player)
        game.apply(f"egg {target}")
    assert order == [1, 2, 0]
    assert eggs(game, 0) == (2, [0]) and eggs(game, 1) == (1, [1]) and eggs(game, 2) == (1, [1])
    assert game.state.current == 2
    # a player who cannot take the benefit is passed over
    seats = [{"nest": 3}, {"flock": ["Yellow-Billed Cuckoo"]}, {"flock": ["Anhinga"]}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP, current=1)
    Script(game).play(["lay-eggs", "stop", "use", "egg nest", "egg Anhinga"])
    assert eggs(game, 0) == (3, [])


def test_pocket_power_all_players_one_deck():
    # Dickcissel: the owner picks the deck and who draws first; then each in turn order
    decks = [["Mallard"], ["Anhinga", "Black Vulture", "Mourning Dove", "Cedar Waxwing"], ["Atlantic Puffin"], ["Golden Eagle"]]
    seats = [{"flock": ["Dickcissel"]}, {}, {}]
    game = position("pocket", seats, decks=decks, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert game.pending.rule == "pocket.powers.optional"
    assert options(game) == ["deck 1", "deck 2", "deck 3", "deck 4", "skip"]
    game.apply("deck 2")
    assert game.pending.rule == "pocket.power.all-players-one-deck" and game.pending.player == 0
    assert options(game) == ["first p0", "first p1", "first p2"]
    Script(game).play(["first p1"])
    assert food_kinds(game, 1) == ["fruit"] and food_kinds(game, 2) == ["seed"] and food_kinds(game, 0) == ["rodent"]
    assert deck_names(game, 1) == ["Anhinga"]


def test_pocket_power_copy_brown():
    seats = [
        {"flock": ["Brown-Headed Cowbird", "Greater Roadrunner"]},
        {"flock": ["Pied-Billed Grebe", "Gray Catbird", "Cedar Waxwing"]},
    ]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert game.pending.source == "Brown-Headed Cowbird"
    assert options(game) == ["copy Pied-Billed Grebe", "skip"]  # another player's brown power
    assert rule_ids(game.check("copy Greater Roadrunner")) == ["pocket.power.copy-brown"]  # own flock
    assert rule_ids(game.check("copy Cedar Waxwing")) == ["pocket.power.copy-brown"]  # green
    # each refusal says why: own flock, no brown power, not in play
    assert "your own flock" in game.check("copy Greater Roadrunner").violations[0].message
    assert "no brown power" in game.check("copy Cedar Waxwing").violations[0].message
    verdict = game.check("copy Mallard")
    assert rule_ids(verdict) == ["pocket.power.copy-brown"] and "not in any flock" in verdict.violations[0].message
    game.apply("copy Pied-Billed Grebe")
    assert game.pending.source == "Pied-Billed Grebe" and game.pending.player == 0
    assert options(game) == ["egg nest", "egg Brown-Headed Cowbird", "egg Greater Roadrunner"]  # my cards
    game.apply("egg Brown-Headed Cowbird")
    Script(game).play(["skip"])  # Greater Roadrunner's own power comes next
    assert eggs(game, 0) == (1, [1, 0]) and eggs(game, 1) == (1, [0, 0, 0])
    # variant copy_brown_from=any: a brown power in your own flock may be copied too
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP, options={"copy_brown_from": "any"})
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert options(game) == ["copy Greater Roadrunner", "copy Pied-Billed Grebe", "skip"]
    Script(game).play(["copy Greater Roadrunner", "take-food 3", "take-food 4"])
    assert food_kinds(game, 0) == ["rodent", "rodent"]


def test_pocket_power_copy_not_copy():
    seats = [{"flock": ["Gray Catbird"]}, {"flock": ["Brown-Headed Cowbird", "Yellow-Breasted Chat", "Pied-Billed Grebe"]}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert options(game) == ["copy Pied-Billed Grebe", "skip"]
    assert rule_ids(game.check("copy Brown-Headed Cowbird")) == ["pocket.power.copy-not-copy"]
    assert rule_ids(game.check("copy Yellow-Breasted Chat")) == ["pocket.power.copy-not-copy"]
    # nothing but copy powers to copy: the power is passed over
    game = position("pocket", [{"flock": ["Gray Catbird"]}, {"flock": ["Brown-Headed Cowbird"]}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"])
    # and a green copy never takes another green copy
    seats = [{"birds": ["Blue Jay"], "food": ["Mourning Dove", "Anhinga"]}, {"flock": ["Northern Mockingbird", "Cedar Waxwing", "Fish Crow"]}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play Blue Jay", "pay seed"], until_turn_ends=False)  # the Nest egg pays the egg
    assert game.pending.kind == "copy-green"
    assert rule_ids(game.check("copy Northern Mockingbird")) == ["pocket.power.copy-not-copy"]


# ---- green powers -------------------------------------------------------------------------


def test_pocket_green_ignore_cost():
    # Acorn Woodpecker: one seed fewer. Sandhill Crane (2 seed + any) for a seed and a fish
    seats = [{"flock": ["Acorn Woodpecker"], "birds": ["Sandhill Crane", "Black-Billed Magpie"], "food": ["Mourning Dove", "Anhinga"]}, {}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    assert options(game)[:1] == ["play Sandhill Crane"]
    Script(game).play(["play Sandhill Crane", "pay seed"])
    assert row_names(game, 0) == ["Acorn Woodpecker", "Sandhill Crane"] and game.state.seats[0].food_cards == []
    # never an any-food icon: Black-Billed Magpie (2 any) still needs two cards
    seats = [{"flock": ["Acorn Woodpecker"], "birds": ["Black-Billed Magpie"], "food": ["Mourning Dove"]}, {}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    assert rule_ids(game.check("play Black-Billed Magpie")) == ["pocket.play-bird.cost"]
    # one fewer, not all: Great Horned Owl (3 rodent) with Barn Owl costs 2 rodent, not 0
    seats = [{"flock": ["Barn Owl"], "birds": ["Great Horned Owl"], "food": ["Black Vulture"]}, {}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    assert rule_ids(game.check("play Great Horned Owl")) == ["pocket.play-bird.cost"]
    seats = [{"flock": ["Barn Owl"], "birds": ["Great Horned Owl"], "food": ["Black Vulture", "Golden Eagle"]}, {}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play Great Horned Owl"])
    assert row_names(game, 0) == ["Barn Owl", "Great Horned Owl"]
    # without it the Crane is out of reach
    seats = [{"birds": ["Sandhill Crane"], "food": ["Mourning Dove", "Anhinga"]}, {}]
    assert rule_ids(position("pocket", seats, decks=DECKS, face_up=FACE_UP).check("play Sandhill Crane")) == ["pocket.play-bird.cost"]


def test_pocket_green_spend_as_any():
    # Fish Crow: fish cards pay any food icon. Great Horned Owl (3 rodent) for 2 fish + 1 rodent
    seats = [{"flock": ["Fish Crow"], "birds": ["Great Horned Owl"], "food": ["Anhinga", "Atlantic Puffin", "Black Vulture"]}, {}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play Great Horned Owl", "pay fish", "pay fish"])  # then the rodent completes it
    assert row_names(game, 0) == ["Fish Crow", "Great Horned Owl"] and game.state.seats[0].food_cards == []
    # without the Crow the same cards fall short
    seats = [{"birds": ["Great Horned Owl"], "food": ["Anhinga", "Atlantic Puffin", "Black Vulture"]}, {}]
    assert rule_ids(position("pocket", seats, decks=DECKS, face_up=FACE_UP).check("play Great Horned Owl")) == ["pocket.play-bird.cost"]
    # a two-food card showing fish counts as well; seeds do not
    seats = [{"flock": ["Fish Crow"], "birds": ["Northern Cardinal"], "food": ["Roseate Spoonbill", "Mourning Dove"]}, {}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play Northern Cardinal", "pay invertebrate/fish"])
    assert row_names(game, 0) == ["Fish Crow", "Northern Cardinal"]
    # only when playing birds: a "draw food rodent" power still wants a rodent on top
    seats = [{"flock": ["Fish Crow", "American Kestrel"]}, {}]
    game = position("pocket", seats, decks=[["Anhinga"], ["Atlantic Puffin"], [], []], face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"])  # Kestrel finds no rodent: passed over
    assert food_kinds(game, 0) == []


def test_pocket_green_any_in_powers():
    # Pine Siskin: "seed" in powers means any food
    face_up = ["Black-Billed Magpie", "Common Loon", "Cedar Waxwing", None]
    seats = [{"flock": ["Pine Siskin", "American Goldfinch", "Red Crossbill", "Carolina Chickadee"], "food": ["Anhinga"]}, {}]
    game = position("pocket", seats, decks=DECKS, face_up=face_up)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert game.pending.source == "American Goldfinch"
    assert options(game) == ["take-food 1", "take-food 2", "take-food 3", "take-food 4", "skip"]
    game.apply("take-food 3")
    # Red Crossbill ("bird costing seed"): any bird with a food cost, even only any-food icons
    assert game.pending.source == "Red Crossbill"
    assert options(game) == ["take-bird Black-Billed Magpie", "take-bird Common Loon", "take-bird Cedar Waxwing", "skip"]
    game.apply("take-bird Common Loon")
    # Carolina Chickadee ("tuck food seed"): any food card
    assert game.pending.source == "Carolina Chickadee"
    assert options(game) == ["tuck fish", "tuck rodent", "skip"]
    Script(game).play(["tuck fish"])
    assert tucked_names(game, 0, 3) == ["Anhinga"] and hand_names(game, 0) == ["Common Loon"]
    # without the Siskin: nothing qualifies, no question asked
    seats = [{"flock": ["American Goldfinch", "Red Crossbill", "Carolina Chickadee"], "food": ["Anhinga"]}, {}]
    game = position("pocket", seats, decks=DECKS, face_up=face_up)
    Script(game).play(["lay-eggs", "stop"])
    assert food_kinds(game, 0) == ["fish"] and hand_names(game, 0) == []


def test_pocket_green_copy_green():
    # player 0 owns Blue Jay; at the start of each of their turns they pick a green power of another flock
    seats = [
        {"flock": ["Blue Jay", "Cedar Waxwing"], "birds": ["Great Horned Owl"], "food": ["Black Vulture", "Golden Eagle"]},
        {"flock": ["Barn Owl", "Acorn Woodpecker", "Northern Mockingbird"]},
    ]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP, current=1)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert game.pending.kind == "copy-green" and game.pending.player == 0
    assert game.pending.rule == "pocket.green.copy-green" and game.pending.source == "Blue Jay"
    assert options(game) == ["copy Barn Owl", "copy Acorn Woodpecker"]  # never your own, never a copy
    assert rule_ids(game.check("copy Cedar Waxwing")) == ["pocket.green.copy-green"]
    game.apply("copy Barn Owl")
    # one rodent fewer: Great Horned Owl (3 rodent) for the 2 rodent cards
    assert options(game)[0] == "play Great Horned Owl"
    Script(game).play(["play Great Horned Owl"])
    assert row_names(game, 0)[-1] == "Great Horned Owl"
    assert game.state.seats[0].green_copies == []  # the copy lasts one turn
    # chosen at once when the copying bird is played
    seats = [{"birds": ["Black-Billed Magpie"], "food": ["Mourning Dove", "Anhinga"]}, {"flock": ["Pine Siskin", "Fish Crow"]}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play Black-Billed Magpie", "pay seed"], until_turn_ends=False)
    assert game.pending.kind == "copy-green" and options(game) == ["copy Pine Siskin", "copy Fish Crow"]
    Script(game).play(["copy Pine Siskin"])


def test_pocket_power_requirement_not_offered_when_benefit_impossible():
    # Willet: discard an egg -> take a face-up bird with a wingspan of 60 cm or more.
    small = position("pocket",
        [{"flock": [("Willet", 1, [])], "nest": 1}, {}],
        decks=[["Mallard"], [], [], []],
        face_up=["Northern Cardinal", None, None, None],
    )
    Script(small).play(["lay-eggs", "stop"])  # no bird big enough: the power is passed over
    assert eggs(small, 0) == (1, [1])
    big = position("pocket",
        [{"flock": [("Willet", 1, [])], "nest": 1}, {}],
        decks=[["Mallard"], [], [], []],
        face_up=["Black Vulture", None, None, None],
    )
    Script(big).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert options(big) == ["discard-egg nest", "discard-egg Willet", "skip"]


def test_pocket_power_requirement_that_removes_the_benefit_is_not_offered():
    # A requirement that takes the last card the benefit needs buys nothing.
    card = (
        'card "Test Shrike" {\n  food: seed\n  cost: seed\n  points: 1\n  egg_limit: 2\n'
        "  wingspan: 30\n  power brown: discard food -> tuck food\n}\n"
    )
    one = position("pocket", [{"flock": ["Test Shrike"], "food": ["Mourning Dove"]}, {}], decks=[["Mallard"], [], [], []], extra_cards=card)
    Script(one).play(["lay-eggs", "stop"])
    assert food_kinds(one, 0) == ["seed"]
    two = position("pocket",
        [{"flock": ["Test Shrike"], "food": ["Mourning Dove", "Anhinga"]}, {}], decks=[["Mallard"], [], [], []], extra_cards=card
    )
    Script(two).play(["lay-eggs", "stop", "discard seed"])  # the tuck of the fish is forced
    assert food_kinds(two, 0) == [] and len(two.state.seats[0].flock[0].tucked) == 1
