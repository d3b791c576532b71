"""Card text -> typed syntax tree, with every error of a file collected at once.

The grammar (grammar/wingspan.lark) gives every phrase its shape; ``builder`` turns the parse
tree into the syntax tree of ``ast``, checking each word against the rule system's vocabulary.
This module reads the text: one block at a time, so that one syntax error cannot hide another,
and inside a power one phrase at a time (a phrase that cannot be read is replaced by
``bad_phrase`` and the parser goes on with the next one).  Lark builds the parser from the
grammar; the text is read on Lark's tables by ``lalr.LeanParser``, several times faster than
Lark's own loop and to the same trees and errors (Lark's loop stays for a parser the lean one
cannot stand in for).

Lark's analysis of the grammar (the LALR tables and the lexers) takes about 200 ms, more than
reading every shipped card.  So the wheel ships the analysed parser of the grammar file
(``TABLES_FILE``, written by ``write_tables`` when the wheel is built: hatch_build.py), and the
parser of any other grammar (an editable checkout has no shipped tables; a family from outside
grows the grammar) is kept in the user's cache (``deckcache``) once built.  Tables are used only
under the key of the very grammar, Lark version and options they were made with
(``tables_key``); tables that are missing, damaged, of another key or that Lark cannot load are
passed over and the parser is built as before.  ``parser_origin`` says which it was."""

from __future__ import annotations

import bisect
import functools
import io
import os
import pickle
import re
import weakref
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from lark import Lark, Token, Tree
from lark import __version__ as LARK_VERSION
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken
from lark.parsers.lalr_interactive_parser import InteractiveParser

from .. import deckcache
from ..families import FAMILIES
from ..i18n import N_, _, translate
from . import ast
from .builder import MAX_NESTING, Builder, condition_words, phrase_verbs, too_deep, unknown
from .diagnostics import Collector, clip, or_list, suggest
from .lalr import LeanParser, Reading, SyntaxProblem, Unsupported
from .vocabulary import POCKET, Vocabulary

# Human words for the grammar's terminals, so messages never show Lark's internal names.
_TERMINAL_WORDS = {
    "NAME": N_("a word"),
    "INT": N_("a whole number"),
    "STRING": N_('a quoted name like "Blue Jay"'),
    "OP": N_("a comparison (<, <=, >, >=, =)"),
    "_NL": N_("the end of the line"),
    "$END": N_("the end of the file"),
}

_BLOCK_START = re.compile(r"^(card|bird|goal|bonus|revised bonus)\b", re.MULTILINE)

_Node = Tree[Token]  # a parsed node; which children are tokens is fixed by the grammar


# the first word of a power's part in each form that has one (the parser's hints)
_FORM_STARTS = {"chosen": "chosen-other", "you": "chosen-other", "any": "repeated", "up": "repeated", "for": "for-each"}


@functools.cache
def _grammar_file() -> str:
    """The grammar file, from the installed package or, in a checkout, the repo."""
    packaged = resources.files("wingspan_rules").joinpath("grammar/wingspan.lark")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (Path(__file__).resolve().parents[2] / "grammar" / "wingspan.lark").read_text(
        encoding="utf-8"
    )


def grammar_text() -> str:
    """The grammar of the card language: the grammar file, and the rules of the families
    registered from outside it (each family's ``grammar``, which ``%extend``s ``_phrase``)."""
    extra = [f.grammar for f in FAMILIES if f.grammar]
    return _grammar_file() if not extra else _grammar_file() + "\n// ---- families registered from outside this file\n" + "\n".join(extra) + "\n"


class _Words:
    """Lark post-lexer that keeps NAME in every lexer state, so a keyword is only read as one
    when it is the whole word ('birdy' is one unknown word, not 'bird' and 'y')."""

    always_accept = ("NAME",)

    def process(self, stream: object) -> object:
        return stream


