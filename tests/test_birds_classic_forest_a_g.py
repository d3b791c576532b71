"""One strict scripted test per classic bird of cards/classic/forest_a-g.wsp.

Each test sets up a position where the bird's power can fire (its row's action for a brown
power, playing it for a white one, another player's action for a pink one), answers every
real decision with a strict ``Script`` and checks the exact outcome; an optional power is
also skipped, which must leave the position as it was.  Birds without a power are played,
and their food, the slot's egg and their points are checked.
"""

from __future__ import annotations

import pytest
from scripted import (
    FOODS,
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

SEEDS5 = ["seed"] * 5
TRAY = ["Killdeer", "Osprey", "Anhinga"]  # a full tray: nothing is dealt from the deck at turn end
SWIFT = {"swift_start": True}


def snapshot(game) -> tuple:
    """Everything a power could change (not whose turn it is)."""
    st = game.state
    seats = [
        (
            list(s.food),
            [[(x.card, x.eggs, list(x.cached), list(x.tucked)) for x in row] for row in s.rows],
            sorted(s.hand),
            sorted(s.bonus),
        )
        for s in st.seats
    ]
    return seats, list(st.tray), list(st.deck), list(st.discard), sorted(st.feeder), list(st.bonus_deck), list(st.bonus_discard)


def skip_changes_nothing(game, lead: list[str], source: str, after: tuple[str, ...] = ()) -> None:
    """Play ``lead`` up to ``source``'s use/skip question, skip it (then ``after``): nothing changes."""
    Script(game).play(lead, until_turn_ends=False)
    assert game.pending.source == source and options(game) == ["use", "skip"]
    before = snapshot(game)
    Script(game).play(["skip", *after])
    assert snapshot(game) == before


def forest_game(row, *, p0=None, others=({},), **kw):
    """Player 0 with ``row`` in the forest, about to take a turn."""
    kw.setdefault("feeder", SEEDS5)
    kw.setdefault("tray", TRAY)
    kw.setdefault("rest", "deck")
    return position("classic", [dict({"forest": list(row)}, **(p0 or {})), *[dict(o) for o in others]], **kw)


def gain(n: int) -> list[str]:
    """The forest action with n forest birds (1, 2, 2, 3, 3 dice) and an all-seed feeder, before any power."""
    return ["gain-food"] + ["take seed"] * ((n + 2) // 2)


from scripted import rolled  # noqa: E402

# ---- gain a seed from the feeder, may cache it -------------------------------------------------


def _seed_cacher(bird: str) -> None:
    feeder = ["fish", "seed", "fruit"]
    # cached on the bird
    game = forest_game([bird], feeder=feeder)
    Script(game).play(["gain-food", "take fish", "use", "take seed", "cache"])
    assert cached_of(game, 0, bird) == {"seed": 1} and food_of(game, 0) == {"fish": 1}
    assert feeder_faces(game) == ["fruit"]
    # kept in the supply beside the mat
    game = forest_game([bird], feeder=feeder)
    Script(game).play(["gain-food", "take fish", "use", "take seed", "keep-food"])
    assert cached_of(game, 0, bird) == {} and food_of(game, 0) == {"fish": 1, "seed": 1}
    assert feeder_faces(game) == ["fruit"]
    # no seed in the feeder, no reroll possible: not offered
    game = forest_game([bird], feeder=["fish", "fruit", "rodent"])
    Script(game).play(["gain-food", "take fish"])
    assert food_of(game, 0) == {"fish": 1} and cached_of(game, 0, bird) == {}
    # the dice left all show one face (no seed): the feeder may be rolled again first
    game = forest_game([bird], feeder=["rodent", "fish", "fish"])
    Script(game).play(["gain-food", "take rodent", "use"], until_turn_ends=False)
    assert game.pending.kind == "feeder" and options(game) == ["reroll", "stop"]
    Script(game).play(["stop"])
    assert food_of(game, 0) == {"rodent": 1} and cached_of(game, 0, bird) == {} and feeder_faces(game) == ["fish", "fish"]
    skip_changes_nothing(forest_game([bird], feeder=feeder), ["gain-food", "take fish"], bird)


def test_acorn_woodpecker():
    _seed_cacher("Acorn Woodpecker")


def test_blue_jay():
    _seed_cacher("Blue Jay")


def test_clarks_nutcracker():
    _seed_cacher("Clark's Nutcracker")


# ---- discard an egg from another bird for wild food ------------------------------------------------


def _egg_eater(bird: str, takes: list[str]) -> None:
    row = [("Wild Turkey", 2), ("Hooded Warbler", 1), (bird, 2)]
    game = forest_game(row)
    Script(game).play(gain(3) + ["use"], until_turn_ends=False)
    # only the other birds' eggs may go (not the eggs on the bird itself)
    assert options(game) == ["discard-egg Wild Turkey", "discard-egg Hooded Warbler"]
    Script(game).play(["discard-egg Hooded Warbler"], until_turn_ends=False)
    # the egg is paid; the food is then offered, not imposed
    assert game.pending.kind == "power" and game.pending.source == bird and options(game) == ["use", "skip"]
    Script(game).play(["use"], until_turn_ends=False)
    assert game.pending.kind == "supply" and options(game) == [f"take {f}" for f in FOODS] + ["stop"]
    Script(game).play([f"take {f}" for f in takes])
    expected = {"seed": 2}
    for f in takes:
        expected[f] = expected.get(f, 0) + 1
    assert food_of(game, 0) == expected
    assert eggs_of(game, 0, "Hooded Warbler") == 0 and eggs_of(game, 0, "Wild Turkey") == 2 and eggs_of(game, 0, bird) == 2
    # the benefit skipped after the egg is paid: the egg stays discarded, no food is gained
    game = forest_game(row)
    Script(game).play(gain(3) + ["use", "discard-egg Hooded Warbler", "skip"])
    assert food_of(game, 0) == {"seed": 2}
    assert eggs_of(game, 0, "Hooded Warbler") == 0 and eggs_of(game, 0, "Wild Turkey") == 2 and eggs_of(game, 0, bird) == 2
    if len(takes) > 1:  # a player may stop short of the full gain
        game = forest_game(row)
        Script(game).play(gain(3) + ["use", "discard-egg Hooded Warbler", "use", f"take {takes[0]}", "stop"])
        assert food_of(game, 0) == {"seed": 2, takes[0]: 1} and eggs_of(game, 0, "Hooded Warbler") == 0
    # eggs only on the bird itself: not offered
    game = forest_game(["Hooded Warbler", (bird, 2)])
    Script(game).play(gain(2))
    assert food_of(game, 0) == {"seed": 2} and eggs_of(game, 0, bird) == 2
    skip_changes_nothing(forest_game(row), gain(3), bird)


def test_american_crow():
    _egg_eater("American Crow", ["rodent"])


def test_fish_crow():
    _egg_eater("Fish Crow", ["fish"])


def test_common_raven():
    _egg_eater("Common Raven", ["fruit", "fruit"])


# ---- gain food ------------------------------------------------------------------------------------


def test_american_redstart():
    # any one die from the feeder
    game = forest_game(["American Redstart"], feeder=["seed", "fish", "fruit"], options=SWIFT)
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert options(game) == ["take fish", "take fruit", "stop"]
    Script(game).play(["take fruit"])
    assert food_of(game, 0) == {"seed": 1, "fruit": 1} and feeder_faces(game) == ["fish"]
    skip_changes_nothing(forest_game(["American Redstart"], feeder=["seed", "fish", "fruit"], options=SWIFT), ["gain-food", "take seed"], "American Redstart")


def test_great_crested_flycatcher():
    bird = "Great Crested Flycatcher"
    game = forest_game([bird], feeder=["seed", "invertebrate", "fish"])
    Script(game).play(["gain-food", "take seed", "use", "take invertebrate"])
    assert food_of(game, 0) == {"seed": 1, "invertebrate": 1} and feeder_faces(game) == ["fish"]
    # the split invertebrate/seed face counts as an invertebrate
    game = forest_game([bird], feeder=["fish", "invertebrate/seed"])
    Script(game).play(["gain-food", "take fish", "use", "take invertebrate"])
    assert food_of(game, 0) == {"fish": 1, "invertebrate": 1}
    # the dice left all show one face: offered, for a reroll
    game = forest_game([bird], feeder=["rodent", "fish", "fish"])
    Script(game).play(["gain-food", "take rodent", "use"], until_turn_ends=False)
    assert options(game) == ["reroll", "stop"]
    # no invertebrate and no reroll: not offered
    game = forest_game([bird], feeder=["seed", "fish", "fruit"])
    Script(game).play(["gain-food", "take seed"])
    assert food_of(game, 0) == {"seed": 1}
    skip_changes_nothing(forest_game([bird], feeder=["seed", "invertebrate", "fish"]), ["gain-food", "take seed"], bird)


def test_blue_gray_gnatcatcher():
    bird = "Blue-Gray Gnatcatcher"
    game = forest_game([bird])
    Script(game).play(gain(1) + ["use"])
    assert food_of(game, 0) == {"seed": 1, "invertebrate": 1}
    assert feeder_faces(game) == ["seed"] * 4  # from the supply: the feeder is left alone
    skip_changes_nothing(forest_game([bird]), gain(1), bird)


def test_carolina_chickadee():
    bird = "Carolina Chickadee"
    game = forest_game([bird])
    Script(game).play(gain(1) + ["use"])
    assert cached_of(game, 0, bird) == {"seed": 1} and food_of(game, 0) == {"seed": 1}
    assert feeder_faces(game) == ["seed"] * 4
    skip_changes_nothing(forest_game([bird]), gain(1), bird)


def _all_players_gain(bird: str, food: str, opts=None) -> None:
    game = forest_game([bird], others=({}, {"food": {food: 1}}), options=opts)
    Script(game).play(gain(1) + ["use"])
    assert food_of(game, 0) == {"seed": 1, food: 1}
    assert food_of(game, 1) == {food: 1} and food_of(game, 2) == {food: 2}
    assert feeder_faces(game) == ["seed"] * 4
    skip_changes_nothing(forest_game([bird], others=({}, {}), options=opts), gain(1), bird)


def test_baltimore_oriole():
    _all_players_gain("Baltimore Oriole", "fruit")


def test_black_chinned_hummingbird():
    _all_players_gain("Black-Chinned Hummingbird", "fruit", SWIFT)


def test_eastern_phoebe():
    _all_players_gain("Eastern Phoebe", "invertebrate")


def test_annas_hummingbird():
    bird = "Anna's Hummingbird"
    feeder = ["seed", "fish", "fruit", "rodent", "invertebrate"]
    game = forest_game([bird], others=({}, {}), feeder=feeder)
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert options(game) == ["first p0", "first p1", "first p2"]
    Script(game).play(["first p2", "take rodent", "take fish", "take fruit"])  # p2, then p0, then p1
    assert food_of(game, 2) == {"rodent": 1} and food_of(game, 0) == {"seed": 1, "fish": 1} and food_of(game, 1) == {"fruit": 1}
    assert feeder_faces(game) == ["invertebrate"]
    # the feeder emptied on the way is filled again for the next player
    game = forest_game([bird], others=({}, {}), feeder=["seed", "fish", "fruit"])
    Script(game).play(["gain-food", "take seed", "use", "first p1", "take fish", "take fruit"], until_turn_ends=False)
    assert game.pending.player == 0 and game.pending.kind == "feeder" and len(game.state.feeder) == 5
    skip_changes_nothing(forest_game([bird], others=({}, {}), feeder=feeder), ["gain-food", "take seed"], bird)


# ---- roll the dice outside the feeder for a rodent --------------------------------------------------


def _roller(bird: str, opts=None) -> None:
    feeder = ["seed", "seed", "fish", "fruit"]  # after taking the fish: 3 in the feeder, 2 outside
    outcomes = set()
    for seed in range(40):
        game = forest_game([bird], feeder=feeder, seed=seed, options=opts)
        Script(game).play(["gain-food", "take fish"], until_turn_ends=False)
        assert game.pending.source == bird
        expected = rolled(game.state.rng, 2)
        caught = "rodent" in expected
        if caught in outcomes:
            continue
        outcomes.add(caught)
        Script(game).play(["use"])
        assert cached_of(game, 0, bird) == ({"rodent": 1} if caught else {})
        assert food_of(game, 0) == {"fish": 1}
        assert feeder_faces(game) == ["fruit", "seed", "seed"]  # the feeder's dice are not rolled
        if len(outcomes) == 2:
            break
    assert outcomes == {True, False}
    skip_changes_nothing(forest_game([bird], feeder=feeder, options=opts), ["gain-food", "take fish"], bird)


def test_barn_owl():
    _roller("Barn Owl")


def test_broad_winged_hawk():
    _roller("Broad-Winged Hawk", SWIFT)


def test_eastern_screech_owl():
    _roller("Eastern Screech-Owl")


# ---- hunt the deck's top card by wingspan -----------------------------------------------------------


def _hunter(bird: str, caught: str, missed: str) -> None:
    game = forest_game([bird], tray=TRAY, deck=[missed, caught], rest="discard")
    Script(game).play(gain(1) + ["use"])
    assert tucked_of(game, 0, bird) == [caught] and deck_names(game) == [missed]
    Script(game).play(["lay-eggs"])  # player 1
    Script(game).play(gain(1) + ["use"])
    assert tucked_of(game, 0, bird) == [caught] and deck_names(game) == []
    assert discard_names(game)[-1] == missed
    assert hand_names(game, 0) == []
    skip_changes_nothing(forest_game([bird], tray=TRAY, deck=[missed, caught], rest="discard"), gain(1), bird)


def test_barred_owl():
    _hunter("Barred Owl", "Pileated Woodpecker", "Fish Crow")  # 74 cm caught, 91 cm missed


def test_coopers_hawk():
    _hunter("Cooper's Hawk", "Black-Necked Stilt", "Great Horned Owl")  # 74 cm caught, 112 cm missed


def test_great_horned_owl():
    _hunter("Great Horned Owl", "American Crow", "Barn Owl")  # 99 cm caught, 107 cm missed


# ---- white: bonus cards -------------------------------------------------------------------------------


def _bonus_drawer(bird: str, food: dict, pay: tuple[str, ...] = ()) -> None:
    one, two = SHIPPED["classic"].bonuses[1].name, SHIPPED["classic"].bonuses[2].name  # drawn as [two, one]

    def fresh():
        return position("classic", [{"hand": [bird], "food": food, "bonus": ["Forester"]}, {}], bonus_deck=[one, two], tray=TRAY, rest="deck")

    game = fresh()
    before = conserved(game)
    Script(game).play([f"play-forest {bird}", *pay, "use"], until_turn_ends=False)
    assert game.pending.kind == "bonus"
    assert sorted(options(game)) == sorted([f"discard-bonus {one}", f"discard-bonus {two}"])
    Script(game).play([f"discard-bonus {two}"])
    assert bonus_names(game, 0) == sorted(["Forester", one])
    assert [game.cards.bonuses[b].name for b in game.state.bonus_discard][-1] == two
    assert row_names(game, 0, "forest") == [bird] and food_of(game, 0) == {} and conserved(game) == before
    skip_changes_nothing(fresh(), [f"play-forest {bird}", *pay], bird)
    # an empty bonus deck: its discard pile is shuffled into a new deck
    game = position("classic", [{"hand": [bird], "food": food}, {}], tray=TRAY, rest="deck")
    assert game.state.bonus_deck == [] and len(game.state.bonus_discard) == len(SHIPPED["classic"].bonuses)
    Script(game).play([f"play-forest {bird}", *pay, "use"], until_turn_ends=False)
    assert game.pending.kind == "bonus" and len(options(game)) == 2
    Script(game).play([options(game)[0]])
    assert len(game.state.seats[0].bonus) == 1
    assert len(game.state.bonus_deck) == len(SHIPPED["classic"].bonuses) - 2 and len(game.state.bonus_discard) == 1


def test_bells_vireo():
    _bonus_drawer("Bell's Vireo", {"invertebrate": 2})


def test_california_condor():
    _bonus_drawer("California Condor", {})


def test_cassins_finch():
    _bonus_drawer("Cassin's Finch", {"seed": 1, "fruit": 1}, ("pay seed",))


def test_cerulean_warbler():
    _bonus_drawer("Cerulean Warbler", {"invertebrate": 1, "seed": 1}, ("pay invertebrate",))


# ---- move when rightmost --------------------------------------------------------------------------------


def _mover(bird: str) -> None:
    row = ["Hooded Warbler", (bird, 1)]
    game = forest_game(row, p0={"wetland": ["King Rail"]})
    Script(game).play(gain(2) + ["use"], until_turn_ends=False)
    assert game.pending.kind == "move" and options(game) == ["move grassland", "move wetland"]
    Script(game).play(["move wetland"])
    assert row_names(game, 0, "forest") == ["Hooded Warbler"]
    assert row_names(game, 0, "wetland") == ["King Rail", bird]
    assert eggs_of(game, 0, bird) == 1 and food_of(game, 0) == {"seed": 2}
    assert game.state.seats[0].cubes_used == 1
    # not the rightmost bird: not offered
    game = forest_game([bird, "Hooded Warbler"])
    Script(game).play(gain(2))
    assert row_names(game, 0, "forest") == [bird, "Hooded Warbler"]
    skip_changes_nothing(forest_game(row, p0={"wetland": ["King Rail"]}), gain(2), bird)


def test_bewicks_wren():
    _mover("Bewick's Wren")


def test_blue_grosbeak():
    _mover("Blue Grosbeak")


def test_chimney_swift():
    _mover("Chimney Swift")


def test_common_nighthawk():
    _mover("Common Nighthawk")


# ---- tuck a card from hand, then a benefit ----------------------------------------------------------------


def _tucker(bird: str, then: list[str], food_after: dict, eggs_after: int, hand_after: list[str], deck=()) -> None:
    row = ["Hooded Warbler", bird]
    kw = dict(p0={"hand": ["Mallard"]}, tray=TRAY, deck=list(deck), rest="discard")
    game = forest_game(row, **kw)
    Script(game).play(gain(2) + ["use"], until_turn_ends=False)
    # the card is tucked; the benefit is then offered, not imposed
    assert tucked_of(game, 0, bird) == ["Mallard"]
    assert game.pending.kind == "power" and game.pending.source == bird and options(game) == ["use", "skip"]
    Script(game).play(["use"] + then)
    assert tucked_of(game, 0, bird) == ["Mallard"]
    assert food_of(game, 0) == food_after and eggs_of(game, 0, bird) == eggs_after
    assert hand_names(game, 0) == hand_after
    # the benefit skipped after the tuck: the card stays tucked, nothing is gained
    game = forest_game(row, **kw)
    Script(game).play(gain(2) + ["use", "skip"])
    assert tucked_of(game, 0, bird) == ["Mallard"] and hand_names(game, 0) == []
    assert food_of(game, 0) == {"seed": 2} and eggs_of(game, 0, bird) == 0 and deck_names(game) == list(deck)
    # nothing in hand to tuck: not offered
    game = forest_game(row, tray=TRAY, deck=list(deck), rest="discard")
    Script(game).play(gain(2))
    assert tucked_of(game, 0, bird) == [] and food_of(game, 0) == {"seed": 2}
    skip_changes_nothing(forest_game(row, **kw), gain(2), bird)


def test_american_robin():
    _tucker("American Robin", ["take-deck"], {"seed": 2}, 0, ["Bobolink"], deck=["King Rail", "Bobolink"])


def test_cedar_waxwing():
    _tucker("Cedar Waxwing", [], {"seed": 2, "fruit": 1}, 0, [])


def test_dark_eyed_junco():
    _tucker("Dark-Eyed Junco", [], {"seed": 3}, 0, [])


def _tuck_and_lay(bird: str) -> None:
    _tucker(bird, [], {"seed": 2}, 1, [])
    # a bird already full of eggs may still tuck
    limit = SHIPPED["classic"].card(bird).egg_limit
    game = forest_game(["Hooded Warbler", (bird, limit)], p0={"hand": ["Mallard"]}, tray=TRAY)
    Script(game).play(gain(2) + ["use"])
    assert tucked_of(game, 0, bird) == ["Mallard"] and eggs_of(game, 0, bird) == limit


def test_bushtit():
    _tuck_and_lay("Bushtit")


def test_common_grackle():
    _tuck_and_lay("Common Grackle")


# ---- eggs -------------------------------------------------------------------------------------------------


def test_california_quail():
    bird = "California Quail"
    game = forest_game(["Hooded Warbler", (bird, 2)])
    Script(game).play(gain(2) + ["use"])
    assert eggs_of(game, 0, bird) == 3 and eggs_of(game, 0, "Hooded Warbler") == 0
    # full: not offered
    game = forest_game(["Hooded Warbler", (bird, 6)])
    Script(game).play(gain(2))
    assert eggs_of(game, 0, bird) == 6
    skip_changes_nothing(forest_game(["Hooded Warbler", (bird, 2)]), gain(2), bird)


def test_chipping_sparrow():
    bird = "Chipping Sparrow"
    spec = {"wetland": [("King Rail", 1)]}
    game = forest_game(["Hooded Warbler", bird], p0=spec)
    Script(game).play(gain(2) + ["use"], until_turn_ends=False)
    assert sorted(options(game)) == sorted(["egg Hooded Warbler", f"egg {bird}", "egg King Rail", "stop"])
    Script(game).play(["egg King Rail"])
    assert eggs_of(game, 0, "King Rail") == 2 and eggs_of(game, 0, "Hooded Warbler") == 0 and eggs_of(game, 0, bird) == 0
    skip_changes_nothing(forest_game(["Hooded Warbler", bird], p0=spec), gain(2), bird)


# ---- white: cards and a second bird -------------------------------------------------------------------------


def test_carolina_wren():
    bird = "Carolina Wren"

    def fresh():
        return position("classic", [{"hand": [bird], "food": {"fruit": 1}}, {}], tray=TRAY, deck=["King Rail", "Bobolink"])

    game = fresh()
    Script(game).play([f"play-forest {bird}", "use"], until_turn_ends=False)
    assert options(game) == ["take-bird Killdeer", "take-bird Osprey", "take-bird Anhinga", "take-deck", "stop"]
    Script(game).play(["take-bird Osprey"], until_turn_ends=False)
    # the tray is not refilled before the turn ends
    assert options(game) == ["take-bird Killdeer", "take-bird Anhinga", "take-deck", "stop"]
    Script(game).play(["take-deck"])
    assert hand_names(game, 0) == ["Bobolink", "Osprey"] and food_of(game, 0) == {}
    assert row_names(game, 0, "forest") == [bird]
    assert tray_names(game) == ["Killdeer", "King Rail", "Anhinga"]  # refilled at the end of the turn
    skip_changes_nothing(fresh(), [f"play-forest {bird}"], bird)


def test_downy_woodpecker():
    bird = "Downy Woodpecker"
    spec = {"hand": [bird, "Hooded Warbler", "Mallard"], "food": {"seed": 1, "invertebrate": 2}, "wetland": [("King Rail", 1)]}
    game = position("classic", [spec, {}], tray=TRAY, rest="deck")
    Script(game).play([f"play-forest {bird}", "pay seed", "paid", "use"])
    assert row_names(game, 0, "forest") == [bird, "Hooded Warbler"]
    assert food_of(game, 0) == {} and eggs_of(game, 0, "King Rail") == 0  # the food and the slot's egg
    assert hand_names(game, 0) == ["Mallard"] and game.state.seats[0].cubes_used == 1
    # a second bird that plays a bird in turn may use its own power
    chain = {"hand": [bird, "Red-Eyed Vireo", "Hooded Warbler"], "food": {"seed": 1, "invertebrate": 3, "fruit": 1}, "wetland": [("King Rail", 3)]}
    game = position("classic", [chain, {}], tray=TRAY, rest="deck")
    Script(game).play([f"play-forest {bird}", "pay seed", "paid", "use", "play-forest Red-Eyed Vireo", "pay invertebrate", "paid", "use", "pay invertebrate", "pay invertebrate", "paid"])
    assert row_names(game, 0, "forest") == [bird, "Red-Eyed Vireo", "Hooded Warbler"]
    assert food_of(game, 0) == {"fruit": 1} and eggs_of(game, 0, "King Rail") == 1 and hand_names(game, 0) == []
    game = position("classic", [spec, {}], tray=TRAY, rest="deck")
    Script(game).play([f"play-forest {bird}", "pay seed", "paid"], until_turn_ends=False)
    assert game.pending.source == bird and options(game) == ["use", "skip"]
    before = snapshot(game)
    Script(game).play(["skip"])
    assert snapshot(game) == before


# ---- pink ----------------------------------------------------------------------------------------------------


def test_black_vulture():
    bird = "Black Vulture"
    players = [{"forest": ["Barred Owl"]}, {"forest": [bird]}]
    game = position("classic", players, feeder=["seed", "fish", "fruit"], tray=TRAY, deck=["Hooded Warbler"])
    Script(game).play(["gain-food", "take seed", "use", "use", "take fruit"])
    assert food_of(game, 1) == {"fruit": 1} and food_of(game, 0) == {"seed": 1}
    assert feeder_faces(game) == ["fish"] and tucked_of(game, 0, "Barred Owl") == ["Hooded Warbler"]
    # a missed hunt does not wake it
    game = position("classic", players, feeder=["seed", "fish", "fruit"], tray=TRAY, deck=["Trumpeter Swan"])
    Script(game).play(["gain-food", "take seed", "use"])
    assert food_of(game, 1) == {}
    # nor does its owner's own predator
    game = position("classic", [{"forest": ["Barred Owl", bird]}, {}], feeder=["seed", "fish", "fruit"], tray=TRAY, deck=["Hooded Warbler"])
    Script(game).play(["gain-food", "take seed", "take fish", "use"])
    assert food_of(game, 0) == {"seed": 1, "fish": 1}
    # a predator rolling for its food succeeds too (Barn Owl)
    for seed in range(40):
        game = position("classic", [{"forest": ["Barn Owl"]}, {"forest": [bird]}], feeder=["seed", "seed", "fish", "fruit"], tray=TRAY, rest="deck", seed=seed)
        Script(game).play(["gain-food", "take fish"], until_turn_ends=False)
        if "rodent" in rolled(game.state.rng, 2):
            break
    Script(game).play(["use", "use", "take seed"])
    assert cached_of(game, 0, "Barn Owl") == {"rodent": 1} and food_of(game, 1) == {"seed": 1}
    # several vultures answer in turn order from the hunter's left
    three = [{"forest": [bird]}, {"forest": ["Barred Owl"]}, {"forest": ["Turkey Vulture"]}]
    game = position("classic", three, feeder=["seed", "fish", "fruit"], tray=TRAY, deck=["Hooded Warbler"], current=1)
    Script(game).play(["gain-food", "take seed", "use"], until_turn_ends=False)
    assert game.pending.source == "Turkey Vulture" and game.pending.player == 2
    Script(game).play(["use", "take fish"], until_turn_ends=False)
    assert game.pending.source == bird and game.pending.player == 0
    Script(game).play(["use", "take fruit"])
    assert food_of(game, 0) == {"fruit": 1} and food_of(game, 2) == {"fish": 1}
    # skipped: nothing changes
    game = position("classic", players, feeder=["seed", "fish", "fruit"], tray=TRAY, deck=["Hooded Warbler"])
    skip_changes_nothing(game, ["gain-food", "take seed", "use"], bird)


def test_eastern_kingbird():
    bird = "Eastern Kingbird"
    spec = {"hand": ["Hooded Warbler", "Mallard"], "food": {"invertebrate": 2, "seed": 1}}
    game = position("classic", [spec, {"grassland": [bird]}], tray=TRAY, rest="deck")
    Script(game).play(["play-wetland Mallard", "pay seed", "paid"])  # wetland: no answer
    assert food_of(game, 1) == {}
    Script(game).play(["lay-eggs", "egg Eastern Kingbird", "egg Eastern Kingbird"])
    Script(game).play(["play-forest Hooded Warbler", "use"])
    assert food_of(game, 1) == {"invertebrate": 1} and food_of(game, 0) == {}
    # a bird moving into the forest is not played there
    game = position("classic", [{"grassland": ["Bewick's Wren"]}, {"grassland": [bird]}], tray=TRAY, rest="deck")
    Script(game).play(["lay-eggs", "egg Bewick's Wren", "egg Bewick's Wren", "use", "move forest"])
    assert row_names(game, 0, "forest") == ["Bewick's Wren"] and food_of(game, 1) == {}
    game = position("classic", [dict(spec, food={"invertebrate": 2}), {"grassland": [bird]}], tray=TRAY, rest="deck")
    skip_changes_nothing(game, ["play-forest Hooded Warbler"], bird)


# ---- repeat ------------------------------------------------------------------------------------------------------


def test_gray_catbird():
    bird = "Gray Catbird"
    game = forest_game(["Blue-Gray Gnatcatcher", bird])
    Script(game).play(gain(2) + ["use", "use"])  # the catbird repeats the gnatcatcher, then the gnatcatcher itself
    assert food_of(game, 0) == {"seed": 2, "invertebrate": 2}
    # a choice between two brown powers of the row, left or right of it
    game = forest_game(["Blue-Gray Gnatcatcher", bird, "Carolina Chickadee"])
    Script(game).play(gain(3) + ["skip", "use"], until_turn_ends=False)
    assert sorted(options(game)) == ["repeat Blue-Gray Gnatcatcher", "repeat Carolina Chickadee"]
    Script(game).play(["repeat Carolina Chickadee", "skip"])
    assert cached_of(game, 0, "Carolina Chickadee") == {"seed": 1} and cached_of(game, 0, bird) == {}
    assert food_of(game, 0) == {"seed": 2}
    skip_changes_nothing(forest_game(["Blue-Gray Gnatcatcher", bird]), gain(2), bird, after=("skip",))


# ---- no power ------------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("slot", [0, 1])
def test_american_woodcock(slot):
    _plain("American Woodcock", {"invertebrate": 2, "seed": 1}, ["pay invertebrate", "pay invertebrate"], slot)


@pytest.mark.parametrize("slot", [0, 1])
def test_blue_winged_warbler(slot):
    _plain("Blue-Winged Warbler", {"invertebrate": 2}, [], slot)


def _plain(bird: str, food: dict, pay: list[str], slot: int) -> None:
    forest = ["Hooded Warbler"] if slot else []
    game = position("classic", [{"hand": [bird], "food": food, "forest": forest, "wetland": [("King Rail", 2)]}, {}], tray=TRAY, rest="deck")
    Script(game).play([f"play-forest {bird}"] + pay)
    assert row_names(game, 0, "forest") == forest + [bird]
    assert food_of(game, 0) == {} and hand_names(game, 0) == []
    assert eggs_of(game, 0, "King Rail") == 2 - slot  # the 2nd slot costs an egg
    card = SHIPPED["classic"].card(bird)
    sheet = game.score().players[0]
    assert sheet.birds == card.points + sum(SHIPPED["classic"].card(n).points for n in forest + ["King Rail"])
