"""Small helpers shared by the per-rule and per-power tests (not a test module itself)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from scripted import SHIPPED, Script, options, position

from wingspan_rules import Game, Verdict

# Plain birds of the shipped deck (no power) by food side: handy fillers for decks and reserves.
FILLER_SEED = ["Mourning Dove", "Sandhill Crane", "Trumpeter Swan"]
FILLER_FISH = ["Common Loon", "Atlantic Puffin", "Anhinga", "Brown Pelican", "American White Pelican", "Whooping Crane"]
FILLER_RODENT = ["Black Vulture", "Great Horned Owl", "Golden Eagle", "California Condor"]


def names_except(used: Iterable[str], cards: Any = SHIPPED) -> list[str]:
    """Every card name of the deck not in ``used``, in deck order."""
    taken = set(used)
    return [c.name for c in cards.cards if c.name not in taken]


def placed_names(players: Sequence[dict[str, Any]], decks: Sequence[Sequence[str]], face_up: Sequence[str | None], discard: Sequence[str] = ()) -> list[str]:
    """Every card name a ``position`` spec places (flocks, tucked cards, reserves, decks, supply)."""
    out: list[str] = []
    for spec in players:
        for entry in spec.get("flock", []):
            if isinstance(entry, str):
                out.append(entry)
            else:
                out.append(entry[0])
                out.extend(entry[2] if len(entry) > 2 else [])
        out += list(spec.get("food", [])) + list(spec.get("birds", []))
    for deck in decks:
        out += list(deck)
    out += [n for n in face_up if n is not None]
    out += list(discard)
    return out


def rule_ids(verdict: Verdict) -> list[str]:
    assert not verdict.legal, "expected the action to be rejected"
    return [v.rule_id for v in verdict.violations]


def food_kinds(game: Game, player: int) -> list[str]:
    return sorted(game.cards.cards[c].food_kind for c in game.state.seats[player].food_cards)


def bird_names(game: Game, player: int) -> list[str]:
    return sorted(game.cards.cards[c].name for c in game.state.seats[player].hand)


def flock_names(game: Game, player: int) -> list[str]:
    return [game.cards.cards[b.card].name for b in game.state.seats[player].flock]


def tucked_names(game: Game, player: int, bird: int) -> list[str]:
    return [game.cards.cards[c].name for c in game.state.seats[player].flock[bird].tucked]


def deck_names(game: Game, deck: int) -> list[str]:
    """Deck ``deck`` (0-based) bottom to top."""
    return [game.cards.cards[c].name for c in game.state.decks[deck]]


def face_up_names(game: Game) -> list[str | None]:
    return [game.cards.cards[c].name if c >= 0 else None for c in game.state.face_up]


def discard_names(game: Game) -> list[str]:
    return [game.cards.cards[c].name for c in game.state.discard]


def eggs(game: Game, player: int) -> tuple[int, list[int]]:
    """(Nest eggs, eggs on each flock bird left to right)."""
    p = game.state.seats[player]
    return p.nest_eggs, [b.eggs for b in p.flock]


def total_cards(game: Game) -> int:
    from wingspan_rules.pocket.validate import all_cards

    return len(all_cards(game.state))


__all__ = [
    "FILLER_FISH",
    "FILLER_RODENT",
    "FILLER_SEED",
    "SHIPPED",
    "Script",
    "bird_names",
    "deck_names",
    "discard_names",
    "eggs",
    "face_up_names",
    "flock_names",
    "food_kinds",
    "names_except",
    "options",
    "placed_names",
    "position",
    "rule_ids",
    "total_cards",
    "tucked_names",
]
