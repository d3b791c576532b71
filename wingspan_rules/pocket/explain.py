"""Why an action is illegal: violations that cite the rule broken.

Only called for actions that are not among the pending decision's options, so the hot
path (apply of a legal action) never runs this.
"""

from __future__ import annotations

from ..actions import Action
from ..rules import CATALOG
from ..verdict import Decision, Violation
from . import payment
from .engine import Engine
from .powers import node_at
from .state import NEST


def violation(rule_id: str, message: str) -> Violation:
    return Violation(rule_id, message, CATALOG[rule_id].source)


def explain(engine: Engine, decision: Decision, action: Action) -> list[Violation]:
    """Best specific reasons an action is not one of the decision's options."""
    st = engine.state
    frame = st.stack[-1]
    verb, arg = action.verb, action.arg
    options = ", ".join(str(o) for o in decision.options)
    found: list[Violation] = []
    p = st.players[decision.player]
    cards = engine.cards
    name_id = engine.cards_by_name.get(str(arg)) if arg is not None else None

    def unknown_card() -> None:
        if arg is not None and name_id is None and str(arg) != "nest" and str(arg) not in engine.kinds:
            from ..dsl.diagnostics import suggest

            hint = suggest(str(arg), list(engine.cards_by_name) + sorted(engine.kinds))
            found.append(violation("core.decision.option", f"there is no card or food called '{arg}'" + (f" ({hint})" if hint else "")))

    if verb in ("play", "draw-cards", "lay-eggs") and decision.kind != "nest-action":
        turn = next((f for f in st.stack if f.kind == "turn"), None)
        if turn is not None and turn.pc > 0 and decision.player == turn.player:
            found.append(violation("pocket.turn.nest-action", "you have already taken this turn's nest action"))
        elif decision.kind == "power":
            found.append(violation("pocket.turn.nest-action", "a nest action is only taken at the start of your turn"))
    if not found and decision.kind == "power" and verb not in _REQUIREMENT_VERBS and _awaits_requirement(engine, frame):
        # an answer belonging to the benefit, given before the requirement is met
        found.append(violation("pocket.power.requirement", f"{decision.source}'s benefit comes only after its requirement is met; options: {options}"))
        return found
    if decision.kind == "nest-action" and verb == "play":
        unknown_card()
        if name_id is not None and name_id not in p.birds:
            where = "in your flock already" if any(b.card == name_id for b in p.flock) else (
                "on its food side" if name_id in p.food else "not in your reserve"
            )
            found.append(violation("pocket.play-bird.from-reserve", f"{arg} is {where}; only bird-side cards in your reserve can be played"))
        elif name_id is not None:
            card = cards[name_id]
            eggs = p.nest_eggs + sum(b.eggs for b in p.flock)
            if eggs < card.egg_cost:
                found.append(violation("pocket.pay.egg", f"{arg} needs {card.egg_cost} egg(s) and you have {eggs}; food cannot pay for eggs"))
            masks, _ = engine.food_masks(decision.player)
            if not payment.can_complete([], masks, engine.cost_need(card), card.any_food):
                kinds = ", ".join(cards[c].food_kind for c in p.food) or "no food cards"
                found.append(violation("pocket.play-bird.cost", f"your reserve food ({kinds}) cannot pay the food cost of {arg}, even counting 2 cards as 1 food"))
    elif decision.kind == "nest-action" and verb == "draw-cards":
        found.append(violation("pocket.draw.two-cards", "there is no card left to draw in the supply"))
    elif decision.kind in ("lay-eggs", "power") and verb == "egg":
        unknown_card()
        try:
            target = engine.target_index(decision.player, str(arg))
        except KeyError:
            target = None
            if name_id is not None:
                found.append(violation("pocket.power.lay-egg", f"{arg} is not a bird in your flock"))
        if target is not None:
            if decision.kind == "lay-eggs" and target in frame.data:
                found.append(violation("pocket.lay-eggs.different-cards", f"you already laid an egg on {arg} in this action"))
            limit = 3 if target == NEST else cards[p.flock[target].card].egg_limit
            have = p.nest_eggs if target == NEST else p.flock[target].eggs
            if have >= limit:
                found.append(violation("pocket.eggs.limit", f"{arg} already holds {have} egg(s), its limit"))
            if decision.kind == "lay-eggs" and len(frame.data) >= 3:
                found.append(violation("pocket.lay-eggs.up-to-three", "three eggs have been laid already"))
    elif decision.kind == "pay" and verb == "pay":
        unknown_card()
        if str(arg) in engine.kinds and not any(cards[c].food_kind == arg for c in p.food):
            found.append(violation("pocket.pay.food-card", f"you have no {arg} food card in your reserve"))
        elif str(arg) in engine.kinds:
            found.append(violation("pocket.pay.exact", f"paying a {arg} card now would pay more than {decision.source} costs or leave an icon unpayable"))
    elif decision.kind == "pay" and verb == "pay-egg":
        found.append(violation("pocket.pay.egg", f"{arg} has no egg to pay with" if frame.pc else "pay the food before the eggs"))
    elif decision.kind == "pay" and verb == "paid":
        found.append(violation("pocket.pay.exact", f"the cards paid so far do not yet cover the food cost of {decision.source}"))
    elif verb == "take-bird":
        unknown_card()
        if name_id is not None and name_id not in st.face_up:
            found.append(violation("pocket.supply.refill-end-of-turn", f"{arg} is not among the face-up birds now; taken birds are only replaced at the end of the turn"))
        elif name_id is not None and decision.kind == "power":
            rule = "pocket.power.draw-bird-costing" if _costing(engine, frame) else "pocket.power.draw"
            found.append(violation(rule, f"{arg} does not qualify for {decision.source}'s power"))
    elif verb == "take-food":
        if not isinstance(arg, int) or not 1 <= arg <= len(st.decks):
            found.append(violation("core.decision.option", f"food decks are numbered 1 to {len(st.decks)}"))
        elif not st.decks[arg - 1]:
            found.append(violation("pocket.deck.refill", f"deck {arg} is empty and could not be rebuilt"))
        elif decision.kind == "power" and _draw_kind(engine, frame) not in ("card", "food"):
            # a bird-drawing power (or no draw at all) never takes a deck top
            found.append(violation("pocket.power.draw", f"{decision.source}'s power does not take a food deck top now"))
        elif decision.kind == "power":
            top = cards[st.decks[arg - 1][-1]].food_kind
            found.append(violation("pocket.power.draw-specific-food", f"the top of deck {arg} shows {top}, which {decision.source}'s power does not take"))
    elif verb == "clear-supply":
        # cite the reading in force: the guide's variant looks at the face-up birds' costs
        if engine.options["supply_reset"] == "birds":
            found.append(violation("pocket.supply.optional-discard-birds", f"the face-up birds do not include 3 or more with the same cost '{arg}'"))
        else:
            found.append(violation("pocket.supply.optional-discard", f"the supply does not hold 3 or more identical '{arg}' cards (or this variant is off)"))
    elif verb in ("tuck", "discard"):
        unknown_card()
        found.append(violation("pocket.power.tuck" if verb == "tuck" else "pocket.power.discard", f"{arg} is not a card of the type {decision.source}'s power takes from your reserve"))
    elif verb == "copy":
        rule = "pocket.green.copy-green" if decision.kind == "copy-green" else "pocket.power.copy-brown"
        if name_id is not None and _is_copy(engine, name_id):
            rule = "pocket.power.copy-not-copy"
        found.append(violation(rule, f"{arg} is not a power this bird may copy now"))
    elif verb == "discard-egg" and decision.kind == "power":
        found.append(violation("pocket.power.discard", f"{arg} is not a card of yours holding an egg"))
    elif verb == "part" and decision.kind == "power":
        found.append(violation("pocket.power.either", f"part {arg} of {decision.source}'s power is done already, cannot be done now, or does not exist"))
    if not found:
        found.append(violation("core.decision.option", f"'{action}' is not an answer to this {decision.kind} decision; options: {options}"))
    return found


def _draw_kind(engine: Engine, frame) -> str | None:  # type: ignore[no-untyped-def]
    """What the frame's draw takes ("card", "bird", "food"), or None when it is not a draw."""
    from .. import ir

    node = node_at(engine.cards[frame.card].power, frame.path)  # type: ignore[arg-type]
    return node.what.kind if isinstance(node, ir.Draw) else None


def _costing(engine: Engine, frame) -> bool:  # type: ignore[no-untyped-def]
    from .. import ir

    node = node_at(engine.cards[frame.card].power, frame.path)  # type: ignore[arg-type]
    return isinstance(node, ir.Draw) and bool(node.what.bird.costing)


_REQUIREMENT_VERBS = ("discard", "discard-egg", "tuck", "skip")


def _awaits_requirement(engine: Engine, frame) -> bool:  # type: ignore[no-untyped-def]
    from .. import ir

    node = node_at(engine.cards[frame.card].power, frame.path)  # type: ignore[arg-type]
    return isinstance(node, ir.Then) and frame.pc == 0


def _is_copy(engine: Engine, card: int) -> bool:
    from .. import ir

    return isinstance(engine.cards[card].power, ir.Copy)
