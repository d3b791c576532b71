"""'cache [N] F from supply': the bird caches food from the supply on itself (classic)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..dsl import ast
from ..dsl.builder import tokens
from ..dsl.render import count_prefix, food_words
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


@frame("cache")
@attrs.define(slots=True)
class CacheFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class CacheHandler(AtomHandler):
    """Cache food from the supply on this bird."""

    node_types = (ir.Cache,)
    frame_type = CacheFrame
    passed_over = (N_("there is no food it could cache"), "cache")

    def can(self, g: Rules, f: PowerFrame, node: ir.Cache) -> bool:
        return g.board.host_bird(g, f) is not None

    def run(self, g: Rules, f: PowerFrame, node: ir.Cache) -> None:
        g.state.stack.pop()
        host = g.board.host_bird(g, f)
        if host is not None:
            g.supply.cache(g, host, node.food.bit_length() - 1, node.count)


@family
class Cache(Family):
    name = "cache from supply"
    rules = ("cache",)
    verb = "cache"
    syntax = (ast.Cache,)
    nodes = (ir.Cache,)
    handler = CacheHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        food = b.need(tokens(tree, "NAME")[0], b.vocab.foods, "food")
        return ast.Cache(food, span, b.count(tree))

    def check(self, part: ast.Cache, c: Checking) -> None:
        c.range(part.count, "count", _("a count of"), part.span)

    def compile(self, part: ast.Cache, c: Compiling) -> ir.Effect:
        return ir.Cache(c.bit(part.food), part.count)

    def text(self, part: ast.Cache, w: Writing) -> str:
        return f"cache {count_prefix(part.count)}{part.food} from supply"

    def english(self, part: ast.Cache, w: Writing) -> str:
        return _("cache {food} from the supply on this bird").format(food=food_words(part.food, part.count))
