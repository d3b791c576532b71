"""Why a classic action is illegal, citing the rule; only run for actions not offered."""

from __future__ import annotations

from ..actions import Action
from ..rules import CATALOG, CLASSIC_CATALOG
from ..verdict import Decision, Violation
from .engine import EGG_COST_BY_COLUMN, ROW, ClassicEngine
from .state import HABITATS


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
    if not found:
        options = ", ".join(str(o) for o in decision.options)
        found.append(violation("core.decision.option", f"'{action}' is not an answer to this {decision.kind} decision; options: {options}"))
    return found
