"""'reset feeder': every die of the birdfeeder is taken out and rolled (a requirement of
Oceania powers)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("reset-feeder")
@attrs.define(slots=True)
class ResetFeederFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


_RESET_FEEDER = Action("reset")


@mypyc_attr(allow_interpreted_subclasses=True)
class ResetFeederHandler(AtomHandler):
    """Reset the birdfeeder: every die is taken out and rolled (``oceania.mat.reset``'s kin)."""

    node_types = (ir.ResetFeeder,)
    frame_type = ResetFeederFrame
    questions = {"reset": N_("reset the birdfeeder")}
    says = {"reset": N_("reset the birdfeeder, rolling every die ({power})")}
    verbs = frozenset({"reset"})
    passed_over = (N_("the birdfeeder cannot be reset now"), "reset")

    def can(self, g: Rules, f: PowerFrame, node: ir.ResetFeeder) -> bool:
        return True

    def choices(self, g: Rules, f: PowerFrame, node: ir.ResetFeeder) -> list[Action]:
        return [_RESET_FEEDER]  # one answer, taken at once (a requirement asks for a choice)

    def perform(self, g: Rules, f: PowerFrame, node: ir.ResetFeeder, a: Action | None = None) -> None:
        g.feeder.reset(g)


@family
class ResetFeeder(Family):
    name = "reset feeder"
    form = "reset-feeder"
    rules = ("reset_feeder",)
    verb = "reset"
    syntax = (ast.ResetFeeder,)
    nodes = (ir.ResetFeeder,)
    handler = ResetFeederHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.ResetFeeder(span)

    def compile(self, part: ast.ResetFeeder, c: Compiling) -> ir.Effect:
        return ir.ResetFeeder()

    def text(self, part: ast.ResetFeeder, w: Writing) -> str:
        return "reset feeder"

    def english(self, part: ast.ResetFeeder, w: Writing) -> str:
        return _("reset the birdfeeder: take out every die and roll them all")
