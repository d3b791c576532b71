"""The game record: how a game began, then each action and the events it caused, as text.

    # wingspan-rules record
    format 1
    ruleset classic
    players 2
    seed 7
    option goal_side: "green"
    start new
      face up: ...                    <- events before the first action (two spaces)
    > p0: gain-food                   <- an action, by the player it names
      p0 takes a die showing seed from the feeder

``start new`` is a new game of that seed; ``start position`` is followed by the position
(docs/positions.md) set up with that seed, each line after ``| ``; ``start save`` by the
save (``Game.to_json``) on one ``| `` line.  A record seen from one seat (``seen from pN``)
leaves out the seed and every card that seat cannot see, and shows the table it started
from as that seat sees it: it can be read, not replayed.  ``read_record`` replays a
record and checks that every event it lists is what the game does.

A record is English whatever the language (``write_record`` writes its events in English, and
``read_record`` compares them so); the errors that say why one cannot be read are worded in
the current language.  Its ``format`` line gives the version of the format
(``recording.FORMAT``); a record with none is of format 1 (``recording.READS``).
"""

from __future__ import annotations

import json
from typing import Any

from .dsl.diagnostics import MAX_TEXT, cut
from .game import Game, StateError, load, new_game, setup
from .i18n import _, language, normalize
from .position import PositionError
from .recording import FORMAT, HEADER, READS, write_record

__all__ = ["FORMAT", "HEADER", "READS", "RecordError", "read_record", "start_of", "write_record"]
MAX_RECORD_CHARS = 20_000_000  # a whole long game with every event is well under 1 MB


class RecordError(ValueError):
    """A record could not be read or replayed: ``line`` is where (1-based; 0 for the whole)."""

    def __init__(self, line: int, message: str):
        message = cut(message, MAX_TEXT - 24)  # (a hostile line of a megabyte is not repeated whole)
        super().__init__(_("line {line}: {message}").format(line=line, message=message) if line else message)
        self.line = line
        self.message = message


def start_of(game: Game) -> Game:
    """A new game as ``game`` began (from its origin): ``Game.start``."""
    return game.start()


def _begin(origin: tuple[Any, ...], ruleset: str, players: int, seed: int, options: dict[str, Any], line: int, lang: str | None) -> Game:
    try:
        if origin[0] == "new":
            return new_game(ruleset, players, seed, options, lang=lang)
        if origin[0] == "position":
            return setup(origin[1], origin[2], lang)
        return load(origin[1], lang)
    except PositionError as err:
        first = "; ".join(str(err).splitlines()[:2])[:300]  # (the count, and the first problem)
        raise RecordError(line, _("its starting position cannot be set up: {why}").format(why=first)) from None
    except StateError as err:
        raise RecordError(line, _("its starting save cannot be loaded: {why}").format(why=err)) from None
    except (ValueError, TypeError) as err:  # (a ruleset, player count or option the game refuses)
        raise RecordError(line, _("its start cannot be set up: {why}").format(why=str(err)[:300])) from None


def _check_format(lines: list[str]) -> int:
    """The version of the record format its ``format`` line gives (1 when it has none);
    RecordError for a version this release does not read, before any other line is read (the
    rest of a record of another version may mean something else)."""
    for n, line in enumerate(lines[1:], start=2):
        if line.startswith("start "):
            break
        key, _sep, value = line.partition(" ")
        if key != "format":
            continue
        word = value.strip()
        if not (word.isascii() and word.isdigit() and len(word) <= 9):
            raise RecordError(n, _("the format line reads 'format N', a whole number such as 'format {format}'").format(format=FORMAT))
        found = int(word)
        if found in READS:
            return found
        reads = ", ".join(str(v) for v in READS)
        if found > FORMAT:
            why = _(
                "this record is written in format {found} of the record format, newer than this version reads (format {reads}): "
                "it was written by a newer version of wingspan-rules"
            )
        else:
            why = _("this record is written in format {found} of the record format; this version reads format {reads}")
        raise RecordError(n, why.format(found=found, reads=reads))
    return 1


def _described(events: Any) -> list[str]:
    """Events as a record words them: in English, whatever the current language."""
    with language("en"):
        return [e.describe() for e in events]


def read_record(text: str, lang: str | None = None) -> Game:
    """Replay a record: the game at its end.  RecordError (with the line) when the record
    cannot be read, an action is not legal where it stands, or an event it lists is not
    what the game does there.  ``lang``: the language of the errors and of the game returned
    (``Game.lang``); the record itself is English."""
    if lang is not None:
        lang = normalize(lang)
    with language(lang):
        game = _read(text, lang)
    return game