def _lark() -> Lark:
    """The parser of the grammar as it stands (built again once a family adds rules)."""
    return _built(grammar_text())


TABLES_FILE = "grammar/wingspan.lark.tables"  # the shipped parser tables, in the installed package beside the grammar
TABLES_FORMAT = "wingspan_rules parser tables 1"  # (changed when what the tables hold changes)
# how the parser is built, besides its post-lexer (``_Words``, given again when tables are loaded)
_OPTIONS: dict[str, object] = {"parser": "lalr", "propagate_positions": True, "maybe_placeholders": False}
Origin = Literal["shipped", "cache", "built"]
_ORIGINS: weakref.WeakKeyDictionary[Lark, Origin] = weakref.WeakKeyDictionary()


def tables_key(text: str) -> str:
    """The key under which the tables of grammar ``text`` are kept: a hash of their format, the
    Lark version that analysed it (and whose layout they are in), the options the parser is
    built with and the grammar.  (Not the Python version: the tables are plain data, dicts,
    lists, strings and numbers, read alike by every Python.)"""
    options = repr(sorted(_OPTIONS.items())) + f" postlex={_Words.__qualname__}{_Words.always_accept}"
    return deckcache.digest_of((TABLES_FORMAT, LARK_VERSION, options, text))


def parser_origin() -> Origin:
    """Where the parser of the grammar as it stands came from: ``"shipped"`` (the tables shipped
    in the package), ``"cache"`` (tables kept in the user's cache) or ``"built"`` (Lark's
    analysis, in this process)."""
    return _ORIGINS.get(_lark(), "built")


@functools.lru_cache(maxsize=4)
def _built(text: str) -> Lark:
    """The parser of grammar ``text``: from the shipped tables when ``text`` is the grammar
    file and they were made for it, else from tables kept in the user's cache, else analysed
    by Lark (and its tables kept there)."""
    key = tables_key(text)
    if text == _grammar_file():
        found = _loaded(deckcache.entry_value(_shipped_tables(), key))
        if found is not None:
            _ORIGINS[found] = "shipped"
            return found
    found = _loaded(deckcache.load("parser", (key,)))
    if found is not None:
        _ORIGINS[found] = "cache"
        return found
    built = _analysed(text)
    _ORIGINS[built] = "built"
    deckcache.keep("parser", (key,), lambda: tables_of(built))
    return built


def _analysed(text: str) -> Lark:
    """The parser of grammar ``text``, built by Lark (its LALR analysis)."""
    return Lark(text, postlex=_Words(), **_OPTIONS)


def _shipped_tables() -> bytes:
    """The shipped tables file as it is (empty where there is none: in a checkout)."""
    try:
        return resources.files("wingspan_rules").joinpath(TABLES_FILE).read_bytes()
    except OSError:
        return b""


def tables_of(lark: Lark) -> dict[str, Any]:
    """The analysed parser as plain data (Lark's ``save``, without the post-lexer)."""
    out = io.BytesIO()
    lark.save(out, exclude_options=("postlex",))
    tables: dict[str, Any] = pickle.loads(out.getvalue())
    return tables


def _loaded(tables: object) -> Lark | None:
    """The parser of ``tables`` (Lark's ``load``, given the post-lexer again); None where there
    are none, or where this Lark cannot load them."""
    if not isinstance(tables, dict):
        return None
    try:
        return Lark.__new__(Lark)._load(tables, postlex=_Words())  # (what ``Lark.load`` does, with the post-lexer)
    except Exception:  # (tables this Lark cannot load: the parser is built instead, as documented)
        return None


def write_tables(path: str | os.PathLike[str]) -> None:
    """Write the tables of the grammar file's parser to ``path``, under its key: the file the
    wheel ships as ``TABLES_FILE`` (hatch_build.py runs this with the build's Lark).  Raises
    when they cannot be made or written."""
    text = _grammar_file()
    Path(path).write_bytes(deckcache.entry_bytes(tables_key(text), tables_of(_analysed(text))))


