"""Wingspan Pocket as a ruleset: its tables, flags and turn frames (its world's parts are in
``world.py``).

Powers and the nest actions' draws and lays run through the one interpreter
(the node handlers of ``powers/``); this module says what is particular to Pocket: food is cards in
an open reserve, birds come from four food decks with a face-up bird beside each, eggs
may go on the Nest card, green powers change costs and powers during their owner's turn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

import attrs

from .. import ir, payment, rng
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..cards import Card, CardSet, max_parts
from ..dsl.vocabulary import POCKET, Vocabulary
from ..engine import tables
from ..engine.handlers import NODE_HANDLERS, Handler
from ..engine.registry import Telling
from ..engine.rules import Option, Rules
from ..engine.state import ACTION, PLACES, Bird, Frame, Place, PowerFrame
from ..events import DISCARD, END_TRIGGERED, KEEP, PLAY
from ..i18n import N_, _, translate
from ..powers.draw import DrawFrame
from ..powers.lay import LayFrame
from ..scoring import ScoreSheet
from ..verdict import Decision, Violation
from ..views import PocketView
from .scoring import score
from .state import CopyGreenFrame, GoalPick, GreenCopy, PayFrame, PocketSeat, PocketState, SetupFrame, TurnFrame

_DATA = tables.load("pocket")

SKIP = Action("skip")


_EGG = Verb("egg")
_PAY_EGG = Verb("pay-egg")
_COPY = Verb("copy")
_KEEP_BIRD = Verb("keep-bird")
# reserve food (sorted pay masks) -> cost icons -> can pay; the reserve is hashed once per listing
_NO_GREENS: tuple[int, int, tuple[int, ...]] = (0, 0, ())


def food_passes(card: Card, food: int, treat: int) -> bool:
    return food == ir.ANY or bool(food & treat) or bool(card.food_mask & food)


def cost_key(card: Card) -> str:
    """A bird's cost as counts per food, then any-food and eggs (the 'birds' supply reset)."""
    return "-".join([str(n) for n in card.cost] + [str(card.any_food), str(card.egg_cost)])


# ---- turn frames ------------------------------------------------------------------------------


@attrs.frozen
class PocketParts:
    """The parts of the Pocket ruleset kept in modules of their own, which import this one: its
    checks of a saved state (``validate.py``), its view of the table (``view.py``) and the words
    of its refusals (``explain.py``).  The package (``pocket/__init__.py``) composes the ruleset
    from them (``PocketRules.parts``); this module never imports them."""

    validate_state: Callable[[type[PocketRules], Any, CardSet, int, dict[str, Any]], list[str]]
    view: Callable[[PocketRules, int, Decision | None], PocketView]
    general_reasons: Callable[[PocketRules, Decision, Action], list[Violation]]
    refuse_node: Callable[[PocketRules, PowerFrame, ir.Effect, Action], list[Violation]]
    refuse_nest_action: Callable[[PocketRules, TurnFrame, Action], list[Violation]]
    refuse_pay: Callable[[PocketRules, PayFrame, Action], list[Violation]]


