"""'discard card|bird ...|food [F]': give up a card of the hand (or, where food is tokens, a
food) of the kind named, most often as a cost ('discard ... -> ...')."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import need_sub
from ..dsl.render import cards_words, filter_dsl, reserve_filter
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame, frame
from ..events import PAY
from ..i18n import N_, _
from .family import Family, family, food_word

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules
    from ..verdict import Violation


@frame("discard-card")
@attrs.define(slots=True)
class DiscardCardFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


_DISCARD_ONLY, _PAY_OR_DISCARD = frozenset({"discard"}), frozenset({"discard", "pay"})


@mypyc_attr(allow_interpreted_subclasses=True)
class DiscardCardHandler(AtomHandler):
    """Give up a card (or, where food is tokens, a food) of the kind named."""

    node_types = (ir.DiscardCard,)
    frame_type = DiscardCardFrame
    questions = {"discard": N_("which card do you discard"), "pay": N_("which food do you give up")}
    says = {"discard": N_("discard {arg} from {hand} for {power}"), "pay": N_("pay 1 {arg}{food_card} for {power}")}
    asks = "discard-card"
    passed_over = (N_("there is nothing of the kind to give up"), "cost")

    def answers(self, g: Rules, node: ir.DiscardCard) -> frozenset[str]:
        return _PAY_OR_DISCARD if node.what.kind == "food" and not g.vocabulary.food_cards else _DISCARD_ONLY  # (food tokens are paid)

    def can(self, g: Rules, f: PowerFrame, node: ir.DiscardCard) -> bool:
        return g.hand.can_give(g, f.player, node.what)

    def choices(self, g: Rules, f: PowerFrame, node: ir.DiscardCard) -> list[Action]:
        return g.hand.offers(g, f.player, node.what, "discard")

    def perform(self, g: Rules, f: PowerFrame, node: ir.DiscardCard, a: Action) -> None:
        card = g.hand.take(g, f.player, a)
        if card >= 0:
            g.deck.discard(g, card, g.hand.source(g, a))
        else:
            where = g.supply.spent_on_power(g, f, a)
            if g.log is not None:
                g.recorder.note(g, PAY, f.player, str(a.arg), 1, where)

    def refusal(self, g: Rules, f: PowerFrame, node: ir.DiscardCard, a: Action) -> list[Violation] | None:
        return g.hand.refuse_give(g, f, node, a)  # (what a hand holds is the hand's to say)


@family
class DiscardCard(Family):
    name = "discard card"
    rules = ("discard_card",)
    verb = "discard"
    syntax = (ast.DiscardCard,)
    nodes = (ir.DiscardCard,)
    handler = DiscardCardHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.DiscardCard(b.card_filter(need_sub(tree, "card_filter")), span)

    def check(self, part: ast.DiscardCard, c: Checking) -> None:
        c.card_filter(part.what)
        c.taken_filter(part, "discard")

    def compile(self, part: ast.DiscardCard, c: Compiling) -> ir.Effect:
        return ir.DiscardCard(c.filter(part.what))

    def text(self, part: ast.DiscardCard, w: Writing) -> str:
        return f"discard {filter_dsl(part.what)}"

    def english(self, part: ast.DiscardCard, w: Writing) -> str:
        if not w.classic:
            return _("discard {card} from your reserve").format(card=reserve_filter(part.what))
        if part.what.kind == "food":
            if part.what.food:
                return _("discard one of your {food}").format(food=food_word(part.what.food))
            return _("discard one of your food")
        return _("discard {card} from your hand").format(card=cards_words(1, part.what))
