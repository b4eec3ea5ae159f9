"""black-swan-2012's random bot counts a hand's plays and makes only the one it chooses
(``choose_play``, ``play_count``, ``nth_play``; issue 19): they agree with the full list (``playable``,
held to a brute-force oracle in test_black_swan_2012_properties.py) for random hands,
rooms and options, and the bot chooses what ``rng.choice(state.legal_actions())`` would,
leaving the random generator in the same state."""

from __future__ import annotations

from typing import Any

import pytest
from helpers import bot_moves_as_rng_choice
from hypothesis import given
from hypothesis import strategies as st

from gamerec.cards import JOKER, SWAN
from gamerec.games.black_swan_2012.bots import RandomBot
from gamerec.games.black_swan_2012.plays import choose_play, nth_play, play_count, playable

DECK = [*range(52), JOKER, JOKER, JOKER, SWAN]


@st.composite
def hands(draw: st.DrawFn) -> list[int]:
    """1..14 cards of the deck: any, or most of one or two suits (long sequences, the ace
    low and high) with jokers, or a few ranks in every suit (groups)."""
    size = draw(st.integers(1, 14))
    kind = draw(st.sampled_from(["any", "suits", "ranks"]))
    if kind == "any":
        pool = DECK
    elif kind == "suits":
        suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
        pool = [s * 13 + r for s in suits for r in range(13)] + [JOKER] * 3 + [SWAN]
    else:
        ranks = draw(st.lists(st.integers(0, 12), min_size=1, max_size=4, unique=True))
        pool = [s * 13 + r for s in range(4) for r in ranks] + [JOKER] * 3
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=min(size, len(pool)), unique=True))
    return [pool[i] for i in picks[:size]]


def _counts(hand: list[int]) -> list[int]:
    counts = [0] * 54
    for c in hand:
        counts[c] += 1
    return counts


@given(hands(), st.integers(1, 7), st.integers(0, 9), st.booleans())  # min_run beyond the rules too
def test_count_and_nth_play_agree_with_the_full_list(
    hand: list[int], room: int, min_run: int, triple: bool
) -> None:
    counts = _counts(hand)
    listed = playable(counts, room, min_run, triple)
    assert listed == sorted(set(listed), key=lambda p: (len(p), p)), "by length, then card by card, once each"
    assert play_count(counts, room, min_run, triple) == len(listed)
    assert [nth_play(counts, room, min_run, triple, i) for i in range(len(listed))] == listed
    with pytest.raises(IndexError):
        nth_play(counts, room, min_run, triple, len(listed))
    # the bots' one pass: the choice over the range of the count (and 2 choices before the
    # plays), the play at the index picked, or the index when it is under 2
    seen: set[int] = set()
    for i in range(len(listed) + 2):
        got = choose_play(counts, room, min_run, triple, lambda n, i=i: seen.add(n) or i, 2)
        assert got == (i if i < 2 else listed[i - 2])
    assert seen == {len(listed) + 2}


def test_a_long_suit_with_0_to_3_jokers_both_aces_and_every_room() -> None:
    # every card of spades, three jokers: the most sequences a hand can make, the ace low
    # and high, and cards that are both a group and a sequence with jokers
    for jokers in range(4):
        _every_room_and_option(_counts([*range(13), *[JOKER] * jokers, SWAN]))
    _every_room_and_option(_counts([0, 1, 2, 4, 5, 6, 7, 9, 12, 25, 38, 51]))  # runs, the ace low, a group


def _every_room_and_option(counts: list[int]) -> None:
    for room in range(1, 8):
        for min_run in range(2, 8):
            for triple in (False, True):
                listed = playable(counts, room, min_run, triple)
                assert play_count(counts, room, min_run, triple) == len(listed)
                assert [nth_play(counts, room, min_run, triple, i) for i in range(len(listed))] == listed


@pytest.mark.parametrize(
    ("players", "rules"),
    [(4, {}), (3, {"min_run": 3, "joker_triple": True}), (4, {"swan_declaration": True}), (2, {})],
)
def test_the_random_bot_chooses_as_rng_choice_over_the_legal_actions(
    players: int, rules: dict[str, Any]
) -> None:
    played = bot_moves_as_rng_choice(
        "black-swan-2012", players, rules, RandomBot, players * 31 + len(rules), 3000
    )
    assert len(played) > 100


def test_a_natural_card_counted_twice_counts_as_held() -> None:
    # not a game's hand (the deck holds each natural card once), but the counts may say 2:
    # the suit's record is the one of the card held (the halves' tables know only 0 and 1)
    once = _counts([0, 1, 2, 13, 30, JOKER])
    twice = list(once)
    twice[1] = 2
    for room in range(1, 8):
        listed = playable(once, room)
        assert play_count(twice, room) == len(listed)
        assert [nth_play(twice, room, 2, False, i) for i in range(len(listed))] == listed
