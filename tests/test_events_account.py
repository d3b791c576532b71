"""Every change is an event: random games of every ruleset, and after each action every change
of what a seat can count (food, eggs, cached food, tucked cards, birds on the mats, hands,
bonus cards, spent nectar, the tray or face-up birds, the feeder, the decks and discard piles)
is accounted for, exactly, by the events that action returned.

The events are read as moves: each kind says how much of what went where (``_replay``), and
replaying them on the table as it stood before the action must give the table after it.  The
same events seen from each seat must account for the same amounts, and never name a card
that seat may not see.  ``WINGSPAN_SOAK=N`` plays N games per configuration (a few by default).
"""

from __future__ import annotations

import os
import random
from collections import Counter
from typing import Any

import pytest

from wingspan_rules import Game, new_game
from wingspan_rules.events import Event
from wingspan_rules.powers.gain import GainFrame
from wingspan_rules.powers.keep_half import KeepHalfFrame
from wingspan_rules.powers.look import LookFrame
from wingspan_rules.powers.share import ShareCardsFrame

SOAK = int(os.environ.get("WINGSPAN_SOAK", "0"))
CONFIGS: list[tuple[str, int, dict[str, Any], int]] = [
    # (ruleset, players, options, games by default)
    ("pocket", 2, {}, 3),
    ("pocket", 4, {"advanced": True}, 2),
    ("classic", 2, {}, 3),
    ("classic", 3, {"public_hands": True, "swift_start": True}, 2),
    ("classic", 2, {"food_tokens": 6, "cache_when_out": "discarded-card", "house_corrections": True}, 2),
    ("classic", 4, {"oceania_mats": True, "goal_side": "blue"}, 1),
    ("oceania", 2, {}, 3),
    ("oceania", 5, {}, 2),
]
EMPTY = -1
POCKET_ROW = "flock"


def _table(game: Game) -> Counter[tuple[Any, ...]]:
    """What every seat can count, as a Counter of amounts (zeros left out)."""
    g = game._engine
    st = game.state
    names = g._names
    pocket = game.ruleset == "pocket"
    out: Counter[tuple[Any, ...]] = Counter()
    rows = (POCKET_ROW,) if pocket else g.habitats
    for p, seat in enumerate(st.seats):
        out["hand", p] = len(seat.hand)
        out["dealt", p] = len(seat.dealt)
        if pocket:
            out["eggs", p, "the nest"] = seat.nest_eggs
            for c in seat.food_cards:
                out["food", p, g.cards[c].food_kind] += 1
        else:
            for i, n in enumerate(seat.food):
                out["food", p, g.foods[i]] = n
            out["bonus", p] = len(seat.bonus)
            out["dealt bonus", p] = len(seat.dealt_bonus)
            for i, n in enumerate(getattr(seat, "spent_nectar", [])):
                out["nectar", p, g.habitats[i]] = n
        for r, row in enumerate(seat.rows):
            for bird in row:
                name = names[bird.card]
                out["bird", p, rows[r], name] = 1
                out["eggs", p, name] = bird.eggs
                out["tucked", p, name] = len(bird.tucked)
                out["stand-ins", p, name] = len(bird.stand_ins)
                for i, n in enumerate(bird.cached):
                    out["cached", p, name, g.foods[i]] = n
    # what a power holds between two decisions: food taken and not yet kept, cached or given,
    # cards looked at or gathered to share
    for f in st.stack:
        if isinstance(f, GainFrame):
            if f.pending >= 0:
                out["food", f.player, g.foods[f.pending]] += 1
        elif isinstance(f, KeepHalfFrame):
            if f.giving > 0:
                out["food", f.player, g.foods[g.supply.one_food(g, g.node(f).food)]] += f.giving
        elif isinstance(f, LookFrame):
            out["looked", f.player] += len(f.seen)
        elif isinstance(f, ShareCardsFrame):
            out["shared"] += len(f.pool)
    if pocket:
        for c in st.face_up:
            if c != EMPTY:
                out["tray", names[c]] += 1
        out["deck"] = sum(len(d) for d in st.decks)
        out["end triggered"] = int(st.end_triggered)
    else:
        for c in st.tray:
            if c != EMPTY:
                out["tray", names[c]] += 1
        for face in st.feeder:
            out["feeder", g.dice.names[face]] += 1
        out["deck"] = len(st.deck)
        out["bonus deck"] = len(st.bonus_deck)
        out["bonus discard"] = len(st.bonus_discard)
    out["discard"] = len(st.discard)
    return +out


def _seat_of(who: str) -> int:
    assert who.startswith("p"), who
    return int(who[1:])


