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
import html
import json
import re
from functools import cache
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
from ..i18n import LANGUAGE_NAMES, LANGUAGES, N_, LanguageError, _, language, ngettext, normalize, translate
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


# The page's own words (page.html names each as {{text}} in its HTML, or t("text") in its
# script), translated when the page is served; a word of the page missing here raises.
PAGE_TEXTS = (
    N_("Wingspan rules: settle a dispute"), N_("Language"), N_("Position"), N_("Start from an example:"), N_("choose…"),
    N_("position"), N_("Seed"), N_("Seen by"), N_("the player deciding"), N_("every seat"), N_("Show the table"),
    N_("Copy a link"), N_("A game record"), N_("record"), N_("Open the record"), N_("back"), N_("next"),
    N_("Check any action"), N_("e.g. play Blue Jay"), N_("action"), N_("Check"), N_("Paste a position and show the table."),
    N_("The game is over: {scores}"),
    N_('Only p{player} sees their options (they would show their hand): choose "Seen by the player deciding".'),
    N_("action {step} of {total}"), N_("Played:"), N_("What it did"), N_("nothing changed on the table"), N_("Legal"),
    N_("Illegal"), N_("rule: {summary}"), N_("source: {source}"), N_("this link holds no table: {why}"),
)  # fmt: skip
_HTML_TEXT = re.compile(r"\{\{([^@}][^}]*)\}\}")
_SCRIPT_TEXT = re.compile(r'(?<![\w.$])t\("((?:[^"\\]|\\.)*)"')


def page_texts(template: str) -> tuple[list[str], list[str]]:
    """The texts a page template words: those of its HTML ({{text}}) and of its script (t("text"))."""
    return _HTML_TEXT.findall(template), [json.loads(f'"{text}"') for text in _SCRIPT_TEXT.findall(template)]


@cache
def page(lang: str) -> str:
    """The page in ``lang``: its words from the catalog, its script given them to word what it
    shows, its requests asking for answers in the same language."""
    template = resources.files(__package__).joinpath("page.html").read_text(encoding="utf-8")
    in_html, in_script = page_texts(template)
    unknown = sorted({t for t in in_html + in_script if t not in PAGE_TEXTS})
    if unknown:
        raise KeyError(f"page.html words texts that PAGE_TEXTS does not list: {unknown}")
    texts = json.dumps({t: translate(t, lang) for t in in_script}, ensure_ascii=False).replace("</", "<\\/")
    choices = "".join(
        f'<option value="{code}"{" selected" if code == lang else ""}>{html.escape(LANGUAGE_NAMES[code])}</option>' for code in LANGUAGES
    )
    out = template.replace("{{@lang}}", lang).replace("{{@languages}}", choices).replace("{{@texts}}", texts)
    return _HTML_TEXT.sub(lambda m: html.escape(translate(m.group(1), lang)), out)


def _language(request: Request) -> str:
    """The page's language: ``?lang=``, else the browser's first language spoken here
    (Accept-Language, by its weights; a weight of 0 says "not this one"), else English."""
    asked = request.query_params.get("lang")
    if asked:
        return normalize(asked)
    choices = []
    for i, item in enumerate(request.headers.get("accept-language", "")[:500].split(",")):
        code, _sep, weight = item.strip().partition(";q=")
        try:
            worth = float(weight or 1)
            if worth > 0:
                choices.append((-worth, i, normalize(code)))
        except (ValueError, LanguageError):
            continue
    return min(choices)[2] if choices else "en"


