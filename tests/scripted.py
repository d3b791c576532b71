"""Strict scripted play for per-card and per-rule tests of every ruleset (not a test module itself).

One API for Pocket, classic and Oceania, modelled on XMage's per-card tests: build the exact
position, answer every decision from a script, check the exact result.

``position(ruleset, players, **where)``
    A game at the start of ``current``'s turn, built from card names.  Every card the spec
    does not place is put somewhere (the discard pile by default), so every card stays in the
    game exactly once; a name placed twice or unknown fails at once.  What ``players`` and
    ``where`` may say depends on the ruleset's table:

    - ``"pocket"``: each player ``flock`` (names or ``(name, eggs, [tucked names])``),
      ``food`` and ``birds`` (reserve and hand, names), ``nest`` (eggs on the Nest, default 1),
      ``turns``; ``decks`` (4 lists, bottom to top), ``face_up`` (4 names or None),
      ``discard``, ``goals`` (``(goal name, side)``).
    - ``"classic"``: each player ``forest``, ``grassland``, ``wetland`` (a name, ``(name, eggs)``
      or ``{"bird", "eggs", "cached", "tucked"}``), ``hand``, ``food`` (``{"seed": 2}``, a list
      of names or 5 counts), ``bonus``, ``cubes_used``; ``tray``, ``deck`` (bottom to top),
      ``discard``, ``rest`` (where unplaced birds go: "discard", "deck" or a player's hand),
      ``feeder`` (die faces), ``bonus_deck``, ``bonus_discard``, ``bonus_rest``, ``round``,
      ``goals`` (4 side names), ``goal_points``, ``vocabulary``.
    - ``"oceania"``: as classic (the Oceania birds in the deck, unplaced birds under the deck),
      plus ``nectar`` (per player), ``spent`` (nectar spent per habitat, per player); the
      feeder may show the Oceania faces (``"nectar/seed"``).

    All take ``current``, ``first``, ``options``, ``extra_cards`` (card text written in the
    test, added to the shipped deck) and ``seed``.

``Script(game).play(answers, *, until_turn_ends=True, turns=1)``
    Answers the decisions in order.  It fails the test on an answer that is not an option
    (the options are listed), on an answer left over once ``turns`` turns are over, and (with
    ``until_turn_ends``) on a decision still waiting when the answers run out, another
    player's pink power included.  A decision with a single option is taken by the engine on
    its own, so a script never lists it.  ``until_turn_ends=False`` stops mid-turn, to look at
    the position or the options (``options(game)``) before going on with another ``play``.

Readers (the same for every ruleset unless marked): ``options``, ``rule_ids`` (the rules an
illegal action breaks), ``name``, ``hand_names``, ``row_names`` (a habitat's birds; Pocket's one
flock without a habitat), ``slot_of``, ``eggs_of``, ``tucked_of``, ``cached_of``, ``food_of``,
``deck_names``, ``discard_names``; classic and Oceania: ``tray_names``, ``feeder_faces``,
``bonus_names``, ``total_eggs``, ``conserved``, ``rolled``; Pocket: ``face_up_names``,
``food_kinds``, ``eggs``, ``tucked_names``, ``total_cards``, ``names_except``, ``placed_names``.

Example::

    from scripted import Script, food_of, position, row_names

    def test_american_goldfinch():
        game = position("classic", [{"hand": ["American Goldfinch"], "food": {"seed": 2}}, {}], rest="deck")
        Script(game).play(["play-grassland American Goldfinch", "use", "take seed", "take seed", "take seed"])
        assert row_names(game, 0, "grassland") == ["American Goldfinch"]
        assert food_of(game, 0) == {"seed": 3}
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import attrs

from wingspan_rules import Action, CardSet, Game, Verdict, card_set, rng
from wingspan_rules.cards import compile_sources, ruleset_text
from wingspan_rules.classic.rules import ClassicRules
from wingspan_rules.classic.state import ClassicSeat, ClassicState
from wingspan_rules.classic.state import TurnFrame as ClassicTurn
from wingspan_rules.classic.validate import all_birds, all_bonus
from wingspan_rules.dsl.vocabulary import CLASSIC, OCEANIA, Vocabulary
from wingspan_rules.engine.state import Bird as Slot
from wingspan_rules.engine.state import GoalPick
from wingspan_rules.oceania.rules import OceaniaRules
from wingspan_rules.oceania.state import OceaniaSeat, OceaniaState
from wingspan_rules.pocket.rules import PocketRules
from wingspan_rules.pocket.state import PocketSeat, PocketState
from wingspan_rules.pocket.state import TurnFrame as PocketTurn
from wingspan_rules.rulesets import ruleset as rules_of

EMPTY = -1  # an empty face-up place (Pocket's supply, classic's tray)

# ---- ruleset data ------------------------------------------------------------------------------

SHIPPED = {name: card_set(name) for name in ("pocket", "classic", "oceania")}

# Pocket: plain birds (no power) by food side, handy fillers for decks and reserves.
FILLER_SEED = ["Mourning Dove", "Sandhill Crane", "Trumpeter Swan"]
FILLER_FISH = ["Common Loon", "Atlantic Puffin", "Anhinga", "Brown Pelican", "American White Pelican", "Whooping Crane"]
FILLER_RODENT = ["Black Vulture", "Great Horned Owl", "Golden Eagle", "California Condor"]

# Classic: birds with no brown power (none or white), so a habitat action in their row asks nothing more.
FOODS = ClassicRules.foods
HABITATS = ClassicRules.habitats
DICE_FACES = ClassicRules.dice.names
FOREST5 = ["Hooded Warbler", "Blue-Winged Warbler", "American Woodcock", "Wild Turkey", "Prothonotary Warbler"]
GRASS5 = ["Bobolink", "Sprague's Pipit", "Painted Bunting", "Greater Prairie-Chicken", "Chestnut-Collared Longspur"]
WET5 = ["Atlantic Puffin", "King Rail", "Roseate Spoonbill", "Whooping Crane", "Wood Stork"]
SEEDS5 = ["seed"] * 5  # a feeder of five seed dice
# Goal sides used when a test does not care which goals are out (one per round).
DEFAULT_GOALS = ("Birds in forest", "Eggs in grassland", "Birds in wetland", "Total birds")

# Oceania: its shipped birds go into the core deck; the feeder's faces.
OCEANIA_TEXT = "\n".join(text for _, text in ruleset_text("oceania"))
OCEANIA_FACES = OceaniaRules.dice.names
NECTAR = OceaniaRules.nectar
OCEANIA_FEEDER = ("invertebrate", "fish", "rodent", "nectar/seed", "nectar/fruit")

# The decision that opens a turn, per rules class (a variant's rules inherit theirs): a script's
# turn is over when the next one opens.
TURN_START: dict[type, str] = {PocketRules: "nest-action", ClassicRules: "action"}


# ---- building a position -----------------------------------------------------------------------


class _Placer:
    """Hands out card ids by name, each at most once, and lists what is left over."""

    def __init__(self, what: str, ids: dict[str, int]):
        self.what, self.ids, self.used = what, ids, set[int]()

    def take(self, name: str) -> int:
        assert name in self.ids, f"no {self.what} named '{name}'"
        cid = self.ids[name]
        assert cid not in self.used, f"{name} placed twice"
        self.used.add(cid)
        return cid

    def left(self, ids: Iterable[int]) -> list[int]:
        return [c for c in ids if c not in self.used]


def deck_with(ruleset: str, extra: str | None = None, vocabulary: Vocabulary | None = None) -> tuple[CardSet, str | None]:
    """The shipped deck, plus card text written in a test; the text to keep in the options
    (Pocket keeps the whole deck's text, classic the extra text only) or None."""
    if extra is None:
        return SHIPPED[ruleset], None
    if ruleset == "pocket":
        text = "\n".join(t for _, t in ruleset_text("pocket")) + "\n" + extra
        return compile_sources([("<test>", text)]), text
    return compile_sources(ruleset_text("classic") + [("<test>", extra)], vocabulary or CLASSIC), extra


def position(ruleset: str, players: Sequence[dict[str, Any]], **where: Any) -> Game:
    """A game of ``ruleset`` at the start of a turn, built from names (see the module docstring)."""
    builders = {"pocket": _pocket_position, "classic": _classic_position, "oceania": _oceania_position}
    assert ruleset in builders, f"no position builder for ruleset '{ruleset}'"
    return builders[ruleset](players, **where)


def _pocket_position(
    players: Sequence[dict[str, Any]],
    *,
    decks: Sequence[Sequence[str]] | None = None,
    face_up: Sequence[str | None] | None = None,
    discard: Sequence[str] = (),
    current: int = 0,
    first: int = 0,
    goals: Sequence[tuple[str, int]] = (),
    options: dict[str, Any] | None = None,
    extra_cards: str | None = None,
    seed: int = 0,
) -> Game:
    cards, text = deck_with("pocket", extra_cards)
    place = _Placer("Pocket card", {c.name: c.id for c in cards.cards})
    seats = []
    for spec in players:
        flock = []
        for entry in spec.get("flock", []):
            if isinstance(entry, str):
                entry = (entry, 0, [])
            bird, eggs, tucked = (list(entry) + [0, []])[:3]
            flock.append(Slot(place.take(bird), eggs, [place.take(t) for t in tucked]))
        seats.append(
            PocketSeat(
                nest_eggs=spec.get("nest", 1),
                rows=[flock],
                food_cards=[place.take(n) for n in spec.get("food", [])],
                hand=[place.take(n) for n in spec.get("birds", [])],
                turns=spec.get("turns", 0),
            )
        )
    deck_ids = [[place.take(n) for n in d] for d in (decks or [[], [], [], []])]
    up = [EMPTY if n is None else place.take(n) for n in (face_up or [None] * 4)]
    pile = [place.take(n) for n in discard]
    rest = place.left(c.id for c in cards.cards)
    opts = PocketRules.validate_options(options or {})
    if text is not None:
        opts["card_text"] = text
    goal_ids = {g.name: g.id for g in cards.goals}
    state = PocketState(seats, deck_ids, up, rest + pile, [GoalPick(goal_ids[g], s) for g, s in goals], first, current, rng.seed_state(seed))
    state.stack.append(PocketTurn(current))
    return Game("pocket", len(players), seed, opts, cards, state)


def goal_code(cards: CardSet, side_name: str) -> GoalPick:
    """What a classic state keeps for a goal side: the tile and its side."""
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


def _classic_position(
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
    cards, extra = deck_with("classic", extra_cards, vocabulary)
    opts = ClassicRules.validate_options(options or {})
    place = _Placer("classic bird", {c.name: c.id for c in cards.cards})
    place_bonus = _Placer("classic bonus card", {b.name: b.id for b in cards.bonuses})

    def slot(entry: Any) -> Slot:
        if isinstance(entry, str):
            entry = {"bird": entry}
        elif isinstance(entry, tuple):
            entry = {"bird": entry[0], "eggs": entry[1]}
        unknown = set(entry) - {"bird", "eggs", "cached", "tucked"}
        assert not unknown, f"unknown slot keys {unknown}"
        card = cards.cards[place.take(entry["bird"])]
        eggs = int(entry.get("eggs", 0))
        assert 0 <= eggs <= card.egg_limit, f"{card.name} holds at most {card.egg_limit} eggs"
        cached = _food_list(entry.get("cached"))
        return Slot(card.id, eggs, [place.take(n) for n in entry.get("tucked", ())], cached)

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
                hand=[place.take(n) for n in spec.get("hand", ())],
                food=_food_list(spec.get("food")),
                bonus=[place_bonus.take(n) for n in spec.get("bonus", ())],
                cubes_used=int(spec.get("cubes_used", 0)),
            )
        )
    tray_ids = [EMPTY if n is None else place.take(n) for n in tray]
    tray_ids += [EMPTY] * (ClassicRules.tray_size - len(tray_ids))
    deck_ids = [place.take(n) for n in deck]
    pile = [place.take(n) for n in discard]
    leftover = place.left(c.id for c in cards.cards if opts["swift_start"] or not c.swift_start)
    if isinstance(rest, int):  # into that player's hand, so deck and discard hold just what is named
        seats[rest].hand += leftover
    elif rest == "deck":
        deck_ids = leftover + deck_ids
    else:
        assert rest == "discard", rest
        pile = leftover + pile
    b_deck = [place_bonus.take(n) for n in bonus_deck]
    b_pile = [place_bonus.take(n) for n in bonus_discard]
    b_left = place_bonus.left(b.id for b in cards.bonuses)
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
    state.stack.append(ClassicTurn(current))
    state.turns_done = ClassicRules.turns_on_table(state, cards)  # (what the table shows: as a real game counts)
    if extra is not None:
        opts["extra_card_text"] = extra
    return Game("classic", n, seed, opts, cards, state)