def _side(where: str) -> str:
    """The food side a Pocket card shows: 'deck 2 (seed side up)' -> 'seed'."""
    return where.split("(")[1].split(" side up")[0]


def _source(out: Counter[tuple[Any, ...]], p: int, where: str, card: str) -> None:
    """A card leaves ``where``."""
    if where.startswith("the reserve ("):  # Pocket: a food card of the reserve
        out["food", p, _side(where)] -= 1
    elif where in ("hand", "their hand"):
        out["hand", p] -= 1
    elif where in ("the tray", "the face-up birds"):
        assert card, "a face-up card is named to everyone"
        out["tray", card] -= 1
    elif where == "the deck" or where.startswith("deck "):
        out["deck"] -= 1
    elif where == "the discard pile":
        out["discard"] -= 1
    elif where == "the cards looked at":
        out["looked", p] -= 1
    elif where == "the shared cards":
        out["shared"] -= 1
    elif where == "the cards dealt":
        out["dealt", p] -= 1
    elif where == "a hunt":
        out["deck"] -= 1
    else:
        raise AssertionError(f"a card from an unknown place: {where!r}")


def _replay(before: Counter[tuple[Any, ...]], events: list[Event], rows: tuple[str, ...]) -> Counter[tuple[Any, ...]]:
    """The table after ``events``, replayed on ``before``."""
    out = Counter(before)
    for e in events:
        k, p, w = e.kind, e.player, e.what
        if k in ("action", "auto", "power", "trigger", "passed", "goal", "round", "end"):
            continue
        if k == "roll":
            if w[0] == "feeder":  # the whole feeder, as rolled
                for key in [key for key in out if key[0] == "feeder"]:
                    del out[key]
                for face in w[1:]:
                    out["feeder", face] += 1
        elif k == "die":  # (face, foods gained by it)
            out["feeder", w[0]] -= 1
            for food in w[1:]:
                out["food", p, food] += 1
        elif k == "food":  # (food, count): from the supply
            out["food", p, w[0]] += int(w[1])
        elif k == "pay":  # (food, count, where): to the supply, or onto a row's spent nectar
            out["food", p, w[0]] -= int(w[1])
            if w[2] != "the supply":
                out["nectar", p, w[2]] += int(w[1])
        elif k == "give":  # (receiver, food)
            out["food", p, w[1]] -= 1
            out["food", _seat_of(w[0]), w[1]] += 1
        elif k == "give-card":  # (receiver): a card of the hand
            out["hand", p] -= 1
            out["hand", _seat_of(w[0])] += 1
        elif k == "cache":  # (bird, food, from): from the supply or the player's own food
            if w[1].startswith("a discarded card for "):
                out["stand-ins", p, w[0]] += 1
                out["discard"] -= 1
                food = w[1][len("a discarded card for ") :]
            else:
                out["cached", p, w[0], w[1]] += 1
                food = w[1]
            if w[2] == "their food":
                out["food", p, food] -= 1
            else:
                assert w[2] == "the supply", w
        elif k == "egg":
            out["eggs", p, w[0]] += 1
        elif k == "egg-off":
            out["eggs", p, w[0]] -= 1
        elif k == "draw":  # (from[, food side])
            if w[0].startswith("deck "):  # Pocket: a food card into the reserve
                out["deck"] -= 1
                out["food", p, _side(w[0])] += 1
            else:
                _source(out, p, w[0], e.card)
                out["hand", p] += 1
        elif k == "tuck":  # (bird, from)
            _source(out, p, w[1], e.card)
            out["tucked", p, w[0]] += 1
        elif k == "hunt":  # the card revealed goes to the discard pile
            out["deck"] -= 1
            out["discard"] += 1
        elif k == "tray":
            for name in w:
                out["tray", name] += 1
                out["deck"] -= 1
        elif k == "discard":  # (from[, food side or bird]): a card onto the discard pile
            where = w[0]
            if where == "under":
                out["tucked", p, w[1]] -= 1
            elif where == "cached on":
                out["stand-ins", p, w[1]] -= 1
            else:
                _source(out, p, where, e.card)
            out["discard"] += 1
        elif k == "bonus":  # (from)
            out["bonus", p] += 1
            if w[0] == "the bonus deck":
                out["bonus deck"] -= 1
            elif w[0] == "the bonus discard pile":
                out["bonus discard"] -= 1
            else:
                assert w[0] == "the bonus cards dealt", w
                out["dealt bonus", p] -= 1
        elif k == "bonus-discard":  # (from)
            if w[0] == "the bonus cards dealt":
                out["dealt bonus", p] -= 1
            else:
                assert w[0] == "their bonus cards", w
                out["bonus", p] -= 1
            out["bonus discard"] += 1
        elif k == "look":  # (from)
            _source(out, p, w[0], e.card)
            out["looked", p] += 1
        elif k == "share":  # (from)
            _source(out, p, w[0], e.card)
            out["shared"] += 1
        elif k == "keep":  # (into[, food side]): a card dealt at setup
            out["dealt", p] -= 1
            if w[0].startswith("the reserve ("):
                out["food", p, _side(w[0])] += 1
            else:
                out["hand", p] += 1
        elif k == "play":  # (row): a bird from the hand onto the mat
            out["hand", p] -= 1
            out["bird", p, w[0], e.card] += 1
        elif k == "replace":  # (row, bird): the bird played takes the place of one, discarded
            out["hand", p] -= 1
            out["bird", p, w[0], e.card] += 1
            out["bird", p, w[0], w[1]] -= 1
            out["discard"] += 1
            for key in [key for key in out if key[0] in ("eggs", "cached") and key[1] == p and key[2] == w[1]]:
                del out[key]  # (its eggs and food go back to the supply; its tucked cards are discarded, each an event)
        elif k == "move":  # (bird, from row, to row)
            out["bird", p, w[1], w[0]] -= 1
            out["bird", p, w[2], w[0]] += 1
        elif k == "shuffle":  # (into, count, from)
            n = int(w[1])
            out["deck" if w[0] in ("the deck",) or w[0].startswith("deck ") else "bonus deck"] += n
            if w[2] == "the discard pile":
                out["discard"] -= n
            elif w[2] == "the bonus discard pile":
                out["bonus discard"] -= n
            else:
                out["deck"] -= n  # (Pocket: half of another deck)
        elif k == "end-triggered":
            out["end triggered"] += 1
        else:
            raise AssertionError(f"an event of a kind this test cannot read: {k} {e}")
    return +out


