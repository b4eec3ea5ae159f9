"""Cards people can program with (issue 33, "For bot authors"): every deck tells a card's rank,
suit and name, and orders its cards, from tables made once per deck; cards stay plain ints."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamerec.cards import (
    FRENCH,
    FRENCH_JOKERS_SWAN,
    JOKER,
    SWAN,
    TAROC,
    CardAnatomy,
    Deck,
    NotACardError,
)
from gamerec.games.black_swan_taroc.rules import ORDER, SUIT
from gamerec.games.forest.deck import FOREST, FOREST_COLOUR_NAMES

DECKS = {d.name: d for d in (FRENCH, FRENCH_JOKERS_SWAN, TAROC, FOREST)}


def distinct_cards(deck: Deck) -> list[int]:
    return sorted(deck.card_set)


def codes(deck: Deck, text: str) -> list[int]:
    return [deck.parse(code) for code in text.split()]


@pytest.mark.parametrize("deck", DECKS.values(), ids=DECKS)
def test_every_card_has_a_rank_a_suit_or_none_and_a_name_of_its_own(deck: Deck) -> None:
    cards = distinct_cards(deck)
    names = [deck.card_name(c) for c in cards]
    assert len(set(names)) == len(cards), "two cards share a name"
    assert len({deck.sort_key(c) for c in cards}) == len(cards), "two cards tie in the order"
    for card in cards:
        assert deck.parse(deck.code(card)) == card
        assert type(deck.rank(card)) is int and deck.rank_name(card) and deck.card_name(card)
        suit, suit_name = deck.suit(card), deck.suit_name(card)
        assert (suit is None) == (suit_name is None), deck.code(card)
        if suit is not None:
            assert suit_name is not None and suit_name in deck.card_name(card)
            assert deck.rank_name(card) in deck.card_name(card)


def test_french_ranks_suits_and_names_follow_the_documented_arithmetic() -> None:
    for deck in (FRENCH, FRENCH_JOKERS_SWAN):
        for card in range(52):
            assert (deck.rank(card), deck.suit(card)) == (card % 13, card // 13)
    names = [FRENCH.card_name(c) for c in codes(FRENCH, "QS TH 2C AD JH 10s")]
    assert names == [
        "queen of spades",
        "ten of hearts",
        "two of clubs",
        "ace of diamonds",
        "jack of hearts",
        "ten of spades",
    ]
    assert [FRENCH.rank_name(c) for c in codes(FRENCH, "2C 9D KH AS")] == ["two", "nine", "king", "ace"]
    assert [FRENCH.suit_name(c) for c in codes(FRENCH, "2C 9D KH AS")] == [
        "clubs",
        "diamonds",
        "hearts",
        "spades",
    ]


def test_the_joker_and_the_black_swan_have_no_suit_and_rank_above_the_aces() -> None:
    deck = FRENCH_JOKERS_SWAN
    assert [deck.rank(JOKER), deck.suit(JOKER), deck.card_name(JOKER)] == [13, None, "joker"]
    assert [deck.rank(SWAN), deck.suit(SWAN), deck.card_name(SWAN)] == [14, None, "the Black Swan"]
    assert deck.suit_name(JOKER) is None and deck.rank_name(SWAN) == "Black Swan"
    hand = [SWAN, JOKER, *codes(deck, "AS AC KS")]
    assert deck.lowest(hand) == deck.parse("KS")
    assert [deck.code(c) for c in sorted(hand, key=deck.sort_key)] == ["KS", "AC", "AS", "JK", "BS"]
    assert deck.highest(hand) == SWAN
    # the three jokers are one card: a hand may hold it more than once
    assert deck.lowest([JOKER, JOKER, SWAN]) == JOKER


def test_french_order_is_ace_high_then_suit() -> None:
    """docs/rules/blackball.md: ranks 2 < 3 < ... < 10 < J < Q < K < A."""
    order = sorted(range(52), key=FRENCH.sort_key)
    assert [FRENCH.code(c) for c in order[:5]] == ["2C", "2D", "2H", "2S", "3C"]
    assert [FRENCH.code(c) for c in order[-4:]] == ["AC", "AD", "AH", "AS"]
    for suit in "CDHS":
        in_suit = codes(FRENCH, " ".join(r + suit for r in "23456789TJQKA"))
        assert sorted(in_suit, key=FRENCH.sort_key) == in_suit
        assert FRENCH.highest(in_suit) == FRENCH.parse("A" + suit)


def test_taroc_ranks_suits_and_names_follow_its_rules_page() -> None:
    """docs/rules/black-swan-taroc.md, "The deck": minors 2 < ... < 10 < Page < Knight < Queen <
    King < Ace in suits Buds .. Bones; majors numbered from 1 in their families."""

    def each(call: Callable[[int], object], text: str) -> dict[str, object]:
        return {TAROC.code(card): call(card) for card in codes(TAROC, text)}

    assert each(TAROC.card_name, "NC 2B TH JO AG VO3 MY7 EL1 AS4 BS") == {
        "NC": "Knight of Coins",
        "2B": "Two of Buds",
        "TH": "Ten of Hearts",
        "JO": "Page of Bones",
        "AG": "Ace of Goblets",
        "VO3": "Vocations 3",
        "MY7": "Mysteries 7",
        "EL1": "Elements 1",
        "AS4": "Astro 4",
        "BS": "the Black Swan",
    }
    ranks = each(TAROC.rank, "2B TB JB NB AB VO1 VO7 AS4 BS")
    assert ranks == {"2B": 0, "TB": 8, "JB": 9, "NB": 10, "AB": 13, "VO1": 1, "VO7": 7, "AS4": 4, "BS": 14}
    suits = each(TAROC.suit, "2B 2O VO1 CR1 ST1 MY1 EL1 AS1 BS")
    assert suits == {
        "2B": 0,
        "2O": 5,
        "VO1": 6,
        "CR1": 7,
        "ST1": 8,
        "MY1": 9,
        "EL1": 10,
        "AS1": 11,
        "BS": None,
    }


def test_taroc_order_agrees_with_the_rules_global_order_and_suits() -> None:
    """The deck's order breaks the ties of the engine's ``ORDER`` (minors < the Black Swan <
    low majors < high majors, by rank or number) by suit, and never contradicts it."""
    cards = range(len(TAROC.codes))
    for a, b in itertools.product(cards, cards):
        if ORDER[a] < ORDER[b]:
            assert TAROC.sort_key(a) < TAROC.sort_key(b), (TAROC.code(a), TAROC.code(b))
    swan = TAROC.parse("BS")
    for card in cards:
        assert TAROC.suit(card) == (None if card == swan else SUIT[card]), TAROC.code(card)
    hand = codes(TAROC, "EL1 VO7 BS AO 2H 2B")
    assert [TAROC.code(c) for c in sorted(hand, key=TAROC.sort_key)] == ["2B", "2H", "AO", "BS", "VO7", "EL1"]


def test_forest_cards_are_colour_and_number() -> None:
    for card in range(len(FOREST.codes)):
        colour, number = divmod(card, 99)
        assert (FOREST.rank(card), FOREST.suit(card)) == (number + 1, colour)
        assert FOREST.card_name(card) == f"{FOREST_COLOUR_NAMES[colour]} {number + 1}"
    hand = codes(FOREST, "K1 R7 B13 R1 Y7")
    assert [FOREST.code(c) for c in sorted(hand, key=FOREST.sort_key)] == ["R1", "K1", "R7", "Y7", "B13"]
    assert FOREST.card_name(FOREST.lowest(hand)) == "red 1"


def test_the_names_agree_with_the_cards_looks() -> None:
    """The suit's (colour's, family's) name is the one the replay page's tooltip gives."""
    for deck in DECKS.values():
        for card in distinct_cards(deck):
            look = deck.look(deck.code(card))
            suit_name = deck.suit_name(card)
            if suit_name is None:
                assert look.name == deck.rank_name(card), deck.code(card)
            elif deck in (FRENCH, FRENCH_JOKERS_SWAN):
                assert look.name == f"{deck.code(card)} ({suit_name})"
            else:
                assert look.name == suit_name, deck.code(card)


@pytest.mark.parametrize("bad", [-1, 52, 54, True, 1.0, "QS", None])
def test_no_card_is_an_error_naming_the_call_the_value_and_the_deck(bad: object) -> None:
    deck = FRENCH_JOKERS_SWAN if bad == 54 else FRENCH
    for call in (deck.rank, deck.suit, deck.rank_name, deck.suit_name, deck.card_name, deck.sort_key):
        said = re.escape(f"{call.__name__}: {bad!r} is no card of the {deck.name} deck (its cards are 0..")
        with pytest.raises(NotACardError, match=f"^{said}"):
            call(bad)  # type: ignore[arg-type]
    with pytest.raises(NotACardError, match="is no card"):
        deck.lowest([0, bad])  # type: ignore[list-item]


def test_no_cards_have_no_lowest_or_highest() -> None:
    with pytest.raises(ValueError, match="lowest: no cards given, so no lowest French card"):
        FRENCH.lowest([])
    with pytest.raises(ValueError, match="highest: no cards given"):
        FRENCH.highest(iter(()))


def test_a_deck_without_an_anatomy_ranks_cards_by_their_int() -> None:
    deck = Deck("toy", ["A", "B", "C"])
    assert [deck.rank(c) for c in range(3)] == [0, 1, 2]
    assert [deck.suit(c) for c in range(3)] == [None, None, None]
    assert deck.card_name(2) == deck.rank_name(2) == "C" and deck.highest([2, 0, 1]) == 2


def test_a_deck_made_with_a_wrong_anatomy_fails_when_made() -> None:
    with pytest.raises(ValueError, match="cards A and B share the order 0"):
        Deck("toy", ["A", "B"], anatomy=lambda card, code: CardAnatomy(0, None, code, None, code, 0))
    with pytest.raises(ValueError, match="cards A and B share the name 'x'"):
        Deck("toy", ["A", "B"], anatomy=lambda card, code: CardAnatomy(0, None, code, None, "x", card))
    with pytest.raises(ValueError, match="card A has suit 1 but suit name None"):
        Deck("toy", ["A"], anatomy=lambda card, code: CardAnatomy(0, 1, code, None, code, card))


@st.composite
def hands(draw: st.DrawFn) -> tuple[Deck, list[int]]:
    deck = draw(st.sampled_from(list(DECKS.values())))
    cards = draw(st.lists(st.sampled_from(deck.cards), min_size=1, max_size=20))
    return deck, cards


@given(hands())
def test_lowest_and_highest_are_the_ends_of_the_sorted_hand(hand: tuple[Deck, list[int]]) -> None:
    deck, cards = hand
    ordered = sorted(cards, key=deck.sort_key)
    assert deck.lowest(cards) == ordered[0] == min(cards, key=deck.sort_key)
    assert deck.highest(cards) == ordered[-1]
    assert all(deck.sort_key(deck.lowest(cards)) <= deck.sort_key(c) for c in cards)


@given(st.sampled_from([FRENCH, FOREST]), st.data())
def test_french_and_forest_order_is_rank_then_suit(deck: Deck, data: st.DataObject) -> None:
    a, b = data.draw(st.lists(st.sampled_from(deck.cards), min_size=2, max_size=2, unique=True))
    by_parts = (deck.rank(a), deck.suit(a)) < (deck.rank(b), deck.suit(b))  # type: ignore[operator]
    assert by_parts == (deck.sort_key(a) < deck.sort_key(b))


@given(st.sampled_from(list(DECKS.values())), st.integers())
def test_an_int_is_a_card_exactly_when_its_code_is(deck: Deck, card: int) -> None:
    if 0 <= card < len(deck.codes):
        assert deck.parse(deck.code(card)) == card and deck.card_name(card)
    else:
        with pytest.raises(NotACardError):
            deck.rank(card)
