"""The Pocket game: setup, the turn, the nest actions, powers, the end and scoring.

The game is a stack of frames (see ``state.Frame``).  ``advance`` runs frames until one
needs a player's choice, which becomes ``pending``; ``answer`` resumes with the choice.
Choices with one option are taken automatically (rule ``core.forced``).
"""

from __future__ import annotations

from typing import Any, Callable

from .. import frames, ir, payment, rng
from ..actions import Action
from ..cards import Card, CardSet
from ..verdict import Decision
from .powers import atom_do, atom_options, can_do, node_at, requirement_options, target_name
from .state import EMPTY, NEST, BirdInPlay, Frame, PlayerState, PocketState

DECKS = 4
HAND = 6
NEST_LIMIT = 3
FLOCK_END = 6
SKIP = Action("skip")
STOP = Action("stop")
USE = Action("use")

DEFAULT_OPTIONS: dict[str, Any] = {
    "advanced": False,
    "supply_reset": "food",  # "food" (rulebook), "birds" (guide), "off"
    "copy_brown_from": "others",  # "others" (rulebook reading), "any"
}
OPTION_CHOICES: dict[str, tuple[Any, ...]] = {
    "advanced": (False, True),
    "supply_reset": ("food", "birds", "off"),
    "copy_brown_from": ("others", "any"),
}


def validate_options(options: dict[str, Any] | None) -> dict[str, Any]:
    merged = dict(DEFAULT_OPTIONS)
    for key, value in (options or {}).items():
        if key not in OPTION_CHOICES:
            known = ", ".join(sorted(OPTION_CHOICES))
            raise ValueError(f"unknown pocket option '{key}'; known options: {known}")
        if value not in OPTION_CHOICES[key] or type(value) is not type(OPTION_CHOICES[key][0]):
            choices = ", ".join(repr(c) for c in OPTION_CHOICES[key])
            raise ValueError(f"option '{key}' must be one of {choices}, not {value!r}")
        merged[key] = value
    return merged


