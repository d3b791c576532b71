"""The classic Wingspan base game (4 rounds, mats, feeder dice, tray, bonus cards, goals).

The ruleset (``rules.ClassicRules``) is composed here from its parts, each in a module that
imports the rules and is never imported by them: the parts of its world (``world.py``: the
birdfeeder, the food supply, the deck and the tray, the bonus cards, the hands), the checks of a saved state, the counts and the score sheet, the
view of the table and the words of its refusals (``rules.ClassicParts``).
"""

from __future__ import annotations

from . import explain, scoring, validate, view, world
from .rules import ClassicParts, ClassicRules

# (each made without a type argument: ``Part[R]()`` would set ``__orig_class__`` on it, and a
# part holds no state of its own)
ClassicRules.feeder = world.ClassicFeeder()
ClassicRules.supply = world.ClassicSupply()
ClassicRules.deck = world.ClassicDeck()
ClassicRules.bonus = world.ClassicBonus()
ClassicRules.hand = world.ClassicHand()
ClassicRules.board = world.ClassicBoard()
ClassicRules.recorder = world.ClassicRecorder()
ClassicRules.parts = ClassicParts(
    validate_state=validate.validate_state,
    frame_problem=validate.frame_problem,
    measure=scoring.measure,
    score_goal=scoring.score_goal,
    score=scoring.score,
    view=view.view,
    refuse_node=explain.refuse_node,
    refuse_setup=explain.refuse_setup,
    refuse_action=explain.refuse_action,
    refuse_conversion=explain.refuse_conversion,
    refuse_pay=explain.refuse_pay,
    refuse_discard_at_end=explain.refuse_discard_at_end,
    play_bird=explain.play_bird,
)
