"""The Oceania birds written so far (cards/oceania): their printed facts, and a strict scripted
test for each one: the exact outcome, every option offered, and skipping changes nothing.

tests/data/oceania_birds_facts.json holds the facts of the 95 Oceania birds (names and printed
numbers only, no power text); every bird of cards/oceania must match its record.
"""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path
from typing import Any

import pytest
from scripted import bonus_names, cached_of, discard_names, eggs_of, finish_turn, food_of, hand_names, last_turn, lay_all, options, position, row_names, tray_names, tucked_of

from wingspan_rules import Game, load, new_game
from wingspan_rules.cards import card_set
from wingspan_rules.cli import main
from wingspan_rules.oceania.rules import OceaniaRules

FACTS: dict[str, dict[str, Any]] = {
    r["name"]: r for r in json.loads((Path(__file__).parent / "data" / "oceania_birds_facts.json").read_text(encoding="utf-8"))
}
FACT_FIELDS = ("name", "set", "swift_start", "habitats", "food_cost", "food_cost_mode", "points", "nest", "egg_limit", "wingspan_cm",
               "flightless", "predator", "flocking", "power_colour")


def test_every_written_oceania_bird_matches_its_printed_facts() -> None:
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["cards", "export", "oceania"]) == 0
    exported = json.loads(out.getvalue())
    assert [r["name"] for r in exported] == [c.name for c in card_set("oceania").cards]
    assert len(exported) == 95 == len(FACTS)  # every Oceania bird
    for record in exported:
        fact = FACTS.get(record["name"])
        assert fact is not None, f"{record['name']} is not an Oceania bird"
        for field in FACT_FIELDS:
            assert record[field] == fact[field], f"{record['name']}: {field}"
        assert record["power_dsl"] and record["power"]


def _seat(game: Game, player: int) -> tuple[Any, ...]:
    """What a power may change for a player: food, and each bird's eggs, tucks and cache."""
    seat = game.state.seats[player]
    return (tuple(seat.food), tuple(seat.hand), tuple((b.card, b.eggs, tuple(b.tucked), tuple(b.cached)) for row in seat.rows for b in row))


def _to_power(game: Game, action: str, bird: str) -> None:
    """Take an action, declining or cutting short its own steps, up to ``bird``'s power."""
    game.apply(action)
    while game.pending is not None and game.pending.source != bird:
        kind = game.pending.kind
        if kind == "conversion":
            game.apply("skip")
        else:
            game.apply("stop" if "stop" in options(game) else options(game)[0])
    assert game.pending is not None and game.pending.source == bird and options(game) == ["use", "skip"]


def _skip_changes_nothing(make: Any, action: str, bird: str) -> None:
    game = make()
    _to_power(game, action, bird)
    before = [_seat(game, p) for p in range(game.players)]
    game.apply("skip")
    assert [_seat(game, p) for p in range(game.players)] == before


# ---- brown powers -------------------------------------------------------------------------------


def test_silvereye() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Silvereye"]}, {}])

    game = make()
    _to_power(game, "gain-food", "Silvereye")
    game.apply("use")
    assert food_of(game, 0) == {"nectar": 1} and food_of(game, 1) == {"nectar": 1}
    _skip_changes_nothing(make, "gain-food", "Silvereye")


def test_many_colored_fruit_dove() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Many-Colored Fruit-Dove"]}, {}])

    game = make()
    _to_power(game, "gain-food", "Many-Colored Fruit-Dove")
    game.apply("use")
    # the owner's share ("you:") is the fruit everyone gains and the additional one, 2 in all
    while game.pending is not None and game.pending.player == 0 and game.pending.source == "Many-Colored Fruit-Dove":
        game.apply("take fruit" if "take fruit" in options(game) else options(game)[0])
    assert food_of(game, 0) == {"fruit": 2} and food_of(game, 1) == {"fruit": 1}
    _skip_changes_nothing(make, "gain-food", "Many-Colored Fruit-Dove")


@pytest.mark.parametrize(("bird", "gained"), [("Major Mitchell's Cockatoo", "seed"), ("Sulphur-Crested Cockatoo", "nectar")])
def test_tuck_then_all_players_gain(bird: str, gained: str) -> None:
    def make() -> Game:
        return position("oceania", [{"forest": [bird], "hand": ["Mallard", "Killdeer"]}, {}])

    game = make()
    _to_power(game, "gain-food", bird)
    game.apply("use")
    assert options(game) == ["tuck Mallard", "tuck Killdeer"]
    game.apply("tuck Killdeer")
    assert tucked_of(game, 0, bird) == ["Killdeer"]
    assert options(game) == ["use", "skip"]  # the benefit after a requirement is offered, not imposed
    game.apply("use")
    assert food_of(game, 0) == {gained: 1} and food_of(game, 1) == {gained: 1}
    _skip_changes_nothing(make, "gain-food", bird)
    # with no card in hand there is nothing to tuck: the power is passed over
    game = position("oceania", [{"forest": [bird]}, {}])
    finish_turn(game)
    assert game.state.current == 1


def test_horsfields_bushlark() -> None:
    def make() -> Game:
        return position("oceania", [{"grassland": ["Horsfield's Bushlark"], "food": {"seed": 1, "fish": 1}}, {}])

    game = make()
    _to_power(game, "lay-eggs", "Horsfield's Bushlark")
    game.apply("use")  # the seed is the one food that meets the requirement: paid at once
    assert food_of(game, 0) == {"fish": 1} and options(game) == ["use", "skip"]
    game.apply("use")
    assert options(game) == ["egg Horsfield's Bushlark", "stop"]  # up to 2 eggs
    game.apply("egg Horsfield's Bushlark")
    game.apply("egg Horsfield's Bushlark")
    assert eggs_of(game, 0, "Horsfield's Bushlark") == 2 and food_of(game, 0) == {"fish": 1}
    _skip_changes_nothing(make, "lay-eggs", "Horsfield's Bushlark")
    game = position("oceania", [{"grassland": ["Horsfield's Bushlark"], "food": {"fish": 1}}, {}], nectar=[1, 0])
    game.apply("lay-eggs")
    while game.pending is not None and game.pending.player == 0:
        assert game.pending.source != "Horsfield's Bushlark"  # no seed: not offered
        game.apply("skip" if game.pending.kind == "conversion" else "stop")


def test_pukeko() -> None:
    def make() -> Game:
        return position("oceania", [{"wetland": ["Atlantic Puffin", "Pūkeko"], "grassland": ["Bobolink", "Sprague's Pipit"], "forest": ["Hooded Warbler"]}, {}])

    game = make()
    _to_power(game, "draw-cards", "Pūkeko")
    game.apply("use")
    # left in its row, and above it in the grassland's 2nd column (nothing to its right or below)
    assert options(game) == ["egg Sprague's Pipit", "egg Atlantic Puffin", "stop"]
    game.apply("egg Sprague's Pipit")
    assert eggs_of(game, 0, "Sprague's Pipit") == 1 and eggs_of(game, 0, "Atlantic Puffin") == 0
    _skip_changes_nothing(make, "draw-cards", "Pūkeko")


def test_rufous_banded_honeyeater() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Rufous-Banded Honeyeater"], "food": {"invertebrate": 1}}, {}], feeder=["fish", "fish", "rodent"])

    game = make()
    _to_power(game, "gain-food", "Rufous-Banded Honeyeater")
    game.apply("use")  # the invertebrate is discarded at once (the only one)
    assert options(game) == ["use", "skip"]
    game.apply("use")
    assert food_of(game, 0) == {"nectar": 1}
    _skip_changes_nothing(make, "gain-food", "Rufous-Banded Honeyeater")


def test_new_holland_honeyeater() -> None:
    def make() -> Game:
        return position("oceania", [{"grassland": ["New Holland Honeyeater"]}, {}], feeder=["nectar/seed", "fish", "rodent"])

    game = make()
    _to_power(game, "lay-eggs", "New Holland Honeyeater")
    game.apply("use")
    assert options(game) == ["take nectar", "stop"]  # the nectar half of the nectar/seed die, never the seed
    game.apply("take nectar")
    assert food_of(game, 0) == {"nectar": 1} and len(game.state.feeder) == 2
    _skip_changes_nothing(make, "lay-eggs", "New Holland Honeyeater")
    # no nectar showing (and no reroll: the dice differ): passed over
    game = position("oceania", [{"grassland": ["New Holland Honeyeater"]}, {}], feeder=["fish", "rodent"])
    game.apply("lay-eggs")
    while game.pending is not None and game.pending.player == 0:
        assert game.pending.source != "New Holland Honeyeater"
        game.apply("stop")


# ---- pink powers --------------------------------------------------------------------------------


def test_pheasant_coucal() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Wild Turkey"]}, {"grassland": ["Pheasant Coucal"]}])

    game = make()
    game.apply("lay-eggs")
    game.apply("egg Wild Turkey")
    assert game.pending.player == 1 and game.pending.source == "Pheasant Coucal" and options(game) == ["use", "skip"]
    game.apply("use")
    assert eggs_of(game, 1, "Pheasant Coucal") == 1
    game = make()
    before = _seat(game, 1)
    game.apply("lay-eggs")
    game.apply("egg Wild Turkey")
    game.apply("skip")
    assert _seat(game, 1) == before


def test_horsfields_bronze_cuckoo() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Wild Turkey"]}, {"forest": ["Horsfield's Bronze-Cuckoo", "Splendid Fairywren", "Hooded Warbler"]}])

    game = make()
    game.apply("lay-eggs")
    game.apply("egg Wild Turkey")
    assert game.pending.source == "Horsfield's Bronze-Cuckoo" and options(game) == ["use", "skip"]
    game.apply("use")
    # birds under 30 cm with room: the fairywren and the warbler (the cuckoo holds no egg)
    assert options(game) == ["egg Splendid Fairywren", "egg Hooded Warbler", "stop"]
    game.apply("egg Hooded Warbler")
    assert eggs_of(game, 1, "Hooded Warbler") == 1


# ---- white powers -------------------------------------------------------------------------------


def test_white_breasted_woodswallow() -> None:
    game = position("oceania", [{"grassland": [("Bobolink", 1)], "forest": ["Hooded Warbler"], "hand": ["White-Breasted Woodswallow"], "food": {"invertebrate": 2}}, {}])
    game.apply("play-grassland White-Breasted Woodswallow")  # paid at once: 2 invertebrate, the egg on Bobolink
    assert game.pending.source == "White-Breasted Woodswallow" and options(game) == ["use", "skip"]
    before = _seat(game, 0)
    game.apply("use")
    lay_all(game)
    assert eggs_of(game, 0, "Bobolink") == 1 and eggs_of(game, 0, "White-Breasted Woodswallow") == 1 and eggs_of(game, 0, "Hooded Warbler") == 0
    assert before != _seat(game, 0)


# ---- game-end (yellow) powers -------------------------------------------------------------------

