"""Compiled cards and card sets, and the sets shipped with the package."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

import attrs

from . import deckcache, ir
from .dsl import ast, render
from .dsl.checker import check
from .dsl.compiler import FoodIndex, compile_measure, compile_power, compile_test
from .dsl.diagnostics import KEPT, Collector, Diagnostic, DslError, clip
from .dsl.parser import grammar_text, parse_into
from .dsl.vocabulary import CLASSIC, OCEANIA, POCKET, Vocabulary
from .families import FAMILIES
from .i18n import _

RULESETS_WITH_CARDS = ("pocket", "classic", "oceania")
# (cards/oceania holds the Oceania birds written so far; an Oceania game plays the core deck until all are)
VOCABULARIES: dict[str, Vocabulary] = {"pocket": POCKET, "classic": CLASSIC, "oceania": OCEANIA}

# what tells card files' rule system: classic blocks (``bird``, ``bonus``), and Oceania's words
_CLASSIC_BLOCK = re.compile(r"^(bird|bonus)\b", re.MULTILINE)
_OCEANIA_WORD = re.compile(r"\b(nectar|yellow|flightless|oceania)\b")


def told_ruleset(sources: Sequence[tuple[str, str]]) -> str:
    """The rule system card files (name, text) are written for, told by their blocks and
    Oceania's words: "pocket", "classic" or "oceania"."""
    if not any(_CLASSIC_BLOCK.search(text) for _, text in sources):
        return "pocket"
    return "oceania" if any(_OCEANIA_WORD.search(text) for _, text in sources) else "classic"


def vocabulary_for(sources: Sequence[tuple[str, str]], ruleset: str | None) -> Vocabulary:
    """The words to read card files in: the ruleset's named, else the one their blocks tell;
    ValueError for a ruleset with no card language."""
    if ruleset is None:
        ruleset = told_ruleset(sources)
    if ruleset not in VOCABULARIES:
        raise ValueError(_("unknown ruleset '{name}'; known: {known}").format(name=ruleset, known=", ".join(VOCABULARIES)))
    return VOCABULARIES[ruleset]


@attrs.frozen
class Card:
    """One double-sided card, precompiled for the engine's hot path."""

    id: int
    name: str
    foods: tuple[str, ...]  # the food side
    food_mask: int
    food_kind: str  # canonical text of the food side, e.g. "seed/fruit"
    cost: tuple[int, ...]  # how many of each food the bird side's cost shows
    cost_mask: int
    any_food: int
    egg_cost: int
    points: int
    egg_limit: int
    wingspan: int | None  # None: flightless, wild for every wingspan condition (``oceania.flightless``)
    colour: str | None
    power: ir.Effect | None
    definition: ast.CardDef = attrs.field(eq=False, repr=False)
    habitats: tuple[str, ...] = ()  # classic birds only, from here down
    nest: str | None = None
    cost_alternative: bool = False  # a "/" cost: one of the foods, not all
    card_set: str | None = None
    swift_start: bool = False
    # Facts the bird conditions read (``filters.bird_passes``), computed once at build time.
    food_cost: int = 0  # food icons in the cost; a "/" cost counts 1
    predator: bool = False  # the power hunts or rolls dice for a predator's food
    flocking: bool = False  # the power tucks cards
    lowered_name: str = ""
    beak: str | None = None  # where the pictured beak points (left, right, both, straight); None: not said

    @property
    def dsl(self) -> str:
        return render.card_dsl(self.definition)

    @property
    def english(self) -> str:
        return render.card_english(self.definition)


@attrs.frozen
class GoalSide:
    """One side of a goal card: ``test`` picks the birds a Pocket goal counts the eggs of;
    ``counts`` is what a classic goal side counts (None for Pocket)."""

    name: str
    test: ir.BirdTest
    definition: ast.GoalSide = attrs.field(eq=False, repr=False)
    counts: ir.Measure | None = None


@attrs.frozen
class Goal:
    id: int
    name: str
    sides: tuple[GoalSide, ...]
    definition: ast.GoalDef = attrs.field(eq=False, repr=False)

    @property
    def english(self) -> str:
        return render.goal_english(self.definition)


@attrs.frozen
class Bonus:
    """A classic bonus card: what it counts (``counts``, compiled), and the points for that count.

    ``measure`` is the syntax tree of what it counts, kept for rendering."""

    id: int
    name: str
    measure: ast.Measure
    tiers: tuple[tuple[int, int | None, int], ...]
    each: int | None
    definition: ast.BonusDef = attrs.field(eq=False, repr=False)
    counts: ir.Measure = ir.Measure("birds")

    @property
    def english(self) -> str:
        return render.bonus_english(self.definition)

    def points(self, count: int) -> int:
        if self.each is not None:
            return self.each * count
        for low, high, points in self.tiers:
            if count >= low and (high is None or count <= high):
                return points
        return 0


