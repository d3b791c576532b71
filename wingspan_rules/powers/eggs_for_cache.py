"""'discard egg from each bird in this row and column and cache N F per egg' (Oceania): an egg
from each other bird of the host's row and column, for food cached on the host."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..dsl import ast
from ..dsl.builder import tokens
from ..engine.handlers import NodeHandler
from ..engine.state import Bird, PowerFrame, frame
from ..events import EGG_OFF
from ..i18n import N_, _
from .family import Family, counted_food, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("eggs-for-cache")
@attrs.define(slots=True)
class EggsForCacheFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class EggsForCacheHandler(NodeHandler[EggsForCacheFrame, ir.EggsForCache]):
    """An egg from each other bird of the host's row and column, for food cached on the host."""

    node_types = (ir.EggsForCache,)
    frame_type = EggsForCacheFrame
    verbs = frozenset({"discard-egg"})
    passed_over = (N_("there is no food it could cache"), "cache")

    def _birds(self, g: Rules, f: PowerFrame) -> list[Bird]:
        rows = g.state.seats[f.player].rows
        row, column = f.host.row, f.host.column
        out = [b for c, b in enumerate(rows[row]) if c != column and b.eggs]
        out += [r[column] for i, r in enumerate(rows) if i != row and column < len(r) and r[column].eggs]
        return out

    def can(self, g: Rules, f: PowerFrame, node: ir.EggsForCache) -> bool:
        return bool(self._birds(g, f))

    def run(self, g: Rules, f: EggsForCacheFrame, node: ir.EggsForCache) -> None:
        g.state.stack.pop()
        birds = self._birds(g, f)
        for bird in birds:
            bird.eggs -= 1
            if g.log is not None:
                g.recorder.note(g, EGG_OFF, f.player, g._names[bird.card])
        host = g.board.host_bird(g, f)
        if host is not None:
            g.supply.cache(g, host, node.food.bit_length() - 1, node.per * len(birds))


@family
class EggsForCache(Family):
    name = "discard egg from each bird in this row and column and cache N F per egg"
    form = "eggs-for-cache"
    rules = ("eggs_for_cache",)
    verb = "discard"
    syntax = (ast.EggsForCache,)
    nodes = (ir.EggsForCache,)
    handler = EggsForCacheHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        food = b.need(tokens(tree, "NAME")[0], b.vocab.foods, "food")
        return ast.EggsForCache(b.number(tokens(tree, "INT")[0]), food, span)

    def check(self, part: ast.EggsForCache, c: Checking) -> None:
        if not c.admits(self.form):
            c.error(part.span, _("this discard {belongs}").format(belongs=c.belongs(self.form)))
        c.range(part.per, "count", _("a count of"), part.span)

    def compile(self, part: ast.EggsForCache, c: Compiling) -> ir.Effect:
        return ir.EggsForCache(part.per, c.bit(part.food))

    def text(self, part: ast.EggsForCache, w: Writing) -> str:
        return f"discard egg from each bird in this row and column and cache {part.per} {part.food} per egg"

    def english(self, part: ast.EggsForCache, w: Writing) -> str:
        return _(
            "discard an egg from each of your other birds in this bird's row and in its column that holds one; "
            "for each egg, cache {n} {food} from the supply on this bird"
        ).format(n=part.per, food=counted_food(part.food, part.per))
