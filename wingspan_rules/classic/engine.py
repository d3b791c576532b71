"""The classic Wingspan base game: setup, rounds, the four actions, powers, scoring.

Like the Pocket engine, the game is a stack of frames (``pocket.state.Frame``): ``advance``
runs frames until a player must choose; ``answer`` resumes with the choice; a choice with
one option is taken automatically (``core.forced``).
"""

from __future__ import annotations

from typing import Any, Callable

from .. import frames, ir, payment, rng
from ..actions import Action
from ..cards import Card, CardSet
from ..frames import Frame
from ..verdict import Decision
from .state import DICE_FACES, EMPTY, FOODS, HABITATS, ClassicState, Seat, Slot

ROUND_TURNS = (8, 7, 6, 5)
EGG_COST_BY_COLUMN = (0, 1, 1, 2, 2)
BASE_ACTION = {0: (1, 1, 2, 2, 3, 3), 1: (2, 2, 3, 3, 4, 4), 2: (1, 1, 2, 2, 3, 3)}
CONVERSION_SPACES = (1, 3, 5)  # columns (0-based) whose space offers the optional trade
ROW = 5
TRAY = 3
SKIP = Action("skip")
STOP = Action("stop")
ANY_FACE = 5  # the invertebrate/seed face

DEFAULT_OPTIONS: dict[str, Any] = {
    "goal_side": "green",
    "public_hands": False,
    "swift_start": False,  # the 10 Swift-Start birds in the deck
    "draw_no_mixing": False,  # 004: a draw-cards action takes only the tray or only the deck
    "green_ties": "covered",  # 004's "next-place": a tie shares only its place and the next
    "house_corrections": False,  # 002: a declined power may be taken back (Game.take_back)
    "food_tokens": None,  # tokens of each food in the box; None: the supply never runs out
    "cache_when_out": "substitute",  # 004's "discarded-card": a discarded bird is cached instead
}
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "goal_side": ("green", "blue"),
    "public_hands": (False, True),
    "swift_start": (False, True),
    "draw_no_mixing": (False, True),
    "green_ties": ("covered", "next-place"),
    "house_corrections": (False, True),
    "cache_when_out": ("substitute", "discarded-card"),
}
MAX_TOKENS = 1000


def validate_options(options: dict[str, Any] | None) -> dict[str, Any]:
    merged = dict(DEFAULT_OPTIONS)
    known = sorted([*OPTION_CHOICES, "food_tokens"])
    for key, value in (options or {}).items():
        if key == "food_tokens":
            if value is not None and (type(value) is not int or not 1 <= value <= MAX_TOKENS):
                raise ValueError(f"option 'food_tokens' must be null (no limit) or a whole number from 1 to {MAX_TOKENS}, not {value!r}")
        elif key not in OPTION_CHOICES:
            raise ValueError(f"unknown classic option '{key}'; known options: {', '.join(known)}")
        elif value not in OPTION_CHOICES[key] or type(value) is not type(OPTION_CHOICES[key][0]):
            choices = ", ".join(repr(c) for c in OPTION_CHOICES[key])
            raise ValueError(f"option '{key}' must be one of {choices}, not {value!r}")
        merged[key] = value
    if merged["cache_when_out"] == "discarded-card" and merged["food_tokens"] is None:
        # tokens can only run out if the box holds a known number of them
        raise ValueError("option 'cache_when_out' = 'discarded-card' needs 'food_tokens' (how many tokens of each food the box holds)")
    return merged


def food_bit(name: str) -> int:
    return 1 << FOODS.index(name)


