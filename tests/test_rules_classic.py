"""Per-rule tests for the classic game, part 1: setup, turns and rounds, the mat, playing a
bird, the feeder, drawing and laying eggs.

Each test is named after the catalog id it exercises (``classic.play-bird.egg-cost`` ->
``test_classic_play_bird_egg_cost``); powers, goals, the end, scoring and the variants are in
test_rules_classic_powers.py.  Positions are built by hand from bird names
(tests/scripted.py) and played with strict scripts.
"""

from __future__ import annotations

import pytest
from scripted import (
    FOODS,
    FOREST5,
    GRASS5,
    SEEDS5,
    WET5,
    Script,
    conserved,
    deck_names,
    discard_names,
    eggs_of,
    feeder_faces,
    food_of,
    hand_names,
    options,
    position,
    rolled,  # noqa: E402
    row_names,
    rule_ids,
    total_eggs,
    tray_names,
    tucked_of,
)

from wingspan_rules import IllegalAction, load, new_game

# ---- setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_classic_setup_deal(players):
    for seed in range(4):
        game = new_game("classic", players, seed)
        st = game.state
        for seat in st.seats:
            assert len(seat.dealt) == 5 and len(seat.dealt_bonus) == 2
            assert seat.food == [1, 1, 1, 1, 1]  # one of each of the five foods
            assert seat.hand == [] and seat.bonus == [] and all(row == [] for row in seat.rows)
        assert len(st.deck) == 170 - 5 * players - 3
        assert len(st.bonus_deck) == len(game.cards.bonuses) - 2 * players
        assert st.discard == [] and st.bonus_discard == []
        # setup choices come first, starting with the first player; no cube is used
        assert game.pending.kind == "setup" and game.pending.player == st.first
        assert game.pending.rule == "classic.setup.keep"
        assert all(seat.cubes_used == 0 for seat in st.seats)


def _setup_game():
    game = new_game("classic", 3, 11)
    me = game.pending.player
    dealt = [game.cards.cards[c].name for c in game.state.seats[me].dealt]
    return game, me, dealt


def test_classic_setup_keep():
    # keep two birds: two food go back, chosen one at a time; the other three birds are discarded
    game, me, dealt = _setup_game()
    assert options(game) == [f"keep {n}" for n in dealt] + ["done"]
    game.apply(f"keep {dealt[0]}")
    game.apply(f"keep {dealt[3]}")
    game.apply("done")
    assert game.pending.kind == "setup" and options(game) == [f"return {f}" for f in FOODS]
    assert rule_ids(game.check("done")) == ["classic.setup.keep"]  # the food must be returned first
    game.apply("return fish")
    assert "return fish" not in options(game)  # only food still held can be returned
    assert rule_ids(game.check("return fish")) == ["classic.setup.keep"]
    game.apply("return rodent")
    seat = game.state.seats[me]
    assert seat.food == [1, 1, 0, 1, 0]
    assert hand_names(game, me) == sorted([dealt[0], dealt[3]])
    assert sorted(discard_names(game)) == sorted([dealt[1], dealt[2], dealt[4]])
    assert game.pending.kind == "setup" and game.pending.options[0].verb == "keep-bonus"

    # keeping none keeps all five food
    game, me, dealt = _setup_game()
    game.apply("done")
    assert game.state.seats[me].food == [1, 1, 1, 1, 1] and game.state.seats[me].hand == []
    assert game.pending.options[0].verb == "keep-bonus"

    # keeping all five leaves no food (the last return is forced)
    game, me, dealt = _setup_game()
    for n in dealt[:4]:
        game.apply(f"keep {n}")
    # with one bird left the choice is still keep-or-done; keeping it makes "done" the only answer
    game.apply(f"keep {dealt[4]}")
    for food in FOODS[:4]:
        game.apply(f"return {food}")
    seat = game.state.seats[me]
    assert seat.food == [0, 0, 0, 0, 0] and len(seat.hand) == 5 and game.state.discard == []


def test_classic_setup_keep_is_secret_until_all_have_chosen():
    # the engine asks one player after another; the others' choices stay hidden meanwhile
    game = new_game("classic", 3, 2)
    first = game.pending.player
    game.apply(game.legal_actions()[0])  # keeps a bird
    game.apply("done")
    game.apply(game.legal_actions()[0])  # gives back a food
    while game.pending.player == first:
        game.apply(game.legal_actions()[0])
    later = game.pending.player
    seen = game.view(later)
    assert seen["players"][first]["food"] is None and seen["players"][first]["hand"] is None
    assert seen["discard_size"] is None and seen["players"][later]["food"] == dict.fromkeys(FOODS, 1)
    while game.pending.kind == "setup":
        game.apply(game.legal_actions()[0])
    seen = game.view(later)
    assert seen["players"][first]["food"] is not None and seen["players"][first]["hand"] == 1
    assert seen["discard_size"] == len(game.state.discard)


def test_classic_setup_bonus():
    game, me, dealt = _setup_game()
    seat = game.state.seats[me]
    two = sorted(game.cards.bonuses[b].name for b in seat.dealt_bonus)
    # both bonus cards can be read while the birds are chosen, by their owner only
    view = game.view(me)["players"][me]
    assert view["dealt_bonus"] == two and sorted(view["dealt"]) == sorted(dealt)
    other = (me + 1) % 3
    assert game.view(other)["players"][me]["dealt_bonus"] is None  # not even how many are left
    game.apply("done")
    assert sorted(options(game)) == [f"keep-bonus {n}" for n in two]
    game.apply(f"keep-bonus {two[1]}")
    assert [game.cards.bonuses[b].name for b in seat.bonus] == [two[1]]
    assert [game.cards.bonuses[b].name for b in game.state.bonus_discard] == [two[0]]
    assert seat.dealt_bonus == []
    # the next player sets up
    assert game.pending.player == other and game.pending.kind == "setup"


