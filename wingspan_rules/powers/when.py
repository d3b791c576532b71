"""'when other ...: B': a pink power, answering another player's action once between its owner's
turns (``classic.powers.pink-once``, ``classic.powers.pink-timing``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import Failed, span_of, sub, tok
from ..dsl.checker import belongs
from ..dsl.render import food_words
from ..engine.handlers import USE, push_part
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _, translate
from .family import BodyHandler, Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

@frame("when")
@attrs.define(slots=True)
class WhenFrame(PowerFrame):
    stage: int = 0  # 0: the body is next; 1: done


@mypyc_attr(allow_interpreted_subclasses=True)
class WhenHandler(BodyHandler[WhenFrame, ir.When]):
    """A pink power: its trigger was met; its body runs once between its owner's turns."""

    node_types = (ir.When,)
    frame_type = WhenFrame

    def opening(self, g: Rules, f: WhenFrame, node: ir.When) -> list[Action]:
        return [USE] if self.can(g, f, node) else []

    def on_use(self, g: Rules, f: WhenFrame, node: ir.When) -> None:
        host = g.board.host_bird(g, f)
        if host is not None:
            host.pink_used = True

    def run(self, g: Rules, f: WhenFrame, node: ir.When) -> None:
        if f.stage == 0:
            f.stage = 1
            push_part(g, f, 0)
        else:
            g.state.stack.pop()


# What another player does that a pink power answers: as card text, and in words (a template
# of the catalog: {habitat} and {food} are the trigger's qualifier, worded)
_EVENT_TEXT = {
    "lays_eggs": "lays eggs",
    "plays_bird": "plays bird in {}",
    "predator_succeeds": "predator succeeds",
    "gains_food": "gains {}",
    "gains_any": "gains {} in any way",
    "takes_gain_food": "takes gain food",
}
_EVENT_WORDS = {
    "lays_eggs": N_("takes the lay-eggs action"),
    "plays_bird": N_("plays a bird in their {habitat}"),
    "predator_succeeds": N_("succeeds with a predator power"),
    "gains_food": N_("takes {food} from the birdfeeder with the gain-food action"),
    "gains_any": N_("gains {food} in any way (from the birdfeeder, the supply or another player)"),
    "takes_gain_food": N_("takes the gain-food action (answered at the end of that action)"),
}


@family
class When(Family):
    name = "when"
    rules = ("when",)
    syntax = (ast.When,)
    nodes = (ir.When,)
    handler = WhenHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        trigger = next(c for c in tree.children if isinstance(c, Tree))
        unit = sub(tree.children[-1])
        qualifier = None
        try:
            if trigger.data == "plays_bird":
                qualifier = b.need(tok(trigger.children[-1]), b.vocab.habitats or ("forest",), "habitat")
            elif trigger.data in ("gains_food", "gains_any"):
                qualifier = b.need(tok(trigger.children[-1]), b.vocab.foods, "food")
            if trigger.data in ("takes_gain_food", "gains_any") and not b.vocab.admits("when-other"):
                text = "takes gain food" if trigger.data == "takes_gain_food" else "gains F in any way"  # (card text)
                raise b.fail(
                    span_of(trigger),
                    _("'when other {text}' {belongs}").format(text=text, belongs=belongs("when-other", b.vocab)),
                )
        except Failed:
            b.parts([unit], depth + 1)
            raise
        return ast.When(trigger.data, b.part(unit, depth + 1), qualifier, span)

    def check(self, part: ast.When, c: Checking) -> None:
        if not c.top:
            c.error(part.span, _("a 'when ...:' trigger starts a pink power and cannot be nested"))
        c.part(part.body)

    def compile(self, part: ast.When, c: Compiling) -> ir.Effect:
        return ir.When(part.event, c.part(part.body), part.qualifier)

    def text(self, part: ast.When, w: Writing) -> str:
        return f"when other {_EVENT_TEXT[part.event].format(part.qualifier)}: {w.text(part.body)}"

    def english(self, part: ast.When, w: Writing) -> str:
        qualifier = part.qualifier or ""
        template = translate(_EVENT_WORDS[part.event])
        if part.event in ("gains_food", "gains_any"):
            event = template.format(food=food_words(qualifier))
        elif part.event == "plays_bird":
            event = template.format(habitat=words.habitat(qualifier) if qualifier else "")
        else:
            event = template
        return _("once between your turns, when another player {event}: {power}").format(event=event, power=w.english(part.body))
