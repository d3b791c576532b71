"""The package's import cycles, counting every import (at module level, inside a function and
under TYPE_CHECKING), found with grimp (what ``lint-imports`` builds its graph with).

Run this file as a script to print every cycle and the imports that close it:

    python tests/test_layers.py

The package has no import cycle at all (docs/architecture.md, "Layers"); the tests below also
say the narrower things that would fail first if one came back: the values are in no cycle,
and the codecs below ``Game`` are in none with it.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

import grimp
import pytest

PACKAGE = "wingspan_rules"
VALUES = ("actions", "verdict", "events", "ir")
CODECS = ("position", "saves", "savefile", "setting")


def _graph() -> grimp.ImportGraph:
    return grimp.build_graph(PACKAGE, cache_dir=None)  # (strict: type-checking imports count)


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The strongly connected parts of the import graph with more than one module (each a set
    of modules every one of which imports every other, directly or not), sorted, biggest first."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for root in sorted(graph.modules):
        if root in index:
            continue
        # Tarjan's algorithm without recursion: (module, its imports left to visit)
        work: list[tuple[str, list[str]]] = []
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        work.append((root, sorted(graph.find_modules_directly_imported_by(root))))
        while work:
            module, left = work[-1]
            if left:
                other = left.pop()
                if other not in index:
                    index[other] = low[other] = counter
                    counter += 1
                    stack.append(other)
                    on_stack.add(other)
                    work.append((other, sorted(graph.find_modules_directly_imported_by(other))))
                elif other in on_stack:
                    low[module] = min(low[module], index[other])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[module])
            if low[module] == index[module]:
                part = []
                while True:
                    top = stack.pop()
                    on_stack.discard(top)
                    part.append(top)
                    if top == module:
                        break
                if len(part) > 1:
                    found.append(sorted(part))
    return sorted(found, key=lambda part: (-len(part), part))


def closing_imports(graph: grimp.ImportGraph, part: list[str]) -> list[str]:
    """The imports between the modules of one cycle, each with its line: what closes it."""
    inside = set(part)
    out = []
    for importer in part:
        for imported in sorted(graph.find_modules_directly_imported_by(importer) & inside):
            lines = ", ".join(f"l.{d['line_number']}" for d in graph.get_import_details(importer=importer, imported=imported))
            out.append(f"{_short(importer)} -> {_short(imported)} ({lines})")
    return out


def _short(module: str) -> str:
    return module.removeprefix(PACKAGE + ".")


def report(graph: grimp.ImportGraph) -> str:
    lines = []
    for part in cycles(graph):
        lines.append(f"{len(part)} modules: {', '.join(_short(m) for m in part)}")
        lines += [f"    {edge}" for edge in closing_imports(graph, part)]
    return "\n".join(lines) if lines else "no import cycles"


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return _graph()


def test_the_cycles_of_the_package_are_printed(graph: grimp.ImportGraph, capsys: pytest.CaptureFixture[str]) -> None:
    with capsys.disabled():
        print("\nimport cycles of wingspan_rules (every import counted):\n" + report(graph))
    # every module of the package is seen (a folder without __init__.py would be left out)
    assert f"{PACKAGE}.engine.rules" in graph.modules and f"{PACKAGE}.powers.gain" in graph.modules


def test_the_package_has_no_import_cycle(graph: grimp.ImportGraph) -> None:
    assert not cycles(graph), "import cycles:\n" + report(graph)


def test_the_values_are_in_no_import_cycle(graph: grimp.ImportGraph) -> None:
    in_cycles = {m for part in cycles(graph) for m in part}
    assert not in_cycles & {f"{PACKAGE}.{v}" for v in VALUES}


def test_the_values_import_neither_presentation_nor_game(graph: grimp.ImportGraph) -> None:
    for value in VALUES:
        reached = graph.find_upstream_modules(f"{PACKAGE}.{value}")
        assert not reached & {f"{PACKAGE}.prompts", f"{PACKAGE}.dsl.render", f"{PACKAGE}.game"}, value


def test_the_codecs_below_game_are_in_no_cycle_with_it(graph: grimp.ImportGraph) -> None:
    for part in cycles(graph):
        if f"{PACKAGE}.game" in part:
            assert not {m for m in part if m.removeprefix(PACKAGE + ".").split(".")[0] in CODECS}, part


# An expansion subclasses what it extends, and its name appears nowhere below it
# (docs/architecture.md, "Where the games differ"): the classic game and the rules core name
# no expansion, in code, comments or docstrings alike.
BELOW_EXPANSIONS = ("classic", "engine")
EXPANSION_WORDS = re.compile(r"oceania", re.IGNORECASE)


def test_classic_names_no_expansion() -> None:
    root = Path(__file__).resolve().parent.parent / PACKAGE
    hits = []
    for folder in BELOW_EXPANSIONS:
        files = sorted((root / folder).rglob("*"))
        assert files, folder
        for path in files:
            if not path.is_file() or path.suffix == ".pyc":
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if EXPANSION_WORDS.search(line):
                    hits.append(f"{path.relative_to(root.parent)}:{number}: {line.strip()}")
    assert not hits, "an expansion named below it:\n" + "\n".join(hits)


if __name__ == "__main__":
    sys.stdout.write(report(_graph()) + "\n")
