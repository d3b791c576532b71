"""``wingspan-rules cards format`` and ``dsl.format.format_text``: card files in the canonical
layout, every comment kept.

The properties, over the shipped files and edited copies of them: formatting is idempotent,
the formatted text compiles to the very deck the text compiled to, and it holds every comment
of the text (in order, where the fields were already in order)."""

from __future__ import annotations

import io
import os
import random
import re
import stat
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wingspan_rules.cards import VOCABULARIES, CardSet, card_files, compile_sources
from wingspan_rules.cli import main
from wingspan_rules.dsl import format as fmt
from wingspan_rules.dsl import render
from wingspan_rules.dsl.diagnostics import DslError
from wingspan_rules.dsl.format import FormatError, comments, format_text
from wingspan_rules.dsl.vocabulary import CLASSIC, POCKET, Vocabulary

SHIPPED = [(ruleset, path) for ruleset in ("pocket", "classic", "oceania") for path in card_files(ruleset)]


def _id(item: tuple[str, Path]) -> str:
    return f"{item[0]}/{item[1].name}"


def deck(text: str, vocabulary: Vocabulary) -> CardSet:
    return compile_sources([("<text>", text)], vocabulary)


def same_deck(a: CardSet, b: CardSet) -> bool:
    return (a.cards, a.goals, a.bonuses) == (b.cards, b.goals, b.bonuses)


# ---- the shipped files -------------------------------------------------------------------


@pytest.mark.parametrize("shipped", SHIPPED, ids=_id)
def test_every_shipped_card_file_is_formatted(shipped: tuple[str, Path]) -> None:
    ruleset, path = shipped
    text = path.read_text(encoding="utf-8")
    assert format_text(text, VOCABULARIES[ruleset], str(path)) == text, f"run: wingspan-rules cards format --ruleset {ruleset} {path}"


def test_the_shipped_folders_pass_the_check(capsys: pytest.CaptureFixture[str]) -> None:
    for ruleset in ("pocket", "classic", "oceania"):
        folder = card_files(ruleset)[0].parent
        assert main(["cards", "format", "--check", "--ruleset", ruleset, str(folder)]) == 0
        assert capsys.readouterr().err.strip() == f"{len(card_files(ruleset))} files would be left unchanged"


# ---- the layout --------------------------------------------------------------------------

MESSY = """


# top comment



# second top
card "No. #1 Dove" {   # head comment
  # about the power
  power brown:   lay  egg   # trailing power
\twingspan: 46
  cost: seed seed any # cost
  food: seed

  points: 1
  egg_limit: 5
    # before close
}   # after close
# between, no blank
card "B" {
  food: fish
  cost: fish
  points: 1
  egg_limit: 2
  wingspan: 50
} card "C" { # shared line
  food: fish
  cost: fish
  points: 1
  egg_limit: 2
  wingspan: 51
}
goal "G" {
  side "a # b": eggs on birds   costing fish # s1
  side "c": eggs on birds # s2
}


# the end
"""

TIDY = """# top comment


# second top
card "No. #1 Dove" {  # head comment
  food: seed
  cost: 2 seed any  # cost
  points: 1
  egg_limit: 5
  wingspan: 46
  # about the power
  power brown: lay egg  # trailing power
  # before close
}  # after close

# between, no blank
card "B" {
  food: fish
  cost: fish
  points: 1
  egg_limit: 2
  wingspan: 50
}

card "C" {  # shared line
  food: fish
  cost: fish
  points: 1
  egg_limit: 2
  wingspan: 51
}

goal "G" {
  side "a # b": eggs on birds costing fish  # s1
  side "c": eggs on birds  # s2
}


# the end
"""


def test_the_canonical_layout_keeps_each_comment_where_it_was() -> None:
    assert format_text(MESSY, POCKET) == TIDY
    assert format_text(TIDY, POCKET) == TIDY
    assert same_deck(deck(MESSY, POCKET), deck(TIDY, POCKET))


def test_line_breaks_are_kept() -> None:
    crlf = MESSY.replace("\n", "\r\n")
    assert format_text(crlf, POCKET) == TIDY.replace("\n", "\r\n")
    assert format_text(TIDY.replace("\n", "\r\n"), POCKET) == TIDY.replace("\n", "\r\n")


