"""Strict scripted play for tests.

``position(...)`` builds a Pocket game at a chosen point from card names, so a test says
exactly what is on the table.  ``Script`` then answers decisions in order: a decision the
script did not expect, or an answer left unused at the end, fails the test.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from wingspan_rules import Action, CardSet, Game, card_set, compile_cards, rng
from wingspan_rules.cards import compile_sources, ruleset_text
from wingspan_rules.engine.state import Bird
from wingspan_rules.pocket.rules import PocketRules, TurnFrame
from wingspan_rules.pocket.state import EMPTY, GoalPick, PocketSeat, PocketState

SHIPPED = card_set("pocket")


def deck_with(extra: str | None = None) -> tuple[CardSet, str | None]:
    """The shipped deck, plus extra card text if given (for cards written in a test)."""
    if extra is None:
        return SHIPPED, None
    text = "\n".join(t for _, t in ruleset_text("pocket")) + "\n" + extra
    return compile_sources([("<test>", text)]), text


def position(
    players: Sequence[dict[str, Any]],
    *,
    decks: Sequence[Sequence[str]] | None = None,
    face_up: Sequence[str | None] | None = None,
    discard: Sequence[str] = (),
    current: int = 0,
    first: int = 0,
    goals: Sequence[tuple[str, int]] = (),
    options: dict[str, Any] | None = None,
    extra_cards: str | None = None,
    seed: int = 0,
) -> Game:
    """A game at the start of ``current``'s turn, built from card names.

    Each player dict may give: ``flock`` (list of names or (name, eggs, [tucked names])),
    ``food`` and ``birds`` (reserve card names), ``nest`` (eggs on the Nest, default 1),
    ``turns``.  Decks list names bottom to top.  Cards not placed anywhere are put on the
    bottom of the discard pile, so every card stays somewhere (conservation holds).
    """
    cards, text = deck_with(extra_cards)
    ids = {c.name: c.id for c in cards.cards}
    used: set[int] = set()

    def take(name: str) -> int:
        cid = ids[name]
        assert cid not in used, f"{name} placed twice"
        used.add(cid)
        return cid

    seats = []
    for spec in players:
        flock = []
        for entry in spec.get("flock", []):
            if isinstance(entry, str):
                entry = (entry, 0, [])
            name, eggs, tucked = (list(entry) + [0, []])[:3]
            flock.append(Bird(take(name), eggs, [take(t) for t in tucked]))
        seats.append(
            PocketSeat(
                nest_eggs=spec.get("nest", 1),
                rows=[flock],
                food_cards=[take(n) for n in spec.get("food", [])],
                hand=[take(n) for n in spec.get("birds", [])],
                turns=spec.get("turns", 0),
            )
        )
    deck_ids = [[take(n) for n in d] for d in (decks or [[], [], [], []])]
    up = [EMPTY if n is None else take(n) for n in (face_up or [None] * 4)]
    pile = [take(n) for n in discard]
    rest = [c.id for c in cards.cards if c.id not in used]
    opts = PocketRules.validate_options(options or {})
    if text is not None:
        opts["card_text"] = text
    goal_ids = {g.name: g.id for g in cards.goals}
    state = PocketState(
        seats, deck_ids, up, rest + pile, [GoalPick(goal_ids[g], s) for g, s in goals], first, current, rng.seed_state(seed)
    )
    state.stack.append(TurnFrame(current))
    return Game("pocket", len(players), seed, opts, cards, state)


class Script:
    """Answer decisions from a fixed list; fail on any surprise."""

    def __init__(self, game: Game):
        self.game = game

    def play(self, answers: Iterable[str], *, until_turn_ends: bool = True) -> Game:
        game = self.game
        start_player = game.state.current
        start_turns = game.state.seats[start_player].turns
        queue = list(answers)
        while queue:
            pending = game.pending
            assert pending is not None, f"game over with answers left: {queue}"
            text = queue.pop(0)
            action = game.parse_action(text)
            assert action in pending.options, (
                f"scripted answer '{text}' is not an option of {pending.kind}"
                f" [{pending.source}] for p{pending.player}: {[str(o) for o in pending.options]}"
            )
            game.apply(action)
        if until_turn_ends:
            pending = game.pending
            turn_over = game.is_over or (
                game.state.seats[start_player].turns > start_turns and pending is not None and pending.kind in ("nest-action",)
            )
            assert turn_over, (
                f"unscripted decision: {pending.kind} [{pending.source}] for p{pending.player}: "
                f"{[str(o) for o in pending.options]}"
                if pending
                else "?"
            )
        return game


def options(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


__all__ = ["Action", "Script", "SHIPPED", "compile_cards", "deck_with", "options", "position"]
