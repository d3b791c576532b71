"""Why a classic action is illegal, citing the rule; only run for actions not offered."""

from __future__ import annotations

from ..actions import Action
from ..rules import CATALOG, CLASSIC_CATALOG
from ..verdict import Decision, Violation
from .engine import ANY_FACE, EGG_COST_BY_COLUMN, ROW, ClassicEngine
from .state import DICE_FACES, EMPTY, FOODS, HABITATS


def violation(rule_id: str, message: str) -> Violation:
    rule = CLASSIC_CATALOG.get(rule_id) or CATALOG[rule_id]
    return Violation(rule_id, message, rule.source)


def explain(engine: ClassicEngine, decision: Decision, action: Action) -> list[Violation]:
    st = engine.state
    seat = st.seats[decision.player]
    found: list[Violation] = []
    verb, arg = action.verb, action.arg
    if verb.startswith("play-") and decision.kind == "action":
        habitat = verb[5:]
        cid = engine.by_name.get(str(arg))
        if cid is None or cid not in seat.hand:
            found.append(violation("classic.play-bird.habitat", f"{arg} is not a bird card in your hand"))
        elif habitat not in HABITATS or habitat not in engine.cards[cid].habitats:
            found.append(violation("classic.play-bird.habitat", f"{arg} cannot live in the {habitat}"))
        else:
            row = seat.rows[HABITATS.index(habitat)]
            if len(row) >= ROW:
                found.append(violation("classic.play-bird.habitat", f"your {habitat} already holds {ROW} birds"))
            elif engine.total_eggs(decision.player) < EGG_COST_BY_COLUMN[len(row)]:
                found.append(violation("classic.play-bird.egg-cost", f"that slot costs {EGG_COST_BY_COLUMN[len(row)]} egg(s)"))
            else:
                found.append(violation("classic.play-bird.cost", f"your food cannot pay for {arg}, even 2 for 1"))
    elif verb == "egg" and decision.kind == "lay-eggs":
        try:
            slot = engine.slot(decision.player, str(arg))
        except KeyError:
            slot = None
        if slot is not None and slot.eggs >= engine.cards[slot.card].egg_limit:
            found.append(violation("classic.lay-eggs.limit", f"{arg} already holds its limit of eggs"))
    elif verb == "reroll" and decision.kind == "feeder":
        found.append(violation("classic.feeder.reroll", "the dice in the feeder do not all show the same face"))
    elif verb == "take" and decision.kind == "feeder":
        found += _feeder(engine, str(arg))
    elif verb in ("take-bird", "take-deck") and decision.kind == "draw":
        found += _draw(engine, verb, arg)
    elif verb in ("discard", "pay", "discard-egg") and decision.kind in ("feeder", "lay-eggs", "draw") and _habitat_benefit(engine):
        found.append(violation("classic.mat.conversion", "the trade of a mat space is made at most once, before its benefit; it is no longer on offer"))
    elif verb in ("pay", "paid") and decision.kind == "pay":
        if st.stack[-1].pc >= 1:
            found.append(violation("classic.play-bird.egg-cost", "the food is paid; the eggs of this slot's cost come next"))
        else:
            found.append(violation("classic.play-bird.cost", "that does not pay the bird's food cost (each icon by a matching food, or by any 2 food)"))
    elif verb == "pay-egg" and decision.kind == "pay":
        found.append(violation("classic.play-bird.egg-cost", f"{arg} has no egg of yours to pay with"))
    elif verb == "discard-bonus" and decision.kind == "bonus":
        held = {engine.bonus_name(b) for b in seat.bonus}
        if str(arg) in held:
            found.append(violation("classic.power.bonus-draw", f"{arg} was held before this draw and is kept; discard from the cards just drawn"))
    elif verb == "move" and decision.kind == "move":
        found.append(violation("classic.power.move", f"the bird cannot move to '{arg}': it must live there and the row needs a free slot"))
    elif verb == "repeat" and decision.kind == "power":
        found.append(violation("classic.power.repeat", f"{arg} has no brown power in this row that could be repeated now"))
    if not found:
        options = ", ".join(str(o) for o in decision.options)
        found.append(violation("core.decision.option", f"'{action}' is not an answer to this {decision.kind} decision; options: {options}"))
    return found


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
        return [violation("classic.draw.tray-or-deck", "with draw_no_mixing this draw took from the tray, so it takes no deck card")]
    if verb == "take-bird" and mode == 2:
        return [violation("classic.draw.tray-or-deck", "with draw_no_mixing this draw took from the deck, so it takes no tray card")]
    if verb == "take-bird" and engine.by_name.get(str(arg)) not in [c for c in st.tray if c != EMPTY]:
        return [violation("classic.draw.tray-or-deck", f"{arg} is not face up in the tray")]
    return []


def _habitat_benefit(engine: ClassicEngine) -> bool:
    """Is the decision the base benefit of a habitat action (its trade already settled)?"""
    stack = engine.state.stack
    return len(stack) >= 2 and stack[-2].kind == "habitat"
