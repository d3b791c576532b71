"""Meaning checks on a parsed Document: what parses but cannot be a card."""

from __future__ import annotations

import attrs

from ..families import FAMILIES
from . import ast
from .diagnostics import Collector
from .vocabulary import FOODS, LIMITS, POCKET, Vocabulary, owner_of


@attrs.frozen
class Checking:
    """Where a part of a power stands, for its family's checks (``Family.check``)."""

    out: Collector
    vocab: Vocabulary
    colour: str  # the colour of the power it belongs to
    top: bool = False  # the part is the whole power (not inside '+', '->', ...)

    def error(self, at: ast.Span, message: str, hint: str | None = None) -> None:
        self.out.error(at.line, at.column, message, hint)

    def part(self, part: ast.Power, top: bool = False) -> None:
        """Check a part this one holds."""
        _power(part, self.colour, self.out, self.vocab, top)

    def range(self, value: int, key: str, what: str, at: ast.Span) -> None:
        """A number out of its range (``vocabulary.LIMITS[key]``) is an error."""
        _range(value, key, what, at, self.out)

    def conditions(self, preds: tuple[ast.Predicate, ...], at: ast.Span) -> None:
        """Bird conditions no bird could meet all at once are an error."""
        _conditions(preds, at, self.out)

    def card_filter(self, what: ast.CardFilter) -> None:
        _filter(what, self.out)

    def taken_filter(self, part: ast.Draw | ast.Tuck | ast.DiscardCard, verb: str) -> None:
        """Filters no engine can apply to the cards a phrase of ``verb`` takes are an error."""
        _taken_filter(part, self.out, self.vocab, verb)

    def joins_parts(self, part: ast.Power) -> bool:
        """May this power join parts ('+', '->', 'all players')?  A green power is one phrase:
        if it is green, that is recorded and False returned."""
        if self.colour == "green":
            self.error(part.span, "a green power is a single phrase; '+', '->' and 'all players' are for brown powers")
            return False
        return True

    def expansion_measure(self, measure: ast.Measure, bonus: bool) -> None:
        """A count this rule system's cards do not have ("extra-counts") is an error."""
        _extra_measure(measure, self.vocab, self.out, bonus)

    def admits(self, form: str) -> bool:
        """May this rule system's cards use the form ``form`` (``Vocabulary.forms``)?"""
        return self.vocab.admits(form)

    def owner(self, form: str) -> str:
        """The rule system that has ``form``, with its article ("an Oceania"), for messages."""
        name = owner_of(form)
        return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"

    def belongs(self, form: str) -> str:
        """The words of a refusal of ``form``: "belongs to the X cards, not to these" (X the
        rule system that has it, ``vocabulary.owner_of``)."""
        return f"belongs to the {owner_of(form)} cards, not to {self.vocab.name} cards"

def check(doc: ast.Document, out: Collector, vocabulary: Vocabulary = POCKET) -> None:
    """Record a diagnostic for every card or goal that cannot exist."""
    seen: dict[str, ast.Span] = {}
    for card in doc.cards:
        if card.name in seen:
            first = seen[card.name]
            out.error(card.span.line, card.span.column, f"card '{card.name}' is defined twice (first at line {first.line})")
        else:
            seen[card.name] = card.span
        _card(card, out, vocabulary)
    goal_lines: dict[str, int] = {}
    for goal in doc.goals:
        if goal.name in goal_lines:
            out.error(goal.span.line, goal.span.column, f"goal '{goal.name}' is defined twice (first at line {goal_lines[goal.name]})")
        goal_lines.setdefault(goal.name, goal.span.line)
        if len(goal.sides) != 2:
            out.error(goal.span.line, goal.span.column, f"goal '{goal.name}' must have exactly 2 sides, not {len(goal.sides)}")
        for side in goal.sides:
            _filter(side.birds, out)
            if side.measure is not None:
                _conditions(side.measure.predicates, side.measure.span, out)
                _extra_measure(side.measure, vocabulary, out, bonus=False)
    for bonus in doc.bonuses:
        _conditions(bonus.measure.predicates, bonus.measure.span, out)
        _extra_measure(bonus.measure, vocabulary, out, bonus=True)


