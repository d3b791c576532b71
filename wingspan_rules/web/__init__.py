"""A dispute page: paste a position, see the table, choose or type an action, read the verdict.

``wingspan-rules serve [--host 127.0.0.1] [--port 8000]`` runs it (the ``[web]`` extra:
Starlette and uvicorn).  The server keeps nothing between requests: a table is a position, the
seed that deals what it leaves out, and the actions played on it since, all three in every
request (and in the page's link, so a link reopens the same table).  It reads no file, listens
on 127.0.0.1 unless told otherwise, and bounds every request (``LIMITS``): a body over the size
limit, malformed JSON, a position, record or action the library refuses, each is a 4xx answer
with a message under 1 KB.
"""

from __future__ import annotations

import asyncio
import json
from importlib import resources
from typing import Any

import attrs

try:
    from starlette.applications import Starlette
    from starlette.requests import Request
    from starlette.responses import HTMLResponse, JSONResponse, Response
    from starlette.routing import Route
except ImportError as err:  # pragma: no cover - the extra is missing
    raise ImportError('the dispute page needs the [web] extra: pip install "wingspan_rules[web]"') from err

from ..dsl.diagnostics import MAX_TEXT, cut
from ..game import Game, setup
from ..record import RecordError, read_record
from ..rules import CATALOG
from ..svg import board
from .examples import EXAMPLES

__all__ = ["LIMITS", "Limits", "app", "serve"]


@attrs.frozen
class Limits:
    """What one request may ask: its body's size and the actions played on the table.  With
    the readers' own limits (a position's, a record's, card text's) they bound the work of any
    answer to well under 2 s (``tests/test_web.py`` sends hostile requests and times them)."""

    body: int = 512 * 1024  # bytes (a position is at most 200,000 characters; a record of a long game ~100 KB)
    actions: int = 2000


LIMITS = Limits()


class Refused(Exception):
    """A request the page cannot answer: its HTTP status and why, in words."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status
        # the whole answer under 1 KB, its JSON escapes (a new line, a quote) counted
        size = MAX_TEXT - 64
        message = cut(message, size)
        while len(json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")) > MAX_TEXT - 24:
            size -= 64
            message = cut(message, size)
        self.message = message


def _field(body: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = body.get(name, default)
    if value is None and default is None:
        return None
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        raise Refused(400, f"'{name}' must be {'text' if kind is str else 'a whole number' if kind is int else 'a list of action texts'}")
    return value


def _recorded(body: dict[str, Any]) -> tuple[Game, list[str]]:
    """A record's game at its start, and its actions (``read_record`` checks every action and
    event first)."""
    text = _field(body, "record", str)
    try:
        final = read_record(text)
    except RecordError as err:
        raise Refused(422, str(err)) from None
    # (each action as the record writes it and ``read_record`` plays it: "p0: keep Blue Jay")
    actions = [e.describe().partition(": ")[2] for e in final.events() if e.kind == "action"]
    return final.start(), actions


def _game(body: dict[str, Any]) -> tuple[Game, list[str]]:
    """The table a request names: a position set up with its seed, or a record's game after
    its first ``step`` actions; then the request's own ``actions`` played on it.  With the
    record's actions (none for a position)."""
    actions = _field(body, "actions", list, [])
    if len(actions) > LIMITS.actions:
        raise Refused(413, f"at most {LIMITS.actions:,} actions are played on a table")
    recorded: list[str] = []
    if body.get("record") is not None:
        game, recorded = _recorded(body)
        step = _field(body, "step", int, 0)
        if not 0 <= step <= len(recorded):
            raise Refused(400, f"'step' must be 0 to {len(recorded)}: the record has {len(recorded)} actions")
        actions = recorded[:step] + actions
    else:
        position = _field(body, "position", str)
        if position is None:
            raise Refused(400, "give a position to set up, or a record to read")
        try:
            game = setup(position, _field(body, "seed", int, 0))
        except ValueError as err:
            raise Refused(422, str(err)) from None
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise Refused(400, "'actions' must be a list of action texts")
        try:
            game.apply(text)
        except ValueError as err:
            raise Refused(422, f"action {i + 1} ('{cut(text, 80)}') cannot be played: {err}") from None
    return game, recorded


def _seat(body: dict[str, Any], game: Game) -> int | None:
    """Whose eyes the table is seen with: ``seat`` a player, ``"all"`` what every seat sees
    (no hand by name, and so no options: they would show the hand), or absent or null the
    player deciding (the whole table once the game is over)."""
    seat = body.get("seat")
    if seat == "all":
        return None
    if seat is None:
        return game.decider
    if type(seat) is not int or not 0 <= seat < game.players:
        raise Refused(400, f"'seat' must be 0 to {game.players - 1}, \"all\" for what every seat sees, or null for the player deciding")
    return seat