class Engine:
    """Rules of Wingspan Pocket over a ``PocketState``.  Holds no game data of its own."""

    def __init__(self, cards: CardSet, options: dict[str, Any], state: PocketState):
        self.cardset = cards
        self.cards: tuple[Card, ...] = cards.cards
        self.cards_by_name = {c.name: c.id for c in cards.cards}
        self.kinds = {c.food_kind for c in cards.cards}
        self.options = options
        self.state = state
        self.all_foods = (1 << len(cards.foods)) - 1
        self._modifier_key: tuple[int, int, int] | None = None
        self._modifier_cache: list[tuple[ir.Modifier, int]] = []

    def trial(self) -> "Engine":
        """A scratch copy to try a move on; the real game is untouched."""
        clone = object.__new__(Engine)
        clone.__dict__.update(self.__dict__)
        clone.state = self.state.copy()
        return clone

    # ---- setup --------------------------------------------------------------------------
    @staticmethod
    def new_state(cards: CardSet, players: int, seed: int, options: dict[str, Any]) -> PocketState:
        state = rng.seed_state(seed)
        deck = list(range(len(cards.cards)))
        state = rng.shuffle(state, deck)
        needed = players * HAND + 2 * DECKS
        if len(deck) < needed:
            raise ValueError(f"the card set has {len(deck)} cards; {players} players need at least {needed}")
        seats = []
        for _ in range(players):
            dealt = [deck.pop() for _ in range(HAND)]
            if options["advanced"]:
                seats.append(PlayerState(dealt=dealt))
            else:  # the top 2 of the pile become birds
                seats.append(PlayerState(food=dealt[2:], birds=dealt[:2]))
        decks: list[list[int]] = [[] for _ in range(DECKS)]
        for i, card in enumerate(deck):
            decks[i % DECKS].append(card)
        face_up = [d.pop() for d in decks]
        goals: list[list[int]] = []
        if options["advanced"]:
            ids = list(range(len(cards.goals)))
            if len(ids) < 2:
                raise ValueError("the advanced game needs at least 2 goal cards")
            state = rng.shuffle(state, ids)
            for gid in ids[:2]:
                state, side = rng.below(state, 2)
                goals.append([gid, side])
        state, first = rng.below(state, players)
        st = PocketState(seats, decks, face_up, [], goals, first, first, state)
        st.stack.append(Frame("turn", first))
        if options["advanced"]:
            for k in reversed(range(players)):
                st.stack.append(Frame("setup", (first + k) % players))
        return st

    # ---- the loop -----------------------------------------------------------------------
    def advance(self, forced: list[tuple[int, Action]] | None = None) -> Decision | None:
        """Run until a player must choose; return that decision (None when the game is over)."""
        return frames.advance(self, _OPTIONS, _STEP, _ANSWER, self.describe, forced)

    def answer(self, action: Action) -> None:
        frame = self.state.stack[-1]
        _ANSWER[frame.kind](self, frame, action)
        self.state.steps += 1

    def describe(self, frame: Frame) -> tuple[str, str, str | None]:
        """(decision kind, rule id, source card name) for the frame's decision."""
        kind = frame.kind
        if kind == "effect":
            node = node_at(self.cards[frame.card].power, frame.path)  # type: ignore[arg-type]
            return "power", _power_rule(node, frame), self.cards[frame.card].name
        if kind == "copy-green":
            return "copy-green", "pocket.green.copy-green", self.cards[frame.card].name
        if kind == "pay":
            rule = "pocket.pay.egg" if frame.pc else "pocket.pay.food-card"
            return "pay", rule, self.cards[frame.card].name
        return _FRAME_INFO[kind]

    # ---- shared helpers -----------------------------------------------------------------
    def modifiers(self) -> list[tuple[ir.Modifier, int]]:
        """Green powers working now: the turn player's greens and greens they copied.

        Cached: a flock only grows, so (player, flock size, copies) identifies the answer.
        """
        st = self.state
        player = st.players[st.current]
        key = (st.current, len(player.flock), len(player.green_copies))
        if self._modifier_key == key:
            return self._modifier_cache
        out = []
        for i, bird in enumerate(player.flock):
            power = self.cards[bird.card].power
            if isinstance(power, ir.Modifier):
                out.append((power, i))
        for host, copied in player.green_copies:
            power = self.cards[copied].power
            if isinstance(power, ir.Modifier):
                out.append((power, host))
        self._modifier_key, self._modifier_cache = key, out
        return out

    def treat_mask(self) -> int:
        mask = 0
        for mod, _ in self.modifiers():
            if mod.kind == "treat":
                mask |= mod.food
        return mask

    def egg_room(self, player: int) -> list[int]:
        p = self.state.players[player]
        out = [NEST] if p.nest_eggs < NEST_LIMIT else []
        cards = self.cards
        out += [i for i, b in enumerate(p.flock) if b.eggs < cards[b.card].egg_limit]
        return out

    def egg_sources(self, player: int) -> list[int]:
        p = self.state.players[player]
        out = [NEST] if p.nest_eggs else []
        out += [i for i, b in enumerate(p.flock) if b.eggs]
        return out

    def target_index(self, player: int, name: str) -> int:
        if name == "nest":
            return NEST
        cards = self.cards
        for i, b in enumerate(self.state.players[player].flock):
            if cards[b.card].name == name:
                return i
        raise KeyError(name)

    def add_egg(self, player: int, target: int) -> None:
        p = self.state.players[player]
        if target == NEST:
            p.nest_eggs += 1
        else:
            p.flock[target].eggs += 1

    def remove_egg(self, player: int, source: int) -> None:
        p = self.state.players[player]
        if source == NEST:
            p.nest_eggs -= 1
        else:
            p.flock[source].eggs -= 1

    def remove_from_reserve(self, player: int, what: str) -> int:
        """Take a reserve card named by bird name or food kind (the first such food card)."""
        p = self.state.players[player]
        cid = self.cards_by_name.get(what)
        if cid is not None and cid in p.birds:
            p.birds.remove(cid)
            return cid
        for i, c in enumerate(p.food):
            if self.cards[c].food_kind == what:
                return p.food.pop(i)
        raise KeyError(what)

    def take_face_up(self, player: int, name: str) -> None:
        st = self.state
        cid = self.cards_by_name[name]
        st.face_up[st.face_up.index(cid)] = EMPTY
        st.players[player].birds.append(cid)

    def take_deck_top(self, player: int, deck: int) -> None:
        st = self.state
        st.players[player].food.append(st.decks[deck].pop())
        self.refill_deck_if_empty(deck)

    def refill_deck_if_empty(self, deck: int) -> None:
        """Rebuild an empty deck from the discard pile or the largest deck (``pocket.deck.refill``)."""
        st = self.state
        if st.decks[deck]:
            return
        if st.discard:
            half = (len(st.discard) + 1) // 2
            new, st.discard = st.discard[:half], st.discard[half:]
        else:
            donor = max(range(DECKS), key=lambda d: (len(st.decks[d]), -d))
            size = len(st.decks[donor])
            if size <= 2:
                st.end_triggered = True  # pocket.end.deck-exhaustion
                return
            half = size // 2
            new = st.decks[donor][:half]
            del st.decks[donor][:half]
        st.rng = rng.shuffle(st.rng, new)
        st.decks[deck] = new

    def refill_supply(self) -> None:
        """End of turn: flip a deck top into each empty face-up slot (``pocket.supply.refill-end-of-turn``)."""
        st = self.state
        for d in range(DECKS):
            self.refill_deck_if_empty(d)
            if st.face_up[d] == EMPTY and st.decks[d]:
                st.face_up[d] = st.decks[d].pop()
                self.refill_deck_if_empty(d)

    def supply_resets(self) -> list[Action]:
        """The optional discard of 3+ identical supply cards, by the chosen reading."""
        mode = self.options["supply_reset"]
        st = self.state
        counts: dict[str, int] = {}
        if mode == "food":
            for deck in st.decks:
                if deck:
                    kind = self.cards[deck[-1]].food_kind
                    counts[kind] = counts.get(kind, 0) + 1
        elif mode == "birds":
            for c in st.face_up:
                if c >= 0:
                    key = cost_key(self.cards[c])
                    counts[key] = counts.get(key, 0) + 1
        return [Action("clear-supply", k) for k, n in sorted(counts.items()) if n >= 3]

    def copy_candidates(self, frame: Frame, colour: str) -> list[int]:
        """Birds whose power a copy power may take (never another copy power)."""
        st = self.state
        out = []
        for p, seat in enumerate(st.players):
            if p == frame.owner and not (colour == "brown" and self.options["copy_brown_from"] == "any"):
                continue
            for i, bird in enumerate(seat.flock):
                card = self.cards[bird.card]
                if card.colour != colour or isinstance(card.power, ir.Copy) or card.power is None:
                    continue
                if p == frame.owner and i == frame.host:
                    continue
                if colour == "brown":
                    probe = Frame("effect", frame.player, card.id, (), frame.host, frame.owner)
                    if not can_do(self, probe, card.power):
                        continue
                out.append(card.id)
        return out

    def one_deck_choices(self, node: ir.AllPlayers) -> list[Action]:
        body = node.body
        assert isinstance(body, ir.Draw)
        treat = self.treat_mask()
        from .powers import food_passes

        return [
            Action("deck", d + 1)
            for d, deck in enumerate(self.state.decks)
            if deck and food_passes(self.cards[deck[-1]], body.what.food, treat)
        ]

    def spend_mask(self) -> int:
        """Foods that may pay any icon this turn (``pocket.green.spend-as-any``)."""
        spend = 0
        for mod, _ in self.modifiers():
            if mod.kind == "spend":
                spend |= mod.food
        return spend

    def pay_mask(self, card: Card, spend: int) -> int:
        return self.all_foods if card.food_mask & spend else card.food_mask

    def food_masks(self, player: int) -> tuple[list[int], list[str]]:
        """Reserve food cards as pay masks (a 'spend as any' food pays any icon) and kinds."""
        spend = self.spend_mask()
        masks, kinds = [], []
        for c in self.state.players[player].food:
            card = self.cards[c]
            masks.append(self.pay_mask(card, spend))
            kinds.append(card.food_kind)
        return masks, kinds

    def cost_need(self, card: Card) -> tuple[int, ...]:
        need = list(card.cost)
        for mod, _ in self.modifiers():
            if mod.kind == "ignore":
                f = mod.food.bit_length() - 1
                if need[f]:
                    need[f] -= 1
        return tuple(need)

    def cost_icons(self, card: Card) -> list[int]:
        """The bird's food icons after green discounts, as masks (see ``payment``)."""
        return payment.icons_for(self.cost_need(card), card.any_food, self.all_foods)

    def can_afford(self, player: int, card: Card, masks: list[int] | None = None) -> bool:
        """Can the player pay this bird in full (``pocket.play-bird.cost``)?"""
        p = self.state.players[player]
        if card.egg_cost:
            eggs = p.nest_eggs + sum(b.eggs for b in p.flock)
            if eggs < card.egg_cost:
                return False
        if masks is None:
            masks = self.food_masks(player)[0]
        return payment.can_complete(self.cost_icons(card), [], masks)

    def can_draw(self) -> bool:
        st = self.state
        return any(c >= 0 for c in st.face_up) or any(st.decks)

    def place_bird(self, player: int, card: int) -> None:
        st = self.state
        p = st.players[player]
        p.birds.remove(card)
        p.flock.append(BirdInPlay(card))
        if len(p.flock) >= FLOCK_END:
            st.end_triggered = True
        power = self.cards[card].power
        if isinstance(power, ir.Copy) and power.colour == "green" and player == st.current:
            st.stack.append(Frame("copy-green", player, card, (), len(p.flock) - 1, player))

    def end_turn(self) -> None:
        st = self.state
        self.refill_supply()
        p = st.players[st.current]
        p.turns += 1
        p.green_copies.clear()
        nxt = (st.current + 1) % len(st.players)
        st.stack.pop()
        if st.end_triggered and nxt == st.first:
            st.over = True
            return
        st.current = nxt
        st.stack.append(Frame("turn", nxt))
        flock = st.players[nxt].flock
        for i in reversed(range(len(flock))):
            power = self.cards[flock[i].card].power
            if isinstance(power, ir.Copy) and power.colour == "green":
                st.stack.append(Frame("copy-green", nxt, flock[i].card, (), i, nxt))


