"""Chance that a player cannot predict: a keyed hash of the seed and a counter.

The generator's whole state is a key (a hash of the seed) and the number of draws made
so far; each draw hashes the key with the counter (SHAKE-256, from the standard library).
What a player sees (face-up cards, dice) therefore tells nothing about the key or about
hidden cards, unlike a linear congruential generator whose outputs pin its state.  The
same seed and the same actions still give the same game, bit for bit, on every platform.

A small seed can still be guessed by trying every small seed, so games that must be
fair to their players start with ``seed=None``: 128 random bits from the system.
"""

from __future__ import annotations

import hashlib
import secrets
import struct

import attrs

SEED_BITS = 128  # what ``seed=None`` draws
MAX_SEED_BITS = 128  # larger seeds are refused (a seed is a number, not a document)
KEY_DIGITS = 64  # hex digits of the key (256 bits)
_SEED_BYTES = 33  # how a seed is written before hashing (fixed: changing it changes every game)
MAX_DRAWS = 1 << 48  # no game comes near this; a saved counter beyond it is not a game


@attrs.frozen(slots=True)
class Chance:
    """The generator state kept in a game: ``key`` (hex) and how many draws were made."""

    key: str
    drawn: int = 0


def new_seed() -> int:
    """A fresh seed with 128 random bits, for games nobody should be able to predict."""
    return secrets.randbits(SEED_BITS)


def check_seed(seed: object) -> int:
    """The seed if it is a whole number of at most 256 bits; ValueError otherwise."""
    if type(seed) is not int:
        text = repr(seed)
        raise ValueError(f"seed must be a whole number, not {text if len(text) <= 40 else text[:37] + '...'}")
    if seed.bit_length() > MAX_SEED_BITS:
        raise ValueError(f"seed must fit in {MAX_SEED_BITS} bits")
    return seed


def seed_state(seed: int) -> Chance:
    """The generator for a seed (any whole number of at most 256 bits)."""
    data = check_seed(seed).to_bytes(_SEED_BYTES, "big", signed=True)
    key = hashlib.blake2b(data, digest_size=KEY_DIGITS // 2, person=b"wingspan-rules").hexdigest()
    return Chance(key, 0)


def _stream(state: Chance, values: int) -> tuple[Chance, bytes]:
    """The next draw: ``values`` 64-bit numbers as bytes, and the advanced state."""
    data = hashlib.shake_256(bytes.fromhex(state.key) + state.drawn.to_bytes(8, "big")).digest(8 * values)
    return Chance(state.key, state.drawn + 1), data


def below(state: Chance, n: int) -> tuple[Chance, int]:
    """(new state, a number in range(n))."""
    state, data = _stream(state, 1)
    return state, (int.from_bytes(data, "big") * n) >> 64


def several(state: Chance, n: int, count: int) -> tuple[Chance, list[int]]:
    """(new state, ``count`` numbers each in range(n)): one draw for a handful of dice."""
    state, data = _stream(state, count)
    return state, [(v * n) >> 64 for v in struct.unpack(f">{count}Q", data)]


def shuffle(state: Chance, items: list[int]) -> Chance:
    """Fisher-Yates shuffle in place from one draw; returns the new state."""
    if len(items) < 2:
        return state
    state, data = _stream(state, len(items))
    values = struct.unpack(f">{len(items)}Q", data)  # the draw's 64-bit numbers, read at once
    for i in range(len(items) - 1, 0, -1):
        j = (values[i] * (i + 1)) >> 64
        items[i], items[j] = items[j], items[i]
    return state


def valid(state: object) -> bool:
    """Is this a generator state a game could hold (for checking loaded games)?"""
    if not isinstance(state, Chance) or type(state.key) is not str or type(state.drawn) is not int:
        return False
    if len(state.key) != KEY_DIGITS or not 0 <= state.drawn < MAX_DRAWS:
        return False
    try:
        bytes.fromhex(state.key)
    except ValueError:
        return False
    return state.key == state.key.lower()
