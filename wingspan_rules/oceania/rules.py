"""The Oceania expansion (seed 003) as a ruleset: the classic game with nectar, new mats and dice.

``OceaniaRules`` extends ``ClassicRules``: its tables come from ``data/oceania.json`` (six foods,
the Oceania dice and mats) and it overrides a few hooks: paying with nectar (wild, never in a
2-for-1 pair), keeping spent nectar per row, the nectar every player gains after setup, the
cubes kept on their rows, the round-end spoilage of unspent nectar, and the nectar majorities
on the score sheet.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import attrs

from .. import payment
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..cards import Card, CardSet
from ..classic.rules import ClassicRules, on_mat
from ..classic.state import ClassicSeat, ClassicState, TurnFrame
from ..dsl.vocabulary import OCEANIA, Vocabulary
from ..engine import tables
from ..engine.handlers import Handler, can_do, frame_for
from ..engine.rules import Option, Rules, violation
from ..engine.state import Frame
from ..engine.state import place as place_at
from ..events import FOOD, PAY
from ..i18n import N_, _
from ..scoring import ScoreSheet
from ..verdict import Decision, Violation
from ..views import ClassicView
from .forms import extra_domains, extra_forms
from .state import FinalFrame, GameEndFrame, OceaniaSeat, OceaniaState

_DATA = tables.load("oceania")
_FOODS: tuple[str, ...] = tuple(_DATA["foods"])
_SETS: dict[str, Any] = _DATA["bird_sets"]
_RAVENS: frozenset[str] = frozenset(_DATA["raven_option"])
_READINGS: dict[str, dict[str, Any]] = _DATA["colour_readings"]


def _bird_sets(value: Any) -> str | None:
    """003 shuffles the Oceania birds into the base game's deck ("any combination")."""
    known = _SETS["known"]
    if not isinstance(value, (list, tuple)) or not value or any(not isinstance(v, str) for v in value):
        return _("must be a list of bird sets from {sets}").format(sets=", ".join(known))
    if len(set(value)) != len(value) or not set(value) <= set(known):
        return _("must name each bird set once, from {sets}").format(sets=", ".join(known))
    if _SETS["required"] not in value:
        return _("must include '{set}': the Oceania birds are shuffled into the base game's deck (003)").format(set=_SETS["required"])
    return None
_PAY = Verb("pay")
_PAID = Action("paid")
_GAME_END = Verb("game-end")
_DONE = Action("done")


