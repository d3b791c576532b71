"""Random playouts: invariants checked at every step of many seeded Pocket games.

By default 34 seeds for each of 2, 3 and 5 players, basic and advanced (204 games).
WINGSPAN_SOAK_SEEDS sets the number of seeds per configuration (e.g. 1000 for a soak run).
Rule variants (supply_reset, copy_brown_from) are spread over the seeds.
The loop and the checks common to every ruleset are the harness of playouts.py; this file gives
Pocket's oracles (the cards, the score, what a view may show) and every check runs at every step.
"""

from __future__ import annotations

import json
import os
import random
from collections import Counter
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from playouts import Checks, play_out, walk

import wingspan_rules
from wingspan_rules import Action, Game
from wingspan_rules.dsl import ast
from wingspan_rules.pocket.validate import all_cards

SEEDS = int(os.environ.get("WINGSPAN_SOAK_SEEDS", "34"))
CONFIGS = [(players, advanced) for players in (2, 3, 5) for advanced in (False, True)]
MAX_TURNS = 150
NEST_LIMIT = 3
SUPPLY_RESETS = ("food", "birds", "off")


def options_for(seed: int, advanced: bool) -> dict[str, Any]:
    return {
        "advanced": advanced,
        "supply_reset": SUPPLY_RESETS[seed % 3],
        "copy_brown_from": "any" if seed % 4 == 3 else "others",
    }


def cases() -> Iterator[Any]:
    for players, advanced in CONFIGS:
        for seed in range(SEEDS):
            label = f"{players}p-{'advanced' if advanced else 'basic'}-seed{seed}"
            yield pytest.param(players, advanced, seed, id=label)


# ---- independent oracles ---------------------------------------------------------------------


def _passes(card: wingspan_rules.Card, preds: tuple[ast.Predicate, ...]) -> bool:
    """Goal side conditions evaluated straight from the card text's syntax tree."""
    bird = card.definition.bird
    numbers = {
        "wingspan": bird.wingspan,
        "points": bird.points,
        "egg_limit": bird.egg_limit,
        "food_cost": len(bird.cost.foods) + bird.cost.any_food,
    }
    for pred in preds:
        if isinstance(pred, ast.Costing) and pred.food not in bird.cost.foods:
            return False
        if isinstance(pred, ast.Compare):
            have, value = numbers[pred.attribute], pred.value
            ok = {"<": have < value, "<=": have <= value, ">": have > value, ">=": have >= value, "=": have == value}
            if not ok[pred.op]:
                return False
        if isinstance(pred, ast.HasColour) and (bird.colour if bird.power is not None else None) != pred.colour:
            return False
    return True


def check_score(game: Game) -> None:
    sheet = game.score()
    st = game.state
    cards = game.cards.cards
    assert [p.player for p in sheet.players] == list(range(game.players))
    for i, (mine, seat) in enumerate(zip(sheet.players, st.seats, strict=True)):
        goals = []
        for pick in st.goals:
            preds = game.cards.goals[pick.goal].sides[pick.side].definition.birds.predicates
            goals.append(sum(b.eggs for b in seat.flock if _passes(cards[b.card], preds)))
        expected = {
            "birds": sum(cards[b.card].points for b in seat.flock),
            "eggs": seat.nest_eggs + sum(b.eggs for b in seat.flock),
            "tucked": sum(len(b.tucked) for b in seat.flock),
            "cached": 0,
            "bonus": 0,
            "goals": sum(goals),
            "nectar": 0,
        }
        assert mine.breakdown() == expected, f"player {i}"
        assert mine.goal_detail == tuple(goals)
        assert mine.total == sum(mine.breakdown().values())
        assert mine.tiebreak == len(seat.food_cards) + len(seat.hand)
        row = sheet.to_dict()["players"][i]
        assert row["total"] == mine.total and {k: row[k] for k in expected} == expected
    best = max((p.total, p.tiebreak) for p in sheet.players)
    assert sheet.winners == tuple(p.player for p in sheet.players if (p.total, p.tiebreak) == best)


def check_table(game: Game, card_count: int) -> None:
    """Every card in exactly one place; eggs within every limit."""
    st = game.state
    assert sorted(all_cards(st)) == list(range(card_count)), "cards were lost or duplicated"
    for seat in st.seats:
        assert 0 <= seat.nest_eggs <= NEST_LIMIT
        assert len(seat.flock) <= 6  # the sixth bird ends the game before its owner plays again
        for bird in seat.flock:
            assert 0 <= bird.eggs <= game.cards.cards[bird.card].egg_limit


# ---- hidden information ------------------------------------------------------------------------


def hidden_names(game: Game, viewer: int) -> set[str]:
    """Bird names of cards whose bird side the viewer cannot see."""
    st = game.state
    cards = game.cards.cards
    hidden = [c for deck in st.decks for c in deck] + list(st.discard)
    in_setup = any(seat.dealt for seat in st.seats)
    for i, seat in enumerate(st.seats):
        hidden += seat.food_cards + [c for b in seat.flock for c in b.tucked]
        if i != viewer:
            hidden += seat.dealt
            if in_setup:  # how another seat sorted its cards stays hidden until all have
                hidden += seat.hand
    return {cards[c].name for c in hidden}


def visible_food_sides(game: Game, viewer: int) -> Counter[str]:
    st = game.state
    cards = game.cards.cards
    up = [deck[-1] for deck in st.decks if deck] + st.discard[-1:]
    in_setup = any(seat.dealt for seat in st.seats)
    for i, seat in enumerate(st.seats):
        if i == viewer or not in_setup:
            up += seat.food_cards
    up += st.seats[viewer].dealt
    return Counter(cards[c].food_kind for c in up)


