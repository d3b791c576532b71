"""The position language: setup(text) and Game.position() (docs/positions.md)."""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import wingspan_rules
from wingspan_rules import PositionError, setup
from wingspan_rules.cli import main
from wingspan_rules.position.show import show

CONFIGS = [
    ("pocket", 3, {}),
    ("pocket", 4, {"advanced": True}),
    ("classic", 2, {}),
    ("classic", 4, {"swift_start": True, "house_corrections": True}),
    ("classic", 5, {"goal_side": "blue", "cache_when_out": "discarded-card", "food_tokens": 2}),
    ("oceania", 2, {}),
    ("oceania", 3, {"bird_sets": ["core"]}),
]
EXAMPLES = int(os.environ.get("WINGSPAN_POSITION_EXAMPLES", "1"))  # random games per config (CI: 1)


def _round_trip(game: wingspan_rules.Game, seed: int) -> None:
    text = game.position()
    again = setup(text, seed)
    assert again.position() == text
    assert again.pending == game.pending
    assert again.legal_actions() == game.legal_actions()
    assert again.score() == game.score()
    assert getattr(again.state, "turns_done", None) == getattr(game.state, "turns_done", None)  # (a turn under way is not done)
    # the table shows a hand as the view shows it: by name to its player (and to the others
    # where the rules show it: Pocket's reserve), else as a count (hidden while being dealt)
    for viewer in (None, *range(game.players)):
        seat_lines = [line for line in show(again, viewer).splitlines() if line[:1] == "p" and line[1:2].isdigit()]
        assert len(seat_lines) == game.players
        for p, line in enumerate(seat_lines):
            hand = again.state.seats[p].hand
            counted = f"{len(hand)} card{'s' if len(hand) != 1 else ''};"
            seen = again.view(viewer if viewer is not None else (p + 1) % game.players)["players"][p]
            shown = seen["hand"] if p == viewer else (seen["open_hand"] if seen["open_hand"] is not None else seen["hand"])
            if shown is None:
                assert ": hidden;" in line
            elif isinstance(shown, int):
                assert counted in line and shown == len(hand)
            elif hand:
                assert counted not in line and all(again.cards.cards[c].name in line for c in hand)


@pytest.mark.soak
@pytest.mark.parametrize("config", CONFIGS, ids=[f"{r}-{p}" + ("-options" if o else "") for r, p, o in CONFIGS])
@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), other=st.integers(0, 2**32))
def test_position_round_trips_at_every_decision(config: tuple[str, int, dict[str, object]], seed: int, other: int) -> None:
    """setup(g.position()).position() == g.position() at every decision of a random game, and
    the game set up has the same decision, legal actions and score."""
    ruleset, players, options = config
    game = wingspan_rules.new_game(ruleset, players, seed, options)
    chooser = random.Random(seed)
    while True:
        _round_trip(game, other)
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions()))


@pytest.mark.parametrize("ruleset", ["classic", "oceania"])
def test_a_position_written_mid_turn_counts_the_turn_under_way_as_not_done(ruleset: str) -> None:
    """A payment, a habitat action, a pink power: the turn's cube is out but the turn has not
    ended.  The game set up from the position plays on to the end, and every save it writes
    loads (it once counted the turn as done, and its game ran one turn past the last)."""
    from wingspan_rules import load

    checked = 0
    for seed in range(4):
        game = wingspan_rules.new_game(ruleset, 2, seed)
        chooser = random.Random(seed)
        while not game.is_over:
            turn = game.state.stack[0] if game.state.stack else None
            if getattr(turn, "stage", 0) >= 1 and chooser.random() < 0.2:
                again = setup(game.position(), seed)
                assert again.state.turns_done == game.state.turns_done
                player = random.Random(seed)
                while not again.is_over:
                    again.apply(player.choice(again.legal_actions()))
                    load(again.to_json())
                checked += 1
            game.apply(chooser.choice(game.legal_actions()))
    assert checked >= 8


