"""The power families shipped with the package, one module each (see ``family.Family``).

Importing this package registers them all with ``wingspan_rules.families.FAMILIES``; the
package's ``__init__`` imports it first, so that no module of the card language or the engine
has to (which would close an import cycle through the engine).
"""

from __future__ import annotations

from . import (
    all_players,
    cache,
    cache_own,
    copy,
    discard_bonus,
    discard_card,
    discard_deck,
    discard_egg,
    eggs_for_cache,
    eggs_for_tucks,
    either,
    for_each,
    give,
    hunt,
    keep_bonus,
    lay,
    look,
    move,
    neighbour_has,
    play,
    repeat,
    repeated,
    replace,
    reset_feeder,
    roll,
    share,
    then,
    trade,
    tuck,
    when,
)

__all__ = [
    "all_players",
    "cache",
    "cache_own",
    "copy",
    "discard_bonus",
    "discard_card",
    "discard_deck",
    "discard_egg",
    "eggs_for_cache",
    "eggs_for_tucks",
    "either",
    "for_each",
    "give",
    "hunt",
    "keep_bonus",
    "lay",
    "look",
    "move",
    "neighbour_has",
    "play",
    "repeat",
    "repeated",
    "replace",
    "reset_feeder",
    "roll",
    "share",
    "then",
    "trade",
    "tuck",
    "when",
]
