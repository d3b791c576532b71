"""Card text -> typed syntax tree, with every error of a file collected at once."""

from __future__ import annotations

import bisect
import functools
import re
from collections.abc import Callable
from importlib import resources
from pathlib import Path
from typing import cast

import attrs
from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedInput, UnexpectedToken

from . import ast
from .diagnostics import Collector, clip, suggest
from .vocabulary import (
    ATTRIBUTES,
    BIRD_FIELDS,
    CARD_KINDS,
    FIELDS,
    OPERATORS,
    POCKET,
    Vocabulary,
)

# Human words for the grammar's terminals, so messages never show Lark's internal names.
_TERMINAL_WORDS = {
    "NAME": "a word",
    "INT": "a whole number",
    "STRING": 'a quoted name like "Blue Jay"',
    "OP": "a comparison (<, <=, >, >=, =)",
    "_NL": "the end of the line",
    "$END": "the end of the file",
    "NUMBER_KEY": "'points', 'egg_limit' or 'wingspan'",
}

_TERMINAL_KEYWORDS = {"POINTS": "'points'", "EGG_LIMIT": "'egg_limit'", "WINGSPAN": "'wingspan'"}

_BLOCK_START = re.compile(r"^(card|bird|goal|bonus)\b", re.MULTILINE)


def grammar_text() -> str:
    """The grammar file, from the installed package or, in a checkout, the repo."""
    packaged = resources.files("wingspan_rules").joinpath("grammar/wingspan.lark")
    if packaged.is_file():
        return packaged.read_text(encoding="utf-8")
    return (Path(__file__).resolve().parents[2] / "grammar" / "wingspan.lark").read_text(
        encoding="utf-8"
    )


@functools.cache
def _lark() -> Lark:
    return Lark(grammar_text(), parser="lalr", propagate_positions=True, maybe_placeholders=False)


def _describe_terminal(name: str, parser: Lark) -> str:
    if name in _TERMINAL_WORDS:
        return _TERMINAL_WORDS[name]
    for term in parser.terminals:
        if term.name == name and term.pattern.type == "str":
            return f"'{term.pattern.value}'"
    return name.lower()


def _keyword_values(names: set[str], parser: Lark) -> list[str]:
    words = []
    for term in parser.terminals:
        if term.name in names and term.pattern.type == "str" and term.pattern.value.isalpha():
            words.append(term.pattern.value)
    words += [_TERMINAL_KEYWORDS[n].strip("'") for n in names if n in _TERMINAL_KEYWORDS]
    return words


_STRING_OR_COMMENT = re.compile(r'"[^"\n]*"|#[^\n]*')
_MAX_DIGITS = 9  # longer numbers are reported as too large rather than converted
_MAX_NESTING = 40  # deeper powers are refused (and would exhaust Python's recursion)
MAX_BLOCK_WORDS = 2000  # words and symbols a block may hold; more is refused before parsing
# Roughly the parser's tokens (a comment counts as one), to count them without parsing.
_ROUGH_TOKEN = re.compile(r'"[^"\n]*"|#[^\n]*|[a-z_]+|-?[0-9]+|<=|>=|->|\S')


def _describe_char(char: str) -> str:
    """A character as a message can show it (control characters and spaces by name)."""
    names = {"\t": "tab", "\r": "carriage return", "\x0b": "vertical tab", "\x0c": "form feed"}
    if char in names:
        return names[char]
    if char.isprintable() and not char.isspace():
        return f"character '{char}'"
    return f"invisible character U+{ord(char):04X}"


def _end_of_content(chunk: str, first_line: int) -> tuple[int, int]:
    """Line and column just after the last character of a chunk that is not blank or a comment."""
    visible = _STRING_OR_COMMENT.sub(lambda m: m.group() if m.group().startswith('"') else " " * len(m.group()), chunk)
    stripped = visible.rstrip()
    if not stripped:
        return first_line, 1
    line = first_line + stripped.count("\n")
    column = len(stripped) - (stripped.rfind("\n") + 1) + 1
    return line, column