@functools.lru_cache(maxsize=4)
def _lean_of(lark: Lark) -> LeanParser | None:
    """The lean reader of a Lark parser (``lalr``), or None where it cannot stand in for Lark."""
    if not isinstance(lark.options.postlex, _Words):
        return None
    try:
        return LeanParser(lark)
    except Unsupported:
        return None


LEAN = True  # read card text with ``lalr.LeanParser`` when it can stand in for Lark (tests turn it off to compare)


def keywords() -> dict[str, str]:
    """Terminal name -> the keyword it spells, for every keyword of the grammar as it stands
    (families from outside included): the words the lexers colour and the editor completes."""
    return _keywords_of(_lark())


@functools.lru_cache(maxsize=4)
def _keywords_of(lark: Lark) -> dict[str, str]:
    """Terminal name -> the keyword it spells, for every keyword of the grammar."""
    return {t.name: t.pattern.value for t in lark.terminals if t.pattern.type == "str" and t.pattern.value.replace("_", "").isalpha()}


def _verb_terminals() -> frozenset[str]:
    return _verb_terminals_of(_lark(), phrase_verbs())


@functools.lru_cache(maxsize=4)
def _verb_terminals_of(lark: Lark, words: frozenset[str]) -> frozenset[str]:
    return frozenset(name for name, word in _keywords_of(lark).items() if word in words)


def _describe_terminal(name: str) -> str:
    """A terminal as a message names it: its words (in the current language), or the keyword
    it spells, quoted."""
    if name in _TERMINAL_WORDS:
        return translate(_TERMINAL_WORDS[name])
    return _spelled_terminal(name)


@functools.cache
def _spelled_terminal(name: str) -> str:
    for term in _lark().terminals:
        if term.name == name and term.pattern.type == "str":
            return f"'{term.pattern.value}'"
    return name.lower()


_STRING_OR_COMMENT = re.compile(r'"[^"\n]*"|#[^\n]*')
MAX_BLOCK_WORDS = 2000  # words and symbols a block may hold; more is refused before parsing
# Roughly the parser's tokens (a comment counts as one), to count them without parsing.
_ROUGH_TOKEN = re.compile(r'"[^"\n]*"|#[^\n]*|[a-z_]+|-?[0-9]+|<=|>=|->|\S')


def _describe_char(char: str) -> str:
    """A character as a message can show it (control characters and spaces by name)."""
    names = {"\t": N_("tab"), "\r": N_("carriage return"), "\x0b": N_("vertical tab"), "\x0c": N_("form feed")}
    if char in names:
        return translate(names[char])
    if char.isprintable() and not char.isspace():
        return _("character '{char}'").format(char=char)
    return _("invisible character U+{code}").format(code=f"{ord(char):04X}")


def _end_of_content(chunk: str, first_line: int) -> tuple[int, int]:
    """Line and column just after the last character of a chunk that is not blank or a comment."""
    visible = _STRING_OR_COMMENT.sub(lambda m: m.group() if m.group().startswith('"') else " " * len(m.group()), chunk)
    stripped = visible.rstrip()
    if not stripped:
        return first_line, 1
    line = first_line + stripped.count("\n")
    column = len(stripped) - (stripped.rfind("\n") + 1) + 1
    return line, column


def _expected(err: UnexpectedInput) -> set[str]:
    """The terminals the parser could take where it stopped (read off its parse table: an
    error found by the lexer lists only the words that lexer state knows)."""
    ip = getattr(err, "interactive_parser", None)
    state = getattr(ip, "parser_state", None) or getattr(err, "state", None)
    table = getattr(getattr(state, "parse_conf", None), "states", None)
    if table is not None and state is not None:
        found = {t for t in table[state.position] if t.isupper()}
    else:
        found = set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())
    found.discard("BAD_PHRASE")
    return found


