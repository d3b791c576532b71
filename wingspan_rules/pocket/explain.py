"""Why an action is illegal: violations that cite the rule broken.

Only called for actions that are not among the pending decision's options, so the hot
path (apply of a legal action) never runs this.
"""

from __future__ import annotations

import re

from .. import payment
from ..actions import Action
from ..rules import CATALOG
from ..verdict import Decision, Violation
from .engine import Engine
from .powers import node_at
from .state import EMPTY, NEST


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
        if isinstance(arg, str) and name_id is None and arg != "nest" and arg not in engine.kinds and not _PLAYER.fullmatch(arg):
            from ..dsl.diagnostics import suggest

            hint = suggest(str(arg), list(engine.cards_by_name) + sorted(engine.kinds))
            found.append(violation("core.decision.option", f"there is no card or food called '{arg}'" + (f" ({hint})" if hint else "")))

    if verb in ("play", "draw-cards", "lay-eggs") and decision.kind != "nest-action":
        turn = next((f for f in st.stack if f.kind == "turn"), None)
        if turn is not None and turn.pc > 0 and decision.player == turn.player:
            found.append(violation("pocket.turn.nest-action", "you have already taken this turn's nest action"))
        elif decision.kind == "power":
            found.append(violation("pocket.turn.nest-action", "a nest action is only taken at the start of your turn"))
    # Only verbs that can answer this decision get a rule-specific reason; any other verb is
    # simply not an answer here (citing, say, the tuck rule during a payment would mislead).
    asked = _asked_verbs(engine, frame) if decision.kind == "power" else _KIND_VERBS.get(decision.kind, frozenset())
    if not found and decision.kind == "power" and verb not in asked and _awaits_requirement(engine, frame):
        node = node_at(engine.cards[frame.card].power, frame.path)  # type: ignore[arg-type]
        if verb in _node_verbs(node.benefit):  # type: ignore[attr-defined]
            # an answer belonging to the benefit, given before the requirement is met
            found.append(violation("pocket.power.requirement", f"{decision.source}'s benefit comes only after its requirement is met; options: {options}"))
            return found
    if not found and verb == "clear-supply" and decision.kind != "draw":
        found.append(_supply_reset_violation(engine, "it can only be done during the draw-cards nest action, before both cards are taken"))
        return found
    if not found and verb not in asked and verb not in _NEST_VERBS:
        unknown_card()
        found.append(violation("core.decision.option", f"'{action}' is not an answer to this {decision.kind} decision; options: {options}"))
        return found
    if decision.kind == "nest-action" and verb == "play":
        unknown_card()
        if name_id is not None and name_id not in p.birds:
            # A card held food side up gets the same answer as a card elsewhere: its bird side is
            # hidden, and a different message would tell which food card it is.
            where = "in your flock already" if any(b.card == name_id for b in p.flock) else "not a bird card in your reserve"
            found.append(violation(
                "pocket.play-bird.from-reserve",
                f"{arg} is {where}; only bird-side cards in your reserve can be played (a card gained as food stays food)",
            ))
        elif name_id is not None:
            card = cards[name_id]
            eggs = p.nest_eggs + sum(b.eggs for b in p.flock)
            if eggs < card.egg_cost:
                found.append(violation("pocket.pay.egg", f"{arg} needs {card.egg_cost} egg(s) and you have {eggs}; food cannot pay for eggs"))
            masks, _ = engine.food_masks(decision.player)
            if not payment.can_complete(engine.cost_icons(card), [], masks):
                kinds = ", ".join(cards[c].food_kind for c in p.food) or "no food cards"
                found.append(violation("pocket.play-bird.cost", f"your reserve food ({kinds}) cannot pay the food cost of {arg}, even counting 2 cards as 1 food"))
                # a common hope: that a two-food card pays both of its foods
                split = [1 << b for m in masks for b in range(m.bit_length()) if m >> b & 1]
                if len(split) > len(masks) and payment.can_complete(engine.cost_icons(card), [], split):
                    found.append(violation("pocket.pay.dual-food", "it could be paid only if a two-food card paid for both of its foods; each pays for one"))
    elif decision.kind == "nest-action" and verb == "draw-cards":
        found.append(violation("pocket.draw.two-cards", "there is no card left to draw in the supply"))
    elif decision.kind in ("lay-eggs", "power") and verb == "egg":
        unknown_card()
        try:
            target = engine.target_index(decision.player, str(arg))
        except KeyError:
            target = None
            if name_id is not None and decision.kind == "power":
                found.append(violation("pocket.power.lay-egg", f"{arg} is not a bird in your flock"))
            elif name_id is not None:
                found.append(violation("core.decision.option", f"{arg} is not a bird in your flock; eggs go on your Nest or your own birds"))
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
        if not cards[frame.card].egg_cost:
            found.append(violation("pocket.pay.egg", f"{decision.source} has no egg in its cost"))
        else:
            found.append(violation("pocket.pay.egg", f"{arg} has no egg to pay with" if frame.pc else "pay the food before the eggs"))
    elif decision.kind == "pay" and verb == "paid":
        found.append(violation("pocket.pay.exact", f"the cards paid so far do not yet cover the food cost of {decision.source}"))
    elif verb == "take-bird":
        unknown_card()
        # While a slot waits for its end-of-turn refill, the refill rule is the reason for any
        # absent bird (singling out the waiting deck top would reveal its hidden bird side).
        if name_id is not None and name_id not in st.face_up and EMPTY in st.face_up:
            found.append(violation("pocket.supply.refill-end-of-turn", f"{arg} is not among the face-up birds now; taken birds are only replaced at the end of the turn"))
        elif name_id is not None and name_id not in st.face_up:
            rule = "pocket.power.draw" if decision.kind == "power" else "pocket.draw.two-cards"
            found.append(violation(rule, f"{arg} is not one of the face-up birds"))
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
        if engine.options["supply_reset"] == "birds":
            found.append(_supply_reset_violation(engine, f"the face-up birds do not include 3 or more with the same cost '{arg}'"))
        else:
            found.append(_supply_reset_violation(engine, f"the food deck tops do not include 3 or more identical '{arg}' cards"))
    elif verb in ("tuck", "discard"):
        unknown_card()
        rule = "pocket.power.tuck" if verb == "tuck" else "pocket.power.discard"
        if name_id is not None and name_id not in p.birds:
            found.append(violation(rule, f"{arg} is not a bird-side card in your reserve"))
        elif str(arg) in engine.kinds and not any(cards[c].food_kind == arg for c in p.food):
            found.append(violation(rule, f"you have no {arg} food card in your reserve"))
        elif name_id is not None or str(arg) in engine.kinds:
            found.append(violation(rule, f"{arg} is not a card of the type {decision.source}'s power takes from your reserve"))
    elif verb == "copy":
        unknown_card()
        rule = "pocket.green.copy-green" if decision.kind == "copy-green" else "pocket.power.copy-brown"
        colour = "green" if decision.kind == "copy-green" else "brown"
        holders = [i for i, seat in enumerate(st.players) if any(b.card == name_id for b in seat.flock)]
        if name_id is not None and _is_copy(engine, name_id):
            found.append(violation("pocket.power.copy-not-copy", f"{arg} has a copy power itself"))
        elif name_id is not None and not holders:
            found.append(violation(rule, f"{arg} is not in any flock"))
        elif name_id is not None and cards[name_id].colour != colour:
            found.append(violation(rule, f"{arg} has no {colour} power to copy"))
        elif name_id is not None and holders == [frame.owner] and (colour == "green" or engine.options["copy_brown_from"] == "others"):
            found.append(violation(rule, f"{arg} is in your own flock; only another player's flock may be copied"))
        elif name_id is not None:
            found.append(violation(rule, f"{arg}'s power could do nothing now"))
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


