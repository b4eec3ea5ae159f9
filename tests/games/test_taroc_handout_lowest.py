"""black-swan-taroc's pledge handout goes to the player whose lowest hand card is lowest
(ties to the first clockwise from the dealer's left; players without cards left out). The
engine finds the lowest order in any hand from counts it keeps, then the first seat that
holds a card of it (a speed path: docs/performance.md, issue 19); here it is held to the
plain reading of the rule, the minimum of the global order over every held card, on random
hands of every size, so that any faster search must give the same seat."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from gamerec.cards import TAROC
from gamerec.games.black_swan_taroc.rules import ORDER, SUIT, BlackSwanTaroc, BlackSwanTarocState

GAME = BlackSwanTaroc()


def _state(n: int, dealer: int, hands: list[list[int]]) -> BlackSwanTarocState:
    state = GAME.new_state({}, [f"P{s}" for s in range(n)])
    assert isinstance(state, BlackSwanTarocState)
    state.dealer = dealer
    for s, hand in enumerate(hands):
        counts = [0] * len(TAROC.codes)
        by_suit = [0] * 13
        for c in hand:
            counts[c] += 1
            by_suit[SUIT[c]] += 1
        state.hands[s] = counts
        state.suit_counts[s] = by_suit
        state.sizes[s] = len(hand)
        for c in hand:  # the cards in all hands by order, which the handout starts from
            state.in_hands[ORDER[c]] += 1
    return state


def _expected(n: int, dealer: int, hands: list[list[int]]) -> int:
    best, who = 10**6, -1
    for k in range(1, n + 1):
        s = (dealer + k) % n
        if hands[s]:
            low = min(ORDER[c] for c in hands[s])
            if low < best:
                best, who = low, s
    return who


@given(
    n=st.integers(2, 6),
    dealer=st.integers(0, 5),
    seed=st.integers(0, 2**32 - 1),
    sizes=st.lists(st.integers(0, 15), min_size=6, max_size=6),
    majors_only=st.booleans(),
)
def test_handout_goes_to_the_lowest_card(
    n: int, dealer: int, seed: int, sizes: list[int], majors_only: bool
) -> None:
    dealer %= n
    rng = random.Random(seed)
    # majors and the Swan only, at times: the search goes past every minor suit
    pool = [c for c in range(len(SUIT)) if not majors_only or SUIT[c] >= 6]
    rng.shuffle(pool)
    hands: list[list[int]] = []
    for s in range(n):
        k = min(sizes[s], len(pool))
        hands.append(pool[:k])
        pool = pool[k:]
    state = _state(n, dealer, hands)
    got = state._handout()
    expected = _expected(n, dealer, hands)
    if expected < 0:
        assert got is None
    else:
        assert got is not None and got.seat == expected and got.pledge == 0
        assert state.pledges[expected][0] == 1


def test_handout_tie_goes_to_the_first_from_the_dealers_left() -> None:
    # the two of Buds (order 0) and the two of Hearts (order 0) tie: seat 3 is first after dealer 2
    hands = [[14, 50], [100], [5], [0, 99]]
    assert _expected(4, 2, hands) == 3
    got = _state(4, 2, hands)._handout()
    assert got is not None and got.seat == 3
