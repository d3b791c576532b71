"""Random classic playouts through the public API: invariants checked at every step.

By default 26 seeds for each of 2, 3, 4 and 5 players on each goal-board side (208 games).
WINGSPAN_SOAK_SEEDS sets the number of seeds per configuration (e.g. 500 for a soak run).
The variants (public_hands, swift_start, draw_no_mixing) are spread over the seeds.
The costly checks (an illegal action refused without change, the save/load round trip, the
views) run every few steps, at a different offset in each game, and always at the end.
The loop and the checks common to every ruleset are the harness of playouts.py; this file gives
classic's and Oceania's oracles.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from playouts import Checks, play_out, walk
from scripted import FOODS, HABITATS

import wingspan_rules
from wingspan_rules import Action, Game
from wingspan_rules.classic.validate import all_birds, all_bonus

SEEDS = int(os.environ.get("WINGSPAN_SOAK_SEEDS", "26"))
CONFIGS = [(players, side) for players in (2, 3, 4, 5) for side in ("green", "blue")]
TURNS = (8, 7, 6, 5)  # action cubes per round
EVERY = 3  # the costly checks run every EVERY steps
GREEN = ((4, 1, 0), (5, 2, 1), (6, 3, 2), (7, 4, 3))


def options_for(seed: int, side: str) -> dict[str, Any]:
    return {
        "goal_side": side,
        "public_hands": seed % 3 == 1,
        "swift_start": seed % 4 == 2,
        "draw_no_mixing": seed % 5 == 3,
    }


def cases() -> Iterator[Any]:
    for players, side in CONFIGS:
        for seed in range(SEEDS):
            yield pytest.param("classic", players, side, seed, id=f"{players}p-{side}-seed{seed}")
        for seed in range(max(SEEDS // 4, 1)):  # the Oceania ruleset: the same checks, fewer games
            yield pytest.param("oceania", players, side, seed, id=f"oceania-{players}p-{side}-seed{seed}")


def nectar_oracle(spent: list[int]) -> list[int]:
    """5 for most, 2 for second (at least 1 nectar); ties share the places they cover and use them."""
    out = [0] * len(spent)
    places = [5, 2]
    levels = sorted({n for n in spent if n > 0}, reverse=True)
    used = 0
    for level in levels:
        tied = [p for p, n in enumerate(spent) if n == level]
        share = sum(places[used:used + len(tied)]) // len(tied)
        for p in tied:
            out[p] = share
        used += len(tied)
    return out


# ---- independent oracles ---------------------------------------------------------------------

NESTED = {
    "Bowl-nest birds with eggs": "bowl", "Cavity-nest birds with eggs": "cavity",
    "Ground-nest birds with eggs": "ground", "Platform-nest birds with eggs": "platform",
}
NEST_EGGS = {
    "Eggs in bowl nests": "bowl", "Eggs in cavity nests": "cavity",
    "Eggs in ground nests": "ground", "Eggs in platform nests": "platform",
}


ICON_SIDES = {
    "Fruit and seed in food costs": ("fruit", "seed"), "Invertebrates in food costs": ("invertebrate",),
    "Rodent and fish in food costs": ("rodent", "fish"),
}


def goal_count(game: Game, player: int, side: str, plays: int = 0) -> int:
    """What a goal side counts, written from the goal names (not from the goal file); ``plays``:
    the player's play-a-bird actions of the round (their cubes are gone once it has ended)."""
    rows = game.state.seats[player].rows
    cards = game.cards.cards
    slots = [s for row in rows for s in row]
    # the Oceania sides (003's appendix)
    if side == "Cubes on play a bird":
        return plays
    if side == "Birds worth 3 or fewer points":
        return sum(1 for s in slots if cards[s.card].points <= 3)
    if side.startswith("Beak pointing "):
        way = side.split()[-1]
        return sum(1 for s in slots if cards[s.card].beak in (way, "both"))
    if side in ICON_SIDES:
        foods = [FOODS.index(f) for f in ICON_SIDES[side]]
        return sum((1 if any(cards[s.card].cost[f] for f in foods) else 0) if cards[s.card].cost_alternative
                   else sum(cards[s.card].cost[f] for f in foods) for s in slots)
    if side == "No goal":
        return 0
    for h, habitat in enumerate(HABITATS):
        if side == f"Birds in {habitat}":
            return len(rows[h])
        if side == f"Eggs in {habitat}":
            return sum(s.eggs for s in rows[h])
    if side in NESTED:
        return sum(1 for s in slots if s.eggs and cards[s.card].nest in (NESTED[side], "wild"))
    if side in NEST_EGGS:
        return sum(s.eggs for s in slots if cards[s.card].nest in (NEST_EGGS[side], "wild"))
    if side == "Egg sets across habitats":
        return min(sum(s.eggs for s in row) for row in rows)
    assert side == "Total birds", side
    return len(slots)


