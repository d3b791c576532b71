"""'cache up to N F|any from your supply': the bird caches food of its owner's own supply on
itself, one at a time, up to the number (Oceania); caching is not spending."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import tok, tokens
from ..engine.handlers import STOP, NodeHandler
from ..engine.state import PowerFrame, frame
from ..events import CACHE
from ..i18n import N_, ngettext
from .family import Family, counted_food, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("cache-own")
@attrs.define(slots=True)
class CacheOwnFrame(PowerFrame):
    left: int = -1  # food still to cache (-1: not started)


_CACHE_FOOD = Verb("cache-food")


@mypyc_attr(allow_interpreted_subclasses=True)
class CacheOwnHandler(NodeHandler[CacheOwnFrame, ir.CacheOwn]):
    """Cache food of your own supply on this bird, one at a time, up to the number."""

    node_types = (ir.CacheOwn,)
    frame_type = CacheOwnFrame
    questions = {"cache-food": N_("which food do you cache")}
    says = {"cache-food": N_("cache 1 {arg} from your supply on {source}")}
    verbs = frozenset({"cache-food", "stop"})
    passed_over = (N_("there is no food it could cache"), "cache")

    def _offers(self, g: Rules, f: PowerFrame, node: ir.CacheOwn) -> list[Action]:
        held = g.supply.held(g, f.player)
        mask = node.foods or g.all_foods  # (ANY: every food)
        return [_CACHE_FOOD[food] for i, food in enumerate(g.foods) if held[i] and mask >> i & 1]

    def can(self, g: Rules, f: PowerFrame, node: ir.CacheOwn) -> bool:
        return g.board.host_bird(g, f) is not None and bool(self._offers(g, f, node))

    def choices(self, g: Rules, f: CacheOwnFrame, node: ir.CacheOwn) -> list[Action]:
        if f.left < 0:
            f.left = node.count
        if f.left <= 0 or g.board.host_bird(g, f) is None:
            return []
        out = self._offers(g, f, node)
        return out + [STOP] if out else []

    def choose(self, g: Rules, f: CacheOwnFrame, node: ir.CacheOwn, a: Action) -> None:
        if a.verb == "stop":
            g.state.stack.pop()
            return
        food = g.foods.index(str(a.arg))
        g.supply.held(g, f.player)[food] -= 1  # (caching is not spending: no spent nectar)
        host = g.board.host_bird(g, f)
        assert host is not None
        host.cached[food] += 1
        if g.log is not None:
            g.recorder.note(g, CACHE, f.player, g._names[host.card], g.foods[food], "their food")
        f.left -= 1


@family
class CacheOwn(Family):
    name = "cache up to N F from your supply"
    form = "cache-own"
    rules = ("cache_own",)
    verb = "cache"
    syntax = (ast.CacheOwn,)
    nodes = (ir.CacheOwn,)
    handler = CacheOwnHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        word = tok(tree.children[-1])
        food = None if word.type == "ANY" else b.need(word, b.vocab.foods, "food")
        return ast.CacheOwn(food, b.number(tokens(tree, "INT")[0]), span)

    def compile(self, part: ast.CacheOwn, c: Compiling) -> ir.Effect:
        return ir.CacheOwn(ir.ANY if part.food is None else c.bit(part.food), part.count)

    def text(self, part: ast.CacheOwn, w: Writing) -> str:
        return f"cache up to {part.count} {part.food or 'any'} from your supply"

    def english(self, part: ast.CacheOwn, w: Writing) -> str:
        n = part.count
        if part.food is None:
            return ngettext(
                "cache up to {n} food from your own supply on this bird, one at a time",
                "cache up to {n} food from your own supply on this bird, one at a time",
                n,
            ).format(n=n)
        food = counted_food(part.food, n)
        return ngettext(
            "cache up to {n} {food} from your own supply on this bird, one at a time",
            "cache up to {n} {food} from your own supply on this bird, one at a time",
            n,
        ).format(n=n, food=food)