@mypyc_attr(allow_interpreted_subclasses=True)
class PocketRules(Rules[PocketState]):
    """Wingspan Pocket (seed 000, the rulebook; 001's readings as options)."""

    name: ClassVar[str] = "pocket"
    parts: ClassVar[PocketParts]  # composed by the package: pocket/__init__.py
    deck_name: ClassVar[str] = "pocket"
    vocabulary: ClassVar[Vocabulary] = POCKET
    foods: ClassVar[tuple[str, ...]] = tuple(_DATA["foods"])
    decks: ClassVar[int] = _DATA["decks"]
    hand_size: ClassVar[int] = _DATA["hand"]
    birds_kept: ClassVar[int] = _DATA["birds_kept"]
    nest_start: ClassVar[int] = _DATA["nest_start"]
    nest_limit: ClassVar[int] = _DATA["nest_limit"]
    flock_end: ClassVar[int] = _DATA["flock_end"]
    goal_count: ClassVar[int] = _DATA["goals"]
    action_nodes: ClassVar[tuple[ir.Effect, ...]] = (
        ir.Draw(ir.Filter("card"), count=_DATA["draw_action"]),
        ir.LayEgg(count=_DATA["lay_action"], up_to=True, distinct=True),
    )
    action_names: ClassVar[tuple[str, ...]] = ("draw-cards", "lay-eggs")
    action_words: ClassVar[tuple[str, ...]] = (
        N_("draw {count} cards, each a face-up bird or the top card of a food deck"),
        N_("lay up to {count} eggs, each on a different holder (your Nest or a bird with room)"),
    )
    state_type: ClassVar[type] = PocketState
    OPTIONS: ClassVar[dict[str, Option]] = {
        "advanced": Option(False, (False, True)),
        "supply_reset": Option(
            "food",
            ("food", "birds", "off"),
            readings=(("food", N_("000, the rulebook")), ("birds", N_("001, the guide")), ("off", N_("the rulebook's optional rule left out"))),
        ),
        "copy_brown_from": Option(
            "others",
            ("others", "any"),
            readings=(("others", N_("000, read like its green copy: another player's flock")), ("any", N_("000 read more widely: any flock"))),
        ),
    }
    END_RULE: ClassVar[str] = "pocket.end.equal-turns"
    IDLE_RULES: ClassVar[dict[str, str]] = {
        "cost": "pocket.power.requirement", "either": "pocket.power.either", "all-players": "pocket.power.all-players",
        "lay": "pocket.power.lay-egg", "draw": "pocket.power.draw", "tuck": "pocket.power.tuck",
        "predator": "pocket.power.hunt", "copy": "pocket.power.copy-brown",
    }
    SECRET_VERBS: ClassVar[frozenset[str]] = frozenset({"keep-bird", "tuck"})  # birds kept at setup, cards tucked from the reserve
    DECISIONS: ClassVar[dict[str, tuple[str, frozenset[str]]]] = {
        "setup-birds": (N_("the advanced setup's choice of birds"), frozenset({"keep-bird"})),
        "nest-action": (N_("the nest action at the start of a turn"), frozenset({"play", "draw-cards", "lay-eggs"})),
        "pay": (N_("the payment for a bird being played"), frozenset({"pay", "pay-egg", "paid"})),
        "draw": (N_("the draw-cards nest action"), frozenset({"take-bird", "take-food", "clear-supply"})),
        "lay-eggs": (N_("the lay-eggs nest action"), frozenset({"egg", "stop"})),
        "copy-green": (N_("the choice of a green power to copy"), frozenset({"copy"})),
        "power": (
            N_("a brown power"),
            frozenset({"skip", "use", "part", "stop", "take-bird", "take-food", "tuck", "discard", "discard-egg", "hunt", "egg", "copy", "deck", "first"}),
        ),
    }
    def __init__(self, cards: CardSet, options: dict[str, Any], state: PocketState):
        super().__init__(cards, options, state)
        self.kinds: set[str]
        self._icons: dict[tuple[int, tuple[int, ...]], tuple[int, ...]]
        self._food_mask: tuple[int, ...]  # by card id
        self._food_kind: tuple[str, ...]
        self._egg_cost: tuple[int, ...]
        self._brown: tuple[ir.Effect | None, ...]
        self._copies_green: tuple[bool, ...]
        self._modifier: tuple[ir.Modifier | None, ...]
        self._costs: tuple[tuple[int, ...], ...]
        self._play_actions: tuple[Action, ...]
        self._egg_limit: tuple[int, ...]
        self._copyable: tuple[str | None, ...]
        self._egg_actions: tuple[Action, ...]
        # ``_greens`` remembered for the state ``_greens_of`` (None: to be read anew); a hot
        # caller reads it as ``self._greens_cache if self._greens_of is st else self._greens()``
        self._greens_cache: tuple[int, int, tuple[int, ...]] = _NO_GREENS
        self._greens_of: PocketState | None = None

    def shared(self, cards: CardSet) -> dict[str, Any]:
        return super().shared(cards) | {
            "kinds": {c.food_kind for c in cards.cards},
            "_icons": {},
            "_food_mask": tuple(c.food_mask for c in cards.cards),
            "_food_kind": tuple(c.food_kind for c in cards.cards),
            "_egg_cost": tuple(c.egg_cost for c in cards.cards),
            "_brown": tuple(c.power if c.colour == "brown" else None for c in cards.cards),  # brown powers
            # each card's cost icons with no green discount, and its play action
            "_costs": tuple(tuple(payment.icons_for(c.cost, c.any_food, self.all_foods)) for c in cards.cards),
            "_play_actions": tuple(Action("play", c.name) for c in cards.cards),
            "_egg_limit": tuple(c.egg_limit for c in cards.cards),
            "_copyable": tuple(None if c.power is None or isinstance(c.power, ir.Copy) else c.colour for c in cards.cards),
            "_egg_actions": tuple(_EGG[c.name] for c in cards.cards),
            "_modifier": tuple(c.power if isinstance(c.power, ir.Modifier) else None for c in cards.cards),  # green powers
            "_copies_green": tuple(isinstance(c.power, ir.Copy) and c.power.colour == "green" for c in cards.cards),
        }

    # ---- setup --------------------------------------------------------------------------
    @classmethod
    def new_state(cls, cards: CardSet, players: int, seed: int, options: dict[str, Any]) -> PocketState:
        chance = rng.seed_state(seed)
        deck = list(range(len(cards.cards)))
        chance = rng.shuffle(chance, deck)
        needed = players * cls.hand_size + 2 * cls.decks
        if len(deck) < needed:
            raise ValueError(_("the card set has {cards} cards; {players} players need at least {needed}").format(cards=len(deck), players=players, needed=needed))
        seats = []
        for _seat in range(players):
            dealt = [deck.pop() for _card in range(cls.hand_size)]
            if options["advanced"]:
                seats.append(PocketSeat(dealt=dealt, nest_eggs=cls.nest_start))
            else:  # the top cards of the pile become birds
                kept = cls.birds_kept
                seats.append(PocketSeat(hand=dealt[:kept], food_cards=dealt[kept:], nest_eggs=cls.nest_start))
        decks: list[list[int]] = [deck[d :: cls.decks] for d in range(cls.decks)]  # dealt round the decks in turn
        face_up = [d.pop() for d in decks]
        goals: list[GoalPick] = []
        if options["advanced"]:
            ids = list(range(len(cards.goals)))
            if len(ids) < cls.goal_count:
                raise ValueError(_("the advanced game needs at least {n} goal cards").format(n=cls.goal_count))
            chance = rng.shuffle(chance, ids)
            for gid in ids[: cls.goal_count]:
                chance, side = rng.below(chance, 2)
                goals.append(GoalPick(gid, side))
        chance, first = rng.below(chance, players)
        st = PocketState(seats, decks, face_up, [], goals, first, first, chance)
        st.stack.append(TurnFrame(first))
        if options["advanced"]:
            for k in reversed(range(players)):
                st.stack.append(SetupFrame((first + k) % players))
        return st

    # ---- green powers ----------------------------------------------------------------
    def _greens(self) -> tuple[int, int, tuple[int, ...]]:
        """What the turn player's green powers (their own and those copied) do now: the foods
        treated as any in powers, the foods that pay as any, the foods ignored in costs.
        Remembered until the turn player's flock or copies change (``_greens_changed``)."""
        if self._greens_of is self.state:
            return self._greens_cache
        st = self.state
        seat = st.seats[st.current]
        modifier = self._modifier
        # (plain loops: on this hot path a comprehension's own call costs more than its loop)
        mods: list[ir.Modifier] = []
        for b in seat.rows[0]:
            mod = modifier[b.card]
            if mod is not None:
                mods.append(mod)
        for copied in seat.green_copies:
            mod = modifier[copied.card]
            if mod is not None:
                mods.append(mod)
        if not mods:  # most flocks: no green power at all
            found = _NO_GREENS
        else:
            treat = spend = 0
            ignore: list[int] = []
            for mod in mods:
                if mod.kind == "treat":
                    treat |= mod.food
                elif mod.kind == "spend":
                    spend |= mod.food
                elif mod.kind == "ignore":
                    ignore.append(mod.food.bit_length() - 1)
            found = (treat, spend, tuple(sorted(ignore)))
        self._greens_cache = found
        self._greens_of = st
        return found

    def _greens_changed(self) -> None:
        self._greens_of = None

    def treat_mask(self) -> int:
        return (self._greens_cache if self._greens_of is self.state else self._greens())[0]

    def food_masks(self, player: int) -> tuple[list[int], list[str]]:
        """Reserve food cards as pay masks (a 'spend as any' food pays any icon) and kinds."""
        spend = self._greens()[1]
        held = self.state.seats[player].food_cards
        food_mask = self._food_mask
        if spend:
            every = self.all_foods
            masks = [every if food_mask[c] & spend else food_mask[c] for c in held]
        else:
            masks = [food_mask[c] for c in held]
        kind_of = self._food_kind
        return masks, [kind_of[c] for c in held]

    def cost_icons(self, card: Card) -> list[int]:
        """The bird's food icons after green discounts, as masks (see ``payment``)."""
        ignore = self._greens()[2]
        key = (card.id, ignore)
        icons = self._icons.get(key)
        if icons is None:
            need = list(card.cost)
            for f in ignore:
                if need[f]:
                    need[f] -= 1
            icons = self._icons[key] = tuple(payment.icons_for(need, card.any_food, self.all_foods))
        return list(icons)

    def cost_icons_of(self, card: Card) -> tuple[int, ...]:
        """``cost_icons`` as the remembered tuple (not to be changed)."""
        found = self._icons.get((card.id, self._greens()[2]))
        if found is None:
            self.cost_icons(card)
            found = self._icons[(card.id, self._greens()[2])]
        return found

    # ---- eggs: the Nest is a holder too (``world.PocketBoard``) ---------------------------
    def all_eggs(self, player: int) -> int:
        return self.state.seats[player].nest_eggs + self.board.total_eggs(self, player)

    # ---- describing decisions -------------------------------------------------------------
    # The kind and rule of each power step's question, by its topic (``NodeHandler.topic``;
    # the nest action's draw and lay are "-action" topics).
    DECISION_TOPICS: ClassVar[dict[str, tuple[str, str]]] = {
        **dict.fromkeys(("optional", "power"), ("power", "pocket.powers.optional")),
        "draw-action": ("draw", "pocket.draw.two-cards"),
        "lay-action": ("lay-eggs", "pocket.lay-eggs.up-to-three"),
        "all-players": ("power", "pocket.power.all-players"),
        "all-players-one-deck": ("power", "pocket.power.all-players-one-deck"),
        "draw": ("power", "pocket.power.draw"),
        "tuck": ("power", "pocket.power.tuck"),
        "hunt": ("power", "pocket.power.hunt"),
        "lay": ("power", "pocket.power.lay-egg"),
        "discard-egg": ("power", "pocket.power.discard"),
        "discard-card": ("power", "pocket.power.discard"),
        "copy": ("power", "pocket.power.copy-brown"),
        "either": ("power", "pocket.power.either"),
        "then": ("power", "pocket.power.requirement"),
    }

    # ---- the turn -----------------------------------------------------------------------
    def place_bird(self, player: int, card: int) -> None:
        st = self.state
        seat = st.seats[player]
        seat.hand.remove(card)
        seat.rows[0].append(Bird(card))
        if self.log is not None:
            self.recorder.note(self, PLAY, player, card, True, "flock")
        self._greens_changed()
        if len(seat.rows[0]) >= self.flock_end:
            if self.log is not None and not st.end_triggered:
                self.recorder.note(self, END_TRIGGERED, player, f"p{player} has {self.flock_end} birds", "pocket.end.six-birds")
            st.end_triggered = True  # pocket.end.six-birds
        power = self.cards[card].power
        if isinstance(power, ir.Copy) and power.colour == "green" and player == st.current:
            st.stack.append(CopyGreenFrame(player, card, Place(0, len(seat.rows[0]) - 1)))

    def end_turn(self, turn: TurnFrame) -> None:
        """``turn`` (on top of the stack) is over: refill, then the next player's turn."""
        st = self.state
        self.deck.refill(self)
        seat = st.seats[st.current]
        seat.turns += 1
        seat.green_copies.clear()
        self._greens_of = None  # (``_greens_changed``) the next player's greens are read anew
        nxt = (st.current + 1) % len(st.seats)
        if st.end_triggered and nxt == st.first:
            st.stack.pop()
            st.over = True
            return
        st.current = nxt
        # the finished turn's frame becomes the next player's (the same fields a new TurnFrame
        # would have; no one else holds it: copies of the state copy their frames)
        turn.player, turn.acted, turn.next_bird = nxt, False, 0
        copies_green = self._copies_green
        flock = st.seats[nxt].rows[0]
        for i in reversed(range(len(flock))):  # (pushed right to left: the leftmost runs first)
            if copies_green[flock[i].card]:
                st.stack.append(CopyGreenFrame(nxt, flock[i].card, Place(0, i)))

    # ---- what the public Game asks ----------------------------------------------------------
    @classmethod
    def validate_state(cls, state: Any, cards: CardSet, players: int, options: dict[str, Any]) -> list[str]:
        return cls.parts.validate_state(cls, state, cards, players, options)

    @classmethod
    def parse_action(cls, text: str) -> Action:
        from .forms import parse_action

        return parse_action(text)

    @classmethod
    def action_space(cls, cards: CardSet) -> tuple[Action, ...]:
        from .forms import action_space

        names = [c.name for c in cards.cards]
        kinds = sorted({c.food_kind for c in cards.cards})
        keys = sorted({cost_key(c) for c in cards.cards})
        return action_space(names, kinds, keys, max_parts(cards), decks=cls.decks)

    def score(self) -> ScoreSheet:
        return score(self.state, self.cardset)

    def view(self, player: int, pending: Decision | None) -> PocketView:
        return self.parts.view(self, player, pending)

    def turn_label(self) -> str:
        st = self.state
        return _("turn {turn}").format(turn=st.seats[st.current].turns + 1)

    def hidden(self) -> tuple[tuple[str, object], ...]:
        st = self.state
        # a food deck changes only when a card leaves it (taken, hunted, flipped to refill the
        # birds, cleared) or it is rebuilt: each time a card's hidden side or the next card shows
        decks = tuple(tuple(d) for d in st.decks)
        return ((N_("a card left a food deck, so the card under it or its hidden side came to light"), decks),) + super().hidden()

    def general_reasons(self, decision: Decision, action: Action) -> list[Violation]:
        return self.parts.general_reasons(self, decision, action)

    def refuse_node(self, f: PowerFrame, node: ir.Effect, a: Action) -> list[Violation]:
        return self.parts.refuse_node(self, f, node, a)




