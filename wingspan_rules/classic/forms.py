"""The text forms of classic actions: each verb and what kind of argument it takes."""

from __future__ import annotations

import functools

from ..actions import NONE, NUMBER, TEXT, Action, build_space, check_form

_SETUP: dict[str, str] = {"keep": TEXT, "done": NONE, "return": TEXT, "keep-bonus": TEXT}
_STEPS: dict[str, str] = {
    # the habitat actions
    "gain-food": NONE,
    "lay-eggs": NONE,
    "draw-cards": NONE,
    # steps of actions and powers
    "take": TEXT,
    "take-split": TEXT,
    "reroll": NONE,
    "cache": NONE,
    "keep-food": NONE,
    "egg": TEXT,
    "take-bird": TEXT,
    "take-deck": NONE,
    "stop": NONE,
    "pay": TEXT,
    "pay-egg": TEXT,
    "paid": NONE,
    "discard": TEXT,
    "discard-egg": TEXT,
    "discard-bonus": TEXT,
    "skip": NONE,
    "use": NONE,
    "part": NUMBER,
    "first": TEXT,
    "tuck": TEXT,
    "repeat": TEXT,
    "move": TEXT,
    "give": TEXT,
}


@functools.cache
def action_forms(habitats: tuple[str, ...], resets: tuple[str, ...] = (), oceania: bool = False) -> dict[str, str]:
    """Every verb and what follows it; 'play-HABITAT' for each habitat of the ruleset's mat,
    'reset-TARGET' for each reset its mat offers (the Oceania mats), and Oceania's own verbs:
    'game-end NAME' (a game-end power) and 'choose pN' (the other player a power shares with)."""
    forms = {**_SETUP, **{f"play-{h}": TEXT for h in habitats}, **_STEPS, **{f"reset-{t}": TEXT for t in resets}}
    if oceania:
        forms["game-end"] = TEXT
        forms["choose"] = TEXT
        forms["cache-food"] = TEXT
        forms["reset"] = NONE  # a power's reset of the feeder (one answer, taken at once)
        forms["check"] = NONE  # a power's condition met (likewise)
        forms["again"] = NONE  # one more round of a repeated power
        forms["new-tray"] = NONE  # a power's reset of the tray before it draws
        forms["fill-tray"] = NONE  # ... or the tray's empty slots filled
        forms["give-card"] = TEXT  # a card just drawn, to give to another player
        forms["copy"] = TEXT  # which of a neighbour's brown powers to copy
        forms["tuck-card"] = NONE  # a food just gained, discarded for a card tucked from the deck
        forms["take-die"] = TEXT  # a die of the feeder by its face ('one of each food')
        forms["discard-bird"] = TEXT  # the bird a bird played in another's place replaces
        forms.update({f"replace-{h}": TEXT for h in habitats})  # a bird played in the place of one of that row
    return forms


def parse_action(text: str, habitats: tuple[str, ...], resets: tuple[str, ...] = (), oceania: bool = False) -> Action:
    return check_form(text, action_forms(habitats, resets, oceania))


def action_space(
    names: list[str],
    bonus_names: list[str],
    foods: tuple[str, ...],
    habitats: tuple[str, ...],
    split_foods: tuple[str, ...],
    max_parts: int = 4,
    max_players: int = 5,
    resets: tuple[str, ...] = (),
    oceania: bool = False,
    faces: tuple[str, ...] = (),
) -> tuple[Action, ...]:
    """Every action that can arise with this deck, in a fixed order (for RL indices)."""
    domains: dict[str, list[str] | list[int]] = {
        "keep": names,
        "return": list(foods),
        "keep-bonus": bonus_names,
        **{f"play-{h}": names for h in habitats},
        "take": list(foods),
        "take-split": list(split_foods),
        "egg": names,
        "take-bird": names,
        "pay": list(foods),
        "pay-egg": names,
        "discard": names,
        "discard-egg": names,
        "discard-bonus": bonus_names,
        "part": list(range(1, max(max_parts, 2) + 1)),
        "first": [f"p{i}" for i in range(max_players)],
        "tuck": names,
        "repeat": names,
        "move": list(habitats),
        "give": list(foods),
        **{f"reset-{t}": list(foods) for t in resets},
        **({"game-end": names, "choose": [f"p{i}" for i in range(max_players)], "cache-food": list(foods), "give-card": names, "copy": names, "take-die": list(dict.fromkeys(faces)),
               "discard-bird": names, **{f"replace-{h}": names for h in habitats}}
           if oceania else {}),
    }
    return build_space(action_forms(habitats, resets, oceania), domains)
