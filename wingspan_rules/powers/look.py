"""'look at N card from deck|discard pile keep ... to hand or tuck': the player looks at some
cards, may keep one that passes (into the hand, or tucked behind this bird) and discards the
others (``oceania.power.look``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import need_sub, subtree, tokens
from ..dsl.render import cards_words, filter_dsl, predicates_english
from ..engine.handlers import STOP, Loaded, NodeHandler
from ..engine.state import MAX_OWED, PowerFrame, frame
from ..events import DRAW, LOOK
from ..filters import bird_passes
from ..i18n import N_, _, pgettext
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("look")
@attrs.define(slots=True)
class LookFrame(PowerFrame):
    seen: list[int] = attrs.Factory(list)  # the cards looked at, held here until one is kept
    looked: bool = False


_KEEP_CARD = Verb("keep")
_TUCK = Verb("tuck")


@mypyc_attr(allow_interpreted_subclasses=True)
class LookHandler(NodeHandler[LookFrame, ir.Look]):
    """Look at some cards, keep one that passes into the hand or tucked behind this bird (or
    none), discard the rest (``oceania.power.look``)."""

    node_types = (ir.Look,)
    frame_type = LookFrame
    questions = {
        "keep": N_("which card do you keep, in your hand or tucked"),
        "tuck": N_("which card do you tuck"),
        "discard": N_("which card do you discard"),
    }
    says = {
        "keep": N_("keep {arg} in your hand ({power})"),
        "tuck": N_("tuck {arg} behind {source} ({power})"),
        "discard": N_("discard {arg} from {hand} for {power}"),
        "stop": N_("take no more cards{by}"),
    }
    asks = "look"
    verbs = frozenset({"keep", "tuck", "stop"})
    passed_over = (N_("there is no card to look at"), "look")

    def bounds(self, v: Loaded, f: LookFrame, node: ir.Look) -> str | None:
        if len(f.seen) > MAX_OWED or (f.seen and not f.looked):
            return _("holds cards its step cannot have")
        return None

    def can(self, g: Rules, f: PowerFrame, node: ir.Look) -> bool:
        return g.deck.can_look(g, node.source)

    def _keepable(self, g: Rules, f: LookFrame, node: ir.Look) -> list[int]:
        test = node.keep.bird if node.keep.kind == "bird" else None
        return [c for c in dict.fromkeys(f.seen) if test is None or bird_passes(g.cards[c], test)]

    def choices(self, g: Rules, f: LookFrame, node: ir.Look) -> list[Action] | None:
        if not f.looked:
            return None
        names = [g.cards[c].name for c in self._keepable(g, f, node)]
        return [_KEEP_CARD[n] for n in names] + [_TUCK[n] for n in names] + [STOP]

    def run(self, g: Rules, f: LookFrame, node: ir.Look) -> None:
        f.seen = g.deck.look(g, node.source, node.count)
        f.looked = True
        if g.log is not None:  # (only its player sees them)
            source = "the deck" if node.source == "deck" else "the discard pile"
            for card in f.seen:
                g.recorder.note(g, LOOK, f.player, card, (f.player,), source)
        if not self._keepable(g, f, node):  # nothing may be kept: all go to the discard pile
            self._discard_rest(g, f)

    def choose(self, g: Rules, f: LookFrame, node: ir.Look, a: Action) -> None:
        if a.verb != "stop":
            card = g.by_name[str(a.arg)]
            f.seen.remove(card)
            if a.verb == "keep":
                g.hand.cards(g, f.player).append(card)
                if g.log is not None:
                    g.recorder.note(g, DRAW, f.player, card, False, "the cards looked at")
            else:
                host = g.board.host_bird(g, f)
                assert host is not None
                g.board.tuck(g, host, card, "the cards looked at")
        self._discard_rest(g, f)

    def _discard_rest(self, g: Rules, f: LookFrame) -> None:
        for card in f.seen:
            g.deck.discard(g, card, "the cards looked at")
        f.seen = []
        g.state.stack.pop()


@family
class Look(Family):
    name = "look at N card from deck keep ... to hand or tuck"
    form = "look"
    rules = ("look",)
    verb = "look"
    syntax = (ast.Look,)
    nodes = (ir.Look,)
    handler = LookHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        source = "deck" if subtree(tree, "look_deck") is not None else "discard"
        keep = b.card_filter(need_sub(tree, "card_filter"))
        return ast.Look(b.number(tokens(tree, "INT")[0]), source, keep, span)

    def check(self, part: ast.Look, c: Checking) -> None:
        c.range(part.count, "count", _("a count of"), part.span)
        c.card_filter(part.keep)
        if part.keep.kind == "food":
            c.error(part.keep.span, _("the cards looked at are bird cards: keep 'card' or 'bird ...'"))

    def compile(self, part: ast.Look, c: Compiling) -> ir.Effect:
        return ir.Look(part.count, part.source, c.filter(part.keep))

    def text(self, part: ast.Look, w: Writing) -> str:
        where = "deck" if part.source == "deck" else "discard pile"
        return f"look at {part.count} card from {where} keep {filter_dsl(part.keep)} to hand or tuck"

    def english(self, part: ast.Look, w: Writing) -> str:
        where = _("the top of the deck") if part.source == "deck" else _("the discard pile, shuffled first")
        keep = part.keep
        if keep.kind == "card" and not keep.predicates:
            one = _("one of them")
        elif keep.smallest:
            one = cards_words(1, keep)
        elif keep.kind == "bird" and keep.predicates:
            one = _("one {conditions}").format(conditions=predicates_english(keep.predicates))
        else:
            one = pgettext("a card", "one")
        return _(
            "look at {n} cards from {where}; you may keep {one}, in your hand or tucked behind this bird, "
            "and discard the others"
        ).format(n=part.count, where=where, one=one)
