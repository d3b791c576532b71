"""Events and the game record: what ``apply`` returns, what a record holds, who sees what.

Random games of every ruleset are written as records, read back and replayed (every action
legal, every event as written); a record seen from one seat names no card that seat cannot
see.  ``WINGSPAN_RECORD_GAMES=N`` plays more games per configuration.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

import wingspan_rules
from wingspan_rules import RecordError, new_game, read_record, setup
from wingspan_rules.events import KINDS
from wingspan_rules.rules import CATALOG
from wingspan_rules.rulesets import RULESETS, ruleset

GAMES = int(os.environ.get("WINGSPAN_RECORD_GAMES", "2"))
CONFIGS = [
    ("pocket", 3, {}),
    ("pocket", 2, {"advanced": True}),
    ("classic", 2, {}),
    ("classic", 3, {"public_hands": True}),
    ("oceania", 3, {}),
]


def _play(ruleset: str, players: int, options: dict[str, object], seed: int, steps: int | None = None) -> wingspan_rules.Game:
    """A random game; now and then it goes on in a copy (which shares the record so far)."""
    game = new_game(ruleset, players, seed, options)
    chooser = random.Random(seed)
    done = 0
    while not game.is_over and (steps is None or done < steps):
        events = game.apply(chooser.choice(game.legal_actions()))
        assert all(e.kind in KINDS for e in events)
        done += 1
        if done % 37 == 0:
            game = game.copy()
    return game


@pytest.mark.soak
@pytest.mark.parametrize("ruleset,players,options", CONFIGS)
def test_record_replays_random_games(ruleset: str, players: int, options: dict[str, object]) -> None:
    for seed in range(GAMES):
        game = _play(ruleset, players, options, seed)
        text = game.record()
        again = read_record(text)
        assert again.position() == game.position()
        assert again.score() == game.score()
        assert again.record() == text
        assert any(e.kind == "end" for e in game.events())


@pytest.mark.soak
@pytest.mark.parametrize("ruleset,players,options", CONFIGS)
def test_seat_record_hides_what_the_seat_cannot_see(ruleset: str, players: int, options: dict[str, object]) -> None:
    game = _play(ruleset, players, options, 11)
    for seat in range(players):
        lines = game.record(seat).splitlines()
        body = [line for line in lines if line.startswith((">", "  "))]
        seen = list(game.events())
        assert len(body) == len(seen)
        hidden = 0
        for line, event in zip(body, seen, strict=True):
            if event.card and not event.visible_to(seat):
                hidden += 1
                assert event.card not in line, line
            assert line[2:].strip() == event.describe(seat)
        # (with hands closed the game hid something from this seat: the test has teeth)
        assert hidden > 0 or options.get("public_hands")
        assert not any(line.startswith("seed ") for line in lines)
        with pytest.raises(RecordError, match="read but not replayed"):
            read_record(game.record(seat))


def test_a_card_drawn_from_the_deck_is_named_to_its_taker_only() -> None:
    game = _play("classic", 2, {}, 3)
    draws = [e for e in game.events() if e.kind == "draw" and e.what == ("the deck",)]
    assert draws
    for e in draws:
        assert e.seen_by == (e.player,)
        assert e.card in e.describe(e.player)
        assert e.card not in e.describe(1 - e.player) and "a card" in e.describe(1 - e.player)


def test_classic_power_move_passed_over_says_why() -> None:
    text = """ruleset: classic
players: 2

[p0]
forest: "Bewick's Wren", "Blue Jay"
food: 2 seed

[p1]
hand: 2 cards

