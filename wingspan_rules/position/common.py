"""What the two position builders share: where each card went, and the cards left to deal.

Cards a position names are placed first, each in one place only; the others are shuffled
from the seed, as in a real game, and what the position only counts ("3 cards", "tucked 2")
is dealt from them in the order the text gives, before the rest become the deck.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .. import rng
from ..cards import Card, CardSet
from ..dsl.diagnostics import Collector, suggest
from ..engine.state import Frame, GoalPick
from ..i18n import _, translate
from .frames import held_by_frame, read_frame
from .syntax import Atom, Entry, Item
from .values import read_player


def cite(rule_id: str) -> str:
    """A catalog id as a problem's message ends with it: the rule a position breaks."""
    from ..rules import CATALOG

    assert rule_id in CATALOG, rule_id  # (a test reads every message that cites one)
    return f" [{rule_id}]"


class Placer:
    """Cards named in a position: each known, in the game's deck, and in one place."""

    def __init__(self, cards: CardSet, in_game: Iterable[int], out: Collector):
        self.cards = cards
        self.in_game = set(in_game)
        self.out = out
        self.placed: dict[int, Atom] = {}
        self.fills: list[tuple[list[int], int, Atom, Callable[[int], bool] | None, str]] = []

    def known(self, atom: Atom) -> Card | None:
        """The card a quoted name names (not placed: a copied power's card lies elsewhere);
        None, the problem noted, when it names none."""
        if not atom.quoted or not isinstance(atom.value, str):
            self.out.error(atom.line, atom.column, _("'{word}' is not a card name; names are written in double quotes").format(word=atom.value))
            return None
        found = self.cards.by_name.get(atom.value)
        if found is None:
            self.out.error(atom.line, atom.column, _('no card named "{name}"').format(name=atom.value), suggest(atom.value, self.cards.by_name))
        return found

    def card(self, atom: Atom) -> int | None:
        """The card a quoted name names, now placed; None (problem noted) when it cannot be."""
        found = self.known(atom)
        if found is None:
            return None
        if found.id not in self.in_game:
            self.out.error(atom.line, atom.column, _("{card} is not in this game's deck (see its options)").format(card=found.name))
            return None
        earlier = self.placed.get(found.id)
        if earlier is not None:
            self.out.error(atom.line, atom.column, _("{card} is already placed at line {line}: a card is in one place only").format(card=found.name, line=earlier.line))
            return found.id  # (its other problems are still worth reporting)
        self.placed[found.id] = atom
        return found.id

    def claim(self, card: int, line: int, column: int) -> None:
        """A card a stack frame holds (cards being shared or looked at) is placed there."""
        name = self.cards.cards[card].name if 0 <= card < len(self.cards.cards) else str(card)
        self.card(Atom(name, True, line, column))

    def names(self, atoms: Iterable[Atom]) -> list[int]:
        return [c for c in (self.card(a) for a in atoms) if c is not None]

    def later(self, target: list[int], count: int, where: Atom, test: Callable[[int], bool] | None = None, wanted: str = "") -> None:
        """Deal ``count`` unnamed cards (passing ``test``) onto the end of ``target`` once the
        named ones are all placed.  ``wanted``: the food side the cards must show (card-language
        words), for the problem when too few are left."""
        self.fills.append((target, count, where, test, wanted))

    def deal(self, chance: rng.Chance) -> tuple[rng.Chance, list[int]]:
        """Shuffle the cards not named, make the counted deals; (generator, cards left), the
        last of them the top of the deck."""
        rest = sorted(self.in_game - set(self.placed))
        chance = rng.shuffle(chance, rest)
        # cards of a given food side first: a count of any cards must not take the last of them
        fills = [f for f in self.fills if f[3] is not None] + [f for f in self.fills if f[3] is None]
        for target, count, where, test, wanted in fills:
            for _n in range(count):
                k = len(rest) - 1
                while k >= 0 and test is not None and not test(rest[k]):
                    k -= 1
                if k < 0:
                    if wanted:
                        short = _("not enough cards with the food side {side} are left in the deck for this").format(side=wanted)
                    else:
                        short = _("not enough cards are left in the deck for this")
                    self.out.error(where.line, where.column, short)
                    break
                target.append(rest.pop(k))
        return chance, rest