def _visible(game: Game, seat: int) -> set[str]:
    """The cards ``seat`` may see now: every mat, the face-up cards, the discard piles, its
    own hand and bonus cards (and every hand where hands are open), what it looks at."""
    g = game._engine
    st = game.state
    names = g._names
    out: set[str] = set()
    for p, s in enumerate(st.seats):
        for row in s.rows:
            out |= {names[b.card] for b in row}
        if p == seat or g.hand.open(g):
            out |= {names[c] for c in s.hand}
            out |= {names[c] for c in s.dealt}
        if p == seat:
            out |= {g.bonus.name(g, b) for b in getattr(s, "bonus", [])}
            out |= {g.bonus.name(g, b) for b in getattr(s, "dealt_bonus", [])}
    out |= {names[c] for c in (st.face_up if game.ruleset == "pocket" else st.tray) if c != EMPTY}
    out |= {names[c] for c in st.discard}
    out |= {g.bonus.name(g, b) for b in getattr(st, "bonus_discard", [])}
    for f in st.stack:
        if isinstance(f, LookFrame) and f.player == seat:
            out |= {names[c] for c in f.seen}
        elif isinstance(f, ShareCardsFrame):
            out |= {names[c] for c in f.pool}
    return out


def _bonus_names(game: Game) -> set[str]:
    return {b.name for b in game.cards.bonuses}


def _check_action(game: Game, action: Any, before: Counter[tuple[Any, ...]], seen_before: list[set[str]]) -> Counter[tuple[Any, ...]]:
    events = list(game.apply(action))
    after = _table(game)
    rows = (POCKET_ROW,) if game.ruleset == "pocket" else game._engine.habitats
    got = _replay(before, events, rows)
    if got != after:
        diff = {k: (before.get(k, 0), after.get(k, 0), got.get(k, 0)) for k in set(after) | set(got) if after.get(k, 0) != got.get(k, 0)}
        raise AssertionError(f"after '{action}' (before, after, by the events): {diff}\nevents: {[str(e) for e in events]}")
    for seat in range(game.players):
        seen = [e.seen_from(seat) for e in events]
        assert _replay(before, seen, rows) == after, (seat, action, [str(e) for e in seen])
        may_see = seen_before[seat] | _visible(game, seat)
        for e in seen:
            named = e.card in game._engine.by_name or e.card in _bonus_names(game)  # (an answer may name a food)
            if named and not (e.kind == "tuck" and e.what[1] == "a hunt"):  # (a hunt shows its card to all)
                assert e.card in may_see, (seat, str(e), action)
    return after


