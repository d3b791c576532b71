"""One random-playout harness for every ruleset (not a test module itself).

``play_out(checks, ruleset, players, seed, options)`` plays a seeded random game through the
public API and checks at every step:

- a game that is not over offers at least one action; the decision's options are the legal
  actions, without repeats; its rule is in the catalog; it names a player of the game;
- (``checks.forced_taken``) a decision with a single option is taken without asking;
- every legal action is judged legal with no violation, its text reads back as the same
  action; the action is refused to any other player (``core.decision.player``);
- every ``checks.every`` steps (at an offset that differs from seed to seed; every step when
  ``every`` is 1): an illegal action is refused with catalogued reasons and changes nothing
  (state, save, options, decision); the save loads back to the same game with the same
  choices; the views of one player in turn hide what they must; a copy is independent of the
  original in both directions;
- a 'use' of a power changes the table or asks something (``invariants.use_changes_something``);
- the ruleset's table invariants (``checks.table``: conservation of cards, limits) after every
  action, and the ruleset's own per-step checks (``checks.before``/``checks.after``);
- the game ends within ``checks.max_steps`` steps; at the end nothing is legal
  (``core.game-over``), the ruleset's end checks hold, the score breakdown matches the
  ruleset's independent oracle (``checks.score``), every view is clean, and replaying the
  seed with the actions (or, every fifth seed, their text) and loading the final save give the
  same game.

A ruleset gives its oracles as a ``Checks`` subclass, one fresh instance per game (it may keep
what it counts), e.g.::

    class PocketChecks(Checks):
        every = 1
        def table(self, game): ...
        def score(self, game): ...
        def views(self, game, rng, viewers): ...
        def illegal(self, game, legal, rng): return Action("play", "No Such Bird")

    def test_playout(seed):
        play_out(PocketChecks(), "pocket", 3, seed, {"advanced": True})
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from invariants import use_changes_something

from wingspan_rules import CATALOG, Action, Game, IllegalAction, load, new_game, replay


def walk(value: Any, keys: list[str], strings: list[str]) -> None:
    """Collect every dict key and every string value of plain JSON data."""
    if isinstance(value, str):
        strings.append(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            keys.append(k)
            walk(v, keys, strings)
    elif isinstance(value, list):
        for v in value:
            walk(v, keys, strings)


class Checks:
    """A ruleset's oracles for ``play_out``; the defaults check nothing more."""

    every = 1  # the costly checks run every ``every`` steps
    max_steps = 3000  # far above any game seen: a runaway game fails here instead of hanging
    forced_taken = True  # a decision with a single option never reaches the players

    def begin(self, game: Game) -> None:
        """What the game starts with (the cards to conserve, say)."""

    def table(self, game: Game) -> None:
        """Invariants of the table, checked at the start and after every action."""

    def views(self, game: Game, rng: random.Random, viewers: Sequence[int]) -> None:
        """What each viewer may see."""

    def illegal(self, game: Game, legal: list[Action], rng: random.Random) -> Action:
        raise NotImplementedError

    def choose(self, game: Game, legal: list[Action], rng: random.Random) -> Action:
        return rng.choice(legal)

    def before(self, game: Game, action: Action) -> None:
        """Before ``action`` is applied (``game.pending`` is the decision it answers)."""

    def after(self, game: Game) -> None:
        """After an action was applied."""

    def end(self, game: Game) -> None:
        """At the end of the game, before the score is checked."""

    def score(self, game: Game) -> None:
        raise NotImplementedError


def play_out(checks: Checks, ruleset: str, players: int, seed: int, options: dict[str, Any]) -> Game:
    game = new_game(ruleset, players, seed, options)
    assert new_game(ruleset, players, seed, options).to_json() == game.to_json(), "same seed, same deal"
    rng = random.Random(f"{ruleset}-{players}-{seed}-{sorted(options.items())}")
    offset = seed % checks.every
    taken: list[Action] = []
    checks.begin(game)
    checks.table(game)
    while not game.is_over:
        assert len(taken) < checks.max_steps, "the game runs too long"
        legal = game.legal_actions()
        pending = game.pending
        assert pending is not None and legal, "a game that is not over always offers an action"
        assert list(pending.options) == legal and len(set(legal)) == len(legal)
        if checks.forced_taken:
            assert len(legal) >= 2, "a single option is taken without asking"
        assert pending.rule in CATALOG, pending.rule
        assert 0 <= pending.player < players

        # every legal action is judged legal, and its text reads back as the same action
        for action in legal:
            verdict = game.check(action)
            assert verdict.legal and verdict.violations == (), (str(action), verdict)
            assert game.parse_action(str(action)) == action
        assert game.check(legal[0], pending.player).legal
        if players > 1:
            other = (pending.player + 1) % players
            verdict = game.check(legal[0], other)
            assert not verdict.legal and [v.rule_id for v in verdict.violations] == ["core.decision.player"]

        branch: Game | None = None
        if len(taken) % checks.every == offset:
            # an illegal action is refused with reasons and leaves the game exactly as it was
            saved = game.to_json()
            kept = game.state.to_compare()
            bad = checks.illegal(game, legal, rng)
            assert bad not in legal, str(bad)
            verdict = game.check(bad)
            assert not verdict.legal and verdict.violations, str(bad)
            for v in verdict.violations:
                assert v.rule_id in CATALOG and v.message and v.source == CATALOG[v.rule_id].source
            with pytest.raises(IllegalAction) as refused:
                game.apply(bad)
            assert refused.value.verdict == verdict
            assert game.state.to_compare() == kept and game.to_json() == saved
            assert game.legal_actions() == legal and game.pending == pending
            # a saved game loads back to the same game with the same choices
            loaded = load(saved)
            assert loaded.state.to_compare() == kept and loaded.to_json() == saved
            assert loaded.legal_actions() == legal and loaded.pending == pending
            checks.views(game, rng, [len(taken) % players])  # each player's view in turn
            # a copy is independent of the original (in both directions: see below)
            branch = game.copy()
            branch.apply(rng.choice(legal))
            assert game.state.to_compare() == kept and game.to_json() == saved
            branched = branch.to_json()

        action = checks.choose(game, legal, rng)
        checks.before(game, action)
        before = game.copy()
        game.apply(action)
        taken.append(action)
        if branch is not None:
            assert branch.to_json() == branched, "playing on the original changed a copy"
        use_changes_something(before, action, game)
        checks.table(game)
        checks.after(game)

    # the end: nothing more to do, a consistent score
    assert game.legal_actions() == [] and game.pending is None
    assert [v.rule_id for v in game.check(Action("lay-eggs")).violations] == ["core.game-over"]
    checks.end(game)
    checks.score(game)
    checks.views(game, rng, range(players))

    # replay from the seed and the actions gives the same game, from actions or their text
    final = game.to_json()
    assert replay(ruleset, players, seed, options, taken).to_json() == final
    if seed % 5 == 0:
        assert replay(ruleset, players, seed, options, [str(a) for a in taken]).to_json() == final
    assert load(final).to_json() == final
    return game