def _syntax_error(
    err: SyntaxProblem,
    out: Collector,
    vocab: Vocabulary,
    end: tuple[int, int],
    next_block: tuple[int, str] | None,
) -> None:
    line, column = err.line, err.column
    expected = set(err.expected)
    at_end = err.token == "$END"
    if at_end:
        line, column = end if next_block is None else (next_block[0], 1)
    spelled = keywords()
    if err.token is not None and (err.text or "").replace("_", "").isalpha() and not at_end and err.token != "_NL":
        word = err.text or ""
        if expected & _verb_terminals():
            # where a phrase starts: the word is not a verb of this rule system
            choices = tuple(vocab.verbs) + tuple(w for w in ("all", "when") if spelled.get(w.upper()) and w.upper() in expected)
            out.error(max(line or 1, 1), max(column or 1, 1), unknown("verb", word), suggest(word, choices))
            return
        if expected >= {"CARD", "BIRD", "FOOD"}:
            choices = tuple(spelled[t] for t in expected if t in spelled)
            out.error(max(line or 1, 1), max(column or 1, 1), unknown("kind of card", word), suggest(word, choices))
            return
        if expected >= {"COSTING", "WHERE", "WITH"}:
            choices = condition_words(vocab) + tuple(spelled[t] for t in expected if t in ("FROM", "THEN"))
            out.error(max(line or 1, 1), max(column or 1, 1), unknown("bird condition", word), suggest(word, choices))
            return
    verbs = _verb_terminals()
    # words of forms this rule system's cards do not have are not offered: where a power's part
    # starts ('chosen other:', 'you and chosen other:', 'any number of times:', 'up to N
    # times:', 'for each ...:'), where a pink trigger does ('takes gain food'), and '/' between
    # parts (one of them only)
    part_starts = _FORM_STARTS if expected & verbs else {}
    unused = {word for word, form in (*part_starts.items(), ("takes", "when-other")) if not vocab.admits(form)}
    expected = {n for n in expected if spelled.get(n) not in unused}
    if "PLUS" in expected and not vocab.admits("one-of"):
        expected.discard("SLASH")
    words = sorted({_describe_terminal(n) for n in expected if n not in verbs})
    if expected & verbs:
        words.append(_("a verb"))  # not the whole list: the verbs depend on the rule system
    hint = None
    if err.token is not None:
        text = err.text or ""
        if at_end and next_block is not None:
            message = _("unexpected '{block}' before the block above it is closed").format(block=next_block[1])
        elif at_end:
            message = _("unexpected end of the file")
        elif err.token == "_NL":
            message = _("unexpected end of the line")
        else:
            message = _("unexpected '{word}'").format(word=clip(text))
        if not at_end and err.token != "_NL":
            hint = suggest(text, [spelled[n] for n in expected if n in spelled])
    elif err.text is not None:
        message = _("unexpected {character}").format(character=_describe_char(err.text))
    else:
        message = _("unexpected end of the file")
    if words:
        message = _("{message}; expected {expected}").format(message=message, expected=or_list(words))
    out.error(max(line or 1, 1), max(column or 1, 1), message, hint)


