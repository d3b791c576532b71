"""The public API, compared with a checked-in snapshot (tests/api_snapshot.json), so that a
change to it is deliberate (docs/stability.md).

The snapshot holds every name of ``wingspan_rules.__all__`` with what it is (a class and its
bases, a function and its call signature, a value's type) and, for each public class, its
public methods, properties and attributes with their signatures and annotations, as
``inspect.signature`` writes them.  A difference fails the test, saying what changed.

To change the API on purpose, regenerate the snapshot and say so in the CHANGELOG::

    python tests/test_api_snapshot.py --update          # or:
    WINGSPAN_UPDATE_API_SNAPSHOT=1 python -m pytest tests/test_api_snapshot.py

``python tests/test_api_snapshot.py`` alone prints the differences without writing.
"""

from __future__ import annotations

import ast
import inspect
import json
import os
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ForwardRef

ROOT = Path(__file__).resolve().parents[1]
SNAPSHOT = Path(__file__).resolve().parent / "api_snapshot.json"
STABILITY = ROOT / "docs" / "stability.md"
UPDATE = "WINGSPAN_UPDATE_API_SNAPSHOT"
REGENERATE = f"python tests/test_api_snapshot.py --update (or {UPDATE}=1 python -m pytest tests/test_api_snapshot.py)"
LEVELS = ("stable", "provisional", "internal")


class _Default:
    """A default value as the snapshot shows it: a literal as written, anything else by its
    type (a default object's contents, such as a vocabulary's words, are not the signature)."""

    def __init__(self, value: object):
        self.value = value

    def __repr__(self) -> str:
        simple = (type(None), bool, int, float, str, bytes)
        value = self.value
        if isinstance(value, simple) or (isinstance(value, tuple) and all(isinstance(v, simple) for v in value)):
            return repr(value)
        return f"<{type(value).__name__}>"


def _text(annotation: object) -> str:
    """An annotation as written in the source (the code uses ``from __future__ import annotations``)."""
    if isinstance(annotation, str):
        return annotation
    if isinstance(annotation, ForwardRef):
        return annotation.__forward_arg__
    return inspect.formatannotation(annotation)


def _signature(obj: Any) -> str:
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):  # (a builtin without a text signature)
        return "(...)"
    parameters = []
    for p in signature.parameters.values():
        changes: dict[str, Any] = {}
        if p.default is not inspect.Parameter.empty:
            changes["default"] = _Default(p.default)
        if p.annotation is not inspect.Parameter.empty:
            changes["annotation"] = _text(p.annotation)
        parameters.append(p.replace(**changes))
    returns = signature.return_annotation
    shown = signature.replace(parameters=parameters, return_annotation=returns if returns is inspect.Signature.empty else _text(returns))
    return re.sub(r" at 0x[0-9a-fA-F]+", "", str(shown))


def _ours(cls: type) -> bool:
    return cls.__module__.split(".")[0] == "wingspan_rules"


