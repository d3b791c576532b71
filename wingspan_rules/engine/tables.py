"""Rule tables read from data files: foods, dice, mat rows, round lengths, goal scoring.

A ruleset's numbers live in ``wingspan_rules/data/<name>.json`` and are read here into
small frozen records, so a correction is an edit of data and a variant is a subclass that
swaps a table.  Nothing else in the package spells out how many foods or dice there are.
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

import attrs

UPGRADE_KINDS = ("bonus", "reset")  # a mat space's extras: +1 of the row's benefit for a payment, or a reset
PAY_KINDS = ("card", "food", "egg", "nectar")  # what a mat upgrade may be paid with
RESET_TARGETS = ("feeder", "tray")


@attrs.frozen
class Upgrade:
    """An optional extra of a mat space: ``bonus`` gives one more of the row's benefit for
    one of ``pay``; ``reset`` empties and refills ``target`` for one of ``pay``.  Each may be
    used ``times`` times per action."""

    kind: str
    pay: tuple[str, ...]
    times: int = 1
    target: str | None = None


@attrs.frozen
class Space:
    """The leftmost open space of a row: how much its action gives, and its extras."""

    amount: int
    upgrades: tuple[Upgrade, ...] = ()


@attrs.frozen
class MatRow:
    habitat: str
    benefit: str  # "food" (dice from the feeder), "eggs" or "cards"
    spaces: tuple[Space, ...]  # index = birds already in the row


@attrs.frozen
class Dice:
    count: int
    faces: tuple[int, ...]  # each face as a mask of the foods it offers (a split face has two bits)
    names: tuple[str, ...]  # each face's text, foods joined by "/"


def food_mask(names: str, foods: tuple[str, ...]) -> int:
    """The mask of a face or cost written as ``food/food``."""
    mask = 0
    for name in names.split("/"):
        if name not in foods:
            raise ValueError(f"unknown food '{name}' in a rules table")
        mask |= 1 << foods.index(name)
    return mask


def read_dice(data: dict[str, Any], foods: tuple[str, ...]) -> Dice:
    names = tuple(str(n) for n in data["faces"])
    return Dice(int(data["count"]), tuple(food_mask(n, foods) for n in names), names)


def read_mat(data: dict[str, Any], habitats: tuple[str, ...]) -> tuple[MatRow, ...]:
    rows = []
    for habitat in habitats:
        row = data[habitat]
        spaces = []
        for space in row["spaces"]:
            upgrades = []
            for u in space.get("upgrades", ()):
                up = Upgrade(str(u["kind"]), tuple(u["pay"]), int(u.get("times", 1)), u.get("target"))
                if up.kind not in UPGRADE_KINDS or not set(up.pay) <= set(PAY_KINDS) or up.times < 1:
                    raise ValueError(f"bad mat upgrade {u!r} in the {habitat} row")
                if (up.kind == "reset") != (up.target in RESET_TARGETS):
                    raise ValueError(f"a reset names its target (feeder or tray), a bonus does not: {u!r}")
                upgrades.append(up)
            spaces.append(Space(int(space["amount"]), tuple(upgrades)))
        rows.append(MatRow(habitat, str(row["benefit"]), tuple(spaces)))
    return tuple(rows)


def with_amounts(mat: tuple[MatRow, ...], habitat: str, amounts: list[int]) -> tuple[MatRow, ...]:
    """The same mat with one row's amounts replaced (a named alternative reading of a row)."""
    out = []
    for row in mat:
        if row.habitat == habitat:
            if len(amounts) != len(row.spaces) or any(type(a) is not int or a < 0 for a in amounts):
                raise ValueError(f"the {habitat} row has {len(row.spaces)} spaces, each with a whole amount: {amounts!r}")
            row = attrs.evolve(row, spaces=tuple(attrs.evolve(space, amount=a) for space, a in zip(row.spaces, amounts, strict=True)))
        out.append(row)
    return tuple(out)


@functools.cache
def load(name: str) -> dict[str, Any]:
    """The data file of a ruleset, from the installed package."""
    text = resources.files("wingspan_rules").joinpath("data", f"{name}.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data
