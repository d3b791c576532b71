"""The documentation site (mkdocs.yml, the [docs] extra): it builds with ``mkdocs build --strict``,
every page of docs/ is in its nav, the API reference names every public name, and the built site
reads in a real headless browser (Debian's chromium, driven by Playwright) as a visitor reads it:
the home page with its picture of the table, the API reference, and card text and a position
coloured by the project's own Pygments lexers.

Building the site takes about 3 s (mkdocstrings reads the docstrings of the package with griffe),
the browser about 4 s more: both are marked slow, so the quick subset leaves them out.
"""

from __future__ import annotations

import ast
import functools
import http.server
import os
import re
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("mkdocs", reason="the [docs] extra is not installed (pip install \".[docs]\")")

from mkdocs.utils.yaml import yaml_load  # noqa: E402

import wingspan_rules  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
CONFIG = ROOT / "mkdocs.yml"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DIRECTIVE = re.compile(r"^::: (wingspan_rules[\w.]*)$", re.M)


def _config() -> dict[str, Any]:
    """mkdocs.yml, read as mkdocs reads it (its ``!ENV`` and ``!relative`` tags too)."""
    config: dict[str, Any] = yaml_load(CONFIG.read_text(encoding="utf-8"))
    return config


def _nav_pages(entry: Any) -> list[str]:
    """The Markdown files the nav names, in order, however deeply grouped."""
    if isinstance(entry, str):
        return [entry] if entry.endswith(".md") else []
    if isinstance(entry, list):
        return [page for item in entry for page in _nav_pages(item)]
    if isinstance(entry, dict):
        return [page for value in entry.values() for page in _nav_pages(value)]
    return []


def _declared_all(module: str) -> list[str] | None:
    """A module's ``__all__`` as its source declares it (read, not imported: the [rl] and [web]
    modules need their extras to import), or None if it declares none."""
    path = ROOT / Path(*module.split("."))
    source = (path / "__init__.py") if path.is_dir() else path.with_suffix(".py")
    for node in ast.parse(source.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets):
            names: list[str] = ast.literal_eval(node.value)
            return names
    return None


def test_every_page_of_the_docs_is_in_the_nav() -> None:
    """A page added to docs/ and left out of mkdocs.yml's nav would be built but linked from
    nowhere (``mkdocs build`` only says so), so a new page cannot be forgotten."""
    nav = _nav_pages(_config()["nav"])
    pages = sorted(path.relative_to(DOCS).as_posix() for path in DOCS.rglob("*.md"))
    assert [page for page in pages if page not in nav] == [], "add these pages to the nav of mkdocs.yml"
    assert [page for page in nav if page not in pages] == [], "the nav of mkdocs.yml names pages that docs/ does not have"
    assert len(nav) == len(set(nav)), "a page is twice in the nav"
    for page in ("index.md", "rules.md", "dsl.md", "positions.md", "reference/api.md"):
        assert page in nav


def test_the_api_reference_documents_every_public_name() -> None:
    """docs/reference/api.md has a ``::: wingspan_rules.NAME`` for each name of the package's
    ``__all__``; a module page with a ``members:`` list lists the module's ``__all__``."""
    page = (DOCS / "reference" / "api.md").read_text(encoding="utf-8")
    documented = [name.removeprefix("wingspan_rules.") for name in DIRECTIVE.findall(page)]
    assert sorted(documented) == sorted(wingspan_rules.__all__)
    for path in sorted((DOCS / "reference").glob("*.md")):
        text = path.read_text(encoding="utf-8")
        for match in re.finditer(r"^::: (wingspan_rules[\w.]*)\n((?:    .*\n)*)", text, re.M):
            members = re.search(r"^\s+members: \[(.*)\]$", match.group(2), re.M)
            declared = None if members is None else _declared_all(match.group(1))
            if members is not None and declared is not None:
                assert sorted(m.strip() for m in members.group(1).split(",")) == sorted(declared), f"{path.name}: {match.group(1)}.__all__"


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The site built from the tree as ``mkdocs build --strict`` builds it.  (Run from another
    folder than the tree, so that the lexers Pygments loads are the installed package's, as for
    the ``mkdocs`` command; the docstrings are read from the tree: mkdocs.yml's ``paths``.)"""
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}  # (mkdocs-material's notice about its successor)
    run = subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--config-file", str(CONFIG), "--site-dir", str(out / "html")],
        cwd=out, env=env, capture_output=True, text=True, timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert not re.search(r"^(WARNING|ERROR)\b", run.stdout + run.stderr, re.M), run.stdout + run.stderr
    return out / "html"


