"""The language server (``wingspan-rules lsp``, docs/editors.md), driven as an editor drives it:
started as a process, spoken to over its stdin and stdout with JSON-RPC messages in
Content-Length frames.  Every wait has a time limit, so a server that hangs or dies fails the
test instead of stopping the suite.  Below the protocol, the analysis of a document
(``wingspan_rules.lsp.analysis``, which needs no pygls) is tested on plain text.
"""

from __future__ import annotations

import json
import queue
import random
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

pytest.importorskip("pygls", reason="the language server needs the [lsp] extra")

from wingspan_rules.cards import VOCABULARIES, card_set, compile_cards  # noqa: E402
from wingspan_rules.dsl.diagnostics import DslError, Suggestion, suggest  # noqa: E402
from wingspan_rules.dsl.format import format_text  # noqa: E402
from wingspan_rules.lsp import analysis  # noqa: E402
from wingspan_rules.lsp.analysis import CARDS, POSITION, Document, Range  # noqa: E402

WAIT = 60.0  # seconds any one answer may take (the first one loads the decks)
SERVER = [sys.executable, "-m", "wingspan_rules", "lsp", "--stdio"]

TYPO_BIRD = """card "Test Bird" {
  food: seeed
  cost: fish
  points: 2
  egg_limit: 3
  wingspan: 40
  power brown: draw 1 card
}
"""
FIXED_BIRD = TYPO_BIRD.replace("seeed", "seed")

POSITION_TEXT = """# who may play the robin?
ruleset: classic
players: 2

[p0]
forest: "Blue Jay" (eggs 1)
hand: "American Robin", "Mallard"
food: 1 invertebrate, 1 fruit

[p1]
wetland: "Wood Duck" (eggs 2)
hand: 4 cards
"""


