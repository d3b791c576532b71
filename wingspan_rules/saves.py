"""The save format: game state to plain JSON data and back, frames included.

Frames are saved with their ``kind`` (the registered name of their class) and their named
fields; places as ``[row, column]``.  Reading is strict: a value of the wrong JSON type is
refused, never converted (no 0.7 read as 0, no "2" read as 2).

A save carries the version of its layout, its ``"schema"`` (docs/stability.md, "File
formats"): ``upgrade`` brings a save of an older schema this release still reads to the
current one, step by step (``UPGRADES``), and refuses one of a schema it does not read (an
older one it cannot bring over, a newer one, or none) with ``SchemaError``, naming the schema
found and those it reads.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs
import cattrs
from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn

from .engine.state import FRAME_TYPES, Frame, Place
from .i18n import _
from .savefile import quote

SCHEMA = 2
"""The schema ``Game.to_json`` writes.  1: positional frame data (the layout before the one
rules core, while 0.1 was being written); 2: named frame records."""

UPGRADES: dict[int, Callable[[dict[str, Any]], dict[str, Any]]] = {}
"""For each older schema this release still reads, the step that turns a save of it into a
save of the next schema (its ``"schema"`` included).  None yet: schema 1 held frames as
positional data that cannot be told apart reliably, so it is refused with the advice to replay."""


class SchemaError(ValueError):
    """A save of a schema this release does not read: ``found`` (the value of its ``"schema"``,
    None when it has none) and ``reads`` (the schemas this release reads)."""

    def __init__(self, message: str, found: object, reads: tuple[int, ...]):
        super().__init__(message)
        self.found = found
        self.reads = reads


def readable_schemas() -> tuple[int, ...]:
    """The schemas this release reads: the one it writes and every one it can upgrade."""
    return tuple(sorted({SCHEMA, *UPGRADES}))


def upgrade(data: dict[str, Any]) -> dict[str, Any]:
    """A save's JSON object in the current schema: as it is when it is of ``SCHEMA``, brought
    over step by step when it is of an older schema this release reads; ``SchemaError`` (its
    message naming the schema found and those read) when it is of none of them."""
    reads = readable_schemas()
    shown = ", ".join(str(n) for n in reads)
    found = data.get("schema")
    if "schema" not in data:
        raise SchemaError(_("not a saved game: it has no schema (this version reads schema {schema})").format(schema=shown), None, reads)
    if type(found) is not int or found not in reads:
        if found == 1 and type(found) is int:
            raise SchemaError(
                _(
                    "saved game uses schema 1, the layout before the one rules core (version 0.1); "
                    "this version reads schema {schema}: replay the game's actions with replay() to bring it over"
                ).format(schema=shown),
                found,
                reads,
            )
        if type(found) is int and found > SCHEMA:
            message = _(
                "saved game schema {found} is not supported (this version reads {schema}): "
                "it was written by a newer version of wingspan-rules"
            )
        else:
            message = _("saved game schema {found} is not supported (this version reads {schema})")
        raise SchemaError(message.format(found=quote(found), schema=shown), found, reads)
    while found != SCHEMA:
        assert isinstance(found, int)
        data = UPGRADES[found](data)
        found = data["schema"]
    return data

converter = cattrs.Converter()


def _exactly(kind: type) -> Any:
    """A structure hook that takes only values of this JSON type."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise ValueError(f"expected {kind.__name__}, got {str(value)[:40]!r}")
        return value

    return structure


for _kind in (int, bool, str):
    converter.register_structure_hook(_kind, _exactly(_kind))


def _place_out(place: Place) -> list[int]:
    return [place.row, place.column]


def _place_in(value: Any, _: Any) -> Place:
    if type(value) is not list or len(value) != 2 or any(type(v) is not int for v in value):
        raise ValueError(f"a place is [row, column], not {str(value)[:40]!r}")
    return Place(value[0], value[1])


converter.register_unstructure_hook(Place, _place_out)
converter.register_structure_hook(Place, _place_in)


def _is_frame(t: Any) -> bool:
    return isinstance(t, type) and issubclass(t, Frame)


def _frame_out(f: Frame) -> dict[str, Any]:
    out: dict[str, Any] = {"kind": f.kind}
    for a in attrs.fields(type(f)):
        out[a.name] = converter.unstructure(getattr(f, a.name))
    return out


def _frame_in(value: Any, _: Any) -> Frame:
    if not isinstance(value, dict):
        raise ValueError("a frame is an object")
    kind = value.get("kind")
    cls = FRAME_TYPES.get(kind) if isinstance(kind, str) else None
    if cls is None:
        raise ValueError(f"unknown frame kind {str(kind)[:40]!r}")
    fields = {k: v for k, v in value.items() if k != "kind"}
    names = {a.name for a in attrs.fields(cls)}
    extra = set(fields) - names
    if extra:
        raise ValueError(f"a '{kind}' frame has no field {sorted(extra)[0][:40]!r}")
    return converter.structure(fields, cls)


converter.register_unstructure_hook_func(_is_frame, _frame_out)
converter.register_structure_hook_func(lambda t: t is Frame, _frame_in)


def _saved_empty(t: Any) -> tuple[str, ...]:
    """The keys a record class's ``SAVED_EMPTY`` names that are not fields of it: written as
    empty lists after its fields, and read back only empty (the save format keeps them)."""
    if not (isinstance(t, type) and attrs.has(t)):
        return ()
    names = {a.name for a in attrs.fields(t)}
    return tuple(k for k in getattr(t, "SAVED_EMPTY", ()) if k not in names)


def _padded_out(cls: type) -> Any:
    fields_out: Any = make_dict_unstructure_fn(cls, converter)
    keys = _saved_empty(cls)

    def unstructure(value: Any) -> dict[str, Any]:
        out: dict[str, Any] = fields_out(value)
        for key in keys:
            out[key] = []
        return out

    return unstructure


def _padded_in(cls: type) -> Any:
    fields_in: Any = make_dict_structure_fn(cls, converter)
    keys = _saved_empty(cls)

    def structure(value: Any, t: Any) -> Any:
        if isinstance(value, dict):
            for key in keys:
                if key in value and (type(value[key]) is not list or value[key]):
                    raise ValueError(f"'{key}' is always empty in a seat of this game, not {str(value[key])[:40]!r}")
        return fields_in(value, t)

    return structure


converter.register_unstructure_hook_factory(lambda t: bool(_saved_empty(t)), _padded_out)
converter.register_structure_hook_factory(lambda t: bool(_saved_empty(t)), _padded_in)


def unstructure_state(state: Any) -> Any:
    return converter.unstructure(state)


def structure_state(data: Any, state_type: type) -> Any:
    return converter.structure(data, state_type)


def _format(exc: BaseException, type_: Any) -> str:
    if isinstance(exc, ValueError) and str(exc):
        return str(exc)[:200]  # our own hooks say what is wrong in words
    return cattrs.v.format_exception(exc, type_)


def describe_error(err: cattrs.BaseValidationError, path: str = "state") -> str:
    """What a structuring failure found, in at most a few short lines."""
    lines = cattrs.transform_error(err, path=path, format_exception=_format)
    shown = "; ".join(lines[:3])
    return shown + (f"; and {len(lines) - 3} more" if len(lines) > 3 else "")
