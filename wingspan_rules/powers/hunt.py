"""'hunt wingspan < N' and 'hunt bird ... [and cache F]': a predator reveals a card and tucks it
behind itself when the bird on it is narrow enough, or meets the conditions (then, with 'and
cache', caches a food on itself too); otherwise the card is discarded (``classic.power.predator``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import subtree, tok, tokens
from ..dsl.render import food_words, predicate_dsl, predicates_english
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame, frame
from ..events import HUNT
from ..filters import bird_passes
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("hunt")
@attrs.define(slots=True)
class HuntFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class HuntHandler(AtomHandler):
    """Reveal a card: narrower than the limit, it is tucked (a predator's success)."""

    node_types = (ir.Hunt,)
    frame_type = HuntFrame
    questions = {"hunt": N_("which food deck do you hunt from")}
    says = {"hunt": N_("hunt from food deck {arg} with {power}")}
    asks = "hunt"
    verbs = frozenset({"hunt"})
    passed_over = (N_("there is nothing left to reveal or roll"), "predator")

    def can(self, g: Rules, f: PowerFrame, node: ir.Hunt) -> bool:
        offers = g.deck.hunt_offers(g)
        return g.deck.can_reveal(g) if offers is None else bool(offers)

    def choices(self, g: Rules, f: PowerFrame, node: ir.Hunt) -> list[Action] | None:
        return g.deck.hunt_offers(g)

    def perform(self, g: Rules, f: PowerFrame, node: ir.Hunt, a: Action | None) -> None:
        got = g.deck.hunt_reveal(g, a)
        if got is None:
            return
        host = g.board.host_bird(g, f)
        card = g.cards[got]
        if node.test is not None:
            caught = bird_passes(card, node.test)
        else:  # (a flightless wingspan, None, meets any wingspan condition)
            caught = card.wingspan is None or card.wingspan < node.below
        if caught and host is not None:
            g.board.tuck(g, host, got, "a hunt")
            if node.cache:
                g.supply.cache(g, host, node.cache.bit_length() - 1)
            g.predator_succeeded(f)
        else:
            if g.log is not None:
                g.recorder.note(g, HUNT, f.player, card.name)
            g.deck.discard(g, got)
        g.deck.after_hunt(g, a)

    def run(self, g: Rules, f: PowerFrame, node: ir.Hunt) -> None:
        g.state.stack.pop()
        self.perform(g, f, node, None)


@family
class Hunt(Family):
    name = "hunt"
    rules = ("hunt", "hunt_bird")
    verb = "hunt"
    syntax = (ast.Hunt,)
    nodes = (ir.Hunt,)
    handler = HuntHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        if tree.data == "hunt":
            return ast.Hunt(b.number(tokens(tree, "INT")[0]), span)
        preds = b._predicates(tree.children)
        cache = subtree(tree, "hunt_cache")
        food = b.need(tok(cache.children[0]), b.vocab.foods, "food") if cache is not None else None
        return ast.Hunt(0, span, preds, food)

    def check(self, part: ast.Hunt, c: Checking) -> None:
        if not part.predicates:
            c.range(part.below, "hunt", _("hunt wingspan"), part.span)
        if c.vocab.block == "card" and part.predicates:  # (Pocket: a hunt by conditions is the classic game's form)
            c.error(part.span, _("this form of the phrase belongs to the classic game, not to Wingspan Pocket"))

    def compile(self, part: ast.Hunt, c: Compiling) -> ir.Effect:
        if part.predicates:
            return ir.Hunt(0, c.test(part.predicates), c.bit(part.cache) if part.cache else 0)
        return ir.Hunt(part.below)

    def text(self, part: ast.Hunt, w: Writing) -> str:
        if part.predicates:
            return "hunt bird" + "".join(" " + predicate_dsl(p) for p in part.predicates) + (f" and cache {part.cache}" if part.cache else "")
        return f"hunt wingspan < {part.below}"

    def english(self, part: ast.Hunt, w: Writing) -> str:
        if not w.classic:
            return _(
                "reveal the top card of a food deck and tuck it behind this bird if its bird has a "
                "wingspan under {n} cm, or else discard it"
            ).format(n=part.below)
        if part.predicates:
            conditions = predicates_english(part.predicates)
            if part.cache:
                return _(
                    "reveal the top card of the deck: if it is a bird {conditions}, tuck it behind this bird "
                    "and cache {food} from the supply on it; otherwise discard it"
                ).format(conditions=conditions, food=food_words(part.cache))
            return _("reveal the top card of the deck: if it is a bird {conditions}, tuck it behind this bird; otherwise discard it").format(
                conditions=conditions
            )
        return _(
            "reveal the top card of the deck and tuck it behind this bird if its wingspan is "
            "under {n} cm, or else discard it"
        ).format(n=part.below)
