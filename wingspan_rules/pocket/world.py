"""The world of Wingspan Pocket as parts (``engine.world``): the face-up birds and the food
decks, and a player's reserve of bird and food cards.  This module imports the rules and is
never imported by them: the package (``pocket/__init__.py``) composes ``PocketRules`` from
these parts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import ir, payment, rng, words
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..engine.handlers import can_do
from ..engine.registry import Telling
from ..engine.rules import violation
from ..engine.state import ACTION, NEST, PLACES, Frame, Place, PowerFrame
from ..engine.world import Board, Deck, Hand, Recorder, Unseen
from ..events import DISCARD, DRAW, EGG, EGG_OFF, END_TRIGGERED, SHUFFLE, TRAY
from ..filters import bird_passes
from ..i18n import N_, _
from ..powers.lay import LayFrame
from ..verdict import Violation
from .explain import food_kind, supply_reset_violation, unknown_name
from .rules import cost_key, food_passes
from .state import EMPTY, CopyGreenFrame

if TYPE_CHECKING:
    from .rules import PocketRules


_CLEAR_SUPPLY = Verb("clear-supply")
_DECK = Verb("deck")
_HUNT = Verb("hunt")
_OFFER = {"tuck": Verb("tuck"), "discard": Verb("discard"), "give": Verb("give")}  # the verbs of ``offers``
_TAKE_BIRD = Verb("take-bird")
_TAKE_FOOD = tuple(Action("take-food", d + 1) for d in range(16))  # by deck index; decks are numbered from 1

_EGG_NEST = Action("egg", "nest")
_PAYS: dict[tuple[int, ...], dict[tuple[int, ...], bool]] = {}


def _cost_part(word: str, n: int) -> str:
    """``n`` of one icon of a bird's cost (a food, any food or an egg), as a cost writes it:
    "2 seed", "1 any food", "1 egg" (English writes the icon as printed; Spanish counts it)."""
    if word == "any food":
        return words.npgettext("cost", "{n} any food", "{n} any food", n).format(n=n)
    if word == "egg":
        return words.npgettext("cost", "{n} egg", "{n} egg", n).format(n=n)
    try:
        return words.cost_food(word, n)
    except KeyError:  # (a food no table of ``words`` knows: as it is written)
        return f"{n} {word}"


@mypyc_attr(allow_interpreted_subclasses=True)
class PocketDeck(Deck["PocketRules"]):
    """The bird deck, the face-up birds and the food decks with their face-up tops."""

    __slots__ = ()
    verbs = frozenset({"take-bird", "take-food"})  # (a face-up bird, a food deck's top)
    extra_verbs = frozenset({"clear-supply"})
    face_up_called = N_("from the face-up birds into your reserve")

    def extra_words(self, t: Telling, a: Action) -> str | None:
        if a.verb != "clear-supply":
            return None
        key = str(a.arg)
        parts = key.split("-")
        if len(parts) == len(t.foods) + 2 and all(p.isascii() and p.isdigit() for p in parts):
            names = [*t.foods, "any food", "egg"]
            cost = ", ".join(_cost_part(name, int(n)) for n, name in zip(parts, names, strict=True) if n != "0") or _("nothing")
            return _("clear the supply: discard the face-up birds costing {cost} and turn up new ones").format(cost=cost)
        return _("clear the supply: discard the {food} cards on top of the food decks and turn up new ones").format(food=food_kind(key))

    def unseen(self, g: PocketRules, seat: int) -> Unseen:
        """Every card of the food decks: a top shows its food side, the cards below it nothing."""
        cards = g.cards
        return [(deck, i, f"kind:{cards[c].food_kind}" if i == len(deck) - 1 else "bird") for deck in g.state.decks for i, c in enumerate(deck)]

    def hunt_offers(self, g: PocketRules) -> list[Action] | None:
        return [_HUNT[d + 1] for d, deck in enumerate(g.state.decks) if deck]

    def hunt_reveal(self, g: PocketRules, a: Action | None) -> int | None:
        assert a is not None
        return g.state.decks[int(a.arg) - 1].pop()  # type: ignore[arg-type]

    def after_hunt(self, g: PocketRules, a: Action | None) -> None:
        assert a is not None
        self.refill_deck_if_empty(g, int(a.arg) - 1)  # type: ignore[arg-type]

    def extras(self, g: PocketRules, f: PowerFrame) -> list[Action]:
        # the optional supply reset belongs to the draw-cards nest action only
        return self.supply_resets(g) if f.card == ACTION else []

    def extra(self, g: PocketRules, f: PowerFrame, a: Action) -> bool:
        if a.verb != "clear-supply":
            return False
        st = g.state
        if g.options["supply_reset"] == "food":
            for d, deck in enumerate(st.decks):
                if deck and g.cards[deck[-1]].food_kind == a.arg:
                    st.discard.append(deck.pop())
                    if g.log is not None:  # (food side up: the bird on the back stays unseen)
                        g.recorder.note(g, DISCARD, f.player, st.discard[-1], None, f"deck {d + 1} ({a.arg} side up)")
                    self.refill_deck_if_empty(g, d)
        else:
            for d, c in enumerate(st.face_up):
                if c >= 0 and cost_key(g.cards[c]) == a.arg:
                    st.discard.append(c)
                    st.face_up[d] = EMPTY
                    if g.log is not None:
                        g.recorder.note(g, DISCARD, f.player, c, True, "the face-up birds")
                    self.refill_deck_if_empty(g, d)
                    if st.decks[d]:
                        st.face_up[d] = st.decks[d].pop()
                        log = g.log
                        if log is not None:
                            log.append((TRAY, -1, g.source, g._names[st.face_up[d]]))
                        self.refill_deck_if_empty(g, d)
        return True

    def take(self, g: PocketRules, f: PowerFrame, a: Action, lock: int) -> int:
        if a.verb == "take-bird":
            self.take_face_up(g, f.player, str(a.arg))
        else:
            self.take_deck_top(g, f.player, int(a.arg) - 1)  # type: ignore[arg-type]
        return lock

    def offers(self, g: PocketRules, f: PowerFrame, node: ir.Draw, lock: int) -> list[Action]:
        st = g.state
        cards = g.cards
        what = node.what
        kind = what.kind
        out: list[Action] = []
        if kind == "card":
            names = g._names
            for c in st.face_up:
                if c >= 0:
                    out.append(_TAKE_BIRD[names[c]])
            d = 0
            for deck in st.decks:
                if deck:
                    out.append(_TAKE_FOOD[d])
                d += 1
            return out
        treat = (g._greens_cache if g._greens_of is g.state else g._greens())[0]  # (``treat_mask``)
        if kind == "bird":
            test = what.bird
            for c in st.face_up:
                if c >= 0 and bird_passes(cards[c], test, treat=treat):
                    out.append(_TAKE_BIRD[cards[c].name])
            return out
        food = what.food
        every = food == ir.ANY or bool(food & treat)  # every deck top passes
        food_mask = g._food_mask
        d = 0
        for deck in st.decks:
            if deck and (every or food_mask[deck[-1]] & food):
                out.append(_TAKE_FOOD[d])
            d += 1
        return out

    def possible(self, g: PocketRules, f: PowerFrame, node: ir.Draw) -> bool:
        st = g.state
        cards = g.cards
        what = node.what
        kind = what.kind
        if kind == "card":
            return (bool(st.face_up) and max(st.face_up) >= 0) or any(st.decks)
        treat = (g._greens_cache if g._greens_of is g.state else g._greens())[0]  # (``treat_mask``)
        if kind == "bird":
            test = what.bird
            for c in st.face_up:
                if c >= 0 and bird_passes(cards[c], test, treat=treat):
                    return True
            return False
        food = what.food
        if food == ir.ANY or food & treat:  # every deck top passes
            return any(st.decks)
        food_mask = g._food_mask
        for deck in st.decks:
            if deck and food_mask[deck[-1]] & food:
                return True
        return False

    def can_draw_any(self, g: PocketRules) -> bool:
        st = g.state
        return (bool(st.face_up) and max(st.face_up) >= 0) or any(st.decks)

    def one_deck_choices(self, g: PocketRules, node: ir.AllPlayers) -> list[Action]:
        body = node.body
        assert isinstance(body, ir.Draw)
        treat = g.treat_mask()
        decks = g.state.decks
        return [_DECK[d + 1] for d, deck in enumerate(decks) if deck and food_passes(g.cards[deck[-1]], body.what.food, treat)]

    def draw_from_one_deck(self, g: PocketRules, node: ir.AllPlayers, deck: int, first: int) -> None:
        """Each player in turn from ``first`` draws the deck's top while it shows the food."""
        st = g.state
        body = node.body
        assert isinstance(body, ir.Draw)
        treat = g.treat_mask()
        n = len(st.seats)
        for k in range(n):
            if st.decks[deck] and food_passes(g.cards[st.decks[deck][-1]], body.what.food, treat):
                self.take_deck_top(g, (first + k) % n, deck)

    def take_face_up(self, g: PocketRules, player: int, name: str) -> None:
        st = g.state
        cid = g.by_name[name]
        st.face_up[st.face_up.index(cid)] = EMPTY
        st.seats[player].hand.append(cid)
        log = g.log
        if log is not None:
            log.append((DRAW, player, g.source, cid, True, "the face-up birds"))

    def take_deck_top(self, g: PocketRules, player: int, deck: int) -> None:
        st = g.state
        got = st.decks[deck].pop()
        st.seats[player].food_cards.append(got)
        log = g.log
        if log is not None:  # (the bird on the back stays unseen: food side up)
            log.append((DRAW, player, g.source, got, None, f"deck {deck + 1} ({g.cards[got].food_kind} side up)"))
        self.refill_deck_if_empty(g, deck)

    def refill_deck_if_empty(self, g: PocketRules, deck: int) -> None:
        """Rebuild an empty deck from the discard pile or the largest deck (``pocket.deck.refill``)."""
        st = g.state
        if st.decks[deck]:
            return
        if st.discard:
            half = (len(st.discard) + 1) // 2
            new, st.discard = st.discard[:half], st.discard[half:]
            if g.log is not None:
                g.recorder.note(g, SHUFFLE, -1, f"deck {deck + 1}", len(new), "the discard pile")
        else:
            donor = max(range(g.decks), key=lambda d: (len(st.decks[d]), -d))
            size = len(st.decks[donor])
            if size <= 2:
                if g.log is not None and not st.end_triggered:
                    g.recorder.note(g, END_TRIGGERED, -1, f"deck {deck + 1} cannot be rebuilt", "pocket.end.deck-exhaustion")
                st.end_triggered = True  # pocket.end.deck-exhaustion
                return
            half = size // 2
            new = st.decks[donor][:half]
            del st.decks[donor][:half]
            if g.log is not None:
                g.recorder.note(g, SHUFFLE, -1, f"deck {deck + 1}", len(new), f"deck {donor + 1}")
        st.rng = rng.shuffle(st.rng, new)
        st.decks[deck] = new

    def refill(self, g: PocketRules) -> None:
        """End of turn: flip a deck top into each empty face-up slot (``pocket.supply.refill-end-of-turn``)."""
        st = g.state
        decks, face_up = st.decks, st.face_up
        if EMPTY not in face_up and all(decks):
            return  # (most turns: no face-up bird was taken and no deck ran out)
        for d in range(g.decks):
            if not decks[d]:
                self.refill_deck_if_empty(g, d)
            if face_up[d] == EMPTY and decks[d]:
                face_up[d] = decks[d].pop()
                log = g.log
                if log is not None:
                    log.append((TRAY, -1, g.source, g._names[face_up[d]]))
                if not decks[d]:
                    self.refill_deck_if_empty(g, d)

    def supply_resets(self, g: PocketRules) -> list[Action]:
        """The optional discard of 3+ identical supply cards, by the chosen reading."""
        mode = g.options["supply_reset"]
        if mode == "off":
            return []
        st = g.state
        counts: dict[str, int] = {}
        if mode == "food":
            kind_of = g._food_kind
            tops = []
            for deck in st.decks:
                if deck:
                    tops.append(kind_of[deck[-1]])
            if len(set(tops)) > len(tops) - 2:
                return []  # no kind shows three times (nor are three decks left)
            for kind in tops:
                counts[kind] = counts.get(kind, 0) + 1
        else:
            if sum(1 for d in st.decks if d) < 3:
                return []
            if mode == "birds":
                for c in st.face_up:
                    if c >= 0:
                        key = cost_key(g.cards[c])
                        counts[key] = counts.get(key, 0) + 1
        return [_CLEAR_SUPPLY[k] for k, n in sorted(counts.items()) if n >= 3]

    def refuse_take(self, g: PocketRules, f: PowerFrame, node: ir.Effect, action: Action) -> list[Violation] | None:
        st = g.state
        verb, arg = action.verb, action.arg
        power = f.card != ACTION
        source = g.source_of(f)
        if verb == "take-bird":
            found = unknown_name(g, arg)
            name_id = g.by_name.get(str(arg))
            if name_id is None:
                return found
            # While a slot waits for its end-of-turn refill, the refill rule is the reason for any
            # absent bird (singling out the waiting deck top would reveal its hidden bird side).
            if name_id not in st.face_up and EMPTY in st.face_up:
                told = _("{bird} is not among the face-up birds now; taken birds are only replaced at the end of the turn").format(bird=arg)
                return found + [violation("pocket.supply.refill-end-of-turn", told)]
            if name_id not in st.face_up:
                rule = "pocket.power.draw" if power else "pocket.draw.two-cards"
                return found + [violation(rule, _("{bird} is not one of the face-up birds").format(bird=arg))]
            if power:
                costing = isinstance(node, ir.Draw) and bool(node.what.bird.costing)
                rule = "pocket.power.draw-bird-costing" if costing else "pocket.power.draw"
                return found + [violation(rule, _("{bird} does not qualify for {source}'s power").format(bird=arg, source=source))]
            return found
        if verb == "take-food":
            if not isinstance(arg, int) or not 1 <= arg <= len(st.decks):
                return [violation("core.decision.option", _("food decks are numbered 1 to {n}").format(n=len(st.decks)))]
            if not st.decks[arg - 1]:
                return [violation("pocket.deck.refill", _("deck {deck} is empty and could not be rebuilt").format(deck=arg))]
            if power and not (isinstance(node, ir.Draw) and node.what.kind in ("card", "food")):
                # a bird-drawing power (or no draw at all) never takes a deck top
                return [violation("pocket.power.draw", _("{source}'s power does not take a food deck top now").format(source=source))]
            if power:
                top = g.cards[st.decks[arg - 1][-1]].food_kind
                told = _("the top of deck {deck} shows {food}, which {source}'s power does not take").format(deck=arg, food=food_kind(top), source=source)
                return [violation("pocket.power.draw-specific-food", told)]
            return []
        if verb == "clear-supply":
            if g.options["supply_reset"] == "birds":
                return [supply_reset_violation(g, _("the face-up birds do not include 3 or more with the same cost '{cost}'").format(cost=arg))]
            return [supply_reset_violation(g, _("the food deck tops do not include 3 or more identical '{food}' cards").format(food=arg))]
        return []


