"""Card files in their canonical layout: ``wingspan-rules cards format``.

``format_text`` writes every block of a card file the way the renderer (``render``) writes card
text, its fields in the canonical order and spacing and its power in canonical card text, and
keeps every comment of the file where it was:

* comments before a block (and at the top of the file) stay before it; between blocks and
  comments, a run of blank lines becomes one blank line, or two where the file had two or more
  (a break between groups of blocks);
* a comment on a line of its own inside a block stays before the field it stood before (moved
  with that field when the fields are put in order), or before the closing ``}``;
* a comment at the end of a line (after ``{``, a field or ``}``) stays at the end of that line,
  two spaces after it;
* comments after the last block stay at the end of the file.

Blocks keep their order; one blank line (or two, as above) stands between two blocks, none
inside a block, none at the start of the file, and the file ends with one line break.  The
file keeps its line breaks (``\\r\\n`` or ``\\n``, as its first line ends).

Text that does not compile is not formatted: ``format_text`` raises the ``DslError`` that
``cards lint`` prints.  Whatever it returns compiles to the very cards, goals and bonus cards
the text compiled to and holds each of its comments; ``format_text`` checks both before it
returns (``FormatError`` if not, which would be a fault of the renderer), so formatting never
loses a word of a file.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Protocol

import attrs

from ..cards import CardSet, compile_sources
from ..i18n import _
from . import ast, render
from .diagnostics import DslError
from .vocabulary import Vocabulary

__all__ = ["FormatError", "comments", "format_text"]


class FormatError(RuntimeError):
    """The canonical text would not mean what the text meant, or would lose a comment: a
    fault of the renderer or of this module, never of the text (which is left as it was)."""


# A quoted name or a comment, whichever comes first on a line (a '#' inside a name is no comment).
_STRING_OR_COMMENT = re.compile(r'"[^"\n]*"|#.*')
_WORD = re.compile(r"\s*([a-z_]+)")
_INDENT = "  "  # a field, or a comment inside a block
_GAP = "  "  # before a comment at the end of a line


def _split(line: str) -> tuple[str, str | None]:
    """A line's code (without blanks around it) and its comment (from '#'; trailing blanks
    dropped), None when it has none."""
    for match in _STRING_OR_COMMENT.finditer(line):
        if match.group().startswith("#"):
            return line[: match.start()].strip(" \t"), match.group().rstrip(" \t")
    return line.strip(" \t"), None


def comments(text: str) -> list[str]:
    """The comments of card text, in file order, each from its '#' to the end of its line
    (trailing blanks dropped): what ``format_text`` keeps."""
    found = []
    for line in _lines(text):
        comment = _split(line)[1]
        if comment is not None:
            found.append(comment)
    return found


def _lines(text: str) -> list[str]:
    """The lines of text, split at line breaks alone (``\\r\\n`` or ``\\n``: not at the other
    characters ``str.splitlines`` breaks at, which card text may hold inside a comment)."""
    return text.replace("\r\n", "\n").split("\n")


def _newline(text: str) -> str:
    """The file's line break: that of its first line."""
    first = text.find("\n")
    return "\r\n" if first > 0 and text[first - 1] == "\r" else "\n"


@attrs.define
class _Block:
    """One block of the file: where it stands, and its canonical lines."""

    first: int  # 0-based line of its head ('card "NAME" {')
    last: int  # 0-based line of its closing '}'
    lines: list[str]  # canonical lines, head to '}'


def _blocks(deck: CardSet) -> list[_Block]:
    """The blocks of a compiled file in file order, with their canonical text."""
    found: list[tuple[ast.Span, str]] = [(c.definition.span, render.card_dsl(c.definition)) for c in deck.cards]
    found += [(g.definition.span, render.goal_dsl(g.definition)) for g in deck.goals]
    found += [(b.definition.span, render.bonus_dsl(b.definition)) for b in deck.bonuses]
    found.sort(key=lambda item: (item[0].line, item[0].column))
    return [_Block(span.line - 1, span.end_line - 1, text.rstrip("\n").split("\n")) for span, text in found]


def _key(code: str, seen: Counter[str]) -> tuple[str, int]:
    """A field line's key: its first word and how many lines of the block began with it
    before (a goal's two 'side' lines)."""
    match = _WORD.match(code)
    word = match.group(1) if match else code.strip()
    seen[word] += 1
    return word, seen[word]


class _Gap:
    """The comments and blank lines between two blocks (or before the first, or after the
    last), as the canonical layout writes them: each run of blank lines becomes one blank line,
    or two where the file had two or more (a break between groups of blocks); one blank line
    at least follows a block's '}', and none begins or ends the file."""

    def __init__(self) -> None:
        self.comments: list[str] = []
        self.runs = [0]  # the blank lines before each comment, and after the last

    def blank(self) -> None:
        self.runs[-1] += 1

    def comment(self, comment: str) -> None:
        self.comments.append(comment)
        self.runs.append(0)

    def lines(self, after_block: bool, before_block: bool) -> list[str]:
        """The lines to write, after a block's '}' or at the top of the file, and before a
        block or at the end of the file."""
        if not before_block and not self.comments:
            return []
        runs = [min(run, 2) for run in self.runs]
        runs[0] = max(runs[0], 1) if after_block else 0
        if not before_block:
            runs[-1] = 0
        out = [""] * runs[0]
        for comment, run in zip(self.comments, runs[1:], strict=True):
            out += [comment] + [""] * run
        return out


