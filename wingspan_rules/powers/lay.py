"""'lay egg ...': lay eggs on this bird, on each bird, on adjacent or other birds, or on any
egg holder with room (of a nest, a row, bird conditions); the turn's own lay-eggs actions are
this node too (``Rules.action_nodes``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs
from lark import Token, Tree

from .. import ir
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import subtree, tok, tokens
from ..dsl.render import count_prefix, nest_words, predicate_dsl, predicate_english, row_words
from ..engine.handlers import STOP, Loaded, NodeHandler
from ..engine.state import ACTION, MAX_OWED, Place, PowerFrame, frame
from ..events import EGG
from ..filters import bird_passes
from ..i18n import N_, _, ngettext
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules
    from ..verdict import Violation


@frame
@attrs.define(slots=True)
class LayFrame(PowerFrame):
    kind: ClassVar[str] = "lay"
    left: int = -1  # eggs still to lay (-1: not started)
    laid: list[Place] = attrs.Factory(list)  # holders given an egg (when each egg needs its own)


_EGG, _EGG_STOP = frozenset({"egg"}), frozenset({"egg", "stop"})


class LayHandler(NodeHandler[LayFrame, ir.LayEgg]):
    """Lay eggs: on this bird, or one at a time on holders with room (of a nest, on other
    birds, one per holder where the power spreads them)."""

    node_types = (ir.LayEgg,)
    frame_type = LayFrame
    questions = {"egg": N_("where does the next egg go")}
    says = {"egg": N_("lay an egg on {holder}{by}"), "stop": N_("lay no more eggs{by}")}
    passed_over = (N_("no bird it may lay on has room for an egg"), "lay")
    topics = {"lay": None, "lay-action": None}

    def answers(self, g: Rules, node: ir.LayEgg) -> frozenset[str]:
        return _EGG_STOP if g.take_fewer or node.up_to else _EGG

    def topic(self, g: Rules, f: LayFrame, node: ir.LayEgg) -> str:
        return "lay-action" if f.card == ACTION else "lay"

    def bounds(self, v: Loaded, f: LayFrame, node: ir.LayEgg) -> str | None:
        rows = v.state.seats[f.player].rows
        if any(not (0 <= p.row < len(rows) and 0 <= p.column < len(rows[p.row])) for p in f.laid):
            return _("names eggs laid on birds that are not on player {player}'s mat").format(player=f.player)
        # eggs laid and still to lay make the step's count (the action's count is the column's;
        # 'on each' bird, one per bird that had room)
        most = 3 * MAX_OWED if f.card == ACTION or node.where == "each" else node.count
        if f.left > most or len(f.laid) + max(f.left, 0) > most or (f.left < 0 and f.laid):
            return _("lays more eggs than its step does")
        return None

    def _exclude(self, g: Rules, f: PowerFrame, node: ir.LayEgg) -> int:
        host = g.board.host_bird(g, f) if node.where == "other" else None
        return host.card if host is not None else -1

    def _distinct(self, f: PowerFrame, node: ir.LayEgg) -> bool:
        # a power's eggs each go on a different bird; an action's only if it says so
        return node.distinct or node.where == "each" or f.card != ACTION

    @staticmethod
    def _targeted(node: ir.LayEgg) -> bool:
        """Does the power name which birds may take its eggs (a row, conditions, neighbours)?"""
        return node.where == "adjacent" or node.habitat is not None or node.test is not None

    def _only(self, g: Rules, f: PowerFrame, node: ir.LayEgg) -> list[Place] | None:
        """The birds a targeted power may lay on (a row, conditions, the host's neighbours);
        None when any bird of the player may take the egg."""
        if not self._targeted(node):
            return None
        if node.where == "adjacent":
            return g.board.adjacent_places(g, f.player, f.host)
        row = -1 if node.habitat is None else f.host.row if node.habitat == "this" else g.habitats.index(node.habitat)
        cards = g.cards
        test = node.test
        return [
            place
            for place, bird in g.board.birds(g, f.player)
            if (row < 0 or place.row == row) and (test is None or bird_passes(cards[bird.card], test, bird.eggs))
        ]

    def _room(self, g: Rules, f: PowerFrame, node: ir.LayEgg) -> list[Place]:
        room = g.board.egg_room(g, f.player, node.nest, self._exclude(g, f, node))
        only = self._only(g, f, node)
        return room if only is None else [p for p in room if p in only]

    def can(self, g: Rules, f: PowerFrame, node: ir.LayEgg) -> bool:
        if node.where == "this":
            host = g.board.host_bird(g, f)
            return host is not None and host.eggs < g.cards[host.card].egg_limit
        return bool(self._room(g, f, node))

    def choices(self, g: Rules, f: LayFrame, node: ir.LayEgg) -> list[Action] | None:
        if node.where == "this":
            if node.count <= 1:
                return None  # one egg on this bird: nothing to choose
            # several: one at a time, so the player may stop short where gains may be taken in part
            if f.left < 0:
                f.left = node.count
            host = g.board.host_bird(g, f)
            if f.left <= 0 or host is None or host.eggs >= g.cards[host.card].egg_limit:
                return []
            out = [Action("egg", g.cards[host.card].name)]
            return out + [STOP] if g.take_fewer else out
        if f.left < 0:
            f.left = len(self._room(g, f, node)) if node.where == "each" else node.count
        if f.left <= 0:
            return []
        laid = f.laid if self._distinct(f, node) else []
        out = g.board.egg_offers(g, f.player, node.nest, self._exclude(g, f, node) if node.where == "other" else -1, laid)
        if self._targeted(node):
            only = self._only(g, f, node)
            assert only is not None
            names = {g.board.holder_name(g, f.player, p) for p in only}
            out = [a for a in out if a.arg in names]
        if out and (g.take_fewer or node.up_to):
            out.append(STOP)
        return out

    def opening(self, g: Rules, f: LayFrame, node: ir.LayEgg) -> list[Action]:
        return self.choices(g, f, node) or []

    def choose(self, g: Rules, f: LayFrame, node: ir.LayEgg, a: Action) -> None:
        if a.verb == "stop":
            g.state.stack.pop()
            return
        place = f.host if node.where == "this" else g.board.holder_place(g, f.player, str(a.arg))
        g.board.add_egg(g, f.player, place)
        f.left -= 1
        if node.where != "this":
            f.laid.append(place)
        if not g.take_fewer and not node.up_to and f.left <= 0:
            g.state.stack.pop()

    def run(self, g: Rules, f: LayFrame, node: ir.LayEgg) -> None:  # "on this bird"
        g.state.stack.pop()
        host = g.board.host_bird(g, f)
        if host is not None and host.eggs < g.cards[host.card].egg_limit:
            host.eggs += 1
            if g.log is not None:
                g.recorder.note(g, EGG, f.player, g._names[host.card])

    def refusal(self, g: Rules, f: LayFrame, node: ir.LayEgg, a: Action) -> list[Violation] | None:
        return g.board.refuse_egg(g, f, node, a)  # (where eggs may go is the mat's to say)


@family
class Lay(Family):
    name = "lay egg"
    rules = ("lay",)
    verb = "lay"
    syntax = (ast.LayEgg,)
    nodes = (ir.LayEgg,)
    handler = LayHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        count = b.count(tree)
        place = None
        for c in tree.children:
            if isinstance(c, Tree):
                place = c
        if place is None:
            return ast.LayEgg(span, "any", None, count)
        if place.data == "on_this":
            return ast.LayEgg(span, "this", None, count)
        if place.data == "on_adjacent":  # (``oceania.adjacency``)
            return ast.LayEgg(span, "adjacent", None, count)
        which = tokens(place, "EACH", "OTHER")
        habitat = None
        row = subtree(place, "in_row")
        if row is not None:
            t = tok(row.children[0])
            habitat = "this" if t.type == "THIS" else b.need(t, b.vocab.habitats, "habitat")
        preds = b._predicates(place.children)
        nest = None
        if len(preds) == 1 and isinstance(preds[0], ast.HasNest):
            nest, preds = preds[0].nest, ()  # the one condition the first cards used: kept as it was
        return ast.LayEgg(span, str(which[0]) if which else "any", nest, count, habitat, preds)

    def check(self, part: ast.LayEgg, c: Checking) -> None:
        span = part.span
        c.range(part.count, "count", _("a count of"), span)
        if part.where in ("each", "adjacent") and part.count != 1:
            if part.where == "each":
                c.error(span, _("'on each bird' lays one egg on each bird: it takes no count"))
            else:
                c.error(span, _("'on adjacent bird' lays one egg on one adjacent bird: it takes no count"))
        if c.vocab.block == "card" and (part.where, part.nest, part.count, part.habitat, part.predicates) != ("any", None, 1, None, ()):
            c.error(span, _("this form of the phrase belongs to the classic game, not to Wingspan Pocket"))

    def compile(self, part: ast.LayEgg, c: Compiling) -> ir.Effect:
        test = c.test(part.predicates) if part.predicates else None
        return ir.LayEgg(part.where, part.nest, part.count, habitat=part.habitat, test=test)

    def text(self, part: ast.LayEgg, w: Writing) -> str:
        text = f"lay {count_prefix(part.count)}egg"
        if part.where == "any" and part.nest is None and part.habitat is None and not part.predicates:
            return text
        if part.where == "adjacent":
            return text + " on adjacent bird"
        place = {"this": "this bird", "each": "each bird", "other": "other bird", "any": "bird"}[part.where]
        if part.count != 1 and part.where in ("any", "other"):
            place += "s"
        text += f" on {place}"
        if part.habitat is not None:
            text += " in this habitat" if part.habitat == "this" else f" in {part.habitat}"
        text += f" with {part.nest} nest" if part.nest else ""
        return text + "".join(" " + predicate_dsl(p) for p in part.predicates)

    def english(self, part: ast.LayEgg, w: Writing) -> str:
        if not w.classic:
            return _("lay an egg on your Nest or one of your birds with room for it")
        if part.where == "this":
            return ngettext("lay an egg on this bird", "lay {n} eggs on this bird", part.count).format(n=part.count)
        if part.where == "adjacent":
            return _("lay an egg on a bird next to this one (left or right in its row, or above or below it)")
        which = row_words(part.habitat) + nest_words(part.nest) + "".join(" " + predicate_english(p) for p in part.predicates)
        if part.where == "each":
            return _("lay an egg on each of your birds{which}, wherever there is room").format(which=which)
        if part.where == "other":
            if part.count == 1:
                return _("lay an egg on one of your other birds{which}").format(which=which)
            return _("lay up to {n} eggs, each on a different one of your other birds{which}").format(n=part.count, which=which)
        if part.count == 1:
            return _("lay an egg on one of your birds{which}").format(which=which)
        return _("lay up to {n} eggs, each on a different one of your birds{which}").format(n=part.count, which=which)
