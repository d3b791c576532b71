"""The PettingZoo environment (``wingspan_rules.env``), checked by PettingZoo's own tests and
for what a seat may see: two cards the seat cannot see, swapped, change nothing it observes."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # (the [rl] extra: the README's test command installs it)

from wingspan_rules import Game, new_game
from wingspan_rules.env import aec_env, observer, raw_env
from wingspan_rules.env.encoding import action_mask

SETTINGS = [(ruleset, players) for ruleset in ("classic", "pocket", "oceania") for players in (2, 3, 4, 5)]


@pytest.mark.parametrize(("ruleset", "players"), SETTINGS)
def test_pettingzoo_api_test_passes(ruleset: str, players: int) -> None:
    env = aec_env(ruleset, players)
    with warnings.catch_warnings():
        # (PettingZoo warns, by design, that the mask of a seat not deciding is all zeros)
        warnings.filterwarnings("ignore", message=".*all zeros.*")
        api_test(env, num_cycles=2000)


@pytest.mark.parametrize("ruleset", ["classic", "pocket", "oceania"])
def test_pettingzoo_seed_test_passes(ruleset: str) -> None:
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*all zeros.*")
        seed_test(lambda: aec_env(ruleset, 3), num_cycles=300)


def _play_to_the_end(env: object, seed: int) -> dict[str, float]:
    env.reset(seed=seed)  # type: ignore[attr-defined]
    chooser = random.Random(seed)
    totals: dict[str, float] = {}
    for agent in env.agent_iter():  # type: ignore[attr-defined]
        obs, reward, terminated, truncated, _ = env.last()  # type: ignore[attr-defined]
        totals[agent] = totals.get(agent, 0.0) + reward
        if terminated or truncated:
            env.step(None)  # type: ignore[attr-defined]
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(chooser.choice(list(legal))))  # type: ignore[attr-defined]
    return totals


def test_the_rewards_come_at_the_end_one_per_winner() -> None:
    env = aec_env("classic", 3)
    totals = _play_to_the_end(env, 4)
    game = env.unwrapped.game
    winners = set(game.score().winners)
    for player in range(3):
        expected = (1.0 / len(winners) if len(winners) > 1 else 1.0) if player in winners else -1.0
        assert totals[f"player_{player}"] == expected


def test_the_score_reward_is_the_margin_over_the_best_other_seat() -> None:
    env = aec_env("pocket", 2, reward="score")
    totals = _play_to_the_end(env, 2)
    scores = [p.total for p in env.unwrapped.game.score().players]
    assert totals == {"player_0": scores[0] - scores[1], "player_1": scores[1] - scores[0]}


def test_the_agent_selected_is_whoever_decides() -> None:
    """Setup choices and powers answered on another's turn select their own decider."""
    env = raw_env("classic", 2)
    env.reset(seed=1)
    seen = set()
    while not env.game.is_over:
        pending = env.game.pending
        assert pending is not None and env.agent_selection == f"player_{pending.player}"
        seen.add((pending.player == env.game.current_player, pending.kind))
        mask = env.observe(env.agent_selection)["action_mask"]
        env.step(int(np.flatnonzero(mask)[0]))
    assert (False, "setup") in seen or any(not mine for mine, _ in seen)


def test_an_illegal_action_is_a_clear_error_naming_the_legal_ones() -> None:
    env = raw_env("classic", 2)
    env.reset(seed=3)
    mask = env.observe(env.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match=r"is not legal for player_\d now; the legal ones are \d+ \("):
        env.step(illegal)
    with pytest.raises(ValueError, match="action index must be 0 to"):
        env.step(10**6)


def test_the_wrapped_environment_follows_pettingzoos_convention_for_an_illegal_move() -> None:
    """PettingZoo's classic games: an illegal move ends the game, -1 for whoever made it."""
    env = aec_env("classic", 2)
    env.reset(seed=3)
    agent = env.agent_selection
    obs, *_ = env.last()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert all(env.terminations.values())
    assert env.rewards[agent] == -1


@pytest.mark.parametrize("bad", [{"ruleset": "chess"}, {"players": 9}, {"players": "2"}, {"options": {"no_such_option": 1}}, {"reward": "elo"}, {"render_mode": "rgb_array"}])
def test_a_bad_setting_is_a_clear_error(bad: dict[str, object]) -> None:
    with pytest.raises(ValueError) as caught:
        raw_env(**bad)  # type: ignore[arg-type]
    assert "Traceback" not in str(caught.value) and len(str(caught.value)) < 300


def test_render_shows_the_table_as_the_deciding_seat_sees_it() -> None:
    env = raw_env("pocket", 2, render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str) and "p0" in text


def _mask_of(game: Game, seat: int) -> list[int]:
    return action_mask(game).tolist() if game.pending is not None and game.pending.player == seat else []


def _twins(game: Game, seat: int) -> Game:
    """The same game with two cards swapped that ``seat`` cannot see."""
    twin = game.copy()
    st = twin.state
    if twin.ruleset == "pocket":
        # (cards below the food decks' tops: neither of their sides is shown)
        decks = [d for d in st.decks if len(d) >= 2]
        if len(decks) >= 2:
            decks[0][0], decks[1][0] = decks[1][0], decks[0][0]
        else:
            deep = next(d for d in st.decks if len(d) >= 3)
            deep[0], deep[1] = deep[1], deep[0]
    else:
        other = next(s for p, s in enumerate(st.seats) if p != seat and s.hand)
        other.hand[0], st.deck[0] = st.deck[0], other.hand[0]
    return twin


@pytest.mark.parametrize("ruleset", ["classic", "pocket", "oceania"])
def test_two_cards_the_seat_cannot_see_swapped_change_nothing_it_observes(ruleset: str) -> None:
    game = new_game(ruleset, 2, 7)
    encode = observer(game)
    chooser = random.Random(7)
    checked = 0
    while not game.is_over:
        if game.ruleset == "pocket" or any(s.hand for s in game.state.seats[1:]):
            twin = _twins(game, 0)
            assert twin.state != game.state
            assert np.array_equal(encode.encode(twin, 0), encode.encode(game, 0))
            assert _mask_of(twin, 0) == _mask_of(game, 0)
            checked += 1
        game.apply(chooser.choice(game.legal_actions()))
    assert checked > 20


def test_the_layout_is_documented_slice_by_slice() -> None:
    """docs/rl.md holds the table of every ruleset's slices (2 players), as the code makes it."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "rl.md").read_text()
    for ruleset in ("classic", "pocket", "oceania"):
        table = observer(new_game(ruleset, 2, 0)).layout.table()
        assert table in text, f"docs/rl.md does not hold the {ruleset} layout as the code makes it"
