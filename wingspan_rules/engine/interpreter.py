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

from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from .. import ir
from ..actions import Action, Verb
from ..events import DIE, FOOD, GIVE, GIVE_CARD, PAY
from ..verdict import Violation
from .handlers import STOP, NodeHandler, chosen, node_handler, receivers
from .state import PowerFrame, frame

if TYPE_CHECKING:
    from .rules import Rules


_TAKE = Verb("take")
_CACHE = Action("cache")
_KEEP_FOOD = Action("keep-food")
_REROLL = Action("reroll")
_TUCK_CARD = Action("tuck-card")
_TAKE_DIE = Verb("take-die")


# ---- cards ----------------------------------------------------------------------------------


@frame
@attrs.define(slots=True)
class DrawFrame(PowerFrame):
    kind: ClassVar[str] = "draw"
    left: int = -1  # cards still to draw (-1: not started)
    drew: bool = False  # at least one card was drawn (a 'then discard' is owed)
    lock: int = 0  # the draw-cards action's first card: 1 from the tray, 2 from the deck (binding under draw_no_mixing)
    refreshed: bool = False  # the tray was reset or refilled for this draw (once, before drawing)
    got: list[int] = attrs.Factory(list)  # the cards drawn, where some are to be given away
    giving: int = -1  # cards still to give (-1: still drawing)
    picked: int = -1  # the card chosen to give, whose receiver is asked next


@node_handler
class DrawHandler(NodeHandler[DrawFrame, Any]):
    """Draw cards one at a time from the places the ruleset offers (face-up cards that pass
    the filter, deck tops); ``draw tray`` takes every face-up card, one by one."""

    node_types = (ir.Draw, ir.DrawTray)
    frame_type = DrawFrame
    passed_over = ("no card it may take is there", "draw")

    def _node(self, node: ir.Draw | ir.DrawTray) -> ir.Draw:
        if isinstance(node, ir.DrawTray):
            return _TRAY_DRAW
        return node

    def can(self, g: Rules, f: PowerFrame, node: ir.Draw | ir.DrawTray) -> bool:
        draw = _TRAY_DRAW if isinstance(node, ir.DrawTray) else node
        return g.draw_possible(f, draw) or (draw.refresh and bool(g.tray_refreshes()))

    def choices(self, g: Rules, f: DrawFrame, node: ir.Draw | ir.DrawTray) -> list[Action]:
        draw = _TRAY_DRAW if isinstance(node, ir.DrawTray) else node
        if f.giving >= 0:  # of the cards drawn, one to give, then to whom
            if f.picked >= 0:
                return receivers(g, f.player)
            hand = g.hand_cards(f.player)
            return [_GIVE_CARD[g.cards[c].name] for c in dict.fromkeys(f.got) if c in hand]
        if f.left < 0:
            f.left = g.face_up_count() if isinstance(node, ir.DrawTray) else draw.count
        if f.left <= 0:
            return []
        out = g.draw_offers(f, draw, f.lock)
        if out:
            out += g.draw_extras(f)
        if draw.refresh and not (f.drew or f.refreshed):  # (a draw that may first refresh the tray)
            out += g.tray_refreshes()
        if out and g.take_fewer:
            out.append(STOP)
        return out

    def opening(self, g: Rules, f: DrawFrame, node: ir.Draw | ir.DrawTray) -> list[Action]:
        return self.choices(g, f, node)

    def choose(self, g: Rules, f: DrawFrame, node: ir.Draw | ir.DrawTray, a: Action) -> None:
        draw = _TRAY_DRAW if isinstance(node, ir.DrawTray) else node
        if f.giving >= 0:
            self._give(g, f, a)
            return
        if a.verb == "stop":
            self._done(g, f, draw)
            return
        if a.verb in g.draw_extra_verbs and g.draw_extra(f, a):  # a ruleset's extra (Pocket's supply reset): no card drawn
            return
        if a.verb in _TRAY_REFRESH:  # the tray renewed first; the draw is still to come
            g.refresh_tray(a)
            f.refreshed = True
            return
        f.lock = g.draw_take(f, a, f.lock)
        if draw.give:
            f.got.append(g.hand_cards(f.player)[-1])
        f.left -= 1
        f.drew = True
        if f.left <= 0:
            self._done(g, f, draw)

    def _done(self, g: Rules, f: DrawFrame, node: ir.Draw) -> None:
        if node.then_discard and f.drew:
            g.owe_discard(f.player, node.then_discard)
        # the owner keeps what the card says and gives the rest (none, if fewer were drawn)
        give = len(f.got) - (node.count - node.give) if len(g.state.seats) > 1 else 0
        if give > 0:
            f.giving = give
            return
        g.state.stack.pop()

    def _give(self, g: Rules, f: DrawFrame, a: Action) -> None:
        if a.verb == "give-card":
            f.picked = g.by_name[str(a.arg)]
            return
        receiver = chosen(a)
        g.hand_cards(f.player).remove(f.picked)
        g.hand_cards(receiver).append(f.picked)
        if g.log is not None:  # (seen by the two of them)
            g.note(GIVE_CARD, f.player, f.picked, (f.player, receiver), f"p{receiver}")
        f.got.remove(f.picked)
        f.picked = -1
        f.giving -= 1
        if f.giving <= 0:
            g.state.stack.pop()

    def refuse(self, g: Rules, f: DrawFrame, node: ir.Draw | ir.DrawTray, a: Action) -> list[Violation]:
        return g.refuse_node(f, self._node(node), a)