class _Recovery:
    """Lark ``on_error``: an error inside a phrase puts ``bad_phrase`` in the phrase's place
    (the parser's stacks are unwound to where the phrase began) and skips the rest of it, so
    the next phrase of the power, the next line and the next block are still read.
    (``lalr._Recovery`` takes the same steps in the lean reader.)"""

    def __init__(self, text: str) -> None:
        self.text = text
        self.errors: list[tuple[UnexpectedInput, set[str]]] = []  # each with what was expected
        self.consequence: UnexpectedInput | None = None  # an error that only follows from the last one
        self._skipped_to: int | None = None  # while skipping a broken phrase: where the last skipped token ended

    def __call__(self, err: UnexpectedInput) -> bool:
        ip = getattr(err, "interactive_parser", None)
        if ip is None:
            self.errors.append((err, _expected(err)))
            return False
        start = _start_of(err)
        if self._skipped_to is not None and not _COMMENT.sub("", self.text[self._skipped_to:start]).strip():
            # the very next token after one skipped: still inside the phrase given up
            return self._resync(ip, err)
        self.errors.append((err, _expected(err)))
        state = ip.parser_state
        states = state.parse_conf.states
        stack, values = state.state_stack, state.value_stack
        depth = len(stack)
        while depth and "BAD_PHRASE" not in states[stack[depth - 1]]:
            depth -= 1
        if not depth:
            return False  # not inside a power: this block has no more to give
        del stack[depth:]
        del values[depth - 1:]
        line, column = max(err.line or 1, 1), max(err.column or 1, 1)
        ip.feed_token(Token("BAD_PHRASE", "", line=line, column=column, end_line=line, end_column=column))
        return self._resync(ip, err)

    def _resync(self, ip: InteractiveParser, err: UnexpectedInput) -> bool:
        """Take the token that stopped the phrase if it may follow one (an end of line, '+'),
        else drop it and go on skipping."""
        token = getattr(err, "token", None)
        if token is None:  # a character no token starts with: Lark steps over it
            self._skipped_to = _start_of(err) + 1
            return True
        if token.type == "$END":
            self.consequence = err  # the end came inside the broken part: nothing more to say
            return False
        state = ip.parser_state
        if token.type in state.parse_conf.states[state.position]:
            # (the table may reduce on a token it then cannot shift: try it, undo if refused)
            stack, values = state.state_stack[:], state.value_stack[:]
            try:
                ip.feed_token(token)
                self._skipped_to = None
                return True
            except UnexpectedToken:
                state.state_stack[:], state.value_stack[:] = stack, values
        self._skipped_to = token.end_pos if token.end_pos is not None else _start_of(err) + len(token)
        return True


_COMMENT = re.compile(r"#[^\n]*")


def _start_of(err: UnexpectedInput) -> int:
    """Where in the text an error was found (offset)."""
    token = getattr(err, "token", None)
    if token is not None and token.start_pos is not None:
        return int(token.start_pos)
    return int(getattr(err, "pos_in_stream", 0) or 0)


def parse(text: str, file: str = "<text>", vocabulary: Vocabulary = POCKET) -> ast.Document:
    """Parse card text into a Document; raises DslError listing every problem found."""
    out = Collector(text, file)
    doc = parse_into(text, out, vocabulary)
    out.raise_if_any()
    return doc


def parse_into(text: str, out: Collector, vocabulary: Vocabulary = POCKET) -> ast.Document:
    """Parse what can be parsed, recording every problem in ``out`` instead of raising.

    The Document holds the cards and goals that were read without error, so the checker
    can still report their problems in the same run."""
    reader = _Reader(text, out, vocabulary)
    reader.read()
    return ast.Document(tuple(reader.cards), tuple(reader.goals), tuple(reader.bonuses))


_MAX_GROUP = 64  # chunks parsed in one call while they keep parsing