def _table(game: Game, seat: int | None) -> dict[str, Any]:
    """What the page shows of a table: its picture, the decision and every legal action."""
    pending = game.pending
    legal = []
    if pending is not None and seat == pending.player:  # (another seat, or every seat, sees no options: they would show a hand)
        legal = [{"action": str(a), "words": game.describe_action(a)} for a in game.legal_actions()]
    return {
        "svg": board(game, seat),
        "over": pending is None,
        "decider": None if pending is None else pending.player,
        "prompt": "" if pending is None else (pending.prompt if seat == pending.player else pending.public_prompt),
        "seat": seat,
        "rule": None if pending is None else pending.rule,
        "legal": legal,
        "turn": game.turn_label(),
        "scores": [p.total for p in game.score().players],
    }


def table(body: dict[str, Any]) -> dict[str, Any]:
    game, _ = _game(body)
    return _table(game, _seat(body, game))


def check(body: dict[str, Any]) -> dict[str, Any]:
    """The verdict on one action at the table, with the rules cited; if legal, what it did and
    the table after it."""
    game, _ = _game(body)
    seat = _seat(body, game)
    action = _field(body, "action", str)
    if action is None or not action.strip():
        raise Refused(400, "give an action to check")
    try:
        parsed = game.parse_action(action)
    except ValueError as err:
        raise Refused(422, str(err)) from None
    pending = game.pending
    verdict = game.check(parsed)
    allowing = CATALOG[pending.rule] if pending is not None and verdict.legal else None  # (the rule a legal action follows)
    out: dict[str, Any] = {
        "action": str(parsed),
        "legal": verdict.legal,
        "rule": None if allowing is None else allowing.id,
        "rule_summary": None if allowing is None else allowing.summary,
        "rule_source": None if allowing is None else allowing.source,
        "violations": [{"rule": v.rule_id, "message": v.message, "summary": CATALOG[v.rule_id].summary, "source": v.source} for v in verdict.violations],
        "options": [line for note in verdict.options for line in note.lines()],
    }
    if verdict.legal:
        events = game.apply(parsed)
        out["events"] = [e.describe(seat) for e in events]
        out["after"] = _table(game, _seat(body, game))  # (seen by whoever decides next, unless a seat is named)
    return out


def record(body: dict[str, Any]) -> dict[str, Any]:
    """A record read through, and the table after its first ``step`` actions."""
    if body.get("record") is None:
        raise Refused(400, "give a record to read")
    game, recorded = _game(body)
    seat = _seat(body, game)
    return {"actions": recorded, "step": body.get("step", 0), "last": _last(game, seat), **_table(game, seat)}


def _last(game: Game, seat: int | None) -> dict[str, Any] | None:
    """The last action played on a table and the events it caused, as ``seat`` sees them
    (None before the first action)."""
    events = list(game.events())
    starts = [i for i, e in enumerate(events) if e.kind == "action"]
    if not starts:
        return None
    head, *rest = events[starts[-1]:]
    return {"action": head.describe(seat), "events": [e.describe(seat) for e in rest]}


ROUTES = {"/api/table": table, "/api/check": check, "/api/record": record}


async def _answer(request: Request) -> Response:
    handler = ROUTES[request.url.path]
    try:
        length = request.headers.get("content-length") or "0"
        if not length.isdigit():
            raise Refused(400, "the request's content-length is not a number")
        if int(length) > LIMITS.body:
            raise Refused(413, f"a request is at most {LIMITS.body:,} bytes")
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > LIMITS.body:
                raise Refused(413, f"a request is at most {LIMITS.body:,} bytes")
        try:
            body = json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError):  # (not UTF-8, not JSON, an integer of 5,000 digits, nesting too deep)
            raise Refused(400, "the request must be a JSON object in UTF-8") from None
        if not isinstance(body, dict):
            raise Refused(400, "the request must be a JSON object")
        answer = await asyncio.to_thread(handler, body)
        return JSONResponse(answer)
    except Refused as err:
        return JSONResponse({"error": err.message}, status_code=err.status)
    except Exception as err:  # noqa: BLE001 - a fault of ours: said in a word, never a traceback
        return JSONResponse({"error": f"the page could not answer ({type(err).__name__})"}, status_code=500)


async def _page(request: Request) -> Response:
    return HTMLResponse(resources.files(__package__).joinpath("page.html").read_text(encoding="utf-8"))


async def _examples(request: Request) -> Response:
    return JSONResponse(EXAMPLES)


def app() -> Starlette:
    """The page's ASGI application (each ruleset's example answered once first, so that what the
    library loads on first use is loaded before two requests could load it at once)."""
    for position in EXAMPLES.values():
        game = setup(position)
        for action in (game.legal_actions()[0], game.action_space()[-1]):  # (a legal answer, and most likely an illegal one)
            check({"position": position, "action": str(action)})
    routes = [Route("/", _page), Route("/api/examples", _examples)]
    routes += [Route(path, _answer, methods=["POST"]) for path in ROUTES]
    return Starlette(routes=routes)


def serve(host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the page with uvicorn until interrupted."""
    import uvicorn

    uvicorn.run(app(), host=host, port=port, log_level="warning", limit_concurrency=64, timeout_keep_alive=5)
