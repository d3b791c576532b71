"""Oceania game state: the classic state, each seat with what the expansion adds to it.

A seat keeps the nectar spent on each habitat row (scored by majority at the game's end) and
the cubes on each action this round (play a bird, then each habitat), which stay on their
action until the round ends.  Saved and positioned like any state (``OceaniaRules.state_type``).
"""

from __future__ import annotations

from typing import ClassVar

import attrs

from ..classic.state import ClassicSeat, ClassicState
from ..engine.state import Frame, frame


@attrs.define(slots=True)
class OceaniaSeat(ClassicSeat):
    spent_nectar: list[int] = attrs.Factory(list)  # nectar spent per habitat row (``oceania.nectar.spent``)
    cubes: list[int] = attrs.Factory(list)  # cubes on 'play a bird', then on each habitat (``oceania.setup.cubes-stay``)

    def copy(self) -> OceaniaSeat:
        return OceaniaSeat(
            [[b.copy() for b in row] for row in self.rows],
            self.food[:],
            self.hand[:],
            self.bonus[:],
            self.dealt[:],
            self.dealt_bonus[:],
            self.cubes_used,
            self.discard_at_end,
            self.spent_nectar[:],
            self.cubes[:],
        )


@attrs.define(slots=True)
class OceaniaState(ClassicState[OceaniaSeat]):
    """The classic state with Oceania seats (no field of its own)."""


# ---- the turn frames (on the stack, saved with the state) -------------------------------------
# Data like the rest of the state (and, unlike the ruleset's code, never compiled: attrs reads
# their annotations, which a module compiled by mypyc hands it as bare classes).


@frame
@attrs.define(slots=True)
class GameEndFrame(Frame):
    """A player's game-end (yellow) powers, in the order they choose (``oceania.game-end.powers``)."""

    kind: ClassVar[str] = "oceania-game-end"
    used: list[int] = attrs.Factory(list)  # the birds whose power was used already


@frame
@attrs.define(slots=True)
class FinalFrame(Frame):
    """Under the game-end powers: when they are all done, the game is over."""

    kind: ClassVar[str] = "oceania-final"
