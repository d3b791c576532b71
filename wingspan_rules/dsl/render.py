"""Syntax tree -> canonical card text, and -> plain English written by this project."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import assert_never

from .. import words
from ..families import FAMILIES
from ..i18n import N_, _, ngettext, pgettext, translate
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


# Counts written as fixed words, in card text and in English (the English marked: worded in
# the current language by ``measure_english``; the card text is the card language's own).
_FIXED_MEASURES: dict[str, tuple[str, str]] = {
    "egg_sets": ("egg sets", N_("each set of three eggs, one in each of your habitats")),
    "hand": ("cards in hand", N_("each card in your hand")),
    "nest_sets": (
        "nest sets",
        N_("each set of a bowl, a cavity, a ground and a platform nest among your birds (a wild nest fills one place of one set)"),
    ),
    "column_nests": (
        "matching nests per column",
        N_("in each column, the most birds there sharing one nest (a wild nest counts once, as any), scored column by column"),
    ),
    "cubes_on_play": ("cubes on play bird", N_("each action cube you placed on 'play a bird' this round")),
    "no_goal": ("nothing", N_("nothing: no goal is scored this round, and every later round has one more turn")),
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
    return _("flightless (any)") if value is None else _("{n} cm").format(n=value)


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
# "English" is the plain-language text of a card, worded in the current language (``i18n``):
# every phrase below is a whole template marked for translation, filled with nouns worded by
# ``wingspan_rules.words``.  A bird condition ("with a wingspan under 30 cm") follows a noun
# ("a bird card", "each bird on your mat"), so its Spanish reads after one ("un ave con una
# envergadura de menos de 30 cm").
#
# The same syntax tree reads differently in the two games: Pocket cards go to a reserve and
# come from food decks, classic cards go to a hand and come from the bird tray or the deck.
# ``classic`` picks the wording; a card with no food side is a classic bird.

_OPS = {"<": "under", "<=": "at most", ">": "over", ">=": "at least", "=": "exactly"}


def a_or_an(word: str) -> str:
    """The indefinite article for a following word (English only: a Spanish article agrees
    with its noun, so a Spanish phrase is never built with this)."""
    return "an" if word[:1].lower() in "aeiou" else "a"


_a = a_or_an


def _or(first: str, second: str) -> str:
    return _("{first} or {second}").format(first=first, second=second)


def _or_each(items: list[str]) -> str:
    """'a or b or c' (every pair joined by the word for "or")."""
    text = items[0] if items else ""
    for item in items[1:]:
        text = _or(text, item)
    return text


def _food_name(food: str) -> str:
    """A food's name, or the word as written for a word the words do not know."""
    return words.as_written(words.food, food)


# A printed number compared, as a condition on a bird, by attribute and operator: the template
# for a count ``n`` (whole phrases: English says "of" before some operators, Spanish words them
# its own way).
_NUMBERS: dict[str, dict[str, Callable[[int], str]]] = {
    "points": {
        "<": lambda n: ngettext("worth under {n} point", "worth under {n} points", n),
        "<=": lambda n: ngettext("worth at most {n} point", "worth at most {n} points", n),
        ">": lambda n: ngettext("worth over {n} point", "worth over {n} points", n),
        ">=": lambda n: ngettext("worth at least {n} point", "worth at least {n} points", n),
        "=": lambda n: ngettext("worth exactly {n} point", "worth exactly {n} points", n),
    },
    "wingspan": {
        "<": lambda n: _("with a wingspan under {n} cm"),
        "<=": lambda n: _("with a wingspan of at most {n} cm"),
        ">": lambda n: _("with a wingspan over {n} cm"),
        ">=": lambda n: _("with a wingspan of at least {n} cm"),
        "=": lambda n: _("with a wingspan of exactly {n} cm"),
    },
    "egg_limit": {
        "<": lambda n: _("with an egg limit under {n}"),
        "<=": lambda n: _("with an egg limit of at most {n}"),
        ">": lambda n: _("with an egg limit over {n}"),
        ">=": lambda n: _("with an egg limit of at least {n}"),
        "=": lambda n: _("with an egg limit of exactly {n}"),
    },
    "eggs": {
        "<": lambda n: ngettext("with under {n} egg on it", "with under {n} eggs on it", n),
        "<=": lambda n: ngettext("with at most {n} egg on it", "with at most {n} eggs on it", n),
        ">": lambda n: ngettext("with over {n} egg on it", "with over {n} eggs on it", n),
        ">=": lambda n: ngettext("with at least {n} egg on it", "with at least {n} eggs on it", n),
        "=": lambda n: ngettext("with exactly {n} egg on it", "with exactly {n} eggs on it", n),
    },
    "food_cost": {
        "<": lambda n: _("with a food cost under {n}"),
        "<=": lambda n: _("with a food cost of at most {n}"),
        ">": lambda n: _("with a food cost over {n}"),
        ">=": lambda n: _("with a food cost of at least {n}"),
        "=": lambda n: _("with a food cost of exactly {n}"),
    },
}


