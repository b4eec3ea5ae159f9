"""The hands a view shows keep their display order when the view is made faster."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from gamerec.games.black_swan_2012.rules import _sorted_hand


def display_order(counts: list[int]) -> list[int]:
    """The display order as it was first written: suits in order from the lowest rank,
    then the specials (jokers, the Swan) by number."""
    key = lambda card: (card // 13, card % 13) if card < 52 else (4, card)  # noqa: E731
    return [card for card in sorted(range(len(counts)), key=key) for _ in range(counts[card])]


@given(st.lists(st.integers(0, 3), min_size=54, max_size=54))  # a hand as counts of the 54 cards
def test_black_swan_2012_hands_show_in_display_order(counts: list[int]) -> None:
    assert _sorted_hand(counts) == display_order(counts)


def test_black_swan_taroc_views_list_the_hands_in_card_order() -> None:
    """The view's hands, made from the counts directly, are the held cards in card order."""
    from gamerec.bots import simulate
    from gamerec.games.black_swan_taroc.rules import DECK
    from gamerec.present import Replay

    for record in simulate("black-swan-taroc", 3, 3, 2):
        for step in Replay(record):
            state_hands = [sv.hand for sv in step.view.seats]
            for hand in state_hands:
                assert hand is not None
                assert [DECK.parse(c) for c in hand] == sorted(DECK.parse(c) for c in hand)