def _oceania_position(
    players: Sequence[dict[str, Any]],
    *,
    nectar: Sequence[int] | None = None,
    spent: Sequence[Sequence[int]] | None = None,
    feeder: Sequence[str] = OCEANIA_FEEDER,
    options: dict[str, Any] | None = None,
    extra_cards: str = "",
    **where: Any,
) -> Game:
    """The classic position with the Oceania birds, then the Oceania parts of the table."""
    base = _classic_position(players, rest="deck", extra_cards=OCEANIA_TEXT + extra_cards, vocabulary=OCEANIA, **where)
    classic = base.state
    seats = [
        OceaniaSeat(**{a.name: getattr(seat, a.name) for a in attrs.fields(type(seat))}, spent_nectar=list(spent[i]) if spent else [0, 0, 0], cubes=[0, seat.cubes_used, 0, 0])
        for i, seat in enumerate(classic.seats)
    ]
    st = OceaniaState(seats, *(getattr(classic, a.name) for a in attrs.fields(type(classic))[1:]))
    for i, seat in enumerate(st.seats):
        seat.food = seat.food + [nectar[i] if nectar else 0]
        for row in seat.rows:
            for bird in row:
                bird.cached = bird.cached + [0]
    st.feeder = [OCEANIA_FACES.index(f) for f in feeder]
    opts = OceaniaRules.validate_options(options or {})
    if extra_cards:  # so a saved game finds the test's own birds again (the Oceania birds are shipped)
        opts["extra_card_text"] = extra_cards
    return Game("oceania", len(players), 0, opts, OceaniaRules.adjust_deck(base.cards, opts), st)


