"""The words the card language knows, shared by the parser, the checker and the renderer.

Each rule system has a Vocabulary: its foods, power colours, verbs (and the colours each
verb may appear in) and the block it writes cards in.  Pocket uses ``card`` blocks (two
sides); the classic game uses ``bird`` blocks with habitats and nests.
"""

from __future__ import annotations

import attrs

from ..i18n import _, pgettext

FOODS: tuple[str, ...] = ("invertebrate", "seed", "fish", "fruit", "rodent")
HABITATS: tuple[str, ...] = ("forest", "grassland", "wetland")
NESTS: tuple[str, ...] = ("bowl", "cavity", "ground", "platform", "wild", "none")
COLOURS: tuple[str, ...] = ("brown", "green")
ATTRIBUTES: tuple[str, ...] = ("wingspan", "points", "egg_limit", "food_cost")

# Verbs and the power colours they may appear in.
VERB_COLOURS: dict[str, tuple[str, ...]] = {
    "draw": ("brown",),
    "tuck": ("brown",),
    "hunt": ("brown",),
    "lay": ("brown",),
    "discard": ("brown",),
    "copy": ("brown", "green"),
    "ignore": ("green",),
    "spend": ("green",),
    "treat": ("green",),
}

CLASSIC_VERB_COLOURS: dict[str, tuple[str, ...]] = {
    "draw": ("white", "brown", "pink"),
    "tuck": ("brown", "pink"),
    "hunt": ("brown",),
    "lay": ("white", "brown", "pink"),
    "discard": ("brown",),
    "gain": ("white", "brown", "pink"),
    "cache": ("brown", "pink"),
    "roll": ("brown",),
    "move": ("brown",),
    "repeat": ("brown",),
    "play": ("white",),
    "trade": ("brown",),
    "share": ("white",),
}

FIELDS: tuple[str, ...] = ("food", "cost", "points", "egg_limit", "wingspan", "power")
BIRD_FIELDS: tuple[str, ...] = ("habitats", "cost", "points", "nest", "egg_limit", "wingspan", "set", "swift_start", "icons", "beak", "power")
BEAKS: tuple[str, ...] = ("left", "right", "both", "straight")  # 'beak:' words
ICONS: tuple[str, ...] = ("predator", "flocking", "none")  # 'icons:' words

# The bird conditions of a filter, each with one canonical example of a card filter using it.
# A property test composes "<verb> <example>" for every verb of FILTER_VERBS and checks that the
# condition decides what the verb may take.
POCKET_FILTER_FORMS: tuple[tuple[str, str], ...] = (
    ("costing", "bird costing fish"),
    ("compare", "bird where wingspan < 40"),
    ("colour", "bird with brown power"),
    ("no_power", "bird without power"),
)
CLASSIC_FILTER_FORMS: tuple[tuple[str, str], ...] = (
    ("costing", "bird costing fish"),
    ("costing_any", "bird costing any"),
    ("costing_only", "bird costing only fish"),
    ("compare", "bird where wingspan < 40"),
    ("colour", "bird with brown power"),
    ("no_power", "bird without power"),
    ("nest", "bird with cavity nest"),
    ("predator", "bird with predator power"),
    ("flocking", "bird with flocking power"),
    ("lives_only", "bird living only in wetland"),
    ("lives_in", "bird living in wetland"),
    ("costing_one_of", "bird costing invertebrate or rodent"),
    ("named", "bird named red except barred"),
    ("named_after_person", "bird named after person"),
)
# Forms that only what a goal or bonus card counts may use (birds on a mat carry eggs; cards in
# a hand or the tray do not), written as a measure.
CLASSIC_MEASURE_ONLY_FORMS: tuple[tuple[str, str], ...] = (("eggs", "birds where eggs >= 1"),)
# Verbs whose phrase takes a card filter ("draw bird ...", "tuck bird ...", "discard bird ...").
FILTER_VERBS: tuple[str, ...] = ("draw", "tuck", "discard")

# Ranges a printed number may take; anything outside is not a card.
LIMITS: dict[str, tuple[int, int]] = {
    "points": (0, 15),
    "egg_limit": (0, 9),
    "wingspan": (5, 400),
    "food_cost": (0, 6),
    "eggs": (0, 3),
    "hunt": (1, 400),
    "compare": (0, 400),
    "count": (1, 9),
}


@attrs.frozen
class Vocabulary:
    """What one rule system accepts; expansions extend it without copying it."""

    foods: tuple[str, ...] = FOODS
    colours: tuple[str, ...] = COLOURS
    verbs: dict[str, tuple[str, ...]] = attrs.field(factory=lambda: dict(VERB_COLOURS), eq=False)
    block: str = "card"  # "card" (two sides) or "bird" (bird side only)
    habitats: tuple[str, ...] = ()
    nests: tuple[str, ...] = ()
    pink: str | None = None  # the colour whose powers are triggers ("pink"), if any
    food_cards: bool = True  # foods are cards that can be drawn and tucked (Pocket); else tokens
    filter_forms: tuple[tuple[str, str], ...] = POCKET_FILTER_FORMS  # (form, example filter)
    measure_only_forms: tuple[tuple[str, str], ...] = ()  # (form, example measure)
    filter_verbs: tuple[str, ...] = FILTER_VERBS
    name: str = "Pocket"  # the rule system, as messages name it
    flightless: bool = False  # birds may be flightless ('wingspan: flightless', Oceania)
    # The forms of the card language beyond every rule system's own that its cards may use:
    # a power family that is one such form as a whole (``Family.form``, e.g. "look") or a form
    # of a family's phrase (e.g. "keep-half" of 'gain all F from feeder').  The checker refuses
    # a form the vocabulary does not admit, and a ruleset plays the nodes of a family only when
    # its vocabulary admits the family's form (``Rules.frame_handlers``).
    forms: frozenset[str] = frozenset()

    def admits(self, form: str) -> bool:
        """May this rule system's cards use the form ``form``?"""
        return form in self.forms


