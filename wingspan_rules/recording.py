"""Writing the game record (the format: ``record.py``, which reads it and replays it).

The writer sits below ``Game``: it reads a game through the ``Recorded`` protocol (the
documented seam ``Game`` fills), so ``game.py`` imports it and it imports nothing of
``game.py``; the reader (``record.read_record``), which builds games, sits above ``Game``.
"""

from __future__ import annotations

import json
from typing import Any, Protocol

from .events import Events
from .i18n import _, language
from .position.show import show

HEADER = "# wingspan-rules record"
FORMAT = 1
"""The version of the record format ``write_record`` writes, on its ``format`` line, right
after the header (docs/stability.md, "File formats")."""
READS: tuple[int, ...] = (1,)
"""The versions of the record format ``read_record`` reads.  A record with no ``format`` line
is of format 1: records written before they carried their version, and records of actions
written by hand, are all of it."""


class Recorded(Protocol):
    """What the writer reads of a game (``Game`` has all of it)."""

    ruleset: str
    players: int
    seed: int
    options: dict[str, Any]
    origin: tuple[Any, ...]

    def events(self) -> Events: ...

    def start(self) -> Any:
        """The game as it began (a new game made from ``origin``), for ``show``."""
        ...


def write_record(game: Recorded, seat: int | None = None) -> str:
    """The record of ``game`` (as ``seat`` sees it, or whole).  A record is a file that
    ``read_record`` reads back, so it is in English whatever the current language (the events
    as ``describe`` words them in English, the table of a record seen from one seat too)."""
    if seat is not None and (type(seat) is not int or not 0 <= seat < game.players):
        raise ValueError(_("seat must be 0 to {last}, not {seat!r}").format(last=game.players - 1, seat=seat))
    with language("en"):
        return _write(game, seat)


def _write(game: Recorded, seat: int | None) -> str:
    lines = [HEADER, f"format {FORMAT}", f"ruleset {game.ruleset}", f"players {game.players}"]
    origin = game.origin
    if seat is None:
        if origin[0] != "save":  # (a save holds its own seed)
            lines.append(f"seed {origin[2] if origin[0] == 'position' else game.seed}")
    else:
        lines.append(f"seen from p{seat}")
    if origin[0] == "new":
        for key, value in game.options.items():
            lines.append(f"option {key}: {json.dumps(value)}")
    if seat is not None:
        lines.append("start table")
        lines += [f"| {line}" for line in show(game.start(), seat, "en").splitlines()]
    elif origin[0] == "new":
        lines.append("start new")
    elif origin[0] == "position":
        lines.append("start position")
        lines += [f"| {line}" for line in str(origin[1]).splitlines()]
    else:
        lines.append("start save")
        lines.append(f"| {origin[1]}")
    for event in game.events():
        text = event.describe(seat)
        lines.append(f"> {text}" if event.kind == "action" else f"  {text}")
    return "\n".join(lines) + "\n"
