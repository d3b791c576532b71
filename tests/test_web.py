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
    view = _ok("/api/table", {"position": EXAMPLES[ruleset], "seat": None})
    ET.fromstring(str(view["svg"]))
    assert view["over"] is False and view["decider"] == 0 and view["prompt"]
    legal = view["legal"]
    assert isinstance(legal, list) and legal and all(option["words"] for option in legal)


def test_a_legal_action_gives_the_rule_the_events_and_the_table_after() -> None:
    verdict = _ok("/api/check", {"position": EXAMPLES["pocket"], "action": "draw-cards"})
    assert verdict["legal"] is True and verdict["rule"] == "pocket.turn.nest-action"
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


def test_another_seat_sees_no_options_and_no_hidden_card() -> None:
    view = _ok("/api/table", {"position": EXAMPLES["classic"], "seat": 1})
    assert view["legal"] == [] and "American Robin" not in str(view["svg"])
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
    last = _ok("/api/record", {"record": record, "step": len(actions)})
    assert last["prompt"] == game.pending.public_prompt  # type: ignore[union-attr]
    verdict = _ok("/api/check", {"record": record, "step": len(actions), "action": str(game.legal_actions()[0])})
    assert verdict["legal"] is True


HOSTILE = [
    ("/api/table", {}, "give a position"),
    ("/api/table", {"position": 7}, "'position' must be text"),
    ("/api/table", {"position": "ruleset: chess\nplayers: 2\n"}, "ruleset"),
    ("/api/table", {"position": EXAMPLES["pocket"], "seat": 5}, "'seat' must be 0 to 1"),
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
