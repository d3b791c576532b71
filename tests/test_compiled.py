"""The compiled core and its pure-Python fallback (pyproject.toml's compiled modules, hatch_build.py).

Run against a compiled install (the README's test command builds one and sets
WINGSPAN_EXPECT_COMPILED=1) these check that the modules listed really run compiled and that
what users build on them still works: rulesets and frames subclassed in Python, copies, undo,
pickles, the same games as pure Python.  Against an editable install (or WINGSPAN_PURE_PYTHON=1)
they check that everything runs from its sources.
"""

from __future__ import annotations

import importlib
import os
import pickle
import random
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import ClassVar

import attrs
import pytest

import wingspan_rules
from wingspan_rules import new_game
from wingspan_rules.classic.rules import ClassicRules
from wingspan_rules.engine.state import FRAME_TYPES
from wingspan_rules.rulesets import register

ROOT = Path(__file__).resolve().parents[1]
LISTED = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["custom"]["compiled"]
MODULES = [path.removesuffix(".py").replace("/", ".") for path in LISTED]


def test_compiled_says_how_the_core_runs() -> None:
    assert isinstance(wingspan_rules.compiled, bool)
    if os.environ.get("WINGSPAN_PURE_PYTHON") == "1":
        assert wingspan_rules.compiled is False
    elif os.environ.get("WINGSPAN_EXPECT_COMPILED") == "1":
        assert wingspan_rules.compiled is True, "the test command builds a compiled wheel: this run should be testing it"


@pytest.mark.parametrize("name", MODULES)
def test_each_listed_module_runs_compiled_or_from_its_source(name: str) -> None:
    module = importlib.import_module(name)
    from_source = str(module.__file__).endswith(".py")
    assert from_source is not wingspan_rules.compiled, f"{name} is loaded from {module.__file__}"


# What a frame of a compiled module may hold: attrs reads a field's type from the annotations
# the module hands it, which compiled are the bare classes (``list`` for ``list[int]``), so the
# position writer and the save reader would read a list of places or of texts as numbers.
PLAIN_FIELDS = {"int", "bool", "str", "list[int]", int, bool, str, list, list[int]}  # (as written, as cattrs resolves it, bare)


def test_frames_of_compiled_modules_hold_only_plain_fields() -> None:
    checked = 0
    for cls in FRAME_TYPES.values():
        if cls.__module__ not in MODULES:
            continue
        checked += 1
        for a in attrs.fields(cls):
            if not a.inherited:
                assert a.type in PLAIN_FIELDS, f"{cls.__name__}.{a.name}: {a.type} (keep the frame in a module that is not compiled)"
        assert "kind" not in attrs.fields_dict(cls), f"{cls.__name__}: its kind is a field (give it to @frame)"
    assert checked >= 20


def test_the_listed_modules_exist() -> None:
    for path in LISTED:
        assert (ROOT / path).is_file(), path


class ShortClassic(ClassicRules):
    """A variant written in Python over the (possibly compiled) classic ruleset: a table and a
    hook overridden, the hook calling the compiled one through super()."""

    name: ClassVar[str] = "test-compiled-short-classic"
    turns_per_round: ClassVar[tuple[int, ...]] = (3, 2, 2, 1)

    def turn_label(self) -> str:
        return "short " + super().turn_label()


register(ShortClassic)


def test_a_ruleset_subclassed_in_python_plays_copies_undoes_and_pickles() -> None:
    game = new_game(ShortClassic.name, 2, 3)
    assert game.turn_label().startswith("short round 1")
    chooser = random.Random(3)
    for _ in range(30):
        game.apply(chooser.choice(game.legal_actions()))
    def undoable(action: object) -> bool:  # (nothing hidden comes to light after it)
        trial = game.copy()
        trial.apply(action)  # type: ignore[arg-type]
        return bool(trial.can_undo().legal)

    while not any(undoable(a) for a in game.legal_actions()):  # (on to a decision with one)
        game.apply(chooser.choice(game.legal_actions()))
    twin = game.copy()
    assert twin.position() == game.position() and type(twin._engine) is ShortClassic
    before = game.position()
    game.apply(next(a for a in game.legal_actions() if undoable(a)))
    game.undo()
    assert game.position() == before
    again = pickle.loads(pickle.dumps(twin))
    assert again.position() == twin.position() and again.legal_actions() == twin.legal_actions()
    while twin.pending is not None:
        twin.apply(chooser.choice(twin.legal_actions()))
    assert twin.score().players


def test_the_same_games_compiled_and_pure() -> None:
    """The fingerprint of random games of every configuration, here and in a pure-Python process."""
    if not wingspan_rules.compiled:
        pytest.skip("running as pure Python: there is no compiled core to compare with (the README's test command builds one)")
    script = ROOT / "benchmarks" / "fingerprint.py"
    here = subprocess.run([sys.executable, str(script), "--games", "12"], capture_output=True, text=True, check=True)
    pure = subprocess.run([sys.executable, str(script), "--games", "12"], capture_output=True, text=True, check=True, env=os.environ | {"WINGSPAN_PURE_PYTHON": "1"})
    assert here.stdout == pure.stdout
