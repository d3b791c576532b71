"""'gain [N|all] F [or G] from feeder|supply [may cache | and cache | may tuck instead]': the
player gains food, one at a time, from the birdfeeder (taking its dice) or from the supply;
each may be cached on the bird instead, if the power says so (``classic.power.gain``).  The
turn's own gain-food action (classic's forest action) pushes the same ``GainFrame``.  Why it is
passed over reads the node (``idle``).

One node, ``ir.Gain``, with four mode flags; the handler reads each mode on its own:

- a count of food from the supply (``_supply_choices``, ``_from_supply``);
- a count of dice from the feeder (``_dice_choices``, ``_take_die``);
- 'gain all': every die showing the food, one at a time (``_all_choices``, ``_take_all_die``);
- 'may cache' / 'may tuck instead': each food taken waits (``pending``) for the player's word
  (``_settle``); 'and cache' stores it on the bird (``_store``).

Oceania's two other gains are families of their own: 'gain one of each food from feeder'
(``gain_each.py``) and 'gain all F from feeder keep half give rest' (``keep_half.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import need_sub, subtree, tokens
from ..dsl.render import count_prefix, food_choice_words, or_list
from ..engine.handlers import STOP, Loaded, NodeHandler
from ..engine.state import MAX_OWED, PowerFrame, frame
from ..events import FOOD, PAY
from ..i18n import N_, _
from ..verdict import Violation
from .family import Family, family, food_word

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


@frame("gain")
@attrs.define(slots=True)
class GainFrame(PowerFrame):
    left: int = -1  # food still to take (-1: not started)
    took: bool = False  # 'gain all': a die has been taken (no reroll after that)
    pending: int = -1  # a food just taken that may be cached instead of kept


_SUPPLY_VERBS, _FEEDER_VERBS = frozenset({"take", "stop"}), frozenset({"take", "take-split", "reroll", "stop"})
_CACHE_VERBS, _TUCK_VERBS = frozenset({"cache", "keep-food"}), frozenset({"tuck-card", "keep-food"})


# The words of taking food, from the feeder or the supply, for every family that gains it
# (``Handler.says``/``questions``: this one, ``gain_each``, ``keep_half``)
FEEDER_QUESTIONS: dict[str, str | dict[str, str]] = {
    "take": {
        "feeder": N_("which die do you take from the birdfeeder"),
        "supply": N_("which food do you take from the supply"),
        "": N_("which food do you take"),
    },
    "take-split": N_("which food do you take"),
    "reroll": N_("or reroll the birdfeeder"),
}
FEEDER_SAYS: dict[str, str | dict[str, str]] = {
    "take": {"feeder": N_("take the {arg} die from the birdfeeder{by}"), "": N_("take 1 {arg} from the supply{by}")},
    "take-split": N_("take {arg} from a die showing two foods, leaving the plain {arg} die in the birdfeeder{by}"),
    "reroll": N_("reroll every die of the birdfeeder{by}"),
    "stop": {"feeder": N_("take no more food{by}"), "supply": N_("take no more food{by}"), "": N_("stop here{by}")},
}


@mypyc_attr(allow_interpreted_subclasses=True)
class GainHandler(NodeHandler[GainFrame, ir.Gain]):
    """Gain food, one at a time: from the feeder (taking its dice) or from the supply;
    each may be cached on the bird instead, if the power says so."""

    node_types = (ir.Gain,)
    frame_type = GainFrame
    questions = {
        **FEEDER_QUESTIONS,
        "cache": N_("cache the food just gained on this bird, or keep it"),
        "keep-food": N_("cache the food just gained on this bird, or keep it"),
        "tuck-card": N_("discard the food just gained to tuck a card from the deck, or keep it"),
        "tuck": N_("which card do you tuck"),
    }
    says = {
        **FEEDER_SAYS,
        "cache": N_("cache the food just gained on {source}"),
        "keep-food": N_("keep the food just gained in your supply{by}"),
        "tuck-card": N_("discard the food just gained to tuck a card from the deck behind {source}"),
        "tuck": N_("tuck {arg} from {hand} behind {source}"),
    }
    refusal_topics = ("gain", "reroll", "feeder")
    topics = {"feeder": None, "supply": None, "gain-cache": None}

    def answers(self, g: Rules, node: ir.Gain) -> frozenset[str]:
        verbs = _FEEDER_VERBS if node.source == "feeder" else _SUPPLY_VERBS
        if node.may_cache:
            verbs |= _CACHE_VERBS
        return verbs | _TUCK_VERBS if node.may_tuck else verbs

    def topic(self, g: Rules, f: GainFrame, node: ir.Gain) -> str:
        if f.pending >= 0:
            return "gain-cache"  # (kept or cached)
        return "feeder" if node.source == "feeder" else "supply"

    def bounds(self, v: Loaded, f: GainFrame, node: ir.Gain) -> str | None:
        if not (-1 <= f.pending < len(v.rules.foods) and f.left <= MAX_OWED):
            return _("holds a food or a count its step cannot have")
        return None

    def idle(self, g: Rules, f: PowerFrame, node: ir.Gain) -> tuple[str, str]:
        if node.source == "feeder":  # (noted in English, worded when read)
            return N_("the feeder shows none of the food it gives"), "gain"
        return N_("the supply holds none of the food it gives"), "gain"

    def can(self, g: Rules, f: PowerFrame, node: ir.Gain) -> bool:
        if node.source == "supply":
            return True
        return bool(g.feeder.choices(g, node.foods)) or g.feeder.can_reroll(g)

    # ---- the choices, by mode ------------------------------------------------------------------
    def choices(self, g: Rules, f: GainFrame, node: ir.Gain) -> list[Action] | None:
        if f.pending >= 0:  # a food just taken: cache it (or swap it for a tuck), or keep it
            return [_TUCK_CARD, _KEEP_FOOD] if node.may_tuck else [_CACHE, _KEEP_FOOD]
        if f.left < 0:
            f.left = node.count
            if node.source == "supply" and not node.may_cache and node.count == 1 and g.supply.one_food(g, node.foods) >= 0:
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
        out = g.feeder.choices(g, node.foods)
        if g.feeder.can_reroll(g):
            out.append(_REROLL)
        return out + [STOP] if out else []

    @staticmethod
    def _all_choices(g: Rules, f: GainFrame, node: ir.Gain) -> list[Action]:
        """'gain all': die by die, stopping whenever the player likes; the reroll comes before
        the first."""
        out = g.feeder.choices(g, node.foods)
        reroll = [_REROLL] if g.feeder.can_reroll(g) and not f.took else []
        return out + reroll + [STOP] if out or reroll else []

    # ---- doing them, by mode ----------------------------------------------------------------
    def run(self, g: Rules, f: GainFrame, node: ir.Gain) -> None:  # a single named food
        g.state.stack.pop()
        food = g.supply.one_food(g, node.foods)
        if g.log is not None:
            g.recorder.note(g, FOOD, f.player, g.foods[food], 1)
        self._store(g, f, node, food)
        g.food_gained(f.player, food)

    def choose(self, g: Rules, f: GainFrame, node: ir.Gain, a: Action) -> None:
        if a.verb in ("cache", "keep-food", "tuck-card"):
            self._settle(g, f, node, a)
            return
        if a.verb == "stop":
            g.feeder.refill_if_empty(g)  # after a "gain all" that took the last die
            g.state.stack.pop()
            return
        if a.verb == "reroll":
            g.feeder.reroll(g)
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
            g.recorder.note(g, FOOD, f.player, g.foods[food], 1)
        g.food_gained(f.player, food)
        self._keep(g, f, node, food)

    def _take_die(self, g: Rules, f: GainFrame, node: ir.Gain, food: int, a: Action) -> None:
        """A die of the feeder, one of the count (the feeder refilled if emptied)."""
        g.feeder.take(g, food, split=a.verb == "take-split")
        f.left -= 1
        g.food_gained(f.player, food)
        self._keep(g, f, node, food)

    def _take_all_die(self, g: Rules, f: GainFrame, node: ir.Gain, food: int, a: Action) -> None:
        """'gain all': one more die showing the food; no new dice mid-way."""
        g.feeder.take(g, food, refill=False, split=a.verb == "take-split")
        g.food_gained(f.player, food)
        f.took = True
        if node.may_cache or (node.may_tuck and g.deck.can_reveal(g)):
            f.pending = food  # asked next: cache (or swap for a tuck) or keep it; then the next die
            return
        self._store(g, f, node, food)
        self._end_of_all(g, f, node)

    def _settle(self, g: Rules, f: GainFrame, node: ir.Gain, a: Action) -> None:
        """'may cache' / 'may tuck instead': the food just taken is cached on the bird, swapped
        for a card from the deck tucked behind it (the food goes back), or kept."""
        if a.verb == "cache":
            host = g.board.host_bird(g, f)
            assert host is not None
            g.supply.cache(g, host, f.pending, source="their food")
        elif a.verb == "tuck-card":  # the food goes back; a card from the deck is tucked here
            if g.log is not None:
                g.recorder.note(g, PAY, f.player, g.foods[f.pending], 1, "the supply")
            host = g.board.host_bird(g, f)
            card = g.deck.reveal(g)
            if card is not None and host is not None:
                g.board.tuck(g, host, card, "the deck")
        else:
            g.supply.held(g, f.player)[f.pending] += 1
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
            g.supply.held(g, f.player)[food] += 1
        if f.left <= 0:
            g.state.stack.pop()

    def perform(self, g: Rules, f: PowerFrame, node: ir.Gain, a: Action) -> None:
        """A single food from the feeder as a requirement ('gain F from feeder -> ...')."""
        food = g.foods.index(str(a.arg))
        g.feeder.take(g, food, split=a.verb == "take-split")
        g.supply.held(g, f.player)[food] += 1
        g.food_gained(f.player, food)

    def _store(self, g: Rules, f: GainFrame, node: ir.Gain, food: int) -> None:
        """A food gained: cached on the bird where the power says so, else kept."""
        host = g.board.host_bird(g, f) if node.must_cache else None
        if host is not None:
            g.supply.cache(g, host, food, source="their food")
        else:
            g.supply.held(g, f.player)[food] += 1

    def _end_of_all(self, g: Rules, f: GainFrame, node: ir.Gain) -> None:
        """'gain all': done once no die left shows the food (the feeder refilled if emptied)."""
        if not g.feeder.has(g, node.foods or g.all_foods):
            g.feeder.refill_if_empty(g)
            g.state.stack.pop()

    def refusal(self, g: Rules, f: GainFrame, node: ir.Gain, a: Action) -> list[Violation] | None:
        if node.source == "supply":
            if a.verb != "take":
                return []
            mask = node.foods or g.all_foods
            allowed = [food for i, food in enumerate(g.foods) if mask >> i & 1]
            return [g.refused("gain", _("this power gives {foods}, not {food}").format(foods=_either_food(allowed), food=food_word(str(a.arg))))]
        return feeder_refusal(g, node.foods, a)


def feeder_refusal(g: Rules, foods: int, a: Action) -> list[Violation]:
    """Why a die or a reroll a gain from the feeder does not offer is refused (``foods``: the
    mask of foods it takes, 0 for any)."""
    if a.verb == "reroll":
        return [g.refused("reroll", _("the dice in the feeder do not all show the same face"))]
    if a.verb in ("take", "take-split") and str(a.arg) in g.foods:
        food = str(a.arg)
        bit = 1 << g.foods.index(food)
        if not g.feeder.has(g, bit):
            return [g.refused("feeder", _("no die in the feeder shows {food}").format(food=food_word(food)))]
        if foods and not foods & bit:
            return [g.refused("gain", _("this power takes other food from the feeder, not {food}").format(food=food_word(food)))]
    return []


def _either_food(foods: list[str]) -> str:
    """Foods joined by 'or' ("seed or fish or fruit"), in the current language."""
    text = food_word(foods[0]) if foods else ""
    for food in foods[1:]:
        text = _("{a} or {b}").format(a=text, b=food_word(food))
    return text


@family
class Gain(Family):
    name = "gain N F from feeder|supply"
    rules = ("gain",)
    verb = "gain"
    syntax = (ast.Gain,)
    nodes = (ir.Gain,)
    handler = GainHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        take_all = bool(tokens(tree, "ALL"))
        foods = b.food_choice(need_sub(tree, "food_choice"))
        source = str(tokens(tree, "FEEDER", "SUPPLY")[0])
        may_cache = subtree(tree, "may_cache") is not None
        must_cache = subtree(tree, "and_cache") is not None
        may_tuck = subtree(tree, "may_tuck") is not None
        return ast.Gain(foods, source, span, 1 if take_all else b.count(tree), take_all, may_cache, must_cache, may_tuck)

    def check(self, part: ast.Gain, c: Checking) -> None:
        span = part.span
        if part.may_tuck and (not c.admits("may-tuck") or not part.take_all):
            c.error(span, _("'may tuck instead' is {owner} form of 'gain all F from feeder'").format(owner=c.owner("may-tuck")))
        c.range(part.count, "count", _("a count of"), span)

    def compile(self, part: ast.Gain, c: Compiling) -> ir.Effect:
        return ir.Gain(
            c.mask(part.foods), part.source, part.count, part.take_all, part.may_cache, part.must_cache, part.may_tuck,
        )

    def text(self, part: ast.Gain, w: Writing) -> str:
        amount = "all " if part.take_all else count_prefix(part.count)
        what = " or ".join(part.foods) if part.foods else ("die" if part.source == "feeder" else "any")
        text = f"gain {amount}{what} from {part.source}" + (" may cache" if part.may_cache else "") + (" and cache" if part.must_cache else "")
        return text + (" may tuck instead" if part.may_tuck else "")

    def english(self, part: ast.Gain, w: Writing) -> str:
        if part.source == "feeder":
            if part.take_all:
                foods = or_list([food_word(f) for f in part.foods])
                text = _("take every die in the birdfeeder that shows {foods}, gaining that food").format(foods=foods)
                if part.may_cache:
                    text = _("{text}; you may cache any of them on this bird instead of keeping them").format(text=text)
                if part.may_tuck:
                    text = _("{text}; for any of them you may instead discard it and tuck a card from the deck behind this bird").format(text=text)
                return _("{text}; cache them all on this bird").format(text=text) if part.must_cache else text
            if not part.foods:
                text = _("take any one die from the birdfeeder and gain its food")
                if part.count != 1:
                    text = _("take any {n} dice from the birdfeeder and gain their food").format(n=part.count)
            elif part.count == 1:
                text = _("gain {food} from the birdfeeder, if a die there shows one").format(food=food_choice_words(part.foods, part.count))
            else:
                text = _("gain {food} from the birdfeeder, if the dice there show them").format(food=food_choice_words(part.foods, part.count))
        elif part.foods:
            text = _("gain {food} from the supply").format(food=food_choice_words(part.foods, part.count))
        elif part.count == 1:
            text = _("gain a food of your choice from the supply")
        else:
            text = _("gain {n} foods of your choice from the supply").format(n=part.count)
        if part.may_cache:
            text = _("{text}, and you may cache it on this bird instead of keeping it").format(text=text)
        if part.must_cache:
            text = _("{text}, and cache it on this bird").format(text=text)
        return text
