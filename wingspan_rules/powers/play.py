"""'play bird [in H | in this habitat] [with N egg discount | without egg cost]': the bird's
owner plays another bird now, paying its costs (less the eggs it spares), in a habitat the
power names (``classic.power.second-bird``; Oceania: in any habitat, or with no egg cost)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import attrs
from lark import Token, Tree

from .. import ir, words
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import subtree, tokens
from ..engine.handlers import AtomHandler
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _, ngettext
from ..verdict import Violation
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame
@attrs.define(slots=True)
class PlayBirdFrame(PowerFrame):
    kind: ClassVar[str] = "play-bird"


class PlayBirdHandler(AtomHandler):
    """Play another bird (paying its costs) into a habitat the power names."""

    node_types = (ir.PlayBird,)
    frame_type = PlayBirdFrame
    questions = {"play-*": N_("which bird do you play, and where")}
    says = {"play-*": N_("play {arg} in your {habitat}, paying its cost{by}")}
    passed_over = (N_("no bird in hand can be paid for and placed where it plays"), "second-bird")
    refusal_topics = ("second-bird",)

    def answers(self, g: Rules, node: ir.PlayBird) -> frozenset[str]:
        return frozenset(f"play-{habitat}" for habitat in g.habitats)

    def choices(self, g: Rules, f: PowerFrame, node: ir.PlayBird) -> list[Action]:
        plays = [a for a in g.board.playable(g, f.player, _discount(g, node)) if a.verb.startswith("play-")]  # (not in another's place)
        if node.habitat == "any":
            return plays
        habitat = g.habitats[f.host.row] if node.habitat == "this" else node.habitat
        verb = f"play-{habitat}"
        return [a for a in plays if a.verb == verb]

    def perform(self, g: Rules, f: PowerFrame, node: ir.PlayBird, a: Action) -> None:
        g.board.start_play(g, f.player, str(a.arg), a.verb[5:], _discount(g, node))

    def refusal(self, g: Rules, f: PowerFrame, node: ir.PlayBird, a: Action) -> list[Violation] | None:
        allowed = {o.verb for o in self.choices(g, f, node)}
        if not a.verb.startswith("play-") or not allowed:
            return None  # (another verb, or nothing to play: the ruleset's words)
        if a.verb not in allowed:
            habitats = [words.the_habitat(h) for h in sorted(v[5:] for v in allowed)]
            where = habitats[0]
            for other in habitats[1:]:
                where = _("{these} or {last}").format(these=where, last=other)
            return [g.refused("second-bird", _("this power plays a bird only into {where}").format(where=where))]
        return g.board.refuse_play(g, f.player, a.verb[5:], str(a.arg))  # (the bird's own reason: hand, room, cost)


def _discount(g: Rules, node: ir.PlayBird) -> int:
    """Eggs fewer to pay for the place: the power's discount, or all of them."""
    return g.board.most_egg_cost(g) if node.no_egg_cost else node.egg_discount


@family
class PlayBird(Family):
    name = "play bird"
    rules = ("play",)
    verb = "play"
    syntax = (ast.PlayBird,)
    nodes = (ir.PlayBird,)
    handler = PlayBirdHandler
    classic_only = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        discount = subtree(tree, "egg_discount")
        eggs = b.number(tokens(discount, "INT")[0]) if discount is not None else 0
        free = subtree(tree, "no_egg_cost") is not None
        place = subtree(tree, "play_where")
        if place is None:
            return ast.PlayBird("any", span, eggs, free)
        where = tokens(place, "THIS", "NAME")[0]
        if where.type == "THIS":
            return ast.PlayBird("this", span, eggs, free)
        return ast.PlayBird(b.need(where, b.vocab.habitats, "habitat"), span, eggs, free)

    def check(self, part: ast.PlayBird, c: Checking) -> None:
        if (part.habitat == "any" or part.no_egg_cost) and not c.admits("play-anywhere"):
            c.error(part.span, _("'play bird' without a habitat, or without egg cost, {belongs}").format(belongs=c.belongs("play-anywhere")))

    def compile(self, part: ast.PlayBird, c: Compiling) -> ir.Effect:
        return ir.PlayBird(part.habitat, part.egg_discount, part.no_egg_cost)

    def text(self, part: ast.PlayBird, w: Writing) -> str:
        text = {"this": "play bird in this habitat", "any": "play bird"}.get(part.habitat, f"play bird in {part.habitat}")
        if part.no_egg_cost:
            return text + " without egg cost"
        return text + (f" with {part.egg_discount} egg discount" if part.egg_discount else "")

    def english(self, part: ast.PlayBird, w: Writing) -> str:
        if part.habitat == "this":
            where = _("in this bird's habitat")
        elif part.habitat == "any":
            where = _("in any habitat it can live in")
        else:
            where = _("in your {habitat}").format(habitat=words.habitat(part.habitat))
        if part.no_egg_cost:
            return _("play another bird {where} now, paying its food cost but no egg cost").format(where=where)
        if part.egg_discount:
            n = part.egg_discount
            return ngettext(
                "play another bird {where} now, paying its food cost and {n} egg fewer than its egg cost",
                "play another bird {where} now, paying its food cost and {n} egg fewer than its egg cost",
                n,
            ).format(where=where, n=n)
        return _("play another bird {where} now, paying its food and egg cost as usual").format(where=where)
