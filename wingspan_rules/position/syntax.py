"""Reading position text into lines of entries (grammar/position.lark), each with its place.

The grammar gives a line its shape only; ``build`` decides what each key means.  Every line
is parsed on its own, so one bad line cannot hide the problems of the others.
"""

from __future__ import annotations

import functools
from importlib import resources
from pathlib import Path

import attrs
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from ..dsl.diagnostics import Collector, clip
from ..i18n import N_, _, translate

# What a position may be: far more than any real game needs (a game has ~300 cards).
MAX_CHARS = 200_000
MAX_LINES = 4_000

_TERMINALS = {"STRING": N_("a quoted name"), "NUMBER": N_("a number"), "WORD": N_("a word"), "COLON": "':'", "COMMA": "','",
              "LPAR": "'('", "RPAR": "')'", "LSQB": "'['", "RSQB": "']'", "$END": N_("the end of the line")}


@attrs.frozen
class Atom:
    """A word, a number or a quoted name, where it was written (1-based line and column)."""

    value: str | int
    quoted: bool
    line: int
    column: int

    def __str__(self) -> str:
        return f'"{self.value}"' if self.quoted else str(self.value)


@attrs.frozen
class Item:
    """One item of an entry: some atoms, and details in parentheses (None when there are none)."""

    atoms: tuple[Atom, ...]
    details: tuple[Item, ...] | None
    line: int
    column: int

    @property
    def text(self) -> str:
        return " ".join(str(a) for a in self.atoms)


@attrs.frozen
class Entry:
    """``key: items`` on one line, in the section it belongs to."""

    key: str
    items: tuple[Item, ...]
    section: str  # "" (the header), "table", "stack" or a player ("p0")
    line: int
    column: int


def grammar_text() -> str:
    packaged = resources.files("wingspan_rules").joinpath("grammar/position.lark")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (Path(__file__).resolve().parents[2] / "grammar" / "position.lark").read_text(encoding="utf-8")


@functools.cache
def _lark() -> Lark:
    return Lark(grammar_text(), start="line", parser="lalr", propagate_positions=True)


_ESCAPES = {"n": "\n", "t": "\t"}


def _unquote(text: str) -> str:
    """A quoted name's text: \\" is a quote, \\\\ a backslash, \\n a new line (card text in an option)."""
    out, escaped = [], False
    for ch in text[1:-1]:
        if escaped:
            out.append(_ESCAPES.get(ch, ch))
            escaped = False
        elif ch == "\\":
            escaped = True
        else:
            out.append(ch)
    return "".join(out)


_DIGITS = 9  # no count in a game comes near a billion
MAX_ITEMS = 400  # items of one entry: a discard pile of every card of the largest deck


class _TooLong(Exception):
    """A line holding something no position needs: refused with this message (``what``)."""

    def __init__(self, column: int, what: str):
        super().__init__(what)
        self.column = column
        self.what = what


def _atom(tok: Token, line: int) -> Atom:
    column = tok.column or 1
    if tok.type == "STRING":
        return Atom(_unquote(str(tok)), True, line, column)
    if tok.type == "NUMBER":
        if len(tok) > _DIGITS:
            raise _TooLong(column, _("a number of more than {digits} digits cannot be part of a position").format(digits=_DIGITS))
        return Atom(int(str(tok)), False, line, column)
    return Atom(str(tok), False, line, column)


def _items(tree: Tree[Token] | None, line: int) -> tuple[Item, ...]:
    if tree is None:
        return ()
    out = []
    for it in tree.children:
        assert isinstance(it, Tree)
        atoms, details = [], None
        for child in it.children:
            assert isinstance(child, Tree)
            if child.data == "atom":
                tok = child.children[0]
                assert isinstance(tok, Token)
                atoms.append(_atom(tok, line))
            else:  # details
                inner = child.children[0] if child.children else None
                details = _items(inner if isinstance(inner, Tree) else None, line)
        out.append(Item(tuple(atoms), details, line, atoms[0].column))
    return tuple(out)


def read(text: str, out: Collector) -> list[Entry]:
    """The entries of a position, in order; each problem of shape goes to ``out``."""
    parser = _lark()
    entries: list[Entry] = []
    section = ""
    for number, raw in enumerate(text.split("\n"), start=1):
        if not raw.strip() or raw.lstrip().startswith("#"):
            continue
        if raw.count(",") > 2 * MAX_ITEMS:  # far too many items: refuse before parsing them all
            out.error(number, 1, _("this line lists over {n} items; no entry of a game needs more than {most}").format(n=2 * MAX_ITEMS, most=MAX_ITEMS))
            continue
        depth = _depth(raw)
        if depth > 1:  # details are never nested: refuse before parsing (deep nesting costs)
            out.error(number, 1, _("details in parentheses cannot hold details of their own"))
            continue
        try:
            tree = parser.parse(raw)
        except UnexpectedInput as err:
            out.error(number, err.column if isinstance(err.column, int) and err.column > 0 else 1, _syntax_message(err, raw))
            continue
        node = tree.children[0]
        assert isinstance(node, Tree)
        if node.data == "section":
            words = [str(t) for t in node.children]
            section = " ".join(words)
            entries.append(Entry("[section]", (Item(tuple(Atom(w, False, number, 1) for w in words), None, number, 1),), section, number, 1))
            continue
        key_tree, *rest = node.children
        assert isinstance(key_tree, Tree)
        key = " ".join(str(t) for t in key_tree.children)
        column = key_tree.meta.column if not key_tree.meta.empty else 1
        listed = rest[0] if rest and isinstance(rest[0], Tree) else None
        if listed is not None and len(listed.children) > MAX_ITEMS:
            too_many = _("'{key}' lists {n} items; no entry of a game needs more than {most}").format(key=clip(key), n=f"{len(listed.children):,}", most=MAX_ITEMS)
            out.error(number, column, too_many)
            continue
        try:
            items = _items(listed, number)
        except _TooLong as err:
            out.error(number, err.column, err.what)
            continue
        entries.append(Entry(key, items, section, number, column))
    return entries


def _depth(raw: str) -> int:
    """How deeply parentheses nest on a line, outside quoted names."""
    deepest = level = 0
    quoted = escaped = False
    for ch in raw:
        if quoted:
            escaped = not escaped and ch == "\\"
            quoted = escaped or ch != '"'
        elif ch == '"':
            quoted = True
        elif ch == "(":
            level += 1
            deepest = max(deepest, level)
        elif ch == ")":
            level -= 1
        elif ch == "#":
            break
    return deepest


def _syntax_message(err: UnexpectedInput, raw: str) -> str:
    if isinstance(err, UnexpectedCharacters):
        pos = err.pos_in_stream
        ch = raw[pos] if isinstance(pos, int) and 0 <= pos < len(raw) else "?"
        if ch in "'`":
            return _("unexpected character {char}; names are written in double quotes").format(char=repr(ch))
        return _("unexpected character {char}").format(char=repr(ch))
    if isinstance(err, UnexpectedToken):
        got = _("the end of the line") if err.token.type == "$END" else f"'{clip(str(err.token))}'"
        wanted = sorted({_TERMINALS.get(t, t) for t in err.expected if not t.startswith("__")})  # (in the order of the English)
        expected = ", ".join(translate(w) for w in wanted[:5]) if wanted else _("something else")
        return _("unexpected {got}; expected {expected}").format(got=got, expected=expected)
    return _("this line cannot be read")
