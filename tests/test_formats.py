"""The file formats carry their versions (docs/stability.md, "File formats"): a save its
``"schema"``, a position its ``format:`` line, a record its ``format`` line.  A file of a
version this release reads is read (an older one brought over); one of a version it does not
read, newer or unknown, is refused with a message naming the version found and those read;
garbage is refused."""

from __future__ import annotations

import json
from typing import Any

import pytest

import wingspan_rules
from wingspan_rules import PositionError, RecordError, StateError, language, load, new_game, read_record, recording, saves, setup
from wingspan_rules import position as position_module
from wingspan_rules.position.show import show


def _played(ruleset: str = "classic", steps: int = 6, seed: int = 3) -> wingspan_rules.Game:
    game = new_game(ruleset, 2, seed=seed)
    for _ in range(steps):
        game.apply(game.legal_actions()[0])
    return game


# ---- saves --------------------------------------------------------------------------------


def test_a_save_carries_the_schema_this_release_writes_and_reads_back() -> None:
    game = _played()
    data = json.loads(game.to_json())
    assert data["schema"] == saves.SCHEMA == 2
    assert saves.readable_schemas() == (2,)
    assert load(game.to_json()).position() == game.position()
    assert saves.upgrade(data) is data  # (the current schema: as it is)


def test_a_save_of_an_older_schema_this_release_reads_is_brought_over(monkeypatch: pytest.MonkeyPatch) -> None:
    """The upgrade path, as a release with schema 3 that still reads schema 2 would have it."""
    seen: list[int] = []

    def two_to_three(data: dict[str, Any]) -> dict[str, Any]:
        seen.append(data["schema"])
        return {**data, "schema": 3, "notes": []}

    monkeypatch.setattr(saves, "SCHEMA", 3)
    monkeypatch.setattr(saves, "UPGRADES", {2: two_to_three})
    assert saves.readable_schemas() == (2, 3)
    old = json.loads(_played().to_json())
    new = saves.upgrade(old)
    assert new["schema"] == 3 and new["notes"] == [] and new["state"] == old["state"] and seen == [2]
    assert saves.upgrade(new) is new


def test_a_save_of_a_newer_schema_is_refused_naming_it_and_the_schemas_read() -> None:
    data = json.loads(_played().to_json())
    data["schema"] = 3
    with pytest.raises(saves.SchemaError) as caught:
        saves.upgrade(data)
    assert str(caught.value) == (
        "saved game schema 3 is not supported (this version reads 2): it was written by a newer version of wingspan-rules"
    )
    assert (caught.value.found, caught.value.reads) == (3, (2,))
    with pytest.raises(StateError, match=r"schema 3 is not supported \(this version reads 2\)"):
        load(json.dumps(data))


def test_a_save_of_schema_1_is_refused_with_the_way_to_bring_it_over() -> None:
    data = json.loads(_played().to_json())
    data["schema"] = 1
    with pytest.raises(saves.SchemaError, match=r"schema 1, the layout before the one rules core .*this version reads schema 2: replay the game's actions"):
        saves.upgrade(data)
    with pytest.raises(StateError, match="schema 1, the layout before the one rules core"):
        load(json.dumps(data))


@pytest.mark.parametrize("schema", ["2", 2.0, None, True, [2], -1, 0])
def test_a_save_whose_schema_is_not_one_read_is_refused_naming_it(schema: object) -> None:
    data = json.loads(_played().to_json())
    data["schema"] = schema
    with pytest.raises(saves.SchemaError, match=r"saved game schema .* is not supported \(this version reads 2\)$"):
        saves.upgrade(data)
    with pytest.raises(StateError, match=r"schema .* is not supported \(this version reads 2\)"):
        load(json.dumps(data))


def test_a_save_without_a_schema_is_refused() -> None:
    data = json.loads(_played().to_json())
    del data["schema"]
    with pytest.raises(saves.SchemaError, match=r"it has no schema \(this version reads schema 2\)"):
        saves.upgrade(data)
    with pytest.raises(StateError, match="not a saved game: missing schema"):
        load(json.dumps(data))


