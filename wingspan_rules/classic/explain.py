"""Why a classic action is refused, citing the rule: the wording of the handlers' refusals.

Only run for actions that are not among the pending decision's options.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import ir
from ..actions import Action
from ..engine.rules import violation
from ..engine.state import ACTION, PowerFrame
from ..verdict import Violation, counted

if TYPE_CHECKING:
    from .rules import ClassicRules
    from .state import HabitatFrame, PayFrame, SetupFrame, TurnFrame


def _names(g: ClassicRules, ids: list[int]) -> set[str]:
    return {g.cards[c].name for c in ids}


def _has_food(g: ClassicRules, player: int, food: str) -> bool:
    return food in g.foods and g.state.seats[player].food[g.foods.index(food)] > 0


def _eggs(n: int) -> str:
    return counted(n, "egg")


def refuse_setup(g: ClassicRules, f: SetupFrame, action: Action) -> list[Violation]:
    seat = g.state.seats[f.player]
    verb, arg = action.verb, str(action.arg)
    if verb == "keep":
        if f.stage != 0:
            return [violation("classic.setup.keep", "the starting birds are already chosen")]
        if arg in _names(g, seat.hand):
            return [violation("classic.setup.keep", f"{arg} is kept already")]
        return [violation("classic.setup.keep", f"{arg} is not one of the birds dealt to you")]
    if verb == "return":
        if f.stage == 0:
            return [violation("classic.setup.keep", "food is given back once the birds are chosen ('done')")]
        if f.stage == 2:
            return [violation("classic.setup.keep", "the food is settled; keep one of your two bonus cards")]
        if f.owed <= 0:
            return [violation("classic.setup.keep", "you have given back one food for each bird kept")]
        return [violation("classic.setup.keep", f"you have no {arg} to give back")]
    if verb == "done" and f.stage == 1:
        return [violation("classic.setup.keep", f"you still owe {f.owed} food for the birds you kept")]
    if verb == "keep-bonus":
        if f.stage != 2:
            return [violation("classic.setup.bonus", "the bonus card is kept after the birds and their food")]
        if arg not in {g.bonus.name(g, b) for b in seat.dealt_bonus}:
            return [violation("classic.setup.bonus", f"{arg} is not one of the two bonus cards dealt to you")]
    return []


def refuse_action(g: ClassicRules, f: TurnFrame, action: Action) -> list[Violation]:
    verb, arg = action.verb, action.arg
    if verb == "draw-cards":
        return [violation("classic.draw.tray-or-deck", "no card is left in the tray, the deck or the discard pile")]
    if verb in ("skip", "stop", "done"):
        return [violation("classic.turn.action", "a turn is not passed: it places a cube on one of the four actions")]
    if not verb.startswith("play-"):
        return []
    return play_bird(g, f.player, verb[5:], str(arg))


def play_bird(g: ClassicRules, player: int, habitat: str, arg: str) -> list[Violation]:
    """Why this bird cannot be played into this habitat now (by the action or by a power)."""
    seat = g.state.seats[player]
    cid = g.by_name.get(str(arg))
    if cid is None or cid not in seat.hand:
        return [violation("classic.play-bird.from-hand", f"{arg} is not a bird card in your hand")]
    if habitat not in g.habitats or habitat not in g.cards[cid].habitats:
        return [violation("classic.play-bird.habitat", f"{arg} cannot live in the {habitat}")]
    row = seat.rows[g.habitats.index(habitat)]
    if len(row) >= g.row_length:
        return [violation("classic.play-bird.habitat", f"your {habitat} already holds {g.row_length} birds")]
    out = []
    cost, held = g.egg_cost_by_column[len(row)], g.board.total_eggs(g, player)
    if held < cost:
        out.append(violation("classic.play-bird.egg-cost", f"the next {habitat} slot costs {_eggs(cost)} and your birds hold {_eggs(held)}"))
    if not out or not g.can_afford(g._costs[cid], tuple(seat.food)):
        cached = sum(sum(b.cached) for r in seat.rows for b in r)
        aside = " (food cached on a bird is points, not food to pay with)" if cached else ""
        out.append(violation("classic.play-bird.cost", f"your food cannot pay for {arg}, even 2 for 1{aside}"))
    return out


_TRADE_VERBS = {"card": "discard", "food": "pay", "egg": "discard-egg", "nectar": "pay"}
_TRADE_WORDS = {"card": "a card", "food": "a food", "egg": "an egg", "nectar": "a nectar"}
_BENEFIT_WORDS = {"food": "a food", "eggs": "an egg", "cards": "a card"}


def refuse_conversion(g: ClassicRules, f: HabitatFrame, action: Action) -> list[Violation]:
    verb, arg = action.verb, str(action.arg)
    seat = g.state.seats[f.player]
    space = g.mat[f.habitat].spaces[len(seat.rows[f.habitat])]
    reset = next((up for up in space.upgrades if up.kind == "reset"), None)
    if verb.startswith("reset-"):
        return _refuse_reset(g, f, reset, verb[len("reset-"):], arg)
    if reset is not None and not f.reset:
        what = "birdfeeder" if reset.target == "feeder" else "bird tray"
        return [violation(g.mat_order_rule, f"this space resets the {what} first: pay for the reset ('{verb} ...' comes after) or skip it")]
    pays = [pay for up in space.upgrades if up.kind == "bonus" for pay in up.pay]
    wanted = {_TRADE_VERBS[p] for p in pays}
    if verb in _TRADE_VERBS.values() and verb not in wanted:
        trade = " or ".join(_TRADE_WORDS[p] for p in pays)
        shown = " or ".join(f"'{v} ...'" for v in sorted(wanted))
        return [violation(g.mat_rule, f"this space trades {trade} for {_BENEFIT_WORDS[g.mat[f.habitat].benefit]} ({shown})")]
    if verb == "discard" and arg not in _names(g, seat.hand):
        return [violation(g.mat_rule, f"{arg} is not in your hand")]
    if verb == "pay" and not _has_food(g, f.player, arg):
        return [violation(g.mat_rule, f"you have no {arg} to trade")]
    if verb == "discard-egg":
        return [violation(g.mat_rule, f"{arg} holds no egg of yours")]
    return []


def _refuse_reset(g: ClassicRules, f: HabitatFrame, reset: Any, target: str, arg: str) -> list[Violation]:
    what = "birdfeeder" if target == "feeder" else "bird tray"
    if reset is None or reset.target != target:
        return [violation(g.mat_reset_rule, f"this space of the mat does not reset the {what}")]
    if f.reset in ("done", "declined"):
        return [violation(g.mat_reset_rule, f"the reset of this space was {'made' if f.reset == 'done' else 'declined'} already; it is offered once, first")]
    if f.reset == "nothing" or not _has_food(g, f.player, arg):
        return [violation(g.mat_reset_rule, f"you have no {arg} to pay for the reset")]
    return []


def _settled_trade(g: ClassicRules, f: PowerFrame, action: Action) -> list[Violation]:
    """A trade asked for during a habitat action's benefit: say why it is not on offer."""
    from .state import HabitatFrame

    stack = g.state.stack
    below = stack[-2] if len(stack) >= 2 else None
    if f.card != ACTION or not isinstance(below, HabitatFrame):
        return []
    if action.verb.startswith("reset-"):
        if below.reset in ("done", "declined"):
            return [violation(g.mat_order_rule, f"the reset of this space was {'made' if below.reset == 'done' else 'declined'} already; it comes first, before the benefit")]
        return [violation(g.mat_reset_rule, "this space of the mat has no reset you could pay for")]
    if action.verb not in _TRADE_VERBS.values():
        return []
    if below.fate == "traded":
        return [violation(g.mat_rule, "the trade of this space was made already; it is made at most once")]
    if below.fate == "declined":
        return [violation(g.mat_rule, "the trade of this space was declined; it is offered once, before the benefit")]
    if below.fate == "nothing":
        return [violation(g.mat_rule, "you had nothing this space could trade")]
    row = g.mat[below.habitat]
    trading = [_ordinal(i + 1) for i, space in enumerate(row.spaces) if any(up.kind == "bonus" for up in space.upgrades)]
    if not trading:
        return [violation(g.mat_rule, f"no space of the {row.habitat} row has a trade")]
    listed = f"{trading[0]} space does" if len(trading) == 1 else f"{', '.join(trading[:-1])} and {trading[-1]} spaces do"
    return [violation(g.mat_rule, f"this space of the {row.habitat} row has no trade (only its {listed})")]


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def refuse_pay(g: ClassicRules, f: PayFrame, action: Action) -> list[Violation]:
    if action.verb in ("pay", "paid"):
        if f.food_done:
            return [violation("classic.play-bird.egg-cost", "the food is paid; the eggs of this slot's cost come next")]
        if action.verb == "pay" and not _has_food(g, f.player, str(action.arg)):
            return [violation("classic.play-bird.cost", f"you have no {action.arg}")]
        if action.verb == "paid":
            return [violation("classic.play-bird.cost", "the food paid so far does not cover the bird's cost")]
        return [violation("classic.play-bird.cost", "that does not pay the bird's food cost (each icon by a matching food, or by any 2 food)")]
    if action.verb == "pay-egg":
        if not f.food_done:
            return [violation("classic.play-bird.egg-cost", "the food cost is paid first")]
        return [violation("classic.play-bird.egg-cost", f"{action.arg} has no egg of yours to pay with")]
    return []