class Client:
    """A language client over a server process's pipes: requests by id, notifications kept
    in order, the server's own requests answered (its settings for workspace/configuration)."""

    def __init__(self, command: list[str], settings: dict[str, Any] | None = None):
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.settings = settings or {}
        self.messages: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.notifications: list[dict[str, Any]] = []
        self.errors: list[bytes] = []
        self.next_id = 0
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=self._drain, daemon=True).start()

    def _read(self) -> None:
        out = self.process.stdout
        assert out is not None
        try:
            while True:
                headers: dict[str, str] = {}
                while True:
                    line = out.readline()
                    if not line:
                        return
                    if line in (b"\r\n", b"\n"):
                        break
                    key, _, value = line.decode("ascii").partition(":")
                    headers[key.strip().lower()] = value.strip()
                body = out.read(int(headers["content-length"]))
                self.messages.put(json.loads(body.decode("utf-8")))
        finally:
            self.messages.put(None)  # (the server's output ended)

    def _drain(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.errors.append(line)

    def send(self, message: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        assert self.process.stdin is not None
        self.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        self.process.stdin.flush()

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def _next(self, deadline: float) -> dict[str, Any]:
        left = deadline - time.monotonic()
        if left <= 0:
            raise AssertionError("the server did not answer in time; its log:\n" + b"".join(self.errors[-40:]).decode("utf-8", "replace"))
        try:
            message = self.messages.get(timeout=left)
        except queue.Empty:
            raise AssertionError("the server did not answer in time; its log:\n" + b"".join(self.errors[-40:]).decode("utf-8", "replace")) from None
        if message is None:
            raise AssertionError("the server's output ended; its log:\n" + b"".join(self.errors[-40:]).decode("utf-8", "replace"))
        if "method" in message and "id" in message:  # a request of the server's own
            result: Any = None
            if message["method"] == "workspace/configuration":
                result = [self.settings.get(item.get("section", ""), None) for item in message["params"]["items"]]
            self.send({"id": message["id"], "result": result})
        elif "method" in message:
            self.notifications.append(message)
        return message

    def request(self, method: str, params: Any, wait: float = WAIT) -> Any:
        self.next_id += 1
        asked = self.next_id
        self.send({"id": asked, "method": method, "params": params})
        deadline = time.monotonic() + wait
        while True:
            message = self._next(deadline)
            if message.get("id") == asked and "method" not in message:
                assert "error" not in message, message["error"]
                return message.get("result")

    def notification(self, method: str, test: Any = lambda params: True, wait: float = WAIT) -> dict[str, Any]:
        """The first notification of ``method`` (kept or still to come) whose params pass ``test``,
        used up."""
        deadline = time.monotonic() + wait
        while True:
            for index, message in enumerate(self.notifications):
                if message["method"] == method and test(message["params"]):
                    del self.notifications[index]
                    params: dict[str, Any] = message["params"]
                    return params
            self._next(deadline)

    def diagnostics(self, uri: str, version: int | None = None) -> list[dict[str, Any]]:
        found = self.notification("textDocument/publishDiagnostics", lambda p: p["uri"] == uri and (version is None or p.get("version") == version))
        result: list[dict[str, Any]] = found["diagnostics"]
        return result

    def initialize(self, options: Any = None, capabilities: dict[str, Any] | None = None, locale: str | None = None) -> dict[str, Any]:
        params = {"processId": None, "rootUri": None, "capabilities": capabilities or {}, "initializationOptions": options}
        if locale is not None:
            params["locale"] = locale
        result = self.request("initialize", params)
        self.notify("initialized", {})
        return dict(result)

    def open(self, uri: str, text: str, language: str = "wingspan-cards", version: int = 1) -> None:
        self.notify("textDocument/didOpen", {"textDocument": {"uri": uri, "languageId": language, "version": version, "text": text}})

    def change(self, uri: str, text: str, version: int) -> None:
        self.notify("textDocument/didChange", {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]})

    def at(self, method: str, uri: str, line: int, character: int, **more: Any) -> Any:
        return self.request(method, {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}, **more})

    def close(self) -> int:
        """Shut down and exit as an editor does: the process's exit code."""
        if self.process.poll() is None:
            try:
                self.request("shutdown", None)
                self.notify("exit", None)
            except (AssertionError, OSError):
                self.process.kill()
        try:
            return self.process.wait(timeout=WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("the server did not exit after 'exit'") from None


@pytest.fixture(scope="module")
def client() -> Any:
    c = Client(SERVER)
    c.initialize()
    yield c
    c.close()


def _range(line: int, start: int, end: int, end_line: int | None = None) -> dict[str, Any]:
    return {"start": {"line": line, "character": start}, "end": {"line": line if end_line is None else end_line, "character": end}}


# ---- over the protocol -------------------------------------------------------------------------


def test_the_server_says_what_it_can_do() -> None:
    c = Client(SERVER)
    try:
        result = c.initialize()
        caps = result["capabilities"]
        assert result["serverInfo"]["name"] == "wingspan-rules"
        assert caps["textDocumentSync"]["change"] == 1  # full text
        for provider in ("hoverProvider", "definitionProvider", "documentFormattingProvider", "completionProvider", "codeActionProvider"):
            assert caps[provider], provider
        assert caps["codeActionProvider"]["codeActionKinds"] == ["quickfix"]
    finally:
        assert c.close() == 0


def test_a_typo_is_reported_where_it_is_with_a_fix_and_cleared_once_fixed(client: Client) -> None:
    uri = "file:///tmp/lsp-test/new.wsp"
    client.open(uri, TYPO_BIRD)
    found = client.diagnostics(uri, 1)
    assert len(found) == 1
    problem = found[0]
    assert problem["range"] == _range(1, 8, 13)  # 'seeed' on the second line
    assert problem["message"] == "unknown food 'seeed'; did you mean 'seed'?"
    assert problem["severity"] == 1 and problem["source"] == "wingspan-rules"

    actions = client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": _range(1, 10, 10), "context": {"diagnostics": found}})
    assert len(actions) == 1
    fix = actions[0]
    assert fix["kind"] == "quickfix" and fix["title"] == "Change 'seeed' to 'seed'"
    assert fix["edit"]["changes"][uri] == [{"range": _range(1, 8, 13), "newText": "seed"}]
    assert fix["diagnostics"][0]["message"] == problem["message"]
    # nowhere near the problem, no fix
    assert client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": _range(4, 0, 0), "context": {"diagnostics": []}}) is None

    client.change(uri, FIXED_BIRD, 2)
    assert client.diagnostics(uri, 2) == []
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    assert client.diagnostics(uri) == []


def test_every_problem_lint_reports_is_published(client: Client) -> None:
    uri = "file:///tmp/lsp-test/two.wsp"
    text = TYPO_BIRD.replace("points", "pints") + "\n" + TYPO_BIRD.replace("Test Bird", "Other Bird").replace("brown", "brwn")
    client.open(uri, text)
    found = client.diagnostics(uri, 1)
    with pytest.raises(DslError) as linted:
        compile_cards(text)
    assert [(d["range"]["start"]["line"] + 1, d["range"]["start"]["character"] + 1) for d in found] == [(p.line, p.column) for p in linted.value.diagnostics]
    assert [d["message"] for d in found] == [p.message + (f"; {p.hint}" if p.hint else "") for p in linted.value.diagnostics]
    assert len(found) == 3  # (the first block stops at its syntax error; the second has two problems)


def test_columns_are_counted_in_utf16_code_units(client: Client) -> None:
    uri = "file:///tmp/lsp-test/birdy.pos"
    line = 'forest: "Blue Jay" (eggs 1), "\U0001f426", "Mallrd"'
    client.open(uri, f"ruleset: classic\nplayers: 2\n[p0]\n{line}\n", "wingspan-position")
    found = client.diagnostics(uri, 1)
    typo = next(d for d in found if "Mallrd" in d["message"])
    start = len(line.split("Mallrd")[0]) + 1  # the bird is two UTF-16 code units
    assert typo["range"] == _range(3, start, start + 6)
    actions = client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": typo["range"], "context": {"diagnostics": [typo]}})
    assert actions[0]["edit"]["changes"][uri][0] == {"range": typo["range"], "newText": "Mallard"}


def test_a_client_that_counts_in_utf8_gets_columns_in_bytes() -> None:
    c = Client(SERVER)
    uri = "file:///tmp/lsp-test/utf8.pos"
    try:
        result = c.initialize(None, {"general": {"positionEncodings": ["utf-8", "utf-16"]}})
        assert result["capabilities"]["positionEncoding"] == "utf-8"
        line = 'forest: "Blue Jay" (eggs 1), "\u00e9\U0001f426", "Mallrd"'
        c.open(uri, f"ruleset: classic\nplayers: 2\n[p0]\n{line}\n", "wingspan-position")
        typo = next(d for d in c.diagnostics(uri, 1) if "Mallrd" in d["message"])
        start = len(line.split("Mallrd")[0].encode("utf-8"))
        assert typo["range"] == _range(3, start, start + 6)
        hover = c.at("textDocument/hover", uri, 3, start + 2)
        assert hover is None  # (no card of that name)
        hover = c.at("textDocument/hover", uri, 3, 12)
        assert "**Blue Jay**" in hover["contents"]["value"]
    finally:
        assert c.close() == 0


def test_a_position_is_checked_as_setup_checks_it(client: Client) -> None:
    uri = "file:///tmp/lsp-test/broken.pos"
    client.open(uri, POSITION_TEXT.replace('"Blue Jay" (eggs 1)', '"Blue Jay" (eggs 3)'), "wingspan-position")
    found = client.diagnostics(uri, 1)
    assert [d["message"] for d in found] == ["Blue Jay holds at most 2 eggs, not 3 [classic.lay-eggs.limit]"]
    assert found[0]["code"] == "classic.lay-eggs.limit"
    client.change(uri, POSITION_TEXT, 2)
    assert client.diagnostics(uri, 2) == []


def test_completion_offers_the_words_of_the_place(client: Client) -> None:
    uri = "file:///tmp/lsp-test/complete.wsp"
    text = 'card "Mal\n' + FIXED_BIRD
    client.open(uri, text)
    foods = client.at("textDocument/completion", uri, 2, len("  food: "))["items"]
    assert {i["label"] for i in foods} == set(VOCABULARIES["pocket"].foods)
    assert {i["kind"] for i in foods} == {20}  # EnumMember
    names = client.at("textDocument/completion", uri, 0, len('card "Mal'))["items"]
    mallard = next(i for i in names if i["label"] == "Mallard")
    assert mallard["kind"] == 7  # Class: a card
    assert mallard["textEdit"] == {"range": _range(0, 6, 9), "newText": 'Mallard"'}
    colours = client.at("textDocument/completion", uri, 7, len("  power "))["items"]
    assert {i["label"] for i in colours} == set(VOCABULARIES["pocket"].colours)
    phrase = {i["label"] for i in client.at("textDocument/completion", uri, 7, len("  power brown: "))["items"]}
    assert {"draw", "tuck", "lay", "seed", "from"} <= phrase
    fields = {i["label"] for i in client.at("textDocument/completion", uri, 3, 2)["items"]}
    assert {"cost", "points", "power", "wingspan"} <= fields


def test_completion_in_a_position(client: Client) -> None:
    uri = "file:///tmp/lsp-test/complete.pos"
    client.open(uri, POSITION_TEXT + 'hand: "Amer\n[', "wingspan-position")
    last = POSITION_TEXT.count("\n")
    names = {i["label"] for i in client.at("textDocument/completion", uri, last, len('hand: "Amer'))["items"]}
    assert {"American Robin", "American Avocet"} <= names
    assert names <= set(card_set("classic").by_name)  # (the deck of the position's ruleset)
    keys = {i["label"] for i in client.at("textDocument/completion", uri, 6, 0)["items"]}
    assert {"forest", "hand", "food", "bonus", "cubes"} <= keys
    sections = {i["label"] for i in client.at("textDocument/completion", uri, last + 1, 1)["items"]}
    assert sections == {"p0", "p1", "table", "stack"}


def test_hover_shows_a_power_in_english_and_a_card_s_facts(client: Client) -> None:
    uri = "file:///tmp/lsp-test/hover.wsp"
    client.open(uri, FIXED_BIRD)
    client.diagnostics(uri, 1)
    power = client.at("textDocument/hover", uri, 6, 10)
    assert power["contents"]["kind"] == "markdown"
    text = power["contents"]["value"]
    assert "power (brown)" in text and "Take a card" in text and "`pocket.power.draw`" in text
    facts = client.at("textDocument/hover", uri, 0, 8)["contents"]["value"]
    assert "**Test Bird**" in facts and "Wingspan: 40 cm" in facts and "Cost: 1 fish" in facts

    pos = "file:///tmp/lsp-test/hover.pos"
    client.open(pos, POSITION_TEXT, "wingspan-position")
    client.diagnostics(pos, 1)
    found = client.at("textDocument/hover", pos, 5, len('forest: "Blue'))
    assert "**Blue Jay**" in found["contents"]["value"] and "Habitats: forest" in found["contents"]["value"]
    assert found["range"] == _range(5, 9, 17)
    assert client.at("textDocument/hover", pos, 2, 3) is None  # 'players: 2' names no card


def test_a_client_in_spanish_gets_problems_fixes_and_hovers_in_spanish() -> None:
    c = Client(SERVER)
    try:
        c.initialize(locale="es")
        uri = "file:///tmp/lsp-test/es.wsp"
        c.open(uri, TYPO_BIRD)
        found = c.diagnostics(uri, 1)
        assert [d["message"] for d in found] == ["comida desconocida 'seeed'; ¿quisiste decir 'seed'?"]
        actions = c.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": _range(1, 10, 10), "context": {"diagnostics": found}})
        assert actions[0]["title"] == "Cambiar 'seeed' por 'seed'"
        c.change(uri, FIXED_BIRD, 2)
        assert c.diagnostics(uri, 2) == []
        power = c.at("textDocument/hover", uri, 6, 10)["contents"]["value"]
        assert "poder (marrón)" in power and "Toma una carta" in power and "Take a card" not in power
        assert "**Reglas que sigue su poder**" in power and "`pocket.power.draw`" in power
        facts = c.at("textDocument/hover", uri, 0, 8)["contents"]["value"]
        assert "**Test Bird**" in facts and "Envergadura: 40 cm" in facts
    finally:
        assert c.close() == 0


def test_a_client_in_a_language_the_library_does_not_speak_gets_english() -> None:
    c = Client(SERVER)
    try:
        c.initialize(locale="fr-FR")
        uri = "file:///tmp/lsp-test/fr.wsp"
        c.open(uri, TYPO_BIRD)
        assert [d["message"] for d in c.diagnostics(uri, 1)] == ["unknown food 'seeed'; did you mean 'seed'?"]
    finally:
        assert c.close() == 0


def test_formatting_replaces_the_whole_text_once_it_compiles(client: Client) -> None:
    uri = "file:///tmp/lsp-test/messy.wsp"
    messy = FIXED_BIRD.replace("  cost: fish", "cost:   fish").replace("draw 1 card", "draw  1 card")
    client.open(uri, messy)
    edits = client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}})
    assert len(edits) == 1
    last = messy.count("\n")
    assert edits[0]["range"] == _range(0, 0, 0, last)
    formatted = format_text(messy, VOCABULARIES["pocket"])
    assert edits[0]["newText"] == formatted and "cost: fish\n" in formatted
    client.change(uri, formatted, 2)
    assert client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}}) == []
    client.change(uri, TYPO_BIRD, 3)  # does not compile: left to the diagnostics
    assert client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}}) == []


