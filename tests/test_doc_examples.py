"""The Python examples in the docs run, and print what the docs show.

Each page's ```python blocks run in order as one script; a ```text block right after a Python
block is the output that block must print.
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


@pytest.mark.parametrize("name", ["api.md", "architecture.md", "classic.md", "oceania.md", "pictures.md", "rl.md", "web.md"])
def test_doc_examples_print_what_they_show(name: str) -> None:
    blocks = _blocks((DOCS / name).read_text())
    assert blocks, f"no Python examples in {name}"
    namespace: dict[str, object] = {"__name__": f"docs_{name}"}
    for source, expected in blocks:
        printed = io.StringIO()
        with contextlib.redirect_stdout(printed):
            exec(compile(source, f"docs/{name}", "exec"), namespace)
        if expected is not None:
            assert printed.getvalue().rstrip() == expected.rstrip(), f"docs/{name}: the example\n{source}\nprinted\n{printed.getvalue()}"