def test_load_refuses_a_turn_count_the_table_contradicts() -> None:
    import json

    from wingspan_rules import StateError, load

    game = wingspan_rules.new_game("classic", 2, 1)
    for _ in range(30):
        game.apply(game.legal_actions()[0])
    data = json.loads(game.to_json())
    data["state"]["turns_done"] += 1
    with pytest.raises(StateError, match="turns done, but the rounds, the cubes and the turn under way make"):
        load(json.dumps(data))


@pytest.mark.parametrize("ruleset", ["classic", "pocket", "oceania"])
def test_a_position_whose_deck_cannot_deal_a_game_is_a_position_error_at_the_option(ruleset: str) -> None:
    text = f'ruleset: {ruleset}\nplayers: 2\noption card_text: ""\n'
    with pytest.raises(PositionError) as caught:
        setup(text)
    problem = caught.value.problems[0]
    assert problem.line == 3 and ("deck" in problem.message or "card set" in problem.message) and len(str(caught.value)) < 1024


def test_load_refuses_cubes_that_contradict_the_turn_order() -> None:
    """Two seats swapped mid-round: the cubes no longer follow the order from the first player
    (``setup`` of the position refused it; ``load`` now refuses it too)."""
    import json

    from wingspan_rules import StateError, load

    game = wingspan_rules.new_game("classic", 3, 2)
    chooser = random.Random(1)
    while len({s.cubes_used for s in game.state.seats}) < 2:
        game.apply(chooser.choice(game.legal_actions()))
    cubes = [s.cubes_used for s in game.state.seats]
    a, b = cubes.index(min(cubes)), cubes.index(max(cubes))
    data = json.loads(game.to_json())
    seats = data["state"]["seats"]
    seats[a], seats[b] = seats[b], seats[a]
    with pytest.raises(StateError, match="cubes out, but with player"):
        load(json.dumps(data))


def test_an_unknown_die_face_is_refused_with_the_faces_listed() -> None:
    with pytest.raises(PositionError) as caught:
        setup("ruleset: classic\nplayers: 2\n[table]\nfeeder: seed, worm\n")
    problem = caught.value.problems[0]
    assert (problem.line, problem.column) == (4, 15) and "(they are invertebrate, seed, fish, fruit, rodent, invertebrate/seed)" in problem.message


def test_setup_with_no_seed_draws_one_and_keeps_it_for_replay() -> None:
    text = "ruleset: pocket\nplayers: 2\n"
    one, two = setup(text, None), setup(text, None)
    assert one.seed != two.seed and one.origin == ("position", text, one.seed)
    assert setup(text, one.seed).to_json() == one.to_json()


def test_cubes_that_contradict_the_turn_order_are_refused_at_the_cubes_line() -> None:
    """``cubes:`` without ``turn:`` is checked too (``setup`` once accepted 7 and 8 cubes with p0
    first and to play, then refused its own position)."""
    text = "ruleset: classic\nplayers: 2\n\n[p0]\ncubes: 7\n\n[p1]\ncubes: 8\n\n[table]\nround: 1\nfirst player: p0\nto play: p0\n"
    with pytest.raises(PositionError) as caught:
        setup(text)
    (problem,) = caught.value.problems
    assert problem.line == 8 and "player 1 has 8 cubes out" in problem.message


def test_in_every_pile_a_position_lists_the_first_card_written_is_the_top() -> None:
    """One rule for both games: a deck's tops, a discard pile, a bonus discard pile."""
    decked = setup('ruleset: pocket\nplayers: 2\n\n[table]\ndecks: 20 (top "Bobolink", top seed, top "Mallard"), 20, 20, 20\n')
    deck = decked.state.decks[0]
    names = decked.engine._names
    assert names[deck[-1]] == "Bobolink" and decked.cards.cards[deck[-2]].food_kind == "seed" and names[deck[-3]] == "Mallard"
    pocket = setup('ruleset: pocket\nplayers: 2\n\n[table]\ndiscard: "Blue Jay", "Wood Duck"\n')
    assert names[pocket.state.discard[-1]] == "Blue Jay" and pocket.view(0)["discard_pile"]["top"] == pocket.cards.cards[pocket.engine.by_name["Blue Jay"]].food_kind  # type: ignore[typeddict-item]
    classic = setup('ruleset: classic\nplayers: 2\n\n[table]\ndiscard: "Blue Jay", "Wood Duck"\ndeck top: "Mallard", "Killdeer"\nbonus discard: "Anatomist", "Historian"\n')
    cnames = classic.engine._names
    assert cnames[classic.state.discard[-1]] == "Blue Jay" and cnames[classic.state.deck[-1]] == "Mallard"
    assert classic.cards.bonuses[classic.state.bonus_discard[-1]].name == "Anatomist"
    for game in (decked, pocket, classic):
        text = game.position()
        assert setup(text).position() == text  # (the writer lists each pile the top first too)
    assert 'discard: "Blue Jay", "Wood Duck"' in classic.position() and 'bonus discard: "Anatomist", "Historian"' in classic.position()