def test_classic_setup_goals():
    faces = set()
    for seed in range(20):
        game = new_game("classic", 2, seed)
        goals = game.state.goals
        assert len(goals) == 4 and game.state.goal_points == []
        tiles = [g.goal for g in goals]
        assert len(set(tiles)) == 4 and all(0 <= t < len(game.cards.goals) for t in tiles)  # 4 different tiles
        faces |= {g.side for g in goals}
        view = game.view(0)
        assert view["goals"] == [game.cards.goals[g.goal].sides[g.side].name for g in goals]
    assert faces == {0, 1}  # either face may come up


def test_classic_setup_feeder():
    seen = set()
    for seed in range(20):
        st = new_game("classic", 4, seed).state
        assert len(st.feeder) == 5 and all(0 <= f < 6 for f in st.feeder)
        assert len(st.tray) == 3 and all(c >= 0 for c in st.tray)
        seen |= set(st.feeder)
    assert seen == set(range(6))  # all six faces, the split one included


# ---- turns and rounds ---------------------------------------------------------------------------


def test_classic_turn_action():
    game = position("classic", [{"hand": ["Hooded Warbler"], "food": {"invertebrate": 2}}, {}], deck=["Mallard"], tray=["Killdeer"])
    assert game.pending.kind == "action" and game.pending.rule == "classic.turn.action"
    assert options(game) == ["play-forest Hooded Warbler", "gain-food", "lay-eggs", "draw-cards"]
    assert rule_ids(game.check("lay-eggs", player=1)) == ["core.decision.player"]
    assert rule_ids(game.check("take seed")) == ["core.decision.other"]  # a step, not an action
    Script(game).play(["lay-eggs"])  # no bird to take an egg: the action is still a turn
    assert game.state.seats[0].cubes_used == 1 and game.state.current == 1
    # the same action may be taken turn after turn; each takes one cube
    Script(game).play(["lay-eggs"])
    Script(game).play(["lay-eggs"])
    assert game.state.seats[0].cubes_used == 2 and game.state.seats[1].cubes_used == 1
    # with nothing left to draw anywhere, drawing cards is not an action
    game = position("classic", [{"food": {"seed": 1}}, {}], rest=1)
    assert options(game) == ["gain-food", "lay-eggs"]
    assert rule_ids(game.check("draw-cards")) == ["classic.draw.tray-or-deck"]


def test_classic_round_turns():
    # through the public API: 8, 7, 6 and 5 turns per player
    game = new_game("classic", 3, 5)
    per_round: list[list[int]] = [[0, 0, 0] for _ in range(4)]
    while not game.is_over:
        pending = game.pending
        if pending.kind == "action":
            per_round[game.state.round][pending.player] += 1
        game.apply("gain-food" if pending.kind == "action" else game.legal_actions()[0])
    assert per_round == [[8] * 3, [7] * 3, [6] * 3, [5] * 3]
    # a hand-built round 2 (index 1): both players have used 6 of 7 cubes
    game = position("classic", [{"cubes_used": 6}, {"cubes_used": 6}], round=1, rest="deck")
    Script(game).play(["lay-eggs"])
    assert game.state.round == 1 and game.state.current == 1
    Script(game).play(["lay-eggs"])
    assert game.state.round == 2 and [s.cubes_used for s in game.state.seats] == [0, 0]


def test_classic_round_end():
    players = [
        {"cubes_used": 8, "forest": ["Hooded Warbler"], "hand": ["Mallard"], "food": {"fish": 1}},
        {"cubes_used": 7, "forest": [("Wild Turkey", 2)], "food": {"seed": 2}},
    ]
    game = position("classic",
        players, tray=["Killdeer", None, "Canada Goose"], deck=["Anhinga", "Bobolink", "King Rail", "Osprey", "Brown Pelican", "Wood Duck"],
        feeder=["fish", "invertebrate/seed"], current=1, first=0,
    )
    Script(game).play(["draw-cards", "take-bird Killdeer"])  # player 1's last turn of round 1
    st = game.state
    # the goal of round 1 (birds in forest, green board) is scored: a tie for first place
    assert st.goal_points == [[2, 2]]
    # the tray was refilled at the end of the turn (Wood Duck, Brown Pelican), then emptied
    # onto the discard pile and dealt again from the deck
    assert discard_names(game)[-3:] == ["Wood Duck", "Brown Pelican", "Canada Goose"]
    assert tray_names(game) == ["Osprey", "King Rail", "Bobolink"] and deck_names(game) == ["Anhinga"]
    # the first player token moves one seat clockwise; that player opens round 2
    assert st.first == 1 and st.current == 1 and st.round == 1
    assert game.pending.kind == "action" and game.pending.player == 1
    assert [s.cubes_used for s in st.seats] == [0, 0]
    # the feeder stays as it was; mats, hands and food are kept
    assert feeder_faces(game) == ["fish", "invertebrate/seed"]
    assert eggs_of(game, 1, "Wild Turkey") == 2 and hand_names(game, 0) == ["Mallard"]
    assert food_of(game, 1) == {"seed": 2} and hand_names(game, 1) == ["Killdeer"]


