"""The one interpreter of the effect IR for Pocket: what an effect may do now, and doing it.

``atom_options`` answers "can I, and how?"; ``atom_do`` does the chosen option.  The
engine builds decisions from the first and applies answers with the second, so legality
and execution cannot drift apart.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import filters, ir
from ..actions import Action
from .state import NEST, Frame

if TYPE_CHECKING:
    from ..cards import Card
    from .engine import Engine


def bird_passes(card: "Card", test: ir.BirdTest, treat: int) -> bool:
    """Does a bird side meet every condition?  ``treat`` turns named foods into "any food"."""
    return filters.bird_passes(card, test, 0, treat)


def food_passes(card: "Card", food: int, treat: int) -> bool:
    return food == ir.ANY or bool(food & treat) or bool(card.food_mask & food)


def target_name(engine: "Engine", player: int, index: int) -> str:
    if index == NEST:
        return "nest"
    return engine.cards[engine.state.players[player].flock[index].card].name


def _reserve_choices(engine: "Engine", player: int, what: ir.Filter, verb: str, treat: int) -> list[Action]:
    p = engine.state.players[player]
    cards = engine.cards
    out: list[Action] = []
    if what.kind in ("card", "bird"):
        for c in p.birds:
            if what.kind == "card" or bird_passes(cards[c], what.bird, treat):
                out.append(Action(verb, cards[c].name))
    if what.kind in ("card", "food"):
        seen = set()
        for c in p.food:
            card = cards[c]
            if card.food_kind not in seen and (what.kind == "card" or food_passes(card, what.food, treat)):
                seen.add(card.food_kind)
                out.append(Action(verb, card.food_kind))
    return out


def atom_options(engine: "Engine", frame: Frame, node: ir.Effect) -> list[Action]:
    """Every way the acting player can carry out this single-step effect now."""
    st = engine.state
    cards = engine.cards
    player = frame.player
    treat = engine.treat_mask()
    if isinstance(node, ir.Draw):
        what = node.what
        out: list[Action] = []
        if what.kind in ("card", "bird"):
            for c in st.face_up:
                if c >= 0 and (what.kind == "card" or bird_passes(cards[c], what.bird, treat)):
                    out.append(Action("take-bird", cards[c].name))
        if what.kind in ("card", "food"):
            for d, deck in enumerate(st.decks):
                if deck and (what.kind == "card" or food_passes(cards[deck[-1]], what.food, treat)):
                    out.append(Action("take-food", d + 1))
        return out
    if isinstance(node, ir.Tuck):
        return _reserve_choices(engine, player, node.what, "tuck", treat)
    if isinstance(node, ir.DiscardCard):
        return _reserve_choices(engine, player, node.what, "discard", treat)
    if isinstance(node, ir.Hunt):
        return [Action("hunt", d + 1) for d, deck in enumerate(st.decks) if deck]
    if isinstance(node, ir.LayEgg):
        return [Action("egg", target_name(engine, player, t)) for t in engine.egg_room(player)]
    if isinstance(node, ir.DiscardEgg):
        return [Action("discard-egg", target_name(engine, player, t)) for t in engine.egg_sources(player)]
    if isinstance(node, ir.Copy):
        return [Action("copy", cards[c].name) for c in engine.copy_candidates(frame, node.colour)]
    raise AssertionError(f"not a single-step effect: {node!r}")


def atom_do(engine: "Engine", frame: Frame, node: ir.Effect, action: Action) -> None:
    """Carry out one option that ``atom_options`` offered."""
    st = engine.state
    p = st.players[frame.player]
    arg = action.arg
    if isinstance(node, ir.Draw):
        if action.verb == "take-bird":
            engine.take_face_up(frame.player, str(arg))
        else:
            engine.take_deck_top(frame.player, int(arg) - 1)  # type: ignore[arg-type]
        return
    if isinstance(node, (ir.Tuck, ir.DiscardCard)):
        card = engine.remove_from_reserve(frame.player, str(arg))
        if isinstance(node, ir.Tuck):
            st.players[frame.owner].flock[frame.host].tucked.append(card)
        else:
            st.discard.append(card)
        return
    if isinstance(node, ir.Hunt):
        deck = int(arg) - 1  # type: ignore[arg-type]
        card = st.decks[deck].pop()
        if engine.cards[card].wingspan < node.below:
            st.players[frame.owner].flock[frame.host].tucked.append(card)
        else:
            st.discard.append(card)
        engine.refill_deck_if_empty(deck)
        return
    if isinstance(node, ir.LayEgg):
        engine.add_egg(frame.player, engine.target_index(frame.player, str(arg)))
        return
    if isinstance(node, ir.DiscardEgg):
        engine.remove_egg(frame.player, engine.target_index(frame.player, str(arg)))
        return
    if isinstance(node, ir.Copy):
        target = engine.cards_by_name[str(arg)]
        st.stack.append(Frame("effect", frame.player, target, (), frame.host, frame.owner))
        return
    raise AssertionError(f"not a single-step effect: {node!r}")
    del p


def node_at(power: ir.Effect, path: tuple[int, ...]) -> ir.Effect:
    node = power
    for i in path:
        if isinstance(node, ir.Either):
            node = node.parts[i]
        elif isinstance(node, ir.Then):
            node = node.requirement if i == 0 else node.benefit
        elif isinstance(node, ir.AllPlayers):
            node = node.owner_body if i == 1 and node.owner_body is not None else node.body
        elif isinstance(node, ir.When):
            node = node.body
        else:
            raise AssertionError("bad path")
    return node


def can_do(engine: "Engine", frame: Frame, node: ir.Effect) -> bool:
    """Could this effect do anything at all for the frame's player now?"""
    if isinstance(node, ir.ATOMS):
        return bool(atom_options(engine, frame, node))
    if isinstance(node, ir.Then):
        return bool(requirement_options(engine, frame, node))
    if isinstance(node, ir.Either):
        return any(can_do(engine, frame, part) for part in node.parts)
    if isinstance(node, ir.AllPlayers):
        if node.from_one_deck:
            return bool(engine.one_deck_choices(node))
        players = len(engine.state.players)
        for k in range(players):
            probe = Frame("effect", (frame.owner + k) % players, frame.card, frame.path, frame.host, frame.owner)
            if can_do(engine, probe, node.body):
                return True
        return False
    return False  # green modifiers are never activated


