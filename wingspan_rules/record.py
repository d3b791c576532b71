"""The game record: how a game began, then each action and the events it caused, as text.

    # wingspan-rules record
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
"""

from __future__ import annotations

import json
from typing import Any

from .dsl.diagnostics import MAX_TEXT, cut
from .game import Game, StateError, load, new_game, setup
from .position import PositionError
from .recording import HEADER, write_record

__all__ = ["HEADER", "RecordError", "read_record", "start_of", "write_record"]
MAX_RECORD_CHARS = 20_000_000  # a whole long game with every event is well under 1 MB


class RecordError(ValueError):
    """A record could not be read or replayed: ``line`` is where (1-based; 0 for the whole)."""

    def __init__(self, line: int, message: str):
        message = cut(message, MAX_TEXT - 24)  # (a hostile line of a megabyte is not repeated whole)
        super().__init__(f"line {line}: {message}" if line else message)
        self.line = line
        self.message = message


def start_of(game: Game) -> Game:
    """A new game as ``game`` began (from its origin): ``Game.start``."""
    return game.start()


def _begin(origin: tuple[Any, ...], ruleset: str, players: int, seed: int, options: dict[str, Any], line: int) -> Game:
    try:
        if origin[0] == "new":
            return new_game(ruleset, players, seed, options)
        if origin[0] == "position":
            return setup(origin[1], origin[2])
        return load(origin[1])
    except PositionError as err:
        first = "; ".join(str(err).splitlines()[:2])[:300]  # (the count, and the first problem)
        raise RecordError(line, f"its starting position cannot be set up: {first}") from None
    except StateError as err:
        raise RecordError(line, f"its starting save cannot be loaded: {err}") from None
    except (ValueError, TypeError) as err:  # (a ruleset, player count or option the game refuses)
        raise RecordError(line, f"its start cannot be set up: {str(err)[:300]}") from None


def read_record(text: str) -> Game:
    """Replay a record: the game at its end.  RecordError (with the line) when the record
    cannot be read, an action is not legal where it stands, or an event it lists is not
    what the game does there."""

    if not isinstance(text, str):
        raise RecordError(0, "a record is text")
    if len(text) > MAX_RECORD_CHARS:
        raise RecordError(0, f"a record is at most {MAX_RECORD_CHARS:,} characters")
    lines = text.splitlines()
    if not lines or lines[0].strip() != HEADER:
        raise RecordError(1, f"a record starts with the line '{HEADER}'")
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
        key, _, value = line.partition(" ")
        if key == "option":
            name, sep, raw = value.partition(":")
            try:
                options[name.strip()] = json.loads(raw)
            except (ValueError, RecursionError):  # (RecursionError: a value nested thousands deep)
                raise RecordError(i, f"option '{name.strip()[:40]}' has no JSON value after ':'") from None
            if not sep:
                raise RecordError(i, "an option line reads 'option NAME: VALUE'")
        elif key in ("ruleset", "players", "seed", "seen"):
            head[key] = value.strip()
        else:
            raise RecordError(i, f"unknown record line '{line[:60]}'")
    if "seen" in head:
        raise RecordError(0, f"this record is seen {head['seen'][:20]}: it has no seed and hides cards, so it can be read but not replayed")
    if kind not in ("new", "position", "save"):
        raise RecordError(i, "a record needs a 'start new', 'start position' or 'start save' line")
    try:
        players = int(head.get("players", "0"))
        seed = int(head.get("seed", "0"))
    except ValueError:
        raise RecordError(0, "players and seed are whole numbers") from None
    if kind != "save" and "seed" not in head:
        raise RecordError(0, "a record that is replayed needs its 'seed' line")
    origin: tuple[Any, ...] = ("new",) if kind == "new" else ("position", "\n".join(start) + "\n", seed) if kind == "position" else ("save", "\n".join(start))
    game: Game = _begin(origin, head.get("ruleset", ""), players, seed, options, i)
    if kind != "new":
        game.origin = origin
    expected: list[tuple[int, str]] = []
    action: tuple[int, str] | None = None
    # a record of actions alone (written by hand) is replayed without comparing events
    compare = any(line.startswith("  ") and line.strip() for line in lines[i:])

    def settle() -> None:
        nonlocal expected
        if action is None:
            done = [e.describe() for e in game.events()]
        else:
            at, act = action
            who, _, what = act.partition(": ")
            pending = game.pending
            if pending is None:
                raise RecordError(at, f"'{act}' comes after the game is over")
            if who != f"p{pending.player}":
                raise RecordError(at, f"the game waits for p{pending.player}, not {who}")
            try:
                done = [e.describe() for e in game.apply(what)]
            except ValueError as err:  # IllegalAction, or an action that cannot be read
                raise RecordError(at, f"'{what}' cannot be played here: {err}") from None
        if not compare:
            return
        for k, (at, said) in enumerate(expected):
            if k >= len(done) or done[k] != said:
                did = done[k] if k < len(done) else "nothing more"
                raise RecordError(at, f"the record says '{said}', the game did '{did}'")
        if len(done) > len(expected):
            at = expected[-1][0] if expected else (action[0] if action else i)
            raise RecordError(at, f"the game also did '{done[len(expected)]}', which the record leaves out")
        expected = []

    for n in range(i, len(lines)):
        line = lines[n]
        if line.startswith("> "):
            settle()
            action = (n + 1, line[2:].strip())
        elif line.startswith("  ") and line.strip():
            expected.append((n + 1, line.strip()))
        elif line.strip():
            raise RecordError(n + 1, "a record line is an action ('> ') or an event (two spaces)")
    settle()
    return game
