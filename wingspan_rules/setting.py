"""How a game is set, before there is a ``Game``: its ruleset class for a name and a player
count, and the class and options that play with the options given.

Part of the codecs' seam (docs/architecture.md): ``new_game``, ``load`` and the position
language read a game's header through these, so a position or a save is set exactly as a new
game is, and the codecs need nothing of ``Game`` but its public names.
"""

from __future__ import annotations

from typing import Any

from . import rng
from .engine.rules import Rules, shown
from .i18n import _
from .rulesets import CARD_OPTIONS, ruleset
from .savefile import MAX_CARD_TEXT


def ruleset_class(name: object) -> type[Rules]:
    """The ruleset class registered under ``name``; ValueError for another name or a non-name."""
    if not isinstance(name, str):
        raise ValueError(_("ruleset must be a name such as 'pocket', not {name!r}").format(name=name))
    return ruleset(name)


def check_ruleset(name: str, players: int, seed: int) -> type[Rules]:
    """The ruleset class of that name, once the player count and the seed are ones ``new_game``
    accepts; ValueError otherwise."""
    rs = ruleset_class(name)
    if type(players) is not int or not 2 <= players <= 5:
        raise ValueError(_("players must be a whole number from 2 to 5, not {players}").format(players=shown(players)))
    rng.check_seed(seed)
    return rs


def split_options(options: dict[str, Any] | None) -> tuple[dict[str, Any], dict[str, Any]]:
    """(rule options, card options), with the card options checked to be text."""
    if options is not None and not isinstance(options, dict):
        raise ValueError(_("options must be a dict of option names to values, not {type}").format(type=type(options).__name__))
    rules = dict(options or {})
    cards = {}
    for key in CARD_OPTIONS:
        if key in rules:
            value = rules.pop(key)
            if not isinstance(value, str):
                raise ValueError(_("option '{key}' must be card language text").format(key=key))
            if len(value) > MAX_CARD_TEXT:  # (the same limit for games, saves, positions and records)
                raise ValueError(_("option '{key}' holds {n} characters of card text; at most {most} are read").format(key=key, n=f"{len(value):,}", most=f"{MAX_CARD_TEXT:,}"))
            cards[key] = value
    return rules, cards


def configure(base: type[Rules], options: dict[str, Any] | None) -> tuple[type[Rules], dict[str, Any], dict[str, Any]]:
    """(the class that plays with these options, the rule options checked and defaulted, those
    with the card options added); ValueError naming what is wrong."""
    rules, card_options = split_options(options)
    checked = base.validate_options(rules)
    return base.variant(checked), checked, checked | card_options