def _field(body: dict[str, Any], name: str, kind: type, default: Any = None) -> Any:
    value = body.get(name, default)
    if value is None and default is None:
        return None
    if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
        if kind is str:
            raise Refused(400, _("'{name}' must be text").format(name=name))
        if kind is int:
            raise Refused(400, _("'{name}' must be a whole number").format(name=name))
        raise Refused(400, _("'{name}' must be a list of action texts").format(name=name))
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
        raise Refused(413, _("at most {n:,} actions are played on a table").format(n=LIMITS.actions))
    recorded: list[str] = []
    if body.get("record") is not None:
        game, recorded = _recorded(body)
        step = _field(body, "step", int, 0)
        if not 0 <= step <= len(recorded):
            raise Refused(400, ngettext("'step' must be 0 to {n}: the record has {n} action", "'step' must be 0 to {n}: the record has {n} actions", len(recorded)).format(n=len(recorded)))
        actions = recorded[:step] + actions
    else:
        position = _field(body, "position", str)
        if position is None:
            raise Refused(400, _("give a position to set up, or a record to read"))
        try:
            game = setup(position, _field(body, "seed", int, 0))
        except ValueError as err:
            raise Refused(422, str(err)) from None
    for i, text in enumerate(actions):
        if not isinstance(text, str):
            raise Refused(400, _("'actions' must be a list of action texts"))
        try:
            game.apply(text)
        except ValueError as err:
            raise Refused(422, _("action {n} ('{action}') cannot be played: {why}").format(n=i + 1, action=cut(text, 80), why=err)) from None
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
        raise Refused(400, _("'seat' must be 0 to {last}, \"all\" for what every seat sees, or null for the player deciding").format(last=game.players - 1))
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
    game = _game(body)[0]
    return _table(game, _seat(body, game))


def check(body: dict[str, Any]) -> dict[str, Any]:
    """The verdict on one action at the table, with the rules cited; if legal, what it did and
    the table after it."""
    game = _game(body)[0]
    seat = _seat(body, game)
    action = _field(body, "action", str)
    if action is None or not action.strip():
        raise Refused(400, _("give an action to check"))
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
        "rule_summary": None if allowing is None else allowing.summary_in(),
        "rule_source": None if allowing is None else allowing.cite(),
        "violations": [{"rule": v.rule_id, "message": v.message, "summary": CATALOG[v.rule_id].summary_in(), "source": v.source} for v in verdict.violations],
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
        raise Refused(400, _("give a record to read"))
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


def _in_language(handler: Any, body: dict[str, Any]) -> dict[str, Any]:
    """A request answered in the language it asks for (``lang``, English by default)."""
    lang = body.get("lang", "en")
    if not isinstance(lang, str):
        raise Refused(400, _("lang must be a language code such as 'en' or 'es'"))
    try:
        code = normalize(lang)
    except LanguageError:
        raise Refused(400, _("no texts in {lang}: the languages are {languages}").format(lang=cut(repr(lang), 40), languages=", ".join(LANGUAGES))) from None
    with language(code):
        answer: dict[str, Any] = handler(body)
        return answer


async def _answer(request: Request) -> Response:
    handler = ROUTES[request.url.path]
    try:
        length = request.headers.get("content-length") or "0"
        if not length.isdigit():
            raise Refused(400, _("the request's content-length is not a number"))
        if int(length) > LIMITS.body:
            raise Refused(413, _("a request is at most {n:,} bytes").format(n=LIMITS.body))
        data = bytearray()
        async for chunk in request.stream():
            data += chunk
            if len(data) > LIMITS.body:
                raise Refused(413, _("a request is at most {n:,} bytes").format(n=LIMITS.body))
        try:
            body = json.loads(data.decode("utf-8"))
        except (ValueError, RecursionError):  # (not UTF-8, not JSON, an integer of 5,000 digits, nesting too deep)
            raise Refused(400, _("the request must be a JSON object in UTF-8")) from None
        if not isinstance(body, dict):
            raise Refused(400, _("the request must be a JSON object"))
        answer = await asyncio.to_thread(_in_language, handler, body)
        return JSONResponse(answer)
    except Refused as err:
        return JSONResponse({"error": err.message}, status_code=err.status)
    except Exception as err:  # noqa: BLE001 - a fault of ours: said in a word, never a traceback
        return JSONResponse({"error": _("the page could not answer ({error})").format(error=type(err).__name__)}, status_code=500)


async def _page(request: Request) -> Response:
    try:
        lang = _language(request)
    except LanguageError as err:
        return HTMLResponse(html.escape(str(err)), status_code=400)
    return HTMLResponse(page(lang), headers={"content-language": lang, "vary": "accept-language"})


async def _examples(request: Request) -> Response:
    return JSONResponse(EXAMPLES)


def app() -> Starlette:
    """The page's ASGI application (each ruleset's example answered once first, so that what the
    library loads on first use is loaded before two requests could load it at once)."""
    for lang in LANGUAGES:
        page(lang)  # (every word of the page is known: a missing one raises here, not in a browser)
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