YELLOW_LAYS = [
    # bird, its row, the player's other birds by row, the birds that get an egg
    ("Little Pied Cormorant", "wetland", {"wetland": ["King Rail", "Atlantic Puffin"], "forest": ["Hooded Warbler"]}, ["Little Pied Cormorant", "King Rail", "Atlantic Puffin"]),
    ("Malleefowl", "grassland", {"grassland": ["Bobolink"], "forest": ["Hooded Warbler"], "wetland": ["Atlantic Puffin"]}, ["Bobolink", "Malleefowl", "Atlantic Puffin"]),
    ("Orange-Footed Scrubfowl", "forest", {"forest": ["Wild Turkey"], "grassland": ["Painted Bunting"]}, ["Wild Turkey", "Orange-Footed Scrubfowl"]),
    ("Red-Backed Fairywren", "grassland", {"grassland": ["Bobolink"], "wetland": ["Atlantic Puffin"]}, ["Red-Backed Fairywren", "Atlantic Puffin"]),
    ("Black Swan", "wetland", {"wetland": ["Wood Stork", "Atlantic Puffin"], "forest": ["Kākāpō"]}, ["Kākāpō", "Wood Stork", "Black Swan"]),
    ("Splendid Fairywren", "forest", {"forest": ["Hooded Warbler", "Wild Turkey"], "grassland": ["Painted Bunting"]}, ["Hooded Warbler", "Splendid Fairywren", "Painted Bunting"]),
    ("Spotless Crake", "wetland", {"wetland": ["Atlantic Puffin"], "grassland": ["Bobolink"]}, ["Atlantic Puffin", "Spotless Crake"]),
]


@pytest.mark.parametrize(("bird", "row", "others", "laid"), YELLOW_LAYS, ids=[c[0] for c in YELLOW_LAYS])
def test_yellow_eggs(bird: str, row: str, others: dict[str, list[str]], laid: list[str]) -> None:
    mat = {h: list(names) for h, names in others.items()}
    mat.setdefault(row, []).append(bird)

    def make() -> Game:
        game = last_turn([mat, {}])
        finish_turn(game)
        return game

    game = make()
    yellow = [n for h in ("forest", "grassland", "wetland") for n in mat.get(h, []) if card_set("oceania").by_name.get(n) is not None
              and card_set("oceania").by_name[n].colour == "yellow"]
    assert game.pending.kind == "game-end" and options(game) == [f"game-end {n}" for n in yellow] + ["done"]
    game.apply(f"game-end {bird}")
    lay_all(game)
    everyone = [n for names in mat.values() for n in names]
    assert {n: eggs_of(game, 0, n) for n in everyone} == {n: int(n in laid) for n in everyone}
    if len(yellow) > 1:  # another game-end power is still the player's to use or decline
        assert options(game) == [f"game-end {n}" for n in yellow if n != bird] + ["done"]
        game.apply("done")
    assert game.is_over
    game = make()  # declining changes nothing
    game.apply("done")
    assert all(eggs_of(game, 0, n) == 0 for n in everyone) and game.is_over


def test_kakapo() -> None:
    def make() -> Game:
        game = last_turn([{"forest": ["Kākāpō"]}, {}], bonus_rest="deck")
        finish_turn(game)
        return game

    game = make()
    assert options(game) == ["game-end Kākāpō", "done"]
    held = len(game.state.seats[0].bonus)
    top = game.state.bonus_deck[-4:]
    game.apply("game-end Kākāpō")
    # four drawn; three go back to the discard pile, one is kept
    while game.pending is not None and game.pending.kind == "bonus":
        game.apply(options(game)[0])
    assert len(game.state.seats[0].bonus) == held + 1 and game.state.seats[0].bonus[-1] in top
    assert game.is_over


def test_each_written_bird_has_a_test() -> None:
    tested = {"Silvereye", "Many-Colored Fruit-Dove", "Major Mitchell's Cockatoo", "Sulphur-Crested Cockatoo", "Horsfield's Bushlark",
              "Pūkeko", "Rufous-Banded Honeyeater", "New Holland Honeyeater", "Pheasant Coucal", "Horsfield's Bronze-Cuckoo",
              "White-Breasted Woodswallow", "Kākāpō", "Laughing Kookaburra", "Grey Shrikethrush", "White-Faced Heron",
              "Tawny Frogmouth", "White-Bellied Sea-Eagle", "Count Raggi's Bird-of-Paradise", "Eastern Whipbird", "Lewin's Honeyeater",
              "Regent Bowerbird", "Princess Stephanie's Astrapia", "Australasian Shoveler", "Brolga", "Galah", "Australian Raven",
              "Crested Pigeon", "Australasian Pipit", "Welcome Swallow", "Crimson Chat", "Wedge-Tailed Eagle", "Grey Butcherbird",
              "Rainbow Lorikeet", "Korimako", "Kelp Gull", "Peaceful Dove", "Stubble Quail", "Rufous Night-Heron", "Brown Falcon",
              "Eastern Rosella", "Australian Owlet-Nightjar", "Sacred Kingfisher",
              "Grey Warbler", "Golden-Headed Cisticola", "Australian Reed Warbler", "North Island Brown Kiwi", "Abbott's Booby",
              "Wrybill", "Mistletoebird", "Cockatiel", "Red Wattlebird", "Pacific Black Duck", "Tūī", "Superb Lyrebird",
              "Lesser Frigatebird", "Royal Spoonbill", "Australian Shelduck", "Musk Duck", "Willie-Wagtail", "Budgerigar",
              "Rufous Owl", "Noisy Miner", "Maned Duck", "Pink-Eared Duck", "Green Pygmy-Goose", "Red-Winged Parrot",
              "Spangled Drongo", "Plains-Wanderer", "Kea", "Grey Teal", "Australian Ibis", "Gould's Finch",
              "Grey-Headed Mannikin", "Magpie-Lark", "Little Penguin", "Blyth's Hornbill", "Australian Magpie", "Black Noddy",
              "Emu", "Masked Lapwing", "Black-Shouldered Kite", "Southern Cassowary"} | {c[0] for c in YELLOW_LAYS} | {n[0] for n in NEIGHBOURS}
    assert {c.name for c in card_set("oceania").cards} == tested


# ---- predators that reset the birdfeeder --------------------------------------------------------

from scripted import OCEANIA_FACES  # noqa: E402

from wingspan_rules import rng  # noqa: E402


def _seed_rolling(*faces: str) -> int:
    """A game seed whose first roll of all five dice shows these faces (in any order)."""
    for seed in range(100_000):
        rolled = rng.several(rng.seed_state(seed), len(OCEANIA_FACES), 5)[1]
        if sorted(OCEANIA_FACES[f] for f in rolled) == sorted(faces):
            return seed
    raise AssertionError(f"no seed rolls {faces}")


def _reset_game(bird: str, *faces: str) -> Game:
    """``bird`` in the wetland, its power offered after a draw-cards action that draws nothing;
    the reset will roll ``faces``."""
    game = position("oceania", [{"wetland": [bird]}, {}], feeder=["invertebrate/seed", "fish"], seed=_seed_rolling(*faces))
    _to_power(game, "draw-cards", bird)
    return game


def test_laughing_kookaburra() -> None:
    game = _reset_game("Laughing Kookaburra", "fish", "fish", "nectar/fruit", "invertebrate/seed", "nectar/seed")
    game.apply("use")  # the reset (one answer, taken at once)
    assert sorted(OCEANIA_FACES[f] for f in game.state.feeder) == sorted(["fish", "fish", "nectar/fruit", "invertebrate/seed", "nectar/seed"])
    assert options(game) == ["use", "skip"]
    game.apply("use")
    assert options(game) == ["take invertebrate", "take fish", "stop"]  # one food in all
    game.apply("take invertebrate")
    assert food_of(game, 0) == {"invertebrate": 1} and len(game.state.feeder) == 4
    assert card_set("oceania").by_name["Laughing Kookaburra"].predator


@pytest.mark.parametrize(("bird", "prey"), [("Grey Shrikethrush", "rodent"), ("White-Faced Heron", "fish")])
def test_reset_then_gain_all(bird: str, prey: str) -> None:
    other = "fish" if prey == "rodent" else "rodent"
    game = _reset_game(bird, prey, prey, other, "nectar/seed", prey)
    game.apply("use")
    game.apply("use")
    assert options(game) == [f"take {prey}", "stop"]
    game.apply(f"take {prey}")
    assert options(game) == ["cache", "keep-food"]  # each may be cached instead of kept
    game.apply("cache")
    game.apply(f"take {prey}")
    game.apply("keep-food")
    game.apply(f"take {prey}")
    game.apply("cache")
    host = game.state.seats[0].rows[2][0]
    assert host.cached[OceaniaRules.foods.index(prey)] == 2 and food_of(game, 0) == {prey: 1}
    assert sorted(OCEANIA_FACES[f] for f in game.state.feeder) == sorted([other, "nectar/seed"])  # the prey's dice were taken


@pytest.mark.parametrize(("bird", "faces", "offered", "take"), [
    ("Tawny Frogmouth", ("rodent", "fish", "fish", "invertebrate/seed", "nectar/seed"), ["take invertebrate", "take rodent", "stop"], "rodent"),
    ("White-Bellied Sea-Eagle", ("rodent", "fish", "nectar/fruit", "nectar/fruit", "nectar/seed"), ["take fish", "take rodent", "stop"], "fish"),
])
def test_reset_then_gain_and_cache(bird: str, faces: tuple[str, ...], offered: list[str], take: str) -> None:
    game = _reset_game(bird, *faces)
    game.apply("use")
    game.apply("use")
    assert options(game) == offered
    game.apply(f"take {take}")
    host = game.state.seats[0].rows[2][0]
    assert host.cached[OceaniaRules.foods.index(take)] == 1 and food_of(game, 0) == {}  # cached, never kept
    assert game.state.current == 1


def test_reset_predators_skip_changes_nothing() -> None:
    for bird in ("Laughing Kookaburra", "Grey Shrikethrush", "White-Faced Heron", "Tawny Frogmouth", "White-Bellied Sea-Eagle"):
        game = _reset_game(bird, "fish", "fish", "rodent", "rodent", "invertebrate")
        before = (_seat(game, 0), list(game.state.feeder))
        game.apply("skip")
        assert (_seat(game, 0), list(game.state.feeder)) == before, bird


# ---- one other player, chosen by the owner ------------------------------------------------------


def _three(p0: dict[str, Any], p1: dict[str, Any] | None = None, p2: dict[str, Any] | None = None, **kw: Any) -> Game:
    return position("oceania", [p0, p1 or {}, p2 or {}], **kw)


@pytest.mark.parametrize(("bird", "gained"), [
    ("Count Raggi's Bird-of-Paradise", "fruit"), ("Eastern Whipbird", "seed"), ("Lewin's Honeyeater", "nectar"), ("Regent Bowerbird", "invertebrate"),
])
def test_you_and_chosen_other_gain(bird: str, gained: str) -> None:
    def make() -> Game:
        return _three({"forest": [bird]})

    game = make()
    _to_power(game, "gain-food", bird)
    game.apply("use")
    assert game.pending.kind == "choose-player" and game.pending.rule == "oceania.power.chosen-other"
    assert options(game) == ["choose p1", "choose p2"]
    game.apply("choose p2")
    assert food_of(game, 0) == {gained: 1} and food_of(game, 2) == {gained: 1} and food_of(game, 1) == {}
    _skip_changes_nothing(make, "gain-food", bird)


