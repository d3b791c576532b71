"""The nouns the game's messages name, in the current language (``i18n``): foods, habitats,
nests, power colours and the things that are counted.

A message template keeps such a noun as a field and is given the noun already worded:
``_("{bird} cannot live in {habitat}").format(bird=name, habitat=the_habitat("forest"))``.
English puts "the" before a habitat and Spanish an article that agrees with it ("el bosque",
"la pradera"), so a template that names a habitat with its article takes ``the_habitat``, one
that names it bare takes ``habitat``.  A word no table here knows raises ``KeyError``: a new
food or habitat is added here, with its translation in the catalog, before a message names it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from .i18n import N_, _, current, ngettext, pgettext, translate, translations


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    """The form of a counted message for ``n`` in the current language, told apart from the
    same English by ``context`` (``i18n.pgettext`` for a count)."""
    lang = current()
    if lang == "en":
        return singular if n == 1 else plural
    return translations(lang).npgettext(context, singular, plural, n)


class _Food(NamedTuple):
    """The words of one food: its name (singular or plural), with its article ("a seed",
    "una semilla": Spanish's article agrees with the food), its Pocket food card, and a
    count of it in a cost (English keeps the noun as printed, "2 seed"; Spanish counts it)."""

    name: Callable[[int], str]
    a: Callable[[], str]
    card: Callable[[], str]
    cost: Callable[[int], str]


# the foods by their card-language word ("fish" is both singular and plural in English)
_FOODS: dict[str, _Food] = {
    "invertebrate": _Food(
        lambda n: ngettext("invertebrate", "invertebrates", n),
        lambda: _("an invertebrate"),
        lambda: _("an invertebrate food card"),
        lambda n: npgettext("cost", "{n} invertebrate", "{n} invertebrate", n),
    ),
    "seed": _Food(
        lambda n: ngettext("seed", "seeds", n),
        lambda: _("a seed"),
        lambda: _("a seed food card"),
        lambda n: npgettext("cost", "{n} seed", "{n} seed", n),
    ),
    "fish": _Food(
        lambda n: ngettext("fish", "fish", n),
        lambda: _("a fish"),
        lambda: _("a fish food card"),
        lambda n: npgettext("cost", "{n} fish", "{n} fish", n),
    ),
    "fruit": _Food(
        lambda n: ngettext("fruit", "fruits", n),
        lambda: _("a fruit"),
        lambda: _("a fruit food card"),
        lambda n: npgettext("cost", "{n} fruit", "{n} fruit", n),
    ),
    "rodent": _Food(
        lambda n: ngettext("rodent", "rodents", n),
        lambda: _("a rodent"),
        lambda: _("a rodent food card"),
        lambda n: npgettext("cost", "{n} rodent", "{n} rodent", n),
    ),
    "nectar": _Food(
        lambda n: ngettext("nectar", "nectar", n),
        lambda: _("a nectar"),
        lambda: _("a nectar food card"),
        lambda n: npgettext("cost", "{n} nectar", "{n} nectar", n),
    ),
}
_HABITATS = {"forest": N_("forest"), "grassland": N_("grassland"), "wetland": N_("wetland")}
_THE_HABITATS = {"forest": N_("the forest"), "grassland": N_("the grassland"), "wetland": N_("the wetland")}
# nests by their card-language word ("wild" and "ground" are other words too: a context tells them apart)
_NESTS: dict[str, Callable[[], str]] = {
    "bowl": lambda: pgettext("nest", "bowl"),
    "cavity": lambda: pgettext("nest", "cavity"),
    "ground": lambda: pgettext("nest", "ground"),
    "platform": lambda: pgettext("nest", "platform"),
    "wild": lambda: pgettext("nest", "wild"),
    "none": lambda: pgettext("nest", "no nest"),
}
_COLOURS = {"brown": N_("brown"), "white": N_("white"), "pink": N_("pink"), "teal": N_("teal"), "yellow": N_("yellow"), "green": N_("green")}


def _any_food(n: int) -> str:
    """The food of no one kind, by its card-language words ("wild" on a card, "any" in a power)."""
    return ngettext("any food", "any food", n)


def as_written(say: Callable[[str], str], word: str) -> str:
    """``say(word)``, or ``word`` as it is written where the table of ``say`` has no such word:
    for words a player or a card author typed, and names, which a message repeats as typed."""
    try:
        return say(word)
    except KeyError:
        return word


def food(word: str, n: int = 1) -> str:
    """A food by its card-language word ("seed"), singular or, for ``n`` other than 1, plural;
    "wild" and "any" are "any food"."""
    return _any_food(n) if word in ("wild", "any") else _FOODS[word].name(n)


def a_food(word: str) -> str:
    """One of a food, with its article: "a seed", "an invertebrate" ("una semilla", "un
    invertebrado"); "wild" and "any" are "any food"."""
    return _any_food(1) if word in ("wild", "any") else _FOODS[word].a()


def food_card(word: str) -> str:
    """A Pocket food card of a food, with its article: "a seed food card"."""
    return _FOODS[word].card()


def cost_food(word: str, n: int) -> str:
    """``n`` of a food in a bird's cost: "2 seed" (English writes the food as printed),
    "2 semillas"."""
    return _FOODS[word].cost(n).format(n=n)


def habitat(word: str) -> str:
    """A habitat, bare ("forest")."""
    return translate(_HABITATS[word])


def the_habitat(word: str) -> str:
    """A habitat with its article ("the forest", "el bosque")."""
    return translate(_THE_HABITATS[word])


def nest(word: str) -> str:
    """A nest shape ("bowl"); "none" is "no nest"."""
    return _NESTS[word]()


def colour(word: str) -> str:
    """A power colour ("brown")."""
    return translate(_COLOURS[word])


def eggs(n: int) -> str:
    """``n`` eggs: "1 egg", "2 eggs"."""
    return ngettext("{n} egg", "{n} eggs", n).format(n=n)


def cards(n: int) -> str:
    """``n`` cards: "1 card", "2 cards"."""
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def birds(n: int) -> str:
    """``n`` birds: "1 bird", "2 birds"."""
    return ngettext("{n} bird", "{n} birds", n).format(n=n)


def foods(n: int) -> str:
    """``n`` food, of no one kind: "1 food", "2 food"."""
    return ngettext("{n} food", "{n} food", n).format(n=n)


def points(n: int) -> str:
    """``n`` points: "1 point", "2 points"."""
    return ngettext("{n} point", "{n} points", n).format(n=n)


def dice(n: int) -> str:
    """``n`` dice: "1 die", "2 dice"."""
    return ngettext("{n} die", "{n} dice", n).format(n=n)


def food_count(word: str, n: int) -> str:
    """``n`` of one food: "1 seed", "2 seeds"."""
    return f"{n} {food(word, n)}"