POCKET = Vocabulary(forms=frozenset({"from-one-deck"}))  # ('all players from one deck': food cards shared)
CLASSIC = Vocabulary(
    foods=FOODS,
    colours=("white", "brown", "pink"),
    verbs=dict(CLASSIC_VERB_COLOURS),
    block="bird",
    habitats=HABITATS,
    nests=NESTS,
    pink="pink",
    food_cards=False,
    filter_forms=CLASSIC_FILTER_FORMS,
    measure_only_forms=CLASSIC_MEASURE_ONLY_FORMS,
    name="classic",
    forms=frozenset({"bonus-cards"}),  # (bonus cards drawn by a power: Pocket has none)
)
# Oceania (003): the classic words, with nectar as a sixth food, flightless birds, and yellow
# powers that act once at the end of the game.
_YELLOW_VERBS = ("draw", "tuck", "lay", "discard", "gain", "cache", "play")  # (and 'cache up to N F from your supply')
OCEANIA = attrs.evolve(
    CLASSIC,
    foods=FOODS + ("nectar",),
    colours=CLASSIC.colours + ("yellow",),
    verbs={verb: colours + (("yellow",) if verb in _YELLOW_VERBS else ()) for verb, colours in CLASSIC_VERB_COLOURS.items()}
    | {
        "tuck": ("white", "brown", "pink", "yellow"),
        "discard": ("white", "brown", "yellow"),
        "reset": ("white", "brown"),
        "if": ("brown",),
        "keep": ("white",),
        "copy": ("brown",),
        "give": ("white", "brown"),
        "look": ("white", "brown"),
        "replace": ("white",),
    },
    filter_forms=CLASSIC_FILTER_FORMS + (("facing", "bird facing left"),),
    name="Oceania",
    flightless=True,
    forms=CLASSIC.forms
    | frozenset(
        {
            # whole families
            "cache-own", "discard-bonus", "discard-from-deck", "eggs-for-cache", "eggs-for-tucks", "for-each", "give",
            "keep-bonus", "look", "neighbour-has", "repeated", "replace", "reset-feeder",
            # forms of other families' phrases
            "chosen-other", "paid-share", "when-other", "extra-counts", "smallest", "tray-refresh", "gain-each-kind",
            "keep-half", "may-tuck", "gain-requirement", "then-give", "counted-bonus-draw", "many-eggs", "one-of",
            "play-anywhere",
        }
    ),
)
VOCABULARIES: tuple[Vocabulary, ...] = (POCKET, CLASSIC, OCEANIA)  # the shipped rule systems', for ``owner_of``


def owner_of(form: str) -> str:
    """The name of the first shipped rule system whose cards may use ``form`` (for messages
    that say where a form belongs); KeyError when none may."""
    for vocab in VOCABULARIES:
        if vocab.admits(form):
            return vocab.name
    raise KeyError(f"no rule system's cards use the form '{form}'")


def system_name(name: str) -> str:
    """A rule system's name (``Vocabulary.name``) in the current language, bare: "Pocket",
    "classic", "Oceania" ("Pocket", "clásico", "Oceanía"); another name as it is."""
    if name == "Pocket":
        return pgettext("rule system", "Pocket")
    if name == "classic":
        return pgettext("rule system", "classic")
    if name == "Oceania":
        return pgettext("rule system", "Oceania")
    return name


def system_cards(name: str, the: bool = False) -> str:
    """A rule system's cards, for messages: "Pocket cards" ("the Pocket cards" with ``the``);
    Spanish words them with their article ("las cartas de Pocket", "las cartas del juego
    clásico")."""
    if name == "Pocket":
        return _("the Pocket cards") if the else _("Pocket cards")
    if name == "classic":
        return _("the classic cards") if the else _("classic cards")
    if name == "Oceania":
        return _("the Oceania cards") if the else _("Oceania cards")
    return (_("the {system} cards") if the else _("{system} cards")).format(system=name)


def system_with_article(name: str) -> str:
    """A rule system's name as a kind of form, with its article in English ("an Oceania" form,
    "a classic" form); Spanish gives the bare name, which its messages put in parentheses
    ("una forma (Oceanía)")."""
    if name == "Pocket":
        return pgettext("kind of form", "a Pocket")
    if name == "classic":
        return pgettext("kind of form", "a classic")
    if name == "Oceania":
        return pgettext("kind of form", "an Oceania")
    return f"{'an' if name[:1].lower() in 'aeiou' else 'a'} {name}"
