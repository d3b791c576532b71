"""'gain one of each food from feeder' (Oceania, 003): a die at a time, each for a food not
gained yet (a die showing two foods gives both, if the player has neither yet); no reroll
(``classic.feeder.take``).  Oceania's alone: the form "gain-each-kind"."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..engine.handlers import STOP, Loaded, NodeHandler
from ..engine.state import PowerFrame, frame
from ..events import DIE
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

_TAKE_DIE = Verb("take-die")


@frame("gain-each")
@attrs.define(slots=True)
class GainEachFrame(PowerFrame):
    kinds: int = 0  # the foods gained so far


@mypyc_attr(allow_interpreted_subclasses=True)
class GainEachHandler(NodeHandler[GainEachFrame, ir.GainEach]):
    """One food of each kind the feeder shows: the player names a die by its face."""

    node_types = (ir.GainEach,)
    frame_type = GainEachFrame
    questions = {**FEEDER_QUESTIONS, "take-die": N_("which die do you take")}
    says = {**FEEDER_SAYS, "take-die": N_("take the {arg} die from the birdfeeder ({power})")}
    passed_over = (N_("the feeder shows none of the food it gives"), "gain")
    verbs = frozenset({"take-die", "stop"})
    refusal_topics = ("gain", "reroll", "feeder")
    topics = {"feeder": None}

    def topic(self, g: Rules, f: GainEachFrame, node: ir.GainEach) -> str:
        return "feeder"

    def bounds(self, v: Loaded, f: GainEachFrame, node: ir.GainEach) -> str | None:
        if not 0 <= f.kinds < 1 << len(v.rules.foods):
            return _("holds a food or a count its step cannot have")
        return None

    def can(self, g: Rules, f: PowerFrame, node: ir.GainEach) -> bool:
        return bool(g.feeder.choices(g, 0)) or g.feeder.can_reroll(g)

    def choices(self, g: Rules, f: GainEachFrame, node: ir.GainEach) -> list[Action]:
        faces = [face for face in dict.fromkeys(g.feeder.dice(g)) if g.feeder.face_mask(g, face) & ~f.kinds]
        return [_TAKE_DIE[g.feeder.face_label(g, face)] for face in faces] + [STOP] if faces else []

    def choose(self, g: Rules, f: GainEachFrame, node: ir.GainEach, a: Action) -> None:
        if a.verb == "stop":
            g.feeder.refill_if_empty(g)
            g.state.stack.pop()
            return
        feeder = g.feeder.dice(g)
        gone = next(face for face in feeder if g.feeder.face_label(g, face) == a.arg)
        feeder.remove(gone)
        shown = g.feeder.face_mask(g, gone)
        if g.log is not None:
            gained = [g.foods[k] for k in range(len(g.foods)) if shown >> k & 1 and not f.kinds >> k & 1]
            g.recorder.note(g, DIE, f.player, g.feeder.face_label(g, gone), *gained)
        for kind in range(len(g.foods)):
            if shown >> kind & 1 and not f.kinds >> kind & 1:
                f.kinds |= 1 << kind
                g.supply.held(g, f.player)[kind] += 1
                g.food_gained(f.player, kind)
        if not feeder:  # the last die: the feeder is rolled anew, but the power has had its dice
            g.feeder.refill_if_empty(g)
            g.state.stack.pop()

    def refusal(self, g: Rules, f: GainEachFrame, node: ir.GainEach, a: Action) -> list[Violation] | None:
        return feeder_refusal(g, 0, a)


@family
class GainEach(Family):
    name = "gain one of each food from feeder"
    form = "gain-each-kind"
    rules = ("gain_each",)
    verb = "gain"
    syntax = (ast.GainEach,)
    nodes = (ir.GainEach,)
    handler = GainEachHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.GainEach(span)

    def check(self, part: ast.GainEach, c: Checking) -> None:
        if not c.admits("gain-each-kind"):
            c.error(part.span, _("this gain {belongs}").format(belongs=c.belongs("gain-each-kind")))

    def compile(self, part: ast.GainEach, c: Compiling) -> ir.Effect:
        return ir.GainEach()

    def text(self, part: ast.GainEach, w: Writing) -> str:
        return "gain one of each food from feeder"

    def english(self, part: ast.GainEach, w: Writing) -> str:
        return _(
            "gain one food of each kind the birdfeeder shows, taking the dice as you go "
            "(a die showing two kinds gives both, if you have neither yet); no reroll"
        )
