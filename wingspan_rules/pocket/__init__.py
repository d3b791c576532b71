"""Wingspan Pocket (the rulebook, seed 000, with its guide's readings, 001, as options).

The ruleset (``rules.PocketRules``) is composed here from its parts, each in a module that
imports the rules and is never imported by them: the parts of its world (``world.py``: the
face-up birds and food decks, the reserve), the checks of a saved state, the view of the table
and the words of its refusals (``rules.PocketParts``).
"""

from __future__ import annotations

from . import explain, validate, view, world
from .rules import PocketParts, PocketRules

PocketRules.deck = world.PocketDeck()
PocketRules.hand = world.PocketHand()
PocketRules.board = world.PocketBoard()
PocketRules.recorder = world.PocketRecorder()
PocketRules.parts = PocketParts(
    validate_state=validate.validate_state,
    view=view.view,
    general_reasons=explain.general_reasons,
    refuse_node=explain.refuse_node,
    refuse_nest_action=explain.refuse_nest_action,
    refuse_pay=explain.refuse_pay,
)
