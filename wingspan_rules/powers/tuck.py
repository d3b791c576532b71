"""'tuck [N] card|bird ... [from deck|tray] [behind each bird in ROW]': tuck cards behind this
bird (or each bird of a row), from the hand, the deck or the bird tray."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import need_sub, subtree, tok
from ..dsl.render import cards_words, count_prefix, filter_dsl, reserve_filter
from ..engine.handlers import STOP, AtomHandler
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules
    from ..verdict import Violation

_TUCK = Verb("tuck")


@frame("tuck")
@attrs.define(slots=True)
class TuckFrame(PowerFrame):
    left: int = -1  # cards still to tuck (-1: not started)


_TUCK_ONLY, _TUCK_STOP = frozenset({"tuck"}), frozenset({"tuck", "stop"})


@mypyc_attr(allow_interpreted_subclasses=True)
class TuckHandler(AtomHandler):
    """Tuck cards behind the bird: from the hand (a choice each) or from the deck."""

    node_types = (ir.Tuck,)
    frame_type = TuckFrame
    questions = {"tuck": N_("which card do you tuck"), "pay": N_("which food do you give up")}
    says = {"tuck": N_("tuck {arg} from {hand} behind {source}"), "pay": N_("pay 1 {arg}{food_card} for {power}")}
    asks = "tuck"
    passed_over = (N_("there is no card it could tuck"), "tuck")

    def answers(self, g: Rules, node: ir.Tuck) -> frozenset[str]:
        return _TUCK_STOP if g.take_fewer else _TUCK_ONLY

    def can(self, g: Rules, f: PowerFrame, node: ir.Tuck) -> bool:
        if node.source == "deck":
            return g.deck.can_reveal(g)
        if node.source == "tray":
            return bool(g.deck.tray_cards(g, node.what))
        return g.hand.can_give(g, f.player, node.what)

    def choices(self, g: Rules, f: PowerFrame, node: ir.Tuck) -> list[Action] | None:
        if node.source == "deck":
            return None
        if node.source == "tray":  # a face-up bird, straight behind this bird (never into the hand)
            return [_TUCK[g.cards[c].name] for c in g.deck.tray_cards(g, node.what)]
        out = g.hand.offers(g, f.player, node.what, "tuck")
        left = f.left if isinstance(f, TuckFrame) and f.left >= 0 else node.count
        if left <= 0:
            return []
        return out + [STOP] if out and node.count > 1 and g.take_fewer and left < node.count else out

    def choose(self, g: Rules, f: PowerFrame, node: ir.Tuck, a: Action) -> None:
        assert isinstance(f, TuckFrame)
        if a.verb == "stop":
            g.state.stack.pop()
            return
        if f.left < 0:
            f.left = node.count
        f.left -= 1
        if f.left <= 0:
            g.state.stack.pop()
        self.perform(g, f, node, a)

    def perform(self, g: Rules, f: PowerFrame, node: ir.Tuck, a: Action) -> None:
        card = g.deck.take_from_tray(g, str(a.arg)) if node.source == "tray" else g.hand.take(g, f.player, a)
        host = g.board.host_bird(g, f)
        assert host is not None
        g.board.tuck(g, host, card, "the tray" if node.source == "tray" else g.hand.source(g, a))

    def run(self, g: Rules, f: TuckFrame, node: ir.Tuck) -> None:
        g.state.stack.pop()
        if node.behind is not None:  # one card behind each bird of a row, the host's or a habitat's
            row = f.host.row if node.behind == "this" else g.habitats.index(node.behind)
            for bird in g.state.seats[f.player].rows[row]:
                for _card in range(node.count):
                    got = g.deck.reveal(g)
                    if got is not None:
                        g.board.tuck(g, bird, got, "the deck")
            return
        host = g.board.host_bird(g, f)
        for _card in range(node.count):
            got = g.deck.reveal(g)
            if got is not None and host is not None:
                g.board.tuck(g, host, got, "the deck")

    def refusal(self, g: Rules, f: PowerFrame, node: ir.Tuck, a: Action) -> list[Violation] | None:
        return g.hand.refuse_give(g, f, node, a)  # (what a hand holds is the hand's to say)


@family
class Tuck(Family):
    name = "tuck"
    rules = ("tuck",)
    verb = "tuck"
    syntax = (ast.Tuck,)
    nodes = (ir.Tuck,)
    handler = TuckHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        what = b.card_filter(need_sub(tree, "card_filter"))
        where = subtree(tree, "tuck_source")
        source = str(tok(where.children[0])) if where is not None else None  # "deck" or "tray"
        behind = None
        each = subtree(tree, "tuck_behind")
        if each is not None:
            t = tok(need_sub(each, "in_row").children[0])
            behind = "this" if t.type == "THIS" else b.need(t, b.vocab.habitats, "habitat")
        return ast.Tuck(what, span, b.count(tree), source, behind)

    def check(self, part: ast.Tuck, c: Checking) -> None:
        c.card_filter(part.what)
        c.taken_filter(part, "tuck")
        c.range(part.count, "count", _("a count of"), part.span)
        if c.vocab.block == "card" and (part.count != 1 or part.source is not None):
            c.error(part.span, _("this form of the phrase belongs to the classic game, not to Wingspan Pocket"))

    def compile(self, part: ast.Tuck, c: Compiling) -> ir.Effect:
        return ir.Tuck(c.filter(part.what), part.count, part.source, part.behind)

    def text(self, part: ast.Tuck, w: Writing) -> str:
        text = f"tuck {count_prefix(part.count)}{filter_dsl(part.what)}" + (f" from {part.source}" if part.source else "")
        if part.behind is not None:
            text += " behind each bird in this habitat" if part.behind == "this" else f" behind each bird in {part.behind}"
        return text

    def english(self, part: ast.Tuck, w: Writing) -> str:
        if not w.classic:
            return _("tuck {cards} from your reserve behind this bird").format(cards=reserve_filter(part.what))
        if part.source == "deck":
            where = _("from the top of the deck")
        elif part.source == "tray":
            where = _("from the bird tray")
        else:
            where = _("from your hand")
        cards = cards_words(part.count, part.what)
        if part.behind is not None:
            row = _("this bird's habitat") if part.behind == "this" else _("your {habitat}").format(habitat=words.habitat(part.behind))
            return _("tuck {cards} {where} behind each bird in {row}, this one included").format(cards=cards, where=where, row=row)
        return _("tuck {cards} {where} behind this bird").format(cards=cards, where=where)
