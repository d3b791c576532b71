"""The 16 classic goal sides in cards/classic/goals.wsp: what each counts on hand-built boards,
and the goal board's points for a round on its green and its blue side.

The boards use small test birds compiled next to the real goal file, so they do not depend on
the bird files.
"""

from __future__ import annotations

from typing import Any

import pytest

from wingspan_rules import ir, rng
from wingspan_rules.cards import CardSet, cards_dir, compile_sources
from wingspan_rules.classic.rules import ClassicRules as ClassicEngine
from wingspan_rules.classic.scoring import measure, score_goal
from wingspan_rules.classic.state import EMPTY, ClassicSeat, ClassicState
from wingspan_rules.dsl.vocabulary import CLASSIC
from wingspan_rules.engine.state import Bird, GoalPick

HABITATS = ClassicEngine.habitats


def Seat(hand: list[int] | None = None) -> ClassicSeat:  # noqa: N802 - reads like the record it builds
    """An empty mat with one of each food, as a seat starts."""
    return ClassicSeat(rows=[[] for _ in ClassicEngine.habitats], food=[1] * len(ClassicEngine.foods), hand=hand or [])


def Slot(card: int, eggs: int = 0) -> Bird:  # noqa: N802
    """A bird on a mat with nothing cached or tucked."""
    return Bird(card, eggs, cached=[0] * len(ClassicEngine.foods))

GOALS_FILE = cards_dir("classic") / "goals.wsp"

SIDES = (
    "Birds in forest", "Eggs in forest",
    "Birds in grassland", "Eggs in grassland",
    "Birds in wetland", "Eggs in wetland",
    "Bowl-nest birds with eggs", "Eggs in bowl nests",
    "Cavity-nest birds with eggs", "Eggs in cavity nests",
    "Ground-nest birds with eggs", "Eggs in ground nests",
    "Platform-nest birds with eggs", "Eggs in platform nests",
    "Egg sets across habitats", "Total birds",
)
TOTAL_BIRDS = SIDES.index("Total birds")  # tile 7, side 1: goals[round] = 15


def bird_block(name: str, nest: str, egg_limit: int = 5) -> str:
    return (
        f'bird "{name}" {{\n  habitats: forest grassland wetland\n  cost: seed\n  points: 3\n'
        f"  nest: {nest}\n  egg_limit: {egg_limit}\n  wingspan: 40\n}}\n"
    )


TEST_BIRDS = {
    "Bowl A": "bowl", "Bowl B": "bowl", "Bowl C": "bowl",
    "Cavity A": "cavity", "Cavity B": "cavity",
    "Ground A": "ground", "Ground B": "ground",
    "Platform A": "platform",
    "Wild A": "wild", "Wild B": "wild",
    "Nestless": "none",
    "Filler": "bowl",
}


@pytest.fixture(scope="module")
def deck() -> CardSet:
    birds = "".join(bird_block(n, nest, 0 if nest == "none" else 5) for n, nest in TEST_BIRDS.items())
    return compile_sources([("goals.wsp", GOALS_FILE.read_text(encoding="utf-8")), ("birds.wsp", birds)], CLASSIC)


