"""'discard N card from deck and cache F per F in costs' (Oceania): the deck's top cards are
discarded, and the bird caches a food for each icon of a food in their costs."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..dsl import ast
from ..dsl.builder import tokens
from ..dsl.render import food_words
from ..engine.handlers import NodeHandler
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family, food_word

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("discard-deck")
@attrs.define(slots=True)
class DeckDiscardFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class DiscardFromDeckHandler(NodeHandler[DeckDiscardFrame, ir.DiscardFromDeck]):
    """Discard the deck's top cards; cache a food for each icon of a food in their costs."""

    node_types = (ir.DiscardFromDeck,)
    frame_type = DeckDiscardFrame
    passed_over = (N_("there is nothing left to reveal or roll"), "predator")

    def can(self, g: Rules, f: PowerFrame, node: ir.DiscardFromDeck) -> bool:
        return g.deck.can_reveal(g)

    def run(self, g: Rules, f: DeckDiscardFrame, node: ir.DiscardFromDeck) -> None:
        g.state.stack.pop()
        per = node.per.bit_length() - 1
        icons = 0
        for _n in range(node.count):
            card = g.deck.reveal(g)
            if card is None:
                break
            icons += g.cards[card].cost[per]
            g.deck.discard(g, card, "the deck")
        host = g.board.host_bird(g, f)
        if icons and host is not None:
            g.supply.cache(g, host, node.food.bit_length() - 1, icons)


@family
class DiscardFromDeck(Family):
    name = "discard N card from deck and cache F per F in costs"
    form = "discard-from-deck"
    rules = ("discard_deck",)
    verb = "discard"
    syntax = (ast.DiscardFromDeck,)
    nodes = (ir.DiscardFromDeck,)
    handler = DiscardFromDeckHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        food, per = (b.need(t, b.vocab.foods, "food") for t in tokens(tree, "NAME"))
        return ast.DiscardFromDeck(b.number(tokens(tree, "INT")[0]), food, per, span)

    def check(self, part: ast.DiscardFromDeck, c: Checking) -> None:
        if not c.admits(self.form):
            c.error(part.span, _("this discard {belongs}").format(belongs=c.belongs(self.form)))
        c.range(part.count, "count", _("a count of"), part.span)

    def compile(self, part: ast.DiscardFromDeck, c: Compiling) -> ir.Effect:
        return ir.DiscardFromDeck(part.count, c.bit(part.food), c.bit(part.per))

    def text(self, part: ast.DiscardFromDeck, w: Writing) -> str:
        return f"discard {part.count} card from deck and cache {part.food} per {part.per} in costs"

    def english(self, part: ast.DiscardFromDeck, w: Writing) -> str:
        return _(
            "discard the top {n} cards of the deck; for each {per} icon in their food costs, "
            "cache {food} from the supply on this bird"
        ).format(n=part.count, per=food_word(part.per), food=food_words(part.food))
