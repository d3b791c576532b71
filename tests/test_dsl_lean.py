"""The lean reader of card text (``wingspan_rules.dsl.lalr.LeanParser``) against Lark's own
parser: the same trees, token for token and position for position, and the same syntax
problems in the same order, with recovery from errors and without, on the shipped card files
and on broken text made from them.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from lark import Lark, Token, Tree

from wingspan_rules.cards import RULESETS_WITH_CARDS, ruleset_text
from wingspan_rules.dsl import parser
from wingspan_rules.dsl.lalr import LeanParser, Reading, Unsupported


def lark_parser() -> Lark:
    return parser._lark()


def lean_parser() -> LeanParser:
    lean = parser._lean_of(lark_parser())
    assert lean is not None
    return lean


def assert_same_tree(lean: Any, lark: Any, offset: int = 0, path: str = "") -> None:
    """Lark's tree, with offsets (``start_pos``, ``end_pos``) counted ``offset`` further on."""
    if isinstance(lark, Tree):
        assert isinstance(lean, Tree), path
        assert lean.data == lark.data, path
        assert lean.meta.empty == lark.meta.empty, path
        if not lark.meta.empty:
            for key in ("line", "column", "end_line", "end_column"):
                assert getattr(lean.meta, key) == getattr(lark.meta, key), (path, key)
            for key in ("start_pos", "end_pos"):
                assert getattr(lean.meta, key) == _moved(getattr(lark.meta, key), offset), (path, key)
        assert len(lean.children) == len(lark.children), path
        for i, (a, b) in enumerate(zip(lean.children, lark.children, strict=True)):
            assert_same_tree(a, b, offset, f"{path}/{lark.data}[{i}]")
    else:
        assert isinstance(lark, Token) and isinstance(lean, Token), path
        assert (lean.type, lean.value, lean.line, lean.column, lean.end_line, lean.end_column) == (
            lark.type, lark.value, lark.line, lark.column, lark.end_line, lark.end_column), path
        assert (lean.start_pos, lean.end_pos) == (_moved(lark.start_pos, offset), _moved(lark.end_pos, offset)), path


def _moved(pos: int | None, offset: int) -> int | None:
    return None if pos is None else pos + offset


def assert_same_reading(text: str, first_line: int, recover: bool) -> Reading:
    lean = lean_parser().read(text, first_line, recover)
    lark = parser._read_with_lark(lark_parser(), text, first_line, recover)
    assert lean.problems == lark.problems
    assert (lean.tree is None) == (lark.tree is None)
    if lark.tree is not None:
        assert_same_tree(lean.tree, lark.tree)
    return lean


def shipped_chunks() -> list[tuple[int, str]]:
    return [(line, chunk) for r in RULESETS_WITH_CARDS for _, text in ruleset_text(r) for line, chunk, _ in parser._chunks(text)]


def test_the_shipped_cards_read_as_lark_reads_them() -> None:
    chunks = shipped_chunks()
    assert len(chunks) > 400
    for line, chunk in chunks:
        reading = assert_same_reading(chunk, line, recover=True)
        assert reading.problems == () and reading.tree is not None
    for r in RULESETS_WITH_CARDS:  # whole files, in one reading
        for _, text in ruleset_text(r):
            assert_same_tree(lean_parser().read(text).tree, lark_parser().parse(text))


# ---- broken text ------------------------------------------------------------------------------
_WORDS = sorted(set(parser.keywords().values())) + [
    "(", ")", "+", "->", "/", ":", ",", "{", "}", "\n", "1", "-2", '"x"', "<=", "=", "..", "#c\n", "Q", "\r", "\t", "seed", "forest", "\u00e9",
]
_PIECES = re.compile(r'"[^"\n]*"|\n|[^\S\n]+|[a-z_]+|-?\d+|->|<=|>=|\.\.|.')