# ---- handlers of the turn frames --------------------------------------------------------------


@mypyc_attr(allow_interpreted_subclasses=True)
class SetupHandler(Handler[SetupFrame, "PocketRules"]):
    frame_type = SetupFrame
    says = {"keep-bird": N_("keep {arg} bird side up in your reserve (the cards you do not keep become food cards)")}

    def options(self, g: PocketRules, f: SetupFrame) -> list[Action]:
        seat = g.state.seats[f.player]
        return [_KEEP_BIRD[g.cards[c].name] for c in seat.dealt if c not in f.kept]

    def answer(self, g: PocketRules, f: SetupFrame, a: Action) -> None:
        f.kept.append(g.by_name[str(a.arg)])
        if len(f.kept) == g.birds_kept:
            seat = g.state.seats[f.player]
            seat.hand = [c for c in seat.dealt if c in f.kept]
            seat.food_cards = [c for c in seat.dealt if c not in f.kept]
            seat.dealt = []
            if g.log is not None:
                for c in seat.hand:
                    g.recorder.note(g, KEEP, f.player, c, False, "hand")
                for c in seat.food_cards:
                    g.recorder.note(g, KEEP, f.player, c, None, f"the reserve ({g._food_kind[c]} side up)")
            g.state.stack.pop()

    def describe(self, g: PocketRules, f: SetupFrame) -> tuple[str, str]:
        return "setup-birds", "pocket.setup.advanced-birds"


