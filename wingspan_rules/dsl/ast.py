"""Typed syntax tree of the card language.

Every node is a frozen attrs class.  ``span`` records where the node was written; it is
left out of equality so that ``parse(render(tree)) == tree`` compares meaning, not layout.
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Span:
    """1-based line and column of the first and last character of a node."""

    line: int
    column: int
    end_line: int
    end_column: int

    def __str__(self) -> str:
        return f"{self.line}:{self.column}"


NO_SPAN = Span(0, 0, 0, 0)


def span_field() -> Span:
    """The ``span`` field of a syntax-tree class (a family's own included): where the part was
    written, left out of equality and repr so that a part equals its re-parsed self."""
    return attrs.field(default=NO_SPAN, eq=False, repr=False)


_span_field = span_field


# ---- filters ---------------------------------------------------------------------------


@attrs.frozen
class Costing:
    """The bird's food cost shows this food (the any-food icon never counts)."""

    food: str
    span: Span = _span_field()


@attrs.frozen
class Compare:
    """A printed number of the bird compared with a constant: ``wingspan < 40``."""

    attribute: str  # wingspan | points | egg_limit | food_cost
    op: str  # < <= > >= =
    value: int
    span: Span = _span_field()


@attrs.frozen
class HasColour:
    """The bird's power colour; ``colour`` None means "has no power"."""

    colour: str | None
    span: Span = _span_field()


@attrs.frozen
class HasNest:
    """The bird's nest is this kind (a wild nest counts as every kind)."""

    nest: str
    span: Span = _span_field()


@attrs.frozen
class HasTrait:
    """A property of the bird's power: ``predator`` (hunts) or ``flocking`` (tucks cards)."""

    trait: str
    span: Span = _span_field()


@attrs.frozen
class CostingOnly:
    """Every food icon of the cost is this food."""

    food: str
    span: Span = _span_field()


@attrs.frozen
class LivesOnly:
    """The bird can live in this habitat and no other."""

    habitat: str
    span: Span = _span_field()


@attrs.frozen
class Named:
    """The bird's name contains one of these words (``'s`` = named after a person), not
    counting what lies inside the ``unless`` words ("red" inside "barred" is no colour)."""

    words: tuple[str, ...]
    span: Span = _span_field()
    unless: tuple[str, ...] = ()


@attrs.frozen
class CostingOneOf:
    """The bird's food cost shows at least one of these foods."""

    foods: tuple[str, ...]
    span: Span = _span_field()


@attrs.frozen
class LivesIn:
    """The bird can live in this habitat (among others)."""

    habitat: str
    span: Span = _span_field()


@attrs.frozen
class Facing:
    """The pictured bird's beak points this way ("left" or "right"; a card showing both counts
    for each) (Oceania)."""

    side: str
    span: Span = _span_field()


Predicate = Costing | Compare | HasColour | HasNest | HasTrait | CostingOnly | LivesOnly | Named | CostingOneOf | LivesIn | Facing


@attrs.frozen
class CardFilter:
    """Which cards qualify: any card, a bird (with predicates) or a food card (of a food)."""

    kind: str  # card | bird | food
    food: str | None = None
    predicates: tuple[Predicate, ...] = ()
    span: Span = _span_field()
    smallest: bool = False  # only the birds of least wingspan among those offered (Oceania)


# ---- power clauses ----------------------------------------------------------------------


@attrs.frozen
class Power:
    """The base of every part of a power in the syntax tree.  A composite part lists the parts
    it holds in ``children`` and says which one a step of a frame's path leads to in ``child``
    (the same steps as the compiled node's, ``ir.Effect.child``: the compiler keeps the tree's
    shape), so every walker of the tree asks these two.  Every part records where it was
    written (each class places ``span`` among its own fields)."""

    span: Span = _span_field()

    def children(self) -> tuple[Power, ...]:
        """The parts this one holds (none for a phrase)."""
        return ()

    def child(self, index: int) -> Power:
        """The part that step ``index`` of a frame's path leads to."""
        raise IndexError(f"{type(self).__name__} has no parts")


@attrs.frozen
class Draw(Power):
    """Take cards into your hand (reserve): ``source`` None lets you pick face-up or deck."""

    what: CardFilter
    span: Span = _span_field()
    count: int = 1
    source: str | None = None  # None (either), "deck" or "tray"
    then_discard: int = 0  # cards to discard from your hand at the end of the turn
    refresh: bool = False  # the tray may first be reset or refilled (Oceania)
    give: int = 0  # of the cards drawn, this many go to one other player the owner chooses (Oceania)


@attrs.frozen
class Tuck(Power):
    """Tuck cards behind this bird: from your hand (reserve), or from the top of the deck."""

    what: CardFilter
    span: Span = _span_field()
    count: int = 1
    source: str | None = None  # None (your hand or reserve) or "deck"
    behind: str | None = None  # one card behind each bird of this row (a habitat, or "this"), not this bird alone


@attrs.frozen
class Hunt(Power):
    below: int  # tuck the hunted card when its wingspan is less than this (0: see ``predicates``)
    span: Span = _span_field()
    predicates: tuple[Predicate, ...] = ()  # or: tuck it when it is a bird with these conditions
    cache: str | None = None  # and cache this food from the supply on the hunter (Oceania)


@attrs.frozen
class LayEgg(Power):
    """Lay eggs: on any card of yours with room, this bird, each bird, or other birds."""

    span: Span = _span_field()
    where: str = "any"  # any | this | each | other | adjacent
    nest: str | None = None  # only birds with this nest (a wild nest always counts)
    count: int = 1  # with where="any"/"other": that many eggs, each on a different bird
    habitat: str | None = None  # only the birds of this row: a habitat, or "this" (the power's own row)
    predicates: tuple[Predicate, ...] = ()  # only birds that meet these conditions


@attrs.frozen
class DiscardEgg(Power):
    span: Span = _span_field()
    other: bool = False  # only from a bird other than this one
    habitat: str | None = None  # only from a bird of this row (Oceania; "this": the power's own)
    count: int = 1  # eggs to discard, all of them (Oceania; from one bird or several)


@attrs.frozen
class DiscardCard(Power):
    what: CardFilter
    span: Span = _span_field()


@attrs.frozen
class Copy(Power):
    colour: str  # brown | green
    span: Span = _span_field()
    side: str | None = None  # Oceania: a bird of the player on this side ("left", "right") ...
    habitat: str | None = None  # ... in this row of theirs


@attrs.frozen
class IgnoreCost(Power):
    food: str
    span: Span = _span_field()


@attrs.frozen
class SpendAsAny(Power):
    food: str
    span: Span = _span_field()


@attrs.frozen
class AnyInPowers(Power):
    food: str
    span: Span = _span_field()


@attrs.frozen
class Either(Power):
    """Parts with no arrow between them: do any of them, in any order (``exclusive``: one only)."""

    parts: tuple[Power, ...]
    span: Span = _span_field()
    exclusive: bool = False  # written with '/': exactly one of the parts (Oceania)

    def children(self) -> tuple[Power, ...]:
        return self.parts

    def child(self, index: int) -> Power:
        return self.parts[index]


@attrs.frozen
class Then(Power):
    """Requirement -> benefit: the benefit is only gained by fulfilling the requirement."""

    requirement: Power
    benefit: Power
    span: Span = _span_field()

    def children(self) -> tuple[Power, ...]:
        return (self.requirement, self.benefit)

    def child(self, index: int) -> Power:
        return self.requirement if index == 0 else self.benefit


@attrs.frozen
class AllPlayers(Power):
    """Every player gains the benefit, the owner included."""

    body: Power
    from_one_deck: bool = False
    span: Span = _span_field()
    chosen_start: bool = False  # the owner picks who begins; then turn order
    fewest_in: str | None = None  # only the players with the fewest birds in this habitat
    owner_body: Power | None = None  # what the owner gains instead of ``body`` (", you: ...")
    # Oceania: not every player but one other the owner chooses: "both" (the owner, then the
    # chosen player, each ``body``) or "other" (the chosen player ``body``, then the owner
    # ``owner_body`` if given)
    chosen_other: str | None = None

    def children(self) -> tuple[Power, ...]:
        return (self.body,) if self.owner_body is None else (self.body, self.owner_body)

    def child(self, index: int) -> Power:
        return self.owner_body if index == 1 and self.owner_body is not None else self.body


@attrs.frozen
class Gain(Power):
    """Gain food: one of ``foods`` (empty = any food / any die) from the feeder or supply."""

    foods: tuple[str, ...]
    source: str  # feeder | supply
    span: Span = _span_field()
    count: int = 1
    take_all: bool = False  # every die in the feeder showing the food
    may_cache: bool = False  # the gained food may be cached on this bird instead
    must_cache: bool = False  # the gained food is cached on this bird
    may_tuck: bool = False  # each food gained may be discarded for a card tucked from the deck (Oceania)


@attrs.frozen
class GainEach(Power):
    """One food of each kind the feeder shows, a die at a time (Oceania)."""

    span: Span = _span_field()


@attrs.frozen
class KeepHalf(Power):
    """Every die in the feeder showing one of ``foods``; half kept, the rest given out (Oceania)."""

    foods: tuple[str, ...]
    span: Span = _span_field()


@attrs.frozen
class Repeated(Power):
    """A requirement and its benefit done again and again while the player likes, at most
    ``times`` times (None: any number)."""

    body: Power
    times: int | None = None
    span: Span = _span_field()

    def children(self) -> tuple[Power, ...]:
        return (self.body,)

    def child(self, index: int) -> Power:
        return self.body


@attrs.frozen
class ForEach(Power):
    """The benefit once for each ``per`` of what ``measure`` counts on the player's mat, counted
    when the power starts (Oceania)."""

    measure: Measure
    per: int
    body: Power
    span: Span = _span_field()

    def children(self) -> tuple[Power, ...]:
        return (self.body,)

    def child(self, index: int) -> Power:
        return self.body


@attrs.frozen
class NeighbourHas(Power):
    """A condition: the player to your left (or right, or either) has this food (Oceania)."""

    sides: tuple[str, ...]  # "left", "right" or both
    food: str
    span: Span = _span_field()


@attrs.frozen
class CacheOwn(Power):
    """Cache up to ``count`` food of your own on this bird, one at a time (``food`` None: any)."""

    food: str | None
    count: int
    span: Span = _span_field()


@attrs.frozen
class ResetFeeder(Power):
    """Take every die out of the birdfeeder and roll them all (Oceania)."""

    span: Span = _span_field()


@attrs.frozen
class Cache(Power):
    """Cache food from the supply on this bird."""

    food: str
    span: Span = _span_field()
    count: int = 1


@attrs.frozen
class DrawBonus(Power):
    draw: int
    keep: int
    span: Span = _span_field()
    discard: int = 0  # Oceania: keep them all, then discard this many of every bonus card held
    per: Measure | None = None  # Oceania: one card for each this counts on the mat (``draw`` unused)
    per_food: int = 0  # Oceania: this many more cards for each food (any) discarded once the first cards are drawn


@attrs.frozen
class DiscardBonus(Power):
    """Discard one of your bonus cards (a requirement)."""

    span: Span = _span_field()


@attrs.frozen
class KeepBonusFromDiscard(Power):
    """Look through the bonus discard pile and keep one of its cards."""

    span: Span = _span_field()


@attrs.frozen
class DrawTray(Power):
    """Take every face-up card of the tray."""

    span: Span = _span_field()


@attrs.frozen
class ShareCards(Power):
    """Reveal one card per player plus one; each player in turn order takes one, you keep the rest."""

    span: Span = _span_field()


@attrs.frozen
class RollDice(Power):
    """Roll the dice outside the feeder; if any shows the food, cache one from the supply."""

    food: str
    span: Span = _span_field()


@attrs.frozen
class Move(Power):
    """If this bird is rightmost in its habitat, move it to another habitat it may live in."""

    span: Span = _span_field()


@attrs.frozen
class Repeat(Power):
    """Use again a brown power (``kind`` brown) or a predator power of another bird in this habitat."""

    kind: str
    span: Span = _span_field()


@attrs.frozen
class PlayBird(Power):
    """Play another bird now, paying its cost, in a habitat (``this`` = this bird's, ``any``:
    wherever it may live, Oceania)."""

    habitat: str
    span: Span = _span_field()
    egg_discount: int = 0  # eggs fewer to pay for its place (Oceania)
    no_egg_cost: bool = False  # no egg to pay at all (Oceania)


@attrs.frozen
class Trade(Power):
    """Swap one of your food for any food from the supply."""

    span: Span = _span_field()


@attrs.frozen
class Look(Power):
    """Look at ``count`` cards of the deck or the discard pile (shuffled first); keep one that
    passes ``keep``, into the hand or tucked behind this bird; discard the rest (Oceania)."""

    count: int
    source: str  # deck | discard
    keep: CardFilter
    span: Span = _span_field()


@attrs.frozen
class DiscardFromDeck(Power):
    """Discard ``count`` cards from the deck; cache ``food`` for each ``per`` icon in their costs."""

    count: int
    food: str
    per: str
    span: Span = _span_field()


@attrs.frozen
class EggsForTucks(Power):
    """Discard every egg of one of your birds that passes; tuck ``per`` cards from the deck for each."""

    predicates: tuple[Predicate, ...]
    per: int
    span: Span = _span_field()


@attrs.frozen
class EggsForCache(Power):
    """Discard an egg from each other bird of this bird's row and column; cache ``per`` food for each."""

    per: int
    food: str
    span: Span = _span_field()


@attrs.frozen
class Replace(Power):
    """This bird was played in the place of a bird of ``habitat`` (Oceania): a white power's requirement."""

    habitat: str
    span: Span = _span_field()


@attrs.frozen
class Give(Power):
    """Give one food of your own to another player you choose (Oceania)."""

    food: str
    span: Span = _span_field()


@attrs.frozen
class When(Power):
    """A pink power: once between your turns, when another player does ``event``."""

    event: str  # lays_eggs | plays_bird | predator_succeeds | gains_food | gains_any | takes_gain_food
    body: Power
    qualifier: str | None = None  # the habitat of plays_bird, the food of gains_food
    span: Span = _span_field()

    def children(self) -> tuple[Power, ...]:
        return (self.body,)

    def child(self, index: int) -> Power:
        return self.body




# ---- cards and goals --------------------------------------------------------------------


@attrs.frozen
class CostDef:
    """A bird's cost: specific food icons (repeats allowed), any-food icons and eggs.

    ``alternative`` marks a "/" cost: pay one of the listed foods, not all of them."""

    foods: tuple[str, ...] = ()
    any_food: int = 0
    eggs: int = 0
    span: Span = _span_field()
    alternative: bool = False


@attrs.frozen
class BirdDef:
    cost: CostDef
    points: int
    egg_limit: int
    wingspan: int | None  # None: a flightless bird (Oceania), wild for every wingspan condition
    colour: str | None = None
    power: Power | None = None
    span: Span = _span_field()
    habitats: tuple[str, ...] = ()  # classic birds: where they may live
    nest: str | None = None
    card_set: str | None = None  # the published set the bird belongs to ("core")
    swift_start: bool = False
    icons: tuple[str, ...] | None = None  # printed predator/flocking icons; None: told by the power
    beak: str | None = None  # where the pictured beak points (left, right, both, straight); None: not said


@attrs.frozen
class CardDef:
    """A card: a Pocket card has a food side and a bird side; a classic bird card has
    ``foods`` empty and only its bird side."""

    name: str
    foods: tuple[str, ...]
    bird: BirdDef
    span: Span = _span_field()


@attrs.frozen
class Measure:
    """What a classic goal side or bonus card counts on a player's mat (or hand)."""

    what: str  # birds | eggs | egg_sets | hand | (Oceania) wingspan_run | nest_sets | column_nests | cubes_on_play | cost_icons | no_goal
    habitat: str | None = None  # a habitat, "fewest" (your habitat with fewest birds) or None
    predicates: tuple[Predicate, ...] = ()
    span: Span = _span_field()
    foods: tuple[str, ...] = ()  # cost_icons: the foods whose icons are counted


@attrs.frozen
class GoalSide:
    """One side of a goal card.  Pocket: 1 point per egg on the birds ``birds`` accepts;
    classic: the ``measure`` counted for the round."""

    name: str
    birds: CardFilter
    span: Span = _span_field()
    measure: Measure | None = None


@attrs.frozen
class BonusDef:
    """A bonus card: what it counts and the points: ``tiers`` of (low, high or None, points)
    or ``each`` point(s) per item."""

    name: str
    measure: Measure
    tiers: tuple[tuple[int, int | None, int], ...] = ()
    each: int | None = None
    span: Span = _span_field()
    revised: bool = False  # replaces an earlier file's bonus card of that name (an expansion's words)


@attrs.frozen
class GoalDef:
    name: str
    sides: tuple[GoalSide, ...]
    span: Span = _span_field()


@attrs.frozen
class Document:
    cards: tuple[CardDef, ...] = ()
    goals: tuple[GoalDef, ...] = ()
    bonuses: tuple[BonusDef, ...] = ()