def _file_line(uri: str, line: int) -> str:
    path = Path(unquote(urlparse(uri).path))
    return path.read_text(encoding="utf-8").split("\n")[line]


def test_definition_goes_from_a_card_name_to_its_block(client: Client) -> None:
    pos = "file:///tmp/lsp-test/definition.pos"
    client.open(pos, POSITION_TEXT, "wingspan-position")
    found = client.at("textDocument/definition", pos, 6, len('hand: "American R'))
    assert len(found) == 1
    assert found[0]["uri"].startswith("file://") and found[0]["uri"].endswith(".wsp")
    start, end = found[0]["range"]["start"], found[0]["range"]["end"]
    assert _file_line(found[0]["uri"], start["line"]).startswith('bird "American Robin" {')
    assert _file_line(found[0]["uri"], end["line"]).startswith("}")
    assert client.at("textDocument/definition", pos, 7, 8) is None  # 'food: 1 invertebrate'

    own = "file:///tmp/lsp-test/own.wsp"
    client.open(own, FIXED_BIRD + "\n" + FIXED_BIRD.replace("Test Bird", "Other Bird"))
    found = client.at("textDocument/definition", own, 9, 8)
    assert found == [{"uri": own, "range": _range(9, 0, 1, 16)}]


def test_garbage_gives_problems_or_none_and_the_server_goes_on(client: Client) -> None:
    rng = random.Random(21)
    texts = [
        "".join(chr(rng.randrange(0, 0x3000)) for _ in range(5000)),
        bytes(rng.randrange(256) for _ in range(20_000)).decode("latin-1"),
        "card " * 50_000,
        '"' * 10_000 + "{" * 10_000,
        "ruleset: classic\nplayers: 2\n" + "[p0]\nforest: " + ", ".join(['"Blue Jay" (eggs 9)'] * 500) + "\n",
        "\ud800 lone surrogate card {",
    ]
    for number, text in enumerate(texts):
        for language in ("wingspan-cards", "wingspan-position"):
            uri = f"file:///tmp/lsp-test/garbage-{number}-{language}.txt"
            client.open(uri, text, language)
            found = client.diagnostics(uri, 1)
            assert all(d["source"] == "wingspan-rules" for d in found)
            for method in ("textDocument/hover", "textDocument/completion", "textDocument/definition"):
                client.at(method, uri, 0, 3)
            client.request("textDocument/formatting", {"textDocument": {"uri": uri}, "options": {"tabSize": 2, "insertSpaces": True}})
            client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})
    # a place outside the document is no error either
    client.open("file:///tmp/lsp-test/short.wsp", "card")
    assert client.at("textDocument/hover", "file:///tmp/lsp-test/short.wsp", 40, 900) is None
    assert client.at("textDocument/completion", "file:///tmp/lsp-test/short.wsp", 40, 900) == {"isIncomplete": False, "items": []}
    # frames that are not JSON-RPC at all: pygls says so, and the server goes on
    assert client.process.stdin is not None
    for body in (b"{{{{{", b"[1, 2, 3]", "\u00e9".encode()):
        client.process.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    client.process.stdin.flush()
    assert client.at("textDocument/hover", "file:///tmp/lsp-test/short.wsp", 0, 0) is None
    assert client.process.poll() is None