def last_turn(players: list[dict[str, Any]], **where: Any) -> Game:
    """Oceania, round 4, the last turn of the game: player 0 takes it, player 1 has taken all of theirs."""
    return position("oceania", [{**players[0], "cubes_used": 4}, {**players[1], "cubes_used": 5}], round=3, goal_points=[[0, 0]] * 3, **where)


# ---- playing from a script ---------------------------------------------------------------------


def _turn_mark(game: Game) -> tuple[int, str]:
    return game.current_player, game.turn_label()


class Script:
    """Answer decisions from a fixed list; fail on any surprise (see the module docstring)."""

    def __init__(self, game: Game):
        self.game = game

    def play(self, answers: Iterable[str], *, until_turn_ends: bool = True, turns: int = 1) -> Game:
        game = self.game
        opening = next(TURN_START[c] for c in rules_of(game.ruleset).__mro__ if c in TURN_START)
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
                f"scripted answer '{text}' is not an option of {pending.kind} [{pending.source}] for p{pending.player}: {[str(o) for o in pending.options]}"
            )
            game.apply(action)
            after = game.pending
            if after is None or (after.kind == opening and _turn_mark(game) != mark):
                ended += 1
                mark = _turn_mark(game)
        if until_turn_ends:
            pending = game.pending
            assert ended == turns or game.is_over, (
                f"unscripted decision: {pending.kind} [{pending.source}] for p{pending.player}: {[str(o) for o in pending.options]}" if pending is not None else "?"
            )
        return game


