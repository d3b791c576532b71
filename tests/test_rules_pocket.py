"""Per-rule tests, part 1: decisions, setup, the turn, playing and paying, drawing, eggs.

Each test is named after the catalog id it exercises (``pocket.pay.two-for-one`` ->
``test_pocket_pay_two_for_one``); powers are in test_rules_powers.py, the end of the game
and scoring in test_rules_end.py.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from scripted import (
    Script,
    deck_names,
    discard_names,
    eggs,
    face_up_names,
    food_kinds,
    hand_names,
    names_except,
    options,
    placed_names,
    position,
    row_names,
    rule_ids,
    total_cards,
    tucked_names,
)

import wingspan_rules
from wingspan_rules import Action, IllegalAction

# A supply that always lets the next player draw, so their turn opens on a real nest-action choice.
DECKS = [["Swainson's Hawk"], ["Bald Eagle"], ["Brant"], ["Willet"]]
FACE_UP = ["Snowy Egret", None, None, None]


def everything_placed(players: list[dict], decks: list[list[str]], face_up: list[str | None], discard: Sequence[str] = (), holder: int = -1) -> list[dict]:
    """Give every card no one placed to the reserve of ``players[holder]``, so the discard pile
    holds exactly ``discard`` (``position`` would otherwise put leftovers there)."""
    rest = names_except(placed_names(players, decks, face_up, discard))
    players[holder] = dict(players[holder], food=list(players[holder].get("food", [])) + rest)
    return players


# ---- core ---------------------------------------------------------------------------------


def test_core_decision_option():
    game = position("pocket", [{"food": ["Mourning Dove"]}, {}], decks=DECKS, face_up=FACE_UP)
    before = game.to_json()
    assert rule_ids(game.check(Action("fly-south"))) == ["core.decision.option"]
    assert rule_ids(game.check(Action("egg", "nest"))) == ["core.decision.other"]  # not a nest action
    with pytest.raises(IllegalAction) as err:
        game.apply(Action("fly-south"))
    assert err.value.verdict.violations[0].rule_id == "core.decision.option"
    with pytest.raises(ValueError):
        game.parse_action("fly-south")  # text that is no action at all does not even parse
    assert game.to_json() == before  # a rejected action changes nothing
    game.apply("draw-cards")
    assert rule_ids(game.check("take-food 9")) == ["core.decision.option"]  # decks are 1..4
    assert game.check("take-food 1").legal


def test_core_decision_option_for_answers_of_another_kind_of_decision():
    # an answer that belongs to another kind of decision is not an answer here: no rule of that
    # other decision is cited (there is no tuck, copy or supply reset going on during a payment),
    # only which kinds of decision it answers (``core.decision.other``)
    game = position("pocket", [{"birds": ["Common Loon"], "food": ["Anhinga", "Black Vulture", "Mourning Dove"]}, {}], decks=DECKS, face_up=FACE_UP)
    game.apply("play Common Loon")
    for text in ["tuck seed", "discard seed", "copy Mallard", "take-bird Mallard", "part 1", "egg nest"]:
        verdict = game.check(text)
        assert rule_ids(verdict) == ["core.decision.other"], (text, verdict)
        assert "None" not in verdict.violations[0].message and "not this pay decision [Common Loon]" in verdict.violations[0].message
    # during the lay-eggs nest action a bird of another player is simply not one of your cards
    game = position("pocket", [{"flock": ["Mallard"]}, {"flock": ["Anhinga"]}], decks=DECKS, face_up=FACE_UP)
    game.apply("lay-eggs")
    assert rule_ids(game.check("egg Anhinga")) == ["core.decision.option"]
    assert "not a bird in your flock" in game.check("egg Anhinga").violations[0].message


def test_core_decision_player():
    game = position("pocket", [{}, {}], decks=DECKS, face_up=FACE_UP)
    verdict = game.check("lay-eggs", player=1)
    assert rule_ids(verdict) == ["core.decision.player"]
    assert game.check("lay-eggs", player=0).legal
    assert game.check("lay-eggs").legal


def test_core_game_over():
    # player 0 is last in turn order (player 1 went first) and plays a sixth bird: the game ends
    five = ["Mallard", "Northern Cardinal", "American Robin", "Black Vulture", "Common Loon"]
    game = position("pocket",
        [{"flock": five, "birds": ["Mourning Dove"], "food": ["Sandhill Crane"], "turns": 5}, {"turns": 6}],
        decks=DECKS,
        face_up=FACE_UP,
        current=0,
        first=1,
    )
    Script(game).play(["play Mourning Dove"])
    assert game.is_over and game.pending is None and game.legal_actions() == []
    assert rule_ids(game.check("lay-eggs")) == ["core.game-over"]
    with pytest.raises(IllegalAction):
        game.apply("lay-eggs")


def test_core_forced():
    # nothing to draw and no bird to play: laying eggs is the only nest action, so it is taken
    game = position("pocket", [{"flock": ["Chimney Swift"], "birds": ["Atlantic Puffin"]}, {}], decks=[[], [], [], []], face_up=[None] * 4)
    assert game.pending.kind == "lay-eggs"
    # a power with something to do is a real choice (use it or skip it)
    Script(game).play(["egg nest", "egg Chimney Swift", "tuck Atlantic Puffin"])
    assert tucked_names(game, 0, 0) == ["Atlantic Puffin"]
    # a single way to pay is made without asking, and a power that can do nothing is never asked:
    # after paying, the reserve is empty, so Chimney Swift (tuck a card) is passed over
    game = position("pocket",
        [{"flock": ["Chimney Swift"], "birds": ["Mourning Dove"], "food": ["Sandhill Crane"]}, {}],
        decks=DECKS,
        face_up=FACE_UP,
    )
    Script(game).play(["play Mourning Dove"])
    assert row_names(game, 0) == ["Chimney Swift", "Mourning Dove"]
    assert game.state.seats[0].food_cards == [] and game.state.seats[0].hand == []
    assert tucked_names(game, 0, 0) == []


def test_core_action_text(tmp_path, capsys):
    # only ASCII digits make a number; any other character is part of a word, which the
    # ruleset's table of verbs then accepts or refuses in words (never int()'s own error)
    game = wingspan_rules.new_game("pocket", 2, 3)
    assert game.parse_action("take-food 3") == Action("take-food", 3) and game.parse_action("take-food -1") == Action("take-food", -1)
    with pytest.raises(ValueError, match=r"'take-food' needs a number after it, not '٣'"):
        game.parse_action("take-food ٣")  # an Arabic-Indic three is not read as 3
    with pytest.raises(ValueError, match=r"unknown action 'take'; did you mean 'take-food'\?"):
        game.parse_action("take ²")  # (a superscript two once broke int() itself)
    with pytest.raises(ValueError, match="needs a number"):
        game.check("take-food ٣")
    classic = wingspan_rules.new_game("classic", 2, 3)
    assert classic.parse_action("take ²") == Action("take", "²") and classic.parse_action("pay ３") == Action("pay", "３")
    assert not classic.check("take ²").legal and not classic.check("take --3").legal
    # the CLI's check says so and exits 2 (bad input), without a traceback
    from wingspan_rules.cli import main

    path = tmp_path / "game.json"
    path.write_text(game.to_json(), encoding="utf-8")
    for text in ("take-food ٣", "take ²"):
        capsys.readouterr()
        assert main(["check", str(path), text]) == 2
        out, err = capsys.readouterr()
        assert err.strip() and "Traceback" not in out + err and "invalid literal" not in err


# ---- setup --------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_pocket_setup_deal(players):
    for seed in range(3):
        game = wingspan_rules.new_game("pocket", players, seed)
        st = game.state
        for p in st.seats:
            assert len(p.food_cards) + len(p.hand) == 6
        sizes = [len(d) for d in st.decks]
        assert len(sizes) == 4 and max(sizes) - min(sizes) <= 1  # roughly equal
        assert sum(sizes) + 4 + 6 * players == len(game.cards.cards) == total_cards(game)
        assert st.discard == []


def test_pocket_setup_bird_supply():
    for seed in range(5):
        game = wingspan_rules.new_game("pocket", 3, seed)
        st = game.state
        assert len(st.face_up) == 4 and all(c >= 0 for c in st.face_up)
        assert len(set(st.face_up)) == 4
        in_decks = {c for d in st.decks for c in d}
        assert not in_decks & set(st.face_up)
        # each face-up bird came off its own deck: deck sizes still differ by at most one
        sizes = [len(d) + 1 for d in st.decks]
        assert max(sizes) - min(sizes) <= 1


def test_pocket_setup_nest():
    game = wingspan_rules.new_game("pocket", 4, 11)
    for p in game.state.seats:
        assert p.nest_eggs == 1 and p.flock == []
    assert game.score().players[0].eggs == 1


def test_pocket_setup_basic_birds():
    game = wingspan_rules.new_game("pocket", 3, 5)
    for p in game.state.seats:
        assert len(p.hand) == 2 and len(p.food_cards) == 4 and p.dealt == []
    assert game.pending.kind == "nest-action"  # no setup choice in the basic game


def test_pocket_setup_advanced_birds():
    game = wingspan_rules.new_game("pocket", 3, 2, {"advanced": True})
    first = game.state.first
    order = [(first + k) % 3 for k in range(3)]
    for player in order:
        pending = game.pending
        assert pending.kind == "setup-birds" and pending.player == player
        dealt = list(game.state.seats[player].dealt)
        assert len(dealt) == 6 and len(pending.options) == 6
        names = [game.cards.cards[c].name for c in dealt]
        assert sorted(str(o.arg) for o in pending.options) == sorted(names)
        # a card not among your six cannot be kept
        stranger = next(c.name for c in game.cards.cards if c.id not in dealt)
        assert rule_ids(game.check(Action("keep-bird", stranger))) == ["core.decision.option"]
        game.apply(Action("keep-bird", names[3]))
        assert len(game.pending.options) == 5 and game.pending.player == player
        assert rule_ids(game.check(Action("keep-bird", names[3]))) == ["core.decision.option"]  # not twice
        game.apply(Action("keep-bird", names[5]))
        p = game.state.seats[player]
        assert hand_names(game, player) == sorted([names[3], names[5]])
        assert sorted(p.food_cards) == sorted(c for c in dealt if game.cards.cards[c].name not in (names[3], names[5]))
        assert p.dealt == []
    assert game.pending.kind == "nest-action" and game.pending.player == first


def test_pocket_setup_goals():
    seen_goals, seen_sides = set(), set()
    for seed in range(20):
        game = wingspan_rules.new_game("pocket", 2, seed, {"advanced": True})
        goals = game.state.goals
        assert len(goals) == 2 and goals[0].goal != goals[1].goal
        for gid, side in ((g.goal, g.side) for g in goals):
            assert 0 <= gid < len(game.cards.goals) and side in (0, 1)
            seen_goals.add(gid)
            seen_sides.add(side)
    assert len(seen_goals) > 4 and seen_sides == {0, 1}  # random goals, either side up
    assert wingspan_rules.new_game("pocket", 2, 0).state.goals == []  # basic game: no goals


def test_pocket_setup_first_player():
    firsts = set()
    for seed in range(30):
        game = wingspan_rules.new_game("pocket", 3, seed)
        st = game.state
        assert st.current == st.first and game.pending.player == st.first
        firsts.add(st.first)
    assert firsts == {0, 1, 2}
    # play goes clockwise from the first player
    game = wingspan_rules.new_game("pocket", 3, 4)
    first = game.state.first
    game.apply("lay-eggs")
    while game.pending.player == first:
        game.apply(game.legal_actions()[-1])
    assert game.state.current == (first + 1) % 3


# ---- the turn -----------------------------------------------------------------------------


def test_pocket_turn_nest_action():
    game = position("pocket",
        [{"birds": ["Mourning Dove", "Great Horned Owl"], "food": ["Sandhill Crane"]}, {}], decks=DECKS, face_up=FACE_UP
    )
    assert game.pending.rule == "pocket.turn.nest-action"
    assert options(game) == ["play Mourning Dove", "draw-cards", "lay-eggs"]
    Script(game).play(["lay-eggs", "egg nest"])  # one nest action, then the turn is over
    assert game.state.current == 1 and game.state.seats[0].turns == 1
    assert eggs(game, 0) == (2, [])
    # during the lay-eggs action no second nest action may be started
    game = position("pocket", [{"flock": ["Mallard"]}, {}], decks=DECKS, face_up=FACE_UP)
    game.apply("lay-eggs")
    assert rule_ids(game.check("draw-cards")) == ["pocket.turn.nest-action"]


def test_pocket_turn_end():
    game = position("pocket", [{}, {}, {"food": ["Anhinga"]}], decks=[["Mourning Dove", "Common Loon"], ["Atlantic Puffin"], ["Black Vulture"], []], face_up=["Mallard", None, None, None], current=2)
    Script(game).play(["draw-cards", "take-bird Mallard", "take-food 1"])
    st = game.state
    assert st.current == 0 and st.seats[2].turns == 1  # clockwise, wrapping to the first seat
    assert face_up_names(game)[0] == "Mourning Dove"  # the supply was refilled from deck 1
    assert game.pending.player == 0 and game.pending.kind == "nest-action"


# ---- playing a bird and paying ------------------------------------------------------------


def test_pocket_play_bird_from_reserve():
    game = position("pocket",
        [{"flock": ["Mallard"], "food": ["Mourning Dove", "Sandhill Crane", "American Goldfinch"], "birds": ["Common Loon"]}, {}],
        decks=DECKS,
        face_up=["Northern Cardinal", None, None, None],
    )
    assert rule_ids(game.check("play Mourning Dove")) == ["pocket.play-bird.from-reserve"]  # on its food side
    assert rule_ids(game.check("play Mallard")) == ["pocket.play-bird.from-reserve"]  # already in the flock
    assert rule_ids(game.check("play Northern Cardinal")) == ["pocket.play-bird.from-reserve"]  # in the supply
    assert rule_ids(game.check("play Grey Goose")) == ["core.decision.option"]  # no such card
    assert "not a bird card in your reserve" in game.check("play Northern Cardinal").violations[0].message
    # a food card's hidden bird side is not given away: the answer is the same as for any other card
    message = game.check("play Mourning Dove").violations[0].message
    assert message == game.check("play Northern Cardinal").violations[0].message.replace("Northern Cardinal", "Mourning Dove")
    assert "stays food" in message


def test_pocket_play_bird_cost():
    game = position("pocket",
        [{"birds": ["Great Horned Owl", "Mourning Dove"], "food": ["Black Vulture", "Golden Eagle"]}, {}],
        decks=DECKS,
        face_up=FACE_UP,
    )
    # 3 rodent icons, 2 rodent cards: cannot be paid, even with the 2-for-1 exchange
    assert "play Great Horned Owl" not in options(game)
    assert rule_ids(game.check("play Great Horned Owl")) == ["pocket.play-bird.cost"]
    # Mourning Dove (1 seed) is paid by the two rodents as a pair
    assert "play Mourning Dove" in options(game)
    Script(game).play(["play Mourning Dove"])
    assert row_names(game, 0) == ["Mourning Dove"] and game.state.seats[0].food_cards == []


def test_pocket_play_bird_right_of_flock():
    game = position("pocket",
        [{"flock": ["Mallard", "Northern Cardinal"], "birds": ["Mourning Dove"], "food": ["Sandhill Crane"]}, {}],
        decks=DECKS,
        face_up=FACE_UP,
    )
    Script(game).play(["play Mourning Dove"])
    assert row_names(game, 0) == ["Mallard", "Northern Cardinal", "Mourning Dove"]
    assert hand_names(game, 0) == []


def test_pocket_pay_food_card():
    # Common Loon: 1 fish + 1 any
    game = position("pocket",
        [{"birds": ["Common Loon"], "food": ["Anhinga", "Black Vulture", "Mourning Dove"]}, {}], decks=DECKS, face_up=FACE_UP
    )
    game.apply("play Common Loon")
    assert game.pending.kind == "pay" and game.pending.rule == "pocket.pay.food-card"
    assert rule_ids(game.check("pay fruit")) == ["pocket.pay.food-card"]  # no fruit card in the reserve
    Script(game).play(["pay fish", "pay rodent", "paid"])
    assert row_names(game, 0) == ["Common Loon"]
    assert food_kinds(game, 0) == ["seed"]
    assert discard_names(game)[-2:] == ["Anhinga", "Black Vulture"]  # paid cards go on the discard pile
    # a reserve bird is never food: Common Loon cannot be paid with two bird-side cards
    game = position("pocket", [{"birds": ["Common Loon", "Anhinga", "Atlantic Puffin"]}, {}], decks=DECKS, face_up=FACE_UP)
    assert rule_ids(game.check("play Common Loon")) == ["pocket.play-bird.cost"]


def test_pocket_pay_any_food():
    # Black Vulture: 1 rodent + 1 any; the any-food icon takes a card of any food
    for other in ["Mourning Dove", "Anhinga", "Cedar Waxwing", "Mallard"]:
        game = position("pocket",
            [{"birds": ["Black Vulture"], "food": ["Great Horned Owl", other]}, {}], decks=DECKS, face_up=FACE_UP
        )
        kind = game.cards.card(other).food_kind
        Script(game).play(["play Black Vulture", f"pay {kind}"])  # the rodent card then follows by itself
        assert row_names(game, 0) == ["Black Vulture"] and game.state.seats[0].food_cards == []
    # but the any-food icon does not stand in for the rodent
    game = position("pocket", [{"birds": ["Black Vulture"], "food": ["Mourning Dove", "Anhinga"]}, {}], decks=DECKS, face_up=FACE_UP)
    assert rule_ids(game.check("play Black Vulture")) == ["pocket.play-bird.cost"]


def test_pocket_pay_two_for_one():
    # Common Loon (fish + any) with no fish at all: two seeds pay the fish, a rodent the any icon
    game = position("pocket",
        [{"birds": ["Common Loon"], "food": ["Mourning Dove", "Sandhill Crane", "Black Vulture"]}, {}],
        decks=DECKS,
        face_up=FACE_UP,
    )
    assert "play Common Loon" in options(game)
    Script(game).play(["play Common Loon", "pay seed", "pay seed"])  # then only the rodent can finish it
    assert row_names(game, 0) == ["Common Loon"] and game.state.seats[0].food_cards == []
    # two cards never pay an egg: Brown Pelican (2 fish + egg) with plenty of food but no egg
    game = position("pocket",
        [{"nest": 0, "birds": ["Brown Pelican"], "food": ["Anhinga", "Atlantic Puffin", "Common Loon", "Mourning Dove", "Black Vulture", "Osprey"]}, {}],
        decks=DECKS,
        face_up=FACE_UP,
    )
    assert "play Brown Pelican" not in options(game)
    assert rule_ids(game.check("play Brown Pelican")) == ["pocket.pay.egg"]


def _pays_by_hand(masks: list[int], need: list[int], any_food: int) -> bool:
    """Reference: try every way to give each card to one icon; an icon takes one card showing
    its food (any card for the any-food icon) or exactly two cards of any food."""
    icons = [1 << f for f, n in enumerate(need) for _ in range(n)] + [0] * any_food

    def fits(i: int, held: list[list[int]]) -> bool:
        if i == len(masks):
            return all(len(h) == 2 or (len(h) == 1 and (icon == 0 or masks[h[0]] & icon)) for h, icon in zip(held, icons, strict=True))
        for h in held:
            if len(h) < 2:
                h.append(i)
                if fits(i + 1, held):
                    return True
                h.pop()
        return False

    return fits(0, [[] for _ in icons])


def test_pocket_pay_two_for_one_matches_a_reference():
    # the engine's payment test against an exhaustive search, on small random reserves
    from random import Random

    from wingspan_rules import payment

    rnd = Random(7)
    agreed = 0
    for _ in range(1500):
        need = [0] * 5
        for _ in range(rnd.randint(0, 3)):
            need[rnd.randrange(5)] += 1
        any_food = rnd.randint(0, 2)
        if not sum(need) + any_food:
            continue
        masks = [(1 << rnd.randrange(5)) | ((1 << rnd.randrange(5)) if rnd.random() < 0.3 else 0) for _ in range(rnd.randint(1, 6))]
        icons = payment.icons_for(need, any_food, 0b11111)  # the five Pocket foods
        assert payment.is_valid(icons, masks) == _pays_by_hand(masks, need, any_food), (masks, need, any_food)
        agreed += payment.is_valid(icons, masks)
    assert agreed > 100  # the sample holds plenty of valid payments, not only refusals


def test_pocket_pay_dual_food():
    # Northern Cardinal costs seed + fruit; a seed/fruit card pays one of them, not both
    game = position("pocket",
        [{"birds": ["Northern Cardinal"], "food": ["Cassin's Finch", "Black Vulture"]}, {}], decks=DECKS, face_up=FACE_UP
    )
    # ... and the verdict says so: the seed/fruit card would pay both icons only if it counted twice
    assert rule_ids(game.check("play Northern Cardinal")) == ["pocket.play-bird.cost", "pocket.pay.dual-food"]
    game = position("pocket", [{"birds": ["Northern Cardinal"], "food": ["Cassin's Finch"]}, {}], decks=DECKS, face_up=FACE_UP)
    assert rule_ids(game.check("play Northern Cardinal")) == ["pocket.play-bird.cost", "pocket.pay.dual-food"]
    # a cost out of reach however the cards are read gets no such hint
    game = position("pocket", [{"birds": ["Great Horned Owl"], "food": ["Cassin's Finch"]}, {}], decks=DECKS, face_up=FACE_UP)
    assert rule_ids(game.check("play Great Horned Owl")) == ["pocket.play-bird.cost"]
    # with a fruit card as well, the dual card pays the seed
    game = position("pocket",
        [{"birds": ["Northern Cardinal"], "food": ["Cassin's Finch", "Hermit Thrush"]}, {}], decks=DECKS, face_up=FACE_UP
    )
    Script(game).play(["play Northern Cardinal", "pay seed/fruit"])  # the fruit card completes it by itself
    assert row_names(game, 0) == ["Northern Cardinal"]
    # either side of a dual card works: here it is the fruit (the seed comes from a seed card)
    game = position("pocket",
        [{"birds": ["Northern Cardinal"], "food": ["Cassin's Finch", "Mourning Dove"]}, {}], decks=DECKS, face_up=FACE_UP
    )
    Script(game).play(["play Northern Cardinal", "pay seed/fruit"])
    assert row_names(game, 0) == ["Northern Cardinal"]


def test_pocket_pay_exact():
    # Mourning Dove costs one seed: a seed alone, or any two cards as a pair -- never three
    game = position("pocket",
        [{"birds": ["Mourning Dove"], "food": ["Sandhill Crane", "Anhinga", "Black Vulture"]}, {}], decks=DECKS, face_up=FACE_UP
    )
    game.apply("play Mourning Dove")
    assert options(game) == ["pay seed", "pay fish", "pay rodent"]
    assert rule_ids(game.check("paid")) == ["pocket.pay.exact"]  # nothing paid yet
    game.apply("pay fish")
    assert options(game) == ["pay seed", "pay rodent"]  # a fish alone does not pay a seed
    assert rule_ids(game.check("paid")) == ["pocket.pay.exact"]
    game.apply("pay rodent")  # fish + rodent as a pair: the cost is covered, the payment closes
    assert row_names(game, 0) == ["Mourning Dove"] and food_kinds(game, 0) == ["seed"]
    # once the seed alone is paid, the player may stop there or add a second card as a pair
    game = position("pocket",
        [{"birds": ["Mourning Dove"], "food": ["Sandhill Crane", "Anhinga", "Black Vulture"]}, {}], decks=DECKS, face_up=FACE_UP
    )
    game.apply("play Mourning Dove")
    game.apply("pay seed")
    assert options(game) == ["pay fish", "pay rodent", "paid"]
    Script(game).play(["paid"])
    assert row_names(game, 0) == ["Mourning Dove"] and food_kinds(game, 0) == ["fish", "rodent"]
    # once the food is settled, no more food can be added while the egg is paid
    game = position("pocket",
        [{"flock": [("Mallard", 1, [])], "birds": ["Brown Pelican"], "food": ["Anhinga", "Atlantic Puffin", "Mourning Dove"]}, {}],
        decks=DECKS,
        face_up=FACE_UP,
    )
    Script(game).play(["play Brown Pelican", "pay fish", "pay fish", "paid"], until_turn_ends=False)
    assert game.pending.kind == "pay" and options(game) == ["pay-egg nest", "pay-egg Mallard"]
    assert rule_ids(game.check("pay seed")) == ["pocket.pay.exact"]


def test_pocket_pay_egg():
    # Brown Pelican: 2 fish + 1 egg; the egg may come from the Nest or from a bird
    game = position("pocket",
        [{"flock": [("Mallard", 1, []), "Northern Cardinal"], "birds": ["Brown Pelican"], "food": ["Anhinga", "Atlantic Puffin"]}, {}],
        decks=DECKS,
        face_up=FACE_UP,
    )
    game.apply("play Brown Pelican")
    assert game.pending.rule == "pocket.pay.egg"
    assert options(game) == ["pay-egg nest", "pay-egg Mallard"]
    assert rule_ids(game.check("pay-egg Northern Cardinal")) == ["pocket.pay.egg"]  # holds no egg
    Script(game).play(["pay-egg Mallard"])
    assert eggs(game, 0) == (1, [0, 0, 0])
    assert row_names(game, 0)[-1] == "Brown Pelican"
    # no egg anywhere: the bird cannot be played, whatever food is at hand
    game = position("pocket", [{"nest": 0, "birds": ["Brown Pelican"], "food": ["Anhinga", "Atlantic Puffin"]}, {}], decks=DECKS, face_up=FACE_UP)
    assert rule_ids(game.check("play Brown Pelican")) == ["pocket.pay.egg"]
    # a bird whose cost shows no egg takes no egg
    game = position("pocket", [{"birds": ["Common Loon"], "food": ["Anhinga", "Black Vulture", "Mourning Dove"]}, {}], decks=DECKS, face_up=FACE_UP)
    game.apply("play Common Loon")
    verdict = game.check("pay-egg nest")
    assert rule_ids(verdict) == ["pocket.pay.egg"] and "no egg in its cost" in verdict.violations[0].message


# ---- drawing ------------------------------------------------------------------------------


def test_pocket_draw_two_cards():
    game = position("pocket",
        [{}, {}], decks=[["Mourning Dove"], ["Anhinga", "Atlantic Puffin"], [], []], face_up=["Mallard", "Northern Cardinal", None, None]
    )
    game.apply("draw-cards")
    assert game.pending.rule == "pocket.draw.two-cards"
    assert options(game) == ["take-bird Mallard", "take-bird Northern Cardinal", "take-food 1", "take-food 2"]
    Script(game).play(["take-bird Northern Cardinal", "take-food 2"])  # exactly two, then the turn ends
    assert hand_names(game, 0) == ["Northern Cardinal"] and food_kinds(game, 0) == ["fish"]
    assert face_up_names(game)[:2] == ["Mallard", "Anhinga"]  # end of turn: Anhinga, below Puffin, flipped
    # two birds is also a draw
    game = position("pocket", [{}, {}], decks=[["Mourning Dove"], [], [], []], face_up=["Mallard", "Northern Cardinal", None, None])
    Script(game).play(["draw-cards", "take-bird Northern Cardinal", "take-bird Mallard"])
    assert hand_names(game, 0) == ["Mallard", "Northern Cardinal"]
    # a bird that is not face-up, with every slot full: no refill is pending, it is just not on offer
    game = position("pocket", [{}, {}], decks=[["Mourning Dove"], ["Anhinga"], ["Black Vulture"], ["Sandhill Crane"]], face_up=["Mallard", "Northern Cardinal", "Common Loon", "Atlantic Puffin"])
    game.apply("draw-cards")
    verdict = game.check("take-bird Great Horned Owl")
    assert rule_ids(verdict) == ["pocket.draw.two-cards"]
    assert "not one of the face-up birds" in verdict.violations[0].message
    # an empty supply cannot be drawn from
    game = position("pocket", [{"birds": ["Mourning Dove"], "food": ["Sandhill Crane"]}, {}], decks=[[], [], [], []], face_up=[None] * 4)
    assert "draw-cards" not in options(game)
    assert rule_ids(game.check("draw-cards")) == ["pocket.draw.two-cards"]


def test_pocket_draw_orientation():
    game = position("pocket", [{}, {}], decks=[["Mourning Dove"], ["Mallard"], [], []], face_up=["Common Loon", None, None, None])
    Script(game).play(["draw-cards", "take-bird Common Loon", "take-food 2"])
    assert hand_names(game, 0) == ["Common Loon"] and food_kinds(game, 0) == ["invertebrate/seed"]
    # Mallard came as food: it stays food and cannot be played, nor Common Loon used to pay
    Script(game).play(["lay-eggs", "egg nest"])
    assert game.state.current == 0
    assert rule_ids(game.check("play Mallard")) == ["pocket.play-bird.from-reserve"]
    assert rule_ids(game.check("play Common Loon")) == ["pocket.play-bird.cost"]
    assert game.state.seats[0].hand == [game.cards.card("Common Loon").id]


def test_pocket_draw_same_deck():
    game = position("pocket", [{}, {}], decks=[["Mourning Dove", "Anhinga", "Black Vulture"], ["Mallard"], [], []], face_up=FACE_UP)
    Script(game).play(["draw-cards", "take-food 1", "take-food 1"])
    assert food_kinds(game, 0) == ["fish", "rodent"]  # the top two cards of deck 1
    assert deck_names(game, 0) == ["Mourning Dove"]


def test_pocket_supply_refill_end_of_turn():
    game = position("pocket",
        [{}, {}],
        decks=[["Mourning Dove", "Atlantic Puffin"], ["Anhinga"], [], []],
        face_up=["Mallard", "Northern Cardinal", None, None],
    )
    game.apply("draw-cards")
    game.apply("take-bird Mallard")
    assert face_up_names(game) == [None, "Northern Cardinal", None, None]  # not refilled during the turn
    verdict = game.check("take-bird Atlantic Puffin")  # the card that will replace Mallard
    assert rule_ids(verdict) == ["pocket.supply.refill-end-of-turn"]
    assert rule_ids(game.check("take-bird Mallard")) == ["pocket.supply.refill-end-of-turn"]  # taken already
    # any other absent bird gets the same answer: a different one for the waiting deck top
    # would tell the player which bird is on the back of that food card
    assert rule_ids(game.check("take-bird Great Horned Owl")) == ["pocket.supply.refill-end-of-turn"]
    Script(game).play(["take-food 2"], until_turn_ends=False)
    # end of turn: the empty slot takes the top of the deck beside it
    assert face_up_names(game)[:2] == ["Atlantic Puffin", "Northern Cardinal"]
    assert deck_names(game, 0) == ["Mourning Dove"]


def test_pocket_deck_refill():
    # from the bottom half of the discard pile (its first items are the bottom)
    pile = ["Anhinga", "Atlantic Puffin", "Common Loon", "Black Vulture", "Great Horned Owl", "Mallard"]
    decks = [["Mourning Dove"], ["Sandhill Crane", "Trumpeter Swan"], ["Golden Eagle"], ["California Condor"]]
    face_up = ["Snowy Egret", "Cedar Waxwing", "Blue Jay", "Fish Crow"]
    players = everything_placed([{}, {}], decks, face_up, pile, holder=1)
    game = position("pocket", players, decks=decks, face_up=face_up, discard=pile)
    assert discard_names(game) == pile
    game.apply("draw-cards")
    game.apply("take-food 1")  # deck 1 empties and is rebuilt at once, mid-turn
    assert sorted(deck_names(game, 0)) == sorted(pile[:3])
    assert discard_names(game) == pile[3:]
    game.apply("take-food 1")  # so it can be drawn from again straight away
    assert len(deck_names(game, 0)) == 2 and food_kinds(game, 0)[0] == "fish"
    # no discard pile: the bottom half of the largest deck
    decks = [
        ["Mourning Dove"],
        ["Sandhill Crane", "Trumpeter Swan", "Anhinga", "Atlantic Puffin", "Common Loon"],
        ["Golden Eagle", "Black Vulture"],
        ["California Condor"],
    ]
    players = everything_placed([{}, {}], decks, face_up, holder=1)
    game = position("pocket", players, decks=decks, face_up=face_up)
    assert game.state.discard == []
    game.apply("draw-cards")
    game.apply("take-food 1")
    assert sorted(deck_names(game, 0)) == ["Sandhill Crane", "Trumpeter Swan"]  # bottom half of deck 2
    assert deck_names(game, 1) == ["Anhinga", "Atlantic Puffin", "Common Loon"]
    assert not game.state.end_triggered
    # the largest deck is the donor, not the first non-empty one
    decks = [["Mourning Dove"], ["Sandhill Crane", "Trumpeter Swan", "Anhinga"], ["Golden Eagle", "Black Vulture", "Atlantic Puffin", "Common Loon"], []]
    players = everything_placed([{}, {}], decks, face_up, holder=1)
    game = position("pocket", players, decks=decks, face_up=face_up)
    game.apply("draw-cards")
    game.apply("take-food 1")
    assert sorted(deck_names(game, 0)) == ["Black Vulture", "Golden Eagle"]
    assert deck_names(game, 2) == ["Atlantic Puffin", "Common Loon"]


def test_pocket_supply_optional_discard():
    decks = [["Anhinga", "Mourning Dove"], ["Atlantic Puffin", "Sandhill Crane"], ["Mallard", "Trumpeter Swan"], ["Black Vulture", "Common Loon"]]
    game = position("pocket", [{}, {}], decks=decks, face_up=FACE_UP)
    game.apply("draw-cards")
    assert "clear-supply seed" in options(game)  # three seed cards on top of the decks
    game.apply("clear-supply seed")
    assert discard_names(game)[-3:] == ["Mourning Dove", "Sandhill Crane", "Trumpeter Swan"]
    assert [deck_names(game, d)[-1] for d in range(4)] == ["Anhinga", "Atlantic Puffin", "Mallard", "Common Loon"]
    assert "clear-supply seed" not in options(game)
    Script(game).play(["take-food 1", "take-food 4"])  # the reset is not one of the two cards
    assert food_kinds(game, 0) == ["fish", "fish"]
    # only two identical (a seed/invertebrate card is not the same as a seed card): no reset
    decks = [["Mourning Dove"], ["Sandhill Crane"], ["Mallard"], ["Black Vulture"]]
    game = position("pocket", [{}, {}], decks=decks, face_up=FACE_UP)
    game.apply("draw-cards")
    assert not [o for o in options(game) if o.startswith("clear-supply")]
    assert rule_ids(game.check("clear-supply seed")) == ["pocket.supply.optional-discard"]
    # variant off: never offered
    decks = [["Mourning Dove"], ["Sandhill Crane"], ["Trumpeter Swan"], ["Black Vulture"]]
    game = position("pocket", [{}, {}], decks=decks, face_up=FACE_UP, options={"supply_reset": "off"})
    game.apply("draw-cards")
    assert not [o for o in options(game) if o.startswith("clear-supply")]
    assert rule_ids(game.check("clear-supply seed")) == ["pocket.supply.optional-discard"]
    assert "switched off" in game.check("clear-supply seed").violations[0].message
    # and it is not a nest action on its own: three seeds are on top, but no cards are being drawn
    game = position("pocket", [{}, {}], decks=decks, face_up=FACE_UP)
    verdict = game.check("clear-supply seed")
    assert rule_ids(verdict) == ["pocket.supply.optional-discard"]
    assert "only be done during the draw-cards nest action" in verdict.violations[0].message
    # nor part of a power's draw
    game = position("pocket", [{"flock": ["American Crow"]}, {}], decks=decks, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"], until_turn_ends=False)
    assert game.pending.source == "American Crow"
    assert "clear-supply seed" not in options(game)
    verdict = game.check("clear-supply seed")
    assert rule_ids(verdict) == ["pocket.supply.optional-discard"]
    assert "only be done during the draw-cards nest action" in verdict.violations[0].message


def test_pocket_supply_optional_discard_birds():
    # three face-up birds costing seed + fruit
    decks = [["Mourning Dove", "Anhinga"], ["Sandhill Crane", "Atlantic Puffin"], ["Trumpeter Swan", "Black Vulture"], ["Golden Eagle"]]
    face_up = ["Northern Cardinal", "Cassin's Finch", "House Finch", "Mallard"]
    game = position("pocket", [{}, {}], decks=decks, face_up=face_up, options={"supply_reset": "birds"})
    game.apply("draw-cards")
    resets = [o for o in options(game) if o.startswith("clear-supply")]
    assert len(resets) == 1
    game.apply(resets[0])
    assert discard_names(game)[-3:] == ["Northern Cardinal", "Cassin's Finch", "House Finch"]
    # replaced at once from the decks beside them
    assert face_up_names(game) == ["Anhinga", "Atlantic Puffin", "Black Vulture", "Mallard"]
    Script(game).play(["take-bird Atlantic Puffin", "take-bird Anhinga"])
    assert hand_names(game, 0) == ["Anhinga", "Atlantic Puffin"]
    # the food reading does not look at the birds, and the birds reading not at the food
    game = position("pocket", [{}, {}], decks=decks, face_up=face_up)
    game.apply("draw-cards")
    assert not [o for o in options(game) if o.startswith("clear-supply")]
    decks = [["Mourning Dove"], ["Sandhill Crane"], ["Trumpeter Swan"], ["Black Vulture"]]
    game = position("pocket", [{}, {}], decks=decks, face_up=["Mallard", "Anhinga", None, None], options={"supply_reset": "birds"})
    game.apply("draw-cards")
    assert not [o for o in options(game) if o.startswith("clear-supply")]
    assert rule_ids(game.check("clear-supply seed")) == ["pocket.supply.optional-discard-birds"]


# ---- eggs ---------------------------------------------------------------------------------


def test_pocket_lay_eggs_up_to_three():
    flock = ["Mallard", "Northern Cardinal", "American Robin"]
    game = position("pocket", [{"flock": flock}, {}], decks=DECKS, face_up=FACE_UP)
    game.apply("lay-eggs")
    assert game.pending.rule == "pocket.lay-eggs.up-to-three"
    Script(game).play(["egg Mallard", "egg nest", "egg American Robin"])  # the third egg ends it
    assert eggs(game, 0) == (2, [1, 0, 1])
    # fewer by choice
    game = position("pocket", [{"flock": flock}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "egg Northern Cardinal", "stop"])
    assert eggs(game, 0) == (1, [0, 1, 0])
    # none at all
    game = position("pocket", [{"flock": flock}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "stop"])
    assert eggs(game, 0) == (1, [0, 0, 0]) and game.state.current == 1
    # fewer for lack of room: only the Nest has space
    game = position("pocket", [{"flock": [("Atlantic Puffin", 1, [])]}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "egg nest"])
    assert eggs(game, 0) == (2, [1])


def test_pocket_lay_eggs_different_cards():
    game = position("pocket", [{"flock": ["Mallard", "Northern Cardinal"]}, {}], decks=DECKS, face_up=FACE_UP)
    game.apply("lay-eggs")
    game.apply("egg Mallard")
    assert "egg Mallard" not in options(game)
    assert rule_ids(game.check("egg Mallard")) == ["pocket.lay-eggs.different-cards"]
    game.apply("egg nest")
    assert rule_ids(game.check("egg nest")) == ["pocket.lay-eggs.different-cards"]
    Script(game).play(["egg Northern Cardinal"])
    assert eggs(game, 0) == (2, [1, 1])


def test_pocket_eggs_limit():
    # the Nest holds 3, Atlantic Puffin 1
    game = position("pocket",
        [{"nest": 3, "flock": [("Atlantic Puffin", 1, []), ("Anhinga", 1, []), "Mallard"]}, {}], decks=DECKS, face_up=FACE_UP
    )
    game.apply("lay-eggs")
    assert options(game) == ["egg Anhinga", "egg Mallard", "stop"]
    assert rule_ids(game.check("egg nest")) == ["pocket.eggs.limit"]
    assert rule_ids(game.check("egg Atlantic Puffin")) == ["pocket.eggs.limit"]
    Script(game).play(["egg Anhinga", "egg Mallard"])  # nothing else has room: the action ends
    assert eggs(game, 0) == (3, [1, 2, 1])
    # a lay-egg power respects the limits too
    game = position("pocket", [{"nest": 3, "flock": ["Pied-Billed Grebe", ("Atlantic Puffin", 1, [])]}, {}], decks=DECKS, face_up=FACE_UP)
    Script(game).play(["lay-eggs", "egg Pied-Billed Grebe", "egg Pied-Billed Grebe"])
    assert eggs(game, 0) == (3, [2, 1])