def test_a_request_whose_params_do_not_read_is_answered_with_the_error(client: Client) -> None:
    """A request whose params are not the protocol's types (a code action's context holding a
    diagnostic without its range, a position whose line is a word) gets an answer under its id:
    the error.  pygls reports such a message and answers nothing, and the editor waited for ever
    (found driving Neovim, tests/test_lsp_neovim.py)."""
    uri = "file:///tmp/lsp-test/unreadable.wsp"
    client.open(uri, TYPO_BIRD)
    client.diagnostics(uri, 1)
    for method, params in [
        ("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": _range(1, 10, 10), "context": {"diagnostics": [[]]}}),
        ("textDocument/hover", {"textDocument": {"uri": uri}, "position": {"line": "two", "character": 0}}),
        ("textDocument/completion", {"textDocument": {"uri": uri}}),
    ]:
        client.next_id += 1
        asked = client.next_id
        client.send({"id": asked, "method": method, "params": params})
        deadline = time.monotonic() + WAIT
        answer = client._next(deadline)
        while answer.get("id") != asked or "method" in answer:
            answer = client._next(deadline)
        assert answer["error"] == {"code": -32602, "message": f"invalid params for {method}"}
    # and the server goes on
    [fix] = client.request("textDocument/codeAction", {"textDocument": {"uri": uri}, "range": _range(1, 10, 10), "context": {"diagnostics": []}})
    assert fix["title"] == "Change 'seeed' to 'seed'"
    client.notify("textDocument/didClose", {"textDocument": {"uri": uri}})


