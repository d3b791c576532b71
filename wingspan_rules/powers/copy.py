"""'copy C' and 'copy C from left|right player in H': the bird uses another bird's power of its
colour as if it were printed here, never a power that copies (Pocket: a bird of another
player's flock; Oceania: a bird in a habitat of a neighbour)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import subtree, tok, tokens
from ..engine.handlers import AtomHandler, frame_for
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

_COPY = Verb("copy")


@frame("copy")
@attrs.define(slots=True)
class CopyFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class CopyHandler(AtomHandler):
    """Carry out another bird's brown power as if printed here (never another copy)."""

    node_types = (ir.Copy,)
    frame_type = CopyFrame
    questions = {"copy": N_("whose power do you copy")}
    says = {"copy": N_("copy {arg}'s power with {your_bird}")}
    asks = "copy"
    verbs = frozenset({"copy"})
    passed_over = (N_("no neighbouring bird has a power it could copy"), "copy")

    def can(self, g: Rules, f: PowerFrame, node: ir.Copy) -> bool:
        if node.side is not None:
            return bool(g.board.neighbour_copies(g, f, node))
        return bool(g.board.copy_candidates(g, f, node.colour, first_only=True))

    def choices(self, g: Rules, f: PowerFrame, node: ir.Copy) -> list[Action]:
        found = g.board.neighbour_copies(g, f, node) if node.side is not None else g.board.copy_candidates(g, f, node.colour)
        return [_COPY[g.cards[c].name] for c in found]

    def perform(self, g: Rules, f: PowerFrame, node: ir.Copy, a: Action) -> None:
        target = g.by_name[str(a.arg)]
        power = g.cards[target].power
        assert power is not None
        g.state.stack.append(frame_for(power, f.player, target, (), f.owner, f.host))

    def refusal(self, g: Rules, f: PowerFrame, node: ir.Copy, a: Action) -> list[Violation] | None:
        return g.board.refuse_copy(g, f, a)  # (which birds may be copied is the mats' to say)


@family
class Copy(Family):
    name = "copy"
    rules = ("copy",)
    verb = "copy"
    syntax = (ast.Copy,)
    nodes = (ir.Copy,)
    handler = CopyHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        colour = b.need(tok(tree.children[0]), b.vocab.colours, "power colour")
        source = subtree(tree, "copy_from")
        if source is None:
            return ast.Copy(colour, span)
        side = str(tokens(source, "LEFT", "RIGHT")[0])
        habitat = b.need(tokens(source, "NAME")[0], b.vocab.habitats, "habitat")
        return ast.Copy(colour, span, side, habitat)

    def check(self, part: ast.Copy, c: Checking) -> None:
        if c.vocab.block == "bird" and part.side is None:
            c.error(part.span, _("a copy names whose birds: 'copy brown from left player in forest'"))
        if part.colour != c.colour:
            c.error(part.span, _("a {colour} power can only copy {colour} powers").format(colour=words.colour(c.colour)))
        if c.vocab.block == "card" and part.side is not None:  # (Pocket: a neighbour's habitat is the classic game's form)
            c.error(part.span, _("this form of the phrase belongs to the classic game, not to Wingspan Pocket"))

    def compile(self, part: ast.Copy, c: Compiling) -> ir.Effect:
        return ir.Copy(part.colour, part.side, part.habitat)

    def text(self, part: ast.Copy, w: Writing) -> str:
        return f"copy {part.colour}" + (f" from {part.side} player in {part.habitat}" if part.side else "")

    def english(self, part: ast.Copy, w: Writing) -> str:
        if w.classic and part.side is not None:
            colour, habitat = words.colour(part.colour), words.the_habitat(str(part.habitat))
            if part.side == "left":
                return _(
                    "use the {colour} power of a bird in {habitat} of the player on your left "
                    "as if it were printed here (never a power that copies)"
                ).format(colour=colour, habitat=habitat)
            return _(
                "use the {colour} power of a bird in {habitat} of the player on your right "
                "as if it were printed here (never a power that copies)"
            ).format(colour=colour, habitat=habitat)
        if part.colour == "green":
            return _("each turn, pick a green power in another player's flock: this bird has it for that turn")
        return _("use the brown power of a bird in another player's flock as if it were printed here")
