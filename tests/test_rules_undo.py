"""Undo (``core.undo``) in every ruleset, and answers given to the wrong kind of decision
(``core.decision.other``).  Named after catalog ids (``core.undo`` -> ``test_core_undo``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

import wingspan_rules
from wingspan_rules import Action, Game, IllegalAction, load, new_game
from wingspan_rules.rng import Chance, seed_state

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("pocket", 3, {}),
    ("pocket", 2, {"advanced": True, "supply_reset": "birds", "copy_brown_from": "any"}),
    ("classic", 2, {}),
    ("classic", 3, {"house_corrections": True, "draw_no_mixing": True, "food_tokens": 3}),
    ("oceania", 2, {}),
    ("oceania", 3, {"house_corrections": True, "game_end_order": "counterclockwise"}),
]


def snapshot(game: Game) -> tuple[Any, ...]:
    """Everything undo must give back, as values (``to_compare`` of copies: the state's own
    tuple shares lists with the live state)."""
    takebacks = [s.copy().to_compare() for s in game._takebacks]
    return game.state.copy().to_compare(), game.pending, game.legal_actions(), takebacks


def undo_through(game: Game, seen: list[tuple[Any, ...]]) -> int:
    """Undo while allowed, checking each step gives back the snapshot seen before it; how many."""
    back = 0
    while game.can_undo().legal:
        game.undo()
        back += 1
        assert snapshot(game) == seen[-back]
    return back


def reasons(err: pytest.ExceptionInfo[IllegalAction]) -> list[str]:
    return [v.rule_id for v in err.value.verdict.violations]


def test_core_undo() -> None:
    game = new_game("pocket", players=2, seed=3)
    # nothing to undo in a new game
    verdict = game.can_undo()
    assert not verdict.legal and [v.rule_id for v in verdict.violations] == ["core.undo"]
    assert "no action has been taken yet" in verdict.violations[0].message
    with pytest.raises(IllegalAction) as err:
        game.undo()
    assert reasons(err) == ["core.undo"]
    # lay eggs: nothing hidden comes to light until the turn ends, so each step can be undone
    assert game.check("lay-eggs").legal
    start = snapshot(game)
    game.apply("lay-eggs")
    middle = snapshot(game)
    game.apply("egg nest")
    assert game.undo() == Action("egg", "nest")
    assert snapshot(game) == middle
    assert game.undo() == Action("lay-eggs")
    assert snapshot(game) == start
    assert not game.can_undo().legal
    # a card drawn from a food deck shows the next card: no undo past it
    game.apply("draw-cards")
    game.apply("take-food 1")
    with pytest.raises(IllegalAction) as err:
        game.undo()
    assert reasons(err) == ["core.undo"]
    assert "'take-food 1' cannot be taken back: something hidden came to light" in str(err.value)
    assert "(a card left a food deck" in str(err.value)
    assert game.can_undo().violations == err.value.verdict.violations
    # ... nor past it later on: the history now starts there
    game._undo_memo = None
    assert "nothing to undo: 'take-food 1' revealed something hidden" in game.can_undo().violations[0].message


def test_core_undo_after_load_and_copy() -> None:
    game = new_game("classic", players=2, seed=4)
    chooser = random.Random(4)
    while game.pending is not None and game.pending.kind == "setup":
        game.apply(chooser.choice(game.legal_actions()))
    # the setup choices reveal nothing: all of them can be taken back
    count = 0
    copy = game.copy()
    while copy.can_undo().legal:
        copy.undo()
        count += 1
    assert count == game.state.steps and copy.state.steps == 0
    assert snapshot(copy) == snapshot(new_game("classic", players=2, seed=4))
    # the copy went back; the original did not
    assert game.state.steps == count and game.can_undo().legal
    # a loaded game's history starts where it was loaded
    loaded = load(game.to_json())
    verdict = loaded.can_undo()
    assert not verdict.legal and "where it was loaded" in verdict.violations[0].message
    loaded.apply(loaded.legal_actions()[0])
    before_branch = snapshot(loaded)
    branch = loaded.copy()  # a copy carries the history
    branch.apply(branch.legal_actions()[0])
    branch.undo()
    loaded.apply(loaded.legal_actions()[-1])
    if loaded.can_undo().legal:
        loaded.undo()
        assert snapshot(loaded) == before_branch


@pytest.mark.parametrize(("ruleset", "players", "options"), CONFIGS, ids=[f"{c[0]}-{i}" for i, c in enumerate(CONFIGS)])
def test_core_undo_in_random_games(ruleset: str, players: int, options: dict[str, Any]) -> None:
    """After every action that revealed nothing, undo gives back exactly the game before it, and
    doing the action again gives the same game; otherwise undo is refused with the reason."""
    undone = refused = 0
    for seed in range(2):
        game = new_game(ruleset, players, seed, options)
        chooser = random.Random(seed)
        while not game.is_over:
            before = snapshot(game)
            action = chooser.choice(game.legal_actions())
            game.apply(action)
            after = snapshot(game)
            if game.can_undo().legal:
                assert game.undo() == action
                assert snapshot(game) == before
                game.apply(action)
                assert snapshot(game) == after
                undone += 1
            else:
                with pytest.raises(IllegalAction) as err:
                    game.undo()
                assert reasons(err) == ["core.undo"] and "cannot be taken back" in str(err.value)
                assert snapshot(game) == after  # a refused undo changes nothing
                refused += 1
    assert undone > 100 and refused > 20


@pytest.mark.parametrize(("ruleset", "players", "options"), CONFIGS[::2], ids=[c[0] for c in CONFIGS[::2]])
def test_core_undo_many_steps_back(ruleset: str, players: int, options: dict[str, Any]) -> None:
    """Undo repeated goes back step by step, through copies, as far as nothing was revealed."""
    game = new_game(ruleset, players, 11, options)
    chooser = random.Random(11)
    seen: list[tuple[Any, ...]] = []
    for _ in range(120):
        if game.is_over:
            break
        seen.append(snapshot(game))
        game.apply(chooser.choice(game.legal_actions()))
        if len(seen) % 7 == 0:
            game = game.copy()
    assert undo_through(game, seen) >= 1


def _hide_differently(game: Game, salt: int) -> Game:
    """The same position with what no player can see changed: other deck cards under the
    visible ones, another random generator.  What players see is the same."""
    state = game.state.copy()
    shuffle = random.Random(salt).shuffle
    state.rng = Chance(seed_state(salt + 10_000).key, state.rng.drawn)
    if game.ruleset == "pocket":
        under = [c for deck in state.decks for c in deck[:-1]]  # every deck card but the tops
        shuffle(under)
        for deck in state.decks:
            n = len(deck) - 1
            if n > 0:
                deck[:n], under = under[:n], under[n:]
    else:
        shuffle(state.deck)
        shuffle(state.bonus_deck)
    return Game(game.ruleset, game.players, game.seed, game.options, game.cards, state)


@pytest.mark.parametrize(("ruleset", "players", "options"), CONFIGS[::2], ids=[c[0] for c in CONFIGS[::2]])
def test_core_undo_is_not_fooled(ruleset: str, players: int, options: dict[str, Any]) -> None:
    """Whenever undo is allowed, the action could not have shown anything hidden: played from a
    position whose hidden cards and generator differ, it leaves every player seeing the same."""
    game = new_game(ruleset, players, 5, options)
    chooser = random.Random(5)
    checked = 0
    while not game.is_over:
        other = _hide_differently(game, checked)
        assert all(other.view(p) == game.view(p) for p in range(players))
        action = chooser.choice(game.legal_actions())
        game.apply(action)
        other.apply(action)
        same = all(other.view(p) == game.view(p) for p in range(players))
        if game.can_undo().legal:
            assert same, f"undo allowed after '{action}', which showed something hidden"
            checked += 1
        else:
            game = Game(game.ruleset, game.players, game.seed, game.options, game.cards, game.state.copy())
    assert checked > 50


def test_core_undo_with_house_corrections() -> None:
    """002's take-back keeps its own rules; undo goes back over declined powers too, and both
    leave the game, take-back points included, as it was at the decision they return to."""
    found = 0
    for seed in range(5, 12):
        game = new_game("classic", players=2, seed=seed, options={"house_corrections": True})
        chooser = random.Random(seed)
        seen: list[tuple[Any, ...]] = []  # the game before each action (seen[i]: i actions taken)
        taken: list[Action] = []
        while not game.is_over and not game.can_take_back().legal:
            seen.append(snapshot(game))
            taken.append(chooser.choice(game.legal_actions()))
            game.apply(taken[-1])
        if game.is_over:
            continue
        found += 1
        # undo, step by step, gives back the very snapshots, take-back points and all
        undo_through(game.copy(), seen)
        # the take-back returns to the declined power's decision, as it was then ...
        decision = game.take_back()
        steps = game.state.steps
        assert decision.kind == "power" and Action("skip") in decision.options
        assert snapshot(game) == seen[steps]
        # ... and undo goes on from there, to the decision before it
        if game.can_undo().legal:
            assert game.undo() == taken[steps - 1]
            assert snapshot(game) == seen[steps - 1]
            game.apply(taken[steps - 1])
            assert snapshot(game) == seen[steps]
    assert found >= 2


def test_core_decision_other() -> None:
    # Pocket: a payment is not a draw, and 'paid' belongs to payments only
    game = new_game("pocket", players=3, seed=12763)
    chooser = random.Random(12763)
    while game.pending is not None and game.pending.kind != "pay":
        game.apply(chooser.choice(game.legal_actions()))
    verdict = game.check("take-food 2")
    assert [v.rule_id for v in verdict.violations] == ["core.decision.other"]
    assert "answers the draw-cards nest action or a brown power, not this pay decision [Common Merganser]" in verdict.violations[0].message
    while game.pending is not None and game.pending.kind == "pay":
        game.apply(chooser.choice(game.legal_actions()))
    assert game.pending is not None and game.pending.kind != "pay"
    verdict = game.check("paid")
    assert [v.rule_id for v in verdict.violations] == ["core.decision.other"]
    assert "'paid' answers the payment for a bird being played" in verdict.violations[0].message
    # Oceania: playing a bird while Kelp Gull's power is answered
    found = None
    for seed in range(200):
        game = new_game("oceania", players=2, seed=seed)
        chooser = random.Random(seed)
        while not game.is_over and not (game.pending.kind == "power" and game.pending.source == "Kelp Gull"):
            game.apply(chooser.choice(game.legal_actions()))
        if not game.is_over:
            found = game
            break
    assert found is not None
    verdict = found.check("play-wetland Blue Jay")
    assert [v.rule_id for v in verdict.violations] == ["core.decision.other"]
    message = verdict.violations[0].message
    assert "answers the turn's action, chosen at the start of a turn, not this power decision [Kelp Gull]" in message
    assert found.check("skip").legal  # this decision's own answer
    # a verb this decision takes, with an argument it does not offer, is not "another decision"
    turn = new_game("oceania", players=2, seed=1)
    chooser = random.Random(1)
    while turn.pending.kind != "action":
        turn.apply(chooser.choice(turn.legal_actions()))
    held = {turn.cards.cards[c].name for c in turn.state.seats[turn.pending.player].hand}
    absent = next(c.name for c in turn.cards.cards if "wetland" in c.habitats and c.name not in held)
    refused = turn.check(f"play-wetland {absent}")
    assert not refused.legal and "core.decision.other" not in [v.rule_id for v in refused.violations]


@pytest.mark.parametrize("ruleset", ["pocket", "classic", "oceania"])
def test_core_decision_other_table_lists_every_offered_verb(ruleset: str) -> None:
    """The data behind ``core.decision.other``: every verb a decision offers in play is listed
    for its kind."""
    table = wingspan_rules.rulesets.ruleset(ruleset).DECISIONS
    for seed in range(6):
        for options in ({}, {"advanced": True} if ruleset == "pocket" else {"oceania_mats": True} if ruleset == "classic" else {}):
            game = new_game(ruleset, 2 + seed % 3, seed, options)
            chooser = random.Random(seed)
            while not game.is_over:
                decision = game.pending
                assert decision.kind in table, decision.kind
                missing = {a.verb for a in decision.options} - table[decision.kind][1]
                assert not missing, (decision.kind, missing)
                game.apply(chooser.choice(decision.options))