def test_the_end_of_the_file() -> None:
    card = 'card "B" {\n  food: fish\n  cost: fish\n  points: 1\n  egg_limit: 2\n  wingspan: 50\n}'
    assert format_text(card, POCKET) == card + "\n"  # one line break ends the file
    assert format_text(card + "\n\n\n", POCKET) == card + "\n"
    assert format_text("\n\n" + card + "\n# last\n\n", POCKET) == card + "\n\n# last\n"
    assert format_text("", POCKET) == ""
    assert format_text("\n \n\t\n", POCKET) == ""
    assert format_text("\n# only\n\n\n\n#  comments   \n\n", POCKET) == "# only\n\n\n#  comments\n"


def test_blank_lines_between_blocks() -> None:
    one = 'card "A" {\n  food: fish\n  cost: fish\n  points: 1\n  egg_limit: 2\n  wingspan: 50\n}\n'
    two = one.replace('"A"', '"B"')
    assert format_text(one + two, POCKET) == one + "\n" + two  # at least one
    assert format_text(one + "\n\n" + two, POCKET) == one + "\n\n" + two  # two: a break between groups
    assert format_text(one + "\n\n\n\n" + two, POCKET) == one + "\n\n" + two  # at most two
    assert format_text(one + "\n\n# group\n\n\n" + two, POCKET) == one + "\n\n# group\n\n\n" + two
    # none inside a block
    assert format_text(one.replace("\n  ", "\n\n\n  "), POCKET) == one


def test_a_field_the_canonical_text_leaves_out_keeps_its_comment() -> None:
    classic = """bird "X" {
  habitats: wetland forest
  cost: fish
  points: 1
  nest: bowl
  egg_limit: 2
  wingspan: 50
  swift_start: no  # not a swift-start card
  beak: left
}
"""
    assert format_text(classic, CLASSIC) == """bird "X" {
  habitats: forest wetland
  cost: fish
  points: 1
  nest: bowl
  egg_limit: 2
  wingspan: 50
  # not a swift-start card
  beak: left
}
"""


def test_bonus_cards_and_revised_ones() -> None:
    text = """bonus "Counter"   {  # head
  counts:   birds with flocking power
  scores: 2   each # each
}
revised bonus "Old" {
  # what it counts
  counts: birds named red except barred
  scores: 2..3 = 3,4+=7
}
"""
    assert format_text(text, CLASSIC) == """bonus "Counter" {  # head
  counts: birds with flocking power
  scores: 2 each  # each
}

revised bonus "Old" {
  # what it counts
  counts: birds named red except barred
  scores: 2..3 = 3, 4+ = 7
}
"""


def test_text_that_does_not_compile_raises_what_lint_reports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = 'card "X" {\n  food: fsh\n  cost: fish\n  points: 99\n  egg_limit: 2\n  wingspan: 50\n  power brown: drow card\n}\n'
    with pytest.raises(DslError) as raised:
        format_text(bad, POCKET, "bad.wsp")
    with pytest.raises(DslError) as linted:
        compile_sources([("bad.wsp", bad)], POCKET)
    assert raised.value.render() == linted.value.render()
    assert [d.message for d in raised.value.diagnostics] == [d.message for d in linted.value.diagnostics]
    assert len(raised.value.diagnostics) == 2  # (the range is checked once the block reads)
    path = tmp_path / "bad.wsp"
    path.write_text(bad, encoding="utf-8")
    assert main(["cards", "lint", str(path)]) == 2
    lint_says = capsys.readouterr().err
    assert main(["cards", "format", str(path)]) == 2
    format_says = capsys.readouterr().err
    assert format_says.startswith(lint_says)
    assert format_says.endswith("1 file with errors left as it was\n")
    assert path.read_text(encoding="utf-8") == bad


