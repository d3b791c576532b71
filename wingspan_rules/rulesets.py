"""The rule systems the public Game can run, each a bundle of the same few functions.

A ruleset says how to check options, build the deck, set up a state, run the engine,
score, show a player's view, explain an illegal action, check a loaded state, and read
action text.  ``Game`` only talks to this bundle, so a new rule system plugs in here.
"""

from __future__ import annotations

from typing import Any, Callable

import attrs

from . import ir
from .actions import Action
from .cards import CardSet, card_set, compile_sources, ruleset_text
from .dsl.vocabulary import CLASSIC, POCKET
from .scoring import ScoreSheet
from .verdict import Decision, Violation


@attrs.frozen
class Ruleset:
    name: str
    validate_options: Callable[[dict[str, Any]], dict[str, Any]]
    new_state: Callable[[CardSet, int, int, dict[str, Any]], Any]
    engine: Callable[[CardSet, dict[str, Any], Any], Any]
    state_type: type
    score: Callable[[Any], ScoreSheet]
    view: Callable[[Any, int, Decision | None], dict[str, Any]]
    explain: Callable[[Any, Decision, Action], list[Violation]]
    validate_state: Callable[[Any, CardSet, int], list[str]]
    parse_action: Callable[[str], Action]
    action_space: Callable[[CardSet], tuple[Action, ...]]
    vocabulary: Any


def max_parts(cards: CardSet) -> int:
    """The most parts any '+' power of the deck has (bounds the 'part N' actions)."""
    return max(
        (len(node.parts) for c in cards.cards if c.power is not None for node in ir.walk(c.power) if isinstance(node, ir.Either)),
        default=0,
    )


def _pocket() -> Ruleset:
    from .pocket import engine as pe
    from .pocket.explain import explain
    from .pocket.forms import action_space, parse_action
    from .pocket.scoring import score
    from .pocket.state import PocketState
    from .pocket.validate import validate_state
    from .pocket.view import view

    def space(cards: CardSet) -> tuple[Action, ...]:
        names = [c.name for c in cards.cards]
        kinds = sorted({c.food_kind for c in cards.cards})
        keys = sorted({pe.cost_key(c) for c in cards.cards})
        return action_space(names, kinds, keys, max_parts(cards))

    return Ruleset(
        "pocket",
        pe.validate_options,
        pe.Engine.new_state,
        pe.Engine,
        PocketState,
        lambda engine: score(engine.state, engine.cardset),
        view,
        explain,
        validate_state,
        parse_action,
        space,
        POCKET,
    )


def _classic() -> Ruleset:
    from .classic import engine as ce
    from .classic.explain import explain
    from .classic.forms import action_space, parse_action
    from .classic.scoring import score
    from .classic.state import ClassicState
    from .classic.validate import validate_state
    from .classic.view import view

    def new_state(cards: CardSet, players: int, seed: int, options: dict[str, Any]) -> ClassicState:
        if len(cards.bonuses) < 2 * players or len(cards.goals) < 4:
            raise ValueError(f"the classic deck needs at least {2 * players} bonus cards and 4 goal tiles")
        return ce.ClassicEngine.new_state(cards, len(cards.bonuses), len(cards.goals), players, seed, options)

    def engine(cards: CardSet, options: dict[str, Any], state: ClassicState) -> ce.ClassicEngine:
        return ce.ClassicEngine(cards, options, state, tuple(b.name for b in cards.bonuses))

    def space(cards: CardSet) -> tuple[Action, ...]:
        return action_space([c.name for c in cards.cards], [b.name for b in cards.bonuses], max_parts(cards))

    return Ruleset(
        "classic",
        ce.validate_options,
        new_state,
        engine,
        ClassicState,
        score,
        view,
        explain,
        validate_state,
        parse_action,
        space,
        CLASSIC,
    )


_RULESETS: dict[str, Callable[[], Ruleset]] = {"pocket": _pocket, "classic": _classic}
_LOADED: dict[str, Ruleset] = {}
RULESETS = tuple(_RULESETS)


def ruleset(name: str) -> Ruleset:
    if name not in _RULESETS:
        raise ValueError(f"unknown ruleset '{name}'; known: {', '.join(RULESETS)}")
    if name not in _LOADED:
        _LOADED[name] = _RULESETS[name]()
    return _LOADED[name]


CARD_OPTIONS = ("card_text", "extra_card_text")


_DECKS: dict[tuple[str, str | None, str | None], CardSet] = {}
_DECKS_KEPT = 8


def deck(rs: Ruleset, options: dict[str, Any]) -> CardSet:
    """The deck: ``card_text`` replaces the shipped one, ``extra_card_text`` is added to it.
    Decks written by users are compiled once per text (the last few are kept)."""
    own = options.get("card_text")
    extra = options.get("extra_card_text")
    if own is None and extra is None:
        return card_set(rs.name)
    key = (rs.name, own, extra)
    found = _DECKS.get(key)
    if found is None:
        sources = [("<card_text>", own)] if own is not None else ruleset_text(rs.name)
        if extra is not None:
            sources.append(("<extra_card_text>", extra))
        found = compile_sources(sources, rs.vocabulary)
        while len(_DECKS) >= _DECKS_KEPT:
            del _DECKS[next(iter(_DECKS))]
        _DECKS[key] = found
    return found
