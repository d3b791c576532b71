"""Why a Pocket action is refused, citing the rule: the wording of the handlers' refusals.

Only called for actions that are not among the pending decision's options, so the hot
path (apply of a legal action) never runs this.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from .. import ir, payment, words
from ..actions import Action
from ..dsl.diagnostics import suggest
from ..engine.handlers import handler_of, node_verbs
from ..engine.rules import violation
from ..engine.state import PowerFrame
from ..i18n import _
from ..powers.then import ThenFrame
from ..verdict import Decision, Violation

if TYPE_CHECKING:
    from .rules import PocketRules
    from .state import PayFrame, TurnFrame

_PLAYER = re.compile(r"p\d+")  # a player argument ("first p1"), not a card name
_NEST_VERBS = frozenset({"play", "draw-cards", "lay-eggs"})

def food_kind(kind: object) -> str:
    """A Pocket food card's kind ("seed", "seed/rodent"), in the current language (a word that
    names no food stays as it is written)."""
    text = str(kind)
    out = []
    for part in text.split("/"):
        try:
            out.append(words.food(part))
        except KeyError:
            return text
    return "/".join(out)


def _asked_verbs(g: PocketRules, f: PowerFrame) -> frozenset[str]:
    """The verbs that answer the step of the power the frame is at now (its handler says)."""
    node = g.node(f)
    verbs = handler_of(node).asking(g, f, node)
    return verbs | {"skip"} if f.optional else verbs


def unknown_name(g: PocketRules, arg: object) -> list[Violation]:
    """A violation for an argument that names no card, food, holder or player at all."""
    if isinstance(arg, str) and arg not in g.by_name and arg != "nest" and arg not in g.kinds and not _PLAYER.fullmatch(arg):
        hint = suggest(arg, list(g.by_name) + sorted(g.kinds))
        if hint:
            told = _("there is no card or food called '{name}' ({hint})").format(name=arg, hint=hint)
        else:
            told = _("there is no card or food called '{name}'").format(name=arg)
        return [violation("core.decision.option", told)]
    return []


def general_reasons(g: PocketRules, decision: Decision, action: Action) -> list[Violation]:
    """Reasons that do not depend on the frame asking: the nest action out of its time, a
    benefit before its requirement, the supply reset outside the draw, a verb that cannot
    answer this decision at all."""
    st = g.state
    f = st.stack[-1]
    verb = action.verb
    options = ", ".join(str(o) for o in decision.options)
    if verb in _NEST_VERBS and decision.kind != "nest-action":
        turn = st.stack[0]
        if getattr(turn, "acted", False) and decision.player == turn.player:
            return [violation("pocket.turn.nest-action", _("you have already taken this turn's nest action"))]
        if decision.kind == "power":
            return [violation("pocket.turn.nest-action", _("a nest action is only taken at the start of your turn"))]
    power = decision.kind == "power" and isinstance(f, PowerFrame)
    # the verbs this decision takes (a power's: those of the step it is at)
    asked = _asked_verbs(g, f) if power else g.DECISIONS.get(decision.kind, ("", frozenset()))[1]  # type: ignore[arg-type]
    if power and verb not in asked and isinstance(f, ThenFrame) and f.stage == 0:
        node = g.node(f)
        assert isinstance(node, ir.Then)
        if verb in node_verbs(g, node.benefit):
            # an answer belonging to the benefit, given before the requirement is met
            told = _("{bird}'s benefit comes only after its requirement is met; options: {options}").format(bird=decision.source, options=options)
            return [violation("pocket.power.requirement", told)]
    if verb == "clear-supply" and decision.kind != "draw":
        return [supply_reset_violation(g, _("it can only be done during the draw-cards nest action, before both cards are taken"))]
    if verb not in asked and verb not in _NEST_VERBS:
        return unknown_name(g, action.arg) + (
            g.other_decision(decision, action)
            or [violation("core.decision.option", _("'{action}' is not an answer to this {kind} decision; options: {options}").format(action=action, kind=decision.kind, options=options))]
        )
    return []


def refuse_nest_action(g: PocketRules, f: TurnFrame, action: Action) -> list[Violation]:
    verb, arg = action.verb, action.arg
    if verb == "draw-cards":
        return [violation("pocket.draw.two-cards", _("there is no card left to draw in the supply"))]
    if verb != "play":
        return []
    found = unknown_name(g, arg)
    name_id = g.by_name.get(str(arg))
    seat = g.state.seats[f.player]
    if name_id is None:
        return found
    if name_id not in seat.hand:
        # A card held food side up gets the same answer as a card elsewhere: its bird side is
        # hidden, and a different message would tell which food card it is.
        if any(b.card == name_id for b in seat.flock):
            told = _("{bird} is in your flock already; only bird-side cards in your reserve can be played (a card gained as food stays food)")
        else:
            told = _("{bird} is not a bird card in your reserve; only bird-side cards in your reserve can be played (a card gained as food stays food)")
        return found + [violation("pocket.play-bird.from-reserve", told.format(bird=arg))]
    card = g.cards[name_id]
    eggs = g.all_eggs(f.player)
    if eggs < card.egg_cost:
        told = _("{bird} needs {eggs} and you have {held}; food cannot pay for eggs").format(bird=arg, eggs=words.eggs(card.egg_cost), held=eggs)
        found.append(violation("pocket.pay.egg", told))
    masks, _kinds = g.food_masks(f.player)
    if not payment.can_complete(g.cost_icons(card), [], masks):
        kinds = ", ".join(food_kind(g.cards[c].food_kind) for c in seat.food_cards) or _("no food cards")
        told = _("your reserve food ({kinds}) cannot pay the food cost of {bird}, even counting 2 cards as 1 food").format(kinds=kinds, bird=arg)
        found.append(violation("pocket.play-bird.cost", told))
        # a common hope: that a two-food card pays both of its foods
        split = [1 << b for m in masks for b in range(m.bit_length()) if m >> b & 1]
        if len(split) > len(masks) and payment.can_complete(g.cost_icons(card), [], split):
            found.append(violation("pocket.pay.dual-food", _("it could be paid only if a two-food card paid for both of its foods; each pays for one")))
    return found


def refuse_pay(g: PocketRules, f: PayFrame, action: Action) -> list[Violation]:
    verb, arg = action.verb, action.arg
    source = g.cards[f.card].name
    if verb == "pay":
        found = unknown_name(g, arg)
        if str(arg) in g.kinds and not any(g.cards[c].food_kind == arg for c in g.state.seats[f.player].food_cards):
            found.append(violation("pocket.pay.food-card", _("you have no {food} food card in your reserve").format(food=food_kind(arg))))
        elif str(arg) in g.kinds:
            told = _("paying a {food} card now would pay more than {bird} costs or leave an icon unpayable").format(food=food_kind(arg), bird=source)
            found.append(violation("pocket.pay.exact", told))
        return found
    if verb == "pay-egg":
        if not g.cards[f.card].egg_cost:
            return [violation("pocket.pay.egg", _("{bird} has no egg in its cost").format(bird=source))]
        if not f.food_done:
            told = _("pay the food before the eggs")
        elif arg == "nest":  # (the Nest card, by the word an answer names it with)
            told = _("nest has no egg to pay with")
        else:
            told = _("{bird} has no egg to pay with").format(bird=arg)
        return [violation("pocket.pay.egg", told)]
    if verb == "paid":
        return [violation("pocket.pay.exact", _("the cards paid so far do not yet cover the food cost of {bird}").format(bird=source))]
    return []


def supply_reset_violation(g: PocketRules, why: str) -> Violation:
    """The supply reset refused, citing the reading in force (the guide's looks at bird costs)."""
    mode = g.options["supply_reset"]
    if mode == "off":
        return violation("pocket.supply.optional-discard", _("the supply reset is switched off in this game (supply_reset='off')"))
    rule = "pocket.supply.optional-discard-birds" if mode == "birds" else "pocket.supply.optional-discard"
    return violation(rule, _("no supply reset now: {why}").format(why=why))


def refuse_node(g: PocketRules, f: PowerFrame, node: ir.Effect, action: Action) -> list[Violation]:
    """The family's words (``Rules.family_refusal``: its own, or those of the world part it
    asks, ``world.py``); else the general words of a power's step, by the answer's verb."""
    found = g.family_refusal(f, node, action)
    if found is not None:
        return found
    if action.verb == "part":  # (a part of an 'A + B' power: ``powers/either.py``)
        told = _("part {part} of {bird}'s power is done already, cannot be done now, or does not exist").format(part=action.arg, bird=g.source_of(f))
        return [violation("pocket.power.either", told)]
    return []


__all__ = ["food_kind", "general_reasons", "refuse_nest_action", "refuse_node", "refuse_pay", "supply_reset_violation", "unknown_name"]
