"""The text forms of classic actions: each verb and what kind of argument it takes."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence

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
def action_forms(habitats: tuple[str, ...], resets: tuple[str, ...] = (), extra: tuple[tuple[str, str], ...] = ()) -> dict[str, str]:
    """Every verb and what follows it; 'play-HABITAT' for each habitat of the ruleset's mat,
    'reset-TARGET' for each reset its mat offers, then the verbs a ruleset adds (``extra``:
    verb and form, in order: ``ClassicRules.extra_forms``)."""
    forms = {**_SETUP, **{f"play-{h}": TEXT for h in habitats}, **_STEPS, **{f"reset-{t}": TEXT for t in resets}}
    forms.update(extra)
    return forms


def parse_action(text: str, habitats: tuple[str, ...], resets: tuple[str, ...] = (), extra: tuple[tuple[str, str], ...] = ()) -> Action:
    return check_form(text, action_forms(habitats, resets, extra))


def action_space(
    names: list[str],
    bonus_names: list[str],
    foods: tuple[str, ...],
    habitats: tuple[str, ...],
    split_foods: tuple[str, ...],
    max_parts: int = 4,
    max_players: int = 5,
    resets: tuple[str, ...] = (),
    extra: tuple[tuple[str, str], ...] = (),
    extra_domains: Mapping[str, Sequence[str | int]] | None = None,
) -> tuple[Action, ...]:
    """Every action that can arise with this deck, in a fixed order (for RL indices); the
    verbs a ruleset adds (``extra``) take their arguments from ``extra_domains``."""
    domains: dict[str, Sequence[str | int]] = {
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
        **(extra_domains or {}),
    }
    return build_space(action_forms(habitats, resets, extra), domains)