def broken(chunk: str, rnd: random.Random) -> str:
    """A chunk with a few of its words and symbols dropped, doubled, swapped or new ones put in,
    or a few characters changed."""
    if rnd.random() < 0.3:
        chars = list(chunk)
        for _ in range(rnd.randrange(1, 4)):
            chars[rnd.randrange(len(chars))] = rnd.choice('xyz{}\n:"()#+-><=0123456789 \t\r\x00')
        return "".join(chars)
    pieces = _PIECES.findall(chunk)
    for _ in range(rnd.randrange(1, 5)):
        i = rnd.randrange(len(pieces))
        what = rnd.random()
        if what < 0.3:
            del pieces[i]
        elif what < 0.5:
            pieces.insert(i, pieces[i])
        elif what < 0.8:
            pieces.insert(i, rnd.choice(_WORDS) + rnd.choice(["", " "]))
        else:
            j = rnd.randrange(len(pieces))
            pieces[i], pieces[j] = pieces[j], pieces[i]
    return "".join(pieces)


@pytest.mark.parametrize("seed", range(4))
def test_broken_cards_give_lark_s_problems_and_trees(seed: int) -> None:
    rnd = random.Random(seed)
    chunks = shipped_chunks()
    problems = 0
    for _ in range(300):
        line, chunk = rnd.choice(chunks)
        text = broken(chunk, rnd)
        for recover in (True, False):
            problems += len(assert_same_reading(text, line, recover).problems)
    assert problems > 300  # (most of the text is broken)


@pytest.mark.parametrize(
    "text",
    [
        "",
        "\n\n",
        "# only a comment",
        "bird",
        'bird "A" {',
        'bird "A" {\n  power brown: draw card +\n}\n',
        'bird "A" {\n  power brown: (((draw card\n}\n',
        'card "A" {\n  power brown: drow crd + lay egg -> draw 2 card ++\n  points: x\n}\n',
        "}\n}\n{",
        'bird "A" {\r\n  points: 1\r\n}\r\n',
        'bird "A" {\n  points: 1\r  \n}\n',
        "\x00\x0b\x0c\u200b{}\n" * 5,
        'bird "A" {\n  power brown: draw card # then\n  # a comment\n}\n',
        'bonus "B" {\n  counts: birds with bowl nest\n  scores: 1..2 = 3, 4+ = 5\n}\n',
        'goal "G" {\n  side "S": eggs on birds costing seed\n}\n',
    ],
)
def test_odd_text_gives_lark_s_problems_and_trees(text: str) -> None:
    for first_line in (1, 40):
        for recover in (True, False):
            assert_same_reading(text, first_line, recover)


def test_a_parser_configured_otherwise_is_left_to_lark() -> None:
    """The lean reader stands in for Lark only where it reproduces it exactly."""
    text = parser.grammar_text()
    for options in ({"propagate_positions": False}, {"lexer": "basic"}, {"maybe_placeholders": True}):
        settings: dict[str, Any] = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False, "postlex": parser._Words()} | options
        if settings.get("lexer") == "basic":
            del settings["postlex"]
        with pytest.raises(Unsupported):
            LeanParser(Lark(text, **settings))
    assert parser._lean_of(Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=False)) is None  # (no post-lexer)
    folded = text + '\n%extend _phrase: shout\nshout: "shout"i\n'  # (a keyword in any case: Lark's lexer folds it)
    assert parser._lean_of(Lark(folded, parser="lalr", propagate_positions=True, maybe_placeholders=False, postlex=parser._Words())) is None


def test_a_grammar_grown_by_a_family_is_read_lean() -> None:
    """A family from outside adds its rule to the grammar; the lean reader reads the new rule as
    Lark does."""
    text = parser.grammar_text() + '\n%extend _phrase: preen\npreen: "preen" INT? "feathers"\n'
    lark = Lark(text, parser="lalr", propagate_positions=True, maybe_placeholders=False, postlex=parser._Words())
    lean = parser._lean_of(lark)
    assert lean is not None
    card = 'card "A" {\n  power brown: preen 3 feathers + preen feathers\n}\n'
    assert_same_tree(lean.read(card).tree, lark.parse(card))
