"""Wingspan as an OpenSpiel game (``wingspan_rules.env.openspiel``), checked by OpenSpiel's own
random simulation test and played by its bots."""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.bots import uniform_random

from wingspan_rules.env.openspiel import register

register()


@pytest.mark.slow
@pytest.mark.parametrize(("ruleset", "players"), [(r, n) for r in ("classic", "pocket", "oceania") for n in (2, 3, 4, 5)])
def test_openspiels_random_simulation_test_passes(ruleset: str, players: int) -> None:
    game = pyspiel.load_game("python_wingspan", {"ruleset": ruleset, "players": players})
    # (serialize=False: a sampled-stochastic Python game cannot hand OpenSpiel its RNG state)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_the_game_says_what_it_is() -> None:
    game = pyspiel.load_game("python_wingspan(ruleset=oceania,players=3)")
    kind = game.get_type()
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.GENERAL_SUM
    assert kind.provides_information_state_tensor and kind.provides_observation_tensor
    assert game.num_players() == 3 and game.num_distinct_actions() == 5097


def test_openspiels_bots_play_it_to_the_end() -> None:
    game = pyspiel.load_game("python_wingspan", {"ruleset": "classic", "players": 3, "options": '{"goal_side": "blue"}'})
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(3)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 1)
    assert sorted(returns)[-1] > 0 and min(returns) == -1.0


def _played(params: dict[str, object], steps: int, seed: int) -> tuple[Any, Any]:
    """The game of ``params`` and a state ``steps`` random legal actions into it."""
    game = pyspiel.load_game("python_wingspan", params)
    state = game.new_initial_state()
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        state.apply_action(int(rng.choice(state.legal_actions())))
    return game, state


def test_a_players_observation_is_what_its_seat_sees() -> None:
    game, state = _played({"ruleset": "pocket", "players": 2}, 20, 0)
    for player in range(2):
        assert np.array_equal(state.observation_tensor(player), game.observer.encode(state.game, player))
        assert f"p{player}" in state.observation_string(player)
        assert state.observation_string(player) in state.information_state_string(player)


def test_openspiels_information_set_mcts_plays_a_game_through() -> None:
    """OpenSpiel's ISMCTS bot samples worlds with ``resample_from_infostate`` and checks each
    sample has the real state's information-state string (its own assert)."""
    game = pyspiel.load_game("python_wingspan", {"ruleset": "pocket", "players": 2, "seed": 3})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(1, rng)
    bots = [ismcts.ISMCTSBot(game, evaluator, 2.0, 2, random_state=rng), uniform_random.UniformRandomBot(1, rng)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 3)
    assert sorted(returns) in ([-1.0, 1.0], [0.5, 0.5])


def test_a_resampled_state_is_one_the_player_cannot_tell_from_the_real_one() -> None:
    _, state = _played({"ruleset": "classic", "players": 3}, 40, 5)
    player = state.current_player()
    hands = set()
    for draw in range(6):
        sample = state.resample_from_infostate(player, lambda draw=draw: (draw + 0.5) / 6)
        assert sample.information_state_string(player) == state.information_state_string(player)
        assert np.array_equal(sample.observation_tensor(player), state.observation_tensor(player))
        assert sample.legal_actions() == state.legal_actions()
        hands.add(tuple(sample.game.state.seats[(player + 1) % 3].hand))
    assert len(hands) > 1  # (another seat's hand is dealt anew)
    other = (player + 1) % 3
    assert sample.information_state_string(other) != state.information_state_string(other) or sample.game.state.seats[other].hand == state.game.state.seats[other].hand


def test_what_a_seat_has_seen_follows_the_history() -> None:
    """Perfect recall: two different actions leave different information states; a clone keeps
    the same one."""
    game = pyspiel.load_game("python_wingspan", {"ruleset": "pocket", "players": 2})
    state = game.new_initial_state()
    first, second = state.clone(), state.clone()
    actions = state.legal_actions()
    first.apply_action(actions[0])
    second.apply_action(actions[-1])
    player = state.current_player()
    assert first.information_state_string(player) != second.information_state_string(player)
    assert state.clone().information_state_string(player) == state.information_state_string(player)


@pytest.mark.parametrize("bad", [{"ruleset": "go"}, {"players": 7}, {"options": "goal_side=blue"}, {"options": '["blue"]'}])
def test_a_bad_parameter_is_a_clear_error(bad: dict[str, object]) -> None:
    with pytest.raises(Exception, match="ruleset|players|options"):
        pyspiel.load_game("python_wingspan", bad)
