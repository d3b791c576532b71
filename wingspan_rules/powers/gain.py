"""'gain [N|all] F [or G] from feeder|supply [may cache | and cache | may tuck instead | keep half
give rest]' and 'gain one of each food from feeder': the player gains food, one at a time, from
the birdfeeder (taking its dice) or from the supply; each may be cached on the bird instead, if
the power says so (``classic.power.gain``).  The turn's own gain-food action (classic's forest
action) pushes the same ``GainFrame``.  Why it is passed over reads the node (``idle``).

One node, ``ir.Gain``, with six mode flags; the handler reads each mode on its own:

- a count of food from the supply (``_supply_choices``, ``_from_supply``);
- a count of dice from the feeder (``_dice_choices``, ``_take_die``);
- 'gain all': every die showing the food, one at a time (``_all_choices``, ``_take_all_die``);
- 'may cache' / 'may tuck instead': each food taken waits (``pending``) for the player's word
  (``_settle``); 'and cache' stores it on the bird (``_store``);
- 'one of each food' (Oceania): a die at a time, for a food not gained yet (``_each_kind_choices``,
  ``_one_of_each``);
- 'keep half give rest' (Oceania): every die showing the food, half kept, the rest handed out
  (``_keep_half_choices``, ``_keep_half``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs
from lark import Token, Tree

from .. import ir
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import _need_sub, _subtree, _tokens
from ..dsl.render import _foods, _n, _or_list
from ..engine.handlers import STOP, Loaded, NodeHandler, chosen, receivers
from ..engine.state import MAX_OWED, PowerFrame, frame
from ..events import DIE, FOOD, GIVE, PAY
from ..verdict import Violation
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

_TAKE = Verb("take")
_CACHE = Action("cache")
_KEEP_FOOD = Action("keep-food")
_REROLL = Action("reroll")
_TUCK_CARD = Action("tuck-card")
_TAKE_DIE = Verb("take-die")


@frame
@attrs.define(slots=True)
class GainFrame(PowerFrame):
    kind: ClassVar[str] = "gain"
    left: int = -1  # food still to take (-1: not started)
    took: bool = False  # 'gain all': a die has been taken (no reroll after that)
    pending: int = -1  # a food just taken that may be cached instead of kept
    kinds: int = 0  # 'one of each food': the foods gained so far
    giving: int = -1  # 'keep half give rest': food still to hand out (-1: not taken yet)


class GainHandler(NodeHandler[GainFrame, ir.Gain]):
    """Gain food, one at a time: from the feeder (taking its dice) or from the supply;
    each may be cached on the bird instead, if the power says so."""

    node_types = (ir.Gain,)
    frame_type = GainFrame
    refusal_topics = ("gain", "reroll", "feeder")
    verbs = frozenset({"take", "take-split", "take-die", "reroll", "cache", "keep-food", "tuck-card", "choose", "stop"})
    topics = {"feeder": None, "supply": None, "gain-cache": None, "keep-half": "keep-half", "give": "keep-half"}

    def topic(self, g: Rules, f: GainFrame, node: ir.Gain) -> str:
        if f.giving >= 0:
            return "give"  # (the rest of a kept half, one food at a time)
        if f.pending >= 0:
            return "gain-cache"  # (kept or cached)
        if node.give_half:
            return "keep-half"
        return "feeder" if node.source == "feeder" else "supply"

    def bounds(self, v: Loaded, f: GainFrame, node: ir.Gain) -> str | None:
        if not (-1 <= f.giving <= MAX_OWED and 0 <= f.kinds < 1 << len(v.rules.foods)):
            return "holds a food or a count its step cannot have"
        if not (-1 <= f.pending < len(v.rules.foods) and f.left <= MAX_OWED):
            return "holds a food or a count its step cannot have"
        return None

    def idle(self, g: Rules, f: PowerFrame, node: ir.Gain) -> tuple[str, str]:
        where = "the feeder shows" if node.source == "feeder" else "the supply holds"
        if node.give_half:  # (and its dice may not be rerolled)
            return f"{where} none of the food it gives", "keep-half"
        return f"{where} none of the food it gives", "gain"

    def can(self, g: Rules, f: PowerFrame, node: ir.Gain) -> bool:
        if node.source == "supply":
            return True
        return bool(g.feeder_choices(node.foods)) or g.can_reroll()

    # ---- the choices, by mode ------------------------------------------------------------------
    def choices(self, g: Rules, f: GainFrame, node: ir.Gain) -> list[Action] | None:
        if node.each_kind or node.give_half:  # (the two gains that are more than a count of one food)
            return self._each_kind_choices(g, f) if node.each_kind else self._keep_half_choices(g, f, node)
        if f.pending >= 0:  # a food just taken: cache it (or swap it for a tuck), or keep it
            return [_TUCK_CARD, _KEEP_FOOD] if node.may_tuck else [_CACHE, _KEEP_FOOD]
        if f.left < 0:
            f.left = node.count
            if node.source == "supply" and not node.may_cache and node.count == 1 and g.single_food(node.foods) >= 0:
                return None  # one food, already accepted by using the power
        if f.left <= 0:
            return []
        if node.source == "supply":
            return self._supply_choices(g, node)
        if node.take_all:
            return self._all_choices(g, f, node)
        return self._dice_choices(g, node)

    @staticmethod
    def _supply_choices(g: Rules, node: ir.Gain) -> list[Action]:
        """From the supply: any food the power names (any food, if it names none), or stop."""
        mask = node.foods or g.all_foods
        return [_TAKE[food] for i, food in enumerate(g.foods) if mask >> i & 1] + [STOP]

    @staticmethod
    def _dice_choices(g: Rules, node: ir.Gain) -> list[Action]:
        """A count of dice from the feeder: a die showing a food it names, a reroll when the
        rules allow one, or stop (none of them: the power can do nothing)."""
        out = g.feeder_choices(node.foods)
        if g.can_reroll():
            out.append(_REROLL)
        return out + [STOP] if out else []

    @staticmethod
    def _all_choices(g: Rules, f: GainFrame, node: ir.Gain) -> list[Action]:
        """'gain all': die by die, stopping whenever the player likes; the reroll comes before
        the first."""
        out = g.feeder_choices(node.foods)
        reroll = [_REROLL] if g.can_reroll() and not f.took else []
        return out + reroll + [STOP] if out or reroll else []

    @staticmethod
    def _each_kind_choices(g: Rules, f: GainFrame) -> list[Action]:
        """'one of each food': a die at a time (named by its face), for a food not gained yet;
        no reroll."""
        faces = [face for face in dict.fromkeys(g.feeder_dice()) if g.face_mask(face) & ~f.kinds]
        return [_TAKE_DIE[g.face_label(face)] for face in faces] + [STOP] if faces else []

    @staticmethod
    def _keep_half_choices(g: Rules, f: GainFrame, node: ir.Gain) -> list[Action]:
        """'keep half give rest': 'take' only while a die shows the food; a reroll when the rules
        allow one, and then, with nothing to take, 'stop' beside it (none of them: the power can
        do nothing); once taken, whom the next one goes to."""
        if f.giving >= 0:
            return receivers(g, f.player)
        out = [_TAKE[g.foods[g.single_food(node.foods)]]] if g.feeder_has(node.foods) else []
        if g.can_reroll():
            out += [_REROLL] if out else [_REROLL, STOP]
        return out

    # ---- doing them, by mode ----------------------------------------------------------------
    def run(self, g: Rules, f: GainFrame, node: ir.Gain) -> None:  # a single named food
        g.state.stack.pop()
        food = g.single_food(node.foods)
        if g.log is not None:
            g.note(FOOD, f.player, g.foods[food], 1)
        self._store(g, f, node, food)
        g.food_gained(f.player, food)

    def choose(self, g: Rules, f: GainFrame, node: ir.Gain, a: Action) -> None:
        if node.each_kind or node.give_half:
            if node.each_kind and a.verb != "stop":
                self._one_of_each(g, f, a)
                return
            if node.give_half and a.verb not in ("reroll", "stop"):
                self._keep_half(g, f, node, a)
                return
        if a.verb in ("cache", "keep-food", "tuck-card"):
            self._settle(g, f, node, a)
            return
        if a.verb == "stop":
            g.refill_feeder_if_empty()  # after a "gain all" that took the last die
            g.state.stack.pop()
            return
        if a.verb == "reroll":
            g.reroll()
            return
        food = g.foods.index(str(a.arg))
        if node.source == "supply":
            self._from_supply(g, f, node, food)
        elif node.take_all:
            self._take_all_die(g, f, node, food, a)
        else:
            self._take_die(g, f, node, food, a)

    def _from_supply(self, g: Rules, f: GainFrame, node: ir.Gain, food: int) -> None:
        """A food of the supply, one of the count."""
        f.left -= 1
        if g.log is not None:
            g.note(FOOD, f.player, g.foods[food], 1)
        g.food_gained(f.player, food)
        self._keep(g, f, node, food)

    def _take_die(self, g: Rules, f: GainFrame, node: ir.Gain, food: int, a: Action) -> None:
        """A die of the feeder, one of the count (the feeder refilled if emptied)."""
        g.take_die(food, split=a.verb == "take-split")
        f.left -= 1
        g.food_gained(f.player, food)
        self._keep(g, f, node, food)

    def _take_all_die(self, g: Rules, f: GainFrame, node: ir.Gain, food: int, a: Action) -> None:
        """'gain all': one more die showing the food; no new dice mid-way."""
        g.take_die(food, refill=False, split=a.verb == "take-split")
        g.food_gained(f.player, food)
        f.took = True
        if node.may_cache or (node.may_tuck and g.can_reveal()):
            f.pending = food  # asked next: cache (or swap for a tuck) or keep it; then the next die
            return
        self._store(g, f, node, food)
        self._end_of_all(g, f, node)

    def _settle(self, g: Rules, f: GainFrame, node: ir.Gain, a: Action) -> None:
        """'may cache' / 'may tuck instead': the food just taken is cached on the bird, swapped
        for a card from the deck tucked behind it (the food goes back), or kept."""
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
            g.state.stack.pop()

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

    def _one_of_each(self, g: Rules, f: GainFrame, a: Action) -> None:
        """The die taken gives each of its foods not gained yet (a split die: both)."""
        feeder = g.feeder_dice()
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

    def refusal(self, g: Rules, f: GainFrame, node: ir.Gain, a: Action) -> list[Violation] | None:
        if f.giving >= 0:
            return None  # (handing out the rest of a kept half: the ruleset's words)
        if node.source == "supply":
            if a.verb != "take":
                return []
            mask = node.foods or g.all_foods
            allowed = [food for i, food in enumerate(g.foods) if mask >> i & 1]
            return [g.refused("gain", f"this power gives {' or '.join(allowed)}, not {a.arg}")]
        if a.verb == "reroll":
            return [g.refused("reroll", "the dice in the feeder do not all show the same face")]
        if a.verb in ("take", "take-split") and str(a.arg) in g.foods:
            food = str(a.arg)
            bit = 1 << g.foods.index(food)
            if not g.feeder_has(bit):
                return [g.refused("feeder", f"no die in the feeder shows {food}")]
            if node.foods and not node.foods & bit:
                return [g.refused("gain", f"this power takes other food from the feeder, not {food}")]
        return []


@family
class Gain(Family):
    name = "gain N F from feeder|supply"
    rules = ("gain", "gain_each")
    verb = "gain"
    syntax = (ast.Gain,)
    nodes = (ir.Gain,)
    handler = GainHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        if tree.data == "gain_each":
            return ast.Gain((), "feeder", span, each_kind=True)
        take_all = bool(_tokens(tree, "ALL"))
        foods = b._food_choice(_need_sub(tree, "food_choice"))
        source = str(_tokens(tree, "FEEDER", "SUPPLY")[0])
        may_cache = _subtree(tree, "may_cache") is not None
        must_cache = _subtree(tree, "and_cache") is not None
        may_tuck = _subtree(tree, "may_tuck") is not None
        half = _subtree(tree, "give_half") is not None
        return ast.Gain(foods, source, span, 1 if take_all else b._count(tree), take_all, may_cache, must_cache, may_tuck, half)

    def check(self, part: ast.Gain, c: Checking) -> None:
        span = part.span
        form = "gain-each-kind" if part.each_kind else "keep-half"
        if (part.each_kind or part.give_half) and not c.admits(form):
            c.error(span, f"this gain {c.belongs(form)}")
        if part.give_half and (not part.take_all or part.source != "feeder" or len(part.foods) != 1):
            c.error(span, "'keep half give rest' follows 'gain all F from feeder'")
        if part.may_tuck and (not c.admits("may-tuck") or not part.take_all):
            c.error(span, f"'may tuck instead' is {c.owner('may-tuck')} form of 'gain all F from feeder'")
        c.range(part.count, "count", "a count of", span)

    def compile(self, part: ast.Gain, c: Compiling) -> ir.Effect:
        return ir.Gain(
            c.mask(part.foods), part.source, part.count, part.take_all, part.may_cache, part.must_cache, part.may_tuck,
            part.give_half, part.each_kind,
        )

    def text(self, part: ast.Gain, w: Writing) -> str:
        amount = "all " if part.take_all else _n(part.count)
        what = " or ".join(part.foods) if part.foods else ("die" if part.source == "feeder" else "any")
        if part.each_kind:
            return "gain one of each food from feeder"
        text = f"gain {amount}{what} from {part.source}" + (" may cache" if part.may_cache else "") + (" and cache" if part.must_cache else "")
        return text + (" may tuck instead" if part.may_tuck else "") + (" keep half give rest" if part.give_half else "")

    def english(self, part: ast.Gain, w: Writing) -> str:
        if part.each_kind:
            return (
                "gain one food of each kind the birdfeeder shows, taking the dice as you go "
                "(a die showing two kinds gives both, if you have neither yet); no reroll"
            )
        if part.give_half:
            return (
                f"take every die in the birdfeeder that shows {_or_list(part.foods)} (rerolling first as usual); keep half "
                "of that food, rounded up, and give the rest to the other players, one at a time, as you choose"
            )
        if part.source == "feeder":
            if part.take_all:
                text = f"take every die in the birdfeeder that shows {_or_list(part.foods)}, gaining that food"
                if part.may_cache:
                    text += "; you may cache any of them on this bird instead of keeping them"
                if part.may_tuck:
                    text += "; for any of them you may instead discard it and tuck a card from the deck behind this bird"
                return text + ("; cache them all on this bird" if part.must_cache else "")
            if not part.foods:
                text = "take any one die from the birdfeeder and gain its food"
                if part.count != 1:
                    text = f"take any {part.count} dice from the birdfeeder and gain their food"
            else:
                shows = "if a die there shows one" if part.count == 1 else "if the dice there show them"
                text = f"gain {_foods(part.foods, part.count)} from the birdfeeder, {shows}"
            if part.may_cache:
                text += ", and you may cache it on this bird instead of keeping it"
            if part.must_cache:
                text += ", and cache it on this bird"
            return text
        if part.foods:
            text = f"gain {_foods(part.foods, part.count)} from the supply"
        else:
            text = "gain a food of your choice" if part.count == 1 else f"gain {part.count} foods of your choice"
            text += " from the supply"
        if part.may_cache:
            text += ", and you may cache it on this bird instead of keeping it"
        if part.must_cache:
            text += ", and cache it on this bird"
        return text
