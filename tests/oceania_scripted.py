"""Oceania positions built by hand (the classic helpers of classic_scripted.py, in an Oceania game).

The Oceania birds written so far (cards/oceania) are added to the core deck, so a position may
name them; each player's nectar, spent nectar and the feeder's Oceania faces may be given.
"""

from __future__ import annotations

from typing import Any

from classic_scripted import options, position

from wingspan_rules import Game
from wingspan_rules.cards import ruleset_text
from wingspan_rules.dsl.vocabulary import OCEANIA
from wingspan_rules.oceania.rules import OceaniaRules

OCEANIA_TEXT = "\n".join(text for _, text in ruleset_text("oceania"))
FACES = OceaniaRules.dice.names
NECTAR = OceaniaRules.nectar
DEFAULT_FEEDER = ("invertebrate", "fish", "rodent", "nectar/seed", "nectar/fruit")


def oceania_position(
    players: list[dict[str, Any]],
    *,
    nectar: list[int] | None = None,
    spent: list[list[int]] | None = None,
    feeder: tuple[str, ...] | list[str] = DEFAULT_FEEDER,
    options: dict[str, Any] | None = None,
    extra_cards: str = "",
    **kw: Any,
) -> Game:
    """A position (see ``classic_scripted.position``) played as an Oceania game."""
    base = position(players, rest="deck", extra_cards=OCEANIA_TEXT + extra_cards, vocabulary=OCEANIA, **kw)
    st = base.state
    for i, seat in enumerate(st.seats):
        seat.food = seat.food + [nectar[i] if nectar else 0]
        seat.spent_nectar = list(spent[i]) if spent else [0, 0, 0]
        seat.cubes = [0, seat.cubes_used, 0, 0]
        for row in seat.rows:
            for bird in row:
                bird.cached = bird.cached + [0]
    st.feeder = [FACES.index(f) for f in feeder]
    opts = OceaniaRules.validate_options(options or {})
    if extra_cards:  # so a saved game finds the test's own birds again (the Oceania birds are shipped)
        opts["extra_card_text"] = extra_cards
    return Game("oceania", len(players), 0, opts, OceaniaRules.adjust_deck(base.cards, opts), st)


def last_turn(players: list[dict[str, Any]], **kw: Any) -> Game:
    """Round 4, the last turn of the game: player 0 takes it, player 1 has taken all of theirs."""
    game = oceania_position(
        [{**players[0], "cubes_used": 4}, {**players[1], "cubes_used": 5}], round=3, goal_points=[[0, 0]] * 3, **kw
    )
    return game


def finish_turn(game: Game) -> None:
    """Player 0's turn: gain food, taking the first die offered until the turn is over."""
    game.apply("gain-food")
    while game.pending is not None and game.pending.kind in ("feeder", "conversion"):
        game.apply("skip" if game.pending.kind == "conversion" else options(game)[0])


def food(game: Game, player: int) -> dict[str, int]:
    return {f: n for f, n in zip(OceaniaRules.foods, game.state.seats[player].food, strict=True) if n}


def lay_all(game: Game) -> None:
    """Lay every egg a power offers, one by one."""
    while game.pending is not None and game.pending.kind == "lay-eggs":
        game.apply(next(o for o in options(game) if o.startswith("egg ")))
