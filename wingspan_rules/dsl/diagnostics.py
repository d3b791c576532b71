"""Positioned error messages for card files, collected rather than raised one by one."""

from __future__ import annotations

import difflib
import functools
import heapq
from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from ..i18n import _, ngettext


@attrs.frozen
class Suggestion:
    """What a "did you mean" hint proposes: ``instead`` written in place of ``word``."""

    word: str
    instead: str


@attrs.frozen
class Diagnostic:
    """One problem in a card file, at a 1-based line and column."""

    file: str
    line: int
    column: int
    message: str
    source_line: str = ""
    hint: str | None = None
    # the word a "did you mean" hint proposes, as data (an editor's quick fix writes it in):
    # given where the hint came from ``suggest``; it takes no part in equality
    suggestion: Suggestion | None = attrs.field(default=None, eq=False)

    def __str__(self) -> str:
        head = _("{file}:{line}:{column}: error: {message}").format(file=self.file, line=self.line, column=self.column, message=self.message)
        parts = [head]
        if self.source_line:
            # One printed character per column: control characters become a visible mark,
            # and the caret line keeps the source's tabs so the caret lines up under them.
            # A long line is shown as a window around the column.
            source, column = _window(self.source_line.rstrip("\r\n"), max(self.column - 1, 0))
            shown = "".join(c if c == "\t" or c.isprintable() else "\ufffd" for c in source)
            lead = "".join(c if c == "\t" else " " for c in shown[:column])
            parts.append("    " + shown)
            parts.append("    " + lead.ljust(column) + "^")
        if self.hint:
            parts.append("    " + self.hint)
        return "\n".join(parts)


_BEFORE, _AFTER = 100, 100  # characters of a long source line shown around the column


def _window(line: str, column: int) -> tuple[str, int]:
    """The part of a long line around a 0-based column, and the column within that part."""
    if len(line) <= _BEFORE + _AFTER:
        return line, column
    start = max(min(column - _BEFORE, len(line) - _BEFORE - _AFTER), 0)
    head = "..." if start > 0 else ""
    tail = "..." if start + _BEFORE + _AFTER < len(line) else ""
    return head + line[start : start + _BEFORE + _AFTER] + tail, column - start + len(head)


# How many diagnostics a DslError shows in its text, and how many it keeps at most in
# ``.diagnostics`` (the first ones by position); ``.total`` counts every problem found.
SHOWN = 20
KEPT = 500
# Every error's text fits in this many bytes (UTF-8), whatever its input: a message lists the
# problems that fit and says how many more there are (``listing``).
MAX_TEXT = 1024


def cut(text: str, size: int = MAX_TEXT) -> str:
    """``text`` cut to at most ``size`` bytes of UTF-8 (with "..." where it was cut)."""
    data = text.encode("utf-8")
    if len(data) <= size:
        return text
    return data[: size - 3].decode("utf-8", "ignore") + "..."


