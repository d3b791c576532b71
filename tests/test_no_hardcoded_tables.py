"""No five-food or five-dice literal outside the food and dice tables.

How many foods there are, which they are, how many dice roll and what the round lengths and
egg costs are all live in the rules tables (``wingspan_rules/data/*.json``, read by
``engine.tables``) and, for the card language, in ``dsl/vocabulary.py``.  Code that needs one
of those numbers reads the ruleset's table, so a variant that changes a table (see
``test_rules_variant.py``) changes the game.  This test reads the source of every module of the
package and fails on the literals that would quietly keep the shipped numbers: a mask of all
five foods, ``range(5)``, five equal counts, a comparison with 5, the five food names spelled
out, a numbered "any" die face, or the shipped round lengths and egg costs.

The places that ARE tables are listed in ``ALLOWED`` with the reason each is one.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import attrs

import wingspan_rules
from wingspan_rules.dsl.vocabulary import FOODS

PACKAGE = Path(wingspan_rules.__file__).parent

# (module path under the package, a piece of the offending line, why it may stay).  Keyed by
# the line's text rather than its number, so unrelated edits above it do not break the test.
ALLOWED: tuple[tuple[str, str, str], ...] = (
    # The card language's own food list: the table every deck's cost masks are written in.
    ("dsl/vocabulary.py", "FOODS: tuple[str, ...] = (", "the card language's food table"),
    # A game seats 2 to 5 players: a player count, not a food or a die.
    ("setting.py", "2 <= players <= 5", "the player count"),
    # The foods' words in each language: a translation table keyed by the card language's words.
    ("words.py", "_FOODS: dict[str, _Food] = {", "the foods' words, for the translation catalogs"),
)

SHIPPED_ROUNDS = (8, 7, 6, 5)
SHIPPED_EGG_COSTS = (0, 1, 1, 2, 2)
ALL_FIVE_MASK = (1 << len(FOODS)) - 1


@attrs.frozen
class Hit:
    path: str
    line: int
    text: str
    why: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.why}: {self.text.strip()}"


def _number(node: ast.AST) -> int | None:
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _numbers(node: ast.AST) -> tuple[int, ...] | None:
    """The values of a tuple or list literal of whole numbers (None if it is not one)."""
    if not isinstance(node, (ast.Tuple, ast.List)):
        return None
    values = [_number(e) for e in node.elts]
    if any(v is None for v in values):
        return None
    return tuple(v for v in values if v is not None)


def _strings(node: ast.AST) -> list[str]:
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
    if isinstance(node, ast.Dict):
        return [k.value for k in node.keys if isinstance(k, ast.Constant) and isinstance(k.value, str)]
    return []


def _why(node: ast.AST) -> str | None:
    """Why a node looks like a food or dice table spelled out in code (None: it does not)."""
    if _number(node) == ALL_FIVE_MASK:
        return "a mask of all five foods (0b11111)"
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "range":
        if len(node.args) == 1 and _number(node.args[0]) == len(FOODS):
            return "range(5): a loop over five foods or dice"
    values = _numbers(node)
    if values is not None:
        if len(values) == len(FOODS) and len(set(values)) == 1:
            return "five equal counts (one per food?)"
        if values == SHIPPED_ROUNDS:
            return "the shipped round lengths (turns_per_round)"
        if values == SHIPPED_EGG_COSTS:
            return "the shipped egg costs (egg_cost_by_column)"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mult) and isinstance(node.left, ast.List):
        if _number(node.right) == len(FOODS):
            return "a list times 5 (one entry per food?)"
    if isinstance(node, ast.Compare) and any(_number(c) == len(FOODS) for c in [node.left, *node.comparators]):
        return "a comparison with 5 (the number of foods or dice?)"
    names = _strings(node)
    if set(FOODS) <= set(names):
        return "the five food names spelled out"
    if isinstance(node, ast.Name) and node.id == "ANY_FACE" or isinstance(node, ast.Attribute) and node.attr == "ANY_FACE":
        return "ANY_FACE: a numbered 'any food' die face"
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and "face 5" in node.value.lower():
        return "'face 5': a numbered die face"
    return None


def _hits_in(source: str, path: str) -> Iterator[Hit]:
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source, filename=path)):
        why = _why(node)
        if why is None:
            continue
        line = getattr(node, "lineno", 0)
        yield Hit(path, line, lines[line - 1] if 0 < line <= len(lines) else "", why)


def _allowed(hit: Hit) -> bool:
    return any(hit.path == path and piece in hit.text for path, piece, _ in ALLOWED)


def scan() -> list[Hit]:
    found = []
    for file in sorted(PACKAGE.rglob("*.py")):
        path = file.relative_to(PACKAGE).as_posix()
        found += [h for h in _hits_in(file.read_text(encoding="utf-8"), path) if not _allowed(h)]
    return found


def test_no_five_food_or_dice_literal_outside_the_tables() -> None:
    hits = scan()
    assert not hits, "read the ruleset's table instead of:\n" + "\n".join(str(h) for h in hits)


def test_every_allowance_still_matches_a_line() -> None:
    """An allowance whose line is gone is removed, so the list stays the list of tables."""
    for path, piece, _ in ALLOWED:
        assert piece in (PACKAGE / path).read_text(encoding="utf-8"), (path, piece)


SAMPLES = {
    "mask = 0b11111": True,
    "for f in range(5): pass": True,
    "food = [0, 0, 0, 0, 0]": True,
    "food = [1, 1, 1, 1, 1]": True,
    "food = [0] * 5": True,
    "ok = len(foods) == 5": True,
    "ok = n < 5": True,
    'names = ("invertebrate", "seed", "fish", "fruit", "rodent")': True,
    'names = {"rodent", "fish", "seed", "fruit", "invertebrate"}': True,
    "face = ANY_FACE": True,
    "face = dice.ANY_FACE": True,
    'text = "the any die is face 5"': True,
    "rounds = (8, 7, 6, 5)": True,
    "costs = (0, 1, 1, 2, 2)": True,
    # what the scan leaves alone
    "food = [0] * len(foods)": False,
    "mask = (1 << len(foods)) - 1": False,
    "for f in range(len(foods)): pass": False,
    'names = ("seed", "fish")': False,
    "verb = text[5:]": False,
    "limit = 6": False,
}


def test_the_scan_finds_what_it_looks_for() -> None:
    for code, expected in SAMPLES.items():
        assert bool(list(_hits_in(code, "sample.py"))) == expected, code
