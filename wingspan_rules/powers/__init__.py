"""The power families shipped with the package, one module each (see ``family.Family``).

Importing this package registers them all with ``wingspan_rules.families.FAMILIES``; the
entry points of the card language (the parser, ``compile_cards``) and the rulesets import it.
"""

from __future__ import annotations

from . import all_players, either, for_each, move, repeated, then, when

__all__ = ["all_players", "either", "for_each", "move", "repeated", "then", "when"]
