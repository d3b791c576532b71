"""'R -> B': a requirement met first (a discard, a tuck, a condition ...), then its benefit."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.render import food_words, neighbour_words, or_list
from ..engine.handlers import Loaded, NodeHandler, can_do, handler_of, node_verbs, probe, push_part
from ..engine.state import MAX_OWED, PowerFrame, frame
from ..i18n import N_, _
from ..verdict import Violation
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

@frame("then")
@attrs.define(slots=True)
class ThenFrame(PowerFrame):
    stage: int = 0  # 0: the requirement is asked; 1: met, the benefit comes next; 2: done
    paid: int = 0  # eggs given up so far, where the requirement is several ('discard 2 egg ...')


# What a requirement may take that a benefit may also need: meeting it could change what
# the benefit can do, so each way of meeting it is tried on a scratch copy.
_READS_EGGS = (ir.LayEgg, ir.DiscardEgg, ir.Copy)
_READS_HAND = (ir.Tuck, ir.DiscardCard, ir.Copy)


# Requirements whose ``can`` is exactly "its choices are not empty" (asked without listing them).
_CAN_IS_CHOICES = (ir.DiscardEgg, ir.DiscardCard)

# by the node's id (hashing a node walks the whole tree); the node is kept beside the answer,
# so its id cannot be taken by another node while the entry lives
_INTERFERES: dict[int, tuple[ir.Then, bool]] = {}


def _interferes(node: ir.Then) -> bool:
    """Could meeting the requirement change what the benefit may take?  (Read once per node.)"""
    found = _INTERFERES.get(id(node))
    if found is None or found[0] is not node:
        reads = _READS_EGGS if isinstance(node.requirement, ir.DiscardEgg) else _READS_HAND
        if len(_INTERFERES) >= 10_000:  # user decks bring new nodes: the table stays small
            _INTERFERES.clear()
        found = _INTERFERES[id(node)] = (node, any(isinstance(n, reads) for n in ir.walk(node.benefit)))
    return found[1]


@mypyc_attr(allow_interpreted_subclasses=True)
class ThenHandler(NodeHandler[ThenFrame, ir.Then]):
    """'R -> B': meet the requirement R (one single-step choice), then the benefit B."""

    node_types = (ir.Then,)
    frame_type = ThenFrame

    def part_role(self, node: ir.Then, index: int) -> str | None:
        return "benefit" if index == 1 else None

    def asking(self, g: Rules, f: ThenFrame, node: ir.Then) -> frozenset[str]:
        return node_verbs(g, node.requirement)  # (the benefit runs in a frame of its own)

    def topic(self, g: Rules, f: ThenFrame, node: ir.Then) -> str:
        if f.stage == 0:  # (the requirement is asked: some requirements name their question)
            asked = handler_of(node.requirement).requirement_topic
            if asked is not None:
                return asked
        return "then"

    def bounds(self, v: Loaded, f: ThenFrame, node: ir.Then) -> str | None:
        if not (0 <= f.paid <= MAX_OWED and (f.paid == 0 or f.stage == 0)):
            return _("holds a count its step cannot have")
        return None

    def idle(self, g: Rules, f: PowerFrame, node: ir.Then) -> tuple[str, str]:
        if not can_do(g, PowerFrame(f.player, f.card, f.path, f.owner, f.host), node.requirement):
            return N_("what it asks for first cannot be given"), "cost"  # (noted in English, worded when read)
        return N_("what it gives could do nothing"), "cost"

    def can(self, g: Rules, f: PowerFrame, node: ir.Then) -> bool:
        if isinstance(node.requirement, ir.Gain):  # a food from the feeder first: there must be one to take
            return bool(self._ways(g, f, node, first_only=True))
        if g.requirement_check == "trial":
            req = node.requirement
            if isinstance(req, _CAN_IS_CHOICES) and not _interferes(node):
                # whether there is a way to meet it, without listing the ways
                return can_do(g, f, req) and can_do(g, probe(f, 1), node.benefit)
            return bool(self._ways(g, f, node, first_only=True))
        if not can_do(g, f, node.requirement):
            return False
        # a pure cost (discarding food, an egg or a card) for a benefit that cannot happen is
        # not offered; a tuck is worth a point by itself
        pure_cost = isinstance(node.requirement, (ir.DiscardEgg, ir.DiscardCard, ir.DiscardBonus, ir.Give))
        return not pure_cost or can_do(g, probe(f, 1), node.benefit)

    def _ways(self, g: Rules, f: PowerFrame, node: ir.Then, first_only: bool = False) -> list[Action]:
        """The ways of meeting the requirement that are offered (see ``requirement_check``);
        with ``first_only``, stop at the first (to know whether there is any)."""
        req = handler_of(node.requirement)
        if isinstance(node.requirement, ir.Gain):  # a die taken meets it (not a reroll)
            options = g.feeder.choices(g, node.requirement.foods)
        else:
            options = req.choices(g, f, node.requirement) or []
        if g.requirement_check != "trial" or not options:
            return options
        benefit = probe(f, 1)
        if not _interferes(node):
            # meeting it cannot change what the benefit may take: one test now is exact
            return options if can_do(g, benefit, node.benefit) else []
        out = []
        for option in options:
            trial = g.trial()
            req.perform(trial, f, node.requirement, option)
            if can_do(trial, benefit, node.benefit):
                out.append(option)
                if first_only:
                    break
        return out

    def choices(self, g: Rules, f: ThenFrame, node: ir.Then) -> list[Action] | None:
        return self._ways(g, f, node) if f.stage == 0 else None

    def choose(self, g: Rules, f: ThenFrame, node: ir.Then, a: Action) -> None:
        req = node.requirement
        handler_of(req).perform(g, f, req, a)
        if isinstance(req, ir.DiscardEgg) and f.paid + 1 < req.count:
            f.paid += 1  # the next egg is asked; once begun, the requirement is met in full
            return
        f.stage = 1

    def run(self, g: Rules, f: ThenFrame, node: ir.Then) -> None:
        if f.stage == 1:
            f.stage = 2
            # the benefit is offered, not imposed, where a player may always take less
            push_part(g, f, 1, optional=g.benefit_declinable)
        else:
            g.state.stack.pop()

    def refuse(self, g: Rules, f: ThenFrame, node: ir.Then, a: Action) -> list[Violation]:
        return g.refuse_node(f, node.requirement, a)


# The phrases that may stand before '->' as a requirement (a gain too, in Oceania: one food
# from the birdfeeder).
_REQUIREMENTS = (ast.DiscardEgg, ast.DiscardCard, ast.Tuck, ast.ResetFeeder, ast.NeighbourHas, ast.DiscardBonus, ast.Give, ast.Replace)


def _single_feeder_gain(power: ast.Power) -> bool:
    return (
        isinstance(power, ast.Gain) and power.source == "feeder" and power.count == 1 and bool(power.foods)
        and not (power.take_all or power.may_cache or power.must_cache or power.may_tuck)
    )


@family
class Then(Family):
    name = "then"
    rules = ("chain",)
    syntax = (ast.Then,)
    nodes = (ir.Then,)
    handler = ThenHandler
    grouped = True

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        req, benefit = b.parts(tree.children, depth + 1)
        return ast.Then(req, benefit, span)

    def check(self, part: ast.Then, c: Checking) -> None:
        if not c.joins_parts(part):
            return
        req = part.requirement
        req_gain = isinstance(req, ast.Gain) and c.admits("gain-requirement")  # (a food gained, then what it allows)
        if req_gain and not _single_feeder_gain(req):
            c.error(req.span, _("a gain before '->' takes one food from the birdfeeder: 'gain F from feeder -> ...'"))
        elif isinstance(req, ast.Replace):
            if not c.top or c.colour != "white" or not c.admits("replace"):
                c.error(req.span, _("'replace bird in H ->' starts {owner} white power: it is met by how the bird is played").format(owner=c.owner("replace")))
        elif not req_gain and not isinstance(req, _REQUIREMENTS):
            if "reset" in c.vocab.verbs:
                c.error(req.span, _("the requirement before '->' must be one discard, tuck, give, reset or 'if ... player has' phrase"))
            else:
                c.error(req.span, _("the requirement before '->' must be one discard or tuck phrase"))
        else:
            c.part(req)
        c.part(part.benefit)

    def compile(self, part: ast.Then, c: Compiling) -> ir.Effect:
        return ir.Then(c.part(part.requirement), c.part(part.benefit))

    def text(self, part: ast.Then, w: Writing) -> str:
        text = f"{w.text(part.requirement)} -> {w.text(part.benefit)}"
        return f"({text})" if w.nested else text

    def question(self, part: ast.Then, w: Writing) -> str:
        # ("R to B": what is asked first, and what for)
        return _("{requirement} to {benefit}").format(requirement=w.english(part.requirement), benefit=w.english(part.benefit))

    def english(self, part: ast.Then, w: Writing) -> str:
        req = part.requirement
        if w.classic and isinstance(req, ast.NeighbourHas):
            whom = or_list([neighbour_words(s) for s in req.sides])
            return _("if {whom} has {food} in their supply, {benefit}").format(whom=whom, food=food_words(req.food), benefit=w.english(part.benefit))
        return _("you may {requirement}, and if you do, {benefit}").format(requirement=w.english(req), benefit=w.english(part.benefit))
