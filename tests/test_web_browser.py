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

from wingspan_rules import Game, new_game  # noqa: E402
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
    assert "Turn 1. p0:" in page.inner_text("#decision")
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
    assert "Round 2" in page.inner_text("#decision")
    page.fill("#position", "ruleset: classic\nplayers: 2\n[p0]\nforest: \"No Such Bird\"\n")
    page.click("#show")
    page.wait_for_selector("#errors:not([hidden])")
    assert "No Such Bird" in page.inner_text("#errors") and "Traceback" not in page.inner_text("#errors")


def _open_record(server: str, browser: object, ruleset: str, seed: int) -> tuple[Game, object]:
    """The record of 8 random actions of a game, opened on a new page at its start."""
    game = new_game(ruleset, 2, seed)
    chooser = random.Random(seed)
    for _ in range(8):
        game.apply(chooser.choice(game.legal_actions()))
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server)
    page.fill("#record", game.record())
    page.click("#open")
    page.wait_for_function("document.querySelector('#steps').innerText.startsWith('action 0 of')")
    return game, page


def test_a_user_steps_through_a_record(server: str, browser: object) -> None:
    _, page = _open_record(server, browser, "pocket", 4)
    page.click("#next")
    page.wait_for_function("document.querySelector('#steps').innerText.startsWith('action 1 of')")
    page.click("#back")
    page.wait_for_function("document.querySelector('#steps').innerText.startsWith('action 0 of')")


# Disputes from the rulebooks, settled on the page as a player would: paste the table, click
# the actions that lead to the question, read the answer (the options offered, or the verdict).
FEEDER_SAME_FACE = """# 002: "The feeder shows two seeds: may I reroll before I take food?"
ruleset: classic
players: 2

[p0]
forest: "Blue Jay"
hand: "American Robin"
food: 1 fruit

[p1]
wetland: "Mallard"

[table]
round: 1
to play: p0
feeder: seed, seed
"""
FEEDER_SPLIT_FACE = """# 002: "One seed and one invertebrate/seed die: that is not all the same face, is it?"
ruleset: classic
players: 2

[p0]
forest: "Blue Jay"
hand: "American Robin"

[p1]
wetland: "Mallard"

[table]
round: 1
to play: p0
feeder: invertebrate/seed, seed
"""
CACHED_FOOD = """# 002: "My Barred Owl holds two rodents: can they pay for the Cooper's Hawk?"
ruleset: classic
players: 2

[p0]
forest: "Barred Owl" (eggs 1, cached 2 rodent)
hand: "Cooper's Hawk"

[p1]
wetland: "Mallard"

[table]
round: 1
to play: p0
feeder: fish, fish, seed, fruit, invertebrate
"""
NECTAR_PAYS = """# 003: "Nectar pays for any food: can two nectar buy my Kea?"
ruleset: oceania
players: 2

[p0]
hand: "Kea"
food: 2 nectar
cubes: play-bird 0, forest 0, grassland 0, wetland 0

[p1]
grassland: "Emu"
cubes: play-bird 0, forest 0, grassland 0, wetland 0

[table]
round: 1
to play: p0
feeder: invertebrate, fish, rodent, nectar/seed, fish
"""


def _paste_and_click(page: object, position: str, clicks: list[str]) -> None:
    page.fill("#position", position)  # type: ignore[attr-defined]
    shown = page.get_attribute("#legal", "data-shown")  # type: ignore[attr-defined]
    page.click("#show")  # type: ignore[attr-defined]
    page.wait_for_function("(shown) => document.querySelector('#legal').dataset.shown !== shown", arg=shown)  # type: ignore[attr-defined]
    for action in clicks:
        shown = page.get_attribute("#legal", "data-shown")  # type: ignore[attr-defined]
        page.click(f'#legal button.option[data-action="{action}"]')  # type: ignore[attr-defined]
        page.wait_for_function("(shown) => document.querySelector('#legal').dataset.shown !== shown", arg=shown)  # type: ignore[attr-defined]


def _offered(page: object) -> list[str]:
    buttons = page.locator("#legal button.option")  # type: ignore[attr-defined]
    return [buttons.nth(i).get_attribute("data-action") for i in range(buttons.count())]


def test_classic_feeder_reroll_dispute_on_the_page(server: str, browser: object) -> None:
    """002: dice that all show one face may be rerolled before food is taken; the
    invertebrate/seed face is a face of its own (classic.feeder.reroll)."""
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server)
    _paste_and_click(page, FEEDER_SAME_FACE, ["gain-food", "skip"])
    assert "reroll" in _offered(page)
    _paste_and_click(page, FEEDER_SPLIT_FACE, ["gain-food", "skip"])
    assert "reroll" not in _offered(page)
    page.fill("#typed", "reroll")
    page.click("#check")
    page.wait_for_function("document.querySelector('#verdict').innerText.includes('Illegal')")
    verdict = page.inner_text("#verdict")
    assert "classic.feeder.reroll" in verdict and "002 Wingspan guide" in verdict


def test_classic_cached_food_does_not_pay_dispute_on_the_page(server: str, browser: object) -> None:
    """002: food cached on a bird is points and cannot pay a cost (classic.play-bird.cost); with
    no egg either, the verdict names both rules broken."""
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server)
    _paste_and_click(page, CACHED_FOOD, [])
    assert not any(a.startswith("play-") for a in _offered(page))
    page.fill("#typed", "play-forest Cooper's Hawk")
    page.click("#check")
    page.wait_for_function("document.querySelector('#verdict').innerText.includes('Illegal')")
    verdict = page.inner_text("#verdict")
    assert "classic.play-bird.cost" in verdict and "cached on a bird is points" in verdict
    _paste_and_click(page, CACHED_FOOD.replace("(eggs 1, ", "("), [])
    page.click("#check")
    page.wait_for_function("document.querySelector('#verdict').innerText.includes('egg-cost')")
    assert "classic.play-bird.cost" in page.inner_text("#verdict")


