"""The interpreter of the effect IR for the classic game: "can I?" and "do it" in one place.

``can_do`` answers whether a power could do anything now (an effect that cannot is passed
over); the ``effect_*`` handlers run a power frame by frame.  Resource steps that need
choices (taking dice, laying eggs, drawing) hand over to the engine's own frames.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from .. import frames, ir
from ..actions import Action
from ..pocket.powers import node_at
from ..frames import Frame
from .state import EMPTY, FOODS, HABITATS

if TYPE_CHECKING:
    from .engine import ClassicEngine

SKIP = Action("skip")
USE = Action("use")
STOP = Action("stop")


def _host_slot(e: "ClassicEngine", f: Frame):  # type: ignore[no-untyped-def]
    h, i = divmod(f.host, 10)
    row = e.state.seats[f.owner].rows[h]
    return row[i] if i < len(row) else None


def _is_predator(power: ir.Effect | None) -> bool:
    return isinstance(power, (ir.Hunt, ir.RollDice))


def repeat_candidates(e: "ClassicEngine", f: Frame, kind: str) -> list[tuple[int, int]]:
    h, i = divmod(f.host, 10)
    out = []
    for j, slot in enumerate(e.state.seats[f.owner].rows[h]):
        card = e.cards[slot.card]
        if j == i or card.colour != "brown" or card.power is None or isinstance(card.power, ir.Repeat):
            continue
        if kind == "predator" and not _is_predator(card.power):
            continue
        probe = Frame("effect", f.player, card.id, (), h * 10 + j, f.owner)
        if can_do(e, probe, card.power):
            out.append((h, j))
    return out


def can_do(e: "ClassicEngine", f: Frame, node: ir.Effect) -> bool:
    st = e.state
    seat = st.seats[f.player]
    if isinstance(node, ir.When):
        return can_do(e, f, node.body)
    if isinstance(node, ir.Then):
        # a pure cost (discarding food, an egg or a card) for a benefit that cannot happen is
        # not offered; a tuck is worth a point by itself, so it is offered either way.  (No base
        # requirement makes its own benefit possible, so the benefit is judged now.)
        if not can_do(e, f, node.requirement):
            return False
        pure_cost = isinstance(node.requirement, (ir.DiscardEgg, ir.DiscardCard))
        return not pure_cost or can_do(e, frames.child(f, 1), node.benefit)
    if isinstance(node, ir.Either):
        return any(can_do(e, f, p) for p in node.parts)
    if isinstance(node, ir.AllPlayers):
        return True
    if isinstance(node, ir.Draw):
        # only the source the power names counts ("from the deck" cannot use the tray)
        deck = bool(st.deck or st.discard)
        tray = any(c != EMPTY for c in st.tray)
        return {"deck": deck, "tray": tray}.get(node.source or "", deck or tray)
    if isinstance(node, ir.DrawBonus):
        return bool(st.bonus_deck or st.bonus_discard)
    if isinstance(node, ir.DrawTray):
        return any(c != EMPTY for c in st.tray)
    if isinstance(node, ir.ShareCards):
        return bool(st.deck or st.discard or any(c != EMPTY for c in st.tray))
    if isinstance(node, ir.Gain):
        if node.source == "supply":
            return True
        return bool(e.feeder_choices(node.foods)) or e.can_reroll()
    if isinstance(node, ir.Cache):
        return _host_slot(e, f) is not None
    if isinstance(node, ir.Tuck):
        if node.source == "deck":
            return bool(st.deck or st.discard)
        return bool(seat.hand)
    if isinstance(node, ir.Hunt):
        return bool(st.deck or st.discard)
    if isinstance(node, ir.RollDice):
        return len(st.feeder) < 5
    if isinstance(node, ir.LayEgg):
        if node.where == "this":
            slot = _host_slot(e, f)
            return slot is not None and slot.eggs < e.cards[slot.card].egg_limit
        exclude = _host_slot(e, f).card if node.where == "other" and _host_slot(e, f) is not None else -1
        return bool(e.egg_room(f.player, node.nest, exclude))
    if isinstance(node, ir.DiscardEgg):
        host = _host_slot(e, f)
        return any(s.eggs and not (node.other and s is host) for _, _, s in e.slots(f.player))
    if isinstance(node, ir.DiscardCard):
        if node.what.kind == "food":
            mask = node.what.food or 0b11111
            return any(n and mask & (1 << i) for i, n in enumerate(seat.food))
        return bool(seat.hand)
    if isinstance(node, ir.Move):
        from .engine import _move_targets

        return bool(_move_targets(e, f.player, f.host))
    if isinstance(node, ir.Repeat):
        return bool(repeat_candidates(e, f, node.kind))
    if isinstance(node, ir.PlayBird):
        return bool(_second_bird_options(e, f, node))
    if isinstance(node, ir.Trade):
        return any(seat.food)
    return False


def _second_bird_options(e: "ClassicEngine", f: Frame, node: ir.PlayBird) -> list[Action]:
    habitat = HABITATS[f.host // 10] if node.habitat == "this" else node.habitat
    return [a for a in e.playable(f.player) if a.verb == f"play-{habitat}"]


def _sharers(e: "ClassicEngine", node: ir.AllPlayers, order: "Iterable[int]") -> list[int]:
    """The players an 'all players' power reaches, in the given order."""
    players = list(order)
    if node.fewest_in is None:
        return players
    h = HABITATS.index(node.fewest_in)
    fewest = min(len(seat.rows[h]) for seat in e.state.seats)
    return [p for p in players if len(e.state.seats[p].rows[h]) == fewest]


def effect_options(e: "ClassicEngine", f: Frame) -> list[Action] | None:
    node = node_at(e.cards[f.card].power, f.path)  # type: ignore[arg-type]
    if f.optional:
        return [USE, SKIP] if can_do(e, f, node) else []
    if isinstance(node, ir.Either):
        out = [Action("part", i + 1) for i, part in enumerate(node.parts) if i not in f.data and can_do(e, frames.child(f, i), part)]
        return out + [STOP] if out and f.data else out
    if isinstance(node, ir.AllPlayers) and node.chosen_start and f.pc == 0:
        return [Action("first", f"p{p}") for p in _sharers(e, node, range(len(e.state.seats)))]
    if isinstance(node, (ir.Then, ir.AllPlayers, ir.When)) or f.pc > 0:
        return None
    seat = e.state.seats[f.player]
    if isinstance(node, ir.Tuck) and node.source is None:
        return [Action("tuck", e.cards[c].name) for c in seat.hand]
    if isinstance(node, ir.DiscardEgg):
        host = _host_slot(e, f)
        return [Action("discard-egg", e.cards[s.card].name) for _, _, s in e.slots(f.player) if s.eggs and not (node.other and s is host)]
    if isinstance(node, ir.DiscardCard) and node.what.kind == "food":
        mask = node.what.food or 0b11111
        return [Action("pay", FOODS[i]) for i, n in enumerate(seat.food) if n and mask & (1 << i)]
    if isinstance(node, ir.DiscardCard):
        return [Action("discard", e.cards[c].name) for c in seat.hand]
    if isinstance(node, ir.Repeat):
        return [Action("repeat", e.cards[e.state.seats[f.owner].rows[h][j].card].name) for h, j in repeat_candidates(e, f, node.kind)]
    if isinstance(node, ir.PlayBird):
        return _second_bird_options(e, f, node)
    return None


def effect_answer(e: "ClassicEngine", f: Frame, a: Action) -> None:
    st = e.state
    if a.verb == "skip":
        st.stack.pop()
        return
    node = node_at(e.cards[f.card].power, f.path)  # type: ignore[arg-type]
    if a.verb == "use":
        f.optional = False
        if isinstance(node, ir.When):  # once between its owner's turns
            host = _host_slot(e, f)
            if host is not None:
                host.pink_used = True
        return
    seat = st.seats[f.player]
    if isinstance(node, ir.Either):
        frames.answer_either(st.stack, f, a)
        return
    if isinstance(node, ir.AllPlayers):  # the chosen first player
        f.data = [int(str(a.arg)[1:])]
        f.pc = 1
        return
    st.stack.pop()
    if a.verb == "tuck":
        cid = e.by_name[str(a.arg)]
        seat.hand.remove(cid)
        _host_slot(e, f).tucked.append(cid)
    elif a.verb == "discard-egg":
        e.slot(f.player, str(a.arg)).eggs -= 1
    elif a.verb == "pay":
        seat.food[FOODS.index(str(a.arg))] -= 1
    elif a.verb == "discard":
        cid = e.by_name[str(a.arg)]
        seat.hand.remove(cid)
        st.discard.append(cid)
    elif a.verb == "repeat":
        h, j = e.find(f.owner, str(a.arg))
        target = st.seats[f.owner].rows[h][j].card
        st.stack.append(Frame("effect", f.player, target, (), h * 10 + j, f.owner))
    elif a.verb.startswith("play-"):
        st.stack.append(Frame("pay", f.player, e.by_name[str(a.arg)], host=HABITATS.index(a.verb[5:])))


def effect_step(e: "ClassicEngine", f: Frame) -> None:
    """Run the parts of a power that need no choice, or hand them to a resource frame."""
    st = e.state
    node = node_at(e.cards[f.card].power, f.path)  # type: ignore[arg-type]
    seat = st.seats[f.player]
    n = len(st.seats)
    if isinstance(node, ir.When):
        f.pc = 1 if f.pc == 0 else f.pc
        if f.pc == 1:
            f.pc = 2
            st.stack.append(frames.child(f, 0))
        else:
            st.stack.pop()
        return
    if isinstance(node, ir.Then):
        if f.pc == 0:
            f.pc = 1
            st.stack.append(frames.child(f, 0))
        elif f.pc == 1:
            # the benefit is offered, not imposed: a player may always take less (official ruling)
            f.pc = 2
            benefit = frames.child(f, 1)
            benefit.optional = True
            st.stack.append(benefit)
        else:
            st.stack.pop()
        return
    if isinstance(node, ir.AllPlayers):
        if node.chosen_start:
            start = f.data[0]
            order = [(start + k) % n for k in range(n)]
        else:
            order = [(f.owner + k) % n for k in range(n)]
        order = _sharers(e, node, order)
        st.stack.pop()
        for p in reversed(order):
            # the owner may have a share of their own (", you: ..."), kept at path index 1
            own = p == f.owner and node.owner_body is not None
            child = frames.child(f, 1 if own else 0, p)
            if can_do(e, child, node.owner_body if own else node.body):  # type: ignore[arg-type]
                st.stack.append(child)
        return
    st.stack.pop()
    host = _host_slot(e, f)
    if isinstance(node, ir.Draw):
        source = {None: 0, "deck": 1, "tray": 2}[node.source]
        st.stack.append(Frame("draw", f.player, f.card, data=[node.count, source, node.then_discard, 0, 0]))
    elif isinstance(node, ir.DrawBonus):
        drawn = [b for b in (e.draw_bonus() for _ in range(node.draw)) if b is not None]
        seat.bonus.extend(drawn)
        if len(drawn) > node.keep:
            st.stack.append(Frame("bonus", f.player, f.card, data=[len(drawn) - node.keep] + drawn))
    elif isinstance(node, ir.DrawTray):
        # every tray card, one by one, so the player may stop short (a gain may be taken in part)
        st.stack.append(Frame("draw", f.player, f.card, data=[sum(c != EMPTY for c in st.tray), 2, 0, 0, 0]))
    elif isinstance(node, ir.ShareCards):
        # the owner first gathers one card per player plus one, from the tray and/or the deck
        st.stack.append(Frame("gather", f.owner, f.card, owner=f.owner))
    elif isinstance(node, ir.Gain):
        if node.source == "feeder":
            # through the feeder frame, so "gain all" may reroll first like any other take
            data = [node.count, node.foods, int(node.may_cache), 0, int(node.take_all)]
            st.stack.append(Frame("feeder", f.player, f.card, host=f.host, data=data))
        else:
            foods = [i for i in range(5) if node.foods & (1 << i)]
            if len(foods) == 1 and not node.may_cache and node.count == 1:
                seat.food[foods[0]] += 1  # one food, already accepted by using the power
                e.note_food_gained(f.player, foods[0])
            else:
                st.stack.append(Frame("supply", f.player, f.card, host=f.host, data=[node.count, node.foods, int(node.may_cache)]))
    elif isinstance(node, ir.Cache):
        food = node.food.bit_length() - 1
        if host is not None:
            e.cache(host, food, node.count)
    elif isinstance(node, ir.Tuck):  # from the deck
        for _ in range(node.count):
            got = e.draw_deck()
            if got is not None and host is not None:
                host.tucked.append(got)
    elif isinstance(node, ir.Hunt):
        got = e.draw_deck()
        if got is not None:
            if e.cards[got].wingspan < node.below and host is not None:
                host.tucked.append(got)
                e.note_event(_predator_event())
            else:
                st.discard.append(got)
    elif isinstance(node, ir.RollDice):
        rolled = e.roll(5 - len(st.feeder))
        food = node.food.bit_length() - 1
        if any(face == food or (face == 5 and food in (0, 1)) for face in rolled) and host is not None:
            e.cache(host, food)
            e.note_event(_predator_event())
    elif isinstance(node, ir.LayEgg):
        if node.where == "this":
            if host is not None and host.eggs < e.cards[host.card].egg_limit:
                host.eggs += 1
        else:
            nest = -1 if node.nest is None else ("bowl", "cavity", "ground", "platform", "wild", "none").index(node.nest)
            # "each bird": one egg per bird with room, bird by bird, so the player may stop short
            count = len(e.egg_room(f.player, node.nest)) if node.where == "each" else node.count
            exclude = host.card if node.where == "other" and host is not None else -1
            st.stack.append(Frame("lay", f.player, f.card, data=[count, nest, exclude, 1]))
    elif isinstance(node, ir.Move):
        st.stack.append(Frame("move", f.player, f.card, host=f.host, owner=f.owner))
    elif isinstance(node, ir.Trade):
        st.stack.append(Frame("trade", f.player, f.card))
    else:
        raise AssertionError(f"no step for {node!r}")


def _predator_event() -> int:
    from .engine import PREDATOR

    return PREDATOR
