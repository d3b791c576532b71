"""The language server driven by a real editor: Neovim, headless, configured with the snippet
docs/editors.md gives for its version, as an author writes a new bird (tests/data/
nvim_lsp_session.lua does the author's part and writes down what the editor showed).

Where the machine has no ``nvim`` (Debian's package: ``apt-get install neovim``) the session's
tests are skipped (the check of the docs' snippets still runs); ``WINGSPAN_NVIM`` names another
Neovim to run them with.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

import pytest

from wingspan_rules.cards import VOCABULARIES, card_files, compile_cards
from wingspan_rules.dsl import render
from wingspan_rules.dsl.format import format_text

NVIM = os.environ.get("WINGSPAN_NVIM") or shutil.which("nvim")

ROOT = Path(__file__).resolve().parents[1]
SESSION = Path(__file__).resolve().parent / "data" / "nvim_lsp_session.lua"
TIMEOUT = 90.0  # seconds the whole editor session may take
DOC_COMMAND = '"wingspan-rules", "lsp", "--stdio"'  # the server's command in the docs' snippets

NEW_BIRD = """# a bird of my own, to try at the table
bird "Test Warbler" {
  habitats: forest   grassland
  cost: 1 sede
  points: 3
  nest:   bowl
  egg_limit: 2
  wingspan: 20
  power brown: draw 1 card
}
"""
FIXED_BIRD = NEW_BIRD.replace("sede", "seed")

# goals only: no block says the ruleset, so the snippet's setting (classic) reads it
GOALS = 'goal "Woods" {\n  side "Birds in forest": birds in forest\n  side "Eggs in forest": eggs in forest\n}\n'

POSITION = """# who may play the robin?
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


def _version() -> tuple[int, int, int]:
    assert NVIM is not None
    first = subprocess.run([NVIM, "--version"], capture_output=True, text=True, timeout=30, stdin=subprocess.DEVNULL).stdout.split("\n")[0]
    found = re.match(r"NVIM v(\d+)\.(\d+)\.(\d+)", first)
    assert found, f"not a Neovim version line: {first!r}"
    major, minor, patch = (int(n) for n in found.groups())
    return major, minor, patch


def doc_snippets() -> list[tuple[tuple[int, int], tuple[int, int] | None, str]]:
    """docs/editors.md's Neovim snippets: (first version, last version or None for "and later",
    the Lua), each version read from the paragraph just before its block."""
    page = (ROOT / "docs" / "editors.md").read_text(encoding="utf-8")
    section = page.split("\n## Neovim\n", 1)[1].split("\n## ", 1)[0]
    pieces = re.split(r"```lua\n(.*?)```", section, flags=re.S)
    found = []
    for intro, body in zip(pieces[0::2], pieces[1::2], strict=False):  # (the text after the last block has none)
        said = re.search(r"Neovim (\d+)\.(\d+)(?: to (\d+)\.(\d+)| (and later))?", intro.strip().split("\n\n")[-1])
        assert said, f"a Neovim snippet of docs/editors.md says no version: {intro[-200:]!r}"
        first = (int(said[1]), int(said[2]))
        last = None if said[5] else (int(said[3]), int(said[4])) if said[3] else first
        found.append((first, last, body))
    return found


def snippet_for(version: tuple[int, int, int]) -> str | None:
    for first, last, body in doc_snippets():
        if first <= version[:2] and (last is None or version[:2] <= last):
            return body
    return None


