"""The text forms of Pocket actions: each verb and what kind of argument it takes."""

from __future__ import annotations

from ..actions import NONE, NUMBER, TEXT, Action, build_space, check_form

ACTION_FORMS: dict[str, str] = {
    # the nest action
    "play": TEXT,
    "draw-cards": NONE,
    "lay-eggs": NONE,
    # setup, drawing, paying, laying
    "keep-bird": TEXT,
    "take-bird": TEXT,
    "take-food": NUMBER,
    "clear-supply": TEXT,
    "pay": TEXT,
    "pay-egg": TEXT,
    "paid": NONE,
    "egg": TEXT,
    "stop": NONE,
    # powers
    "skip": NONE,
    "use": NONE,
    "part": NUMBER,
    "tuck": TEXT,
    "discard": TEXT,
    "discard-egg": TEXT,
    "hunt": NUMBER,
    "copy": TEXT,
    "deck": NUMBER,
    "first": TEXT,
}


def parse_action(text: str) -> Action:
    """Read canonical Pocket action text; ValueError names what is wrong and suggests a fix."""
    return check_form(text, ACTION_FORMS)


def action_space(
    names: list[str], kinds: list[str], cost_keys: list[str], max_parts: int = 4, max_players: int = 5, decks: int = 4
) -> tuple[Action, ...]:
    """Every action that can ever arise with this deck, in a fixed order (for RL indices)."""
    targets = ["nest"] + names
    domains: dict[str, list[str] | list[int]] = {
        "play": names,
        "keep-bird": names,
        "take-bird": names,
        "copy": names,
        "pay": kinds,
        "tuck": names + kinds,
        "discard": names + kinds,
        "clear-supply": kinds + cost_keys,
        "egg": targets,
        "pay-egg": targets,
        "discard-egg": targets,
        "first": [f"p{i}" for i in range(max_players)],
        "take-food": list(range(1, decks + 1)),
        "hunt": list(range(1, decks + 1)),
        "deck": list(range(1, decks + 1)),
        "part": list(range(1, max(max_parts, 2) + 1)),
    }
    return build_space(ACTION_FORMS, domains)
