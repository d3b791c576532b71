"""Chance a player cannot predict, and that a replay reproduces exactly.

The generator (``wingspan_rules.rng``) is a key hashed from the seed and a draw counter.  A
seed and a list of actions give the same game bit for bit; ``seed=None`` draws a fresh
128-bit seed; nothing a player is shown (``repr``, any view at any point) gives away the seed,
the key or the counter; the draws are spread evenly; and one bit of key changes the deal.
Pocket's advanced setup keeps each seat's sorting secret until everyone has sorted.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from wingspan_rules import Game, load, new_game, rng
from wingspan_rules.rng import Chance

RULESETS = ("pocket", "classic")


def random_actions(game: Game, chooser: random.Random, limit: int = 4000) -> Iterator[Game]:
    """Play random legal actions to the end, yielding the game after each one."""
    steps = 0
    while not game.is_over:
        game.apply(chooser.choice(game.legal_actions()))
        steps += 1
        assert steps < limit
        yield game


# ---- the same seed and actions give the same game --------------------------------------------


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("players", [2, 4])
def test_same_seed_and_actions_give_the_same_game(ruleset: str, players: int) -> None:
    seed = 2**127 + 12345
    game = new_game(ruleset, players, seed=seed)
    twin = new_game(ruleset, players, seed=seed)
    assert game.to_json() == twin.to_json()
    log = []
    for g in random_actions(game, random.Random(players)):
        log.append(g.pending)  # the decision reached after each action
    chooser = random.Random(players)
    while not twin.is_over:
        twin.apply(chooser.choice(twin.legal_actions()))
    assert twin.to_json() == game.to_json()
    assert load(game.to_json()).to_json() == game.to_json()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_no_seed_gives_a_fresh_128_bit_seed_and_different_games(ruleset: str) -> None:
    games = [new_game(ruleset, 3) for _ in range(6)]
    seeds = [g.seed for g in games]
    assert all(type(s) is int and 0 <= s < 2**rng.SEED_BITS for s in seeds)
    assert len(set(seeds)) == len(seeds)
    assert max(seeds).bit_length() > 64  # 6 draws of 128 bits: all below 2**64 has odds 2**-384
    states = {json.dumps(json.loads(g.to_json())["state"], sort_keys=True) for g in games}
    assert len(states) == len(games)  # different deals, not just different seeds
    # a game is reproduced from the seed it stored
    again = new_game(ruleset, 3, seed=games[0].seed)
    assert again.to_json() == games[0].to_json()


# ---- nothing shown gives the generator away ---------------------------------------------------


# names a generator field would go by in a view ("seed" is a food, so the seed is looked for by value)
SECRET_KEYS = {"rng", "key", "drawn", "chance", "generator", "random_seed"}


def _keys(value: Any) -> Iterator[str]:
    if isinstance(value, dict):
        for k, v in value.items():
            yield str(k)
            yield from _keys(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            yield from _keys(v)


def _secrets(game: Game) -> list[str]:
    """Texts that would give the generator away: the seed (decimal and hex) and the key."""
    seed = game.seed
    return [str(seed), format(seed, "x"), game.state.rng.key, game.state.rng.key[:16]]


def _with_rng(game: Game, chance: Chance) -> Game:
    """The same game with another generator state (only the generator differs)."""
    state = game.state.copy()
    state.rng = chance
    return Game(game.ruleset, game.players, game.seed, game.options, game.cards, state)


@pytest.mark.parametrize("ruleset", RULESETS)
@pytest.mark.parametrize("options", [{}, {"advanced": True}, {"public_hands": True}], ids=["plain", "advanced", "public"])
def test_no_view_shows_the_seed_the_key_or_the_counter(ruleset: str, options: dict[str, Any]) -> None:
    if ruleset == "pocket" and "public_hands" in options or ruleset == "classic" and "advanced" in options:
        options = {}
    game = new_game(ruleset, 3, options=options)  # a 128-bit seed: its text is unmistakable
    assert str(game.seed) not in repr(game) and format(game.seed, "x") not in repr(game)
    assert "seed" not in repr(game).lower()
    checked = 0
    for step, g in enumerate(random_actions(game, random.Random(5))):
        if step % 4:
            continue
        other = _with_rng(g, Chance(rng.seed_state(g.seed + 1).key, g.state.rng.drawn + 1000))
        for player in range(g.players):
            view = g.view(player)
            text = json.dumps(view)
            for secret in _secrets(g):
                assert secret not in text, (step, player)
            assert not SECRET_KEYS & set(_keys(view)), (step, player)
            # the view does not depend on the generator at all: another key and counter, same view
            assert other.view(player) == view
            checked += 1
        assert str(g.seed) not in repr(g)
    assert checked > 20


# ---- the draws are even and depend on every bit of the key -----------------------------------


@pytest.mark.parametrize("n", [2, 5, 6, 7, 170])
def test_draws_below_n_are_spread_evenly(n: int) -> None:
    draws = 6000 if n < 100 else 34000
    state = rng.seed_state(20240607 + n)
    counts: Counter[int] = Counter()
    for _ in range(draws):
        state, value = rng.below(state, n)
        assert 0 <= value < n
        counts[value] += 1
    assert state.drawn == draws
    expected = draws / n
    chi2 = sum((counts[v] - expected) ** 2 / expected for v in range(n))
    # the chi-square of n-1 degrees of freedom has mean n-1 and deviation sqrt(2(n-1)): a fair
    # generator stays far below this bound, a biased or stuck one goes far above it
    assert chi2 < (n - 1) + 8 * (2 * (n - 1)) ** 0.5 + 10, (n, chi2)
    assert len(counts) == n


def test_several_and_shuffle_are_even_too() -> None:
    state = rng.seed_state(99)
    counts: Counter[int] = Counter()
    for _ in range(1000):
        state, values = rng.several(state, 6, 5)
        counts.update(values)
    chi2 = sum((counts[v] - 5000 / 6) ** 2 / (5000 / 6) for v in range(6))
    assert chi2 < 40
    firsts: Counter[int] = Counter()
    for _ in range(4000):
        items = list(range(4))
        state = rng.shuffle(state, items)
        assert sorted(items) == [0, 1, 2, 3]
        firsts[items[0]] += 1
    chi2 = sum((firsts[v] - 1000) ** 2 / 1000 for v in range(4))
    assert chi2 < 35


def _flip(key: str, bit: int) -> str:
    value = int(key, 16) ^ (1 << bit)
    return format(value, f"0{len(key)}x")


def test_one_bit_of_key_changes_the_deal() -> None:
    base = rng.seed_state(7)
    deck = list(range(170))
    dealt = deck[:]
    rng.shuffle(base, dealt)
    for bit in (0, 1, 7, 63, 64, 128, 200, 255):
        flipped = Chance(_flip(base.key, bit), base.drawn)
        assert rng.valid(flipped)
        other = deck[:]
        rng.shuffle(flipped, other)
        assert other != dealt, bit
        # not a shifted copy either: most cards move
        assert sum(a != b for a, b in zip(other, dealt, strict=True)) > len(deck) // 2, bit
        assert rng.several(flipped, 6, 8)[1] != rng.several(base, 6, 8)[1]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_one_bit_of_seed_changes_the_deal(ruleset: str) -> None:
    seed = 2**100 + 3
    game = new_game(ruleset, 2, seed=seed)
    for bit in (0, 1, 50, 100):
        other = new_game(ruleset, 2, seed=seed ^ (1 << bit))
        assert other.state.rng.key != game.state.rng.key
        hands = [sorted(s.dealt) if ruleset == "classic" else sorted(s.hand + s.food_cards) for s in game.state.seats]
        others = [sorted(s.dealt) if ruleset == "classic" else sorted(s.hand + s.food_cards) for s in other.state.seats]
        assert hands != others, bit


def test_the_counter_advances_with_each_draw_and_never_repeats_a_key_stream() -> None:
    state = rng.seed_state(1)
    seen = set()
    for i in range(50):
        assert state.drawn == i
        state, value = rng.below(state, 2**40)
        seen.add(value)
    assert len(seen) == 50
    assert attrs.evolve(state, drawn=0) == rng.seed_state(1)


# ---- setup choices stay secret until everyone has chosen --------------------------------------


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("seed", [1, 2])
def test_pocket_advanced_setup_hides_earlier_choices(players: int, seed: int) -> None:
    game = new_game("pocket", players, seed=seed, options={"advanced": True})
    chooser = random.Random(seed)
    hidden_seen = 0
    while any(s.dealt for s in game.state.seats):
        pending = game.pending
        assert pending is not None
        chooser_seat = pending.player
        view = game.view(chooser_seat)
        for p, seat in enumerate(game.state.seats):
            if p == chooser_seat:
                continue
            shown = view["players"][p]
            assert shown["reserve_birds"] is None and shown["reserve_food"] is None, (p, chooser_seat)
            if not seat.dealt:  # this seat has chosen already
                hidden_seen += 1
        game.apply(chooser.choice(game.legal_actions()))
    assert hidden_seen > 0  # a later seat chose while an earlier one had already chosen
    for viewer in range(players):
        view = game.view(viewer)
        for p, seat in enumerate(game.state.seats):
            shown = view["players"][p]
            names = sorted(game.cards.cards[c].name for c in seat.hand)
            assert shown["reserve_birds"] == names
            assert shown["reserve_food"] == sorted(game.cards.cards[c].food_kind for c in seat.food_cards)


@pytest.mark.parametrize("players", [2, 4])
def test_classic_setup_hides_earlier_choices(players: int) -> None:
    game = new_game("classic", players, seed=players)
    chooser = random.Random(players)
    while any(s.dealt or s.dealt_bonus for s in game.state.seats):
        pending = game.pending
        assert pending is not None
        view = game.view(pending.player)
        for p in range(players):
            if p != pending.player:
                shown = view["players"][p]
                assert shown["hand"] is None and shown["food"] is None
                assert shown.get("dealt") is None and shown.get("dealt_bonus") is None
        game.apply(chooser.choice(game.legal_actions()))
    view = game.view(0)
    assert all(isinstance(view["players"][p]["food"], dict) for p in range(players))