class ClassicEngine:
    """Rules of the classic game over a ``ClassicState``."""

    def __init__(self, cards: CardSet, options: dict[str, Any], state: ClassicState, bonus_names: tuple[str, ...] = ()):
        self.bonus_names = bonus_names
        self.bonus_ids = {n: i for i, n in enumerate(bonus_names)}
        self.cardset = cards
        self.cards: tuple[Card, ...] = cards.cards
        self.by_name = {c.name: c.id for c in cards.cards}
        self.options = options
        self.state = state

    def bonus_name(self, bonus: int) -> str:
        return self.bonus_names[bonus]

    def bonus_id(self, name: str) -> int:
        return self.bonus_ids[name]

    def trial(self) -> "ClassicEngine":
        clone = object.__new__(ClassicEngine)
        clone.__dict__.update(self.__dict__)
        clone.state = self.state.copy()
        return clone

    # ---- setup --------------------------------------------------------------------------
    @staticmethod
    def new_state(cards: CardSet, bonus_count: int, goal_count: int, players: int, seed: int, options: dict[str, Any]) -> ClassicState:
        state = rng.seed_state(seed)
        deck = [c.id for c in cards.cards if options["swift_start"] or not c.swift_start]
        state = rng.shuffle(state, deck)
        bonus = list(range(bonus_count))
        state = rng.shuffle(state, bonus)
        seats = []
        for _ in range(players):
            seats.append(Seat(dealt=[deck.pop() for _ in range(5)], dealt_bonus=[bonus.pop() for _ in range(2)]))
        tray = [deck.pop() for _ in range(TRAY)]
        tiles = list(range(goal_count))
        state = rng.shuffle(state, tiles)
        goals = []
        for tile in tiles[:4]:  # a random face of each of 4 random tiles
            state, side = rng.below(state, 2)
            goals.append(tile * 2 + side)
        feeder: list[int] = []
        for _ in range(5):
            state, face = rng.below(state, 6)
            feeder.append(face)
        state, first = rng.below(state, players)
        st = ClassicState(seats, deck, tray, [], bonus, [], feeder, goals, [], first, first, state)
        st.stack.append(Frame("turn", first))
        for k in reversed(range(players)):
            st.stack.append(Frame("setup", (first + k) % players))
        return st

    # ---- the loop -----------------------------------------------------------------------
    def advance(self, forced: list[tuple[int, Action]] | None = None) -> Decision | None:
        """Run until a player must choose; return that decision (None when the game is over)."""
        return frames.advance(self, _OPTIONS, _STEP, _ANSWER, self.describe, forced)

    def describe(self, frame: Frame) -> tuple[str, str, str | None]:
        """(decision kind, rule id, source card name) for the frame's decision."""
        kind, rule = _INFO.get(frame.kind, (frame.kind, "classic.turn.action"))
        # the bird whose power (or payment) asks, so a player sees which card a step belongs to
        source = self.cards[frame.card].name if frame.card >= 0 else None
        return kind, rule, source

    def answer(self, action: Action) -> None:
        frame = self.state.stack[-1]
        _ANSWER[frame.kind](self, frame, action)
        self.state.steps += 1

    # ---- places and things --------------------------------------------------------------
    def slots(self, player: int) -> list[tuple[int, int, Slot]]:
        return [(h, i, s) for h, row in enumerate(self.state.seats[player].rows) for i, s in enumerate(row)]

    def find(self, player: int, name: str) -> tuple[int, int]:
        cid = self.by_name[name]
        for h, row in enumerate(self.state.seats[player].rows):
            for i, s in enumerate(row):
                if s.card == cid:
                    return h, i
        raise KeyError(name)

    def slot(self, player: int, name: str) -> Slot:
        h, i = self.find(player, name)
        return self.state.seats[player].rows[h][i]

    def draw_deck(self) -> int | None:
        """The top bird of the deck, reshuffling the discard pile when it runs out."""
        st = self.state
        if not st.deck and st.discard:
            st.deck, st.discard = st.discard, []
            st.rng = rng.shuffle(st.rng, st.deck)
        if not st.deck:
            return None
        st.reveals += 1
        return st.deck.pop()

    def draw_bonus(self) -> int | None:
        st = self.state
        if not st.bonus_deck and st.bonus_discard:
            st.bonus_deck, st.bonus_discard = st.bonus_discard, []
            st.rng = rng.shuffle(st.rng, st.bonus_deck)
        if not st.bonus_deck:
            return None
        st.reveals += 1
        return st.bonus_deck.pop()

    def roll(self, count: int) -> list[int]:
        st = self.state
        if count:
            st.reveals += 1
        out = []
        for _ in range(count):
            st.rng, face = rng.below(st.rng, 6)
            out.append(face)
        return out

    def cache(self, slot: Slot, food: int, count: int = 1) -> None:
        """Cache food on a bird.  Tokens never run out (002) unless the box's count is set and
        004's reading is on: then, with no token of that food left, a discarded bird is cached."""
        st = self.state
        tokens = self.options.get("food_tokens")
        for _ in range(count):
            if tokens is not None and self.options["cache_when_out"] == "discarded-card" and st.discard:
                in_play = sum(seat.food[food] for seat in st.seats)
                in_play += sum(s.cached[food] for seat in st.seats for row in seat.rows for s in row)
                if in_play >= tokens:
                    slot.stand_ins += (st.discard.pop(),)
                    continue
            slot.cached[food] += 1

    def refill_feeder_if_empty(self) -> None:
        if not self.state.feeder:
            self.state.feeder = self.roll(5)

    def feeder_choices(self, mask: int) -> list[Action]:
        """Foods the feeder can give now (``mask`` 0 = any die)."""
        self.refill_feeder_if_empty()
        out: list[str] = []
        for face in sorted(set(self.state.feeder)):
            names = ("invertebrate", "seed") if face == ANY_FACE else (DICE_FACES[face],)
            for name in names:
                if (mask == 0 or mask & food_bit(name)) and name not in out:
                    out.append(name)
        actions = [Action("take", f) for f in sorted(out, key=FOODS.index)]
        # With a plain die and the split die both showing the food, the player says which die
        # goes: "take" takes the plain one, "take-split" the split one (what stays matters).
        if ANY_FACE in self.state.feeder:
            for name in ("invertebrate", "seed"):
                if name in out and FOODS.index(name) in self.state.feeder:
                    actions.append(Action("take-split", name))
        return actions

    def take_from_feeder(self, food: str, refill: bool = True, split: bool = False) -> None:
        feeder = self.state.feeder
        face = FOODS.index(food)
        if face in feeder and not split:
            feeder.remove(face)
        else:
            feeder.remove(ANY_FACE)
        # An emptied feeder is rolled again at once, so it is never seen empty: a predator
        # rolling "the dice outside the feeder" never rolls all five.
        if refill:
            self.refill_feeder_if_empty()

    def can_reroll(self) -> bool:
        feeder = self.state.feeder
        return bool(feeder) and len(set(feeder)) == 1

    def egg_room(self, player: int, nest: str | None = None, exclude: int = -1) -> list[tuple[int, int]]:
        out = []
        for h, i, s in self.slots(player):
            card = self.cards[s.card]
            if s.eggs < card.egg_limit and s.card != exclude and (nest is None or card.nest in (nest, "wild")):
                out.append((h, i))
        return out

    def total_eggs(self, player: int) -> int:
        return sum(s.eggs for _, _, s in self.slots(player))

    def cubes_this_round(self) -> int:
        return ROUND_TURNS[self.state.round]

    def affordable(self, player: int, card: Card, habitat: int) -> bool:
        seat = self.state.seats[player]
        column = len(seat.rows[habitat])
        if column >= ROW or self.total_eggs(player) < EGG_COST_BY_COLUMN[column]:
            return False
        return self.can_pay_food(player, card)

    def token_masks(self, player: int) -> list[int]:
        return [1 << f for f, n in enumerate(self.state.seats[player].food) for _ in range(n)]

    def can_pay_food(self, player: int, card: Card) -> bool:
        tokens = self.token_masks(player)
        return payment.can_complete(cost_icons(card), [], tokens)

    def playable(self, player: int) -> list[Action]:
        seat = self.state.seats[player]
        out = []
        for c in seat.hand:
            card = self.cards[c]
            for h, name in enumerate(HABITATS):
                if name in card.habitats and self.affordable(player, card, h):
                    out.append(Action(f"play-{name}", card.name))
        return out

    def place(self, player: int, card: int, habitat: int) -> None:
        seat = self.state.seats[player]
        seat.hand.remove(card)
        seat.rows[habitat].append(Slot(card))

    def note_event(self, event: int) -> None:
        """Something other players' pink powers may react to.  A predator's success is answered
        at once (it is a moment, and the feeder may change right after); the rest wait for the
        end of the action, brown powers included (``classic.powers.pink-timing``)."""
        if event == PREDATOR:
            self.fire_pinks(self.state.current, [PREDATOR])
            return
        for f in self.state.stack:
            if f.kind == "turn":
                f.data.append(event)
                return

    def note_food_gained(self, player: int, food: int) -> None:
        """Food the acting player gains during their gain-food action (its brown powers too)."""
        st = self.state
        if player == st.current and any(f.kind == "habitat" and f.host == 0 and f.player == player for f in st.stack):
            self.note_event(GAINS_FOOD + food)

    def fire_pinks(self, active: int, events: list[int]) -> None:
        """Push the pink powers that the turn's events trigger, in turn order after ``active``."""
        st = self.state
        n = len(st.seats)
        frames = []
        for k in range(1, n):
            p = (active + k) % n
            for h, i, s in self.slots(p):
                card = self.cards[s.card]
                power = card.power
                if s.pink_used or not isinstance(power, ir.When):
                    continue
                if any(_matches(power, e) for e in events):
                    frames.append(Frame("effect", p, card.id, (), h * 10 + i, p, optional=True))
        for f in reversed(frames):
            st.stack.append(f)

    def refill_tray(self) -> None:
        st = self.state
        for i, c in enumerate(st.tray):
            if c == EMPTY:
                got = self.draw_deck()
                st.tray[i] = EMPTY if got is None else got

    def end_turn(self) -> None:
        st = self.state
        self.refill_tray()
        n = len(st.seats)
        nxt = (st.current + 1) % n
        st.stack.pop()
        st.turns_done += 1
        if st.seats[nxt].cubes_used >= self.cubes_this_round():
            self.end_round()
            if st.over:
                return
        else:
            st.current = nxt
        for _, _, s in self.slots(st.current):
            s.pink_used = False
        st.stack.append(Frame("turn", st.current))

    def end_round(self) -> None:
        from .scoring import score_goal

        st = self.state
        st.goal_points.append(score_goal(self, st.round))
        st.round += 1
        if st.round == len(ROUND_TURNS):
            st.over = True
            return
        st.discard.extend(c for c in st.tray if c != EMPTY)
        st.tray = [EMPTY] * TRAY
        for i in range(TRAY):
            got = self.draw_deck()
            st.tray[i] = EMPTY if got is None else got
        for seat in st.seats:
            seat.cubes_used = 0
        st.first = (st.first + 1) % len(st.seats)
        st.current = st.first


