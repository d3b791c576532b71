"""The Pygments lexers (wingspan_rules.highlight, docs/highlighting.md).

Every shipped card file, every card block and position of the docs, the web page's example
positions and positions written by ``Game.position`` lex without an error token, and the tokens
put together are the text; words come out as the kind they are, a word the language does not
know as a plain name; Pygments finds the lexers through the package's entry points; and the
page's examples print what it shows.
"""

from __future__ import annotations

import importlib.metadata
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pygments")

from pygments import lexers as pygments_lexers  # noqa: E402
from pygments.token import STANDARD_TYPES, Comment, Error, Keyword, Name, Number, Operator, Punctuation, String, Token, Whitespace  # noqa: E402

from wingspan_rules import highlight, new_game  # noqa: E402
from wingspan_rules.dsl import parser  # noqa: E402
from wingspan_rules.dsl.builder import phrase_verbs  # noqa: E402
from wingspan_rules.dsl.vocabulary import VOCABULARIES  # noqa: E402
from wingspan_rules.highlight import CardLexer, PositionLexer  # noqa: E402
from wingspan_rules.web.examples import EXAMPLES  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CARD_FILES = sorted(ROOT.glob("cards/**/*.wsp"))
FENCE = re.compile(r"^(`{3,})(\w*)\n(.*?)^\1$", re.S | re.M)


def _fences(lang: str) -> list[tuple[str, str]]:
    """(page#n, text) of every fenced block of ``lang`` in docs/*.md, nested ones included."""
    out = []
    for page in sorted(DOCS.glob("*.md")):
        pending = [page.read_text()]
        n = 0
        while pending:
            for m in FENCE.finditer(pending.pop()):
                if m.group(2) == lang:
                    out.append((f"{page.name}#{n}", m.group(3)))
                    n += 1
                pending.append(m.group(3))  # (a block may show a fenced block)
    return out


def _doc_positions() -> list[tuple[str, str]]:
    """The positions the docs show: ```text blocks that are one, and what `show --position`
    prints."""
    out = []
    for name, block in _fences("text"):
        lines = block.splitlines(keepends=True)
        if not any(line.startswith("$ ") for line in lines):
            written = [line for line in lines if line.strip() and not line.startswith("#")]
            if written and written[0].startswith("ruleset:"):
                out.append((name, block))
            continue
        for i, line in enumerate(lines):
            if line.startswith("$ wingspan-rules show ") and "--position" in line:
                shown = []
                for later in lines[i + 1 :]:
                    if later.startswith("$ "):
                        break
                    shown.append(later)
                out.append((f"{name} ({line.strip()})", "".join(shown)))
    return out


_BELLBIRD = next(text for name, text in _fences("wsp") if "Test Bellbird" in text)


def _written_positions() -> list[tuple[str, str]]:
    """Positions written by ``Game.position``, at the start and in the middle of games of every
    ruleset (one with new card text in an option, written with escapes)."""
    games = [("pocket", new_game("pocket", 2, 1)), ("classic", new_game("classic", 3, 2)), ("oceania", new_game("oceania", 2, 3, {"extra_card_text": _BELLBIRD}))]
    out = []
    for name, game in games:
        chooser = random.Random(0)
        for step in range(40):
            if step % 20 == 0:
                out.append((f"{name} after {step} actions", game.position()))
            pending = game.pending
            if game.is_over or pending is None:
                break
            game.apply(chooser.choice(game.legal_actions()))
    return out


POSITIONS = _doc_positions() + [(f"web example {name}", text) for name, text in EXAMPLES.items()]


def _tokens(lexer: object, text: str) -> list[tuple[object, str]]:
    return [(token, value) for _, token, value in lexer.get_tokens_unprocessed(text)]  # type: ignore[attr-defined]


def _assert_clean(lexer: object, text: str) -> None:
    """No error token, and the tokens put together are the text."""
    tokens = _tokens(lexer, text)
    errors = [value for token, value in tokens if token in Error]
    assert not errors, f"error tokens: {errors[:10]}"
    assert "".join(value for _, value in tokens) == text
    written = text.replace("\r\n", "\n")  # (Pygments' get_tokens reads any line end as a newline)
    assert "".join(value for _, value in lexer.get_tokens(text)) == written + ("" if written.endswith("\n") else "\n")  # type: ignore[attr-defined]


def _kinds(lexer: object, text: str) -> dict[str, object]:
    """Word -> the token it became where it is first written."""
    found: dict[str, object] = {}
    for token, value in _tokens(lexer, text):
        if value.strip():
            found.setdefault(value, token)
    return found


# ---- every text lexes -------------------------------------------------------------------


def test_there_is_something_to_lex() -> None:
    assert len(CARD_FILES) >= 10
    assert len(_fences("wsp")) >= 9
    assert len(POSITIONS) >= 10  # (docs/positions.md's, the other pages', the web page's three)


