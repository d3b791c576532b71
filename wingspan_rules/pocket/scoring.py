"""Pocket final scoring (``pocket.score.*``)."""

from __future__ import annotations

from ..cards import CardSet
from ..filters import bird_passes
from ..scoring import PlayerScore, ScoreSheet, winners
from .state import PocketState


def score(state: PocketState, cards: CardSet) -> ScoreSheet:
    sheets = []
    for i, p in enumerate(state.players):
        birds = sum(cards.cards[b.card].points for b in p.flock)
        eggs = p.nest_eggs + sum(b.eggs for b in p.flock)
        tucked = sum(len(b.tucked) for b in p.flock)
        detail = []
        for gid, side in state.goals:
            test = cards.goals[gid].sides[side].test
            detail.append(sum(b.eggs for b in p.flock if bird_passes(cards.cards[b.card], test, b.eggs)))
        sheets.append(
            PlayerScore(
                player=i,
                birds=birds,
                eggs=eggs,
                tucked=tucked,
                goals=sum(detail),
                tiebreak=len(p.food) + len(p.birds),
                goal_detail=tuple(detail),
            )
        )
    return ScoreSheet(tuple(sheets), winners(sheets), "reserve cards")