def _number(attribute: str, op: str, value: int) -> str:
    numbers = _NUMBERS.get(attribute, _NUMBERS["food_cost"])
    return numbers[op](value).format(n=value)


# "with a bowl or wild nest" by nest (the article agrees with the nest, in each language)
_WITH_NEST: dict[str, str] = {
    "bowl": N_("with a bowl or wild nest"),
    "cavity": N_("with a cavity or wild nest"),
    "ground": N_("with a ground or wild nest"),
    "platform": N_("with a platform or wild nest"),
    "wild": N_("with a wild nest"),
}
_FACING = {"left": N_("whose beak points left"), "right": N_("whose beak points right")}


def _with_nest(nest: str) -> str:
    text = _WITH_NEST.get(nest)
    return f"with {_a(nest)} {nest} or wild nest" if text is None else translate(text)


def predicate_english(pred: ast.Predicate) -> str:
    if isinstance(pred, ast.Costing):
        if pred.food == "any":
            return _("with a wild (any food) icon in its cost")
        return _("with {food} in its cost").format(food=_food_name(pred.food))
    if isinstance(pred, ast.Compare):
        return _number(pred.attribute, pred.op, pred.value)
    if isinstance(pred, ast.HasNest):
        return _with_nest(pred.nest)
    if isinstance(pred, ast.HasTrait):
        return _("with a predator power") if pred.trait == "predator" else _("with a power that tucks cards")
    if isinstance(pred, ast.CostingOnly):
        return _("with only {food} in its cost").format(food=_food_name(pred.food))
    if isinstance(pred, ast.LivesOnly):
        return _("that can live only in {habitat}").format(habitat=words.the_habitat(pred.habitat))
    if isinstance(pred, ast.Facing):
        facing = _FACING.get(pred.side)
        return _("whose beak points {side}").format(side=pred.side) if facing is None else translate(facing)
    if isinstance(pred, ast.LivesIn):
        return _("that can live in {habitat}").format(habitat=words.the_habitat(pred.habitat))
    if isinstance(pred, ast.CostingOneOf):
        return _("with {foods} in its cost").format(foods=or_list([food_words(f) for f in pred.foods]))
    if isinstance(pred, ast.Named):
        if pred.words == ("'s",):
            return _("named after a person (with 's in its name)")
        if pred.unless:
            return _("with any of these in its name: {words} (not counting them inside {unless})").format(
                words=or_list(pred.words), unless=or_list(pred.unless)
            )
        return _("with any of these in its name: {words}").format(words=or_list(pred.words))
    if isinstance(pred, ast.HasColour):
        return _("with no power") if pred.colour is None else _("with a {colour} power").format(colour=words.colour(pred.colour))
    assert_never(pred)  # (mypy holds every kind of ``ast.Predicate`` to a case above)


def or_list(words: tuple[str, ...] | list[str]) -> str:
    """'a', 'a or b', 'a, b or c' (in Spanish 'a, b o c')."""
    if len(words) <= 1:
        return "".join(words)
    return _or(", ".join(words[:-1]), words[-1])