class _Reader:
    """Parses a file chunk by chunk (one block each), so one syntax error cannot hide another.

    Runs of chunks are parsed together in one call when they parse (the parser's cost per
    call dominates for small blocks); a run that fails is parsed again chunk by chunk, so
    each syntax error is reported exactly as if its block were alone.

    The text is read by ``lalr.LeanParser`` on the tables of the Lark parser (Lark's own
    loop reads a megabyte of card text several times slower), or by Lark itself where the
    lean reader cannot stand in for it: the two give the same trees and problems."""

    def __init__(self, text: str, out: Collector, vocabulary: Vocabulary):
        self.out = out
        self.parser = _lark()
        self.lean = _lean_of(self.parser) if LEAN else None
        self.builder = Builder(out, vocabulary)
        self.vocabulary = vocabulary
        self.chunks = _chunks(text)
        self.cards: list[ast.CardDef] = []
        self.goals: list[ast.GoalDef] = []
        self.bonuses: list[ast.BonusDef] = []

    def read(self) -> None:
        # Chunks nested too deep are refused before parsing (cheaply), and end a run.
        usable = [not _refused(chunk, line, self.out) for line, chunk, _ in self.chunks]
        i, size, n = 0, 1, len(self.chunks)
        while i < n:
            if not usable[i]:
                i += 1
                continue
            end = i + 1
            while end < min(i + size, n) and usable[end] and self._next_to(end - 1, end):
                end += 1
            if end - i == 1:
                size = 2 if self._single(i) else 1
                i += 1
                continue
            failed_at = self._group(i, end)
            if failed_at is None:
                i, size = end, min(size * 2, _MAX_GROUP)
                continue
            # The chunks before the failing one parse as a run; the failing one is then read
            # alone, for its own message.
            if failed_at > i + 1 and self._group(i, failed_at) is None:
                i = failed_at
            elif failed_at == i + 1:
                self._single(i)
                i = failed_at
            size = 1

    def _next_to(self, a: int, b: int) -> bool:
        line, _, lines = self.chunks[a]
        return line + lines == self.chunks[b][0]

    def _group(self, begin: int, end: int) -> int | None:
        """Parse chunks [begin, end) in one call; None when it worked, else the chunk that failed."""
        reading = self._parse("".join(chunk for _, chunk, _ in self.chunks[begin:end]), self.chunks[begin][0], recover=False)
        if reading.tree is None:
            line = reading.problems[0].line
            starts = [start for start, _, _ in self.chunks[begin:end]]
            return begin + max(bisect.bisect_right(starts, line) - 1, 0) if line > 0 else end - 1
        self._items(reading.tree)
        return None

    def _parse(self, text: str, first_line: int, recover: bool) -> Reading:
        if self.lean is not None:
            return self.lean.read(text, first_line, recover)
        return _read_with_lark(self.parser, text, first_line, recover)

    def _single(self, i: int) -> bool:
        """Parse one chunk, reporting each of its syntax errors; True when it parsed (its
        phrases that could not be read replaced by ``bad_phrase``)."""
        start_line, chunk, _ = self.chunks[i]
        out = self.out
        if out.full and _BLOCK_START.match(chunk) and ("{" not in chunk or "}" not in chunk):
            out.count()  # a block needs both braces: surely one error, and it would not be kept
            return False
        reading = self._parse(chunk, start_line, recover=True)
        if reading.problems:
            following = None
            if i + 1 < len(self.chunks):
                next_line, next_chunk, _ = self.chunks[i + 1]
                keyword = _BLOCK_START.match(next_chunk)
                following = (next_line, keyword.group() if keyword else next_chunk[:4])
            end = _end_of_content(chunk, start_line)
            for problem in reading.problems:
                if out.full:
                    out.count()  # past the kept diagnostics an error is only counted
                    continue
                _syntax_error(problem, out, self.vocabulary, end, following)
        if reading.tree is None:
            return False
        self._items(reading.tree)
        return not reading.problems

    def _items(self, tree: _Node) -> None:
        builder = self.builder
        for item in tree.children:
            if not isinstance(item, Tree):
                continue
            if item.data in ("card", "bird"):
                card = builder.card(item)
                if card is not None:
                    self.cards.append(card)
            elif item.data == "goal":
                goal = builder.goal(item)
                if goal is not None:
                    self.goals.append(goal)
            elif item.data == "bonus":
                bonus = builder.bonus(item)
                if bonus is not None:
                    self.bonuses.append(bonus)