# the counts of the form "extra-counts" (beyond birds, eggs, egg sets and cards in hand)
_EXTRA_MEASURES = ("wingspan_run", "nest_sets", "column_nests", "cubes_on_play", "cost_icons", "no_goal")


def _extra_measure(m: ast.Measure, vocab: Vocabulary, out: Collector, bonus: bool) -> None:
    if m.what in _EXTRA_MEASURES and not vocab.admits("extra-counts"):
        out.error(m.span.line, m.span.column, f"this count belongs to the {owner_of('extra-counts')} cards, not to {vocab.name} cards")
    elif m.what == "column_nests" and not bonus:
        out.error(m.span.line, m.span.column, "'matching nests per column' is scored column by column: a bonus card's count")
    elif m.what == "no_goal" and bonus:
        out.error(m.span.line, m.span.column, "'nothing' is a goal side that scores no goal, not a bonus card's count")


def _range(value: int, key: str, what: str, span: ast.Span, out: Collector) -> None:
    low, high = LIMITS[key]
    if not low <= value <= high:
        out.error(span.line, span.column, f"{what} {value} is out of range ({low} to {high})")


def _name(name: str, span: ast.Span, out: Collector) -> None:
    """A card name must read back unchanged from action text ("play NAME", "egg NAME")."""
    problem = None
    if not name.strip():
        problem = "a card name cannot be empty"
    elif name != name.strip() or "  " in name:
        problem = f"card name '{name}' has spaces at an end or two in a row"
    elif ";" in name:
        problem = f"card name '{name}' contains ';', which separates actions in a sequence"
    elif name == "nest" or all(part in FOODS for part in name.split("/")):
        problem = f"card name '{name}' would be confused with the Nest or a food in action text"
    if problem:
        out.error(span.line, span.column, problem)


def _card(card: ast.CardDef, out: Collector, vocab: Vocabulary = POCKET) -> None:
    bird = card.bird
    span = card.span
    _name(card.name, span, out)
    _range(bird.points, "points", f"'{card.name}': points", span, out)
    _range(bird.egg_limit, "egg_limit", f"'{card.name}': egg_limit", span, out)
    if bird.wingspan is not None:  # (None: flightless)
        _range(bird.wingspan, "wingspan", f"'{card.name}': wingspan", span, out)
    cost = bird.cost
    _range(len(cost.foods) + cost.any_food, "food_cost", f"'{card.name}': number of food icons", cost.span, out)
    _range(cost.eggs, "eggs", f"'{card.name}': number of eggs in the cost", cost.span, out)
    if not cost.foods and not cost.any_food and not cost.eggs and vocab.block == "card":
        out.error(cost.span.line, cost.span.column, f"'{card.name}': a bird must cost something")
    if bird.cost.alternative and len(bird.cost.foods) < 2:
        out.error(bird.cost.span.line, bird.cost.span.column, f"'{card.name}': a '/' cost needs two foods or more")
    if bird.power is not None and bird.colour is not None:
        if vocab.pink is None and isinstance(bird.power, ast.When):
            at = bird.power.span
            out.error(at.line, at.column, "a 'when ...:' trigger belongs to the classic game's pink powers; Wingspan Pocket has none")
            return
        if vocab.pink is not None and (bird.colour == vocab.pink) != isinstance(bird.power, ast.When):
            out.error(
                bird.power.span.line,
                bird.power.span.column,
                f"a {vocab.pink} power is one 'when ...:' trigger, and only {vocab.pink} powers have one",
            )
            return
        _power(bird.power, bird.colour, out, vocab, top=True)