def side_measure(deck: CardSet, side: int) -> ir.Measure:
    m = deck.goals[side // 2].sides[side % 2].counts
    assert m is not None
    return m


def make_engine(deck: CardSet, seats: list[Seat], goals: list[int] | None = None, **options: Any) -> ClassicEngine:
    state = ClassicState(
        seats=seats, deck=[], tray=[EMPTY] * 3, discard=[], bonus_deck=[], bonus_discard=[],
        feeder=[0, 1, 2, 3, 4], goals=[GoalPick(*divmod(g, 2)) for g in (goals if goals is not None else [TOTAL_BIRDS] * 4)], goal_points=[],
        first=0, current=0, rng=rng.seed_state(1),
    )
    return ClassicEngine(deck, {**ClassicEngine.validate_options({}), **options}, state)


def mat(deck: CardSet, forest: list[tuple[str, int]], grassland: list[tuple[str, int]], wetland: list[tuple[str, int]]) -> Seat:
    seat = Seat()
    for row, birds in zip(seat.rows, (forest, grassland, wetland), strict=True):
        assert len(birds) <= 5
        for name, eggs in birds:
            assert eggs <= deck.card(name).egg_limit
            row.append(Slot(deck.card(name).id, eggs))
    return seat


def fillers(deck: CardSet, count: int) -> Seat:
    """A mat with ``count`` birds, filling the forest first."""
    rows: list[list[tuple[str, int]]] = [[], [], []]
    for i in range(count):
        rows[i // 5].append(("Filler", 0))
    return mat(deck, *rows)


# ---- the file --------------------------------------------------------------------------------
def test_goal_file_holds_8_tiles_of_2_sides(deck: CardSet) -> None:
    assert len(deck.goals) == 8
    assert [s.name for g in deck.goals for s in g.sides] == list(SIDES)


# ---- measures --------------------------------------------------------------------------------
# forest: 4 birds, 4 eggs; grassland: 2 birds, 3 eggs; wetland: 5 birds, 5 eggs.
BOARD = {
    "forest": [("Bowl A", 2), ("Cavity A", 0), ("Wild A", 1), ("Bowl C", 1)],
    "grassland": [("Ground A", 3), ("Bowl B", 0)],
    "wetland": [("Platform A", 1), ("Nestless", 0), ("Ground B", 0), ("Wild B", 0), ("Cavity B", 4)],
}
BOARD_COUNTS = {
    "Birds in forest": 4, "Eggs in forest": 4,
    "Birds in grassland": 2, "Eggs in grassland": 3,
    "Birds in wetland": 5, "Eggs in wetland": 5,
    # a wild nest is every kind of nest: Wild A (1 egg) counts on each nest tile, Wild B (no egg) on none
    "Bowl-nest birds with eggs": 3, "Eggs in bowl nests": 4,  # Bowl A, Bowl C, Wild A
    "Cavity-nest birds with eggs": 2, "Eggs in cavity nests": 5,  # Cavity B, Wild A
    "Ground-nest birds with eggs": 2, "Eggs in ground nests": 4,  # Ground A, Wild A
    "Platform-nest birds with eggs": 2, "Eggs in platform nests": 2,  # Platform A, Wild A
    "Egg sets across habitats": 3,  # min(4, 3, 5)
    "Total birds": 11,
}
# Eggs in the forest and the wetland only: no full set across habitats.
LOPSIDED = {
    "forest": [("Wild A", 5), ("Bowl A", 5), ("Cavity A", 5)],
    "grassland": [("Ground A", 0)],
    "wetland": [("Platform A", 2), ("Nestless", 0)],
}
LOPSIDED_COUNTS = {
    "Birds in forest": 3, "Eggs in forest": 15,
    "Birds in grassland": 1, "Eggs in grassland": 0,
    "Birds in wetland": 2, "Eggs in wetland": 2,
    "Bowl-nest birds with eggs": 2, "Eggs in bowl nests": 10,
    "Cavity-nest birds with eggs": 2, "Eggs in cavity nests": 10,
    "Ground-nest birds with eggs": 1, "Eggs in ground nests": 5,  # Ground A has no egg
    "Platform-nest birds with eggs": 2, "Eggs in platform nests": 7,
    "Egg sets across habitats": 0,
    "Total birds": 6,
}


@pytest.mark.parametrize("side", range(16), ids=SIDES)
def test_each_side_counts_the_board(deck: CardSet, side: int) -> None:
    board = mat(deck, BOARD["forest"], BOARD["grassland"], BOARD["wetland"])
    lopsided = mat(deck, LOPSIDED["forest"], LOPSIDED["grassland"], LOPSIDED["wetland"])
    engine = make_engine(deck, [board, lopsided, Seat()])
    m = side_measure(deck, side)
    assert measure(engine, 0, m) == BOARD_COUNTS[SIDES[side]]
    assert measure(engine, 1, m) == LOPSIDED_COUNTS[SIDES[side]]
    assert measure(engine, 2, m) == 0  # an empty mat


@pytest.mark.parametrize(("eggs", "sets"), [((0, 0, 0), 0), ((1, 1, 1), 1), ((6, 2, 9), 2), ((3, 4, 0), 0)])
def test_egg_sets_are_the_fewest_eggs_in_a_habitat(deck: CardSet, eggs: tuple[int, int, int], sets: int) -> None:
    rows = [[("Bowl A", min(n, 5)), ("Bowl B", max(n - 5, 0))] for n in eggs]
    engine = make_engine(deck, [mat(deck, *rows)])
    assert measure(engine, 0, side_measure(deck, SIDES.index("Egg sets across habitats"))) == sets


# ---- green board -------------------------------------------------------------------------------
GREEN_CASES = [
    # round (0-based), birds per player, points per player
    (0, (3, 2, 1), (4, 1, 0)),
    (1, (3, 2, 1), (5, 2, 1)),
    (2, (3, 2, 1), (6, 3, 2)),
    (3, (3, 2, 1), (7, 4, 3)),
    (3, (1, 2, 3, 4), (0, 3, 4, 7)),  # 4th place scores nothing
    # ties share the points of the places they cover, rounded down
    (0, (3, 3, 1), (2, 2, 0)),  # (4+1)//2
    (3, (3, 3, 1), (5, 5, 3)),  # (7+4)//2, then 3rd place
    (3, (2, 3, 3), (3, 5, 5)),
    (3, (3, 2, 2), (7, 3, 3)),  # (4+3)//2
    (3, (3, 2, 2, 2), (7, 2, 2, 2)),  # (4+3+0)//3
    (0, (3, 3, 3), (1, 1, 1)),  # (4+1+0)//3
    (2, (4, 4, 4), (3, 3, 3)),  # (6+3+2)//3
    (1, (4, 4, 4, 4), (2, 2, 2, 2)),  # (5+2+1)//4
    (3, (5, 5, 5, 5, 1), (3, 3, 3, 3, 0)),  # 14//4; no place left for the 5th
    (1, (2, 2), (3, 3)),  # (5+2)//2
    # a player with no bird scores nothing and takes no place
    (3, (0, 0), (0, 0)),
    (3, (2, 0, 0), (7, 0, 0)),
    (3, (2, 0, 1), (7, 0, 4)),
    (3, (1, 1, 0), (5, 5, 0)),
    (0, (0, 0, 0, 0, 1), (0, 0, 0, 0, 4)),
]


@pytest.mark.parametrize(("round_index", "counts", "points"), GREEN_CASES)
def test_green_board_points(deck: CardSet, round_index: int, counts: tuple[int, ...], points: tuple[int, ...]) -> None:
    engine = make_engine(deck, [fillers(deck, n) for n in counts])
    assert engine.options["goal_side"] == "green"  # the default
    assert score_goal(engine, round_index) == list(points)


BLUE_CASES = [
    ((0, 1, 2, 5, 6), (0, 1, 2, 5, 5)),
    ((15, 4), (5, 4)),
    ((0, 0), (0, 0)),
    ((3, 3, 3), (3, 3, 3)),  # ties do not matter
]


@pytest.mark.parametrize("round_index", range(4))
@pytest.mark.parametrize(("counts", "points"), BLUE_CASES)
def test_blue_board_points(deck: CardSet, round_index: int, counts: tuple[int, ...], points: tuple[int, ...]) -> None:
    engine = make_engine(deck, [fillers(deck, n) for n in counts], goal_side="blue")
    assert score_goal(engine, round_index) == list(points)


def test_score_goal_reads_the_tile_and_side_of_the_round(deck: CardSet) -> None:
    # Round 1 (index 1): Eggs in wetland (tile 2, side 1); round 3 (index 3): Birds in forest (tile 0, side 0).
    rich = mat(deck, [("Filler", 0)] * 5, [], [("Bowl A", 5), ("Bowl B", 1)])  # 5 forest birds, 6 wetland eggs
    poor = mat(deck, [("Filler", 0)], [], [("Bowl A", 1)])  # 1 forest bird, 1 wetland egg
    middle = mat(deck, [("Filler", 0)] * 3, [], [("Bowl A", 5), ("Bowl B", 5), ("Bowl C", 2)])  # 3 birds, 12 eggs
    goals = [TOTAL_BIRDS, 2 * 2 + 1, TOTAL_BIRDS, 0 * 2 + 0]
    green = make_engine(deck, [rich, poor, middle], goals)
    assert score_goal(green, 1) == [2, 1, 5]  # eggs: 6, 1, 12
    assert score_goal(green, 3) == [7, 3, 4]  # forest birds: 5, 1, 3
    assert score_goal(green, 0) == [4, 0, 1]  # total birds: 7, 2, 6
    blue = make_engine(deck, [rich, poor, middle], goals, goal_side="blue")
    assert score_goal(blue, 1) == [5, 1, 5]
    assert score_goal(blue, 3) == [5, 1, 3]
