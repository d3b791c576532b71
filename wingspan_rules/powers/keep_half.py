"""'gain all F from feeder keep half give rest' (Oceania, 003): every die in the birdfeeder
showing the food is taken at once (rerolling first as usual); the player keeps half, rounded
up, and gives the rest to the other players one food at a time, choosing each receiver
(``oceania.power.keep-half``, ``oceania.power.give``).  Oceania's alone: the form "keep-half"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import need_sub
from ..dsl.render import or_list
from ..engine.handlers import CHOOSE_QUESTION, CHOOSE_SAYS, STOP, Loaded, NodeHandler, chosen, receivers
from ..engine.state import MAX_OWED, PowerFrame, frame
from ..events import GIVE
from ..i18n import N_, _
from ..verdict import Violation
from .family import Family, family
from .gain import FEEDER_QUESTIONS, FEEDER_SAYS, feeder_refusal

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

_TAKE = Verb("take")
_REROLL = Action("reroll")


@frame("keep-half")
@attrs.define(slots=True)
class KeepHalfFrame(PowerFrame):
    giving: int = -1  # food still to hand out (-1: not taken yet)


@mypyc_attr(allow_interpreted_subclasses=True)
class KeepHalfHandler(NodeHandler[KeepHalfFrame, ir.KeepHalf]):
    """Take every die showing the food; keep half, give the rest away one by one."""

    node_types = (ir.KeepHalf,)
    frame_type = KeepHalfFrame
    questions = {"choose": CHOOSE_QUESTION, **FEEDER_QUESTIONS, "give": N_("which food do you give back")}
    says = {**FEEDER_SAYS, "give": N_("give 1 {arg} to another player ({power})"), "choose": CHOOSE_SAYS}
    passed_over = (N_("the feeder shows none of the food it gives"), "keep-half")  # (and its dice may not be rerolled)
    verbs = frozenset({"take", "reroll", "choose", "stop"})
    refusal_topics = ("gain", "reroll", "feeder")
    topics = {"keep-half": None, "give": None}

    def topic(self, g: Rules, f: KeepHalfFrame, node: ir.KeepHalf) -> str:
        return "give" if f.giving >= 0 else "keep-half"  # (the rest, one food at a time)

    def bounds(self, v: Loaded, f: KeepHalfFrame, node: ir.KeepHalf) -> str | None:
        if not -1 <= f.giving <= MAX_OWED:
            return _("holds a food or a count its step cannot have")
        return None

    def can(self, g: Rules, f: PowerFrame, node: ir.KeepHalf) -> bool:
        return bool(g.feeder.choices(g, node.food)) or g.feeder.can_reroll(g)

    def choices(self, g: Rules, f: KeepHalfFrame, node: ir.KeepHalf) -> list[Action]:
        """'take' only while a die shows the food; a reroll when the rules allow one, and then,
        with nothing to take, 'stop' beside it (none of them: the power can do nothing); once
        taken, whom the next one goes to."""
        if f.giving >= 0:
            return receivers(g, f.player)
        out = [_TAKE[g.foods[g.supply.one_food(g, node.food)]]] if g.feeder.has(g, node.food) else []
        if g.feeder.can_reroll(g):
            out += [_REROLL] if out else [_REROLL, STOP]
        return out

    def choose(self, g: Rules, f: KeepHalfFrame, node: ir.KeepHalf, a: Action) -> None:
        if a.verb == "stop":
            g.feeder.refill_if_empty(g)
            g.state.stack.pop()
            return
        if a.verb == "reroll":
            g.feeder.reroll(g)
            return
        food = g.supply.one_food(g, node.food)
        if f.giving < 0:
            taken = 0
            while g.feeder.has(g, 1 << food):
                g.feeder.take(g, food, refill=False)
                taken += 1
            g.feeder.refill_if_empty(g)
            kept = taken - taken // 2
            g.supply.held(g, f.player)[food] += kept
            for _kept in range(kept):
                g.food_gained(f.player, food)
            f.giving = taken // 2 if len(g.state.seats) > 1 else 0
        else:
            receiver = chosen(a)
            g.supply.held(g, receiver)[food] += 1
            if g.log is not None:
                g.recorder.note(g, GIVE, f.player, f"p{receiver}", g.foods[food])
            g.food_gained(receiver, food)
            f.giving -= 1
        if f.giving <= 0:
            g.state.stack.pop()

    def refusal(self, g: Rules, f: KeepHalfFrame, node: ir.KeepHalf, a: Action) -> list[Violation] | None:
        if f.giving >= 0:
            return None  # (handing out the rest: the ruleset's words)
        return feeder_refusal(g, node.food, a)


@family
class KeepHalf(Family):
    name = "gain all F from feeder keep half give rest"
    form = "keep-half"
    rules = ("gain_half",)
    verb = "gain"
    syntax = (ast.KeepHalf,)
    nodes = (ir.KeepHalf,)
    handler = KeepHalfHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.KeepHalf(b.food_choice(need_sub(tree, "food_choice")), span)

    def check(self, part: ast.KeepHalf, c: Checking) -> None:
        if not c.admits("keep-half"):
            c.error(part.span, _("this gain {belongs}").format(belongs=c.belongs("keep-half")))
        if len(part.foods) != 1:
            c.error(part.span, _("'keep half give rest' follows 'gain all F from feeder' with one food F"))

    def compile(self, part: ast.KeepHalf, c: Compiling) -> ir.Effect:
        return ir.KeepHalf(c.mask(part.foods))

    def text(self, part: ast.KeepHalf, w: Writing) -> str:
        what = " or ".join(part.foods) if part.foods else "die"
        return f"gain all {what} from feeder keep half give rest"

    def english(self, part: ast.KeepHalf, w: Writing) -> str:
        return _(
            "take every die in the birdfeeder that shows {foods} (rerolling first as usual); keep half "
            "of that food, rounded up, and give the rest to the other players, one at a time, as you choose"
        ).format(foods=or_list([words.food(food) for food in part.foods]))
