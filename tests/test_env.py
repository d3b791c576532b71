"""The PettingZoo environment (``wingspan_rules.env``), checked by PettingZoo's own tests and
for what a seat may see: two cards the seat cannot see, swapped, change nothing it observes."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test  # (the [rl] extra: the README's test command installs it)
from view_encoding import encode_from_view

from wingspan_rules import Action, Game, new_game
from wingspan_rules.env import aec_env, observer, raw_env
from wingspan_rules.env.encoding import Masker, action_mask

SETTINGS = [(ruleset, players) for ruleset in ("classic", "pocket", "oceania") for players in (2, 3, 4, 5)]


@pytest.mark.parametrize(("ruleset", "players"), SETTINGS)
def test_pettingzoo_api_test_passes(ruleset: str, players: int) -> None:
    env = aec_env(ruleset, players)
    with warnings.catch_warnings():
        # (PettingZoo warns, by design, that the mask of a seat not deciding is all zeros)
        warnings.filterwarnings("ignore", message=".*all zeros.*")
        api_test(env, num_cycles=2000)


def test_pettingzoos_own_wrappers_still_wrap_it() -> None:
    """A trainer may wrap the environment in PettingZoo's wrappers as it wraps the classic games."""
    from pettingzoo.utils import wrappers

    env = wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(wrappers.TerminateIllegalWrapper(raw_env("pocket", 3), illegal_reward=-1)))
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message=".*all zeros.*")
        api_test(env, num_cycles=300)
    env.reset(seed=1)
    obs, *_ = env.last()
    agent = env.agent_selection
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))  # (the wrapper's convention, before the environment's error)
    assert env.rewards[agent] == -1 and all(env.terminations.values())


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
    for bad in (10**6, -1, "3", 2.5, True):
        with pytest.raises(ValueError, match="action index must be an integer 0 to"):
            env.step(bad)  # type: ignore[arg-type]
    assert not env.game.is_over and env.game.state.steps == 0  # (nothing was played)


def test_the_environment_follows_pettingzoos_convention_for_an_illegal_move(caplog: pytest.LogCaptureFixture) -> None:
    """PettingZoo's classic games (its TerminateIllegalWrapper): an illegal move ends the game,
    -1 for whoever made it, 0 for the others; every agent then takes its dead step."""
    env = aec_env("classic", 2)
    env.reset(seed=3)
    agent = env.agent_selection
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"] == 0)[0]))
    assert "Illegal move made" in caplog.text  # (PettingZoo's own warning, through its logger)
    assert all(env.terminations.values()) and all(env.truncations.values())
    assert env.rewards == {agent: -1.0, next(a for a in env.agents if a != agent): 0.0}
    assert "is not legal" in env.infos[agent]["illegal_action"]
    assert not env.observe(agent)["action_mask"].any()
    rewards = {}
    for dead in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
        rewards[dead] = reward
        env.step(None)
    assert rewards[agent] == -1.0 and not env.agents


def test_the_calls_must_come_after_reset_as_pettingzoos_order_wrapper_asks() -> None:
    env = aec_env("pocket", 2)
    for call in (lambda: env.step(0), lambda: env.observe("player_0"), env.render):
        with pytest.raises(AssertionError, match="reset\\(\\) needs to be called before"):
            call()
    with pytest.raises(AttributeError, match="agent_selection cannot be accessed before reset"):
        env.agent_selection  # noqa: B018
    with pytest.raises(AttributeError, match="no attribute 'no_such_thing'"):
        env.no_such_thing  # type: ignore[attr-defined]  # noqa: B018


def test_a_mask_handed_out_is_the_agents_own() -> None:
    env = aec_env("classic", 2)
    env.reset(seed=0)
    first = env.observe(env.agent_selection)["action_mask"]
    first[:] = 0
    assert env.observe(env.agent_selection)["action_mask"].any()


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


ENCODED = [
    ("classic", 2, None), ("classic", 3, {"public_hands": True}), ("classic", 5, None), ("pocket", 2, None),
    ("pocket", 3, {"advanced": True}), ("pocket", 5, None), ("oceania", 2, None), ("oceania", 4, None),
]  # fmt: skip


@pytest.mark.parametrize(("ruleset", "players", "options"), ENCODED)
def test_the_observation_is_the_seats_view_value_for_value(ruleset: str, players: int, options: dict[str, object] | None) -> None:
    """The encoder reads the state straight; filled from ``Game.view`` alone, the vector is the
    same, for every seat at every step of random games (setup and the end included)."""
    for seed in range(3):
        game = new_game(ruleset, players, seed, options, events=False)
        encode = observer(game)
        chooser = random.Random(seed)
        while True:
            for seat in range(players):
                fast, slow = encode.encode(game, seat), encode_from_view(encode, game, seat)
                if not np.array_equal(fast, slow):
                    differ = [s.name for s in encode.layout.slices if not np.array_equal(fast[s.start : s.start + s.size], slow[s.start : s.start + s.size])]
                    raise AssertionError(f"seed {seed}, seat {seat}, step {game.state.steps}: the slices {differ} differ from the view's")
            if game.is_over:
                break
            game.apply(chooser.choice(game.legal_actions()))


def test_encode_into_fills_a_vector_of_the_callers() -> None:
    game = new_game("classic", 3, 1)
    encode = observer(game)
    out = np.full(encode.layout.size, 7.0, dtype=np.float32)
    encode.encode_into(out, game, 1)
    assert np.array_equal(out, encode.encode(game, 1))


def test_a_mask_has_a_1_exactly_for_each_legal_action() -> None:
    game = new_game("oceania", 2, 3)
    masks = Masker(game)
    for _ in range(30):
        mask = masks.mask(game.legal_actions())
        assert mask.dtype == np.int8 and mask.shape == (len(game.action_space()),)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(game.action_index(a) for a in game.legal_actions())
        game.apply(game.legal_actions()[-1])
    with pytest.raises(ValueError, match="is not an action of this game's deck"):
        masks.mask([Action("play", "No Such Bird")])


def test_the_layout_is_documented_slice_by_slice() -> None:
    """docs/rl.md holds the table of every ruleset's slices (2 players), as the code makes it."""
    from pathlib import Path

    text = (Path(__file__).parent.parent / "docs" / "rl.md").read_text()
    for ruleset in ("classic", "pocket", "oceania"):
        table = observer(new_game(ruleset, 2, 0)).layout.table()
        assert table in text, f"docs/rl.md does not hold the {ruleset} layout as the code makes it"
