"""Why a classic action is refused, citing the rule: the wording of the handlers' refusals.

Only run for actions that are not among the pending decision's options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import ir
from .. import words as say
from ..actions import Action
from ..engine.rules import violation
from ..engine.state import ACTION, PowerFrame
from ..i18n import N_, _, translate
from ..verdict import Violation

if TYPE_CHECKING:
    from .rules import ClassicRules
    from .state import HabitatFrame, PayFrame, SetupFrame, TurnFrame


def _names(g: ClassicRules, ids: list[int]) -> set[str]:
    return {g.cards[c].name for c in ids}


def _has_food(g: ClassicRules, player: int, food: str) -> bool:
    return food in g.foods and g.state.seats[player].food[g.foods.index(food)] > 0


def _food(g: ClassicRules, arg: object) -> str:
    """A food the action names, in the current language (anything else as it is written)."""
    return say.food(str(arg)) if arg in g.foods else str(arg)


def _habitat(name: str) -> str:
    """A habitat, bare, in the current language (one the ruleset does not know as it is written)."""
    return say.as_written(say.habitat, name)


def _the_habitat(name: str) -> str:
    """A habitat with its article, in the current language."""
    try:
        return say.the_habitat(name)
    except KeyError:
        return _("the {habitat}").format(habitat=name)


def refuse_setup(g: ClassicRules, f: SetupFrame, action: Action) -> list[Violation]:
    seat = g.state.seats[f.player]
    verb, arg = action.verb, str(action.arg)
    if verb == "keep":
        if f.stage != 0:
            return [violation("classic.setup.keep", _("the starting birds are already chosen"))]
        if arg in _names(g, seat.hand):
            return [violation("classic.setup.keep", _("{bird} is kept already").format(bird=arg))]
        return [violation("classic.setup.keep", _("{bird} is not one of the birds dealt to you").format(bird=arg))]
    if verb == "return":
        if f.stage == 0:
            return [violation("classic.setup.keep", _("food is given back once the birds are chosen ('done')"))]
        if f.stage == 2:
            return [violation("classic.setup.keep", _("the food is settled; keep one of your two bonus cards"))]
        if f.owed <= 0:
            return [violation("classic.setup.keep", _("you have given back one food for each bird kept"))]
        return [violation("classic.setup.keep", _("you have no {food} to give back").format(food=_food(g, arg)))]
    if verb == "done" and f.stage == 1:
        return [violation("classic.setup.keep", _("you still owe {food} for the birds you kept").format(food=say.foods(f.owed)))]
    if verb == "keep-bonus":
        if f.stage != 2:
            return [violation("classic.setup.bonus", _("the bonus card is kept after the birds and their food"))]
        if arg not in {g.bonus.name(g, b) for b in seat.dealt_bonus}:
            return [violation("classic.setup.bonus", _("{card} is not one of the two bonus cards dealt to you").format(card=arg))]
    return []


def refuse_action(g: ClassicRules, f: TurnFrame, action: Action) -> list[Violation]:
    verb, arg = action.verb, action.arg
    if verb == "draw-cards":
        return [violation("classic.draw.tray-or-deck", _("no card is left in the tray, the deck or the discard pile"))]
    if verb in ("skip", "stop", "done"):
        return [violation("classic.turn.action", _("a turn is not passed: it places a cube on one of the four actions"))]
    if not verb.startswith("play-"):
        return []
    return play_bird(g, f.player, verb[5:], str(arg))


def play_bird(g: ClassicRules, player: int, habitat: str, arg: str) -> list[Violation]:
    """Why this bird cannot be played into this habitat now (by the action or by a power)."""
    seat = g.state.seats[player]
    cid = g.by_name.get(str(arg))
    if cid is None or cid not in seat.hand:
        return [violation("classic.play-bird.from-hand", _("{bird} is not a bird card in your hand").format(bird=arg))]
    if habitat not in g.habitats or habitat not in g.cards[cid].habitats:
        return [violation("classic.play-bird.habitat", _("{bird} cannot live in {habitat}").format(bird=arg, habitat=_the_habitat(habitat)))]
    row = seat.rows[g.habitats.index(habitat)]
    if len(row) >= g.row_length:
        return [violation("classic.play-bird.habitat", _("your {habitat} already holds {birds}").format(habitat=_habitat(habitat), birds=say.birds(g.row_length)))]
    out = []
    cost, held = g.egg_cost_by_column[len(row)], g.board.total_eggs(g, player)
    if held < cost:
        told = _("the next {habitat} slot costs {cost} and your birds hold {held}").format(habitat=_habitat(habitat), cost=say.eggs(cost), held=say.eggs(held))
        out.append(violation("classic.play-bird.egg-cost", told))
    if not out or not g.can_afford(g._costs[cid], tuple(seat.food)):
        cached = sum(sum(b.cached) for r in seat.rows for b in r)
        if cached:
            told = _("your food cannot pay for {bird}, even 2 for 1 (food cached on a bird is points, not food to pay with)")
        else:
            told = _("your food cannot pay for {bird}, even 2 for 1")
        out.append(violation("classic.play-bird.cost", told.format(bird=arg)))
    return out


_TRADE_VERBS = {"card": "discard", "food": "pay", "egg": "discard-egg", "nectar": "pay"}
_TRADE_WORDS = {"card": N_("a card"), "food": N_("a food"), "egg": N_("an egg"), "nectar": N_("a nectar")}
_BENEFIT_WORDS = {"food": N_("a food"), "eggs": N_("an egg"), "cards": N_("a card")}


def refuse_conversion(g: ClassicRules, f: HabitatFrame, action: Action) -> list[Violation]:
    verb, arg = action.verb, str(action.arg)
    seat = g.state.seats[f.player]
    space = g.mat[f.habitat].spaces[len(seat.rows[f.habitat])]
    reset = next((up for up in space.upgrades if up.kind == "reset"), None)
    if verb.startswith("reset-"):
        return _refuse_reset(g, f, reset, verb[len("reset-"):], arg)
    if reset is not None and not f.reset:
        if reset.target == "feeder":
            told = _("this space resets the birdfeeder first: pay for the reset ('{verb} ...' comes after) or skip it")
        else:
            told = _("this space resets the bird tray first: pay for the reset ('{verb} ...' comes after) or skip it")
        return [violation(g.mat_order_rule, told.format(verb=verb))]
    pays = [pay for up in space.upgrades if up.kind == "bonus" for pay in up.pay]
    wanted = {_TRADE_VERBS[p] for p in pays}
    if verb in _TRADE_VERBS.values() and verb not in wanted:
        trade = _(" or ").join(translate(_TRADE_WORDS[p]) for p in pays)
        shown = _(" or ").join(f"'{v} ...'" for v in sorted(wanted))
        benefit = translate(_BENEFIT_WORDS[g.mat[f.habitat].benefit])
        return [violation(g.mat_rule, _("this space trades {trade} for {benefit} ({verbs})").format(trade=trade, benefit=benefit, verbs=shown))]
    if verb == "discard" and arg not in _names(g, seat.hand):
        return [violation(g.mat_rule, _("{card} is not in your hand").format(card=arg))]
    if verb == "pay" and not _has_food(g, f.player, arg):
        return [violation(g.mat_rule, _("you have no {food} to trade").format(food=_food(g, arg)))]
    if verb == "discard-egg":
        return [violation(g.mat_rule, _("{bird} holds no egg of yours").format(bird=arg))]
    return []


def _refuse_reset(g: ClassicRules, f: HabitatFrame, reset: Any, target: str, arg: str) -> list[Violation]:
    if reset is None or reset.target != target:
        if target == "feeder":
            return [violation(g.mat_reset_rule, _("this space of the mat does not reset the birdfeeder"))]
        return [violation(g.mat_reset_rule, _("this space of the mat does not reset the bird tray"))]
    if f.reset in ("done", "declined"):
        if f.reset == "done":
            return [violation(g.mat_reset_rule, _("the reset of this space was made already; it is offered once, first"))]
        return [violation(g.mat_reset_rule, _("the reset of this space was declined already; it is offered once, first"))]
    if f.reset == "nothing" or not _has_food(g, f.player, arg):
        return [violation(g.mat_reset_rule, _("you have no {food} to pay for the reset").format(food=_food(g, arg)))]
    return []


def _settled_trade(g: ClassicRules, f: PowerFrame, action: Action) -> list[Violation]:
    """A trade asked for during a habitat action's benefit: say why it is not on offer."""
    from .state import HabitatFrame

    stack = g.state.stack
    below = stack[-2] if len(stack) >= 2 else None
    if f.card != ACTION or not isinstance(below, HabitatFrame):
        return []
    if action.verb.startswith("reset-"):
        if below.reset == "done":
            return [violation(g.mat_order_rule, _("the reset of this space was made already; it comes first, before the benefit"))]
        if below.reset == "declined":
            return [violation(g.mat_order_rule, _("the reset of this space was declined already; it comes first, before the benefit"))]
        return [violation(g.mat_reset_rule, _("this space of the mat has no reset you could pay for"))]
    if action.verb not in _TRADE_VERBS.values():
        return []
    if below.fate == "traded":
        return [violation(g.mat_rule, _("the trade of this space was made already; it is made at most once"))]
    if below.fate == "declined":
        return [violation(g.mat_rule, _("the trade of this space was declined; it is offered once, before the benefit"))]
    if below.fate == "nothing":
        return [violation(g.mat_rule, _("you had nothing this space could trade"))]
    row = g.mat[below.habitat]
    trading = [_ordinal(i + 1) for i, space in enumerate(row.spaces) if any(up.kind == "bonus" for up in space.upgrades)]
    if not trading:
        return [violation(g.mat_rule, _("no space of the {habitat} row has a trade").format(habitat=_habitat(row.habitat)))]
    if len(trading) == 1:
        told = _("this space of the {habitat} row has no trade (only its {space} space does)").format(habitat=_habitat(row.habitat), space=trading[0])
    else:
        told = _("this space of the {habitat} row has no trade (only its {spaces} and {last} spaces do)").format(
            habitat=_habitat(row.habitat), spaces=", ".join(trading[:-1]), last=trading[-1]
        )
    return [violation(g.mat_rule, told)]