# event codes kept in the turn frame's data
LAYS_EGGS = 1
PREDATOR = 2
PLAYS_BIRD = 10  # + habitat
GAINS_FOOD = 20  # + food


def _matches(power: ir.When, event: int) -> bool:
    if power.event == "lays_eggs":
        return event == LAYS_EGGS
    if power.event == "predator_succeeds":
        return event == PREDATOR
    if power.event == "plays_bird":
        return event == PLAYS_BIRD + HABITATS.index(power.qualifier or "forest")
    return event == GAINS_FOOD + FOODS.index(power.qualifier or "rodent")


_INFO: dict[str, tuple[str, str]] = {
    "setup": ("setup", "classic.setup.keep"),
    "turn": ("action", "classic.turn.action"),
    "habitat": ("conversion", "classic.mat.conversion"),
    "feeder": ("feeder", "classic.feeder.take"),
    "supply": ("supply", "classic.power.gain"),
    "lay": ("lay-eggs", "classic.lay-eggs.limit"),
    "draw": ("draw", "classic.draw.tray-or-deck"),
    "pay": ("pay", "classic.play-bird.cost"),
    "effect": ("power", "classic.powers.optional"),
    "discard": ("discard", "classic.power.discard-at-end"),
    "bonus": ("bonus", "classic.power.bonus-draw"),
    "share": ("share", "classic.power.share"),
    "gather": ("share-draw", "classic.power.share"),
    "move": ("move", "classic.power.move"),
    "cache": ("cache", "classic.power.cache"),
    "trade": ("trade", "classic.power.trade"),
}