def predicates_english(preds: tuple[ast.Predicate, ...]) -> str:
    """Bird conditions joined into one phrase ("" when there are none)."""
    text = ""
    for pred in preds:
        phrase = predicate_english(pred)
        text = _("{first} and {second}").format(first=text, second=phrase) if text else phrase
    return text


def _with_conditions(what: str, conditions: str) -> str:
    """A noun and the conditions that follow it ("" conditions: the noun alone)."""
    return _("{what} {conditions}").format(what=what, conditions=conditions) if conditions else what


def filter_english(what: ast.CardFilter) -> str:
    if what.kind == "card":
        return _("a card (a face-up bird or the top of a food deck)")
    if what.kind == "food":
        if not what.food:
            return _("a food card")
        try:
            return words.food_card(what.food)
        except KeyError:
            return f"{_a(what.food)} {what.food} food card"
    preds = predicates_english(what.predicates)
    return _("a bird card {conditions}").format(conditions=preds) if preds else _("a bird card")


def reserve_filter(what: ast.CardFilter) -> str:
    if what.kind == "card":
        return _("any card")
    return filter_english(what)


def power_english(power: ast.Power, classic: bool = False) -> str:
    """A power as one sentence, in the words of the classic game when ``classic``."""
    text = _classic_phrase(power) if classic else _phrase_english(power)
    return text[:1].upper() + text[1:] + "."


def phrase(power: ast.Power, classic: bool = False) -> str:
    """A power (or a part of one) as a phrase: no capital, no full stop, so it can sit
    inside a longer sentence (a decision's prompt)."""
    return _classic_phrase(power) if classic else _phrase_english(power)


def question(power: ast.Power, classic: bool = False) -> str:
    """A power (or a part of one) as the phrase of the question a decision about it asks
    (``Family.question``): its phrase, but where its family words the question its own
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
    """A part in words, in the classic game's words when ``classic`` (a family of the
    classic game alone reads the same in Pocket's words)."""
    family = FAMILIES.find_syntax(power)
    if family is None:
        raise TypeError(f"no English is written for a {type(power).__name__} part")
    text: str = family.english(power, Writing(classic or family.classic_only))
    return text


def _cost_food(food: str, n: int) -> str:
    """``n`` of a food in a cost: "2 seed" (the food as printed), "2 semillas"."""
    try:
        return words.cost_food(food, n)
    except KeyError:
        return f"{n} {food}"


def cost_english(cost: ast.CostDef) -> str:
    parts = [_cost_food(food, n) for food, n in Counter(cost.foods).items()]
    if cost.any_food:
        parts.append(ngettext("{n} of any food", "{n} of any food", cost.any_food).format(n=cost.any_food))
    if cost.eggs:
        parts.append(words.eggs(cost.eggs))
    return ", ".join(parts)


def card_english(card: ast.CardDef) -> str:
    bird = card.bird
    if not card.foods:
        return bird_english(card)
    lines = [
        f"{card.name}",
        "  " + _("Food side: {foods}").format(foods=_or_each([_food_name(f) for f in card.foods])),
        "  " + _("Cost: {cost}").format(cost=cost_english(bird.cost)),
        "  "
        + _("Points: {points}   Egg limit: {egg_limit}   Wingspan: {wingspan}").format(
            points=bird.points, egg_limit=bird.egg_limit, wingspan=_wingspan_words(bird.wingspan)
        ),
    ]
    lines.append("  " + _power_line(bird.colour, bird.power, classic=False))
    return "\n".join(lines) + "\n"


def _power_line(colour: str | None, power: ast.Power | None, classic: bool) -> str:
    """A card's power line: "Power (brown): ...", or "No power."."""
    if power is None:
        return _("No power.")
    worded = words.as_written(words.colour, colour or "") if colour else str(colour)
    return _("Power ({colour}): {power}").format(colour=worded, power=power_english(power, classic=classic))