def test_the_ruleset_setting_reads_a_file_that_does_not_tell() -> None:
    goals = 'goal "Woods" {\n  side "Birds in forest": birds in forest\n  side "Eggs in forest": eggs in forest\n}\n'
    c = Client(SERVER, settings={"wingspanRules": {"ruleset": "pocket"}})
    try:
        c.initialize({"wingspanRules": {"ruleset": "classic"}})
        c.open("file:///tmp/lsp-test/goals.wsp", goals)
        assert c.diagnostics("file:///tmp/lsp-test/goals.wsp", 1) == []  # classic words
        c.notify("workspace/didChangeConfiguration", {"settings": {"wingspanRules": {"ruleset": "pocket"}}})
        assert c.diagnostics("file:///tmp/lsp-test/goals.wsp", 1) != []  # no habitats in Pocket
        c.notify("workspace/didChangeConfiguration", {"settings": {"wingspanRules": {"ruleset": "classic"}}})
        assert c.diagnostics("file:///tmp/lsp-test/goals.wsp", 1) == []
        c.notify("workspace/didChangeConfiguration", {"settings": {"wingspanRules": {"ruleset": "chess"}}})
        warning = c.notification("window/showMessage")
        assert "unknown ruleset 'chess'" in warning["message"]
    finally:
        assert c.close() == 0