def _lua_string(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def test_the_docs_give_a_neovim_snippet_for_each_version_from_0_7() -> None:
    spans = doc_snippets()
    assert [(first, last) for first, last, _ in spans] == [((0, 11), None), ((0, 8), (0, 10)), ((0, 7), (0, 7))]
    for _, _, body in spans:
        assert body.count(DOC_COMMAND) == 1 and 'vim.filetype.add({\n  extension = { wsp = "wingspan-cards", pos = "wingspan-position" },\n})' in body
        assert 'ruleset = "classic"' in body  # (the session below reads a goal file in it)


def _running(pid: int) -> bool:
    """Whether the server process runs (a zombie, ended but not yet reaped, does not; nor a
    later process that took its number)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
        command = Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z" and b"wingspan_rules" in command


def _children(parent: int) -> list[int]:
    """The processes whose parent is ``parent``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == parent:
            found.append(int(stat.parent.name))
    return found


def _path(uri: str) -> Path:
    return Path(unquote(urlparse(uri).path))


@pytest.fixture(scope="module")
def session(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """One author's session, run once: what Neovim showed, as the Lua script wrote it down."""
    pytest.importorskip("pygls", reason="the language server needs the [lsp] extra")
    if NVIM is None:
        pytest.skip("no nvim on this machine (apt-get install neovim)")
    version = _version()
    snippet = snippet_for(version)
    if snippet is None:
        pytest.skip(f"docs/editors.md gives no Neovim configuration for Neovim {'.'.join(map(str, version))}")
    command = ", ".join(_lua_string(part) for part in [sys.executable, "-m", "wingspan_rules", "lsp", "--stdio"])
    init = snippet.replace(DOC_COMMAND, command)
    assert init != snippet

    base = tmp_path_factory.mktemp("nvim")
    home, work = base / "home", base / "work"
    work.mkdir()
    (work / "new_bird.wsp").write_text(NEW_BIRD, encoding="utf-8")
    (work / "woods.wsp").write_text(GOALS, encoding="utf-8")
    (work / "table.pos").write_text(POSITION, encoding="utf-8")
    (base / "init.lua").write_text(init, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NVIM", "VIM", "MYVIMRC", "XDG_"))}
    env.update(
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_STATE_HOME=str(home / ".local" / "state"),
        XDG_CACHE_HOME=str(home / ".cache"),
        WSP_SESSION_OUT=str(base / "session.json"),
        WSP_SESSION_POSITION=str(work / "table.pos"),
        WSP_SESSION_GOALS=str(work / "woods.wsp"),
    )
    assert NVIM is not None
    argv = [NVIM, "--headless", "--clean", "-u", str(base / "init.lua"), "-c", f"lua dofile([[{SESSION}]])", "new_bird.wsp"]
    editor = subprocess.Popen(argv, cwd=work, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    try:
        stdout, stderr = editor.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        for pid in _children(editor.pid):  # (the servers, which newer Neovims start in process groups of their own)
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        editor.kill()
        stdout, stderr = editor.communicate()
        pytest.fail(f"Neovim did not finish the session in {TIMEOUT:.0f} s; its output:\n{stdout.decode(errors='replace')}\n{stderr.decode(errors='replace')}")
    logs = "\n".join(p.read_text(errors="replace")[-3000:] for p in home.rglob("*log") if p.is_file())
    said = f"exit code {editor.returncode}; output:\n{stdout.decode(errors='replace')}\n{stderr.decode(errors='replace')}\nlogs:\n{logs}"
    assert (base / "session.json").is_file(), said
    out: dict[str, Any] = json.loads((base / "session.json").read_text(encoding="utf-8"))
    assert out["ok"], f"{out.get('error')}\nafter the steps {out['steps']}; {said}"
    assert editor.returncode == 0, said
    out["version"] = version
    out["work"] = work
    return out


def test_the_editor_reports_the_typo_where_it_is(session: dict[str, Any]) -> None:
    assert session["filetype"] == "wingspan-cards"
    assert session["client"]["name"] == "wingspan_rules"
    # (Neovim 0.7 counts in UTF-16, as the protocol does unless the client offers another;
    # from 0.11 it offers UTF-8 first, which the server takes)
    assert session["client"]["offset_encoding"] == ("utf-16" if session["version"] < (0, 11, 0) else "utf-8")
    line = NEW_BIRD.split("\n").index("  cost: 1 sede")
    start = "  cost: 1 sede".index("sede")
    [problem] = session["diagnostics"]
    assert (problem["lnum"], problem["col"], problem["end_lnum"], problem["end_col"]) == (line, start, line, start + 4)
    assert problem["message"] == "unknown food 'sede'; did you mean 'seed'?"
    assert problem["severity"] == 1 and problem["source"] == "wingspan-rules"  # (vim.diagnostic.severity.ERROR)


def test_the_quick_fix_corrects_the_word_and_the_problem_goes(session: dict[str, Any]) -> None:
    line = NEW_BIRD.split("\n").index("  cost: 1 sede")
    where = {"start": {"line": line, "character": 10}, "end": {"line": line, "character": 14}}
    [action] = session["code_actions"]
    assert action["title"] == "Change 'sede' to 'seed'" and action["kind"] == "quickfix"
    [(uri, edits)] = action["edit"]["changes"].items()
    assert _path(uri) == session["work"] / "new_bird.wsp"
    assert edits == [{"range": where, "newText": "seed"}]
    assert session["offered"] == ["Change 'sede' to 'seed'"]  # what the editor listed to pick from
    assert session["fixed_text"] + "\n" == FIXED_BIRD
    assert session["diagnostics_after_fix"] == []
    counts = [n["count"] for n in session["published"] if _path(n["uri"]).name == "new_bird.wsp"]
    assert counts[0] == 1 and counts[-1] == 0


def test_completion_after_cost_offers_the_ruleset_s_foods(session: dict[str, Any]) -> None:
    items = {i["label"]: i["kind"] for i in session["completion"]}
    foods = set(VOCABULARIES["classic"].foods)
    assert foods <= set(items), items
    assert {items[f] for f in foods} == {20}  # EnumMember
    assert "nectar" not in items  # (Oceania's)


def test_hover_on_the_power_line_shows_the_power_in_english(session: dict[str, Any]) -> None:
    [card] = compile_cards(FIXED_BIRD, ruleset="classic").cards
    power = card.definition.bird.power
    assert power is not None
    english = render.power_english(power, classic=True)
    assert english == "Draw a card from the bird tray or the deck."
    assert session["hover"]["kind"] == "markdown"
    hover = session["hover"]["value"]
    assert hover.startswith("**Test Warbler**: power (brown)") and english in hover and "`classic.draw.tray-or-deck`" in hover
    assert english in session["hover_window"]  # the lines of the window K opened
    assert any("Test Warbler" in line for line in session["hover_window"])


def test_formatting_gives_the_canonical_text_and_it_is_saved(session: dict[str, Any]) -> None:
    canonical = format_text(FIXED_BIRD, VOCABULARIES["classic"])
    assert canonical != FIXED_BIRD
    [edit] = session["format_edits"]
    assert edit["newText"] == canonical
    assert edit["range"] == {"start": {"line": 0, "character": 0}, "end": {"line": FIXED_BIRD.count("\n"), "character": 0}}
    assert session["formatted_text"] + "\n" == canonical
    assert (session["work"] / "new_bird.wsp").read_text(encoding="utf-8") == canonical


def test_a_file_that_does_not_say_its_ruleset_is_read_in_the_snippet_s_setting(session: dict[str, Any]) -> None:
    assert session["goals_published"]["count"] == 0  # habitats: classic words (Pocket has none)
    assert session["goals_diagnostics"] == []


def test_definition_goes_from_a_position_to_the_shipped_card_s_block(session: dict[str, Any]) -> None:
    assert session["position_filetype"] == "wingspan-position"
    assert session["position_client_is_the_bird_s"]
    assert session["position_diagnostics"] == []
    [place] = session["definition"]
    path = _path(place["uri"])
    assert path.is_file() and path in card_files("classic")
    lines = path.read_text(encoding="utf-8").split("\n")
    start, end = place["range"]["start"], place["range"]["end"]
    assert start["character"] == 0 and lines[start["line"]] == 'bird "American Robin" {'
    assert lines[end["line"]].startswith("}") and end["line"] > start["line"]
    # the key docs/editors.md names for this Neovim took the editor there
    assert session["definition_key"] == ("gd" if session["version"] < (0, 8, 0) else "<C-]>")
    jumped = session["jumped"]
    assert Path(jumped["file"]) == path and jumped["line"] == start["line"] and jumped["text"] == 'bird "American Robin" {'


def test_the_keys_and_options_the_docs_name_are_set(session: dict[str, Any]) -> None:
    for offers in (session["offers"], session["position_offers"]):
        assert offers["K"]  # hover
        assert offers["omnifunc"] == "v:lua.vim.lsp.omnifunc"  # <C-x><C-o>
        if session["version"] < (0, 8, 0):
            assert offers["gd"]
        else:
            assert offers["tagfunc"] == "v:lua.vim.lsp.tagfunc"  # CTRL-]


def test_the_server_ends_when_the_editor_quits(session: dict[str, Any]) -> None:
    children = session["children"]
    # (one server for the session's folder; on 0.11 and later, whose snippet roots a server at
    # a .git folder, another for the shipped card file the jump opened)
    assert children and all(c["command"].split()[1:] == ["-m", "wingspan_rules", "lsp", "--stdio"] for c in children), children
    servers = [c["pid"] for c in children]
    deadline = time.monotonic() + 30
    while any(_running(pid) for pid in servers) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for pid in servers if _running(pid)]
    for pid in left:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    assert left == [], "the server outlived Neovim"