def _play(ruleset: str, players: int, options: dict[str, Any], seed: int) -> Game:
    game = new_game(ruleset, players, seed, options)
    chooser = random.Random(seed)
    # the table as dealt: the opening events account for the feeder and the tray
    opening = _replay(Counter(), list(game.events()), ())
    table = _table(game)
    for key in table:
        if key[0] in ("feeder", "tray"):
            assert opening[key] == table[key], (key, [str(e) for e in game.events()])
    while not game.is_over:
        seen = [_visible(game, s) for s in range(players)]
        table = _check_action(game, chooser.choice(game.legal_actions()), table, seen)
    return game


@pytest.mark.parametrize("ruleset,players,options,games", CONFIGS)
def test_every_change_is_an_event(ruleset: str, players: int, options: dict[str, Any], games: int) -> None:
    for seed in range(SOAK or games):
        _play(ruleset, players, options, 1000 + seed)


# Powers that random games seldom reach, each set up on the mat (or in the hand, to be played)
# of the first player; every answer there is tried, then the game goes on at random a while.
_FOOD = "food: 2 invertebrate, 2 seed, 2 fish, 2 fruit, 2 rodent, 2 nectar"
SCENES = {
    # the giving powers (``oceania.power.give``)
    "emu": ("oceania", 'grassland: "Emu"', "feeder: 2 nectar/seed, invertebrate/seed, invertebrate, fish"),
    "red-winged parrot": ("oceania", 'forest: "Red-Winged Parrot"', ""),
    "black-shouldered kite": ("oceania", 'grassland: "Black-Shouldered Kite"', "feeder: rodent, nectar/seed, fish, fish, invertebrate"),
    "pink-eared duck": ("oceania", 'wetland: "Pink-Eared Duck"', ""),
    "green pygmy-goose": ("oceania", 'wetland: "Green Pygmy-Goose"', ""),
    # the look powers (``oceania.power.look``)
    "australian ibis": ("oceania", 'wetland: "Australian Ibis"', 'discard: "Mallard", "Killdeer", "Wood Duck"'),
    "grey teal": ("oceania", 'wetland: "Grey Teal"', ""),
    # a bird played in the place of another; cards shared by every player
    "southern cassowary": ("oceania", 'forest: "Blue Jay" (eggs 1, tucked 1)\nhand: "Southern Cassowary"', ""),
    "american oystercatcher": ("classic", 'hand: "American Oystercatcher"', ""),
}


def _scene(ruleset: str, mine: str, table: str) -> str:
    food = _FOOD if ruleset == "oceania" else _FOOD.replace(", 2 nectar", "")
    hand = "" if "hand:" in mine else "hand: 2 cards\n"
    return (
        f"ruleset: {ruleset}\nplayers: 3\n\n[p0]\n{mine}\n{hand}{food}\n\n[p1]\nhand: 2 cards\n{food}\n\n"
        f"[p2]\nhand: 2 cards\n\n[table]\nround: 1\nturn: 1\n{table}\n"
    )


@pytest.mark.parametrize("scene", sorted(SCENES))
def test_every_change_is_an_event_in_powers_random_games_seldom_reach(scene: str) -> None:
    from wingspan_rules import setup

    ruleset, mine, table = SCENES[scene]
    start = setup(_scene(ruleset, mine, table), seed=3)
    used = set()
    for first in start.legal_actions():
        for seed in range(2):
            game = start.copy()
            chooser = random.Random(seed)
            action = first
            before = _table(game)
            for _ in range(12):
                seen = [_visible(game, s) for s in range(game.players)]
                events = list(game.events())
                before = _check_action(game, action, before, seen)
                used |= {e.power for e in list(game.events())[len(events) :]}
                if game.is_over:
                    break
                options = game.legal_actions()
                keen = [a for a in options if a.verb not in ("skip", "stop")]  # (mostly: use the power)
                action = chooser.choice(keen if keen and chooser.random() < 0.9 else options)
    name = {n.lower(): n for n in start._engine.by_name}[scene]
    assert name in used  # (the power was used: the scene tests what it says)


def _scene_game(scene: str) -> Game:
    from wingspan_rules import setup

    return setup(_scene(*SCENES[scene]), seed=3)


def _use(game: Game, until: str) -> list[Event]:
    """Answer the power's questions (use it, take, lay, draw, the first of each) until an
    answer of verb ``until``: the events that answer returned."""
    while True:
        options = game.legal_actions()
        action = next((o for o in options if o.verb == until), None) or next(o for o in options if o.verb not in ("skip", "stop"))
        events = list(game.apply(action))
        if action.verb == until:
            return events


