"""The effect IR: what a compiled power is made of.

One frozen class per kind of step a power takes (each a subclass of ``Effect``), and the
records they hold (``Filter``, ``BirdTest``, ``NameTest``, ``Measure``); run by the one
interpreter: each node type's handler, in its family's module under ``powers/``.
Foods are bit masks over the food order of the card set; ``ANY`` (0) means "any food".
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs

ANY = 0


@attrs.frozen
class NameTest:
    """The bird's lower-cased name contains one of ``words`` once the ``unless`` words are blanked
    out (so "red" is not found inside "barred").  ``words == ("'s",)`` is "named after a person"."""

    words: tuple[str, ...]
    unless: tuple[str, ...] = ()


@attrs.frozen
class BirdTest:
    """Conditions on a bird side; every one must hold.  The defaults mean "no condition", so an
    empty test accepts any bird.  Several conditions of one kind must all hold as well."""

    costing: int = 0  # mask of foods that must each appear in the cost (not the any-food icon)
    compares: tuple[tuple[str, str, int], ...] = ()  # (attribute, op, value); "eggs" = eggs on the bird
    colour: str | None = None  # "brown", "green", ..., "none" (no power) or None for no condition
    costing_any: bool = False  # the cost shows the any-food icon
    costing_only: tuple[int, ...] = ()  # food bits: every food icon of the cost is this food
    nests: tuple[str, ...] = ()  # the nest is each of these (a wild nest is every kind)
    traits: tuple[str, ...] = ()  # "predator" and/or "flocking"
    lives_only: tuple[str, ...] = ()  # habitats: the bird lives in this one and no other
    names: tuple[NameTest, ...] = ()
    costing_one_of: tuple[int, ...] = ()  # food masks: the cost shows at least one food of each
    lives_in: tuple[str, ...] = ()  # habitats the bird can live in (others too)
    facing: tuple[str, ...] = ()  # the pictured beak points this way ("both" meets either)


@attrs.frozen
class Measure:
    """What a classic goal side or bonus card counts: ``what`` is birds | eggs | egg_sets | hand,
    over ``habitat`` (a habitat, "fewest" = the player's habitat with fewest birds, or None = all),
    counting only the birds that pass ``test``."""

    what: str
    habitat: str | None = None
    test: BirdTest = BirdTest()
    foods: int = 0  # cost_icons: the foods whose icons are counted


@attrs.frozen
class Filter:
    """Which cards an effect may take: kind "card", "bird" or "food"."""

    kind: str
    food: int = ANY  # for food cards: the card must show this food
    bird: BirdTest = BirdTest()
    smallest: bool = False  # of the cards that pass, only those of least wingspan (flightless: any)


@attrs.frozen
class Effect:
    """The base of every IR node.  A composite node (parts joined by '+', '->', 'all players',
    a trigger, a repetition) lists the nodes it holds in ``children`` and says which one a step
    of a frame's path leads to in ``child``; every walker of the tree asks these two, so a new
    composite needs nothing more than its own class.  (No IR node type subclasses another.)"""

    def children(self) -> tuple[Effect, ...]:
        """The nodes this one holds, in the order the walkers visit them (none for a phrase)."""
        return ()

    def child(self, index: int) -> Effect:
        """The node that step ``index`` of a frame's path leads to."""
        raise IndexError(f"{type(self).__name__} has no parts")


@attrs.frozen
class Draw(Effect):
    what: Filter
    count: int = 1
    source: str | None = None  # None: face-up or deck; "deck"; "tray"
    then_discard: int = 0
    refresh: bool = False  # before drawing, the tray may be reset or refilled once
    give: int = 0  # of the cards drawn, this many go to one other player the owner chooses


@attrs.frozen
class Tuck(Effect):
    what: Filter
    count: int = 1
    source: str | None = None  # None: hand/reserve; "deck"
    behind: str | None = None  # one card behind each bird of this row ("this": the host's)


@attrs.frozen
class Hunt(Effect):
    below: int  # 0: ``test`` decides
    test: BirdTest | None = None
    cache: int = 0  # a food's bit: cached from the supply when the hunt succeeds


@attrs.frozen
class LayEgg(Effect):
    where: str = "any"  # any | this | each | other | adjacent
    nest: str | None = None
    count: int = 1
    up_to: bool = False  # the player may stop short (an action's "up to N eggs")
    distinct: bool = False  # each egg on a different holder
    habitat: str | None = None  # only the birds of this row (a habitat, or "this": the power's own)
    test: BirdTest | None = None  # only birds that pass


@attrs.frozen
class DiscardEgg(Effect):
    other: bool = False
    habitat: str | None = None  # only from a bird of this row ("this": the host's)
    count: int = 1  # eggs to give up, one by one, all of them (a requirement)


@attrs.frozen
class DiscardCard(Effect):
    what: Filter


@attrs.frozen
class Copy(Effect):
    colour: str
    side: str | None = None  # a neighbour's bird ("left": the next player in turn order) ...
    habitat: str | None = None  # ... in this row


@attrs.frozen
class Modifier(Effect):
    """A green power: ``ignore`` (1 food in costs), ``spend`` (food as any in costs),
    ``treat`` (food in powers as any food)."""

    kind: str
    food: int


@attrs.frozen
class Either(Effect):
    parts: tuple[Effect, ...]
    exclusive: bool = False  # one part only

    def children(self) -> tuple[Effect, ...]:
        return self.parts

    def child(self, index: int) -> Effect:
        return self.parts[index]


@attrs.frozen
class Then(Effect):
    requirement: Effect
    benefit: Effect

    def children(self) -> tuple[Effect, ...]:
        return (self.requirement, self.benefit)

    def child(self, index: int) -> Effect:
        return self.requirement if index == 0 else self.benefit


@attrs.frozen
class AllPlayers(Effect):
    body: Effect
    from_one_deck: bool = False
    chosen_start: bool = False
    fewest_in: str | None = None
    owner_body: Effect | None = None
    chosen_other: str | None = None  # "both" | "other": one other player the owner chooses (see ast)

    def children(self) -> tuple[Effect, ...]:
        return (self.body,) if self.owner_body is None else (self.body, self.owner_body)

    def child(self, index: int) -> Effect:
        # step 1 is the owner's own share, where the power gives one (", you: ...")
        return self.owner_body if index == 1 and self.owner_body is not None else self.body


# ---- classic game effects ---------------------------------------------------------------


@attrs.frozen
class Gain(Effect):
    foods: int  # mask of the foods to choose from; ANY for any food (or any die)
    source: str  # feeder | supply
    count: int = 1
    take_all: bool = False
    may_cache: bool = False
    must_cache: bool = False
    may_tuck: bool = False  # each food gained may be discarded for a card from the deck, tucked


@attrs.frozen
class GainEach(Effect):
    """One food of each kind the feeder shows, a die at a time (a split die: both); no reroll."""


@attrs.frozen
class KeepHalf(Effect):
    """Every die showing the food taken at once; half kept (rounded up), the rest given out."""

    food: int  # the food's bit


@attrs.frozen
class ResetFeeder(Effect):
    pass


@attrs.frozen
class Repeated(Effect):
    body: Effect
    times: int = 0  # 0: any number of times

    def children(self) -> tuple[Effect, ...]:
        return (self.body,)

    def child(self, index: int) -> Effect:
        return self.body


@attrs.frozen
class ForEach(Effect):
    measure: Measure
    per: int
    body: Effect

    def children(self) -> tuple[Effect, ...]:
        return (self.body,)

    def child(self, index: int) -> Effect:
        return self.body


@attrs.frozen
class NeighbourHas(Effect):
    sides: tuple[str, ...]  # "left" (the next player in turn order), "right" (the one before)
    food: int  # the food's bit: nectar is never another food here


@attrs.frozen
class CacheOwn(Effect):
    foods: int  # mask of the foods that may be cached (ANY: any)
    count: int


@attrs.frozen
class Cache(Effect):
    food: int
    count: int = 1


@attrs.frozen
class DrawBonus(Effect):
    draw: int
    keep: int
    discard: int = 0  # keep all, then discard this many of every bonus card held
    per: Measure | None = None  # one card for each this counts on the mat (instead of ``draw``)
    per_food: int = 0  # this many more cards for each food (any) discarded once the first cards are drawn


@attrs.frozen
class DiscardBonus(Effect):
    pass


@attrs.frozen
class KeepBonusFromDiscard(Effect):
    pass


@attrs.frozen
class DrawTray(Effect):
    pass


@attrs.frozen
class ShareCards(Effect):
    pass


@attrs.frozen
class RollDice(Effect):
    food: int


@attrs.frozen
class Move(Effect):
    pass


@attrs.frozen
class Repeat(Effect):
    kind: str  # brown | predator


@attrs.frozen
class PlayBird(Effect):
    habitat: str  # a habitat name, "this" or "any"
    egg_discount: int = 0  # eggs fewer to pay for its place
    no_egg_cost: bool = False  # no egg to pay at all


@attrs.frozen
class Trade(Effect):
    pass


@attrs.frozen
class Give(Effect):
    food: int  # the food's bit: one of the owner's, to another player they choose (not spent)


@attrs.frozen
class Replace(Effect):
    habitat: str  # the bird was played in the place of a bird of this row (met only by that play)


@attrs.frozen
class DiscardFromDeck(Effect):
    count: int
    food: int  # the food's bit cached ...
    per: int  # ... for each icon of this food in the discarded cards' costs


@attrs.frozen
class EggsForTucks(Effect):
    test: BirdTest  # the bird whose eggs are all discarded
    per: int  # cards from the deck tucked for each egg


@attrs.frozen
class EggsForCache(Effect):
    per: int  # food cached for each egg discarded from the row and column
    food: int


@attrs.frozen
class Look(Effect):
    count: int
    source: str  # deck | discard (shuffled first)
    keep: Filter  # the card kept must pass (into the hand, or tucked behind the bird)


@attrs.frozen
class When(Effect):
    event: str
    body: Effect
    qualifier: str | None = None

    def children(self) -> tuple[Effect, ...]:
        return (self.body,)

    def child(self, index: int) -> Effect:
        return self.body


def walk(effect: Effect) -> Iterator[Effect]:
    """Every node of an effect tree, the root first."""
    stack = [effect]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(node.children())


def part(node: Effect, index: int) -> Effect:
    """Part ``index`` of a node (the step a frame path takes)."""
    return node.child(index)
