"""Positions of Wingspan Pocket: writing a state, and building one.

Layout (docs/positions.md): ``[p0]``... with ``flock``, ``nest``, ``birds`` (the reserve's
bird-side cards), ``food`` (the reserve's food sides), ``turns``; then ``[table]``: first
player, who is to play, the food decks (size and the food on top), the face-up supply, the
discard pile, goals (advanced game) and whether the end was triggered; then ``[stack]``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import rng
from ..cards import CardSet
from ..dsl.diagnostics import Collector, suggest
from ..engine.state import Bird, Frame
from ..i18n import N_, _
from ..pocket.state import EMPTY, GreenCopy, PocketSeat, PocketState
from .common import BuilderBase, card_count, cite, counted, one_number, one_word
from .frames import write_frame
from .syntax import Atom, Entry, Item
from .values import YES, place_word, player_word, quoted, read_place

if TYPE_CHECKING:
    from ..pocket.rules import PocketRules

_ROWS = ("flock",)


def _runs(kinds: list[str]) -> str:
    """Food sides in order, runs of the same food counted: ``2 seed, fish``."""
    parts: list[str] = []
    k = 0
    while k < len(kinds):
        j = k
        while j < len(kinds) and kinds[j] == kinds[k]:
            j += 1
        parts.append(kinds[k] if j - k == 1 else f"{j - k} {kinds[k]}")
        k = j
    return ", ".join(parts)


def write(rs: type[PocketRules], st: PocketState, cards: CardSet) -> list[str]:
    names = [c.name for c in cards.cards]
    lines: list[str] = []
    for p, seat in enumerate(st.seats):
        lines += ["", f"[{player_word(p)}]"]
        lines.append("flock: " + ", ".join(_bird_text(b, names) for b in seat.flock))
        lines.append(f"nest: {seat.nest_eggs}")
        lines.append("birds: " + ", ".join(quoted(names[c]) for c in seat.hand))
        lines.append("food: " + _runs([cards.cards[c].food_kind for c in seat.food_cards]))
        lines.append(f"turns: {seat.turns}")
        if seat.green_copies:
            lines.append("copies: " + ", ".join(f"{place_word(g.host, _ROWS)} {quoted(names[g.card])}" for g in seat.green_copies))
        if seat.dealt:
            lines.append("dealt: " + ", ".join(quoted(names[c]) for c in seat.dealt))
    lines += ["", "[table]"]
    lines.append(f"first player: {player_word(st.first)}")
    lines.append(f"to play: {player_word(st.current)}")
    lines.append("decks: " + ", ".join(f"{len(d)} (top {cards.cards[d[-1]].food_kind})" if d else "0" for d in st.decks))
    lines.append("supply: " + ", ".join("empty" if c == EMPTY else quoted(names[c]) for c in st.face_up))
    lines.append("discard: " + ", ".join(quoted(names[c]) for c in reversed(st.discard)))  # (the top first)
    if st.goals:
        lines.append("goals: " + ", ".join(quoted(cards.goals[g.goal].sides[g.side].name) for g in st.goals))
    lines.append("end triggered: " + ("yes" if st.end_triggered else "no"))
    if st.over:
        lines.append("over: yes")
    if st.stack:
        lines += ["", "[stack]"]
        lines += [write_frame(f, cards, _ROWS) for f in st.stack]
    return lines


def _bird_text(b: Bird, names: list[str]) -> str:
    details = []
    if b.eggs:
        details.append(f"eggs {b.eggs}")
    if b.tucked:
        details.append(f"tucked {len(b.tucked)}")
    name = quoted(names[b.card])
    return f"{name} ({', '.join(details)})" if details else name


class Builder(BuilderBase):
    """A Pocket state from position entries; every problem goes to ``out``."""

    table_keys = ("first player", "to play", "decks", "supply", "discard", "goals", "end triggered", "over")

    def __init__(self, rs: type[PocketRules], cards: CardSet, players: int, seed: int, options: dict[str, Any], out: Collector):
        super().__init__(cards, players, seed, range(len(cards.cards)), _ROWS, out)
        self.rs = rs
        self.template: PocketState = rs.new_state(cards, players, seed, options)
        self.kinds = sorted({c.food_kind for c in cards.cards})
        self.seats = [PocketSeat(nest_eggs=rs.nest_start) for _ in range(players)]

    def kind_test(self, kind: str) -> Any:
        return lambda c: self.cards.cards[c].food_kind == kind

    def food_sides(self, items: tuple[Item, ...], target: list[int]) -> None:
        for item in items:
            if item.text == "none":
                continue
            if len(item.atoms) == 1 and item.atoms[0].quoted:  # a card named outright
                c = self.placer.card(item.atoms[0])
                if c is not None:
                    target.append(c)
                continue
            got = counted(item, self.out)
            if got is None:
                continue
            n, word = got
            if word.value not in self.kinds:
                self.out.error(word.line, word.column, _("no card has the food side '{side}'").format(side=word.value), suggest(str(word.value), self.kinds))
            else:
                self.placer.later(target, n, word, self.kind_test(str(word.value)), str(word.value))

    def seat_entry(self, p: int, e: Entry) -> None:
        seat, out, rs = self.seats[p], self.out, self.rs
        if e.key == "flock":
            for item in e.items:
                bird = self.bird(item)
                if bird is not None:
                    seat.flock.append(bird)
            if len(e.items) > rs.flock_end:
                out.error(e.line, e.column, _("{n} birds in the flock: it holds at most {most}").format(n=len(e.items), most=rs.flock_end) + cite("pocket.end.six-birds"))
        elif e.key == "nest":
            n = one_number(e, out, 0, rs.nest_limit)
            if n is not None:
                seat.nest_eggs = n
        elif e.key == "birds":
            self.cards_or_count(e.items, seat.hand)
        elif e.key == "food":
            count = card_count(e.items)
            if count is not None:  # (``food: 3 cards``: food cards of any side, dealt from the rest)
                self.placer.later(seat.food_cards, count, e.items[0].atoms[0])
            else:
                self.food_sides(e.items, seat.food_cards)
        elif e.key == "turns":
            n = one_number(e, out, 0, 200)
            if n is not None:
                seat.turns = n
        elif e.key == "dealt":
            self.cards_or_count(e.items, seat.dealt)
        elif e.key == "copies":
            for item in e.items:
                pl = read_place(item.atoms[0].value, _ROWS) if len(item.atoms) == 2 else None
                known = self.placer.known(item.atoms[1]) if pl is not None else None
                card = known.id if known is not None else None
                if pl is None or card is None:
                    if pl is None:
                        out.error(item.line, item.column, _('write a green copy as the copying bird\'s place and the copied card: flock.2 "Name"'))
                    continue
                seat.green_copies.append(GreenCopy(pl, card))
        else:
            keys = ("flock", "nest", "birds", "food", "turns", "dealt", "copies")
            out.error(e.line, e.column, _("unknown entry '{key}' for a player").format(key=e.key), suggest(e.key, keys))

    def bird(self, item: Item) -> Bird | None:
        if len(item.atoms) != 1:
            self.out.error(item.line, item.column, _("write a bird as its name in double quotes, then its eggs and tucked cards in parentheses"))
            return None
        card = self.placer.card(item.atoms[0])
        if card is None:
            return None
        bird = Bird(card)
        c = self.cards.cards[card]
        for d in item.details or ():
            what, rest = d.atoms[0], d.atoms[1:]
            if what.value == "eggs" and len(rest) == 1 and isinstance(rest[0].value, int):
                bird.eggs = rest[0].value
                if not 0 <= bird.eggs <= c.egg_limit:
                    self.out.error(rest[0].line, rest[0].column, _("{bird} holds at most {most} eggs, not {n}").format(bird=c.name, most=c.egg_limit, n=bird.eggs) + cite("pocket.eggs.limit"))
            elif what.value == "tucked" and len(rest) == 1 and isinstance(rest[0].value, int) and 0 <= rest[0].value <= 200:
                self.placer.later(bird.tucked, rest[0].value, rest[0])
            elif what.value == "tucked" and rest and all(a.quoted for a in rest):
                bird.tucked = self.placer.names(rest)
            else:
                self.out.error(d.line, d.column, _("'{text}' is not something a Pocket bird holds; write eggs N or tucked N").format(text=d.text))
        return bird

    def yes(self, key: str) -> bool:
        e = self.table.get(key)
        if e is None:
            return False
        word = one_word(e, self.out)
        if word is None or word.value not in YES:
            self.out.error(e.line, e.column, _("'{key}' is yes or no").format(key=key))
            return False
        return YES[str(word.value)]

    def build(self) -> PocketState:
        rs, out, t = self.rs, self.out, self.table
        tmpl = self.template
        first, current = self.first_and_current()
        goals = tmpl.goals
        if "goals" in t:
            goals = self.goal_picks(t["goals"], rs.goal_count, N_("an advanced game has {wanted} goals, not {n}")) or goals
        supply: list[int] = []
        if "supply" in t:
            supply = self.places(t["supply"], EMPTY)
            if len(supply) != rs.decks:
                out.error(t["supply"].line, t["supply"].column, _("the supply has {places} places, one per deck, not {n}").format(places=rs.decks, n=len(supply)))
        else:
            fill: list[int] = []
            self.placer.later(fill, rs.decks, Atom("supply", False, 1, 1))
            supply = fill  # dealt below, with the other counted cards
        decks: list[list[int]] = [[] for _ in range(rs.decks)]
        tops: list[list[list[int]]] = [[] for _ in range(rs.decks)]  # (each deck's tops as written, one list a top)
        sizes: list[int] | None = None
        if "decks" in t:
            sizes = self.decks(t["decks"], tops)
        discard: list[int] = []
        if "discard" in t:
            self.cards_or_count(t["discard"].items, discard)
            discard.reverse()  # (the first written is the top: the end of the list)
        chance = rng.seed_state(self.seed)
        chance, rest = self.placer.deal(chance)
        for d, written in zip(decks, tops, strict=True):
            d.extend(c for top in reversed(written) for c in top)  # (the first written ends on top)
        if sizes is None:
            for i, c in enumerate(rest):
                decks[i % rs.decks].insert(0, c)
        else:
            for d, size in zip(decks, sizes, strict=True):
                missing = size - len(d)
                if missing > len(rest):
                    out.error(t["decks"].line, t["decks"].column, _("the decks hold more cards than are left"))
                    break
                taken = [rest.pop() for _ in range(missing)]
                d[:0] = taken
            if rest and "discard" not in t:
                discard = rest + discard
            elif rest:
                out.error(t["decks"].line, t["decks"].column, _("{n} cards are in no deck and not in the discard pile").format(n=len(rest)))
        over = self.yes("over")
        stack = self.stack if self.stack_given else ([] if over else [_turn_frame(current)])
        return PocketState(self.seats, decks, supply, discard, list(goals), first, current, chance, stack, self.yes("end triggered"), over, 0)

    def decks(self, e: Entry, tops: list[list[list[int]]]) -> list[int] | None:
        """``decks: 12 (top seed), 0, ...``: each deck's size; its tops, named or given by food
        side, the first written on top, each into a list of its own in ``tops`` (a named one
        now, one of a food side when the rest is dealt); the rest of each deck is dealt later."""
        if len(e.items) != self.rs.decks:
            self.out.error(e.line, e.column, _("there are {decks} decks, not {n}").format(decks=self.rs.decks, n=len(e.items)))
            return None
        sizes = []
        for item, written in zip(e.items, tops, strict=True):
            a = item.atoms[0]
            if len(item.atoms) != 1 or not isinstance(a.value, int) or not 0 <= a.value <= len(self.cards.cards):
                self.out.error(item.line, item.column, _('write each deck as its size, then (top FOOD) or (top "Name")'))
                return None
            sizes.append(a.value)
            for detail in item.details or ():
                if len(detail.atoms) != 2 or detail.atoms[0].value != "top" or a.value == 0:
                    self.out.error(detail.line, detail.column, _('a deck\'s detail is its top card: top FOOD or top "Name"'))
                    continue
                top = detail.atoms[1]
                place: list[int] = []
                written.append(place)
                if top.quoted:
                    c = self.placer.card(top)
                    if c is not None:
                        place.append(c)
                elif top.value in self.kinds:
                    self.placer.later(place, 1, top, self.kind_test(str(top.value)), str(top.value))
                else:
                    self.out.error(top.line, top.column, _("no card has the food side '{side}'").format(side=top.value), suggest(str(top.value), self.kinds))
        return sizes


def _turn_frame(current: int) -> Frame:
    from ..pocket.state import TurnFrame

    return TurnFrame(current)
