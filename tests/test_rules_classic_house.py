"""Per-rule tests for the supplies and 002's house corrections in the classic game.

Named after catalog ids (``classic.house.missed-power`` -> ``test_classic_house_missed_power``).
The supply rules cover 002's unlimited tokens and 004's reading, as an option, that a discarded
bird is cached when a food's tokens have run out.
"""

from __future__ import annotations

import json

import pytest
from scripted import (
    Script,
    cached_of,
    conserved,
    discard_names,
    food_of,
    options,
    position,
    rule_ids,
    slot_of,
)

from wingspan_rules import IllegalAction, StateError, load, new_game

TRAY = ["Killdeer", "Bobolink", "Wild Turkey"]  # full, so ending a turn reveals no deck card
SEEDS5 = ["seed"] * 5
MIXED = ["fish", "fruit", "fish", "fruit", "rodent"]  # no seed, and no free reroll
HOUSE = {"house_corrections": True}


def chickadee(opts=None, **mine):
    """Player 0 with Carolina Chickadee (brown: cache a seed from the supply) alone in the forest."""
    me = {"forest": ["Carolina Chickadee"], **mine}
    return position("classic", [me, {}], tray=TRAY, feeder=SEEDS5, rest="deck", options=opts)


# ---- house corrections ---------------------------------------------------------------------------


@pytest.mark.parametrize("opts", [None, HOUSE])
def test_classic_house_illegal_move(opts):
    # An illegal action is refused before anything moves: same decision, same cube, same state.
    game = chickadee(opts, hand=["Mallard"])  # and no food to pay for it
    before = game.to_json()
    with pytest.raises(IllegalAction) as err:
        game.apply("play-wetland Mallard")
    assert rule_ids(err.value.verdict) == ["classic.play-bird.cost"]
    assert game.to_json() == before and game.pending.kind == "action"
    assert game.state.seats[0].cubes_used == 0
    Script(game).play(["gain-food", "skip", "take seed", "use"])  # the same player then acts legally
    assert cached_of(game, 0, "Carolina Chickadee") == {"seed": 1}


def test_classic_house_missed_power():
    # Off by default: a declined power stays declined.
    game = chickadee()
    Script(game).play(["gain-food", "take seed", "skip"])
    verdict = game.can_take_back()
    assert not verdict.legal and rule_ids(verdict) == ["classic.house.missed-power"]
    with pytest.raises(IllegalAction):
        game.take_back()

    # On: until the next player starts, the power can be taken back and used.
    game = chickadee(HOUSE)
    Script(game).play(["gain-food", "take seed", "skip"])
    assert game.pending.player == 1 and game.pending.kind == "action"  # the turn is over...
    assert game.can_take_back().legal  # ...but player 1 has not started
    steps = game.state.steps
    decision = game.take_back()
    assert decision.player == 0 and decision.kind == "power" and options(game) == ["use", "skip"]
    assert decision.source == "Carolina Chickadee" and game.state.steps == steps - 1
    Script(game).play(["use"])
    assert cached_of(game, 0, "Carolina Chickadee") == {"seed": 1} and food_of(game, 0) == {"seed": 1}
    assert not game.can_take_back().legal  # nothing declined any more
    assert conserved(game)

    # Once the next player has started, it is too late.
    game = chickadee(HOUSE)
    Script(game).play(["gain-food", "take seed", "skip"])
    game.apply("lay-eggs")
    assert not game.can_take_back().legal
    with pytest.raises(IllegalAction) as err:
        game.take_back()
    assert rule_ids(err.value.verdict) == ["classic.house.missed-power"]

    # Nor after something hidden came to light: here the emptied tray is refilled from the deck.
    game = position("classic", [{"forest": ["Carolina Chickadee"]}, {}], tray=["Killdeer", None, None], feeder=SEEDS5, rest="deck", options=HOUSE)
    Script(game).play(["gain-food", "take seed", "skip"])
    assert not game.can_take_back().legal

    # The take-back point is part of the saved game, and a copy keeps its own.
    game = chickadee(HOUSE)
    Script(game).play(["gain-food", "take seed", "skip"])
    text = game.to_json()
    assert "takebacks" in json.loads(text)
    again = load(text)
    assert again.can_take_back().legal and again.to_json() == text
    twin = game.copy()
    twin.take_back()
    assert game.can_take_back().legal and game.to_json() == text
    again.take_back()
    assert again.to_json() == twin.to_json()


