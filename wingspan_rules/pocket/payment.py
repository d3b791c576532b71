"""Can this multiset of food cards pay this cost?  The 2-for-1 rule made exact.

A cost of k food icons is paid with n food cards, k <= n <= 2k: s = 2k - n icons are
paid by a single matching card, the other k - s by a pair of any cards.  So a payment
is valid when at least s icons can be matched to distinct cards that show their food
(any-food icons match every card).  Adding cards never shrinks that matching, which
makes "can this partial payment still be completed?" a cheap test too.
"""

from __future__ import annotations


def max_matching(need: tuple[int, ...] | list[int], masks: list[int]) -> int:
    """Largest number of specific food icons matched to distinct cards (augmenting paths)."""
    icons = [1 << f for f, count in enumerate(need) for _ in range(count)]
    if not icons or not masks:
        return 0
    owner = [-1] * len(masks)  # which icon holds each card

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


def is_valid(masks: list[int], need: tuple[int, ...] | list[int], any_food: int) -> bool:
    """Do exactly these cards pay the cost, with nothing spare?"""
    k = sum(need) + any_food
    n = len(masks)
    if n < k or n > 2 * k:
        return False
    singles = 2 * k - n
    if singles == 0:
        return True
    matched = max_matching(need, masks)
    return matched + min(any_food, n - matched) >= singles


def can_complete(paid: list[int], rest: list[int], need: tuple[int, ...] | list[int], any_food: int) -> bool:
    """Can cards from ``rest`` be added to ``paid`` to make a valid payment?"""
    k = sum(need) + any_food
    n = len(paid)
    if n > 2 * k:
        return False
    if n + len(rest) >= 2 * k:
        return True  # top up to 2k cards: every icon paid by a pair
    return is_valid(paid + rest, need, any_food)
