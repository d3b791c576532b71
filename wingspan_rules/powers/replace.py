"""'replace bird in H -> ...': the requirement that starts an Oceania white power, met only by
playing the bird in the place of one of the birds of that habitat (the play itself does it,
and the benefit then starts on its own); as a power's step it can do nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import tokens
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("replace")
@attrs.define(slots=True)
class ReplaceFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class ReplaceHandler(AtomHandler):
    """'replace bird in H ->': met only by playing the bird in another's place, which the play
    itself does (the benefit then starts on its own); as a power's step it can do nothing."""

    node_types = (ir.Replace,)
    frame_type = ReplaceFrame
    says = {"discard-bird": N_("discard {arg} and put {new_bird} in its place")}
    verbs = frozenset({"discard-bird"})
    passed_over = (N_("it is met only by playing the bird in the place of another"), "replace")

    def can(self, g: Rules, f: PowerFrame, node: ir.Replace) -> bool:
        return False

    def choices(self, g: Rules, f: PowerFrame, node: ir.Replace) -> list[Action]:
        return []


@family
class Replace(Family):
    name = "replace bird in H"
    form = "replace"
    rules = ("replace",)
    verb = "replace"
    syntax = (ast.Replace,)
    nodes = (ir.Replace,)
    handler = ReplaceHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.Replace(b.need(tokens(tree, "NAME")[0], b.vocab.habitats, "habitat"), span)

    def misplaced(self, part: ast.Replace, c: Checking) -> bool:
        # The requirement of a white power ('->', powers/then.py) is checked there and never
        # reaches here: met anywhere else, in a power of any colour, it is out of place.
        c.error(part.span, _("'replace bird in H' is only the requirement that starts a white power: 'replace bird in forest -> ...'"))
        return True

    def compile(self, part: ast.Replace, c: Compiling) -> ir.Effect:
        return ir.Replace(part.habitat)

    def text(self, part: ast.Replace, w: Writing) -> str:
        return f"replace bird in {part.habitat}"

    def english(self, part: ast.Replace, w: Writing) -> str:
        return _(
            "play this bird in the place of one of the birds in your {habitat}, which is discarded with its eggs, "
            "food and tucked cards, paying its food cost but no egg cost (played in an empty place instead, as usual, "
            "it does not do what follows)"
        ).format(habitat=words.habitat(part.habitat))