_DRAW_CARDS = Action("draw-cards")
_LAY_EGGS = Action("lay-eggs")


@mypyc_attr(allow_interpreted_subclasses=True)
class TurnHandler(Handler[TurnFrame, "PocketRules"]):
    frame_type = TurnFrame
    says = {
        "play": N_("play {arg} from your reserve into your flock, paying its cost"),
        "draw-cards": N_("take the draw-cards nest action: draw {count} cards"),
        "lay-eggs": N_("take the lay-eggs nest action: lay up to {count} eggs"),
    }

    def tell(self, t: Telling, f: Frame | None, action: Action) -> str | None:
        words = self.says.get(action.verb)
        if not isinstance(words, str):
            return None
        # (the template worded first: the count is filled in before ``fill`` fills the rest)
        return t.fill(translate(words).replace("{count}", str(t.count_of(action.verb))), action)

    def options(self, g: PocketRules, f: TurnFrame) -> list[Action] | None:
        if f.acted:
            return None
        out = g.board.playable(g, f.player)
        st = g.state
        face_up = st.face_up
        if (face_up and max(face_up) >= 0) or any(st.decks):  # (``can_draw_any``, inline)
            out.append(_DRAW_CARDS)
        out.append(_LAY_EGGS)
        return out

    def answer(self, g: PocketRules, f: TurnFrame, a: Action) -> None:
        f.acted = True
        st = g.state
        if a.verb == "play":
            st.stack.append(PayFrame(f.player, g.by_name[str(a.arg)]))
        elif a.verb == "draw-cards":
            st.stack.append(DrawFrame(f.player, ACTION, (0,), f.player))
        else:
            st.stack.append(LayFrame(f.player, ACTION, (1,), f.player))

    def step(self, g: PocketRules, f: TurnFrame) -> None:
        """Brown powers left to right (``pocket.powers.brown-left-to-right``), then the turn ends."""
        flock = g.state.seats[f.player].rows[0]
        i = f.next_bird
        brown = g._brown
        player = f.player
        while i < len(flock):
            c = flock[i].card
            i += 1
            power = brown[c]
            if power is not None:
                handler = NODE_HANDLERS[power.__class__]
                make: Any = handler.frame_type  # (``NodeHandler.start``, one call fewer)
                run = make(player, c, (), player, PLACES[0][i - 1], True)
                # its first question (the choices beside 'skip'), asked at once: none means the
                # power can do nothing and is passed over
                opening = handler.opening(g, run, power)
                if opening:
                    f.next_bird = i
                    g.state.stack.append(run)
                    g.vouched, g.vouched_opening = run, opening
                    return
                if g.log is not None:
                    g.recorder.passed(g, run, power)
        g.end_turn(f)

    def describe(self, g: PocketRules, f: TurnFrame) -> tuple[str, str]:
        return "nest-action", "pocket.turn.nest-action"

    def why_not(self, g: PocketRules, f: TurnFrame, a: Action) -> list[Violation]:
        return g.parts.refuse_nest_action(g, f, a)


