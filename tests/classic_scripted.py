"""Strict scripted play for classic Wingspan tests.

``position(...)`` builds a classic game at the start of a player's turn from bird names, so
a test says exactly what lies on the table: each player's three rows (eggs, cached food,
tucked cards), hand, food, bonus cards; the tray, the deck (top last), the discard pile,
the feeder's faces, the round, the goals and who plays.  ``Script`` then answers decisions
in order: an answer that is not an option, or a decision the script did not expect, fails
the test.  A decision with a single option is taken by the engine on its own
(``core.forced``), so a script never lists it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from wingspan_rules import Action, CardSet, Game, Verdict, card_set, rng
from wingspan_rules.cards import compile_sources, ruleset_text
from wingspan_rules.classic.rules import ClassicRules, TurnFrame
from wingspan_rules.classic.state import EMPTY, ClassicSeat, ClassicState
from wingspan_rules.classic.validate import all_birds, all_bonus
from wingspan_rules.dsl.vocabulary import CLASSIC, Vocabulary
from wingspan_rules.engine.state import Bird as Slot
from wingspan_rules.engine.state import GoalPick

FOODS = ClassicRules.foods
HABITATS = ClassicRules.habitats
DICE_FACES = ClassicRules.dice.names

SHIPPED = card_set("classic")

# Birds with no brown power (none or white), so a habitat action in their row asks nothing more.
FOREST5 = ["Hooded Warbler", "Blue-Winged Warbler", "American Woodcock", "Wild Turkey", "Prothonotary Warbler"]
GRASS5 = ["Bobolink", "Sprague's Pipit", "Painted Bunting", "Greater Prairie-Chicken", "Chestnut-Collared Longspur"]
WET5 = ["Atlantic Puffin", "King Rail", "Roseate Spoonbill", "Whooping Crane", "Wood Stork"]
SEEDS5 = ["seed"] * 5  # a feeder of five seed dice

# Goal sides used when a test does not care which goals are out (one per round).
DEFAULT_GOALS = ("Birds in forest", "Eggs in grassland", "Birds in wetland", "Total birds")


def deck_with(extra: str | None = None, vocabulary: Vocabulary = CLASSIC) -> tuple[CardSet, str | None]:
    """The shipped classic deck, plus extra card text if given (birds written in a test)."""
    if extra is None:
        return SHIPPED, None
    return compile_sources(ruleset_text("classic") + [("<test>", extra)], vocabulary), extra


def goal_code(cards: CardSet, side_name: str) -> GoalPick:
    """What a ``ClassicState`` keeps for a goal side: the tile and its side."""
    for goal in cards.goals:
        for s, side in enumerate(goal.sides):
            if side.name == side_name:
                return GoalPick(goal.id, s)
    raise KeyError(f"no goal side named '{side_name}'")


def _food_list(spec: Any) -> list[int]:
    """Food as a dict {"seed": 2}, a list of names (repeats count) or 5 counts in FOODS order."""
    if spec is None:
        return [0] * 5
    if isinstance(spec, dict):
        unknown = set(spec) - set(FOODS)
        assert not unknown, f"unknown food {unknown}"
        return [int(spec.get(f, 0)) for f in FOODS]
    spec = list(spec)
    if spec and all(isinstance(x, int) for x in spec):
        assert len(spec) == 5
        return spec
    return [spec.count(f) for f in FOODS]


def position(
    players: Sequence[dict[str, Any]],
    *,
    tray: Sequence[str | None] = (),
    deck: Sequence[str] = (),
    discard: Sequence[str] = (),
    rest: str | int = "discard",
    feeder: Sequence[str] = ("invertebrate", "seed", "fish", "fruit", "rodent"),
    bonus_deck: Sequence[str] = (),
    bonus_discard: Sequence[str] = (),
    bonus_rest: str = "discard",
    round: int = 0,
    goals: Sequence[str] = DEFAULT_GOALS,
    goal_points: Sequence[Sequence[int]] | None = None,
    current: int = 0,
    first: int = 0,
    options: dict[str, Any] | None = None,
    extra_cards: str | None = None,
    seed: int = 0,
    vocabulary: Vocabulary = CLASSIC,
) -> Game:
    """A classic game at the start of ``current``'s turn, built from names.

    Each player dict may give ``forest``, ``grassland``, ``wetland`` (birds left to right: a
    name, ``(name, eggs)`` or a dict with ``bird``, ``eggs``, ``cached`` (food as for
    ``food``) and ``tucked`` (names)); ``hand`` (names); ``food`` (a dict such as
    ``{"seed": 2}``, a list of names, default none); ``bonus`` (bonus card names);
    ``cubes_used`` (cubes placed this round, default 0).
    The tray lists up to 3 names (None for an empty place), the deck lists names bottom to
    top, the feeder the faces of the dice in it (``"invertebrate/seed"`` for the split face).
    Birds placed nowhere go to the discard pile (``rest="discard"``), under the deck
    (``rest="deck"``) or into a player's hand (``rest=1``: player 1), so every card stays
    somewhere; bonus cards likewise with ``bonus_rest`` ("discard" or "deck").  The Swift-Start birds
    stay out of the game unless the ``swift_start`` option is on, as in ``new_game``.
    """
    cards, extra = deck_with(extra_cards, vocabulary)
    opts = ClassicRules.validate_options(options or {})
    ids = {c.name: c.id for c in cards.cards}
    bonus_ids = {b.name: b.id for b in cards.bonuses}
    used: set[int] = set()
    used_bonus: set[int] = set()

    def take(name: str) -> int:
        assert name in ids, f"no classic bird named '{name}'"
        cid = ids[name]
        assert cid not in used, f"{name} placed twice"
        used.add(cid)
        return cid

    def take_bonus(name: str) -> int:
        assert name in bonus_ids, f"no classic bonus card named '{name}'"
        bid = bonus_ids[name]
        assert bid not in used_bonus, f"bonus card {name} placed twice"
        used_bonus.add(bid)
        return bid

    def slot(entry: Any) -> Slot:
        if isinstance(entry, str):
            entry = {"bird": entry}
        elif isinstance(entry, tuple):
            entry = {"bird": entry[0], "eggs": entry[1]}
        unknown = set(entry) - {"bird", "eggs", "cached", "tucked"}
        assert not unknown, f"unknown slot keys {unknown}"
        card = cards.cards[take(entry["bird"])]
        eggs = int(entry.get("eggs", 0))
        assert 0 <= eggs <= card.egg_limit, f"{card.name} holds at most {card.egg_limit} eggs"
        cached = _food_list(entry.get("cached"))
        return Slot(card.id, eggs, [take(n) for n in entry.get("tucked", ())], cached)

    assert 2 <= len(players) <= 5
    seats = []
    for spec in players:
        unknown = set(spec) - {*HABITATS, "hand", "food", "bonus", "cubes_used"}
        assert not unknown, f"unknown player keys {unknown}"
        rows = [[slot(e) for e in spec.get(h, ())] for h in HABITATS]
        assert all(len(r) <= ClassicRules.row_length for r in rows)
        seats.append(
            ClassicSeat(
                rows=rows,
                hand=[take(n) for n in spec.get("hand", ())],
                food=_food_list(spec.get("food")),
                bonus=[take_bonus(n) for n in spec.get("bonus", ())],
                cubes_used=int(spec.get("cubes_used", 0)),
            )
        )
    tray_ids = [EMPTY if n is None else take(n) for n in tray]
    tray_ids += [EMPTY] * (ClassicRules.tray_size - len(tray_ids))
    deck_ids = [take(n) for n in deck]
    pile = [take(n) for n in discard]
    in_game = [c.id for c in cards.cards if opts["swift_start"] or not c.swift_start]
    leftover = [c for c in in_game if c not in used]
    if isinstance(rest, int):  # into that player's hand, so deck and discard hold just what is named
        seats[rest].hand += leftover
    elif rest == "deck":
        deck_ids = leftover + deck_ids
    else:
        assert rest == "discard", rest
        pile = leftover + pile
    b_deck = [take_bonus(n) for n in bonus_deck]
    b_pile = [take_bonus(n) for n in bonus_discard]
    b_left = [b.id for b in cards.bonuses if b.id not in used_bonus]
    assert bonus_rest in ("discard", "deck")
    if bonus_rest == "deck":
        b_deck = b_left + b_deck
    else:
        b_pile = b_left + b_pile
    assert len(goals) == 4
    n = len(players)
    points = [list(r) for r in goal_points] if goal_points is not None else [[0] * n for _ in range(round)]
    assert len(points) == round
    state = ClassicState(
        seats=seats,
        deck=deck_ids,
        tray=tray_ids,
        discard=pile,
        bonus_deck=b_deck,
        bonus_discard=b_pile,
        feeder=[DICE_FACES.index(f) for f in feeder],
        goals=[goal_code(cards, g) for g in goals],
        goal_points=points,
        first=first,
        current=current,
        rng=rng.seed_state(seed),
        round=round,
    )
    state.stack.append(TurnFrame(current))
    if extra is not None:
        opts["extra_card_text"] = extra
    return Game("classic", n, seed, opts, cards, state)


def rolled(state: rng.Chance, count: int) -> list[str]:
    """The faces the engine's generator will roll next (the game keeps its generator in its state)."""
    return [DICE_FACES[face] for face in rng.several(state, len(DICE_FACES), count)[1]]