def test_a_renderer_fault_is_caught_before_anything_is_written(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    text = TIDY
    real = render.card_dsl

    def losing_points(card: object) -> str:
        return real(card).replace("points: 1", "points: 2")  # type: ignore[arg-type]

    monkeypatch.setattr(render, "card_dsl", losing_points)
    with pytest.raises(FormatError, match="would change card 'No. #1 Dove'"):
        format_text(text, POCKET, "t.wsp")
    path = tmp_path / "t.wsp"
    path.write_text(MESSY, encoding="utf-8")
    assert main(["cards", "format", str(path)]) == 2
    assert "the canonical text would change card 'No. #1 Dove'; the file is left as it was" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == MESSY
    monkeypatch.setattr(render, "card_dsl", lambda card: real(card).replace("power brown", "power brwn"))
    with pytest.raises(FormatError, match="would not compile"):
        format_text(text, POCKET, "t.wsp")
    monkeypatch.setattr(fmt, "_with", lambda line, comment: line)  # comments dropped
    monkeypatch.setattr(render, "card_dsl", real)
    with pytest.raises(FormatError, match="lose a comment"):
        format_text(text, POCKET, "t.wsp")


def test_comments_are_read_outside_names() -> None:
    assert comments('card "a # b" {  # c "d"\n  # e\n}\n') == ['# c "d"', "# e"]
    assert comments("x\r\n# y  \r\n") == ["# y"]


# ---- properties over edited copies of the shipped files ----------------------------------

_HEAD = re.compile(r'^(card|bird|goal|bonus|revised bonus) "')


def _blocks_of(lines: list[str]) -> list[tuple[int, int]]:
    """(first, last) 0-based lines of each block of a formatted file."""
    found = []
    start = None
    for number, line in enumerate(lines):
        if _HEAD.match(line):
            start = number
        elif line.startswith("}") and start is not None:
            found.append((start, number))
            start = None
    return found


def _shuffled_fields(lines: list[str], rng: random.Random) -> list[str]:
    """Each card or bird block's fields in a random order (a goal's sides keep theirs: their
    order is the card's; a bonus card's two fields have theirs by the grammar)."""
    out = list(lines)
    for first, last in _blocks_of(lines):
        if lines[first].startswith(("card", "bird")):
            fields = out[first + 1 : last]
            rng.shuffle(fields)
            out[first + 1 : last] = fields
    return out


_COST = re.compile(r"^(\s*cost:\s*)([^/#]*?)(\s*(#.*)?)$")


def _respelt_cost(line: str, rng: random.Random) -> str:
    """A cost's items in another order, some counts spelt out ('2 seed' as 'seed seed')."""
    match = _COST.match(line)
    if match is None or "/" in line:
        return line
    items = re.findall(r"(?:\d+ )?[a-z]+", match.group(2))
    spelt = []
    for item in items:
        count, _, word = item.rpartition(" ")
        if count and int(count) <= 3 and rng.random() < 0.5:
            spelt += [word] * int(count)
        else:
            spelt.append(item)
    rng.shuffle(spelt)
    return match.group(1) + " ".join(spelt) + match.group(3)


def _spaced(line: str, rng: random.Random) -> str:
    """More blanks between words (never inside a name or a comment), and around the line."""
    parts = re.split(r'("[^"\n]*"|#.*)', line)
    for i in range(0, len(parts), 2):  # (the parts outside names and comments)
        parts[i] = re.sub(" ", lambda _: rng.choice([" ", "  ", "\t", " \t "]), parts[i])
    return rng.choice(["", " ", "\t"]) + "".join(parts) + rng.choice(["", " ", "\t "])


def _in_parentheses(line: str, rng: random.Random) -> str:
    match = re.match(r"^(\s*power [a-z]+:)(.*)$", line)
    if match is None or rng.random() < 0.5:
        return line
    return f"{match.group(1)} ({match.group(2).strip()})"


def edited(text: str, rng: random.Random, comment: bool) -> tuple[str, bool]:
    """A copy of a formatted file that means the same: fields shuffled, costs respelt, powers
    in parentheses, blanks added, blank lines inside blocks and, with ``comment``, comments
    and blank lines anywhere.  Also whether the fields were moved."""
    lines = text.rstrip("\n").split("\n")
    shuffle = rng.random() < 0.5
    if shuffle:
        lines = _shuffled_fields(lines, rng)
    inside = {n for first, last in _blocks_of(lines) for n in range(first + 1, last)}
    out: list[str] = []
    for number, line in enumerate(lines):
        line = _in_parentheses(_respelt_cost(line, rng), rng)
        if rng.random() < 0.3:
            line = _spaced(line, rng)
        if number in inside and rng.random() < 0.1:
            out.append(rng.choice(["", "  ", "\t"]))  # a blank line inside a block
        if comment and rng.random() < 0.15:
            out.append(rng.choice(["", "   ", "\t"]) + f"# own line {number} \"quoted\" # again")
        if comment and rng.random() < 0.1:
            out.append("")
        if comment and rng.random() < 0.2 and "#" not in line.split('"')[-1]:
            line += rng.choice([" ", "  ", "\t", ""]) + f"#trailing {number}  "
        out.append(line)
    if comment and rng.random() < 0.3:
        out += ["", "# at the end"]
    result = "\n".join(out) + rng.choice(["\n", "", "\n\n"])
    if rng.random() < 0.2:
        result = result.replace("\n", "\r\n")
    return result, shuffle


def _excerpt(ruleset: str, path: Path, rng: random.Random) -> str:
    """A few blocks of a shipped file, in the canonical layout."""
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    blocks = _blocks_of(lines)
    if len(blocks) <= 4:
        return text
    start = rng.randrange(len(blocks) - 3)
    first = 0 if start == 0 else blocks[start][0]
    return format_text("\n".join(lines[first : blocks[start + rng.randrange(1, 4)][1] + 1]) + "\n", VOCABULARIES[ruleset])


def check_properties(original: str, variant: str, shuffled: bool, vocabulary: Vocabulary, comment: bool) -> None:
    formatted = format_text(variant, vocabulary, "variant.wsp")
    assert format_text(formatted, vocabulary, "variant.wsp") == formatted  # idempotent
    assert same_deck(deck(formatted, vocabulary), deck(original, vocabulary))  # the same deck
    if shuffled:
        assert sorted(comments(formatted)) == sorted(comments(variant))
    else:
        assert comments(formatted) == comments(variant)  # every comment, in order
    if not comment:  # only blanks, order and spelling changed: the very original comes back
        newline = "\r\n" if "\r\n" in variant else "\n"
        assert formatted == original.replace("\n", newline)


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(SHIPPED), st.randoms(use_true_random=False), st.booleans())
def test_formatting_edited_copies_of_shipped_blocks(shipped: tuple[str, Path], rng: random.Random, comment: bool) -> None:
    ruleset, path = shipped
    vocabulary = VOCABULARIES[ruleset]
    original = _excerpt(ruleset, path, rng)
    variant, shuffled = edited(original, rng, comment)
    assert same_deck(deck(variant, vocabulary), deck(original, vocabulary))  # (the edits keep the meaning)
    check_properties(original, variant, shuffled, vocabulary, comment)


