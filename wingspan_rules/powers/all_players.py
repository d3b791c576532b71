"""'all players: B' (every player, or those the words pick, gets B in turn; ', you: ...' is the
owner's own share) and Oceania's 'you and chosen other: B' / 'chosen other: B[, you: ...]'."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs
from lark import Token, Tree

from .. import ir, words
from .._mypyc import mypyc_attr
from ..actions import Action
from ..dsl import ast
from ..dsl.builder import Failed, tokens
from ..engine.handlers import CHOOSE_QUESTION, CHOOSE_SAYS, USE, Loaded, NodeHandler, can_do, chosen, probe, push_part, receivers
from ..engine.state import PowerFrame, frame
from ..i18n import N_, _
from .family import Family, family

if TYPE_CHECKING:
    from ..dsl.builder import Builder
    from ..dsl.checker import Checking
    from ..dsl.compiler import Compiling
    from ..dsl.render import Writing
    from ..engine.rules import Rules


@frame("all-players")
@attrs.define(slots=True)
class AllPlayersFrame(PowerFrame):
    stage: int = 0  # 0: not started; 1..: the next share to start is order[stage - 1]
    order: list[int] = attrs.Factory(list)  # who gets a share, in order
    deck: int = -1  # 'from one deck': the deck chosen
    first: int = -1  # the player chosen to start


_DECK, _FIRST, _USE, _CHOOSE_ONE = frozenset({"deck"}), frozenset({"first"}), frozenset({"use"}), frozenset({"choose"})


@mypyc_attr(allow_interpreted_subclasses=True)
class AllPlayersHandler(NodeHandler[AllPlayersFrame, ir.AllPlayers]):
    """'all players: B': every player (or those the words pick) gets B in turn."""

    node_types = (ir.AllPlayers,)
    frame_type = AllPlayersFrame
    questions = {"choose": CHOOSE_QUESTION, "first": N_("who goes first"), "deck": N_("which food deck does everyone draw from")}
    says = {
        "deck": N_("choose food deck {arg} for everyone to draw from ({power})"),
        "first": N_("let {arg} go first ({power})"),
        "choose": CHOOSE_SAYS,
    }
    passed_over = (N_("no player could use it"), "all-players")
    topics = {"all-players": None, "chosen-other": "chosen-other", "all-players-one-deck": "from-one-deck"}

    def part_role(self, node: ir.AllPlayers, index: int) -> str | None:
        return "share"

    def answers(self, g: Rules, node: ir.AllPlayers) -> frozenset[str]:
        if node.from_one_deck:
            return _DECK | _FIRST
        if node.chosen_other is not None:
            return _CHOOSE_ONE
        return _FIRST if node.chosen_start else _USE

    def asking(self, g: Rules, f: AllPlayersFrame, node: ir.AllPlayers) -> frozenset[str]:
        if node.from_one_deck:  # the deck first, then who draws first
            return _FIRST if f.deck >= 0 else _DECK
        return self.answers(g, node)  # (one question only; the shares run in frames of their own)

    def topic(self, g: Rules, f: AllPlayersFrame, node: ir.AllPlayers) -> str:
        if node.chosen_other is not None:
            return "chosen-other"
        return "all-players-one-deck" if node.from_one_deck else "all-players"

    def bounds(self, v: Loaded, f: AllPlayersFrame, node: ir.AllPlayers) -> str | None:
        n = v.players
        if any(not 0 <= p < n for p in f.order) or not -1 <= f.first < n or not 0 <= f.stage <= n + 1:
            return _("has a bad first player or share")
        if f.deck != -1 and not (node.from_one_deck and 0 <= f.deck < v.decks):
            return _("has a bad deck")
        if node.from_one_deck and f.first >= 0 and f.deck < 0:  # (the first to draw follows the deck chosen)
            return _("has a first player but no deck")
        return None

    def _sharers(self, g: Rules, node: ir.AllPlayers, start: int) -> list[int]:
        n = len(g.state.seats)
        players = [(start + k) % n for k in range(n)]
        if node.fewest_in is None:
            return players
        h = g.habitats.index(node.fewest_in)
        fewest = min(len(seat.rows[h]) for seat in g.state.seats)
        return [p for p in players if len(g.state.seats[p].rows[h]) == fewest]

    def _share(self, g: Rules, f: PowerFrame, node: ir.AllPlayers, p: int) -> tuple[int, ir.Effect]:
        own = p == f.owner and node.owner_body is not None
        return (1, node.owner_body) if own else (0, node.body)  # type: ignore[return-value]

    def _candidates(self, g: Rules, f: PowerFrame, node: ir.AllPlayers) -> list[int]:
        """Who might get a share: every sharer, or for a chosen-other power the owner (when they
        have a share) and every other player (who may be chosen)."""
        if node.chosen_other is None:
            return self._sharers(g, node, f.owner)
        n = len(g.state.seats)
        others = [(f.owner + k) % n for k in range(1, n)]
        owner_share = node.chosen_other == "both" or node.owner_body is not None
        return ([f.owner] if owner_share else []) + others

    def can(self, g: Rules, f: PowerFrame, node: ir.AllPlayers) -> bool:
        if node.from_one_deck:
            return bool(g.deck.one_deck_choices(g, node))
        for p in self._candidates(g, f, node):
            index, body = self._share(g, f, node, p)
            if can_do(g, probe(f, index, p), body):
                return True
        return False

    def opening(self, g: Rules, f: AllPlayersFrame, node: ir.AllPlayers) -> list[Action]:
        if node.from_one_deck:
            return g.deck.one_deck_choices(g, node)
        return [USE] if self.can(g, f, node) else []

    def choices(self, g: Rules, f: AllPlayersFrame, node: ir.AllPlayers) -> list[Action] | None:
        if node.from_one_deck:
            if f.deck < 0:
                return g.deck.one_deck_choices(g, node)
            if f.first < 0:
                return [Action("first", f"p{p}") for p in range(len(g.state.seats))]
            return None
        if node.chosen_start and f.first < 0:
            return [Action("first", f"p{p}") for p in self._sharers(g, node, 0)]
        if node.chosen_other is not None and f.first < 0:  # any other player may be chosen
            return receivers(g, f.owner)
        return None

    def choose(self, g: Rules, f: AllPlayersFrame, node: ir.AllPlayers, a: Action) -> None:
        if a.verb == "deck":
            f.deck = int(a.arg) - 1  # type: ignore[arg-type]
        else:  # first, choose: 'pN'
            f.first = chosen(a)

    def run(self, g: Rules, f: AllPlayersFrame, node: ir.AllPlayers) -> None:
        if node.from_one_deck:
            g.state.stack.pop()
            g.deck.draw_from_one_deck(g, node, f.deck, f.first)
            return
        if f.stage == 0:
            if node.chosen_other == "both":
                f.order = [f.owner, f.first]
            elif node.chosen_other == "other":
                f.order = [f.first] + ([f.owner] if node.owner_body is not None else [])
            else:
                f.order = self._sharers(g, node, f.first if node.chosen_start else f.owner)
            f.stage = 1
        if f.stage > len(f.order):
            g.state.stack.pop()
            return
        p = f.order[f.stage - 1]
        f.stage += 1
        index, body = self._share(g, f, node, p)
        # a share that can do nothing when its turn comes is passed over; one that costs something
        # (a discard before '->') is each player's to pay or decline
        costs = isinstance(body, ir.Then) and isinstance(body.requirement, (ir.DiscardEgg, ir.DiscardCard, ir.DiscardBonus))
        push_part(g, f, index, p, optional=costs)


_SHARE_WAYS = ("from_one_deck", "fewest_in", "starting_chosen")


@family
class AllPlayers(Family):
    name = "all_players"
    rules = ("all_players", "both_chosen", "chosen_other")
    syntax = (ast.AllPlayers,)
    nodes = (ir.AllPlayers,)
    handler = AllPlayersHandler

    def build(self, b: Builder, tree: Tree[Token], span: ast.Span, depth: int) -> ast.Power:
        if tree.data != "all_players":  # one other player the owner chooses (Oceania)
            units = b.parts([c for c in tree.children if isinstance(c, Tree)], depth + 1)
            owner = units[1] if len(units) > 1 else None
            way = "both" if tree.data == "both_chosen" else "other"
            return ast.AllPlayers(units[0], False, span, owner_body=owner, chosen_other=way)
        # 'all players [how]: unit [, you: unit]': the words before the colon say how the benefit
        # is shared: 'from one deck', or 'with fewest birds in HABITAT' and/or 'starting with chosen'
        ways = {c.data: c for c in tree.children if isinstance(c, Tree) and c.data in _SHARE_WAYS}
        units_at: list[Tree[Token] | Token] = [c for c in tree.children if isinstance(c, Tree) and c.data not in _SHARE_WAYS]
        fewest = None
        failed = False
        if "fewest_in" in ways:
            try:
                fewest = b.need(tokens(ways["fewest_in"], "NAME")[0], b.vocab.habitats or ("forest",), "habitat")
            except Failed:
                failed = True
        try:
            parts = b.parts(units_at, depth + 1)
        except Failed:
            failed = True
        if failed:
            raise Failed()
        body, owner = parts[0], (parts[1] if len(parts) > 1 else None)
        if "from_one_deck" in ways:
            shared = ast.AllPlayers(body, True, span)
        else:
            shared = ast.AllPlayers(body, False, span, chosen_start="starting_chosen" in ways, fewest_in=fewest)
        return attrs.evolve(shared, owner_body=owner) if owner is not None else shared

    def check(self, part: ast.AllPlayers, c: Checking) -> None:
        if not c.joins_parts(part):
            return
        body = part.body
        vocab = c.vocab
        if part.chosen_other is not None:
            if not c.admits("chosen-other"):
                c.error(part.span, _("sharing with a chosen other player {belongs}").format(belongs=c.belongs("chosen-other")))
            for share in (body, part.owner_body):
                if share is None:
                    continue
                if isinstance(share, (ast.Either, ast.AllPlayers)):
                    c.error(share.span, _("a chosen player's or your share is one phrase, or one requirement and its benefit"))
                c.part(share)
            return
        if part.from_one_deck and not vocab.food_cards:
            c.error(
                part.span,
                _("'all players from one deck' shares food cards, which this game does not have"),
                _("write 'all players: draw card' to let everyone draw"),
            )
        elif part.from_one_deck:
            if not (isinstance(body, ast.Draw) and body.what.kind == "food"):
                c.error(body.span, _("'all players from one deck' shares a 'draw food' phrase"))
        elif part.chosen_start:
            if not (isinstance(body, ast.Gain) and body.source == "feeder"):
                c.error(body.span, _("'all players starting with chosen' shares a 'gain ... from feeder' phrase"))
        elif vocab.block == "card" and not isinstance(body, (ast.Draw, ast.LayEgg)):
            c.error(body.span, _("'all players' shares a single 'draw' or 'lay egg' phrase"))
        elif c.admits("paid-share") and isinstance(body, ast.Then) and isinstance(body.requirement, (ast.DiscardEgg, ast.DiscardCard)):
            pass  # Oceania: each player may pay for their share (Lesser Frigatebird)
        elif not isinstance(body, (ast.Draw, ast.LayEgg, ast.Gain)):
            c.error(body.span, _("'all players' shares a single 'draw', 'gain' or 'lay egg' phrase"))
        if vocab.block == "card" and (part.chosen_start or part.fewest_in or part.owner_body is not None):
            c.error(part.span, _("this way of sharing belongs to the classic game, not to Wingspan Pocket"))
        c.part(body)
        if part.owner_body is not None:
            own = part.owner_body
            same = type(own) is type(body) or (isinstance(own, ast.Either) and all(type(p) is type(body) for p in own.parts))
            if not same:
                c.error(own.span, _("', you:' gives the owner more of the same kind of benefit"))
            c.part(own)

    def compile(self, part: ast.AllPlayers, c: Compiling) -> ir.Effect:
        owner = c.part(part.owner_body) if part.owner_body is not None else None
        return ir.AllPlayers(c.part(part.body), part.from_one_deck, part.chosen_start, part.fewest_in, owner, part.chosen_other)

    def text(self, part: ast.AllPlayers, w: Writing) -> str:
        if part.chosen_other is not None:
            head = "you and chosen other" if part.chosen_other == "both" else "chosen other"
            text = f"{head}: {w.text(part.body)}"
            if part.owner_body is not None:
                text += f", you: {w.text(part.owner_body)}"
            return f"({text})" if w.nested else text
        head = "all players"
        if part.from_one_deck:
            head += " from one deck"
        if part.fewest_in:
            head += f" with fewest birds in {part.fewest_in}"
        if part.chosen_start:
            head += " starting with chosen"
        text = f"{head}: {w.text(part.body)}"
        if part.owner_body is not None:
            text += f", you: {w.text(part.owner_body)}"
        return f"({text})" if w.nested and part.owner_body is not None else text

    def english(self, part: ast.AllPlayers, w: Writing) -> str:
        if not w.classic:
            if part.from_one_deck:
                what = part.body.what if isinstance(part.body, ast.Draw) else None
                if what is not None and what.food:
                    return _(
                        "pick a food deck and the player who starts, then each player in turn order "
                        "takes the top card of that deck into their reserve, if it shows {food}"
                    ).format(food=words.food(what.food))
                return _(
                    "pick a food deck and the player who starts, then each player in turn order "
                    "takes the top card of that deck into their reserve"
                )
            return _("every player, you first and then in turn order: {body}").format(body=w.english(part.body))
        body = w.english(part.body)
        if part.chosen_other is not None:
            if part.chosen_other == "both":
                return _("choose another player; you, then they, each: {body}").format(body=body)
            if part.owner_body is not None:
                return _("choose another player, who does this: {body}; then you: {own}").format(body=body, own=w.english(part.owner_body))
            return _("choose another player, who does this: {body}").format(body=body)
        if part.chosen_start and part.fewest_in:
            text = _(
                "pick which of them begins, then every player who has the fewest birds in their {habitat}, "
                "or ties for the fewest, in turn order: {body}"
            ).format(habitat=words.habitat(part.fewest_in), body=body)
        elif part.chosen_start:
            text = _("pick a player to begin, then every player in turn order from them: {body}").format(body=body)
        elif part.fewest_in:
            text = _("every player who has the fewest birds in their {habitat}, or ties for the fewest, in turn order from you: {body}").format(
                habitat=words.habitat(part.fewest_in), body=body
            )
        elif part.from_one_deck:
            text = _("every player, you first and then in turn order, from the same deck: {body}").format(body=body)
        else:
            text = _("every player, you first and then in turn order: {body}").format(body=body)
        if part.owner_body is not None:
            text = _("{text}; you instead: {own}").format(text=text, own=w.english(part.owner_body))
        return text