@pytest.mark.parametrize("text", ["", "not json", "[1, 2]", '"a save"', "{}", "\x00\x01", '{"schema": 2}'])
def test_garbage_is_not_a_save(text: str) -> None:
    with pytest.raises(StateError, match="not a saved game"):
        load(text)


# ---- positions ----------------------------------------------------------------------------

OLD_POSITION = """\
ruleset: classic
players: 2

[p0]
forest: "Blue Jay" (eggs 1)
hand: "American Robin", "Mallard"
food: 1 invertebrate, 1 fruit

[table]
round: 1
feeder: seed, fish, rodent
"""


def test_a_position_carries_its_format_and_reads_back() -> None:
    game = _played()
    text = game.position()
    assert text.splitlines()[:3] == ["ruleset: classic", "players: 2", f"format: {position_module.FORMAT}"]
    assert position_module.FORMAT == 1 and position_module.READS == (1,)
    assert setup(text).position() == text


def test_a_position_without_a_format_line_is_read_as_format_1() -> None:
    """Positions written by hand, and every one written before positions carried their
    version, have no format line: they are of format 1."""
    old = setup(OLD_POSITION)
    versioned = setup(OLD_POSITION.replace("players: 2\n", "players: 2\nformat: 1\n"))
    assert old.position() == versioned.position()
    assert old.position().splitlines()[2] == "format: 1"


@pytest.mark.parametrize("version", [2, 17])
def test_a_position_of_a_newer_format_is_refused_alone_naming_it_and_the_formats_read(version: int) -> None:
    # (the rest of a newer position may not read here at all: its problems are not listed)
    text = f"ruleset: classic\nplayers: 2\nformat: {version}\n\n[p0]\nnew entry: (a thing, [this release], cannot read)\n"
    with pytest.raises(PositionError) as caught:
        setup(text)
    assert caught.value.total == 1
    assert str(caught.value).splitlines()[:2] == [
        "1 problem in the position",
        f"<position>:3:9: this position is written in format {version} of the position language, newer than this version reads "
        "(format 1): it was written by a newer version of wingspan-rules",
    ]


def test_a_position_of_an_unknown_older_format_is_refused() -> None:
    with pytest.raises(PositionError, match="written in format 0 of the position language; this version reads format 1"):
        setup("ruleset: classic\nplayers: 2\nformat: 0\n")


@pytest.mark.parametrize(
    ("line", "problem"),
    [
        ("format: one", "'format' is the version of the position language, a number such as 'format: 1'"),
        ('format: "1"', "'format' is the version of the position language"),
        ("format: 1, 2", "'format' is the version of the position language"),
        ("format: 1\nformat: 1", "'format' is given twice (first at line 3)"),
    ],
)
def test_a_format_line_that_gives_no_version_is_a_problem_among_the_others(line: str, problem: str) -> None:
    with pytest.raises(PositionError) as caught:
        setup(f"ruleset: classic\nplayers: 2\n{line}\n[p0]\nbogus: 1\n")
    text = str(caught.value)
    assert problem in text and "unknown entry 'bogus' for a player" in text


@pytest.mark.parametrize("text", ["", "hello", "format: 1\n", "{\"schema\": 2}", "ruleset classic\nplayers 2\n"])
def test_garbage_is_not_a_position(text: str) -> None:
    with pytest.raises(PositionError):
        setup(text)


# ---- records ------------------------------------------------------------------------------


def test_a_record_carries_its_format_on_its_second_line_and_reads_back() -> None:
    game = _played("pocket", 5)
    text = game.record()
    assert text.splitlines()[:2] == [recording.HEADER, f"format {recording.FORMAT}"]
    assert recording.FORMAT == 1 and recording.READS == (1,)
    assert read_record(text).position() == game.position()
    seen = game.record(seat=1)
    assert seen.splitlines()[1] == "format 1"


