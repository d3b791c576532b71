"""Wingspan as an OpenSpiel game (``wingspan_rules.env.openspiel``), checked by OpenSpiel's own
random simulation test and played by its bots."""

from __future__ import annotations

import numpy as np
import pyspiel
import pytest

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


def test_a_players_observation_is_what_its_seat_sees() -> None:
    game = pyspiel.load_game("python_wingspan", {"ruleset": "pocket", "players": 2})
    state = game.new_initial_state()
    rng = np.random.default_rng(0)
    for _ in range(20):
        state.apply_action(int(rng.choice(state.legal_actions())))
    for player in range(2):
        assert np.array_equal(state.observation_tensor(player), game.observer.encode(state.game, player))
        assert f"p{player}" in state.observation_string(player)
        assert state.observation_string(player) in state.information_state_string(player)


@pytest.mark.parametrize("bad", [{"ruleset": "go"}, {"players": 7}, {"options": "goal_side=blue"}, {"options": '["blue"]'}])
def test_a_bad_parameter_is_a_clear_error(bad: dict[str, object]) -> None:
    with pytest.raises(Exception, match="ruleset|players|options"):
        pyspiel.load_game("python_wingspan", bad)
