"""The typed shapes of ``Game.view(player)`` and of the pending decision inside it.

A view is plain JSON data (``json.dumps`` works on it).  The keys every ruleset shares come
first (``ViewBase``); each ruleset adds what its table has.  Keys are always present; a
value another player may not see is ``None`` (or a count instead of a list).
"""

from __future__ import annotations

from typing import TypedDict


class PendingView(TypedDict):
    """The decision the game waits for, as one player may see it."""

    player: int
    kind: str
    source: str | None
    rule: str
    options: list[str] | int | None  # the answers if it is yours; otherwise a count (Pocket) or None (classic)


class ViewBase(TypedDict):
    """What every ruleset's view holds."""

    ruleset: str
    you: int
    current_player: int
    first_player: int
    over: bool
    pending: PendingView | None


# ---- Pocket ----------------------------------------------------------------------------------


class PocketBirdView(TypedDict):
    bird: str
    eggs: int
    tucked: int  # how many cards are tucked (which ones is hidden)


class PocketSeatView(TypedDict, total=False):
    player: int
    nest_eggs: int
    flock: list[PocketBirdView]
    reserve_food: list[str] | None  # food sides; None while the advanced setup hides it
    reserve_birds: list[str] | None  # bird names; None while the advanced setup hides it
    turns: int
    dealt: list[dict[str, str]] | int  # advanced setup only: your own cards, or how many another holds


class DeckView(TypedDict):
    size: int
    top: str | None  # the food side of the top card


class PocketGoalView(TypedDict):
    goal: str
    side: str


class PocketView(ViewBase):
    players: list[PocketSeatView]
    decks: list[DeckView]
    face_up_birds: list[str | None]
    discard_pile: DeckView
    goals: list[PocketGoalView]
    end_triggered: bool


# ---- classic ---------------------------------------------------------------------------------


class ClassicBirdView(TypedDict, total=False):
    bird: str
    eggs: int
    cached: dict[str, int]  # food by food, in the ruleset's food order
    tucked: int
    cached_cards: int  # 004's reading: birds cached instead of food tokens (only when there are any)


class ClassicSeatView(TypedDict, total=False):
    player: int
    habitats: dict[str, list[ClassicBirdView]]
    food: dict[str, int] | None  # None while the setup hides it
    hand: list[str] | int | None  # yours (or all, with public hands); a count for others; None in setup
    bonus: list[str] | int
    cubes_used: int
    spent_nectar: dict[str, int]  # Oceania: nectar spent on each habitat row
    cubes: dict[str, int]  # Oceania: cubes on 'play-bird' and on each habitat this round
    dealt: list[str] | None  # setup only
    dealt_bonus: list[str] | None  # setup only


class ClassicView(ViewBase):
    round: int
    players: list[ClassicSeatView]
    tray: list[str | None]
    deck_size: int
    discard_size: int | None
    feeder: list[str]
    goals: list[str]
    goal_points: list[list[int]]
