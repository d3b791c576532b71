"""The parts of the Oceania world that differ from the classic game's (``classic/world.py``):
the food supply keeps the nectar spent, on the row it was spent for (``oceania.nectar.spent``).
This module imports the rules and is never imported by them: the package
(``oceania/__init__.py``) composes ``OceaniaRules`` from these parts."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._mypyc import mypyc_attr
from ..actions import Action
from ..classic.world import ClassicBoard, ClassicSupply
from ..engine.state import PowerFrame
from ..events import PAY
from ..ir import Measure

if TYPE_CHECKING:
    from .rules import OceaniaRules


@mypyc_attr(allow_interpreted_subclasses=True)
class OceaniaSupply(ClassicSupply["OceaniaRules"]):
    """Food tokens with nectar: nectar spent goes onto the spent-nectar space of its row."""

    __slots__ = ()

    def spent_on_power(self, g: OceaniaRules, f: PowerFrame, action: Action) -> str:
        # discarding food for a power counts as spending it: nectar goes to the power's row
        if action.arg == "nectar" and 0 <= f.host.row < len(g.habitats):
            g.state.seats[f.player].spent_nectar[f.host.row] += 1
            return g.habitats[f.host.row]
        return "the supply"

    def spend(self, g: OceaniaRules, player: int, food: int, habitat: int) -> None:
        seat = g.state.seats[player]
        seat.food[food] -= 1
        if food == g.nectar:
            seat.spent_nectar[habitat] += 1  # onto that row's spent-nectar space (``oceania.nectar.spent``)
        if g.log is not None:
            g.recorder.note(g, PAY, player, g.foods[food], 1, g.habitats[habitat] if food == g.nectar else "the supply")


@mypyc_attr(allow_interpreted_subclasses=True)
class OceaniaBoard(ClassicBoard["OceaniaRules"]):
    """A classic mat whose action cubes stay on their rows until the round ends."""

    __slots__ = ()

    def measure(self, g: OceaniaRules, player: int, measure: Measure) -> int:
        if measure.what == "cubes_on_play":  # (cubes stay on their action until the round ends)
            return g.state.seats[player].cubes[0]
        return super().measure(g, player, measure)
