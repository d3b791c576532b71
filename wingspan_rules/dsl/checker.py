"""Meaning checks on a parsed Document: what parses but cannot be a card."""

from __future__ import annotations

import attrs

from .. import words
from ..families import FAMILIES
from ..i18n import _
from . import ast
from .diagnostics import Collector
from .vocabulary import FOODS, LIMITS, POCKET, Vocabulary, owner_of, system_cards, system_with_article


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
            self.error(part.span, _("a green power is a single phrase; '+', '->' and 'all players' are for brown powers"))
            return False
        return True

    def expansion_measure(self, measure: ast.Measure, bonus: bool) -> None:
        """A count this rule system's cards do not have ("extra-counts") is an error."""
        _extra_measure(measure, self.vocab, self.out, bonus)

    def admits(self, form: str) -> bool:
        """May this rule system's cards use the form ``form`` (``Vocabulary.forms``)?"""
        return self.vocab.admits(form)

    def owner(self, form: str) -> str:
        """The rule system that has ``form``, for messages, in the current language: in English
        with its article ("an Oceania" form), in Spanish bare ("una forma (Oceanía)")."""
        return system_with_article(owner_of(form))

    def belongs(self, form: str) -> str:
        """The words of a refusal of ``form``, in the current language: "belongs to the X cards,
        not to these" (X the rule system that has it, ``vocabulary.owner_of``)."""
        return belongs(form, self.vocab)


def belongs(form: str, vocab: Vocabulary) -> str:
    """"belongs to the X cards, not to Y cards": X the rule system that has ``form``, Y
    ``vocab``'s (in the current language)."""
    return _("belongs to {owner}, not to {these}").format(owner=system_cards(owner_of(form), the=True), these=system_cards(vocab.name))


def _colour(word: str) -> str:
    """A power colour in the current language (a colour no table knows, as written)."""
    return words.as_written(words.colour, word)


def _or_each(items: list[str]) -> str:
    """'a or b or c', each pair joined by the current language's word for "or"."""
    text = items[0]
    for item in items[1:]:
        text = _("{first} or {second}").format(first=text, second=item)
    return text


def check(doc: ast.Document, out: Collector, vocabulary: Vocabulary = POCKET) -> None:
    """Record a diagnostic for every card or goal that cannot exist."""
    seen: dict[str, ast.Span] = {}
    for card in doc.cards:
        if card.name in seen:
            first = seen[card.name]
            out.error(card.span.line, card.span.column, _("card '{name}' is defined twice (first at line {line})").format(name=card.name, line=first.line))
        else:
            seen[card.name] = card.span
        _card(card, out, vocabulary)
    goal_lines: dict[str, int] = {}
    for goal in doc.goals:
        if goal.name in goal_lines:
            out.error(goal.span.line, goal.span.column, _("goal '{name}' is defined twice (first at line {line})").format(name=goal.name, line=goal_lines[goal.name]))
        goal_lines.setdefault(goal.name, goal.span.line)
        if len(goal.sides) != 2:
            out.error(goal.span.line, goal.span.column, _("goal '{name}' must have exactly 2 sides, not {n}").format(name=goal.name, n=len(goal.sides)))
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
        out.error(m.span.line, m.span.column, _("this count {belongs}").format(belongs=belongs("extra-counts", vocab)))
    elif m.what == "column_nests" and not bonus:
        out.error(m.span.line, m.span.column, _("'matching nests per column' is scored column by column: a bonus card's count"))
    elif m.what == "no_goal" and bonus:
        out.error(m.span.line, m.span.column, _("'nothing' is a goal side that scores no goal, not a bonus card's count"))


def _range(value: int, key: str, what: str, span: ast.Span, out: Collector) -> None:
    low, high = LIMITS[key]
    if not low <= value <= high:
        out.error(span.line, span.column, _("{what} {value} is out of range ({low} to {high})").format(what=what, value=value, low=low, high=high))


def _name(name: str, span: ast.Span, out: Collector) -> None:
    """A card name must read back unchanged from action text ("play NAME", "egg NAME")."""
    problem = None
    if not name.strip():
        problem = _("a card name cannot be empty")
    elif name != name.strip() or "  " in name:
        problem = _("card name '{name}' has spaces at an end or two in a row").format(name=name)
    elif ";" in name:
        problem = _("card name '{name}' contains ';', which separates actions in a sequence").format(name=name)
    elif name == "nest" or all(part in FOODS for part in name.split("/")):
        problem = _("card name '{name}' would be confused with the Nest or a food in action text").format(name=name)
    if problem:
        out.error(span.line, span.column, problem)