def _turn_mark(game: Game) -> tuple[int, int, int]:
    st = game.state
    return st.round, st.current, st.seats[st.current].cubes_used


class Script:
    """Answer decisions from a fixed list; fail on any surprise.

    The answers belong to ``turns`` turns (one by default): an answer that is not an option,
    an answer left over once those turns are over, or (with ``until_turn_ends``, the default)
    a decision still waiting when the answers run out, a pink power of another player
    included, fails the test.
    """

    def __init__(self, game: Game):
        self.game = game

    def play(self, answers: Iterable[str], *, until_turn_ends: bool = True, turns: int = 1) -> Game:
        game = self.game
        mark = _turn_mark(game)
        ended = 0  # turns over so far
        queue = list(answers)
        while queue:
            pending = game.pending
            assert pending is not None, f"game over with answers left: {queue}"
            assert ended < turns, f"answers left after {turns} turn(s): {queue}"
            text = queue.pop(0)
            action = game.parse_action(text)
            assert action in pending.options, (
                f"scripted answer '{text}' is not an option of {pending.kind}"
                f" [{pending.source}] for p{pending.player}: {[str(o) for o in pending.options]}"
            )
            game.apply(action)
            if game.is_over or (game.pending.kind == "action" and _turn_mark(game) != mark):
                ended += 1
                mark = _turn_mark(game) if not game.is_over else mark
        if until_turn_ends:
            pending = game.pending
            assert ended == turns or game.is_over, (
                f"unscripted decision: {pending.kind} [{pending.source}] for p{pending.player}: "
                f"{[str(o) for o in pending.options]}"
                if pending is not None
                else "?"
            )
        return game