def test_the_settings_are_asked_of_a_client_that_can_answer() -> None:
    goals = 'goal "Woods" {\n  side "Birds in forest": birds in forest\n  side "Eggs in forest": eggs in forest\n}\n'
    c = Client(SERVER, settings={"wingspanRules": {"ruleset": "classic"}})
    try:
        c.initialize(None, {"workspace": {"configuration": True}})
        c.open("file:///tmp/lsp-test/pulled.wsp", goals)
        # published when opened (pocket: no habitats), then again once the settings came
        c.notification("textDocument/publishDiagnostics", lambda p: p["diagnostics"] == [], wait=WAIT)
    finally:
        assert c.close() == 0


def test_the_module_serves_and_exits_with_0_after_shutdown() -> None:
    c = Client([sys.executable, "-m", "wingspan_rules.lsp"])
    c.initialize()
    c.open("file:///tmp/lsp-test/m.wsp", TYPO_BIRD)
    assert len(c.diagnostics("file:///tmp/lsp-test/m.wsp", 1)) == 1
    assert c.close() == 0


def test_an_exit_without_shutdown_exits_with_1() -> None:
    c = Client(SERVER)
    c.initialize()
    c.notify("exit", None)
    assert c.process.wait(timeout=WAIT) == 1


@pytest.mark.parametrize(
    "program",
    [
        "from wingspan_rules.cli import main; sys.exit(main(['lsp']))",
        "import runpy; sys.argv = ['lsp']; runpy.run_module('wingspan_rules.lsp', run_name='__main__')",
    ],
)
def test_without_the_extra_the_error_names_it(program: str) -> None:
    blocked = "import sys; sys.modules['pygls'] = None; sys.modules['lsprotocol'] = None; " + program
    done = subprocess.run([sys.executable, "-c", blocked], capture_output=True, text=True, timeout=WAIT, stdin=subprocess.DEVNULL)
    assert done.returncode == 2
    assert 'pip install "wingspan_rules[lsp]"' in done.stderr
    assert done.stdout == ""