def refuse_discard_at_end(action: Action) -> list[Violation]:
    if action.verb == "discard":
        return [violation("classic.power.discard-at-end", f"{action.arg} is not in your hand")]
    if action.verb in ("skip", "stop"):
        return [violation("classic.power.discard-at-end", "the card owed by the power must be discarded")]
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
        return [violation("classic.powers.optional", "the power is already being used; answer its next step")]
    if "use" in offered:
        return [violation("classic.powers.optional", "first say whether the power is used: 'use' or 'skip'")]
    if verb == "tuck" and arg not in _names(g, seat.hand):
        return [violation("classic.power.tuck", f"{arg} is not in your hand")]
    if verb == "tuck":
        return [violation("classic.power.tuck", f"{arg} is not a card of the kind this power tucks")]
    if verb == "discard" and arg not in _names(g, seat.hand):
        return [violation("classic.power.cost", f"{arg} is not in your hand")]
    if verb == "discard":
        return [violation("classic.power.cost", f"{arg} is not a card of the kind this power asks for")]
    if verb == "pay" and not _has_food(g, f.player, arg):
        return [violation("classic.power.cost", f"you have no {arg}")]
    if verb == "pay":
        return [violation("classic.power.cost", f"this power asks for another food, not {arg}")]
    if verb == "discard-egg":
        return [violation("classic.power.cost", f"{arg} holds no egg this power may take")]
    return []


def refuse_node(g: ClassicRules, f: PowerFrame, node: ir.Effect, action: Action) -> list[Violation]:
    """The family's words where it has them (``Rules.family_refusal``: its own, or those of
    the world part it asks, ``world.py``; at a step of a habitat action's benefit, the mat's
    trade is explained after them); else the general words of a power's step (``_power``)."""
    found = g.family_refusal(f, node, action)
    if found is not None:
        return found or _settled_trade(g, f, action)
    return _power(g, f, node, action)