def one_number(entry: Entry, out: Collector, low: int = 0, high: int = 1_000) -> int | None:
    """The single number of an entry such as ``nest: 2``."""
    if len(entry.items) != 1 or len(entry.items[0].atoms) != 1 or not isinstance(entry.items[0].atoms[0].value, int):
        out.error(entry.line, entry.column, _("'{key}' takes one number").format(key=entry.key))
        return None
    value = entry.items[0].atoms[0].value
    assert isinstance(value, int)
    if not low <= value <= high:
        a = entry.items[0].atoms[0]
        out.error(a.line, a.column, _("'{key}' must be {low} to {high}, not {value}").format(key=entry.key, low=low, high=high, value=value))
        return None
    return value


def one_word(entry: Entry, out: Collector) -> Atom | None:
    if len(entry.items) != 1 or len(entry.items[0].atoms) != 1:
        out.error(entry.line, entry.column, _("'{key}' takes one value").format(key=entry.key))
        return None
    return entry.items[0].atoms[0]


def counted(item: Item, out: Collector) -> tuple[int, Atom] | None:
    """``3 seed`` or ``seed``: (count, the word's atom)."""
    atoms = item.atoms
    if len(atoms) == 1 and not isinstance(atoms[0].value, int):
        return 1, atoms[0]
    if len(atoms) == 2 and isinstance(atoms[0].value, int) and not isinstance(atoms[1].value, int) and 0 <= atoms[0].value <= 1_000:
        return atoms[0].value, atoms[1]
    out.error(item.line, item.column, _("write a count and a word, such as '2 {word}', not '{text}'").format(word=atoms[-1].value, text=item.text))
    return None


def card_count(item_list: tuple[Item, ...]) -> int | None:
    """``hand: 3 cards``: the count, when the entry is a count rather than names."""
    if len(item_list) == 1:
        atoms = item_list[0].atoms
        if len(atoms) == 2 and isinstance(atoms[0].value, int) and atoms[1].value in ("card", "cards") and 0 <= atoms[0].value <= 500:
            return atoms[0].value
    return None