def goal_points(counts: list[int], round_index: int, side: str) -> list[int]:
    """The goal board: blue 1 per item up to 5; green by place, ties sharing the places they cover."""
    if side == "blue":
        return [min(c, 5) for c in counts]
    table = GREEN[round_index]
    out = []
    for c in counts:
        if c == 0:
            out.append(0)
            continue
        above = sum(1 for d in counts if d > c)
        tied = counts.count(c)
        places = [table[k] if k < 3 else 0 for k in range(above, above + tied)]
        out.append(sum(places) // tied)
    return out


def side_name(game: Game, round_index: int) -> str:
    tile, side = game.state.goals[round_index].goal, game.state.goals[round_index].side
    return game.cards.goals[tile].sides[side].name


def check_score(game: Game) -> None:
    sheet = game.score()
    st = game.state
    cards = game.cards.cards
    assert [p.player for p in sheet.players] == list(range(game.players))
    for p, (mine, seat) in enumerate(zip(sheet.players, st.seats, strict=True)):
        slots = [s for row in seat.rows for s in row]
        expected = {
            "birds": sum(cards[s.card].points for s in slots),
            "eggs": sum(s.eggs for s in slots),
            "tucked": sum(len(s.tucked) for s in slots),
            "cached": sum(sum(s.cached) for s in slots),
            "goals": sum(r[p] for r in st.goal_points),
            "nectar": sum(nectar_oracle([s.spent_nectar[h] for s in st.seats])[p] for h in range(3)) if game.ruleset == "oceania" else 0,
        }
        got = mine.breakdown()
        assert mine.bonus >= 0
        assert {k: got[k] for k in expected} == expected, f"player {p}"
        assert mine.total == sum(got.values()) == sheet.to_dict()["players"][p]["total"]
        assert mine.goal_detail == tuple(r[p] for r in st.goal_points)
        assert mine.tiebreak == sum(seat.food)
    best = max((p.total, p.tiebreak) for p in sheet.players)
    assert sheet.winners == tuple(p.player for p in sheet.players if (p.total, p.tiebreak) == best)


def check_table(game: Game, birds: list[int], bonus: list[int]) -> None:
    """Every bird card and bonus card in exactly one place; eggs within every limit."""
    st = game.state
    assert sorted(all_birds(st)) == birds, "bird cards were lost or duplicated"
    assert sorted(all_bonus(st)) == bonus, "bonus cards were lost or duplicated"
    assert 1 <= len(st.feeder) <= 5, "the feeder is refilled as soon as it empties"
    assert len(st.tray) == 3
    for seat in st.seats:
        assert all(n >= 0 for n in seat.food)
        assert len(seat.rows) == 3 and all(len(row) <= 5 for row in seat.rows)
        for row in seat.rows:
            for s in row:
                assert 0 <= s.eggs <= game.cards.cards[s.card].egg_limit, "an egg limit was broken"
                assert all(n >= 0 for n in s.cached)


# ---- hidden information ------------------------------------------------------------------------


def hidden(game: Game, viewer: int) -> tuple[set[str], set[str]]:
    """(bird names, bonus names) the viewer may not see."""
    st = game.state
    cards = game.cards.cards
    public = game.options["public_hands"]
    birds = list(st.deck) + list(st.discard)
    bonus = list(st.bonus_deck) + list(st.bonus_discard)
    for i, seat in enumerate(st.seats):
        birds += [c for row in seat.rows for s in row for c in s.tucked]
        if i != viewer:
            birds += seat.dealt + ([] if public else seat.hand)
            bonus += seat.bonus + seat.dealt_bonus
    shown = {f.card for f in st.stack if f.kind == "classic-pay"}  # a bird being played is shown to all
    return {cards[c].name for c in birds if c not in shown}, {game.cards.bonuses[b].name for b in bonus}


def check_views(game: Game, rng: random.Random, viewers: Sequence[int]) -> None:
    st = game.state
    for viewer in viewers:
        view = game.view(viewer)
        text = json.dumps(view)
        assert json.loads(text) == view, "a view is plain JSON data"
        keys: list[str] = []
        strings: list[str] = []
        walk(view, keys, strings)
        assert not {"rng", "stack", "deck", "bonus_deck"} & set(keys)  # ("seed" is a food here)
        birds, bonus = hidden(game, viewer)
        leaked = (birds | bonus) & set(strings)
        assert not leaked, f"player {viewer} can see hidden cards: {sorted(leaked)}"
        for i, seat in enumerate(view["players"]):
            if i != viewer:
                assert isinstance(seat["bonus"], int)
                # during setup another player's hand size and food are hidden (None)
                in_setup = any(f.kind == "classic-setup" for f in st.stack)
                if in_setup:
                    assert seat["hand"] is None and seat["food"] is None
                else:
                    assert isinstance(seat["hand"], int)
                    assert isinstance(seat["open_hand"], list) if game.options["public_hands"] else seat["open_hand"] is None
                assert in_setup or seat["food"] is not None
        # changing what is hidden (deck order, the generator, which cards another player
        # holds or keeps as bonus cards) changes nothing in the view
        other = game.copy()
        ost = other.state
        ost.rng = wingspan_rules.rng.seed_state(rng.randrange(1 << 64))
        rng.shuffle(ost.deck)
        rng.shuffle(ost.bonus_deck)
        for i, seat in enumerate(ost.seats):
            if i == viewer:
                continue
            if seat.hand and ost.deck and not game.options["public_hands"]:
                k, j = rng.randrange(len(seat.hand)), rng.randrange(len(ost.deck))
                seat.hand[k], ost.deck[j] = ost.deck[j], seat.hand[k]
            if seat.bonus and ost.bonus_deck:
                k, j = rng.randrange(len(seat.bonus)), rng.randrange(len(ost.bonus_deck))
                seat.bonus[k], ost.bonus_deck[j] = ost.bonus_deck[j], seat.bonus[k]
        assert other.view(viewer) == view, "a view depends on hidden information"


# ---- illegal actions ----------------------------------------------------------------------------


def an_illegal_action(game: Game, legal: list[Action], rng: random.Random) -> Action:
    names = [c.name for c in game.cards.cards]
    bonus = [b.name for b in game.cards.bonuses]
    pool = [
        Action(rng.choice(["play-forest", "play-grassland", "play-wetland"]), rng.choice(names)),
        Action("keep", rng.choice(names)),
        Action("return", rng.choice(FOODS)),
        Action("keep-bonus", rng.choice(bonus)),
        Action("take", rng.choice(FOODS)),
        Action("egg", rng.choice(names)),
        Action("take-bird", rng.choice(names)),
        Action("pay", rng.choice(FOODS)),
        Action("pay-egg", rng.choice(names)),
        Action("discard", rng.choice(names)),
        Action("discard-egg", rng.choice(names)),
        Action("discard-bonus", rng.choice(bonus)),
        Action("tuck", rng.choice(names)),
        Action("repeat", rng.choice(names)),
        Action("move", rng.choice(HABITATS)),
        Action("give", rng.choice(FOODS)),
        Action("part", rng.choice([1, 2, 9])),
        Action("first", rng.choice(["p0", "p4", "p9"])),
        Action("gain-food"),
        Action("lay-eggs"),
        Action("draw-cards"),
        Action("take-deck"),
        Action("reroll"),
        Action("cache"),
        Action("keep-food"),
        Action("paid"),
        Action("done"),
        Action("stop"),
        Action("skip"),
        Action("use"),
    ]
    return rng.choice([a for a in pool if a not in legal])


def choose(game: Game, legal: list[Action], rng: random.Random) -> Action:
    """A random answer, leaning towards playing birds and using powers so that they are seen."""
    kind = game.pending.kind if game.pending is not None else None
    if kind == "action":
        plays = [a for a in legal if a.verb.startswith("play-")]
        if plays and rng.random() < 0.6:
            return rng.choice(plays)
    if kind == "power" and Action("use") in legal and rng.random() < 0.85:
        return Action("use")
    return rng.choice(legal)


# ---- the playout ---------------------------------------------------------------------------------


class ClassicChecks(Checks):
    """Classic's and Oceania's oracles for the harness of playouts.py: the cards conserved, the
    goal of each round recounted from the mats, 8, 7, 6, 5 turns, Oceania's nectar."""

    every = EVERY
    max_steps = 6000

    def __init__(self, side: str):
        self.side = side

    def begin(self, game: Game) -> None:
        options = game.options
        players = game.players
        self.birds = sorted(all_birds(game.state))
        self.bonus = sorted(all_bonus(game.state))
        assert self.bonus == list(range(len(game.cards.bonuses)))
        assert self.birds == [c.id for c in game.cards.cards if options["swift_start"] or not c.swift_start]
        self.turns = [0] * players
        self.plays = [0] * players  # play-a-bird actions of the round, per player
        self.rounds_seen = 0
        # (an Oceania seat keeps spent nectar; a classic seat has no such field)
        self.spent_before = [seat.spent_nectar[:] for seat in game.state.seats] if game.ruleset == "oceania" else []

    def table(self, game: Game) -> None:
        check_table(game, self.birds, self.bonus)

    def views(self, game: Game, rng: random.Random, viewers: Sequence[int]) -> None:
        check_views(game, rng, viewers)

    def illegal(self, game: Game, legal: list[Action], rng: random.Random) -> Action:
        return an_illegal_action(game, legal, rng)

    def choose(self, game: Game, legal: list[Action], rng: random.Random) -> Action:
        return choose(game, legal, rng)

    def before(self, game: Game, action: Action) -> None:
        pending = game.pending
        assert pending is not None
        if pending.kind == "action":
            self.turns[pending.player] += 1
            if action.verb.startswith(("play-", "replace-")):
                self.plays[pending.player] += 1
        self.round_before = game.state.round

    def after(self, game: Game) -> None:
        st = game.state
        players = game.players
        if st.round != self.round_before:  # (an Oceania game ends later, after its game-end powers)
            # the goal of the round just ended, recounted from the mats as they stand
            r = self.rounds_seen
            self.rounds_seen += 1
            assert len(st.goal_points) == self.rounds_seen and st.round == self.rounds_seen
            counts = [goal_count(game, p, side_name(game, r), self.plays[p]) for p in range(players)]
            self.plays = [0] * players
            assert st.goal_points[r] == goal_points(counts, r, self.side), (r, counts)
            # 8, 7, 6, 5 turns, and one more in each round after an Oceania 'no goal' round
            extra = [sum(side_name(game, q) == "No goal" for q in range(k)) for k in range(r + 1)]
            assert self.turns == [sum(TURNS[k] + extra[k] for k in range(r + 1))] * players, "every player gets 8, 7, 6, 5 turns"
            assert all(seat.cubes_used == 0 for seat in st.seats) or st.over
            if game.ruleset == "oceania":  # unspent nectar is gone before the goal is scored
                assert all(seat.food[5] == 0 for seat in st.seats)
        if game.ruleset == "oceania":
            for seat, was in zip(st.seats, self.spent_before, strict=True):
                assert all(a >= b for a, b in zip(seat.spent_nectar, was, strict=True)), "spent nectar stays"
                assert sum(seat.cubes) == seat.cubes_used
            self.spent_before = [seat.spent_nectar[:] for seat in st.seats]

    def end(self, game: Game) -> None:
        # after round 4
        assert self.rounds_seen == 4 and game.state.round == 4

    def score(self, game: Game) -> None:
        check_score(game)


@pytest.mark.soak
@pytest.mark.parametrize(("ruleset", "players", "side", "seed"), list(cases()))
def test_classic_random_playout_invariants(ruleset: str, players: int, side: str, seed: int) -> None:
    play_out(ClassicChecks(side), ruleset, players, seed, options_for(seed, side))