def test_pocket_food_may_be_a_count_of_cards_of_any_side() -> None:
    game = setup("ruleset: pocket\nplayers: 2\n\n[p1]\nfood: 3 cards\n", 4)
    cards = game.state.seats[1].food_cards
    assert len(cards) == 3 and setup(game.position(), 4).position() == game.position()


def test_a_deck_of_a_given_size_is_written_by_counting_the_others_into_the_discard_pile() -> None:
    """docs/positions.md: in a 2-player classic game with nothing else said, ``discard: 150
    cards`` leaves a deck of 17."""
    game = setup("ruleset: classic\nplayers: 2\n\n[table]\ndiscard: 150 cards\n")
    assert len(game.state.deck) == 17 and len(game.state.discard) == 150


def test_a_position_says_the_dice_the_next_rolls_show() -> None:
    """``dice to come``: the faces the next rolls show, in order, then the seed's (a dispute about
    a reset roll needs no search for a seed)."""
    text = "ruleset: classic\nplayers: 2\n\n[p0]\nfood: 1 seed\n\n[table]\nfeeder: fish\ndice to come: 2 rodent, fish, seed, fruit, seed\n"
    game = setup(text)
    assert setup(game.position()).position() == game.position()
    game.apply("gain-food")
    events = game.apply("reroll")  # (one die left: all it shows is one face, so the feeder may be reset)
    assert "the feeder is rolled: rodent, rodent, fish, seed, fruit" in [str(e) for e in events]
    assert [game.rules_class.dice.names[f] for f in game.state.dice_to_come] == ["seed"]  # type: ignore[attr-defined]
    assert "dice to come: seed" in game.position()
    with pytest.raises(PositionError, match="no face of this game's dice"):
        setup(text.replace("fruit", "worm"))


def test_position_of_a_finished_game_round_trips() -> None:
    for ruleset, players, options in CONFIGS:
        game = wingspan_rules.new_game(ruleset, players, 3, options)
        chooser = random.Random(3)
        while not game.is_over:
            game.apply(chooser.choice(game.legal_actions()))
        _round_trip(game, 1)


CLASSIC = """\
ruleset: classic
players: 2

[p0]
forest: "Blue Jay" (eggs 1)
hand: "Mallard", "American Robin"
food: 2 seed, 1 invertebrate

[p1]
wetland: "Wood Duck"
hand: 3 cards

[table]
round: 2
turn: 3
feeder: seed, seed, fish
tray: "Killdeer"
"""


def test_position_fills_what_it_leaves_out_as_a_real_game_would() -> None:
    game = setup(CLASSIC, seed=5)
    state = game.state
    assert state.round == 1 and [s.cubes_used for s in state.seats] == [2, 2]
    assert len(state.seats[1].hand) == 3 and all(len(s.bonus) == 1 for s in state.seats)
    assert game.cards.cards[state.tray[0]].name == "Killdeer" and -1 not in state.tray  # the places not given are dealt
    assert setup(CLASSIC.replace('"Killdeer"', '"Killdeer", empty, empty'), 5).state.tray[1:] == [-1, -1]  # (empties stay empty)
    assert len(state.goal_points) == 1 and len(state.goals) == 4
    assert game.pending is not None and game.pending.kind == "action" and game.pending.player == 0
    assert setup(CLASSIC, seed=5).position() == game.position()  # the same seed, the same game
    assert setup(CLASSIC, seed=6).state.deck != state.deck