def _annotations(cls: type) -> dict[str, str]:
    """Every annotated attribute of the class and of its own bases, as written."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        if _ours(klass):
            for name, annotation in vars(klass).get("__annotations__", {}).items():
                found[name] = _text(annotation)
    fields = getattr(cls, "__attrs_attrs__", None)
    for field in fields or ():
        if field.type is not None:
            found[field.name] = _text(field.type)
    return found


def _assigned_in_init(cls: type) -> dict[str, str]:
    """``self.NAME = ...`` in the ``__init__`` of the class and its own bases: the attributes
    an instance gets (an exception's ``line``, ``problems``), with their annotation when one is
    written or when the value is a parameter of ``__init__`` (``self.cards = cards``)."""
    found: dict[str, str] = {}
    for klass in reversed(cls.__mro__):
        init = vars(klass).get("__init__")
        if not _ours(klass) or not inspect.isfunction(init):
            continue
        try:
            tree = ast.parse(textwrap.dedent(inspect.getsource(init)))
        except (OSError, TypeError, SyntaxError):
            continue
        parameters = {name: _text(p.annotation) for name, p in inspect.signature(init).parameters.items() if p.annotation is not inspect.Parameter.empty}
        for node in ast.walk(tree):
            targets: list[tuple[ast.expr, str]] = []
            if isinstance(node, ast.Assign):
                given = parameters.get(node.value.id, "") if isinstance(node.value, ast.Name) else ""
                targets = [(t, given) for t in node.targets]
            elif isinstance(node, ast.AnnAssign):
                targets = [(node.target, ast.unparse(node.annotation))]
            for target, annotation in targets:
                if isinstance(target, ast.Attribute) and isinstance(target.value, ast.Name) and target.value.id == "self":
                    if not target.attr.startswith("_"):
                        found[target.attr] = annotation or found.get(target.attr, "")
    return found


def _members(cls: type) -> Iterator[tuple[str, str]]:
    """(name, what it is) of each public member the class itself or a base of this package
    defines (what it has from Python's own classes, such as an exception's ``args``, is not
    the project's to keep)."""
    annotations = {**_assigned_in_init(cls), **_annotations(cls)}
    seen: set[str] = set()
    for klass in cls.__mro__:
        if not _ours(klass):
            continue
        for name, value in vars(klass).items():
            if name.startswith("_") or name in seen:
                continue
            seen.add(name)
            if isinstance(value, classmethod):
                yield name, "classmethod " + _signature(value.__func__)
            elif isinstance(value, staticmethod):
                yield name, "staticmethod " + _signature(value.__func__)
            elif isinstance(value, property):
                returns = inspect.signature(value.fget).return_annotation if value.fget else inspect.Signature.empty
                shown = "" if returns is inspect.Signature.empty else f" -> {_text(returns)}"
                yield name, ("property (settable)" if value.fset else "property") + shown
            elif inspect.isfunction(value) or inspect.ismethoddescriptor(value) and callable(value):
                yield name, "method " + _signature(value)
            elif annotations.get(name):
                yield name, f"attribute: {annotations[name]}"
            elif type(value).__name__ in ("member_descriptor", "_tuplegetter"):
                yield name, "attribute"
            elif callable(value):
                yield name, "method " + _signature(value)
            else:
                yield name, f"attribute: {type(value).__name__}"
    for name, annotation in _assigned_in_init(cls).items():
        if name not in seen:
            seen.add(name)
            yield name, f"attribute: {annotation or annotations.get(name, '')}".rstrip(": ")


def api() -> dict[str, str]:
    """The public API now: qualified name -> what it is."""
    import wingspan_rules

    found: dict[str, str] = {}
    for name in sorted(wingspan_rules.__all__):
        obj = getattr(wingspan_rules, name)
        if inspect.isclass(obj):
            bases = ", ".join(b.__name__ for b in obj.__bases__ if b is not object)
            found[name] = f"class({bases}) {_signature(obj)}" if bases else f"class {_signature(obj)}"
            for member, what in _members(obj):
                found[f"{name}.{member}"] = what
        elif callable(obj):
            found[name] = "function " + _signature(obj)
        else:
            found[name] = f"value: {type(obj).__name__}"
    return found


def saved() -> dict[str, str]:
    data: dict[str, str] = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    return data


def write(now: dict[str, str]) -> None:
    SNAPSHOT.write_text(json.dumps(now, indent=1, sort_keys=True) + "\n", encoding="utf-8")


def differences(before: dict[str, str], now: dict[str, str]) -> list[str]:
    lines = []
    for name in sorted(set(before) | set(now)):
        if name not in now:
            lines.append(f"  removed  {name}: {before[name]}")
        elif name not in before:
            lines.append(f"  added    {name}: {now[name]}")
        elif before[name] != now[name]:
            lines.append(f"  changed  {name}:\n             was {before[name]}\n             now {now[name]}")
    return lines


def test_the_public_api_is_the_one_in_the_snapshot() -> None:
    now = api()
    if os.environ.get(UPDATE) == "1":
        write(now)
        return
    assert SNAPSHOT.exists(), f"no API snapshot: write it with {REGENERATE}"
    found = differences(saved(), now)
    assert not found, (
        "The public API (wingspan_rules.__all__, its classes' public members and the call signatures) differs from "
        "tests/api_snapshot.json:\n" + "\n".join(found) + "\n\n"
        "If the change is deliberate: regenerate the snapshot with\n"
        f"    {REGENERATE}\n"
        "and say it in CHANGELOG.md under [Unreleased] (Added, Changed, Deprecated or Removed) and in docs/stability.md. "
        "A public name is never removed or changed incompatibly without first keeping the old one working for one minor "
        "version with a DeprecationWarning (wingspan_rules.deprecation)."
    )


# ---- docs/stability.md lists every public name with its stability -------------------------

_HEADING = re.compile(r"^#{2,4} .*?`([A-Za-z_][\w.]*)`")
_NAME = re.compile(r"`([A-Za-z_][\w.]*)(?:\(\))?`")


def documented() -> dict[str, str]:
    """Qualified name -> stability, from the tables of docs/stability.md: a table under a
    heading naming a class (`` ### `Game` ``) lists its members, any other table top-level
    names; the first cell names one or more, the second gives the stability."""
    found: dict[str, str] = {}
    owner = ""
    for line in STABILITY.read_text(encoding="utf-8").splitlines():
        heading = _HEADING.match(line)
        if heading:
            owner = heading.group(1)
            continue
        if line.startswith("#"):
            owner = ""
            continue
        if not line.startswith("|") or line.startswith("|---") or line.startswith("| ---"):
            continue
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) < 2:
            continue
        level = next((word for word in LEVELS if cells[1].startswith(word)), None)
        if level is None:
            continue
        for name in _NAME.findall(cells[0]):
            found[f"{owner}.{name}" if owner and not name.startswith(owner + ".") and name != owner else name] = level
    return found


def test_the_stability_page_lists_every_public_name_with_its_stability() -> None:
    now, listed = api(), documented()
    missing = sorted(set(now) - set(listed))
    stale = sorted(set(listed) - set(now))
    assert not missing, "docs/stability.md does not give the stability of:\n  " + "\n  ".join(missing)
    assert not stale, "docs/stability.md lists names that are not public (any more):\n  " + "\n  ".join(stale)


def test_the_version_is_the_packages_and_semantic() -> None:
    import tomllib

    import wingspan_rules

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert wingspan_rules.__version__ == project["version"]
    assert re.fullmatch(r"(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z.-]+)?", wingspan_rules.__version__)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    now = api()
    if "--update" in sys.argv[1:]:
        before = saved() if SNAPSHOT.exists() else {}
        write(now)
        print("\n".join(differences(before, now)) or "no change")
        print(f"wrote {SNAPSHOT.relative_to(ROOT)}: {len(now)} names; say the change in CHANGELOG.md and docs/stability.md")
    else:
        print("\n".join(differences(saved(), now)) or "the public API is the one in the snapshot")