def test_princess_stephanies_astrapia() -> None:
    def make() -> Game:
        return _three({"forest": ["Princess Stephanie's Astrapia"]}, {"forest": ["Wild Turkey"]}, {"forest": ["Hooded Warbler"]})

    game = make()
    _to_power(game, "gain-food", "Princess Stephanie's Astrapia")
    game.apply("use")
    game.apply("choose p1")
    # the owner lays first (on the astrapia, their only bird), then the chosen player
    assert game.pending.player == 0 and options(game) == ["egg Princess Stephanie's Astrapia", "stop"]
    game.apply("egg Princess Stephanie's Astrapia")
    assert eggs_of(game, 0, "Princess Stephanie's Astrapia") == 1
    assert game.pending.player == 1 and options(game) == ["egg Wild Turkey", "stop"]
    game.apply("egg Wild Turkey")
    assert eggs_of(game, 1, "Wild Turkey") == 1 and eggs_of(game, 2, "Hooded Warbler") == 0
    _skip_changes_nothing(make, "gain-food", "Princess Stephanie's Astrapia")


def test_australasian_shoveler() -> None:
    def make() -> Game:
        return _three({"wetland": ["Australasian Shoveler"]})

    game = make()
    _to_power(game, "draw-cards", "Australasian Shoveler")
    top = list(reversed([game.cards.cards[c].name for c in game.state.deck]))[:2]
    game.apply("use")
    game.apply("choose p1")
    # from the deck: the owner first, then the chosen player (each may also stop short)
    assert game.pending.player == 0 and options(game) == ["take-deck", "stop"]
    game.apply("take-deck")
    assert game.pending.player == 1 and options(game) == ["take-deck", "stop"]
    game.apply("take-deck")
    assert [game.cards.cards[c].name for c in game.state.seats[0].hand] == top[:1]
    assert [game.cards.cards[c].name for c in game.state.seats[1].hand] == top[1:2]
    _skip_changes_nothing(make, "draw-cards", "Australasian Shoveler")


def test_brolga() -> None:
    def make(eggs_room: bool = True) -> Game:
        other = {"forest": ["Wild Turkey" if eggs_room else "Horsfield's Bronze-Cuckoo"]}
        return position("oceania", [{"wetland": ["Brolga"]}, other])

    game = make()
    _to_power(game, "draw-cards", "Brolga")
    game.apply("use")  # (two players: the other player is chosen at once)
    assert game.pending.player == 1 and options(game) == ["egg Wild Turkey", "stop"]
    game.apply("egg Wild Turkey")
    assert eggs_of(game, 1, "Wild Turkey") == 1
    assert game.pending.player == 0 and game.pending.source == "Brolga"  # then the owner draws 2
    while game.pending is not None and game.pending.player == 0 and game.pending.source == "Brolga":
        game.apply("take-deck" if "take-deck" in options(game) else options(game)[0])
    assert len(game.state.seats[0].hand) == 2
    # the owner draws even when the other player cannot lay an egg (the ruling)
    game = make(eggs_room=False)
    _to_power(game, "draw-cards", "Brolga")
    game.apply("use")
    assert game.pending.player == 0 and game.pending.source == "Brolga"
    _skip_changes_nothing(make, "draw-cards", "Brolga")


def test_galah() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Galah"]}, {}], feeder=["fish", "rodent"], seed=_seed_rolling("invertebrate/seed", "fish", "fish", "rodent", "nectar/fruit"))

    game = make()
    _to_power(game, "gain-food", "Galah")
    deck_top = list(reversed(game.state.deck))[:2]
    game.apply("use")
    # the other player resets the feeder, then may take the seed (the seed half of a split die)
    assert sorted(OCEANIA_FACES[f] for f in game.state.feeder) == sorted(["invertebrate/seed", "fish", "fish", "rodent", "nectar/fruit"])
    assert game.pending.player == 1 and options(game) == ["use", "skip"]
    game.apply("use")
    assert game.pending.player == 1 and options(game) == ["take seed", "stop"]
    game.apply("take seed")
    assert food_of(game, 1) == {"seed": 1}
    # then the owner tucks 2 cards from the deck behind the galah
    host = game.state.seats[0].rows[0][0]
    assert host.tucked == deck_top
    _skip_changes_nothing(make, "gain-food", "Galah")


# ---- a condition on a neighbour's supply ---------------------------------------------------------
# Three players: the owner is p0; the player on their left is p1 (next in turn order), on
# their right p2.

NEIGHBOURS = [
    ("Kererū", "forest", "nectar", ("left",), "gain"),
    ("Pesquet's Parrot", "forest", "nectar", ("right",), "gain"),
    ("Red-Capped Robin", "forest", "invertebrate", ("left",), "gain"),
    ("Red-Necked Avocet", "wetland", "invertebrate", ("left", "right"), "gain"),
    ("South Island Robin", "forest", "invertebrate", ("right",), "cache"),
    ("Australian Zebra Finch", "grassland", "seed", ("right",), "tuck"),
]


def _neighbour_game(bird: str, row: str, food_name: str, holders: tuple[int, ...]) -> Game:
    players: list[dict[str, Any]] = [{row: [bird]}, {}, {}]
    nectar = [0, 0, 0]
    for p in holders:
        if food_name == "nectar":
            nectar[p] = 1
        else:
            players[p]["food"] = {food_name: 1}
    return position("oceania", players, nectar=nectar, feeder=["fish", "rodent"])


@pytest.mark.parametrize(("bird", "row", "food_name", "sides", "outcome"), NEIGHBOURS, ids=[n[0] for n in NEIGHBOURS])
def test_neighbour_has_food(bird: str, row: str, food_name: str, sides: tuple[str, ...], outcome: str) -> None:
    action = {"forest": "gain-food", "grassland": "lay-eggs", "wetland": "draw-cards"}[row]
    for side, holder in (("left", 1), ("right", 2)):
        game = _neighbour_game(bird, row, food_name, (holder,))
        if side not in sides:  # the other neighbour's food does not count: the power is passed over
            game.apply(action)
            while game.pending is not None and game.pending.player == 0:
                assert game.pending.source != bird
                game.apply("stop" if "stop" in options(game) else "skip")
            continue
        _to_power(game, action, bird)
        game.apply("use")  # the condition is met (one answer, taken at once); then the benefit
        assert options(game) == ["use", "skip"]
        deck_top = game.state.deck[-1]
        game.apply("use")
        host = game.state.seats[0].rows[["forest", "grassland", "wetland"].index(row)][0]
        if outcome == "gain":
            assert food_of(game, 0) == {food_name: 1}
        elif outcome == "cache":
            assert host.cached[OceaniaRules.foods.index(food_name)] == 1 and food_of(game, 0) == {}
        else:
            assert host.tucked == [deck_top]
        # the neighbour keeps their food: the condition only looks
        assert food_of(game, holder) == {food_name: 1}
    # nobody holding the food: never offered
    game = _neighbour_game(bird, row, food_name, ())
    game.apply(action)
    while game.pending is not None and game.pending.player == 0:
        assert game.pending.source != bird
        game.apply("stop" if "stop" in options(game) else "skip")


# ---- caching and tucking at the end of the game, and behind each bird of a row --------------------


@pytest.mark.parametrize(("bird", "held", "offered"), [
    ("Australian Raven", {"seed": 2, "fish": 1}, ["cache-food seed", "cache-food fish", "cache-food rodent", "stop"]),
    ("Crested Pigeon", {"seed": 2, "fish": 1}, ["cache-food seed", "stop"]),
])
def test_cache_from_your_supply(bird: str, held: dict[str, int], offered: list[str]) -> None:
    row = "grassland"
    game = last_turn([{row: [bird], "food": held}, {}], feeder=["rodent", "rodent"])
    finish_turn(game)
    game.apply(f"game-end {bird}")
    assert options(game) == offered
    game.apply("cache-food seed")
    game.apply("cache-food seed")
    host = game.state.seats[0].rows[1][0]
    assert host.cached[OceaniaRules.foods.index("seed")] == 2
    # (the rodent taken on the last turn is food of the player's own too: any food for the raven)
    if bird == "Australian Raven":
        assert options(game) == ["cache-food fish", "cache-food rodent", "stop"]
        game.apply("cache-food fish")
        game.apply("stop")
        assert host.cached[OceaniaRules.foods.index("fish")] == 1 and food_of(game, 0) == {"rodent": 1}
    else:
        assert food_of(game, 0) == {"fish": 1, "rodent": 1}  # only seed for the pigeon
    assert game.is_over


def test_australasian_pipit() -> None:
    game = last_turn([{"grassland": ["Bobolink", "Australasian Pipit", "Painted Bunting"], "forest": ["Hooded Warbler"]}, {}])
    finish_turn(game)
    deck = list(reversed(game.state.deck))
    game.apply("game-end Australasian Pipit")
    grass = game.state.seats[0].rows[1]
    assert [b.tucked for b in grass] == [[deck[0]], [deck[1]], [deck[2]]]
    assert game.state.seats[0].rows[0][0].tucked == [] and game.is_over


def test_welcome_swallow() -> None:
    game = position("oceania", [{"wetland": [("Atlantic Puffin", 1), "King Rail"], "forest": ["Hooded Warbler"], "hand": ["Welcome Swallow"],
                              "food": {"invertebrate": 2}}, {}])
    deck = list(reversed(game.state.deck))
    game.apply("play-wetland Welcome Swallow")  # paid at once
    assert game.pending.source == "Welcome Swallow" and options(game) == ["use", "skip"]
    game.apply("use")
    wet = game.state.seats[0].rows[2]
    assert [b.tucked for b in wet] == [[deck[0]], [deck[1]], [deck[2]]]
    assert game.state.seats[0].rows[0][0].tucked == []


def test_crimson_chat() -> None:
    def make() -> Game:
        return position("oceania", [{"grassland": ["Crimson Chat"], "food": {"fish": 1}}, {}], nectar=[1, 0])

    game = make()
    _to_power(game, "lay-eggs", "Crimson Chat")
    deck_top = game.state.deck[-1]
    game.apply("use")
    assert options(game) == ["pay fish", "pay nectar"]  # any food: nectar too
    game.apply("pay nectar")
    assert game.state.seats[0].spent_nectar == [0, 1, 0]  # spent for a power: onto its row
    game.apply("use")
    assert game.state.seats[0].rows[1][0].tucked == [deck_top] and food_of(game, 0) == {"fish": 1}
    _skip_changes_nothing(make, "lay-eggs", "Crimson Chat")


# ---- predators that look at the top card, and the lorikeet ---------------------------------------


@pytest.mark.parametrize(("bird", "catch", "miss"), [
    ("Wedge-Tailed Eagle", "Wild Turkey", "Hooded Warbler"),  # over 65 cm (135) / not (18)
    ("Grey Butcherbird", "Hooded Warbler", "Wild Turkey"),  # under 40 cm / not
])
def test_look_at_a_card_predators(bird: str, catch: str, miss: str) -> None:
    for top, caught in ((catch, True), (miss, False), ("Kākāpō", True)):  # a flightless bird meets either condition
        game = position("oceania", [{"forest": [bird]}, {}], deck=[top], feeder=["fish", "rodent"])
        _to_power(game, "gain-food", bird)
        game.apply("use")
        host = game.state.seats[0].rows[0][0]
        names = [game.cards.cards[c].name for c in host.tucked]
        rodent = OceaniaRules.foods.index("rodent")
        if caught:
            assert names == [top] and host.cached[rodent] == 1, top
        else:
            assert names == [] and host.cached[rodent] == 0 and game.cards.cards[game.state.discard[-1]].name == top
    assert card_set("oceania").by_name[bird].predator
    _skip_changes_nothing(lambda: position("oceania", [{"forest": [bird]}, {}], feeder=["fish", "rodent"]), "gain-food", bird)


