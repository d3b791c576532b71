"""The Gymnasium environment (``wingspan_rules.env.gym_env``), checked by Gymnasium's own
``check_env``, and the bots it plays against (``wingspan_rules.bots``)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from wingspan_rules import new_game
from wingspan_rules.bots import Bot, GreedyBot, RandomBot, SearchBot, bot, estimate
from wingspan_rules.env import ENV_ID, WingspanGym, gym_env


@pytest.mark.parametrize(("ruleset", "players", "opponents"), [(r, n, "greedy" if n == 2 else "random") for r in ("classic", "pocket", "oceania") for n in (2, 3, 4, 5)])
def test_gymnasiums_check_env_passes(ruleset: str, players: int, opponents: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (its notes that the environment has no spec)
        check_env(gym_env(ruleset, players, opponents=opponents), skip_render_check=True)


def test_the_registered_environment_is_made_by_gymnasium() -> None:
    env = gymnasium.make(ENV_ID, ruleset="pocket", players=2, opponents="random")
    obs, info = env.reset(seed=5)
    assert obs["action_mask"].sum() >= 1 and info == {}


def _play(env: WingspanGym, seed: int) -> tuple[float, int]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps


def test_an_episode_ends_with_the_seats_reward_and_the_same_seed_plays_the_same() -> None:
    env = gym_env("classic", 3, opponents="random", seat=1)
    first = _play(env, 9)
    assert first == _play(env, 9)
    assert first[0] in (-1.0, 1.0, 0.5, 1.0 / 3)
    winners = env.game.score().winners
    assert (first[0] > 0) == (1 in winners)


def test_an_illegal_action_ends_the_episode_or_raises_naming_the_legal_ones() -> None:
    env = gym_env("classic", 2, opponents="random")
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True) and "the legal ones are" in info["illegal_action"]
    strict = gym_env("classic", 2, opponents="random", illegal="raise")
    strict.reset(seed=1)
    with pytest.raises(ValueError, match=r"is not legal now; the legal ones are \d+ \("):
        strict.step(illegal)


@pytest.mark.parametrize("bad", [{"ruleset": "go"}, {"players": 1}, {"opponents": "alphazero"}, {"opponents": [RandomBot()] * 3}, {"seat": 2}, {"illegal": "ignore"}, {"reward": "elo"}])
def test_a_bad_setting_is_a_clear_error(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        gym_env(**bad)  # type: ignore[arg-type]


def test_opponents_may_be_bots_of_ones_own() -> None:
    env = gym_env("pocket", 3, opponents=[RandomBot(1), GreedyBot(2)])
    total, steps = _play(env, 3)
    assert steps > 10


# ---- the bots ------------------------------------------------------------------------------


def test_each_bot_chooses_a_legal_action_and_the_same_seed_chooses_the_same() -> None:
    makers: list[Callable[[], Bot]] = [lambda: bot("random", 7), lambda: bot("greedy", 7), lambda: SearchBot(time_limit=None, simulations=12, seed=7)]
    for make in makers:
        game = new_game("oceania", 2, 4)
        first, second = make(), make()
        for _ in range(40):
            a, b = first.choose(game), second.choose(game)
            assert a == b and a in game.legal_actions()
            game.apply(a)


def test_greedy_reads_only_what_its_seat_may_see() -> None:
    """Two games that differ only in cards the deciding seat cannot see get the same choice."""
    game = new_game("classic", 2, 12)
    chooser = random.Random(12)
    compared = 0
    for _ in range(120):
        pending = game.pending
        assert pending is not None
        other = game.state.seats[1 - pending.player]
        if other.hand and len(game.state.deck) > 1:
            twin = game.copy()
            theirs = twin.state.seats[1 - pending.player]
            theirs.hand[0], twin.state.deck[0] = twin.state.deck[0], theirs.hand[0]
            assert GreedyBot(3).choose(twin) == GreedyBot(3).choose(game)
            compared += 1
        game.apply(chooser.choice(game.legal_actions()))
    assert compared > 30


def test_search_reads_only_what_its_seat_may_see() -> None:
    """The search's simulations start from samples of what the seat cannot see: two games that
    differ only there get the same choice from the same seed."""
    game = new_game("pocket", 2, 6)
    chooser = random.Random(6)
    compared = 0
    for _ in range(60):
        decks = [d for d in game.state.decks if len(d) >= 2]
        if len(decks) >= 2 and len(game.legal_actions()) > 1:
            twin = game.copy()
            a, b = [d for d in twin.state.decks if len(d) >= 2][:2]
            a[0], b[0] = b[0], a[0]
            assert SearchBot(None, 8, seed=1).choose(twin) == SearchBot(None, 8, seed=1).choose(game)
            compared += 1
        game.apply(chooser.choice(game.legal_actions()))
    assert compared > 10


@pytest.mark.parametrize("bad", [{"time_limit": None, "simulations": None}, {"time_limit": 0}, {"simulations": 0}, {"simulations": 2.5}])
def test_a_bad_search_budget_is_a_clear_error(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError):
        SearchBot(**bad)  # type: ignore[arg-type]


def test_greedys_estimate_counts_points_and_what_is_held() -> None:
    """Points now, 0.6 a food and 0.3 a card (up to 4 of each), 0.6 an egg of room."""
    game = new_game("classic", 2, 1)
    chooser = random.Random(1)
    for _ in range(80):
        game.apply(chooser.choice(game.legal_actions()))
    seat = game.state.seats[0]
    room = sum(game.cards.cards[b.card].egg_limit - b.eggs for row in seat.rows for b in row)
    expected = game.score().players[0].total + 0.6 * min(sum(seat.food), 4) + 0.3 * min(len(seat.hand), 4) + 0.6 * room
    assert room > 0 and estimate(game, 0) == pytest.approx(expected)


def test_an_unknown_bot_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="unknown bot 'alphazero'; known: random, greedy, search"):
        bot("alphazero")
