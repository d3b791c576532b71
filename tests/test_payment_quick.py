"""The quick payment tests agree with the plain ones (Hall's condition, whole-reserve checks,
and 'every food kind or none' for the next food given)."""

import random

from wingspan_rules import payment


def _case(r: random.Random) -> tuple[list[int], list[int]]:
    icons = [r.choice([1, 2, 4, 8, 16, 31, 3, 5, r.randint(1, 31)]) for _ in range(r.randint(0, 7))]
    food = [r.choice([1, 2, 4, 8, 16, 31, 6, r.randint(0, 31)]) for _ in range(r.randint(0, 10))]
    return icons, food


def test_hall_matches_augmenting_paths() -> None:
    r = random.Random(7)
    for _ in range(20_000):
        icons, food = _case(r)
        if icons:
            assert payment._hall(tuple(sorted(icons)), food) == payment._match(icons, food), (icons, food)


def test_can_pay_is_can_complete_from_nothing() -> None:
    r = random.Random(8)
    for _ in range(20_000):
        icons, food = _case(r)
        assert payment.can_pay(tuple(icons), food) == payment.can_complete(icons, [], food), (icons, food)


def test_next_food_keeps_payment_completable_for_all_or_none() -> None:
    r = random.Random(9)
    for _ in range(5_000):
        icons, food = _case(r)
        paid = food[: r.randint(0, len(food))]
        held = food[len(paid) :]
        answers = {payment.can_complete(icons, paid + [held[i]], held[:i] + held[i + 1 :]) for i in range(len(held))}
        assert len(answers) <= 1, (icons, paid, held)
