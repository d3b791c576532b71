"""Per-rule tests, part 3: the end of the game and scoring; and the catalog is fully covered."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from scripted import Script, names_except, placed_names, position

import wingspan_rules
from wingspan_rules import CATALOG

TESTS = Path(__file__).resolve().parent
PACKAGE = Path(wingspan_rules.__file__).resolve().parent

DECKS = [["Mourning Dove", "Sandhill Crane"], ["Atlantic Puffin", "Anhinga"], ["Black Vulture", "Golden Eagle"], ["Common Loon", "Brown Pelican"]]
FACE_UP = ["Wood Duck", "Tree Swallow", "Snowy Egret", "Eastern Kingbird"]
FIVE = ["Mallard", "Northern Cardinal", "American Robin", "Great Horned Owl", "Trumpeter Swan"]


def seats_with_five(trigger: int, players: int, turns: list[int]) -> list[dict]:
    """Player ``trigger`` has 5 birds and can play a 6th (Cedar Waxwing, paid with 2 fruit)."""
    seats = [{"turns": t} for t in turns[:players]]
    seats[trigger].update(flock=FIVE, birds=["Cedar Waxwing"], food=["Hermit Thrush", "Tufted Titmouse"])
    return seats


def lay_one(game) -> None:
    """A whole quiet turn for whoever is to play: the lay-eggs action, laying none."""
    Script(game).play(["lay-eggs", "stop"])


# ---- the end ------------------------------------------------------------------------------


def test_pocket_end_six_birds():
    seats = [{"flock": FIVE[:4], "birds": ["Cedar Waxwing"], "food": ["Hermit Thrush", "Tufted Titmouse"]}, {}]
    game = position("pocket", seats, decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play Cedar Waxwing"])
    assert len(game.state.seats[0].flock) == 5 and not game.state.end_triggered  # the Nest is not a bird
    game = position("pocket", seats_with_five(0, 2, [0, 0]), decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play Cedar Waxwing"])
    assert game.state.end_triggered and not game.is_over  # player 1 still has a turn
    assert game.view(1)["end_triggered"]


def test_pocket_end_deck_exhaustion():
    # no discard pile, and when deck 1 empties the largest other deck has only 2 cards
    decks = [["Mourning Dove"], ["Common Loon", "Atlantic Puffin"], ["Black Vulture"], ["Golden Eagle", "Anhinga"]]
    seats = [{}, {"food": []}, {}]
    seats[1]["food"] = names_except(placed_names(seats, decks, FACE_UP))
    game = position("pocket", seats, decks=decks, face_up=FACE_UP)
    assert game.state.discard == []
    Script(game).play(["draw-cards", "take-food 1", "take-food 2"])
    st = game.state
    assert st.end_triggered and st.decks[0] == []  # deck 1 could not be rebuilt
    assert not game.is_over and st.current == 1
    lay_one(game)
    lay_one(game)
    assert game.is_over and [p.turns for p in game.state.seats] == [1, 1, 1]
    # with 3 cards in the largest deck it is rebuilt instead
    decks = [["Mourning Dove"], ["Common Loon", "Atlantic Puffin", "Sandhill Crane"], ["Black Vulture"], ["Golden Eagle", "Anhinga"]]
    seats = [{}, {"food": []}, {}]
    seats[1]["food"] = names_except(placed_names(seats, decks, FACE_UP))
    game = position("pocket", seats, decks=decks, face_up=FACE_UP)
    Script(game).play(["draw-cards", "take-food 1", "take-food 4"])
    assert not game.state.end_triggered and len(game.state.decks[0]) == 1


def test_pocket_end_equal_turns():
    # 3 players, player 0 first. The first player triggers: players 1 and 2 still play, then it ends
    game = position("pocket", seats_with_five(0, 3, [5, 5, 5]), decks=DECKS, face_up=FACE_UP)
    Script(game).play(["play Cedar Waxwing"])
    assert not game.is_over and game.state.current == 1
    lay_one(game)
    assert not game.is_over and game.state.current == 2
    lay_one(game)
    assert game.is_over and [p.turns for p in game.state.seats] == [6, 6, 6]
    # the last player triggers: the game ends with their turn
    game = position("pocket", seats_with_five(2, 3, [6, 6, 5]), decks=DECKS, face_up=FACE_UP, current=2)
    Script(game).play(["play Cedar Waxwing"])
    assert game.is_over and [p.turns for p in game.state.seats] == [6, 6, 6]
    # a middle player triggers: only the players after them in this round still play
    game = position("pocket", seats_with_five(1, 3, [6, 5, 5]), decks=DECKS, face_up=FACE_UP, current=1)
    Script(game).play(["play Cedar Waxwing"])
    assert game.state.current == 2 and not game.is_over
    lay_one(game)
    assert game.is_over and [p.turns for p in game.state.seats] == [6, 6, 6]
    # seat 0 is not always first: with player 1 first, player 0 is last in turn order
    game = position("pocket", seats_with_five(0, 3, [4, 5, 5]), decks=DECKS, face_up=FACE_UP, current=0, first=1)
    Script(game).play(["play Cedar Waxwing"])
    assert game.is_over and [p.turns for p in game.state.seats] == [5, 5, 5]
    game = position("pocket", seats_with_five(1, 3, [4, 4, 4]), decks=DECKS, face_up=FACE_UP, current=1, first=1)
    Script(game).play(["play Cedar Waxwing"])
    lay_one(game)
    assert not game.is_over and game.state.current == 0
    lay_one(game)
    assert game.is_over and [p.turns for p in game.state.seats] == [5, 5, 5]
    # from a new game: whoever triggers, everyone ends with the same number of turns
    for seed in range(6):
        game = wingspan_rules.new_game("pocket", 3, seed)
        steps = 0
        while not game.is_over:
            game.apply(game.legal_actions()[0])  # plays birds whenever it can
            steps += 1
            assert steps < 5000
        turns = [p.turns for p in game.state.seats]
        assert len(set(turns)) == 1


# ---- scoring ------------------------------------------------------------------------------


def test_pocket_score_birds():
    game = position("pocket", [{"flock": ["Mallard", "Great Horned Owl", "House Wren"], "nest": 0}, {"nest": 0}])
    sheet = game.score()
    assert sheet.players[0].birds == 2 + 5 + 0 and sheet.players[0].total == 7
    assert sheet.players[1].birds == 0 and sheet.players[1].total == 0


def test_pocket_score_eggs():
    game = position("pocket", [{"flock": [("Mallard", 3, []), ("Great Horned Owl", 1, [])], "nest": 2}, {}])
    p0 = game.score().players[0]
    assert p0.eggs == 2 + 3 + 1  # Nest eggs count like any other
    assert p0.total == 2 + 5 + 6


def test_pocket_score_tucked():
    game = position("pocket", [{"flock": [("Chimney Swift", 0, ["Mourning Dove", "Anhinga"]), ("Cooper's Hawk", 0, ["House Wren"])], "nest": 0}, {}])
    p0 = game.score().players[0]
    assert p0.tucked == 3 and p0.total == 3  # both birds are worth 0 points


def test_pocket_score_goals():
    # Fishers (eggs on birds costing fish) and Big Families (eggs on birds with egg limit >= 4)
    flock = [("Common Loon", 2, []), ("Pied-Billed Grebe", 3, []), ("Mallard", 4, []), ("Great Horned Owl", 1, [])]
    game = position("pocket", [{"flock": flock, "nest": 3}, {}], goals=[("Shore and Meadow", 0), ("Clutch Size", 0)])
    p0 = game.score().players[0]
    # Fishers: Loon 2 + Grebe 3; Big Families: Grebe 3 + Mallard 4. Grebe's eggs count twice; Nest eggs never
    assert p0.goal_detail == (5, 7) and p0.goals == 12
    assert p0.total == (3 + 0 + 2 + 5) + (2 + 3 + 4 + 1 + 3) + 12
    # the other side of a goal scores other birds: Bug Catchers (costing invertebrate) -- only Mallard
    game = position("pocket", [{"flock": flock, "nest": 3}, {}], goals=[("Shore and Meadow", 1)])
    assert game.score().players[0].goal_detail == (4,)
    # the basic game has no goals
    assert position("pocket", [{"flock": flock}, {}]).score().players[0].goals == 0


def test_pocket_score_reserve():
    poor = position("pocket", [{"flock": ["Mallard"], "nest": 0}, {"nest": 0}])
    rich = position("pocket", [{"flock": ["Mallard"], "nest": 0, "food": ["Mourning Dove", "Anhinga"], "birds": ["Great Horned Owl"]}, {"nest": 0}])
    assert poor.score().players[0].total == rich.score().players[0].total == 2
    assert rich.score().players[0].tiebreak == 3 and poor.score().players[0].tiebreak == 0


def test_pocket_score_tie_break():
    # equal points: the most reserve cards wins
    game = position("pocket", [{"flock": ["Mallard"], "nest": 0, "food": ["Mourning Dove"]}, {"flock": ["American Robin"], "nest": 0, "food": ["Anhinga", "Black Vulture"]}])
    sheet = game.score()
    assert sheet.players[0].total == sheet.players[1].total == 2
    assert sheet.winners == (1,)
    # equal points and reserve: a shared win
    game = position("pocket", [{"flock": ["Mallard"], "nest": 0, "food": ["Mourning Dove"]}, {"flock": ["American Robin"], "nest": 0, "birds": ["Anhinga"]}, {"nest": 0}])
    assert game.score().winners == (0, 1)
    # more points beat more reserve cards
    game = position("pocket", [{"flock": ["Great Horned Owl"], "nest": 0}, {"flock": ["American Robin"], "nest": 0, "food": ["Anhinga", "Black Vulture"]}])
    assert game.score().winners == (0,)


# ---- the catalog is covered ---------------------------------------------------------------


def _test_names() -> set[str]:
    names = set()
    for path in sorted(TESTS.glob("test_rules_*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names |= {node.name for node in ast.walk(tree) if isinstance(node, ast.FunctionDef) and node.name.startswith("test_")}
    return names


def test_catalog_ids_all_tested():
    names = _test_names()
    missing = [rid for rid in CATALOG if "test_" + re.sub(r"[.-]", "_", rid) not in names]
    assert not missing, f"catalog ids without a test named after them: {missing}"
    assert len(CATALOG) > 50


_RULE_ID = re.compile(r"""["'`]((?:core|pocket|classic|oceania)\.[a-z0-9-]+(?:\.[a-z0-9-]+)+)["'`]""")


def test_catalog_rule_ids_in_code_exist():
    used: dict[str, str] = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        for rid in _RULE_ID.findall(path.read_text(encoding="utf-8")):
            used.setdefault(rid, path.name)
    unknown = {rid: where for rid, where in used.items() if rid not in CATALOG}
    assert not unknown, f"rule ids used in the code but missing from the catalog: {unknown}"
    assert len(used) > 40  # the scan really finds the ids the engine cites
    # every catalog entry names its source and a summary
    for rule in CATALOG.values():
        assert rule.summary and " § " in rule.source