# ---- payment ----------------------------------------------------------------------------

ALL_FOOD = payment.ALL_FOODS


def cost_icons(card: Card) -> list[int]:
    """One mask per food icon: a food, a '/' choice of foods, or any food."""
    if card.cost_alternative:
        return [card.cost_mask]
    return payment.icons_for(card.cost, card.any_food)


# ---- frame handlers ----------------------------------------------------------------------


def _setup_options(e: ClassicEngine, f: Frame) -> list[Action]:
    seat = e.state.seats[f.player]
    if f.pc == 0:
        return [Action("keep", e.cards[c].name) for c in seat.dealt] + [Action("done")]
    if f.pc == 1:
        if f.data[0] <= 0:
            return [Action("done")]
        return [Action("return", FOODS[i]) for i, n in enumerate(seat.food) if n]
    return [Action("keep-bonus", e.bonus_name(b)) for b in seat.dealt_bonus]


def _setup_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    seat = e.state.seats[f.player]
    if not f.data:
        f.data = [0]
    if f.pc == 0:
        if a.verb == "keep":
            cid = e.by_name[str(a.arg)]
            seat.dealt.remove(cid)
            seat.hand.append(cid)
            f.data[0] += 1
        else:
            e.state.discard.extend(seat.dealt)
            seat.dealt = []
            f.pc = 1
    elif f.pc == 1:
        if a.verb == "return":
            seat.food[FOODS.index(str(a.arg))] -= 1
            f.data[0] -= 1
        else:
            f.pc = 2
    else:
        keep = e.bonus_id(str(a.arg))
        seat.bonus.append(keep)
        e.state.bonus_discard.extend(b for b in seat.dealt_bonus if b != keep)
        seat.dealt_bonus = []
        e.state.stack.pop()