# ---- reading the position back -------------------------------------------------------------


def options(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def name(game: Game, card: int) -> str:
    return game.cards.cards[card].name


def row_names(game: Game, player: int, habitat: str) -> list[str]:
    return [name(game, s.card) for s in game.state.seats[player].rows[HABITATS.index(habitat)]]


def slot_of(game: Game, player: int, bird: str) -> Slot:
    for row in game.state.seats[player].rows:
        for s in row:
            if name(game, s.card) == bird:
                return s
    raise KeyError(bird)


def eggs_of(game: Game, player: int, bird: str) -> int:
    return slot_of(game, player, bird).eggs


def _foods(game: Game) -> tuple[str, ...]:
    """The foods of the game's ruleset (a variant may have more than the classic five)."""
    from wingspan_rules.rulesets import ruleset

    return ruleset(game.ruleset).foods


def cached_of(game: Game, player: int, bird: str) -> dict[str, int]:
    return {f: n for f, n in zip(_foods(game), slot_of(game, player, bird).cached, strict=True) if n}


def tucked_of(game: Game, player: int, bird: str) -> list[str]:
    return [name(game, c) for c in slot_of(game, player, bird).tucked]


def hand_names(game: Game, player: int) -> list[str]:
    return sorted(name(game, c) for c in game.state.seats[player].hand)


def food_of(game: Game, player: int) -> dict[str, int]:
    return {f: n for f, n in zip(_foods(game), game.state.seats[player].food, strict=True) if n}


def feeder_faces(game: Game) -> list[str]:
    return sorted(DICE_FACES[f] for f in game.state.feeder)


def tray_names(game: Game) -> list[str | None]:
    return [None if c == EMPTY else name(game, c) for c in game.state.tray]


def deck_names(game: Game) -> list[str]:
    """The deck bottom to top."""
    return [name(game, c) for c in game.state.deck]


def discard_names(game: Game) -> list[str]:
    return [name(game, c) for c in game.state.discard]


def bonus_names(game: Game, player: int) -> list[str]:
    return sorted(game.cards.bonuses[b].name for b in game.state.seats[player].bonus)


def total_eggs(game: Game, player: int) -> int:
    return sum(s.eggs for row in game.state.seats[player].rows for s in row)


def rule_ids(verdict: Verdict) -> list[str]:
    assert not verdict.legal, "expected the action to be rejected"
    return [v.rule_id for v in verdict.violations]


def conserved(game: Game) -> tuple[list[int], list[int]]:
    """Every bird card and bonus card in the game, sorted (they must never change)."""
    return sorted(all_birds(game.state)), sorted(all_bonus(game.state))


__all__ = [
    "Action",
    "rolled",
    "DEFAULT_GOALS",
    "SHIPPED",
    "Script",
    "bonus_names",
    "cached_of",
    "conserved",
    "deck_names",
    "deck_with",
    "discard_names",
    "eggs_of",
    "feeder_faces",
    "food_of",
    "goal_code",
    "hand_names",
    "name",
    "options",
    "position",
    "row_names",
    "rule_ids",
    "slot_of",
    "total_eggs",
    "tray_names",
    "tucked_of",
]