def goal_english(goal: ast.GoalDef) -> str:
    lines = [goal.name]
    for side in goal.sides:
        if side.measure is not None:  # a classic goal tile: what the round counts
            lines.append("  " + _("{side}: count {what}.").format(side=side.name, what=measure_english(side.measure)))
            continue
        preds = predicates_english(side.birds.predicates)
        if preds:
            lines.append("  " + _("{side}: 1 point for each egg on your birds {conditions}.").format(side=side.name, conditions=preds))
        else:
            lines.append("  " + _("{side}: 1 point for each egg on your birds.").format(side=side.name))
    return "\n".join(lines) + "\n"


# ---- English: the classic game -----------------------------------------------------------


def food_words(food: str, count: int = 1) -> str:
    """'a seed', 'an invertebrate', '3 seeds', '2 fish' ('una semilla', 'un invertebrado',
    '3 semillas', '2 peces')."""
    try:
        return words.a_food(food) if count == 1 else words.food_count(food, count)
    except KeyError:  # (a word the words do not know: as written)
        return f"{_a(food)} {food}" if count == 1 else f"{count} {food}s"


_food = food_words


def food_choice_words(foods: tuple[str, ...], count: int) -> str:
    """One of several foods: 'a seed or a fruit', '2 fish'."""
    return _or_each([_food(f, count) for f in foods])


def cards_words(count: int, what: ast.CardFilter | None = None) -> str:
    """'a card', '2 cards', 'a card with fish in its cost', '2 cards, each worth over 3 points,'
    (classic cards are all bird cards, so a bird filter only adds its conditions)."""
    text = _("a card") if count == 1 else words.cards(count)
    if what is not None and what.smallest:
        text = _("the bird of least wingspan (you choose among equals; a flightless bird counts as any size)")
    if what is None or what.kind != "bird" or not what.predicates:
        return text
    preds = predicates_english(what.predicates)
    return _with_conditions(text, preds) if count == 1 else _("{cards}, each {conditions},").format(cards=text, conditions=preds)


NEIGHBOUR_WORDS = {"left": N_("the player on your left"), "right": N_("the player on your right")}
"""The neighbour on each side, marked for translation: worded by ``neighbour_words``."""


def neighbour_words(side: str) -> str:
    """The player on one side ("left", "right") of you, in the current language."""
    return translate(NEIGHBOUR_WORDS[side])


def row_words(habitat: str | None) -> str:
    if habitat is None:
        return ""
    if habitat == "this":
        return " " + _("in this bird's habitat")
    return " " + _("in your {habitat}").format(habitat=words.habitat(habitat))


def nest_words(nest: str | None) -> str:
    if nest is None:
        return ""
    return " " + _with_nest(nest)


def _classic_phrase(power: ast.Power) -> str:
    """A power in the words of the classic game: hand, bird tray, deck, birdfeeder, supply."""
    return _phrase_english(power, classic=True)


def classic_cost_english(cost: ast.CostDef) -> str:
    """A classic cost: '2 fish, 1 rodent', '1 invertebrate or 1 fish', '1 seed, 1 wild (any food)'."""
    if cost.alternative:
        return _or_each([_cost_food(food, 1) for food in cost.foods])
    parts = [_cost_food(food, n) for food, n in Counter(cost.foods).items()]
    if cost.any_food:
        parts.append(ngettext("{n} wild (any food)", "{n} wild (any food)", cost.any_food).format(n=cost.any_food))
    if cost.eggs:
        parts.append(words.eggs(cost.eggs))
    return ", ".join(parts) or _("no food")


# a bird's nest where its name alone would not say enough ("wild": counts as any kind)
_NEST_NAMES: dict[str, Callable[[], str]] = {
    "wild": lambda: _("wild (counts as any kind)"),
    "none": lambda: pgettext("nest", "none"),
}
# the published sets a bird may belong to ('set: core'); another set keeps its own word
_SET_NAMES: dict[str, Callable[[], str]] = {
    "core": lambda: pgettext("card set", "core"),
    "european": lambda: pgettext("card set", "european"),
    "oceania": lambda: pgettext("card set", "oceania"),
    "asia": lambda: pgettext("card set", "asia"),
    "none": lambda: pgettext("card set", "none"),
}