def cost_key(card: Card) -> str:
    parts = [str(n) for n in card.cost] + [str(card.any_food), str(card.egg_cost)]
    return "-".join(parts)


def _power_rule(node: ir.Effect, frame: Frame) -> str:
    if frame.optional and frame.pc == 0 and not frame.data:
        return "pocket.powers.optional"
    return {
        ir.Draw: "pocket.power.draw",
        ir.Tuck: "pocket.power.tuck",
        ir.Hunt: "pocket.power.hunt",
        ir.LayEgg: "pocket.power.lay-egg",
        ir.DiscardEgg: "pocket.power.discard",
        ir.DiscardCard: "pocket.power.discard",
        ir.Copy: "pocket.power.copy-brown",
        ir.Either: "pocket.power.either",
        ir.Then: "pocket.power.requirement",
        ir.AllPlayers: "pocket.power.all-players-one-deck"
        if isinstance(node, ir.AllPlayers) and node.from_one_deck
        else "pocket.power.all-players",
    }.get(type(node), "pocket.powers.optional")


_FRAME_INFO: dict[str, tuple[str, str, str | None]] = {
    "setup": ("setup-birds", "pocket.setup.advanced-birds", None),
    "turn": ("nest-action", "pocket.turn.nest-action", None),
    "draw": ("draw", "pocket.draw.two-cards", None),
    "lay": ("lay-eggs", "pocket.lay-eggs.up-to-three", None),
}