def test_rainbow_lorikeet() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Rainbow Lorikeet"], "food": {"seed": 1}}, {}], nectar=[1, 0], feeder=["fish", "fish", "rodent", "fish"])

    game = make()
    _to_power(game, "gain-food", "Rainbow Lorikeet")
    game.apply("use")  # the one nectar: discarded at once, onto the forest's spent-nectar space
    assert game.state.seats[0].spent_nectar == [1, 0, 0] and food_of(game, 0) == {"seed": 1}
    game.apply("use")
    game.apply("take fish")
    game.apply("take rodent")
    assert food_of(game, 0) == {"seed": 1, "fish": 1, "rodent": 1}
    _skip_changes_nothing(make, "gain-food", "Rainbow Lorikeet")
    # a seed does not stand in for the nectar the power names
    game = position("oceania", [{"forest": ["Rainbow Lorikeet"], "food": {"seed": 1}}, {}], feeder=["fish", "rodent"])
    game.apply("gain-food")
    while game.pending is not None and game.pending.player == 0:
        assert game.pending.source != "Rainbow Lorikeet"
        game.apply("stop" if "stop" in options(game) else "skip")


# ---- discard any number of ... to get that many ... ----------------------------------------------


def test_korimako() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Korimako"], "food": {"rodent": 3, "seed": 1}}, {}], feeder=["fish", "fish"])

    game = make()
    _to_power(game, "gain-food", "Korimako")
    game.apply("use")  # round 1: the rodent is the only food that pays (taken at once); then its nectar
    assert options(game) == ["use", "skip"]
    game.apply("use")
    assert food_of(game, 0) == {"rodent": 2, "seed": 1, "nectar": 1}
    assert options(game) == ["again", "stop"]
    game.apply("again")
    game.apply("use")
    assert food_of(game, 0) == {"rodent": 1, "seed": 1, "nectar": 2}
    game.apply("stop")  # one rodent kept
    assert food_of(game, 0) == {"rodent": 1, "seed": 1, "nectar": 2} and game.state.current == 1
    _skip_changes_nothing(make, "gain-food", "Korimako")


def test_kelp_gull() -> None:
    def make() -> Game:
        return position("oceania", [{"wetland": ["Kelp Gull"], "food": {"fish": 1, "seed": 1}}, {}])

    game = make()
    _to_power(game, "draw-cards", "Kelp Gull")
    game.apply("use")
    assert options(game) == ["pay seed", "pay fish"]  # any food
    game.apply("pay fish")
    game.apply("use")
    game.apply("take-deck")
    assert options(game) == ["again", "stop"]
    game.apply("again")  # the seed is the last food: paid at once
    game.apply("use")
    game.apply("take-deck")
    assert food_of(game, 0) == {} and len(game.state.seats[0].hand) == 2
    assert game.state.current == 1  # no food left: not asked again
    _skip_changes_nothing(make, "draw-cards", "Kelp Gull")


def test_peaceful_dove() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Peaceful Dove"], "food": {"seed": 5}}, {}], feeder=["fish", "fish"])

    game = make()
    limit = card_set("oceania").by_name["Peaceful Dove"].egg_limit
    assert limit < 5
    _to_power(game, "gain-food", "Peaceful Dove")
    for _ in range(limit):  # until the dove is full: then it is not offered again
        game.apply("use" if "use" in options(game) else "again")
        if options(game) == ["use", "skip"]:
            game.apply("use")
    assert eggs_of(game, 0, "Peaceful Dove") == limit and food_of(game, 0) == {"seed": 5 - limit}
    assert game.state.current == 1
    _skip_changes_nothing(make, "gain-food", "Peaceful Dove")


def test_stubble_quail() -> None:
    game = position("oceania", [{"grassland": [("Bobolink", 1)], "hand": ["Stubble Quail"], "food": {"fish": 4, "rodent": 4, "invertebrate": 1}}, {}])
    game.apply("play-grassland Stubble Quail")
    while game.pending.kind == "pay":  # its cost, then the egg of the 2nd grassland space
        game.apply(options(game)[0])
    assert game.pending.source == "Stubble Quail" and options(game) == ["use", "skip"]
    game.apply("use")
    laid = 0
    while game.pending is not None and game.pending.source == "Stubble Quail":
        opts = options(game)
        if "again" in opts:
            game.apply("again")
        elif opts == ["use", "skip"]:
            game.apply("use")
            laid += 1
        else:
            game.apply(opts[0])
    quail = card_set("oceania").by_name["Stubble Quail"]
    assert eggs_of(game, 0, "Stubble Quail") == min(6, quail.egg_limit) == laid


@pytest.mark.parametrize(("bird", "row", "catch", "miss"), [
    ("Rufous Night-Heron", "wetland", "Mallard", "Hooded Warbler"),  # can live in the wetland / cannot
    ("Brown Falcon", "forest", "Hooded Warbler", "Wild Turkey"),  # invertebrate in its cost / seed and fruit only
])
def test_look_at_a_card_tuck_only(bird: str, row: str, catch: str, miss: str) -> None:
    action = {"forest": "gain-food", "wetland": "draw-cards"}[row]
    for top, caught in ((catch, True), (miss, False)):
        game = position("oceania", [{row: [bird]}, {}], deck=[top], feeder=["fish", "rodent"])
        _to_power(game, action, bird)
        game.apply("use")
        host = game.state.seats[0].rows[["forest", "grassland", "wetland"].index(row)][0]
        assert [game.cards.cards[c].name for c in host.tucked] == ([top] if caught else []), top
        assert sum(host.cached) == 0
        if not caught:
            assert game.cards.cards[game.state.discard[-1]].name == top
    assert card_set("oceania").by_name[bird].predator


def test_eastern_rosella() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Eastern Rosella"]}, {}, {}])

    game = make()
    _to_power(game, "gain-food", "Eastern Rosella")
    game.apply("use")
    # the owner's share: the nectar everyone gains, and the seed besides (each may be declined)
    assert options(game) == ["part 1", "part 2"]
    game.apply("part 1")
    assert options(game) == ["part 2", "stop"]
    game.apply("part 2")
    assert food_of(game, 0) == {"nectar": 1, "seed": 1}
    assert food_of(game, 1) == {"nectar": 1} and food_of(game, 2) == {"nectar": 1}
    _skip_changes_nothing(make, "gain-food", "Eastern Rosella")


@pytest.mark.parametrize(("bird", "offered"), [
    ("Australian Owlet-Nightjar", ["take invertebrate", "stop"]),
    ("Sacred Kingfisher", ["take invertebrate", "take fish", "take rodent", "stop"]),
])
def test_answers_the_gain_food_action(bird: str, offered: list[str]) -> None:
    def make() -> Game:
        return position("oceania", [{}, {"wetland": [bird]}], feeder=["invertebrate", "fish", "rodent", "nectar/fruit"])

    game = make()
    game.apply("gain-food")
    game.apply("take nectar")  # the 1st forest space: one die
    # at the end of the action the other player's pink power answers it
    assert game.pending.player == 1 and game.pending.source == bird and options(game) == ["use", "skip"]
    game.apply("use")
    assert options(game) == offered
    game.apply("take invertebrate")
    assert food_of(game, 1) == {"invertebrate": 1} and food_of(game, 0) == {"nectar": 1}
    # other actions do not wake it
    game = make()
    game.apply("lay-eggs")
    while game.pending is not None and game.pending.player == 0:
        game.apply("stop" if "stop" in options(game) else "skip")
    assert game.pending.player == 1 and game.pending.kind == "action"
    # declining changes nothing
    game = make()
    game.apply("gain-food")
    game.apply("take nectar")
    game.apply("skip")
    assert food_of(game, 1) == {} and game.pending.player == 1 and game.pending.kind == "action"


@pytest.mark.parametrize(("bird", "row", "food_for_bird", "second", "food_for_second"), [
    ("Grey Warbler", "forest", {"fruit": 1}, "Hooded Warbler", {"invertebrate": 2}),
    ("Golden-Headed Cisticola", "grassland", {"invertebrate": 1}, "Sprague's Pipit", {"invertebrate": 1, "seed": 1}),
    ("Australian Reed Warbler", "wetland", {"invertebrate": 1}, "Atlantic Puffin", {"fish": 3}),
])
def test_play_another_bird_one_egg_cheaper(bird: str, row: str, food_for_bird: dict[str, int], second: str, food_for_second: dict[str, int]) -> None:
    held = {**food_for_bird}
    for k, v in food_for_second.items():
        held[k] = held.get(k, 0) + v

    def make() -> Game:
        return position("oceania", [{"hand": [bird, second], "food": held}, {}])

    game = make()
    game.apply(f"play-{row} {bird}")  # the 1st space costs no egg
    want = [f"pay {f}" for f, n in food_for_bird.items() for _ in range(n)]
    while game.pending.kind == "pay":
        game.apply(want.pop(0) if want else "paid")
    assert game.pending.source == bird and options(game) == ["use", "skip"]
    game.apply("use")
    # the 2nd space costs 1 egg, less 1: playable with no egg at all (the one bird that fits is
    # played at once, and its food, exactly what is held, paid at once)
    want = [f"pay {f}" for f, n in food_for_second.items() for _ in range(n)]
    while game.pending is not None and game.pending.kind == "pay":
        game.apply(want.pop(0) if want else "paid")
    assert row_names(game, 0, row) == [bird, second] and food_of(game, 0) == {}
    # without the discount it could not be played: the power is passed over when no bird fits
    game = position("oceania", [{"hand": [bird], "food": food_for_bird}, {}])
    game.apply(f"play-{row} {bird}")
    assert game.state.current == 1


# ---- bonus cards ---------------------------------------------------------------------------------


def _bonus_names(game: Game, ids: list[int]) -> list[str]:
    return [game.cards.bonuses[b].name for b in ids]


def test_north_island_brown_kiwi() -> None:
    def make(bonus: list[str]) -> Game:
        return position("oceania", [{"hand": ["North Island Brown Kiwi"], "food": {"invertebrate": 2, "seed": 1}, "bonus": bonus}, {}],
                                bonus_deck=["Anatomist", "Backyard Birder", "Bird Counter", "Bird Feeder"], bonus_rest="discard")

    game = make(["Cartographer", "Ecologist"])
    game.apply("play-forest North Island Brown Kiwi")
    while game.pending.kind == "pay":
        game.apply(options(game)[0])
    assert game.pending.source == "North Island Brown Kiwi" and options(game) == ["use", "skip"]
    game.apply("use")
    assert options(game) == ["discard-bonus Cartographer", "discard-bonus Ecologist"]
    game.apply("discard-bonus Ecologist")
    game.apply("use")  # the benefit: four drawn, two of them kept
    assert sorted(options(game)) == sorted(f"discard-bonus {n}" for n in ["Anatomist", "Backyard Birder", "Bird Counter", "Bird Feeder"])
    game.apply("discard-bonus Anatomist")
    game.apply("discard-bonus Bird Counter")
    assert sorted(_bonus_names(game, game.state.seats[0].bonus)) == ["Backyard Birder", "Bird Feeder", "Cartographer"]
    assert "Ecologist" in _bonus_names(game, game.state.bonus_discard)
    # with no bonus card to give up, the power is passed over
    game = make([])
    game.apply("play-forest North Island Brown Kiwi")
    while game.pending is not None and game.pending.kind == "pay":
        game.apply(options(game)[0])
    assert game.state.current == 1