# an ordinal by its English ending ("1st", "2nd", "3rd", "4th"), each worded in the current language
_ORDINALS = {"st": N_("{n}st"), "nd": N_("{n}nd"), "rd": N_("{n}rd"), "th": N_("{n}th")}


def _ordinal(n: int) -> str:
    ending = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return translate(_ORDINALS[ending]).format(n=n)


def refuse_pay(g: ClassicRules, f: PayFrame, action: Action) -> list[Violation]:
    if action.verb in ("pay", "paid"):
        if f.food_done:
            return [violation("classic.play-bird.egg-cost", _("the food is paid; the eggs of this slot's cost come next"))]
        if action.verb == "pay" and not _has_food(g, f.player, str(action.arg)):
            return [violation("classic.play-bird.cost", _("you have no {food}").format(food=_food(g, action.arg)))]
        if action.verb == "paid":
            return [violation("classic.play-bird.cost", _("the food paid so far does not cover the bird's cost"))]
        return [violation("classic.play-bird.cost", _("that does not pay the bird's food cost (each icon by a matching food, or by any 2 food)"))]
    if action.verb == "pay-egg":
        if not f.food_done:
            return [violation("classic.play-bird.egg-cost", _("the food cost is paid first"))]
        return [violation("classic.play-bird.egg-cost", _("{bird} has no egg of yours to pay with").format(bird=action.arg))]
    return []