_TRAY_DRAW = ir.Draw(ir.Filter("card"), 0, "tray")
_TRAY_REFRESH = ("new-tray", "fill-tray")
_GIVE_CARD = Verb("give-card")


@frame
@attrs.define(slots=True)
class BonusFrame(PowerFrame):
    kind: ClassVar[str] = "bonus"
    drawn: list[int] = attrs.Factory(list)  # the bonus cards just drawn that may be discarded
    owed: int = -1  # how many of them must still go (-1: not all drawn yet)
    bought: int = 0  # food discarded for more cards ('and N per food discarded') ...
    buying: bool = False  # ... once the first cards are drawn, while the player may discard more


@node_handler
class DrawBonusHandler(NodeHandler[BonusFrame, ir.DrawBonus]):
    """Draw bonus cards, keep some: the discards come from the new cards only."""

    node_types = (ir.DrawBonus,)
    frame_type = BonusFrame

    def idle(self, g: Rules, f: PowerFrame, node: ir.DrawBonus) -> tuple[str, str]:
        if not g.can_draw_bonus():  # (a draw bought with food draws its own card first: nothing to buy either)
            return "no bonus card is left to draw", "bonus-bought" if node.per_food else "bonus"
        return "it counts nothing on the mat to draw a bonus card for", "bonus"  # ('draw bonus for each ...')

    def can(self, g: Rules, f: PowerFrame, node: ir.DrawBonus) -> bool:
        return g.can_draw_bonus() and (node.per is None or _bonus_count(g, f, node) > 0)

    def choices(self, g: Rules, f: BonusFrame, node: ir.DrawBonus) -> list[Action] | None:
        if f.owed < 0:
            return self._buys(g, f, node) if f.buying else None
        if f.owed == 0:
            return []
        pool = g.bonus_held(f.player) if node.discard else f.drawn  # (a 'discard' draw: from every card held)
        return [_DISCARD_BONUS[g.bonus_name(b)] for b in pool]

    @staticmethod
    def _buys(g: Rules, f: BonusFrame, node: ir.DrawBonus) -> list[Action] | None:
        """Once the first cards are drawn: discard a food (any) for ``per_food`` more, one at a
        time, or stop ('paid'); offered while food is held and the bonus deck and its discard
        pile still hold a card for the food already discarded (None: nothing left to buy)."""
        if g.bonus_left() <= f.bought * node.per_food:
            return None
        pays = [_PAY_FOOD[food] for food, n in zip(g.foods, g.food_held(f.player), strict=True) if n]
        return pays + [_PAID] if pays else None

    def run(self, g: Rules, f: BonusFrame, node: ir.DrawBonus) -> None:
        if f.buying:  # no more food to discard, or no card left to buy: draw what was bought
            self._finish(g, f, node, f.bought * node.per_food)
            return
        self._draw(g, f, _bonus_count(g, f, node))
        if node.per_food:  # the rulebook's order: draw first, then choose how much food to discard
            f.buying = True
            if self._buys(g, f, node) is not None:
                return
        self._finish(g, f, node, 0)

    @staticmethod
    def _draw(g: Rules, f: BonusFrame, count: int) -> None:
        for b in (g.draw_bonus() for _ in range(count)):
            if b is not None:
                g.take_bonus(f.player, b)
                f.drawn.append(b)

    def _finish(self, g: Rules, f: BonusFrame, node: ir.DrawBonus, more: int) -> None:
        """Draw the ``more`` cards bought, then say how many cards must go (none: the power is
        done, not passed over)."""
        self._draw(g, f, more)
        f.buying = False
        if node.discard:
            f.owed = min(node.discard, len(g.bonus_held(f.player)))
        else:
            f.owed = max(len(f.drawn) - node.keep, 0)
        if f.owed == 0:
            g.state.stack.pop()

    def choose(self, g: Rules, f: BonusFrame, node: ir.DrawBonus, a: Action) -> None:
        if f.owed < 0:  # buying more cards with food (discarded food counts as spent)
            if a.verb == "paid":
                self._finish(g, f, node, f.bought * node.per_food)
                return
            f.bought += 1
            g.spend_food(f.player, g.foods.index(str(a.arg)), f.host.row)
            return
        bid = g.bonus_id(str(a.arg))
        g.discard_bonus(f.player, bid)
        if bid in f.drawn:
            f.drawn.remove(bid)
        f.owed -= 1
        if f.owed <= 0:
            g.state.stack.pop()