def test_oceania_nectar_pays_for_any_food_dispute_on_the_page(server: str, browser: object) -> None:
    """003: nectar pays for any food, and goes to the spent-nectar space of the bird's row."""
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server)
    _paste_and_click(page, NECTAR_PAYS, ["play-forest Kea"])
    verdict = page.inner_text("#verdict")
    assert "Legal" in verdict and "classic.turn.action" in verdict and "source:" in verdict
    assert "spends nectar onto their forest spent-nectar space" in verdict
    assert "Nectar spent: forest 2" in page.inner_text("#picture")


def test_a_record_step_says_what_was_played(server: str, browser: object) -> None:
    game, page = _open_record(server, browser, "classic", 7)
    assert page.locator("#verdict").is_hidden()
    page.click("#next")
    page.wait_for_function("document.querySelector('#steps').innerText.startsWith('action 1 of')")
    first = next(e for e in game.events() if e.kind == "action").describe()  # (the player deciding next made it: seen whole)
    assert f"Played: {first}" in page.inner_text("#verdict")


POCKET_EGG_COST = """# 000: "Two food cards for my egg cost?" Eggs are not food.
ruleset: pocket
players: 2

[p0]
birds: "Purple Martin"
food: invertebrate, seed, seed
nest: 0

[p1]
flock: "Wood Duck"
birds: 2 cards
food: rodent

[table]
to play: p0
"""
POCKET_SIXTH_BIRD = """# 000: "My sixth bird: does the game end now?" Everyone has had as many turns.
ruleset: pocket
players: 2

[p0]
flock: "Barn Owl", "Wood Duck", "Mallard", "Blue Jay", "American Robin"
birds: "Purple Martin"
food: invertebrate
nest: 1

[p1]
flock: "Tree Swallow"
birds: 2 cards
food: rodent

[table]
first player: p0
to play: p0
"""


def test_pocket_egg_cost_is_not_paid_with_food_dispute_on_the_page(server: str, browser: object) -> None:
    """000: eggs are not food, so two food cards never pay an egg (pocket.pay.egg)."""
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server)
    _paste_and_click(page, POCKET_EGG_COST, [])
    assert "play Purple Martin" not in _offered(page)
    page.fill("#typed", "play Purple Martin")
    page.click("#check")
    page.wait_for_function("document.querySelector('#verdict').innerText.includes('Illegal')")
    assert "[pocket.pay.egg] Purple Martin needs 1 egg and you have 0" in page.inner_text("#verdict")


def test_pocket_sixth_bird_ends_the_game_after_equal_turns_dispute_on_the_page(server: str, browser: object) -> None:
    """000: a sixth bird triggers the end, and play goes on until every player has had as many
    turns: the first player's sixth bird leaves p1 a turn, whose options the page shows."""
    page = browser.new_page()  # type: ignore[attr-defined]
    page.goto(server)
    _paste_and_click(page, POCKET_SIXTH_BIRD, ["play Purple Martin"])
    assert "pocket.end.six-birds" in page.inner_text("#verdict")
    _paste_and_click(page, POCKET_SIXTH_BIRD, ["play Purple Martin", "skip"])
    assert "Turn 1. p1:" in page.inner_text("#decision") and "draw-cards" in _offered(page)
    for _ in range(12):  # (p1's last turn: its action and what it asks, answered with the first option)
        if "The game is over" in page.inner_text("#decision"):
            break
        shown = page.get_attribute("#legal", "data-shown")
        page.locator("#legal button.option").first.click()
        page.wait_for_function("(shown) => document.querySelector('#legal').dataset.shown !== shown", arg=shown)
    assert "The game is over" in page.inner_text("#decision")


EGG_LIMIT = """# 004: "My Blue Jay has its two eggs: may the next egg still go on it?"
ruleset: classic
players: 2

[p0]
forest: "Blue Jay" (eggs 2)
grassland: "American Robin"
hand: "Mallard"
food: 1 invertebrate, 1 fruit

[p1]
wetland: "Wood Duck" (eggs 2, tucked 1)

[table]
round: 1
to play: p0
feeder: seed, fish, rodent
"""


def test_a_spanish_reader_settles_a_dispute_of_004_on_the_page(server: str, browser: object) -> None:
    """The page in Spanish (as ``?lang=es`` or a Spanish browser asks): its words, the prompt,
    the picture's labels and the verdict, which cites 004's questions and answers
    (classic.lay-eggs.limit); the menu switches back to English."""
    page = browser.new_page(locale="es-ES")  # type: ignore[attr-defined]
    page.goto(server)
    assert page.get_attribute("html", "lang") == "es"
    assert page.inner_text("h1") == "Reglas de Wingspan: resuelve una disputa"
    _paste_and_click(page, EGG_LIMIT, ["lay-eggs", "skip"])
    assert "¿" in page.inner_text("#decision")
    assert "bosque" in page.inner_html("#picture")
    assert "egg American Robin" in _offered(page) and "egg Blue Jay" not in _offered(page)
    page.fill("#typed", "egg Blue Jay")
    page.click("#check")
    page.wait_for_function("document.querySelector('#verdict').innerText.includes('classic.lay-eggs.limit')")
    verdict = page.inner_text("#verdict")
    assert "Blue Jay ya tiene su límite de huevos" in verdict
    assert "004 Resumen de las reglas de Wingspan (en español) § Preguntas frecuentes 5, 6" in verdict
    page.select_option("#lang", "en")
    page.wait_for_function("document.documentElement.lang === 'en'")
    assert page.inner_text("h1") == "Wingspan rules: settle a dispute"
