"""Reading a saved game's text with every size bounded, before anything is built from it.

A save is data a person (or a program) may have edited, or may have written to do harm.
``read_save`` turns it into plain JSON values only if it stays within limits a real save
never comes near, and each check costs time in proportion to the text, not to any number
written in it.  Whatever is refused raises ``SaveTooBig``/``SaveUnreadable`` (both
ValueErrors) with a short message; ``game.load`` turns them into ``StateError``.

The limits were measured (random games of both rulesets, 2 to 5 players, saved at every
decision, with and without a ``card_text`` deck of the shipped cards, see
``benchmarks/hostile_saves.py``): the largest save was 47 KB with the classic deck written
into it (40 KB of that the deck), at most 1,050 JSON values and 160 items in one list
outside the deck text, nested 10 deep, its longest other string 10 characters.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from .i18n import _

# Card text written into a save (options ``card_text``, ``extra_card_text``): the shipped
# classic deck is 40 KB and an expansion's birds add about as much again, so 128 Ki characters
# leave twice the room a deck of every published bird needs, while keeping the compile of a
# text that is all errors short.
MAX_CARD_TEXT = 128 * 1024
# The whole text: two card texts at their limit even if every character were escaped
# (``\\uXXXX``, six characters each, is what ``to_json`` writes for non-ASCII) is 1.5 MiB; the
# game itself is under 50 KB, and each take-back point (a few at most) repeats it.
MAX_TEXT = 3 * 1024 * 1024
# Nesting: a save is 10 deep at most (take-back point > state > seat > mat row > slot > its
# list); a power's path adds one level per part it goes into, and no card nests 20 parts.
MAX_DEPTH = 32
# Digits of one whole number: every counter of a game is far below 2**64 (20 digits), the
# generator state included; seeds may be any whole number, so a seed of up to 64 digits is kept.
MAX_INT_DIGITS = 64
# One list (or object): the largest is a deck, 170 birds in classic; a deck written by a user
# in 256 Ki characters holds at most a few thousand cards (each needs 100+ characters).
MAX_ITEMS = 10_000
# Every JSON value in the save: about 1,050 for the largest measured game; take-back points
# repeat the state (a few dozen at most), a large user deck lengthens each copy.
MAX_VALUES = 250_000
# Any other string: names of frames, options and food are a few words.
MAX_STRING = 1_000

CARD_OPTIONS = ("card_text", "extra_card_text")

# A message quotes at most this much of a value from the save.
QUOTE = 60


class SaveUnreadable(ValueError):
    """The text is not a save's JSON (not UTF-8, not JSON, NaN, a duplicated key)."""


class SaveTooBig(ValueError):
    """The text is JSON but goes past one of the limits above."""


