"""The text forms of Pocket actions: each verb and what kind of argument it takes."""

from __future__ import annotations

from ..actions import Action
from ..dsl.diagnostics import suggest

NONE, NUMBER, TEXT = "nothing", "a number", "a name"

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


def check_form(text: str, forms: dict[str, str]) -> Action:
    """Read action text against a table of verbs and argument kinds."""
    if not isinstance(text, str):
        raise ValueError(f"action text must be a string, not {type(text).__name__}")
    action = Action.from_text(text)
    form = forms.get(action.verb)
    if form is None:
        hint = suggest(action.verb, forms)
        raise ValueError(f"unknown action '{action.verb}'" + (f"; {hint}" if hint else ""))
    if form == NONE and action.arg is not None:
        raise ValueError(f"'{action.verb}' takes nothing after it")
    if form != NONE and action.arg is None:
        raise ValueError(f"'{action.verb}' needs {form} after it")
    if form == NUMBER and not isinstance(action.arg, int):
        raise ValueError(f"'{action.verb}' needs a number after it, not '{action.arg}'")
    if form == TEXT and isinstance(action.arg, int):
        action = Action(action.verb, str(action.arg))
    return action


def action_space(
    names: list[str], kinds: list[str], cost_keys: list[str], max_parts: int = 4, max_players: int = 5
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
        "take-food": [1, 2, 3, 4],
        "hunt": [1, 2, 3, 4],
        "deck": [1, 2, 3, 4],
        "part": list(range(1, max(max_parts, 2) + 1)),
    }
    space: list[Action] = []
    for verb, form in ACTION_FORMS.items():
        if form == NONE:
            space.append(Action(verb))
        else:
            space.extend(Action(verb, arg) for arg in domains[verb])
    return tuple(space)