[table]
round: 1
turn: 1
feeder: seed, seed, fish, fruit, rodent
"""
    game = setup(text)
    game.apply("gain-food")
    game.apply("take seed")
    said = [str(e) for e in game.apply("take seed")]
    assert "Bewick's Wren: passed over, it is not the rightmost bird in its row [classic.power.move]" in said
    passed = [e for e in game.events() if e.kind == "passed"]
    assert {e.rule for e in passed} <= set(CATALOG)


def test_what_a_power_does_is_credited_to_it() -> None:
    game = _play("classic", 2, {}, 0)
    credited = [e for e in game.events() if e.kind in ("egg", "cache", "tuck", "hunt", "food") and e.power]
    assert credited and all(e.power in e.describe() for e in credited)
    # a turn's own actions are credited to no bird
    assert any(e.kind == "die" and not e.power for e in game.events())


def test_apply_returns_only_what_the_action_caused() -> None:
    game = new_game("classic", 2, 5)
    before = len(game.events())  # what setting up did
    returned = actions = 0
    while not game.is_over:
        returned += len(game.apply(game.legal_actions()[0]))
        actions += 1
    assert len(game.events()) == before + returned + actions
    assert sum(1 for e in game.events() if e.kind == "action") == actions


def test_events_of_each_kind_appear_in_random_games() -> None:
    kinds: set[str] = set()
    for name, players, options in CONFIGS:
        for seed in range(3):
            kinds |= {e.kind for e in _play(name, players, options, seed).events()}
    for kind in ("action", "auto", "power", "trigger", "passed", "roll", "die", "hunt", "draw", "egg", "cache", "tuck", "food", "tray", "goal", "round", "end"):
        assert kind in kinds, kind


def test_undo_drops_the_events_of_the_action_taken_back() -> None:
    game = new_game("pocket", 3, 4)
    chooser = random.Random(4)
    for _ in range(30):
        game.apply(chooser.choice(game.legal_actions()))
    undone = 0
    for _ in range(200):  # actions that reveal nothing can be undone: take those back
        before = [str(e) for e in game.events()]
        copy = game.copy()
        action = chooser.choice(game.legal_actions())
        caused = [str(e) for e in game.apply(action)]
        if game.can_undo().legal:
            game.undo()
            undone += 1
            assert [str(e) for e in game.events()] == before
            game.apply(action)
        # a copy made before goes on with the same record
        assert [str(e) for e in copy.apply(action)] == caused
        assert [str(e) for e in copy.events()] == [str(e) for e in game.events()]
        if game.is_over:
            break
    assert undone >= 5


def test_events_off_keeps_no_record() -> None:
    game = new_game("classic", 2, 1, events=False)
    assert len(game.apply(game.legal_actions()[0])) == 0
    with pytest.raises(ValueError, match="events=False"):
        game.record()
    on = new_game("classic", 2, 1)
    on.apply(on.legal_actions()[0])
    assert on.position() == game.position()


def test_a_changed_event_is_found_with_its_line() -> None:
    text = _play("classic", 2, {}, 2, steps=60).record()
    lines = text.splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("  ") and "die showing" in line)
    lines[k] = lines[k].replace("die showing", "die that shows")
    with pytest.raises(RecordError) as err:
        read_record("\n".join(lines) + "\n")
    assert err.value.line == k + 1


def test_a_record_of_actions_alone_replays() -> None:
    game = _play("pocket", 3, {}, 6, steps=40)
    text = "\n".join(line for line in game.record().splitlines() if not line.startswith("  ")) + "\n"
    assert read_record(text).position() == game.position()


def test_a_record_from_a_position_replays() -> None:
    position = """ruleset: classic
players: 2

[p0]
forest: "Blue Jay" (eggs 1)
hand: "American Robin", "Mallard"
food: 1 invertebrate, 1 fruit

[p1]
wetland: "Wood Duck" (eggs 2, tucked 1)
hand: 4 cards