def test_abbotts_booby() -> None:
    game = position("oceania", [{"hand": ["Abbott's Booby"], "food": {"fish": 2}, "bonus": ["Cartographer"]}, {}],
                            bonus_deck=["Anatomist", "Backyard Birder", "Bird Counter"])
    game.apply("play-wetland Abbott's Booby")
    assert game.pending.source == "Abbott's Booby" and options(game) == ["use", "skip"]
    game.apply("use")
    # three drawn; then two discarded from all four held, the older card included
    assert sorted(options(game)) == sorted(f"discard-bonus {n}" for n in ["Cartographer", "Anatomist", "Backyard Birder", "Bird Counter"])
    game.apply("discard-bonus Cartographer")
    game.apply("discard-bonus Bird Counter")
    assert sorted(_bonus_names(game, game.state.seats[0].bonus)) == ["Anatomist", "Backyard Birder"]


def test_wrybill() -> None:
    game = position("oceania", [{"hand": ["Wrybill"], "food": {"invertebrate": 1, "fish": 1}}, {}], bonus_rest="discard")
    pile = list(game.state.bonus_discard)
    game.apply("play-wetland Wrybill")
    while game.pending.kind == "pay":
        game.apply(options(game)[0])
    assert game.pending.source == "Wrybill" and options(game) == ["use", "skip"]
    game.apply("use")
    assert options(game) == [f"keep-bonus {n}" for n in _bonus_names(game, pile)]
    game.apply("keep-bonus Ecologist")
    assert _bonus_names(game, game.state.seats[0].bonus) == ["Ecologist"] and len(game.state.bonus_discard) == len(pile) - 1
    # an empty discard pile: nothing to keep, passed over
    game = position("oceania", [{"hand": ["Wrybill"], "food": {"invertebrate": 1, "fish": 1}}, {}], bonus_rest="deck")
    game.apply("play-wetland Wrybill")
    while game.pending.kind == "pay":
        game.apply(options(game)[0])
    assert game.state.current == 1


def test_mistletoebird() -> None:
    def make(held: dict[str, int]) -> Game:
        return position("oceania", [{"forest": ["Mistletoebird"], "food": held}, {}], feeder=["fish", "rodent"])

    game = make({"fruit": 1})
    _to_power(game, "gain-food", "Mistletoebird")
    game.apply("use")
    assert options(game) == ["part 1", "part 2"]
    game.apply("part 2")  # give the fruit for a nectar ...
    game.apply("use")
    assert food_of(game, 0) == {"nectar": 1}
    assert game.state.current == 1  # ... and that is all: one of the two only
    game = make({"fruit": 1})
    _to_power(game, "gain-food", "Mistletoebird")
    game.apply("use")
    game.apply("part 1")
    assert food_of(game, 0) == {"fruit": 2} and game.state.current == 1
    # with no fruit to give, only the first part can be done (and is, at once)
    game = make({})
    _to_power(game, "gain-food", "Mistletoebird")
    game.apply("use")
    assert food_of(game, 0) == {"fruit": 1}
    _skip_changes_nothing(lambda: make({"fruit": 1}), "gain-food", "Mistletoebird")


def test_cockatiel() -> None:
    def make() -> Game:
        return position("oceania", [{"grassland": ["Cockatiel"], "food": {"seed": 1}}, {}], tray=["Mallard", "Killdeer", "Wood Duck"])

    game = make()
    _to_power(game, "lay-eggs", "Cockatiel")
    game.apply("use")  # the seed (the only one) goes at once
    game.apply("use")
    assert options(game) == ["tuck Mallard", "tuck Killdeer", "tuck Wood Duck"]
    game.apply("tuck Killdeer")
    host = game.state.seats[0].rows[1][0]
    assert [game.cards.cards[c].name for c in host.tucked] == ["Killdeer"]
    assert game.state.seats[0].hand == [] and food_of(game, 0) == {}
    assert "Killdeer" not in [game.cards.cards[c].name for c in game.state.tray if c >= 0]
    _skip_changes_nothing(make, "lay-eggs", "Cockatiel")


# ---- once for each of what a measure counts -------------------------------------------------------


def test_red_wattlebird() -> None:
    # the wattlebird (49 cm) does not count itself; the warbler (18) and the woodcock (46) do
    game = position("oceania", [{"forest": ["Hooded Warbler", "American Woodcock", ("Wild Turkey", 2)], "hand": ["Red Wattlebird"]}, {}],
                            nectar=[2, 0])
    wattle = card_set("oceania").by_name["Red Wattlebird"]
    game.apply("play-forest Red Wattlebird")
    while game.pending.kind == "pay":
        game.apply(options(game)[0])
    assert game.pending.source == "Red Wattlebird" and options(game) == ["use", "skip"]
    assert food_of(game, 0) == {} and game.state.seats[0].spent_nectar == [2, 0, 0]  # its cost: 2 nectar, spent
    game.apply("use")
    assert food_of(game, 0) == {"nectar": 2}
    assert wattle.wingspan == 49


def test_pacific_black_duck() -> None:
    # 5 eggs in the wetland: 2 eggs (rounded down), within the duck's limit
    game = last_turn([{"wetland": ["Pacific Black Duck", ("King Rail", 5)]}, {}])
    finish_turn(game)
    game.apply("game-end Pacific Black Duck")
    assert eggs_of(game, 0, "Pacific Black Duck") == 2 and game.is_over
    # the limit still holds: room for 1 egg, 6 eggs counted: 1 egg
    duck = card_set("oceania").by_name["Pacific Black Duck"]
    game = last_turn([{"wetland": [("Pacific Black Duck", duck.egg_limit - 1), ("King Rail", 6)]}, {}])
    finish_turn(game)
    game.apply("game-end Pacific Black Duck")
    assert eggs_of(game, 0, "Pacific Black Duck") == duck.egg_limit and game.is_over


# ---- every written bird in random games -----------------------------------------------------------


def test_written_birds_in_random_games_with_saves() -> None:
    """Random Oceania games with the written birds shuffled into the deck, leaning towards playing
    birds and using powers, saved and loaded every few steps: no failure, and every written bird's
    power is met at least once."""
    import random

    from wingspan_rules import Action

    names = {c.name for c in card_set("oceania").cards}
    seen: set[str] = set()
    for seed in range(250):
        game = new_game("oceania", 2 + seed % 4, seed)  # the Oceania birds are in the deck by default
        chooser = random.Random(seed)
        steps = 0
        while not game.is_over:
            pending = game.pending
            assert pending is not None
            legal = game.legal_actions()
            if pending.source in names:
                seen.add(pending.source)
            plays = [a for a in legal if a.verb.startswith("play-")]
            fresh = [a for a in plays if a.arg in names and a.arg not in seen]  # (a bird whose power is still unmet first)
            if fresh and chooser.random() < 0.9:
                action = chooser.choice(fresh)
            elif plays and chooser.random() < 0.7:
                action = chooser.choice(plays)
            elif Action("use") in legal and chooser.random() < 0.9:
                action = Action("use")
            else:
                action = chooser.choice(legal)
            game.apply(action)
            steps += 1
            assert steps < 5000
            if steps % 41 == 0:
                again = load(game.to_json())
                assert again.legal_actions() == game.legal_actions()
                game = again
        game.score()
    assert seen == names, sorted(names - seen)


@pytest.mark.parametrize(("bird", "neighbour"), [("Tūī", 1), ("Superb Lyrebird", 2)])  # left: next in turn order
def test_copy_a_neighbours_brown_power(bird: str, neighbour: int) -> None:
    def make() -> Game:
        players: list[dict[str, Any]] = [{"forest": [bird]}, {}, {}]
        players[neighbour] = {"forest": ["Blue Jay", "Wild Turkey"]}
        other = 3 - neighbour
        players[other] = {"forest": ["Acorn Woodpecker"]}
        return position("oceania", players, feeder=["nectar/seed", "fish", "fish", "rodent"])

    game = make()
    _to_power(game, "gain-food", bird)
    game.apply("use")  # the one brown power in that neighbour's forest: copied at once
    # Blue Jay's power, for the copier, on the copier: a seed from the feeder, which may be cached here
    assert options(game) == ["take seed", "stop"]
    game.apply("take seed")
    assert options(game) == ["cache", "keep-food"]
    game.apply("cache")
    host = game.state.seats[0].rows[0][0]
    assert host.cached[OceaniaRules.foods.index("seed")] == 1
    assert game.state.seats[neighbour].rows[0][0].cached == [0] * 6  # the neighbour's bird is untouched
    _skip_changes_nothing(make, "gain-food", bird)
    # a save in the middle of the copied power reads back
    game = make()
    _to_power(game, "gain-food", bird)
    game.apply("use")

    assert load(game.to_json()).legal_actions() == game.legal_actions()


def test_lesser_frigatebird() -> None:
    def make() -> Game:
        return position("oceania", [
            {"wetland": ["Lesser Frigatebird", ("King Rail", 2)], "forest": [("Wild Turkey", 1)]},
            {"wetland": [("Mallard", 1)]},
            {"forest": [("Hooded Warbler", 1)]},  # no egg in the wetland: no share
        ])

    game = make()
    _to_power(game, "draw-cards", "Lesser Frigatebird")
    game.apply("use")
    # the owner first: an egg from a wetland bird (the King Rail; the turkey's egg is in the forest)
    assert game.pending.player == 0 and options(game) == ["use", "skip"]
    game.apply("use")
    game.apply("use")  # the King Rail's egg (the only wetland egg) goes at once; then the food
    assert options(game)[:2] == ["take invertebrate", "take seed"] and "take nectar" in options(game)
    game.apply("take nectar")  # any food: nectar too
    assert eggs_of(game, 0, "King Rail") == 1 and food_of(game, 0) == {"nectar": 1}
    # then player 1 may, and declines; player 2 has no wetland egg: not asked
    assert game.pending.player == 1 and options(game) == ["use", "skip"]
    game.apply("skip")
    assert eggs_of(game, 1, "Mallard") == 1 and game.pending.player == 1 and game.pending.kind == "action"
    _skip_changes_nothing(make, "draw-cards", "Lesser Frigatebird")


# ---- tray selection, smallest, tuck variants (C12 tray, C14) ----------------------------------


@pytest.mark.parametrize(
    ("bird", "fits", "misses"),
    [
        ("Royal Spoonbill", "Abbott's Booby", "Galah"),  # platform
        ("Australian Shelduck", "Galah", "Brolga"),  # cavity
        ("Musk Duck", "Brolga", "Galah"),  # ground
        ("Willie-Wagtail", "Crimson Chat", "Galah"),  # bowl
    ],
)
def test_tray_draw_by_nest_after_optional_reset_or_refill(bird: str, fits: str, misses: str) -> None:
    def make(tray: list[str | None], deck: list[str] = []) -> Game:  # noqa: B006 (read only)
        return position("oceania", [{"wetland": [bird]}, {}], tray=tray, deck=deck)

    # a wild-nest bird fits every nest; the reset is offered, the refill only with a gap
    game = make([misses, "Grey Warbler", fits])
    _to_power(game, "draw-cards", bird)
    game.apply("use")
    assert options(game) == ["take-bird Grey Warbler", f"take-bird {fits}", "new-tray", "stop"]
    game.apply(f"take-bird {fits}")
    assert fits in hand_names(game, 0)
    assert tray_names(game)[2] != fits  # (refilled at the end of the turn)
    _skip_changes_nothing(lambda: make([misses, "Grey Warbler", fits]), "draw-cards", bird)
    # a gap and no fitting bird: fill the gap from the deck, then the draw may take it
    game = make([misses, None, None], deck=["Horsfield's Bronze-Cuckoo", fits])
    _to_power(game, "draw-cards", bird)
    game.apply("use")
    assert options(game) == ["new-tray", "fill-tray", "stop"]
    game.apply("fill-tray")
    assert tray_names(game) == [misses, fits, "Horsfield's Bronze-Cuckoo"]  # (a bird without a nest)
    assert options(game) == [f"take-bird {fits}", "stop"]  # refreshed once only
    game.apply(f"take-bird {fits}")
    assert game.pending.kind == "action"