def test_position_deck_tops_may_be_named() -> None:
    game = setup(CLASSIC + 'deck top: "Bobolink", "Horned Lark"\n', seed=1)
    names = [game.cards.cards[c].name for c in game.state.deck[-2:]]
    assert names == ["Horned Lark", "Bobolink"]  # the first named is the top


def test_position_error_lists_every_problem_with_its_place() -> None:
    bad = """\
ruleset: classic
players: 2
[p0]
forest: "Blue Jay" (eggs 1)
hand: "Mallard"
[p1]
wetland: "Wood Duck", "Mallard" (eggs 9), "Blue Jay", "Kelp Gul"
grassland: "American Robin", "Wild Turkey", "Killdeer", "Dickcissel", "Bobolink", "Horned Lark"
food: 2 gold
cubes: 8
[table]
round: 2
tray: "Killdeer" "x"
[tabel]
nonsense ( here
"""
    with pytest.raises(PositionError) as caught:
        setup(bad)
    found = {(d.line, d.column) for d in caught.value.problems}
    messages = " | ".join(d.message for d in caught.value.problems)
    assert (7, 23) in found and "in one place only" in messages  # a card in two places
    assert (7, 39) in found and "at most 4 eggs" in messages  # more eggs than the bird holds
    assert "cannot live in the wetland" in messages  # a bird in a habitat it cannot live in
    assert 'no card named "Kelp Gul"' in messages  # an unknown name
    assert (8, 1) in found and "a row holds at most 5" in messages  # six birds in a row
    assert "'gold' is not a food" in messages
    assert "8 cubes in a round of 7 turns [classic.round.turns]" in messages  # too many cubes for the round
    assert "at most 4 eggs, not 9 [classic.lay-eggs.limit]" in messages and "a row holds at most 5 [classic.play-bird.habitat]" in messages
    assert any(d.line == 13 and "one card name" in d.message for d in caught.value.problems)  # two names, no comma
    assert any(d.line == 14 and "unknown section" in d.message for d in caught.value.problems)
    assert any(d.line == 15 for d in caught.value.problems)  # a line the grammar cannot read
    assert str(caught.value).startswith(f"{caught.value.total} problems in the position")


def test_position_pocket_food_sides_and_decks() -> None:
    text = """\
ruleset: pocket
players: 2

[p0]
flock: "Blue Jay" (eggs 1, tucked 2)
birds: "Mallard"
food: 2 seed, fish
nest: 2

[table]
decks: 10 (top seed), 10 (top fish), 10, 10 (top "Barn Owl")
supply: "Bobolink", empty, empty, empty
"""
    game = setup(text, seed=2)
    state, cards = game.state, game.cards
    assert [cards.cards[c].food_kind for c in state.seats[0].food_cards] == ["seed", "seed", "fish"]
    assert [len(d) for d in state.decks] == [10, 10, 10, 10]
    assert cards.cards[state.decks[0][-1]].food_kind == "seed" and cards.cards[state.decks[3][-1]].name == "Barn Owl"
    assert len(state.seats[0].flock[0].tucked) == 2 and state.seats[0].nest_eggs == 2
    assert len(state.discard) == len(cards.cards) - 40 - 1 - 1 - 3 - 2 - 1  # what no deck holds is discarded
    assert setup(game.position(), 9).position() == game.position()


def test_position_oceania_cubes_and_nectar() -> None:
    text = """\
ruleset: oceania
players: 2

[p0]
forest: "Blue Jay"
cubes: play-bird 1, forest 1, grassland 0, wetland 0
nectar spent: forest 1
food: 1 nectar

[p1]
cubes: play-bird 0, forest 0, grassland 2, wetland 0

[table]
round: 1
turn: 3
to play: p0
"""
    game = setup(text)
    seat = game.state.seats[0]
    assert seat.cubes == [1, 1, 0, 0] and seat.cubes_used == 2 and seat.spent_nectar == [1, 0, 0]
    with pytest.raises(PositionError, match="with p1 to play means p0 has 3 cubes out, not 2"):
        setup(text.replace("turn: 3\nto play: p0", "turn: 3\nto play: p1\nfirst player: p0"))