# ---- frame handlers: options (None = no choice now), step, answer ------------------------


def _setup_options(e: Engine, f: Frame) -> list[Action]:
    p = e.state.players[f.player]
    return [Action("keep-bird", e.cards[c].name) for c in p.dealt if c not in f.data]


def _setup_answer(e: Engine, f: Frame, a: Action) -> None:
    f.data.append(e.cards_by_name[str(a.arg)])
    if len(f.data) == 2:
        p = e.state.players[f.player]
        p.birds = [c for c in p.dealt if c in f.data]
        p.food = [c for c in p.dealt if c not in f.data]
        p.dealt = []
        e.state.stack.pop()


def _turn_options(e: Engine, f: Frame) -> list[Action] | None:
    if f.pc != 0:
        return None
    masks = e.food_masks(f.player)[0]
    cards = e.cards
    out = [Action("play", cards[c].name) for c in e.state.players[f.player].birds if e.can_afford(f.player, cards[c], masks)]
    if e.can_draw():
        out.append(Action("draw-cards"))
    out.append(Action("lay-eggs"))
    return out


def _turn_answer(e: Engine, f: Frame, a: Action) -> None:
    f.pc = 1
    f.data = [0]
    st = e.state
    if a.verb == "play":
        st.stack.append(Frame("pay", f.player, e.cards_by_name[str(a.arg)]))
    elif a.verb == "draw-cards":
        st.stack.append(Frame("draw", f.player, data=[2]))
    else:
        st.stack.append(Frame("lay", f.player))


