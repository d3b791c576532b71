"""The typed shapes of ``Game.view(player)`` and of the pending decision inside it.

A view is plain JSON data (``json.dumps`` works on it).  Every key is always present, in every
ruleset: a value the viewer may not see is ``None``, and where a count may be seen but not the
cards, the value is the count instead of the list.

One layout for every ruleset: the keys of ``ViewBase`` (the table) and of ``SeatView`` (each
player, in ``players``) mean the same thing whatever the game; each ruleset adds the keys of
its own table after them (``PocketView`` and ``PocketSeatView``, ``ClassicView`` and
``ClassicSeatView``, which Oceania shares).
"""

from __future__ import annotations

from typing import TypedDict


class PendingView(TypedDict):
    """The decision the game waits for, as one player may see it."""

    player: int
    kind: str
    source: str | None
    rule: str
    prompt: str  # the decision in one sentence; another player sees ``Decision.public_prompt``
    options: list[str] | int | None  # the answers if it is yours; otherwise a count (Pocket) or None (classic)


class BirdView(TypedDict):
    """A bird on a player's mat (every ruleset)."""

    bird: str
    eggs: int
    tucked: int  # how many cards are tucked (which ones is hidden)
    cached: dict[str, int]  # food cached on it, by food of the ruleset ({} in Pocket, which caches none)
    cached_cards: int  # birds cached in place of tokens (classic, 004's reading); 0 otherwise


class SeatView(TypedDict):
    """What every ruleset's view shows of each player (the first keys of each seat)."""

    player: int
    hand: list[str] | int | None  # bird cards held: yours by name; another's as a count; None while the opening setup hides it
    open_hand: list[str] | None  # another's hand by name where the rules show it (Pocket's reserve, classic 'public_hands'); None otherwise; yours: your hand
    food: dict[str, int] | None  # food held to pay with, by kind (classic: tokens by food; Pocket: reserve food cards by food side); None while the setup hides it
    rows: dict[str, list[BirdView]]  # the birds played, by row: the habitats (classic), or "flock" (Pocket)
    bonus: list[str] | int  # bonus cards: yours by name, another's as a count ([] and 0 in Pocket, which has none)


def shown_hand(seat: SeatView) -> list[str] | int | None:
    """A seat's hand as its view shows it: by name where the view names it (one's own, and
    another's where the rules show it), else its ``hand`` entry (a count, or None while the
    opening setup hides it).  The picture and ``show`` both read a hand so."""
    named = seat["open_hand"]
    return named if named is not None else seat["hand"]


class ViewBase(TypedDict):
    """What every ruleset's view holds (with ``players``, one ``SeatView``-shaped seat each,
    declared by each ruleset's view with its own seat keys)."""

    ruleset: str
    you: int
    current_player: int
    first_player: int
    over: bool
    pending: PendingView | None
    face_up_birds: list[str | None]  # the birds face up to take (Pocket: beside the food decks; classic: the tray); None: an empty place
    deck_size: int  # cards left face down to draw (Pocket: the four food decks together)
    discard_size: int | None  # cards in the discard pile; None while the classic setup hides it


# ---- Pocket ----------------------------------------------------------------------------------

PocketBirdView = BirdView  # (the name of earlier versions)


class PocketSeatView(SeatView):
    nest_eggs: int
    flock: list[BirdView]  # the same list as rows["flock"]
    reserve_food: list[str] | None  # food sides; None while the advanced setup hides it
    reserve_birds: list[str] | None  # bird names; None while the advanced setup hides it
    turns: int
    dealt: list[dict[str, str]] | int  # advanced setup: your cards ({"bird", "food"}) still to sort, or how many another holds; [] and 0 once sorted


class DeckView(TypedDict):
    size: int
    top: str | None  # the food side of the top card


class PocketGoalView(TypedDict):
    goal: str
    side: str


class PocketView(ViewBase):
    players: list[PocketSeatView]
    decks: list[DeckView]
    discard_pile: DeckView
    goals: list[PocketGoalView]
    end_triggered: bool


# ---- classic ---------------------------------------------------------------------------------

ClassicBirdView = BirdView  # (the name of earlier versions)


class ClassicSeatView(SeatView):
    habitats: dict[str, list[BirdView]]  # the same dict as rows
    cubes_used: int
    spent_nectar: dict[str, int] | None  # Oceania: nectar spent on each habitat row; None in games without nectar
    cubes: dict[str, int] | None  # Oceania: cubes on 'play-bird' and on each habitat this round; None in games without
    dealt: list[str] | None  # setup: your dealt birds still to choose from ([] once chosen); None for another player while the setup runs, [] after
    dealt_bonus: list[str] | None  # the same for the dealt bonus cards


class ClassicView(ViewBase):
    round: int
    players: list[ClassicSeatView]
    tray: list[str | None]  # the same list as face_up_birds
    feeder: list[str]
    goals: list[str]
    goal_points: list[list[int]]
    bonus_deck_size: int  # bonus cards left face down to draw
    bonus_discard_size: int  # bonus cards in the bonus discard pile
