"""The rule systems the public Game can run, by name, and the decks they play with.

Each ruleset is a ``Rules`` subclass (see ``engine.rules``); ``Game`` only talks to it.  A
variant defined elsewhere (a test, an app) joins with ``register``.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from .cards import CardSet, card_set, compile_sources, ruleset_text, shipped_deck
from .dsl.vocabulary import Vocabulary
from .engine.rules import Rules
from .i18n import _


def _pocket() -> type[Rules]:
    from .pocket.rules import PocketRules

    return PocketRules


def _classic() -> type[Rules]:
    from .classic.rules import ClassicRules

    return ClassicRules


def _oceania() -> type[Rules]:
    from .oceania.rules import OceaniaRules

    return OceaniaRules


_BUILTIN: dict[str, Callable[[], type[Rules]]] = {"pocket": _pocket, "classic": _classic, "oceania": _oceania}
_REGISTERED: dict[str, type[Rules]] = {}
RULESETS = tuple(_BUILTIN)


def register(cls: type[Rules]) -> type[Rules]:
    """Make a Rules subclass playable by name (``new_game(cls.name, ...)``) and loadable."""
    if cls.name in _BUILTIN or _REGISTERED.get(cls.name, cls) is not cls:
        raise ValueError(f"a ruleset called '{cls.name}' exists already")
    _REGISTERED[cls.name] = cls
    return cls


def known_rulesets() -> tuple[str, ...]:
    """The names ``new_game`` and ``load`` accept: the built-in rulesets and registered ones."""
    return tuple(dict.fromkeys(list(_BUILTIN) + list(_REGISTERED)))


def ruleset(name: str) -> type[Rules]:
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _BUILTIN:
        known = ", ".join(dict.fromkeys([*_BUILTIN, *_REGISTERED]))
        raise ValueError(_("unknown ruleset '{name}'; known: {known}").format(name=name[:40], known=known))
    found = _REGISTERED[name] = _BUILTIN[name]()
    return found


CARD_OPTIONS = ("card_text", "extra_card_text")


_DECKS: dict[tuple[str, tuple[str, ...], str, str | None, str | None], CardSet] = {}
_DECKS_KEPT = 8


def deck(rs: type[Rules], options: dict[str, Any]) -> CardSet:
    """The deck: ``card_text`` replaces the shipped one (its extra decks included), and
    ``extra_card_text`` is added to it; then the ruleset reads it with its options
    (``Rules.adjust_deck``).  Decks written by users are compiled once per text (the last few
    are kept)."""
    own = options.get("card_text")
    extra = options.get("extra_card_text")
    if own is None and extra is None:
        base = _shipped(rs.deck_name, rs.extra_decks, rs.vocabulary) if rs.extra_decks else card_set(rs.deck_name)
        return rs.adjust_deck(base, options)
    key = (rs.deck_name, rs.extra_decks, rs.vocabulary.name, own, extra)  # (two rulesets may share a deck, not words)
    found = _DECKS.get(key)
    if found is None:
        sources = [("<card_text>", own)] if own is not None else _shipped_text(rs.deck_name, rs.extra_decks)
        if extra is not None:
            sources.append(("<extra_card_text>", extra))
        found = compile_sources(sources, rs.vocabulary)
        while len(_DECKS) >= _DECKS_KEPT:
            del _DECKS[next(iter(_DECKS))]
        _DECKS[key] = found
    return rs.adjust_deck(found, options)


def _shipped_text(name: str, extra: tuple[str, ...]) -> list[tuple[str, str]]:
    return [source for deck_name in (name, *extra) for source in ruleset_text(deck_name)]


@functools.cache
def _shipped(name: str, extra: tuple[str, ...], vocabulary: Vocabulary) -> CardSet:
    """Shipped card sets compiled together as one deck (ids in file order), once."""
    return shipped_deck((name, *extra), vocabulary)
