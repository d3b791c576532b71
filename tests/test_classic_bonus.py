"""The classic bonus cards in cards/classic/bonus.wsp: what each counts on hand-built boards and
the points of each count, at the edges of every tier.

The boards use small test birds compiled next to the real bonus (and goal) files, so they do not
depend on the bird files.  A last group checks the real core birds against
tests/data/core_bonus_flags.json (bird name -> the core bonus cards it counts for; facts only).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from wingspan_rules import rng
from wingspan_rules.cards import Bonus, Card, CardSet, card_set, cards_dir, compile_sources
from wingspan_rules.classic.rules import ClassicRules as ClassicEngine
from wingspan_rules.classic.scoring import measure, score
from wingspan_rules.classic.state import EMPTY, ClassicSeat, ClassicState
from wingspan_rules.dsl.vocabulary import CLASSIC
from wingspan_rules.engine.state import Bird, GoalPick
from wingspan_rules.filters import bird_passes

HABITATS = ClassicEngine.habitats


def Seat(hand: list[int] | None = None) -> ClassicSeat:  # noqa: N802 - reads like the record it builds
    """An empty mat with one of each food, as a seat starts."""
    return ClassicSeat(rows=[[] for _ in ClassicEngine.habitats], food=[1] * len(ClassicEngine.foods), hand=hand or [])


def Slot(card: int, eggs: int = 0) -> Bird:  # noqa: N802
    """A bird on a mat with nothing cached or tucked."""
    return Bird(card, eggs, cached=[0] * len(ClassicEngine.foods))

BONUS_FILE = cards_dir("classic") / "bonus.wsp"
FLAGS_FIXTURE = Path(__file__).parent / "data" / "core_bonus_flags.json"
FLAGS: dict[str, list[str]] = json.loads(FLAGS_FIXTURE.read_text(encoding="utf-8"))

CORE_BONUSES = (
    "Anatomist", "Backyard Birder", "Bird Counter", "Bird Feeder", "Breeding Manager", "Cartographer",
    "Ecologist", "Enclosure Builder", "Falconer", "Fishery Manager", "Food Web Expert", "Forester",
    "Historian", "Large Bird Specialist", "Nest Box Builder", "Omnivore Expert", "Oologist",
    "Passerine Specialist", "Photographer", "Platform Builder", "Prairie Manager", "Rodentologist",
    "Visionary Leader", "Viticulturalist", "Wetland Scientist", "Wildlife Gardener",
)


# ---- test birds ------------------------------------------------------------------------------
DEFAULT_BIRD: dict[str, Any] = {
    "habitats": "forest grassland wetland",
    "cost": "invertebrate seed",
    "points": 4,
    "nest": "bowl",
    "egg_limit": 5,
    "wingspan": 40,
    "power": None,
}


def bird_block(name: str, **fields: Any) -> str:
    f = {**DEFAULT_BIRD, **fields}
    lines = [
        f'bird "{name}" {{',
        f"  habitats: {f['habitats']}",
        f"  cost: {f['cost']}",
        f"  points: {f['points']}",
        f"  nest: {f['nest']}",
        f"  egg_limit: {f['egg_limit']}",
        f"  wingspan: {f['wingspan']}",
    ]
    if f["power"]:
        lines.append(f"  power {f['power']}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def variants(prefix: str, count: int, options: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    """``count`` distinct test birds, cycling through the given field variants."""
    return [(f"{prefix} {i + 1}", options[i % len(options)]) for i in range(count)]


def named(names: list[str]) -> list[tuple[str, dict[str, Any]]]:
    return [(n, {}) for n in names]


# Per bonus card: the birds that count (as many as the largest count tested) and near misses
# that must not count.  Boards hold the first ``n`` counting birds plus every near miss.
CASES: dict[str, tuple[list[tuple[str, dict[str, Any]]], list[tuple[str, dict[str, Any]]]]] = {
    "Anatomist": (
        named(["Black-Billed Magpie", "Red Crossbill", "Blue Grosbeak", "Cedar Waxwing", "Tufted Titmouse",
               "Yellow-Rumped Warbler", "Dark-Eyed Junco", "Loggerhead Shrike"]),
        named(["Canvasback", "Burrowing Owl", "Trumpeter Swan", "Bell's Vireo", "Horned Lark"]),
    ),
    "Backyard Birder": (
        variants("Small Score", 9, [{"points": 3}, {"points": 0}, {"points": 1}, {"points": 2}]),
        variants("Big Score", 2, [{"points": 4}, {"points": 9}]),
    ),
    "Bird Counter": (
        variants("Flock", 4, [
            {"power": "brown: tuck card -> draw card"},
            {"power": "brown: discard food seed -> tuck 2 card from deck"},
            {"power": "pink: when other plays bird in grassland: tuck card"},
        ]),
        variants("Loner", 2, [{"power": "brown: gain seed from feeder"}, {"power": None}]),
    ),
    "Bird Feeder": (
        variants("Seed Eater", 9, [{"cost": "seed"}, {"cost": "2 seed fruit"}, {"cost": "invertebrate / seed"}]),
        variants("No Seed", 3, [{"cost": "2 any"}, {"cost": "fruit"}, {"cost": "invertebrate / fruit"}]),
    ),
    "Breeding Manager": (
        variants("Full Nest", 4, [{"eggs": 4}, {"eggs": 5}]),
        variants("Short Nest", 3, [{"eggs": 3}, {"eggs": 0}, {"eggs": 1}]),
    ),
    "Cartographer": (
        named(["American Robin", "Northern Cardinal", "Sandhill Crane", "Inca Dove", "Eastern Phoebe",
               "Savannah Sparrow"]),
        named(["Spotted Sandpiper", "Lincoln's Sparrow", "Turkey Vulture", "Wood Duck"]),
    ),
    "Enclosure Builder": (
        variants("Ground Nester", 7, [{"nest": "ground"}, {"nest": "wild"}]),
        variants("Tree Nester", 3, [{"nest": "bowl"}, {"nest": "cavity"}, {"nest": "none"}]),
    ),
    "Falconer": (
        variants("Hunter", 4, [
            {"power": "brown: hunt wingspan < 75"},
            {"power": "brown: roll dice for rodent"},
            {"power": "brown: roll dice for fish"},
        ]),
        variants("Scavenger", 2, [
            {"power": "pink: when other predator succeeds: gain die from feeder"},
            {"power": "brown: cache rodent from supply"},
        ]),
    ),
    "Fishery Manager": (
        variants("Fisher", 5, [{"cost": "fish"}, {"cost": "2 fish rodent"}, {"cost": "invertebrate / fish"}]),
        variants("No Fish", 2, [{"cost": "any"}, {"cost": "rodent"}]),
    ),
    "Food Web Expert": (
        variants("Insect Eater", 4, [{"cost": "invertebrate"}, {"cost": "2 invertebrate"}]),
        variants("Mixed Eater", 3, [{"cost": "invertebrate seed"}, {"cost": "invertebrate / seed"},
                                    {"cost": "invertebrate any"}]),
    ),
    "Forester": (
        variants("Forest Only", 5, [{"habitats": "forest"}]),
        variants("Forest Edge", 2, [{"habitats": "forest grassland"}, {"habitats": "forest wetland"}]),
    ),
    "Historian": (
        named(["Anna's Hummingbird", "Cooper's Hawk", "Say's Phoebe", "Wilson's Snipe"]),
        named(["Eastern Phoebe", "Killdeer"]),
    ),
    "Large Bird Specialist": (
        variants("Large", 7, [{"wingspan": 66}, {"wingspan": 200}]),
        variants("Medium", 2, [{"wingspan": 65}, {"wingspan": 30}]),
    ),
    "Nest Box Builder": (
        variants("Cavity Nester", 7, [{"nest": "cavity"}, {"nest": "wild"}]),
        variants("Open Nester", 3, [{"nest": "bowl"}, {"nest": "platform"}, {"nest": "ground"}]),
    ),
    "Omnivore Expert": (
        variants("Omnivore", 3, [{"cost": "any"}, {"cost": "seed any"}, {"cost": "2 any"}]),
        variants("Picky", 2, [{"cost": "seed fish"}, {"cost": "invertebrate / fruit"}]),
    ),
    "Oologist": (
        variants("Layer", 10, [{"eggs": 1}, {"eggs": 3}]),
        variants("Empty", 2, [{"eggs": 0}]),
    ),
    "Passerine Specialist": (
        variants("Small", 7, [{"wingspan": 30}, {"wingspan": 20}]),
        variants("Not Small", 2, [{"wingspan": 31}, {"wingspan": 66}]),
    ),
    "Photographer": (
        named(["Red-Tailed Hawk", "Blue Jay", "Snowy Egret", "Ruddy Duck", "Indigo Bunting", "Golden Eagle",
               "Gray Catbird"]),
        named(["Painted Bunting", "Northern Cardinal", "Cedar Waxwing", "Wood Duck"]),
    ),
    "Platform Builder": (
        variants("Platform Nester", 7, [{"nest": "platform"}, {"nest": "wild"}]),
        variants("Other Nester", 2, [{"nest": "bowl"}, {"nest": "ground"}]),
    ),
    "Prairie Manager": (
        variants("Grassland Only", 5, [{"habitats": "grassland"}]),
        variants("Grassland Edge", 2, [{"habitats": "forest grassland"}, {"habitats": "grassland wetland"}]),
    ),
    "Rodentologist": (
        variants("Rodent Eater", 3, [{"cost": "rodent"}, {"cost": "invertebrate / rodent"}]),
        variants("No Rodent", 2, [{"cost": "any"}, {"cost": "fish"}]),
    ),
    "Viticulturalist": (
        variants("Fruit Eater", 5, [{"cost": "fruit"}, {"cost": "2 fruit seed"}, {"cost": "invertebrate / fruit"}]),
        variants("No Fruit", 2, [{"cost": "any"}, {"cost": "seed"}]),
    ),
    "Wetland Scientist": (
        variants("Wetland Only", 5, [{"habitats": "wetland"}]),
        variants("Wetland Edge", 2, [{"habitats": "grassland wetland"}, {"habitats": "forest wetland"}]),
    ),
    "Wildlife Gardener": (
        variants("Bowl Nester", 7, [{"nest": "bowl"}, {"nest": "wild"}]),
        variants("Other Nest", 3, [{"nest": "cavity"}, {"nest": "platform"}, {"nest": "none"}]),
    ),
}

# count -> points, from the printed tiers: below the first tier, each tier's edges, the open tier.
EXPECTED: dict[str, dict[int, int]] = {
    "Anatomist": {0: 0, 1: 0, 2: 3, 3: 3, 4: 7, 5: 7},
    "Backyard Birder": {0: 0, 4: 0, 5: 3, 6: 3, 7: 6, 9: 6},
    "Bird Counter": {0: 0, 1: 2, 4: 8},
    "Bird Feeder": {0: 0, 4: 0, 5: 3, 7: 3, 8: 7, 9: 7},
    "Breeding Manager": {0: 0, 1: 1, 4: 4},
    "Cartographer": {0: 0, 1: 0, 2: 3, 3: 3, 4: 7, 6: 7},
    "Enclosure Builder": {0: 0, 3: 0, 4: 4, 5: 4, 6: 7, 7: 7},
    "Falconer": {0: 0, 1: 2, 4: 8},
    "Fishery Manager": {0: 0, 1: 0, 2: 3, 3: 3, 4: 8, 5: 8},
    "Food Web Expert": {0: 0, 1: 2, 4: 8},
    "Forester": {0: 0, 2: 0, 3: 4, 4: 4, 5: 8},
    "Historian": {0: 0, 1: 2, 4: 8},
    "Large Bird Specialist": {0: 0, 3: 0, 4: 3, 5: 3, 6: 6, 7: 6},
    "Nest Box Builder": {0: 0, 3: 0, 4: 4, 5: 4, 6: 7, 7: 7},
    "Omnivore Expert": {0: 0, 1: 2, 3: 6},
    "Oologist": {0: 0, 6: 0, 7: 3, 8: 3, 9: 6, 10: 6},
    "Passerine Specialist": {0: 0, 3: 0, 4: 3, 5: 3, 6: 6, 7: 6},
    "Photographer": {0: 0, 3: 0, 4: 3, 5: 3, 6: 6, 7: 6},
    "Platform Builder": {0: 0, 3: 0, 4: 4, 5: 4, 6: 7, 7: 7},
    "Prairie Manager": {0: 0, 1: 0, 2: 3, 3: 3, 4: 8, 5: 8},
    "Rodentologist": {0: 0, 1: 2, 3: 6},
    "Viticulturalist": {0: 0, 1: 0, 2: 3, 3: 3, 4: 7, 5: 7},
    "Wetland Scientist": {0: 0, 2: 0, 3: 3, 4: 3, 5: 7},
    "Wildlife Gardener": {0: 0, 3: 0, 4: 4, 5: 4, 6: 7, 7: 7},
}


def _test_birds() -> str:
    seen: dict[str, str] = {}
    for hits, misses in CASES.values():
        for name, fields in hits + misses:
            fields = {k: v for k, v in fields.items() if k != "eggs"}
            block = bird_block(name, **fields)
            assert seen.setdefault(name, block) == block, f"test bird {name} defined two ways"
    seen.setdefault("Filler", bird_block("Filler"))
    return "".join(seen.values())


@pytest.fixture(scope="module")
def deck() -> CardSet:
    return compile_sources(
        [("bonus.wsp", BONUS_FILE.read_text(encoding="utf-8")), ("test_birds.wsp", _test_birds())], CLASSIC
    )


def bonus(deck: CardSet, name: str) -> Bonus:
    found = [b for b in deck.bonuses if b.name == name]
    assert len(found) == 1, f"bonus card {name}: {len(found)} definitions"
    return found[0]


def make_engine(deck: CardSet, seats: list[Seat], options: dict[str, Any] | None = None) -> ClassicEngine:
    state = ClassicState(
        seats=seats, deck=[], tray=[EMPTY] * 3, discard=[], bonus_deck=[], bonus_discard=[],
        feeder=[0, 1, 2, 3, 4], goals=[GoalPick(0, 0), GoalPick(1, 0), GoalPick(2, 0), GoalPick(3, 0)], goal_points=[], first=0, current=0, rng=rng.seed_state(1),
    )
    return ClassicEngine(deck, {**ClassicEngine.validate_options({}), **(options or {})}, state)


def place(deck: CardSet, birds: list[tuple[str, int]]) -> Seat:
    """A mat holding these birds (name, eggs), each in the first of its habitats with room."""
    seat = Seat()
    for name, eggs in birds:
        card = deck.card(name)
        assert eggs <= card.egg_limit
        row = next(r for h, r in zip(HABITATS, seat.rows, strict=True) if h in card.habitats and len(r) < 5)
        row.append(Slot(card.id, eggs))
    return seat


# ---- the file --------------------------------------------------------------------------------
def test_bonus_file_holds_the_26_core_cards(deck: CardSet) -> None:
    assert [b.name for b in deck.bonuses] == list(CORE_BONUSES)
    assert {b.id for b in deck.bonuses} == set(range(26))
    assert set(CASES) | set(EXPECTED) | {"Ecologist", "Visionary Leader"} == set(CORE_BONUSES)


def test_the_shipped_card_set_has_the_bonus_cards() -> None:
    assert [b.name for b in card_set("classic").bonuses] == list(CORE_BONUSES)


# ---- boards ----------------------------------------------------------------------------------
BOARD_CASES = [(name, count, points) for name, table in EXPECTED.items() for count, points in table.items()]


@pytest.mark.parametrize(("name", "count", "points"), BOARD_CASES, ids=[f"{n}-{c}" for n, c, _ in BOARD_CASES])
def test_bonus_counts_the_board_and_scores_the_tier(deck: CardSet, name: str, count: int, points: int) -> None:
    hits, misses = CASES[name]
    assert count <= len(hits)
    birds = [(n, f.get("eggs", 0)) for n, f in hits[:count] + misses]
    other = [(n, f.get("eggs", 0)) for n, f in hits]  # another player's mat counts for them only
    engine = make_engine(deck, [place(deck, birds), place(deck, other)])
    card = bonus(deck, name)
    assert measure(engine, 0, card.counts) == count
    assert card.points(count) == points
    assert measure(engine, 1, card.counts) == len(hits)


@pytest.mark.parametrize("name", list(CASES))
def test_near_misses_count_for_nothing(deck: CardSet, name: str) -> None:
    _, misses = CASES[name]
    engine = make_engine(deck, [place(deck, [(n, f.get("eggs", 0)) for n, f in misses])])
    assert measure(engine, 0, bonus(deck, name).counts) == 0


def test_a_wild_nest_counts_for_every_nest_card(deck: CardSet) -> None:
    wild = deck.card("Ground Nester 2")
    assert wild.nest == "wild"
    for name in ("Enclosure Builder", "Nest Box Builder", "Platform Builder", "Wildlife Gardener"):
        assert bird_passes(wild, bonus(deck, name).counts.test), name


@pytest.mark.parametrize(
    ("rows", "count", "points"),
    [
        ((0, 0, 0), 0, 0),
        ((3, 0, 2), 0, 0),  # an empty habitat is the fewest
        ((3, 1, 2), 1, 2),
        ((2, 2, 2), 2, 4),
        ((5, 4, 5), 4, 8),
        ((5, 5, 5), 5, 10),
    ],
)
def test_ecologist_counts_the_habitat_with_fewest_birds(
    deck: CardSet, rows: tuple[int, int, int], count: int, points: int
) -> None:
    seat = Seat()
    filler = deck.card("Filler").id
    for row, n in zip(seat.rows, rows, strict=True):
        row.extend(Slot(filler) for _ in range(n))
    card = bonus(deck, "Ecologist")
    engine = make_engine(deck, [seat])
    assert measure(engine, 0, card.counts) == count
    assert card.points(count) == points


@pytest.mark.parametrize(("cards", "points"), [(0, 0), (4, 0), (5, 4), (7, 4), (8, 7), (12, 7)])
def test_visionary_leader_counts_cards_in_hand(deck: CardSet, cards: int, points: int) -> None:
    seat = place(deck, [("Filler", 2)])  # birds on the mat are not in hand
    seat.hand = list(range(cards))
    card = bonus(deck, "Visionary Leader")
    engine = make_engine(deck, [seat, Seat(hand=[0, 1, 2, 3, 4, 5, 6, 7, 8])])
    assert measure(engine, 0, card.counts) == cards
    assert card.points(cards) == points


def test_final_score_adds_the_points_of_each_kept_bonus_card(deck: CardSet) -> None:
    birds = [("Fisher 1", 0), ("Fisher 2", 0), ("Fisher 3", 0), ("Fisher 4", 0), ("Layer 1", 1)]
    seat = place(deck, birds)
    seat.bonus = [bonus(deck, "Fishery Manager").id, bonus(deck, "Historian").id]
    other = place(deck, [("Anna's Hummingbird", 0)])
    other.bonus = [bonus(deck, "Historian").id]
    sheet = score(make_engine(deck, [seat, other]))
    assert sheet.players[0].bonus == 8 + 0
    assert sheet.players[1].bonus == 2


# ---- the real core birds against the printed flags ------------------------------------------
# Where a word list cannot match the flags (see the notes in cards/classic/bonus.wsp):
# Canvasback counts for Anatomist only with the expansions' words.  (Photographer's "red" inside
# "Barred Owl" is ruled out by `except barred`.)
NOT_FLAGGED_BUT_COUNTED: dict[str, set[str]] = {}
FLAGGED_BUT_NOT_COUNTED = {"Anatomist": {"Canvasback"}}
FLAG_BONUSES = sorted({f for flags in FLAGS.values() for f in flags})


def test_flags_fixture_is_the_180_core_birds() -> None:
    assert len(FLAGS) == 180
    assert set(FLAG_BONUSES) == set(CORE_BONUSES) - {"Breeding Manager", "Ecologist", "Oologist", "Visionary Leader"}


@pytest.fixture(scope="module")
def core_birds() -> list[Card]:
    cards = [c for c in card_set("classic").cards if c.card_set == "core"]
    assert len(cards) == 180, "every core bird is in cards/classic"
    unknown = [c.name for c in cards if c.name not in FLAGS]
    assert not unknown, f"core birds missing from {FLAGS_FIXTURE.name}: {unknown}"
    return cards


@pytest.mark.parametrize("name", FLAG_BONUSES)
def test_core_birds_counted_match_the_flags(core_birds: list[Card], name: str) -> None:
    card = bonus(card_set("classic"), name)
    counted = {c.name for c in core_birds if bird_passes(c, card.counts.test)}
    flagged = {c.name for c in core_birds if name in FLAGS[c.name]}
    present = {c.name for c in core_birds}
    assert counted - flagged == NOT_FLAGGED_BUT_COUNTED.get(name, set()) & present
    assert flagged - counted == FLAGGED_BUT_NOT_COUNTED.get(name, set()) & present


def test_the_known_word_list_differences_are_real() -> None:
    """The exceptions above name core birds, flagged the way the notes say."""
    assert "Anatomist" in FLAGS["Canvasback"]


def test_photographer_is_not_fooled_by_barred() -> None:
    photographer = bonus(card_set("classic"), "Photographer")
    by_name = {c.name: c for c in card_set("classic").cards}
    assert "Photographer" not in FLAGS["Barred Owl"] and "red" in "barred owl"
    assert not bird_passes(by_name["Barred Owl"], photographer.counts.test)
    for name in ("Red-Eyed Vireo", "American Redstart", "Northern Bobwhite"):
        assert bird_passes(by_name[name], photographer.counts.test), name


def test_named_except_reads_back_and_needs_words() -> None:
    from wingspan_rules import DslError
    from wingspan_rules.dsl.render import measure_dsl

    text = 'bonus "Colours" {\n  counts: birds named red except barred ferred\n  scores: 2+ = 3\n}\n'
    deck = compile_sources([("c.wsp", text)], CLASSIC)
    measure_text = measure_dsl(deck.bonuses[0].measure)
    assert measure_text == "birds named red except barred ferred"
    with pytest.raises(DslError) as err:
        compile_sources([("c.wsp", text.replace(" barred ferred", ""))], CLASSIC)
    assert "after 'except'" in str(err.value)
