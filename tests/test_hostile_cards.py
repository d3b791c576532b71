"""Hostile card text: large, broken or pathological input compiles or fails with a DslError
(never another exception), and the report it prints stays short.

Small inputs (about 200 KB) by default; set WINGSPAN_SOAK=1 for 1 MB inputs and more seeds.
Speed targets are measured by ``benchmarks/bench.py``, not asserted here.
"""

from __future__ import annotations

import functools
import os
import random
import re

import pytest

from wingspan_rules.cards import VOCABULARIES, compile_cards, ruleset_text
from wingspan_rules.dsl import parser
from wingspan_rules.dsl.diagnostics import KEPT, MAX_TEXT, SHOWN, DslError

SOAK = os.environ.get("WINGSPAN_SOAK") == "1"
SIZE = 1_000_000 if SOAK else 200_000
SEEDS = range(8) if SOAK else range(2)


def birds_text(ruleset: str) -> str:
    """The shipped birds of a ruleset (no goals or bonus cards, whose names would repeat)."""
    return "".join(text for name, text in ruleset_text(ruleset) if "goals" not in name and "bonus" not in name)


def repeated(ruleset: str, size: int = SIZE) -> str:
    """Shipped cards repeated under new names up to ``size`` characters: valid text."""
    source = birds_text(ruleset)
    parts: list[str] = []
    length, copy = 0, 0
    while length < size:
        part = re.sub(r'^(card|bird) "([^"]*)"', rf'\1 "\2 {copy}"', source, flags=re.M)
        parts.append(part)
        length += len(part)
        copy += 1
    return "".join(parts)


def corrupted(text: str, seed: int, edits: int) -> str:
    """Delete, replace or insert characters at random places."""
    rnd = random.Random(seed)
    chars = list(text)
    for _ in range(edits):
        i = rnd.randrange(len(chars))
        what = rnd.random()
        if what < 0.3:
            del chars[i]
        elif what < 0.7:
            chars[i] = rnd.choice('xyz{}\n:"()#+-><=0123456789 \t')
        else:
            chars.insert(i, rnd.choice("abc{}\n\"("))
    return "".join(chars)