def _turn_options(e: ClassicEngine, f: Frame) -> list[Action] | None:
    if f.pc != 0:
        return None
    out = e.playable(f.player)
    out += [Action("gain-food"), Action("lay-eggs")]
    st = e.state
    if st.deck or st.discard or any(c != EMPTY for c in st.tray):
        out.append(Action("draw-cards"))
    return out


def _turn_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    st = e.state
    st.seats[f.player].cubes_used += 1
    f.pc = 1
    if a.verb.startswith("play-"):
        habitat = HABITATS.index(a.verb[5:])
        st.stack.append(Frame("pay", f.player, e.by_name[str(a.arg)], host=habitat))
    else:
        habitat = {"gain-food": 0, "lay-eggs": 1, "draw-cards": 2}[a.verb]
        st.stack.append(Frame("habitat", f.player, host=habitat))


def _turn_step(e: ClassicEngine, f: Frame) -> None:
    st = e.state
    if f.pc == 1:  # the action is done: other players' pink powers may answer it
        f.pc = 2
        events = list(f.data)
        f.data = []
        e.fire_pinks(f.player, events)
        return
    seat = st.seats[f.player]
    if f.pc == 2 and seat.discard_at_end > 0:
        # end-of-turn steps may come in any order (official ruling): the tray is refilled
        # first, so the discard is chosen seeing it and is not shuffled straight back into it
        f.pc = 3
        e.refill_tray()
        st.stack.append(Frame("discard", f.player, data=[seat.discard_at_end]))
        seat.discard_at_end = 0
        return
    e.end_turn()


def _habitat_options(e: ClassicEngine, f: Frame) -> list[Action] | None:
    if f.pc != 0:
        return None
    seat = e.state.seats[f.player]
    column = len(seat.rows[f.host])
    if column not in CONVERSION_SPACES:
        return None
    if f.host == 0:
        trades = [Action("discard", e.cards[c].name) for c in seat.hand]
    elif f.host == 1:
        trades = [Action("pay", FOODS[i]) for i, n in enumerate(seat.food) if n]
    else:
        trades = [Action("discard-egg", e.cards[s.card].name) for _, _, s in e.slots(f.player) if s.eggs]
    return trades + [SKIP] if trades else None


# What became of a space's trade (kept in the habitat frame, so a refusal can say why)
NO_TRADE_HERE, TRADED, DECLINED, NOTHING_TO_TRADE = 0, 1, 2, 3


def _habitat_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    seat = e.state.seats[f.player]
    f.pc = 1
    f.data = [0, DECLINED]
    if a.verb == "skip":
        return
    f.data = [1, TRADED]
    if a.verb == "discard":
        cid = e.by_name[str(a.arg)]
        seat.hand.remove(cid)
        e.state.discard.append(cid)
    elif a.verb == "pay":
        seat.food[FOODS.index(str(a.arg))] -= 1
    else:
        e.slot(f.player, str(a.arg)).eggs -= 1


def _habitat_step(e: ClassicEngine, f: Frame) -> None:
    st = e.state
    seat = st.seats[f.player]
    row = seat.rows[f.host]
    if f.pc == 0:  # no trade to choose: none on this space, or nothing to give
        f.pc, f.data = 1, [0, NOTHING_TO_TRADE if len(row) in CONVERSION_SPACES else NO_TRADE_HERE]
    if f.pc == 1:
        amount = BASE_ACTION[f.host][len(row)] + f.data[0]
        f.pc = 2
        f.data = [len(row) - 1, f.data[1]]  # the next brown power to offer, and the trade's fate
        if f.host == 0:
            st.stack.append(Frame("feeder", f.player, data=[amount, 0, 0, 0, 0]))
        elif f.host == 1:
            st.stack.append(Frame("lay", f.player, data=[amount, -1, -1, 0]))
        else:
            # data[5] marks the action's own draw: draw_no_mixing (004) limits only that one
            st.stack.append(Frame("draw", f.player, data=[amount, 0, 0, 0, 0, 1]))
        return
    # pc 2: brown powers of this row, right to left
    i = f.data[0]
    while i >= 0:
        card = e.cards[row[i].card] if i < len(row) else None
        i -= 1
        if card is not None and card.colour == "brown" and card.power is not None:
            frame = Frame("effect", f.player, card.id, (), f.host * 10 + i + 1, f.player, optional=True)
            if can_do(e, frame, card.power):
                f.data[0] = i
                st.stack.append(frame)
                return
    if f.host == 1:
        e.note_event(LAYS_EGGS)
    st.stack.pop()