_DISCARD_BONUS = Verb("discard-bonus")
_PAY_FOOD = Verb("pay")
_PAID = Action("paid")


def _bonus_count(g: Rules, f: PowerFrame, node: ir.DrawBonus) -> int:
    """The cards a bonus draw takes before any bought: fixed, or counted on the mat now."""
    return node.draw if node.per is None else g.measure_count(f.player, node.per)




# ---- food --------------------------------------------------------------------------------------


@frame
@attrs.define(slots=True)
class GainFrame(PowerFrame):
    kind: ClassVar[str] = "gain"
    left: int = -1  # food still to take (-1: not started)
    took: bool = False  # 'gain all': a die has been taken (no reroll after that)
    pending: int = -1  # a food just taken that may be cached instead of kept
    kinds: int = 0  # 'one of each food': the foods gained so far
    giving: int = -1  # 'keep half give rest': food still to hand out (-1: not taken yet)


@node_handler
class GainHandler(NodeHandler[GainFrame, ir.Gain]):
    """Gain food, one at a time: from the feeder (taking its dice) or from the supply;
    each may be cached on the bird instead, if the power says so."""

    node_types = (ir.Gain,)
    frame_type = GainFrame

    def idle(self, g: Rules, f: PowerFrame, node: ir.Gain) -> tuple[str, str]:
        where = "the feeder shows" if node.source == "feeder" else "the supply holds"
        if node.give_half:  # (and its dice may not be rerolled)
            return f"{where} none of the food it gives", "keep-half"
        return f"{where} none of the food it gives", "gain"

    def can(self, g: Rules, f: PowerFrame, node: ir.Gain) -> bool:
        if node.source == "supply":
            return True
        return bool(g.feeder_choices(node.foods)) or g.can_reroll()

    def choices(self, g: Rules, f: GainFrame, node: ir.Gain) -> list[Action] | None:
        if node.each_kind or node.give_half:  # (the two gains that are more than a count of one food)
            return self._special_choices(g, f, node)
        if f.pending >= 0:
            return [_TUCK_CARD, _KEEP_FOOD] if node.may_tuck else [_CACHE, _KEEP_FOOD]
        if f.left < 0:
            f.left = node.count
            if node.source == "supply" and not node.may_cache and node.count == 1 and g.single_food(node.foods) >= 0:
                return None  # one food, already accepted by using the power
        if f.left <= 0:
            return []
        if node.source == "supply":
            mask = node.foods or g.all_foods
            return [_TAKE[food] for i, food in enumerate(g.foods) if mask >> i & 1] + [STOP]
        out = g.feeder_choices(node.foods)
        if node.take_all:
            # die by die, stopping whenever the player likes; the reroll comes before the first
            reroll = [_REROLL] if g.can_reroll() and not f.took else []
            return out + reroll + [STOP] if out or reroll else []
        if g.can_reroll():
            out.append(_REROLL)
        return out + [STOP] if out else []

    def run(self, g: Rules, f: GainFrame, node: ir.Gain) -> None:  # a single named food
        g.state.stack.pop()
        food = g.single_food(node.foods)
        if g.log is not None:
            g.note(FOOD, f.player, g.foods[food], 1)
        self._store(g, f, node, food)
        g.food_gained(f.player, food)

    def choose(self, g: Rules, f: GainFrame, node: ir.Gain, a: Action) -> None:
        st = g.state
        if node.each_kind or node.give_half:
            if node.each_kind and a.verb != "stop":
                self._one_of_each(g, f, a)
                return
            if node.give_half and a.verb not in ("reroll", "stop"):
                self._keep_half(g, f, node, a)
                return
        if a.verb in ("cache", "keep-food", "tuck-card"):
            if a.verb == "cache":
                host = g.host_bird(f)
                assert host is not None
                g.cache(host, f.pending, source="their food")
            elif a.verb == "tuck-card":  # the food goes back; a card from the deck is tucked here
                if g.log is not None:
                    g.note(PAY, f.player, g.foods[f.pending], 1, "the supply")
                host = g.host_bird(f)
                card = g.reveal()
                if card is not None and host is not None:
                    g.tuck(host, card, "the deck")
            else:
                g.food_held(f.player)[f.pending] += 1
            f.pending = -1
            if node.take_all:
                self._end_of_all(g, f, node)
            elif f.left <= 0:
                st.stack.pop()
            return
        if a.verb == "stop":
            g.refill_feeder_if_empty()  # after a "gain all" that took the last die
            st.stack.pop()
            return
        if a.verb == "reroll":
            g.reroll()
            return
        food = g.foods.index(str(a.arg))
        if node.source == "supply":
            f.left -= 1
            if g.log is not None:
                g.note(FOOD, f.player, g.foods[food], 1)
            g.food_gained(f.player, food)
            self._keep(g, f, node, food)
            return
        if node.take_all:
            g.take_die(food, refill=False, split=a.verb == "take-split")  # no new dice mid-way
            g.food_gained(f.player, food)
            f.took = True
            if node.may_cache or (node.may_tuck and g.can_reveal()):
                f.pending = food  # asked next: cache (or swap for a tuck) or keep it; then the next die
                return
            self._store(g, f, node, food)
            self._end_of_all(g, f, node)
            return
        g.take_die(food, split=a.verb == "take-split")
        f.left -= 1
        g.food_gained(f.player, food)
        self._keep(g, f, node, food)

    def _keep(self, g: Rules, f: GainFrame, node: ir.Gain, food: int) -> None:
        if node.may_cache:
            f.pending = food  # asked next: cache it or keep it
            return
        if node.must_cache:
            self._store(g, f, node, food)
        else:
            g.food_held(f.player)[food] += 1
        if f.left <= 0:
            g.state.stack.pop()

    def perform(self, g: Rules, f: PowerFrame, node: ir.Gain, a: Action) -> None:
        """A single food from the feeder as a requirement ('gain F from feeder -> ...')."""
        food = g.foods.index(str(a.arg))
        g.take_die(food, split=a.verb == "take-split")
        g.food_held(f.player)[food] += 1
        g.food_gained(f.player, food)

    def _special_choices(self, g: Rules, f: GainFrame, node: ir.Gain) -> list[Action]:
        if node.each_kind:  # a die at a time (named by its face), for a food not gained yet; no reroll
            faces = [face for face in dict.fromkeys(g.state.feeder) if g.face_mask(face) & ~f.kinds]
            return [_TAKE_DIE[g.face_label(face)] for face in faces] + [STOP] if faces else []
        if f.giving >= 0:  # 'keep half give rest': whom the next one goes to
            return receivers(g, f.player)
        # 'take' only while a die shows the food; a reroll when the rules allow one, and then,
        # with nothing to take, 'stop' beside it (none of them: the power can do nothing)
        out = [_TAKE[g.foods[g.single_food(node.foods)]]] if g.feeder_has(node.foods) else []
        if g.can_reroll():
            out += [_REROLL] if out else [_REROLL, STOP]
        return out

    def _one_of_each(self, g: Rules, f: GainFrame, a: Action) -> None:
        """The die taken gives each of its foods not gained yet (a split die: both)."""
        feeder = g.state.feeder
        gone = next(face for face in feeder if g.face_label(face) == a.arg)
        feeder.remove(gone)
        shown = g.face_mask(gone)
        if g.log is not None:
            gained = [g.foods[k] for k in range(len(g.foods)) if shown >> k & 1 and not f.kinds >> k & 1]
            g.note(DIE, f.player, g.face_label(gone), *gained)
        for kind in range(len(g.foods)):
            if shown >> kind & 1 and not f.kinds >> kind & 1:
                f.kinds |= 1 << kind
                g.food_held(f.player)[kind] += 1
                g.food_gained(f.player, kind)
        if not feeder:  # the last die: the feeder is rolled anew, but the power has had its dice
            g.refill_feeder_if_empty()
            g.state.stack.pop()

    def _keep_half(self, g: Rules, f: GainFrame, node: ir.Gain, a: Action) -> None:
        """Every die showing the food is taken; half is kept (rounded up), the rest handed out."""
        food = g.single_food(node.foods)
        if f.giving < 0:
            taken = 0
            while g.feeder_has(1 << food):
                g.take_die(food, refill=False)
                taken += 1
            g.refill_feeder_if_empty()
            kept = taken - taken // 2
            g.food_held(f.player)[food] += kept
            for _ in range(kept):
                g.food_gained(f.player, food)
            f.giving = taken // 2 if len(g.state.seats) > 1 else 0
        else:
            receiver = chosen(a)
            g.food_held(receiver)[food] += 1
            if g.log is not None:
                g.note(GIVE, f.player, f"p{receiver}", g.foods[food])
            g.food_gained(receiver, food)
            f.giving -= 1
        if f.giving <= 0:
            g.state.stack.pop()

    def _store(self, g: Rules, f: GainFrame, node: ir.Gain, food: int) -> None:
        """A food gained: cached on the bird where the power says so, else kept."""
        host = g.host_bird(f) if node.must_cache else None
        if host is not None:
            g.cache(host, food, source="their food")
        else:
            g.food_held(f.player)[food] += 1

    def _end_of_all(self, g: Rules, f: GainFrame, node: ir.Gain) -> None:
        """'gain all': done once no die left shows the food (the feeder refilled if emptied)."""
        if not g.feeder_has(node.foods or g.all_foods):
            g.refill_feeder_if_empty()
            g.state.stack.pop()