_PAY = Verb("pay")


def _pay_options(icons: tuple[int, ...], paid: list[int], held: list[int], food_mask: tuple[int, ...], spend: int, every: int, kind_of: tuple[str, ...]) -> list[Action]:
    """'pay KIND' for each food kind in the reserve (``held``) that keeps the payment
    completable, then 'paid' once what was given covers the cost exactly.  Foods are pay
    masks (a 'spend as any' food pays any icon), worked out only where a test reads them.

    Giving one more food leaves the same multiset (what was paid and the whole reserve) to
    complete the payment from, whichever kind is given: so either every kind keeps it
    completable or none does (``payment.can_complete`` with that food added)."""
    k, n = len(icons), len(paid)
    out = []
    if held and n < 2 * k:
        if n + len(held) >= 2 * k:
            fits = True
        elif spend:
            fits = payment.is_valid(icons, [every if food_mask[c] & spend else food_mask[c] for c in paid + held])
        else:
            fits = payment.is_valid(icons, [food_mask[c] for c in paid + held])
        if fits:
            kinds = set()
            for c in held:
                kind = kind_of[c]
                if kind not in kinds:  # each kind once, in the reserve's order
                    kinds.add(kind)
                    out.append(_PAY[kind])
    if k <= n <= 2 * k:  # else ``payment.is_valid`` says no at once
        masks = []
        for c in paid:
            masks.append(every if food_mask[c] & spend else food_mask[c])
        done = payment.is_valid(icons, masks)
        if done:
            out.append(_PAID)
    return out