def test_a_record_without_a_format_line_is_read_as_format_1() -> None:
    """Records written before they carried their version, and records of actions written
    by hand, have no format line: they are of format 1."""
    game = _played("pocket", 5)
    old = "\n".join(line for line in game.record().splitlines() if line != "format 1") + "\n"
    assert "format" not in old
    assert read_record(old).position() == game.position()


@pytest.mark.parametrize("version", [2, 40])
def test_a_record_of_a_newer_format_is_refused_naming_it_and_the_formats_read(version: int) -> None:
    text = f"{recording.HEADER}\nformat {version}\nruleset pocket\nplayers 2\nnew line this release cannot read\nstart new\n"
    with pytest.raises(RecordError) as caught:
        read_record(text)
    assert caught.value.line == 2
    assert str(caught.value) == (
        f"line 2: this record is written in format {version} of the record format, newer than this version reads (format 1): "
        "it was written by a newer version of wingspan-rules"
    )


def test_a_record_of_an_unknown_older_format_is_refused() -> None:
    with pytest.raises(RecordError, match="written in format 0 of the record format; this version reads format 1"):
        read_record(f"{recording.HEADER}\nformat 0\nruleset pocket\nplayers 2\nseed 1\nstart new\n")


@pytest.mark.parametrize("value", ["", "one", "1.0", "-1", "9999999999"])
def test_a_format_line_that_gives_no_version_is_refused(value: str) -> None:
    with pytest.raises(RecordError, match=r"line 2: the format line reads 'format N', a whole number such as 'format 1'"):
        read_record(f"{recording.HEADER}\nformat {value}\nruleset pocket\nplayers 2\nseed 1\nstart new\n")


@pytest.mark.parametrize("text", ["", "hello\n", "format 1\n", "# wingspan-rules records\nformat 1\n", '{"schema": 2}'])
def test_garbage_is_not_a_record(text: str) -> None:
    with pytest.raises(RecordError):
        read_record(text)


def test_a_record_is_english_whatever_the_language_and_reads_back_in_any() -> None:
    game = _played("classic", 8)
    english = game.record()
    with language("es"):
        assert game.record() == english
        assert game.record(seat=0) == game.record(seat=0)
        assert read_record(english).position() == game.position()
    spanish_game, english_game = new_game("classic", 2, seed=3, lang="es"), new_game("classic", 2, seed=3)
    for _ in range(4):
        spanish_game.apply(spanish_game.legal_actions()[0])
        english_game.apply(english_game.legal_actions()[0])
    assert spanish_game.record(seat=0) == english_game.record(seat=0)  # (the table it started from, too)
    assert "| classic, 2 players, round 1 turn 1" in spanish_game.record(seat=0)
    replayed = read_record(english, lang="es")
    assert replayed.lang == "es" and replayed.position() == game.position()


def test_record_errors_are_in_the_language_asked_for() -> None:
    text = f"{recording.HEADER}\nruleset pocket\nplayers 2\nseed 1\nbogus line\nstart new\n"
    with pytest.raises(RecordError) as english:
        read_record(text)
    with pytest.raises(RecordError) as spanish:
        read_record(text, lang="es")
    assert str(english.value) == "line 5: unknown record line 'bogus line'"
    assert str(spanish.value) != str(english.value) and "bogus line" in str(spanish.value)


def test_the_show_table_is_worded_in_the_language_asked_for() -> None:
    game = _played("classic", 4)
    english = show(game)
    assert english.startswith("classic, 2 players, round 1 turn") and "feeder: " in english
    spanish = show(game, lang="es")
    assert spanish != english and "feeder: " not in spanish
    with language("es"):
        assert show(game) == spanish
    assert show(game, lang="en") == english
    assert show(new_game("classic", 2, seed=3, lang="es")).splitlines()[0] != show(new_game("classic", 2, seed=3)).splitlines()[0]