@mypyc_attr(allow_interpreted_subclasses=True)
class OceaniaRules(ClassicRules[OceaniaState]):
    """The classic game with the Oceania expansion (003)."""

    END_RULE: ClassVar[str] = "oceania.game-end.after-goal"
    IDLE_RULES: ClassVar[dict[str, str]] = {
        **ClassicRules.IDLE_RULES,
        "bonus-discard": "oceania.cards.bonus-discard", "bonus-bought": "oceania.power.bonus-bought", "keep-half": "oceania.power.keep-half",
        "look": "oceania.power.look", "replace": "oceania.play-bird.powers",
    }
    ROUND_END_WORDS: ClassVar[dict[str, tuple[str, str]]] = {
        **ClassicRules.ROUND_END_WORDS,
        "spoil_nectar": (N_("nectar left in supplies is discarded"), "oceania.nectar.spoil"),
        "game_end": (N_("the first player passes on (after the last round: the game-end phase begins)"), "oceania.round.end-order"),
    }

    name: ClassVar[str] = "oceania"
    state_type: ClassVar[type] = OceaniaState
    deck_name: ClassVar[str] = "classic"  # the core birds, bonus cards and goals ...
    extra_decks: ClassVar[tuple[str, ...]] = ("oceania",)  # ... and the Oceania birds (``oceania.setup.bird-sets``)
    vocabulary: ClassVar[Vocabulary] = OCEANIA
    foods: ClassVar[tuple[str, ...]] = _FOODS
    dice: ClassVar[tables.Dice] = tables.read_dice(_DATA["dice"], _FOODS)
    mat: ClassVar[tuple[tables.MatRow, ...]] = tables.read_mat(_DATA["mat"], ClassicRules.habitats)
    mat_rule: ClassVar[str] = _DATA["mat_rules"]["trades"]
    mat_reset_rule: ClassVar[str] = _DATA["mat_rules"]["reset"]
    mat_order_rule: ClassVar[str] = _DATA["mat_rules"]["order"]
    egg_cost_by_column: ClassVar[tuple[int, ...]] = tuple(_DATA["egg_cost_by_column"])
    round_end: ClassVar[tuple[str, ...]] = tuple(_DATA["round_end"])
    nectar_points: ClassVar[tuple[int, ...]] = tuple(_DATA["nectar_majority"]["points"])
    nectar: ClassVar[int] = _FOODS.index("nectar")
    setup_nectar: ClassVar[int] = _DATA["setup"]["nectar_each"]
    answers_gain_food: ClassVar[bool] = True

    DECISIONS: ClassVar[dict[str, tuple[str, frozenset[str]]]] = {
        **ClassicRules.DECISIONS,
        "action": (ClassicRules.DECISIONS["action"][0], ClassicRules.DECISIONS["action"][1] | {f"replace-{h}" for h in ClassicRules.habitats}),
        "draw": (ClassicRules.DECISIONS["draw"][0], ClassicRules.DECISIONS["draw"][1] | {"new-tray", "fill-tray"}),
        "feeder": (ClassicRules.DECISIONS["feeder"][0], ClassicRules.DECISIONS["feeder"][1] | {"take-die"}),
        "bonus": (ClassicRules.DECISIONS["bonus"][0], ClassicRules.DECISIONS["bonus"][1] | {"pay", "paid"}),
        "power": (
            ClassicRules.DECISIONS["power"][0],
            ClassicRules.DECISIONS["power"][1] | {"again", "cache-food", "copy", "keep-bonus", "reset", "check", "tuck-card", "discard-bird", "give-card", "choose"},
        ),
        "choose-player": (N_("the choice of another player"), frozenset({"choose"})),
        "give": (N_("a card given to another player"), frozenset({"choose", "give-card"})),
        "look": (N_("the cards a power looks at"), frozenset({"keep", "tuck", "stop"})),
        "game-end": (N_("the game-end powers"), frozenset({"game-end", "done"})),
    }

    DECISION_TOPICS: ClassVar[dict[str, tuple[str, str]]] = {
        **ClassicRules.DECISION_TOPICS,
        "chosen-other": ("choose-player", "oceania.power.chosen-other"),
        "give": ("give", "oceania.power.give"),
        "keep-half": ("feeder", "oceania.power.keep-half"),
        "bonus-bought": ("bonus", "oceania.power.bonus-bought"),
        "tray-refresh": ("draw", "oceania.power.tray-refresh"),
        "look": ("look", "oceania.power.look"),
        "eggs-for-tucks": ("power", "classic.power.cost"),  # (which bird gives up its eggs)
    }

    OPTIONS: ClassVar[dict[str, Option]] = {
        **{k: v for k, v in ClassicRules.OPTIONS.items() if k != "oceania_mats"},  # the mats are always Oceania's
        "nectar_ties": Option("use-places", ("use-places", "next-place")),
        # who uses their game-end powers first: from the first player, clockwise or the other way
        "game_end_order": Option("clockwise", ("clockwise", "counterclockwise")),
        # which bird sets are shuffled into the deck; the core set is always in
        "bird_sets": Option(tuple(_SETS["default"]), check=_bird_sets),
        # 003 lets a table take the two ravens out, as wild gains now include nectar
        "remove_ravens": Option(False, (False, True)),
        # Mechanical Engineer past two sets: the top tier ("top-tier": 8) or the tiers again ("repeat": 3 sets = 8 + 3)
        "engineer_sets": Option("top-tier", ("top-tier", "repeat")),
        # the printed card's colour (brown) or 003's appendix (white, when played)
        **{name: Option(next(iter(r["colours"])), tuple(r["colours"])) for name, r in _READINGS.items()},
    }

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[Rules]:
        return on_mat(cls, _DATA, options)  # (itself, unless an option reads a row another way)

    @classmethod
    def extra_forms(cls) -> tuple[tuple[str, str], ...]:
        return extra_forms(cls.habitats)

    @classmethod
    def extra_domains(cls, cards: CardSet) -> dict[str, Sequence[str | int]]:
        return extra_domains([c.name for c in cards.cards], cls.foods, cls.habitats, cls.dice.names)

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        super(OceaniaRules, cls).check_options(options | {"oceania_mats": True})  # noqa: UP008  (compiled, a bare super() in a classmethod gets the wrong class)
        options["bird_sets"] = sorted(options["bird_sets"], key=_SETS["known"].index)  # one spelling, saved as a list

    @classmethod
    def in_game(cls, card: Card, options: dict[str, Any]) -> bool:
        if card.card_set in _SETS["known"] and card.card_set not in options["bird_sets"]:
            return False  # (a bird of no published set, a card author's, always joins the deck)
        if options["remove_ravens"] and card.name in _RAVENS:
            return False
        return super(OceaniaRules, cls).in_game(card, options)  # noqa: UP008  (compiled, a bare super() in a classmethod gets the wrong class)

    @classmethod
    def adjust_deck(cls, cards: CardSet, options: dict[str, Any]) -> CardSet:
        """A card printed one way and described another in 003 takes the colour the option names."""
        changed = {r["card"]: r["colours"][options[name]] for name, r in _READINGS.items()}
        changed = {n: c for n, c in changed.items() if n in cards.by_name and cards.by_name[n].colour != c}
        return _recoloured(cards, tuple(sorted(changed.items()))) if changed else cards

    def __init__(self, cards: CardSet, options: dict[str, Any], state: OceaniaState):
        super().__init__(cards, options, state)

    # ---- setup --------------------------------------------------------------------------
    @classmethod
    def new_state(cls, cards: CardSet, players: int, seed: int, options: dict[str, Any]) -> OceaniaState:
        st = super(OceaniaRules, cls).new_state(cards, players, seed, options)  # noqa: UP008  (compiled, a bare super() in a classmethod gets the wrong class)
        assert isinstance(st, OceaniaState)
        for seat in st.seats:
            seat.food[cls.nectar] = 0  # the starting food is one of each standard food (``oceania.setup.nectar``)
        return st

    @classmethod
    def new_seat(cls, food: list[int]) -> OceaniaSeat:
        """A seat with no nectar spent yet and no cube on any action."""
        return OceaniaSeat([[] for _ in cls.habitats], food, spent_nectar=[0] * len(cls.habitats), cubes=[0] * (1 + len(cls.habitats)))

    def setup_done(self, player: int) -> None:
        # after choosing what to keep, every player gains nectar (``oceania.setup.nectar``)
        self.state.seats[player].food[self.nectar] += self.setup_nectar
        if self.log is not None:
            self.recorder.note(self, FOOD, player, self.foods[self.nectar], self.setup_nectar)

    def place_cube(self, player: int, action: int) -> None:
        seat = self.state.seats[player]
        seat.cubes_used += 1
        seat.cubes[action] += 1  # it stays on that row until the round ends (``oceania.setup.cubes-stay``)

    # ---- nectar -------------------------------------------------------------------------
    def can_afford(self, icons: tuple[int, ...], food: tuple[int, ...]) -> bool:
        nectar = self.nectar
        others = [1 << f for f, n in enumerate(food) if f != nectar for _ in range(n)]
        return payment.can_complete_wild(icons, [], 0, others, food[nectar])

    def pay_food_options(self, player: int, icons: tuple[int, ...], paid: list[int]) -> list[Action]:
        """Nectar pays any icon by itself but never as half of a pair (``oceania.nectar.wild``,
        ``oceania.nectar.no-trade-away``): each food held is offered if the payment can still
        be completed after giving it."""
        nectar = self.nectar
        held = self.state.seats[player].food
        others = [1 << f for f in paid if f != nectar]
        wild = len(paid) - len(others)
        rest = [1 << f for f, n in enumerate(held) if f != nectar for _ in range(n)]
        out = []
        for f, n in enumerate(held):
            if not n:
                continue
            if f == nectar:
                ok = payment.can_complete_wild(icons, others, wild + 1, rest, held[nectar] - 1)
            else:
                left = rest[:]
                left.remove(1 << f)
                ok = payment.can_complete_wild(icons, others + [1 << f], wild, left, held[nectar])
            if ok:
                out.append(_PAY[self.foods[f]])
        if payment.is_valid_wild(icons, others, wild):
            out.append(_PAID)
        return out

    # ---- the round ----------------------------------------------------------------------
    def round_end_spoil_nectar(self) -> None:
        """Unspent nectar goes back to the supply; spent and cached nectar stay (``oceania.nectar.spoil``)."""
        for p, seat in enumerate(self.state.seats):
            if seat.food[self.nectar] and self.log is not None:
                self.recorder.note(self, PAY, p, self.foods[self.nectar], seat.food[self.nectar], "the supply")
            seat.food[self.nectar] = 0

    def round_end_reset_cubes(self) -> None:
        super().round_end_reset_cubes()
        for seat in self.state.seats:
            seat.cubes = [0] * len(seat.cubes)

    def round_end_score_goal(self) -> None:
        super().round_end_score_goal()
        self.state.over = False  # after round 4 the game ends with the game-end powers (``round_end_game_end``)

    def round_end_game_end(self) -> None:
        """After round 4's other steps, each player's game-end powers (from the first player,
        by ``game_end_order``); after any other round, the first player passes on."""
        st = self.state
        if st.round < len(self.turns_per_round):
            self.round_end_pass_first()
            return
        n = len(st.seats)
        step = 1 if self.options["game_end_order"] == "clockwise" else -1
        order = [(st.first + step * k) % n for k in range(n)]
        st.stack.append(FinalFrame(st.first))
        for p in reversed(order):
            st.stack.append(GameEndFrame(p))

    @classmethod
    def in_game_end(cls, state: ClassicState) -> bool:
        return bool(state.stack) and isinstance(state.stack[0], FinalFrame)

    def note_event(self, event: str) -> None:
        if self.in_game_end(self.state):
            return  # game-end powers never trigger pink powers (``oceania.game-end.powers``)
        super().note_event(event)

    def game_end_offers(self, f: GameEndFrame) -> list[Action]:
        """'game-end NAME' for each of the player's birds whose game-end power is still to use
        and can do something now."""
        out = []
        cards = self.cards
        for r, row in enumerate(self.state.seats[f.player].rows):
            for c, bird in enumerate(row):
                card = cards[bird.card]
                if card.colour != "yellow" or card.power is None or bird.card in f.used:
                    continue
                run = frame_for(card.power, f.player, card.id, (), f.player, place_at(r, c))
                if can_do(self, run, card.power):
                    out.append(_GAME_END[card.name])
        return out

    @classmethod
    def plays_at_game_end(cls, below: Frame, player: int) -> bool:
        return isinstance(below, GameEndFrame) and below.player == player

    @classmethod
    def frame_problem(cls, state: ClassicState, cards: CardSet, players: int, depth: int, f: Frame) -> str | None:
        where = _("a '{kind}' frame at depth {depth}").format(kind=f.kind, depth=depth)
        if isinstance(f, FinalFrame):
            if depth != 0 or state.round != len(cls.turns_per_round) or state.over:
                return _("{where}: the game's end waits at the bottom, after the last round").format(where=where)
            return None
        if isinstance(f, GameEndFrame):
            below = state.stack[depth - 1] if depth else None
            if not isinstance(below, (FinalFrame, GameEndFrame)) or not 0 <= f.player < players:
                return _("{where} must sit on the game's end, one per player").format(where=where)
            if len(f.used) > 15 or any(not 0 <= c < len(cards.cards) or cards.cards[c].colour != "yellow" for c in f.used):
                return _("{where} names birds without a game-end power").format(where=where)
            return None
        if cls.in_game_end(state):
            if depth <= 1:
                return _("{where} must run above a player's game-end powers").format(where=where)
            return _game_end_power_problem(cls, state, cards, players, depth, f)
        return super(OceaniaRules, cls).frame_problem(state, cards, players, depth, f)  # noqa: UP008  (compiled, a bare super() in a classmethod gets the wrong class)

    # ---- scoring ------------------------------------------------------------------------
    def score(self) -> ScoreSheet:
        sheet = super().score()
        seats = self.state.seats
        nectar = [0] * len(seats)
        for h in range(len(self.habitats)):
            spent = [seat.spent_nectar[h] for seat in seats]
            for p, points in enumerate(majority(spent, self.nectar_points, self.options["nectar_ties"] == "use-places")):
                nectar[p] += points
        players = tuple(attrs.evolve(p, nectar=nectar[p.player]) for p in sheet.players)
        from ..scoring import winners

        return ScoreSheet(players, winners(list(players)), sheet.tiebreak_name)

    def view(self, player: int, pending: Decision | None) -> ClassicView:
        out = super().view(player, pending)
        rows = ("play-bird", *self.habitats)
        for entry, seat in zip(out["players"], self.state.seats, strict=True):
            entry["spent_nectar"] = dict(zip(self.habitats, seat.spent_nectar, strict=True))  # nectar spent on each row
            entry["cubes"] = dict(zip(rows, seat.cubes, strict=True))  # the cubes on each action
        return out

    @classmethod
    def seat_problem(cls, seat: ClassicSeat) -> str | None:
        if not isinstance(seat, OceaniaSeat):
            return _("seat is not an Oceania seat")
        if len(seat.spent_nectar) != len(cls.habitats) or any(type(n) is not int or not 0 <= n <= 1000 for n in seat.spent_nectar):
            return _("spent nectar is malformed")
        if len(seat.cubes) != 1 + len(cls.habitats) or any(type(n) is not int or n < 0 for n in seat.cubes) or sum(seat.cubes) != seat.cubes_used:
            return _("cubes on the actions do not add up to the cubes used")
        return None