def _feeder_options(e: ClassicEngine, f: Frame) -> list[Action]:
    remaining, mask = f.data[0], f.data[1]
    if remaining <= 0:
        return []
    out = e.feeder_choices(mask)
    if _takes_all(f):
        # "gain all X": die by die, stopping whenever the player likes (a gain may be taken in
        # part); the reroll permission comes before the first die only
        reroll = [Action("reroll")] if e.can_reroll() and f.data[5:6] != [1] else []
        return out + reroll + [STOP] if out or reroll else []
    if e.can_reroll():
        out.append(Action("reroll"))
    return out + [STOP] if out else []


def _takes_all(f: Frame) -> bool:
    """data: [still to take, food mask, may cache, (unused: pink triggers are now told by
    ``note_food_gained``), take every matching die,
    (take-all only) a die has been taken]"""
    return len(f.data) > 4 and bool(f.data[4])


def _feeder_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    st = e.state
    if a.verb == "stop":
        e.refill_feeder_if_empty()  # after a "gain all" that took the last die
        st.stack.pop()
        return
    if a.verb == "reroll":
        st.feeder = e.roll(5)
        return
    food = str(a.arg)
    if _takes_all(f):
        e.take_from_feeder(food, refill=False, split=a.verb == "take-split")  # no new dice mid-way
        st.seats[f.player].food[FOODS.index(food)] += 1
        e.note_food_gained(f.player, FOODS.index(food))
        f.data[5:] = [1]
        mask = f.data[1] or ALL_FOOD
        faces = set(st.feeder)
        if not any(mask & (1 << i) and (i in faces or (i < 2 and ANY_FACE in faces)) for i in range(5)):
            e.refill_feeder_if_empty()
            st.stack.pop()
        return
    e.take_from_feeder(food, split=a.verb == "take-split")
    f.data[0] -= 1
    e.note_food_gained(f.player, FOODS.index(food))
    if f.data[0] <= 0:
        st.stack.pop()
    if f.data[2]:  # may cache instead of keeping
        st.stack.append(Frame("cache", f.player, f.card, host=f.host, data=[FOODS.index(food)]))
    else:
        st.seats[f.player].food[FOODS.index(food)] += 1


def _cache_options(e: ClassicEngine, f: Frame) -> list[Action]:
    return [Action("cache"), Action("keep-food")]


def _cache_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    st = e.state
    food = f.data[0]
    if a.verb == "cache":
        h, i = divmod(f.host, 10)
        e.cache(st.seats[f.player].rows[h][i], food)
    else:
        st.seats[f.player].food[food] += 1
    st.stack.pop()


def _supply_options(e: ClassicEngine, f: Frame) -> list[Action]:
    if f.data[0] <= 0:
        return []
    mask = f.data[1] or ALL_FOOD
    # a player may stop short of the full gain (classic.resources.take-fewer)
    return [Action("take", food) for i, food in enumerate(FOODS) if mask & (1 << i)] + [STOP]


def _supply_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    st = e.state
    if a.verb == "stop":
        st.stack.pop()
        return
    food = FOODS.index(str(a.arg))
    f.data[0] -= 1
    e.note_food_gained(f.player, food)
    if f.data[0] <= 0:
        st.stack.pop()
    if f.data[2]:
        st.stack.append(Frame("cache", f.player, f.card, host=f.host, data=[food]))
    else:
        st.seats[f.player].food[food] += 1


def _lay_options(e: ClassicEngine, f: Frame) -> list[Action]:
    remaining, nest, exclude, distinct = f.data[:4]
    if remaining <= 0:
        return []
    used = set(f.data[4:]) if distinct else set()
    nest_name = None if nest < 0 else NEST_NAMES[nest]
    out = []
    for h, i in e.egg_room(f.player, nest_name, exclude):
        s = e.state.seats[f.player].rows[h][i]
        if s.card not in used:
            out.append(Action("egg", e.cards[s.card].name))
    return out + [STOP] if out else []


def _lay_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    if a.verb == "stop":
        e.state.stack.pop()
        return
    slot = e.slot(f.player, str(a.arg))
    slot.eggs += 1
    f.data[0] -= 1
    f.data.append(slot.card)


