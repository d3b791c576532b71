"""Syntax tree -> canonical card text, and -> plain English written by this project."""

from __future__ import annotations

from collections import Counter
from typing import assert_never

from ..families import FAMILIES
from . import ast


class Writing:
    """What a family's ``text`` and ``english`` are given: how the part stands, and the steps
    for the parts it holds."""

    def __init__(self, classic: bool = False, nested: bool = False):
        self.classic = classic  # English: the classic game's words (hand, tray, feeder), else Pocket's
        self.nested = nested  # card text: the part stands inside another ('+', '->', ...)

    def text(self, part: ast.Power, nested: bool = True) -> str:
        """The card text of a part this one holds."""
        return power_dsl(part, nested)

    def english(self, part: ast.Power, grouped: bool = False) -> str:
        """The English of a part this one holds, in the same words; with ``grouped``, in
        parentheses if its family says so (a part among other parts, '+' inside '+')."""
        text = phrase(part, self.classic)
        family = FAMILIES.find_syntax(part)
        return f"({text})" if grouped and family is not None and family.grouped else text

# ---- canonical DSL -----------------------------------------------------------------------


def filter_dsl(what: ast.CardFilter) -> str:
    words = ["smallest", what.kind] if what.smallest else [what.kind]
    if what.food:
        words.append(what.food)
    words += [predicate_dsl(p) for p in what.predicates]
    return " ".join(words)


def predicate_dsl(pred: ast.Predicate) -> str:
    if isinstance(pred, ast.Costing):
        return f"costing {pred.food}"
    if isinstance(pred, ast.CostingOnly):
        return f"costing only {pred.food}"
    if isinstance(pred, ast.Compare):
        return f"where {pred.attribute} {pred.op} {pred.value}"
    if isinstance(pred, ast.HasNest):
        return f"with {pred.nest} nest"
    if isinstance(pred, ast.HasTrait):
        return f"with {pred.trait} power"
    if isinstance(pred, ast.LivesOnly):
        return f"living only in {pred.habitat}"
    if isinstance(pred, ast.LivesIn):
        return f"living in {pred.habitat}"
    if isinstance(pred, ast.Facing):
        return f"facing {pred.side}"
    if isinstance(pred, ast.CostingOneOf):
        return "costing " + " or ".join(pred.foods)
    if isinstance(pred, ast.Named):
        if pred.words == ("'s",):
            return "named after person"
        return "named " + " ".join(pred.words) + (" except " + " ".join(pred.unless) if pred.unless else "")
    if isinstance(pred, ast.HasColour):
        return "without power" if pred.colour is None else f"with {pred.colour} power"
    assert_never(pred)  # (mypy holds every kind of ``ast.Predicate`` to a case above)


# Counts written as fixed words, in card text and in English.
_FIXED_MEASURES: dict[str, tuple[str, str]] = {
    "egg_sets": ("egg sets", "each set of three eggs, one in each of your habitats"),
    "hand": ("cards in hand", "each card in your hand"),
    "nest_sets": (
        "nest sets",
        "each set of a bowl, a cavity, a ground and a platform nest among your birds (a wild nest fills one place of one set)",
    ),
    "column_nests": (
        "matching nests per column",
        "in each column, the most birds there sharing one nest (a wild nest counts once, as any), scored column by column",
    ),
    "cubes_on_play": ("cubes on play bird", "each action cube you placed on 'play a bird' this round"),
    "no_goal": ("nothing", "nothing: no goal is scored this round, and every later round has one more turn"),
}


def measure_dsl(m: ast.Measure) -> str:
    """What a classic goal side or bonus card counts, as card text."""
    fixed = _FIXED_MEASURES.get(m.what)
    if fixed is not None:
        return fixed[0]
    if m.what == "wingspan_run":
        return f"longest wingspan run in {m.habitat}"
    if m.what == "cost_icons":
        return "icons " + " ".join(m.foods) + " in costs"
    words = [m.what]
    if m.habitat == "fewest":
        words.append("in fewest habitat")
    elif m.habitat:
        words.append(f"in {m.habitat}")
    preds = " ".join(predicate_dsl(p) for p in m.predicates)
    if preds:
        words.append(("on birds " if m.what == "eggs" else "") + preds)
    return " ".join(words)