def _power(power: ast.Power, colour: str, out: Collector, vocab: Vocabulary = POCKET, top: bool = False) -> None:
    span = power.span
    family = FAMILIES.find_syntax(power)
    if family is None:
        raise TypeError(f"no power family checks a {type(power).__name__} part")
    checking = Checking(out, vocab, colour, top)
    if family.misplaced(power, checking):
        return
    verb = family.verb_of_part(power)
    if verb is not None:  # a phrase: its verb must stand in a power of this colour
        allowed_colours = vocab.verbs.get(verb) or family.colours.get(vocab.name, ())
        if colour not in allowed_colours:
            allowed = " or ".join(allowed_colours) or "no"
            out.error(span.line, span.column, f"'{verb}' belongs in a {allowed} power, not a {colour} one")
            return
    before = out.total
    family.check(power, checking)
    if family.form is not None and not vocab.admits(family.form) and out.total == before:
        # a family that is a form of its own this rule system lacks, whose checks said nothing
        out.error(span.line, span.column, f"'{family.name}' {checking.belongs(family.form)}")


def _taken_filter(power: ast.Draw | ast.Tuck | ast.DiscardCard, out: Collector, vocab: Vocabulary, verb: str) -> None:
    """Refuse filters no engine can apply to the cards a phrase of ``verb`` takes."""
    what = power.what
    if what.kind == "food" and not vocab.food_cards and not isinstance(power, ast.DiscardCard):
        hint = "to gain a food token, write 'gain FOOD from supply'" if verb == "draw" else "only bird cards can be tucked"
        out.error(what.span.line, what.span.column, f"this game has no food cards to {verb}", hint)
    source = getattr(power, "source", None)
    used = [(w, form) for w, form, on in (("smallest", "smallest", what.smallest), ("may reset or refill first", "tray-refresh", getattr(power, "refresh", False))) if on]
    for word, form in used:
        if not vocab.admits(form):
            out.error(power.span.line, power.span.column, f"'{word}' belongs to the {owner_of(form)} cards, not to {vocab.name} cards")
        elif source != "tray":
            out.error(power.span.line, power.span.column, f"'{word}' is about the bird tray: write 'from tray'")
    if source == "deck" and what.predicates:
        at = what.predicates[0].span
        out.error(
            at.line,
            at.column,
            f"the deck is face down, so a card to {verb} from it cannot be picked by a condition",
            "drop the condition, or draw from the tray" if verb == "draw" else "drop the condition, or tuck from your hand",
        )
    for pred in what.predicates:
        if isinstance(pred, ast.Compare) and pred.attribute == "eggs":
            out.error(
                pred.span.line,
                pred.span.column,
                "a card in a hand, the tray or the deck carries no eggs",
                "'where eggs' is for what a goal or bonus card counts",
            )


def _filter(what: ast.CardFilter, out: Collector) -> None:
    _conditions(what.predicates, what.span, out)


def _conditions(preds: tuple[ast.Predicate, ...], span: ast.Span, out: Collector) -> None:
    """Bird conditions that no bird could meet all at once."""
    ops: dict[str, list[tuple[str, int]]] = {}
    for pred in preds:
        if isinstance(pred, ast.Compare):
            key = "compare"
            _range(pred.value, key, f"the {pred.attribute} compared", pred.span, out)
            ops.setdefault(pred.attribute, []).append((pred.op, pred.value))
    for attribute, bounds in ops.items():
        # no bird has a printed number outside these; eggs on a bird stay within its egg limit
        limits = LIMITS["egg_limit" if attribute == "eggs" else attribute]
        low, high = limits
        for op, value in bounds:
            if op in ("<", "<="):
                high = min(high, value - (op == "<"))
            elif op in (">", ">="):
                low = max(low, value + (op == ">"))
            else:
                low, high = max(low, value), min(high, value)
        if low > high:
            lo, hi = limits
            out.error(
                span.line,
                span.column,
                f"no bird can meet these {attribute} conditions (a bird's {attribute} is {lo} to {hi})",
            )
    if len({p.colour for p in preds if isinstance(p, ast.HasColour)}) > 1:
        out.error(span.line, span.column, "a bird has only one power colour")
    if len({p.food for p in preds if isinstance(p, ast.CostingOnly)}) > 1:
        out.error(span.line, span.column, "a cost cannot be made only of two different foods")
    if len({p.habitat for p in preds if isinstance(p, ast.LivesOnly)}) > 1:
        out.error(span.line, span.column, "a bird cannot live only in two different habitats")
