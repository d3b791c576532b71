"""Syntax tree -> canonical card text, and -> plain English written by this project."""

from __future__ import annotations

from collections import Counter

from . import ast

# ---- canonical DSL -----------------------------------------------------------------------


def filter_dsl(what: ast.CardFilter) -> str:
    words = [what.kind]
    if what.food:
        words.append(what.food)
    words += [predicate_dsl(p) for p in what.predicates]
    return " ".join(words)


def predicate_dsl(pred: ast.Predicate) -> str:
    if isinstance(pred, ast.Costing):
        return f"costing {pred.food}"
    if isinstance(pred, ast.Compare):
        return f"where {pred.attribute} {pred.op} {pred.value}"
    return "without power" if pred.colour is None else f"with {pred.colour} power"


def power_dsl(power: ast.Power, nested: bool = False) -> str:
    if isinstance(power, ast.Either):
        text = " + ".join(power_dsl(p, True) for p in power.parts)
        return f"({text})" if nested else text
    if isinstance(power, ast.Then):
        text = f"{power_dsl(power.requirement, True)} -> {power_dsl(power.benefit, True)}"
        return f"({text})" if nested else text
    if isinstance(power, ast.AllPlayers):
        head = "all players"
        if power.from_one_deck:
            head += " from one deck"
        elif power.chosen_start:
            head += " starting with chosen"
        elif power.fewest_in:
            head += f" with fewest birds in {power.fewest_in}"
        return f"{head}: {power_dsl(power.body, True)}"
    if isinstance(power, ast.When):
        return f"when other {_EVENT_DSL[power.event].format(power.qualifier)}: {power_dsl(power.body, True)}"
    if isinstance(power, ast.Draw):
        text = f"draw {_n(power.count)}{filter_dsl(power.what)}"
        if power.source:
            text += f" from {power.source}"
        if power.then_discard:
            text += f" then discard {_n(power.then_discard)}card at turn end"
        return text
    if isinstance(power, ast.DrawBonus):
        return f"draw {power.draw} bonus keep {power.keep}"
    if isinstance(power, ast.DrawTray):
        return "draw tray"
    if isinstance(power, ast.ShareCards):
        return "share cards"
    if isinstance(power, ast.Tuck):
        return f"tuck {_n(power.count)}{filter_dsl(power.what)}" + (f" from {power.source}" if power.source else "")
    if isinstance(power, ast.Hunt):
        return f"hunt wingspan < {power.below}"
    if isinstance(power, ast.LayEgg):
        text = f"lay {_n(power.count)}egg"
        if power.where == "any" and power.nest is None:
            return text
        place = {"this": "this bird", "each": "each bird", "other": "other bird", "any": "bird"}[power.where]
        if power.count != 1 and power.where in ("any", "other"):
            place += "s"
        return text + f" on {place}" + (f" with {power.nest} nest" if power.nest else "")
    if isinstance(power, ast.DiscardEgg):
        return "discard egg" + (" from other bird" if power.other else "")
    if isinstance(power, ast.Gain):
        amount = "all " if power.take_all else _n(power.count)
        what = " or ".join(power.foods) if power.foods else ("die" if power.source == "feeder" else "any")
        return f"gain {amount}{what} from {power.source}" + (" may cache" if power.may_cache else "")
    if isinstance(power, ast.Cache):
        return f"cache {_n(power.count)}{power.food} from supply"
    if isinstance(power, ast.RollDice):
        return f"roll dice for {power.food}"
    if isinstance(power, ast.Move):
        return "move if rightmost"
    if isinstance(power, ast.Repeat):
        return f"repeat {power.kind} power in this habitat"
    if isinstance(power, ast.PlayBird):
        return "play bird in this habitat" if power.habitat == "this" else f"play bird in {power.habitat}"
    if isinstance(power, ast.Trade):
        return "trade food for any"
    if isinstance(power, ast.DiscardCard):
        return f"discard {filter_dsl(power.what)}"
    if isinstance(power, ast.Copy):
        return f"copy {power.colour}"
    if isinstance(power, ast.IgnoreCost):
        return f"ignore {power.food} in costs"
    if isinstance(power, ast.SpendAsAny):
        return f"spend {power.food} as any"
    return f"treat {power.food} as any in powers"


_EVENT_DSL = {
    "lays_eggs": "lays eggs",
    "plays_bird": "plays bird in {}",
    "predator_succeeds": "predator succeeds",
    "gains_food": "gains {}",
}


