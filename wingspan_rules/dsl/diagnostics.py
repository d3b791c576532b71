"""Positioned error messages for card files, collected rather than raised one by one."""

from __future__ import annotations

import difflib
from typing import Iterable

import attrs


@attrs.frozen
class Diagnostic:
    """One problem in a card file, at a 1-based line and column."""

    file: str
    line: int
    column: int
    message: str
    source_line: str = ""
    hint: str | None = None

    def __str__(self) -> str:
        head = f"{self.file}:{self.line}:{self.column}: error: {self.message}"
        parts = [head]
        if self.source_line:
            # One printed character per column: control characters become a visible mark,
            # and the caret line keeps the source's tabs so the caret lines up under them.
            shown = "".join(c if c == "\t" or c.isprintable() else "\ufffd" for c in self.source_line.rstrip("\r\n"))
            lead = "".join(c if c == "\t" else " " for c in shown[: max(self.column - 1, 0)])
            parts.append("    " + shown)
            parts.append("    " + lead.ljust(max(self.column - 1, 0)) + "^")
        if self.hint:
            parts.append("    " + self.hint)
        return "\n".join(parts)


class DslError(ValueError):
    """A card file could not be compiled; ``diagnostics`` holds every problem found."""

    def __init__(self, diagnostics: Iterable[Diagnostic]):
        self.diagnostics: tuple[Diagnostic, ...] = tuple(diagnostics)
        super().__init__(self.render())

    def render(self) -> str:
        count = len(self.diagnostics)
        body = "\n".join(str(d) for d in self.diagnostics)
        return f"{count} error{'s' if count != 1 else ''} in card text\n{body}"


def suggest(word: str, choices: Iterable[str]) -> str | None:
    """The closest known word to a misspelling, phrased as a hint, or None."""
    found = difflib.get_close_matches(word, sorted(set(choices)), n=1, cutoff=0.6)
    return f"did you mean '{found[0]}'?" if found else None


class Collector:
    """Gathers diagnostics for one file so that every error is reported at once."""

    def __init__(self, text: str, file: str):
        self.file = file
        # Lines end at "\n" only, as the parser counts them ("\r" and form feeds do not end a line).
        self.lines = [line.rstrip("\r") for line in text.split("\n")]
        self.items: list[Diagnostic] = []

    def error(self, line: int, column: int, message: str, hint: str | None = None) -> None:
        source = self.lines[line - 1] if 0 < line <= len(self.lines) else ""
        self.items.append(Diagnostic(self.file, line, column, message, source, hint))

    def raise_if_any(self) -> None:
        if self.items:
            raise DslError(sorted(self.items, key=lambda d: (d.line, d.column)))
