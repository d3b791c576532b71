"""Per-rule tests for the classic game, part 2: bird powers, the round goals, the end of the
game, scoring and the variants.

Each test is named after the catalog id it exercises; the birds are the shipped classic birds,
used for what their powers do (a brown power fires in its row's action, right to left).
"""

from __future__ import annotations

from scripted import (
    FOREST5,
    GRASS5,
    SEEDS5,
    SHIPPED,
    WET5,
    Script,
    bonus_names,
    cached_of,
    conserved,
    eggs_of,
    feeder_faces,
    food_of,
    hand_names,
    options,
    position,
    row_names,
    rule_ids,
    slot_of,
    tray_names,
    tucked_of,
)

from wingspan_rules import new_game
from wingspan_rules.classic.validate import all_birds

MORE5 = ["Cassin's Finch", "Cerulean Warbler", "Red-Cockaded Woodpecker", "Spotted Owl", "Carolina Wren"]


from scripted import rolled  # noqa: E402


def deciders(game, answers: list[str]) -> list[tuple[int, str]]:
    """Apply answers one by one, noting who decided what kind of thing each time."""
    seen = []
    for text in answers:
        seen.append((game.pending.player, game.pending.kind))
        assert game.check(text).legal, (text, options(game))
        game.apply(text)
    return seen


# ---- powers: general -------------------------------------------------------------------------------


