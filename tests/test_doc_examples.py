"""The Python examples in the docs run, and print what the docs show.

Each page's ```python blocks run in order as one script; a ```text block right after a Python
block is the output that block must print.  A page whose ```wsp block starts with a comment
naming a file (``# strong_weak.wsp``) has that file written where its examples run.
"""

from __future__ import annotations

import contextlib
import io
import re
from pathlib import Path

import pytest

DOCS = Path(__file__).resolve().parents[1] / "docs"
BLOCK = re.compile(r"```(\w+)\n(.*?)```", re.S)


def _blocks(page: str) -> list[tuple[str, str | None]]:
    """(python source, expected output or None) in page order."""
    found = [(m.group(1), m.group(2), m.start(), m.end()) for m in BLOCK.finditer(page)]
    out = []
    for i, (lang, body, _, end) in enumerate(found):
        if lang != "python":
            continue
        expected = None
        if i + 1 < len(found) and found[i + 1][0] == "text" and not page[end : found[i + 1][2]].strip():
            expected = found[i + 1][1]
        out.append((body, expected))
    return out


# a card file a page shows and its examples read: a ```wsp block whose first line names it
NAMED_FILE = re.compile(r"```wsp\n# ([\w.-]+\.wsp)\b[^\n]*\n(.*?)```", re.S)


@pytest.mark.parametrize("name", ["api.md", "architecture.md", "balance.md", "classic.md", "highlighting.md", "languages.md", "oceania.md", "pictures.md", "rl.md", "stability.md", "web.md"])
def test_doc_examples_print_what_they_show(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    page = (DOCS / name).read_text()
    blocks = _blocks(page)
    assert blocks, f"no Python examples in {name}"
    files = NAMED_FILE.findall(page)
    if files:  # the page's examples read the card files it shows, from the folder they run in
        for file, text in files:
            (tmp_path / file).write_text(f"# {file}\n{text}")
        monkeypatch.chdir(tmp_path)
    namespace: dict[str, object] = {"__name__": f"docs_{name}"}
    for source, expected in blocks:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(source, f"docs/{name}", "exec"), namespace)
        if expected is not None:
            assert printed.getvalue().rstrip() == expected.rstrip(), f"docs/{name}: the example\n{source}\nprinted\n{printed.getvalue()}"
