"""Positions of the classic game and of Oceania: writing a state, and building one.

Layout (docs/positions.md): the header, then ``[p0]``... with a line per habitat, ``hand``,
``food``, ``bonus``, ``cubes`` (Oceania: per action) and ``nectar spent`` (Oceania); then
``[table]``: round, turn, first player, who is to play, goals and their scores, feeder (and
the dice the next rolls show, ``dice to come``),
tray and the discard piles; then ``[stack]`` when the game is in the middle of something.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import rng, words
from ..cards import CardSet
from ..classic.state import EMPTY, ClassicSeat, ClassicState
from ..dsl.diagnostics import Collector, clip, suggest
from ..engine.state import Bird, Frame
from ..i18n import N_, _, translate
from ..oceania.state import OceaniaSeat
from .common import BuilderBase, card_count, cite, counted, one_number, one_word
from .frames import write_frame
from .syntax import Atom, Entry, Item
from .values import player_word, quoted

if TYPE_CHECKING:
    from ..classic.rules import ClassicRules

_PLAY = "play-bird"  # Oceania's first action row, where cubes also stay


def _names(cards: CardSet, ids: list[int]) -> str:
    return ", ".join(quoted(cards.cards[c].name) for c in ids)


def _food_text(foods: tuple[str, ...], counts: list[int]) -> str:
    return ", ".join(f"{n} {foods[k]}" for k, n in enumerate(counts) if n)


def write(rs: type[ClassicRules], st: ClassicState, cards: CardSet) -> list[str]:
    """The seats, the table and the stack of a classic or Oceania state, as lines."""
    lines: list[str] = []
    for p, seat in enumerate(st.seats):
        lines += ["", f"[{player_word(p)}]"]
        for h, row in enumerate(seat.rows):
            lines.append(f"{rs.habitats[h]}: " + ", ".join(_bird_text(rs, b, cards) for b in row))
        lines.append("hand: " + _names(cards, seat.hand))
        lines.append("food: " + _food_text(rs.foods, seat.food))
        lines.append("bonus: " + ", ".join(quoted(cards.bonuses[b].name) for b in seat.bonus))
        if isinstance(seat, OceaniaSeat):
            lines.append("cubes: " + ", ".join(f"{w} {n}" for w, n in zip((_PLAY, *rs.habitats), seat.cubes, strict=True)))
            lines.append("nectar spent: " + ", ".join(f"{h} {n}" for h, n in zip(rs.habitats, seat.spent_nectar, strict=True)))
        else:
            lines.append(f"cubes: {seat.cubes_used}")
        if seat.discard_at_end:
            lines.append(f"owes discard: {seat.discard_at_end}")
        if seat.dealt or seat.dealt_bonus:
            lines.append("dealt: " + _names(cards, seat.dealt))
            lines.append("dealt bonus: " + ", ".join(quoted(cards.bonuses[b].name) for b in seat.dealt_bonus))
    lines += ["", "[table]"]
    rounds = len(rs.turns_per_round)
    if st.over:
        lines.append("round: over")
    elif st.round >= rounds:
        lines.append("round: end")  # (Oceania: the game-end powers after the last round)
    else:
        lines.append(f"round: {st.round + 1}")
        lines.append(f"turn: {st.seats[st.current].cubes_used + 1 - _acted(st.stack)}")
    lines.append(f"first player: {player_word(st.first)}")
    lines.append(f"to play: {player_word(st.current)}")
    lines.append("goals: " + ", ".join(quoted(cards.goals[g.goal].sides[g.side].name) for g in st.goals))
    lines.append("goal scores: " + ", ".join(" ".join(str(n) for n in r) for r in st.goal_points))
    lines.append("feeder: " + ", ".join(rs.dice.names[f] for f in st.feeder))
    if st.dice_to_come:
        lines.append("dice to come: " + ", ".join(rs.dice.names[f] for f in st.dice_to_come))
    lines.append("tray: " + ", ".join("empty" if c == EMPTY else quoted(cards.cards[c].name) for c in st.tray))
    lines.append("discard: " + _names(cards, st.discard[::-1]))  # (each pile the top first)
    lines.append("bonus discard: " + ", ".join(quoted(cards.bonuses[b].name) for b in reversed(st.bonus_discard)))
    if st.stack:
        lines += ["", "[stack]"]
        lines += [write_frame(f, cards, rs.habitats) for f in st.stack]
    return lines


def _bird_text(rs: type[ClassicRules], b: Bird, cards: CardSet) -> str:
    details = []
    if b.eggs:
        details.append(f"eggs {b.eggs}")
    if any(b.cached):
        details.append("cached " + " ".join(f"{n} {rs.foods[k]}" for k, n in enumerate(b.cached) if n))
    if b.tucked:
        details.append(f"tucked {len(b.tucked)}")
    if b.stand_ins:
        details.append("cached birds " + " ".join(quoted(cards.cards[c].name) for c in b.stand_ins))
    if b.pink_used:
        details.append("pink used")
    name = quoted(cards.cards[b.card].name)
    return f"{name} ({', '.join(details)})" if details else name


class Builder(BuilderBase):
    """A classic or Oceania state from position entries; every problem goes to ``out``."""

    table_keys = ("round", "turn", "first player", "to play", "goals", "goal scores", "feeder", "dice to come", "tray", "discard", "bonus discard", "deck top", "bonus deck top")

    def __init__(self, rs: type[ClassicRules], cards: CardSet, players: int, seed: int, options: dict[str, Any], out: Collector):
        super().__init__(cards, players, seed, (c.id for c in cards.cards if rs.in_game(c, options)), rs.habitats, out)
        self.rs = rs
        self.template: ClassicState = rs.new_state(cards, players, seed, options)
        self.oceania = isinstance(self.template.seats[0], OceaniaSeat)
        self.bonus_placed: dict[int, Atom] = {}
        self.bonus_fills: list[tuple[list[int], int]] = []
        self.seats: list[ClassicSeat] = [rs.new_seat([0] * len(rs.foods)) for _ in range(players)]
        self.cubes_given = [False] * players
        self.cubes_entry: dict[int, Entry] = {}
        self.built: ClassicState | None = None  # (the state ``build`` made, for ``where``)
        self.bonus_given = [False] * players

    # ---- bonus cards ----------------------------------------------------------------------
    def bonus(self, atom: Atom) -> int | None:
        names = {b.name: b.id for b in self.cards.bonuses}
        if not atom.quoted or atom.value not in names:
            self.out.error(atom.line, atom.column, _("no bonus card named {name}").format(name=atom), suggest(str(atom.value), names))
            return None
        found = names[str(atom.value)]
        if found in self.bonus_placed:
            earlier = self.bonus_placed[found].line
            self.out.error(atom.line, atom.column, _("{card} is already placed at line {line}: a card is in one place only").format(card=atom.value, line=earlier))
            return found
        self.bonus_placed[found] = atom
        return found

    def bonuses(self, items: tuple[Item, ...], target: list[int]) -> None:
        count = card_count(items)
        if count is not None:
            self.bonus_fills.append((target, count))
            return
        for item in items:
            if len(item.atoms) != 1:
                self.out.error(item.line, item.column, _("write one bonus card name per item"))
                continue
            b = self.bonus(item.atoms[0])
            if b is not None:
                target.append(b)

    # ---- entries --------------------------------------------------------------------------
    def seat_entry(self, p: int, e: Entry) -> None:
        rs, seat, out = self.rs, self.seats[p], self.out
        key = e.key
        if key in rs.habitats:
            h = rs.habitats.index(key)
            for item in e.items:
                bird = self.bird(item, key)
                if bird is not None:
                    seat.rows[h].append(bird)
            if len(e.items) > rs.row_length:
                too_many = _("{n} birds in {habitat}: a row holds at most {most}").format(n=len(e.items), habitat=words.the_habitat(key), most=rs.row_length)
                out.error(e.line, e.column, too_many + cite("classic.play-bird.habitat"))
        elif key == "hand":
            self.cards_or_count(e.items, seat.hand)
        elif key == "dealt":
            self.cards_or_count(e.items, seat.dealt)
        elif key == "food":
            self.foods(e.items, seat.food)
        elif key == "bonus":
            self.bonus_given[p] = True
            self.bonuses(e.items, seat.bonus)
        elif key == "dealt bonus":
            self.bonus_given[p] = True
            self.bonuses(e.items, seat.dealt_bonus)
        elif key == "cubes":
            self.cubes(p, e)
        elif key == "nectar spent" and isinstance(seat, OceaniaSeat):
            for item in e.items:
                got = counted_after(item, out)
                if got is None:
                    continue
                word, n = got
                if word.value not in rs.habitats:
                    out.error(word.line, word.column, _("'{word}' is not a habitat").format(word=word.value), suggest(str(word.value), rs.habitats))
                else:
                    seat.spent_nectar[rs.habitats.index(str(word.value))] = n
        elif key == "owes discard":
            owed = one_number(e, out, 0, 20)
            if owed is not None:
                seat.discard_at_end = owed
        else:
            keys = [*rs.habitats, "hand", "food", "bonus", "cubes", "owes discard", "dealt", "dealt bonus"] + (["nectar spent"] if self.oceania else [])
            out.error(e.line, e.column, _("unknown entry '{key}' for a player").format(key=key), suggest(key, keys))

    def cubes(self, p: int, e: Entry) -> None:
        seat, out = self.seats[p], self.out
        self.cubes_given[p] = True
        self.cubes_entry[p] = e
        if not isinstance(seat, OceaniaSeat):
            n = one_number(e, out, 0, max(self.rs.turns_per_round))
            if n is not None:
                seat.cubes_used = n
            return
        rows = (_PLAY, *self.rs.habitats)
        for item in e.items:
            got = counted_after(item, out)
            if got is None:
                continue
            word, n = got
            if word.value not in rows:
                out.error(word.line, word.column, _("'{word}' is not an action; cubes go on {rows}").format(word=word.value, rows=", ".join(rows)), suggest(str(word.value), rows))
            else:
                seat.cubes[rows.index(str(word.value))] = n
        seat.cubes_used = sum(seat.cubes)

    def bird(self, item: Item, habitat: str) -> Bird | None:
        out = self.out
        if len(item.atoms) != 1:
            out.error(item.line, item.column, _("write a bird as its name in double quotes, then its eggs and such in parentheses"))
            return None
        card = self.placer.card(item.atoms[0])
        if card is None:
            return None
        bird = Bird(card, cached=[0] * len(self.rs.foods))
        c = self.cards.cards[card]
        if habitat not in c.habitats:
            lives = ", ".join(words.habitat(h) for h in c.habitats)
            wrong = _("{bird} cannot live in {habitat} (it lives in: {habitats})").format(bird=c.name, habitat=words.the_habitat(habitat), habitats=lives)
            out.error(item.line, item.column, wrong + cite("classic.play-bird.habitat"))
        for d in item.details or ():
            what, rest = d.atoms[0], d.atoms[1:]
            if what.value == "eggs" and len(rest) == 1 and isinstance(rest[0].value, int):
                bird.eggs = rest[0].value
                if not 0 <= bird.eggs <= c.egg_limit:
                    over = _("{bird} holds at most {most} eggs, not {n}").format(bird=c.name, most=c.egg_limit, n=bird.eggs)
                    out.error(rest[0].line, rest[0].column, over + cite("classic.lay-eggs.limit"))
            elif what.value == "tucked" and len(rest) == 1 and isinstance(rest[0].value, int) and 0 <= rest[0].value <= 200:
                self.placer.later(bird.tucked, rest[0].value, rest[0])
            elif what.value == "tucked" and rest and all(a.quoted for a in rest):
                bird.tucked = self.placer.names(rest)
            elif what.value == "cached" and rest and rest[0].value == "birds":
                bird.stand_ins = tuple(self.placer.names(rest[1:]))
            elif what.value == "cached":
                self.cached(rest, bird.cached, d)
            elif what.value == "pink" and len(rest) == 1 and rest[0].value == "used":
                bird.pink_used = True
            else:
                out.error(d.line, d.column, _("'{text}' is not something a bird holds; write eggs N, cached N FOOD, tucked N or pink used").format(text=d.text))
        return bird

    def cached(self, atoms: tuple[Atom, ...], into: list[int], where: Item) -> None:
        k = 0
        while k < len(atoms):
            n = 1
            value = atoms[k].value
            if isinstance(value, int):
                n = value
                k += 1
            if k >= len(atoms) or atoms[k].value not in self.rs.foods or not 0 <= n <= 1000:
                self.out.error(where.line, where.column, _("write cached food as counts and foods, such as 'cached 2 {food}'").format(food=self.rs.foods[0]))
                return
            into[self.rs.foods.index(str(atoms[k].value))] += n
            k += 1

    def foods(self, items: tuple[Item, ...], into: list[int]) -> None:
        for item in items:
            if item.text == "none":
                continue
            got = counted(item, self.out)
            if got is None:
                continue
            n, word = got
            if word.value not in self.rs.foods:
                self.out.error(word.line, word.column, _("'{word}' is not a food of this game").format(word=word.value), suggest(str(word.value), self.rs.foods))
            else:
                into[self.rs.foods.index(str(word.value))] += n

    # ---- putting it together -------------------------------------------------------------------
    def build(self) -> ClassicState:
        rs, out, t, cards = self.rs, self.out, self.table, self.cards
        rounds = len(rs.turns_per_round)
        tmpl = self.template
        # goals first: the turns of a round depend on them (Oceania's 'no goal')
        goals = tmpl.goals
        if "goals" in t:
            goals = self.goal_picks(t["goals"], rounds, N_("a game (one goal per round) has {wanted} goals, not {n}")) or goals
        over, round_index = False, 0
        if "round" in t:
            word = one_word(t["round"], out)
            if word is not None and word.value in ("over", "end"):
                over, round_index = word.value == "over", rounds
            elif word is not None and isinstance(word.value, int) and 1 <= word.value <= rounds:
                round_index = word.value - 1
            elif word is not None:
                out.error(word.line, word.column, _("the round is 1 to {rounds}, or over").format(rounds=rounds))
        first, current = self.first_and_current()
        probe = ClassicState([], [], [], [], [], [], [], goals, [], first, current, tmpl.rng, round_index)
        playing = round_index < rounds
        turns = rs.turns_in(probe, cards, round_index) if playing else 0
        turn = 1
        if "turn" in t and playing:
            n = one_number(t["turn"], out, 1, max(turns, 1))
            turn = n if n is not None else 1
        acted = bool(_acted(self.stack)) if self.stack_given else False
        wants = rs.cubes_out(self.players, first, current, turn, acted) if playing else [0] * self.players
        for p, (seat, want) in enumerate(zip(self.seats, wants, strict=True)):
            if not self.cubes_given[p]:
                if self.oceania and want:
                    out.error(1, 1, _("say on which actions {player}'s cubes are (cubes: {play} N, {habitat} N, ...)").format(player=player_word(p), play=_PLAY, habitat=rs.habitats[0]))
                seat.cubes_used = want
            elif playing and seat.cubes_used > turns:
                e = self.cubes_entry[p]
                used = _("{player} has used {cubes} cubes in a round of {turns} turns").format(player=player_word(p), cubes=seat.cubes_used, turns=turns)
                out.error(e.line, e.column, used + cite("classic.round.turns"))
            elif playing and "turn" in t and seat.cubes_used != want:
                e = t["turn"]
                out.error(
                    e.line,
                    e.column,
                    _("turn {turn} with {current} to play means {player} has {want} cubes out, not {cubes}").format(
                        turn=turn, current=player_word(current), player=player_word(p), want=want, cubes=seat.cubes_used
                    ),
                )
        points = [[0] * self.players for _ in range(round_index)]
        if "goal scores" in t:
            points = self.goal_scores(t["goal scores"], round_index) or points
        tray: list[int] = []
        if "tray" in t:
            tray = self.places(t["tray"], EMPTY)
            if len(tray) > rs.tray_size:
                out.error(t["tray"].line, t["tray"].column, _("the tray has {places} places, not {n}").format(places=rs.tray_size, n=len(tray)))
        tray_fill: list[int] = []
        self.placer.later(tray_fill, rs.tray_size - len(tray) if len(tray) < rs.tray_size else 0, Atom("tray", False, 1, 1))
        discard: list[int] = []
        if "discard" in t:
            self.cards_or_count(t["discard"].items, discard)
            discard.reverse()  # (in every pile the first written is the top: the end of the list)
        tops: list[int] = []
        if "deck top" in t:
            self.cards_or_count(t["deck top"].items, tops)
        bonus_discard: list[int] = []
        if "bonus discard" in t:
            self.bonuses(t["bonus discard"].items, bonus_discard)
            bonus_discard.reverse()
        bonus_tops: list[int] = []
        if "bonus deck top" in t:
            self.bonuses(t["bonus deck top"].items, bonus_tops)
        feeder = tmpl.feeder
        if "feeder" in t:
            feeder = self.feeder(t["feeder"])
        to_come = self.faces(t["dice to come"], 100) if "dice to come" in t else []
        in_setup = any(f.kind == "classic-setup" for f in self.stack)
        for p, seat in enumerate(self.seats):
            if not self.bonus_given[p] and not in_setup:
                self.bonus_fills.append((seat.bonus, 1))  # every player kept a bonus card at setup
        chance = rng.seed_state(self.seed)
        chance, rest = self.placer.deal(chance)
        tray += tray_fill
        deck = rest + tops[::-1]
        bonus_rest = sorted(set(range(len(cards.bonuses))) - set(self.bonus_placed))
        chance = rng.shuffle(chance, bonus_rest)
        for target, count in self.bonus_fills:
            for _n in range(min(count, len(bonus_rest))):
                target.append(bonus_rest.pop())
        bonus_deck = bonus_rest + bonus_tops[::-1]
        stack = self.stack if self.stack_given else ([] if over else [_turn_frame(current)])
        built: ClassicState = rs.state_type(
            self.seats, deck, tray, discard, bonus_deck, bonus_discard, list(feeder), list(goals), points,
            first, current, chance, round_index, stack, over, 0, 0, 0, to_come,
        )
        built.turns_done = rs.turns_on_table(built, cards)  # (a turn under way is not done yet)
        self.built = built
        return built

    def where(self, problem: str, entries: list[Entry]) -> Entry | None:
        # cubes out of the turn order (``cubes_problem``): that player's cubes, or the table's turn order
        order = self.rs.cubes_problem(self.built) if self.built is not None else None
        if order is not None and problem == order[1]:
            return self.cubes_entry.get(order[0]) or self.table.get("turn") or self.table.get("to play") or self.table.get("first player")
        return super().where(problem, entries)

    def goal_scores(self, e: Entry, round_index: int) -> list[list[int]] | None:
        rows = []
        for item in e.items:
            if len(item.atoms) != self.players or any(not isinstance(a.value, int) or not 0 <= a.value <= 10 for a in item.atoms):
                self.out.error(item.line, item.column, _("a round's goal scores are {players} numbers (0 to 10), one per player").format(players=self.players))
                return None
            rows.append([int(a.value) for a in item.atoms])
        if len(rows) != round_index:
            self.out.error(e.line, e.column, _("goal scores are given for each round already scored: {rounds}, not {n}").format(rounds=round_index, n=len(rows)))
            return None
        return rows

    def feeder(self, e: Entry) -> list[int]:
        return self.faces(e, self.rs.dice.count, N_("the feeder holds at most {most} dice, not {n}"))

    def faces(self, e: Entry, most: int, too_many: str = N_("the dice to come are at most {most} dice, not {n}")) -> list[int]:
        """Dice by face (``2 fish`` for two): the feeder's, or those the next rolls show;
        ``too_many``: the problem when there are more than ``most`` of them."""
        faces = self.rs.dice.names
        dice: list[int] = []
        for item in e.items:
            got = counted(item, self.out)
            if got is None:
                continue
            n, word = got
            if word.value not in faces:
                no_face = _("'{word}' is no face of this game's dice (they are {faces})").format(word=clip(str(word.value)), faces=", ".join(faces))
                self.out.error(word.line, word.column, no_face, suggest(str(word.value), faces))
            else:
                dice += [faces.index(str(word.value))] * n
        if len(dice) > most:
            self.out.error(e.line, e.column, translate(too_many).format(most=most, n=len(dice)))
        return dice


def counted_after(item: Item, out: Collector) -> tuple[Atom, int] | None:
    """``forest 2``: the word and its count."""
    atoms = item.atoms
    if len(atoms) == 2 and isinstance(atoms[1].value, int) and not isinstance(atoms[0].value, int) and 0 <= atoms[1].value <= 100:
        return atoms[0], atoms[1].value
    out.error(item.line, item.column, _("write a word and a count, such as 'forest 1', not '{text}'").format(text=item.text))
    return None


def _acted(stack: list[Frame]) -> int:
    """1 once the turn's action is chosen (its cube is out), else 0."""
    return int(bool(stack) and stack[0].kind == "classic-turn" and getattr(stack[0], "stage", 0) > 0)


def _turn_frame(current: int) -> Frame:
    from ..classic.state import TurnFrame

    return TurnFrame(current)


__all__ = ["Builder", "write"]