def _n(count: int) -> str:
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
        f"  wingspan: {bird.wingspan}",
    ]
    if bird.power is not None:
        lines.append(f"  power {bird.colour}: {power_dsl(bird.power)}")
    lines.append("}")
    return "\n".join(lines) + "\n"


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
        f"  wingspan: {bird.wingspan}",
    ]
    if bird.card_set:
        lines.append(f"  set: {bird.card_set}")
    if bird.swift_start:
        lines.append("  swift_start: yes")
    if bird.power is not None:
        lines.append(f"  power {bird.colour}: {power_dsl(bird.power)}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def goal_dsl(goal: ast.GoalDef) -> str:
    lines = [f'goal "{goal.name}" {{']
    for side in goal.sides:
        preds = " ".join(predicate_dsl(p) for p in side.birds.predicates)
        lines.append(f'  side "{side.name}": eggs on birds{" " + preds if preds else ""}')
    lines.append("}")
    return "\n".join(lines) + "\n"


def document_dsl(doc: ast.Document) -> str:
    return "\n".join([card_dsl(c) for c in doc.cards] + [goal_dsl(g) for g in doc.goals])


# ---- English -----------------------------------------------------------------------------
# Phrases are built without a capital or a final full stop; ``power_english`` adds both once,
# so parts joined by ';' read as one sentence.

_OPS = {"<": "under", "<=": "at most", ">": "over", ">=": "at least", "=": "exactly"}


def _a(word: str) -> str:
    """The indefinite article for a following word."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def _number(attribute: str, op: str, value: int) -> str:
    if attribute == "points":
        return f"worth {_OPS[op]} {value} point{'' if value == 1 else 's'}"
    if attribute == "wingspan":
        return f"with a wingspan {'' if op in ('<', '>') else 'of '}{_OPS[op]} {value} cm"
    if attribute == "egg_limit":
        return f"with an egg limit {'' if op in ('<', '>') else 'of '}{_OPS[op]} {value}"
    return f"with a food cost {'' if op in ('<', '>') else 'of '}{_OPS[op]} {value}"


def predicate_english(pred: ast.Predicate) -> str:
    if isinstance(pred, ast.Costing):
        return f"with {pred.food} in its cost"
    if isinstance(pred, ast.Compare):
        return _number(pred.attribute, pred.op, pred.value)
    return "with no power" if pred.colour is None else f"with a {pred.colour} power"


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


def _reserve_filter(what: ast.CardFilter) -> str:
    if what.kind == "card":
        return "any card"
    return filter_english(what)


def power_english(power: ast.Power) -> str:
    """A power as one English sentence."""
    text = _phrase_english(power)
    return text[:1].upper() + text[1:] + "."


def _phrase_english(power: ast.Power) -> str:
    if isinstance(power, ast.Either):
        parts = "; ".join(
            f"({_phrase_english(p)})" if isinstance(p, (ast.Either, ast.Then)) else _phrase_english(p) for p in power.parts
        )
        return f"do any of these, in any order: {parts}"
    if isinstance(power, ast.Then):
        return f"you may {_phrase_english(power.requirement)}, and if you do, {_phrase_english(power.benefit)}"
    if isinstance(power, ast.AllPlayers):
        if power.from_one_deck:
            what = power.body.what if isinstance(power.body, ast.Draw) else None
            food = f", if it shows {what.food}" if what is not None and what.food else ""
            return (
                "pick a food deck and the player who starts, then each player in turn order "
                f"takes the top card of that deck into their reserve{food}"
            )
        return f"every player, you first and then in turn order: {_phrase_english(power.body)}"
    if isinstance(power, ast.Draw):
        what = power.what
        if what.kind == "bird":
            return f"take {filter_english(what)} from the face-up birds into your reserve"
        if what.kind == "food":
            return f"take {filter_english(what)} from the top of a food deck into your reserve"
        return f"take {filter_english(what)} into your reserve"
    if isinstance(power, ast.Tuck):
        return f"tuck {_reserve_filter(power.what)} from your reserve behind this bird"
    if isinstance(power, ast.Hunt):
        return (
            "reveal the top card of a food deck and tuck it behind this bird if its bird has a "
            f"wingspan under {power.below} cm, or else discard it"
        )
    if isinstance(power, ast.LayEgg):
        return "lay an egg on your Nest or one of your birds with room for it"
    if isinstance(power, ast.DiscardEgg):
        return "discard an egg from your Nest or one of your birds"
    if isinstance(power, ast.DiscardCard):
        return f"discard {_reserve_filter(power.what)} from your reserve"
    if isinstance(power, ast.Copy):
        if power.colour == "green":
            return "each turn, pick a green power in another player's flock: this bird has it for that turn"
        return "use the brown power of a bird in another player's flock as if it were printed here"
    if isinstance(power, ast.IgnoreCost):
        return f"when you play a bird, pay one {power.food} fewer if its cost shows {power.food}"
    if isinstance(power, ast.SpendAsAny):
        return f"when you play a bird, each {power.food} card you spend may stand for any food"
    return f"powers you use that name {power.food} may give or take any food instead"


def cost_english(cost: ast.CostDef) -> str:
    parts = [f"{n} {food}" for food, n in Counter(cost.foods).items()]
    if cost.any_food:
        parts.append(f"{cost.any_food} of any food")
    if cost.eggs:
        parts.append(f"{cost.eggs} egg{'s' if cost.eggs > 1 else ''}")
    return ", ".join(parts)


def card_english(card: ast.CardDef) -> str:
    bird = card.bird
    lines = [
        f"{card.name}",
        f"  Food side: {' or '.join(card.foods)}",
        f"  Cost: {cost_english(bird.cost)}",
        f"  Points: {bird.points}   Egg limit: {bird.egg_limit}   Wingspan: {bird.wingspan} cm",
    ]
    if bird.power is not None:
        lines.append(f"  Power ({bird.colour}): {power_english(bird.power)}")
    else:
        lines.append("  No power.")
    return "\n".join(lines) + "\n"


def goal_english(goal: ast.GoalDef) -> str:
    lines = [goal.name]
    for side in goal.sides:
        preds = predicates_english(side.birds.predicates)
        lines.append(f"  {side.name}: 1 point for each egg on your birds{' ' + preds if preds else ''}.")
    return "\n".join(lines) + "\n"