def _read_with_lark(parser: Lark, text: str, first_line: int, recover: bool) -> Reading:
    """Read text with Lark's own parser, its lines counted from ``first_line``, recovering
    from errors through ``on_error`` or stopping at the first: what ``lalr.LeanParser.read``
    gives."""
    recovery = _Recovery(text)
    tree = None
    try:
        tree = parser.parse(text, on_error=recovery if recover else None)
    except UnexpectedInput as last:
        if last is not recovery.consequence and all(last is not seen for seen, _ in recovery.errors):
            recovery.errors.append((last, _expected(last)))
    if tree is not None:
        _shift_lines(tree, first_line - 1)
    return Reading(tree, tuple(_problem(err, expected, first_line) for err, expected in recovery.errors))


def _problem(err: UnexpectedInput, expected: set[str], start_line: int) -> SyntaxProblem:
    """A Lark error as a syntax problem, its line counted from ``start_line``."""
    line = err.line if err.line is not None else 0
    if line > 0:
        line += start_line - 1
    column = err.column if err.column is not None else 0
    if isinstance(err, UnexpectedToken):
        return SyntaxProblem(line, column, err.token.type, str(err.token), frozenset(expected))
    if isinstance(err, UnexpectedCharacters):
        return SyntaxProblem(line, column, None, err.char, frozenset(expected))
    return SyntaxProblem(line, column, None, None, frozenset(expected))


def _refused(chunk: str, start_line: int, out: Collector) -> bool:
    """Refuse, before parsing, a chunk no card could be: parentheses nested too deep, or far
    more words than a block holds.  Hostile text of that kind would cost seconds in the parser."""
    if _too_deep(chunk, start_line, out):
        return True
    if len(chunk) <= MAX_BLOCK_WORDS:
        return False  # every word or symbol takes a character at least
    words = _ROUGH_TOKEN.findall(chunk)
    if len(words) <= MAX_BLOCK_WORDS:
        return False
    out.error(start_line, 1, _("a block may hold at most {most} words and symbols, not {n}").format(most=f"{MAX_BLOCK_WORDS:,}", n=f"{len(words):,}"))
    return True


def _too_deep(chunk: str, start_line: int, out: Collector) -> bool:
    """Refuse a chunk whose parentheses nest deeper than a power may (a tree nested that deep
    would be refused after parsing anyway)."""
    if chunk.count("(") <= MAX_NESTING:
        return False
    visible = _STRING_OR_COMMENT.sub(lambda m: " " * len(m.group()), chunk)
    depth = 0
    for match in _PAREN.finditer(visible):
        depth += 1 if match.group() == "(" else -1
        if depth > MAX_NESTING:
            before = visible[: match.start()]
            line = start_line + before.count("\n")
            column = match.start() - (before.rfind("\n") + 1) + 1
            out.error(line, column, too_deep())
            return True
    return False


_PAREN = re.compile(r"[()]")


def _shift_lines(tree: _Node, lines: int) -> None:
    """Move every position of a parsed chunk down by ``lines`` lines."""
    if not lines:
        return
    for sub in tree.iter_subtrees():
        meta = sub.meta
        if not getattr(meta, "empty", True):
            meta.line += lines
            meta.end_line += lines
        for child in sub.children:
            if isinstance(child, Token):
                if child.line is not None:
                    child.line += lines
                if child.end_line is not None:
                    child.end_line += lines


def _chunks(text: str) -> list[tuple[int, str, int]]:
    """Split a file at each top-level block so one syntax error cannot hide the next:
    (first line, text, number of line ends) of each chunk that is not blank."""
    starts = [m.start() for m in _BLOCK_START.finditer(text)]
    if not starts or starts[0] != 0:
        starts.insert(0, 0)
    pieces = []
    line = 1  # the line each chunk starts on, counted chunk by chunk (once over the text)
    for i, begin in enumerate(starts):
        end = starts[i + 1] if i + 1 < len(starts) else len(text)
        chunk = text[begin:end]
        lines = chunk.count("\n")
        if chunk.strip():
            pieces.append((line, chunk, lines))
        line += lines
    return pieces
