"""Why-illegal answers for the classic game: each refusal cites the rule that forbids it and
says what is wrong in this position, not just which answers exist."""

from __future__ import annotations

from scripted import Script, options, position

from wingspan_rules import new_game

TRAY = ["Killdeer", "Bobolink", "Wild Turkey"]


def why(game, text):
    """(rule id, message) of the single violation an illegal answer gets."""
    verdict = game.check(text)
    assert not verdict.legal, f"'{text}' is legal"
    assert len(verdict.violations) == 1
    v = verdict.violations[0]
    return v.rule_id, v.message


def test_setup_refusals():
    game = new_game("classic", 2, 1)
    seat = game.state.seats[game.pending.player]
    dealt = {game.cards.cards[c].name for c in seat.dealt}
    stranger = next(c.name for c in game.cards.cards if c.name not in dealt)
    assert why(game, f"keep {stranger}") == ("classic.setup.keep", f"{stranger} is not one of the birds dealt to you")
    assert why(game, "return seed") == ("classic.setup.keep", "food is given back once the birds are chosen ('done')")
    assert why(game, "keep-bonus Forester")[0] == "classic.setup.bonus"
    first = sorted(dealt)[0]
    Script(game).play([f"keep {first}", "done"], until_turn_ends=False)
    assert why(game, "done") == ("classic.setup.keep", "you still owe 1 food for the birds you kept")
    assert why(game, f"keep {first}") == ("classic.setup.keep", "the starting birds are already chosen")
    Script(game).play(["return seed"], until_turn_ends=False)
    assert why(game, "return fish") == ("classic.setup.keep", "the food is settled; keep one of your two bonus cards")
    held = {game.cards.bonuses[b].name for b in game.state.seats[game.pending.player].dealt_bonus}
    other = next(b.name for b in game.cards.bonuses if b.name not in held)
    assert why(game, f"keep-bonus {other}") == ("classic.setup.bonus", f"{other} is not one of the two bonus cards dealt to you")


def test_action_refusals():
    game = position("classic", [{"hand": ["Mallard"]}, {}], tray=[None, None, None], rest=1)
    assert why(game, "play-wetland Osprey") == ("classic.play-bird.from-hand", "Osprey is not a bird card in your hand")
    assert why(game, "draw-cards") == ("classic.draw.tray-or-deck", "no card is left in the tray, the deck or the discard pile")
    assert why(game, "play-forest Mallard") == ("classic.play-bird.habitat", "Mallard cannot live in the forest")


def test_conversion_refusals():
    game = position("classic", [{"forest": ["Hooded Warbler"], "hand": ["Mallard"], "food": {"seed": 1}}, {}], tray=TRAY, rest="deck")
    Script(game).play(["gain-food"], until_turn_ends=False)
    assert game.pending.kind == "conversion"
    assert why(game, "pay seed") == ("classic.mat.conversion", "this space trades a card for a food ('discard ...')")
    assert why(game, "discard Osprey") == ("classic.mat.conversion", "Osprey is not in your hand")


def test_payment_refusals():
    # Hooded Warbler costs 2 invertebrates: one invertebrate and 2 seeds (2 for 1) pay it
    me = {"hand": ["Hooded Warbler"], "food": {"invertebrate": 1, "seed": 3}}
    game = position("classic", [me, {}], tray=TRAY, rest="deck")
    Script(game).play(["play-forest Hooded Warbler"], until_turn_ends=False)
    assert game.pending.kind == "pay"
    assert why(game, "pay rodent") == ("classic.play-bird.cost", "you have no rodent")
    assert why(game, "paid") == ("classic.play-bird.cost", "the food paid so far does not cover the bird's cost")
    assert why(game, "pay-egg Hooded Warbler") == ("classic.play-bird.egg-cost", "the food cost is paid first")


def test_power_refusals():
    # Pygmy Nuthatch: tuck a card from hand, then gain an invertebrate or a seed from the supply
    me = {"forest": ["Pygmy Nuthatch"], "hand": ["Mallard", "Anhinga"]}
    game = position("classic", [me, {}], tray=TRAY, feeder=["fish", "fruit", "fish", "fruit", "rodent"], rest="deck")
    Script(game).play(["gain-food", "skip", "take fish", "use"], until_turn_ends=False)
    assert why(game, "tuck Osprey") == ("classic.power.tuck", "Osprey is not in your hand")
    assert why(game, "use") == ("classic.powers.optional", "the power is already being used; answer its next step")
    Script(game).play(["tuck Mallard", "use"], until_turn_ends=False)  # the gain after it is offered
    assert why(game, "take fish") == ("classic.power.gain", "this power gives invertebrate or seed, not fish")