_PLAYER = re.compile(r"p\d+")  # a player argument ("first p1"), not a card name
_NEST_VERBS = frozenset({"play", "draw-cards", "lay-eggs"})

# The verbs that answer each kind of decision; power decisions depend on the power (``_asked_verbs``).
_KIND_VERBS: dict[str, frozenset[str]] = {
    "setup-birds": frozenset({"keep-bird"}),
    "nest-action": _NEST_VERBS,
    "pay": frozenset({"pay", "pay-egg", "paid"}),
    "draw": frozenset({"take-bird", "take-food", "clear-supply"}),
    "lay-eggs": frozenset({"egg", "stop"}),
    "copy-green": frozenset({"copy"}),
}


def _node_verbs(node: object) -> frozenset[str]:
    """Every verb that answers some step of this effect, its parts included."""
    from .. import ir

    atoms = {
        ir.Draw: {"take-bird", "take-food"},
        ir.Tuck: {"tuck"},
        ir.DiscardCard: {"discard"},
        ir.DiscardEgg: {"discard-egg"},
        ir.Hunt: {"hunt"},
        ir.LayEgg: {"egg"},
        ir.Copy: {"copy"},
    }
    if type(node) in atoms:
        return frozenset(atoms[type(node)])
    if isinstance(node, ir.Either):
        return frozenset({"part", "stop"}).union(*(_node_verbs(part) for part in node.parts))
    if isinstance(node, ir.Then):
        return _node_verbs(node.requirement) | _node_verbs(node.benefit)
    if isinstance(node, ir.AllPlayers):
        return frozenset({"deck", "first"} if node.from_one_deck else {"use"}) | _node_verbs(node.body)
    return frozenset()


def _asked_verbs(engine: Engine, frame) -> frozenset[str]:  # type: ignore[no-untyped-def]
    """The verbs that answer the step of the power the frame is at now."""
    from .. import ir

    node = node_at(engine.cards[frame.card].power, frame.path)  # type: ignore[arg-type]
    if isinstance(node, ir.Then):
        verbs = _node_verbs(node.requirement)
    elif isinstance(node, ir.Either):
        verbs = frozenset({"part", "stop"})
    elif isinstance(node, ir.AllPlayers):
        verbs = frozenset({"first"} if node.from_one_deck and frame.pc == 1 else {"deck"} if node.from_one_deck else {"use"})
    else:
        verbs = _node_verbs(node)
    return verbs | {"skip"} if frame.optional else verbs


def _supply_reset_violation(engine: Engine, why: str) -> Violation:
    """The supply reset refused, citing the reading in force (the guide's looks at bird costs)."""
    mode = engine.options["supply_reset"]
    if mode == "off":
        return violation("pocket.supply.optional-discard", "the supply reset is switched off in this game (supply_reset='off')")
    rule = "pocket.supply.optional-discard-birds" if mode == "birds" else "pocket.supply.optional-discard"
    return violation(rule, f"no supply reset now: {why}")


def _awaits_requirement(engine: Engine, frame) -> bool:  # type: ignore[no-untyped-def]
    from .. import ir

    node = node_at(engine.cards[frame.card].power, frame.path)  # type: ignore[arg-type]
    return isinstance(node, ir.Then) and frame.pc == 0


def _is_copy(engine: Engine, card: int) -> bool:
    from .. import ir

    return isinstance(engine.cards[card].power, ir.Copy)
