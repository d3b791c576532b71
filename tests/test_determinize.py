"""``Game.determinize(seat, chooser)``: a full game the seat cannot tell from the real one, with
every card it has not seen redealt among the places it could be."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from wingspan_rules import new_game


@pytest.mark.parametrize("ruleset", ["classic", "pocket", "oceania"])
def test_the_seats_view_of_a_sample_is_its_view_of_the_game(ruleset: str) -> None:
    game = new_game(ruleset, 3, 11)
    chooser = random.Random(11)
    step = 0
    while not game.is_over:
        for seat in range(3):
            sample = game.determinize(seat, random.Random(step * 3 + seat))
            assert sample.view(seat) == game.view(seat)
            pending = game.pending
            assert pending is not None
            if pending.player == seat:  # (what the seat may do depends only on what it sees)
                assert sample.legal_actions() == game.legal_actions()
        game.apply(chooser.choice(game.legal_actions()))
        step += 1


@pytest.mark.parametrize("ruleset", ["classic", "pocket", "oceania"])
def test_a_sample_plays_on_to_the_end(ruleset: str) -> None:
    game = new_game(ruleset, 2, 3)
    chooser = random.Random(3)
    for _ in range(60):
        game.apply(chooser.choice(game.legal_actions()))
    sample = game.determinize(0, random.Random(1))
    while not sample.is_over:
        sample.apply(chooser.choice(sample.legal_actions()))
    assert sample.score().players


def test_an_unseen_card_is_spread_over_the_places_it_could_be() -> None:
    """A card in another hand lands in that hand, in the deck or under a bird, about in
    proportion to the places there are; the seat's own hand never changes."""
    game = new_game("classic", 2, 5)
    chooser = random.Random(5)
    while not (game.state.seats[1].hand and not game.state.seats[0].dealt and not game.state.seats[1].dealt):
        game.apply(chooser.choice(game.legal_actions()))
    card = game.state.seats[1].hand[0]
    mine = sorted(game.state.seats[0].hand)
    where: Counter[str] = Counter()
    samples = 600
    for k in range(samples):
        st = game.determinize(0, random.Random(k)).state
        assert sorted(st.seats[0].hand) == mine
        if card in st.seats[1].hand:
            where["hand"] += 1
        elif card in st.deck:
            where["deck"] += 1
        else:
            where["elsewhere"] += 1
    places = len(game.state.seats[1].hand) + len(game.state.deck)
    share = len(game.state.seats[1].hand) / places
    assert abs(where["hand"] / samples - share) < 0.05, (where, share)
    assert where["deck"] > samples * (1 - share) * 0.8


def test_a_card_showing_a_food_side_keeps_showing_it() -> None:
    """Pocket's food-deck tops and the other reserve's food cards show their food side: a
    sample redeals them among the cards showing the same side."""
    game = new_game("pocket", 2, 8)
    chooser = random.Random(8)
    for _ in range(30):
        game.apply(chooser.choice(game.legal_actions()))
    cards = game.cards.cards
    tops = [cards[d[-1]].food_kind for d in game.state.decks if d]
    theirs = sorted(cards[c].food_kind for c in game.state.seats[1].food_cards)
    moved = 0
    for k in range(50):
        st = game.determinize(0, random.Random(k)).state
        assert [cards[d[-1]].food_kind for d in st.decks if d] == tops
        assert sorted(cards[c].food_kind for c in st.seats[1].food_cards) == theirs
        moved += st.decks != game.state.decks
    assert moved > 40


def test_a_bad_seat_is_a_clear_error() -> None:
    game = new_game("classic", 2, 1)
    with pytest.raises(ValueError, match="seat must be 0 to 1"):
        game.determinize(2, random.Random(0))


def test_bonus_cards_are_redealt_among_bonus_cards() -> None:
    game = new_game("classic", 2, 9)
    chooser = random.Random(9)
    while game.state.seats[1].dealt_bonus or not game.state.seats[1].bonus:
        game.apply(chooser.choice(game.legal_actions()))
    unseen = sorted(game.state.bonus_deck + game.state.seats[1].bonus)
    for k in range(20):
        st = game.determinize(0, random.Random(k)).state
        assert sorted(st.bonus_deck + st.seats[1].bonus) == unseen
        assert st.seats[0].bonus == game.state.seats[0].bonus


def test_a_sample_depends_only_on_what_the_seat_sees() -> None:
    """Two games that differ only in cards the seat cannot see give the same samples."""
    game = new_game("classic", 2, 13)
    chooser = random.Random(13)
    while not (game.state.seats[1].hand and len(game.state.deck) > 2):
        game.apply(chooser.choice(game.legal_actions()))
    twin = game.copy()
    twin.state.seats[1].hand[0], twin.state.deck[0] = twin.state.deck[0], twin.state.seats[1].hand[0]
    assert twin.state != game.state
    for k in range(5):
        assert game.determinize(0, random.Random(k)).state == twin.determinize(0, random.Random(k)).state
