"""The dispute page in a real headless browser (Debian's chromium, driven by Playwright), as a
user settles a dispute: paste a position, click an action, read the verdict, type an illegal
one, reopen the table from its link, step through a record."""

from __future__ import annotations

import random
import shutil
import socket
import threading
import time
from collections.abc import Iterator

import pytest

pytest.importorskip("starlette", reason="the [web] extra is not installed (the README's test command installs it)")
sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the README's test command installs it)")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
if CHROMIUM is None:
    pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run installs it)", allow_module_level=True)

import uvicorn  # noqa: E402

from wingspan_rules import new_game  # noqa: E402
from wingspan_rules.web import app  # noqa: E402
from wingspan_rules.web.examples import EXAMPLES  # noqa: E402


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    port = _free_port()
    config = uvicorn.Config(app(), host="127.0.0.1", port=port, log_level="error")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(100):
        if running.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/"
    running.should_exit = True
    thread.join(5)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


def test_a_user_pastes_a_position_clicks_an_action_and_reads_the_verdict(server: str, browser: object) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server)
    page.fill("#position", EXAMPLES["pocket"])
    page.click("#show")
    page.wait_for_selector("#legal button.option")
    assert "p0 decides" in page.inner_text("#decision")
    assert page.locator("#picture svg").count() == 1
    page.click("#legal button.option[data-action='draw-cards']")
    page.wait_for_selector("#verdict:not([hidden])")
    verdict = page.inner_text("#verdict")
    assert "Legal" in verdict and "pocket.turn.nest-action" in verdict
    page.wait_for_selector("#legal button.option[data-action='take-bird American Robin']")
    # an illegal action, typed
    page.fill("#typed", "take-bird Blue Jay")
    page.click("#check")
    page.wait_for_function("document.querySelector('#verdict').innerText.includes('Illegal')")
    assert "source:" in page.inner_text("#verdict")
    # the link reopens the same table
    page.click("#link")
    url = page.inner_text("#linkout")
    other = browser.new_page()  # type: ignore[attr-defined]
    other.goto(url)
    other.wait_for_selector("#legal button.option")
    assert other.inner_text("#decision") == page.inner_text("#decision")
    assert other.locator("#legal button.option").count() == page.locator("#legal button.option").count()


def test_a_user_picks_an_example_and_sees_an_error_in_words(server: str, browser: object) -> None:
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server)
    page.wait_for_function("document.querySelectorAll('#example option').length > 3")
    page.select_option("#example", "classic")
    page.wait_for_selector("#legal button.option")
    assert "round 2" in page.inner_text("#decision")
    page.fill("#position", "ruleset: classic\nplayers: 2\n[p0]\nforest: \"No Such Bird\"\n")
    page.click("#show")
    page.wait_for_selector("#errors:not([hidden])")
    assert "No Such Bird" in page.inner_text("#errors") and "Traceback" not in page.inner_text("#errors")


def test_a_user_steps_through_a_record(server: str, browser: object) -> None:
    game = new_game("pocket", 2, 4)
    chooser = random.Random(4)
    for _ in range(8):
        game.apply(chooser.choice(game.legal_actions()))
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server)
    page.fill("#record", game.record())
    page.click("#open")
    page.wait_for_function("document.querySelector('#steps').innerText.startsWith('action 0 of')")
    page.click("#next")
    page.wait_for_function("document.querySelector('#steps').innerText.startsWith('action 1 of')")
    page.click("#back")
    page.wait_for_function("document.querySelector('#steps').innerText.startsWith('action 0 of')")
