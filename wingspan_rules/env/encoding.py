"""Observations for learning: what one seat may see, as a float32 vector, and the action mask.

The vector is built from the seat's view (``Game.view(seat)``), the same picture of the table
the library hands a player, so it holds exactly what that seat may see and nothing more: its
own hand and bonus cards, the other hands as counts (or by name where the rules show them),
every mat, the face-up cards, the feeder, the goals, the round and whose turn it is, and the
decision waiting with its card.  Seats are in the observer's order: slot 0 is the observer,
slot 1 the player on their left, and so on, so one policy serves every seat.

Each ruleset's layout is a list of named slices (``Layout.slices``; docs/rl.md has the table):
one-hot and many-hot blocks over the deck's cards (by card id), counts scaled to about 0..1.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from ..classic.rules import ClassicRules
from ..game import Game
from ..pocket.rules import PocketRules

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

# counts are scaled by these (a count above the scale reads above 1: nothing is clipped)
_EGGS, _TUCKED, _FOOD, _HAND, _CUBES = 6.0, 10.0, 10.0, 20.0, 8.0


@attrs.frozen
class Slice:
    """One named block of the vector: where it starts, how long it is, what it holds."""

    name: str
    start: int
    size: int
    holds: str


class Layout:
    """The slices of one ruleset's observation, in order, and the vector's length."""

    def __init__(self) -> None:
        self.slices: list[Slice] = []
        self.size = 0

    def add(self, name: str, size: int, holds: str) -> int:
        """A new slice at the end; its start."""
        start = self.size
        self.slices.append(Slice(name, start, size, holds))
        self.size += size
        return start

    def table(self) -> str:
        """The layout as a Markdown table (docs/rl.md)."""
        lines = ["| slice | start | size | holds |", "|---|---|---|---|"]
        lines += [f"| `{s.name}` | {s.start} | {s.size} | {s.holds} |" for s in self.slices]
        return "\n".join(lines)


def _index(names: Sequence[str]) -> dict[str, int]:
    return {name: i for i, name in enumerate(names)}


class Observer:
    """The encoder of one game's observations: the layout, and ``encode(game, seat)``.

    Made once per environment (the layout depends on the ruleset, the deck and the number of
    players); ``encode`` fills a fresh vector from the seat's view."""

    def __init__(self, game: Game) -> None:
        self.players = len(game.state.seats)
        self.cards = _index([c.name for c in game.cards.cards])
        self.kinds = _index(sorted(game.rules_class.DECISIONS))
        self.layout = Layout()
        self._fills: list[Callable[[Vector, Mapping[str, Any], int], None]] = []
        self._build(game)

    # -- building the layout -------------------------------------------------------------
    def _build(self, game: Game) -> None:
        lay, n, p = self.layout, len(self.cards), self.players
        over = lay.add("over", 1, "1 once the game is over")
        turn = lay.add("to-act", p, "whose turn it is, one-hot by seat (slot 0: you)")
        first = lay.add("first-player", p, "who plays first this round, one-hot by seat")
        pend = lay.add("decision-seat", p, "who decides now, one-hot by seat (all 0 when the game is over)")
        kind = lay.add("decision-kind", len(self.kinds), "the kind of decision waiting, one-hot, by " + ", ".join(self.kinds))
        card = lay.add("decision-card", n, "the bird whose power or payment asks, one-hot by card id")
        face = lay.add("face-up", n, "the face-up birds (the tray, Pocket's face-up birds), many-hot by card id")
        deck = lay.add("deck-size", 1, "cards face down to draw, divided by the deck's size")
        discard = lay.add("discard-size", 1, "cards in the discard pile, divided by the deck's size (0 while hidden)")

        def fill(out: Vector, v: Mapping[str, Any], you: int) -> None:
            out[over] = float(v["over"])
            out[turn + self.seat(v["current_player"], you)] = 1.0
            out[first + self.seat(v["first_player"], you)] = 1.0
            pending = v["pending"]
            if pending is not None:
                out[pend + self.seat(pending["player"], you)] = 1.0
                out[kind + self.kinds[pending["kind"]]] = 1.0
                source = pending["source"]
                if source is not None and source in self.cards:
                    out[card + self.cards[source]] = 1.0
            for name in v["face_up_birds"]:
                if name is not None:
                    out[face + self.cards[name]] = 1.0
            out[deck] = v["deck_size"] / n
            out[discard] = (v["discard_size"] or 0) / n

        self._fills.append(fill)

    def seat(self, player: int, you: int) -> int:
        """The slot of ``player`` as ``you`` sees the table (0: you, 1: the next to your left)."""
        return (player - you) % self.players

    def _many(self, out: Vector, start: int, names: Sequence[str] | None, table: Mapping[str, int]) -> None:
        for name in names or ():
            out[start + table[name]] += 1.0

    # -- encoding ----------------------------------------------------------------------------
    def encode(self, game: Game, seat: int) -> Vector:
        """The observation of ``seat`` now: a float32 vector of ``layout.size``."""
        out = np.zeros(self.layout.size, dtype=np.float32)
        view: Mapping[str, Any] = game.view(seat)
        for fill in self._fills:
            fill(out, view, seat)
        return out


