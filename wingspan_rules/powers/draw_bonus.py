"""'draw N bonus keep M', 'draw N bonus then discard M' and the Oceania counts ('draw bonus for
each ...', '... and N per food discarded'): the player draws bonus cards and keeps some, the
discards coming from the new cards only (or, with 'then discard', from every bonus card held)
(``classic.power.bonus-draw``).  Why it is passed over reads the position (``idle``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import sub, subtree, tokens
from ..dsl.render import measure_dsl, measure_english
from ..engine.handlers import Loaded, NodeHandler
from ..engine.state import MAX_OWED, PowerFrame, frame
from ..i18n import N_, _, ngettext
from ..verdict import Violation
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("bonus")
@attrs.define(slots=True)
class BonusFrame(PowerFrame):
    drawn: list[int] = attrs.Factory(list)  # the bonus cards just drawn that may be discarded
    owed: int = -1  # how many of them must still go (-1: not all drawn yet)
    bought: int = 0  # food discarded for more cards ('and N per food discarded') ...
    buying: bool = False  # ... once the first cards are drawn, while the player may discard more


@mypyc_attr(allow_interpreted_subclasses=True)
class DrawBonusHandler(NodeHandler[BonusFrame, ir.DrawBonus]):
    """Draw bonus cards, keep some: the discards come from the new cards only."""

    node_types = (ir.DrawBonus,)
    frame_type = BonusFrame
    questions = {"discard-bonus": N_("which bonus card do you discard"), "pay": N_("which food do you give up"), "paid": N_("or is that all")}
    says = {
        "pay": N_("discard 1 {arg} for one more bonus card ({power})"),
        "paid": N_("discard no more food and draw the bonus cards it bought ({power})"),
        "discard-bonus": N_("discard the bonus card {arg}{by}"),
    }
    refusal_topics = ("bonus",)
    verbs = frozenset({"discard-bonus", "pay", "paid"})
    topics = {"bonus": None, "bonus-bought": "counted-bonus-draw"}

    def topic(self, g: Rules, f: BonusFrame, node: ir.DrawBonus) -> str:
        return "bonus-bought" if f.buying else "bonus"

    def bounds(self, v: Loaded, f: BonusFrame, node: ir.DrawBonus) -> str | None:
        if not 0 <= f.bought <= MAX_OWED or (f.buying and f.owed >= 0) or (not f.buying and f.owed < 0 and (f.bought or f.drawn)):
            return _("holds a count its step cannot have")
        held = v.bonus[f.player] if f.player < len(v.bonus) else ()
        if not set(f.drawn) <= set(held) or len(set(f.drawn)) != len(f.drawn) or f.owed > len(f.drawn):
            return _("offers bonus cards player {player} does not hold").format(player=f.player)
        return None

    def idle(self, g: Rules, f: PowerFrame, node: ir.DrawBonus) -> tuple[str, str]:
        if not g.bonus.can_draw(g):  # (a draw bought with food draws its own card first: nothing to buy either)
            return N_("no bonus card is left to draw"), "bonus-bought" if node.per_food else "bonus"  # (noted in English, worded when read)
        return N_("it counts nothing on the mat to draw a bonus card for"), "bonus"  # ('draw bonus for each ...')

    def can(self, g: Rules, f: PowerFrame, node: ir.DrawBonus) -> bool:
        return g.bonus.can_draw(g) and (node.per is None or _bonus_count(g, f, node) > 0)

    def choices(self, g: Rules, f: BonusFrame, node: ir.DrawBonus) -> list[Action] | None:
        if f.owed < 0:
            return self._buys(g, f, node) if f.buying else None
        if f.owed == 0:
            return []
        pool = g.bonus.held(g, f.player) if node.discard else f.drawn  # (a 'discard' draw: from every card held)
        return [_DISCARD_BONUS[g.bonus.name(g, b)] for b in pool]

    @staticmethod
    def _buys(g: Rules, f: BonusFrame, node: ir.DrawBonus) -> list[Action] | None:
        """Once the first cards are drawn: discard a food (any) for ``per_food`` more, one at a
        time, or stop ('paid'); offered while food is held and the bonus deck and its discard
        pile still hold a card for the food already discarded (None: nothing left to buy)."""
        if g.bonus.left(g) <= f.bought * node.per_food:
            return None
        pays = [_PAY_FOOD[food] for food, n in zip(g.foods, g.supply.held(g, f.player), strict=True) if n]
        return pays + [_PAID] if pays else None

    def run(self, g: Rules, f: BonusFrame, node: ir.DrawBonus) -> None:
        if f.buying:  # no more food to discard, or no card left to buy: draw what was bought
            self._finish(g, f, node, f.bought * node.per_food)
            return
        self._draw(g, f, _bonus_count(g, f, node))
        if node.per_food:  # the rulebook's order: draw first, then choose how much food to discard
            f.buying = True
            if self._buys(g, f, node) is not None:
                return
        self._finish(g, f, node, 0)

    @staticmethod
    def _draw(g: Rules, f: BonusFrame, count: int) -> None:
        for b in (g.bonus.draw(g) for _n in range(count)):
            if b is not None:
                g.bonus.take(g, f.player, b)
                f.drawn.append(b)

    def _finish(self, g: Rules, f: BonusFrame, node: ir.DrawBonus, more: int) -> None:
        """Draw the ``more`` cards bought, then say how many cards must go (none: the power is
        done, not passed over)."""
        self._draw(g, f, more)
        f.buying = False
        if node.discard:
            f.owed = min(node.discard, len(g.bonus.held(g, f.player)))
        else:
            f.owed = max(len(f.drawn) - node.keep, 0)
        if f.owed == 0:
            g.state.stack.pop()

    def choose(self, g: Rules, f: BonusFrame, node: ir.DrawBonus, a: Action) -> None:
        if f.owed < 0:  # buying more cards with food (discarded food counts as spent)
            if a.verb == "paid":
                self._finish(g, f, node, f.bought * node.per_food)
                return
            f.bought += 1
            g.supply.spend(g, f.player, g.foods.index(str(a.arg)), f.host.row)
            return
        bid = g.bonus.id_of(g, str(a.arg))
        g.bonus.discard(g, f.player, bid)
        if bid in f.drawn:
            f.drawn.remove(bid)
        f.owed -= 1
        if f.owed <= 0:
            g.state.stack.pop()

    def refusal(self, g: Rules, f: BonusFrame, node: ir.DrawBonus, a: Action) -> list[Violation] | None:
        if a.verb != "discard-bonus":
            return []
        if str(a.arg) in {g.bonus.name(g, b) for b in g.bonus.held(g, f.player)}:
            return [g.refused("bonus", _("{card} was held before this draw and is kept; discard from the cards just drawn").format(card=a.arg))]
        return [g.refused("bonus", _("{card} is not among the bonus cards just drawn").format(card=a.arg))]



_DISCARD_BONUS = Verb("discard-bonus")
_PAY_FOOD = Verb("pay")
_PAID = Action("paid")


def _bonus_count(g: Rules, f: PowerFrame, node: ir.DrawBonus) -> int:
    """The cards a bonus draw takes before any bought: fixed, or counted on the mat now."""
    return node.draw if node.per is None else g.board.measure(g, f.player, node.per)


@family
class DrawBonus(Family):
    name = "draw N bonus keep M"
    rules = ("draw_bonus",)
    verb = "draw"
    syntax = (ast.DrawBonus,)
    nodes = (ir.DrawBonus,)
    handler = DrawBonusHandler
    classic_only = True
    form = "bonus-cards"

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        numbers = [b.number(t) for t in tokens(tree, "INT")]
        per_node = subtree(tree, "bonus_per")
        per = b.measure(sub(per_node.children[0])) if per_node is not None else None
        bought = subtree(tree, "bonus_bought")
        per_food = b.number(tokens(bought, "INT")[0]) if bought is not None else 0
        then = subtree(tree, "bonus_then_discard")
        if then is not None:  # draw N, then discard M from every bonus card held
            discard = b.number(tokens(then, "INT")[0])
            return ast.DrawBonus(numbers[0] if numbers else 1, 0, span, discard, per, per_food)
        count = numbers[0] if len(numbers) == 2 else 1
        return ast.DrawBonus(count, numbers[-1], span, 0, per, per_food)

    def check(self, part: ast.DrawBonus, c: Checking) -> None:
        if (part.per is not None or part.per_food) and not c.admits("counted-bonus-draw"):
            c.error(part.span, _("a counted bonus draw {belongs}").format(belongs=c.belongs("counted-bonus-draw")))
        if part.per is None and not part.per_food and not part.discard and part.keep > part.draw:
            c.error(part.span, _("cannot keep more bonus cards than are drawn"))
        if c.vocab.block == "card":
            c.error(part.span, _("this form of the phrase belongs to the classic game, not to Wingspan Pocket"))

    def compile(self, part: ast.DrawBonus, c: Compiling) -> ir.Effect:
        per = c.measure(part.per) if part.per is not None else None
        return ir.DrawBonus(part.draw, part.keep, part.discard, per, part.per_food)

    def text(self, part: ast.DrawBonus, w: Writing) -> str:
        head = "draw bonus" if part.per is not None else f"draw {part.draw} bonus"
        if part.per is not None:
            head += f" for each {measure_dsl(part.per)}"
        if part.per_food:
            head += f" and {part.per_food} per food discarded"
        if part.discard:
            return f"{head} then discard {part.discard}"
        return f"{head} keep {part.keep}"

    def english(self, part: ast.DrawBonus, w: Writing) -> str:
        if part.discard:
            return _("draw {n} bonus cards, then discard {discard} of all your bonus cards").format(n=part.draw, discard=part.discard)
        if part.per is not None:
            measure = measure_english(part.per)
            if part.keep == 1:
                return _("draw a bonus card for each of these you have now: {measure}; keep one of them and discard the rest").format(measure=measure)
            return _("draw a bonus card for each of these you have now: {measure}; keep {keep} of them and discard the rest").format(
                measure=measure, keep=part.keep
            )
        if part.per_food:
            draw = ngettext("draw {n} bonus card", "draw {n} bonus cards", part.draw).format(n=part.draw)
            more = ngettext("one more", "{n} more", part.per_food).format(n=part.per_food)
            if part.keep == 1:
                return _(
                    "{draw}; then you may discard any number of food (any kinds) from your supply to draw {more} for each; "
                    "keep one of all the cards drawn and discard the rest"
                ).format(draw=draw, more=more)
            return _(
                "{draw}; then you may discard any number of food (any kinds) from your supply to draw {more} for each; "
                "keep {keep} of all the cards drawn and discard the rest"
            ).format(draw=draw, more=more, keep=part.keep)
        if part.keep == 1:
            return ngettext("draw {n} bonus card and keep one of them", "draw {n} bonus cards and keep one of them", part.draw).format(n=part.draw)
        return ngettext("draw {n} bonus card and keep {keep} of them", "draw {n} bonus cards and keep {keep} of them", part.draw).format(
            n=part.draw, keep=part.keep
        )