@pytest.mark.slow
def test_the_site_builds_strictly_with_every_page_and_picture(site: Path) -> None:
    for page in _nav_pages(_config()["nav"]):
        assert (site / page).with_suffix(".html").is_file(), page
    assert (site / "img" / "table.svg").read_bytes() == (DOCS / "img" / "table.svg").read_bytes()
    assert not (site / "gen_rules.py").exists()  # (the scripts beside the pages are not published)
    for page in ("index.html", "pictures.html"):
        assert 'src="img/table.svg"' in (site / page).read_text(encoding="utf-8"), page
    html = (site / "highlighting.html").read_text(encoding="utf-8")
    # the card lexer's words, by their tokens' classes (docs/highlighting.md has the table)
    card = html[html.index('<div class="language-wsp highlight">') :]
    card = card[: card.index("</code>")]
    assert '<span class="kd">card</span>' in card and '<span class="kc">seed</span>' in card and '<span class="na">egg_limit</span>' in card
    position = html[html.index('<div class="language-wpos highlight">') :]
    position = position[: position.index("</code>")]
    assert '<span class="kd">ruleset</span>' in position and '<span class="nc">classic</span>' in position and '<span class="kn">p0</span>' in position


@pytest.fixture(scope="module")
def served(site: Path) -> Iterator[str]:
    """The built site over HTTP on 127.0.0.1, as a static file server serves it."""
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()
    thread.join(5)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed (the README's test command installs it)")
    if CHROMIUM is None:
        pytest.skip("no chromium on this machine (apt-get install chromium; .ci/run installs it)")
    with sync_api.sync_playwright() as p:
        launched = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        yield launched
        launched.close()


def _open(browser: Any, url: str) -> tuple[Any, list[str]]:
    """A new page at ``url``, loaded, with the problems it met: console errors, uncaught
    exceptions, requests that failed or were answered 4xx or 5xx."""
    page = browser.new_page()
    problems: list[str] = []
    page.on("console", lambda message: problems.append(f"console: {message.text}") if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    page.on("requestfailed", lambda request: problems.append(f"failed: {request.url}"))
    page.on("response", lambda response: problems.append(f"{response.status}: {response.url}") if response.status >= 400 else None)
    page.goto(url)
    page.wait_for_load_state("networkidle")
    return page, problems


@pytest.mark.slow
def test_a_visitor_reads_the_home_page_the_api_reference_and_coloured_card_text(served: str, browser: Any) -> None:
    # the home page, with the picture of the table the library draws
    page, problems = _open(browser, served + "index.html")
    assert "wingspan_rules" in page.title()
    picture = page.locator("article img[src='img/table.svg']")
    assert picture.count() == 1
    assert picture.evaluate("img => img.complete && img.naturalWidth > 0"), "the picture of the table did not load"
    # the nav leads to the rules catalog, the card language and the API reference
    for title in ("Rules catalog", "The card language", "The position language", "API reference"):
        assert page.locator("nav.md-nav--primary").get_by_text(title, exact=True).count() >= 1, title
    assert problems == []
    page.close()

    # the API reference: new_game as its docstring and its signature say
    page, problems = _open(browser, served + "reference/api.html")
    heading = page.locator("[id='wingspan_rules.new_game']")
    assert heading.is_visible()
    entry = page.locator("div.doc-object:has(> [id='wingspan_rules.new_game'])")
    text = entry.inner_text()
    assert "new_game" in text and "ruleset" in text and "Start a game" in text
    assert page.locator("[id='wingspan_rules.Game.legal_actions']").count() == 1
    assert problems == []
    page.close()

    # the highlighting page: a wsp block and a wpos block, coloured token by token
    page, problems = _open(browser, served + "highlighting.html")
    card = page.locator("div.language-wsp pre code").last
    assert "Mourning Dove" in card.inner_text()
    assert card.locator("span.kd").first.inner_text() == "card"
    assert card.locator("span.kc").count() >= 2  # (seed, seed: foods)
    colours = card.evaluate("code => new Set([...code.querySelectorAll('span')].map(s => getComputedStyle(s).color)).size")
    assert colours >= 3, "the card block is not coloured"
    position = page.locator("div.language-wpos pre code").first
    assert position.locator("span.kn").first.inner_text() == "p0"
    assert problems == []
    page.close()

    # the pictures page: the same picture, as its guide shows it
    page, problems = _open(browser, served + "pictures.html")
    assert page.locator("article img").evaluate("img => img.complete && img.naturalWidth > 0")
    assert problems == []
    page.close()
