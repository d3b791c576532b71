"""The classic Wingspan base game as a ruleset: its tables, flags and turn frames (its world's
parts are in ``world.py``).

Powers and the habitat actions' benefits run through the one interpreter
(the node handlers of ``powers/``); this module holds what is particular to the classic game: food
is tokens taken from a dice feeder, cards come from a tray and a deck, each player has a
mat of three habitat rows whose numbers are data (``data/classic.json``), rounds have
their own lengths and goals, and pink powers answer other players' actions.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import attrs
from typing_extensions import TypeVar  # (a TypeVar with a default: typing has it from 3.13)

from .. import ir, payment, rng
from .. import words as say
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..cards import Card, CardSet, max_parts
from ..dsl.vocabulary import CLASSIC, Vocabulary
from ..engine import tables
from ..engine.handlers import Handler, can_do, frame_for
from ..engine.registry import Telling
from ..engine.rules import Option, Rules
from ..engine.state import ACTION, NOWHERE, Bird, Frame, GoalPick, Place, PowerFrame
from ..engine.state import place as place_at
from ..events import BONUS, BONUS_DISCARD, DISCARD, EGG_OFF, GOAL, KEEP, PAY, PLAY, REPLACE, ROUND, TRIGGER
from ..i18n import N_, _, translate
from ..powers.draw import DrawFrame
from ..powers.gain import GainFrame
from ..powers.lay import LayFrame
from ..powers.when import WhenFrame
from ..scoring import ScoreSheet
from ..verdict import Decision, Violation
from ..views import ClassicView
from .state import ClassicSeat, ClassicState, DiscardAtEndFrame, HabitatFrame, PayFrame, SetupFrame, TurnFrame

_DATA = tables.load("classic")
_FOODS: tuple[str, ...] = tuple(_DATA["foods"])
# Mats of other sets a classic game may be played on: the option that turns each on, and the
# data of the set whose mat it is (``data/classic.json`` ``other_mats``)
_OTHER_MATS: dict[str, dict[str, Any]] = {option: tables.load(name) for option, name in _DATA["other_mats"].items() if not option.startswith("_")}


def mat_readings(data: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """The options that read a row of a set's mat another way, each with its values (the first
    is the mat as printed)."""
    readings: dict[str, Any] = data.get("mat_readings", {})
    return {name: tuple(k for k in r if k != "row") for name, r in readings.items() if not name.startswith("_")}

SKIP = Action("skip")
MAX_TOKENS = 1000
_PAY = Verb("pay")
_DISCARD = Verb("discard")
_DISCARD_EGG = Verb("discard-egg")
_PAY_EGG = Verb("pay-egg")
_KEEP = Verb("keep")
_DONE = Action("done")
_RETURN = Verb("return")
_KEEP_BONUS = Verb("keep-bonus")
_PAID = Action("paid")
_REPLACE_BIRD = Verb("discard-bird")


def _trigger_words(event: str) -> str:
    """What another player did that a pink power answers, for the record."""
    kind, _sep, rest = event.partition(":")
    food = rest.partition(":")[0]
    return {
        LAYS_EGGS: N_("laid eggs with the lay-eggs action"),
        PREDATOR: N_("had a predator succeed"),
        GAIN_FOOD: N_("took the gain-food action"),
        "plays": f"played a bird in the {rest}",
        "got": f"gained {food}",
        "gains": f"gained {rest} from the feeder",
    }.get(kind if rest else event, event)


# Events other players' pink powers may answer (kept in the turn frame until the action ends)
LAYS_EGGS = "lays"
GAIN_FOOD = "gain-food"  # the gain-food action was taken (noted where ``answers_gain_food`` is on)
PREDATOR = "predator"


def _tokens(value: Any) -> str | None:
    if value is not None and (type(value) is not int or not 1 <= value <= MAX_TOKENS):
        return _("must be null (no limit) or a whole number from 1 to {n}").format(n=MAX_TOKENS)
    return None


# ---- turn frames ------------------------------------------------------------------------------


# The state of a game of classic or of a ruleset that extends it (``ClassicRules[ItsState]``).
CS = TypeVar("CS", bound=ClassicState, default=ClassicState, covariant=True)


@attrs.frozen
class ClassicParts:
    """The parts of the classic ruleset kept in modules of their own: its checks of a saved
    state (``validate.py``), its counts and score sheet (``scoring.py``), its view of the table
    (``view.py``) and the words of its refusals (``explain.py``).  Those modules import this
    one, so this one never imports them: the package (``classic/__init__.py``) composes the
    ruleset from them (``ClassicRules.parts``), and a subclass may put in parts of its own."""

    validate_state: Callable[[type[ClassicRules], Any, CardSet, int, dict[str, Any]], list[str]]
    frame_problem: Callable[[type[ClassicRules], ClassicState, CardSet, int, int, Frame], str | None]
    measure: Callable[[ClassicRules, int, ir.Measure], int]
    score_goal: Callable[[ClassicRules, int], list[int]]
    score: Callable[[ClassicRules], ScoreSheet]
    view: Callable[[ClassicRules, int, Decision | None], ClassicView]
    refuse_node: Callable[[ClassicRules, PowerFrame, ir.Effect, Action], list[Violation]]
    refuse_setup: Callable[[ClassicRules, SetupFrame, Action], list[Violation]]
    refuse_action: Callable[[ClassicRules, TurnFrame, Action], list[Violation]]
    refuse_conversion: Callable[[ClassicRules, HabitatFrame, Action], list[Violation]]
    refuse_pay: Callable[[ClassicRules, PayFrame, Action], list[Violation]]
    refuse_discard_at_end: Callable[[Action], list[Violation]]
    play_bird: Callable[[ClassicRules, int, str, str], list[Violation]]


@mypyc_attr(allow_interpreted_subclasses=True)
class ClassicRules(Rules[CS]):
    """The classic base game (seed 002; 004's readings as options)."""

    name: ClassVar[str] = "classic"
    parts: ClassVar[ClassicParts]  # composed by the package: classic/__init__.py
    deck_name: ClassVar[str] = "classic"
    vocabulary: ClassVar[Vocabulary] = CLASSIC
    state_type: ClassVar[type] = ClassicState
    foods: ClassVar[tuple[str, ...]] = _FOODS
    habitats: ClassVar[tuple[str, ...]] = tuple(_DATA["habitats"])
    dice: ClassVar[tables.Dice] = tables.read_dice(_DATA["dice"], _FOODS)
    mat: ClassVar[tuple[tables.MatRow, ...]] = tables.read_mat(_DATA["mat"], tuple(_DATA["habitats"]))
    mat_rule: ClassVar[str] = "classic.mat.conversion"  # the rule of the mat's trades: its decisions and refusals cite it
    # the rules of the mat's resets (what a space may reset, and that a reset comes first); the
    # classic mat has none, and a mat that has them names its own (``on_mat``)
    mat_reset_rule: ClassVar[str] = "classic.mat.conversion"
    mat_order_rule: ClassVar[str] = "classic.mat.conversion"
    row_length: ClassVar[int] = _DATA["row_length"]
    tray_size: ClassVar[int] = _DATA["tray"]
    egg_cost_by_column: ClassVar[tuple[int, ...]] = tuple(_DATA["egg_cost_by_column"])
    turns_per_round: ClassVar[tuple[int, ...]] = tuple(_DATA["turns_per_round"])
    setup_birds: ClassVar[int] = _DATA["setup"]["birds"]
    setup_bonus: ClassVar[int] = _DATA["setup"]["bonus"]
    setup_food_each: ClassVar[int] = _DATA["setup"]["food_each"]
    green_points: ClassVar[tuple[tuple[int, ...], ...]] = tuple(tuple(r) for r in _DATA["goal_scoring"]["green"])
    blue_max: ClassVar[int] = _DATA["goal_scoring"]["blue_max"]
    round_end: ClassVar[tuple[str, ...]] = tuple(_DATA["round_end"])
    # the habitat actions' benefits, as IR run by the interpreter (amounts come from the mat)
    action_nodes: ClassVar[tuple[ir.Effect, ...]] = (
        ir.Gain(ir.ANY, "feeder", 0),
        ir.LayEgg(count=0, up_to=True),
        ir.Draw(ir.Filter("card"), 0),
    )
    action_names: ClassVar[tuple[str, ...]] = ("gain-food", "lay-eggs", "draw-cards")
    action_words: ClassVar[tuple[str, ...]] = (
        N_("gain food from the birdfeeder, one die at a time"),
        N_("lay eggs on your birds with room for them, one at a time"),
        N_("draw cards from the bird tray or the deck, one at a time"),
    )
    ACTION_OF_BENEFIT: ClassVar[dict[str, int]] = {"food": 0, "eggs": 1, "cards": 2}
    # what a habitat action's benefit does, in words, by benefit (the prompts' "gain food (forest)")
    benefit_words: ClassVar[dict[str, str]] = {"food": N_("gain food"), "eggs": N_("lay eggs"), "cards": N_("draw cards")}

    # pink powers may answer the gain-food action itself (the action is noted as an event for
    # them, ``GAIN_FOOD``); off in the classic game, whose pink powers answer what was gained
    answers_gain_food: ClassVar[bool] = False
    open_with_use = True
    take_fewer = True
    benefit_declinable = True
    requirement_check = "pure-cost"

    END_RULE: ClassVar[str] = "classic.end.after-round-4"
    # The round-end steps (``round_end``) in words and the rule each follows, for the record
    ROUND_END_WORDS: ClassVar[dict[str, tuple[str, str]]] = {
        "score_goal": (N_("the round's goal is scored"), "classic.round.end"),
        "clear_tray": (N_("the tray is cleared and dealt anew"), "classic.round.end"),
        "reset_cubes": (N_("the action cubes come back"), "classic.round.end"),
        "pass_first": (N_("the first-player token passes to the left"), "classic.round.end"),
    }
    # the rules of the power families' own refusals, by topic (``NodeHandler.refusal``)
    REFUSAL_RULES: ClassVar[dict[str, str]] = {
        "gain": "classic.power.gain", "reroll": "classic.feeder.reroll", "feeder": "classic.feeder.take",
        "bonus": "classic.power.bonus-draw", "share": "classic.power.share", "move": "classic.power.move",
        "trade": "classic.power.trade", "repeat": "classic.power.repeat", "second-bird": "classic.power.second-bird",
    }  # fmt: skip
    IDLE_RULES: ClassVar[dict[str, str]] = {
        "move": "classic.power.move", "cost": "classic.power.cost", "lay": "classic.power.lay",
        "draw": "classic.draw.tray-or-deck", "bonus": "classic.power.bonus-draw", "gain": "classic.power.gain",
        "cache": "classic.power.cache", "tuck": "classic.power.tuck", "predator": "classic.power.predator",
        "repeat": "classic.power.repeat", "second-bird": "classic.power.second-bird",
        "all-players": "classic.power.all-players", "trade": "classic.power.trade",
    }
    # cards kept at setup and tucked from hand stay face down; bonus cards are secret
    SECRET_VERBS: ClassVar[frozenset[str]] = frozenset({"keep", "return", "keep-bonus", "tuck", "discard-bonus"})
    SECRET_IN_OPEN_HANDS: ClassVar[frozenset[str]] = frozenset({"keep", "return", "keep-bonus", "discard-bonus"})
    DECISIONS: ClassVar[dict[str, tuple[str, frozenset[str]]]] = {
        "setup": (N_("the setup (birds, food and a bonus card kept)"), frozenset({"keep", "done", "return", "keep-bonus"})),
        "action": (
            N_("the turn's action, chosen at the start of a turn"),
            frozenset({"gain-food", "lay-eggs", "draw-cards", *(f"play-{h}" for h in habitats)}),
        ),
        "conversion": (N_("a mat space's extras (its reset and trade)"), frozenset({"discard", "discard-egg", "pay", "skip", "reset-feeder", "reset-tray"})),
        "feeder": (N_("taking food from the birdfeeder"), frozenset({"take", "take-split", "reroll", "stop"})),
        "supply": (N_("a choice of food from the supply"), frozenset({"take", "stop"})),
        "lay-eggs": (N_("laying eggs"), frozenset({"egg", "stop"})),
        "draw": (N_("drawing cards"), frozenset({"take-bird", "take-deck", "stop"})),
        "pay": (N_("the payment for a bird being played"), frozenset({"pay", "paid", "pay-egg"})),
        "cache": (N_("the choice to cache food"), frozenset({"cache", "keep-food"})),
        "bonus": (N_("the choice of bonus cards to keep"), frozenset({"discard-bonus"})),
        "share-draw": (N_("the cards a sharing power gathers"), frozenset({"take-bird", "take-deck"})),
        "share": (N_("the sharing out of gathered cards"), frozenset({"take-bird"})),
        "move": (N_("a bird's move to another habitat"), frozenset({"move"})),
        "trade": (N_("a food trade"), frozenset({"give", "take"})),
        "discard": (N_("the cards owed at the end of a turn"), frozenset({"discard"})),
        "power": (
            N_("a bird's power"),
            frozenset({"use", "skip", "part", "stop", "tuck", "discard", "discard-egg", "pay", "repeat", "first", *(f"play-{h}" for h in habitats)}),
        ),
    }

    OPTIONS: ClassVar[dict[str, Option]] = {
        "goal_side": Option("green", ("green", "blue")),
        "public_hands": Option(False, (False, True)),
        "swift_start": Option(False, (False, True)),  # the 10 Swift-Start birds in the deck
        # 004: a draw-cards action takes only the tray or only the deck
        "draw_no_mixing": Option(False, (False, True), readings=((False, N_("002, the published rule")), (True, N_("004, the Spanish summary")))),
        "green_ties": Option("covered", ("covered", "next-place")),  # 004's "next-place"
        "house_corrections": Option(False, (False, True)),  # 002: a declined power may be taken back
        "food_tokens": Option(None, check=_tokens),  # tokens of each food in the box; None: never runs out
        "cache_when_out": Option("substitute", ("substitute", "discarded-card")),  # 004's "discarded-card"
        # the mats of another set (``_OTHER_MATS``), and the options that read one of their rows another way
        **{option: Option(False, (False, True)) for option in _OTHER_MATS},
        **{name: Option(values[0], values) for data in _OTHER_MATS.values() for name, values in mat_readings(data).items()},
    }

    def __init__(self, cards: CardSet, options: dict[str, Any], state: CS):
        super().__init__(cards, options, state)
        self.no_mixing: bool = options["draw_no_mixing"]  # (read on every draw)
        self.bonus_names: tuple[str, ...]
        self.bonus_ids: dict[str, int]
        self.plain_face: dict[int, int]
        self.food_index: dict[str, int]
        self._icons: dict[int, tuple[int, ...]]
        self._afford: dict[tuple[int, ...], dict[tuple[int, ...], bool]]
        self._plays: dict[int, tuple[tuple[Action, ...], ...]]
        self._feeder_offers: dict[tuple[tuple[int, ...], int], tuple[Action, ...]]
        self._pink: tuple[bool, ...]
        self._replacers: dict[int, int]
        self._gains_any: int
        self._no_goal: bool
        self._lives: tuple[int, ...]
        self._costs: tuple[tuple[int, ...], ...]
        self._habitat_of: dict[str, int]
        self._spaces: tuple[tuple[tuple[int, bool, tuple[str, ...], int, str, tuple[str, ...]], ...], ...]
        self._brown: tuple[ir.Effect | None, ...]

    def shared(self, cards: CardSet) -> dict[str, Any]:
        names = tuple(b.name for b in cards.bonuses)
        return super().shared(cards) | {
            "bonus_names": names,
            "bonus_ids": {n: i for i, n in enumerate(names)},
            # the face that shows just one food, for each food ("take" takes it before a split face)
            "food_index": {food: i for i, food in enumerate(self.foods)},
            "plain_face": {f: i for i, mask in enumerate(self.dice.faces) for f in range(len(self.foods)) if mask == 1 << f},
            "_icons": {},  # each card's cost icons
            # food held -> cost icons -> can that food pay them: per ruleset, whose payment rules differ
            "_afford": {},
            "_costs": tuple(tuple(self.cost_icons(c)) for c in cards.cards),  # the same, by card id
            "_plays": {},  # card -> its play actions by set of habitats (``_play_actions``)
            "_feeder_offers": {},  # (dice showing, sorted; mask) -> ``ClassicFeeder.choices``
            "_pink": tuple(isinstance(c.power, ir.When) for c in cards.cards),
            # birds played in the place of another of a row (a 'replace bird in H ->' requirement)
            "_replacers": {
                c.id: self.habitats.index(c.power.requirement.habitat)
                for c in cards.cards
                if isinstance(c.power, ir.Then) and isinstance(c.power.requirement, ir.Replace) and c.power.requirement.habitat in self.habitats
            },
            "_no_goal": any(s.counts is not None and s.counts.what == "no_goal" for g in cards.goals for s in g.sides),
            # foods some pink power answers whenever another player gains them (a 'gains_any' event)
            "_gains_any": sum({
                1 << self.foods.index(str(c.power.qualifier))
                for c in cards.cards
                if isinstance(c.power, ir.When) and c.power.event == "gains_any" and c.power.qualifier in self.foods
            }),
            # the habitat whose row each habitat action uses
            "_habitat_of": {verb: next(h for h, row in enumerate(self.mat) if row.benefit == benefit) for verb, benefit in _BENEFIT_OF_ACTION.items()},
            # per habitat and birds in its row: (the space's amount, has it a 'bonus' extra,
            # what the extras may be paid with, in order, how many times, and its reset: what it
            # resets, or "", and what the reset may be paid with)
            "_spaces": tuple(
                tuple(
                    (
                        space.amount,
                        any(up.kind == "bonus" for up in space.upgrades),
                        tuple(dict.fromkeys(pay for up in space.upgrades if up.kind == "bonus" for pay in up.pay)),
                        max((up.times for up in space.upgrades if up.kind == "bonus"), default=1),
                        next((str(up.target) for up in space.upgrades if up.kind == "reset"), ""),
                        tuple(dict.fromkeys(pay for up in space.upgrades if up.kind == "reset" for pay in up.pay)),
                    )
                    for space in row.spaces
                )
                for row in self.mat
            ),
            # the habitats each card may live in, as a mask of habitat indexes
            "_lives": tuple(sum(1 << h for h, name in enumerate(self.habitats) if name in c.habitats) for c in cards.cards),
            "_brown": tuple(c.power if c.colour == "brown" else None for c in cards.cards),  # brown powers
        }

    @classmethod
    def variant(cls, options: dict[str, Any]) -> type[Rules]:
        for option, data in _OTHER_MATS.items():
            if options.get(option):
                return on_mat(cls, data, options)
        return cls

    @classmethod
    def check_options(cls, options: dict[str, Any]) -> None:
        chosen = [option for option in _OTHER_MATS if options[option]]
        if len(chosen) > 1:
            raise ValueError(_("options {options} each choose the mats: choose one").format(options=_(" and ").join(repr(o) for o in chosen)))
        for option, data in _OTHER_MATS.items():
            for name, values in mat_readings(data).items():
                if options[name] != values[0] and not options[option]:
                    raise ValueError(_("option '{name}' reads a row of {mat}: it needs '{option}'").format(name=name, mat=data["mat_title"], option=option))
        if options["cache_when_out"] == "discarded-card" and options["food_tokens"] is None:
            # tokens can only run out if the box holds a known number of them
            raise ValueError(_("option 'cache_when_out' = 'discarded-card' needs 'food_tokens' (how many tokens of each food the box holds)"))

    # ---- setup --------------------------------------------------------------------------
    @classmethod
    def new_state(cls, cards: CardSet, players: int, seed: int, options: dict[str, Any]) -> ClassicState:
        goals_needed = len(cls.turns_per_round)
        if len(cards.bonuses) < cls.setup_bonus * players or len(cards.goals) < goals_needed:
            raise ValueError(_("the classic deck needs at least {bonuses} bonus cards and {goals} goal tiles").format(bonuses=cls.setup_bonus * players, goals=goals_needed))
        chance = rng.seed_state(seed)
        deck = cls.dealt_cards(cards, options)
        chance = rng.shuffle(chance, deck)
        bonus = list(range(len(cards.bonuses)))
        chance = rng.shuffle(chance, bonus)
        seats = []
        for _seat in range(players):
            seat = cls.new_seat([cls.setup_food_each] * len(cls.foods))
            seat.dealt = [deck.pop() for _card in range(cls.setup_birds)]
            seat.dealt_bonus = [bonus.pop() for _card in range(cls.setup_bonus)]
            seats.append(seat)
        tray = [deck.pop() for _card in range(cls.tray_size)]
        tiles = list(range(len(cards.goals)))
        chance = rng.shuffle(chance, tiles)
        goals = []
        for tile in tiles[:goals_needed]:  # a random face of each of the round's tiles
            chance, side = rng.below(chance, 2)
            goals.append(GoalPick(tile, side))
        chance, feeder = rng.several(chance, len(cls.dice.faces), cls.dice.count)
        chance, first = rng.below(chance, players)
        make: type = cls.state_type  # (called through a local: mypyc reads 'cls.x(...)' as a method call)
        st: ClassicState = make(seats, deck, tray, [], bonus, [], feeder, goals, [], first, first, chance)
        st.stack.append(TurnFrame(first))
        for k in reversed(range(players)):
            st.stack.append(SetupFrame((first + k) % players))
        return st

    @classmethod
    def new_seat(cls, food: list[int]) -> ClassicSeat:
        """A seat as a game starts: a row per habitat, empty, and this food (a ruleset whose
        seats hold more, of a class of its own, makes them here; positions ask it too)."""
        return ClassicSeat([[] for _ in cls.habitats], food)

    # ---- paying for birds -------------------------------------------------------------------
    def cost_icons(self, card: Card) -> list[int]:
        """One mask per food icon: a food, a '/' choice of foods, or any food."""
        if card.cost_alternative:
            return [card.cost_mask]
        return payment.icons_for(card.cost, card.any_food, self.all_foods)

    def icons_of(self, card: Card) -> tuple[int, ...]:
        """``cost_icons`` remembered per card (a tuple, not to be changed)."""
        icons = self._icons.get(card.id)
        if icons is None:
            icons = self._icons[card.id] = tuple(self.cost_icons(card))
        return icons

    def can_afford(self, icons: tuple[int, ...], food: tuple[int, ...]) -> bool:
        """Can this food (tokens of each kind) pay these cost icons, 2 for 1 allowed?"""
        return payment.can_pay(icons, [1 << f for f, n in enumerate(food) for _ in range(n)])

    def pay_food_options(self, player: int, icons: tuple[int, ...], paid: list[int]) -> list[Action]:
        """'pay FOOD' for each food held that keeps the payment of ``icons`` completable, then
        'paid' once the food given (``paid``, food indexes) pays it exactly."""
        seat = self.state.seats[player]
        masks = []
        for food in paid:
            masks.append(1 << food)
        tokens = self.token_masks(player)
        k, n = len(icons), len(masks)
        out = []
        # giving any one more food leaves the same multiset (paid + all held) to complete
        # the payment from: every food held keeps it completable, or none does
        if tokens and n < 2 * k and (n + len(tokens) >= 2 * k or payment.is_valid(icons, masks + tokens)):
            foods = self.foods
            for food, count in enumerate(seat.food):
                if count:
                    out.append(_PAY[foods[food]])
        if payment.is_valid(icons, masks):
            out.append(_PAID)
        return out

    def place_cube(self, player: int, action: int) -> None:
        """An action cube placed: on 'play a bird' (0) or on a habitat's row (1 + habitat)."""
        self.state.seats[player].cubes_used += 1

    def setup_done(self, player: int) -> None:
        """A player has finished choosing what to keep at the start of the game."""

    def token_masks(self, player: int) -> list[int]:
        out = []
        for f, n in enumerate(self.state.seats[player].food):
            if n:
                out += [1 << f] * n
        return out

    play_verbs: ClassVar[tuple[str, ...]] = tuple(f"play-{h}" for h in _DATA["habitats"])

    def replace(self, player: int, card: int, habitat: int, column: int) -> None:
        """``card`` from the hand takes the place of the bird there, which is discarded with its
        tucked cards (its eggs and cached food go back to the supply)."""
        seat = self.state.seats[player]
        seat.hand.remove(card)
        old = seat.rows[habitat][column]
        self.state.discard.extend([old.card, *old.tucked, *old.stand_ins])
        seat.rows[habitat][column] = Bird(card, cached=[0] * len(self.foods))
        if self.log is not None:
            name = self._names[old.card]
            self.recorder.note(self, REPLACE, player, card, True, self.habitats[habitat], name)
            for c in old.tucked:  # (tucked face down: the whole record only)
                self.recorder.note(self, DISCARD, player, c, None, "under", name)
            for c in old.stand_ins:
                self.recorder.note(self, DISCARD, player, c, True, "cached on", name)

    def place(self, player: int, card: int, habitat: int) -> None:
        seat = self.state.seats[player]
        seat.hand.remove(card)
        seat.rows[habitat].append(Bird(card, cached=[0] * len(self.foods)))
        if self.log is not None:
            self.recorder.note(self, PLAY, player, card, True, self.habitats[habitat])

    # ---- pink powers ------------------------------------------------------------------------
    def note_event(self, event: str) -> None:
        """Something other players' pink powers may react to.  A predator's success is answered
        at once (it is a moment, and the feeder may change right after); the rest wait for the
        end of the action, brown powers included (``classic.powers.pink-timing``)."""
        if event == PREDATOR:
            self.fire_pinks(self.state.current, [PREDATOR])
            return
        for f in self.state.stack:
            if isinstance(f, TurnFrame):
                if event not in f.events:  # (each kind of event is answered once)
                    f.events.append(event)
                return

    def predator_succeeded(self, f: PowerFrame) -> None:
        self.note_event(PREDATOR)

    def food_gained(self, player: int, food: int) -> None:
        """Food the acting player gains during their gain-food action (its brown powers too),
        and any food some pink power answers whenever another player gains it
        (a 'gains_any' pink power: noted while the turn's action runs, answered after it)."""
        st = self.state
        if self._gains_any >> food & 1:
            turn = st.stack[0] if st.stack else None
            if isinstance(turn, TurnFrame) and turn.stage == 1:
                self.note_event(f"got:{self.foods[food]}:{player}")
        if player == st.current:
            for f in st.stack:
                if isinstance(f, HabitatFrame) and f.habitat == 0 and f.player == player:
                    self.note_event(f"gains:{self.foods[food]}")
                    break

    def fire_pinks(self, active: int, events: list[str]) -> None:
        """Push the pink powers that the events trigger, in turn order after ``active``."""
        if not events:
            return
        st = self.state
        n = len(st.seats)
        pink = self._pink
        frames = []
        for k in range(1, n):
            p = (active + k) % n
            for r, row in enumerate(st.seats[p].rows):
                for c, bird in enumerate(row):
                    if not pink[bird.card] or bird.pink_used:
                        continue
                    power = self.cards[bird.card].power
                    assert isinstance(power, ir.When)
                    what = next((e for e in events if self._triggers(power, e, p)), None)  # the first event it answers
                    if what is not None:
                        frames.append(WhenFrame(p, bird.card, (), p, place_at(r, c), True))
                        if self.log is not None:
                            self.log.append((TRIGGER, p, bird.card, active, _trigger_words(what)))
        for f in reversed(frames):
            st.stack.append(f)

    def _triggers(self, power: ir.When, event: str, owner: int) -> bool:
        if power.event == "lays_eggs":
            return event == LAYS_EGGS
        if power.event == "predator_succeeds":
            return event == PREDATOR
        if power.event == "plays_bird":
            return event == f"plays:{power.qualifier}"
        if power.event == "takes_gain_food":
            return event == GAIN_FOOD
        if power.event == "gains_any":  # another player than the owner gained it
            food, _, who = event[4:].partition(":")
            return event.startswith("got:") and food == power.qualifier and who != str(owner)
        return event == f"gains:{power.qualifier}"

    # ---- the round ----------------------------------------------------------------------
    def cubes_this_round(self) -> int:
        if not self._no_goal:  # (no 'no goal' side in this deck: the table's turns)
            return self.turns_per_round[self.state.round]
        return self.turns_in(self.state, self.cardset, self.state.round)

    @classmethod
    def turns_in(cls, state: ClassicState, cards: CardSet, round_index: int) -> int:
        """The turns of a round: the table's, and one more for each earlier round whose goal
        side was 'no goal' (its cube is kept, in a deck with such a goal side)."""
        turns = cls.turns_per_round[min(round_index, len(cls.turns_per_round) - 1)]
        for pick in state.goals[:round_index]:
            if 0 <= pick.goal < len(cards.goals) and 0 <= pick.side < len(cards.goals[pick.goal].sides):
                counts = cards.goals[pick.goal].sides[pick.side].counts
                turns += counts is not None and counts.what == "no_goal"
        return turns

    def end_turn(self) -> None:
        st = self.state
        self.deck.refill(self)
        n = len(st.seats)
        nxt = (st.current + 1) % n
        st.stack.pop()
        st.turns_done += 1
        if st.seats[nxt].cubes_used >= self.cubes_this_round():
            self.end_round()
            if st.over or st.stack:  # over, or steps the round end left to do (a ruleset's game-end phase)
                return
        else:
            st.current = nxt
        for row in st.seats[st.current].rows:
            for bird in row:
                bird.pink_used = False
        st.stack.append(TurnFrame(st.current))

    def end_round(self) -> None:
        """The round-end steps, in the order the table lists them (``round_end``)."""
        number = self.state.round + 1
        for step in self.round_end:
            if self.log is not None:
                words, rule = self.ROUND_END_WORDS.get(step, (step, "classic.round.end"))
                self.recorder.note(self, ROUND, -1, number, words, rule)
            getattr(self, f"round_end_{step.replace('-', '_')}")()
            if self.state.over:
                return

    def round_end_score_goal(self) -> None:
        st = self.state
        st.goal_points.append(self.parts.score_goal(self, st.round))
        if self.log is not None and st.round < len(st.goals):
            pick = st.goals[st.round]
            name = self.cardset.goals[pick.goal].sides[pick.side].name
            points = ", ".join(f"p{p} {n}" for p, n in enumerate(st.goal_points[-1]))
            self.recorder.note(self, GOAL, -1, st.round + 1, name, points, f"classic.goal.{self.options['goal_side']}")
        st.round += 1
        if st.round == len(self.turns_per_round):
            st.over = True

    def round_end_clear_tray(self) -> None:
        self.deck.reset(self)

    def round_end_reset_cubes(self) -> None:
        for seat in self.state.seats:
            seat.cubes_used = 0

    def round_end_pass_first(self) -> None:
        st = self.state
        st.first = (st.first + 1) % len(st.seats)
        st.current = st.first

    # ---- describing decisions -------------------------------------------------------------
    # The kind and rule of each power step's question, by its topic (``NodeHandler.topic``;
    # the habitat actions' benefits are "-action" topics); the steps whose question is only
    # the power's own say that powers are optional.
    DECISION_TOPICS: ClassVar[dict[str, tuple[str, str]]] = {
        **dict.fromkeys(
            ("optional", "power", "all-players", "copy", "discard-card", "discard-egg", "either", "hunt", "then", "tuck"),
            ("power", "classic.powers.optional"),
        ),
        "lay": ("lay-eggs", "classic.lay-eggs.limit"),
        "lay-action": ("lay-eggs", "classic.lay-eggs.limit"),
        "draw": ("draw", "classic.draw.tray-or-deck"),
        "draw-action": ("draw", "classic.draw.tray-or-deck"),
        "bonus": ("bonus", "classic.power.bonus-draw"),
        "share-draw": ("share-draw", "classic.power.share"),
        "share": ("share", "classic.power.share"),
        "move": ("move", "classic.power.move"),
        "trade": ("trade", "classic.power.trade"),
        "gain-cache": ("cache", "classic.power.cache"),
        "feeder": ("feeder", "classic.feeder.take"),
        "supply": ("supply", "classic.power.gain"),
    }

    # ---- what the public Game asks ----------------------------------------------------------
    @classmethod
    def in_game(cls, card: Card, options: dict[str, Any]) -> bool:
        return options["swift_start"] or not card.swift_start  # without the option they stay in the box

    @classmethod
    def validate_state(cls, state: Any, cards: CardSet, players: int, options: dict[str, Any]) -> list[str]:
        return cls.parts.validate_state(cls, state, cards, players, options)

    @classmethod
    def frame_problem(cls, state: ClassicState, cards: CardSet, players: int, depth: int, f: Frame) -> str | None:
        """What is wrong with one frame of a saved game, or None (a ruleset with frames of its
        own checks them, then asks this)."""
        return cls.parts.frame_problem(cls, state, cards, players, depth, f)

    @classmethod
    def plays_at_game_end(cls, below: Frame, player: int) -> bool:
        """Is ``below`` a game-end phase in which ``player`` may play a bird?  (Never in classic.)"""
        return False

    @classmethod
    def seat_problem(cls, seat: ClassicSeat) -> str | None:
        """What is wrong with a seat's ruleset-specific parts (none in the classic game)."""
        return None

    @classmethod
    def in_game_end(cls, state: ClassicState) -> bool:
        """Is the game past its last round but not over (a ruleset's game-end steps)?"""
        return False

    @classmethod
    def parse_action(cls, text: str) -> Action:
        from .forms import parse_action

        return parse_action(text, cls.habitats, cls.resets(), cls.extra_forms())

    @classmethod
    def action_space(cls, cards: CardSet) -> tuple[Action, ...]:
        from .forms import action_space

        split = 0
        for mask in cls.dice.faces:
            if mask & (mask - 1):
                split |= mask
        split_foods = tuple(food for i, food in enumerate(cls.foods) if split >> i & 1)
        return action_space(
            [c.name for c in cards.cards],
            [b.name for b in cards.bonuses],
            cls.foods,
            cls.habitats,
            split_foods,
            max_parts(cards),
            resets=cls.resets(),
            extra=cls.extra_forms(),
            extra_domains=cls.extra_domains(cards),
        )

    @classmethod
    def extra_forms(cls) -> tuple[tuple[str, str], ...]:
        """Verbs a ruleset adds to the classic ones, each with its form (``actions.TEXT``,
        ``NONE``, ...), in the order they come after them; none in the classic game."""
        return ()

    @classmethod
    def extra_domains(cls, cards: CardSet) -> dict[str, Sequence[str | int]]:
        """The arguments of each verb of ``extra_forms`` that takes one, with this deck."""
        return {}

    @classmethod
    def resets(cls) -> tuple[str, ...]:
        """What the mat's spaces may reset ('feeder', 'tray'), in a fixed order."""
        found = {up.target for row in cls.mat for space in row.spaces for up in space.upgrades if up.kind == "reset"}
        return tuple(t for t in tables.RESET_TARGETS if t in found)

    def score(self) -> ScoreSheet:
        return self.parts.score(self)

    def view(self, player: int, pending: Decision | None) -> ClassicView:
        return self.parts.view(self, player, pending)

    def turn_label(self) -> str:
        st = self.state
        # (the turn under way has placed its cube already: it is still that turn)
        return _("round {round} turn {turn}").format(round=st.round + 1, turn=st.seats[st.current].cubes_used + 1 - self.turn_under_way(st))

    def hidden(self) -> tuple[tuple[str, object], ...]:
        st = self.state
        return (
            (N_("a bird card was drawn from the deck"), tuple(st.deck)),
            (N_("a bonus card was drawn"), tuple(st.bonus_deck)),
            *super().hidden(),
            (N_("something hidden was revealed"), st.reveals),  # the house take-backs' own count
        )

    @classmethod
    def reveals_made(cls, state: ClassicState) -> int:
        return state.reveals

    @classmethod
    def turns_ended(cls, state: ClassicState) -> int:
        return state.turns_done

    @staticmethod
    def cubes_out(players: int, first: int, current: int, turn: int, acted: bool) -> list[int]:
        """The cubes each player has out in turn ``turn`` of a round (``classic.round.turns``):
        from the first player round the table, the players before the one to play have had
        this turn already, and the player to play has placed its cube once the action is
        chosen (``acted``)."""
        place = (current - first) % players
        return [turn if (p - first) % players < place or (p == current and acted) else turn - 1 for p in range(players)]

    @classmethod
    def cubes_problem(cls, state: ClassicState) -> tuple[int, str] | None:
        """The first player whose cubes this round break the turn order (``cubes_out``), and
        why; None when they follow it."""
        if state.round >= len(cls.turns_per_round) or state.over:
            return None
        acted = bool(state.stack) and isinstance(state.stack[0], TurnFrame) and state.stack[0].stage >= 1
        turn = state.seats[state.current].cubes_used + (not acted)
        wants = cls.cubes_out(len(state.seats), state.first, state.current, turn, acted)
        for p, (seat, want) in enumerate(zip(state.seats, wants, strict=True)):
            if seat.cubes_used != want:
                return p, _("player {player} has {cubes} cubes out, but with player {first} first and player {current} to play it has {want}").format(
                    player=p, cubes=seat.cubes_used, first=state.first, current=state.current, want=want
                )
        return None

    @classmethod
    def turns_on_table(cls, state: ClassicState, cards: CardSet) -> int:
        """The turns ended so far, as the table shows them: every turn of the rounds played,
        and this round's cubes, less the turn under way (its cube is placed when its action is
        chosen, ``classic.turn.action``; the turn ends after its pink powers and discards)."""
        rounds = len(cls.turns_per_round)
        played = sum(cls.turns_in(state, cards, r) for r in range(min(state.round, rounds))) * len(state.seats)
        if state.round >= rounds:
            return played
        return played + sum(s.cubes_used for s in state.seats) - cls.turn_under_way(state)

    @staticmethod
    def turn_under_way(state: ClassicState) -> bool:
        """Whether a turn has chosen its action (and placed its cube) and not yet ended."""
        return any(isinstance(f, TurnFrame) and f.stage >= 1 for f in state.stack)

    @classmethod
    def hidden_part(cls, state: ClassicState) -> tuple[object, ...]:
        return (state.reveals, state.rng, state.deck, state.bonus_deck)

    def general_reasons(self, decision: Decision, action: Action) -> list[Violation]:
        return []

    def refuse_node(self, f: PowerFrame, node: ir.Effect, a: Action) -> list[Violation]:
        return self.parts.refuse_node(self, f, node, a)




# ---- handlers of the turn frames --------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class SetupHandler(Handler[SetupFrame, "ClassicRules"]):
    frame_type = SetupFrame
    says = {
        "keep": N_("keep {arg} in your hand, giving back a food for it"),
        "done": N_("keep no more of your dealt birds (the others are discarded)"),
        "return": N_("give back {a_arg} for a bird you kept"),
        "keep-bonus": N_("keep the bonus card {arg}"),
    }

    def options(self, g: ClassicRules, f: SetupFrame) -> list[Action]:
        seat = g.state.seats[f.player]
        if f.stage == 0:
            return [_KEEP[g.cards[c].name] for c in seat.dealt] + [_DONE]
        if f.stage == 1:
            if f.owed <= 0:
                return [_DONE]
            return [_RETURN[g.foods[i]] for i, n in enumerate(seat.food) if n]
        return [_KEEP_BONUS[g.bonus.name(g, b)] for b in seat.dealt_bonus]

    def answer(self, g: ClassicRules, f: SetupFrame, a: Action) -> None:
        seat = g.state.seats[f.player]
        if f.stage == 0:
            if a.verb == "keep":
                cid = g.by_name[str(a.arg)]
                seat.dealt.remove(cid)
                seat.hand.append(cid)
                if g.log is not None:
                    g.recorder.note(g, KEEP, f.player, cid, False, "hand")
                f.owed += 1
            else:
                g.state.discard.extend(seat.dealt)
                if g.log is not None:  # (face down while the setup lasts: its player's only)
                    for c in seat.dealt:
                        g.recorder.note(g, DISCARD, f.player, c, (f.player,), "the cards dealt")
                seat.dealt = []
                f.stage = 1
        elif f.stage == 1:
            if a.verb == "return":
                seat.food[g.foods.index(str(a.arg))] -= 1
                if g.log is not None:
                    g.recorder.note(g, PAY, f.player, str(a.arg), 1, "the supply")
                f.owed -= 1
            else:
                f.stage = 2
        else:
            keep = g.bonus.id_of(g, str(a.arg))
            seat.bonus.append(keep)
            g.state.bonus_discard.extend(b for b in seat.dealt_bonus if b != keep)
            if g.log is not None:
                g.recorder.note(g, BONUS, f.player, keep, False, "the bonus cards dealt")
                for b in seat.dealt_bonus:
                    if b != keep:
                        g.recorder.note(g, BONUS_DISCARD, f.player, b, False, "the bonus cards dealt")
            seat.dealt_bonus = []
            g.state.stack.pop()
            g.setup_done(f.player)

    def describe(self, g: ClassicRules, f: SetupFrame) -> tuple[str, str]:
        return "setup", "classic.setup.keep"

    def why_not(self, g: ClassicRules, f: SetupFrame, a: Action) -> list[Violation]:
        return g.parts.refuse_setup(g, f, a)


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnHandler(Handler[TurnFrame, "ClassicRules"]):
    frame_type = TurnFrame
    says = {
        "play-*": N_("play {arg} in your {habitat}, paying its cost{by}"),
        "replace-*": N_("play {arg} in your {habitat} in the place of one of the birds there, paying its food cost"),
    }
    def tell(self, t: Telling, f: Frame | None, action: Action) -> str | None:
        benefit = _BENEFIT_OF_ACTION.get(action.verb)
        if benefit is None:
            return super().tell(t, f, action)
        rules = t.rules
        where = next((name for name, row in zip(rules.habitats, rules.mat, strict=False) if row.benefit == benefit), "")
        benefit_words: str = translate(rules.benefit_words[benefit])
        return _("{benefit} with the {habitat} action").format(benefit=benefit_words, habitat=say.habitat(where)) if where else benefit_words

    def options(self, g: ClassicRules, f: TurnFrame) -> list[Action] | None:
        if f.stage != 0:
            return None
        out = g.board.playable(g, f.player)
        out += _HABITAT_ACTIONS
        if g.deck.can_draw_any(g):
            out.append(_DRAW_CARDS)
        return out

    def answer(self, g: ClassicRules, f: TurnFrame, a: Action) -> None:
        st = g.state
        f.stage = 1
        habitat = g._habitat_of.get(a.verb, -1)
        if habitat >= 0:
            g.place_cube(f.player, 1 + habitat)
            st.stack.append(HabitatFrame(f.player, habitat))
        elif a.verb.startswith("play-"):
            g.place_cube(f.player, 0)
            g.board.start_play(g, f.player, str(a.arg), a.verb[5:])
        else:  # 'replace-HABITAT NAME' (in the place of a bird of that row: a ruleset's ``extra_forms``)
            g.place_cube(f.player, 0)
            g.board.start_play(g, f.player, str(a.arg), a.verb[8:], replace=True)

    def step(self, g: ClassicRules, f: TurnFrame) -> None:
        st = g.state
        if f.stage == 1:  # the action is done: other players' pink powers may answer it
            f.stage = 2
            events, f.events = f.events, []
            if events:
                depth = len(st.stack)
                g.fire_pinks(f.player, events)
                if len(st.stack) != depth:
                    return  # the pink powers run first
            # none answered: this frame is still on top, and its next step comes at once
        seat = st.seats[f.player]
        if f.stage == 2 and seat.discard_at_end > 0:
            # end-of-turn steps may come in any order (official ruling): the tray is refilled
            # first, so the discard is chosen seeing it and is not shuffled straight back into it
            f.stage = 3
            g.deck.refill(g)
            st.stack.append(DiscardAtEndFrame(f.player, seat.discard_at_end))
            seat.discard_at_end = 0
            return
        g.end_turn()

    def describe(self, g: ClassicRules, f: TurnFrame) -> tuple[str, str]:
        return "action", "classic.turn.action"

    def why_not(self, g: ClassicRules, f: TurnFrame, a: Action) -> list[Violation]:
        return g.parts.refuse_action(g, f, a)


_HABITAT_ACTIONS = [Action("gain-food"), Action("lay-eggs")]
_RESET_FEEDER = Verb("reset-feeder")
_RESET_TRAY = Verb("reset-tray")
_DRAW_CARDS = Action("draw-cards")
_BENEFIT_OF_ACTION = {"gain-food": "food", "lay-eggs": "eggs", "draw-cards": "cards"}


@mypyc_attr(allow_interpreted_subclasses=True)
class HabitatHandler(Handler[HabitatFrame, "ClassicRules"]):
    frame_type = HabitatFrame
    says = {
        "reset-feeder": N_("pay {a_arg} to reset the birdfeeder before the action"),
        "reset-tray": N_("pay {a_arg} to reset the bird tray before the action"),
        "pay": N_("pay 1 {arg} for one more of the action's benefit"),
        "discard": N_("discard {arg} from your hand for one more of the action's benefit"),
        "discard-egg": N_("discard an egg from {holder} for one more of the action's benefit"),
        "skip": N_("skip this extra and go on with the action"),
    }

    def pay_offers(self, g: ClassicRules, f: HabitatFrame, pays: tuple[str, ...], food_verb: Verb) -> list[Action]:
        """What an extra of the space may be paid with now: cards, food, eggs or nectar."""
        seat = g.state.seats[f.player]
        out: list[Action] = []
        for pay in pays:
            if pay == "card":
                cards = g.cards
                out += [_DISCARD[cards[c].name] for c in seat.hand]
            elif pay == "food":
                foods = g.foods
                out += [food_verb[foods[i]] for i, n in enumerate(seat.food) if n]
            elif pay == "nectar":  # (a ruleset without nectar has none to give)
                i = g.food_index.get("nectar", -1)
                if i >= 0 and seat.food[i]:
                    out.append(food_verb["nectar"])
            elif pay == "egg":
                cards = g.cards
                out += [_DISCARD_EGG[cards[b.card].name] for row in seat.rows for b in row if b.eggs]
        return list(dict.fromkeys(out))

    def trades(self, g: ClassicRules, f: HabitatFrame) -> list[Action]:
        """What the space's trade (its 'bonus' extras) may be paid with now."""
        pays = g._spaces[f.habitat][len(g.state.seats[f.player].rows[f.habitat])][2]
        return self.pay_offers(g, f, pays, _PAY)

    def resets(self, g: ClassicRules, f: HabitatFrame) -> list[Action]:
        """What the space's reset may be paid with now (``mat_reset_rule``)."""
        space = g._spaces[f.habitat][len(g.state.seats[f.player].rows[f.habitat])]
        return self.pay_offers(g, f, space[5], _RESET_FEEDER if space[4] == "feeder" else _RESET_TRAY)

    def options(self, g: ClassicRules, f: HabitatFrame) -> list[Action] | None:
        if f.stage != 0:
            return None
        space = g._spaces[f.habitat][len(g.state.seats[f.player].rows[f.habitat])]
        if space[4] and not f.reset:  # a reset comes before the rest of the space (``mat_order_rule``)
            resets = self.resets(g, f)
            if resets:
                return resets + [SKIP]
            f.reset = "nothing"
        if not space[2]:
            return None
        trades = self.trades(g, f)
        return trades + [SKIP] if trades else None

    def answer(self, g: ClassicRules, f: HabitatFrame, a: Action) -> None:
        seat = g.state.seats[f.player]
        space = g._spaces[f.habitat][len(seat.rows[f.habitat])]
        if space[4] and not f.reset:
            if a.verb == "skip":
                f.reset = "declined"
                return
            f.reset = "done"
            g.supply.spend(g, f.player, g.foods.index(str(a.arg)), f.habitat)
            if space[4] == "feeder":
                g.feeder.reset(g)
            else:
                g.deck.reset(g)
            return
        if a.verb == "skip":
            f.stage, f.fate = 1, "declined"
            return
        f.extra += 1
        f.fate = "traded"
        if f.extra >= space[3]:
            f.stage = 1
        if a.verb == "discard":
            cid = g.by_name[str(a.arg)]
            seat.hand.remove(cid)
            g.state.discard.append(cid)
            if g.log is not None:
                g.recorder.note(g, DISCARD, f.player, cid, True, "hand")
        elif a.verb == "pay":
            g.supply.spend(g, f.player, g.foods.index(str(a.arg)), f.habitat)
        else:
            bird = g.board.bird_at(g, f.player, g.board.find(g, f.player, str(a.arg)))
            assert bird is not None
            bird.eggs -= 1
            if g.log is not None:
                g.recorder.note(g, EGG_OFF, f.player, str(a.arg))

    def step(self, g: ClassicRules, f: HabitatFrame) -> None:
        st = g.state
        row = st.seats[f.player].rows[f.habitat]
        mat = g.mat[f.habitat]
        if f.stage == 0:  # no trade to choose: none on this space, or nothing to give
            has = g._spaces[f.habitat][len(row)][1]
            f.stage, f.fate = 1, ("nothing" if has else "none-here")
        if f.stage == 1:
            amount = g._spaces[f.habitat][len(row)][0] + f.extra
            f.stage = 2
            f.next_brown = len(row) - 1
            index = g.ACTION_OF_BENEFIT[mat.benefit]
            if index == 0:
                st.stack.append(GainFrame(f.player, ACTION, (0,), f.player, NOWHERE, left=amount))
            elif index == 1:
                st.stack.append(LayFrame(f.player, ACTION, (1,), f.player, NOWHERE, left=amount))
            else:
                st.stack.append(DrawFrame(f.player, ACTION, (2,), f.player, NOWHERE, left=amount))
            return
        # stage 2: brown powers of this row, right to left (``classic.powers.brown-right-to-left``)
        i = f.next_brown
        brown = g._brown
        n = len(row)
        while i >= 0:
            c = row[i].card if i < n else -1
            power = brown[c] if c >= 0 else None
            i -= 1
            if power is not None:
                run = frame_for(power, f.player, c, (), f.player, place_at(f.habitat, i + 1), optional=True)
                if can_do(g, run, power):
                    f.next_brown = i
                    st.stack.append(run)
                    g.vouched = run  # asked just now: its "use or skip?" needs no second asking
                    return
                if g.log is not None:
                    g.recorder.passed(g, run, power)
        if mat.benefit == "eggs":
            g.note_event(LAYS_EGGS)
        elif mat.benefit == "food" and g.answers_gain_food:
            g.note_event(GAIN_FOOD)
        st.stack.pop()

    def describe(self, g: ClassicRules, f: HabitatFrame) -> tuple[str, str]:
        space = g._spaces[f.habitat][len(g.state.seats[f.player].rows[f.habitat])]
        return "conversion", g.mat_reset_rule if space[4] and not f.reset else g.mat_rule

    def why_not(self, g: ClassicRules, f: HabitatFrame, a: Action) -> list[Violation]:
        return g.parts.refuse_conversion(g, f, a)


@mypyc_attr(allow_interpreted_subclasses=True)
class PayHandler(Handler[PayFrame, "ClassicRules"]):
    frame_type = PayFrame
    says = {
        "pay": N_("pay 1 {arg}{food_card} toward the cost of {bird}"),
        "paid": N_("finish paying for {bird} with the food given"),
        "pay-egg": N_("pay an egg from {holder} toward the cost of {bird}"),
        "discard-bird": N_("discard {arg} and put {new_bird} in its place"),
    }

    def options(self, g: ClassicRules, f: PayFrame) -> list[Action] | None:
        card = g.cards[f.card]
        seat = g.state.seats[f.player]
        if f.replaces == -2:  # which bird of the row it takes the place of
            return [_REPLACE_BIRD[g.cards[b.card].name] for b in seat.rows[f.habitat]]
        if not f.food_done:
            return g.pay_food_options(f.player, g.icons_of(card), f.paid)
        if f.replaces >= 0:
            return None  # no egg cost
        column = len(seat.rows[f.habitat])
        if f.eggs_paid < g.egg_cost_by_column[column] - f.egg_discount:
            cards = g.cards
            return [_PAY_EGG[cards[b.card].name] for row in seat.rows for b in row if b.eggs]
        return None

    def answer(self, g: ClassicRules, f: PayFrame, a: Action) -> None:
        if a.verb == "discard-bird":
            row = g.state.seats[f.player].rows[f.habitat]
            f.replaces = next(i for i, b in enumerate(row) if g.cards[b.card].name == a.arg)
        elif a.verb == "pay":
            food = g.foods.index(str(a.arg))
            g.supply.spend(g, f.player, food, f.habitat)
            f.paid.append(food)
        elif a.verb == "paid":
            f.food_done = True
        else:
            bird = g.board.bird_at(g, f.player, g.board.find(g, f.player, str(a.arg)))
            assert bird is not None
            bird.eggs -= 1
            if g.log is not None:
                g.recorder.note(g, EGG_OFF, f.player, str(a.arg))
            f.eggs_paid += 1

    def step(self, g: ClassicRules, f: PayFrame) -> None:
        st = g.state
        st.stack.pop()
        card = g.cards[f.card]
        if f.replaces >= 0:
            g.replace(f.player, f.card, f.habitat, f.replaces)
            g.note_event(f"plays:{g.habitats[f.habitat]}")
            power = card.power
            if card.colour == "white" and isinstance(power, ir.Then):  # played that way: what follows 'replace ... ->'
                run = frame_for(power.benefit, f.player, card.id, (1,), f.player, Place(f.habitat, f.replaces), optional=True)
                if can_do(g, run, power.benefit):
                    st.stack.append(run)
                    g.vouched = run
                elif g.log is not None:
                    g.recorder.passed(g, run, power.benefit)
            return
        g.place(f.player, f.card, f.habitat)
        g.note_event(f"plays:{g.habitats[f.habitat]}")
        if card.colour == "white" and card.power is not None:
            place = Place(f.habitat, len(st.seats[f.player].rows[f.habitat]) - 1)
            run = frame_for(card.power, f.player, card.id, (), f.player, place, optional=True)
            if can_do(g, run, card.power):
                st.stack.append(run)
                g.vouched = run
            elif g.log is not None:
                g.recorder.passed(g, run, card.power)

    def describe(self, g: ClassicRules, f: PayFrame) -> tuple[str, str]:
        return "pay", "classic.play-bird.cost"

    def why_not(self, g: ClassicRules, f: PayFrame, a: Action) -> list[Violation]:
        return g.parts.refuse_pay(g, f, a)


@mypyc_attr(allow_interpreted_subclasses=True)
class DiscardAtEndHandler(Handler[DiscardAtEndFrame, "ClassicRules"]):
    frame_type = DiscardAtEndFrame
    says = {"discard": N_("discard {arg} from your hand, as a power asked")}

    def options(self, g: ClassicRules, f: DiscardAtEndFrame) -> list[Action]:
        if f.left <= 0:
            return []
        return [_DISCARD[g.cards[c].name] for c in g.state.seats[f.player].hand]

    def answer(self, g: ClassicRules, f: DiscardAtEndFrame, a: Action) -> None:
        cid = g.by_name[str(a.arg)]
        g.state.seats[f.player].hand.remove(cid)
        g.state.discard.append(cid)
        if g.log is not None:
            g.recorder.note(g, DISCARD, f.player, cid, True, "hand")
        f.left -= 1

    def describe(self, g: ClassicRules, f: DiscardAtEndFrame) -> tuple[str, str]:
        return "discard", "classic.power.discard-at-end"

    def why_not(self, g: ClassicRules, f: DiscardAtEndFrame, a: Action) -> list[Violation]:
        return g.parts.refuse_discard_at_end(a)


_VARIANTS: dict[tuple[type, str, tuple[str, ...]], type[ClassicRules]] = {}


def on_mat(cls: type[ClassicRules], data: dict[str, Any], options: dict[str, Any]) -> type[ClassicRules]:
    """``cls`` played on the mat of a set's data (its 'mat', 'mat_rules' and 'mat_readings'),
    its rows read as the options say; ``cls`` itself if it has that mat, read as printed
    already.  Made once per class, mat and reading."""
    readings = data.get("mat_readings", {})
    chosen = tuple(str(options.get(name, values[0])) for name, values in mat_readings(data).items())
    key = (cls, str(data["mat_title"]), chosen)
    found = _VARIANTS.get(key)
    if found is None:
        mat = tables.read_mat(data["mat"], cls.habitats)
        for (name, _values), value in zip(mat_readings(data).items(), chosen, strict=True):
            table = readings[name][value]
            if table is not None:
                mat = tables.with_amounts(mat, readings[name]["row"], data[table]["amounts"])
        rules = data["mat_rules"]
        if mat == cls.mat and (rules["trades"], rules["reset"], rules["order"]) == (cls.mat_rule, cls.mat_reset_rule, cls.mat_order_rule):
            found = cls
        else:
            found = type(
                cls.__name__,
                (cls,),
                {
                    "mat": mat, "mat_rule": rules["trades"], "mat_reset_rule": rules["reset"], "mat_order_rule": rules["order"],
                    "__module__": getattr(cls, "__module__"), "__doc__": getattr(cls, "__doc__"),  # noqa: B009  (mypyc refuses these through a class)
                },
            )
        _VARIANTS[key] = found
    return found


ClassicRules.turn_handlers = (SetupHandler(), TurnHandler(), HabitatHandler(), PayHandler(), DiscardAtEndHandler())