class ClassicObserver(Observer):
    """The classic game's and Oceania's observations (``views.ClassicView``)."""

    def _build(self, game: Game) -> None:
        super()._build(game)
        rules, cards, lay, p = game.rules_class, game.cards, self.layout, self.players
        assert issubclass(rules, ClassicRules)
        n = len(self.cards)
        foods, habitats, row_length = cards.foods, rules.habitats, rules.row_length
        food_of = _index(foods)
        bonuses = _index([b.name for b in cards.bonuses])
        sides = _index([s.name for goal in cards.goals for s in goal.sides])
        faces = _index(rules.dice.names)
        rounds = len(rules.turns_per_round)
        nectar = "nectar" in foods
        rnd = lay.add("round", rounds, "the round, one-hot")
        feeder = lay.add("feeder", len(faces), "the dice in the birdfeeder, by face (" + ", ".join(faces) + "), divided by the dice")
        goals = lay.add("goals", rounds * len(sides), "each round's goal, one-hot by goal side name, round by round")
        points = lay.add("goal-points", rounds * p, "the points each seat scored for each round's goal so far, divided by 10, round by round")
        seats = []
        for s in range(p):
            who = "your" if s == 0 else f"seat {s}'s"
            block = {
                "hand": lay.add(f"seat{s}.hand", n, f"{who} hand, many-hot by card id (another seat's only where its hand is shown)"),
                "hand-size": lay.add(f"seat{s}.hand-size", 1, f"{who} hand size, divided by 20"),
                "food": lay.add(f"seat{s}.food", len(foods), f"{who} food tokens by food ({', '.join(foods)}), divided by 10"),
                "bonus": lay.add(f"seat{s}.bonus", len(bonuses), f"{who} bonus cards, many-hot (another seat's: all 0)"),
                "bonus-count": lay.add(f"seat{s}.bonus-count", 1, f"{who} bonus cards held, divided by 10"),
                "cubes": lay.add(f"seat{s}.cubes-used", 1, f"{who} action cubes used this round, divided by 8"),
                "dealt": lay.add(f"seat{s}.dealt", n, f"{who} dealt birds still to choose from at setup, many-hot (another seat's: all 0)"),
                "dealt-bonus": lay.add(f"seat{s}.dealt-bonus", len(bonuses), f"{who} dealt bonus cards at setup, many-hot"),
                "birds": lay.add(f"seat{s}.birds", len(habitats) * n, f"{who} birds played, many-hot by card id, habitat by habitat ({', '.join(habitats)})"),
                "slots": lay.add(
                    f"seat{s}.slots", len(habitats) * row_length * (3 + len(foods)),
                    f"{who} mat, slot by slot ({len(habitats)} rows of {row_length}): a bird there, its eggs / 6, tucked cards / 10, and food cached by food / 10",
                ),
            }  # fmt: skip
            if nectar:
                block["spent"] = lay.add(f"seat{s}.spent-nectar", len(habitats), f"{who} nectar spent on each habitat row, divided by 10")
                block["oc-cubes"] = lay.add(f"seat{s}.cubes", 1 + len(habitats), f"{who} cubes on play-a-bird and on each habitat this round, divided by 8")
            seats.append(block)
        per_slot = 3 + len(foods)

        def fill(out: Vector, v: Mapping[str, Any], you: int) -> None:
            out[rnd + min(max(v["round"] - 1, 0), rounds - 1)] = 1.0
            for face in v["feeder"]:
                out[feeder + faces[face]] += 1.0 / rules.dice.count
            for r, side in enumerate(v["goals"]):
                out[goals + r * len(sides) + sides[side]] = 1.0
            for r, scored in enumerate(v["goal_points"]):
                for player, value in enumerate(scored):
                    out[points + r * p + self.seat(player, you)] = value / 10.0
            for seat_view in v["players"]:
                block = seats[self.seat(seat_view["player"], you)]
                hand = seat_view["hand"]
                shown = hand if isinstance(hand, list) else seat_view["open_hand"]
                self._many(out, block["hand"], shown, self.cards)
                out[block["hand-size"]] = (len(hand) if isinstance(hand, list) else hand or 0) / _HAND
                for food, count in (seat_view["food"] or {}).items():
                    out[block["food"] + food_of[food]] = count / _FOOD
                bonus = seat_view["bonus"]
                self._many(out, block["bonus"], bonus if isinstance(bonus, list) else None, bonuses)
                out[block["bonus-count"]] = (len(bonus) if isinstance(bonus, list) else bonus) / 10.0
                out[block["cubes"]] = seat_view["cubes_used"] / _CUBES
                self._many(out, block["dealt"], seat_view["dealt"], self.cards)
                self._many(out, block["dealt-bonus"], seat_view["dealt_bonus"], bonuses)
                for h, habitat in enumerate(habitats):
                    for c, bird in enumerate(seat_view["rows"][habitat]):
                        out[block["birds"] + h * n + self.cards[bird["bird"]]] = 1.0
                        at = block["slots"] + (h * row_length + c) * per_slot
                        out[at] = 1.0
                        out[at + 1] = bird["eggs"] / _EGGS
                        out[at + 2] = bird["tucked"] / _TUCKED
                        for food, count in bird["cached"].items():
                            out[at + 3 + food_of[food]] = count / _FOOD
                if nectar:
                    for h, habitat in enumerate(habitats):
                        out[block["spent"] + h] = (seat_view["spent_nectar"] or {}).get(habitat, 0) / _FOOD
                    for k, count in enumerate((seat_view["cubes"] or {}).values()):
                        out[block["oc-cubes"] + k] = count / _CUBES

        self._fills.append(fill)