@attrs.frozen
class CardSet:
    """The cards, goals and bonus cards of one deck, with names resolved to ids."""

    cards: tuple[Card, ...]
    goals: tuple[Goal, ...]
    foods: tuple[str, ...]
    by_name: dict[str, Card] = attrs.field(eq=False, repr=False)
    bonuses: tuple[Bonus, ...] = ()

    def __len__(self) -> int:
        return len(self.cards)

    def card(self, name: str) -> Card:
        """The card with this bird name; KeyError with the nearest name when unknown."""
        try:
            return self.by_name[name]
        except KeyError:
            from .dsl.diagnostics import suggest

            hint = suggest(name, self.by_name)
            raise KeyError(_("no card named '{name}'; {hint}").format(name=name, hint=hint) if hint else _("no card named '{name}'").format(name=name)) from None


def food_kind(foods: tuple[str, ...], order: tuple[str, ...]) -> str:
    return "/".join(sorted(foods, key=order.index))


def _resets_then_gains(power: ir.Effect | None) -> bool:
    """The Oceania predators that reset the birdfeeder, then take their prey from it."""
    return power is not None and any(
        isinstance(n, ir.Then) and isinstance(n.requirement, ir.ResetFeeder) and isinstance(n.benefit, ir.Gain) and n.benefit.source == "feeder"
        for n in ir.walk(power)
    )


def _contains(power: ir.Effect | None, kinds: tuple[type, ...]) -> bool:
    return power is not None and any(isinstance(node, kinds) for node in ir.walk(power))


def build(doc: ast.Document, vocabulary: Vocabulary = POCKET) -> CardSet:
    """Compile a checked Document into a CardSet."""
    index = FoodIndex(vocabulary.foods)
    cards = []
    for i, definition in enumerate(doc.cards):
        bird = definition.bird
        counts = tuple(bird.cost.foods.count(f) for f in vocabulary.foods)
        power = compile_power(bird.power, index) if bird.power is not None else None
        cards.append(
            Card(
                id=i,
                name=definition.name,
                foods=definition.foods,
                food_mask=index.mask(definition.foods),
                food_kind=food_kind(definition.foods, vocabulary.foods),
                cost=counts,
                cost_mask=index.mask(bird.cost.foods),
                any_food=bird.cost.any_food,
                egg_cost=bird.cost.eggs,
                points=bird.points,
                egg_limit=bird.egg_limit,
                wingspan=bird.wingspan,
                colour=bird.colour if bird.power is not None else None,
                power=power,
                definition=definition,
                habitats=bird.habitats,
                nest=bird.nest,
                cost_alternative=bird.cost.alternative,
                card_set=bird.card_set,
                swift_start=bird.swift_start,
                food_cost=1 if bird.cost.alternative else len(bird.cost.foods) + bird.cost.any_food,
                # the printed icons where the card states them, else what the power does
                predator=("predator" in bird.icons) if bird.icons is not None else _contains(power, (ir.Hunt, ir.RollDice)) or _resets_then_gains(power),
                flocking=("flocking" in bird.icons) if bird.icons is not None else _contains(power, (ir.Tuck,)),
                lowered_name=definition.name.lower(),
                beak=bird.beak,
            )
        )
    goals = []
    for i, goal in enumerate(doc.goals):
        sides = tuple(
            GoalSide(s.name, compile_test(s.birds.predicates, index), s, compile_measure(s.measure, index) if s.measure else None)
            for s in goal.sides
        )
        goals.append(Goal(i, goal.name, sides, goal))
    bonuses = tuple(Bonus(i, b.name, b.measure, b.tiers, b.each, b, compile_measure(b.measure, index)) for i, b in enumerate(doc.bonuses))
    return CardSet(tuple(cards), tuple(goals), vocabulary.foods, {c.name: c for c in cards}, bonuses)


def parse_checked(text: str, file: str = "<text>", vocabulary: Vocabulary = POCKET) -> ast.Document:
    """Parse and check card text; DslError lists every problem."""
    out = Collector(text, file)
    doc = parse_into(text, out, vocabulary)
    check(doc, out, vocabulary)  # also checks the blocks that did parse when others did not
    out.raise_if_any()
    return doc


def compile_cards(text: str, file: str = "<text>", vocabulary: Vocabulary = POCKET, *, ruleset: str | None = None) -> CardSet:
    """Compile card text to a CardSet; raises DslError with ``.diagnostics``.  ``ruleset``
    ("pocket", "classic", "oceania") picks that rule system's card language instead of
    ``vocabulary``."""
    if ruleset is not None:
        if ruleset not in VOCABULARIES:
            raise ValueError(_("unknown ruleset '{name}'; known: {known}").format(name=ruleset[:40], known=", ".join(VOCABULARIES)))
        vocabulary = VOCABULARIES[ruleset]
    return build(parse_checked(text, file, vocabulary), vocabulary)