def majority(counts: list[int], points: tuple[int, ...], use_places: bool = True) -> list[int]:
    """Points for most and second most (``oceania.nectar.majority``): at least 1 to qualify;
    tied players add up the points of the places they cover and share them, rounded down.
    ``use_places``: the tied players use up those places (two tied for most leave no second
    place); otherwise the next count still takes the next place (option ``nectar_ties``)."""
    out = [0] * len(counts)
    place = 0
    for value in sorted({c for c in counts if c > 0}, reverse=True):
        if place >= len(points):
            break
        tied = [p for p, c in enumerate(counts) if c == value]
        pool = sum(points[place + k] for k in range(len(tied)) if place + k < len(points))
        for p in tied:
            out[p] = pool // len(tied)
        place += len(tied) if use_places else 1
    return out


def _game_end_power_problem(rules: type[OceaniaRules], state: ClassicState, cards: CardSet, players: int, depth: int, f: Frame) -> str | None:
    """A power frame during the game end: the classic checks, as if above a turn."""
    shown = attrs.evolve(state, stack=[TurnFrame(state.current, stage=1)] + state.stack[1:])
    return ClassicRules.parts.frame_problem(rules, shown, cards, players, depth, f)


@mypyc_attr(allow_interpreted_subclasses=True)
class GameEndHandler(Handler[GameEndFrame, "OceaniaRules"]):
    frame_type = GameEndFrame
    says = {"game-end": N_("use the game-end power of {arg}"), "done": N_("use no more game-end powers")}

    def options(self, g: OceaniaRules, f: GameEndFrame) -> list[Action]:
        offers = g.game_end_offers(f)
        return offers + [_DONE] if offers else []

    def answer(self, g: OceaniaRules, f: GameEndFrame, a: Action) -> None:
        if a.verb == "done":
            g.state.stack.pop()
            return
        cid = g.by_name[str(a.arg)]
        f.used.append(cid)
        place = g.board.find(g, f.player, str(a.arg))
        power = g.cards[cid].power
        assert power is not None
        g.state.stack.append(frame_for(power, f.player, cid, (), f.player, place))

    def describe(self, g: OceaniaRules, f: GameEndFrame) -> tuple[str, str]:
        return "game-end", "oceania.game-end.powers"

    def why_not(self, g: OceaniaRules, f: GameEndFrame, a: Action) -> list[Violation]:
        if a.verb != "game-end":
            return []
        cid = g.by_name.get(str(a.arg), -1)
        seat = g.state.seats[f.player]
        mine = any(b.card == cid for row in seat.rows for b in row)
        if not mine:
            return [violation("oceania.game-end.powers", _("{bird} is not one of your birds").format(bird=a.arg))]
        if g.cards[cid].colour != "yellow":
            return [violation("oceania.game-end.powers", _("{bird} has no game-end power").format(bird=a.arg))]
        if cid in f.used:
            return [violation("oceania.game-end.powers", _("{bird}'s game-end power was used already; each is used once").format(bird=a.arg))]
        return [violation("core.forced", _("{bird}'s game-end power can do nothing now").format(bird=a.arg))]