def _draw_options(e: ClassicEngine, f: Frame) -> list[Action]:
    remaining, source, _, _, mode = f.data[:5]
    st = e.state
    if remaining <= 0:
        return []
    out = []
    if source in (0, 2) and mode != 2:
        out += [Action("take-bird", e.cards[c].name) for c in st.tray if c != EMPTY]
    if source in (0, 1) and mode != 1 and (st.deck or st.discard):
        out.append(Action("take-deck"))
    return out + [STOP] if out else []


def _draw_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    st = e.state
    seat = st.seats[f.player]
    if a.verb == "stop":
        _draw_done(e, f)
        return
    if a.verb == "take-bird":
        cid = e.by_name[str(a.arg)]
        st.tray[st.tray.index(cid)] = EMPTY
        seat.hand.append(cid)
        if e.options["draw_no_mixing"] and f.data[5:6] == [1]:
            f.data[4] = 1
    else:
        got = e.draw_deck()
        if got is not None:
            seat.hand.append(got)
        if e.options["draw_no_mixing"] and f.data[5:6] == [1]:
            f.data[4] = 2
    f.data[0] -= 1
    f.data[3] = 1
    if f.data[0] <= 0:
        _draw_done(e, f)


def _draw_done(e: ClassicEngine, f: Frame) -> None:
    if f.data[2] and f.data[3]:
        e.state.seats[f.player].discard_at_end += f.data[2]
    e.state.stack.pop()


def _discard_options(e: ClassicEngine, f: Frame) -> list[Action]:
    if f.data[0] <= 0:
        return []
    return [Action("discard", e.cards[c].name) for c in e.state.seats[f.player].hand]


def _discard_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    cid = e.by_name[str(a.arg)]
    e.state.seats[f.player].hand.remove(cid)
    e.state.discard.append(cid)
    f.data[0] -= 1


def _pay_options(e: ClassicEngine, f: Frame) -> list[Action] | None:
    card = e.cards[f.card]
    seat = e.state.seats[f.player]
    if f.pc == 0:
        icons = cost_icons(card)
        paid = [1 << food for food in f.data]
        tokens = e.token_masks(f.player)
        out = []
        for food, count in enumerate(seat.food):
            if not count:
                continue
            rest = list(tokens)
            rest.remove(1 << food)
            if payment.can_complete(icons, paid + [1 << food], rest):
                out.append(Action("pay", FOODS[food]))
        if payment.is_valid(icons, paid):
            out.append(Action("paid"))
        return out
    column = len(seat.rows[f.host])
    if f.pc < 1 + EGG_COST_BY_COLUMN[column]:
        return [Action("pay-egg", e.cards[s.card].name) for _, _, s in e.slots(f.player) if s.eggs]
    return None


def _pay_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    seat = e.state.seats[f.player]
    if a.verb == "pay":
        food = FOODS.index(str(a.arg))
        seat.food[food] -= 1
        f.data.append(food)
    elif a.verb == "paid":
        f.pc = 1
    else:
        e.slot(f.player, str(a.arg)).eggs -= 1
        f.pc += 1


def _pay_step(e: ClassicEngine, f: Frame) -> None:
    st = e.state
    st.stack.pop()
    e.place(f.player, f.card, f.host)
    e.note_event(PLAYS_BIRD + f.host)
    card = e.cards[f.card]
    if card.colour == "white" and card.power is not None:
        i = len(st.seats[f.player].rows[f.host]) - 1
        frame = Frame("effect", f.player, card.id, (), f.host * 10 + i, f.player, optional=True)
        if can_do(e, frame, card.power):
            st.stack.append(frame)


def _bonus_options(e: ClassicEngine, f: Frame) -> list[Action]:
    if f.data[0] <= 0:
        return []
    return [Action("discard-bonus", e.bonus_name(b)) for b in f.data[1:]]


def _bonus_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    bid = e.bonus_id(str(a.arg))
    seat = e.state.seats[f.player]
    seat.bonus.remove(bid)
    e.state.bonus_discard.append(bid)
    del f.data[f.data.index(bid, 1)]  # data[0] is the count still owed, never a card
    f.data[0] -= 1
    if f.data[0] <= 0:
        e.state.stack.pop()


def _gather_options(e: ClassicEngine, f: Frame) -> list[Action]:
    st = e.state
    out = [Action("take-bird", e.cards[c].name) for c in st.tray if c != EMPTY]
    if st.deck or st.discard:
        out.append(Action("take-deck"))
    return out


