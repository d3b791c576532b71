"""What the two position builders share: where each card went, and the cards left to deal.

Cards a position names are placed first, each in one place only; the others are shuffled
from the seed, as in a real game, and what the position only counts ("3 cards", "tucked 2")
is dealt from them in the order the text gives, before the rest become the deck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .. import rng
from ..cards import CardSet
from ..dsl.diagnostics import Collector, suggest
from .syntax import Atom, Entry, Item


class Placer:
    """Cards named in a position: each known, in the game's deck, and in one place."""

    def __init__(self, cards: CardSet, in_game: Iterable[int], out: Collector):
        self.cards = cards
        self.in_game = set(in_game)
        self.out = out
        self.placed: dict[int, Atom] = {}
        self.fills: list[tuple[list[int], int, Atom, Callable[[int], bool] | None, str]] = []

    def card(self, atom: Atom) -> int | None:
        """The card a quoted name names, now placed; None (problem noted) when it cannot be."""
        if not atom.quoted or not isinstance(atom.value, str):
            self.out.error(atom.line, atom.column, f"'{atom.value}' is not a card name; names are written in double quotes")
            return None
        found = self.cards.by_name.get(atom.value)
        if found is None:
            self.out.error(atom.line, atom.column, f"no card named \"{atom.value}\"", suggest(atom.value, self.cards.by_name))
            return None
        if found.id not in self.in_game:
            self.out.error(atom.line, atom.column, f"{found.name} is not in this game's deck (see its options)")
            return None
        earlier = self.placed.get(found.id)
        if earlier is not None:
            self.out.error(atom.line, atom.column, f"{found.name} is already placed at line {earlier.line}: a card is in one place only")
            return found.id  # (its other problems are still worth reporting)
        self.placed[found.id] = atom
        return found.id

    def claim(self, card: int, line: int, column: int) -> None:
        """A card a stack frame holds (cards being shared or looked at) is placed there."""
        name = self.cards.cards[card].name if 0 <= card < len(self.cards.cards) else str(card)
        self.card(Atom(name, True, line, column))

    def names(self, atoms: Iterable[Atom]) -> list[int]:
        return [c for c in (self.card(a) for a in atoms) if c is not None]

    def later(self, target: list[int], count: int, where: Atom, test: Callable[[int], bool] | None = None, wanted: str = "cards") -> None:
        """Deal ``count`` unnamed cards (passing ``test``) onto the end of ``target`` once the
        named ones are all placed."""
        self.fills.append((target, count, where, test, wanted))

    def deal(self, chance: rng.Chance) -> tuple[rng.Chance, list[int]]:
        """Shuffle the cards not named, make the counted deals; (generator, cards left), the
        last of them the top of the deck."""
        rest = sorted(self.in_game - set(self.placed))
        chance = rng.shuffle(chance, rest)
        # cards of a given food side first: a count of any cards must not take the last of them
        fills = [f for f in self.fills if f[3] is not None] + [f for f in self.fills if f[3] is None]
        for target, count, where, test, wanted in fills:
            for _ in range(count):
                k = len(rest) - 1
                while k >= 0 and test is not None and not test(rest[k]):
                    k -= 1
                if k < 0:
                    self.out.error(where.line, where.column, f"not enough {wanted} are left in the deck for this")
                    break
                target.append(rest.pop(k))
        return chance, rest


def one_number(entry: Entry, out: Collector, low: int = 0, high: int = 1_000) -> int | None:
    """The single number of an entry such as ``nest: 2``."""
    if len(entry.items) != 1 or len(entry.items[0].atoms) != 1 or not isinstance(entry.items[0].atoms[0].value, int):
        out.error(entry.line, entry.column, f"'{entry.key}' takes one number")
        return None
    value = entry.items[0].atoms[0].value
    assert isinstance(value, int)
    if not low <= value <= high:
        a = entry.items[0].atoms[0]
        out.error(a.line, a.column, f"'{entry.key}' must be {low} to {high}, not {value}")
        return None
    return value


def one_word(entry: Entry, out: Collector) -> Atom | None:
    if len(entry.items) != 1 or len(entry.items[0].atoms) != 1:
        out.error(entry.line, entry.column, f"'{entry.key}' takes one value")
        return None
    return entry.items[0].atoms[0]


def counted(item: Item, out: Collector) -> tuple[int, Atom] | None:
    """``3 seed`` or ``seed``: (count, the word's atom)."""
    atoms = item.atoms
    if len(atoms) == 1 and not isinstance(atoms[0].value, int):
        return 1, atoms[0]
    if len(atoms) == 2 and isinstance(atoms[0].value, int) and not isinstance(atoms[1].value, int) and 0 <= atoms[0].value <= 1_000:
        return atoms[0].value, atoms[1]
    out.error(item.line, item.column, f"write a count and a word, such as '2 {atoms[-1].value}', not '{item.text}'")
    return None


def card_count(item_list: tuple[Item, ...]) -> int | None:
    """``hand: 3 cards``: the count, when the entry is a count rather than names."""
    if len(item_list) == 1:
        atoms = item_list[0].atoms
        if len(atoms) == 2 and isinstance(atoms[0].value, int) and atoms[1].value in ("card", "cards") and 0 <= atoms[0].value <= 500:
            return atoms[0].value
    return None
