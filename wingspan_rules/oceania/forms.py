"""The text forms of the verbs Oceania adds to the classic actions, and their arguments."""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import NONE, TEXT


def extra_forms(habitats: tuple[str, ...]) -> tuple[tuple[str, str], ...]:
    """Oceania's own verbs, in the order they follow the classic ones."""
    return (
        ("game-end", TEXT),  # a game-end power
        ("choose", TEXT),  # the other player a power shares with
        ("cache-food", TEXT),
        ("reset", NONE),  # a power's reset of the feeder (one answer, taken at once)
        ("check", NONE),  # a power's condition met (likewise)
        ("again", NONE),  # one more round of a repeated power
        ("new-tray", NONE),  # a power's reset of the tray before it draws
        ("fill-tray", NONE),  # ... or the tray's empty slots filled
        ("give-card", TEXT),  # a card just drawn, to give to another player
        ("copy", TEXT),  # which of a neighbour's brown powers to copy
        ("tuck-card", NONE),  # a food just gained, discarded for a card tucked from the deck
        ("take-die", TEXT),  # a die of the feeder by its face ('one of each food')
        ("discard-bird", TEXT),  # the bird a bird played in another's place replaces
        *((f"replace-{h}", TEXT) for h in habitats),  # a bird played in the place of one of that row
    )


def extra_domains(names: list[str], foods: tuple[str, ...], habitats: tuple[str, ...], faces: tuple[str, ...], max_players: int = 5) -> dict[str, Sequence[str | int]]:
    """The arguments of each of Oceania's verbs that takes one."""
    return {
        "game-end": names,
        "choose": [f"p{i}" for i in range(max_players)],
        "cache-food": list(foods),
        "give-card": names,
        "copy": names,
        "take-die": list(dict.fromkeys(faces)),
        "discard-bird": names,
        **{f"replace-{h}": names for h in habitats},
    }