def check_views(game: Game, rng: random.Random, viewers: Sequence[int]) -> None:
    st = game.state
    kinds = {c.food_kind for c in game.cards.cards}
    for viewer in viewers:
        view = game.view(viewer)
        text = json.dumps(view)
        assert json.loads(text) == view, "a view is plain JSON data"
        keys: list[str] = []
        strings: list[str] = []
        walk(view, keys, strings)
        # ("seed" is a food side too: the keys of the food held are left out of this test)
        food_keys = Counter(k for seat in view["players"] for k in (seat["food"] or {}))
        assert not {"rng", "stack"} & set(keys) and "seed" not in Counter(keys) - food_keys
        assert st.rng.key not in text
        leaked = hidden_names(game, viewer) & set(strings)
        assert not leaked, f"player {viewer} can see hidden bird sides: {sorted(leaked)}"
        # food sides appear exactly where they face up: reserves, deck tops, the discard top, own dealt cards
        shown = Counter(x for x in strings if x in kinds)
        assert shown == visible_food_sides(game, viewer), "a view shows a food side that faces down"
        for seat in view["players"]:
            assert all(set(b) == {"bird", "eggs", "tucked", "cached", "cached_cards"} and isinstance(b["tucked"], int) for b in seat["flock"])
            assert seat["rows"] == {"flock": seat["flock"]}
        # Changing what is hidden (deck order below the tops, the discard pile below its top,
        # which card is tucked or sits in another player's reserve, the generator) changes nothing.
        other = game.copy()
        ost = other.state
        ost.rng = wingspan_rules.rng.seed_state(rng.randrange(1 << 64))
        for deck in ost.decks:
            below = deck[:-1]
            rng.shuffle(below)
            deck[:-1] = below
        below = ost.discard[:-1]
        rng.shuffle(below)
        ost.discard[:-1] = below
        _swap_hidden_same_kind(game, other, viewer, rng)
        assert other.view(viewer) == view, "a view depends on hidden information"


def _swap_hidden_same_kind(game: Game, other: Game, viewer: int, rng: random.Random) -> None:
    """Swap a card in a deck (below the top) with a tucked card or a card in another player's
    food reserve showing the same food side: nothing the viewer sees changes."""
    cards = game.cards.cards
    ost = other.state
    slots: list[tuple[list[int], int]] = []
    for i, seat in enumerate(ost.seats):
        slots += [(b.tucked, k) for b in seat.flock for k in range(len(b.tucked))]
        if i != viewer:
            slots += [(seat.food_cards, k) for k in range(len(seat.food_cards))]
    if not slots:
        return
    holder, k = rng.choice(slots)
    kind = cards[holder[k]].food_kind
    for deck in ost.decks:
        for j in range(len(deck) - 1):
            if cards[deck[j]].food_kind == kind:
                holder[k], deck[j] = deck[j], holder[k]
                return


# ---- illegal actions ----------------------------------------------------------------------------


def an_illegal_action(game: Game, legal: list[Action], rng: random.Random) -> Action:
    names = list(game.cards.by_name)
    kinds = sorted({c.food_kind for c in game.cards.cards})
    pool = [
        Action("take-food", rng.choice([0, 5, 99])),
        Action("play", rng.choice(names)),
        Action("keep-bird", rng.choice(names)),
        Action("take-bird", rng.choice(names)),
        Action("egg", rng.choice(names + ["nest"])),
        Action("pay", rng.choice(kinds)),
        Action("pay-egg", rng.choice(names + ["nest"])),
        Action("tuck", rng.choice(names + kinds)),
        Action("discard", rng.choice(names + kinds)),
        Action("discard-egg", rng.choice(names + ["nest"])),
        Action("copy", rng.choice(names)),
        Action("clear-supply", rng.choice(kinds)),
        Action("part", rng.choice([1, 2, 9])),
        Action("hunt", rng.choice([1, 4, 7])),
        Action("deck", rng.choice([1, 3, 8])),
        Action("first", rng.choice(["p0", "p4", "p9"])),
        Action("draw-cards"),
        Action("lay-eggs"),
        Action("paid"),
        Action("stop"),
        Action("skip"),
        Action("use"),
    ]
    choices = [a for a in pool if a not in legal]
    return rng.choice(choices)


# ---- the playout ---------------------------------------------------------------------------------


class PocketChecks(Checks):
    """Pocket's oracles for the harness of playouts.py: every check at every step."""

    every = 1

    def begin(self, game: Game) -> None:
        self.card_count = len(game.cards.cards)

    def table(self, game: Game) -> None:
        check_table(game, self.card_count)
        for seat in game.state.seats:
            assert seat.turns <= MAX_TURNS

    def views(self, game: Game, rng: random.Random, viewers: Sequence[int]) -> None:
        check_views(game, rng, viewers)

    def illegal(self, game: Game, legal: list[Action], rng: random.Random) -> Action:
        return an_illegal_action(game, legal, rng)

    def end(self, game: Game) -> None:
        # equal turns, the end triggered
        turns = {seat.turns for seat in game.state.seats}
        assert len(turns) == 1, f"unequal turns at the end: {turns}"
        assert game.state.end_triggered

    def score(self, game: Game) -> None:
        check_score(game)


@pytest.mark.soak
@pytest.mark.parametrize(("players", "advanced", "seed"), list(cases()))
def test_random_playout_invariants(players: int, advanced: bool, seed: int) -> None:
    play_out(PocketChecks(), "pocket", players, seed, options_for(seed, advanced))