class PocketObserver(Observer):
    """Wingspan Pocket's observations (``views.PocketView``)."""

    def _build(self, game: Game) -> None:
        super()._build(game)
        rules, cards, lay, p = game.rules_class, game.cards, self.layout, self.players
        assert issubclass(rules, PocketRules)
        n = len(self.cards)
        kinds = _index(sorted({c.food_kind for c in cards.cards if c.food_kind}))
        goal_sides = _index([f"{goal.name}|{side.name}" for goal in cards.goals for side in goal.sides])
        flock = rules.flock_end
        decks = lay.add("food-decks", rules.decks * (1 + len(kinds)), "each food deck: its size / 24 and its top's food side, one-hot by " + ", ".join(kinds))
        discard = lay.add("discard-top", len(kinds), "the food side of the discard pile's top card, one-hot")
        goals = lay.add("goals", len(goal_sides), "the goals in play (advanced game), many-hot by goal and side")
        ended = lay.add("end-triggered", 1, "1 once the game end is triggered")
        seats = []
        for s in range(p):
            who = "your" if s == 0 else f"seat {s}'s"
            seats.append({
                "birds": lay.add(f"seat{s}.reserve-birds", n, f"{who} reserve birds (bird side up), many-hot by card id (shown to every seat)"),
                "food": lay.add(f"seat{s}.reserve-food", len(kinds), f"{who} reserve food cards by food side, divided by 10"),
                "nest": lay.add(f"seat{s}.nest-eggs", 1, f"{who} eggs on the Nest, divided by 6"),
                "turns": lay.add(f"seat{s}.turns", 1, f"{who} turns taken, divided by 20"),
                "dealt": lay.add(f"seat{s}.dealt", n, f"{who} cards dealt at the advanced setup still to sort, many-hot (another seat's: all 0)"),
                "flock": lay.add(f"seat{s}.flock", n, f"{who} flock, many-hot by card id"),
                "slots": lay.add(f"seat{s}.slots", flock * 3, f"{who} flock, place by place ({flock}): a bird there, its eggs / 6, tucked cards / 10"),
            })  # fmt: skip

        def fill(out: Vector, v: Mapping[str, Any], you: int) -> None:
            for d, deck in enumerate(v["decks"]):
                at = decks + d * (1 + len(kinds))
                out[at] = deck["size"] / 24.0
                if deck["top"] is not None:
                    out[at + 1 + kinds[deck["top"]]] = 1.0
            top = v["discard_pile"]["top"]
            if top is not None:
                out[discard + kinds[top]] = 1.0
            for goal in v["goals"]:
                out[goals + goal_sides[f"{goal['goal']}|{goal['side']}"]] = 1.0
            out[ended] = float(v["end_triggered"])
            for seat_view in v["players"]:
                block = seats[self.seat(seat_view["player"], you)]
                self._many(out, block["birds"], seat_view["reserve_birds"], self.cards)
                self._many(out, block["food"], seat_view["reserve_food"], kinds)
                out[block["food"] : block["food"] + len(kinds)] /= _FOOD
                out[block["nest"]] = seat_view["nest_eggs"] / _EGGS
                out[block["turns"]] = seat_view["turns"] / 20.0
                dealt = seat_view["dealt"]
                if isinstance(dealt, list):
                    self._many(out, block["dealt"], [card["bird"] for card in dealt], self.cards)
                if len(seat_view["flock"]) > flock:
                    raise ValueError(f"a flock of {len(seat_view['flock'])} birds, more than the {flock} this layout holds")
                for c, bird in enumerate(seat_view["flock"]):
                    out[block["flock"] + self.cards[bird["bird"]]] = 1.0
                    at = block["slots"] + c * 3
                    out[at], out[at + 1], out[at + 2] = 1.0, bird["eggs"] / _EGGS, bird["tucked"] / _TUCKED

        self._fills.append(fill)


def observer(game: Game) -> Observer:
    """The encoder of ``game``'s ruleset: Pocket's, or the classic family's (classic, Oceania)."""
    return PocketObserver(game) if issubclass(game.rules_class, PocketRules) else ClassicObserver(game)


def action_mask(game: Game, legal: Sequence[Any] | None = None) -> Mask:
    """1 for each legal action's index in ``game.action_space()``, 0 elsewhere (int8)."""
    mask = np.zeros(len(game.action_space()), dtype=np.int8)
    for action in game.legal_actions() if legal is None else legal:
        mask[game.action_index(action)] = 1
    return mask
