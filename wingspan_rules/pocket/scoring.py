"""Pocket final scoring (``pocket.score.*``)."""

from __future__ import annotations

from ..cards import CardSet
from ..filters import bird_passes
from ..scoring import PlayerScore, ScoreSheet, winners
from .state import PocketState


def score(state: PocketState, cards: CardSet) -> ScoreSheet:
    sheets = []
    for i, seat in enumerate(state.seats):
        flock = seat.rows[0]
        detail = []
        for pick in state.goals:
            test = cards.goals[pick.goal].sides[pick.side].test
            detail.append(sum(b.eggs for b in flock if bird_passes(cards.cards[b.card], test, b.eggs)))
        sheets.append(
            PlayerScore(
                player=i,
                birds=sum(cards.cards[b.card].points for b in flock),
                eggs=seat.nest_eggs + sum(b.eggs for b in flock),
                tucked=sum(len(b.tucked) for b in flock),
                goals=sum(detail),
                tiebreak=len(seat.food_cards) + len(seat.hand),
                goal_detail=tuple(detail),
            )
        )
    return ScoreSheet(tuple(sheets), winners(sheets), "reserve cards")
