"""The card language's parser from analysed tables (``wingspan_rules.dsl.parser``): tables
written by ``write_tables`` and loaded again read every shipped card file, and broken text, to
the very trees, positions and problems of a parser Lark has just built; tables that are damaged,
of another key or another Lark version are passed over and the parser is built; a grammar grown
by a family never takes the shipped tables; tables kept in the user's cache serve the next
process; and an installed package (not a checkout) reads the tables shipped in its wheel.
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput
from test_dsl_lean import broken

import wingspan_rules
from wingspan_rules import deckcache
from wingspan_rules.cards import RULESETS_WITH_CARDS, VOCABULARIES, card_files, compile_sources, ruleset_text
from wingspan_rules.dsl import parser
from wingspan_rules.dsl.diagnostics import DslError
from wingspan_rules.dsl.lalr import LeanParser

GROWN = '\n%extend _phrase: preen\npreen: "preen" INT? "feathers"\n'  # a family's rule, as one from outside adds it


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """The tables file ``write_tables`` writes for the grammar file."""
    path = tmp_path_factory.mktemp("tables") / "wingspan.lark.tables"
    parser.write_tables(path)
    return path.read_bytes()


@pytest.fixture(scope="module")
def loaded(tables: bytes) -> Lark:
    found = parser._loaded(deckcache.entry_value(tables, parser.tables_key(parser._grammar_file())))
    assert found is not None
    return found


@pytest.fixture(scope="module")
def fresh() -> Lark:
    return parser._analysed(parser._grammar_file())


def shape(node: Any) -> Any:
    """A parse tree as nested tuples, with every position in it (Lark's trees compare without them)."""
    if isinstance(node, Tree):
        meta = node.meta
        where = None if meta.empty else (meta.line, meta.column, meta.end_line, meta.end_column, meta.start_pos, meta.end_pos)
        return (node.data, where, tuple(shape(child) for child in node.children))
    assert isinstance(node, Token)
    return (node.type, node.value, node.line, node.column, node.end_line, node.end_column, node.start_pos, node.end_pos)


def lark_outcome(lark: Lark, text: str) -> Any:
    """What Lark's own parser makes of ``text``: the tree, or where and how it stopped."""
    try:
        return shape(lark.parse(text))
    except UnexpectedInput as err:
        return (type(err).__name__, err.line, err.column, str(getattr(err, "token", "")), sorted(getattr(err, "expected", None) or ()))


def reading(lark: Lark, text: str, lean: bool, recover: bool = True) -> Any:
    """The reading of ``text`` by the card reader on ``lark``: lean, or with Lark's loop."""
    if lean:
        lean_parser = parser._lean_of(lark)
        assert lean_parser is not None
        found = lean_parser.read(text, 3, recover)
    else:
        found = parser._read_with_lark(lark, text, 3, recover)
    return (None if found.tree is None else shape(found.tree), found.problems)


def shipped_files() -> list[Path]:
    files = [path for r in RULESETS_WITH_CARDS for path in card_files(r)]
    assert len(files) >= 10
    return files


BROKEN = [
    "",
    "bird",
    'bird "A" {',
    'bird "A" {\n  power brown: drow crd + lay egg -> draw 2 card ++\n  points: x\n}\n',
    'card "A" {\n  power brown: (((draw card\n}\n',
    "}\n}\n{",
    "\x00\x0b\u200b{}\n",
    'bonus "B" {\n  counts: birds with bowl nest\n  scores: 1..2 = 3, 4+ = 5\n}\n',
]


# ---- written, loaded: the same parser ---------------------------------------------------------


def test_loaded_tables_read_every_shipped_file_as_a_freshly_built_parser(loaded: Lark, fresh: Lark) -> None:
    for path in shipped_files():
        text = path.read_text(encoding="utf-8")
        assert lark_outcome(loaded, text) == lark_outcome(fresh, text), path.name
        for lean in (True, False):
            assert reading(loaded, text, lean) == reading(fresh, text, lean), path.name
        for _, chunk, _ in parser._chunks(text):
            assert reading(loaded, chunk, True) == reading(fresh, chunk, True), path.name


def test_loaded_tables_read_broken_text_as_a_freshly_built_parser(loaded: Lark, fresh: Lark) -> None:
    rnd = random.Random(7)
    chunks = [chunk for path in shipped_files() for _, chunk, _ in parser._chunks(path.read_text(encoding="utf-8"))]
    texts = BROKEN + [broken(rnd.choice(chunks), rnd) for _ in range(150)]
    problems = 0
    for text in texts:
        assert lark_outcome(loaded, text) == lark_outcome(fresh, text), text
        for lean in (True, False):
            for recover in (True, False):
                found = reading(loaded, text, lean, recover)
                assert found == reading(fresh, text, lean, recover), text
                problems += len(found[1])
    assert problems > 100  # (the texts are broken)


def test_the_lean_reader_reads_the_loaded_tables(loaded: Lark) -> None:
    """``LeanParser`` finds in a loaded Lark what it reads off a built one."""
    assert isinstance(parser._lean_of(loaded), LeanParser)


@pytest.mark.parametrize("ruleset", RULESETS_WITH_CARDS)
def test_decks_and_diagnostics_are_the_same_from_loaded_tables(ruleset: str, loaded: Lark, fresh: Lark, monkeypatch: pytest.MonkeyPatch) -> None:
    sources = ruleset_text(ruleset)
    bad = [(name, text.replace("power", "powr", 3).replace("cost:", "cost", 2)) for name, text in sources]
    outcomes = []
    for lark in (loaded, fresh):
        monkeypatch.setattr(parser, "_lark", lambda lark=lark: lark)
        deck = compile_sources(sources, VOCABULARIES[ruleset])
        with pytest.raises(DslError) as failed:
            compile_sources(bad, VOCABULARIES[ruleset])
        outcomes.append((deck, [c.dsl for c in deck.cards], failed.value.diagnostics))
    assert outcomes[0] == outcomes[1]


# ---- tables not to be used --------------------------------------------------------------------


def built_from(monkeypatch: pytest.MonkeyPatch, shipped: bytes, text: str | None = None) -> str:
    """Where the parser of ``text`` (the grammar file) comes from when the package ships
    ``shipped`` as its tables file (the parser made anew, past the cache of parsers)."""
    monkeypatch.setattr(parser, "_shipped_tables", lambda: shipped)
    lark = parser._built.__wrapped__(parser._grammar_file() if text is None else text)
    assert isinstance(lark, Lark)
    return parser._ORIGINS[lark]


def test_the_shipped_tables_are_used_for_the_grammar_file(tables: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    assert built_from(monkeypatch, tables) == "shipped"


@pytest.mark.parametrize(
    "damage",
    [
        lambda data: b"",  # no file (a checkout)
        lambda data: data[: len(data) // 2],  # cut short
        lambda data: data[:-1] + bytes([data[-1] ^ 1]),  # one bit of the tables
        lambda data: b"garbage\n" * 10,
        lambda data: data.replace(b"deck cache 1", b"deck cache 0", 1),  # another layout of the file
    ],
)
def test_damaged_tables_are_passed_over(damage: Any, tables: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    assert built_from(monkeypatch, damage(tables)) == "built"


def test_tables_of_another_key_are_passed_over(tables: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    text = parser._grammar_file()
    payload = deckcache.entry_value(tables, parser.tables_key(text))
    assert built_from(monkeypatch, deckcache.entry_bytes(parser.tables_key(text + "\n"), payload)) == "built"
    assert built_from(monkeypatch, deckcache.entry_bytes("0" * 64, payload)) == "built"


def test_tables_of_another_lark_version_are_passed_over(tables: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables written under another Lark's version (its key) are not this Lark's."""
    key = parser.tables_key(parser._grammar_file())
    monkeypatch.setattr(parser, "LARK_VERSION", "0.0.1")
    assert parser.tables_key(parser._grammar_file()) != key
    assert built_from(monkeypatch, tables) == "built"


@pytest.mark.parametrize("payload", [{"not": "tables"}, {"data": {}, "memo": {}}, ["data", "memo"], None])
def test_tables_under_the_right_key_that_do_not_load_are_passed_over(payload: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    key = parser.tables_key(parser._grammar_file())
    assert built_from(monkeypatch, deckcache.entry_bytes(key, payload)) == "built"


def test_a_grammar_grown_by_a_family_never_takes_the_shipped_tables(tables: bytes, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the grammar file has shipped tables: a family registered from outside grows the
    grammar, whose parser is built; tables shipped even under the grown grammar's own key are
    not read."""
    monkeypatch.setattr(parser, "FAMILIES", [*parser.FAMILIES, SimpleNamespace(grammar=GROWN.strip())])
    grown = parser.grammar_text()
    assert grown != parser._grammar_file()
    assert built_from(monkeypatch, tables, grown) == "built"
    shipped = deckcache.entry_bytes(parser.tables_key(grown), parser.tables_of(parser._analysed(grown)))
    assert built_from(monkeypatch, shipped, grown) == "built"


# ---- tables in the user's cache ---------------------------------------------------------------


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The cache on, kept under ``tmp_path``; the folder its entries go in."""
    monkeypatch.delenv("WINGSPAN_NO_CACHE", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "wingspan_rules"


def test_a_built_parser_is_kept_in_the_cache_and_read_from_it(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    grown = parser._grammar_file() + GROWN
    assert built_from(monkeypatch, b"", grown) == "built"
    (entry,) = cache.glob("parser-*.pickle")
    assert built_from(monkeypatch, b"", grown) == "cache"
    entry.write_bytes(entry.read_bytes()[:-10])  # damaged: built, and written again
    assert built_from(monkeypatch, b"", grown) == "built"
    assert built_from(monkeypatch, b"", grown) == "cache"
    card = 'card "A" {\n  power brown: preen feathers\n}\n'
    from_cache = parser._built.__wrapped__(grown)
    assert reading(from_cache, card, True) == reading(parser._analysed(grown), card, True)


def test_the_shipped_tables_come_before_the_cache(tables: bytes, cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert built_from(monkeypatch, tables) == "shipped"
    assert not cache.exists()  # (nothing to keep)


def test_with_the_cache_off_no_tables_are_kept(cache: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WINGSPAN_NO_CACHE", "1")
    assert built_from(monkeypatch, b"", parser._grammar_file() + GROWN) == "built"
    assert not cache.exists()


# ---- an installed package ---------------------------------------------------------------------

_ORIGIN_IN_A_FRESH_PROCESS = """
import wingspan_rules
from wingspan_rules.dsl import parser
for ruleset in ("pocket", "classic", "oceania"):
    wingspan_rules.card_set(ruleset)
print(wingspan_rules.__file__)
print(parser.parser_origin())
"""


def test_an_installed_package_reads_its_shipped_tables(tmp_path: Path) -> None:
    """In a package installed from a wheel (its grammar inside it, where the wheel puts it), a
    fresh process loading the shipped decks takes the parser from the shipped tables."""
    package = Path(wingspan_rules.__file__).resolve().parent
    if not (package / "grammar" / "wingspan.lark").is_file():
        pytest.skip(f"a checkout ({package}): the parser tables are written when a wheel is built (CI runs this against `pip install .`)")
    assert (package / parser.TABLES_FILE).is_file()
    env = os.environ | {"WINGSPAN_NO_CACHE": "1"}
    done = subprocess.run([sys.executable, "-c", _ORIGIN_IN_A_FRESH_PROCESS], cwd=tmp_path, env=env, capture_output=True, text=True, check=True)
    where, origin = done.stdout.split()
    assert Path(where).resolve().parent == package  # (the same package as this process's)
    assert origin == "shipped"