def _read(text: str, lang: str | None) -> Game:
    if not isinstance(text, str):
        raise RecordError(0, _("a record is text"))
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(0, _("a record is at most {n} characters").format(n=f"{MAX_RECORD_CHARS:,}"))
    lines = text.splitlines()
    if not lines or lines[0].strip() != HEADER:
        raise RecordError(1, _("a record starts with the line '{header}'").format(header=HEADER))
    _check_format(lines)
    head: dict[str, str] = {}
    options: dict[str, Any] = {}
    start: list[str] = []
    kind = ""
    i = 1
    while i < len(lines):
        line = lines[i]
        i += 1
        if not line.strip():
            continue
        if line.startswith("start "):
            kind = line[6:].strip()
            while i < len(lines) and lines[i].startswith("|"):
                start.append(lines[i][2:] if lines[i].startswith("| ") else lines[i][1:])
                i += 1
            break
        key, _sep, value = line.partition(" ")
        if key == "option":
            name, sep, raw = value.partition(":")
            try:
                options[name.strip()] = json.loads(raw)
            except (ValueError, RecursionError):  # (RecursionError: a value nested thousands deep)
                raise RecordError(i, _("option '{name}' has no JSON value after ':'").format(name=name.strip()[:40])) from None
            if not sep:
                raise RecordError(i, _("an option line reads 'option NAME: VALUE'"))
        elif key in ("ruleset", "players", "seed", "seen"):
            head[key] = value.strip()
        elif key != "format":  # (read by _check_format)
            raise RecordError(i, _("unknown record line '{line}'").format(line=line[:60]))
    if "seen" in head:
        seen = head["seen"][:20]
        if seen.startswith("from "):
            refusal = _("this record is seen from {seat}: it has no seed and hides cards, so it can be read but not replayed").format(seat=seen[5:])
        else:
            refusal = _("this record is seen {how}: it has no seed and hides cards, so it can be read but not replayed").format(how=seen)
        raise RecordError(0, refusal)
    if kind not in ("new", "position", "save"):
        raise RecordError(i, _("a record needs a 'start new', 'start position' or 'start save' line"))
    try:
        players = int(head.get("players", "0"))
        seed = int(head.get("seed", "0"))
    except ValueError:
        raise RecordError(0, _("players and seed are whole numbers")) from None
    if kind != "save" and "seed" not in head:
        raise RecordError(0, _("a record that is replayed needs its 'seed' line"))
    origin: tuple[Any, ...] = ("new",) if kind == "new" else ("position", "\n".join(start) + "\n", seed) if kind == "position" else ("save", "\n".join(start))
    game: Game = _begin(origin, head.get("ruleset", ""), players, seed, options, i, lang)
    if kind != "new":
        game.origin = origin
    expected: list[tuple[int, str]] = []
    action: tuple[int, str] | None = None
    # a record of actions alone (written by hand) is replayed without comparing events
    compare = any(line.startswith("  ") and line.strip() for line in lines[i:])

    def settle() -> None:
        nonlocal expected
        if action is None:
            done = _described(game.events())
        else:
            at, act = action
            who, _sep, what = act.partition(": ")
            pending = game.pending
            if pending is None:
                raise RecordError(at, _("'{action}' comes after the game is over").format(action=act))
            if who != f"p{pending.player}":
                raise RecordError(at, _("the game waits for p{player}, not {who}").format(player=pending.player, who=who))
            try:
                done = _described(game.apply(what))
            except ValueError as err:  # IllegalAction, or an action that cannot be read
                raise RecordError(at, _("'{action}' cannot be played here: {why}").format(action=what, why=err)) from None
        if not compare:
            return
        for k, (at, said) in enumerate(expected):
            if k >= len(done) or done[k] != said:
                did = done[k] if k < len(done) else _("nothing more")
                raise RecordError(at, _("the record says '{said}', the game did '{did}'").format(said=said, did=did))
        if len(done) > len(expected):
            at = expected[-1][0] if expected else (action[0] if action else i)
            raise RecordError(at, _("the game also did '{event}', which the record leaves out").format(event=done[len(expected)]))
        expected = []

    for n in range(i, len(lines)):
        line = lines[n]
        if line.startswith("> "):
            settle()
            action = (n + 1, line[2:].strip())
        elif line.startswith("  ") and line.strip():
            expected.append((n + 1, line.strip()))
        elif line.strip():
            raise RecordError(n + 1, _("a record line is an action ('> ') or an event (two spaces)"))
    settle()
    return game
