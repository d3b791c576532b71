"""The world of the classic game as parts (``engine.world``): the birdfeeder's dice, the
players' food tokens, the deck and the tray, the bonus cards, the hands, the record's opening
and the mats.  This module imports the rules and is never imported by them: the package
(``classic/__init__.py``) composes ``ClassicRules`` from these parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from .. import ir, rng
from .. import words as say
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..engine.handlers import can_do
from ..engine.rules import violation
from ..engine.state import ACTION, Bird, Place, PowerFrame
from ..engine.state import place as place_at
from ..engine.world import Board, Bonus, Deck, Feeder, Hand, Recorder, Supply, Unseen
from ..events import BONUS, BONUS_DISCARD, CACHE, DIE, DISCARD, DRAW, PAY, ROLL, SHUFFLE, TRAY
from ..filters import bird_passes
from ..i18n import N_, _
from ..powers.draw import DrawFrame
from ..powers.lay import LayFrame
from ..verdict import Violation
from .state import EMPTY, PayFrame

if TYPE_CHECKING:
    from .rules import ClassicRules

G = TypeVar("G", bound="ClassicRules")  # the classic game or a ruleset that extends it

_TAKE = Verb("take")
_TAKE_SPLIT = Verb("take-split")


_FILL_TRAY = Action("fill-tray")
_NEW_TRAY = Action("new-tray")
_OFFER = {"tuck": Verb("tuck"), "discard": Verb("discard"), "give": Verb("give")}  # the verbs of ``offers``
_PAY = Verb("pay")
_TAKE_BIRD = Verb("take-bird")
_TAKE_DECK = Action("take-deck")

_AFFORD_KEPT = 20_000  # food holdings whose ``can_afford`` answers are remembered, per ruleset and deck
_EGG = Verb("egg")


def _draw(g: ClassicRules, pile: list[int], discard: list[int], pile_name: str, discard_name: str) -> int | None:
    """The top card of ``pile`` (None if there is none), its ``discard`` pile shuffled into it
    first when it has run out (the deck's and the bonus deck's way)."""
    st = g.state
    if not pile and discard:
        pile.extend(discard)
        discard.clear()
        st.rng = rng.shuffle(st.rng, pile)
        if g.log is not None:
            g.recorder.note(g, SHUFFLE, -1, pile_name, len(pile), discard_name)
    if not pile:
        return None
    st.reveals += 1
    return pile.pop()


def _nest(nest: str) -> str:
    """A nest shape in the current language (one no table knows as it is written)."""
    return say.as_written(say.nest, nest)


@mypyc_attr(allow_interpreted_subclasses=True)
class ClassicFeeder(Feeder[G]):
    """The classic feeder: five dice (``ClassicRules.dice``), rolled again when emptied."""

    __slots__ = ()

    def choices(self, g: G, mask: int) -> list[Action]:
        """Foods the feeder can give now (``mask`` 0 = any die).  The answer depends only on the
        dice showing and the mask, so it is remembered by them (per ruleset and deck)."""
        self.refill_if_empty(g)
        key = (tuple(sorted(g.state.feeder)), mask)  # (the order of the dice does not matter)
        found = g._feeder_offers.get(key)
        if found is None:
            if len(g._feeder_offers) >= 10_000:
                g._feeder_offers.clear()
            found = g._feeder_offers[key] = self._offers(g, key[0], mask)
        return list(found)

    def has(self, g: G, mask: int) -> bool:
        faces = g.dice.faces
        return any(faces[face] & mask for face in g.state.feeder)

    def can_reroll(self, g: G) -> bool:
        feeder = g.state.feeder
        return bool(feeder) and len(set(feeder)) == 1

    def reroll(self, g: G) -> None:
        g.state.feeder = self.roll(g, g.dice.count)
        if g.log is not None:
            g.recorder.note(g, ROLL, -1, "feeder", *(g.dice.names[face] for face in g.state.feeder))

    def reset(self, g: G) -> None:
        """Take every die out of the feeder and roll them all (a mat's reset, ``mat_reset_rule``)."""
        self.reroll(g)

    def take(self, g: G, food: int, refill: bool = True, split: bool = False) -> None:
        feeder = g.state.feeder
        plain = g.plain_face.get(food, -1)
        if plain in feeder and not split:
            feeder.remove(plain)
            taken = plain
        else:
            faces = g.dice.faces
            taken = next(face for face in feeder if faces[face] >> food & 1 and face != plain)
            feeder.remove(taken)
        if g.log is not None:
            g.recorder.note(g, DIE, g.actor(), g.dice.names[taken], g.foods[food])
        # An emptied feeder is rolled again at once, so it is never seen empty: a predator
        # rolling "the dice outside the feeder" never rolls all of them.
        if refill:
            self.refill_if_empty(g)

    def refill_if_empty(self, g: G) -> None:
        if not g.state.feeder:
            self.reroll(g)

    def dice(self, g: G) -> list[int]:
        return g.state.feeder

    def outside(self, g: G) -> int:
        return g.dice.count - len(g.state.feeder)

    def roll(self, g: G, count: int) -> list[int]:
        st = g.state
        if not count:
            return []
        st.reveals += 1
        queued = st.dice_to_come
        if queued:  # (the faces a position said the next dice show)
            faces = queued[:count]
            del queued[:count]
            if len(faces) < count:
                st.rng, more = rng.several(st.rng, len(g.dice.faces), count - len(faces))
                faces += more
            return faces
        st.rng, faces = rng.several(st.rng, len(g.dice.faces), count)
        return faces

    def face_mask(self, g: G, face: int) -> int:
        return g.dice.faces[face]

    def face_label(self, g: G, face: int) -> str:
        return g.dice.names[face]

    def _offers(self, g: G, feeder: tuple[int, ...], mask: int) -> tuple[Action, ...]:
        faces = g.dice.faces
        shown = 0
        for face in feeder:
            shown |= faces[face]
        offered = shown & (mask or g.all_foods)
        actions = [_TAKE[food] for i, food in enumerate(g.foods) if offered >> i & 1]
        # With a plain die and a split die both showing the food, the player says which die
        # goes: "take" takes the plain one, "take-split" the split one (what stays matters).
        split = 0
        for face in feeder:
            if faces[face] & (faces[face] - 1):
                split |= faces[face]
        for i, food in enumerate(g.foods):
            if offered & split >> i & 1 and g.plain_face.get(i, -1) in feeder:
                actions.append(_TAKE_SPLIT[food])
        return tuple(actions)


@mypyc_attr(allow_interpreted_subclasses=True)
class ClassicSupply(Supply[G]):
    """Food tokens: a player's supply (``ClassicSeat.food``), and food cached on birds."""

    __slots__ = ()

    def cache(self, g: G, bird: Bird, food: int, count: int = 1, source: str = "the supply") -> None:
        """Cache food on a bird.  Tokens never run out (002) unless the box's count is set and
        004's reading is on: then, with no token of that food left, a discarded bird is cached."""
        st = g.state
        tokens = g.options.get("food_tokens")
        for _token in range(count):
            if tokens is not None and g.options["cache_when_out"] == "discarded-card" and st.discard:
                in_play = sum(seat.food[food] for seat in st.seats)
                in_play += sum(b.cached[food] for seat in st.seats for row in seat.rows for b in row)
                if in_play >= tokens:
                    bird.stand_ins += (st.discard.pop(),)
                    if g.log is not None:
                        g.recorder.note(g, CACHE, g.actor(), g._names[bird.card], f"a discarded card for {g.foods[food]}", source)
                    continue
            bird.cached[food] += 1
            if g.log is not None:
                g.recorder.note(g, CACHE, g.actor(), g._names[bird.card], g.foods[food], source)

    def spend(self, g: G, player: int, food: int, habitat: int) -> None:
        """A food paid from a player's supply (a cost, a trade, a reset); ``habitat`` is the row
        it was spent for (rulesets with nectar keep spent nectar there)."""
        g.state.seats[player].food[food] -= 1
        if g.log is not None:
            g.recorder.note(g, PAY, player, g.foods[food], 1, "the supply")

    def held(self, g: G, player: int) -> list[int]:
        return g.state.seats[player].food


@mypyc_attr(allow_interpreted_subclasses=True)
class ClassicDeck(Deck[G]):
    """The bird deck (reshuffled from the discard pile when it runs out) and the tray."""

    __slots__ = ()
    face_up_called = N_("from the bird tray into your hand")

    def look(self, g: G, source: str, count: int) -> list[int]:
        """Cards a power looks at: the deck's top ones, or ones of the shuffled discard pile."""
        st = g.state
        if source == "deck":
            return [c for c in (self.top(g) for _ in range(count)) if c is not None]
        if not st.discard:
            return []
        st.rng = rng.shuffle(st.rng, st.discard)
        st.reveals += 1
        return [st.discard.pop() for _ in range(min(count, len(st.discard)))]

    def can_look(self, g: G, source: str) -> bool:
        return bool(g.state.deck or g.state.discard) if source == "deck" else bool(g.state.discard)

    def can_reveal(self, g: G) -> bool:
        return bool(g.state.deck or g.state.discard)

    def reveal(self, g: G) -> int | None:
        return self.top(g)

    def hunt_offers(self, g: G) -> list[Action] | None:
        return None  # the deck's top card, no choice

    def hunt_reveal(self, g: G, a: Action | None) -> int | None:
        return self.top(g)

    def after_hunt(self, g: G, a: Action | None) -> None:
        pass

    def face_up_count(self, g: G) -> int:
        return sum(c != EMPTY for c in g.state.tray)

    def refreshes(self, g: G) -> list[Action]:
        # a reset deals a new tray and a refill fills its gaps, each only if a card can come
        if not (g.state.deck or g.state.discard):
            return []
        return [_NEW_TRAY, _FILL_TRAY] if EMPTY in g.state.tray else [_NEW_TRAY]

    def refresh(self, g: G, a: Action) -> None:
        if a == _NEW_TRAY:
            self.reset(g)
        else:
            self.refill(g)

    def take(self, g: G, f: PowerFrame, a: Action, lock: int) -> int:
        got = self.take_offered(g, a)
        if got is not None:
            g.state.seats[f.player].hand.append(got)
            if g.log is not None:
                public = a.verb == "take-bird"
                g.recorder.note(g, DRAW, f.player, got, public, "the tray" if public else "the deck")
        if f.card == ACTION and not lock:
            # where the draw-cards action took its first card: under 004's reading
            # (draw_no_mixing) it keeps to that source; noted in every game so that a check
            # can tell what that reading would allow here (``Verdict.options``)
            return 1 if a.verb == "take-bird" else 2
        return lock

    def take_offered(self, g: G, a: Action) -> int | None:
        """The card a draw offer names: a tray card, or the deck's top."""
        st = g.state
        if a.verb == "take-bird":
            cid = g.by_name[str(a.arg)]
            st.tray[st.tray.index(cid)] = EMPTY
            return cid
        return self.top(g)

    def offers(self, g: G, f: PowerFrame, node: ir.Draw, lock: int) -> list[Action]:
        st = g.state
        what = node.what
        # a filter can only be checked on face-up cards: a filtered draw takes from the tray
        filtered = what.kind == "bird" and (what.smallest or what.bird != ir.BirdTest())
        out = []
        if lock and not g.no_mixing:
            lock = 0  # the source is noted in every game (see ``take``), binding only under 004's reading
        if node.source in (None, "tray") and lock != 2:
            names = g._names
            for c in self.tray_cards(g, what) if filtered else st.tray:
                if c != EMPTY:
                    out.append(_TAKE_BIRD[names[c]])
        if node.source in (None, "deck") and lock != 1 and not filtered and (st.deck or st.discard):
            out.append(_TAKE_DECK)
        return out

    def can_draw_any(self, g: G) -> bool:
        st = g.state
        return bool(st.deck or st.discard or any(c != EMPTY for c in st.tray))

    def tray_cards(self, g: G, what: ir.Filter) -> list[int]:
        cards = g.cards
        test = what.bird if what.kind == "bird" else None
        out = [c for c in g.state.tray if c != EMPTY and (test is None or bird_passes(cards[c], test))]
        if what.smallest and out:  # least wingspan; a flightless bird (no wingspan) may be any size
            sizes = [w for w in (cards[c].wingspan for c in out) if w is not None]
            least = min(sizes) if sizes else None
            out = [c for c in out if cards[c].wingspan is None or cards[c].wingspan == least]
        return out

    def take_from_tray(self, g: G, name: str) -> int:
        st = g.state
        cid = g.by_name[name]
        st.tray[st.tray.index(cid)] = EMPTY
        return cid

    def top(self, g: G) -> int | None:
        """The top bird of the deck, reshuffling the discard pile when it runs out."""
        return _draw(g, g.state.deck, g.state.discard, "the deck", "the discard pile")

    def refill(self, g: G) -> None:
        st = g.state
        dealt = []
        for i, c in enumerate(st.tray):
            if c == EMPTY:
                got = self.top(g)
                st.tray[i] = EMPTY if got is None else got
                if got is not None:
                    dealt.append(g._names[got])
        if dealt and g.log is not None:
            g.recorder.note(g, TRAY, -1, *dealt)

    def unseen(self, g: G, seat: int) -> Unseen:
        return [(g.state.deck, i, "bird") for i in range(len(g.state.deck))]

    def reset(self, g: G) -> None:
        """Discard the face-up birds and deal the tray anew (at the end of a round, and a
        mat's reset, ``mat_reset_rule``)."""
        st = g.state
        st.discard.extend(c for c in st.tray if c != EMPTY)
        if g.log is not None:
            for c in st.tray:
                if c != EMPTY:
                    g.recorder.note(g, DISCARD, -1, c, True, "the tray")
        st.tray = [EMPTY] * g.tray_size
        self.refill(g)

    def refuse_take(self, g: G, f: PowerFrame, node: ir.Effect, action: Action) -> list[Violation] | None:
        verb, arg = action.verb, action.arg
        if verb not in ("take-bird", "take-deck"):
            return []  # (a trade asked at a habitat action's step is explained by the ruleset)
        assert isinstance(f, DrawFrame)
        st = g.state
        lock = f.lock if g.options["draw_no_mixing"] else 0
        if verb == "take-deck" and lock == 1:
            return [violation("classic.variant.draw-no-mixing", _("this draw-cards action took from the tray, so it takes no deck card"))]
        if verb == "take-bird" and lock == 2:
            return [violation("classic.variant.draw-no-mixing", _("this draw-cards action took from the deck, so it takes no tray card"))]
        if verb == "take-bird" and g.by_name.get(str(arg)) not in [c for c in st.tray if c != EMPTY]:
            return [violation("classic.draw.tray-or-deck", _("{bird} is not face up in the tray").format(bird=arg))]
        if isinstance(node, ir.Draw) and verb == "take-bird" and node.source == "deck":
            return [violation("classic.draw.tray-or-deck", _("this power draws from the deck, not from the tray"))]
        if isinstance(node, ir.Draw) and verb == "take-deck" and node.source == "tray":
            return [violation("classic.draw.tray-or-deck", _("this power draws from the tray, not from the deck"))]
        if isinstance(node, ir.Draw) and node.what.kind == "bird" and node.what.bird != ir.BirdTest():
            if verb == "take-deck":
                return [violation("classic.power.draw-filter", _("this power takes only a face-up bird that meets its conditions; the deck's top is face down"))]
            return [violation("classic.power.draw-filter", _("{bird} does not meet the conditions of this power").format(bird=arg))]
        return []


@mypyc_attr(allow_interpreted_subclasses=True)
class ClassicBonus(Bonus[G]):
    """The bonus deck (reshuffled from its discard pile) and the bonus cards players keep."""

    __slots__ = ()

    def can_draw(self, g: G) -> bool:
        return bool(g.state.bonus_deck or g.state.bonus_discard)

    def left(self, g: G) -> int:
        return len(g.state.bonus_deck) + len(g.state.bonus_discard)

    def draw(self, g: G) -> int | None:
        """The top card of the bonus deck, reshuffling its discard pile when it runs out."""
        return _draw(g, g.state.bonus_deck, g.state.bonus_discard, "the bonus deck", "the bonus discard pile")

    def name(self, g: G, bonus: int) -> str:
        return g.bonus_names[bonus]

    def id_of(self, g: G, name: str) -> int:
        return g.bonus_ids[name]

    def discard(self, g: G, player: int, bonus: int) -> None:
        g.state.seats[player].bonus.remove(bonus)
        g.state.bonus_discard.append(bonus)
        if g.log is not None:
            g.recorder.note(g, BONUS_DISCARD, player, bonus, True, "their bonus cards")

    def take(self, g: G, player: int, bonus: int, source: str = "the bonus deck") -> None:
        g.state.seats[player].bonus.append(bonus)
        if g.log is not None:
            g.recorder.note(g, BONUS, player, bonus, False, source)

    def held(self, g: G, player: int) -> list[int]:
        return g.state.seats[player].bonus

    def unseen(self, g: G, seat: int) -> Unseen:
        st = g.state
        out: Unseen = [(st.bonus_deck, i, "bonus") for i in range(len(st.bonus_deck))]
        for p, s in enumerate(st.seats):
            if p != seat:  # (bonus cards are secret even where hands are open)
                out += [(cards, i, "bonus") for cards in (s.bonus, s.dealt_bonus) for i in range(len(cards))]
        return out

    def discards(self, g: G) -> list[int]:
        return g.state.bonus_discard


@mypyc_attr(allow_interpreted_subclasses=True)
class ClassicHand(Hand[G]):
    """A hand of bird cards, and food tokens paid where a power takes food."""

    __slots__ = ()

    def cards(self, g: G, player: int) -> list[int]:
        return g.state.seats[player].hand

    def offers(self, g: G, player: int, what: ir.Filter, verb: str) -> list[Action]:
        seat = g.state.seats[player]
        if what.kind == "food":  # food is tokens: a food 'discarded' is paid from the supply
            mask = what.food or g.all_foods
            return [_PAY[g.foods[i]] for i, n in enumerate(seat.food) if n and mask >> i & 1]
        cards = g.cards
        test = what.bird if what.kind == "bird" else None
        offer = _OFFER.get(verb)  # (not ``or``: a Verb is a dict, falsy while empty)
        if offer is None:
            offer = Verb(verb)
        return [offer[cards[c].name] for c in seat.hand if test is None or bird_passes(cards[c], test)]

    def take(self, g: G, player: int, action: Action) -> int:
        seat = g.state.seats[player]
        if action.verb == "pay":
            seat.food[g.foods.index(str(action.arg))] -= 1
            return -1
        cid = g.by_name[str(action.arg)]
        seat.hand.remove(cid)
        return cid

    def owe_discard(self, g: G, player: int, count: int) -> None:
        g.state.seats[player].discard_at_end += count

    def open(self, g: G) -> bool:
        return bool(g.options["public_hands"])

    def unseen(self, g: G, seat: int) -> Unseen:
        out: Unseen = []
        for p, s in enumerate(g.state.seats):
            if p != seat:  # (the birds dealt at setup stay hidden until kept, even in open hands)
                shown = () if self.open(g) else (s.hand,)
                out += [(cards, i, "bird") for cards in (*shown, s.dealt) for i in range(len(cards))]
        return out


@mypyc_attr(allow_interpreted_subclasses=True)
class ClassicRecorder(Recorder[G]):
    """The classic record opens with the feeder's first roll and the tray as dealt."""

    __slots__ = ()

    def opening(self, g: G) -> None:
        if g.log is not None:
            self.note(g, ROLL, -1, "feeder", *(g.dice.names[face] for face in g.state.feeder))
            self.note(g, TRAY, -1, *(g._names[c] for c in g.state.tray if c != EMPTY))


@mypyc_attr(allow_interpreted_subclasses=True)
class ClassicBoard(Board[G]):
    """A classic mat: birds played from the hand into a habitat's row, paying its column's eggs."""

    __slots__ = ()

    def egg_offers(self, g: G, player: int, nest: str | None, exclude: int, skip: list[Place]) -> list[Action]:
        cards = g.cards
        out = []
        for r, row in enumerate(g.state.seats[player].rows):
            for c, bird in enumerate(row):
                card = cards[bird.card]
                if bird.eggs < card.egg_limit and bird.card != exclude and (nest is None or card.nest == nest or card.nest == "wild"):
                    if not skip or place_at(r, c) not in skip:
                        out.append(_EGG[card.name])
        return out

    def move_targets(self, g: G, player: int, host: Place) -> list[str]:
        rows = g.state.seats[player].rows
        if not 0 <= host.row < len(rows) or host.column != len(rows[host.row]) - 1:
            return []
        card = g.cards[rows[host.row][host.column].card]
        return [name for k, name in enumerate(g.habitats) if k != host.row and name in card.habitats and len(rows[k]) < g.row_length]

    def playable(self, g: G, player: int, egg_discount: int = 0) -> list[Action]:
        """'play-HABITAT NAME' for each bird in hand and habitat it may go to now."""
        seat = g.state.seats[player]
        hand = seat.hand
        if not hand:
            return []
        rows = seat.rows
        eggs = 0
        for row in rows:
            for b in row:
                eggs += b.eggs
        open_rows = 0  # the habitats whose next slot the player's eggs can pay for, as bits
        row_length = g.row_length
        egg_cost = g.egg_cost_by_column
        for h, row in enumerate(rows):
            column = len(row)
            if column < row_length and eggs >= egg_cost[column] - egg_discount:
                open_rows |= 1 << h
        if not open_rows:
            return self._replace_plays(g, player) if g._replacers else []
        food = tuple(seat.food)
        held = sum(food)
        costs = g._costs
        plays = g._plays
        lives = g._lives
        afford: dict[tuple[int, ...], bool] | None = None  # what this food can pay (read when first needed)
        out: list[Action] = []
        for c in hand:
            where = lives[c] & open_rows
            if not where:
                continue
            icons = costs[c]
            k = len(icons)
            if held < 2 * k:  # else every icon can be paid with a pair
                if held < k:
                    continue
                if afford is None:
                    afford = g._afford.get(food)
                    if afford is None:
                        if len(g._afford) > _AFFORD_KEPT:
                            g._afford.clear()
                        afford = g._afford[food] = {}
                pays = afford.get(icons)
                if pays is None:
                    pays = afford[icons] = g.can_afford(icons, food)
                if not pays:
                    continue
            by_rows = plays.get(c)
            if by_rows is None:
                by_rows = plays[c] = self._play_actions(g, c)
            out += by_rows[where]
        if g._replacers:
            out += self._replace_plays(g, player)
        return out

    def start_play(self, g: G, player: int, name: str, habitat: str, egg_discount: int = 0, replace: bool = False) -> None:
        g.state.stack.append(
            PayFrame(player, g.by_name[name], g.habitats.index(habitat), egg_discount=egg_discount, replaces=-2 if replace else -1)
        )

    def refuse_play(self, g: G, player: int, habitat: str, name: str) -> list[Violation]:
        return g.parts.play_bird(g, player, habitat, name)

    def neighbour_copies(self, g: G, f: PowerFrame, node: ir.Copy) -> list[int]:
        row = g.state.seats[g.neighbour(f.player, str(node.side))].rows[g.habitats.index(str(node.habitat))]
        out = []
        for bird in row:
            card = g.cards[bird.card]
            power = card.power
            if card.colour != node.colour or power is None or any(isinstance(x, ir.Copy) for x in ir.walk(power)):
                continue
            if can_do(g, PowerFrame(f.player, card.id, (), f.owner, f.host), power):
                out.append(card.id)
        return out

    def most_egg_cost(self, g: G) -> int:
        return max(g.egg_cost_by_column)

    def measure(self, g: G, player: int, measure: ir.Measure) -> int:
        """What a goal side or bonus card counts for ``player`` (a ruleset with counts of its
        own answers those and asks this for the rest)."""
        return g.parts.measure(g, player, measure)

    def _play_actions(self, g: G, card: int) -> tuple[tuple[Action, ...], ...]:
        """A card's play actions for each set of habitats (as bits), in habitat order."""
        name = g.cards[card].name
        verbs = g.play_verbs
        return tuple(tuple(Action(verb, name) for h, verb in enumerate(verbs) if rows >> h & 1) for rows in range(1 << len(verbs)))

    def _replace_plays(self, g: G, player: int) -> list[Action]:
        """'replace-HABITAT NAME' for each bird in hand that may take another's place there
        (its food paid, no egg cost: a card whose power is a 'replace bird in H ->' requirement)."""
        seat = g.state.seats[player]
        out = []
        for c in seat.hand:
            h = g._replacers.get(c)
            if h is not None and seat.rows[h] and g.can_afford(g._costs[c], tuple(seat.food)):
                out.append(Action(f"replace-{g.habitats[h]}", g.cards[c].name))
        return out

    def refuse_egg(self, g: G, f: PowerFrame, node: ir.LayEgg, action: Action) -> list[Violation] | None:
        if action.verb != "egg":
            return []  # (a trade asked at a habitat action's step is explained by the ruleset)
        assert isinstance(f, LayFrame)
        try:
            place = self.find(g, f.player, str(action.arg))
        except KeyError:
            return [violation("classic.lay-eggs.own-birds", _("{bird} is not a bird on your mat").format(bird=action.arg))]
        bird = g.state.seats[f.player].rows[place.row][place.column]
        card = g.cards[bird.card]
        host = self.host_bird(g, f)
        if bird.eggs >= card.egg_limit:
            return [violation("classic.lay-eggs.limit", _("{bird} already holds its limit of eggs").format(bird=action.arg))]
        if node.where == "other" and host is not None and bird.card == host.card:
            return [violation("classic.power.lay", _("this power lays eggs on other birds, not on itself"))]
        if node.nest is not None and card.nest not in (node.nest, "wild"):
            return [violation("classic.power.lay", _("this power lays only on birds with a {nest} nest").format(nest=_nest(node.nest)))]
        if f.card != ACTION and place in f.laid:
            return [violation("classic.power.lay", _("this power lays at most one egg on each bird; {bird} has had its egg").format(bird=action.arg))]
        return []
