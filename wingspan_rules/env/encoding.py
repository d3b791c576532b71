"""Observations for learning: what one seat may see, as a float32 vector, and the action mask.

The vector holds exactly what the seat's view (``Game.view(seat)``, the picture of the table
the library hands a player) shows and nothing more: its own hand and bonus cards, the other
hands as counts (or by name where the rules show them), every mat, the face-up cards, the
feeder, the goals, the round and whose turn it is, and the decision waiting with its card.
Seats are in the observer's order: slot 0 is the observer, slot 1 the player on their left,
and so on, so one policy serves every seat.

Each ruleset's layout is a list of named slices (``Layout.slices``; docs/rl.md has the table):
one-hot and many-hot blocks over the deck's cards (by card id), counts scaled to about 0..1.

The vector is filled straight from the state, with index tables made once per game, so an
observation costs a few microseconds (``benchmarks/env_steps.py``).  What it may read follows
the views (``classic/view.py``, ``pocket/view.py``: the one place that says what a seat may
see); the tests fill the same layout from ``Game.view`` and check both vectors are equal,
value for value, over random games of every ruleset, seat by seat.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import attrs
import numpy as np
import numpy.typing as npt

from ..actions import Action
from ..classic.rules import ClassicRules
from ..engine.state import Bird
from ..game import Game
from ..pocket.rules import PocketRules

Vector = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]
Fill = Callable[[Any, Game, int], None]  # (the vector as a memoryview, the game, the seat)
# the shared slices' fill: (out, game, state, seat, face-up birds, cards to draw, discard pile shown)
Table = Callable[[Any, Game, Any, int, list[int], int, int], None]

# counts are scaled by these (a count above the scale reads above 1: nothing is clipped)
EGGS, TUCKED, FOOD, HAND, CUBES, BONUS, TURNS, GOAL_POINTS, POCKET_DECK = 6.0, 10.0, 10.0, 20.0, 8.0, 10.0, 20.0, 10.0, 24.0


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


def _bird(out: Any, birds: int, at: int, bird: Bird) -> None:
    """A bird played: its card in the many-hot block at ``birds``, and at its place ``at`` a 1,
    its eggs / 6 and its tucked cards / 10 (a ruleset's own values follow, from ``at + 3``)."""
    out[birds + bird.card] = 1.0
    out[at] = 1.0
    if bird.eggs:
        out[at + 1] = bird.eggs / EGGS
    if bird.tucked:
        out[at + 2] = len(bird.tucked) / TUCKED


class Observer:
    """The encoder of one game's observations: the layout, and ``encode(game, seat)``.

    Made once per environment (the layout depends on the ruleset, the deck and the number of
    players); ``encode`` fills a fresh vector, ``encode_into`` a vector of the caller's."""

    def __init__(self, game: Game) -> None:
        self.players = len(game.state.seats)
        self.cards = _index([c.name for c in game.cards.cards])  # (a card's place in the card blocks: its id)
        if len(self.cards) != len(game.cards.cards):
            raise ValueError("the deck names two cards alike: a card block has one place per name")
        self.kinds = _index(sorted(game.rules_class.DECISIONS))
        self.layout = Layout()
        self._fill: Fill = self._build(game)
        self.size = self.layout.size

    # -- building the layout -------------------------------------------------------------
    def _build(self, game: Game) -> Fill:
        """Add the ruleset's slices (after ``_shared``'s) and return the fill of the whole
        vector: ``fill(out, game, seat)``, ``out`` a memoryview of a zeroed vector."""
        raise NotImplementedError(f"{type(self).__name__} must add its ruleset's slices and fill them")

    def _shared(self) -> Table:
        """Add the slices every ruleset shares; the function that fills them."""
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
        kinds, cards = self.kinds, self.cards

        def table(out: Any, game: Game, st: Any, you: int, face_up: list[int], deck_size: int, discard_size: int) -> None:
            if st.over:
                out[over] = 1.0
            out[turn + (st.current - you) % p] = 1.0
            out[first + (st.first - you) % p] = 1.0
            if not game.is_over:
                player, asked, _, source = game.engine.asking()  # (``game.pending``'s fields, unworded)
                out[pend + (player - you) % p] = 1.0
                out[kind + kinds[asked]] = 1.0
                if source is not None and source in cards:
                    out[card + cards[source]] = 1.0
            for c in face_up:
                if c >= 0:
                    out[face + c] = 1.0
            if deck_size:
                out[deck] = deck_size / n
            if discard_size:
                out[discard] = discard_size / n

        return table

    def seat(self, player: int, you: int) -> int:
        """The slot of ``player`` as ``you`` sees the table (0: you, 1: the next to your left)."""
        return (player - you) % self.players

    # -- encoding ----------------------------------------------------------------------------
    def encode(self, game: Game, seat: int) -> Vector:
        """The observation of ``seat`` now: a new float32 vector of ``layout.size``."""
        out = np.zeros(self.size, dtype=np.float32)
        self._fill(out.data, game, seat)  # (a memoryview: item by item, it writes faster than the array)
        return out

    def encode_into(self, out: Vector, game: Game, seat: int) -> None:
        """Write the observation of ``seat`` into ``out`` (a float32 vector of ``layout.size``)."""
        if out.shape != (self.size,) or out.dtype != np.float32:
            raise ValueError(f"the vector must be float32 of shape ({self.size},), not {out.dtype} of shape {out.shape}")
        out[:] = 0.0
        self._fill(out.data, game, seat)


class ClassicObserver(Observer):
    """The classic game's and Oceania's observations (what ``classic/view.py`` shows: until
    every seat has kept its birds and bonus cards at setup, the others' food, hand size and
    the discard pile are hidden)."""

    def _build(self, game: Game) -> Fill:
        table = self._shared()
        rules, cards, lay, p = game.rules_class, game.cards, self.layout, self.players
        assert issubclass(rules, ClassicRules)
        n = len(self.cards)
        foods, habitats, row_length = cards.foods, rules.habitats, rules.row_length
        bonuses = _index([b.name for b in cards.bonuses])
        engine = game.engine
        bonus_slot = [bonuses[engine.bonus.name(engine, b)] for b in range(len(cards.bonuses))]
        sides = _index([s.name for goal in cards.goals for s in goal.sides])
        side_of = [[sides[s.name] for s in goal.sides] for goal in cards.goals]
        per_goal = len(sides)
        faces = rules.dice.names
        dice = rules.dice.count
        rounds = len(rules.turns_per_round)
        nectar = "nectar" in foods
        per_slot = 3 + len(foods)
        rnd = lay.add("round", rounds, "the round, one-hot")
        feeder = lay.add("feeder", len(faces), "the dice in the birdfeeder, by face (" + ", ".join(faces) + "), divided by the dice")
        goals = lay.add("goals", rounds * len(sides), "each round's goal, one-hot by goal side name, round by round")
        points = lay.add("goal-points", rounds * p, "the points each seat scored for each round's goal so far, divided by 10, round by round")
        seats: list[dict[str, int]] = []
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
                    f"seat{s}.slots", len(habitats) * row_length * per_slot,
                    f"{who} mat, slot by slot ({len(habitats)} rows of {row_length}): a bird there, its eggs / 6, tucked cards / 10, and food cached by food / 10",
                ),
            }  # fmt: skip
            if nectar:
                block["spent"] = lay.add(f"seat{s}.spent-nectar", len(habitats), f"{who} nectar spent on each habitat row, divided by 10")
                block["oc-cubes"] = lay.add(f"seat{s}.cubes", 1 + len(habitats), f"{who} cubes on play-a-bird and on each habitat this round, divided by 8")
            seats.append(block)
        last_round = rounds - 1
        # per slot of the table (0: you), the blocks' starts, and per habitat where its row starts
        starts = [
            (b["hand"], b["hand-size"], b["food"], b["bonus"], b["bonus-count"], b["cubes"], b["dealt"], b["dealt-bonus"], b["spent"] if nectar else -1, b["oc-cubes"] if nectar else -1,
             [(b["birds"] + h * n, b["slots"] + h * row_length * per_slot) for h in range(len(habitats))])
            for b in seats
        ]  # fmt: skip

        def fill(out: Any, game: Game, you: int) -> None:
            st: Any = game.state  # (a classic-family state: ClassicState)
            setup = False
            for seat in st.seats:
                if seat.dealt or seat.dealt_bonus:
                    setup = True
                    break
            table(out, game, st, you, st.tray, len(st.deck), 0 if setup else len(st.discard))
            out[rnd + min(max(st.round, 0), last_round)] = 1.0
            if st.feeder:
                counts = [0] * len(faces)
                for f in st.feeder:
                    counts[f] += 1
                for f, count in enumerate(counts):
                    if count:
                        out[feeder + f] = count / dice
            at = goals
            for pick in st.goals:
                out[at + side_of[pick.goal][pick.side]] = 1.0
                at += per_goal
            for r, scored in enumerate(st.goal_points):
                for player, value in enumerate(scored):
                    if value:
                        out[points + r * p + (player - you) % p] = value / GOAL_POINTS
            g = game.engine
            shown_hands = g.hand.open(g)
            for i, seat in enumerate(st.seats):
                hand, size, food, bonus, bonus_count, cubes, dealt, dealt_bonus, spent, oc_cubes, rows = starts[(i - you) % p]
                mine = i == you
                secret = setup and not mine
                if mine or (shown_hands and not secret):
                    for c in seat.hand:
                        out[hand + c] = 1.0
                if not secret:
                    if seat.hand:
                        out[size] = len(seat.hand) / HAND
                    for k, count in enumerate(seat.food):
                        if count:
                            out[food + k] = count / FOOD
                if mine:
                    for b in seat.bonus:
                        out[bonus + bonus_slot[b]] = 1.0
                    if setup:
                        for c in seat.dealt:
                            out[dealt + c] = 1.0
                        for b in seat.dealt_bonus:
                            out[dealt_bonus + bonus_slot[b]] = 1.0
                if seat.bonus:
                    out[bonus_count] = len(seat.bonus) / BONUS
                if seat.cubes_used:
                    out[cubes] = seat.cubes_used / CUBES
                for h, row in enumerate(seat.rows):
                    if not row:
                        continue
                    bird_at, at = rows[h]
                    for bird in row:
                        _bird(out, bird_at, at, bird)
                        cached = bird.cached
                        if any(cached):
                            for k, count in enumerate(cached):
                                if count:
                                    out[at + 3 + k] = count / FOOD
                        at += per_slot
                if nectar:
                    for h, count in enumerate(seat.spent_nectar):
                        if count:
                            out[spent + h] = count / FOOD
                    for k, count in enumerate(seat.cubes):
                        if count:
                            out[oc_cubes + k] = count / CUBES

        return fill