def quote(value: object, limit: int = QUOTE) -> str:
    """``repr`` of a value from a save, cut to a short prefix so a message stays small."""
    if isinstance(value, (str, bytes)) and len(value) > limit:
        return repr(value[:limit]) + _("... ({n} characters)").format(n=len(value))
    if isinstance(value, (list, dict)) and len(value) > 8:
        return (_("a list of {n} items") if isinstance(value, list) else _("a dict of {n} items")).format(n=len(value))
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) >= 10**limit:
        return _("a {n}-digit number").format(n=len(str(abs(value))))  # bounded by MAX_INT_DIGITS
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def clip(message: str, limit: int = 900) -> str:
    """A message cut to well under 1 KB (UTF-8), saying how much was cut."""
    if len(message) <= limit and len(message.encode("utf-8")) < 1000:
        return message
    cut = message[: limit // 2]
    while len(cut.encode("utf-8")) > limit // 2 + 100:  # many multi-byte characters
        cut = cut[: len(cut) // 2]
    return cut + _("... ({n} more characters)").format(n=len(message) - len(cut))


def _decode(raw: object) -> str:
    if isinstance(raw, str):
        return raw
    if isinstance(raw, (bytes, bytearray, memoryview)):
        data = bytes(raw)
        if len(data) > MAX_TEXT:
            raise SaveTooBig(_("the save is {n} bytes; at most {most} are read").format(n=f"{len(data):,}", most=f"{MAX_TEXT:,}"))
        if data.startswith(b"\xef\xbb\xbf"):  # a UTF-8 byte order mark, as some editors write
            data = data[3:]
        try:
            return data.decode("utf-8", errors="strict")
        except UnicodeDecodeError as err:
            raise SaveUnreadable(_("not a text file (byte {at}, {byte}, is not UTF-8)").format(at=err.start, byte=repr(data[err.start : err.start + 1]))) from None
    raise SaveUnreadable(_("a saved game is text (str) or UTF-8 bytes, not {type}").format(type=type(raw).__name__))


# Strings and what lies outside them: brackets inside strings (card text has braces) are not
# nesting.  One C-speed pass (the unrolled-loop string pattern never backtracks).
_STRING = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = {c: None for c in range(128) if chr(c) not in "[]{}"}
_STEP = [0] * 128
_STEP[ord("[")] = _STEP[ord("{")] = 1
_STEP[ord("]")] = _STEP[ord("}")] = -1


def _nesting(text: str) -> int:
    """How deeply brackets nest in JSON text, found without recursion, in time linear in the
    text (so the parser never goes deep enough to exhaust the stack, whatever the recursion
    limit is)."""
    brackets = _STRING.sub("", text).translate(_NOT_BRACKETS)
    if not brackets:
        return 0
    depth = deepest = 0
    # the running depth is a prefix sum; done with C-level iteration over the bracket string
    from itertools import accumulate

    for depth in accumulate(map(_STEP.__getitem__, map(ord, brackets))):
        if depth > deepest:
            deepest = depth
            if deepest > MAX_DEPTH:
                break
    return deepest


def _parse_int(digits: str) -> int:
    # refused before conversion: Python's int() of a long string is quadratic (and limited)
    if len(digits) - (digits[0] == "-") > MAX_INT_DIGITS:
        raise SaveTooBig(_("a number has {n} digits; a save's numbers have at most {most}").format(n=f"{len(digits):,}", most=MAX_INT_DIGITS))
    return int(digits)


def _parse_float(text: str) -> float:
    # a save holds no fractions; they are read so that the type check can name the field
    if len(text) > MAX_INT_DIGITS:
        raise SaveTooBig(_("a number is {n} characters long").format(n=f"{len(text):,}"))
    value = float(text)
    if not math.isfinite(value):
        raise SaveUnreadable(_("the number {number} is out of range").format(number=quote(text)))
    return value


def _parse_constant(name: str) -> Any:
    raise SaveUnreadable(_("{name} is not a number a save can hold").format(name=name))


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found = dict(pairs)
    if len(found) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _v in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise SaveUnreadable(_("the key {key} appears twice in one object").format(key=quote(twice)))
    return found


def read_save(raw: object) -> dict[str, Any]:
    """The JSON object of a save, every size checked; SaveUnreadable or SaveTooBig if not."""
    text = _decode(raw)
    if len(text) > MAX_TEXT:
        raise SaveTooBig(_("the save is {n} characters; at most {most} are read").format(n=f"{len(text):,}", most=f"{MAX_TEXT:,}"))
    if _nesting(text) > MAX_DEPTH:
        raise SaveTooBig(_("the JSON nests more than {most} levels deep").format(most=MAX_DEPTH))
    try:
        data = json.loads(
            text,
            parse_int=_parse_int,
            parse_float=_parse_float,
            parse_constant=_parse_constant,
            object_pairs_hook=_object,
        )
    except json.JSONDecodeError as err:
        raise SaveUnreadable(_("invalid JSON ({why})").format(why=err)) from None
    except RecursionError:  # only if the caller is itself deep in the stack
        raise SaveTooBig(_("the JSON nests too deeply to read")) from None
    if not isinstance(data, dict):
        raise SaveUnreadable(_("expected a JSON object"))
    _check_sizes(data)
    return data


_SAVE = "the save"  # (where a value lies: the save itself, not under one of its keys)


def _where(top: str) -> str:
    """Where a value lies, for a message: under a top-level key (``'state'``), or the save."""
    return _("the save") if top == _SAVE else top


def _check_sizes(data: dict[str, Any]) -> None:
    """Every list, object and string within its limit, and not too many values in all; one
    pass without recursion, counting values as they are queued (so the queue stays bounded).
    A refusal names the top-level key it was found under."""
    options = data.get("options")
    if isinstance(options, dict):
        for key in CARD_OPTIONS:
            value = options.get(key)
            if isinstance(value, str) and len(value) > MAX_CARD_TEXT:
                raise SaveTooBig(_("option '{key}' holds {n} characters of card text; at most {most} are read").format(key=key, n=f"{len(value):,}", most=f"{MAX_CARD_TEXT:,}"))
    todo: list[tuple[Any, str]] = []
    values = 1
    _queue_object(data, _SAVE, todo, options)
    values += len(todo)
    while todo:
        value, top = todo.pop()
        kind = type(value)
        if kind is list:
            if len(value) > MAX_ITEMS:
                raise SaveTooBig(_("a list of {n} items under {where}; at most {most} are read").format(n=f"{len(value):,}", where=_where(top), most=f"{MAX_ITEMS:,}"))
            values += len(value)
            if values > MAX_VALUES:
                break
            todo.extend((v, top) for v in value)
        elif kind is dict:
            before = len(todo)
            _queue_object(value, top, todo, options)
            values += len(todo) - before
            if values > MAX_VALUES:
                break
        elif kind is str and len(value) > MAX_STRING:
            raise SaveTooBig(
                _("a string of {n} characters under {where} ({value}); other than card text, at most {most}").format(
                    n=f"{len(value):,}", where=_where(top), value=quote(value), most=f"{MAX_STRING:,}"
                )
            )
    if values > MAX_VALUES:
        raise SaveTooBig(_("the save holds more than {most} values").format(most=f"{MAX_VALUES:,}"))


def _queue_object(value: dict[str, Any], top: str, todo: list[tuple[Any, str]], options: object) -> None:
    if len(value) > MAX_ITEMS:
        raise SaveTooBig(_("an object of {n} keys under {where}; at most {most} are read").format(n=f"{len(value):,}", where=_where(top), most=f"{MAX_ITEMS:,}"))
    for k, v in value.items():
        if len(k) > MAX_STRING:
            raise SaveTooBig(_("a key of {n} characters under {where} ({key})").format(n=f"{len(k):,}", where=_where(top), key=quote(k)))
        if value is options and k in CARD_OPTIONS and type(v) is str:
            continue  # card text: checked against its own limit
        # what a refusal names: the top-level key (the save's own keys are short and known)
        todo.append((v, f"'{quote(k, 20)[1:-1]}'" if top == _SAVE else top))