def listing(head: str, items: Sequence[str], total: int, noun: str) -> str:
    """``head``, then as many of ``items`` (the first ``SHOWN`` at most) as fit in ``MAX_TEXT``
    bytes with room left for "... and N more ``noun``s" when some are left out."""
    lines = [cut(head, MAX_TEXT // 2)]
    room = MAX_TEXT - len(lines[0].encode("utf-8")) - 48  # (the "... and N more" line)
    shown = 0
    for item in items[:SHOWN]:
        size = len(item.encode("utf-8")) + 1
        if size > room:
            if shown == 0 and room > 80:
                lines.append(cut(item, room - 1))
                shown = 1
            break
        lines.append(item)
        room -= size
        shown += 1
    hidden = total - shown
    if hidden > 0:
        lines.append(_more(hidden, noun))
    return "\n".join(lines)


def _more(hidden: int, noun: str) -> str:
    """"... and N more errors" (problems, ...), in the current language."""
    n = f"{hidden:,}"
    if noun == "error":
        return ngettext("... and {n} more error", "... and {n} more errors", hidden).format(n=n)
    if noun == "problem":
        return ngettext("... and {n} more problem", "... and {n} more problems", hidden).format(n=n)
    return f"... and {n} more {noun}{'s' if hidden != 1 else ''}"


def or_list(words: Sequence[str]) -> str:
    """'a', 'a or b', 'a, b or c', joined by the current language's word for "or"."""
    if len(words) <= 1:
        return "".join(words)
    return _("{first} or {second}").format(first=", ".join(words[:-1]), second=words[-1])


class DslError(ValueError):
    """A card file could not be compiled.

    ``diagnostics`` holds the first problems by position (at most ``KEPT``, 500) and ``total``
    the number of problems found in all.  The text (``str(err)``, ``render()``) shows the first
    ``SHOWN`` (20) and says how many more there are, so hostile input cannot flood a terminal."""

    def __init__(self, diagnostics: Iterable[Diagnostic], total: int | None = None):
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        self.total: int = max(total or 0, len(self.diagnostics))
        super().__init__(self.render())

    def render(self, limit: int = SHOWN) -> str:
        """The first problems (at most ``limit``, and what fits in ``MAX_TEXT`` bytes) and how
        many more there are."""
        count = self.total
        head = ngettext("{n} error in card text", "{n} errors in card text", count).format(n=f"{count:,}")
        return listing(head, [str(d) for d in self.diagnostics[:limit]], count, "error")


_LONGEST_WORD = 40  # longer words are quoted in part and get no suggestion
_LONGEST_MESSAGE = 500


def clip(word: str) -> str:
    """A word as a message quotes it: a hostile word of a megabyte is cut short."""
    return word if len(word) <= _LONGEST_WORD else word[: _LONGEST_WORD - 3] + "..."


def suggest(word: str, choices: Iterable[str]) -> str | None:
    """The closest known word to a misspelling, phrased as a hint, or None."""
    if len(word) > _LONGEST_WORD:
        return None
    return _suggest(word, tuple(sorted(set(choices))))


class Hint(str):
    """The text of a "did you mean" hint (what ``suggest`` returns), carrying what it proposes
    (``suggestion``) for a tool to act on; it reads and compares as its text."""

    suggestion: Suggestion

    def __new__(cls, text: str, suggestion: Suggestion) -> Hint:
        made = super().__new__(cls, text)
        made.suggestion = suggestion
        return made

    def __reduce__(self) -> tuple[Any, ...]:  # (a copy or a pickle keeps the suggestion)
        return (Hint, (str(self), self.suggestion))


def _suggest(word: str, choices: tuple[str, ...]) -> str | None:
    found = _closest(word, choices)
    return Hint(_("did you mean '{word}'?").format(word=found), Suggestion(word, found)) if found is not None else None


@functools.lru_cache(maxsize=4096)
def _closest(word: str, choices: tuple[str, ...]) -> str | None:
    # Cached: a hostile file repeats the same misspelling thousands of times.  (Only the word
    # found is kept: the hint is worded in the language current when it is asked for.)
    found = difflib.get_close_matches(word, choices, n=1, cutoff=0.6)
    return found[0] if found else None


class Collector:
    """Gathers diagnostics for one file so that every error is reported at once.

    Only the first ``limit`` diagnostics by position are kept (a heap of the smallest
    positions); the others are only counted in ``total``, so memory stays bounded."""

    def __init__(self, text: str, file: str, limit: int = KEPT):
        self.file = file
        self.text = text
        self._lines: list[str] | None = None
        self.limit = limit
        self.total = 0
        self._heap: list[tuple[int, int, int, Diagnostic]] = []  # (-line, -column, -seq, d): a max-heap

    def _source_line(self, line: int) -> str:
        if self._lines is None:
            # Lines end at "\n" only, as the parser counts them ("\r" and form feeds do not end a line).
            self._lines = self.text.split("\n")
        return self._lines[line - 1].rstrip("\r") if 0 < line <= len(self._lines) else ""

    def error(self, line: int, column: int, message: str, hint: str | None = None) -> None:
        self.total += 1
        key = (-line, -column, -self.total)
        if len(self._heap) >= self.limit:
            if key <= self._heap[0][:3]:
                return  # later than every kept one: counted, not kept
            heapq.heappop(self._heap)
        if len(message) > _LONGEST_MESSAGE:  # a card name of a megabyte, say
            message = message[: _LONGEST_MESSAGE - 3] + "..."
        suggestion = hint.suggestion if isinstance(hint, Hint) else None
        diagnostic = Diagnostic(self.file, line, column, message, self._source_line(line), None if hint is None else str(hint), suggestion)
        heapq.heappush(self._heap, (*key, diagnostic))

    @property
    def items(self) -> list[Diagnostic]:
        """The kept diagnostics, by position (then in the order they were found)."""
        return [entry[3] for entry in sorted(self._heap, reverse=True)]

    @property
    def full(self) -> bool:
        """True once later diagnostics can only be counted (callers may skip describing them)."""
        return len(self._heap) >= self.limit

    def count(self, n: int = 1) -> None:
        """Count problems that will not be kept (see ``full``) without describing them."""
        self.total += n

    def raise_if_any(self) -> None:
        if self.total:
            raise DslError(self.items, self.total)
