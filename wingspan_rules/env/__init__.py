"""Reinforcement-learning environments of every ruleset (the ``[rl]`` extra: pettingzoo,
gymnasium and numpy; ``pip install "wingspan_rules[rl]"``).

``aec_env(ruleset, players)`` is a PettingZoo AEC environment (an illegal move ends the game
with -1 for its player, PettingZoo's convention), ``raw_env`` the same raising ``ValueError``
for an illegal move; ``gym_env(ruleset, players, opponents)`` a Gymnasium environment of one
seat against bots; ``env.openspiel.register()`` makes the OpenSpiel game ``python_wingspan``.
``observer(game)`` encodes what one seat may see as a vector and ``action_mask(game)`` (or a
``Masker``, for many masks of one deck) the legal actions (docs/rl.md has the layout, slice by
slice).
"""

from __future__ import annotations

try:
    import gymnasium
    import numpy  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as exc:  # pragma: no cover - depends on what is installed
    raise ImportError(f"wingspan_rules.env needs the [rl] extra ({exc.name} is missing): pip install \"wingspan_rules[rl]\"") from None

from .aec import WingspanAEC, aec_env, raw_env
from .encoding import Layout, Masker, Observer, Slice, action_mask, observer
from .gym import WingspanGym, gym_env

# ``gymnasium.make("wingspan_rules/Wingspan-v0", ruleset=..., players=..., opponents=...)``
ENV_ID = "wingspan_rules/Wingspan-v0"
if ENV_ID not in gymnasium.registry:
    gymnasium.register(id=ENV_ID, entry_point="wingspan_rules.env.gym:WingspanGym")

__all__ = ["ENV_ID", "Layout", "Masker", "Observer", "Slice", "WingspanAEC", "WingspanGym", "action_mask", "aec_env", "gym_env", "observer", "raw_env"]