def test_budgerigar() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Budgerigar"]}, {}], tray=["Australian Reed Warbler", "Crimson Chat", "Kākāpō"])

    game = make()
    _to_power(game, "gain-food", "Budgerigar")
    game.apply("use")
    # the least wingspan (19 cm); a flightless bird may be any size, so it counts as smallest too
    assert options(game) == ["tuck Crimson Chat", "tuck Kākāpō"]
    game.apply("tuck Crimson Chat")
    assert tucked_of(game, 0, "Budgerigar") == ["Crimson Chat"]
    _skip_changes_nothing(make, "gain-food", "Budgerigar")


def test_rufous_owl() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Rufous Owl"]}, {}], tray=["Brolga", "Galah", "Crimson Chat"])

    game = make()
    _to_power(game, "gain-food", "Rufous Owl")
    game.apply("use")  # only the chat is under 75 cm (the galah is 75): tucked at once
    assert tucked_of(game, 0, "Rufous Owl") == ["Crimson Chat"] and "Crimson Chat" not in tray_names(game)
    _skip_changes_nothing(make, "gain-food", "Rufous Owl")
    # nothing small enough in the tray: passed over
    game = position("oceania", [{"forest": ["Rufous Owl"]}, {}], tray=["Brolga", "Galah", "Kelp Gull"])
    game.apply("gain-food")
    while game.pending is not None and game.pending.player == 0 and game.pending.kind != "action":
        assert game.pending.source != "Rufous Owl"
        game.apply("stop" if "stop" in options(game) else options(game)[0])


def test_noisy_miner() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Noisy Miner"], "hand": ["Brolga", "Galah"]}, {"forest": ["Crimson Chat"]}])

    game = make()
    _to_power(game, "gain-food", "Noisy Miner")
    game.apply("use")
    assert options(game) == ["tuck Brolga", "tuck Galah"]
    game.apply("tuck Galah")
    assert options(game) == ["use", "skip"]  # the benefit, after the tuck
    game.apply("use")
    assert game.pending.player == 0 and options(game) == ["egg Noisy Miner", "stop"]  # up to 2 here
    game.apply("egg Noisy Miner")
    game.apply("egg Noisy Miner")
    assert eggs_of(game, 0, "Noisy Miner") == 2
    assert game.pending.player == 1 and options(game) == ["egg Crimson Chat", "stop"]  # the others: 1 each
    game.apply("egg Crimson Chat")
    assert eggs_of(game, 1, "Crimson Chat") == 1 and tucked_of(game, 0, "Noisy Miner") == ["Galah"]
    _skip_changes_nothing(make, "gain-food", "Noisy Miner")


def test_maned_duck() -> None:
    def make() -> Game:
        return position("oceania", [{"wetland": ["Maned Duck"], "hand": ["Brolga", "Galah", "Crimson Chat"]}, {}], deck=["Kelp Gull"])

    game = make()
    _to_power(game, "draw-cards", "Maned Duck")
    game.apply("use")
    game.apply("tuck Galah")
    game.apply("use")
    assert options(game) == ["part 1", "part 2"]  # the seed, and up to 2 more cards, in any order
    game.apply("part 2")
    game.apply("tuck Brolga")
    assert options(game) == ["tuck Crimson Chat", "stop"]
    game.apply("tuck Crimson Chat")
    assert options(game) == ["part 1", "stop"]
    game.apply("part 1")
    assert food_of(game, 0) == {"seed": 1} and tucked_of(game, 0, "Maned Duck") == ["Galah", "Brolga", "Crimson Chat"]
    _skip_changes_nothing(make, "draw-cards", "Maned Duck")


# ---- giving (C7) and a pink power answering any gain --------------------------------------------


@pytest.mark.parametrize("bird", ["Pink-Eared Duck", "Green Pygmy-Goose"])
def test_draw_two_keep_one_give_one(bird: str) -> None:
    def make() -> Game:
        return position("oceania", [{"wetland": [bird], "hand": ["Brolga"]}, {}, {}], deck=["Galah", "Kelp Gull", "Crimson Chat"], tray=[None, None, None])

    game = make()
    _to_power(game, "draw-cards", bird)
    game.apply("use")
    assert options(game) == ["take-deck", "stop"]
    game.apply("take-deck")
    game.apply("take-deck")
    # one of the two just drawn (never the Brolga held before), then to whom
    assert game.pending.kind == "give" and options(game) == ["give-card Crimson Chat", "give-card Kelp Gull"]
    game.apply("give-card Kelp Gull")
    assert options(game) == ["choose p1", "choose p2"]
    game.apply("choose p2")
    assert hand_names(game, 0) == ["Brolga", "Crimson Chat"] and hand_names(game, 2) == ["Kelp Gull"] and hand_names(game, 1) == []
    _skip_changes_nothing(make, "draw-cards", bird)
    # one card taken (fewer, as a player may): it is kept, nothing is given
    game = make()
    _to_power(game, "draw-cards", bird)
    game.apply("use")
    game.apply("take-deck")
    game.apply("stop")
    assert hand_names(game, 0) == ["Brolga", "Crimson Chat"] and game.pending.kind == "action" and game.pending.player == 1


def test_red_winged_parrot() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Red-Winged Parrot"]}, {}, {}], nectar=[1, 0, 0], feeder=["fish", "rodent", "invertebrate"])

    game = make()
    _to_power(game, "gain-food", "Red-Winged Parrot")
    game.apply("use")
    assert game.pending.kind == "give" and options(game) == ["choose p1", "choose p2"]
    game.apply("choose p2")
    # given, not spent: no spent nectar on the forest row
    assert food_of(game, 0) == {} and food_of(game, 2) == {"nectar": 1} and game.state.seats[0].spent_nectar == [0, 0, 0]
    assert options(game) == ["use", "skip"]
    game.apply("use")
    assert options(game) == ["part 1", "part 2"]  # one of the two only
    game.apply("part 1")
    game.apply("egg Red-Winged Parrot")
    game.apply("egg Red-Winged Parrot")
    assert eggs_of(game, 0, "Red-Winged Parrot") == 2 and game.pending.player == 1
    _skip_changes_nothing(make, "gain-food", "Red-Winged Parrot")
    # no nectar to give: passed over
    game = position("oceania", [{"forest": ["Red-Winged Parrot"]}, {}], feeder=["fish", "rodent"])
    game.apply("gain-food")
    while game.pending.player == 0:
        assert game.pending.source != "Red-Winged Parrot"
        game.apply("stop" if "stop" in options(game) else options(game)[0])


def test_spangled_drongo() -> None:
    # player 0 takes nectar from the feeder: player 1's drongo answers after the action
    game = position("oceania", [{"forest": ["Wild Turkey"]}, {"forest": ["Spangled Drongo"]}], feeder=["nectar/seed", "fish"])
    game.apply("gain-food")
    game.apply("take nectar")
    game.apply("stop")
    assert game.pending.player == 1 and game.pending.source == "Spangled Drongo" and options(game) == ["use", "skip"]
    game.apply("use")
    assert food_of(game, 1) == {"nectar": 1} and game.pending.kind == "action"
    # a gain from another's power counts too (here a third player's share of the silvereye's)
    game = position("oceania", [{"forest": ["Silvereye"]}, {"forest": ["Spangled Drongo"]}, {}], feeder=["fish", "rodent"])
    _to_power(game, "gain-food", "Silvereye")
    game.apply("use")
    assert game.pending.player == 1 and game.pending.source == "Spangled Drongo"
    before = _seat(game, 1)
    game.apply("skip")
    assert _seat(game, 1) == before


# ---- counted bonus draws (C10, C16) --------------------------------------------------------------


def _play_then_power(game: Game, action: str) -> None:
    """Play a bird, paying with the first option each time, up to its when-played power."""
    game.apply(action)
    while game.pending.kind != "power":
        game.apply(options(game)[0])


def test_plains_wanderer() -> None:
    def make() -> Game:
        return position("oceania",
            [{"grassland": [("Wild Turkey", 1)], "hand": ["Plains-Wanderer"], "food": {"seed": 1, "invertebrate": 1}}, {}],
            bonus_deck=["Anatomist", "Cartographer", "Historian"],
        )

    game = make()
    _play_then_power(game, "play-grassland Plains-Wanderer")
    assert game.pending.source == "Plains-Wanderer" and options(game) == ["use", "skip"]
    game.apply("use")
    # two birds in the grassland now (the wanderer too): two drawn, one kept
    assert bonus_names(game, 0) == ["Cartographer", "Historian"] and options(game) == ["discard-bonus Historian", "discard-bonus Cartographer"]
    game.apply("discard-bonus Historian")
    assert bonus_names(game, 0) == ["Cartographer"] and game.pending.kind == "action"
    game = make()
    _play_then_power(game, "play-grassland Plains-Wanderer")
    game.apply("skip")
    assert bonus_names(game, 0) == [] and game.pending.kind == "action"


def test_counted_bonus_draw_that_counts_nothing_says_why() -> None:
    # a power counting the birds of another row than its own, with none there: passed over
    # for what it counts, not for an empty bonus deck
    card = """
bird "Test Counter" {
  habitats: forest
  cost: seed
  points: 1
  nest: bowl
  egg_limit: 2
  wingspan: 30
  power white: draw bonus for each birds in wetland keep 1
}
"""
    game = position("oceania", [{"hand": ["Test Counter"], "food": {"seed": 1}}, {}], extra_cards=card)
    said = [str(e) for e in game.apply("play-forest Test Counter")]
    assert "Test Counter: passed over, it counts nothing on the mat to draw a bonus card for [classic.power.bonus-draw]" in said, said


def test_kea() -> None:
    def make() -> Game:
        return position("oceania", [{"hand": ["Kea"], "food": {"fruit": 1, "seed": 1}}, {}], nectar=[2, 0],
                                bonus_deck=["Anatomist", "Cartographer", "Historian", "Photographer"])

    game = make()
    game.apply("play-forest Kea")
    game.apply("pay fruit")
    game.apply("pay nectar")
    game.apply("paid")
    assert food_of(game, 0) == {"seed": 1, "nectar": 1} and game.state.seats[0].spent_nectar == [1, 0, 0]
    game.apply("use")
    # the first card is drawn at once; then any food, one at a time, each for one more card (the
    # nectar counts as spent)
    assert bonus_names(game, 0) == ["Photographer"]
    assert options(game) == ["pay seed", "pay nectar", "paid"]
    game.apply("pay nectar")
    assert options(game) == ["pay seed", "paid"] and game.state.seats[0].spent_nectar == [2, 0, 0]
    game.apply("pay seed")
    # no food left: the three cards are drawn at once; keep one
    assert sorted(bonus_names(game, 0)) == ["Cartographer", "Historian", "Photographer"]
    assert sorted(options(game)) == ["discard-bonus Cartographer", "discard-bonus Historian", "discard-bonus Photographer"]
    game.apply("discard-bonus Photographer")
    game.apply("discard-bonus Cartographer")
    assert bonus_names(game, 0) == ["Historian"] and food_of(game, 0) == {} and game.pending.kind == "action"
    # nothing paid: one card, kept
    game = make()
    _play_then_power(game, "play-forest Kea")
    game.apply("use")
    game.apply("paid")
    assert bonus_names(game, 0) == ["Photographer"] and game.pending.kind == "action"
    game = make()
    _play_then_power(game, "play-forest Kea")
    before = _seat(game, 0)
    game.apply("skip")
    assert _seat(game, 0) == before and bonus_names(game, 0) == []