def test_position_refuses_what_is_not_a_position() -> None:
    for text, wanted in [
        ("", "starts with its ruleset"),
        ("ruleset: chess\nplayers: 2\n", "unknown ruleset"),
        ("ruleset: pocket\nplayers: 9\n", "players must be a whole number from 2 to 5"),
        ("ruleset: pocket\nplayers: 2\noption advanced: maybe\n", "yes or no"),
        ("ruleset: pocket\nplayers: 2\noption colour: blue\n", "unknown pocket option"),
        ("ruleset: pocket\nplayers: 2\n" + "x" * 300_000, "at most"),
        ("ruleset: classic\nplayers: 2\n[stack]\nclassic-turn: stage 0\n", "needs its player"),
        ("ruleset: classic\nplayers: 2\n[stack]\nwhatever: player p0\n", "unknown frame kind"),
        ("ruleset: pocket\nplayers: 2\n[p0]\nflock: " + "(" * 100_000, "cannot hold details"),
        ("ruleset: pocket\nplayers: 2\n[p0]\nnest: " + "9" * 5_000, "more than 9 digits"),
        ("ruleset: pocket\nplayers: 2\n[p0]\nflock: " + ", ".join(['"X"'] * 30_000), "no entry of a game needs more"),
        ("ruleset: pocket\nplayers: 2\n\x00\n", "unexpected character"),
    ]:
        with pytest.raises(PositionError, match=wanted):
            setup(text)


def test_position_cli_setup_show_check_score(tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
    from pathlib import Path

    folder = Path(str(tmp_path))
    pos = folder / "dispute.pos"
    pos.write_text(CLASSIC)
    save = folder / "dispute.json"
    assert main(["setup", str(pos), "--save", str(save), "--seed", "5"]) == 0
    shown = capsys.readouterr().out
    assert "wetland    | Wood Duck" in shown and "saved the game" in shown
    assert main(["show", str(save), "--position"]) == 0
    assert capsys.readouterr().out == setup(CLASSIC, 5).position()
    assert main(["check", str(pos), "play-forest American Robin", "--seed", "5"]) == 0
    assert "legal" in capsys.readouterr().out
    assert main(["check", str(pos), "play-forest Mallard"]) == 1
    capsys.readouterr()
    assert main(["score", str(pos)]) == 0
    assert "score so far" in capsys.readouterr().out
    (folder / "bad.pos").write_text("ruleset: classic\nplayers: 2\n[p0]\nfood: 2 gold\n")
    assert main(["show", str(folder / "bad.pos")]) == 2
    err = capsys.readouterr().err
    assert "bad.pos:4:9" in err and "Traceback" not in err


def test_position_keeps_card_text_options() -> None:
    """A game with cards written by its players writes them into its position, escapes and all."""
    source = wingspan_rules.card_set("pocket").card("Blue Jay").dsl.replace('"Blue Jay"', '"Azure Test Jay"', 1)
    game = wingspan_rules.new_game("pocket", 2, 1, {"extra_card_text": source})
    chooser = random.Random(2)
    for _ in range(30):
        game.apply(chooser.choice(game.legal_actions()))
    again = setup(game.position(), 4)
    assert again.options["extra_card_text"] == source
    assert again.position() == game.position()


def test_position_pocket_problems_cite_their_rules() -> None:
    text = 'ruleset: pocket\nplayers: 2\n[p0]\nflock: "Blue Jay" (eggs 5), "Mallard", "Barn Owl", "Wood Duck", "Bobolink", "American Robin", "Chimney Swift"\n'
    with pytest.raises(PositionError) as caught:
        setup(text)
    messages = [d.message for d in caught.value.problems]
    assert any(m.endswith("[pocket.eggs.limit]") for m in messages)
    assert any(m.endswith("[pocket.end.six-birds]") for m in messages)