@mypyc_attr(allow_interpreted_subclasses=True)
class PocketHand(Hand["PocketRules"]):
    """A player's reserve: bird cards and food cards (the food side of a card pays)."""

    __slots__ = ()
    called = N_("your reserve")
    food_called = N_(" food card")

    def unseen(self, g: PocketRules, seat: int) -> Unseen:
        """Other players' reserve food cards (their food side shows, their bird side does not)
        and the cards dealt to them at the advanced setup; the reserves' birds are shown."""
        cards, out = g.cards, []
        for p, s in enumerate(g.state.seats):
            if p != seat:
                out += [(s.food_cards, i, f"kind:{cards[c].food_kind}") for i, c in enumerate(s.food_cards)]
                out += [(s.dealt, i, "bird") for i in range(len(s.dealt))]
        return out

    def offers(self, g: PocketRules, player: int, what: ir.Filter, verb: str) -> list[Action]:
        seat = g.state.seats[player]
        cards = g.cards
        offer = _OFFER.get(verb)  # (not ``or``: a Verb is a dict, falsy while empty)
        if offer is None:
            offer = Verb(verb)
        if what.kind == "card":  # every hand card, then each food kind once
            names = g._names
            kind_of = g._food_kind
            out = [offer[names[c]] for c in seat.hand]
            out += [offer[k] for k in dict.fromkeys([kind_of[c] for c in seat.food_cards])]
            return out
        treat = (g._greens_cache if g._greens_of is g.state else g._greens())[0]  # (``treat_mask``)
        out = []
        if what.kind in ("card", "bird"):
            for c in seat.hand:
                if what.kind == "card" or bird_passes(cards[c], what.bird, treat=treat):
                    out.append(offer[cards[c].name])
        if what.kind in ("card", "food"):
            seen = set()
            for c in seat.food_cards:
                card = cards[c]
                if card.food_kind not in seen and (what.kind == "card" or food_passes(card, what.food, treat)):
                    seen.add(card.food_kind)
                    out.append(offer[card.food_kind])
        return out

    def take(self, g: PocketRules, player: int, action: Action) -> int:
        return self.remove_from_reserve(g, player, str(action.arg))

    def can_give(self, g: PocketRules, player: int, what: ir.Filter) -> bool:
        seat = g.state.seats[player]
        cards = g.cards
        kind = what.kind
        if kind == "card":
            return bool(seat.hand or seat.food_cards)
        treat = (g._greens_cache if g._greens_of is g.state else g._greens())[0]  # (``treat_mask``)
        if kind == "bird":
            return any(bird_passes(cards[c], what.bird, treat=treat) for c in seat.hand)
        return any(food_passes(cards[c], what.food, treat) for c in seat.food_cards)

    def source(self, g: PocketRules, action: Action) -> str:
        # a bird card of the reserve, or a food card named by its food side
        return "hand" if action.arg in g.by_name else f"the reserve ({action.arg} side up)"

    def remove_from_reserve(self, g: PocketRules, player: int, what: str) -> int:
        """Take a reserve card named by bird name or food kind (the first such food card)."""
        seat = g.state.seats[player]
        cid = g.by_name.get(what)
        if cid is not None and cid in seat.hand:
            seat.hand.remove(cid)
            return cid
        kind_of = g._food_kind
        for i, c in enumerate(seat.food_cards):
            if kind_of[c] == what:
                return seat.food_cards.pop(i)
        raise KeyError(what)

    def refuse_give(self, g: PocketRules, f: PowerFrame, node: ir.Effect, action: Action) -> list[Violation] | None:
        verb, arg = action.verb, action.arg
        if verb not in ("tuck", "discard"):
            return []
        found = unknown_name(g, arg)
        rule = "pocket.power.tuck" if verb == "tuck" else "pocket.power.discard"
        seat = g.state.seats[f.player]
        name_id = g.by_name.get(str(arg))
        source = g.source_of(f)
        if name_id is not None and name_id not in seat.hand:
            found.append(violation(rule, _("{bird} is not a bird-side card in your reserve").format(bird=arg)))
        elif str(arg) in g.kinds and not any(g.cards[c].food_kind == arg for c in seat.food_cards):
            found.append(violation(rule, _("you have no {food} food card in your reserve").format(food=food_kind(arg))))
        elif name_id is not None:
            found.append(violation(rule, _("{bird} is not a card of the type {source}'s power takes from your reserve").format(bird=arg, source=source)))
        elif str(arg) in g.kinds:  # (a food card, named by its food side)
            told = _("{food} is not a card of the type {source}'s power takes from your reserve").format(food=food_kind(arg), source=source)
            found.append(violation(rule, told))
        return found