def _syntax_error(
    err: UnexpectedInput, out: Collector, parser: Lark, end: tuple[int, int], next_block: tuple[int, str] | None
) -> None:
    line, column = err.line, err.column
    at_end = isinstance(err, UnexpectedToken) and err.token.type == "$END"
    if at_end:
        line, column = end if next_block is None else (next_block[0], 1)
    expected: set[str] = set(getattr(err, "expected", None) or getattr(err, "allowed", None) or ())
    if "NUMBER_KEY" in expected:
        expected = (expected - {"NUMBER_KEY"}) | {"POINTS", "EGG_LIMIT", "WINGSPAN"}
    words = sorted({_TERMINAL_KEYWORDS.get(n) or _describe_terminal(n, parser) for n in expected})
    hint = None
    if isinstance(err, UnexpectedToken):
        token = err.token
        if at_end and next_block is not None:
            found = f"'{next_block[1]}' before the block above it is closed"
        elif at_end:
            found = "end of the file"
        elif token.type == "_NL":
            found = "end of the line"
        else:
            found = f"'{clip(str(token))}'"
        if token.type == "NAME":
            hint = suggest(str(token), _keyword_values(expected, parser))
        message = f"unexpected {found}"
    elif isinstance(err, UnexpectedCharacters):
        message = f"unexpected {_describe_char(err.char)}"
    else:
        message = "unexpected end of the file"
    if words:
        shown = ", ".join(words[:-1]) + (" or " if len(words) > 1 else "") + words[-1]
        message += f"; expected {shown}"
    out.error(max(line or 1, 1), max(column or 1, 1), message, hint)