def _turn_step(e: Engine, f: Frame) -> None:
    """Brown powers left to right (``pocket.powers.brown-left-to-right``), then the turn ends."""
    flock = e.state.players[f.player].flock
    i = f.data[0]
    while i < len(flock):
        card = e.cards[flock[i].card]
        i += 1
        if card.colour == "brown" and card.power is not None:
            frame = Frame("effect", f.player, card.id, (), i - 1, f.player, optional=True)
            if can_do(e, frame, card.power):
                f.data[0] = i
                e.state.stack.append(frame)
                return
    e.end_turn()


def _pay_options(e: Engine, f: Frame) -> list[Action] | None:
    card = e.cards[f.card]
    if f.pc == 0:
        masks, kinds = e.food_masks(f.player)
        spend = e.spend_mask()
        paid = [e.pay_mask(e.cards[c], spend) for c in f.data]
        icons = e.cost_icons(card)
        out = []
        seen = set()
        for i, kind in enumerate(kinds):
            if kind in seen:
                continue
            seen.add(kind)
            rest = masks[:i] + masks[i + 1 :]
            if payment.can_complete(icons, paid + [masks[i]], rest):
                out.append(Action("pay", kind))
        if payment.is_valid(icons, paid):
            out.append(Action("paid"))
        return out
    if f.pc < 1 + card.egg_cost:
        return [Action("pay-egg", target_name(e, f.player, s)) for s in e.egg_sources(f.player)]
    return None


def _pay_answer(e: Engine, f: Frame, a: Action) -> None:
    st = e.state
    if a.verb == "pay":
        c = e.remove_from_reserve(f.player, str(a.arg))
        st.discard.append(c)
        f.data.append(c)
    elif a.verb == "paid":
        f.pc = 1
    else:
        e.remove_egg(f.player, e.target_index(f.player, str(a.arg)))
        f.pc += 1


def _pay_step(e: Engine, f: Frame) -> None:
    e.state.stack.pop()
    e.place_bird(f.player, f.card)


def _draw_options(e: Engine, f: Frame) -> list[Action]:
    st = e.state
    if f.data[0] <= 0:
        return []
    out = [Action("take-bird", e.cards[c].name) for c in st.face_up if c >= 0]
    out += [Action("take-food", d + 1) for d, deck in enumerate(st.decks) if deck]
    if out:
        out += e.supply_resets()
    return out


def _draw_answer(e: Engine, f: Frame, a: Action) -> None:
    st = e.state
    if a.verb == "take-bird":
        e.take_face_up(f.player, str(a.arg))
        f.data[0] -= 1
    elif a.verb == "take-food":
        e.take_deck_top(f.player, int(a.arg) - 1)  # type: ignore[arg-type]
        f.data[0] -= 1
    else:  # clear-supply
        if e.options["supply_reset"] == "food":
            for d, deck in enumerate(st.decks):
                if deck and e.cards[deck[-1]].food_kind == a.arg:
                    st.discard.append(deck.pop())
                    e.refill_deck_if_empty(d)
        else:
            for d, c in enumerate(st.face_up):
                if c >= 0 and cost_key(e.cards[c]) == a.arg:
                    st.discard.append(c)
                    st.face_up[d] = EMPTY
                    e.refill_deck_if_empty(d)
                    if st.decks[d]:
                        st.face_up[d] = st.decks[d].pop()
                        e.refill_deck_if_empty(d)
    if f.data[0] <= 0:
        st.stack.pop()


def _lay_options(e: Engine, f: Frame) -> list[Action]:
    if len(f.data) >= 3:
        return []
    targets = [t for t in e.egg_room(f.player) if t not in f.data]
    if not targets:
        return []
    return [Action("egg", target_name(e, f.player, t)) for t in targets] + [STOP]


def _lay_answer(e: Engine, f: Frame, a: Action) -> None:
    if a.verb == "stop":
        e.state.stack.pop()
        return
    target = e.target_index(f.player, str(a.arg))
    e.add_egg(f.player, target)
    f.data.append(target)


def _copy_green_options(e: Engine, f: Frame) -> list[Action]:
    return [Action("copy", e.cards[c].name) for c in e.copy_candidates(f, "green")]


def _copy_green_answer(e: Engine, f: Frame, a: Action) -> None:
    e.state.players[f.player].green_copies.append([f.host, e.cards_by_name[str(a.arg)]])
    e.state.stack.pop()


# -- power frames: one handler for every IR node ------------------------------------------