@mypyc_attr(allow_interpreted_subclasses=True)
class PocketRecorder(Recorder["PocketRules"]):
    """The Pocket record opens with the face-up birds and food cards as dealt."""

    __slots__ = ()

    def opening(self, g: PocketRules) -> None:
        if g.log is not None:
            self.note(g, TRAY, -1, *(g._names[c] for c in g.state.face_up if c != EMPTY))


@mypyc_attr(allow_interpreted_subclasses=True)
class PocketBoard(Board["PocketRules"]):
    """A Pocket mat: rows of birds, and the Nest, which holds eggs and is not a bird."""

    __slots__ = ()

    def holder_place(self, g: PocketRules, player: int, name: str) -> Place:
        return NEST if name == "nest" else self.find(g, player, name)

    def egg_room(self, g: PocketRules, player: int, nest: str | None = None, exclude: int = -1) -> list[Place]:
        seat = g.state.seats[player]
        out = [NEST] if seat.nest_eggs < g.nest_limit else []
        cards = g.cards
        row = PLACES[0]
        out += [row[i] for i, b in enumerate(seat.rows[0]) if b.eggs < cards[b.card].egg_limit]
        return out

    def egg_offers(self, g: PocketRules, player: int, nest: str | None, exclude: int, skip: list[Place]) -> list[Action]:
        seat = g.state.seats[player]
        limit = g._egg_limit
        eggs = g._egg_actions
        if skip:
            # the holders skipped, read once (comparing places one by one calls their __eq__):
            # the Nest, and flock columns as bits
            nest_skipped = False
            columns = 0
            for p in skip:
                if p.row == 0:
                    columns |= 1 << p.column
                elif p.row == NEST.row and p.column == NEST.column:
                    nest_skipped = True
            out = [_EGG_NEST] if seat.nest_eggs < g.nest_limit and not nest_skipped else []
            for i, b in enumerate(seat.rows[0]):
                if b.eggs < limit[b.card] and not columns >> i & 1:
                    out.append(eggs[b.card])
        else:
            out = [_EGG_NEST] if seat.nest_eggs < g.nest_limit else []
            for b in seat.rows[0]:
                if b.eggs < limit[b.card]:
                    out.append(eggs[b.card])
        return out

    def egg_sources(self, g: PocketRules, player: int, other_than: Place | None = None) -> list[Place]:
        seat = g.state.seats[player]
        out = [NEST] if seat.nest_eggs else []
        row = PLACES[0]
        return out + [row[i] for i, b in enumerate(seat.rows[0]) if b.eggs]

    def add_egg(self, g: PocketRules, player: int, place: Place) -> None:
        if place.row < 0:  # the Nest (NEST: the one holder off the rows)
            g.state.seats[player].nest_eggs += 1
            log = g.log
            if log is not None:  # (``note``, inline: the commonest events of a Pocket game)
                log.append((EGG, player, g.source, "the nest"))
        else:
            super().add_egg(g, player, place)

    def remove_egg(self, g: PocketRules, player: int, place: Place) -> None:
        if place.row < 0:  # the Nest
            g.state.seats[player].nest_eggs -= 1
            if g.log is not None:
                g.recorder.note(g, EGG_OFF, player, "the nest")
        else:
            super().remove_egg(g, player, place)

    def playable(self, g: PocketRules, player: int, egg_discount: int = 0) -> list[Action]:
        """'play NAME' for each bird in the hand whose whole cost the player can pay now.
        Remembered by cost and food held: the same few costs meet the same few reserves."""
        st = g.state
        seat = st.seats[player]
        hand = seat.hand
        if not hand:
            return []
        eggs = seat.nest_eggs
        for b in seat.rows[0]:
            eggs += b.eggs
        _treat, spend, ignore = g._greens_cache if g._greens_of is st else g._greens()
        held = len(seat.food_cards)
        egg_cost = g._egg_cost
        costs = g._costs
        plays = g._play_actions
        pays: dict[tuple[int, ...], bool] | None = None  # what this reserve can pay (read when first needed)
        masks: tuple[int, ...] = ()
        out = []
        for c in hand:
            if egg_cost[c] > eggs:
                continue
            if ignore:
                icons = g._icons.get((c, ignore))
                if icons is None:
                    g.cost_icons(g.cards[c])
                    icons = g._icons[(c, ignore)]
            else:
                icons = costs[c]
            k = len(icons)
            if held < 2 * k:  # else enough cards to pay every icon with a pair
                if held < k:
                    continue
                if pays is None:
                    food_mask = g._food_mask
                    if spend:
                        every = g.all_foods
                        masks = tuple(sorted([every if food_mask[x] & spend else food_mask[x] for x in seat.food_cards]))
                    else:
                        masks = tuple(sorted([food_mask[x] for x in seat.food_cards]))
                    pays = _PAYS.get(masks)
                    if pays is None:
                        if len(_PAYS) > 20_000:
                            _PAYS.clear()
                        pays = _PAYS[masks] = {}
                found = pays.get(icons)
                if found is None:
                    found = pays[icons] = payment.can_pay(icons, masks)
                if not found:
                    continue
            out.append(plays[c])
        return out

    def copy_candidates(self, g: PocketRules, f: Frame, colour: str, first_only: bool = False) -> list[int]:
        """Birds whose power a copy power may take (never another copy power); with
        ``first_only``, the first one found (to know whether there is any)."""
        assert isinstance(f, (PowerFrame, CopyGreenFrame))  # (a copy power, or the green copy of the turn)
        st = g.state
        owner = f.owner if isinstance(f, PowerFrame) else f.player
        host = f.host
        own_too = colour == "brown" and g.options["copy_brown_from"] == "any"
        copyable = g._copyable  # each card's colour if its power may be copied, else None
        cards = g.cards
        out = []
        for p, seat in enumerate(st.seats):
            if p == owner and not own_too:
                continue
            for i, bird in enumerate(seat.rows[0]):
                if copyable[bird.card] != colour:
                    continue
                card = cards[bird.card]
                if p == owner and host.row == 0 and host.column == i:
                    continue
                if colour == "brown":
                    power = card.power
                    if power is None or not can_do(g, PowerFrame(f.player, card.id, (), owner, host), power):
                        continue
                out.append(card.id)
                if first_only:
                    return out
        return out

    def refuse_egg(self, g: PocketRules, f: PowerFrame, node: ir.LayEgg, action: Action) -> list[Violation] | None:
        if action.verb != "egg":
            return []
        arg = action.arg
        found = unknown_name(g, arg)
        name_id = g.by_name.get(str(arg))
        action_lay = f.card == ACTION
        try:
            target = self.holder_place(g, f.player, str(arg))
        except KeyError:
            if name_id is not None and not action_lay:
                found.append(violation("pocket.power.lay-egg", _("{bird} is not a bird in your flock").format(bird=arg)))
            elif name_id is not None:
                told = _("{bird} is not a bird in your flock; eggs go on your Nest or your own birds").format(bird=arg)
                found.append(violation("core.decision.option", told))
            return found
        seat = g.state.seats[f.player]
        laid = f.laid if isinstance(f, LayFrame) else []
        if action_lay and target in laid:
            if target == NEST:  # (the Nest card, by the word an answer names it with)
                told = _("you already laid an egg on nest in this action")
            else:
                told = _("you already laid an egg on {bird} in this action").format(bird=arg)
            found.append(violation("pocket.lay-eggs.different-cards", told))
        if target == NEST:
            limit, have = g.nest_limit, seat.nest_eggs
        else:
            bird = seat.rows[0][target.column]
            limit, have = g.cards[bird.card].egg_limit, bird.eggs
        if have >= limit:
            if target == NEST:
                told = _("nest already holds {eggs}, its limit").format(eggs=words.eggs(have))
            else:
                told = _("{bird} already holds {eggs}, its limit").format(bird=arg, eggs=words.eggs(have))
            found.append(violation("pocket.eggs.limit", told))
        if action_lay and isinstance(f, LayFrame) and f.left <= 0:
            found.append(violation("pocket.lay-eggs.up-to-three", _("three eggs have been laid already")))
        return found

    def refuse_egg_taken(self, g: PocketRules, f: PowerFrame, node: ir.DiscardEgg, action: Action) -> list[Violation] | None:
        if action.verb == "discard-egg":
            if action.arg == "nest":
                return [violation("pocket.power.discard", _("nest is not a card of yours holding an egg"))]
            return [violation("pocket.power.discard", _("{bird} is not a card of yours holding an egg").format(bird=action.arg))]
        return []

    def refuse_copy(self, g: PocketRules, f: Frame, action: Action) -> list[Violation] | None:
        if action.verb != "copy":
            return []
        arg = action.arg
        found = unknown_name(g, arg)
        name_id = g.by_name.get(str(arg))
        green = not isinstance(f, PowerFrame)  # (else the green copy of the turn, ``CopyGreenFrame``)
        rule = "pocket.green.copy-green" if green else "pocket.power.copy-brown"
        colour = "green" if green else "brown"
        owner = f.owner if isinstance(f, PowerFrame) else f.player
        holders = [i for i, seat in enumerate(g.state.seats) if any(b.card == name_id for b in seat.flock)]
        if name_id is None:
            return found
        if isinstance(g.cards[name_id].power, ir.Copy):
            return found + [violation("pocket.power.copy-not-copy", _("{bird} has a copy power itself").format(bird=arg))]
        if not holders:
            return found + [violation(rule, _("{bird} is not in any flock").format(bird=arg))]
        if g.cards[name_id].colour != colour:
            return found + [violation(rule, _("{bird} has no {colour} power to copy").format(bird=arg, colour=words.colour(colour)))]
        if holders == [owner] and (green or g.options["copy_brown_from"] == "others"):
            return found + [violation(rule, _("{bird} is in your own flock; only another player's flock may be copied").format(bird=arg))]
        return found + [violation(rule, _("{bird}'s power could do nothing now").format(bird=arg))]
