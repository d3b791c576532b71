"""The ``[stack]`` section: the game's continuation, one frame a line, each field by name.

A frame is written ``kind: field value, field value...`` with its fields in declaration
order; a field left out takes its default.  Cards are written by name, players as ``p0``,
places as ``forest.1``; every other field is a number, ``yes``/``no``, or words.
"""

from __future__ import annotations

import re
from typing import Any

import attrs

from ..cards import CardSet
from ..dsl.diagnostics import Collector, suggest
from ..engine.state import FRAME_TYPES, Frame, Place
from ..i18n import _
from .syntax import Atom, Entry
from .values import YES, place_word, player_word, quoted, read_place, read_player

# Fields that hold bird cards (by frame kind, "*" for every kind) and bonus cards.
_CARD = {("*", "card"), ("*", "picked")}
_CARDS = {("*", "got"), ("*", "pool"), ("*", "seen"), ("pocket-setup", "kept"), ("pocket-pay", "paid")}
_BONUS = {("bonus", "drawn")}
_PLAYERS = {"player", "owner"}


def _type_text(t: object) -> str:
    """A field's type as written in its class (``int``, ``list[Place]``), whether attrs holds
    the annotation's text or, once cattrs has resolved it, the type itself."""
    text = t.__name__ if isinstance(t, type) else str(t)
    return re.sub(r"[\w.]+\.(\w+)", r"\1", text)


def _role(kind: str, field: str, type_text: str) -> str:
    def has(table: set[tuple[str, str]]) -> bool:
        return (kind, field) in table or ("*", field) in table

    if field in _PLAYERS:
        return "player"
    if has(_CARD):
        return "card"
    if has(_CARDS):
        return "cards"
    if (kind, field) in _BONUS:
        return "bonus"
    return {"bool": "bool", "int": "int", "str": "str", "Place": "place", "list[Place]": "places", "list[str]": "strs"}.get(type_text, "ints")


def write_frame(f: Frame, cards: CardSet, rows: tuple[str, ...]) -> str:
    parts = []
    for a in attrs.fields(type(f)):
        value = getattr(f, a.name)
        role = _role(f.kind, a.name, _type_text(a.type))
        if role == "player":
            text = player_word(value) if value >= 0 else str(value)
        elif role == "card":
            text = quoted(cards.cards[value].name) if 0 <= value < len(cards.cards) else "none"
        elif role == "cards":
            text = " ".join(quoted(cards.cards[c].name) if 0 <= c < len(cards.cards) else str(c) for c in value)
        elif role == "bonus":
            text = " ".join(quoted(cards.bonuses[c].name) if 0 <= c < len(cards.bonuses) else str(c) for c in value)
        elif role == "bool":
            text = "yes" if value else "no"
        elif role == "int":
            text = str(value)
        elif role == "str":
            text = quoted(value)
        elif role == "place":
            text = place_word(value, rows)
        elif role == "places":
            text = " ".join(place_word(p, rows) for p in value)
        elif role == "strs":
            text = " ".join(quoted(s) for s in value)
        else:
            text = " ".join(str(n) for n in value)
        parts.append(f"{a.name} {text}".rstrip())
    return f"{f.kind}: " + ", ".join(parts)


def read_frame(entry: Entry, cards: CardSet, rows: tuple[str, ...], players: int, out: Collector) -> Frame | None:
    """The frame of one ``[stack]`` line; None (with the problems in ``out``) when it is wrong."""
    cls = FRAME_TYPES.get(entry.key)
    if cls is None:
        out.error(entry.line, entry.column, _("unknown frame kind '{kind}'").format(kind=entry.key), suggest(entry.key, FRAME_TYPES))
        return None
    fields = {a.name: a for a in attrs.fields(cls)}
    values: dict[str, Any] = {}
    ok = True
    for item in entry.items:
        head, rest = item.atoms[0], item.atoms[1:]
        name = str(head.value)
        a = fields.get(name)
        if a is None or head.quoted:
            out.error(head.line, head.column, _("a '{kind}' frame has no field '{name}'").format(kind=entry.key, name=name), suggest(name, fields))
            ok = False
            continue
        got = _value(_role(entry.key, name, _type_text(a.type)), name, rest, head, cards, rows, players, out)
        if got is _BAD:
            ok = False
        else:
            values[name] = got
    if "player" not in values:
        out.error(entry.line, entry.column, _("a '{kind}' frame needs its player (player p0)").format(kind=entry.key))
        return None
    if not ok:
        return None
    return cls(**values)


_BAD = object()


def _value(role: str, name: str, atoms: tuple[Atom, ...], head: Atom, cards: CardSet, rows: tuple[str, ...], players: int, out: Collector) -> Any:
    def bad(at: Atom, why: str) -> object:
        out.error(at.line, at.column, _("field '{name}': {why}").format(name=name, why=why))
        return _BAD

    single = role in ("player", "card", "bool", "int", "str", "place")
    if single and len(atoms) != 1:
        return bad(head, _("needs one value"))
    if role == "player":
        a = atoms[0]
        if isinstance(a.value, int):
            return a.value
        p = read_player(a.value, players)
        return bad(a, _("'{word}' is no player of this game (p0 to p{last})").format(word=a.value, last=players - 1)) if p is None else p
    if role in ("card", "cards"):
        found = []
        for a in atoms:
            if a.value in ("none", "action") and not a.quoted:
                found.append(-1)
            elif a.quoted and isinstance(a.value, str) and a.value in cards.by_name:
                found.append(cards.by_name[a.value].id)
            else:
                return bad(a, _("no card named {name}").format(name=a) + _hint(str(a.value), cards.by_name))
        return found[0] if role == "card" else found
    if role == "bonus":
        names = {b.name: b.id for b in cards.bonuses}
        out_ids = []
        for a in atoms:
            if not a.quoted or a.value not in names:
                return bad(a, _("no bonus card named {name}").format(name=a))
            out_ids.append(names[str(a.value)])
        return out_ids
    if role == "bool":
        a = atoms[0]
        return YES[str(a.value)] if a.value in YES else bad(a, _("write yes or no"))
    if role == "int":
        a = atoms[0]
        return a.value if isinstance(a.value, int) else bad(a, _("needs a number"))
    if role == "str":
        a = atoms[0]
        return str(a.value) if a.quoted else bad(a, _("needs a quoted text"))
    if role in ("place", "places"):
        places: list[Place] = []
        for a in atoms:
            pl = read_place(a.value, rows)
            if pl is None:
                return bad(a, _("'{word}' is not a place (such as {example})").format(word=a.value, example=f"{rows[0]}.1"))
            places.append(pl)
        return places[0] if role == "place" else places
    if role == "strs":
        return [str(a.value) for a in atoms]
    numbers = []
    for a in atoms:
        if not isinstance(a.value, int):
            return bad(a, _("needs numbers"))
        numbers.append(a.value)
    return tuple(numbers) if name == "path" else numbers


def _hint(name: str, known: dict[str, Any]) -> str:
    found = suggest(name, known)
    return f"; {found}" if found else ""


def held_by_frame(f: Frame) -> list[int]:
    """Cards that lie in a frame rather than elsewhere: those being shared, or looked at."""
    from ..powers.look import LookFrame
    from ..powers.share import ShareCardsFrame

    if isinstance(f, ShareCardsFrame):
        return list(f.pool)
    if isinstance(f, LookFrame):
        return list(f.seen)
    return []
