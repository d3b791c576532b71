"""Decisions and actions in English (``Decision.prompt``, ``Action.describe``) and the one view
layout, checked on every decision of random games of every ruleset.

WINGSPAN_PROMPT_GAMES sets the games per ruleset (default a few; 300 for a long run).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections import defaultdict
from typing import Any

import attrs
import pytest

import wingspan_rules
from wingspan_rules import Action, Decision, Game, ir
from wingspan_rules.engine.state import ACTION, PowerFrame
from wingspan_rules.views import (
    BirdView,
    ClassicSeatView,
    ClassicView,
    PendingView,
    PocketSeatView,
    PocketView,
    SeatView,
    ViewBase,
)

GAMES = int(os.environ.get("WINGSPAN_PROMPT_GAMES", "24"))
# (ruleset, players, options) by seed: every player count, the advanced Pocket setup, open hands
CONFIGS = {
    "pocket": [(2, {}), (3, {"advanced": True}), (4, {"supply_reset": "birds"}), (5, {"advanced": True})],
    "classic": [(2, {}), (3, {"public_hands": True}), (4, {"goal_side": "blue"}), (5, {})],
    "oceania": [(2, {}), (3, {}), (4, {"public_hands": True}), (5, {})],
}
SENTENCE_BREAK = re.compile(r"[.?!]\s")


def _after_requirement(game: Game, frame: Any) -> bool | None:
    """Is the frame that asks running the benefit of a 'requirement -> benefit' (True), the
    requirement's own node (False), or neither (None)?"""
    if not isinstance(frame, PowerFrame) or frame.card == ACTION:
        return None
    power = game.cards.cards[frame.card].power
    node: Any = power
    parent = None
    for i in frame.path:
        parent, node = node, ir.part(node, i)
    if isinstance(node, ir.Then):
        return False
    if isinstance(parent, ir.Then) and frame.path[-1] == 1:
        return True
    return None


def _hidden_names(game: Game, source: str | None) -> set[str]:
    """Names of the cards in hands and dealt cards (never to be named by a prompt), except the
    bird being paid for, which every player has seen chosen."""
    cards = game.cards.cards
    held = [c for seat in game.state.seats for c in [*seat.hand, *getattr(seat, "dealt", [])]]
    return {cards[c].name for c in held} - {source}


def _one_question(text: str, player: int) -> None:
    assert text.startswith(f"p{player}") and text.endswith("?"), text
    assert not SENTENCE_BREAK.search(text[:-1]), f"more than one sentence: {text}"


def _check_decision(game: Game, d: Decision, seen: dict[tuple[Any, ...], dict[bool, set[str]]]) -> None:
    prompt, public = d.prompt, d.public_prompt
    for text in (prompt, public):
        _one_question(text, d.player)
        if d.source is not None:
            assert d.source in text, f"the prompt does not name {d.source}: {text}"
        leaked = {name for name in _hidden_names(game, d.source) if name in text and not (d.source and name in d.source)}
        assert not leaked, f"the prompt names cards in a hand: {leaked}: {text}"
    after = _after_requirement(game, game.state.stack[-1])
    if after is not None:
        seen[(game.ruleset, d.player, d.kind, d.options, d.source, d.rule)][after].add(prompt)
    names = game.cards.by_name
    assert "which answer" not in prompt, f"no handler asks the question of {d.kind} ({', '.join(str(o) for o in d.options)}): {prompt}"
    for action in d.options:
        text = action.describe(game)
        assert isinstance(text, str) and text.strip(), action
        assert not text.startswith("answer '"), f"no handler words '{action}' at a {d.kind} decision"
        if d.source is not None:
            assert d.source in text, f"'{action}' described without naming {d.source}: {text}"
        if isinstance(action.arg, str) and action.arg in names:
            assert action.arg in text, f"'{action}' described without naming {action.arg}: {text}"


_SHAPES: dict[str, tuple[Any, Any]] = {"pocket": (PocketView, PocketSeatView), "classic": (ClassicView, ClassicSeatView), "oceania": (ClassicView, ClassicSeatView)}


def _check_view(game: Game, d: Decision | None, viewer: int) -> None:
    view: Any = game.view(viewer)
    view_type, seat_type = _SHAPES[game.ruleset]
    assert set(view) == view_type.__required_keys__ and not view_type.__optional_keys__
    assert ViewBase.__required_keys__ <= set(view)
    if d is not None:
        shown = view["pending"]
        assert set(shown) == PendingView.__required_keys__
        assert shown["prompt"] == (d.prompt if d.player == viewer else d.public_prompt)
    setup = any(getattr(seat, "dealt", None) or getattr(seat, "dealt_bonus", None) for seat in game.state.seats)
    for i, seat in enumerate(view["players"]):
        assert set(seat) == seat_type.__required_keys__ and SeatView.__required_keys__ <= set(seat)
        hand = sorted(game.cards.cards[c].name for c in game.state.seats[i].hand)
        if i == viewer:
            assert seat["hand"] == hand and seat["open_hand"] == hand
        elif seat["hand"] is not None:
            assert seat["hand"] == len(hand)
        else:
            assert setup  # a count is hidden only while the opening setup runs
        for birds in seat["rows"].values():
            assert all(set(b) == BirdView.__required_keys__ for b in birds)
    # no card of another player's hand by name, unless the rules lay hands open
    text = json.dumps(view)
    open_hands = game.ruleset == "pocket" or game.options.get("public_hands")
    if not open_hands:
        shown_source = d.source if d is not None else None
        for i, seat in enumerate(game.state.seats):
            if i != viewer:
                for c in seat.hand:
                    name = game.cards.cards[c].name
                    assert name == shown_source or f'"{name}"' not in text, f"p{viewer} sees {name} in p{i}'s hand"