def _gather_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    """One card for the shared pool; when the pool is full (or nothing is left), sharing starts."""
    st = e.state
    if a.verb == "take-bird":
        cid = e.by_name[str(a.arg)]
        st.tray[st.tray.index(cid)] = EMPTY
        f.data.append(cid)
    else:
        got = e.draw_deck()
        if got is not None:
            f.data.append(got)
    sources_left = bool(st.deck or st.discard or any(c != EMPTY for c in st.tray))
    if len(f.data) >= len(st.seats) + 1 or not sources_left:
        st.stack.pop()
        st.stack.append(Frame("share", f.owner, f.card, owner=f.owner, data=[0] + f.data))


def _share_options(e: ClassicEngine, f: Frame) -> list[Action]:
    return [Action("take-bird", e.cards[c].name) for c in f.data[1:]]


def _share_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    st = e.state
    n = len(st.seats)
    cid = e.by_name[str(a.arg)]
    st.seats[f.player].hand.append(cid)
    del f.data[f.data.index(cid, 1)]  # data[0] counts the picks, it is not a card
    f.data[0] += 1
    if f.data[0] >= n:  # everyone has picked: the owner keeps what is left
        st.seats[f.owner].hand.extend(f.data[1:])
        st.stack.pop()
    else:
        f.player = (f.owner + f.data[0]) % n


def _move_options(e: ClassicEngine, f: Frame) -> list[Action]:
    return [Action("move", h) for h in _move_targets(e, f.player, f.host)]


def _move_targets(e: ClassicEngine, player: int, host: int) -> list[str]:
    seat = e.state.seats[player]
    h, i = divmod(host, 10)
    if i != len(seat.rows[h]) - 1:
        return []
    card = e.cards[seat.rows[h][i].card]
    return [name for k, name in enumerate(HABITATS) if k != h and name in card.habitats and len(seat.rows[k]) < ROW]


def _move_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    seat = e.state.seats[f.player]
    h, i = divmod(f.host, 10)
    slot = seat.rows[h].pop(i)
    seat.rows[HABITATS.index(str(a.arg))].append(slot)
    e.state.stack.pop()


def _trade_options(e: ClassicEngine, f: Frame) -> list[Action]:
    seat = e.state.seats[f.player]
    if f.pc == 0:
        return [Action("give", FOODS[i]) for i, n in enumerate(seat.food) if n]
    return [Action("take", food) for i, food in enumerate(FOODS) if i != f.data[0]]


def _trade_answer(e: ClassicEngine, f: Frame, a: Action) -> None:
    seat = e.state.seats[f.player]
    food = FOODS.index(str(a.arg))
    if f.pc == 0:
        seat.food[food] -= 1
        f.data = [food]
        f.pc = 1
    else:
        seat.food[food] += 1
        e.state.stack.pop()


NEST_NAMES = ("bowl", "cavity", "ground", "platform", "wild", "none")


def _none(e: ClassicEngine, f: Frame) -> None:
    raise AssertionError(f"frame {f.kind} has no step")


from .powers import can_do, effect_answer, effect_options, effect_step  # noqa: E402

_OPTIONS: dict[str, Callable[[ClassicEngine, Frame], list[Action] | None]] = {
    "setup": _setup_options,
    "turn": _turn_options,
    "habitat": _habitat_options,
    "feeder": _feeder_options,
    "cache": _cache_options,
    "supply": _supply_options,
    "lay": _lay_options,
    "draw": _draw_options,
    "discard": _discard_options,
    "pay": _pay_options,
    "bonus": _bonus_options,
    "share": _share_options,
    "gather": _gather_options,
    "move": _move_options,
    "trade": _trade_options,
    "effect": effect_options,
}
_STEP: dict[str, Callable[[ClassicEngine, Frame], None]] = {
    "turn": _turn_step,
    "habitat": _habitat_step,
    "pay": _pay_step,
    "effect": effect_step,
}
_ANSWER: dict[str, Callable[[ClassicEngine, Frame, Action], None]] = {
    "setup": _setup_answer,
    "turn": _turn_answer,
    "habitat": _habitat_answer,
    "feeder": _feeder_answer,
    "cache": _cache_answer,
    "supply": _supply_answer,
    "lay": _lay_answer,
    "draw": _draw_answer,
    "discard": _discard_answer,
    "pay": _pay_answer,
    "bonus": _bonus_answer,
    "share": _share_answer,
    "gather": _gather_answer,
    "move": _move_answer,
    "trade": _trade_answer,
    "effect": effect_answer,
}
for _kind in _OPTIONS:
    _STEP.setdefault(_kind, _none)