def test_classic_powers_optional():
    # a brown power may be skipped
    game = position("classic", [{"forest": ["Northern Cardinal"]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "skip"])
    assert food_of(game, 0) == {"seed": 1}
    # so may a white one
    game = position("classic", [{"hand": ["Brown Pelican"], "food": {"fish": 2}}, {}], rest="deck")
    Script(game).play(["play-wetland Brown Pelican", "skip"])
    assert food_of(game, 0) == {} and row_names(game, 0, "wetland") == ["Brown Pelican"]
    # and a pink one (Yellow-Billed Cuckoo answers another player's lay-eggs action)
    game = position("classic", [{}, {"forest": ["Yellow-Billed Cuckoo", "Hooded Warbler"]}], rest="deck")
    game.apply("lay-eggs")
    assert game.pending.player == 1 and game.pending.source == "Yellow-Billed Cuckoo"
    assert options(game) == ["use", "skip"]
    Script(game).play(["skip"])
    assert eggs_of(game, 1, "Hooded Warbler") == 0


def test_classic_powers_pink_once():
    # Yellow-Billed Cuckoo (player 1): when another player takes the lay-eggs action, lay an
    # egg on a bowl-nest bird.  Turn order 2, 0, 1, 2.
    players = [{}, {"forest": ["Yellow-Billed Cuckoo", "Hooded Warbler"], "grassland": ["Wild Turkey"]}, {}]
    game = position("classic", players, feeder=SEEDS5, rest="deck", current=2)
    Script(game).play(["lay-eggs", "use", "egg Hooded Warbler"])  # player 2 lays: player 1's pink answers
    assert eggs_of(game, 1, "Hooded Warbler") == 1
    Script(game).play(["lay-eggs"])  # player 0 lays too: the pink has fired since player 1's turn
    assert eggs_of(game, 1, "Hooded Warbler") == 1 and game.state.current == 1
    Script(game).play(["lay-eggs", "egg Wild Turkey", "egg Wild Turkey"])  # its own action: no pink
    assert game.state.current == 2 and eggs_of(game, 1, "Hooded Warbler") == 1
    Script(game).play(["lay-eggs", "use", "egg Hooded Warbler"])  # after player 1's turn it answers again
    assert eggs_of(game, 1, "Hooded Warbler") == 2
    # a pink power that was skipped has not fired: it may answer the next trigger
    game = position("classic", players, rest="deck", current=2)
    Script(game).play(["lay-eggs", "skip"])
    Script(game).play(["lay-eggs", "use", "egg Hooded Warbler"])
    assert eggs_of(game, 1, "Hooded Warbler") == 1


def test_classic_powers_pink_timing():
    # A predator's success is answered at once: p1's Black Vulture takes the last die before
    # p0's Barn Owl (further left in the row) runs; the feeder refills, so the owl rolls no die.
    players = [{"forest": ["Barn Owl", "Great Horned Owl"]}, {"forest": ["Black Vulture"]}]
    game = position("classic", players, feeder=["seed", "seed", "fish"], deck=["Hooded Warbler"], tray=["Mallard", "Killdeer", "Osprey"])
    Script(game).play(["gain-food", "take seed", "take seed", "use"], until_turn_ends=False)
    assert tucked_of(game, 0, "Great Horned Owl") == ["Hooded Warbler"]
    assert game.pending.player == 1 and game.pending.source == "Black Vulture"
    Script(game).play(["use", "take fish"], until_turn_ends=False)  # the only die
    assert food_of(game, 1) == {"fish": 1} and len(game.state.feeder) == 5
    # Barn Owl would roll the dice outside the feeder: there are none, so it is passed over
    assert game.pending.player == 1 and game.pending.kind == "action"
    assert cached_of(game, 0, "Barn Owl") == {}
    # An action's own trigger waits for its brown powers, and counts what they gained:
    # American Redstart takes a rodent during p0's gain-food action, so the Shrike answers.
    players = [{"forest": ["American Redstart"]}, {"grassland": ["Loggerhead Shrike"]}]
    game = position("classic", players, feeder=["rodent", "seed", "fish"], rest="deck", tray=["Mallard", "Osprey", "King Rail"])
    Script(game).play(["gain-food", "take seed", "use", "take rodent", "use"])
    assert food_of(game, 0) == {"seed": 1, "rodent": 1} and cached_of(game, 1, "Loggerhead Shrike") == {"rodent": 1}


def test_classic_powers_pink_triggers():
    # Eastern Kingbird: another player plays a bird into their forest (not elsewhere)
    game = position("classic", [{"hand": ["Hooded Warbler", "Mallard"], "food": {"invertebrate": 2, "seed": 1}}, {"grassland": ["Eastern Kingbird"]}], rest="deck")
    Script(game).play(["play-wetland Mallard", "pay seed", "paid"])  # a wetland bird: the kingbird does not answer
    Script(game).play(["gain-food", "take fish"])
    Script(game).play(["play-forest Hooded Warbler", "use"])
    assert food_of(game, 1) == {"fish": 1, "invertebrate": 1}
    # Loggerhead Shrike: another player's gain-food action brings them a rodent
    players = [{"forest": FOREST5[:2]}, {"grassland": ["Loggerhead Shrike"]}]
    game = position("classic", players, feeder=["rodent", "seed", "fish"], rest="deck")
    Script(game).play(["gain-food", "take seed", "take fish"])  # no rodent: no question
    Script(game).play(["draw-cards", "take-deck"])
    Script(game).play(["gain-food", "take rodent", "stop", "use"])
    assert cached_of(game, 1, "Loggerhead Shrike") == {"rodent": 1}


def test_classic_power_gain():
    # from the feeder: the die is taken out (Great Crested Flycatcher: an invertebrate)
    game = position("classic", [{"forest": ["Great Crested Flycatcher"]}, {}], feeder=["seed", "invertebrate", "fish"], rest="deck")
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert options(game) == ["take invertebrate", "stop"]
    assert rule_ids(game.check("take fish")) == ["classic.power.gain"]  # in the feeder, but not this power's food
    assert rule_ids(game.check("take fruit")) == ["classic.feeder.take"]  # in no die at all
    Script(game).play(["take invertebrate"])
    assert food_of(game, 0) == {"seed": 1, "invertebrate": 1} and feeder_faces(game) == ["fish"]
    # from the supply: the feeder is left alone (Northern Cardinal: a fruit)
    game = position("classic", [{"forest": ["Northern Cardinal"]}, {}], feeder=["seed", "fruit", "fish"], rest="deck")
    Script(game).play(["gain-food", "take seed", "use"])
    assert food_of(game, 0) == {"seed": 1, "fruit": 1} and feeder_faces(game) == ["fish", "fruit"]
    # a feeder power finds no die of its food and no reroll: it is not offered
    game = position("classic", [{"forest": ["Great Crested Flycatcher"]}, {}], feeder=["seed", "fruit", "fish"], rest="deck")
    Script(game).play(["gain-food", "take seed"])
    assert food_of(game, 0) == {"seed": 1}


def test_classic_power_cache():
    # Acorn Woodpecker: a seed from the feeder, kept or cached on the bird
    game = position("classic", [{"forest": ["Acorn Woodpecker"], "hand": ["Mourning Dove"]}, {}], feeder=["seed", "seed", "fish"], rest="deck")
    Script(game).play(["gain-food", "skip", "take fish", "use", "take seed"], until_turn_ends=False)
    assert game.pending.kind == "cache" and options(game) == ["cache", "keep-food"]
    Script(game).play(["cache"])
    assert cached_of(game, 0, "Acorn Woodpecker") == {"seed": 1} and food_of(game, 0) == {"fish": 1}
    # cached food is never spent: the seed on the bird cannot pay for Mourning Dove (1 seed)
    Script(game).play(["lay-eggs"])
    assert all(not o.startswith("play-") for o in options(game))
    assert rule_ids(game.check("play-wetland Mourning Dove")) == ["classic.play-bird.cost"]
    # each cached food scores 1
    assert game.score().players[0].cached == 1
    # Carolina Chickadee caches a seed from the supply
    game = position("classic", [{"forest": ["Carolina Chickadee"]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "use"])
    assert cached_of(game, 0, "Carolina Chickadee") == {"seed": 1} and food_of(game, 0) == {"seed": 1}


def test_classic_power_tuck():
    # Tree Swallow: tuck a card from hand, then draw one
    game = position("classic", [{"wetland": ["Tree Swallow"], "hand": ["Trumpeter Swan", "Mallard"]}, {}], deck=["Osprey", "Killdeer"], rest=1)
    Script(game).play(["draw-cards", "take-deck", "use"], until_turn_ends=False)
    assert options(game) == ["tuck Trumpeter Swan", "tuck Mallard", "tuck Killdeer"]
    Script(game).play(["tuck Trumpeter Swan", "use", "take-deck"])
    assert tucked_of(game, 0, "Tree Swallow") == ["Trumpeter Swan"]
    assert hand_names(game, 0) == ["Killdeer", "Mallard", "Osprey"]
    # a tucked card is 1 point, whatever it shows, and no bird of the mat
    sheet = game.score().players[0]
    assert sheet.tucked == 1 and sheet.birds == SHIPPED["classic"].card("Tree Swallow").points
    assert game.view(0)["players"][0]["habitats"]["wetland"] == [
        {"bird": "Tree Swallow", "eggs": 0, "cached": {f: 0 for f in ("invertebrate", "seed", "fish", "fruit", "rodent")}, "tucked": 1, "cached_cards": 0}
    ]


def test_classic_power_predator():
    # a hunt by wingspan: Great Horned Owl (< 100 cm) looks at the deck's top card
    tray = ["Mallard", "Killdeer", "Osprey"]  # a full tray: no card leaves the deck at the end of a turn
    game = position("classic", [{"forest": ["Great Horned Owl"]}, {}], feeder=SEEDS5, tray=tray, deck=["Trumpeter Swan", "Hooded Warbler"])
    Script(game).play(["gain-food", "take seed", "use"])
    assert tucked_of(game, 0, "Great Horned Owl") == ["Hooded Warbler"]  # 18 cm: caught
    Script(game).play(["gain-food", "take seed"])  # player 1
    Script(game).play(["gain-food", "take seed", "use"])
    assert tucked_of(game, 0, "Great Horned Owl") == ["Hooded Warbler"]  # 203 cm: missed
    assert "Trumpeter Swan" in [game.cards.cards[c].name for c in game.state.discard]
    # a success wakes another player's pink power (Black Vulture: a die from the feeder)
    game = position("classic", [{"forest": ["Great Horned Owl"]}, {"forest": ["Black Vulture"]}], feeder=SEEDS5, deck=["Hooded Warbler"])
    Script(game).play(["gain-food", "take seed", "use", "use", "take seed"])
    assert food_of(game, 1) == {"seed": 1}

    # rolling the dice outside the feeder: Barn Owl (a rodent) rolls only those, which stay out
    outcomes = set()
    for seed in range(30):
        game = position("classic", [{"forest": ["Barn Owl"]}, {}], feeder=["seed", "seed", "fish", "fruit"], rest="deck", seed=seed)
        Script(game).play(["gain-food", "take fish"], until_turn_ends=False)
        assert game.pending.source == "Barn Owl"
        feeder_before = feeder_faces(game)
        expected = rolled(game.state.rng, 2)  # 3 dice in the feeder: 2 outside
        game.apply("use")
        caught = "rodent" in expected
        assert cached_of(game, 0, "Barn Owl") == ({"rodent": 1} if caught else {})
        assert feeder_faces(game) == feeder_before  # the feeder's dice are not rolled
        outcomes.add(caught)
        assert game.pending.kind == "action" and game.pending.player == 1
    assert outcomes == {True, False}
    # with all five dice in the feeder there is nothing to roll: the power is not offered
    game = position("classic", [{"grassland": ["Barn Owl"]}, {}], rest="deck")
    Script(game).play(["lay-eggs", "egg Barn Owl", "egg Barn Owl"])
    # the feeder emptied by the forest action is full again before the predator could roll
    game = position("classic", [{"forest": ["Barn Owl"]}, {}], feeder=["seed"], rest="deck")
    Script(game).play(["gain-food", "take seed"])
    assert len(game.state.feeder) == 5


def test_classic_power_repeat():
    # Gray Catbird repeats Northern Cardinal's brown power (right of it: the catbird goes first)
    game = position("classic", [{"forest": ["Northern Cardinal", "Gray Catbird"]}, {}], feeder=SEEDS5, rest="deck")
    game.apply("gain-food")
    game.apply("take seed")
    game.apply("take seed")
    assert game.pending.source == "Gray Catbird"
    Script(game).play(["use", "use"])  # the only bird to repeat is chosen at once; then the Cardinal itself
    assert food_of(game, 0) == {"seed": 2, "fruit": 2}
    # even a power that has already been used this turn (the catbird left of it goes second)
    game = position("classic", [{"forest": ["Gray Catbird", "Northern Cardinal"]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "take seed", "use", "use"])
    assert food_of(game, 0) == {"seed": 2, "fruit": 2}
    # the repeated power runs on its own bird: Carolina Chickadee's seed is cached on the Chickadee
    game = position("classic", [{"forest": ["Carolina Chickadee", "Gray Catbird"]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "take seed", "use", "use"])
    assert cached_of(game, 0, "Carolina Chickadee") == {"seed": 2} and cached_of(game, 0, "Gray Catbird") == {}
    # Hooded Merganser repeats only predator powers of its row (not Mallard's draw)
    row = ["Anhinga", "Mallard", "Black Skimmer", "Hooded Merganser"]
    game = position("classic", [{"wetland": row}, {}], feeder=["seed", "fish", "fruit"], rest="deck")
    Script(game).play(["draw-cards", "take-deck", "take-deck", "take-deck", "use"], until_turn_ends=False)
    assert game.pending.rule == "classic.powers.optional" and game.pending.source == "Hooded Merganser"
    assert options(game) == ["repeat Anhinga", "repeat Black Skimmer"]
    assert rule_ids(game.check("repeat Mallard")) == ["classic.power.repeat"]
    # a bird of another row cannot be repeated
    game = position("classic", [{"forest": ["Gray Catbird"], "wetland": ["Mallard"]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed"])  # the catbird alone in its row: nothing to repeat, not offered
    # a repeat power is never repeated: with only Northern Mockingbird beside it, the catbird
    # has nothing to repeat (and neither has the mockingbird)
    game = position("classic", [{"forest": ["Gray Catbird", "Northern Mockingbird"]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "take seed"])
    row = ["Carolina Chickadee", "Northern Cardinal", "Gray Catbird", "Northern Mockingbird"]
    game = position("classic", [{"forest": row}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "take seed", "take seed", "skip", "use"], until_turn_ends=False)
    assert options(game) == ["repeat Carolina Chickadee", "repeat Northern Cardinal"]
    assert rule_ids(game.check("repeat Northern Mockingbird")) == ["classic.power.repeat"]


def test_classic_power_move():
    # Bewick's Wren, rightmost in the forest, moves to the end of another row; that is no play
    # of a bird, so player 1's Belted Kingfisher (wetland plays) does not answer
    game = position("classic", [{"forest": ["Hooded Warbler", ("Bewick's Wren", 2)], "wetland": ["King Rail"]}, {"wetland": ["Belted Kingfisher"]}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "take seed", "use"], until_turn_ends=False)
    assert game.pending.kind == "move" and options(game) == ["move grassland", "move wetland"]
    assert game.pending.rule == "classic.power.move"
    Script(game).play(["move wetland"])
    assert row_names(game, 0, "forest") == ["Hooded Warbler"]
    assert row_names(game, 0, "wetland") == ["King Rail", "Bewick's Wren"]
    assert eggs_of(game, 0, "Bewick's Wren") == 2  # the bird keeps what lies on it
    # not the rightmost bird: no move
    game = position("classic", [{"forest": ["Bewick's Wren", "Hooded Warbler"]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "take seed"])
    assert row_names(game, 0, "forest") == ["Bewick's Wren", "Hooded Warbler"]
    # a full row is no destination: only the wetland is left, so it moves there once used
    game = position("classic", [{"forest": ["Bewick's Wren"], "grassland": GRASS5}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "use"])
    assert row_names(game, 0, "wetland") == ["Bewick's Wren"] and row_names(game, 0, "forest") == []
    # with both other rows full it cannot move: not offered
    game = position("classic", [{"forest": ["Bewick's Wren"], "grassland": GRASS5, "wetland": WET5}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed"])


def test_classic_power_second_bird():
    # Downy Woodpecker (white): play another forest bird, paying its food and its slot's egg,
    # with no extra cube
    spec = {"hand": ["Downy Woodpecker", "Hooded Warbler"], "food": {"seed": 1, "invertebrate": 2}, "wetland": [("King Rail", 1)]}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["play-forest Downy Woodpecker", "pay seed", "paid", "use"])
    assert row_names(game, 0, "forest") == ["Downy Woodpecker", "Hooded Warbler"]
    assert food_of(game, 0) == {} and eggs_of(game, 0, "King Rail") == 0
    assert game.state.seats[0].cubes_used == 1
    # the second bird must be affordable: without the egg for the 2nd slot it is not offered
    game = position("classic", [dict(spec, wetland=["King Rail"]), {}], rest="deck")
    Script(game).play(["play-forest Downy Woodpecker", "pay seed", "paid"])
    assert row_names(game, 0, "forest") == ["Downy Woodpecker"] and hand_names(game, 0) == ["Hooded Warbler"]


def test_classic_power_bonus_draw():
    # Bell's Vireo: draw 2 bonus cards, keep 1; the bonus cards already held stay
    one, two = SHIPPED["classic"].bonuses[1].name, SHIPPED["classic"].bonuses[2].name  # drawn as [two, one]
    game = position("classic", [{"hand": ["Bell's Vireo"], "food": {"invertebrate": 2}, "bonus": ["Forester"]}, {}], bonus_deck=[one, two])
    before = conserved(game)
    Script(game).play(["play-forest Bell's Vireo", "use"], until_turn_ends=False)
    assert game.pending.kind == "bonus" and game.pending.rule == "classic.power.bonus-draw"
    assert sorted(options(game)) == sorted([f"discard-bonus {one}", f"discard-bonus {two}"])
    assert rule_ids(game.check("discard-bonus Forester")) == ["classic.power.bonus-draw"]
    Script(game).play([f"discard-bonus {one}"])
    assert bonus_names(game, 0) == sorted(["Forester", two])
    assert [game.cards.bonuses[b].name for b in game.state.bonus_discard][-1] == one
    assert conserved(game) == before
    game = position("classic", [{"hand": ["Bell's Vireo"], "food": {"invertebrate": 2}, "bonus": ["Forester"]}, {}], bonus_deck=[one, two])
    Script(game).play(["play-forest Bell's Vireo", "use", f"discard-bonus {two}"])
    assert bonus_names(game, 0) == sorted(["Forester", one])


def test_classic_power_cost():
    # Canada Goose: a seed from your supply for 2 cards tucked from the deck
    me = {"grassland": ["Canada Goose"], "food": {"seed": 1, "fish": 1}, "wetland": [("Mallard", 1)]}
    game = position("classic", [me, {}], deck=["Osprey", "Killdeer"], tray=["Bobolink", "King Rail", "Wood Stork"], rest=1)
    Script(game).play(["lay-eggs", "skip", "egg Canada Goose", "egg Canada Goose"], until_turn_ends=False)
    assert options(game) == ["use", "skip"]
    Script(game).play(["use"], until_turn_ends=False)  # the only seed is taken as the cost
    assert game.state.seats[0].food == [0, 0, 1, 0, 0] and game.pending.kind == "power"
    # Common Raven: an egg from another of your birds for 2 food from the supply
    me = {"forest": [("Common Raven", 1), ("Hooded Warbler", 1)], "wetland": [("Mallard", 1)]}
    game = position("classic", [me, {}], feeder=SEEDS5, rest="deck", tray=["Bobolink", "King Rail", "Wood Stork"])
    Script(game).play(["gain-food", "take seed", "take seed", "use"], until_turn_ends=False)
    assert options(game) == ["discard-egg Hooded Warbler", "discard-egg Mallard"]
    assert rule_ids(game.check("discard-egg Common Raven")) == ["classic.power.cost"]
    Script(game).play(["discard-egg Mallard", "use", "take fish", "take fruit"])
    assert eggs_of(game, 0, "Mallard") == 0 and food_of(game, 0) == {"seed": 2, "fish": 1, "fruit": 1}


def test_classic_power_lay():
    # American Avocet (player 1, pink): when another player lays eggs, lay an egg on another
    # ground-nest bird.  Not on itself, not on a bowl nest.
    players = [{}, {"wetland": ["American Avocet", "Mallard"], "forest": ["Hooded Warbler", "Wild Turkey"]}]
    game = position("classic", players, rest="deck")
    Script(game).play(["lay-eggs", "use"], until_turn_ends=False)
    assert options(game) == ["egg Wild Turkey", "egg Mallard", "stop"]
    assert rule_ids(game.check("egg American Avocet")) == ["classic.power.lay"]
    assert rule_ids(game.check("egg Hooded Warbler")) == ["classic.power.lay"]
    Script(game).play(["egg Mallard"])
    assert eggs_of(game, 1, "Mallard") == 1 and eggs_of(game, 1, "American Avocet") == 0
    # Lazuli Bunting: the owner's two eggs go on two different bowl-nest birds
    me = {"grassland": ["Lazuli Bunting"], "forest": ["Hooded Warbler", "Wild Turkey"]}
    game = position("classic", [me, {}], rest="deck")
    Script(game).play(["lay-eggs", "egg Lazuli Bunting", "egg Lazuli Bunting", "use", "egg Hooded Warbler"], until_turn_ends=False)
    assert options(game) == ["egg Lazuli Bunting", "stop"]
    assert rule_ids(game.check("egg Hooded Warbler")) == ["classic.power.lay"]
    assert rule_ids(game.check("egg Wild Turkey")) == ["classic.power.lay"]


TWO_HERE = """
bird "Test Double Layer" {
  habitats: grassland
  cost: seed
  points: 1
  nest: bowl
  egg_limit: 3
  wingspan: 20
  power brown: lay 2 egg on this bird
}
"""


def test_classic_power_lay_several_on_this_bird():
    # 'lay 2 egg on this bird' lays both, one at a time (a player may stop short), within the limit
    game = position("classic", [{"grassland": [("Test Double Layer", 0)], "forest": ["Wild Turkey"]}, {}], rest="deck", extra_cards=TWO_HERE)
    Script(game).play(["lay-eggs", "egg Wild Turkey", "stop", "use", "egg Test Double Layer", "egg Test Double Layer"])
    assert eggs_of(game, 0, "Test Double Layer") == 2
    game = position("classic", [{"grassland": [("Test Double Layer", 2)], "forest": ["Wild Turkey"]}, {}], rest="deck", extra_cards=TWO_HERE)
    Script(game).play(["lay-eggs", "egg Wild Turkey", "stop", "use", "egg Test Double Layer"])  # room for one more only
    assert eggs_of(game, 0, "Test Double Layer") == 3


def test_classic_power_trade():
    # Green Heron: one food of yours for one of another kind from the supply
    game = position("classic", [{"wetland": ["Green Heron"], "food": {"seed": 1, "fish": 1}}, {}], tray=["Killdeer", "Bobolink", "Wild Turkey"], deck=["Osprey"])
    Script(game).play(["draw-cards", "take-deck", "use"], until_turn_ends=False)
    assert options(game) == ["give seed", "give fish"] and game.pending.rule == "classic.power.trade"
    assert rule_ids(game.check("give rodent")) == ["classic.power.trade"]
    Script(game).play(["give seed"], until_turn_ends=False)
    assert rule_ids(game.check("take seed")) == ["classic.power.trade"]
    Script(game).play(["take rodent"])
    assert food_of(game, 0) == {"fish": 1, "rodent": 1}


def test_classic_power_discard_at_end():
    # Wood Duck: draw 2 cards; one card is discarded from hand at the end of the turn
    tray = ["Bobolink", "King Rail", "Wood Stork"]
    game = position("classic", [{"wetland": ["Wood Duck"], "hand": ["Mallard"]}, {}], tray=tray, deck=["Osprey", "Killdeer", "Anhinga"], rest=1)
    Script(game).play(["draw-cards", "take-deck", "use", "take-deck", "take-deck"], until_turn_ends=False)
    assert game.pending.kind == "discard" and game.pending.rule == "classic.power.discard-at-end"
    assert sorted(options(game)) == ["discard Anhinga", "discard Killdeer", "discard Mallard", "discard Osprey"]
    Script(game).play(["discard Mallard"])
    assert hand_names(game, 0) == ["Anhinga", "Killdeer", "Osprey"] and game.state.discard[-1] == game.cards.card("Mallard").id
    # the tray is refilled before the discard is chosen (end-of-turn steps in any order), so
    # the card given up is not shuffled straight back into the tray
    game = position("classic", [{"wetland": ["Wood Duck"], "hand": ["Mallard"]}, {}], tray=tray, deck=["Osprey", "Killdeer", "Anhinga"], rest=1)
    Script(game).play(["draw-cards", "take-bird Bobolink", "use", "take-bird King Rail", "take-deck"], until_turn_ends=False)
    assert game.pending.kind == "discard" and tray_names(game) == ["Killdeer", "Osprey", "Wood Stork"]
    Script(game).play(["discard Mallard"])
    # nothing drawn, nothing owed: stopping at once leaves the hand alone
    game = position("classic", [{"wetland": ["Wood Duck"], "hand": ["Mallard"]}, {}], deck=["Osprey", "Killdeer", "Anhinga"], rest=1)
    Script(game).play(["draw-cards", "take-deck", "use", "stop"])
    assert hand_names(game, 0) == ["Anhinga", "Mallard"]


def test_classic_power_share():
    # American Oystercatcher: one card per player plus one; each player takes one in turn
    # order from the owner, who keeps the last.  (Card ids 1 and 2 among them: the pick
    # counter kept with the cards must not be mistaken for a card.)
    ids = [SHIPPED["classic"].cards[i].name for i in (1, 2, 3)]
    deck = ids + ["Hooded Warbler"]  # top last: Hooded Warbler is revealed first
    game = position("classic", [{"hand": ["American Oystercatcher"], "food": {"invertebrate": 2}}, {}, {}], deck=deck, options={"swift_start": True})
    before = conserved(game)
    Script(game).play(["play-wetland American Oystercatcher", "use"], until_turn_ends=False)
    assert game.pending.kind == "share" and game.pending.player == 0 and game.pending.rule == "classic.power.share"
    assert sorted(options(game)) == sorted(f"take-bird {n}" for n in deck)
    assert conserved(game) == before  # the revealed cards are counted while they wait
    seen = deciders(game, ["take-bird Hooded Warbler", f"take-bird {ids[0]}"])
    assert seen == [(0, "share"), (1, "share")]
    assert game.pending.player == 2
    Script(game).play([f"take-bird {ids[1]}"])
    assert hand_names(game, 0) == sorted(["Hooded Warbler", ids[2]])
    assert hand_names(game, 1) == [ids[0]] and hand_names(game, 2) == [ids[1]]
    assert conserved(game) == before


def test_classic_power_all_players():
    # Anna's Hummingbird: every player takes a die from the feeder, from a player of the owner's choice
    feeder = ["seed", "fish", "fruit", "rodent", "invertebrate"]
    game = position("classic", [{"forest": ["Anna's Hummingbird"]}, {}, {}], feeder=feeder, rest="deck")
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert options(game) == ["first p0", "first p1", "first p2"]
    seen = deciders(game, ["first p1", "take fish", "take fruit", "take rodent"])
    assert seen == [(0, "power"), (1, "feeder"), (2, "feeder"), (0, "feeder")]
    assert food_of(game, 1) == {"fish": 1} and food_of(game, 2) == {"fruit": 1} and food_of(game, 0) == {"seed": 1, "rodent": 1}
    assert game.pending.kind == "action" and game.pending.player == 1
    # Baltimore Oriole: every player gains a fruit from the supply
    game = position("classic", [{"forest": ["Baltimore Oriole"]}, {}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "use"])
    assert [game.state.seats[p].food[3] for p in range(3)] == [1, 1, 1]
    # Hermit Thrush: only the players with the fewest forest birds (here player 1 alone)
    game = position("classic", [{"forest": ["Hermit Thrush"]}, {}, {"forest": ["Hooded Warbler"]}], feeder=feeder, rest="deck")
    Script(game).play(["gain-food", "take seed", "use", "take fish"])
    assert food_of(game, 1) == {"fish": 1} and food_of(game, 2) == {} and food_of(game, 0) == {"seed": 1}


def test_classic_power_all_players_that_nobody_can_use_is_passed_over():
    # an 'all players' power is offered only if some player's share can do something
    feeder = ["seed", "fish", "fruit", "rodent", "invertebrate"]
    # Pileated Woodpecker full of eggs, and no other cavity-nest bird anywhere
    game = position("classic", [{"forest": [("Pileated Woodpecker", 2)]}, {"grassland": ["Bobolink"]}], feeder=feeder, rest="deck")
    Script(game).play(["gain-food", "take seed"])
    assert eggs_of(game, 0, "Pileated Woodpecker") == 2
    # Lazuli Bunting when no bowl-nest bird has room
    game = position("classic", [{"grassland": [("Lazuli Bunting", 4)]}, {"forest": [("Wild Turkey", 0)]}], feeder=feeder, rest="deck")
    Script(game).play(["lay-eggs"])  # the action lays nothing (no room), then the power is passed over
    assert eggs_of(game, 0, "Lazuli Bunting") == 4 and game.pending.player == 1
    # Canvasback with no card left in the deck or the discard pile
    game = position("classic", [{"wetland": ["Canvasback"]}, {}], tray=["Mallard", None, None], rest=1)
    Script(game).play(["draw-cards", "take-bird Mallard"])  # then the power is passed over
    assert hand_names(game, 0) == ["Mallard"] and game.pending.player == 1
    # with a card left, it is offered and each player draws while cards last
    game = position("classic", [{"wetland": ["Canvasback"]}, {}], tray=["Mallard", None, None], deck=["Osprey"], rest=1)
    held = len(hand_names(game, 1))
    Script(game).play(["draw-cards", "take-bird Mallard", "use", "take-deck"])  # p1's share: nothing left
    assert hand_names(game, 0) == ["Mallard", "Osprey"] and len(hand_names(game, 1)) == held


# ---- goals -----------------------------------------------------------------------------------------


def goal_after_round(mats: list[dict], round_index: int, side: str, goal: str = "Total birds", options: dict | None = None) -> list[int]:
    """End the round by the last player's quiet turn; the points of its goal for each player."""
    n = len(mats)
    cubes = (8, 7, 6, 5)[round_index]
    players = [dict(m, cubes_used=cubes) for m in mats]
    players[-1]["cubes_used"] = cubes - 1
    goals = ["Birds in forest", "Eggs in grassland", "Birds in wetland", "Egg sets across habitats"]
    goals[round_index] = goal
    game = position("classic", players, current=n - 1, first=0, round=round_index, goals=goals, feeder=SEEDS5, rest="deck", options={"goal_side": side, **(options or {})})
    Script(game).play(["gain-food", "take seed"])  # the last player has no forest bird: 1 die
    assert game.state.round == round_index + 1 or game.is_over
    return game.state.goal_points[round_index]


def test_classic_goal_blue():
    mats = [{"forest": FOREST5, "grassland": GRASS5[:2]}, {"grassland": GRASS5[2:]}, {}]
    assert goal_after_round(mats, 0, "blue") == [5, 3, 0]  # 1 per bird, at most 5
    assert goal_after_round(mats, 3, "blue") == [5, 3, 0]  # the same in every round
    # each player scores on their own: a tie takes nothing from anybody
    mats = [{"grassland": GRASS5[:2]}, {"wetland": WET5[:2]}, {"grassland": [("Wild Turkey", 1)]}]
    assert goal_after_round(mats, 1, "blue") == [2, 2, 1]
    # eggs in a habitat: every egg counts
    mats = [{"grassland": [("Wild Turkey", 4), ("Painted Bunting", 2)]}, {"grassland": [("Bobolink", 1)]}]
    assert goal_after_round(mats, 2, "blue", "Eggs in grassland") == [5, 1]


def test_classic_goal_green():
    # round 1 (4/1/0): two tied for first share 4 + 1, rounded down; third place scores 0
    mats = [{"forest": FOREST5[:3]}, {"grassland": GRASS5[:3]}, {"wetland": WET5[:1]}]
    assert goal_after_round(mats, 0, "green") == [2, 2, 0]
    # round 2 (5/2/1): four different counts; fourth place scores nothing
    mats = [{"forest": FOREST5[:4]}, {"grassland": GRASS5[:3]}, {"wetland": WET5[:2]}, {"forest": MORE5[:1]}]
    assert goal_after_round(mats, 1, "green") == [5, 2, 1, 0]
    # round 3 (6/3/2): three tied for first share 6 + 3 + 2 = 11 -> 3 each
    mats = [{"forest": FOREST5[:2]}, {"grassland": GRASS5[:2]}, {"wetland": WET5[:2]}]
    assert goal_after_round(mats, 2, "green") == [3, 3, 3]
    # round 4 (7/4/3): a tie for second shares 4 + 3
    mats = [{"forest": FOREST5}, {"grassland": GRASS5[:2]}, {"wetland": WET5[:2]}, {}]
    assert goal_after_round(mats, 3, "green") == [7, 3, 3, 0]
    # nest goals count wild (star) nests too: bowl-nest birds with an egg
    mats = [{"forest": [("Hooded Warbler", 1), ("Baltimore Oriole", 1), "Blue-Winged Warbler"]}, {"forest": [("Cerulean Warbler", 2)]}]
    assert goal_after_round(mats, 0, "green", "Bowl-nest birds with eggs") == [4, 1]
    # egg sets: one egg in each habitat per set
    mats = [
        {"forest": [("Wild Turkey", 3)], "grassland": [("Painted Bunting", 2)], "wetland": [("King Rail", 4)]},
        {"forest": [("Prothonotary Warbler", 1)], "grassland": [("Bobolink", 1)], "wetland": [("Wood Stork", 1)]},
    ]
    assert goal_after_round(mats, 3, "green", "Egg sets across habitats") == [7, 4]


def test_classic_goal_green_ties_next_place():
    # round 3 (6/3/2), three tied for first: covered places share 6+3+2 = 11 -> 3 each; 004's
    # reading shares 6+3 = 9 -> 3 each, and the fourth player takes third place (2)
    mats = [{"forest": MORE5[:1]}, {"forest": FOREST5[:2]}, {"grassland": GRASS5[:2]}, {"wetland": WET5[:2]}]
    assert goal_after_round(mats, 2, "green") == [0, 3, 3, 3]
    assert goal_after_round(mats, 2, "green", options={"green_ties": "next-place"}) == [2, 3, 3, 3]
    # round 4 (7/4/3), four tied: 14 // 4 = 3 each, or (7+4) // 4 = 2 each
    mats = [{"forest": MORE5[:2]}, {"forest": FOREST5[:2]}, {"grassland": GRASS5[:2]}, {"wetland": WET5[:2]}]
    assert goal_after_round(mats, 3, "green") == [3, 3, 3, 3]
    assert goal_after_round(mats, 3, "green", options={"green_ties": "next-place"}) == [2, 2, 2, 2]
    # a tie of two is the same either way
    mats = [{"forest": FOREST5[:3]}, {"grassland": GRASS5[:3]}, {"wetland": WET5[:1]}]
    assert goal_after_round(mats, 0, "green", options={"green_ties": "next-place"}) == [2, 2, 0]


def test_classic_goal_minimum():
    # green: a player counting nothing takes no place, not even a last one worth points
    mats = [{"forest": FOREST5[:2]}, {}]
    assert goal_after_round(mats, 0, "green") == [4, 0]
    mats = [{"forest": FOREST5[:2]}, {"wetland": ["King Rail"]}, {}]
    assert goal_after_round(mats, 3, "green") == [7, 4, 0]
    # blue: nothing counted, nothing scored
    assert goal_after_round([{}, {}], 0, "blue") == [0, 0]
    # eggs: birds without eggs do not count for "birds with eggs"
    mats = [{"forest": ["Hooded Warbler"]}, {"forest": [("Blue-Winged Warbler", 1)]}]
    assert goal_after_round(mats, 1, "green", "Bowl-nest birds with eggs") == [0, 5]


# ---- the end and scoring ---------------------------------------------------------------------------


def test_classic_end_after_round_4():
    # a full mat does not end the game early
    full = {"forest": FOREST5, "grassland": GRASS5, "wetland": WET5}
    game = position("classic", [full, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "take seed", "take seed"])
    assert not game.is_over and game.state.round == 0
    # the last turn of round 4: its goal is scored, then the game is over
    game = position("classic", [{"cubes_used": 5, "forest": FOREST5[:2]}, {"cubes_used": 4}], round=3, current=1, goal_points=[[4, 1], [5, 2], [6, 3]], feeder=SEEDS5, rest="deck")
    assert not game.is_over
    Script(game).play(["gain-food", "take seed"])
    assert game.is_over and game.pending is None and game.legal_actions() == []
    assert game.state.round == 4 and len(game.state.goal_points) == 4
    assert game.state.goal_points[3] == [7, 0]  # round 4's goal: total birds, green board
    assert rule_ids(game.check("gain-food")) == ["core.game-over"]
    assert game.score().players[0].goal_detail == (4, 5, 6, 7)
    assert game.view(0)["over"] is True
    # through the public API, from a new game
    game = new_game("classic", 2, 3)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])
    assert game.state.round == 4 and len(game.state.goal_points) == 4


def test_classic_score_categories():
    p0 = {
        "forest": [{"bird": "Wild Turkey", "eggs": 4, "cached": {"seed": 2}, "tucked": ["Trumpeter Swan", "Mallard"]}, ("Hooded Warbler", 1)],
        "wetland": [{"bird": "King Rail", "eggs": 5, "cached": {"fish": 1}}],
        "food": {"fish": 3, "seed": 2},  # food beside the mat scores nothing
        "hand": ["Bald Eagle", "Osprey"],  # nor do cards in hand
        "bonus": ["Breeding Manager"],  # 1 point per bird holding 4 eggs or more
    }
    game = position("classic", [p0, {}], round=2, goal_points=[[4, 1], [2, 5]], rest="deck")
    me = game.score().players[0]
    birds = sum(SHIPPED["classic"].card(n).points for n in ("Wild Turkey", "Hooded Warbler", "King Rail"))
    assert me.breakdown() == {"birds": birds, "eggs": 10, "tucked": 2, "cached": 3, "bonus": 2, "goals": 6, "nectar": 0}
    assert me.total == birds + 10 + 2 + 3 + 2 + 6
    assert me.goal_detail == (4, 2)
    # the same sheet through the public dict form
    row = game.score().to_dict()["players"][0]
    assert row["total"] == me.total and row["tiebreak"] == 5
    # food and hand cards change nothing
    poor = position("classic", [dict(p0, food={}, hand=[]), {}], round=2, goal_points=[[4, 1], [2, 5]], rest="deck")
    assert poor.score().players[0].total == me.total


def test_classic_score_tie_break():
    # equal points: the most unused food wins; cached food is not unused food
    assert SHIPPED["classic"].card("Hooded Warbler").points == 7 and SHIPPED["classic"].card("Blue-Winged Warbler").points == 8
    # Hooded Warbler 7 + 1 egg = 8 against Blue-Winged Warbler 8
    game = position("classic", [{"forest": [("Hooded Warbler", 1)], "food": {"seed": 2}}, {"forest": ["Blue-Winged Warbler"], "food": {"fish": 1}}], rest="deck")
    sheet = game.score()
    assert [p.total for p in sheet.players] == [8, 8] and sheet.winners == (0,)
    assert sheet.tiebreak_name == "unused food"
    # cached food is points, not unused food: 7 + 1 cached against 8, one food each
    game = position("classic", [{"forest": [{"bird": "Hooded Warbler", "cached": {"seed": 1}}], "food": {"seed": 1}}, {"forest": ["Blue-Winged Warbler"], "food": {"fish": 1}}], rest="deck")
    sheet = game.score()
    assert [p.tiebreak for p in sheet.players] == [1, 1] and sheet.winners == (0, 1)  # shared
    # more points beat more food
    game = position("classic", [{"forest": ["Blue-Winged Warbler"]}, {"forest": ["Hooded Warbler"], "food": {"seed": 5}}], rest="deck")
    assert game.score().winners == (0,)


# ---- variants --------------------------------------------------------------------------------------


def test_classic_variant_public_hands():
    spec = [{"hand": ["Mallard", "Killdeer"], "bonus": ["Forester"]}, {"hand": ["Osprey"], "bonus": ["Historian"]}]
    private = position("classic", spec, rest="deck")
    assert private.view(1)["players"][0]["hand"] == 2 and private.view(1)["players"][1]["hand"] == ["Osprey"]
    assert private.view(1)["players"][0]["open_hand"] is None
    public = position("classic", spec, rest="deck", options={"public_hands": True})
    # 'hand' keeps one meaning in every view (another's is a count); the open hand is 'open_hand'
    assert public.view(1)["players"][0]["hand"] == 2
    assert public.view(1)["players"][0]["open_hand"] == ["Killdeer", "Mallard"]
    # bonus cards stay secret either way
    assert public.view(1)["players"][0]["bonus"] == 1 and public.view(0)["players"][0]["bonus"] == ["Forester"]
    # from a new game too
    game = new_game("classic", 3, 4, {"public_hands": True})
    while game.pending.kind == "setup":
        game.apply(game.legal_actions()[0])
    for viewer in range(3):
        for p, seat in enumerate(game.view(viewer)["players"]):
            assert seat["open_hand"] == hand_names(game, p)
            assert seat["hand"] == (hand_names(game, p) if p == viewer else len(hand_names(game, p)))


def test_classic_variant_swift_start():
    swift = {c.id for c in SHIPPED["classic"].cards if c.swift_start}
    assert len(swift) == 10
    for seed in range(3):
        plain = new_game("classic", 2, seed)
        assert not swift & set(all_birds(plain.state)) and len(all_birds(plain.state)) == 170
        mixed = new_game("classic", 2, seed, {"swift_start": True})
        assert swift <= set(all_birds(mixed.state)) and len(all_birds(mixed.state)) == 180
    # hand-built positions follow the option as well
    assert not swift & set(all_birds(position("classic", [{}, {}]).state))
    assert swift <= set(all_birds(position("classic", [{}, {}], options={"swift_start": True}).state))
    assert slot_of(position("classic", [{"wetland": ["Brant"]}, {}], options={"swift_start": True}), 0, "Brant").eggs == 0