[table]
round: 1
turn: 2
feeder: seed, fish, rodent
"""
    game = setup(position, seed=9)
    chooser = random.Random(9)
    for _ in range(25):
        if game.is_over:
            break
        game.apply(chooser.choice(game.legal_actions()))
    again = read_record(game.record())
    assert again.position() == game.position()


@pytest.mark.parametrize(
    "text,why",
    [
        ("", "starts with"),
        ("# wingspan-rules record\nruleset classic\nplayers 2\n", "start new"),
        ("# wingspan-rules record\nruleset classic\nplayers 2\nstart new\n> p0: gain-food\n", "seed"),
        ("# wingspan-rules record\nruleset nope\nplayers 2\nseed 1\nstart new\n", "start cannot be set up"),
        ("# wingspan-rules record\nruleset classic\nplayers 2\nseed 1\nstart new\n> OTHER: gain-food\n", "waits for FIRST"),
        ("# wingspan-rules record\nruleset classic\nplayers 2\nseed 1\nstart new\n> FIRST: fly away\n", "cannot be played here"),
        ("# wingspan-rules record\nruleset classic\nplayers 2\nseed 1\nbogus\nstart new\n", "unknown record line"),
        ("# wingspan-rules record\nruleset classic\nplayers 2\nseed 1\noption x 3\nstart new\n", "option"),
        ("# wingspan-rules record\nruleset classic\nplayers 2\nseed 1\nstart new\nnot an action\n", "an action"),
    ],
)
def test_bad_records_are_refused_in_words(text: str, why: str) -> None:
    pending = new_game("classic", 2, 1).pending
    assert pending is not None
    first, other = f"p{pending.player}", f"p{1 - pending.player}"
    text, why = (t.replace("FIRST", first).replace("OTHER", other) for t in (text, why))
    with pytest.raises(RecordError, match=why):
        read_record(text)


def test_hostile_records() -> None:
    with pytest.raises(RecordError):
        read_record(b"# wingspan-rules record\n")  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="at most"):
        read_record("# wingspan-rules record\n" + "x" * 20_000_001)


def test_idle_rules_are_catalog_rules() -> None:
    for name in RULESETS:
        for rule in ruleset(name).IDLE_RULES.values():
            assert rule in CATALOG, (name, rule)


def test_cli_play_record_and_replay(tmp_path: Path) -> None:
    record = tmp_path / "game.txt"
    cli = [sys.executable, "-m", "wingspan_rules.cli"]
    out = subprocess.run([*cli, "play", "--ruleset", "classic", "--players", "2", "--seed", "4", "--record", str(record)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "    p0 " in out.stdout or "    p1 " in out.stdout  # events printed under the actions
    done = subprocess.run([*cli, "replay", str(record)], capture_output=True, text=True)
    assert done.returncode == 0 and "every event as recorded" in done.stdout
    seat = subprocess.run([*cli, "replay", str(record), "--seat", "1"], capture_output=True, text=True)
    assert seat.returncode == 0 and "seen from p1" in seat.stdout
    lines = record.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if line.startswith("  "))
    lines[k] = "  p9 does something else"
    record.write_text("\n".join(lines) + "\n")
    bad = subprocess.run([*cli, "replay", str(record)], capture_output=True, text=True)
    assert bad.returncode == 1 and f"line {k + 1}" in bad.stdout
    missing = subprocess.run([*cli, "replay", str(tmp_path / "none.txt")], capture_output=True, text=True)
    assert missing.returncode == 2 and "Traceback" not in missing.stderr


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_seat_record_never_names_a_card_only_its_holder_has_seen(seed: int) -> None:
    """Cards another player kept at setup or drew from the deck, still in their hand at the
    end and never shown to the table, are named nowhere in a seat's record (actions, forced
    answers and events alike)."""
    game = _play("classic", 3, {}, seed)
    names = [c.name for c in game.cards.cards]
    public = set()
    for e in game.events():
        if e.visible_to(-2):  # what a seat that is nobody in particular sees
            public |= {w for w in e.what}
            public |= {name.strip() for w in e.what for name in w.split(",")}
    checked = 0
    for seat in range(3):
        text = game.record(seat)
        table = "\n".join(line for line in text.splitlines() if line.startswith("| "))  # the table it began at
        public |= {name for name in names if name in table}
        for other in range(3):
            if other == seat:
                continue
            for card in game.state.seats[other].hand:
                name = names[card]
                if name in public:
                    continue
                checked += 1
                assert f" {name}\n" not in text and f" {name} " not in text, (seat, other, name)
    assert checked > 0  # (some card stayed secret to the end)


def test_hostile_record_headers_are_refused_in_words() -> None:
    head = "# wingspan-rules record\nruleset classic\nplayers 2\nseed 1\n"
    for bad in (
        head + "option goal_side: " + "[" * 100_000 + "\nstart new\n",
        head.replace("players 2", "players " + "9" * 5000) + "start new\n",
        head + 'option goal_side: {"a": 1}\nstart new\n',
        head + "start position\n| ruleset: classic\n| players: 7\n",
        head + "start save\n| {}\n",
    ):
        with pytest.raises(RecordError) as err:
            read_record(bad)
        assert len(str(err.value)) < 1000


def test_events_compare_as_sequences_and_serialise() -> None:
    import attrs

    game = _play("classic", 2, {}, 8, steps=40)
    events = game.events()
    assert events == list(events) and events != list(events)[1:]
    first = events[0]
    assert attrs.asdict(first)["kind"] == first.kind  # plain data for an app to send on


def test_cli_check_events_prints_what_each_action_did(tmp_path: Path) -> None:
    position = tmp_path / "wren.pos"
    position.write_text(
        'ruleset: classic\nplayers: 2\n\n[p0]\nforest: "Bewick\'s Wren", "Blue Jay"\nfood: 2 seed\n\n[p1]\nhand: 2 cards\n\n'
        "[table]\nround: 1\nturn: 1\nfeeder: seed, seed, fish, fruit, rodent\n"
    )
    cli = [sys.executable, "-m", "wingspan_rules.cli", "check", str(position), "gain-food; take seed; take seed", "--events"]
    out = subprocess.run(cli, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert "    Bewick's Wren: passed over, it is not the rightmost bird in its row [classic.power.move]" in out.stdout