def test_importing_the_package_imports_no_language_server() -> None:
    code = "import sys, wingspan_rules; print(sorted(m for m in sys.modules if 'lsp' in m or 'pygls' in m))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=WAIT)
    assert done.stdout.strip() == "[]"


# ---- the analysis, without a server -------------------------------------------------------------


def test_the_kind_of_a_document() -> None:
    assert analysis.kind_of("file:///a.txt", "wingspan-position", FIXED_BIRD) == POSITION  # the editor's word first
    assert analysis.kind_of("file:///a.wsp", None, POSITION_TEXT) == CARDS  # then the suffix
    assert analysis.kind_of("file:///a.pos", "plaintext", "") == POSITION
    assert analysis.kind_of("untitled:1", None, POSITION_TEXT) == POSITION  # then the text
    assert analysis.kind_of("untitled:1", None, "# a bird\n" + FIXED_BIRD) == CARDS
    assert analysis.kind_of("untitled:1", None, "") == CARDS


def test_the_ruleset_of_a_document() -> None:
    classic_bird = 'bird "B" {\n  habitats: forest\n}\n'
    assert analysis.ruleset_of(CARDS, FIXED_BIRD, "classic") == "pocket"  # its blocks tell
    assert analysis.ruleset_of(CARDS, classic_bird) == "classic"
    assert analysis.ruleset_of(CARDS, classic_bird.replace("}", "  set: oceania\n}")) == "oceania"
    assert analysis.ruleset_of(CARDS, 'goal "G" {\n}\n', "classic") == "classic"  # a goal does not: the setting
    assert analysis.ruleset_of(CARDS, 'goal "G" {\n}\n', "chess") == "pocket"
    assert analysis.ruleset_of(POSITION, POSITION_TEXT, "pocket") == "classic"
    assert analysis.ruleset_of(POSITION, "players: 2\n", "oceania") == "oceania"
    assert analysis.ruleset_of(POSITION, "ruleset: chess\n") == "pocket"


def test_columns_convert_between_code_points_and_code_units() -> None:
    line = "a\U0001f426b\u00e9c"
    assert [analysis.units(line[:i]) for i in range(6)] == [0, 1, 3, 4, 5, 6]
    assert [analysis.units(line[:i], "utf-8") for i in range(6)] == [0, 1, 5, 6, 8, 9]
    assert [analysis.column_of(line, n) for n in (0, 1, 2, 3, 4, 5, 6, 99)] == [0, 1, 2, 2, 3, 4, 5, 5]
    assert [analysis.column_of(line, n, "utf-8") for n in (0, 1, 5, 6, 8, 9)] == [0, 1, 2, 3, 4, 5]
    assert analysis.split_lines("a\r\nb\n") == ["a", "b", ""]


def test_a_problem_s_range_covers_its_word() -> None:
    [problem] = Document("u.wsp", TYPO_BIRD).problems()
    assert problem.range == Range.on(1, 8, 13)
    assert problem.fix is not None and (problem.fix.word, problem.fix.instead) == ("seeed", "seed")
    # where the problem is said at its entry, the fix is still the misspelt word's
    [problem] = Document("u.pos", "ruleset: clasic\nplayers: 2\n").problems()
    assert problem.fix is not None and problem.fix.range == Range.on(0, 9, 15) and problem.fix.instead == "classic"
    # a quoted name is covered whole
    [problem] = Document("u.pos", 'ruleset: classic\nplayers: 2\n[p0]\nhand: "Nobody At All"\n').problems()
    assert problem.range == Range.on(3, 6, 21) and problem.fix is None
    assert Document("u.wsp", FIXED_BIRD).problems() == []


def test_the_hint_carries_its_suggestion_and_reads_as_before() -> None:
    hint = suggest("seeed", ["seed", "fish"])
    assert hint == "did you mean 'seed'?"
    assert getattr(hint, "suggestion", None) == Suggestion("seeed", "seed")
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(hint)).suggestion == Suggestion("seeed", "seed")
    assert copy.deepcopy(hint).suggestion == Suggestion("seeed", "seed")


def test_blocks_are_found_by_header_and_brace() -> None:
    lines = analysis.split_lines(FIXED_BIRD + "\ngoal \"G\" {\n  side \"S\": birds in forest\n}\ncard \"Open\" {\n  food: seed\n")
    found = analysis.blocks(lines)
    assert [(b.kind, b.name, b.line, b.last) for b in found] == [("card", "Test Bird", 0, 7), ("goal", "G", 9, 11), ("card", "Open", 12, 14)]
    assert found[1].sides == (("S", 10, 8, 9),)