_PAID = Action("paid")


@mypyc_attr(allow_interpreted_subclasses=True)
class PayHandler(Handler[PayFrame, "PocketRules"]):
    frame_type = PayFrame
    says = {
        "pay": N_("pay 1 {arg}{food_card} toward the cost of {bird}"),
        "paid": N_("finish paying for {bird} with the food given"),
        "pay-egg": N_("pay an egg from {holder} toward the cost of {bird}"),
    }

    def options(self, g: PocketRules, f: PayFrame) -> list[Action] | None:
        card = g.cards[f.card]
        if not f.food_done:
            _treat, spend, ignore = g._greens_cache if g._greens_of is g.state else g._greens()
            icons = g.cost_icons_of(card) if ignore else g._costs[f.card]
            held = g.state.seats[f.player].food_cards
            return _pay_options(icons, f.paid, held, g._food_mask, spend, g.all_foods, g._food_kind)
        if f.eggs_paid < card.egg_cost:
            return [_PAY_EGG[g.board.holder_name(g, f.player, p)] for p in g.board.egg_sources(g, f.player)]
        return None

    def answer(self, g: PocketRules, f: PayFrame, a: Action) -> None:
        if a.verb == "pay":
            c = g.hand.take(g, f.player, a)
            g.state.discard.append(c)
            if g.log is not None:
                source = g.hand.source(g, a)
                g.recorder.note(g, DISCARD, f.player, c, True if source == "hand" else None, source)
            f.paid.append(c)
        elif a.verb == "paid":
            f.food_done = True
        else:
            g.board.remove_egg(g, f.player, g.board.holder_place(g, f.player, str(a.arg)))
            f.eggs_paid += 1

    def step(self, g: PocketRules, f: PayFrame) -> None:
        g.state.stack.pop()
        g.place_bird(f.player, f.card)

    def describe(self, g: PocketRules, f: PayFrame) -> tuple[str, str]:
        return "pay", "pocket.pay.egg" if f.food_done else "pocket.pay.food-card"

    def why_not(self, g: PocketRules, f: PayFrame, a: Action) -> list[Violation]:
        return g.parts.refuse_pay(g, f, a)


@mypyc_attr(allow_interpreted_subclasses=True)
class CopyGreenHandler(Handler[CopyGreenFrame, "PocketRules"]):
    frame_type = CopyGreenFrame
    says = {"copy": N_("let {your_bird} take {arg}'s green power this turn")}

    def options(self, g: PocketRules, f: CopyGreenFrame) -> list[Action]:
        return [_COPY[g.cards[c].name] for c in g.board.copy_candidates(g, f, "green")]

    def answer(self, g: PocketRules, f: CopyGreenFrame, a: Action) -> None:
        g.state.seats[f.player].green_copies.append(GreenCopy(f.host, g.by_name[str(a.arg)]))
        g._greens_changed()
        g.state.stack.pop()

    def describe(self, g: PocketRules, f: CopyGreenFrame) -> tuple[str, str]:
        return "copy-green", "pocket.green.copy-green"

    def why_not(self, g: PocketRules, f: CopyGreenFrame, a: Action) -> list[Violation]:
        return g.board.refuse_copy(g, f, a) or []


PocketRules.turn_handlers = (SetupHandler(), TurnHandler(), PayHandler(), CopyGreenHandler())
