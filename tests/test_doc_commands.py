"""The command-line examples in the dispute guides print what the pages show.

Each ```text block's ``$ wingspan-rules ...`` lines run in order, in one scratch folder per page,
and what a command prints must be the lines shown under it (up to the next ``$`` line).
Commands of other programs (``python look.py``) are not run.
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import textwrap
from pathlib import Path

import pytest

from wingspan_rules import card_set
from wingspan_rules.cli import main

DOCS = Path(__file__).resolve().parents[1] / "docs"
BLOCK = re.compile(r"```(text|wsp)\n(.*?)```", re.S)


def _sessions(page: str) -> list[tuple[str, str, str]]:
    """(command line, expected output, the card text shown last before it) for each
    ``$ wingspan-rules`` line of the page; a page shows a card file, then lints it."""
    out = []
    shown_text = ""
    for _, block in BLOCK.findall(page):
        lines = textwrap.dedent(block).splitlines()  # (a block may be indented inside a list item)
        if not any(line.startswith("$ ") for line in lines):
            shown_text = block
            continue
        for i, line in enumerate(lines):
            if not line.startswith("$ wingspan-rules "):
                continue
            shown = []
            for later in lines[i + 1 :]:
                if later.startswith("$ "):
                    break
                shown.append(later)
            out.append((line[2:], "\n".join(shown).rstrip(), shown_text))
    return out


PAGES = ["classic.md", "disputes.md", "dsl.md", "authoring.md", "positions.md", "pictures.md", "languages.md"]  # (oceania.md runs its examples in Python)


def _card_files() -> dict[str, str]:
    """File name -> the card text a page shows for it (a page may lint a file another page shows)."""
    files: dict[str, str] = {}
    for page in PAGES:
        for command, _, card_text in _sessions((DOCS / page).read_text()):
            for word in shlex.split(command):
                # card files (.wsp) and positions (.pos) are shown in a block before their commands
                if word.endswith((".wsp", ".pos")) and card_text and card_text not in files.values():
                    files.setdefault(word, card_text)
    return files


@pytest.mark.parametrize("name", PAGES)
def test_doc_commands_print_what_they_show(name: str, tmp_path: Path) -> None:
    sessions = _sessions((DOCS / name).read_text())
    for file, text in _card_files().items():
        (tmp_path / file).write_text(text)
    assert sessions, f"no commands in {name}"
    (tmp_path / "broken.json").write_text("not json")  # as the page describes it
    (tmp_path / "clash.wsp").write_text(card_set("pocket").card("Blue Jay").dsl)  # "another Blue Jay"
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        for command, expected, _ in sessions:
            if "cards/pocket" in command:
                (tmp_path / "cards").mkdir(exist_ok=True)
                link = tmp_path / "cards" / "pocket"
                if not link.exists():
                    link.symlink_to(DOCS.parent / "cards" / "pocket")
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                main(shlex.split(command)[1:])
            got = printed.getvalue().rstrip()
            if "--quiet" in command or "--save" in command and not expected:
                continue  # a game set up for the next commands; its printout is not shown
            assert got == expected, f"docs/{name}: `{command}` printed\n{got}"
    finally:
        os.chdir(here)