def test_classic_house_missed_power_bad_saves():
    game = chickadee(HOUSE)
    Script(game).play(["gain-food", "take seed", "skip"])
    data = json.loads(game.to_json())
    point = data["takebacks"][0]
    # a take-back point without the option
    off = dict(data, options=dict(data["options"], house_corrections=False))
    with pytest.raises(StateError, match="house corrections are off"):
        load(json.dumps(off))
    # a point that is not a declined power (the current state itself)
    with pytest.raises(StateError, match="take-back point 0"):
        load(json.dumps(dict(data, takebacks=[data["state"]])))
    # a point that is not an earlier state of this game: other food, another deck order
    richer = json.loads(json.dumps(point))
    richer["seats"][0]["food"] = [50, 50, 50, 50, 50]
    shuffled = json.loads(json.dumps(point))
    shuffled["deck"] = shuffled["deck"][::-1]
    for bad in (shuffled, dict(point, rng=dict(point["rng"], drawn=point["rng"]["drawn"] + 1)), dict(point, steps=data["state"]["steps"])):
        with pytest.raises(StateError, match="take-back point 0"):
            load(json.dumps(dict(data, takebacks=[bad])))
    with pytest.raises(StateError):
        load(json.dumps(dict(data, takebacks=[point, point])))  # the same point twice
    # malformed entries
    for entry in ([{}], [{"turns_done": 1e400}], [dict(point, turns_done=0.7)], {"state": 1}, [7]):
        with pytest.raises(StateError):
            load(json.dumps(dict(data, takebacks=entry)))
    # a point from an earlier turn of this player, saved after the next player acted
    game = chickadee(HOUSE)
    Script(game).play(["gain-food", "take seed", "skip"])
    stale = json.loads(game.to_json())["takebacks"][0]
    game.apply("lay-eggs")
    later = json.loads(game.to_json())
    with pytest.raises(StateError, match="take-back point 0"):
        load(json.dumps(dict(later, takebacks=[stale])))


# ---- supplies ------------------------------------------------------------------------------------


def test_classic_supply_unlimited():
    # However much food is out, a gain or a cache always finds a token (a stand-in in real life).
    game = chickadee(food={"seed": 60})
    Script(game).play(["gain-food", "take seed", "use"])
    assert food_of(game, 0) == {"seed": 61} and cached_of(game, 0, "Carolina Chickadee") == {"seed": 1}
    assert slot_of(game, 0, "Carolina Chickadee").stand_ins == ()
    # a token count alone changes nothing under the published rule
    game = chickadee({"food_tokens": 1}, food={"seed": 5})
    Script(game).play(["gain-food", "take seed", "use"])
    assert cached_of(game, 0, "Carolina Chickadee") == {"seed": 1}


def test_classic_supply_cached_card():
    opts = {"food_tokens": 2, "cache_when_out": "discarded-card"}
    # One seed token in play: the first cache takes the second token...
    game = position("classic", [{"forest": ["Carolina Chickadee"]}, {}], tray=TRAY, feeder=MIXED, discard=["Mallard"], rest="deck", options=opts)
    game.state.seats[1].food = [0, 1, 0, 0, 0]
    Script(game).play(["gain-food", "take fish", "use"])
    assert cached_of(game, 0, "Carolina Chickadee") == {"seed": 1}
    assert slot_of(game, 0, "Carolina Chickadee").stand_ins == ()
    # ...and with both tokens out, the next one is a discarded bird, scored as cached food.
    game.apply("lay-eggs")
    Script(game).play(["gain-food", "take fruit", "use"])
    slot = slot_of(game, 0, "Carolina Chickadee")
    assert cached_of(game, 0, "Carolina Chickadee") == {"seed": 1} and len(slot.stand_ins) == 1
    assert game.cards.cards[slot.stand_ins[0]].name == "Mallard" and "Mallard" not in discard_names(game)
    assert game.score().players[0].cached == 2
    assert game.view(1)["players"][0]["habitats"]["forest"][0]["cached_cards"] == 1
    assert conserved(game)
    assert load(game.to_json()).to_json() == game.to_json()
    # With an empty discard pile a stand-in token is used after all (002).
    game = position("classic", [{"forest": ["Carolina Chickadee"], "food": {"seed": 2}}, {}], tray=TRAY, feeder=MIXED, rest="deck", options=opts)
    Script(game).play(["gain-food", "take fish", "use"])
    assert cached_of(game, 0, "Carolina Chickadee") == {"seed": 1} and slot_of(game, 0, "Carolina Chickadee").stand_ins == ()


def test_classic_supply_cached_card_options():
    with pytest.raises(ValueError, match="needs 'food_tokens'"):
        new_game("classic", 2, 1, {"cache_when_out": "discarded-card"})
    for bad in (0, -1, 1.5, "10", True):
        with pytest.raises(ValueError, match="food_tokens"):
            new_game("classic", 2, 1, {"food_tokens": bad})
    game = new_game("classic", 2, 1, {"food_tokens": 20, "cache_when_out": "discarded-card"})
    assert game.options["food_tokens"] == 20


def test_classic_house_missed_power_at_the_very_end():
    # a power declined on the game's last decision: the finished game saves and loads with it
    chooser = __import__("random").Random(4)
    for seed in range(40):
        game = new_game("classic", 2, seed, HOUSE)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions()))
        if game.can_take_back().legal:
            break
    assert game.can_take_back().legal, "one of these seeds ends on a declined power"
    again = load(game.to_json())
    assert again.is_over and again.can_take_back().legal
    decision = again.take_back()
    assert decision.kind == "power" and not again.is_over