@pytest.mark.parametrize("shipped", SHIPPED, ids=_id)
def test_formatting_edited_copies_of_whole_shipped_files(shipped: tuple[str, Path]) -> None:
    ruleset, path = shipped
    vocabulary = VOCABULARIES[ruleset]
    original = path.read_text(encoding="utf-8")
    for seed, comment in ((1, False), (2, True)):
        variant, shuffled = edited(original, random.Random(f"{path.name} {seed}"), comment)
        check_properties(original, variant, shuffled, vocabulary, comment)


# ---- the command -------------------------------------------------------------------------

ONE = 'card "A" {\n  food: fish\n  cost: fish\n  points: 1\n  egg_limit: 2\n  wingspan: 50\n}\n'
ONE_MESSY = 'card "A" {  # a\n  wingspan:  50\n  food: fish\n  cost: fish\n  points: 1\n  egg_limit: 2\n}'
ONE_MESSY_FORMATTED = 'card "A" {  # a\n  food: fish\n  cost: fish\n  points: 1\n  egg_limit: 2\n  wingspan: 50\n}\n'


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["cards", "format", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_format_rewrites_files_and_says_which(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    messy, tidy = tmp_path / "messy.wsp", tmp_path / "tidy.wsp"
    messy.write_text(ONE_MESSY, encoding="utf-8")
    tidy.write_text(ONE.replace('"A"', '"B"'), encoding="utf-8")
    messy.chmod(0o640)
    code, out, err = run(capsys, str(messy), str(tidy))
    assert (code, out) == (0, "")
    assert err == f"reformatted {messy}\n1 file reformatted, 1 file left unchanged\n"
    assert messy.read_text(encoding="utf-8") == ONE_MESSY_FORMATTED
    assert stat.S_IMODE(messy.stat().st_mode) == 0o640  # the file's permissions are kept
    assert sorted(p.name for p in tmp_path.iterdir()) == ["messy.wsp", "tidy.wsp"]  # no file left behind
    assert run(capsys, str(tmp_path)) == (0, "", "2 files left unchanged\n")


def test_check_writes_nothing_and_exits_1_when_a_file_would_change(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    messy, tidy = tmp_path / "messy.wsp", tmp_path / "tidy.wsp"
    messy.write_text(ONE_MESSY, encoding="utf-8")
    tidy.write_text(ONE.replace('"A"', '"B"'), encoding="utf-8")
    assert run(capsys, "--check", str(tmp_path)) == (1, "", f"would reformat {messy}\n1 file would be reformatted, 1 file would be left unchanged\n")
    assert messy.read_text(encoding="utf-8") == ONE_MESSY
    assert run(capsys, "--check", str(tidy)) == (0, "", "1 file would be left unchanged\n")


def test_diff_prints_a_unified_diff_and_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    messy = tmp_path / "messy.wsp"
    messy.write_text(ONE_MESSY, encoding="utf-8")
    code, out, err = run(capsys, "--diff", str(messy))
    assert code == 0 and err == f"would reformat {messy}\n1 file would be reformatted\n"
    assert out.startswith(f"--- {messy}\n+++ {messy}\n@@ ")
    assert "-  wingspan:  50\n" in out and "+  wingspan: 50\n" in out and "\\ No newline at end of file\n" in out
    assert messy.read_text(encoding="utf-8") == ONE_MESSY
    assert run(capsys, "--diff", "--check", str(messy))[0] == 1


def test_files_keep_their_line_breaks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "crlf.wsp"
    path.write_bytes(ONE_MESSY.replace("\n", "\r\n").encode("utf-8"))
    assert run(capsys, str(path))[0] == 0
    assert path.read_bytes() == ONE_MESSY_FORMATTED.replace("\n", "\r\n").encode("utf-8")
    assert run(capsys, "--check", str(path))[0] == 0


def test_names_are_read_and_written_as_utf8(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "kea.wsp"
    path.write_bytes(ONE_MESSY.replace('"A"', '"Kererū ☼"').encode("utf-8"))
    assert run(capsys, str(path))[0] == 0
    assert path.read_bytes() == ONE_MESSY_FORMATTED.replace('"A"', '"Kererū ☼"').encode("utf-8")
    (tmp_path / "latin1.wsp").write_bytes('card "Pipit à gorge" {\n}\n'.encode("latin-1"))
    code, _, err = run(capsys, str(tmp_path / "latin1.wsp"))
    assert code == 2 and "is not a UTF-8 text file" in err


def test_a_link_stays_a_link(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    real = tmp_path / "real.wsp"
    real.write_text(ONE_MESSY, encoding="utf-8")
    link = tmp_path / "link.wsp"
    link.symlink_to(real)
    assert run(capsys, str(link))[0] == 0
    assert link.is_symlink() and real.read_text(encoding="utf-8") == ONE_MESSY_FORMATTED


def test_standard_input_to_standard_output(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(ONE_MESSY.encode("utf-8"))))
    assert run(capsys, "-") == (0, ONE_MESSY_FORMATTED, "reformatted <stdin>\n1 file reformatted\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(ONE.encode("utf-8"))))
    assert run(capsys, "-", "--check") == (0, "", "1 file would be left unchanged\n")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'card "A" {\n  food: fsh\n}\n')))
    code, out, err = run(capsys, "-")
    assert code == 2 and out == "" and "<stdin>:2:9: error: unknown food 'fsh'" in err
    assert "'-' (standard input) may be given once" in run(capsys, "-", "-")[2]


def test_the_ruleset_is_told_as_lint_tells_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    goals = tmp_path / "goals.wsp"
    goals.write_text('goal "Forest" {\n  side "Birds":   birds in forest\n  side "Eggs": eggs in forest\n}\n', encoding="utf-8")
    assert run(capsys, str(goals))[0] == 2  # alone, a file without bird blocks is read as Pocket's
    assert run(capsys, "--ruleset", "classic", str(goals))[0] == 0
    assert goals.read_text(encoding="utf-8") == 'goal "Forest" {\n  side "Birds": birds in forest\n  side "Eggs": eggs in forest\n}\n'
    bird = tmp_path / "bird.wsp"
    bird.write_text('bird "X" {\n  habitats: forest\n  cost: fish\n  points: 1\n  nest: bowl\n  egg_limit: 2\n  wingspan: 50\n}\n', encoding="utf-8")
    assert run(capsys, str(bird), str(goals)) == (0, "", "2 files left unchanged\n")  # told by the bird block
    assert "unknown ruleset 'chess'" in run(capsys, "--ruleset", "chess", str(goals))[2]


def test_bad_paths_are_bad_input(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, str(tmp_path))
    assert code == 2 and "holds no .wsp card files" in err
    code, _, err = run(capsys, str(tmp_path / "nope.wsp"))
    assert code == 2 and "No such file" in err


def test_a_file_that_cannot_be_written_is_reported(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "a.wsp"
    path.write_text(ONE_MESSY, encoding="utf-8")

    def refused(source: object, target: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "replace", refused)
    code, _, err = run(capsys, str(path))
    assert code == 2 and f"cannot write {path}: Permission denied" in err
    assert path.read_text(encoding="utf-8") == ONE_MESSY
    assert [p.name for p in tmp_path.iterdir()] == ["a.wsp"]  # the new file beside it is gone


def test_help_shows_the_defaults(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["cards", "format", "--help"]) == 0
    text = capsys.readouterr().out
    for words in ("--check", "--diff", "--ruleset", "default: rewrite", "default: told by the blocks used", "standard input"):
        assert words in re.sub(r"\s+", " ", text)