def cards_dir(ruleset: str) -> Path:
    packaged = resources.files("wingspan_rules").joinpath("cards", ruleset)
    if packaged.is_dir():
        return Path(str(packaged))
    return Path(__file__).resolve().parents[1] / "cards" / ruleset


def card_files(ruleset: str) -> list[Path]:
    return sorted(cards_dir(ruleset).glob("*.wsp"))


def ruleset_text(ruleset: str) -> list[tuple[str, str]]:
    return [(f"cards/{ruleset}/{p.name}", p.read_text(encoding="utf-8")) for p in card_files(ruleset)]


@functools.cache
def card_set(ruleset: str) -> CardSet:
    """The card set shipped for a ruleset ("pocket")."""
    if ruleset not in RULESETS_WITH_CARDS:
        raise ValueError(_("unknown ruleset '{name}'; known: {known}").format(name=ruleset, known=", ".join(RULESETS_WITH_CARDS)))
    return shipped_deck((ruleset,), VOCABULARIES[ruleset])


def shipped_deck(decks: tuple[str, ...], vocabulary: Vocabulary) -> CardSet:
    """The shipped card sets ``decks`` compiled together as one deck (ids in file order), in
    ``vocabulary``'s words: from the cache of compiled decks (``deckcache``) when it holds this
    very compilation, else compiled from the card text (and kept there)."""
    sources = [source for deck in decks for source in ruleset_text(deck)]
    families = ",".join(sorted(f"{type(f).__module__}.{type(f).__qualname__}" for f in FAMILIES))
    parts = (vocabulary.name, grammar_text(), families, deckcache.code_fingerprint(), *(f"{name}\0{text}" for name, text in sources))
    name = re.sub(r"[^a-z0-9]+", "_", "_".join((*decks, vocabulary.name)).lower())
    return deckcache.cached(name, parts, lambda: compile_sources(sources, vocabulary), CardSet)


def compile_sources(sources: list[tuple[str, str]], vocabulary: Vocabulary = POCKET) -> CardSet:
    """Compile several files as one deck, reporting the errors of all of them together."""
    cards: list[ast.CardDef] = []
    goals: list[ast.GoalDef] = []
    bonuses: list[ast.BonusDef] = []
    problems: list[Diagnostic] = []
    total = 0
    first_card: dict[str, tuple[int, str]] = {}  # name -> (source index, "file:line") of its first definition
    first_goal: dict[str, tuple[int, str]] = {}
    first_bonus: dict[str, tuple[int, str]] = {}
    for index, (name, text) in enumerate(sources):
        out = Collector(text, name)
        doc = parse_into(text, out, vocabulary)
        check(doc, out, vocabulary)
        # The same name in two files: reported where the later file defines it.
        for kind, items, first in (("card", doc.cards, first_card), ("goal", doc.goals, first_goal)):
            for item in items:
                seen = first.get(item.name)
                if seen is not None and seen[0] != index:
                    again = _("card '{name}' is already defined at {where}") if kind == "card" else _("goal '{name}' is already defined at {where}")
                    out.error(item.span.line, item.span.column, again.format(name=item.name, where=seen[1]))
                first.setdefault(item.name, (index, f"{name}:{item.span.line}"))
        # A bonus card is defined once, unless a later file revises it ('revised bonus': an
        # expansion's words for a base card); the revision takes the earlier card's place (with
        # no earlier card, a revised card is simply a card).
        for b in doc.bonuses:
            seen = first_bonus.get(b.name)
            if seen is not None and not b.revised:
                out.error(b.span.line, b.span.column, _("bonus '{name}' is already defined at {where}").format(name=clip(b.name), where=seen[1]))
            elif seen is not None and seen[0] == index:
                out.error(b.span.line, b.span.column, _("bonus '{name}' is revised in the file that defines it").format(name=clip(b.name)))
            elif seen is not None:
                bonuses[next(i for i, old in enumerate(bonuses) if old.name == b.name)] = b
                continue
            else:
                first_bonus[b.name] = (index, f"{name}:{b.span.line}")
            bonuses.append(b)
        problems.extend(out.items[: max(KEPT - len(problems), 0)])  # already in position order
        total += out.total
        cards.extend(doc.cards)
        goals.extend(doc.goals)
    merged = ast.Document(tuple(cards), tuple(goals), tuple(bonuses))
    if total:
        raise DslError(problems, total)
    return build(merged, vocabulary)


def max_parts(cards: CardSet) -> int:
    """The most parts any '+' power of the deck has (bounds the 'part N' actions)."""
    return max(
        (len(node.parts) for c in cards.cards if c.power is not None for node in ir.walk(c.power) if isinstance(node, ir.Either)),
        default=0,
    )
