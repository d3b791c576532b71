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
from pathlib import Path

import pytest

from wingspan_rules.cli import main

DOCS = Path(__file__).resolve().parents[1] / "docs"
BLOCK = re.compile(r"```text\n(.*?)```", re.S)


def _sessions(page: str) -> list[tuple[str, str]]:
    """(command line, expected output) for each ``$ wingspan-rules`` line of the page."""
    out = []
    for block in BLOCK.findall(page):
        lines = block.splitlines()
        for i, line in enumerate(lines):
            if not line.startswith("$ wingspan-rules "):
                continue
            shown = []
            for later in lines[i + 1 :]:
                if later.startswith("$ "):
                    break
                shown.append(later)
            out.append((line[2:], "\n".join(shown).rstrip()))
    return out


@pytest.mark.parametrize("name", ["classic.md", "disputes.md"])
def test_doc_commands_print_what_they_show(name: str, tmp_path: Path) -> None:
    sessions = _sessions((DOCS / name).read_text())
    assert sessions, f"no commands in {name}"
    (tmp_path / "broken.json").write_text("not json")  # as the page describes it
    here = os.getcwd()
    os.chdir(tmp_path)
    try:
        for command, expected in sessions:
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed), contextlib.redirect_stderr(printed):
                main(shlex.split(command)[1:])
            got = printed.getvalue().rstrip()
            if "--quiet" in command or "--save" in command and not expected:
                continue  # a game set up for the next commands; its printout is not shown
            assert got == expected, f"docs/{name}: `{command}` printed\n{got}"
    finally:
        os.chdir(here)