def refuse_discard_at_end(action: Action) -> list[Violation]:
    if action.verb == "discard":
        return [violation("classic.power.discard-at-end", _("{card} is not in your hand").format(card=action.arg))]
    if action.verb in ("skip", "stop"):
        return [violation("classic.power.discard-at-end", _("the card owed by the power must be discarded"))]
    return []


# ---- power steps -----------------------------------------------------------------------------


def _offered(g: ClassicRules, f: PowerFrame) -> set[str]:
    options = g.handlers[type(f)].options(g, f) or []
    return {o.verb for o in options}


def _power(g: ClassicRules, f: PowerFrame, node: ir.Effect, action: Action) -> list[Violation]:
    seat = g.state.seats[f.player]
    verb, arg = action.verb, str(action.arg)
    offered = _offered(g, f)
    if verb in ("use", "skip") and "use" not in offered:
        return [violation("classic.powers.optional", _("the power is already being used; answer its next step"))]
    if "use" in offered:
        return [violation("classic.powers.optional", _("first say whether the power is used: 'use' or 'skip'"))]
    if verb == "tuck" and arg not in _names(g, seat.hand):
        return [violation("classic.power.tuck", _("{card} is not in your hand").format(card=arg))]
    if verb == "tuck":
        return [violation("classic.power.tuck", _("{card} is not a card of the kind this power tucks").format(card=arg))]
    if verb == "discard" and arg not in _names(g, seat.hand):
        return [violation("classic.power.cost", _("{card} is not in your hand").format(card=arg))]
    if verb == "discard":
        return [violation("classic.power.cost", _("{card} is not a card of the kind this power asks for").format(card=arg))]
    if verb == "pay" and not _has_food(g, f.player, arg):
        return [violation("classic.power.cost", _("you have no {food}").format(food=_food(g, arg)))]
    if verb == "pay":
        return [violation("classic.power.cost", _("this power asks for another food, not {food}").format(food=_food(g, arg)))]
    if verb == "discard-egg":
        return [violation("classic.power.cost", _("{bird} holds no egg this power may take").format(bird=arg))]
    return []


def refuse_node(g: ClassicRules, f: PowerFrame, node: ir.Effect, action: Action) -> list[Violation]:
    """The family's words where it has them (``Rules.family_refusal``: its own, or those of
    the world part it asks, ``world.py``; at a step of a habitat action's benefit, the mat's
    trade is explained after them); else the general words of a power's step (``_power``)."""
    found = g.family_refusal(f, node, action)
    if found is not None:
        return found or _settled_trade(g, f, action)
    return _power(g, f, node, action)