def format_text(text: str, vocabulary: Vocabulary, file: str = "<text>") -> str:
    """The canonical text of card file ``text`` (see the module's doc), in ``vocabulary``'s
    words.  Raises ``DslError`` (every problem, positioned, as ``cards lint`` reports them)
    when the text does not compile, and ``FormatError`` when the canonical text would not
    compile to the same deck or would lose a comment (never, unless the renderer is wrong)."""
    deck = compile_sources([(file, text)], vocabulary)
    lines = _lines(text)
    blocks = _blocks(deck)
    out: list[str] = []
    at = 0  # the next line of the file not yet written
    for index, block in enumerate(blocks):
        if block.first < at and (index == 0 or block.first != blocks[index - 1].last):
            raise FormatError(_("{file}:{line}: two blocks overlap").format(file=file, line=block.first + 1))
        out += _gap(lines, at, block.first, file).lines(after_block=index > 0, before_block=True)
        out += _block(block, lines, file)
        at = block.last + 1
    out += _gap(lines, at, len(lines), file).lines(after_block=bool(blocks), before_block=False)
    newline = _newline(text)
    formatted = newline.join(out) + newline if out else ""
    _verify(text, formatted, deck, vocabulary, file)
    return formatted


def _gap(lines: list[str], start: int, end: int, file: str) -> _Gap:
    """The comments and blank lines of lines [start, end), which stand outside every block."""
    gap = _Gap()
    for number in range(start, end):
        code, comment = _split(lines[number])
        if code:
            raise FormatError(_("{file}:{line}: text outside a block").format(file=file, line=number + 1))
        if comment is None:
            gap.blank()
        else:
            gap.comment(comment)
    return gap


def _block(block: _Block, lines: list[str], file: str) -> list[str]:
    """A block's canonical lines, each with the comments the file gave it."""
    head, fields, close = block.lines[0], block.lines[1:-1], block.lines[-1]
    seen: Counter[str] = Counter()
    keyed = [(_key(line, seen), line) for line in fields]
    known = {key for key, _ in keyed}
    # the file's comments, by the line they belong to: each field (by key), the head, the '}'
    before: dict[tuple[str, int], list[str]] = {}
    after: dict[tuple[str, int], str] = {}
    pending: list[str] = []  # own-line comments waiting for the line they stand before
    seen = Counter()
    for number in range(block.first + 1, block.last):
        code, comment = _split(lines[number])
        if not code:
            if comment is not None:
                pending.append(comment)
            continue  # a blank line inside a block goes
        key = _key(code, seen)
        if key not in known:
            # a field the canonical text leaves out as saying nothing ('swift_start: no'):
            # its comment stands on a line of its own before the next field
            pending += [] if comment is None else [comment]
            continue
        before[key], pending = pending, []
        if comment is not None:
            after[key] = comment
    head_comment = _split(lines[block.first])[1]
    close_code, close_comment = _split(lines[block.last])
    if not close_code.startswith("}"):
        raise FormatError(_("{file}:{line}: the block's last line is not its '}}'").format(file=file, line=block.last + 1))
    if close_code != "}":
        close_comment = None  # the next block's head shares the line: the comment is that head's
    out = [_with(head, head_comment)]
    for key, line in keyed:
        out += [_INDENT + comment for comment in before.get(key, ())]
        out.append(_with(line, after.get(key)))
    out += [_INDENT + comment for comment in pending]
    out.append(_with(close, close_comment))
    return out


def _with(line: str, comment: str | None) -> str:
    return line if comment is None else line + _GAP + comment


def _verify(text: str, formatted: str, deck: CardSet, vocabulary: Vocabulary, file: str) -> None:
    """Make sure the canonical text means what the text meant and keeps its comments."""
    try:
        again = compile_sources([(file, formatted)], vocabulary)
    except DslError as err:
        raise FormatError(
            _("{file}: the canonical text would not compile ({problem}); the file is left as it was").format(file=file, problem=err.diagnostics[0].message)
        ) from None
    changed = (
        _changed("card", deck.cards, again.cards)
        or _changed("goal", deck.goals, again.goals)
        or _changed("bonus card", deck.bonuses, again.bonuses)
    )
    if changed:
        raise FormatError(_("{file}: the canonical text would change {what}; the file is left as it was").format(file=file, what=changed))
    if Counter(comments(text)) != Counter(comments(formatted)):
        raise FormatError(_("{file}: the canonical text would lose a comment; the file is left as it was").format(file=file))


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def _changed(kind: str, old: Sequence[_Named], new: Sequence[_Named]) -> str | None:
    """What differs between two compilations of the blocks of one kind, if anything."""
    if len(old) != len(new):
        number = {"card": _("the number of cards ({old} to {new})"), "goal": _("the number of goals ({old} to {new})")}.get(
            kind, _("the number of bonus cards ({old} to {new})")
        )
        return number.format(old=len(old), new=len(new))
    for before, after in zip(old, new, strict=True):
        if before != after:
            named = {"card": _("card '{name}'"), "goal": _("goal '{name}'")}.get(kind, _("bonus card '{name}'"))
            return named.format(name=before.name)
    return None
