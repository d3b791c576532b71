"""'discard all egg from bird ... and tuck N card from deck per egg' (Oceania): every egg of one
of the player's birds that passes, for cards tucked from the deck behind this bird."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir
from .._mypyc import mypyc_attr
from ..actions import Action, Verb
from ..dsl import ast
from ..dsl.builder import tokens
from ..dsl.render import cards_words, predicate_dsl, predicates_english
from ..engine.handlers import AtomHandler
from ..engine.state import Place, PowerFrame, frame
from ..events import EGG_OFF
from ..filters import bird_passes
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules

_DISCARD_EGG = Verb("discard-egg")


@frame("eggs-for-tucks")
@attrs.define(slots=True)
class EggsForTucksFrame(PowerFrame):
    pass  # (no field of its own; its kind is given to @frame)


@mypyc_attr(allow_interpreted_subclasses=True)
class EggsForTucksHandler(AtomHandler):
    """Every egg of one of the player's birds that passes, for cards tucked from the deck."""

    node_types = (ir.EggsForTucks,)
    frame_type = EggsForTucksFrame
    asks = "eggs-for-tucks"
    verbs = frozenset({"discard-egg"})
    passed_over = (N_("there is no card it could tuck"), "tuck")

    def _sources(self, g: Rules, f: PowerFrame, node: ir.EggsForTucks) -> list[Place]:
        out = []
        for p in g.board.egg_sources(g, f.player, None):
            bird = g.board.bird_at(g, f.player, p)
            if bird is not None and bird_passes(g.cards[bird.card], node.test):
                out.append(p)
        return out

    def choices(self, g: Rules, f: PowerFrame, node: ir.EggsForTucks) -> list[Action]:
        return [_DISCARD_EGG[g.board.holder_name(g, f.player, p)] for p in self._sources(g, f, node)]

    def perform(self, g: Rules, f: PowerFrame, node: ir.EggsForTucks, a: Action) -> None:
        bird = g.board.bird_at(g, f.player, g.board.holder_place(g, f.player, str(a.arg)))
        host = g.board.host_bird(g, f)
        assert bird is not None and host is not None
        eggs, bird.eggs = bird.eggs, 0
        if g.log is not None:
            for _n in range(eggs):
                g.recorder.note(g, EGG_OFF, f.player, g._names[bird.card])
        for _n in range(eggs * node.per):
            card = g.deck.reveal(g)
            if card is not None:
                g.board.tuck(g, host, card, "the deck")


@family
class EggsForTucks(Family):
    name = "discard all egg from bird ... and tuck N card from deck per egg"
    form = "eggs-for-tucks"
    rules = ("eggs_for_tucks",)
    verb = "discard"
    syntax = (ast.EggsForTucks,)
    nodes = (ir.EggsForTucks,)
    handler = EggsForTucksHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        return ast.EggsForTucks(b._predicates(tree.children), b.number(tokens(tree, "INT")[0]), span)

    def check(self, part: ast.EggsForTucks, c: Checking) -> None:
        if not c.admits(self.form):
            c.error(part.span, _("this discard {belongs}").format(belongs=c.belongs(self.form)))
        c.range(part.per, "count", _("a count of"), part.span)
        c.conditions(part.predicates, part.span)

    def compile(self, part: ast.EggsForTucks, c: Compiling) -> ir.Effect:
        return ir.EggsForTucks(c.test(part.predicates), part.per)

    def text(self, part: ast.EggsForTucks, w: Writing) -> str:
        return "discard all egg from bird" + "".join(" " + predicate_dsl(p) for p in part.predicates) + f" and tuck {part.per} card from deck per egg"

    def english(self, part: ast.EggsForTucks, w: Writing) -> str:
        which = predicates_english(part.predicates)
        cards = cards_words(part.per)
        if which:
            return _("discard every egg of one of your birds {which}; for each egg, tuck {cards} from the deck behind this bird").format(
                which=which, cards=cards
            )
        return _("discard every egg of one of your birds; for each egg, tuck {cards} from the deck behind this bird").format(cards=cards)
