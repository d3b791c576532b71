"""The readers (``load``, ``setup``, ``read_record``, the card compiler) against hostile input:
one limit on card text for all, and every error's text within 1 KB whatever it was given."""

from __future__ import annotations

import json
import time

import pytest

from wingspan_rules import DslError, PositionError, RecordError, StateError, load, new_game, read_record, setup
from wingspan_rules.dsl.diagnostics import MAX_TEXT, listing
from wingspan_rules.savefile import MAX_CARD_TEXT

HEADER = "# wingspan-rules record\nruleset classic\nplayers 2\nseed 1\n"


def _fits(err: BaseException) -> str:
    text = str(err)
    assert len(text.encode("utf-8")) <= MAX_TEXT, text[:200]
    assert "Traceback" not in text
    return text


def test_a_record_line_of_a_megabyte_is_not_repeated_whole() -> None:
    game = new_game("classic", 2, 1)
    record = game.record().rstrip("\n") + "\n> p" + str(game.pending.player if game.pending else 0) + ": " + "y" * 1_000_000 + "\n"  # type: ignore[union-attr]
    with pytest.raises(RecordError) as caught:
        read_record(record)
    _fits(caught.value)


def test_many_problems_in_a_position_are_listed_within_1_kb_with_how_many_more() -> None:
    text = "ruleset: classic\nplayers: 2\n" + "\n".join(f"bogus{i}: {'z' * 300}" for i in range(50))
    with pytest.raises(PositionError) as caught:
        setup(text)
    shown = _fits(caught.value)
    assert shown.splitlines()[-1].startswith("... and ") and shown.splitlines()[-1].endswith("more problems")
    assert caught.value.total == 50 and len(caught.value.problems) == 50  # (every problem is still kept)


def test_many_errors_in_card_text_are_listed_within_1_kb() -> None:
    bad = "\n".join(f"card Bird{i} of {'q' * 150}: nonsense {i}" for i in range(200))
    with pytest.raises(DslError) as caught:
        new_game("classic", 2, 1, {"extra_card_text": bad})
    shown = _fits(caught.value)
    assert "more error" in shown.splitlines()[-1]


def test_listing_cuts_a_single_long_problem_rather_than_dropping_it() -> None:
    text = listing("1 problem", ["x" * 5000], 1, "problem")
    assert len(text.encode()) <= MAX_TEXT and text.startswith("1 problem\nxxx") and text.endswith("...")


@pytest.mark.parametrize("option", ["card_text", "extra_card_text"])
def test_card_text_has_one_limit_for_games_saves_positions_and_records(option: str) -> None:
    big = "x" * (MAX_CARD_TEXT + 1)
    with pytest.raises(ValueError, match="at most 131,072 are read"):
        new_game("classic", 2, 1, {option: big})
    start = time.perf_counter()
    with pytest.raises(RecordError) as caught:
        read_record(HEADER + f"option {option}: {json.dumps(big)}\nstart new\n")
    assert "at most 131,072 are read" in _fits(caught.value) and time.perf_counter() - start < 2
    data = json.loads(new_game("classic", 2, 1).to_json())
    data["options"][option] = big
    with pytest.raises(StateError) as refused:
        load(json.dumps(data))
    assert "131,072" in _fits(refused.value)


@pytest.mark.parametrize("seed", [3, 8])
def test_a_seats_record_with_open_hands_names_no_bonus_card_and_no_setup_choice_of_another(seed: int) -> None:
    """``public_hands`` shows the hands, not the bonus cards, and not the setup the table
    chooses all at once (the seat's view hides both)."""
    import random

    game = new_game("classic", 3, seed, {"public_hands": True})
    dealt = {p: [game.engine.bonus.name(game.engine, b) for b in game.state.seats[p].dealt_bonus] for p in range(3)}  # type: ignore[attr-defined]
    kept_birds = {p: [game.cards.cards[c].name for c in game.state.seats[p].dealt] for p in range(3)}
    chooser = random.Random(seed)
    while game.pending is not None and game.pending.kind == "setup":
        game.apply(chooser.choice(game.legal_actions()))
    for seat in range(3):
        lines = [line for line in game.record(seat=seat).splitlines() if not line.startswith("|")]
        for other in set(range(3)) - {seat}:
            for name in dealt[other]:
                assert not any(name in line for line in lines), f"p{seat}'s record names p{other}'s bonus card {name}"
            for name in kept_birds[other]:
                assert not any(f"keep {name}" in line or f"keeps {name}" in line for line in lines)
    assert any("keep-bonus (not shown)" in line for line in game.record(seat=0).splitlines())