# ---- looking at cards of the deck or the discard pile (C14) ------------------------------------


def test_grey_teal() -> None:
    def make() -> Game:
        return position("oceania", [{"wetland": ["Grey Teal"]}, {}], deck=["Brolga", "Galah", "Kelp Gull", "Crimson Chat"], tray=[None, None, None])

    # the top three: Crimson Chat, Kelp Gull, Galah; only the gull can live in a wetland
    game = make()
    _to_power(game, "draw-cards", "Grey Teal")
    game.apply("use")
    assert game.pending.kind == "look" and options(game) == ["keep Kelp Gull", "tuck Kelp Gull", "stop"]
    game.apply("tuck Kelp Gull")
    assert tucked_of(game, 0, "Grey Teal") == ["Kelp Gull"] and discard_names(game)[-2:] == ["Crimson Chat", "Galah"]
    game = make()
    _to_power(game, "draw-cards", "Grey Teal")
    game.apply("use")
    game.apply("keep Kelp Gull")
    assert "Kelp Gull" in hand_names(game, 0) and tucked_of(game, 0, "Grey Teal") == []
    # keeping none: all three are discarded
    game = make()
    _to_power(game, "draw-cards", "Grey Teal")
    game.apply("use")
    game.apply("stop")
    assert discard_names(game)[-3:] == ["Crimson Chat", "Kelp Gull", "Galah"] and "Kelp Gull" not in hand_names(game, 0)
    _skip_changes_nothing(make, "draw-cards", "Grey Teal")
    # no wetland bird among them: looked at and all discarded, nothing asked
    game = position("oceania", [{"wetland": ["Grey Teal"]}, {}], deck=["Kelp Gull", "Crimson Chat", "Galah", "Eastern Whipbird"], tray=[None, None, None])
    _to_power(game, "draw-cards", "Grey Teal")
    game.apply("use")
    assert discard_names(game)[-3:] == ["Eastern Whipbird", "Galah", "Crimson Chat"] and game.pending.kind == "action"


def test_australian_ibis() -> None:
    def make() -> Game:
        return position("oceania", [{"wetland": ["Australian Ibis"]}, {}], discard=["Brolga", "Galah", "Kelp Gull"], tray=[None, None, None])

    game = make()
    _to_power(game, "draw-cards", "Australian Ibis")
    game.apply("use")
    # two cards of the shuffled discard pile (which two: the game's seed); one may be kept or tucked
    seen = [o[5:] for o in options(game) if o.startswith("keep ")]
    assert len(seen) == 2 and set(seen) < {"Brolga", "Galah", "Kelp Gull"}
    assert options(game) == [f"keep {n}" for n in seen] + [f"tuck {n}" for n in seen] + ["stop"]
    game.apply(f"tuck {seen[0]}")
    assert tucked_of(game, 0, "Australian Ibis") == [seen[0]] and sorted(discard_names(game)) == sorted({"Brolga", "Galah", "Kelp Gull"} - {seen[0]})
    _skip_changes_nothing(make, "draw-cards", "Australian Ibis")
    # an empty discard pile: passed over
    game = position("oceania", [{"wetland": ["Australian Ibis"]}, {}], tray=[None, None, None])
    game.apply("draw-cards")
    while game.pending.player == 0:
        assert game.pending.source != "Australian Ibis"
        game.apply("stop" if "stop" in options(game) else options(game)[0])


# ---- yellow plays (C17) --------------------------------------------------------------------------


def _to_game_end(game: Game) -> None:
    """Player 0's last turn: gain food, declining every power, up to the game-end powers."""
    game.apply("gain-food")
    while game.pending.kind != "game-end":
        game.apply("skip" if "skip" in options(game) else options(game)[0])


def test_goulds_finch() -> None:
    def make() -> Game:
        return last_turn([{"forest": [("Gould's Finch", 1)], "hand": ["Abbott's Booby", "Kākāpō"], "food": {"fish": 2, "fruit": 1}}, {}],
                         feeder=["rodent", "rodent"])

    game = make()
    _to_game_end(game)
    assert options(game) == ["game-end Gould's Finch", "done"]
    game.apply("game-end Gould's Finch")
    # any habitat, the full cost: the booby (wetland, 2 fish) and the kākāpō (forest, egg cost 1 paid by the finch's egg)
    assert options(game) == ["play-wetland Abbott's Booby", "play-forest Kākāpō"]
    game.apply("play-forest Kākāpō")
    while game.pending.kind == "pay":
        game.apply(options(game)[0])
    assert row_names(game, 0, "forest") == ["Gould's Finch", "Kākāpō"] and eggs_of(game, 0, "Gould's Finch") == 0
    # the bird played may use its own game-end power
    assert options(game) == ["game-end Kākāpō", "done"]
    game.apply("done")
    assert game.is_over
    # declined: nothing played
    game = make()
    _to_game_end(game)
    game.apply("done")
    assert game.is_over and row_names(game, 0, "forest") == ["Gould's Finch"]


def test_grey_headed_mannikin() -> None:
    def make(grassland: list[Any]) -> Game:
        return last_turn([{"grassland": grassland, "hand": ["Australian Zebra Finch"], "food": {"seed": 1}}, {}], feeder=["rodent", "rodent"])

    # the third grassland place costs 1 egg, and the mannikin takes 1 off: played with no egg
    game = make(["Grey-Headed Mannikin", "Crimson Chat"])
    _to_game_end(game)
    assert options(game) == ["game-end Grey-Headed Mannikin", "done"]
    game.apply("game-end Grey-Headed Mannikin")  # the one bird it can play: chosen at once
    assert options(game) == ["pay seed", "pay rodent"]  # (a seed, or a pair of any two foods)
    game.apply("pay seed")
    game.apply("paid")
    assert row_names(game, 0, "grassland") == ["Grey-Headed Mannikin", "Crimson Chat", "Australian Zebra Finch"]
    assert food_of(game, 0) == {"rodent": 1} and game.is_over
    # the fourth place costs 2: 1 egg still owed, and none to pay with: the power is passed over
    game = make(["Grey-Headed Mannikin", "Crimson Chat", "Australasian Pipit"])
    _to_game_end(game)
    assert options(game) == ["game-end Australasian Pipit", "done"]


def test_magpie_lark() -> None:
    def make() -> Game:
        return last_turn([{"grassland": ["Magpie-Lark", ("Crimson Chat", 1)], "forest": [("Galah", 1), ("Eastern Whipbird", 1)],
                           "hand": ["Brolga", "Australasian Pipit"], "food": {"invertebrate": 1, "seed": 1}}, {}])

    game = make()
    _to_game_end(game)
    game.apply("game-end Magpie-Lark")
    # two forest eggs, one by one (the second is the only one left: taken at once)
    assert options(game) == ["discard-egg Galah", "discard-egg Eastern Whipbird"]
    game.apply("discard-egg Galah")
    assert eggs_of(game, 0, "Galah") == 0 and eggs_of(game, 0, "Eastern Whipbird") == 0
    assert options(game) == ["use", "skip"]
    game.apply("use")  # the pipit, the one grassland bird in hand, with no egg for its place
    game.apply("pay invertebrate")
    game.apply("pay seed")
    game.apply("paid")
    assert row_names(game, 0, "grassland") == ["Magpie-Lark", "Crimson Chat", "Australasian Pipit"] and eggs_of(game, 0, "Crimson Chat") == 1
    assert options(game) == ["game-end Australasian Pipit", "done"]  # its own game-end power may follow
    # one forest egg only: the power is passed over
    game = last_turn([{"grassland": ["Magpie-Lark"], "forest": [("Galah", 1)], "hand": ["Australasian Pipit"], "food": {"invertebrate": 1, "seed": 1}}, {}])
    game.apply("gain-food")
    while not game.is_over:
        assert game.pending.kind != "game-end"
        game.apply("skip" if "skip" in options(game) else options(game)[0])


# ---- eggs and cards for food or tucks ------------------------------------------------------------


def test_little_penguin() -> None:
    def make() -> Game:
        # the top five: Black Swan, Laughing Kookaburra ("/" cost: its fish counts once), Crimson Chat,
        # Kelp Gull, Abbott's Booby (2 fish): 4 fish icons; the Galah stays
        return position("oceania", [{"wetland": ["Little Penguin"]}, {}],
                                deck=["Galah", "Abbott's Booby", "Kelp Gull", "Crimson Chat", "Laughing Kookaburra", "Black Swan"], tray=[None, None, None])

    game = make()
    _to_power(game, "draw-cards", "Little Penguin")
    game.apply("use")
    assert discard_names(game)[-5:] == ["Black Swan", "Laughing Kookaburra", "Crimson Chat", "Kelp Gull", "Abbott's Booby"]
    assert cached_of(game, 0, "Little Penguin") == {"fish": 4} and game.pending.kind == "action"
    _skip_changes_nothing(make, "draw-cards", "Little Penguin")


def test_blyths_hornbill() -> None:
    def make() -> Game:
        return position("oceania",
            [{"forest": [("Galah", 2), ("Grey Warbler", 1)], "grassland": [("Crimson Chat", 2)], "hand": ["Blyth's Hornbill"], "food": {"fruit": 3}}, {}],
            deck=["Brolga", "Kelp Gull", "Wrybill", "Black Swan", "Cockatiel"],
        )

    game = make()
    game.apply("play-forest Blyth's Hornbill")
    while game.pending.kind == "pay":
        game.apply("pay-egg Crimson Chat" if "pay-egg Crimson Chat" in options(game) else options(game)[0])
    assert game.pending.source == "Blyth's Hornbill" and options(game) == ["use", "skip"] and eggs_of(game, 0, "Crimson Chat") == 1
    game.apply("use")
    # a cavity nest (the galah) or a wild one (the warbler); the chat's bowl does not count
    assert options(game) == ["discard-egg Galah", "discard-egg Grey Warbler"]
    game.apply("discard-egg Galah")
    assert eggs_of(game, 0, "Galah") == 0 and tucked_of(game, 0, "Blyth's Hornbill") == ["Cockatiel", "Black Swan", "Wrybill", "Kelp Gull"]
    game = make()
    game.apply("play-forest Blyth's Hornbill")
    while game.pending.kind == "pay":
        game.apply("pay-egg Crimson Chat" if "pay-egg Crimson Chat" in options(game) else options(game)[0])
    before = _seat(game, 0)
    game.apply("skip")
    assert _seat(game, 0) == before