def _card(card: ast.CardDef, out: Collector, vocab: Vocabulary = POCKET) -> None:
    bird = card.bird
    span = card.span
    _name(card.name, span, out)
    # (points, egg_limit and wingspan are named by their fields, as the card text writes them)
    _range(bird.points, "points", f"'{card.name}': points", span, out)
    _range(bird.egg_limit, "egg_limit", f"'{card.name}': egg_limit", span, out)
    if bird.wingspan is not None:  # (None: flightless)
        _range(bird.wingspan, "wingspan", f"'{card.name}': wingspan", span, out)
    cost = bird.cost
    _range(len(cost.foods) + cost.any_food, "food_cost", _("'{card}': number of food icons").format(card=card.name), cost.span, out)
    _range(cost.eggs, "eggs", _("'{card}': number of eggs in the cost").format(card=card.name), cost.span, out)
    if not cost.foods and not cost.any_food and not cost.eggs and vocab.block == "card":
        out.error(cost.span.line, cost.span.column, _("'{card}': a bird must cost something").format(card=card.name))
    if bird.cost.alternative and len(bird.cost.foods) < 2:
        out.error(bird.cost.span.line, bird.cost.span.column, _("'{card}': a '/' cost needs two foods or more").format(card=card.name))
    if bird.power is not None and bird.colour is not None:
        if vocab.pink is None and isinstance(bird.power, ast.When):
            at = bird.power.span
            out.error(at.line, at.column, _("a 'when ...:' trigger belongs to the classic game's pink powers; Wingspan Pocket has none"))
            return
        if vocab.pink is not None and (bird.colour == vocab.pink) != isinstance(bird.power, ast.When):
            out.error(
                bird.power.span.line,
                bird.power.span.column,
                _("a {pink} power is one 'when ...:' trigger, and only {pink} powers have one").format(pink=_colour(vocab.pink)),
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
            if allowed_colours:
                allowed = _or_each([_colour(c) for c in allowed_colours])
                message = _("'{verb}' belongs in a {allowed} power, not a {colour} one").format(verb=verb, allowed=allowed, colour=_colour(colour))
            else:
                message = _("'{verb}' belongs in a no power, not a {colour} one").format(verb=verb, colour=_colour(colour))
            out.error(span.line, span.column, message)
            return
    before = out.total
    family.check(power, checking)
    if family.form is not None and not vocab.admits(family.form) and out.total == before:
        # a family that is a form of its own this rule system lacks, whose checks said nothing
        out.error(span.line, span.column, _("'{name}' {belongs}").format(name=family.name, belongs=checking.belongs(family.form)))


def _taken_filter(power: ast.Draw | ast.Tuck | ast.DiscardCard, out: Collector, vocab: Vocabulary, verb: str) -> None:
    """Refuse filters no engine can apply to the cards a phrase of ``verb`` takes."""
    what = power.what
    if what.kind == "food" and not vocab.food_cards and not isinstance(power, ast.DiscardCard):
        hint = _("to gain a food token, write 'gain FOOD from supply'") if verb == "draw" else _("only bird cards can be tucked")
        if verb == "draw":
            message = _("this game has no food cards to draw")
        elif verb == "tuck":
            message = _("this game has no food cards to tuck")
        else:
            message = _("this game has no food cards to {verb}").format(verb=verb)
        out.error(what.span.line, what.span.column, message, hint)
    source = getattr(power, "source", None)
    used = [(w, form) for w, form, on in (("smallest", "smallest", what.smallest), ("may reset or refill first", "tray-refresh", getattr(power, "refresh", False))) if on]
    for word, form in used:
        if not vocab.admits(form):
            out.error(power.span.line, power.span.column, _("'{name}' {belongs}").format(name=word, belongs=belongs(form, vocab)))
        elif source != "tray":
            out.error(power.span.line, power.span.column, _("'{word}' is about the bird tray: write 'from tray'").format(word=word))
    if source == "deck" and what.predicates:
        at = what.predicates[0].span
        out.error(
            at.line,
            at.column,
            _face_down(verb),
            _("drop the condition, or draw from the tray") if verb == "draw" else _("drop the condition, or tuck from your hand"),
        )
    for pred in what.predicates:
        if isinstance(pred, ast.Compare) and pred.attribute == "eggs":
            out.error(
                pred.span.line,
                pred.span.column,
                _("a card in a hand, the tray or the deck carries no eggs"),
                _("'where eggs' is for what a goal or bonus card counts"),
            )


def _face_down(verb: str) -> str:
    """Why a card taken from the deck cannot be picked by a condition."""
    if verb == "draw":
        return _("the deck is face down, so a card to draw from it cannot be picked by a condition")
    if verb == "tuck":
        return _("the deck is face down, so a card to tuck from it cannot be picked by a condition")
    if verb == "discard":
        return _("the deck is face down, so a card to discard from it cannot be picked by a condition")
    return _("the deck is face down, so a card to {verb} from it cannot be picked by a condition").format(verb=verb)


def _filter(what: ast.CardFilter, out: Collector) -> None:
    _conditions(what.predicates, what.span, out)


def _conditions(preds: tuple[ast.Predicate, ...], span: ast.Span, out: Collector) -> None:
    """Bird conditions that no bird could meet all at once."""
    ops: dict[str, list[tuple[str, int]]] = {}
    for pred in preds:
        if isinstance(pred, ast.Compare):
            key = "compare"
            _range(pred.value, key, _("the {attribute} compared").format(attribute=pred.attribute), pred.span, out)
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
                _("no bird can meet these {attribute} conditions (a bird's {attribute} is {low} to {high})").format(attribute=attribute, low=lo, high=hi),
            )
    if len({p.colour for p in preds if isinstance(p, ast.HasColour)}) > 1:
        out.error(span.line, span.column, _("a bird has only one power colour"))
    if len({p.food for p in preds if isinstance(p, ast.CostingOnly)}) > 1:
        out.error(span.line, span.column, _("a cost cannot be made only of two different foods"))
    if len({p.habitat for p in preds if isinstance(p, ast.LivesOnly)}) > 1:
        out.error(span.line, span.column, _("a bird cannot live only in two different habitats"))
