"""A small seeded generator whose whole state is one integer kept in the game state.

Same seed and same actions give the same game on every platform and Python version,
and saving a game saves the generator with it.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1


def seed_state(seed: int) -> int:
    """Spread a user seed over 64 bits (splitmix64 finaliser)."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def next_state(state: int) -> int:
    return (state * 6364136223846793005 + 1442695040888963407) & _MASK


def below(state: int, n: int) -> tuple[int, int]:
    """(new state, a number in range(n)) from the top 32 bits of the next state."""
    state = next_state(state)
    return state, ((state >> 32) * n) >> 32


def shuffle(state: int, items: list[int]) -> int:
    """Fisher-Yates shuffle in place; returns the new generator state."""
    for i in range(len(items) - 1, 0, -1):
        state = (state * 6364136223846793005 + 1442695040888963407) & _MASK
        j = ((state >> 32) * (i + 1)) >> 32
        items[i], items[j] = items[j], items[i]
    return state