def test_discard_at_end_refusal():
    game = position("classic", [{"wetland": ["Wood Duck"], "hand": ["Mallard"]}, {}], tray=TRAY, deck=["Osprey", "Anhinga", "King Rail"], rest=1)
    Script(game).play(["draw-cards", "take-deck", "use", "take-deck", "take-deck"], until_turn_ends=False)
    assert game.pending.kind == "discard"
    assert why(game, "discard Trumpeter Swan") == ("classic.power.discard-at-end", "Trumpeter Swan is not in your hand")


def test_bonus_draw_refusal():
    me = {"hand": ["Bell's Vireo"], "food": [3, 3, 3, 3, 3], "bonus": ["Forester"]}
    game = position("classic", [me, {}], tray=TRAY, rest="deck", bonus_deck=["Anatomist", "Cartographer"])
    Script(game).play(["play-forest Bell's Vireo"], until_turn_ends=False)
    while game.pending.kind == "pay":  # pay the cost in whatever way comes first
        game.apply(game.legal_actions()[0])
    Script(game).play(["use"], until_turn_ends=False)
    assert game.pending.kind == "bonus"
    assert why(game, "discard-bonus Forester")[0] == "classic.power.bonus-draw"
    assert why(game, "discard-bonus Historian") == ("classic.power.bonus-draw", "Historian is not among the bonus cards just drawn")


def test_mat_trade_refusals_say_what_became_of_the_trade():
    # 1st space of the forest: no trade there at all
    game = position("classic", [{"hand": ["Mallard"]}, {}], tray=TRAY, feeder=["fish", "fruit", "fish", "fruit", "rodent"], rest="deck")
    game.apply("gain-food")
    assert why(game, "discard Mallard") == ("classic.mat.conversion", "this space of the forest row has no trade (only its 2nd, 4th and 6th spaces do)")
    # 2nd space, trade declined
    game = position("classic", [{"forest": ["Hooded Warbler"], "hand": ["Mallard"]}, {}], tray=TRAY, feeder=["fish", "fruit", "fish", "fruit", "rodent"], rest="deck")
    Script(game).play(["gain-food", "skip"], until_turn_ends=False)
    assert why(game, "discard Mallard") == ("classic.mat.conversion", "the trade of this space was declined; it is offered once, before the benefit")
    # 2nd space, trade made
    game = position("classic", [{"forest": ["Hooded Warbler"], "hand": ["Mallard", "Osprey"]}, {}], tray=TRAY, feeder=["fish", "fruit", "fish", "fruit", "rodent"], rest="deck")
    Script(game).play(["gain-food", "discard Mallard"], until_turn_ends=False)
    assert why(game, "discard Osprey") == ("classic.mat.conversion", "the trade of this space was made already; it is made at most once")
    # 2nd space, nothing to trade (an empty hand)
    game = position("classic", [{"forest": ["Hooded Warbler"]}, {}], tray=TRAY, feeder=["fish", "fruit", "fish", "fruit", "rodent"], rest="deck")
    game.apply("gain-food")
    assert why(game, "discard Mallard") == ("classic.mat.conversion", "you had nothing this space could trade")


def test_a_pure_cost_for_an_impossible_benefit_is_not_offered():
    # Canada Goose: a seed to tuck 2 cards from the deck; with no deck and no discard pile the
    # seed would buy nothing, so the power is passed over.  A tuck is worth a point on its own,
    # so Bushtit tucks even when its egg cannot be laid (tests/test_birds_classic_forest_a_g.py).
    me = {"grassland": ["Canada Goose"], "food": {"seed": 1}}
    game = position("classic", [me, {}], tray=TRAY, rest=1)
    Script(game).play(["lay-eggs", "skip", "egg Canada Goose", "egg Canada Goose"])
    assert game.state.seats[0].food == [0, 1, 0, 0, 0]
    game = position("classic", [me, {}], tray=TRAY, deck=["Osprey", "Mallard"], rest=1)
    Script(game).play(["lay-eggs", "skip", "egg Canada Goose", "egg Canada Goose", "use", "use"])
    assert game.state.seats[0].food == [0, 0, 0, 0, 0] and len(game.state.seats[0].rows[1][0].tucked) == 2


def test_power_step_asked_before_use_or_skip():
    # Gray Catbird's power is offered: a repeat named before 'use' is refused, saying what comes first
    game = position("classic", [{"forest": ["Carolina Chickadee", "Gray Catbird"]}, {}], tray=TRAY, feeder=["seed"] * 5, rest="deck")
    Script(game).play(["gain-food", "take seed", "take seed"], until_turn_ends=False)
    assert game.pending.source == "Gray Catbird"
    assert why(game, "repeat Carolina Chickadee") == ("classic.powers.optional", "first say whether the power is used: 'use' or 'skip'")