def finish_turn(game: Game) -> None:
    """Classic and Oceania: the current player gains food, taking the first die offered, until the turn is over."""
    game.apply("gain-food")
    while game.pending is not None and game.pending.kind in ("feeder", "conversion"):
        game.apply("skip" if game.pending.kind == "conversion" else options(game)[0])


def lay_all(game: Game) -> None:
    """Lay every egg a power offers, one by one."""
    while game.pending is not None and game.pending.kind == "lay-eggs":
        game.apply(next(o for o in options(game) if o.startswith("egg ")))


# ---- reading the position back -----------------------------------------------------------------


def options(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def rule_ids(verdict: Verdict) -> list[str]:
    assert not verdict.legal, "expected the action to be rejected"
    return [v.rule_id for v in verdict.violations]


def name(game: Game, card: int) -> str:
    return game.cards.cards[card].name


def _row(game: Game, player: int, habitat: str | None) -> list[Slot]:
    rows = game.state.seats[player].rows
    if habitat is None:
        assert len(rows) == 1, "name the habitat"
        return list(rows[0])
    return list(rows[rules_of(game.ruleset).habitats.index(habitat)])


def row_names(game: Game, player: int, habitat: str | None = None) -> list[str]:
    """The birds of a habitat left to right (Pocket: of the flock, no habitat named)."""
    return [name(game, s.card) for s in _row(game, player, habitat)]


def slot_of(game: Game, player: int, bird: str) -> Slot:
    for row in game.state.seats[player].rows:
        for s in row:
            if name(game, s.card) == bird:
                return s
    raise KeyError(bird)


def eggs_of(game: Game, player: int, bird: str) -> int:
    return slot_of(game, player, bird).eggs


def _foods(game: Game) -> tuple[str, ...]:
    """The foods of the game's ruleset (a variant or an expansion may have more than five)."""
    return rules_of(game.ruleset).foods


def cached_of(game: Game, player: int, bird: str) -> dict[str, int]:
    return {f: n for f, n in zip(_foods(game), slot_of(game, player, bird).cached, strict=True) if n}


def tucked_of(game: Game, player: int, bird: str) -> list[str]:
    return [name(game, c) for c in slot_of(game, player, bird).tucked]


def hand_names(game: Game, player: int) -> list[str]:
    return sorted(name(game, c) for c in game.state.seats[player].hand)


def food_of(game: Game, player: int) -> dict[str, int]:
    """Classic and Oceania: the food a player holds, by name."""
    return {f: n for f, n in zip(_foods(game), game.state.seats[player].food, strict=True) if n}


def deck_names(game: Game, deck: int | None = None) -> list[str]:
    """The deck bottom to top (Pocket: deck number ``deck``, 0-based)."""
    st = game.state
    ids = st.deck if deck is None else st.decks[deck]
    return [name(game, c) for c in ids]


def discard_names(game: Game) -> list[str]:
    return [name(game, c) for c in game.state.discard]


def feeder_faces(game: Game) -> list[str]:
    return sorted(rules_of(game.ruleset).dice.names[f] for f in game.state.feeder)


def tray_names(game: Game) -> list[str | None]:
    return [None if c == EMPTY else name(game, c) for c in game.state.tray]


def bonus_names(game: Game, player: int) -> list[str]:
    return sorted(game.cards.bonuses[b].name for b in game.state.seats[player].bonus)


def total_eggs(game: Game, player: int) -> int:
    return sum(s.eggs for row in game.state.seats[player].rows for s in row)


def conserved(game: Game) -> tuple[list[int], list[int]]:
    """Classic and Oceania: every bird card and bonus card in the game, sorted (they must never change)."""
    return sorted(all_birds(game.state)), sorted(all_bonus(game.state))


def rolled(state: rng.Chance, count: int) -> list[str]:
    """Classic: the faces the engine's generator will roll next (the game keeps its generator in its state)."""
    return [DICE_FACES[face] for face in rng.several(state, len(DICE_FACES), count)[1]]


def face_up_names(game: Game) -> list[str | None]:
    """Pocket: the face-up birds of the supply."""
    return [None if c == EMPTY else name(game, c) for c in game.state.face_up]


def food_kinds(game: Game, player: int) -> list[str]:
    """Pocket: the food sides of a player's food cards, sorted."""
    return sorted(game.cards.cards[c].food_kind for c in game.state.seats[player].food_cards)


def tucked_names(game: Game, player: int, bird: int) -> list[str]:
    """Pocket: the cards tucked under the flock's bird number ``bird`` (0-based)."""
    return [name(game, c) for c in _row(game, player, None)[bird].tucked]


def eggs(game: Game, player: int) -> tuple[int, list[int]]:
    """Pocket: (Nest eggs, eggs on each flock bird left to right)."""
    p = game.state.seats[player]
    return p.nest_eggs, [b.eggs for b in p.flock]


def total_cards(game: Game) -> int:
    from wingspan_rules.pocket.validate import all_cards

    return len(all_cards(game.state))


def names_except(used: Iterable[str], cards: CardSet = SHIPPED["pocket"]) -> list[str]:
    """Every card name of the deck not in ``used``, in deck order."""
    taken = set(used)
    return [c.name for c in cards.cards if c.name not in taken]


def placed_names(players: Sequence[dict[str, Any]], decks: Sequence[Sequence[str]], face_up: Sequence[str | None], discard: Sequence[str] = ()) -> list[str]:
    """Pocket: every card name a ``position`` spec places (flocks, tucked cards, reserves, decks, supply)."""
    out: list[str] = []
    for spec in players:
        for entry in spec.get("flock", []):
            if isinstance(entry, str):
                out.append(entry)
            else:
                out.append(entry[0])
                out.extend(entry[2] if len(entry) > 2 else [])
        out += list(spec.get("food", [])) + list(spec.get("birds", []))
    for deck in decks:
        out += list(deck)
    out += [n for n in face_up if n is not None]
    out += list(discard)
    return out


__all__ = [
    "Action",
    "DEFAULT_GOALS",
    "FILLER_FISH",
    "FILLER_RODENT",
    "FILLER_SEED",
    "SHIPPED",
    "Script",
    "bonus_names",
    "cached_of",
    "conserved",
    "deck_names",
    "deck_with",
    "discard_names",
    "eggs",
    "eggs_of",
    "face_up_names",
    "feeder_faces",
    "finish_turn",
    "food_kinds",
    "food_of",
    "goal_code",
    "hand_names",
    "last_turn",
    "lay_all",
    "name",
    "names_except",
    "options",
    "placed_names",
    "position",
    "rolled",
    "row_names",
    "rule_ids",
    "slot_of",
    "total_cards",
    "total_eggs",
    "tray_names",
    "tucked_names",
    "tucked_of",
]
