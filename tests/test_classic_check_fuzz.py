"""Every action the deck can produce, asked at decisions of random classic games.

``check`` must agree with ``legal_actions`` (legal exactly when offered), never raise, and
explain every refusal with rules from the catalog; ``apply`` of a refused action must raise
IllegalAction and change nothing.  WINGSPAN_FUZZ_EXAMPLES grows the number of positions.
"""

from __future__ import annotations

import os
import random

import pytest

from wingspan_rules import CATALOG, IllegalAction, new_game

POSITIONS = int(os.environ.get("WINGSPAN_FUZZ_EXAMPLES", "24"))


def positions(count: int):
    """(game, label) at decisions spread over random games of 2 to 5 players."""
    chooser = random.Random(2026)
    made = 0
    seed = 0
    while made < count:
        players = 2 + seed % 4
        options = {"goal_side": ("green", "blue")[seed % 2], "house_corrections": seed % 3 == 0}
        game = new_game("classic", players, seed, options)
        stops = sorted(chooser.sample(range(1, 400), 3))
        step = 0
        while not game.is_over and made < count and stops:
            if step == stops[0]:
                stops.pop(0)
                made += 1
                yield game.copy(), f"seed {seed} step {step}"
            game.apply(chooser.choice(game.legal_actions()))
            step += 1
        seed += 1


@pytest.mark.soak
@pytest.mark.parametrize("position", range(POSITIONS))
def test_check_agrees_with_legal_actions_for_every_action(position: int) -> None:
    game, label = list(positions(position + 1))[-1]
    space = game.action_space()
    offered = set(game.legal_actions())
    chooser = random.Random(position)
    # every action of the space, in a shuffled order
    asked = list(offered) + chooser.sample(space, len(space))
    before = game.to_json()
    for action in asked:
        verdict = game.check(action)
        assert verdict.legal == (action in offered), f"{label}: check({action}) disagrees with legal_actions"
        if not verdict.legal:
            assert verdict.violations, f"{label}: {action} refused without a reason"
            for v in verdict.violations:
                assert v.rule_id in CATALOG and v.message and v.source == CATALOG[v.rule_id].source
    refused = [a for a in asked if a not in offered][:20]
    for action in refused:
        with pytest.raises(IllegalAction):
            game.apply(action)
    assert game.to_json() == before, f"{label}: checking or refusing changed the game"
