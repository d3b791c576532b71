"""The Oceania expansion (seed 003): the classic game with nectar, new mats and dice.

The ruleset (``rules.OceaniaRules``) extends ``ClassicRules`` and is composed here from the
parts of its world that differ (``world.py``: the supply that keeps spent nectar), each in a
module that imports the rules and is never imported by them.
"""

from __future__ import annotations

from . import world
from .rules import OceaniaRules

OceaniaRules.supply = world.OceaniaSupply()
OceaniaRules.board = world.OceaniaBoard()