@pytest.mark.parametrize("path", CARD_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_shipped_card_files_lex_without_an_error(path: Path) -> None:
    _assert_clean(CardLexer(), path.read_text(encoding="utf-8"))


@pytest.mark.parametrize(("name", "text"), _fences("wsp"), ids=[name for name, _ in _fences("wsp")])
def test_card_blocks_of_the_docs_lex_without_an_error(name: str, text: str) -> None:
    _assert_clean(CardLexer(), text)


@pytest.mark.parametrize(("name", "text"), POSITIONS, ids=[name for name, _ in POSITIONS])
def test_positions_of_the_docs_and_the_web_page_lex_without_an_error(name: str, text: str) -> None:
    _assert_clean(PositionLexer(), text)


def test_positions_games_write_lex_without_an_error() -> None:
    written = _written_positions()
    assert len(written) >= 6
    assert any("\\n" in text for _, text in written)  # (card text in an option, with escapes)
    for _, text in written:
        _assert_clean(PositionLexer(), text)


def test_crlf_and_blank_lines_are_kept() -> None:
    text = "\r\n\r\n# two blank lines first\r\ncard \"Mallard\" {\r\n  food: seed\r\n}\r\n"
    _assert_clean(CardLexer(), text)
    # stripnl is off: a leading blank line stays, so line numbers match the linter's
    assert "".join(v for _, v in CardLexer().get_tokens("\n\nbird \"X\" {\n}\n")).startswith("\n\n")
    assert "".join(v for _, v in CardLexer(stripnl=True).get_tokens("\n\nbird \"X\" {\n}\n")).startswith("bird")


# ---- what each word becomes -------------------------------------------------------------

CARD = """# a comment line
revised bonus "Anatomist" {
  counts: birds named bill beak
  scores: 2..3 = 3, 4+ = 7
}
bird "Test Bellbird" {  # after the brace
  habitats: forest wetland
  cost: 2 nectar fruit
  nest: cavity
  wingspan: 30
  power pink: when other lays eggs: lay egg on other bird with ground nest
  power brown: draw bird where food_cost <= 1 -> tuck card
}
"""


def test_card_words_become_their_kind() -> None:
    kinds = _kinds(CardLexer(), CARD)
    assert kinds["# a comment line"] is Comment.Single and kinds["# after the brace"] is Comment.Single
    assert kinds['"Test Bellbird"'] is String.Double and kinds['"Anatomist"'] is String.Double
    assert kinds["revised"] is Keyword.Declaration and kinds["bonus"] is Keyword.Declaration
    for field in ("counts", "scores", "habitats", "cost", "nest", "wingspan", "power"):
        assert kinds[field] is Name.Attribute, field
    assert kinds["nectar"] is Keyword.Constant and kinds["fruit"] is Keyword.Constant  # foods
    assert kinds["forest"] is Name.Builtin and kinds["wetland"] is Name.Builtin
    assert kinds["cavity"] is Name.Label and kinds["ground"] is Name.Label
    assert kinds["pink"] is Keyword.Type and kinds["brown"] is Keyword.Type
    assert kinds["lay"] is Name.Function and kinds["draw"] is Name.Function and kinds["tuck"] is Name.Function
    assert kinds["food_cost"] is Name.Variable
    assert kinds["when"] is Keyword and kinds["other"] is Keyword and kinds["egg"] is Keyword and kinds["named"] is Keyword
    assert kinds["bill"] is Name  # (a word of a bird's name)
    assert kinds["2"] is Number.Integer and kinds["30"] is Number.Integer
    for op in ("..", "=", "+", "<=", "->"):
        assert kinds[op] is Operator, op
    for mark in ("{", "}", ":", ","):
        assert kinds[mark] is Punctuation, mark
    assert all(token is Whitespace for token, value in _tokens(CardLexer(), CARD) if not value.strip())
    assert kinds["bird"] is Keyword.Declaration
    assert _kinds(CardLexer(), "  power brown: draw bird\n")["bird"] is Keyword  # (not a block's in a power)
    assert _kinds(CardLexer(), "  power brown: discard egg from nest\n")["nest"] is Keyword  # (not a field)


def test_a_misspelt_word_is_a_name_not_an_error() -> None:
    text = 'brid "Mallard" {\n  cots: 2 sede Fish\n  power browm: darw card\n}\n'
    kinds = _kinds(CardLexer(), text)
    for word in ("brid", "cots", "sede", "Fish", "browm", "darw"):
        assert kinds[word] is Name, word
    _assert_clean(CardLexer(), text)
    _assert_clean(CardLexer(), 'card "Café Crème" {\n  food: séed\n  cost: 2\n  points: "open\n}\n')  # (any letters; a quote left open)
    assert _kinds(CardLexer(), 'card "X {\n')['"X {'] is String.Double


def test_only_a_character_no_card_holds_is_an_error() -> None:
    for char in ";@$%!?[]*`&|~^\\'":
        tokens = _tokens(CardLexer(), f"  cost: seed {char}\n")
        assert (Error, char) in tokens, char
        assert [t for t, _ in tokens].count(Error) == 1
    for char in ";@*":  # in a quoted name or a comment, anything goes
        _assert_clean(CardLexer(), f'card "A{char}B" {{  # {char}\n}}\n')


def test_every_ruleset_word_is_coloured() -> None:
    words = highlight.card_words()
    for vocab in VOCABULARIES:  # (pocket, classic, oceania)
        assert all(words[w] is Keyword.Constant for w in vocab.foods), vocab.name
        assert all(words[w] is Name.Builtin for w in vocab.habitats), vocab.name
        assert all(words[w] is Name.Label for w in vocab.nests), vocab.name
        assert all(words[w] is Keyword.Type for w in vocab.colours), vocab.name
        text = "".join(f"  x: {w}\n" for w in vocab.foods + vocab.habitats + vocab.nests + vocab.colours)
        assert Name not in {t for t, v in _tokens(CardLexer(), text) if v != "x"}
    assert "nectar" in words and "yellow" in words  # (Oceania's)
    # every keyword of the grammar and every verb is known (nothing of them listed by hand)
    assert set(parser.keywords().values()) <= set(words)
    assert all(words[v] is Name.Function for v in phrase_verbs())
    symbols = {t.pattern.value for t in parser._lark().terminals if t.pattern.type == "str" and not t.pattern.value.replace("_", "").isalpha()}
    assert symbols >= {"{", "->", "..", "/"}
    for symbol in symbols | {"<=", ">=", "<", ">"}:  # (and the comparisons of OP)
        assert Error not in {t for t, _ in _tokens(CardLexer(), f"x {symbol} 1\n")}, symbol


def test_a_word_the_grammar_gains_is_coloured(monkeypatch: pytest.MonkeyPatch) -> None:
    assert _kinds(CardLexer(), "  power brown: preen 2\n")["preen"] is Name
    grown = parser.grammar_text() + '\n%extend _phrase: preen\npreen: "preen" INT\n'
    monkeypatch.setattr(parser, "grammar_text", lambda: grown)
    assert _kinds(CardLexer(), "  power brown: preen 2\n")["preen"] is Keyword


POSITION = """# p0 has chosen to play American Robin
ruleset: classic
players: 2
option card_text: "card \\"A\\" {\\n}"

[p0]
forest: "Blue Jay" (eggs 1, cached 2 seed), "Mallard"
food: 1 nectar/seed, 2 fruit

[table]
first player: p1
feeder: seed, fish  # a comment after an entry

[stack]
classic-pay: player p0, card "American Robin", habitat 0, paid 0
"""


def test_position_words_become_their_kind() -> None:
    tokens = _tokens(PositionLexer(), POSITION)
    kinds = _kinds(PositionLexer(), POSITION)
    assert kinds["# p0 has chosen to play American Robin"] is Comment.Single and kinds["# a comment after an entry"] is Comment.Single
    assert kinds["ruleset"] is Keyword.Declaration and kinds["players"] is Keyword.Declaration and kinds["option"] is Keyword.Declaration
    assert kinds["card_text"] is Name.Attribute
    assert kinds["classic"] is Name.Class
    assert [v for t, v in tokens if t is Keyword.Namespace] == ["p0", "table", "stack"]
    for key in ("forest", "food", "first", "player", "feeder", "classic-pay"):
        assert kinds[key] is Name.Attribute, key
    assert kinds['"Blue Jay"'] is String.Double and kinds['"American Robin"'] is String.Double
    assert [v for t, v in tokens if t is String.Escape] == ['\\"', '\\"', "\\n"]
    assert kinds["seed"] is Keyword.Constant and kinds["nectar"] is Keyword.Constant and kinds["fish"] is Keyword.Constant
    assert kinds["p1"] is Name.Variable and (Name.Variable, "p0") in tokens
    assert kinds["2"] is Number.Integer and kinds["/"] is Operator
    assert kinds["eggs"] is Name and kinds["cached"] is Name  # (details: words of the builder)
    _assert_clean(PositionLexer(), POSITION)


def test_a_position_lexer_error_is_only_a_foreign_character() -> None:
    text = 'ruleset: clasic\n[p0\nfoood: 2 gold, "open\nhand: Blue Jay\n'
    _assert_clean(PositionLexer(), text)  # (misspelt words, a head and a quote left open)
    kinds = _kinds(PositionLexer(), text)
    assert kinds["clasic"] is Name and kinds["gold"] is Name and kinds["foood"] is Name.Attribute
    assert kinds["p0"] is Keyword.Namespace and kinds["open"] is String.Double
    for char in "{};@=*":
        assert (Error, char) in _tokens(PositionLexer(), f"food: 2 seed {char}\n"), char


def test_the_lexers_guess_their_texts() -> None:
    assert CardLexer.analyse_text(CARD_FILES[0].read_text()) == 1.0
    assert PositionLexer.analyse_text(EXAMPLES["classic"]) > 0.5
    assert CardLexer.analyse_text("def f(x):\n    return {x: 1}\n") == 0.0
    assert PositionLexer.analyse_text(CARD_FILES[0].read_text()) == 0.0


# ---- through Pygments' plugins ----------------------------------------------------------


def _plugins_installed() -> bool:
    wanted = {"wingspan_rules.highlight:CardLexer", "wingspan_rules.highlight:PositionLexer"}
    return wanted <= {ep.value for ep in importlib.metadata.entry_points(group="pygments.lexers")}


needs_plugins = pytest.mark.skipif(not _plugins_installed(), reason="the package's Pygments entry points are not installed (pip install -e . registers them)")


@needs_plugins
def test_pygments_finds_the_lexers_by_name_and_file_name() -> None:
    for alias in ("wingspan-cards", "wsp"):  # ('wsp': the language of the docs' fences)
        assert type(pygments_lexers.get_lexer_by_name(alias)) is CardLexer
    for alias in ("wingspan-position", "wpos"):
        assert type(pygments_lexers.get_lexer_by_name(alias)) is PositionLexer
    assert pygments_lexers.find_lexer_class_for_filename("cards/classic/wetland.wsp") is CardLexer
    assert pygments_lexers.find_lexer_class_for_filename("robin.pos") is PositionLexer
    assert type(pygments_lexers.get_lexer_for_mimetype("text/x-wingspan-cards")) is CardLexer
    assert type(pygments_lexers.guess_lexer(CARD_FILES[0].read_text())) is CardLexer
    assert type(pygments_lexers.guess_lexer(EXAMPLES["oceania"])) is PositionLexer
    names = {name for name, *_ in pygments_lexers.get_all_lexers()}
    assert {"Wingspan cards", "Wingspan position"} <= names


def _pygmentize() -> list[str]:
    script = Path(sys.executable).with_name("pygmentize")
    return [str(script)] if script.exists() else [sys.executable, "-m", "pygments"]


@needs_plugins
def test_pygmentize_highlights_a_card_file(tmp_path: Path) -> None:
    card_file = ROOT / "cards" / "classic" / "wetland.wsp"
    run = subprocess.run([*_pygmentize(), "-l", "wingspan-cards", str(card_file)], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "American Avocet" in run.stdout and "\x1b[" in run.stdout
    run = subprocess.run([*_pygmentize(), "-N", str(card_file)], capture_output=True, text=True, timeout=120)
    assert run.stdout.strip() == "wingspan-cards"
    (tmp_path / "robin.pos").write_text(EXAMPLES["classic"])
    run = subprocess.run([*_pygmentize(), "-f", "html", str(tmp_path / "robin.pos")], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert '<span class="kd">ruleset</span>' in run.stdout and '<span class="kn">p0</span>' in run.stdout
    assert 'class="err"' not in run.stdout


# ---- the package and the page -----------------------------------------------------------


def test_the_package_does_not_import_pygments() -> None:
    code = "import sys, wingspan_rules; print(sorted(m for m in sys.modules if m.startswith('pygments') or m == 'wingspan_rules.highlight'))"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "[]"


def test_without_pygments_the_error_names_the_extra() -> None:
    code = "import sys\nsys.modules['pygments'] = None\ntry:\n    import wingspan_rules.highlight\nexcept ImportError as err:\n    print(err)\n"
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert "[highlight]" in run.stdout and 'pip install "wingspan_rules[highlight]"' in run.stdout


def test_the_page_table_says_what_the_lexers_do() -> None:
    page = (DOCS / "highlighting.md").read_text()
    table = page[page.index("## What each word becomes") :]
    rows = re.findall(r"^\| (.+?) \| `([\w.]+)` \| `(\w+)` \|$", table, re.M)
    assert len(rows) >= 20
    for _, token_name, css in rows:
        token = Token
        for part in token_name.split("."):
            token = getattr(token, part)
        assert STANDARD_TYPES[token] == css, token_name
    documented = {name for _, name, _ in rows}
    kinds = {name: value for name, value in vars(highlight).items() if name.isupper() and value in Token}
    for name, token in kinds.items():
        assert str(token).removeprefix("Token.") in documented, name
