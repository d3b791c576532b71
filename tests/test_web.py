"""The dispute page's answers (``wingspan_rules.web``), through Starlette's test client: the
table, the verdict with the rules cited, records stepped through, and hostile requests, each a
4xx answer in words under 1 KB, never a traceback."""

from __future__ import annotations

import json
import random
import time
import xml.etree.ElementTree as ET

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed (the README's test command installs it)")
from starlette.testclient import TestClient  # noqa: E402

from wingspan_rules import new_game  # noqa: E402
from wingspan_rules.rules import CATALOG  # noqa: E402
from wingspan_rules.web import LIMITS, app  # noqa: E402
from wingspan_rules.web.examples import EXAMPLES  # noqa: E402

client = TestClient(app())


def _ok(path: str, body: object) -> dict[str, object]:
    reply = client.post(path, json=body)
    assert reply.status_code == 200, reply.text
    data: dict[str, object] = reply.json()
    return data


def _refused(path: str, body: object | None = None, raw: bytes | None = None) -> str:
    start = time.perf_counter()
    reply = client.post(path, content=raw) if raw is not None else client.post(path, json=body)
    assert 400 <= reply.status_code < 500, (reply.status_code, reply.text[:300])
    assert time.perf_counter() - start < 2.0
    assert len(reply.content) < 1024 and "Traceback" not in reply.text
    message: str = reply.json()["error"]
    return message


def test_the_page_and_its_examples_are_served() -> None:
    page = client.get("/")
    assert page.status_code == 200 and "settle a dispute" in page.text
    assert set(client.get("/api/examples").json()) == {"pocket", "classic", "oceania"}


@pytest.mark.parametrize("ruleset", sorted(EXAMPLES))
def test_an_example_shows_its_table_decision_and_legal_actions(ruleset: str) -> None:
    view = _ok("/api/table", {"position": EXAMPLES[ruleset]})  # (seen by the player deciding)
    ET.fromstring(str(view["svg"]))
    assert view["over"] is False and view["decider"] == 0 and view["prompt"]
    legal = view["legal"]
    assert isinstance(legal, list) and legal and all(option["words"] for option in legal)


def test_a_legal_action_gives_the_rule_the_events_and_the_table_after() -> None:
    verdict = _ok("/api/check", {"position": EXAMPLES["pocket"], "action": "draw-cards"})
    assert verdict["legal"] is True and verdict["rule"] == "pocket.turn.nest-action"
    assert verdict["rule_summary"] == CATALOG["pocket.turn.nest-action"].summary and verdict["rule_source"] == CATALOG["pocket.turn.nest-action"].source
    after = verdict["after"]
    assert isinstance(after, dict) and after["prompt"] and "take-bird American Robin" in [o["action"] for o in after["legal"]]
    # the table after it, asked for by the position and the actions played since
    again = _ok("/api/table", {"position": EXAMPLES["pocket"], "actions": ["draw-cards"]})
    assert again["legal"] == after["legal"]


def test_an_illegal_action_cites_the_rules_it_breaks() -> None:
    verdict = _ok("/api/check", {"position": EXAMPLES["classic"], "action": "play-wetland Barn Owl"})
    assert verdict["legal"] is False
    violations = verdict["violations"]
    assert isinstance(violations, list) and violations
    assert all(v["rule"] and v["summary"] and v["source"] for v in violations)


@pytest.mark.parametrize(
    ("headers", "query", "lang"),
    [
        ({"accept-language": "es-ES,es;q=0.9,en;q=0.8"}, "", "es"),
        ({"accept-language": "fr-FR, es;q=0.5, en;q=0.4"}, "", "es"),  # (the first one spoken here)
        ({"accept-language": "es;q=0, en;q=0.1"}, "", "en"),  # (a weight of 0: not this one)
        ({"accept-language": "fr"}, "", "en"),
        ({}, "", "en"),
        ({}, "?lang=es", "es"),
        ({"accept-language": "es"}, "?lang=en", "en"),  # (the menu's choice wins)
    ],
)
def test_the_page_speaks_the_browser_language_or_the_one_asked_for(headers: dict[str, str], query: str, lang: str) -> None:
    page = client.get("/" + query, headers=headers)
    assert page.status_code == 200 and page.headers["content-language"] == lang
    assert f'<html lang="{lang}">' in page.text
    assert ("Reglas de Wingspan: resuelve una disputa" in page.text) == (lang == "es")
    assert ("settle a dispute" in page.text) == (lang == "en")


def test_a_language_the_page_does_not_speak_is_refused_in_words() -> None:
    page = client.get("/?lang=fr")
    assert page.status_code == 400 and "es" in page.text and "Traceback" not in page.text
    assert "no texts in 'fr'" in _refused("/api/table", {"position": EXAMPLES["pocket"], "lang": "fr"})
    assert "lang must be a language code" in _refused("/api/table", {"position": EXAMPLES["pocket"], "lang": 3})


def test_answers_come_in_the_language_the_request_asks_for() -> None:
    english = _ok("/api/table", {"position": EXAMPLES["classic"]})
    spanish = _ok("/api/table", {"position": EXAMPLES["classic"], "lang": "es"})
    assert english["legal"] and [o["action"] for o in spanish["legal"]] == [o["action"] for o in english["legal"]]  # type: ignore[union-attr]
    assert spanish["prompt"] != english["prompt"] and "¿" in str(spanish["prompt"])
    assert "bosque" in str(spanish["svg"]) and "forest" in str(english["svg"])
    verdict = _ok("/api/check", {"position": EXAMPLES["classic"], "action": "play-wetland Barn Owl", "lang": "es"})
    violations = verdict["violations"]
    assert verdict["legal"] is False and isinstance(violations, list) and violations
    for v in violations:
        assert v["summary"] == CATALOG[v["rule"]].summary_in("es") and v["source"] == CATALOG[v["rule"]].cite("es")
    legal = _ok("/api/check", {"position": EXAMPLES["pocket"], "action": "draw-cards", "lang": "es"})
    assert legal["rule_summary"] == CATALOG["pocket.turn.nest-action"].summary_in("es")
    assert legal["rule_source"] == CATALOG["pocket.turn.nest-action"].cite("es")
    # a refusal in words in the language asked for, a position's problem too
    assert _refused("/api/check", {"position": EXAMPLES["pocket"], "lang": "es"}) == "da una acción que comprobar"
    assert _refused("/api/check", {"position": EXAMPLES["pocket"]}) == "give an action to check"
    problem = _refused("/api/table", {"position": "ruleset: pocket\nplayers: 9\n", "lang": "es"})
    assert problem.startswith("1 problema en la posición\n<position>:2:1: el número de jugadores debe ser un entero de 2 a 5, no 9")


def test_another_seat_sees_no_options_and_no_hidden_card() -> None:
    for seat in (1, "all"):  # (another seat; every seat: options would show the hand)
        view = _ok("/api/table", {"position": EXAMPLES["classic"], "seat": seat})
        assert view["legal"] == [] and "American Robin" not in str(view["svg"]) and view["prompt"]
    mine = _ok("/api/table", {"position": EXAMPLES["classic"], "seat": 0})
    assert "American Robin" in str(mine["svg"]) and mine["legal"]


def test_a_record_is_stepped_through() -> None:
    game = new_game("pocket", 2, 9)
    chooser = random.Random(9)
    for _ in range(12):
        game.apply(chooser.choice(game.legal_actions()))
    record = game.record()
    first = _ok("/api/record", {"record": record, "step": 0})
    actions = first["actions"]
    assert isinstance(actions, list) and len(actions) >= 12
    assert first["last"] is None  # (no action played yet)
    second = _ok("/api/record", {"record": record, "step": 1, "seat": "all"})
    events = list(game.events())
    at = next(i for i, e in enumerate(events) if e.kind == "action")
    then = next(i for i in range(at + 1, len(events)) if events[i].kind == "action")
    assert second["last"] == {"action": events[at].describe(None), "events": [e.describe(None) for e in events[at + 1 : then]]}
    last = _ok("/api/record", {"record": record, "step": len(actions)})
    assert last["prompt"] == game.pending.public_prompt  # type: ignore[union-attr]
    verdict = _ok("/api/check", {"record": record, "step": len(actions), "action": str(game.legal_actions()[0])})
    assert verdict["legal"] is True



def test_the_table_after_an_action_is_seen_by_whoever_decides_next() -> None:
    game = new_game("pocket", 2, 3)
    chooser = random.Random(3)
    while True:  # (to a decision whose answer hands the table to the other player)
        action = chooser.choice(game.legal_actions())
        after = game.copy()
        after.apply(action)
        if after.decider not in (None, game.decider):
            break
        game.apply(action)
    record = game.record()
    steps = len(_ok("/api/record", {"record": record})["actions"])  # type: ignore[arg-type]
    verdict = _ok("/api/check", {"record": record, "step": steps, "action": str(action)})
    shown = verdict["after"]
    assert isinstance(shown, dict) and shown["seat"] == after.decider and shown["legal"]
    named = _ok("/api/check", {"record": record, "step": steps, "action": str(action), "seat": game.decider})
    assert isinstance(named["after"], dict) and named["after"]["legal"] == []


HOSTILE = [
    ("/api/table", {}, "give a position"),
    ("/api/table", {"position": 7}, "'position' must be text"),
    ("/api/table", {"position": "ruleset: chess\nplayers: 2\n"}, "ruleset"),
    ("/api/table", {"position": EXAMPLES["pocket"], "seat": 5}, "'seat' must be 0 to 1"),
    ("/api/table", {"position": EXAMPLES["pocket"], "seat": "everyone"}, "'seat' must be 0 to 1"),
    ("/api/table", {"position": EXAMPLES["pocket"], "seed": "x"}, "'seed' must be a whole number"),
    ("/api/table", {"position": EXAMPLES["pocket"], "actions": "draw-cards"}, "'actions' must be"),
    ("/api/table", {"position": EXAMPLES["pocket"], "actions": ["fly away"]}, "cannot be played"),
    ("/api/table", {"position": EXAMPLES["pocket"], "actions": ["draw-cards"] * (LIMITS.actions + 1)}, "at most"),
    ("/api/table", {"position": "x" * 300_000}, "at most"),
    ("/api/check", {"position": EXAMPLES["pocket"]}, "give an action"),
    ("/api/check", {"position": EXAMPLES["pocket"], "action": "z" * 100_000}, ""),
    ("/api/record", {"record": "not a record"}, "a record starts with"),
    ("/api/record", {"record": "# wingspan-rules record\n" + "> p0: x\n" * 10_000}, ""),
    ("/api/record", {}, "give a record"),
]


@pytest.mark.parametrize(("path", "body", "words"), HOSTILE)
def test_a_hostile_request_is_a_4xx_answer_in_words(path: str, body: object, words: str) -> None:
    assert words in _refused(path, body)


@pytest.mark.parametrize("raw", [b"", b"not json", b"[1, 2]", b"\xff\xfe", b"[" * 100_000, b'{"seed": ' + b"9" * 5000 + b"}", json.dumps({"position": "x" * (LIMITS.body + 10)}).encode()])
def test_a_body_that_is_no_json_object_or_too_big_is_refused(raw: bytes) -> None:
    _refused("/api/table", raw=raw)


def test_an_unknown_path_and_a_get_of_an_answer_are_refused() -> None:
    assert client.get("/api/table").status_code == 405
    assert client.get("/etc/passwd").status_code == 404


def test_the_load_benchmark_runs_without_error() -> None:
    """A short run of ``benchmarks/web_load.py`` (the page in its own process, clients at once):
    every answer a 200.  (Its times are the benchmark's to report, not a test's to judge.)"""
    import subprocess
    import sys
    from pathlib import Path

    script = Path(__file__).resolve().parents[1] / "benchmarks" / "web_load.py"
    done = subprocess.run([sys.executable, str(script), "--clients", "4", "--seconds", "2"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-500:]
    assert ", 0 errors" in done.stdout, done.stdout


FUZZ = int(__import__("os").environ.get("WINGSPAN_WEB_FUZZ", "300"))  # hostile requests per run (CI: 300; grow it for a soak)


@pytest.mark.soak
def test_thousands_of_mangled_positions_and_actions_get_an_answer_or_a_4xx_in_words() -> None:
    """Each example position cut, spliced, repeated and sprinkled with stray characters; each
    action text mangled the same way: every answer is a 200 or a 4xx with a short message in
    words, within 2 s, never a 500."""
    chooser = random.Random(19)
    junk = ['"', "(", ")", ",", ":", "[", "]", "\n", "#", "\x00", "é", "9" * 40, "cards", "top", "p7", "[stack]", "eggs 99", "\u202e", " " * 50]
    samples = list(EXAMPLES.values())
    statuses: dict[int, int] = {}
    for _ in range(FUZZ):
        text = chooser.choice(samples)
        for _ in range(chooser.randint(1, 6)):
            at = chooser.randrange(len(text) + 1)
            move = chooser.random()
            if move < 0.4:
                text = text[:at] + chooser.choice(junk) + text[at:]
            elif move < 0.7:
                text = text[:at] + text[at + chooser.randint(1, 30) :]
            elif move < 0.85:
                other = chooser.choice(samples)
                text = text[:at] + other[chooser.randrange(len(other)) :]
            else:
                text = text[:at] + text[at : at + 200] * chooser.randint(2, 20) + text[at:]
        action = chooser.choice(["draw-cards", "gain-food", "play Blue Jay", "take-bird \"", "lay-eggs 9999", "pay", "", "x" * 500])
        path, body = chooser.choice([("/api/table", {"position": text, "seat": chooser.choice([None, "all", 0, 1, 4])}), ("/api/check", {"position": text, "action": action})])
        start = time.perf_counter()
        reply = client.post(path, json=body)
        assert time.perf_counter() - start < 2.0
        assert reply.status_code == 200 or (400 <= reply.status_code < 500 and len(reply.content) < 1024), (reply.status_code, reply.text[:300], text[:300])
        statuses[reply.status_code] = statuses.get(reply.status_code, 0) + 1
    assert statuses.get(422, 0) > FUZZ // 4  # (most mangled positions are refused, in words)