def requirement_options(engine: "Engine", frame: Frame, node: ir.Then) -> list[Action]:
    """Ways to meet a requirement after which the benefit can still do something.

    A requirement that would buy nothing is not offered (an effect that can do nothing is
    passed over).  Each way is tried on a scratch copy, since paying can change what the
    benefit may take (discarding your last food card, say).
    """
    out = []
    benefit = Frame("effect", frame.player, frame.card, frame.path + (1,), frame.host, frame.owner)
    options = atom_options(engine, frame, node.requirement)
    if options and not _interferes(node.requirement, node.benefit):
        # paying cannot change what the benefit may take: one test of it now is exact
        return options if can_do(engine, benefit, node.benefit) else []
    for option in options:
        trial = engine.trial()
        atom_do(trial, frame, node.requirement, option)
        if can_do(trial, benefit, node.benefit):
            out.append(option)
    return out


_READS_EGGS = (ir.LayEgg, ir.DiscardEgg, ir.Copy)
_READS_RESERVE = (ir.Tuck, ir.DiscardCard, ir.Copy)


def _interferes(requirement: ir.Effect, benefit: ir.Effect) -> bool:
    """Could meeting the requirement change what the benefit is able to do?"""
    reads = _READS_EGGS if isinstance(requirement, ir.DiscardEgg) else _READS_RESERVE
    return any(isinstance(node, reads) for node in ir.walk(benefit))
