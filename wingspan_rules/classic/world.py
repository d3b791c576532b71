"""The world of the classic game as parts (``engine.world``): the birdfeeder's dice and the
players' food tokens.  This module imports the rules and is never imported by them: the
package (``classic/__init__.py``) composes ``ClassicRules`` from these parts."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from .. import rng
from ..actions import Action, Verb
from ..engine.state import Bird
from ..engine.world import Feeder, Supply
from ..events import CACHE, DIE, PAY, ROLL

if TYPE_CHECKING:
    from .rules import ClassicRules

G = TypeVar("G", bound="ClassicRules")  # the classic game or a ruleset that extends it

_TAKE = Verb("take")
_TAKE_SPLIT = Verb("take-split")


class ClassicFeeder(Feeder[G]):
    """The classic feeder: five dice (``ClassicRules.dice``), rolled again when emptied."""

    __slots__ = ()

    def choices(self, g: G, mask: int) -> list[Action]:
        """Foods the feeder can give now (``mask`` 0 = any die).  The answer depends only on the
        dice showing and the mask, so it is remembered by them (per ruleset and deck)."""
        self.refill_if_empty(g)
        key = (tuple(sorted(g.state.feeder)), mask)  # (the order of the dice does not matter)
        found = g._feeder_offers.get(key)
        if found is None:
            if len(g._feeder_offers) >= 10_000:
                g._feeder_offers.clear()
            found = g._feeder_offers[key] = self._offers(g, key[0], mask)
        return list(found)

    def has(self, g: G, mask: int) -> bool:
        faces = g.dice.faces
        return any(faces[face] & mask for face in g.state.feeder)

    def can_reroll(self, g: G) -> bool:
        feeder = g.state.feeder
        return bool(feeder) and len(set(feeder)) == 1

    def reroll(self, g: G) -> None:
        g.state.feeder = self.roll(g, g.dice.count)
        if g.log is not None:
            g.note(ROLL, -1, "feeder", *(g.dice.names[face] for face in g.state.feeder))

    def reset(self, g: G) -> None:
        """Take every die out of the feeder and roll them all (a mat's reset, ``mat_reset_rule``)."""
        self.reroll(g)

    def take(self, g: G, food: int, refill: bool = True, split: bool = False) -> None:
        feeder = g.state.feeder
        plain = g.plain_face.get(food, -1)
        if plain in feeder and not split:
            feeder.remove(plain)
            taken = plain
        else:
            faces = g.dice.faces
            taken = next(face for face in feeder if faces[face] >> food & 1 and face != plain)
            feeder.remove(taken)
        if g.log is not None:
            g.note(DIE, g.actor(), g.dice.names[taken], g.foods[food])
        # An emptied feeder is rolled again at once, so it is never seen empty: a predator
        # rolling "the dice outside the feeder" never rolls all of them.
        if refill:
            self.refill_if_empty(g)

    def refill_if_empty(self, g: G) -> None:
        if not g.state.feeder:
            self.reroll(g)

    def dice(self, g: G) -> list[int]:
        return g.state.feeder

    def outside(self, g: G) -> int:
        return g.dice.count - len(g.state.feeder)

    def roll(self, g: G, count: int) -> list[int]:
        st = g.state
        if not count:
            return []
        st.reveals += 1
        st.rng, faces = rng.several(st.rng, len(g.dice.faces), count)
        return faces

    def face_mask(self, g: G, face: int) -> int:
        return g.dice.faces[face]

    def face_label(self, g: G, face: int) -> str:
        return g.dice.names[face]

    def _offers(self, g: G, feeder: tuple[int, ...], mask: int) -> tuple[Action, ...]:
        faces = g.dice.faces
        shown = 0
        for face in feeder:
            shown |= faces[face]
        offered = shown & (mask or g.all_foods)
        actions = [_TAKE[food] for i, food in enumerate(g.foods) if offered >> i & 1]
        # With a plain die and a split die both showing the food, the player says which die
        # goes: "take" takes the plain one, "take-split" the split one (what stays matters).
        split = 0
        for face in feeder:
            if faces[face] & (faces[face] - 1):
                split |= faces[face]
        for i, food in enumerate(g.foods):
            if offered & split >> i & 1 and g.plain_face.get(i, -1) in feeder:
                actions.append(_TAKE_SPLIT[food])
        return tuple(actions)


class ClassicSupply(Supply[G]):
    """Food tokens: a player's supply (``ClassicSeat.food``), and food cached on birds."""

    __slots__ = ()

    def cache(self, g: G, bird: Bird, food: int, count: int = 1, source: str = "the supply") -> None:
        """Cache food on a bird.  Tokens never run out (002) unless the box's count is set and
        004's reading is on: then, with no token of that food left, a discarded bird is cached."""
        st = g.state
        tokens = g.options.get("food_tokens")
        for _ in range(count):
            if tokens is not None and g.options["cache_when_out"] == "discarded-card" and st.discard:
                in_play = sum(seat.food[food] for seat in st.seats)
                in_play += sum(b.cached[food] for seat in st.seats for row in seat.rows for b in row)
                if in_play >= tokens:
                    bird.stand_ins += (st.discard.pop(),)
                    if g.log is not None:
                        g.note(CACHE, g.actor(), g._names[bird.card], f"a discarded card for {g.foods[food]}", source)
                    continue
            bird.cached[food] += 1
            if g.log is not None:
                g.note(CACHE, g.actor(), g._names[bird.card], g.foods[food], source)

    def spend(self, g: G, player: int, food: int, habitat: int) -> None:
        """A food paid from a player's supply (a cost, a trade, a reset); ``habitat`` is the row
        it was spent for (rulesets with nectar keep spent nectar there)."""
        g.state.seats[player].food[food] -= 1
        if g.log is not None:
            g.note(PAY, player, g.foods[food], 1, "the supply")

    def held(self, g: G, player: int) -> list[int]:
        return g.state.seats[player].food
