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
        head = "all players from one deck" if power.from_one_deck else "all players"
        return f"{head}: {power_dsl(power.body, True)}"
    if isinstance(power, ast.Draw):
        return f"draw {filter_dsl(power.what)}"
    if isinstance(power, ast.Tuck):
        return f"tuck {filter_dsl(power.what)}"
    if isinstance(power, ast.Hunt):
        return f"hunt wingspan < {power.below}"
    if isinstance(power, ast.LayEgg):
        return "lay egg"
    if isinstance(power, ast.DiscardEgg):
        return "discard egg"
    if isinstance(power, ast.DiscardCard):
        return f"discard {filter_dsl(power.what)}"
    if isinstance(power, ast.Copy):
        return f"copy {power.colour}"
    if isinstance(power, ast.IgnoreCost):
        return f"ignore {power.food} in costs"
    if isinstance(power, ast.SpendAsAny):
        return f"spend {power.food} as any"
    return f"treat {power.food} as any in powers"


def cost_dsl(cost: ast.CostDef) -> str:
    items = []
    for food, count in Counter(cost.foods).items():
        items.append(food if count == 1 else f"{count} {food}")
    for word, count in (("any", cost.any_food), ("egg", cost.eggs)):
        if count:
            items.append(word if count == 1 else f"{count} {word}")
    return " ".join(items)


def card_dsl(card: ast.CardDef) -> str:
    bird = card.bird
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

_OPS = {"<": "under", "<=": "at most", ">": "over", ">=": "at least", "=": "exactly"}
_ATTRS = {"wingspan": "a wingspan", "points": "points", "egg_limit": "an egg limit", "food_cost": "a food cost"}
_UNITS = {"wingspan": " cm", "points": "", "egg_limit": "", "food_cost": " food"}


def predicate_english(pred: ast.Predicate) -> str:
    if isinstance(pred, ast.Costing):
        return f"with {pred.food} in its cost"
    if isinstance(pred, ast.Compare):
        return f"with {_ATTRS[pred.attribute]} {_OPS[pred.op]} {pred.value}{_UNITS[pred.attribute]}"
    return "with no power" if pred.colour is None else f"with a {pred.colour} power"


def filter_english(what: ast.CardFilter) -> str:
    if what.kind == "card":
        return "a card (a face-up bird or the top of a food deck)"
    if what.kind == "food":
        return f"a {what.food} food card" if what.food else "a food card"
    preds = " ".join(predicate_english(p) for p in what.predicates)
    return f"a bird card{' ' + preds if preds else ''}"


def _reserve_filter(what: ast.CardFilter) -> str:
    if what.kind == "card":
        return "any card"
    return filter_english(what)


def power_english(power: ast.Power) -> str:
    if isinstance(power, ast.Either):
        parts = "; ".join(power_english(p) for p in power.parts)
        return f"Do any of these, in any order: {parts}."
    if isinstance(power, ast.Then):
        return f"You may {_lower(power_english(power.requirement))} If you do, {_lower(power_english(power.benefit))}"
    if isinstance(power, ast.AllPlayers):
        body = _lower(power_english(power.body))
        if power.from_one_deck:
            return (
                "Pick a food deck and the player who starts; then each player in turn order "
                f"takes the top card of that deck if it qualifies ({body[:-1]})."
            )
        return f"Every player, you first and then in turn order: {body}"
    if isinstance(power, ast.Draw):
        what = power.what
        if what.kind == "bird":
            return f"Take {filter_english(what)} from the face-up birds into your reserve."
        if what.kind == "food":
            return f"Take {filter_english(what)} from the top of a food deck into your reserve."
        return f"Take {filter_english(what)} into your reserve."
    if isinstance(power, ast.Tuck):
        return f"Tuck {_reserve_filter(power.what)} from your reserve behind this bird."
    if isinstance(power, ast.Hunt):
        return (
            "Look at the top card of a food deck: if its bird has a wingspan under "
            f"{power.below} cm, tuck it behind this bird; if not, discard it."
        )
    if isinstance(power, ast.LayEgg):
        return "Lay an egg on your Nest or one of your birds with room for it."
    if isinstance(power, ast.DiscardEgg):
        return "Discard an egg from your Nest or one of your birds."
    if isinstance(power, ast.DiscardCard):
        return f"Discard {_reserve_filter(power.what)} from your reserve."
    if isinstance(power, ast.Copy):
        if power.colour == "green":
            return "Each turn, pick one green power in another player's flock; this bird has that power this turn."
        return "Use the brown power of a bird in another player's flock as if it were printed here."
    if isinstance(power, ast.IgnoreCost):
        return f"When you play a bird, pay one {power.food} fewer if its cost shows {power.food}."
    if isinstance(power, ast.SpendAsAny):
        return f"When you play a bird, each {power.food} card you spend may stand for any food."
    return f"Powers you use that name {power.food} may give or take any food instead."


def _lower(text: str) -> str:
    return text[:1].lower() + text[1:]


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
        preds = " ".join(predicate_english(p) for p in side.birds.predicates)
        lines.append(f"  {side.name}: 1 point for each egg on your birds{' ' + preds if preds else ''}.")
    return "\n".join(lines) + "\n"