def test_turn_cannot_be_passed_and_egg_cost_is_spelt_out():
    game = position("classic", [{"forest": ["Hooded Warbler"], "hand": ["Blue-Winged Warbler"], "food": {"invertebrate": 2}}, {}], tray=TRAY, rest="deck")
    assert why(game, "skip") == ("classic.turn.action", "a turn is not passed: it places a cube on one of the four actions")
    assert why(game, "play-forest Blue-Winged Warbler") == (
        "classic.play-bird.egg-cost",
        "the next forest slot costs 1 egg and your birds hold 0 eggs",
    )


def test_classic_play_bird_cost_and_egg_cost_both_named_when_both_fail():
    """A bird that lacks its egg and its food gets both rules; food cached on a bird is said
    to be no food to pay with (002: cached food is points)."""
    from wingspan_rules import setup

    game = setup('ruleset: classic\nplayers: 2\n[p0]\nforest: "Barred Owl" (cached 2 rodent)\nhand: "Cooper\'s Hawk"\n[p1]\n[table]\nto play: p0\n')
    verdict = game.check("play-forest Cooper's Hawk")
    assert [v.rule_id for v in verdict.violations] == ["classic.play-bird.egg-cost", "classic.play-bird.cost"]
    assert verdict.violations[1].message.endswith("(food cached on a bird is points, not food to pay with)")


def test_setup_keep_twice_and_move_refusals():
    game = new_game("classic", 2, 3)
    seat = game.state.seats[game.pending.player]
    first = game.cards.cards[seat.dealt[0]].name
    game.apply(f"keep {first}")
    assert why(game, f"keep {first}") == ("classic.setup.keep", f"{first} is kept already")
    # Bewick's Wren, rightmost in the forest, may move, but not to where it is
    me = {"forest": ["Hooded Warbler", ("Bewick's Wren", 2)]}
    game = position("classic", [me, {}], tray=["Mallard", "Bobolink", "Osprey"], feeder=["seed"] * 5, rest="deck")
    Script(game).play(["gain-food", "take seed", "take seed", "use"], until_turn_ends=False)
    assert game.pending.kind == "move"
    assert why(game, "move forest") == ("classic.power.move", "Bewick's Wren is in the forest already")


def test_second_bird_power_names_its_habitat():
    # House Wren plays a second bird only into its own habitat
    me = {"hand": ["House Wren", "Blue-Winged Warbler", "Hooded Warbler"], "food": [6, 6, 6, 6, 6], "forest": [("Wild Turkey", 4)]}
    game = position("classic", [me, {}], tray=["Mallard", "Bobolink", "Osprey"], rest="deck")
    Script(game).play(["play-forest House Wren"], until_turn_ends=False)
    while game.pending.kind == "pay":
        game.apply(game.legal_actions()[0])
    Script(game).play(["use"], until_turn_ends=False)
    assert options(game) == ["play-forest Blue-Winged Warbler", "play-forest Hooded Warbler"]
    assert why(game, "play-grassland Blue-Winged Warbler") == ("classic.power.second-bird", "this power plays a bird only into the forest")


def test_core_decision_other_an_answer_no_step_of_the_power_asks_for():
    """``core.decision.other``: 'pay seed' at the use-or-skip question of a power that never
    asks for a payment answers other decisions (a mat space's trade, a bird's cost); it is not
    a wrong answer of this power, whose opening is still asked."""
    import random

    from wingspan_rules import ir

    for seed in range(40):
        game = new_game("classic", 2, seed)
        chooser = random.Random(seed)
        while not game.is_over:
            d = game.pending
            power = game.cards.by_name[d.source].power if d.kind == "power" and d.source else None
            if power is not None and {str(o) for o in d.options} == {"use", "skip"} and not any(isinstance(n, ir.DiscardCard) for n in ir.walk(power)):
                rule, message = why(game, "pay seed")
                assert rule == "core.decision.other", message
                assert "not this power decision" in message and "the payment for a bird being played" in message
                return
            game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError("no use-or-skip question of a power without a payment was met")


def test_classic_power_repeat_refuses_a_bird_with_no_power_to_repeat_in_the_row():
    """``classic.power.repeat``, in the repeat family's own words: a bird named that has no
    brown power of the row to use again now."""
    import random

    for seed in range(400):  # (a repeat power is rarely used in random games: seed 125 is the first)
        game = new_game("classic", 2 + seed % 3, seed)
        chooser = random.Random(seed)
        while not game.is_over:
            d = game.pending
            if d.kind == "power" and any(o.verb == "repeat" for o in d.options):
                offered = {str(o.arg) for o in d.options}
                stranger = next(c.name for c in game.cards.cards if c.name not in offered and c.power is not None)
                assert why(game, f"repeat {stranger}") == ("classic.power.repeat", f"{stranger} has no brown power in this row that could be repeated now")
                return
            game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError("no repeat decision was met")