class PocketObserver(Observer):
    """Wingspan Pocket's observations (what ``pocket/view.py`` shows: until every seat has
    sorted its cards at the advanced setup, the others' reserves are hidden)."""

    def _build(self, game: Game) -> Fill:
        table = self._shared()
        rules, cards, lay, p = game.rules_class, game.cards, self.layout, self.players
        assert issubclass(rules, PocketRules)
        n = len(self.cards)
        kinds = _index(sorted({c.food_kind for c in cards.cards if c.food_kind}))
        kind_of = [kinds[c.food_kind] if c.food_kind else -1 for c in cards.cards]
        goal_sides = _index([f"{goal.name}|{side.name}" for goal in cards.goals for side in goal.sides])
        side_of = [[goal_sides[f"{goal.name}|{side.name}"] for side in goal.sides] for goal in cards.goals]
        flock = rules.flock_end
        per_deck = 1 + len(kinds)
        decks = lay.add("food-decks", rules.decks * per_deck, "each food deck: its size / 24 and its top's food side, one-hot by " + ", ".join(kinds))
        discard = lay.add("discard-top", len(kinds), "the food side of the discard pile's top card, one-hot")
        goals = lay.add("goals", len(goal_sides), "the goals in play (advanced game), many-hot by goal and side")
        ended = lay.add("end-triggered", 1, "1 once the game end is triggered")
        seats = []
        for s in range(p):
            who = "your" if s == 0 else f"seat {s}'s"
            seats.append((
                lay.add(f"seat{s}.reserve-birds", n, f"{who} reserve birds (bird side up), many-hot by card id (shown to every seat)"),
                lay.add(f"seat{s}.reserve-food", len(kinds), f"{who} reserve food cards by food side, divided by 10"),
                lay.add(f"seat{s}.nest-eggs", 1, f"{who} eggs on the Nest, divided by 6"),
                lay.add(f"seat{s}.turns", 1, f"{who} turns taken, divided by 20"),
                lay.add(f"seat{s}.dealt", n, f"{who} cards dealt at the advanced setup still to sort, many-hot (another seat's: all 0)"),
                lay.add(f"seat{s}.flock", n, f"{who} flock, many-hot by card id"),
                lay.add(f"seat{s}.slots", flock * 3, f"{who} flock, place by place ({flock}): a bird there, its eggs / 6, tucked cards / 10"),
            ))  # fmt: skip
        no_food = [0] * len(kinds)

        def fill(out: Any, game: Game, you: int) -> None:
            st: Any = game.state  # (a PocketState)
            setup = False
            for seat in st.seats:
                if seat.dealt:
                    setup = True
                    break
            size = 0
            at = decks
            for deck in st.decks:
                if deck:
                    size += len(deck)
                    out[at] = len(deck) / POCKET_DECK
                    out[at + 1 + kind_of[deck[-1]]] = 1.0
                at += per_deck
            table(out, game, st, you, st.face_up, size, len(st.discard))
            if st.discard:
                out[discard + kind_of[st.discard[-1]]] = 1.0
            for pick in st.goals:
                out[goals + side_of[pick.goal][pick.side]] = 1.0
            if st.end_triggered:
                out[ended] = 1.0
            for i, seat in enumerate(st.seats):
                birds, food, nest, turns, dealt, flock_at, at = seats[(i - you) % p]
                mine = i == you
                if mine or not setup:
                    for c in seat.hand:
                        out[birds + c] = 1.0
                    if seat.food_cards:
                        counts = no_food[:]
                        for c in seat.food_cards:
                            counts[kind_of[c]] += 1
                        for k, count in enumerate(counts):
                            if count:
                                out[food + k] = count / FOOD
                if seat.nest_eggs:
                    out[nest] = seat.nest_eggs / EGGS
                if seat.turns:
                    out[turns] = seat.turns / TURNS
                if mine and setup:
                    for c in seat.dealt:
                        out[dealt + c] = 1.0
                row = seat.rows[0]
                if len(row) > flock:
                    raise ValueError(f"a flock of {len(row)} birds, more than the {flock} this layout holds")
                for bird in row:
                    _bird(out, flock_at, at, bird)
                    at += 3

        return fill


def observer(game: Game) -> Observer:
    """The encoder of ``game``'s ruleset: Pocket's, or the classic family's (classic, Oceania)."""
    return PocketObserver(game) if issubclass(game.rules_class, PocketRules) else ClassicObserver(game)


class Masker:
    """The action masks of one game's deck, from its table of action indices
    (``Game.action_indices``)."""

    def __init__(self, game: Game) -> None:
        self._index = game.action_indices()
        self.size = len(self._index)

    def mask(self, legal: Sequence[Action]) -> Mask:
        """A new mask of ``legal``: 1 for each legal action's index, 0 elsewhere (int8); a
        ``ValueError`` for an action this deck can never produce."""
        mask = np.zeros(self.size, dtype=np.int8)
        view = mask.data
        index = self._index
        for action in legal:
            found = index.get(action)
            if found is None:
                raise ValueError(f"'{action}' is not an action of this game's deck")
            view[found] = 1
        return mask


def action_mask(game: Game, legal: Sequence[Action] | None = None) -> Mask:
    """1 for each legal action's index in ``game.action_space()``, 0 elsewhere (int8): the
    one-off form of ``Masker(game).mask``."""
    return Masker(game).mask(game.legal_actions() if legal is None else legal)