@functools.cache
def pathological(size: int = SIZE) -> dict[str, str]:
    rnd = random.Random(7)

    def garbage_line() -> str:
        return "".join(rnd.choice('abcdefghij klm{}:"#(') for _ in range(40))

    return {
        "one long line": "bird " + "x" * size,
        "one long power": 'bird "A" {\n  power brown: ' + "draw card + " * (size // 12) + "draw card\n}\n",
        "deep parentheses": 'bird "A" {\n  power brown: ' + "(" * (size // 2) + "draw card" + ")" * (size // 2) + "\n}\n",
        "garbage lines": "\n".join(garbage_line() for _ in range(size // 41)),
        "garbage blocks": "".join(f"card {garbage_line()}\n" for _ in range(size // 46)),
        "long string": 'bird "' + "y" * size + '" {\n}\n',
        "long number": 'card "A" {\n  points: ' + "9" * size + "\n}\n",
        "block keywords": "bird\n" * (size // 5),
        "empty blocks": 'card "" {\n}\n' * (size // 13),
        "open blocks": 'card "x" {\n' * (size // 11),
        "unknown words": "".join(
            f'card "C{i}" {{\n  food: fsh\n  cost: sed\n  points: 1\n  egg_limit: 2\n  wingspan: 20\n  power brown: drow crd\n}}\n'
            for i in range(size // 90)
        ),
        "control characters": "".join(rnd.choice("\x00\x0b\x0c\r\u200b{}\n") for _ in range(size)),
    }


def check_outcome(text: str, ruleset: str) -> DslError | None:
    """Compile; only a DslError may come out, and its report must be capped."""
    try:
        compile_cards(text, "<hostile>", VOCABULARIES[ruleset])
    except DslError as err:
        assert 0 < len(err.diagnostics) <= KEPT
        assert err.total >= len(err.diagnostics)
        positions = [(d.line, d.column) for d in err.diagnostics]
        assert positions == sorted(positions)
        assert all(d.line >= 1 and d.column >= 1 for d in err.diagnostics)
        report = err.render()
        assert report == str(err)
        assert len(report.encode()) <= MAX_TEXT  # (as many problems as fit, long source lines as a window)
        shown = sum(1 for line in report.splitlines() if line.startswith("<hostile>:"))
        assert 1 <= shown <= min(SHOWN, len(err.diagnostics))
        if err.total > shown:
            hidden = err.total - shown
            assert report.splitlines()[-1] == f"... and {hidden:,} more error{'s' if hidden != 1 else ''}"
        return err
    return None


@pytest.mark.parametrize("ruleset", ["classic", "pocket"])
def test_repeated_shipped_cards_compile(ruleset: str) -> None:
    assert check_outcome(repeated(ruleset), ruleset) is None


@pytest.mark.soak
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("ruleset", ["classic", "pocket"])
def test_corrupted_cards_fail_cleanly(ruleset: str, seed: int) -> None:
    text = corrupted(repeated(ruleset), seed, edits=SIZE // 500)
    assert check_outcome(text, ruleset) is not None


@pytest.mark.soak
@pytest.mark.parametrize("name", list(pathological(100)))
@pytest.mark.parametrize("ruleset", ["classic", "pocket"] if SOAK else ["classic"])
def test_pathological_text_fails_cleanly(ruleset: str, name: str) -> None:
    check_outcome(pathological()[name], ruleset)


@pytest.mark.soak
@pytest.mark.parametrize("seed", SEEDS)
def test_parsing_runs_of_blocks_together_reports_the_same(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Blocks are parsed in runs for speed; the report must be what block-by-block reading gives."""
    text = corrupted(repeated("classic", 60_000), seed, edits=rnd_edits(seed))
    grouped = check_outcome(text, "classic")
    monkeypatch.setattr(parser, "_MAX_GROUP", 1)
    alone = check_outcome(text, "classic")
    assert (grouped is None) == (alone is None)
    if grouped is not None and alone is not None:
        assert grouped.total == alone.total
        assert [str(d) for d in grouped.diagnostics] == [str(d) for d in alone.diagnostics]


@pytest.mark.soak
@pytest.mark.parametrize("seed", SEEDS)
def test_the_lean_reader_reports_what_lark_reports(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Card text is read by ``lalr.LeanParser`` for speed; the report must be what Lark's own
    parser gives, block by block."""
    text = corrupted(repeated("classic", 60_000), seed, edits=rnd_edits(seed))
    lean = check_outcome(text, "classic")
    monkeypatch.setattr(parser, "LEAN", False)
    lark = check_outcome(text, "classic")
    assert (lean is None) == (lark is None)
    if lean is not None and lark is not None:
        assert lean.total == lark.total
        assert [str(d) for d in lean.diagnostics] == [str(d) for d in lark.diagnostics]


def rnd_edits(seed: int) -> int:
    return (3, 30, 300)[seed % 3]


def test_the_report_names_how_many_errors_it_leaves_out() -> None:
    text = "".join(f'card "C{i}" {{\n  food: fsh\n}}\n' for i in range(50))
    with pytest.raises(DslError) as caught:
        compile_cards(text)
    err = caught.value
    assert err.total == 100 and len(err.diagnostics) == 100  # per card: an unknown food, missing fields
    lines = str(err).splitlines()
    assert lines[0] == "100 errors in card text"
    # as many as fit in 1 KB (at most 20), and how many more there are
    shown = sum(1 for line in lines if re.match(r"^\S+:\d+:\d+: ", line))
    assert 1 <= shown <= 20 and lines[-1] == f"... and {100 - shown} more errors"
    assert len(str(err).encode()) <= 1024


def test_a_long_line_is_shown_in_part() -> None:
    text = 'card "A" {\n  points: 1' + " " * 5000 + "x\n}\n"
    with pytest.raises(DslError) as caught:
        compile_cards(text)
    (d,) = caught.value.diagnostics
    assert (d.line, d.column) == (2, 5012)
    shown = str(d).splitlines()
    assert shown[1].startswith("    ...") and len(shown[1]) < 220
    assert shown[1][shown[2].index("^")] == "x"  # the caret still points at the culprit


def test_a_block_of_too_many_words_is_refused_before_parsing() -> None:
    text = 'card "A" {\n  food: seed\n  power brown: ' + "draw card + " * 700 + "draw card\n}\n"
    with pytest.raises(DslError) as caught:
        compile_cards(text)
    (d,) = caught.value.diagnostics
    assert (d.line, d.column) == (1, 1)
    assert d.message == "a block may hold at most 2,000 words and symbols, not 2,112"


def test_only_the_first_diagnostics_are_kept() -> None:
    text = "card\n" * (KEPT + 100)
    with pytest.raises(DslError) as caught:
        compile_cards(text)
    err = caught.value
    assert err.total == KEPT + 100
    assert len(err.diagnostics) == KEPT
    assert err.diagnostics[-1].line == KEPT  # the first ones by position