def _play(ruleset: str, seed: int, seen: dict[tuple[Any, ...], dict[bool, set[str]]]) -> None:
    players, options = CONFIGS[ruleset][seed % len(CONFIGS[ruleset])]
    game = wingspan_rules.new_game(ruleset, players, seed, options)
    chooser = random.Random(seed)
    step = 0
    while not game.is_over:
        d = game.pending
        assert d is not None
        _check_decision(game, d, seen)
        if step % 13 == seed % 13:  # views at a different offset in each game
            for viewer in range(players):
                _check_view(game, d, viewer)
        game.apply(chooser.choice(game.legal_actions()))
        step += 1
    for viewer in range(players):
        _check_view(game, None, viewer)


@pytest.mark.soak
@pytest.mark.parametrize("ruleset", ["pocket", "classic", "oceania"])
def test_every_prompt_and_description_of_random_games(ruleset: str) -> None:
    """Every decision met: one question naming its player and card, never a card of a hand;
    every answer offered described, naming its card; the question after a requirement reads
    differently from the one before, even where the answers are the same."""
    seen: dict[tuple[Any, ...], dict[bool, set[str]]] = defaultdict(lambda: {True: set(), False: set()})
    for seed in range(GAMES):
        _play(ruleset, seed, seen)
    both = [k for k, v in seen.items() if v[True] and v[False]]
    for key in both:
        assert not seen[key][True] & seen[key][False], f"the same words before and after a requirement: {key}"
    assert any(v[True] for v in seen.values()), "no decision after a requirement was met"
    if ruleset != "pocket":  # 'use or skip?' both before and after: the case of issue 9
        assert both


def test_the_question_before_and_after_a_requirement_differ() -> None:
    """House Finch (classic: tuck a card -> draw a card) asks 'use or skip?' twice."""
    use = Action("use")
    game = wingspan_rules.new_game("classic", players=2, seed=3)
    chooser = random.Random(3)
    asked: list[Decision] = []
    while not asked or "requirement met" not in asked[-1].prompt:
        options = game.legal_actions()
        game.apply(use if use in options else chooser.choice(options))
        d = game.pending
        assert d is not None
        if d.source == "House Finch" and d.kind == "power":
            asked.append(d)
    before, after = asked[0], asked[-1]
    assert before.options == after.options == (use, Action("skip")) and before == after  # the same fields ...
    assert before.prompt != after.prompt  # ... told apart in words
    assert "tuck a card" in before.prompt and "tuck" not in after.prompt
    assert use.describe(game) == "take the benefit of House Finch's power, its requirement met"


def test_a_prompt_read_late_still_says_what_was_asked() -> None:
    game = wingspan_rules.new_game("pocket", players=3, seed=7)
    d = game.pending
    assert d is not None
    words = d.prompt
    branch = game.copy()
    game.apply(game.legal_actions()[-1])
    assert d.prompt == words and branch.pending is d and branch.pending.prompt == words


def test_a_decision_built_by_hand_has_a_prompt() -> None:
    d = Decision(1, "power", (Action("use"), Action("skip")), "Kelp Gull", "classic.powers.optional")
    assert d.prompt.startswith("p1") and "Kelp Gull" in d.prompt and d.prompt.endswith("?")
    assert d == Decision(1, "power", (Action("use"), Action("skip")), "Kelp Gull", "classic.powers.optional")


def test_a_decisions_wording_is_a_field_outside_equality_and_repr() -> None:
    """``Decision.wording`` is declared (no hidden slot), takes no part in ==, hash or repr, is
    given when the game hands the decision out, and goes along with copies and pickles."""
    import copy
    import pickle

    field = attrs.fields(Decision).wording
    assert not field.eq and not field.repr
    game = wingspan_rules.new_game("classic", players=2, seed=3)
    d = game.pending
    assert d is not None and d.wording is not None
    bare = attrs.evolve(d, wording=None)
    assert bare == d and hash(bare) == hash(d) and repr(bare) == repr(d)
    for again in (copy.copy(d), copy.deepcopy(d), pickle.loads(pickle.dumps(d))):
        assert again == d and again.prompt == d.prompt and again.public_prompt == d.public_prompt
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        d.wording = None  # type: ignore[misc]


def test_describe_does_not_depend_on_legality() -> None:
    game = wingspan_rules.new_game("pocket", players=3, seed=7)
    illegal = Action("play", "Bald Eagle")
    assert not game.check(illegal).legal
    assert illegal.describe(game) == "play Bald Eagle from your reserve into your flock, paying its cost"
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert Action("skip").describe(game) == "skip the power"


def test_the_classic_setup_step_is_not_told_to_the_others() -> None:
    game = wingspan_rules.new_game("classic", players=2, seed=1)
    d = game.pending
    assert d is not None and d.kind == "setup"
    other = 1 - d.player
    assert game.view(other)["pending"]["prompt"] == d.public_prompt != d.prompt
    steps = set()
    while d is not None and d.kind == "setup":
        steps.add(d.public_prompt.split(":", 1)[1])
        game.apply(game.legal_actions()[0])
        d = game.pending
    assert len(steps) == 1  # the same words at every step of either player


def test_every_ruleset_seat_shares_the_same_keys() -> None:
    shared = SeatView.__required_keys__
    for ruleset in ("pocket", "classic", "oceania"):
        game = wingspan_rules.new_game(ruleset, 3, 5)
        view: Any = game.view(0)
        assert all(shared <= set(seat) for seat in view["players"])
        assert ViewBase.__required_keys__ <= set(view)
        assert len({frozenset(seat) for seat in view["players"]}) == 1
