"""Why a classic action is illegal, citing the rule; only run for actions not offered."""

from __future__ import annotations

from typing import Callable

from .. import ir
from ..actions import Action
from ..rules import CATALOG, CLASSIC_CATALOG
from ..verdict import Decision, Violation
from .engine import ANY_FACE, DECLINED, EGG_COST_BY_COLUMN, NEST_NAMES, NOTHING_TO_TRADE, ROW, TRADED, ClassicEngine
from .state import DICE_FACES, EMPTY, FOODS, HABITATS


def violation(rule_id: str, message: str) -> Violation:
    rule = CLASSIC_CATALOG.get(rule_id) or CATALOG[rule_id]
    return Violation(rule_id, message, rule.source)


def explain(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    found = _REASONS[decision.kind](engine, decision, action) if decision.kind in _REASONS else []
    if not found:
        options = ", ".join(str(o) for o in decision.options)
        found = [violation("core.decision.option", f"'{action}' is not an answer to this {decision.kind} decision; options: {options}")]
    return found


def _names(engine: ClassicEngine, ids: list[int]) -> set[str]:
    return {engine.cards[c].name for c in ids}


def _has_food(engine: ClassicEngine, player: int, food: str) -> bool:
    return food in FOODS and engine.state.seats[player].food[FOODS.index(food)] > 0


def _setup(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    seat = engine.state.seats[decision.player]
    frame = engine.state.stack[-1]
    verb, arg = action.verb, str(action.arg)
    if verb == "keep":
        if frame.pc != 0:
            return [violation("classic.setup.keep", "the starting birds are already chosen")]
        if arg in _names(engine, seat.hand):
            return [violation("classic.setup.keep", f"{arg} is kept already")]
        return [violation("classic.setup.keep", f"{arg} is not one of the birds dealt to you")]
    if verb == "return":
        if frame.pc == 0:
            return [violation("classic.setup.keep", "food is given back once the birds are chosen ('done')")]
        if frame.pc == 2:
            return [violation("classic.setup.keep", "the food is settled; keep one of your two bonus cards")]
        if frame.pc == 1 and frame.data and frame.data[0] <= 0:
            return [violation("classic.setup.keep", "you have given back one food for each bird kept")]
        return [violation("classic.setup.keep", f"you have no {arg} to give back")]
    if verb == "done" and frame.pc == 1:
        owed = frame.data[0] if frame.data else 0
        return [violation("classic.setup.keep", f"you still owe {owed} food for the birds you kept")]
    if verb == "keep-bonus":
        if frame.pc != 2:
            return [violation("classic.setup.bonus", "the bonus card is kept after the birds and their food")]
        if arg not in {engine.bonus_name(b) for b in seat.dealt_bonus}:
            return [violation("classic.setup.bonus", f"{arg} is not one of the two bonus cards dealt to you")]
    return []


def _action(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    verb, arg = action.verb, action.arg
    if verb == "draw-cards":
        return [violation("classic.draw.tray-or-deck", "no card is left in the tray, the deck or the discard pile")]
    if verb in ("skip", "stop", "done"):
        return [violation("classic.turn.action", "a turn is not passed: it places a cube on one of the four actions")]
    if not verb.startswith("play-"):
        return []
    return _play_bird(engine, decision.player, verb[5:], str(arg))


def _play_bird(engine: ClassicEngine, player: int, habitat: str, arg: str) -> list[Violation]:
    """Why this bird cannot be played into this habitat now (by the action or by a power)."""
    seat = engine.state.seats[player]
    cid = engine.by_name.get(str(arg))
    if cid is None or cid not in seat.hand:
        return [violation("classic.play-bird.from-hand", f"{arg} is not a bird card in your hand")]
    if habitat not in HABITATS or habitat not in engine.cards[cid].habitats:
        return [violation("classic.play-bird.habitat", f"{arg} cannot live in the {habitat}")]
    row = seat.rows[HABITATS.index(habitat)]
    if len(row) >= ROW:
        return [violation("classic.play-bird.habitat", f"your {habitat} already holds {ROW} birds")]
    cost, held = EGG_COST_BY_COLUMN[len(row)], engine.total_eggs(player)
    if held < cost:
        return [violation("classic.play-bird.egg-cost", f"the next {habitat} slot costs {_eggs(cost)} and your birds hold {_eggs(held)}")]
    return [violation("classic.play-bird.cost", f"your food cannot pay for {arg}, even 2 for 1")]


def _eggs(n: int) -> str:
    return f"{n} egg" if n == 1 else f"{n} eggs"


def _conversion(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    frame = engine.state.stack[-1]
    verb, arg = action.verb, str(action.arg)
    seat = engine.state.seats[decision.player]
    wanted = ("discard", "pay", "discard-egg")[frame.host]
    if verb in ("discard", "pay", "discard-egg") and verb != wanted:
        trade = ("a card for a food", "a food for an egg", "an egg for a card")[frame.host]
        return [violation("classic.mat.conversion", f"this space trades {trade} ('{wanted} ...')")]
    if verb == "discard" and arg not in _names(engine, seat.hand):
        return [violation("classic.mat.conversion", f"{arg} is not in your hand")]
    if verb == "pay" and not _has_food(engine, decision.player, arg):
        return [violation("classic.mat.conversion", f"you have no {arg} to trade")]
    if verb == "discard-egg":
        return [violation("classic.mat.conversion", f"{arg} holds no egg of yours")]
    return []


def _lay(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    if action.verb != "egg":
        return _settled_trade(engine, action)
    frame = engine.state.stack[-1]
    _, nest, exclude, distinct = frame.data[:4]
    try:
        h, i = engine.find(decision.player, str(action.arg))
    except KeyError:
        return [violation("classic.lay-eggs.own-birds", f"{action.arg} is not a bird on your mat")]
    slot = engine.state.seats[decision.player].rows[h][i]
    card = engine.cards[slot.card]
    if slot.eggs >= card.egg_limit:
        return [violation("classic.lay-eggs.limit", f"{action.arg} already holds its limit of eggs")]
    if slot.card == exclude:
        return [violation("classic.power.lay", "this power lays eggs on other birds, not on itself")]
    if nest >= 0 and card.nest not in (NEST_NAMES[nest], "wild"):
        return [violation("classic.power.lay", f"this power lays only on birds with a {NEST_NAMES[nest]} nest")]
    if distinct and slot.card in frame.data[4:]:
        return [violation("classic.power.lay", f"this power lays at most one egg on each bird; {action.arg} has had its egg")]
    return []


def _feeder_decision(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    if action.verb == "reroll":
        return [violation("classic.feeder.reroll", "the dice in the feeder do not all show the same face")]
    if action.verb in ("take", "take-split"):
        return _feeder(engine, str(action.arg))
    return _settled_trade(engine, action)


def _draw_decision(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    if action.verb in ("take-bird", "take-deck"):
        return _draw(engine, action.verb, action.arg)
    return _settled_trade(engine, action)


def _settled_trade(engine: ClassicEngine, action: Action) -> list[Violation]:
    """A trade asked for during a habitat action's benefit: say why it is not on offer."""
    if action.verb not in ("discard", "pay", "discard-egg") or not _habitat_benefit(engine):
        return []
    fate = engine.state.stack[-2].data[1:2]
    if fate == [TRADED]:
        return [violation("classic.mat.conversion", "the trade of this space was made already; it is made at most once")]
    if fate == [DECLINED]:
        return [violation("classic.mat.conversion", "the trade of this space was declined; it is offered once, before the benefit")]
    if fate == [NOTHING_TO_TRADE]:
        return [violation("classic.mat.conversion", "you had nothing this space could trade")]
    return [violation("classic.mat.conversion", "this space of the mat has no trade (only the 2nd, 4th and 6th spaces do)")]


def _pay(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    frame = engine.state.stack[-1]
    if action.verb in ("pay", "paid"):
        if frame.pc >= 1:
            return [violation("classic.play-bird.egg-cost", "the food is paid; the eggs of this slot's cost come next")]
        if action.verb == "pay" and not _has_food(engine, decision.player, str(action.arg)):
            return [violation("classic.play-bird.cost", f"you have no {action.arg}")]
        if action.verb == "paid":
            return [violation("classic.play-bird.cost", "the food paid so far does not cover the bird's cost")]
        return [violation("classic.play-bird.cost", "that does not pay the bird's food cost (each icon by a matching food, or by any 2 food)")]
    if action.verb == "pay-egg":
        if frame.pc == 0:
            return [violation("classic.play-bird.egg-cost", "the food cost is paid first")]
        return [violation("classic.play-bird.egg-cost", f"{action.arg} has no egg of yours to pay with")]
    return []


def _power(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    seat = engine.state.seats[decision.player]
    verb, arg = action.verb, str(action.arg)
    offered = {o.verb for o in decision.options}
    if verb in ("use", "skip") and "use" not in offered:
        return [violation("classic.powers.optional", "the power is already being used; answer its next step")]
    if "use" in offered:
        return [violation("classic.powers.optional", "first say whether the power is used: 'use' or 'skip'")]
    if verb == "tuck" and arg not in _names(engine, seat.hand):
        return [violation("classic.power.tuck", f"{arg} is not in your hand")]
    if verb == "discard" and arg not in _names(engine, seat.hand):
        return [violation("classic.power.cost", f"{arg} is not in your hand")]
    if verb == "pay" and not _has_food(engine, decision.player, arg):
        return [violation("classic.power.cost", f"you have no {arg}")]
    if verb == "pay":
        return [violation("classic.power.cost", f"this power asks for another food, not {arg}")]
    if verb == "discard-egg":
        return [violation("classic.power.cost", f"{arg} holds no egg this power may take")]
    if verb == "repeat":
        target = engine.by_name.get(arg)
        power = engine.cards[target].power if target is not None else None
        if isinstance(power, ir.Repeat):
            return [violation("classic.power.repeat", f"{arg}'s power is itself a repeat, and a repeat power is never repeated")]
        return [violation("classic.power.repeat", f"{arg} has no brown power in this row that could be repeated now")]
    allowed = {v for v in offered if v.startswith("play-")}
    if not verb.startswith("play-") or not allowed:
        return []
    if verb not in allowed:
        where = " or the ".join(sorted(v[5:] for v in allowed))
        return [violation("classic.power.second-bird", f"this power plays a bird only into the {where}")]
    return _play_bird(engine, decision.player, verb[5:], arg)


def _supply(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    if action.verb != "take":
        return []
    mask = engine.state.stack[-1].data[1] or 0b11111
    allowed = [FOODS[i] for i in range(5) if mask & (1 << i)]
    return [violation("classic.power.gain", f"this power gives {' or '.join(allowed)}, not {action.arg}")]


def _discard_at_end(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    if action.verb == "discard":
        return [violation("classic.power.discard-at-end", f"{action.arg} is not in your hand")]
    if action.verb in ("skip", "stop"):
        return [violation("classic.power.discard-at-end", "the card owed by the power must be discarded")]
    return []


def _bonus(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    if action.verb != "discard-bonus":
        return []
    held = {engine.bonus_name(b) for b in engine.state.seats[decision.player].bonus}
    if str(action.arg) in held:
        return [violation("classic.power.bonus-draw", f"{action.arg} was held before this draw and is kept; discard from the cards just drawn")]
    return [violation("classic.power.bonus-draw", f"{action.arg} is not among the bonus cards just drawn")]


def _share(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    if action.verb == "take-bird":
        return [violation("classic.power.share", f"{action.arg} is not among the cards shared out")]
    return []


def _gather(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    if action.verb == "take-bird":
        return [violation("classic.power.share", f"{action.arg} is not face up in the tray")]
    return []


def _move(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    if action.verb != "move":
        return []
    frame = engine.state.stack[-1]
    h, i = divmod(frame.host, 10)
    card = engine.cards[engine.state.seats[decision.player].rows[h][i].card]
    where = str(action.arg)
    if where == HABITATS[h]:
        return [violation("classic.power.move", f"{card.name} is in the {where} already")]
    if where not in card.habitats:
        return [violation("classic.power.move", f"{card.name} cannot live in the {where}")]
    return [violation("classic.power.move", f"your {where} has no free slot")]


def _trade(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    frame = engine.state.stack[-1]
    if action.verb == "give" and frame.pc == 0:
        return [violation("classic.power.trade", f"you have no {action.arg} to give")]
    if action.verb == "take" and frame.pc == 1 and frame.data and str(action.arg) == FOODS[frame.data[0]]:
        return [violation("classic.power.trade", f"the food taken must differ from the {action.arg} given")]
    if action.verb == "take" and frame.pc == 0:
        return [violation("classic.power.trade", "give a food first")]
    return []


_REASONS: dict[str, Callable[[ClassicEngine, Decision, Action], list[Violation]]] = {
    "setup": _setup,
    "action": _action,
    "conversion": _conversion,
    "lay-eggs": _lay,
    "feeder": _feeder_decision,
    "draw": _draw_decision,
    "pay": _pay,
    "power": _power,
    "supply": _supply,
    "discard": _discard_at_end,
    "bonus": _bonus,
    "share": _share,
    "share-draw": _gather,
    "move": _move,
    "trade": _trade,
}


def _feeder(engine: ClassicEngine, food: str) -> list[Violation]:
    frame = engine.state.stack[-1]
    faces = {DICE_FACES[f] for f in engine.state.feeder}
    shown = food in faces or (food in ("invertebrate", "seed") and DICE_FACES[ANY_FACE] in faces)
    if food in FOODS and shown and frame.data[1] and not frame.data[1] & (1 << FOODS.index(food)):
        return [violation("classic.power.gain", f"this power takes other food from the feeder, not {food}")]
    if food in FOODS and not shown:
        return [violation("classic.feeder.take", f"no die in the feeder shows {food}")]
    return []


def _draw(engine: ClassicEngine, verb: str, arg: object) -> list[Violation]:
    st = engine.state
    mode = st.stack[-1].data[4]  # draw_no_mixing: 1 = took from the tray, 2 = from the deck
    if verb == "take-deck" and mode == 1:
        return [violation("classic.variant.draw-no-mixing", "this draw-cards action took from the tray, so it takes no deck card")]
    if verb == "take-bird" and mode == 2:
        return [violation("classic.variant.draw-no-mixing", "this draw-cards action took from the deck, so it takes no tray card")]
    if verb == "take-bird" and engine.by_name.get(str(arg)) not in [c for c in st.tray if c != EMPTY]:
        return [violation("classic.draw.tray-or-deck", f"{arg} is not face up in the tray")]
    return []


def _habitat_benefit(engine: ClassicEngine) -> bool:
    """Is the decision the base benefit of a habitat action (its trade already settled)?"""
    stack = engine.state.stack
    return len(stack) >= 2 and stack[-2].kind == "habitat"