def test_a_pocket_food_card_tucked_from_the_reserve_is_named_to_nobody_not_even_its_player() -> None:
    """A reserve food card lies food side up: its player never saw its bird side, and the view
    shows it as a tucked card, so the record names it to no seat (the whole record names it)."""
    import random

    seen = 0
    for seed in range(40):
        game = new_game("pocket", 2, seed)
        chooser = random.Random(seed)
        while not game.is_over and seen < 3:
            for event in game.apply(chooser.choice(game.legal_actions())):
                if event.kind == "tuck" and "from the reserve (" in event.describe(None):
                    assert event.card and event.card in event.describe(None)
                    for seat in range(2):
                        assert event.card not in event.describe(seat)
                    seen += 1
    assert seen == 3


READERS = [("classic", 2, {}), ("classic", 3, {"public_hands": True}), ("pocket", 3, {"advanced": True}), ("oceania", 2, {})]


@pytest.mark.parametrize(("ruleset", "players", "options"), READERS)
def test_the_three_readers_accept_what_the_writers_write_and_play_goes_on_the_same(ruleset: str, players: int, options: dict[str, object]) -> None:
    """At random points of random games: the save loads as the same game; the record replays
    to the same game; the position sets up a game whose own save and position read back; and
    from the loaded and the replayed game the same actions play to the same end."""
    import random

    from wingspan_rules import setup as set_up

    for seed in range(2):
        game = new_game(ruleset, players, seed, options)
        chooser = random.Random(seed)
        while not game.is_over:
            if chooser.random() < 0.06:
                saved = game.to_json()
                loaded, replayed = load(saved), read_record(game.record())
                assert loaded.to_json() == saved and replayed.to_json() == saved
                positioned = set_up(game.position(), seed)
                assert load(positioned.to_json()).to_json() == positioned.to_json()
                assert set_up(positioned.position(), seed).position() == positioned.position() == game.position()
                ahead = random.Random(seed + 1)
                while not loaded.is_over:
                    action = ahead.choice(loaded.legal_actions())
                    loaded.apply(action)
                    replayed.apply(action)
                assert loaded.to_json() == replayed.to_json() and load(loaded.to_json()).to_json() == loaded.to_json()
                # (the position deals what it does not say from its seed: its game goes its own way, to a save that loads)
                own = random.Random(seed + 2)
                while not positioned.is_over:
                    positioned.apply(own.choice(positioned.legal_actions()))
                assert load(positioned.to_json()).to_json() == positioned.to_json()
            game.apply(chooser.choice(game.legal_actions()))


MUTATIONS = int(__import__("os").environ.get("WINGSPAN_READER_MUTATIONS", "2000"))  # (CI: 2,000; grow it for a soak)


@pytest.mark.soak
def test_whatever_load_accepts_a_position_of_it_sets_up_and_plays_on() -> None:
    """Saves of random games, mutated at random (``save_mutations``): every one ``load``
    accepts writes a position that ``setup`` accepts too, and play goes on from it.  (It once
    accepted a Pocket nest-action frame owned by a player the game does not have.)"""
    import random

    from save_mutations import mutate, random_saves

    from wingspan_rules import setup as set_up

    saves = random_saves(3, 40)
    chooser = random.Random(5)
    accepted = 0
    for i in range(MUTATIONS):
        text = mutate(chooser, chooser.choice(saves))
        try:
            game = load(text)
        except StateError:
            continue
        accepted += 1
        again = set_up(game.position(), 1)
        player = random.Random(i)
        for _ in range(30):
            if again.is_over:
                break
            again.apply(player.choice(again.legal_actions()))
    assert accepted > MUTATIONS // 20


def test_load_refuses_a_pocket_nest_action_owned_by_another_player() -> None:
    import random

    for seed in range(30):
        game = new_game("pocket", 2, seed)
        chooser = random.Random(seed)
        while not game.is_over:
            data = json.loads(game.to_json())
            stack = data["state"]["stack"]
            if len(stack) == 2 and stack[1].get("card") == -1:
                stack[1]["owner"] = 1 - stack[1]["player"]
                with pytest.raises(StateError, match="belongs to its player and to no bird"):
                    load(json.dumps(data))
                return
            game.apply(chooser.choice(game.legal_actions()))
    raise AssertionError("no nest action found")