def test_oceania_power_give_is_an_event_naming_the_receiver() -> None:
    from wingspan_rules import read_record

    game = _scene_game("emu")
    game.apply("lay-eggs")
    taken = _use(game, "use")
    assert [e.what for e in taken if e.kind == "die"] == [("nectar/seed", "seed"), ("nectar/seed", "seed"), ("invertebrate/seed", "seed")]
    given = _use(game, "choose")
    assert [(e.kind, e.player, e.what, e.power) for e in given] == [("give", 0, ("p1", "seed"), "Emu")]
    assert str(given[0]) == "p0 gives seed to p1 (Emu)"
    assert "  p0 gives seed to p1 (Emu)" in game.record().splitlines()
    assert read_record(game.record()).position() == game.position()


def test_oceania_power_give_a_card_is_seen_by_the_giver_and_the_receiver_only() -> None:
    game = _scene_game("green pygmy-goose")
    game.apply("draw-cards")
    _use(game, "use")
    given = [e for e in _use(game, "choose") if e.kind == "give-card"]
    assert len(given) == 1
    e = given[0]
    receiver = _seat_of(e.what[0])
    assert e.seen_by == (0, receiver) and e.card in game.state.seats[receiver].hand[-1:] + [game._engine._names[c] for c in game.state.seats[receiver].hand]
    other = 3 - receiver
    assert e.card in e.describe(0) and e.card in e.describe(receiver)
    assert e.card not in e.describe(other) and e.describe(other) == f"p0 gives a card to p{receiver} (Green Pygmy-Goose)"


def test_oceania_power_look_names_the_cards_to_the_looker_and_discards_them_face_up() -> None:
    game = _scene_game("grey teal")
    game.apply("draw-cards")
    events = _use(game, "use")
    looked = [e for e in events if e.kind == "look"]
    assert len(looked) == 3 and all(e.seen_by == (0,) and e.what == ("the deck",) for e in looked)
    assert all(e.card not in e.describe(1) for e in looked)
    rest = list(game.apply("stop"))
    discarded = [e for e in rest if e.kind == "discard"]
    assert [e.card for e in discarded] == [e.card for e in looked] and all(e.seen_by == (-1,) for e in discarded)
    assert all(e.what == ("the cards looked at",) for e in discarded)


def test_oceania_nectar_spent_names_the_row_it_goes_to() -> None:
    game = _scene_game("red-winged parrot")
    nectar = [a for a in game.legal_actions() if a.verb.startswith("play-")]
    assert nectar
    for play in nectar:
        copy = game.copy()
        copy.apply(play)
        while "pay nectar" not in [str(a) for a in copy.legal_actions()]:
            if copy.pending is None or copy.pending.kind != "pay":
                break
            copy.apply(next(a for a in copy.legal_actions() if a.verb == "pay"))
        else:
            paid = list(copy.apply("pay nectar"))
            habitat = play.verb[len("play-") :]
            assert [(e.kind, e.what) for e in paid if e.kind == "pay"] == [("pay", ("nectar", "1", habitat))]
            assert str(paid[0]) == f"p0 spends nectar onto their {habitat} spent-nectar space"
            return
    raise AssertionError("no bird could be paid for with nectar")


@pytest.mark.parametrize("ruleset", ["pocket", "classic", "oceania"])
def test_the_record_starts_with_the_table_as_dealt(ruleset: str) -> None:
    from wingspan_rules import read_record

    game = new_game(ruleset, 2, 8)
    opening = [e for e in game.events()]
    table = _table(game)
    dealt = _replay(Counter(), opening, ())
    assert {k: n for k, n in dealt.items() if k[0] in ("tray", "feeder")} == {k: n for k, n in table.items() if k[0] in ("tray", "feeder")}
    assert opening[0].kind == ("tray" if ruleset == "pocket" else "roll")
    lines = game.record().splitlines()
    assert lines[lines.index("start new") + 1] == "  " + str(opening[0])
    assert read_record(game.record()).position() == game.position()
    # the same game without a record
    assert new_game(ruleset, 2, 8, events=False).position() == game.position()


def test_pocket_end_triggered_is_an_event_citing_its_rule() -> None:
    from wingspan_rules.rules import CATALOG

    rules = set()
    for seed in range(6):
        game = _play("pocket", 2, {}, seed)
        triggered = [e for e in game.events() if e.kind == "end-triggered"]
        assert len(triggered) == 1
        rules.add(triggered[0].rule)
        assert triggered[0].rule in CATALOG and f"[{triggered[0].rule}]" in str(triggered[0])
    assert "pocket.end.six-birds" in rules
