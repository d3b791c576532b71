"""The words the card language knows, shared by the parser, the checker and the renderer."""

from __future__ import annotations

import attrs

FOODS: tuple[str, ...] = ("invertebrate", "seed", "fish", "fruit", "rodent")
COLOURS: tuple[str, ...] = ("brown", "green")
CARD_KINDS: tuple[str, ...] = ("card", "bird", "food")
ATTRIBUTES: tuple[str, ...] = ("wingspan", "points", "egg_limit", "food_cost")
OPERATORS: tuple[str, ...] = ("<", "<=", ">", ">=", "=")

# Verbs and the power colours they may appear in.
VERB_COLOURS: dict[str, tuple[str, ...]] = {
    "draw": ("brown",),
    "tuck": ("brown",),
    "hunt": ("brown",),
    "lay": ("brown",),
    "discard": ("brown",),
    "copy": ("brown", "green"),
    "ignore": ("green",),
    "spend": ("green",),
    "treat": ("green",),
}

FIELDS: tuple[str, ...] = ("food", "cost", "points", "egg_limit", "wingspan", "power")

# Ranges a printed number may take; anything outside is not a card.
LIMITS: dict[str, tuple[int, int]] = {
    "points": (0, 15),
    "egg_limit": (0, 9),
    "wingspan": (5, 400),
    "food_cost": (0, 6),
    "eggs": (0, 3),
    "hunt": (1, 400),
    "compare": (0, 400),
}


@attrs.frozen
class Vocabulary:
    """What one rule system accepts; expansions extend it without copying it."""

    foods: tuple[str, ...] = FOODS
    colours: tuple[str, ...] = COLOURS


POCKET = Vocabulary()
