"""'share cards': gather one card per player plus one; each player in turn takes one, and the
owner keeps the one left over (classic)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..engine.handlers import NodeHandler
from ..engine.state import PowerFrame, frame
from ..events import DRAW, SHARE
from ..i18n import N_, _
from ..verdict import Violation
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("share-cards")
@attrs.define(slots=True)
class ShareCardsFrame(PowerFrame):
    pool: list[int] = attrs.Factory(list)  # the cards gathered to share
    sharing: bool = False  # gathering is over; players pick in turn
    picks: int = 0  # how many players have picked


@mypyc_attr(allow_interpreted_subclasses=True)
class ShareCardsHandler(NodeHandler[ShareCardsFrame, ir.ShareCards]):
    """Gather one card per player plus one (tray or deck); each player picks one in turn
    from the owner; the owner keeps the card left over."""

    node_types = (ir.ShareCards,)
    frame_type = ShareCardsFrame
    questions = {
        "take-bird": {
            "share": N_("which of the gathered cards do you keep"),
            "share-draw": N_("which card do you gather next"),
            "": N_("which card do you take"),
        },
        "take-deck": {"share-draw": N_("which card do you gather next"), "": N_("which card do you take")},
    }
    says = {
        "take-bird": {"share": N_("keep {arg} from the gathered cards ({power})"), "": N_("take {arg} {face_up}{by}")},
        "take-deck": N_("draw the top card of the deck{by}"),
        "stop": N_("take no more cards{by}"),
    }
    refusal_topics = ("share",)
    verbs = frozenset({"take-bird", "take-deck"})
    passed_over = (N_("no card it may take is there"), "draw")
    topics = {"share-draw": None, "share": None}

    def topic(self, g: Rules, f: ShareCardsFrame, node: ir.ShareCards) -> str:
        return "share" if f.sharing else "share-draw"

    def can(self, g: Rules, f: PowerFrame, node: ir.ShareCards) -> bool:
        return g.deck.can_draw_any(g)

    def choices(self, g: Rules, f: ShareCardsFrame, node: ir.ShareCards) -> list[Action]:
        if f.sharing:
            return [Action("take-bird", g.cards[c].name) for c in f.pool]
        return g.deck.offers(g, f, _ANY_DRAW, 0)

    def choose(self, g: Rules, f: ShareCardsFrame, node: ir.ShareCards, a: Action) -> None:
        st = g.state
        n = len(st.seats)
        if not f.sharing:
            got = g.deck.take_offered(g, a)
            if got is not None:
                f.pool.append(got)
                if g.log is not None:  # (face up: every seat sees what is shared)
                    g.recorder.note(g, SHARE, f.player, got, True, "the tray" if a.verb == "take-bird" else "the deck")
            if len(f.pool) >= n + 1 or not g.deck.can_draw_any(g):
                f.sharing = True
                f.player = f.owner
            return
        cid = g.by_name[str(a.arg)]
        st.seats[f.player].hand.append(cid)
        f.pool.remove(cid)
        f.picks += 1
        if g.log is not None:
            g.recorder.note(g, DRAW, f.player, cid, True, "the shared cards")
        if f.picks >= n:  # everyone has picked: the owner keeps what is left
            for left in f.pool:
                g.recorder.note(g, DRAW, f.owner, left, True, "the shared cards")
            st.seats[f.owner].hand.extend(f.pool)
            f.pool = []
            st.stack.pop()
        else:
            f.player = (f.owner + f.picks) % n

    def refusal(self, g: Rules, f: ShareCardsFrame, node: ir.ShareCards, a: Action) -> list[Violation] | None:
        if a.verb != "take-bird":
            return []
        if f.sharing:
            return [g.refused("share", _("{card} is not among the cards shared out").format(card=a.arg))]
        return [g.refused("share", _("{card} is not face up in the tray").format(card=a.arg))]



_ANY_DRAW = ir.Draw(ir.Filter("card"))


@family
class ShareCards(Family):
    name = "share cards"
    rules = ("share",)
    verb = "share"
    syntax = (ast.ShareCards,)
    nodes = (ir.ShareCards,)
    handler = ShareCardsHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.ShareCards(span)

    def compile(self, part: ast.ShareCards, c: Compiling) -> ir.Effect:
        return ir.ShareCards()

    def text(self, part: ast.ShareCards, w: Writing) -> str:
        return "share cards"

    def english(self, part: ast.ShareCards, w: Writing) -> str:
        return _(
            "gather one card per player, plus one, from the tray or the deck in any mix; starting "
            "with you, each player in turn order puts one of them in their hand, and you keep the "
            "one left over"
        )