# ---- the mat ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("column", range(6))
def test_classic_mat_column_benefit(column):
    forest = (1, 1, 2, 2, 3, 3)[column]
    grass = (2, 2, 3, 3, 4, 4)[column]
    wet = (1, 1, 2, 2, 3, 3)[column]
    # forest: that many dice from the feeder
    game = position("classic", [{"forest": FOREST5[:column]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food"] + ["take seed"] * forest)
    assert food_of(game, 0) == {"seed": forest}
    # grassland: that many eggs (here all on a forest bird: eggs may go on any bird)
    game = position("classic", [{"grassland": GRASS5[:column], "forest": ["Wild Turkey"]}, {}], rest="deck")
    Script(game).play(["lay-eggs"] + ["egg Wild Turkey"] * grass)
    assert total_eggs(game, 0) == grass
    # wetland: that many cards
    game = position("classic", [{"wetland": WET5[:column]}, {}], rest="deck")
    top = list(reversed(deck_names(game)))[:wet]
    Script(game).play(["draw-cards"] + ["take-deck"] * wet)
    assert hand_names(game, 0) == sorted(top)


def test_classic_mat_conversion():
    # forest, 2nd space: discard a card for one more food
    game = position("classic", [{"forest": FOREST5[:1], "hand": ["Mallard", "Killdeer"]}, {}], feeder=SEEDS5, rest="deck")
    game.apply("gain-food")
    assert game.pending.kind == "conversion" and game.pending.rule == "classic.mat.conversion"
    assert options(game) == ["discard Mallard", "discard Killdeer", "skip"]
    game.apply("discard Mallard")
    assert game.pending.kind == "feeder"
    assert rule_ids(game.check("discard Killdeer")) == ["classic.mat.conversion"]  # at most once
    Script(game).play(["take seed", "take seed"])
    assert food_of(game, 0) == {"seed": 2} and hand_names(game, 0) == ["Killdeer"]
    assert discard_names(game)[-1] == "Mallard"
    # grassland, 4th space: pay a food for one more egg
    game = position("classic", [{"grassland": GRASS5[:3], "forest": ["Wild Turkey"], "food": {"seed": 1, "fish": 1}}, {}], rest="deck")
    game.apply("lay-eggs")
    assert options(game) == ["pay seed", "pay fish", "skip"]
    game.apply("pay fish")
    assert rule_ids(game.check("pay seed")) == ["classic.mat.conversion"]
    Script(game).play(["egg Wild Turkey"] * 4)
    assert eggs_of(game, 0, "Wild Turkey") == 4 and food_of(game, 0) == {"seed": 1}
    # wetland, 6th space: discard an egg for one more card
    game = position("classic", [{"wetland": ["Atlantic Puffin", ("King Rail", 2)] + WET5[2:]}, {}], rest="deck")
    top = list(reversed(deck_names(game)))[:4]
    game.apply("draw-cards")
    assert options(game) == ["discard-egg King Rail", "skip"]
    game.apply("discard-egg King Rail")
    assert rule_ids(game.check("discard-egg King Rail")) == ["classic.mat.conversion"]
    Script(game).play(["take-deck"] * 4)
    assert hand_names(game, 0) == sorted(top) and eggs_of(game, 0, "King Rail") == 1
    # the trade is optional: skipping it gives the printed amount
    game = position("classic", [{"forest": FOREST5[:3], "hand": ["Mallard"]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "skip", "take seed", "take seed"])
    assert food_of(game, 0) == {"seed": 2} and hand_names(game, 0) == ["Mallard"]
    # the 1st, 3rd and 5th spaces offer no trade, whatever the player holds
    for column in (0, 2, 4):
        game = position("classic", [{"forest": FOREST5[:column], "hand": ["Mallard"], "food": {"fish": 1}}, {}], feeder=SEEDS5, rest="deck")
        game.apply("gain-food")
        assert game.pending.kind == "feeder"


def test_classic_powers_brown_right_to_left():
    row = ["Blue-Gray Gnatcatcher", "Northern Cardinal", "Yellow-Bellied Sapsucker"]
    game = position("classic", [{"forest": row, "wetland": ["Mallard"]}, {}], feeder=SEEDS5, rest="deck")
    game.apply("gain-food")
    # first the space's own benefit (2 food on the 4th space) ...
    assert game.pending.kind == "feeder"
    game.apply("take seed")
    game.apply("take seed")
    # ... then each brown power of the row, once, from the right
    sources = []
    for answer in ["use", "use", "skip"]:
        assert game.pending.kind == "power" and game.pending.rule == "classic.powers.optional"
        sources.append(game.pending.source)
        game.apply(answer)
    assert sources == ["Yellow-Bellied Sapsucker", "Northern Cardinal", "Blue-Gray Gnatcatcher"]
    # the wetland's Mallard is not in this row; the turn is over
    assert game.pending.kind == "action" and game.pending.player == 1
    assert food_of(game, 0) == {"seed": 2, "invertebrate": 1, "fruit": 1}


# ---- playing a bird --------------------------------------------------------------------------------


def test_classic_play_bird_from_hand():
    # Killdeer lies in the other player's hand; Mallard is in the tray: neither can be played
    game = position("classic", [{"hand": ["Hooded Warbler"], "food": {"invertebrate": 2}}, {"hand": ["Killdeer"]}], tray=["Mallard"], rest="deck")
    assert [o for o in options(game) if o.startswith("play-")] == ["play-forest Hooded Warbler"]
    for text in ("play-grassland Killdeer", "play-wetland Mallard"):
        assert rule_ids(game.check(text)) == ["classic.play-bird.from-hand"]


def test_classic_play_bird_habitat():
    game = position("classic", [{"forest": FOREST5[:2], "hand": ["Mallard", "Canada Goose", "Bewick's Wren"], "food": {"seed": 3, "invertebrate": 2}}, {}], rest="deck")
    # only habitats printed on the card: Mallard the wetland, Canada Goose grassland or wetland
    assert options(game)[:3] == ["play-wetland Mallard", "play-grassland Canada Goose", "play-wetland Canada Goose"]
    assert "play-grassland Bewick's Wren" in options(game) and "play-wetland Bewick's Wren" in options(game)
    assert rule_ids(game.check("play-forest Mallard")) == ["classic.play-bird.habitat"]
    # the leftmost empty slot: the third forest space (its egg cost is 1: none here, so no forest option)
    assert "play-forest Bewick's Wren" not in options(game)
    # a full row takes no bird
    full = position("classic", [{"forest": FOREST5, "grassland": [("Bobolink", 3)], "hand": ["Bewick's Wren"], "food": {"invertebrate": 2, "seed": 1}}, {}], rest="deck")
    assert "play-forest Bewick's Wren" not in options(full)
    assert rule_ids(full.check("play-forest Bewick's Wren")) == ["classic.play-bird.habitat"]
    Script(full).play(["play-wetland Bewick's Wren", "pay invertebrate", "pay invertebrate"])
    assert row_names(full, 0, "wetland") == ["Bewick's Wren"]
    # played into the first empty space of the row
    game = position("classic", [{"grassland": [("Bobolink", 2)], "hand": ["Canada Goose"], "food": {"seed": 2}}, {}], rest="deck")
    Script(game).play(["play-grassland Canada Goose"])
    assert row_names(game, 0, "grassland") == ["Bobolink", "Canada Goose"]


def test_classic_play_bird_cost():
    # exact food: paid without a question
    game = position("classic", [{"hand": ["Hooded Warbler"], "food": {"invertebrate": 2}}, {}], rest="deck")
    Script(game).play(["play-forest Hooded Warbler"])
    assert row_names(game, 0, "forest") == ["Hooded Warbler"] and food_of(game, 0) == {}
    # any 2 food stand for 1: an invertebrate and two seeds pay 2 invertebrates
    game = position("classic", [{"hand": ["Hooded Warbler"], "food": {"invertebrate": 1, "seed": 2}}, {}], rest="deck")
    game.apply("play-forest Hooded Warbler")
    assert game.pending.kind == "pay" and game.pending.rule == "classic.play-bird.cost"
    assert options(game) == ["pay invertebrate", "pay seed"]
    assert rule_ids(game.check("paid")) == ["classic.play-bird.cost"]
    Script(game).play(["pay seed", "pay seed"])  # the invertebrate is then the only way left
    assert food_of(game, 0) == {} and row_names(game, 0, "forest") == ["Hooded Warbler"]
    # not enough food even 2 for 1
    game = position("classic", [{"hand": ["Hooded Warbler"], "food": {"invertebrate": 1, "seed": 1}}, {}], rest="deck")
    assert "play-forest Hooded Warbler" not in options(game)
    assert rule_ids(game.check("play-forest Hooded Warbler")) == ["classic.play-bird.cost"]
    # a '/' cost takes one of its foods (Mallard: invertebrate or seed) ...
    game = position("classic", [{"hand": ["Mallard"], "food": {"seed": 1, "fish": 1}}, {}], rest="deck")
    game.apply("play-wetland Mallard")
    assert options(game) == ["pay seed", "pay fish"]
    assert rule_ids(game.check("pay invertebrate")) == ["classic.play-bird.cost"]  # none held
    game.apply("pay seed")
    assert options(game) == ["pay fish", "paid"]  # (a fish more would make it 2 for 1: allowed, never needed)
    game.apply("paid")
    assert food_of(game, 0) == {"fish": 1} and row_names(game, 0, "wetland") == ["Mallard"]
    # ... or any two food, and never both of its foods
    game = position("classic", [{"hand": ["Mallard"], "food": {"fish": 2}}, {}], rest="deck")
    Script(game).play(["play-wetland Mallard"])
    assert food_of(game, 0) == {}
    game = position("classic", [{"hand": ["Mallard"], "food": {"fish": 1}}, {}], rest="deck")
    assert rule_ids(game.check("play-wetland Mallard")) == ["classic.play-bird.cost"]
    # the wild icon takes any food (Trumpeter Swan: 2 seed and 1 wild)
    game = position("classic", [{"hand": ["Trumpeter Swan"], "food": {"seed": 2, "rodent": 1}}, {}], rest="deck")
    Script(game).play(["play-wetland Trumpeter Swan", "pay rodent"])  # then the seeds, without asking
    assert food_of(game, 0) == {}
    # 2 for 1 is for bird costs only: a power asking for a fish takes a fish, not two seeds
    game = position("classic", [{"wetland": ["Double-Crested Cormorant"], "food": {"seed": 2}}, {}], rest="deck")
    Script(game).play(["draw-cards", "take-deck"])  # Cormorant's power is not even offered
    game = position("classic", [{"wetland": ["Double-Crested Cormorant"], "food": {"fish": 1}}, {}], rest="deck")
    Script(game).play(["draw-cards", "take-deck", "use", "use"])
    assert food_of(game, 0) == {} and len(game.state.seats[0].rows[2][0].tucked) == 2


@pytest.mark.parametrize("column", range(5))
def test_classic_play_bird_egg_cost(column):
    cost = (0, 1, 1, 2, 2)[column]
    # eggs come from any bird: here from the wetland's King Rail
    spec = {"forest": FOREST5[1 : 1 + column], "wetland": [("King Rail", 3)], "hand": ["Hooded Warbler"], "food": {"invertebrate": 2}}
    game = position("classic", [spec, {}], rest="deck")
    Script(game).play(["play-forest Hooded Warbler"])
    assert row_names(game, 0, "forest")[-1] == "Hooded Warbler" and len(row_names(game, 0, "forest")) == column + 1
    assert eggs_of(game, 0, "King Rail") == 3 - cost
    assert game.state.seats[0].food == [0] * 5
    # with fewer eggs than the slot costs the bird cannot go there
    if cost:
        short = dict(spec, wetland=[("King Rail", cost - 1)])
        game = position("classic", [short, {}], rest="deck")
        assert "play-forest Hooded Warbler" not in options(game)
        assert rule_ids(game.check("play-forest Hooded Warbler")) == ["classic.play-bird.egg-cost"]


def test_classic_play_bird_egg_cost_choice_of_birds():
    # two birds hold eggs: the player picks which ones pay, one egg at a time
    spec = {"forest": FOREST5[1:4], "wetland": [("King Rail", 1), ("Wood Stork", 2)], "hand": ["Hooded Warbler"], "food": {"invertebrate": 2}}
    game = position("classic", [spec, {}], rest="deck")
    game.apply("play-forest Hooded Warbler")
    assert game.pending.kind == "pay" and options(game) == ["pay-egg King Rail", "pay-egg Wood Stork"]
    assert rule_ids(game.check("pay-egg Bobolink")) == ["classic.play-bird.egg-cost"]
    assert rule_ids(game.check("pay invertebrate")) == ["classic.play-bird.egg-cost"]  # food is settled
    Script(game).play(["pay-egg King Rail"])  # then only Wood Stork has eggs: taken without asking
    assert eggs_of(game, 0, "King Rail") == 0 and eggs_of(game, 0, "Wood Stork") == 1


def test_classic_play_bird_white_power():
    # Brown Pelican (white): gain 3 fish from the supply, when it is played
    game = position("classic", [{"hand": ["Brown Pelican"], "food": {"fish": 2}}, {}], rest="deck")
    Script(game).play(["play-wetland Brown Pelican", "use", "take fish", "take fish", "take fish"])
    assert food_of(game, 0) == {"fish": 3}
    # a white power does nothing afterwards: a wetland action does not use it again
    Script(game).play(["lay-eggs"])  # player 1
    Script(game).play(["draw-cards", "take-deck"])
    assert food_of(game, 0) == {"fish": 3}


# ---- food from the feeder --------------------------------------------------------------------------


def test_classic_feeder_take():
    game = position("classic", [{"forest": FOREST5[:2]}, {}], feeder=["invertebrate/seed", "fish", "invertebrate"], rest="deck")
    game.apply("gain-food")
    assert game.pending.kind == "feeder" and game.pending.rule == "classic.feeder.take"
    # one die at a time; the split die gives either of its foods
    assert options(game) == ["take invertebrate", "take seed", "take fish", "take-split invertebrate", "stop"]
    assert rule_ids(game.check("take fruit")) == ["classic.feeder.take"]
    game.apply("take seed")
    assert feeder_faces(game) == ["fish", "invertebrate"]  # the split die was taken
    assert options(game) == ["take invertebrate", "take fish", "stop"]
    Script(game).play(["take fish"])
    assert food_of(game, 0) == {"seed": 1, "fish": 1} and feeder_faces(game) == ["invertebrate"]
    # "take" uses a plain invertebrate die while there is one; "take-split" the split die
    game = position("classic", [{}, {}], feeder=["invertebrate/seed", "invertebrate"], rest="deck")
    Script(game).play(["gain-food", "take invertebrate"])
    assert feeder_faces(game) == ["invertebrate/seed"]
    game = position("classic", [{}, {}], feeder=["invertebrate/seed", "invertebrate"], rest="deck")
    Script(game).play(["gain-food", "take-split invertebrate"])
    assert feeder_faces(game) == ["invertebrate"] and food_of(game, 0) == {"invertebrate": 1}


def test_classic_feeder_reroll():
    # all dice alike: the player may reroll all five before taking
    game = position("classic", [{}, {}], feeder=["fish", "fish"], rest="deck")
    game.apply("gain-food")
    assert options(game) == ["take fish", "reroll", "stop"]
    expected = rolled(game.state.rng, 5)
    game.apply("reroll")
    assert feeder_faces(game) == sorted(expected) and game.pending.kind == "feeder"
    # a single die counts as all alike
    game = position("classic", [{}, {}], feeder=["rodent"], rest="deck")
    game.apply("gain-food")
    assert options(game) == ["take rodent", "reroll", "stop"]
    # the split face is a face of its own: split + seed are not alike, split + split are
    game = position("classic", [{}, {}], feeder=["invertebrate/seed", "seed"], rest="deck")
    game.apply("gain-food")
    assert "reroll" not in options(game)
    assert rule_ids(game.check("reroll")) == ["classic.feeder.reroll"]
    game = position("classic", [{}, {}], feeder=["invertebrate/seed", "invertebrate/seed"], rest="deck")
    game.apply("gain-food")
    assert options(game) == ["take invertebrate", "take seed", "reroll", "stop"]
    # the permission is checked before each die, powers included (Great Crested Flycatcher
    # gains an invertebrate from the feeder: none shows, but the feeder may be rerolled)
    game = position("classic", [{"forest": ["Great Crested Flycatcher"]}, {}], feeder=["fish", "rodent", "rodent"], rest="deck")
    Script(game).play(["gain-food", "take fish"], until_turn_ends=False)
    assert feeder_faces(game) == ["rodent", "rodent"] and game.pending.source == "Great Crested Flycatcher"
    game.apply("use")
    assert options(game) == ["reroll", "stop"]
    expected = rolled(game.state.rng, 5)
    game.apply("reroll")
    assert feeder_faces(game) == sorted(expected)
    # a "gain all" power may reroll first too (Bald Eagle: all fish in the feeder)
    game = position("classic", [{"hand": ["Bald Eagle"], "food": {"fish": 2, "rodent": 1}}, {}], feeder=["rodent", "rodent"], rest="deck")
    Script(game).play(["play-wetland Bald Eagle", "pay fish", "pay fish", "use"], until_turn_ends=False)
    assert options(game) == ["reroll", "stop"]
    expected = rolled(game.state.rng, 5)
    fish = sum(1 for f in expected if f == "fish")
    game.apply("reroll")
    if fish and game.pending.kind == "feeder":
        game.apply("take fish")
    assert game.state.seats[0].food[FOODS.index("fish")] == fish
    assert "fish" not in feeder_faces(game) or fish == 5
    # food from the supply never allows a reroll (Northern Cardinal: a fruit from the supply)
    game = position("classic", [{"forest": ["Northern Cardinal"]}, {}], feeder=["seed", "seed"], rest="deck")
    Script(game).play(["gain-food", "take seed", "use"])
    assert food_of(game, 0) == {"seed": 1, "fruit": 1} and feeder_faces(game) == ["seed"]


def test_classic_feeder_refill():
    # the last die is taken: the feeder is rolled again at once, before the next take
    game = position("classic", [{"forest": FOREST5[:2]}, {}], feeder=["fruit"], rest="deck")
    game.apply("gain-food")
    expected = rolled(game.state.rng, 5)
    game.apply("take fruit")
    assert feeder_faces(game) == sorted(expected)
    assert game.pending.kind == "feeder"
    first = expected[0] if expected[0] != "invertebrate/seed" else "seed"
    Script(game).play([f"take {first}"])
    assert sum(game.state.seats[0].food) == 2 and len(game.state.feeder) == 4
    # a feeder emptied at the end of a turn is full again when the next player looks
    game = position("classic", [{}, {}], feeder=["fruit"], rest="deck")
    expected = rolled(game.state.rng, 5)
    Script(game).play(["gain-food", "take fruit"])
    assert feeder_faces(game) == sorted(expected)


# ---- cards -----------------------------------------------------------------------------------------


def test_classic_draw_tray_or_deck():
    # by default a draw mixes the tray and the deck, one card at a time
    game = position("classic", [{"wetland": WET5[:2]}, {}], tray=["Mallard", "Killdeer", "Canada Goose"], deck=["Bobolink", "Osprey"], rest="discard")
    game.apply("draw-cards")
    assert game.pending.rule == "classic.draw.tray-or-deck"
    assert options(game) == ["take-bird Mallard", "take-bird Killdeer", "take-bird Canada Goose", "take-deck", "stop"]
    assert rule_ids(game.check("take-bird Osprey")) == ["classic.draw.tray-or-deck"]  # not face up
    Script(game).play(["take-bird Killdeer", "take-deck"])
    assert hand_names(game, 0) == ["Killdeer", "Osprey"]


def wetland_test_bird(name: str, power: str) -> str:
    """Card text for a plain 1-point wetland bird with the power given (the cards these tests need)."""
    return f"""
bird "{name}" {{
  habitats: wetland
  cost: fish
  points: 1
  nest: bowl
  egg_limit: 2
  wingspan: 20
  power brown: {power}
}}
"""


DECK_DRAWER = wetland_test_bird("Test Deck Drawer", "draw card from deck")


def test_classic_draw_tray_or_deck_power_source():
    # a power drawing "from the deck" cannot take a tray card: with deck and discard pile
    # empty it is passed over, even though the tray still holds cards
    spec = [{"wetland": ["Test Deck Drawer"]}, {}]
    game = position("classic", spec, tray=["Mallard", "Killdeer", "Canada Goose"], rest=1, extra_cards=DECK_DRAWER)
    assert load(game.to_json()).to_json() == game.to_json()  # the extra card travels with the save
    Script(game).play(["draw-cards", "take-bird Mallard"])
    assert hand_names(game, 0) == ["Mallard"]
    # with a deck it is offered, and it draws from the deck only
    game = position("classic", spec, tray=["Mallard", "Killdeer", "Canada Goose"], deck=["Osprey", "Anhinga"], rest=1, extra_cards=DECK_DRAWER)
    Script(game).play(["draw-cards", "take-bird Mallard", "use", "take-deck"])
    assert hand_names(game, 0) == ["Anhinga", "Mallard"]


def test_classic_variant_draw_no_mixing():
    # draw_no_mixing (004): one source per draw
    game = position("classic", [{"wetland": WET5[:2]}, {}], tray=["Mallard", "Killdeer", "Canada Goose"], deck=["Bobolink", "Osprey"], options={"draw_no_mixing": True})
    game.apply("draw-cards")
    game.apply("take-bird Killdeer")
    assert options(game) == ["take-bird Mallard", "take-bird Canada Goose", "stop"]
    assert rule_ids(game.check("take-deck")) == ["classic.variant.draw-no-mixing"]
    Script(game).play(["take-bird Mallard"])
    game = position("classic", [{"wetland": WET5[:2]}, {}], tray=["Mallard", "Killdeer", "Canada Goose"], deck=["Bobolink", "Osprey"], options={"draw_no_mixing": True})
    game.apply("draw-cards")
    game.apply("take-deck")
    assert options(game) == ["take-deck", "stop"]
    assert rule_ids(game.check("take-bird Mallard")) == ["classic.variant.draw-no-mixing"]
    Script(game).play(["take-deck"])
    assert hand_names(game, 0) == ["Bobolink", "Osprey"]
    # a power that draws is not the draw-cards action: it may still mix (Black-Necked Stilt)
    spec = {"hand": ["Black-Necked Stilt"], "food": {"invertebrate": 2}}
    game = position("classic", [spec, {}], tray=["Mallard", "Killdeer", "Canada Goose"], deck=["Bobolink", "Osprey"], options={"draw_no_mixing": True})
    Script(game).play(["play-wetland Black-Necked Stilt", "use", "take-deck", "take-bird Killdeer"])
    assert hand_names(game, 0) == ["Killdeer", "Osprey"]


def test_classic_tray_refill():
    game = position("classic", [{"wetland": WET5[:2]}, {}], tray=["Mallard", "Killdeer", "Canada Goose"], deck=["Bobolink", "Osprey", "Anhinga"])
    game.apply("draw-cards")
    game.apply("take-bird Killdeer")
    # the taken place stays empty for the rest of the turn
    assert tray_names(game) == ["Mallard", None, "Canada Goose"]
    assert options(game) == ["take-bird Mallard", "take-bird Canada Goose", "take-deck", "stop"]
    game.apply("take-bird Mallard")
    # at the end of the turn the deck's top cards fill the places, left to right
    assert game.pending.kind == "action" and game.pending.player == 1
    assert tray_names(game) == ["Anhinga", "Osprey", "Canada Goose"]
    assert deck_names(game) == ["Bobolink"]


def test_classic_deck_reshuffle():
    # the deck holds one card and the discard pile two: the second card drawn comes from
    # the reshuffled discard pile, which becomes the new deck
    game = position("classic", [{"wetland": WET5[:2]}, {}], deck=["Osprey"], discard=["Bobolink", "Anhinga"], rest=1)
    before = conserved(game)
    Script(game).play(["draw-cards", "take-deck", "take-deck"])
    hand = hand_names(game, 0)
    assert "Osprey" in hand and len(hand) == 2
    (second,) = set(hand) - {"Osprey"}
    assert second in ("Bobolink", "Anhinga")
    # the other discarded card went to the new deck, then straight to the empty tray at the end of the turn
    assert game.state.discard == [] and game.state.deck == []
    assert [n for n in tray_names(game) if n] == list({"Bobolink", "Anhinga"} - {second})
    assert conserved(game) == before
    # with neither deck nor discard, only the tray can be drawn from
    game = position("classic", [{"wetland": WET5[:2]}, {}], tray=["Mallard"], rest=1)
    game.apply("draw-cards")
    assert options(game) == ["take-bird Mallard", "stop"]


def test_classic_deck_reshuffle_bonus_cards():
    # Bell's Vireo draws 2 bonus cards: one from the deck, one from the reshuffled discards
    game = position("classic", [{"hand": ["Bell's Vireo"], "food": {"invertebrate": 2}}, {}], bonus_deck=["Forester"], bonus_rest="discard")
    before = conserved(game)
    Script(game).play(["play-forest Bell's Vireo", "use"], until_turn_ends=False)
    assert game.pending.kind == "bonus"
    drawn = [a.arg for a in game.legal_actions()]
    assert "Forester" in drawn and len(drawn) == 2
    Script(game).play(["discard-bonus Forester"])
    assert len(game.state.seats[0].bonus) == 1 and conserved(game) == before
    assert len(game.state.bonus_deck) == len(game.cards.bonuses) - 2  # all but the two drawn
    assert [game.cards.bonuses[b].name for b in game.state.bonus_discard] == ["Forester"]


# ---- eggs ------------------------------------------------------------------------------------------


def test_classic_lay_eggs_limit():
    # 2 eggs to lay, room for only 1: the other is lost
    game = position("classic", [{"forest": [("Hooded Warbler", 2), ("Blue-Winged Warbler", 2)]}, {}], rest="deck")
    game.apply("lay-eggs")
    assert game.pending.kind == "lay-eggs" and game.pending.rule == "classic.lay-eggs.limit"
    assert options(game) == ["egg Hooded Warbler", "stop"]
    assert rule_ids(game.check("egg Blue-Winged Warbler")) == ["classic.lay-eggs.limit"]
    Script(game).play(["egg Hooded Warbler"])  # then no room anywhere: the turn ends
    assert eggs_of(game, 0, "Hooded Warbler") == 3 and eggs_of(game, 0, "Blue-Winged Warbler") == 2
    # several eggs may go on the same bird, up to its limit
    game = position("classic", [{"grassland": [("Wild Turkey", 1)]}, {}], rest="deck")
    Script(game).play(["lay-eggs", "egg Wild Turkey", "egg Wild Turkey"])
    assert eggs_of(game, 0, "Wild Turkey") == 3
    # a full bird's own "lay an egg on this bird" power is not offered (Mourning Dove, limit 5)
    game = position("classic", [{"grassland": [("Mourning Dove", 5), "Bobolink"]}, {}], rest="deck")
    Script(game).play(["lay-eggs", "egg Bobolink", "egg Bobolink", "egg Bobolink"])
    assert eggs_of(game, 0, "Mourning Dove") == 5 and eggs_of(game, 0, "Bobolink") == 3
    # with nowhere to lay, the lay-eggs action is still a legal turn
    game = position("classic", [{}, {}], rest="deck")
    Script(game).play(["lay-eggs"])
    assert game.state.seats[0].cubes_used == 1


def test_classic_lay_eggs_own_birds():
    # p1's Brown-Headed Cowbird answers p0's lay-eggs action: its egg goes on p1's own bird
    players = [{"forest": ["Blue-Winged Warbler"]}, {"forest": ["Hooded Warbler"], "grassland": ["Brown-Headed Cowbird"]}]
    game = position("classic", players, rest="deck")
    Script(game).play(["lay-eggs", "egg Blue-Winged Warbler", "egg Blue-Winged Warbler", "use"], until_turn_ends=False)
    assert game.pending.player == 1 and options(game) == ["egg Hooded Warbler", "stop"]
    assert rule_ids(game.check("egg Blue-Winged Warbler")) == ["classic.lay-eggs.own-birds"]


def test_classic_resources_take_fewer():
    game = position("classic", [{"forest": FOREST5[:2], "grassland": ["Bobolink"], "wetland": WET5[:2]}, {}], feeder=SEEDS5, rest="deck")
    Script(game).play(["gain-food", "take seed", "stop"])
    assert food_of(game, 0) == {"seed": 1}
    Script(game).play(["lay-eggs"])  # player 1
    Script(game).play(["lay-eggs", "skip", "stop"])  # (no trade on this space, then no egg)
    assert total_eggs(game, 0) == 0
    Script(game).play(["lay-eggs"])
    Script(game).play(["draw-cards", "take-deck", "stop"])
    assert len(game.state.seats[0].hand) == 1


def test_classic_rejected_action_changes_nothing():
    game = position("classic", [{"hand": ["Hooded Warbler"], "food": {"invertebrate": 1}}, {}], rest="deck")
    before = game.state.to_compare()
    with pytest.raises(IllegalAction) as err:
        game.apply("play-forest Hooded Warbler")
    assert err.value.verdict.violations[0].rule_id == "classic.play-bird.cost"
    assert game.state.to_compare() == before


def test_classic_script_is_strict():
    # the scripted helper itself: any surprise fails
    def fresh():
        return position("classic", [{"forest": FOREST5[:2]}, {}], feeder=SEEDS5, rest="deck")

    with pytest.raises(AssertionError, match="not an option"):
        Script(fresh()).play(["gain-food", "take fish"])
    with pytest.raises(AssertionError, match="unscripted decision"):
        Script(fresh()).play(["gain-food", "take seed"])
    with pytest.raises(AssertionError, match="answers left"):
        Script(fresh()).play(["gain-food", "take seed", "take seed", "lay-eggs"])
    game = fresh()
    Script(game).play(["gain-food", "take seed", "take seed", "lay-eggs"], turns=2)
    assert game.state.current == 0 and game.state.seats[1].cubes_used == 1
    # a position keeps every card somewhere, once
    game = fresh()
    birds, bonus = conserved(game)
    assert len(birds) == len(set(birds)) == 170 and bonus == list(range(len(game.cards.bonuses)))
    with pytest.raises(AssertionError, match="placed twice"):
        position("classic", [{"forest": ["Mallard"]}, {"hand": ["Mallard"]}])


def test_classic_resources_take_fewer_from_powers():
    # a gain may stop short: Brown Pelican takes 1 fish of 3 and stops
    game = position("classic", [{"hand": ["Brown Pelican"], "food": {"fish": 2}}, {}], rest="deck")
    Script(game).play(["play-wetland Brown Pelican", "use", "take fish", "stop"])
    assert food_of(game, 0) == {"fish": 1}
    # after a requirement, the benefit is offered, not imposed: Tree Swallow tucks and draws nothing
    game = position("classic", [{"wetland": ["Tree Swallow"], "hand": ["Trumpeter Swan"]}, {}], deck=["Osprey", "Killdeer"], rest=1)
    Script(game).play(["draw-cards", "take-deck", "use", "tuck Trumpeter Swan"], until_turn_ends=False)
    assert game.pending.kind == "power" and options(game) == ["use", "skip"]
    Script(game).play(["skip"])
    assert tucked_of(game, 0, "Tree Swallow") == ["Trumpeter Swan"] and hand_names(game, 0) == ["Killdeer"]


SMALL_DRAWER = wetland_test_bird("Test Small Drawer", "draw bird where wingspan < 30")


def test_classic_power_draw_filter():
    # a draw that names conditions takes only a face-up bird meeting them, never the deck top
    spec = [{"wetland": ["Test Small Drawer"]}, {}]
    tray = ["Anna's Hummingbird", "Barn Owl", "Bell's Vireo"]
    game = position("classic", spec, tray=tray, deck=["Osprey", "Anhinga", "Mallard"], rest=1, extra_cards=SMALL_DRAWER)
    # (with no source named, as here: the English names the tray alone, as the engine does)
    assert "Power (brown): Draw a card with a wingspan under 30 cm from the bird tray.\n" in game.cards.card("Test Small Drawer").english
    Script(game).play(["draw-cards", "take-deck", "use"], until_turn_ends=False)
    assert options(game) == ["take-bird Anna's Hummingbird", "take-bird Bell's Vireo", "stop"]
    assert rule_ids(game.check("take-deck")) == ["classic.power.draw-filter"]
    assert rule_ids(game.check("take-bird Barn Owl")) == ["classic.power.draw-filter"]
    Script(game).play(["take-bird Bell's Vireo"])
    assert hand_names(game, 0) == ["Bell's Vireo", "Mallard"]
    # with no qualifying bird face up, the power is passed over (the deck does not count)
    game = position("classic", spec, tray=["Barn Owl", "American Crow", None], deck=["Osprey", "Anhinga"], rest=1, extra_cards=SMALL_DRAWER)
    Script(game).play(["draw-cards", "take-deck"])
    assert hand_names(game, 0) == ["Anhinga"]