def test_australian_magpie() -> None:
    game = last_turn([{"grassland": [("Crimson Chat", 2), "Australian Magpie", ("Brolga", 0)],
                       "forest": [("Galah", 1), ("Eastern Whipbird", 1)], "wetland": [("Kelp Gull", 1)]}, {}], feeder=["rodent", "rodent"])
    _to_game_end(game)
    game.apply("game-end Australian Magpie")
    # its row: the chat (the brolga has none); its column (the 2nd): the whipbird; the galah and
    # the gull are in other columns: 2 eggs, 4 seed
    assert eggs_of(game, 0, "Crimson Chat") == 1 and eggs_of(game, 0, "Eastern Whipbird") == 0
    assert eggs_of(game, 0, "Galah") == 1 and eggs_of(game, 0, "Kelp Gull") == 1
    assert cached_of(game, 0, "Australian Magpie") == {"seed": 4} and game.is_over


def test_black_noddy() -> None:
    game = _reset_game("Black Noddy", "fish", "fish", "rodent", "nectar/seed", "invertebrate")
    top = list(reversed(game.state.deck))[:1]
    game.apply("use")  # the reset
    assert options(game) == ["use", "skip"]
    game.apply("use")
    assert options(game) == ["take fish", "stop"]
    game.apply("take fish")
    assert options(game) == ["tuck-card", "keep-food"]  # each fish kept, or swapped for a card tucked from the deck
    game.apply("tuck-card")
    assert tucked_of(game, 0, "Black Noddy") == [game.cards.cards[top[0]].name]
    game.apply("take fish")
    game.apply("keep-food")
    assert food_of(game, 0) == {"fish": 1} and sorted(OCEANIA_FACES[f] for f in game.state.feeder) == ["invertebrate", "nectar/seed", "rodent"]
    assert game.pending.kind == "action" and game.pending.player == 1
    game = _reset_game("Black Noddy", "fish", "fish", "rodent", "nectar/seed", "invertebrate")
    game.apply("use")
    before = _seat(game, 0)
    game.apply("skip")
    assert _seat(game, 0) == before


# ---- the last feeder powers: all seed shared out, one of each food, a rodent given for eggs -----


def test_emu() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": ["Emu"]}, {}, {}], feeder=["invertebrate/seed", "nectar/seed", "fish", "invertebrate/seed", "rodent"])

    game = make()
    game.apply("gain-food")  # (no food to pay for a reset of the feeder)
    game.apply("take rodent")  # one of the action's two dice, and no more
    game.apply("stop")
    assert game.pending.source == "Emu" and options(game) == ["use", "skip"]
    game.apply("use")  # all three dice showing seed, at once (no reroll: the dice differ)
    assert food_of(game, 0) == {"rodent": 1, "seed": 2} and [OCEANIA_FACES[f] for f in game.state.feeder] == ["fish"]
    # half kept (3 -> 2, rounded up); the other one to a player of the owner's choice
    assert game.pending.kind == "give" and options(game) == ["choose p1", "choose p2"]
    game.apply("choose p2")
    assert food_of(game, 2) == {"seed": 1} and food_of(game, 1) == {} and game.pending.player == 1
    game = make()
    game.apply("gain-food")
    game.apply("take rodent")
    game.apply("stop")
    before = [_seat(game, p) for p in range(3)]
    game.apply("skip")
    assert [_seat(game, p) for p in range(3)] == before
    # every die the same face: a reroll first, as when gaining food from the feeder
    game = position("oceania", [{"forest": ["Emu", "Wild Turkey"]}, {}], feeder=["fish", "fish", "fish"])
    game.apply("gain-food")
    while game.pending.source != "Emu":
        game.apply("stop" if "stop" in options(game) else options(game)[0])
    game.apply("use")
    assert options(game) == ["reroll", "stop"]  # (no die shows seed: nothing to take)


def test_masked_lapwing() -> None:
    def make() -> Game:
        return position("oceania", [{"hand": ["Masked Lapwing"], "food": {"seed": 1}}, {}], feeder=["fish", "rodent"],
                                seed=_seed_rolling("nectar/seed", "invertebrate/seed", "invertebrate", "fish", "fish"))

    game = make()
    game.apply("play-grassland Masked Lapwing")  # paid with the seed at once
    assert game.pending.source == "Masked Lapwing" and options(game) == ["use", "skip"]
    game.apply("use")  # the reset
    assert sorted(OCEANIA_FACES[f] for f in game.state.feeder) == ["fish", "fish", "invertebrate", "invertebrate/seed", "nectar/seed"]
    game.apply("use")
    # dice by their faces: a split die gives both of its foods
    assert options(game) == ["take-die fish", "take-die nectar/seed", "take-die invertebrate", "take-die invertebrate/seed", "stop"]
    game.apply("take-die nectar/seed")
    assert food_of(game, 0) == {"seed": 1, "nectar": 1}
    assert options(game) == ["take-die fish", "take-die invertebrate", "take-die invertebrate/seed", "stop"]  # seed gained: still offered for its invertebrate
    game.apply("take-die invertebrate/seed")
    assert food_of(game, 0) == {"invertebrate": 1, "seed": 1, "nectar": 1}
    assert options(game) == ["take-die fish", "stop"]  # at most one of each food
    game.apply("take-die fish")
    assert food_of(game, 0) == {"invertebrate": 1, "seed": 1, "fish": 1, "nectar": 1}
    assert sorted(OCEANIA_FACES[f] for f in game.state.feeder) == ["fish", "invertebrate"] and game.pending.player == 1
    game = make()
    game.apply("play-grassland Masked Lapwing")
    before = _seat(game, 0)
    game.apply("skip")
    assert _seat(game, 0) == before


def test_black_shouldered_kite() -> None:
    def make(*faces: str) -> Game:
        return position("oceania", [{"grassland": ["Black-Shouldered Kite"]}, {}, {}], feeder=["invertebrate/seed", "fish"], seed=_seed_rolling(*faces))

    game = make("rodent", "rodent", "fish", "nectar/seed", "nectar/fruit")
    _to_power(game, "lay-eggs", "Black-Shouldered Kite")
    game.apply("use")  # the reset
    assert options(game) == ["use", "skip"]
    game.apply("use")  # a rodent die: the one kind there is, taken at once
    assert food_of(game, 0) == {"rodent": 1} and sorted(OCEANIA_FACES[f] for f in game.state.feeder) == ["fish", "nectar/fruit", "nectar/seed", "rodent"]
    assert options(game) == ["use", "skip"]  # give it away?
    game.apply("use")
    assert options(game) == ["choose p1", "choose p2"]
    game.apply("choose p1")
    assert food_of(game, 0) == {} and food_of(game, 1) == {"rodent": 1}
    assert options(game) == ["use", "skip"]  # then up to 3 eggs here
    game.apply("use")
    for _ in range(3):
        game.apply("egg Black-Shouldered Kite")
    assert eggs_of(game, 0, "Black-Shouldered Kite") == 3
    # no rodent after the reset: nothing gained, nothing to give
    game = make("fish", "fish", "invertebrate", "nectar/seed", "nectar/fruit")
    _to_power(game, "lay-eggs", "Black-Shouldered Kite")
    game.apply("use")
    assert game.pending.source != "Black-Shouldered Kite" and food_of(game, 0) == {}
    _skip_changes_nothing(lambda: make("rodent", "rodent", "fish", "nectar/seed", "nectar/fruit"), "lay-eggs", "Black-Shouldered Kite")


def test_southern_cassowary() -> None:
    def make() -> Game:
        return position("oceania", [{"forest": [("Galah", 2), {"bird": "Eastern Whipbird", "eggs": 1, "tucked": ["Brolga"], "cached": {"seed": 1}}],
                                  "hand": ["Southern Cassowary"], "food": {"fruit": 3}}, {}])

    game = make()
    # in an empty place as usual (1 egg for the 3rd forest place), or in the place of a forest bird (no egg)
    assert [o for o in options(game) if "Cassowary" in o] == ["play-forest Southern Cassowary", "replace-forest Southern Cassowary"]
    game.apply("replace-forest Southern Cassowary")
    assert game.pending.kind == "pay" and options(game) == ["discard-bird Galah", "discard-bird Eastern Whipbird"]
    assert load(game.to_json()).legal_actions() == game.legal_actions()
    game.apply("discard-bird Eastern Whipbird")  # then the food (2 fruit and any: the 3 fruit, at once)
    # the whipbird is gone with its tucked card, egg and cache; the cassowary stands in its place
    assert row_names(game, 0, "forest") == ["Galah", "Southern Cassowary"] and discard_names(game)[-2:] == ["Eastern Whipbird", "Brolga"]
    assert eggs_of(game, 0, "Galah") == 2 and food_of(game, 0) == {}
    assert game.pending.source == "Southern Cassowary" and options(game) == ["use", "skip"]
    game.apply("use")
    assert options(game) == ["part 1", "part 2"]
    game.apply("part 1")
    for _ in range(4):
        game.apply("egg Southern Cassowary")
    game.apply("part 2")
    assert options(game) == ["take fruit", "stop"]
    game.apply("take fruit")
    game.apply("take fruit")
    assert eggs_of(game, 0, "Southern Cassowary") == 4 and food_of(game, 0) == {"fruit": 2}
    # played in an empty place: its egg cost is paid, and the power does nothing
    game = make()
    game.apply("play-forest Southern Cassowary")
    game.apply("pay-egg Galah")
    assert row_names(game, 0, "forest") == ["Galah", "Eastern Whipbird", "Southern Cassowary"]
    assert eggs_of(game, 0, "Southern Cassowary") == 0 and game.pending.player == 1
    # replaced, then declined: no eggs, no fruit
    game = make()
    game.apply("replace-forest Southern Cassowary")
    game.apply("discard-bird Galah")
    game.apply("skip")
    assert row_names(game, 0, "forest") == ["Southern Cassowary", "Eastern Whipbird"] and eggs_of(game, 0, "Southern Cassowary") == 0
    # a full forest still takes it, in a bird's place
    five = [("Galah", 1), "Eastern Whipbird", "Superb Lyrebird", "Tūī", "Rufous Owl"]
    game = position("oceania", [{"forest": five, "hand": ["Southern Cassowary"], "food": {"fruit": 3}}, {}])
    assert "replace-forest Southern Cassowary" in options(game) and "play-forest Southern Cassowary" not in options(game)


def test_every_oceania_card_renders_back_to_the_same_card() -> None:
    """Canonical text of each bird, bonus card and goal compiles back to an equal card."""
    from wingspan_rules import compile_cards
    from wingspan_rules.dsl.render import bonus_dsl, card_dsl, goal_dsl

    deck = card_set("oceania")
    for card in deck.cards:
        again = compile_cards(card_dsl(card.definition), ruleset="oceania").cards[0]
        assert again.power == card.power and again.colour == card.colour and card_dsl(again.definition) == card_dsl(card.definition), card.name
        assert (again.predator, again.flocking, again.beak, again.wingspan) == (card.predator, card.flocking, card.beak, card.wingspan)
    for bonus in deck.bonuses:
        again_b = compile_cards(bonus_dsl(bonus.definition), ruleset="oceania").bonuses[0]
        assert again_b.counts == bonus.counts and again_b.tiers == bonus.tiers, bonus.name
    for goal in deck.goals:
        again_g = compile_cards(goal_dsl(goal.definition), ruleset="oceania").goals[0]
        assert [s.counts for s in again_g.sides] == [s.counts for s in goal.sides], goal.name