def _int(tok: Token, out: Collector) -> int | None:
    """The value of an INT token; None (with a diagnostic) when it is absurdly long."""
    text = str(tok)
    if len(text.lstrip("-")) > _MAX_DIGITS:
        out.error(tok.line or 1, tok.column or 1, f"the number {text[:12]}... is far too large")
        return None
    return int(text)


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
    each syntax error is reported exactly as if its block were alone."""

    def __init__(self, text: str, out: Collector, vocabulary: Vocabulary):
        self.out = out
        self.parser = _lark()
        self.builder = _Builder(out, vocabulary)
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
        first = self.chunks[begin][0]
        try:
            tree = self.parser.parse("".join(chunk for _, chunk, _ in self.chunks[begin:end]))
        except UnexpectedInput as err:
            line = (err.line or 0) + first - 1
            starts = [start for start, _, _ in self.chunks[begin:end]]
            return begin + max(bisect.bisect_right(starts, line) - 1, 0) if err.line and err.line > 0 else end - 1
        _shift_lines(tree, first - 1)
        self._items(tree)
        return None

    def _single(self, i: int) -> bool:
        """Parse one chunk, reporting its syntax error; True when it parsed."""
        start_line, chunk, _ = self.chunks[i]
        out = self.out
        if out.full and _BLOCK_START.match(chunk) and ("{" not in chunk or "}" not in chunk):
            out.count()  # a block needs both braces: surely one error, and it would not be kept
            return False
        try:
            tree = self.parser.parse(chunk)
        except UnexpectedInput as err:
            if out.full:
                out.count()  # one syntax error per chunk; past the kept ones it is only counted
                return False
            if err.line is not None and err.line > 0:
                err.line += start_line - 1
            following = None
            if i + 1 < len(self.chunks):
                next_line, next_chunk, _ = self.chunks[i + 1]
                keyword = _BLOCK_START.match(next_chunk)
                following = (next_line, keyword.group() if keyword else next_chunk[:4])
            _syntax_error(err, out, self.parser, _end_of_content(chunk, start_line), following)
            return False
        _shift_lines(tree, start_line - 1)
        self._items(tree)
        return True

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
    out.error(start_line, 1, f"a block may hold at most {MAX_BLOCK_WORDS:,} words and symbols, not {len(words):,}")
    return True


def _too_deep(chunk: str, start_line: int, out: Collector) -> bool:
    """Refuse a chunk whose parentheses nest deeper than a power may (a tree nested that deep
    would be refused after parsing anyway)."""
    if chunk.count("(") <= _MAX_NESTING:
        return False
    visible = _STRING_OR_COMMENT.sub(lambda m: " " * len(m.group()), chunk)
    depth = 0
    for match in _PAREN.finditer(visible):
        depth += 1 if match.group() == "(" else -1
        if depth > _MAX_NESTING:
            before = visible[: match.start()]
            line = start_line + before.count("\n")
            column = match.start() - (before.rfind("\n") + 1) + 1
            out.error(line, column, f"a power may nest at most {_MAX_NESTING} levels deep")
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


_Node = Tree[Token]  # a parsed node; which children are tokens is fixed by the grammar
_Child = Token | _Node


def _tok(node: _Child) -> Token:
    """A child the grammar makes a token."""
    if not isinstance(node, Token):
        raise AssertionError(f"expected a token, found {node!r}")
    return node


def _sub(node: _Child) -> _Node:
    """A child the grammar makes a subtree."""
    if not isinstance(node, Tree):
        raise AssertionError(f"expected a subtree, found {node!r}")
    return node


def _toks(node: _Node) -> list[Token]:
    return [_tok(child) for child in node.children]


def _span(node: _Child) -> ast.Span:
    if isinstance(node, Token):
        return ast.Span(
            node.line or 0, node.column or 0, node.end_line or 0, node.end_column or 0
        )
    meta = node.meta
    if getattr(meta, "empty", True):
        return ast.NO_SPAN
    return ast.Span(meta.line, meta.column, meta.end_line, meta.end_column)


class _Failed(Exception):
    """Internal: a phrase could not be read; its diagnostic is already recorded."""


class _Words:
    """A cursor over the words of one phrase, recording positioned errors."""

    def __init__(self, tokens: list[Token], out: Collector, end: ast.Span):
        self.tokens = tokens
        self.pos = 0
        self.out = out
        self.end = end

    def peek(self) -> Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self) -> Token:
        tok = self.peek()
        if tok is None:
            raise AssertionError("take() past the end")
        self.pos += 1
        return tok

    def fail(self, message: str, tok: Token | None = None, hint: str | None = None) -> _Failed:
        if tok is None:
            tok = self.peek()
        if tok is None:
            self.out.error(self.end.end_line, self.end.end_column, message, hint)
        else:
            self.out.error(tok.line or 0, tok.column or 0, message, hint)
        return _Failed()

    def word(self, choices: tuple[str, ...], what: str) -> Token:
        tok = self.peek()
        if tok is None or tok.type != "NAME":
            options = ", ".join(f"'{c}'" for c in choices)
            raise self.fail(f"expected {what} ({options})")
        if str(tok) not in choices:
            raise self.fail(f"unknown {what} '{clip(str(tok))}'", tok, suggest(str(tok), choices))
        return self.take()

    def keyword(self, expected: str) -> Token:
        tok = self.peek()
        if tok is None or str(tok) != expected:
            found = "nothing" if tok is None else f"'{clip(str(tok))}'"
            hint = None if tok is None else suggest(str(tok), (expected,))
            raise self.fail(f"expected '{expected}' but found {found}", tok, hint)
        return self.take()

    def number(self, what: str) -> int:
        tok = self.peek()
        if tok is None or tok.type != "INT":
            raise self.fail(f"expected a whole number for {what}")
        value = _int(self.take(), self.out)
        if value is None:
            raise _Failed()
        return value

    def op(self) -> str:
        tok = self.peek()
        if tok is None or tok.type != "OP":
            raise self.fail("expected a comparison (<, <=, >, >=, =)")
        return str(self.take())

    def done(self) -> None:
        tok = self.peek()
        if tok is not None:
            raise self.fail(f"unexpected '{clip(str(tok))}' at the end of the phrase", tok)


class _Builder:
    """Lark tree -> syntax tree.  Unknown words become diagnostics, not exceptions."""

    def __init__(self, out: Collector, vocabulary: Vocabulary):
        self.out = out
        self.vocab = vocabulary

    # -- blocks ------------------------------------------------------------------------
    def card(self, tree: _Node) -> ast.CardDef | None:
        """A ``card`` block (Pocket: two sides) or a ``bird`` block (classic: bird side only)."""
        name_tok = _tok(tree.children[0])
        name = str(name_tok)[1:-1]
        block = tree.data
        if block != self.vocab.block:
            self.out.error(
                name_tok.line or 1,
                max((name_tok.column or 1) - len(block) - 1, 1),
                f"this rule system writes cards as '{self.vocab.block}' blocks, not '{block}' blocks",
            )
            return None
        allowed = FIELDS if block == "card" else BIRD_FIELDS
        fields: dict[str, object] = {}
        given: set[str] = set()
        ok = True
        for child in tree.children[1:]:
            field = _sub(child)
            key, value, tok = self._field(field)
            if key not in allowed:
                self.out.error(tok.line or 1, tok.column or 1, f"a '{block}' block has no '{clip(key)}' field", suggest(key, allowed))
                ok = False
                continue
            if key in given:
                at = _span(field)
                line, column = (at.line, at.column) if at.line else (tok.line or 1, tok.column or 1)
                self.out.error(line, column, f"'{key}' is given twice in card '{name}'")
                ok = False
                continue
            given.add(key)
            if value is None:
                ok = False
            else:
                fields[key] = value
        required = ("food", "cost", "points", "egg_limit", "wingspan") if block == "card" else (
            "habitats", "cost", "points", "nest", "egg_limit", "wingspan")
        missing = [f"'{k}'" for k in required if k not in given]
        if missing:
            what = missing[0] if len(missing) == 1 else ", ".join(missing[:-1]) + " or " + missing[-1]
            self.out.error(name_tok.line or 1, name_tok.column or 1, f"card '{name}' has no {what} field")
            ok = False
        if not ok:
            return None
        # Each value has the type ``_field`` gives its key.
        colour, power = cast(tuple[str | None, ast.Power | None], fields.get("power", (None, None)))
        bird = ast.BirdDef(
            cost=cast(ast.CostDef, fields["cost"]),
            points=cast(int, fields["points"]),
            egg_limit=cast(int, fields["egg_limit"]),
            wingspan=cast(int, fields["wingspan"]),
            colour=colour,
            power=power,
            span=_span(tree),
            habitats=cast(tuple[str, ...], fields.get("habitats", ())),
            nest=cast("str | None", fields.get("nest")),
            card_set=cast("str | None", fields.get("set")),
            swift_start=cast(bool, fields.get("swift_start", False)),
        )
        return ast.CardDef(name, cast(tuple[str, ...], fields.get("food", ())), bird, _span(tree))

    def _field(self, field: _Node) -> tuple[str, object | None, Token]:
        kind = field.data
        if kind == "food_field":
            tokens = [t for t in field.children if isinstance(t, Token)]
            foods = [self._food(t) for t in tokens]
            if any(f is None for f in foods):
                return "food", None, tokens[0]
            if len(set(foods)) != len(foods):
                self.out.error(tokens[0].line or 0, tokens[0].column or 0, "a food side names the same food twice")
                return "food", None, tokens[0]
            if len(foods) > 2:
                self.out.error(tokens[0].line or 0, tokens[0].column or 0, "a food side shows one or two foods")
                return "food", None, tokens[0]
            return "food", tuple(foods), tokens[0]
        if kind in ("cost_field", "cost_or_field"):
            return "cost", self._cost(field, kind == "cost_or_field"), _tok(_sub(field.children[0]).children[-1])
        if kind == "habitats_field":
            tokens = _toks(field)
            habitats = [self._word(t, self.vocab.habitats, "habitat") for t in tokens]
            if any(h is None for h in habitats):
                return "habitats", None, tokens[0]
            if len(set(habitats)) != len(habitats):
                self.out.error(tokens[0].line or 1, tokens[0].column or 1, "a habitat is listed twice")
                return "habitats", None, tokens[0]
            ordered = tuple(h for h in self.vocab.habitats if h in habitats)  # canonical order
            return "habitats", ordered, tokens[0]
        if kind == "nest_field":
            tok = _tok(field.children[0])
            return "nest", self._word(tok, self.vocab.nests, "nest"), tok
        if kind == "set_field":
            tok = _tok(field.children[0])
            return "set", str(tok), tok
        if kind == "swift_field":
            tok = _tok(field.children[0])
            flag = self._word(tok, ("yes", "no"), "answer")
            return "swift_start", None if flag is None else flag == "yes", tok
        if kind == "number_field":
            key_tok, value_tok = _toks(field)
            return str(key_tok), _int(value_tok, self.out), key_tok
        if kind == "power_field":
            colour_tok, body = _tok(field.children[0]), _sub(field.children[1])
            colour = str(colour_tok)
            if colour not in self.vocab.colours:
                self.out.error(
                    colour_tok.line or 0,
                    colour_tok.column or 0,
                    f"unknown power colour '{clip(colour)}'",
                    suggest(colour, self.vocab.colours),
                )
                return "power", None, colour_tok
            power = self.power(body)
            return "power", (None if power is None else (colour, power)), colour_tok
        raise AssertionError(kind)  # the grammar has no other field

    def _word(self, tok: Token, choices: tuple[str, ...], what: str) -> str | None:
        word = str(tok)
        if word not in choices:
            self.out.error(tok.line or 1, tok.column or 1, f"unknown {what} '{clip(word)}'", suggest(word, choices))
            return None
        return word

    def _food(self, tok: Token) -> str | None:
        word = str(tok)
        if word not in self.vocab.foods:
            self.out.error(tok.line or 0, tok.column or 0, f"unknown food '{clip(word)}'", suggest(word, self.vocab.foods))
            return None
        return word

    def _cost(self, field: _Node, alternative: bool = False) -> ast.CostDef | None:
        foods: list[str] = []
        any_food = eggs = 0
        ok = True
        for child in field.children:
            item = _toks(_sub(child))
            count: int | None = 1
            if len(item) == 2:
                count = _int(item[0], self.out)
            tok = item[-1]
            word = str(tok)
            if count is None:
                ok = False
            elif count < 1:
                self.out.error(tok.line or 0, tok.column or 0, "a cost count must be at least 1")
                ok = False
            elif word == "none" and count == 1 and len(field.children) == 1:
                pass  # a bird printed with no food cost
            elif word == "any":
                any_food += count
            elif word == "egg":
                eggs += count
            elif self._food(tok) is not None:
                foods.extend([word] * count)
            else:
                ok = False
        if not ok:
            return None
        foods.sort(key=self.vocab.foods.index)  # canonical order, so render/parse round-trips
        if alternative and (any_food or eggs or len(set(foods)) != len(foods)):
            self.out.error(field.meta.line, field.meta.column, "a '/' cost lists different foods, one icon each")
            return None
        return ast.CostDef(tuple(foods), any_food, eggs, _span(field), alternative)

    def goal(self, tree: _Node) -> ast.GoalDef | None:
        name = str(tree.children[0])[1:-1]
        sides = []
        ok = True
        for child in tree.children[1:]:  # every side is read, so each one's errors are reported
            side = _sub(child)
            side_name = str(side.children[0])[1:-1]
            phrase = _sub(side.children[1])
            words = _Words(_toks(phrase), self.out, _span(phrase))
            if self.vocab.block == "bird":
                try:
                    measure = self._measure(words, _span(phrase))
                    words.done()
                except _Failed:
                    ok = False
                    continue
                sides.append(ast.GoalSide(side_name, ast.CardFilter("bird"), _span(side), measure))
                continue
            try:
                words.keyword("eggs")
                words.keyword("on")
                words.keyword("birds")
                preds = self._predicates(words)
                words.done()
            except _Failed:
                ok = False
                continue
            sides.append(ast.GoalSide(side_name, ast.CardFilter("bird", None, preds, _span(phrase)), _span(side)))
        return ast.GoalDef(name, tuple(sides), _span(tree)) if ok else None

    def bonus(self, tree: _Node) -> ast.BonusDef | None:
        name = str(tree.children[0])[1:-1]
        counts, scores = _sub(tree.children[1]), _sub(tree.children[2])
        phrase = _sub(counts.children[0])
        words = _Words(_toks(phrase), self.out, _span(phrase))
        try:
            measure = self._measure(words, _span(phrase))
            words.done()
        except _Failed:
            return None
        if scores.data == "each":
            each = _int(_tok(scores.children[0]), self.out)
            return None if each is None else ast.BonusDef(name, measure, (), each, _span(tree))
        tiers: list[tuple[int, int | None, int]] = []
        for child in scores.children:
            tier = _sub(child)
            numbers = [n for n in (_int(t, self.out) for t in _toks(tier)) if n is not None]
            if len(numbers) != len(tier.children):
                return None  # a number too long to read, already reported
            if tier.data == "closed_tier":
                tiers.append((numbers[0], numbers[1], numbers[2]))
            else:
                tiers.append((numbers[0], None, numbers[1]))
        return ast.BonusDef(name, measure, tuple(tiers), None, _span(tree))

    def _measure(self, w: _Words, span: ast.Span) -> ast.Measure:
        """What a classic goal side or bonus card counts."""
        what = str(w.word(("birds", "eggs", "egg", "cards"), "thing to count"))
        if what == "egg":
            w.keyword("sets")
            return ast.Measure("egg_sets", None, (), span)
        if what == "cards":
            w.keyword("in")
            w.keyword("hand")
            return ast.Measure("hand", None, (), span)
        habitat = None
        if self._maybe(w, "in"):
            if self._maybe(w, "fewest"):
                w.keyword("habitat")
                habitat = "fewest"
            else:
                habitat = str(w.word(self.vocab.habitats, "habitat"))
        if what == "eggs":
            if self._maybe(w, "on"):
                w.keyword("birds")
                return ast.Measure("eggs", habitat, self._predicates(w), span)
            return ast.Measure("eggs", habitat, (), span)
        return ast.Measure("birds", habitat, self._predicates(w), span)

    # -- powers ------------------------------------------------------------------------
    def power(self, node: _Node) -> ast.Power | None:
        try:
            return self._power(node)
        except _Failed:
            return None

    def _power(self, node: _Node, depth: int = 0) -> ast.Power:
        kind = node.data
        if depth > _MAX_NESTING and kind != "phrase":
            at = _span(node)
            self.out.error(max(at.line, 1), max(at.column, 1), f"a power may nest at most {_MAX_NESTING} levels deep")
            raise _Failed()
        if kind == "either":
            return ast.Either(self._all(node.children, depth + 1), _span(node))
        if kind == "chain":
            req, benefit = self._all(node.children, depth + 1)
            return ast.Then(req, benefit, _span(node))
        if kind == "all_players":
            units = [c for c in node.children if isinstance(c, Tree)]
            words = [c for c in node.children if isinstance(c, Token)]
            body = self._power(units[0], depth + 1)
            owner = self._power(units[1], depth + 1) if len(units) > 1 else None
            shared = self._all_players(words, body, _span(node))
            return attrs.evolve(shared, owner_body=owner) if owner is not None else shared
        if kind == "when":
            body = self._power(_sub(node.children[-1]), depth + 1)
            return self._when([_tok(c) for c in node.children[:-1]], body, _span(node))
        if kind == "phrase":
            return self._phrase(node)
        raise AssertionError(kind)

    def _all(self, nodes: list[_Child], depth: int) -> tuple[ast.Power, ...]:
        """Read every part, so that each bad phrase of a power gets its own diagnostic."""
        parts: list[ast.Power] = []
        failed = False
        for child in nodes:
            try:
                parts.append(self._power(_sub(child), depth))
            except _Failed:
                failed = True
        if failed:
            raise _Failed()
        return tuple(parts)

    def _phrase(self, node: _Node) -> ast.Power:
        words = _Words(_toks(node), self.out, _span(node))
        verb_tok = words.word(tuple(self.vocab.verbs), "verb")
        reader: Callable[[_Words, ast.Span], ast.Power] = getattr(self, "_verb_" + str(verb_tok))
        result = reader(words, _span(node))
        words.done()
        return result

    def _count(self, w: _Words) -> int:
        tok = w.peek()
        if tok is not None and tok.type == "INT":
            return w.number("how many")
        return 1

    def _verb_draw(self, w: _Words, span: ast.Span) -> ast.Power:
        count = self._count(w)
        nxt = w.peek()
        if nxt is not None and str(nxt) == "bonus":
            w.take()
            w.keyword("keep")
            return ast.DrawBonus(count, w.number("bonus cards kept"), span)
        if nxt is not None and str(nxt) == "tray" and count == 1:
            w.take()
            return ast.DrawTray(span)
        what = self._card_filter(w)
        source = None
        if self._maybe(w, "from"):
            source = str(w.word(("deck", "tray"), "place to draw from"))
        then_discard = 0
        if self._maybe(w, "then"):
            w.keyword("discard")
            then_discard = self._count(w)
            w.keyword("card")
            w.keyword("at")
            w.keyword("turn")
            w.keyword("end")
        return ast.Draw(what, span, count, source, then_discard)

    def _maybe(self, w: _Words, word: str) -> bool:
        tok = w.peek()
        if tok is not None and str(tok) == word:
            w.take()
            return True
        return False

    def _verb_tuck(self, w: _Words, span: ast.Span) -> ast.Power:
        count = self._count(w)
        what = self._card_filter(w)
        source = None
        if self._maybe(w, "from"):
            source = str(w.keyword("deck"))
        return ast.Tuck(what, span, count, source)

    def _verb_hunt(self, w: _Words, span: ast.Span) -> ast.Power:
        w.keyword("wingspan")
        w.keyword("<")
        return ast.Hunt(w.number("the hunt's wingspan"), span)

    def _verb_lay(self, w: _Words, span: ast.Span) -> ast.Power:
        count = self._count(w)
        w.keyword("egg")
        if not self._maybe(w, "on"):
            return ast.LayEgg(span, "any", None, count)
        where = "any"
        tok = w.peek()
        if tok is not None and str(tok) in ("this", "each", "other"):
            where = str(w.take())
        w.word(("bird", "birds"), "'bird'")
        if where == "this":
            return ast.LayEgg(span, "this", None, count)
        nest = None
        if self._maybe(w, "with"):
            nest = str(w.word(self.vocab.nests or ("bowl",), "nest"))
            w.keyword("nest")
        return ast.LayEgg(span, where, nest, count)

    def _verb_discard(self, w: _Words, span: ast.Span) -> ast.Power:
        tok = w.peek()
        if tok is not None and str(tok) == "egg":
            w.take()
            other = False
            if self._maybe(w, "from"):
                w.keyword("other")
                w.keyword("bird")
                other = True
            return ast.DiscardEgg(span, other)
        return ast.DiscardCard(self._card_filter(w, extra=("egg",)), span)

    def _foods_or_any(self, w: _Words, any_words: tuple[str, ...]) -> tuple[str, ...]:
        tok = w.peek()
        if tok is not None and str(tok) in any_words:
            w.take()
            return ()
        foods = [str(w.word(self.vocab.foods + any_words, "food"))]
        while self._maybe(w, "or"):
            foods.append(str(w.word(self.vocab.foods, "food")))
        return tuple(sorted(set(foods), key=self.vocab.foods.index))

    def _verb_gain(self, w: _Words, span: ast.Span) -> ast.Power:
        take_all = self._maybe(w, "all")
        count = 1 if take_all else self._count(w)
        foods = self._foods_or_any(w, ("any", "die"))
        w.keyword("from")
        source = str(w.word(("feeder", "supply"), "food source"))
        may_cache = False
        if self._maybe(w, "may"):
            w.keyword("cache")
            may_cache = True
        return ast.Gain(foods, source, span, count, take_all, may_cache)

    def _verb_cache(self, w: _Words, span: ast.Span) -> ast.Power:
        count = self._count(w)
        food = str(w.word(self.vocab.foods, "food"))
        w.keyword("from")
        w.keyword("supply")
        return ast.Cache(food, span, count)

    def _verb_roll(self, w: _Words, span: ast.Span) -> ast.Power:
        w.keyword("dice")
        w.keyword("for")
        return ast.RollDice(str(w.word(self.vocab.foods, "food")), span)

    def _verb_move(self, w: _Words, span: ast.Span) -> ast.Power:
        w.keyword("if")
        w.keyword("rightmost")
        return ast.Move(span)

    def _verb_repeat(self, w: _Words, span: ast.Span) -> ast.Power:
        kind = str(w.word(("brown", "predator"), "kind of power"))
        w.keyword("power")
        w.keyword("in")
        w.keyword("this")
        w.keyword("habitat")
        return ast.Repeat(kind, span)

    def _verb_play(self, w: _Words, span: ast.Span) -> ast.Power:
        w.keyword("bird")
        w.keyword("in")
        if self._maybe(w, "this"):
            w.keyword("habitat")
            return ast.PlayBird("this", span)
        return ast.PlayBird(str(w.word(self.vocab.habitats, "habitat")), span)

    def _verb_trade(self, w: _Words, span: ast.Span) -> ast.Power:
        w.keyword("food")
        w.keyword("for")
        w.keyword("any")
        return ast.Trade(span)

    def _verb_share(self, w: _Words, span: ast.Span) -> ast.Power:
        w.keyword("cards")
        return ast.ShareCards(span)

    def _all_players(self, words: list[Token], body: ast.Power, span: ast.Span) -> ast.AllPlayers:
        """The words between 'all players' and ':' say how the benefit is shared:
        'from one deck', or 'with fewest birds in HABITAT' and/or 'starting with chosen'."""
        w = _Words(words, self.out, span)
        if self._maybe(w, "from"):
            w.keyword("one")
            w.keyword("deck")
            w.done()
            return ast.AllPlayers(body, True, span)
        fewest = None
        if w.peek() is not None and str(w.peek()) == "with":
            w.take()
            w.keyword("fewest")
            w.keyword("birds")
            w.keyword("in")
            fewest = str(w.word(self.vocab.habitats or ("forest",), "habitat"))
        chosen = False
        if w.peek() is not None:
            w.word(("starting",), "way to share ('from one deck', 'with fewest birds in ...', 'starting with chosen')")
            w.keyword("with")
            w.keyword("chosen")
            chosen = True
        w.done()
        return ast.AllPlayers(body, False, span, chosen_start=chosen, fewest_in=fewest)

    def _when(self, words: list[Token], body: ast.Power, span: ast.Span) -> ast.Power:
        """The trigger of a pink power: 'when other <event>:'."""
        w = _Words(words, self.out, span)
        w.keyword("other")
        event = str(w.word(("lays", "plays", "predator", "gains"), "event"))
        qualifier = None
        if event == "lays":
            w.keyword("eggs")
            name = "lays_eggs"
        elif event == "plays":
            w.keyword("bird")
            w.keyword("in")
            qualifier = str(w.word(self.vocab.habitats or ("forest",), "habitat"))
            name = "plays_bird"
        elif event == "predator":
            w.keyword("succeeds")
            name = "predator_succeeds"
        else:
            qualifier = str(w.word(self.vocab.foods, "food"))
            name = "gains_food"
        w.done()
        return ast.When(name, body, qualifier, span)

    def _verb_copy(self, w: _Words, span: ast.Span) -> ast.Power:
        return ast.Copy(str(w.word(self.vocab.colours, "power colour")), span)

    def _verb_ignore(self, w: _Words, span: ast.Span) -> ast.Power:
        food = str(w.word(self.vocab.foods, "food"))
        w.keyword("in")
        w.keyword("costs")
        return ast.IgnoreCost(food, span)

    def _verb_spend(self, w: _Words, span: ast.Span) -> ast.Power:
        food = str(w.word(self.vocab.foods, "food"))
        w.keyword("as")
        w.keyword("any")
        return ast.SpendAsAny(food, span)

    def _verb_treat(self, w: _Words, span: ast.Span) -> ast.Power:
        food = str(w.word(self.vocab.foods, "food"))
        w.keyword("as")
        w.keyword("any")
        w.keyword("in")
        w.keyword("powers")
        return ast.AnyInPowers(food, span)

    def _card_filter(self, w: _Words, extra: tuple[str, ...] = ()) -> ast.CardFilter:
        kind_tok = w.word(CARD_KINDS + extra, "kind of card")
        kind = str(kind_tok)
        span = _span(kind_tok)
        if kind == "food":
            nxt = w.peek()
            food = None
            if nxt is not None and nxt.type == "NAME":
                food = str(w.word(self.vocab.foods, "food"))
            return ast.CardFilter("food", food, (), span)
        if kind == "bird":
            return ast.CardFilter("bird", None, self._predicates(w), span)
        return ast.CardFilter("card", None, (), span)

    _CONDITIONS = ("costing", "where", "with", "without")
    _CLASSIC_CONDITIONS = ("costing", "where", "with", "without", "living", "named")

    @staticmethod
    def _name_words(w: _Words, keywords: tuple[str, ...]) -> list[str]:
        words = []
        tok = w.peek()
        while tok is not None and tok.type == "NAME" and str(tok) not in (*keywords, "except"):
            words.append(str(w.take()))
            tok = w.peek()
        return words

    def _predicates(self, w: _Words) -> tuple[ast.Predicate, ...]:
        classic = self.vocab.block == "bird"
        keywords = self._CLASSIC_CONDITIONS if classic else self._CONDITIONS
        preds: list[ast.Predicate] = []
        while w.peek() is not None and str(w.peek()) not in ("from", "then"):
            tok = w.word(keywords, "bird condition")
            word = str(tok)
            if word == "costing":
                if classic and self._maybe(w, "only"):
                    preds.append(ast.CostingOnly(str(w.word(self.vocab.foods, "food")), _span(tok)))
                    continue
                food = str(w.word(self.vocab.foods + (("any",) if classic else ()), "food"))
                preds.append(ast.Costing(food, _span(tok)))
            elif word == "where":
                attribute = str(w.word(ATTRIBUTES + (("eggs",) if classic else ()), "bird number"))
                op = w.op()
                if op not in OPERATORS:
                    raise w.fail(f"unknown comparison '{op}'")
                preds.append(ast.Compare(attribute, op, w.number(attribute), _span(tok)))
            elif word == "with":
                choices = self.vocab.colours + (self.vocab.nests + ("predator", "flocking") if classic else ())
                kind = str(w.word(choices, "power colour" if not classic else "power colour, trait or nest"))
                if kind in self.vocab.nests:
                    w.keyword("nest")
                    preds.append(ast.HasNest(kind, _span(tok)))
                elif kind in ("predator", "flocking"):
                    w.keyword("power")
                    preds.append(ast.HasTrait(kind, _span(tok)))
                else:
                    w.keyword("power")
                    preds.append(ast.HasColour(kind, _span(tok)))
            elif word == "living":
                w.keyword("only")
                w.keyword("in")
                preds.append(ast.LivesOnly(str(w.word(self.vocab.habitats, "habitat")), _span(tok)))
            elif word == "named":
                if self._maybe(w, "after"):
                    w.keyword("person")
                    preds.append(ast.Named(("'s",), _span(tok)))
                    continue
                words = self._name_words(w, keywords)
                if not words:
                    raise w.fail("expected the words a name may contain")
                unless: list[str] = []
                if self._maybe(w, "except"):
                    unless = self._name_words(w, keywords)
                    if not unless:
                        raise w.fail("expected the words that do not count after 'except'")
                preds.append(ast.Named(tuple(words), _span(tok), tuple(unless)))
            else:
                w.keyword("power")
                preds.append(ast.HasColour(None, _span(tok)))
        return tuple(preds)
