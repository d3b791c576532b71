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

from typing import Sequence

def icons_for(need: Sequence[int], any_food: int, all_foods: int) -> list[int]:
    """Icons of a cost given as a count per food plus any-food icons."""
    return [1 << f for f, count in enumerate(need) for _ in range(count)] + [all_foods] * any_food


_MATCHED: dict[tuple[tuple[int, ...], tuple[int, ...]], int] = {}
_MATCHED_KEPT = 100_000  # costs and hands repeat endlessly: the few thousand seen are remembered


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
        found = _MATCHED[key] = _match(icons, masks)
    return found


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


def can_complete(icons: Sequence[int], paid: list[int], rest: list[int]) -> bool:
    """Can food from ``rest`` be added to ``paid`` to make a valid payment?"""
    k, n = len(icons), len(paid)
    if n > 2 * k:
        return False
    if n + len(rest) >= 2 * k:
        return True  # top up to 2k: every icon paid by a pair
    return is_valid(icons, paid + rest)