@mypyc_attr(allow_interpreted_subclasses=True)
class FinalHandler(Handler[FinalFrame, "OceaniaRules"]):
    frame_type = FinalFrame

    def options(self, g: OceaniaRules, f: FinalFrame) -> None:
        return None

    def step(self, g: OceaniaRules, f: FinalFrame) -> None:
        g.state.stack.pop()
        g.state.over = True

    def describe(self, g: OceaniaRules, f: FinalFrame) -> tuple[str, str]:
        return "game-end", "oceania.game-end.powers"


OceaniaRules.turn_handlers = ClassicRules.turn_handlers + (GameEndHandler(), FinalHandler())


_RECOLOURED: dict[tuple[int, tuple[tuple[str, str], ...]], tuple[CardSet, CardSet]] = {}


def _recoloured(cards: CardSet, colours: tuple[tuple[str, str], ...]) -> CardSet:
    """``cards`` with these cards' power colours changed (made once per deck and change)."""
    key = (id(cards), colours)
    found = _RECOLOURED.get(key)
    if found is None or found[0] is not cards:
        new = dict(colours)
        changed = tuple(attrs.evolve(c, colour=new[c.name]) if c.name in new else c for c in cards.cards)
        made = attrs.evolve(cards, cards=changed, by_name={c.name: c for c in changed})
        if len(_RECOLOURED) >= 16:
            _RECOLOURED.clear()
        found = _RECOLOURED[key] = (cards, made)
    return found[1]
