"""Can this multiset of food pay this cost?  The 2-for-1 rule made exact, for every ruleset.

A cost is a list of icons, each a bit mask of the foods that pay it (one food, a '/' choice,
or every food for the any-food icon).  A cost of k icons is paid with n food, k <= n <= 2k:
s = 2k - n icons are paid by a single matching food, the other k - s by a pair of any food.
So a payment is valid when at least s icons can be matched to distinct foods that fit them.
Adding food never shrinks that matching, which makes "can this partial payment still be
completed?" a cheap test too.  A food (card or token) is itself a mask: a two-food card pays
as either of its foods, never both.
"""

from __future__ import annotations

from collections.abc import Sequence


def icons_for(need: Sequence[int], any_food: int, all_foods: int) -> list[int]:
    """Icons of a cost given as a count per food plus any-food icons."""
    return [1 << f for f, count in enumerate(need) for _ in range(count)] + [all_foods] * any_food


_MATCHED: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
_MATCHED_KEPT = 100_000  # costs and hands repeat endlessly: the few thousand seen are remembered
_UNIONS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}
_UNIONS_KEPT = 10_000
_HALL_MAX = 6  # up to this many icons, Hall's condition over the icons' unions is the quick test


def max_matching(icons: Sequence[int], masks: Sequence[int]) -> int:
    """Largest number of icons matched to distinct foods that fit them.  The answer does not
    depend on order, so it is remembered by the sorted icons and foods."""
    if not icons or not masks:
        return 0
    key = (tuple(sorted(icons)), tuple(sorted(masks)))
    found = _MATCHED.get(key)
    if found is None:
        if len(_MATCHED) >= _MATCHED_KEPT:
            _MATCHED.clear()
        found = _MATCHED[key] = _hall(key[0], masks) if len(icons) <= _HALL_MAX else _match(icons, masks)
    return found


def _unions(icons: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """For each distinct union u of a non-empty set of the icons: (u, how many icons lie within u)."""
    found = _UNIONS.get(icons)
    if found is None:
        seen: set[int] = set()
        for bits in range(1, 1 << len(icons)):
            u = 0
            for i, icon in enumerate(icons):
                if bits >> i & 1:
                    u |= icon
            seen.add(u)
        if len(_UNIONS) >= _UNIONS_KEPT:
            _UNIONS.clear()
        found = _UNIONS[icons] = tuple((u, sum(1 for icon in icons if not icon & ~u)) for u in sorted(seen))
    return found


def _hall(icons: tuple[int, ...], masks: Sequence[int]) -> int:
    """Largest matching by the deficiency form of Hall's theorem: it is the number of icons
    less the largest excess, over sets S of icons, of |S| over the foods fitting some icon of
    S.  The foods fitting S depend only on S's union, and for a union the most icons are
    those lying within it, so the few distinct unions of a tiny cost are all there is to try."""
    worst = 0
    for u, inside in _unions(icons):
        excess = inside
        for m in masks:
            if m & u:
                excess -= 1
        if excess > worst:
            worst = excess
    return len(icons) - worst


def _match(icons: Sequence[int], masks: Sequence[int]) -> int:
    """Largest matching by augmenting paths (a handful of icons and foods: tiny graphs)."""
    owner = [-1] * len(masks)  # which icon holds each food

    def augment(i: int, seen: list[bool]) -> bool:
        bit = icons[i]
        for c, mask in enumerate(masks):
            if mask & bit and not seen[c]:
                seen[c] = True
                if owner[c] < 0 or augment(owner[c], seen):
                    owner[c] = i
                    return True
        return False

    return sum(1 for i in range(len(icons)) if augment(i, [False] * len(masks)))


def is_valid(icons: Sequence[int], paid: Sequence[int]) -> bool:
    """Does exactly this food pay the cost, with nothing spare?"""
    k, n = len(icons), len(paid)
    if n < k or n > 2 * k:
        return False
    singles = 2 * k - n
    return singles == 0 or max_matching(icons, paid) >= singles


def can_pay(icons: tuple[int, ...], food: Sequence[int]) -> bool:
    """``can_complete(icons, [], food)``, the whole of a player's food against a cost, for
    costs of a few icons without the memo (callers remember the answer)."""
    k, n = len(icons), len(food)
    if n >= 2 * k:
        return True
    if n < k:
        return False
    if k > _HALL_MAX:
        return max_matching(icons, food) >= 2 * k - n
    return _hall(tuple(sorted(icons)), food) >= 2 * k - n


def can_complete(icons: Sequence[int], paid: list[int], rest: list[int]) -> bool:
    """Can food from ``rest`` be added to ``paid`` to make a valid payment?"""
    k, n = len(icons), len(paid)
    if n > 2 * k:
        return False
    if n + len(rest) >= 2 * k:
        return True  # top up to 2k: every icon paid by a pair
    return is_valid(icons, paid + rest)


# ---- a wild food that never goes in a pair (Oceania's nectar) --------------------------------
# Nectar pays any icon by itself, but may not be one of the two food given for one icon
# (``oceania.nectar.no-trade-away``).  Wild tokens are counted, not masked: a payment of k icons
# with ``others`` (masks) and ``wild`` wild tokens, n in all, has s = 2k - n icons paid singly;
# every wild token must be one of them, and the other s - wild singles are matched as usual.


def is_valid_wild(icons: Sequence[int], others: Sequence[int], wild: int) -> bool:
    """Does exactly this food (``others`` as masks, plus ``wild`` wild tokens) pay the cost?"""
    k, n = len(icons), len(others) + wild
    if n < k or n > 2 * k:
        return False
    singles = 2 * k - n
    if wild > singles:
        return False
    need = singles - wild
    return need <= 0 or max_matching(icons, others) >= need


def can_complete_wild(icons: Sequence[int], others: list[int], wild: int, rest: Sequence[int], rest_wild: int) -> bool:
    """Can food from ``rest`` (masks) and ``rest_wild`` wild tokens be added to a payment so far
    (``others``, ``wild``) to make a valid one?  Every way of adding is tried, by kinds of food
    (a cost has a handful of icons, so the ways are few)."""
    k = len(icons)
    if len(others) + wild > 2 * k or wild > k:
        return False
    kinds: dict[int, int] = {}
    for mask in rest:
        kinds[mask] = kinds.get(mask, 0) + 1
    counts = sorted(kinds.items())

    def search(i: int, chosen: list[int]) -> bool:
        room = 2 * k - len(others) - len(chosen) - wild
        if i == len(counts):
            return any(is_valid_wild(icons, others + chosen, wild + w) for w in range(min(rest_wild, room) + 1))
        mask, count = counts[i]
        return any(search(i + 1, chosen + [mask] * t) for t in range(min(count, room) + 1))

    return search(0, [])
