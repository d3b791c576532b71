"""'draw N card|bird ...|food [from tray|deck] ...' and 'draw tray': the player takes cards one at
a time from the places the ruleset offers (face-up birds or food cards that pass the filter, the
top of a deck), perhaps refreshing the tray first, owing a discard at the turn's end or giving
some of them away; 'draw tray' takes every face-up bird (``classic.power.draw-filter``).

One family owns both rules: 'draw tray' is a draw of every face-up card (``_TRAY_DRAW``), run by
the same handler with the same frame (saved as ``draw``), and the two are one verb.  The turn's
own draw actions (classic's wetland action, Pocket's draw-cards nest action) push the same
``DrawFrame``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import need_sub, subtree, tok, tokens
from ..dsl.render import cards_words, count_prefix, filter_dsl, filter_english
from ..engine.handlers import CHOOSE_QUESTION, CHOOSE_SAYS, STOP, Loaded, NodeHandler, chosen, receivers
from ..engine.state import ACTION, MAX_OWED, Frame, PowerFrame, frame
from ..events import GIVE_CARD
from ..i18n import N_, _
from ..verdict import Violation
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.registry import Telling
    from ..engine.rules import Rules


@frame("draw")
@attrs.define(slots=True)
class DrawFrame(PowerFrame):
    left: int = -1  # cards still to draw (-1: not started)
    drew: bool = False  # at least one card was drawn (a 'then discard' is owed)
    lock: int = 0  # the draw-cards action's first card: 1 from the tray, 2 from the deck (binding under draw_no_mixing)
    refreshed: bool = False  # the tray was reset or refilled for this draw (once, before drawing)
    got: list[int] = attrs.Factory(list)  # the cards drawn, where some are to be given away
    giving: int = -1  # cards still to give (-1: still drawing)
    picked: int = -1  # the card chosen to give, whose receiver is asked next


_STOP, _GIVE_VERBS, _REFRESH_VERBS = frozenset({"stop"}), frozenset({"give-card", "choose"}), frozenset({"new-tray", "fill-tray"})


@mypyc_attr(allow_interpreted_subclasses=True)
class DrawHandler(NodeHandler[DrawFrame, Any]):
    """Draw cards one at a time from the places the ruleset offers (face-up cards that pass
    the filter, deck tops); ``draw tray`` takes every face-up card, one by one."""

    node_types = (ir.Draw, ir.DrawTray)
    frame_type = DrawFrame
    questions = {
        "choose": CHOOSE_QUESTION,
        "give-card": N_("which of the cards you drew do you give away"),
        "take-bird": N_("which card do you take"),
        "take-food": N_("which card do you take"),
        "take-deck": N_("which card do you take"),
        "fill-tray": N_("renew the bird tray first"),
        "clear-supply": N_("or clear the supply first"),
        "new-tray": N_("or renew the bird tray first"),
    }
    says = {
        "take-bird": N_("take {arg} {face_up}{by}"),
        "take-food": N_("take the top card of food deck {arg} into your reserve{by}"),
        "take-deck": N_("draw the top card of the deck{by}"),
        "new-tray": N_("discard the bird tray and deal a new one before drawing ({power})"),
        "fill-tray": N_("fill the empty places of the bird tray before drawing ({power})"),
        "give-card": N_("give {arg}, just drawn, to another player ({power})"),
        "choose": CHOOSE_SAYS,
        "stop": N_("take no more cards{by}"),
    }

    def tell(self, t: Telling, f: Frame | None, action: Action) -> str | None:
        if action.verb in t.rules.deck.extra_verbs:  # (Pocket's supply reset: the deck's own words)
            words: str | None = t.rules.deck.extra_words(t, action)
            return words
        return super().tell(t, f, action)
    passed_over = (N_("no card it may take is there"), "draw")
    topics = {"draw": None, "draw-action": None, "give": "then-give", "tray-refresh": "tray-refresh"}

    def answers(self, g: Rules, node: ir.Draw | ir.DrawTray) -> frozenset[str]:
        verbs = g.deck.verbs | _STOP if g.take_fewer else g.deck.verbs
        if isinstance(node, ir.Draw) and node.give:
            verbs |= _GIVE_VERBS
        if isinstance(node, ir.Draw) and node.refresh:
            verbs |= _REFRESH_VERBS
        return verbs

    def asking(self, g: Rules, f: DrawFrame, node: ir.Draw | ir.DrawTray) -> frozenset[str]:
        return self.answers(g, node) | {a.verb for a in g.deck.extras(g, f)}  # (Pocket's supply reset in the nest action)

    def topic(self, g: Rules, f: DrawFrame, node: Any) -> str:
        if f.giving >= 0:
            return "give"
        if isinstance(node, ir.Draw) and node.refresh and not (f.refreshed or f.drew):
            return "tray-refresh"
        return "draw-action" if f.card == ACTION else "draw"

    def bounds(self, v: Loaded, f: DrawFrame, node: Any) -> str | None:
        # (only the draw-cards action keeps to the source of its first card; a power's draw
        # owes its own count, 'draw tray' every face-up card)
        most = MAX_OWED if f.card == ACTION or not isinstance(node, ir.Draw) else node.count
        if f.lock not in (0, 1, 2) or (f.lock and f.card != ACTION) or f.left > most:
            return _("holds a source or a count its step cannot have")
        hand = v.state.seats[f.player].hand
        if len(f.got) > MAX_OWED or not set(f.got) <= set(hand) or not -1 <= f.giving <= len(f.got) or (f.picked != -1 and f.picked not in f.got):
            return _("gives cards player {player} did not just draw").format(player=f.player)
        return None

    def _node(self, node: ir.Draw | ir.DrawTray) -> ir.Draw:
        if isinstance(node, ir.DrawTray):
            return _TRAY_DRAW
        return node

    def can(self, g: Rules, f: PowerFrame, node: ir.Draw | ir.DrawTray) -> bool:
        draw = _TRAY_DRAW if isinstance(node, ir.DrawTray) else node
        return g.deck.possible(g, f, draw) or (draw.refresh and bool(g.deck.refreshes(g)))

    def choices(self, g: Rules, f: DrawFrame, node: ir.Draw | ir.DrawTray) -> list[Action]:
        draw = _TRAY_DRAW if isinstance(node, ir.DrawTray) else node
        if f.giving >= 0:  # of the cards drawn, one to give, then to whom
            if f.picked >= 0:
                return receivers(g, f.player)
            hand = g.hand.cards(g, f.player)
            return [_GIVE_CARD[g.cards[c].name] for c in dict.fromkeys(f.got) if c in hand]
        if f.left < 0:
            f.left = g.deck.face_up_count(g) if isinstance(node, ir.DrawTray) else draw.count
        if f.left <= 0:
            return []
        out = g.deck.offers(g, f, draw, f.lock)
        if out:
            out += g.deck.extras(g, f)
        if draw.refresh and not (f.drew or f.refreshed):  # (a draw that may first refresh the tray)
            out += g.deck.refreshes(g)
        if out and g.take_fewer:
            out.append(STOP)
        return out

    def opening(self, g: Rules, f: DrawFrame, node: ir.Draw | ir.DrawTray) -> list[Action]:
        return self.choices(g, f, node)

    def choose(self, g: Rules, f: DrawFrame, node: ir.Draw | ir.DrawTray, a: Action) -> None:
        draw = _TRAY_DRAW if isinstance(node, ir.DrawTray) else node
        if f.giving >= 0:
            self._give(g, f, a)
            return
        if a.verb == "stop":
            self._done(g, f, draw)
            return
        if a.verb in g.deck.extra_verbs and g.deck.extra(g, f, a):  # a ruleset's extra (Pocket's supply reset): no card drawn
            return
        if a.verb in _TRAY_REFRESH:  # the tray renewed first; the draw is still to come
            g.deck.refresh(g, a)
            f.refreshed = True
            return
        f.lock = g.deck.take(g, f, a, f.lock)
        if draw.give:
            f.got.append(g.hand.cards(g, f.player)[-1])
        f.left -= 1
        f.drew = True
        if f.left <= 0:
            self._done(g, f, draw)

    def _done(self, g: Rules, f: DrawFrame, node: ir.Draw) -> None:
        if node.then_discard and f.drew:
            g.hand.owe_discard(g, f.player, node.then_discard)
        # the owner keeps what the card says and gives the rest (none, if fewer were drawn)
        give = len(f.got) - (node.count - node.give) if len(g.state.seats) > 1 else 0
        if give > 0:
            f.giving = give
            return
        g.state.stack.pop()

    def _give(self, g: Rules, f: DrawFrame, a: Action) -> None:
        if a.verb == "give-card":
            f.picked = g.by_name[str(a.arg)]
            return
        receiver = chosen(a)
        g.hand.cards(g, f.player).remove(f.picked)
        g.hand.cards(g, receiver).append(f.picked)
        if g.log is not None:  # (seen by the two of them)
            g.recorder.note(g, GIVE_CARD, f.player, f.picked, (f.player, receiver), f"p{receiver}")
        f.got.remove(f.picked)
        f.picked = -1
        f.giving -= 1
        if f.giving <= 0:
            g.state.stack.pop()

    def refuse(self, g: Rules, f: DrawFrame, node: ir.Draw | ir.DrawTray, a: Action) -> list[Violation]:
        return g.refuse_node(f, self._node(node), a)

    def refusal(self, g: Rules, f: DrawFrame, node: ir.Effect, a: Action) -> list[Violation] | None:
        return g.deck.refuse_take(g, f, node, a)  # (where cards lie is the deck's to say)


_TRAY_DRAW = ir.Draw(ir.Filter("card"), 0, "tray")
_TRAY_REFRESH = ("new-tray", "fill-tray")
_GIVE_CARD = Verb("give-card")


_POCKET_FORM = N_("this form of the phrase belongs to the classic game, not to Wingspan Pocket")
# where a classic draw takes its cards from (the words of ``Draw.english``)
_DRAW_WHERE = {
    None: N_("draw {cards} from the bird tray or the deck"),
    "deck": N_("draw {cards} from the deck"),
    "tray": N_("draw {cards} from the bird tray"),
}


@family
class Draw(Family):
    name = "draw N card ... / draw tray"
    rules = ("draw", "draw_tray")
    verb = "draw"
    syntax = (ast.Draw, ast.DrawTray)
    nodes = (ir.Draw, ir.DrawTray)
    handler = DrawHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        if tree.data == "draw_tray":
            return ast.DrawTray(span)
        what = b.card_filter(need_sub(tree, "card_filter"))
        source = then_discard = None
        refresh = False
        where = subtree(tree, "draw_source")
        if where is not None:
            source = str(tok(where.children[0]))
            refresh = subtree(where, "tray_refresh") is not None
        then = subtree(tree, "then_discard")
        if then is not None:
            then_discard = b.count(then)
        given = subtree(tree, "then_give")
        give = b.number(tokens(given, "INT")[0]) if given is not None else 0
        return ast.Draw(what, span, b.count(tree), source, then_discard or 0, refresh, give)

    def check(self, part: ast.Draw | ast.DrawTray, c: Checking) -> None:
        span = part.span
        if isinstance(part, ast.DrawTray):
            if c.vocab.block == "card":
                c.error(span, _(_POCKET_FORM))
            return
        c.card_filter(part.what)
        c.taken_filter(part, "draw")
        c.range(part.count, "count", _("a count of"), span)
        if part.then_discard:
            c.range(part.then_discard, "count", _("a count of"), span)
        if part.give:
            if not c.admits("then-give"):
                c.error(span, _("'then give' {belongs}").format(belongs=c.belongs("then-give")))
            elif part.give >= part.count:
                c.error(span, _("'then give N to other' gives fewer cards than are drawn (the owner keeps the rest)"))
        if c.vocab.block == "card" and (part.count != 1 or part.source is not None or part.then_discard != 0):
            c.error(span, _(_POCKET_FORM))  # (counts, sources, targets Pocket has no use for)

    def compile(self, part: ast.Draw | ast.DrawTray, c: Compiling) -> ir.Effect:
        if isinstance(part, ast.DrawTray):
            return ir.DrawTray()
        return ir.Draw(c.filter(part.what), part.count, part.source, part.then_discard, part.refresh, part.give)

    def text(self, part: ast.Draw | ast.DrawTray, w: Writing) -> str:
        if isinstance(part, ast.DrawTray):
            return "draw tray"
        text = f"draw {count_prefix(part.count)}{filter_dsl(part.what)}"
        if part.source:
            text += f" from {part.source}"
        if part.refresh:
            text += " may reset or refill first"
        if part.then_discard:
            text += f" then discard {count_prefix(part.then_discard)}card at turn end"
        if part.give:
            text += f" then give {part.give} to other"
        return text

    def english(self, part: ast.Draw | ast.DrawTray, w: Writing) -> str:
        if isinstance(part, ast.DrawTray):  # (the classic game's alone: the same words in Pocket's)
            return _("take every card in the bird tray into your hand")
        if not w.classic:
            what = part.what
            if what.kind == "bird":
                return _("take {card} from the face-up birds into your reserve").format(card=filter_english(what))
            if what.kind == "food":
                return _("take {card} from the top of a food deck into your reserve").format(card=filter_english(what))
            return _("take {card} into your reserve").format(card=filter_english(what))
        where = _DRAW_WHERE[part.source]
        if part.source is None and part.what.kind == "bird" and (part.what.predicates or part.what.smallest):
            where = _DRAW_WHERE["tray"]  # a condition can be checked only on a face-up bird (``classic.power.draw-filter``)
        elif part.source is None and part.count > 1:
            where = N_("draw {cards} from the bird tray or the deck, in any mix")
        text = _(where).format(cards=cards_words(part.count, part.what))
        if part.refresh:
            text = _("you may first reset the bird tray or fill its empty slots; then {text}").format(text=text)
        if part.then_discard:
            text = _("{text}, then discard {cards} from your hand at the end of your turn").format(text=text, cards=cards_words(part.then_discard))
        if part.give == 1:
            text = _("{text}; keep {n} of them and give the other to another player of your choice").format(text=text, n=part.count - 1)
        elif part.give:
            text = _("{text}; keep {n} of them and give {give} to another player of your choice").format(
                text=text, n=part.count - part.give, give=part.give
            )
        return text