def test_a_power_follows_the_rules_its_steps_cite() -> None:
    from wingspan_rules import card_set
    from wingspan_rules.rulesets import ruleset

    avocet = card_set("classic").by_name["American Avocet"]
    ids = [r.id for r in analysis.power_rules(avocet, ruleset("classic"))]
    assert ids == ["classic.powers.optional", "classic.lay-eggs.limit", "classic.power.lay"]
    assert analysis.power_rules(card_set("pocket").by_name["Mallard"], ruleset("pocket")) == []


def test_the_analysis_answers_on_plain_text() -> None:
    card = Document("file:///x.wsp", FIXED_BIRD)
    hover = card.hover(6, 3)
    assert hover is not None and "`pocket.power.draw`" in hover.markdown
    assert card.hover(6, 3) is not None and Document("file:///x.wsp", TYPO_BIRD).hover(6, 3) is None  # (a block that does not compile)
    pos = Document("file:///x.pos", POSITION_TEXT)
    assert pos.problems() == []
    hover = pos.hover(10, len('wetland: "Wood'))
    assert hover is not None and "**Wood Duck**" in hover.markdown
    [place] = pos.definition(10, len('wetland: "Wood'))
    assert _file_line(place.uri, place.range.line).startswith('bird "Wood Duck" {')
    goals = Document("file:///x.pos", POSITION_TEXT + '[table]\ngoals: "Bowl-nest birds with eggs", "Eggs in forest", "Cavity-nest birds with eggs", "Eggs in ground nests"\n')
    assert goals.problems() == []
    hover = goals.hover(13, len('goals: "Bowl-nest birds with eggs", "Eggs'))
    assert hover is not None and "**Forest**" in hover.markdown and "Eggs in forest" in hover.markdown
    assert [c.label for c in pos.complete(0, 3)] == []  # in a comment
    assert "ruleset" in {c.label for c in pos.complete(1, 0)}
    assert {c.label for c in pos.complete(1, len("ruleset: "))} >= {"pocket", "classic", "oceania"}
    canonical = format_text(FIXED_BIRD, VOCABULARIES["pocket"])
    assert Document("file:///x.wsp", FIXED_BIRD.replace("cost: fish", "cost:  fish ")).formatted() == canonical
    assert Document("file:///x.wsp", canonical).formatted() is None
    assert Document("file:///x.pos", POSITION_TEXT).formatted() is None  # (positions are not formatted)


def test_a_huge_document_is_one_problem() -> None:
    [problem] = Document("file:///x.wsp", "#" * (analysis.MAX_CHARS + 1)).problems()
    assert "at most" in problem.message
    assert Document("file:///x.wsp", "#" * (analysis.MAX_CHARS + 1)).complete(0, 1) == []


def test_the_editor_settings_of_the_docs_read_and_name_the_server() -> None:
    """docs/editors.md: its JSON and TOML parse, and name the command, language ids and
    suffixes the server knows."""
    import re
    import tomllib

    page = (Path(__file__).resolve().parents[1] / "docs" / "editors.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```(\w+)\n(.*?)```", page, re.S)
    package = next(json.loads(body) for kind, body in blocks if kind == "json" and '"contributes"' in body)
    languages = {lang["id"]: lang["extensions"] for lang in package["contributes"]["languages"]}
    assert {i: analysis.LANGUAGE_IDS[i] for i in languages} == analysis.LANGUAGE_IDS
    assert all(analysis.SUFFIXES[e] == analysis.LANGUAGE_IDS[i] for i, extensions in languages.items() for e in extensions)
    assert package["contributes"]["configuration"]["properties"]["wingspanRules.command"]["default"] == ["wingspan-rules", "lsp", "--stdio"]
    helix = tomllib.loads(next(body for kind, body in blocks if kind == "toml"))
    assert helix["language-server"]["wingspan-rules"]["args"] == ["lsp", "--stdio"]
    assert {lang["language-id"] for lang in helix["language"]} == set(analysis.LANGUAGE_IDS)
    for kind, body in blocks:
        if kind == "json":
            json.loads(body)
        if kind == "lua":
            assert '"wingspan-rules", "lsp", "--stdio"' in body and "wingspan-cards" in body
