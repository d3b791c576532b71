"""The one interpreter of the effect IR: a handler per node type, with its frame.

Each handler holds side by side what its node can do now (``can``), the choices it offers
(``choices``), doing a choice (``choose``/``perform``), running without a choice
(``run``) and why an answer is refused (``refuse``).  Every ruleset runs powers (and the
turn's own actions, written as IR nodes) through these same handlers; where the game
systems differ, a handler reads a flag of the ruleset (``take_fewer``, ``open_with_use``,
``benefit_declinable``, ``requirement_check``) or calls a named world hook of it (where
cards are drawn from, where eggs may go, what a hand is).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs

from .. import ir
from ..actions import Action, Verb
from ..events import DRAW, EGG, PAY, SHARE
from ..filters import bird_passes
from ..powers.then import ThenFrame
from .handlers import STOP, AtomHandler, NodeHandler, node_handler
from .state import ACTION, Place, PowerFrame, frame

if TYPE_CHECKING:
    from .rules import Rules


_PART = Verb("part")
_DISCARD_EGG = Verb("discard-egg")
_TUCK = Verb("tuck")


# ---- structure: '+', '->', 'all players', 'when' -------------------------------------------


# ---- single-step atoms: one choice, done ---------------------------------------------------


@frame
@attrs.define(slots=True)
class TuckFrame(PowerFrame):
    kind: ClassVar[str] = "tuck"
    left: int = -1  # cards still to tuck (-1: not started)


@node_handler
class TuckHandler(AtomHandler):
    """Tuck cards behind the bird: from the hand (a choice each) or from the deck."""

    node_types = (ir.Tuck,)
    frame_type = TuckFrame
    passed_over = ("there is no card it could tuck", "tuck")

    def can(self, g: Rules, f: PowerFrame, node: ir.Tuck) -> bool:
        if node.source == "deck":
            return g.can_reveal()
        if node.source == "tray":
            return bool(g.tray_cards(node.what))
        return g.can_give(f.player, node.what)

    def choices(self, g: Rules, f: PowerFrame, node: ir.Tuck) -> list[Action] | None:
        if node.source == "deck":
            return None
        if node.source == "tray":  # a face-up bird, straight behind this bird (never into the hand)
            return [_TUCK[g.cards[c].name] for c in g.tray_cards(node.what)]
        out = g.hand_offers(f.player, node.what, "tuck")
        left = f.left if isinstance(f, TuckFrame) and f.left >= 0 else node.count
        if left <= 0:
            return []
        return out + [STOP] if out and node.count > 1 and g.take_fewer and left < node.count else out

    def choose(self, g: Rules, f: PowerFrame, node: ir.Tuck, a: Action) -> None:
        assert isinstance(f, TuckFrame)
        if a.verb == "stop":
            g.state.stack.pop()
            return
        if f.left < 0:
            f.left = node.count
        f.left -= 1
        if f.left <= 0:
            g.state.stack.pop()
        self.perform(g, f, node, a)

    def perform(self, g: Rules, f: PowerFrame, node: ir.Tuck, a: Action) -> None:
        card = g.take_from_tray(str(a.arg)) if node.source == "tray" else g.take_from_hand(f.player, a)
        host = g.host_bird(f)
        assert host is not None
        g.tuck(host, card, "the tray" if node.source == "tray" else g.hand_source(a))

    def run(self, g: Rules, f: TuckFrame, node: ir.Tuck) -> None:
        g.state.stack.pop()
        if node.behind is not None:  # one card behind each bird of a row, the host's or a habitat's
            row = f.host.row if node.behind == "this" else g.habitats.index(node.behind)
            for bird in g.state.seats[f.player].rows[row]:
                for _ in range(node.count):
                    got = g.reveal()
                    if got is not None:
                        g.tuck(bird, got, "the deck")
            return
        host = g.host_bird(f)
        for _ in range(node.count):
            got = g.reveal()
            if got is not None and host is not None:
                g.tuck(host, got, "the deck")



@frame
@attrs.define(slots=True)
class DiscardCardFrame(PowerFrame):
    kind: ClassVar[str] = "discard-card"


@node_handler
class DiscardCardHandler(AtomHandler):
    """Give up a card (or, where food is tokens, a food) of the kind named."""

    node_types = (ir.DiscardCard,)
    frame_type = DiscardCardFrame
    passed_over = ("there is nothing of the kind to give up", "cost")

    def can(self, g: Rules, f: PowerFrame, node: ir.DiscardCard) -> bool:
        return g.can_give(f.player, node.what)

    def choices(self, g: Rules, f: PowerFrame, node: ir.DiscardCard) -> list[Action]:
        return g.hand_offers(f.player, node.what, "discard")

    def perform(self, g: Rules, f: PowerFrame, node: ir.DiscardCard, a: Action) -> None:
        card = g.take_from_hand(f.player, a)
        if card >= 0:
            g.discard_card(card, g.hand_source(a))
        else:
            where = g.food_spent_on_power(f, a)
            if g.log is not None:
                g.note(PAY, f.player, str(a.arg), 1, where)



@frame
@attrs.define(slots=True)
class DiscardEggFrame(PowerFrame):
    kind: ClassVar[str] = "discard-egg"


@node_handler
class DiscardEggHandler(AtomHandler):
    """Give up an egg from one of your egg holders (another bird's, if it says so)."""

    node_types = (ir.DiscardEgg,)
    frame_type = DiscardEggFrame
    passed_over = ("there is nothing of the kind to give up", "cost")

    def _sources(self, g: Rules, f: PowerFrame, node: ir.DiscardEgg) -> list[Place]:
        found = g.egg_sources(f.player, f.host if node.other else None)
        if node.habitat is None:
            return found
        row = f.host.row if node.habitat == "this" else g.habitats.index(node.habitat)
        return [p for p in found if p.row == row]

    def can(self, g: Rules, f: PowerFrame, node: ir.DiscardEgg) -> bool:
        sources = self._sources(g, f, node)  # the choices, unnamed
        if node.count == 1 or not sources:
            return bool(sources)
        left = node.count - (f.paid if isinstance(f, ThenFrame) else 0)  # (eggs still owed)
        return sum(bird.eggs for bird in (g.bird_at(f.player, p) for p in sources) if bird is not None) >= left

    def choices(self, g: Rules, f: PowerFrame, node: ir.DiscardEgg) -> list[Action]:
        return [_DISCARD_EGG[g.holder_name(f.player, p)] for p in self._sources(g, f, node)]

    def perform(self, g: Rules, f: PowerFrame, node: ir.DiscardEgg, a: Action) -> None:
        g.remove_egg(f.player, g.holder_place(f.player, str(a.arg)))



@node_handler
class ModifierHandler(AtomHandler):
    """Green powers are never activated: they change costs and powers while they work."""

    node_types = (ir.Modifier,)
    frame_type = PowerFrame
    passed_over = ("a green power changes costs and powers while it is in play; it is never used on its own", "green")

    def choices(self, g: Rules, f: PowerFrame, node: ir.Modifier) -> list[Action]:
        return []


# ---- eggs -------------------------------------------------------------------------------------


@frame
@attrs.define(slots=True)
class LayFrame(PowerFrame):
    kind: ClassVar[str] = "lay"
    left: int = -1  # eggs still to lay (-1: not started)
    laid: list[Place] = attrs.Factory(list)  # holders given an egg (when each egg needs its own)


@node_handler
class LayHandler(NodeHandler[LayFrame, ir.LayEgg]):
    """Lay eggs: on this bird, or one at a time on holders with room (of a nest, on other
    birds, one per holder where the power spreads them)."""

    node_types = (ir.LayEgg,)
    frame_type = LayFrame
    passed_over = ("no bird it may lay on has room for an egg", "lay")

    def _exclude(self, g: Rules, f: PowerFrame, node: ir.LayEgg) -> int:
        host = g.host_bird(f) if node.where == "other" else None
        return host.card if host is not None else -1

    def _distinct(self, f: PowerFrame, node: ir.LayEgg) -> bool:
        # a power's eggs each go on a different bird; an action's only if it says so
        return node.distinct or node.where == "each" or f.card != ACTION

    @staticmethod
    def _targeted(node: ir.LayEgg) -> bool:
        """Does the power name which birds may take its eggs (a row, conditions, neighbours)?"""
        return node.where == "adjacent" or node.habitat is not None or node.test is not None

    def _only(self, g: Rules, f: PowerFrame, node: ir.LayEgg) -> list[Place] | None:
        """The birds a targeted power may lay on (a row, conditions, the host's neighbours);
        None when any bird of the player may take the egg."""
        if not self._targeted(node):
            return None
        if node.where == "adjacent":
            return g.adjacent_places(f.player, f.host)
        row = -1 if node.habitat is None else f.host.row if node.habitat == "this" else g.habitats.index(node.habitat)
        cards = g.cards
        test = node.test
        return [
            place
            for place, bird in g.birds(f.player)
            if (row < 0 or place.row == row) and (test is None or bird_passes(cards[bird.card], test, bird.eggs))
        ]

    def _room(self, g: Rules, f: PowerFrame, node: ir.LayEgg) -> list[Place]:
        room = g.egg_room(f.player, node.nest, self._exclude(g, f, node))
        only = self._only(g, f, node)
        return room if only is None else [p for p in room if p in only]

    def can(self, g: Rules, f: PowerFrame, node: ir.LayEgg) -> bool:
        if node.where == "this":
            host = g.host_bird(f)
            return host is not None and host.eggs < g.cards[host.card].egg_limit
        return bool(self._room(g, f, node))

    def choices(self, g: Rules, f: LayFrame, node: ir.LayEgg) -> list[Action] | None:
        if node.where == "this":
            if node.count <= 1:
                return None  # one egg on this bird: nothing to choose
            # several: one at a time, so the player may stop short where gains may be taken in part
            if f.left < 0:
                f.left = node.count
            host = g.host_bird(f)
            if f.left <= 0 or host is None or host.eggs >= g.cards[host.card].egg_limit:
                return []
            out = [Action("egg", g.cards[host.card].name)]
            return out + [STOP] if g.take_fewer else out
        if f.left < 0:
            f.left = len(self._room(g, f, node)) if node.where == "each" else node.count
        if f.left <= 0:
            return []
        laid = f.laid if self._distinct(f, node) else []
        out = g.egg_offers(f.player, node.nest, self._exclude(g, f, node) if node.where == "other" else -1, laid)
        if self._targeted(node):
            only = self._only(g, f, node)
            assert only is not None
            names = {g.holder_name(f.player, p) for p in only}
            out = [a for a in out if a.arg in names]
        if out and (g.take_fewer or node.up_to):
            out.append(STOP)
        return out

    def opening(self, g: Rules, f: LayFrame, node: ir.LayEgg) -> list[Action]:
        return self.choices(g, f, node) or []

    def choose(self, g: Rules, f: LayFrame, node: ir.LayEgg, a: Action) -> None:
        if a.verb == "stop":
            g.state.stack.pop()
            return
        place = f.host if node.where == "this" else g.holder_place(f.player, str(a.arg))
        g.add_egg(f.player, place)
        f.left -= 1
        if node.where != "this":
            f.laid.append(place)
        if not g.take_fewer and not node.up_to and f.left <= 0:
            g.state.stack.pop()

    def run(self, g: Rules, f: LayFrame, node: ir.LayEgg) -> None:  # "on this bird"
        g.state.stack.pop()
        host = g.host_bird(f)
        if host is not None and host.eggs < g.cards[host.card].egg_limit:
            host.eggs += 1
            if g.log is not None:
                g.note(EGG, f.player, g._names[host.card])



# ---- cards ----------------------------------------------------------------------------------


@frame
@attrs.define(slots=True)
class ShareCardsFrame(PowerFrame):
    kind: ClassVar[str] = "share-cards"
    pool: list[int] = attrs.Factory(list)  # the cards gathered to share
    sharing: bool = False  # gathering is over; players pick in turn
    picks: int = 0  # how many players have picked


@node_handler
class ShareCardsHandler(NodeHandler[ShareCardsFrame, ir.ShareCards]):
    """Gather one card per player plus one (tray or deck); each player picks one in turn
    from the owner; the owner keeps the card left over."""

    node_types = (ir.ShareCards,)
    frame_type = ShareCardsFrame
    passed_over = ("no card it may take is there", "draw")

    def can(self, g: Rules, f: PowerFrame, node: ir.ShareCards) -> bool:
        return g.can_draw_any()

    def choices(self, g: Rules, f: ShareCardsFrame, node: ir.ShareCards) -> list[Action]:
        if f.sharing:
            return [Action("take-bird", g.cards[c].name) for c in f.pool]
        return g.draw_offers(f, _ANY_DRAW, 0)

    def choose(self, g: Rules, f: ShareCardsFrame, node: ir.ShareCards, a: Action) -> None:
        st = g.state
        n = len(st.seats)
        if not f.sharing:
            got = g.take_offered(a)
            if got is not None:
                f.pool.append(got)
                if g.log is not None:  # (face up: every seat sees what is shared)
                    g.note(SHARE, f.player, got, True, "the tray" if a.verb == "take-bird" else "the deck")
            if len(f.pool) >= n + 1 or not g.can_draw_any():
                f.sharing = True
                f.player = f.owner
            return
        cid = g.by_name[str(a.arg)]
        st.seats[f.player].hand.append(cid)
        f.pool.remove(cid)
        f.picks += 1
        if g.log is not None:
            g.note(DRAW, f.player, cid, True, "the shared cards")
        if f.picks >= n:  # everyone has picked: the owner keeps what is left
            for left in f.pool:
                g.note(DRAW, f.owner, left, True, "the shared cards")
            st.seats[f.owner].hand.extend(f.pool)
            f.pool = []
            st.stack.pop()
        else:
            f.player = (f.owner + f.picks) % n



_ANY_DRAW = ir.Draw(ir.Filter("card"))


# ---- food --------------------------------------------------------------------------------------


@frame
@attrs.define(slots=True)
class CacheFrame(PowerFrame):
    kind: ClassVar[str] = "cache"


@node_handler
class CacheHandler(AtomHandler):
    """Cache food from the supply on this bird."""

    node_types = (ir.Cache,)
    frame_type = CacheFrame
    passed_over = ("there is no food it could cache", "cache")

    def can(self, g: Rules, f: PowerFrame, node: ir.Cache) -> bool:
        return g.host_bird(f) is not None

    def run(self, g: Rules, f: PowerFrame, node: ir.Cache) -> None:
        g.state.stack.pop()
        host = g.host_bird(f)
        if host is not None:
            g.cache(host, node.food.bit_length() - 1, node.count)