class BuilderBase:
    """Reading a position's entries into a ruleset's state: what both builders share (the
    sections, the table's keys, the stack, names and counts of cards, players, goals).
    A builder says its ``table_keys`` and the place words of its ``rows``, and reads a
    player's entries in ``seat_entry``."""

    table_keys: tuple[str, ...] = ()

    def __init__(self, cards: CardSet, players: int, seed: int, in_game: Iterable[int], rows: tuple[str, ...], out: Collector):
        self.cards, self.players, self.seed, self.out, self.rows = cards, players, seed, out, rows
        self.placer = Placer(cards, in_game, out)
        self.table: dict[str, Entry] = {}
        self.stack: list[Frame] = []
        self.stack_given = False

    def seat_entry(self, p: int, e: Entry) -> None:
        raise NotImplementedError

    def where(self, problem: str, entries: list[Entry]) -> Entry | None:
        """The entry a problem of the whole state (``validate_state``'s words) is about: the
        ``[stack]`` section for a frame's; a builder knows more of its own (None: the top)."""
        if "frame" in problem:
            return next((e for e in entries if e.key == "[section]" and e.section == "stack"), None)
        return None

    def read(self, entries: list[Entry]) -> None:
        for e in entries:
            if e.key == "[section]":
                if e.section == "stack":
                    self.stack_given = True
                elif e.section != "table" and read_player(e.section, self.players) is None:
                    self.out.error(e.line, e.column, _("unknown section [{section}]; sections are [p0] to [p{last}], [table] and [stack]").format(section=e.section, last=self.players - 1))
            elif e.section == "":
                if e.key not in ("ruleset", "players", "format") and not e.key.startswith("option "):
                    self.out.error(e.line, e.column, _("'{key}' belongs in a section such as [p0] or [table]").format(key=e.key))
            elif e.section == "table":
                if e.key not in self.table_keys:
                    self.out.error(e.line, e.column, _("unknown entry '{key}' for the table").format(key=e.key), suggest(e.key, self.table_keys))
                elif e.key in self.table:
                    self.out.error(e.line, e.column, _("'{key}' is given twice (first at line {line})").format(key=e.key, line=self.table[e.key].line))
                else:
                    self.table[e.key] = e
            elif e.section == "stack":
                self.stack_given = True
                f = read_frame(e, self.cards, self.rows, self.players, self.out)
                if f is not None:
                    self.stack.append(f)
                    for c in held_by_frame(f):
                        self.placer.claim(c, e.line, e.column)
            else:
                p = read_player(e.section, self.players)
                if p is not None:
                    self.seat_entry(p, e)

    def cards_or_count(self, items: tuple[Item, ...], target: list[int]) -> None:
        """``"Name", "Name"`` placed now, or ``3 cards`` dealt later, onto ``target``."""
        count = card_count(items)
        if count is not None:
            self.placer.later(target, count, items[0].atoms[0])
            return
        for item in items:
            if len(item.atoms) != 1 or item.details is not None:
                self.out.error(item.line, item.column, _("write one card name per item"))
                continue
            c = self.placer.card(item.atoms[0])
            if c is not None:
                target.append(c)

    def places(self, e: Entry, empty: int) -> list[int]:
        """Face-up cards (the tray, Pocket's supply): a name or ``empty`` per place."""
        found: list[int] = []
        for item in e.items:
            if item.text == "empty":
                found.append(empty)
            elif len(item.atoms) == 1:
                c = self.placer.card(item.atoms[0])
                found.append(empty if c is None else c)
            else:
                self.out.error(item.line, item.column, _("write one card name (or empty) per place, separated by commas"))
        return found

    def player_of(self, e: Entry | None) -> int | None:
        """The seat an entry such as ``to play: p1`` names (None when absent or wrong)."""
        if e is None:
            return None
        word = one_word(e, self.out)
        p = read_player(word.value, self.players) if word is not None else None
        if word is not None and p is None:
            self.out.error(word.line, word.column, _("'{word}' is no player of this game (p0 to p{last})").format(word=word.value, last=self.players - 1))
        return p

    def first_and_current(self) -> tuple[int, int]:
        """(first player, player to play): each defaults to the other, and both to p0."""
        first = self.player_of(self.table.get("first player"))
        current = self.player_of(self.table.get("to play"))
        if first is None:
            first = current if current is not None else 0
        return first, first if current is None else current

    def goal_picks(self, e: Entry, wanted: int, what: str) -> list[GoalPick] | None:
        """Goals by the names of their sides: ``wanted`` of them, two sides of one card never.
        ``what``: the problem when there are not ``wanted``, a template of ``{wanted}`` and ``{n}``
        (marked for translation where it is written)."""
        sides = {s.name: GoalPick(g.id, k) for g in self.cards.goals for k, s in enumerate(g.sides)}
        picks = []
        for item in e.items:
            a = item.atoms[0]
            if len(item.atoms) != 1 or not a.quoted or a.value not in sides:
                self.out.error(item.line, item.column, _("no goal named {name}").format(name=item.text), suggest(str(a.value), sides))
                return None
            picks.append(sides[str(a.value)])
        if len(picks) != wanted:
            self.out.error(e.line, e.column, translate(what).format(wanted=wanted, n=len(picks)))
            return None
        if len({p.goal for p in picks}) != len(picks):
            self.out.error(e.line, e.column, _("two goals are the two sides of one card"))
            return None
        return picks