def _nest_name(nest: str) -> str:
    named = _NEST_NAMES.get(nest)
    return named() if named is not None else words.as_written(words.nest, nest)


def bird_english(card: ast.CardDef) -> str:
    """A classic bird card (bird side only)."""
    bird = card.bird
    habitats = [words.as_written(words.habitat, habitat) for habitat in bird.habitats]
    lines = [
        card.name,
        "  " + _("Habitats: {habitats}").format(habitats=", ".join(habitats)),
        "  " + _("Cost: {cost}").format(cost=classic_cost_english(bird.cost)),
        "  "
        + _("Points: {points}   Nest: {nest}   Egg limit: {egg_limit}   Wingspan: {wingspan}").format(
            points=bird.points, nest=_nest_name(bird.nest or "none"), egg_limit=bird.egg_limit, wingspan=_wingspan_words(bird.wingspan)
        ),
    ]
    if bird.card_set or bird.swift_start:
        named = _SET_NAMES.get(bird.card_set or "none")
        card_set = named() if named is not None else str(bird.card_set)
        if bird.swift_start:
            lines.append("  " + _("Set: {set} (a Swift-Start card)").format(set=card_set))
        else:
            lines.append("  " + _("Set: {set}").format(set=card_set))
    lines.append("  " + _power_line(bird.colour, bird.power, classic=True))
    return "\n".join(lines) + "\n"


def measure_english(measure: ast.Measure) -> str:
    """What a classic goal side or bonus card counts, as 'each ...'."""
    fixed = _FIXED_MEASURES.get(measure.what)
    if fixed is not None:
        return translate(fixed[1])
    if measure.what == "wingspan_run":
        return _(
            "each bird of the longest run of adjacent birds in your {habitat} whose wingspans only rise or only fall "
            "(equal wingspans continue a run; a flightless bird fits any)"
        ).format(habitat=words.habitat(measure.habitat or ""))
    if measure.what == "cost_icons":
        return _(
            "each {foods} icon in the food costs of your birds (a '/' cost counts once; wild and nectar icons do not count)"
        ).format(foods=_or_each([_food_name(f) for f in measure.foods]))
    if measure.habitat == "fewest":
        where = _("in your habitat with the fewest birds")
    elif measure.habitat:
        where = _("in your {habitat}").format(habitat=words.habitat(measure.habitat))
    else:
        where = ""
    preds = predicates_english(measure.predicates)
    if measure.what == "eggs":
        if preds:
            if where:
                return _("each egg {where} on a bird {conditions}").format(where=where, conditions=preds)
            return _("each egg on a bird of yours {conditions}").format(conditions=preds)
        return _("each egg {where}").format(where=where) if where else _("each egg on your birds")
    text = _("each bird {where}").format(where=where) if where else _("each bird on your mat")
    return _with_conditions(text, preds)


def _tier_english(low: int, high: int | None, points: int) -> str:
    if high is None:
        span = _("{low} or more").format(low=low)
    elif high == low:
        span = _("exactly {low}").format(low=low)
    elif high == low + 1:
        span = _("{low} or {high}").format(low=low, high=high)
    else:
        span = _("{low} to {high}").format(low=low, high=high)
    return ngettext("{n} point for {span}", "{n} points for {span}", points).format(n=points, span=span)


def bonus_english(bonus: ast.BonusDef) -> str:
    """A classic bonus card: what it counts and the points it gives."""
    if bonus.each is not None:
        scores = ngettext("{n} point for each", "{n} points for each", bonus.each).format(n=bonus.each)
    else:
        scores = ", ".join(_tier_english(*tier) for tier in bonus.tiers)
    lines = [
        bonus.name,
        "  " + _("Counts: {counts}.").format(counts=measure_english(bonus.measure)),
        "  " + _("Scores: {scores}.").format(scores=scores),
    ]
    return "\n".join(lines) + "\n"
