"""Reading and writing the values of position entries: names, counts, foods, places, players."""

from __future__ import annotations

from ..engine.state import NEST, NOWHERE, Place, place

YES = {"yes": True, "true": True, "no": False, "false": False}


def quoted(name: str) -> str:
    """A name as the position language writes it."""
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def player_word(p: int) -> str:
    return f"p{p}"


def read_player(word: str | int, players: int) -> int | None:
    """``p0``... as a seat number; None when it names no seat of this game."""
    if isinstance(word, str) and len(word) >= 2 and word[0] == "p" and word[1:].isascii() and word[1:].isdigit():
        p = int(word[1:])
        return p if p < players else None
    return None


def place_word(pl: Place, rows: tuple[str, ...]) -> str:
    """A place on a mat: ``forest.1`` (columns from 1), ``nest`` (Pocket) or ``none``."""
    if pl == NEST:
        return "nest"
    if pl == NOWHERE:
        return "none"
    if 0 <= pl.row < len(rows):
        return f"{rows[pl.row]}.{pl.column + 1}"
    return f"row{pl.row}.{pl.column + 1}"


def read_place(word: str | int, rows: tuple[str, ...]) -> Place | None:
    if word == "nest":
        return NEST
    if word == "none":
        return NOWHERE
    if not isinstance(word, str) or "." not in word:
        return None
    row, _, column = word.rpartition(".")
    if row not in rows or not (column.isascii() and column.isdigit()) or not 1 <= int(column) <= 64:
        return None
    return place(rows.index(row), int(column) - 1)