def _effect_options(e: Engine, f: Frame) -> list[Action] | None:
    node = node_at(e.cards[f.card].power, f.path)  # type: ignore[arg-type]
    skip = [SKIP] if f.optional else []
    if isinstance(node, ir.ATOMS):
        opts = atom_options(e, f, node)
        return opts + skip if opts else []
    if isinstance(node, ir.Then):
        if f.pc == 0:
            opts = requirement_options(e, f, node)
            return opts + skip if opts else []
        return None
    if isinstance(node, ir.Either):
        out = [
            Action("part", i + 1)
            for i, part in enumerate(node.parts)
            if i not in f.data and can_do(e, frames.child(f, i), part)
        ]
        if not out:
            return []
        return out + (skip if not f.data else [STOP])
    if isinstance(node, ir.AllPlayers):
        if node.from_one_deck:
            if f.pc == 0:
                opts = e.one_deck_choices(node)
                return opts + skip if opts else []
            if f.pc == 1:
                return [Action("first", f"p{p}") for p in range(len(e.state.players))]
            return None
        if f.pc == 0:
            if not can_do(e, f, node):
                return []
            return [USE, SKIP] if f.optional else None
        return None
    raise AssertionError(f"no frame for {node!r}")


def _effect_step(e: Engine, f: Frame) -> None:
    node = node_at(e.cards[f.card].power, f.path)  # type: ignore[arg-type]
    st = e.state
    if isinstance(node, ir.Then):
        if f.pc == 1:  # requirement met: the benefit follows
            f.pc = 2
            st.stack.append(frames.child(f, 1))
        else:
            st.stack.pop()
        return
    if isinstance(node, ir.AllPlayers):
        players = len(st.players)
        if node.from_one_deck:  # pc 2: data = [deck, first]; each player draws in turn
            deck, first = f.data[0], f.data[1]
            st.stack.pop()
            body = node.body
            assert isinstance(body, ir.Draw)
            from .powers import food_passes

            treat = e.treat_mask()
            for k in range(players):
                if st.decks[deck] and food_passes(e.cards[st.decks[deck][-1]], body.what.food, treat):
                    e.take_deck_top((first + k) % players, deck)
            return
        if f.pc == 0:  # not optional here (copied or part of a larger power): start at once
            f.pc = 1
            return
        # pc >= 1: push each player's share in turn order, the owner first
        k = f.pc - 1
        if k >= players:
            st.stack.pop()
            return
        f.pc += 1
        st.stack.append(frames.child(f, 0, (f.owner + k) % players))
        return
    raise AssertionError(f"no step for {node!r}")


def _effect_answer(e: Engine, f: Frame, a: Action) -> None:
    st = e.state
    if a.verb == "skip":
        st.stack.pop()
        return
    node = node_at(e.cards[f.card].power, f.path)  # type: ignore[arg-type]
    if isinstance(node, ir.ATOMS):
        st.stack.pop()
        atom_do(e, f, node, a)
        return
    f.optional = False
    if isinstance(node, ir.Then):
        atom_do(e, f, node.requirement, a)
        f.pc = 1
        return
    if isinstance(node, ir.Either):
        frames.answer_either(st.stack, f, a)
        return
    if isinstance(node, ir.AllPlayers):
        if a.verb == "use":
            f.pc = 1
        elif a.verb == "deck":
            f.data = [int(a.arg) - 1]  # type: ignore[arg-type]
            f.pc = 1
        else:  # first
            f.data.append(int(str(a.arg)[1:]))
            f.pc = 2
        return
    raise AssertionError(f"no answer for {node!r}")


def _none(e: Engine, f: Frame) -> None:
    raise AssertionError(f"frame {f.kind} has no step")


_OPTIONS: dict[str, Callable[[Engine, Frame], list[Action] | None]] = {
    "setup": _setup_options,
    "turn": _turn_options,
    "pay": _pay_options,
    "draw": _draw_options,
    "lay": _lay_options,
    "copy-green": _copy_green_options,
    "effect": _effect_options,
}
_STEP: dict[str, Callable[[Engine, Frame], None]] = {
    "setup": _none,
    "turn": _turn_step,
    "pay": _pay_step,
    "draw": _none,
    "lay": _none,
    "copy-green": _none,
    "effect": _effect_step,
}
_ANSWER: dict[str, Callable[[Engine, Frame, Action], None]] = {
    "setup": _setup_answer,
    "turn": _turn_answer,
    "pay": _pay_answer,
    "draw": _draw_answer,
    "lay": _lay_answer,
    "copy-green": _copy_green_answer,
    "effect": _effect_answer,
}