def power_dsl(power: ast.Power, nested: bool = False) -> str:
    family = FAMILIES.find_syntax(power)
    if family is None:
        raise TypeError(f"no card text is written for a {type(power).__name__} part")
    text: str = family.text(power, Writing(False, nested))
    return text


def count_prefix(count: int) -> str:
    """A count before a word, written only when it is not 1."""
    return "" if count == 1 else f"{count} "


def cost_dsl(cost: ast.CostDef) -> str:
    if cost.alternative:
        return " / ".join(cost.foods)
    items = []
    for food, count in Counter(cost.foods).items():
        items.append(food if count == 1 else f"{count} {food}")
    for word, count in (("any", cost.any_food), ("egg", cost.eggs)):
        if count:
            items.append(word if count == 1 else f"{count} {word}")
    return " ".join(items) or "none"


def card_dsl(card: ast.CardDef) -> str:
    bird = card.bird
    if not card.foods:
        return bird_dsl(card)
    lines = [
        f'card "{card.name}" {{',
        f"  food: {'/'.join(card.foods)}",
        f"  cost: {cost_dsl(bird.cost)}",
        f"  points: {bird.points}",
        f"  egg_limit: {bird.egg_limit}",
        f"  wingspan: {_wingspan(bird.wingspan)}",
    ]
    if bird.power is not None:
        lines.append(f"  power {bird.colour}: {power_dsl(bird.power)}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _wingspan(value: int | None) -> str:
    return "flightless" if value is None else str(value)


def _wingspan_words(value: int | None) -> str:
    return "flightless (any)" if value is None else f"{value} cm"


def bird_dsl(card: ast.CardDef) -> str:
    """A classic bird card (bird side only)."""
    bird = card.bird
    lines = [
        f'bird "{card.name}" {{',
        f"  habitats: {' '.join(bird.habitats)}",
        f"  cost: {cost_dsl(bird.cost)}",
        f"  points: {bird.points}",
        f"  nest: {bird.nest}",
        f"  egg_limit: {bird.egg_limit}",
        f"  wingspan: {_wingspan(bird.wingspan)}",
    ]
    if bird.card_set:
        lines.append(f"  set: {bird.card_set}")
    if bird.swift_start:
        lines.append("  swift_start: yes")
    if bird.icons is not None:
        lines.append(f"  icons: {' '.join(bird.icons) or 'none'}")
    if bird.beak is not None:
        lines.append(f"  beak: {bird.beak}")
    if bird.power is not None:
        lines.append(f"  power {bird.colour}: {power_dsl(bird.power)}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def goal_dsl(goal: ast.GoalDef) -> str:
    lines = [f'goal "{goal.name}" {{']
    for side in goal.sides:
        if side.measure is not None:
            lines.append(f'  side "{side.name}": {measure_dsl(side.measure)}')
            continue
        preds = " ".join(predicate_dsl(p) for p in side.birds.predicates)
        lines.append(f'  side "{side.name}": eggs on birds{" " + preds if preds else ""}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def bonus_dsl(bonus: ast.BonusDef) -> str:
    if bonus.each is not None:
        scores = f"{bonus.each} each"
    else:
        scores = ", ".join(f"{low}+ = {points}" if high is None else f"{low}..{high} = {points}" for low, high, points in bonus.tiers)
    head = "revised bonus" if bonus.revised else "bonus"
    return f'{head} "{bonus.name}" {{\n  counts: {measure_dsl(bonus.measure)}\n  scores: {scores}\n}}\n'


def document_dsl(doc: ast.Document) -> str:
    return "\n".join(
        [card_dsl(c) for c in doc.cards] + [goal_dsl(g) for g in doc.goals] + [bonus_dsl(b) for b in doc.bonuses]
    )


# ---- English -----------------------------------------------------------------------------
# Phrases are built without a capital or a final full stop; ``power_english`` adds both once,
# so parts joined by ';' read as one sentence.
#
# The same syntax tree reads differently in the two games: Pocket cards go to a reserve and
# come from food decks, classic cards go to a hand and come from the bird tray or the deck.
# ``classic`` picks the wording; a card with no food side is a classic bird.

_OPS = {"<": "under", "<=": "at most", ">": "over", ">=": "at least", "=": "exactly"}


def a_or_an(word: str) -> str:
    """The indefinite article for a following word."""
    return "an" if word[:1].lower() in "aeiou" else "a"


_a = a_or_an


def _number(attribute: str, op: str, value: int) -> str:
    if attribute == "points":
        return f"worth {_OPS[op]} {value} point{'' if value == 1 else 's'}"
    if attribute == "wingspan":
        return f"with a wingspan {'' if op in ('<', '>') else 'of '}{_OPS[op]} {value} cm"
    if attribute == "egg_limit":
        return f"with an egg limit {'' if op in ('<', '>') else 'of '}{_OPS[op]} {value}"
    if attribute == "eggs":
        return f"with {_OPS[op]} {value} egg{'' if value == 1 else 's'} on it"
    return f"with a food cost {'' if op in ('<', '>') else 'of '}{_OPS[op]} {value}"


def predicate_english(pred: ast.Predicate) -> str:
    if isinstance(pred, ast.Costing):
        if pred.food == "any":
            return "with a wild (any food) icon in its cost"
        return f"with {pred.food} in its cost"
    if isinstance(pred, ast.Compare):
        return _number(pred.attribute, pred.op, pred.value)
    if isinstance(pred, ast.HasNest):
        return "with a wild nest" if pred.nest == "wild" else f"with {_a(pred.nest)} {pred.nest} or wild nest"
    if isinstance(pred, ast.HasTrait):
        return "with a predator power" if pred.trait == "predator" else "with a power that tucks cards"
    if isinstance(pred, ast.CostingOnly):
        return f"with only {pred.food} in its cost"
    if isinstance(pred, ast.LivesOnly):
        return f"that can live only in the {pred.habitat}"
    if isinstance(pred, ast.Facing):
        return f"whose beak points {pred.side}"
    if isinstance(pred, ast.LivesIn):
        return f"that can live in the {pred.habitat}"
    if isinstance(pred, ast.CostingOneOf):
        return f"with {or_list([f'{_a(f)} {f}' for f in pred.foods])} in its cost"
    if isinstance(pred, ast.Named):
        if pred.words == ("'s",):
            return "named after a person (with 's in its name)"
        unless = f" (not counting them inside {or_list(pred.unless)})" if pred.unless else ""
        return f"with any of these in its name: {or_list(pred.words)}{unless}"
    if isinstance(pred, ast.HasColour):
        return "with no power" if pred.colour is None else f"with a {pred.colour} power"
    assert_never(pred)  # (mypy holds every kind of ``ast.Predicate`` to a case above)


def or_list(words: tuple[str, ...] | list[str]) -> str:
    """'a', 'a or b', 'a, b or c'."""
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " or " + words[-1]


def predicates_english(preds: tuple[ast.Predicate, ...]) -> str:
    """Bird conditions joined into one phrase ("" when there are none)."""
    return " and ".join(predicate_english(p) for p in preds)


def filter_english(what: ast.CardFilter) -> str:
    if what.kind == "card":
        return "a card (a face-up bird or the top of a food deck)"
    if what.kind == "food":
        return f"{_a(what.food)} {what.food} food card" if what.food else "a food card"
    preds = predicates_english(what.predicates)
    return f"a bird card{' ' + preds if preds else ''}"


def reserve_filter(what: ast.CardFilter) -> str:
    if what.kind == "card":
        return "any card"
    return filter_english(what)


def power_english(power: ast.Power, classic: bool = False) -> str:
    """A power as one English sentence, in the words of the classic game when ``classic``."""
    text = _classic_phrase(power) if classic else _phrase_english(power)
    return text[:1].upper() + text[1:] + "."


def phrase(power: ast.Power, classic: bool = False) -> str:
    """A power (or a part of one) as an English phrase: no capital, no full stop, so it can sit
    inside a longer sentence (a decision's prompt)."""
    return _classic_phrase(power) if classic else _phrase_english(power)


def question(power: ast.Power, classic: bool = False) -> str:
    """A power (or a part of one) as the phrase of the question a decision about it asks
    (``Family.question``): its English phrase, but where its family words the question its own
    way ('R -> B' read as "R to B")."""
    family = FAMILIES.find_syntax(power)
    if family is None:
        raise TypeError(f"no English is written for a {type(power).__name__} part")
    text: str = family.question(power, Writing(classic or family.classic_only))
    return text


def part_of(power: ast.Power, path: tuple[int, ...]) -> ast.Power:
    """The part of a power that a path leads to: the same steps as ``ir.part`` takes in the
    compiled power (the compiler keeps the tree's shape)."""
    node = power
    for i in path:
        node = node.child(i)
    return node


def _phrase_english(power: ast.Power, classic: bool = False) -> str:
    """A part in English, in the classic game's words when ``classic`` (a family of the
    classic game alone reads the same in Pocket's words)."""
    family = FAMILIES.find_syntax(power)
    if family is None:
        raise TypeError(f"no English is written for a {type(power).__name__} part")
    text: str = family.english(power, Writing(classic or family.classic_only))
    return text


def cost_english(cost: ast.CostDef) -> str:
    parts = [f"{n} {food}" for food, n in Counter(cost.foods).items()]
    if cost.any_food:
        parts.append(f"{cost.any_food} of any food")
    if cost.eggs:
        parts.append(f"{cost.eggs} egg{'s' if cost.eggs > 1 else ''}")
    return ", ".join(parts)


def card_english(card: ast.CardDef) -> str:
    bird = card.bird
    if not card.foods:
        return bird_english(card)
    lines = [
        f"{card.name}",
        f"  Food side: {' or '.join(card.foods)}",
        f"  Cost: {cost_english(bird.cost)}",
        f"  Points: {bird.points}   Egg limit: {bird.egg_limit}   Wingspan: {_wingspan_words(bird.wingspan)}",
    ]
    if bird.power is not None:
        lines.append(f"  Power ({bird.colour}): {power_english(bird.power)}")
    else:
        lines.append("  No power.")
    return "\n".join(lines) + "\n"


def goal_english(goal: ast.GoalDef) -> str:
    lines = [goal.name]
    for side in goal.sides:
        if side.measure is not None:  # a classic goal tile: what the round counts
            lines.append(f"  {side.name}: count {measure_english(side.measure)}.")
            continue
        preds = predicates_english(side.birds.predicates)
        lines.append(f"  {side.name}: 1 point for each egg on your birds{' ' + preds if preds else ''}.")
    return "\n".join(lines) + "\n"


# ---- English: the classic game -----------------------------------------------------------

_PLURALS = {"fish": "fish"}


def food_words(food: str, count: int = 1) -> str:
    """'a seed', 'an invertebrate', '3 seeds', '2 fish'."""
    if count == 1:
        return f"{_a(food)} {food}"
    return f"{count} {_PLURALS.get(food, food + 's')}"


_food = food_words


def food_choice_words(foods: tuple[str, ...], count: int) -> str:
    """One of several foods: 'a seed or a fruit', '2 fish'."""
    return " or ".join(_food(f, count) for f in foods)


def cards_words(count: int, what: ast.CardFilter | None = None) -> str:
    """'a card', '2 cards', 'a card with fish in its cost', '2 cards, each worth over 3 points,'
    (classic cards are all bird cards, so a bird filter only adds its conditions)."""
    text = "a card" if count == 1 else f"{count} cards"
    if what is not None and what.smallest:
        text = "the bird of least wingspan (you choose among equals; a flightless bird counts as any size)"
    if what is None or what.kind != "bird" or not what.predicates:
        return text
    preds = predicates_english(what.predicates)
    return f"{text} {preds}" if count == 1 else f"{text}, each {preds},"


NEIGHBOUR_WORDS = {"left": "the player on your left", "right": "the player on your right"}


def row_words(habitat: str | None) -> str:
    if habitat is None:
        return ""
    return " in this bird's habitat" if habitat == "this" else f" in your {habitat}"


def nest_words(nest: str | None) -> str:
    if nest is None:
        return ""
    return " with a wild nest" if nest == "wild" else f" with {_a(nest)} {nest} or wild nest"


def _classic_phrase(power: ast.Power) -> str:
    """A power in the words of the classic game: hand, bird tray, deck, birdfeeder, supply."""
    return _phrase_english(power, classic=True)


def classic_cost_english(cost: ast.CostDef) -> str:
    """A classic cost: '2 fish, 1 rodent', '1 invertebrate or 1 fish', '1 seed, 1 wild (any food)'."""
    if cost.alternative:
        return " or ".join(f"1 {food}" for food in cost.foods)
    parts = [f"{n} {food}" for food, n in Counter(cost.foods).items()]
    if cost.any_food:
        parts.append(f"{cost.any_food} wild (any food)")
    if cost.eggs:
        parts.append(f"{cost.eggs} egg{'s' if cost.eggs > 1 else ''}")
    return ", ".join(parts) or "no food"


_NEST_NAMES = {"wild": "wild (counts as any kind)", "none": "none"}


def bird_english(card: ast.CardDef) -> str:
    """A classic bird card (bird side only)."""
    bird = card.bird
    nest = _NEST_NAMES.get(bird.nest or "none", bird.nest or "none")
    lines = [
        card.name,
        f"  Habitats: {', '.join(bird.habitats)}",
        f"  Cost: {classic_cost_english(bird.cost)}",
        f"  Points: {bird.points}   Nest: {nest}   Egg limit: {bird.egg_limit}   Wingspan: {_wingspan_words(bird.wingspan)}",
    ]
    if bird.card_set or bird.swift_start:
        lines.append(f"  Set: {bird.card_set or 'none'}" + (" (a Swift-Start card)" if bird.swift_start else ""))
    if bird.power is not None:
        lines.append(f"  Power ({bird.colour}): {power_english(bird.power, classic=True)}")
    else:
        lines.append("  No power.")
    return "\n".join(lines) + "\n"


def measure_english(measure: ast.Measure) -> str:
    """What a classic goal side or bonus card counts, as 'each ...'."""
    fixed = _FIXED_MEASURES.get(measure.what)
    if fixed is not None:
        return fixed[1]
    if measure.what == "wingspan_run":
        return (
            f"each bird of the longest run of adjacent birds in your {measure.habitat} whose wingspans only rise or only fall "
            "(equal wingspans continue a run; a flightless bird fits any)"
        )
    if measure.what == "cost_icons":
        return f"each {' or '.join(measure.foods)} icon in the food costs of your birds (a '/' cost counts once; wild and nectar icons do not count)"
    if measure.habitat == "fewest":
        where = "in your habitat with the fewest birds"
    elif measure.habitat:
        where = f"in your {measure.habitat}"
    else:
        where = ""
    preds = predicates_english(measure.predicates)
    if measure.what == "eggs":
        if preds:
            return f"each egg {where} on a bird {preds}" if where else f"each egg on a bird of yours {preds}"
        return f"each egg {where}" if where else "each egg on your birds"
    text = f"each bird {where}" if where else "each bird on your mat"
    return f"{text} {preds}" if preds else text


def _tier_english(low: int, high: int | None, points: int) -> str:
    if high is None:
        span = f"{low} or more"
    elif high == low:
        span = f"exactly {low}"
    elif high == low + 1:
        span = f"{low} or {high}"
    else:
        span = f"{low} to {high}"
    return f"{points} point{'' if points == 1 else 's'} for {span}"


def bonus_english(bonus: ast.BonusDef) -> str:
    """A classic bonus card: what it counts and the points it gives."""
    if bonus.each is not None:
        scores = f"{bonus.each} point{'' if bonus.each == 1 else 's'} for each"
    else:
        scores = ", ".join(_tier_english(*tier) for tier in bonus.tiers)
    lines = [
        bonus.name,
        f"  Counts: {measure_english(bonus.measure)}.",
        f"  Scores: {scores}.",
    ]
    return "\n".join(lines) + "\n"
