"""Forest, rule by rule (RULINGS.md section 4), driving the GameState directly.

Every scenario is worked out by hand from the rulings before running the engine: hands dealt
on purpose, the forest stock in order, who plays what, so each card's colour in the trick,
the trick's winner, the next leader, the round's trick counts and scores, and the next
round's first player. Each Illegal is checked for its stable rule id and for the context in
its reason.

Colours: R red, B blue, G green, Y yellow, K black. A black card takes the forest card's
colour for the trick (black under a black forest card, or with no forest card yet).
"""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

import pytest
from helpers import rejects

from gamerec.checking.verdicts import verify_record
from gamerec.engine import DealScored, Event, MatchEnded, TrickWon
from gamerec.errors import GamerecError, Illegal, StockMissing
from gamerec.format.read import read_bytes
from gamerec.format.write import encode_records
from gamerec.games import get_game
from gamerec.games.forest.deck import FOREST as F
from gamerec.games.forest.rules import ForestRules, ForestState, ForestTurned, round_score, trick_winner
from gamerec.games.presenters import presenter
from gamerec.record import Bid, Deal, Play, Record

GAME = get_game("forest")
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]


# -- helpers ------------------------------------------------------------------------------
def cards(codes: str) -> list[int]:
    return [F.parse(c) for c in codes.split()]


def new(n: int = 3, **rules: Any) -> ForestState:
    state = GAME.new_state(rules, NAMES[:n])
    assert isinstance(state, ForestState)
    return state


def begin(state: ForestState, first: int, hands: Sequence[str], stock: str = "") -> list[Event]:
    return state.begin_deal(Deal(first, [cards(h) for h in hands], cards(stock), []))


def start(n: int, first: int, hands: Sequence[str], stock: str = "", **rules: Any) -> ForestState:
    state = new(n, **rules)
    begin(state, first, hands, stock)
    return state


def play(state: ForestState, code: str) -> list[Event]:
    seat = state.to_move
    assert seat is not None
    return list(state.apply(Play(seat, F.parse(code))))


def trick(state: ForestState, codes: str) -> list[Event]:
    """Play a whole trick from the player to move on; the events of its last card."""
    *first, last = codes.split()
    for code in first:
        assert play(state, code) == []
    return play(state, last)


def turned(number: int, code: str | None, new: bool = True) -> ForestTurned:
    return ForestTurned(number, None if code is None else F.parse(code), new)


def won(number: int, seat: int, leader: int, codes: str, n: int) -> TrickWon:
    played = cards(codes)
    return TrickWon(number, seat, tuple(((leader + k) % n, c) for k, c in enumerate(played)))


def can(state: ForestState, code: str, seat: int | None = None) -> bool:
    to_move = state.to_move if seat is None else seat
    assert to_move is not None
    return state.can(Play(to_move, F.parse(code)))


def rejects_play(state: ForestState, code: str, rule: str, *fragments: str) -> Illegal:
    seat = state.to_move
    assert seat is not None
    return rejects(state, Play(seat, F.parse(code)), rule, *fragments)


def view_line(state: ForestState, name: str) -> str:
    return dict(presenter(state.game.id).view(state).lines)[name]


def legal_agrees_with_can(state: ForestState) -> None:
    """legal_actions() lists exactly the plays can() allows, for every card of the deck and
    every seat."""
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    # every card of the game's deck, and cards numbered beyond it
    every = sorted(state.pool) + cards("R99 K99") + [card + 1 for card in sorted(state.pool)[-1:]]
    for seat in range(state.n):
        for card in every:
            a = Play(seat, card)
            assert state.can(a) == (a in legal), (seat, F.code(card))
    if state.to_move is not None:
        assert legal, "the player to move always has a card to play"


# -- the rule text's examples ---------------------------------------------------------------
def test_example_1_black_under_red_is_red_and_the_highest_red_wins() -> None:
    # forest red: red 2, black 3, red 4: the black 3 is red, all follow red, red 4 wins.
    # Bob holds a red card too: his black 3 counts as red, so he may play it.
    s = start(3, 0, ["R2 G8", "K3 R7", "R4 B1"], "R9 Y5", hand_size=2)
    assert play(s, "R2") == []
    assert can(s, "K3") and can(s, "R7")
    assert play(s, "K3") == []
    assert view_line(s, "Colours") == "R2=red K3=red"
    events = play(s, "R4")
    assert events == [won(1, 2, 0, "R2 K3 R4", 3), turned(2, "Y5")]
    assert trick_winner(cards("R2 K3 R4"), F.parse("R9")) == 2


def test_example_2_another_colour_wins_with_its_lowest_number() -> None:
    # forest red: red 2, black 3 (red), blue 5: Cy cannot follow red; blue 5 wins.
    s = start(3, 0, ["R2 G8", "K3 R7", "B5 G1"], "R9 Y5", hand_size=2)
    trick_events = trick(s, "R2 K3 B5")
    assert trick_events == [won(1, 2, 0, "R2 K3 B5", 3), turned(2, "Y5")]
    assert s.to_move == 2
    assert trick_winner(cards("R2 K3 B5"), F.parse("R9")) == 2


def test_example_1_under_a_blue_forest_card_the_black_3_wins() -> None:
    # the same cards, forest blue: the black 3 is blue, another colour than the led red, and
    # the lowest of the other colours: it wins. (Bob holds no red, so he may play it.)
    s = start(3, 0, ["R2 G8", "K3 G6", "R4 B1"], "B9 Y5", hand_size=2)
    assert trick(s, "R2 K3 R4")[0] == won(1, 1, 0, "R2 K3 R4", 3)
    assert s.to_move == 1


# -- the winner: ties -----------------------------------------------------------------------
def test_equal_numbers_of_the_led_colour_the_later_card_wins() -> None:
    # forest red: red 7, black 7 (red), red 3: all red, two 7s, the later (Bob's) wins
    s = start(3, 0, ["R7 G8", "K7 G6", "R3 B1"], "R9 Y5", hand_size=2)
    assert trick(s, "R7 K7 R3")[0] == won(1, 1, 0, "R7 K7 R3", 3)
    # the black 7 led, the red 7 later: the red 7 wins
    s = start(3, 0, ["K7 G8", "R7 G6", "R1 B1"], "R9 Y5", hand_size=2)
    assert trick(s, "K7 R7 R1")[0] == won(1, 1, 0, "K7 R7 R1", 3)


def test_equal_numbers_among_other_colours_the_later_card_wins() -> None:
    # forest red: red 9 led, blue 2, green 2: the later 2 (Cy's green) wins
    s = start(3, 0, ["R9 R1", "B2 G6", "G2 B1"], "R13 Y5", hand_size=2)
    assert trick(s, "R9 B2 G2")[0] == won(1, 2, 0, "R9 B2 G2", 3)
    # four players: blue 2, green 2, blue 4 after the red 9: still Cy's green 2
    s = start(4, 0, ["R9 R1", "B2 G6", "G2 B1", "B4 Y3"], "R13 Y5", hand_size=2)
    assert trick(s, "R9 B2 G2 B4")[0] == won(1, 2, 0, "R9 B2 G2 B4", 4)
    # forest yellow: the black 2 is yellow, another colour: tied with the blue 2, later, wins
    s = start(3, 0, ["R9 R1", "B2 G6", "K2 B1"], "Y13 Y5", hand_size=2)
    assert trick(s, "R9 B2 K2")[0] == won(1, 2, 0, "R9 B2 K2", 3)


def test_a_led_colour_card_never_ties_with_another_colour() -> None:
    # forest green: red 5 led, blue 2, red 2: the red 2 follows, so the blue 2 alone is of
    # another colour and wins, although the red 2 is later with the same number
    s = start(3, 0, ["R5 G8", "B2 G6", "R2 B1"], "G13 Y5", hand_size=2)
    assert trick(s, "R5 B2 R2")[0] == won(1, 1, 0, "R5 B2 R2", 3)


def test_the_lowest_other_colour_wins_even_against_higher_led_cards() -> None:
    # forest yellow: blue 1 led, green 13, blue 13: the green 13 is the only other colour
    s = start(3, 1, ["G13 R1", "B1 R2", "B13 R3"], "Y1 Y2", hand_size=2)
    assert trick(s, "B1 B13 G13")[0] == won(1, 0, 1, "B1 B13 G13", 3)


# -- the forest card: black forest card, black led, none yet, the last one stays -------------
def test_a_black_forest_card_black_is_its_own_colour() -> None:
    # forest black: red 3 led; Bob holds a red card, so his black 2 (black, not red) may not
    # be played
    s = start(3, 0, ["R3 G8", "K2 R8", "R9 B1"], "K5 Y5", hand_size=2)
    assert play(s, "R3") == []
    rejects_play(s, "K2", "follow-colour", "must follow red", "holds R8")
    assert view_line(s, "Forest") == "K5 (black)"
    # Bob without red: the black 2 is another colour, the lowest: it wins
    s = start(3, 0, ["R3 G8", "K2 G6", "R9 B1"], "K5 Y5", hand_size=2)
    assert play(s, "R3") == []
    assert can(s, "K2") and can(s, "G6")
    assert play(s, "K2") == []
    assert view_line(s, "Colours") == "R3=red K2=black"
    assert play(s, "R9")[0] == won(1, 1, 0, "R3 K2 R9", 3)
    # a black card led under a black forest card: the led colour is black
    s = start(3, 0, ["K3 G8", "K2 R8", "R9 B1"], "K5 Y5", hand_size=2)
    assert play(s, "K3") == []
    rejects_play(s, "R8", "follow-colour", "must follow black", "holds K2")


def test_a_black_card_led_takes_the_forest_colour() -> None:
    # forest green: the led black 6 is green; Bob holds green, so blue is refused
    s = start(3, 0, ["K6 R1", "G9 B1", "Y1 R3"], "G4 Y5", hand_size=2)
    assert play(s, "K6") == []
    rejects_play(s, "B1", "follow-colour", "must follow green", "holds G9")
    assert play(s, "G9") == []
    # Cy holds neither green nor black: the yellow 1 is another colour and wins
    assert can(s, "R3")
    assert play(s, "Y1") == [won(1, 2, 0, "K6 G9 Y1", 3), turned(2, "Y5")]
    # all green (two blacks counted green): the highest number wins
    s = start(3, 0, ["K6 R1", "G9 B1", "K2 R3"], "G4 Y5", hand_size=2)
    assert trick(s, "K6 G9 K2")[0] == won(1, 1, 0, "K6 G9 K2", 3)


def test_no_forest_card_yet_black_is_black() -> None:
    # 2 players, max_number 2 (10 cards), 5 each: no stock, no forest card all round
    s = new(2, max_number=2, hand_size=5)
    assert begin(s, 0, ["R1 R2 B1 G1 Y1", "K1 K2 B2 G2 Y2"]) == [turned(1, None, False)]
    assert view_line(s, "Forest") == "none yet (black is black)"
    assert view_line(s, "Stock") == "0 cards"
    # red 2 led; Bob holds no red, his black 1 is black, another colour: it wins (had black
    # been red, the red 2 would have won)
    assert play(s, "R2") == []
    assert can(s, "K1") and can(s, "B2")
    assert play(s, "K1") == [won(1, 1, 0, "R2 K1", 2), turned(2, None, False)]
    # Bob leads the black 2: black; Ann holds no black and plays anything
    assert play(s, "K2") == []
    assert all(can(s, code) for code in ("R1", "B1", "G1", "Y1"))
    assert play(s, "Y1") == [won(2, 0, 1, "K2 Y1", 2), turned(3, None, False)]
    # with a black card held, a black lead must be followed
    s = start(2, 0, ["K1 R1 B1 G1 Y1", "K2 R2 B2 G2 Y2"], max_number=2, hand_size=5)
    assert play(s, "K1") == []
    rejects_play(s, "R2", "follow-colour", "must follow black", "holds K2")
    assert play(s, "K2") == [won(1, 1, 0, "K1 K2", 2), turned(2, None, False)]


def test_the_last_forest_card_stays_and_never_carries_into_a_new_round() -> None:
    # 2 players, max_number 2, 4 each: a stock of 2 for 4 tricks
    rules = {"max_number": 2, "hand_size": 4}
    hands = ["R1 R2 K1 B1", "K2 G1 G2 Y1"]
    s = start(2, 0, hands, "Y2 B2", **rules)
    assert view_line(s, "Stock") == "1 card"
    # trick 1, forest yellow: red 1 led, green 1 (another colour) wins
    assert trick(s, "R1 G1") == [won(1, 1, 0, "R1 G1", 2), turned(2, "B2")]
    # trick 2, forest blue: green 2 led, Ann has no green (her black 1 is blue): red 2 wins
    assert play(s, "G2") == []
    assert can(s, "K1") and can(s, "B1")
    assert play(s, "R2") == [won(2, 0, 1, "G2 R2", 2), turned(3, "B2", False)]
    assert view_line(s, "Forest") == "B2 (blue)" and view_line(s, "Stock") == "0 cards"
    # trick 3, the blue forest card stays: Bob's black 2 is blue and must follow the blue 1
    assert play(s, "B1") == []
    rejects_play(s, "Y1", "follow-colour", "must follow blue", "holds K2")
    assert play(s, "K2") == [won(3, 1, 0, "B1 K2", 2), turned(4, "B2", False)]
    # trick 4: yellow 1 led, Ann's black 1 is blue, another colour: it wins
    events = trick(s, "Y1 K1")
    assert events == [won(4, 0, 1, "Y1 K1", 2), DealScored(0, (-2, -2), (-2, -2))]
    assert s.deal_over and not s.finished
    # round 2 (tied lowest scores: the previous starter, Ann, starts): its first trick needs
    # its own stock card; the last one of round 1 does not carry over
    with pytest.raises(StockMissing) as info:
        begin(s, 0, hands)
    assert "trick 1 of round 2 turns card 1 of the forest stock" in info.value.message
    assert "(0 cards)" in info.value.message
    s = start(2, 0, hands, "Y2 B2", **rules)
    for t in ("R1 G1", "G2 R2", "B1 K2", "Y1 K1"):
        trick(s, t)
    assert begin(s, 0, hands, "Y2 B2") == [turned(1, "Y2")]
    assert view_line(s, "Forest") == "Y2 (yellow)"
    # the black cards are yellow now, not blue: Ann's black 1 led is yellow, and Bob must
    # follow with his yellow 1 or black 2
    assert play(s, "K1") == []
    rejects_play(s, "G1", "follow-colour", "must follow yellow", "holds Y1 K2")


def test_a_short_record_stock_stops_verification_as_incomplete() -> None:
    # the pile has 2 cards, the record gives only the first: trick 2 needs the second
    s = start(2, 0, ["R1 R2 K1 B1", "K2 G1 G2 Y1"], "Y2", max_number=2, hand_size=4)
    assert play(s, "R1") == []
    with pytest.raises(StockMissing) as info:
        play(s, "G1")
    assert "trick 2 of round 1 turns card 2 of the forest stock" in info.value.message
    assert "(1 card)" in info.value.message
    record = Record(
        game="forest",
        players=NAMES[:2],
        rules={"max_number": 2, "hand_size": 4},
        deals=[Deal(0, [cards("R1 R2 K1 B1"), cards("K2 G1 G2 Y1")], cards("Y2"), [])],
    )
    record.deals[0].actions = [Play(0, F.parse("R1")), Play(1, F.parse("G1")), Play(1, F.parse("G2"))]
    v = verify_record(record)
    assert (v.status, v.rule, v.deal, v.action) == ("incomplete", "stock-missing", 1, 2), v.message()


# -- following ------------------------------------------------------------------------------
def test_following_counts_black_cards_as_the_forest_colour() -> None:
    # forest red, red 3 led: Bob holds no red card but a black one, which is red: he must
    # play it
    s = start(3, 0, ["R3 G8", "K5 G1", "B4 B1"], "R9 Y5", hand_size=2)
    assert play(s, "R3") == []
    rejects_play(s, "G1", "follow-colour", "must follow red", "holds K5")
    assert s.legal_actions() == [Play(1, F.parse("K5"))]
    legal_agrees_with_can(s)
    assert play(s, "K5") == []
    # Cy holds neither red nor black: anything
    assert s.legal_actions() == [Play(2, c) for c in sorted(cards("B4 B1"))]
    # forest red, blue 3 led: the black 5 is red, not blue: Bob without blue plays anything
    s = start(3, 0, ["B3 G8 G9", "K5 R2 G1", "B4 B1 Y1"], "R9 Y5", hand_size=3)
    assert play(s, "B3") == []
    assert all(can(s, code) for code in ("K5", "R2", "G1"))
    legal_agrees_with_can(s)
    assert play(s, "G1") == []
    # Cy holds blue: both blues and nothing else
    rejects_play(s, "Y1", "follow-colour", "must follow blue", "holds B1 B4")
    assert s.legal_actions() == [Play(2, c) for c in sorted(cards("B4 B1"))]
    legal_agrees_with_can(s)


def test_the_winner_leads_the_next_trick() -> None:
    # forest yellow twice: trick 1 won by Cy (the green 1, the only other colour); Cy leads
    # trick 2, then Ann, then Bob; everyone else is out of turn
    s = start(3, 0, ["R5 R6", "R9 R8", "G1 G7"], "Y1 Y2", hand_size=2)
    assert trick(s, "R5 R9 G1") == [won(1, 2, 0, "R5 R9 G1", 3), turned(2, "Y2")]
    assert s.to_move == 2
    rejects(s, Play(0, F.parse("R6")), "out-of-turn", "out of turn: seat 2 (Cy) is to play")
    rejects(s, Play(1, F.parse("R8")), "out-of-turn", "seat 2 (Cy)")
    assert play(s, "G7") == [] and s.to_move == 0
    assert play(s, "R6") == [] and s.to_move == 1
    # green 7 led, red 6, red 8: two other colours, the lowest, Ann's red 6, wins
    assert play(s, "R8") == [won(2, 0, 2, "G7 R6 R8", 3), DealScored(0, (-1, 0, -1), (-1, 0, -1))]
    assert s.to_move is None


# -- other faults of an action --------------------------------------------------------------
def test_not_held_wrong_action_and_after_end() -> None:
    s = start(2, 0, ["R1 R2", "B1 B2"], "Y1 Y2", hand_size=2)
    rejects_play(s, "R3", "not-held", "not in the hand (holds R1 R2)")
    rejects_play(s, "B1", "not-held", "holds R1 R2")
    rejects(s, Bid(0, 1), "wrong-action", "bid: forest records only plays")
    trick(s, "R1 B1")  # B1 another colour, wins
    assert s.to_move == 1
    rejects_play(s, "B1", "not-held", "holds B2")
    trick(s, "B2 R2")  # R2 another colour, wins
    assert s.deal_over
    rejects(s, Play(0, F.parse("R1")), "after-end", "round 1 is over: the next action needs a new deal")


# -- deals ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("first", "hands", "stock", "rule", "fragments"),
    [
        (3, ["R1 R2", "B1 B2", "G1 G2"], "", "deal-first", ["first player 3 is not a seat (0..2)"]),
        (-1, ["R1 R2", "B1 B2", "G1 G2"], "", "deal-first", ["first player -1 is not a seat (0..2)"]),
        (0, ["R1 R2", "B1 B2"], "", "deal-hands", ["round 1 deals 2 hands to 3 players"]),
        (0, ["R1 R2", "B1 B2 B3", "G1 G2"], "", "deal-size", ["2 cards each but seat 1 (Bob) has 3"]),
        (
            0,
            ["R1 R2", "B1 B2", "G1 R14"],
            "",
            "deal-card",
            ["seat 2 (Cy) holds R14", "not in this game's deck"],
        ),
        (0, ["R1 R2", "B1 B2", "G1 R1"], "", "deal-duplicate", ["R1 is dealt more often", "seat 2 (Cy)"]),
        (0, ["R1 R2", "B1 B2", "G1 G2"], "R1", "deal-duplicate", ["R1", "the forest stock"]),
        (0, ["R1 R2", "B1 B2", "G1 G2"], "K14", "deal-card", ["the forest stock holds K14"]),
    ],
)
def test_faulty_deals(first: int, hands: list[str], stock: str, rule: str, fragments: list[str]) -> None:
    s = new(3, hand_size=2)
    with pytest.raises(Illegal) as info:
        begin(s, first, hands, stock)
    assert info.value.rule == rule, info.value
    for f in fragments:
        assert f in info.value.reason, info.value.reason


def test_a_stock_longer_than_the_pile_is_faulty() -> None:
    # 2 players, max_number 2, 4 each: the pile holds 2 cards
    s = new(2, max_number=2, hand_size=4)
    with pytest.raises(Illegal) as info:
        begin(s, 0, ["R1 R2 K1 B1", "K2 G1 G2 Y1"], "Y2 B2 R1")
    assert info.value.rule == "deal-stock"
    assert info.value.reason == "round 1: the forest stock holds 2 cards, the record gives 3"


def test_a_round_may_not_begin_before_the_last_ends() -> None:
    s = start(2, 0, ["R1 R2", "B1 B2"], "Y1 Y2", hand_size=2)
    play(s, "R1")
    with pytest.raises(Illegal) as info:
        begin(s, 0, ["R1 R2", "B1 B2"], "Y1 Y2")
    assert info.value.rule == "deal-unfinished"
    assert info.value.reason == "round 1 is not over: round 2 may not begin"


# -- round scores ---------------------------------------------------------------------------
#: the default table, by hand: 4 -> 50, 8 -> 100, 12 -> 169; 0 -> 0; below 4, -1 a trick;
#: any other count, -10 a trick; up to 32, the largest hand (2 players, 65 cards)
DEFAULT_SCORES = {
    0: 0, 1: -1, 2: -2, 3: -3, 4: 50, 5: -50, 6: -60, 7: -70, 8: 100, 9: -90, 10: -100,
    11: -110, 12: 169, 13: -130,
} | {t: -10 * t for t in range(14, 33)}  # fmt: skip


def test_round_scores_under_the_default_targets() -> None:
    rules = ForestRules()
    assert sorted(DEFAULT_SCORES) == list(range(33))
    for t, score in DEFAULT_SCORES.items():
        assert round_score(t, rules) == score, t
    # the same through a rules block as a record gives it, for every player count's largest
    # hand
    for n in range(2, 7):
        state = new(n, hand_size=65 // n)
        assert [round_score(t, state.rules) for t in range(state.hand_size + 1)] == [
            DEFAULT_SCORES[t] for t in range(65 // n + 1)
        ]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        # targets 2 -> 7 and 5 -> 30; 3 a trick below 2, 4 a trick otherwise
        (
            {"targets": {"2": 7, "5": 30}, "under_penalty": 3, "over_penalty": 4},
            [0, -3, 7, -12, -16, 30, -24, -28],
        ),
        # no targets: every count above 0 pays the under penalty
        ({"targets": {}}, [0, -1, -2, -3, -4, -5, -6, -7]),
        ({"targets": {}, "under_penalty": 5, "over_penalty": 0}, [0, -5, -10, -15, -20, -25, -30, -35]),
        # 0 a target: it scores; every other count is above the lowest target
        ({"targets": {"0": 10, "3": 20}}, [10, -10, -20, 20, -40, -50, -60, -70]),
        ({"targets": {"0": -5}, "over_penalty": 2}, [-5, -2, -4, -6, -8, -10, -12, -14]),
        # no penalties at all
        ({"under_penalty": 0, "over_penalty": 0}, [0, 0, 0, 0, 50, 0, 0, 0]),
        # a negative score as a target's value
        ({"targets": {"1": -7, "6": 0}}, [0, -7, -20, -30, -40, -50, 0, -70]),
        # a lowest target above 1: 1 and 2 below it
        ({"targets": {"3": 9}, "under_penalty": 2}, [0, -2, -4, 9, -40, -50, -60, -70]),
    ],
)
def test_round_scores_under_custom_targets_and_penalties(raw: dict[str, Any], expected: list[int]) -> None:
    state = new(3, hand_size=7, **raw)
    assert [round_score(t, state.rules) for t in range(8)] == expected


def test_targets_keys_from_json_are_trick_counts() -> None:
    state = new(2, targets={"0": 3, "4": 9})
    assert state.rules.targets == {0: 3, 4: 9}
    assert GAME.filled_rules({"targets": {"4": 9, "0": 3}}, 2)["targets"] == {"0": 3, "4": 9}
    assert GAME.filled_rules({"targets": {4: 9}}, 2)["targets"] == {"4": 9}


def four_tricks(n_ann: int) -> tuple[list[str], str, list[str]]:
    """2 players, 4 each, all red, forest yellow: Ann holds the highest cards; she takes the
    first ``n_ann`` tricks, then leads her low cards and loses the rest (Bob leads his high
    ones after winning)."""
    ann_high = ["R13", "R12", "R11", "R10"][:n_ann]
    bob_low = ["R1", "R2", "R3", "R4"][:n_ann]
    ann_low = ["R5", "R6", "R7", "R8"][: 4 - n_ann]
    bob_high = ["R9", "R14", "R15", "R16"][: 4 - n_ann]
    plays = [f"{a} {b}" for a, b in zip(ann_high, bob_low, strict=True)]
    if n_ann < 4:
        plays.append(f"{ann_low[0]} {bob_high[0]}")
        plays += [f"{b} {a}" for a, b in zip(ann_low[1:], bob_high[1:], strict=True)]
    return [" ".join(ann_high + ann_low), " ".join(bob_low + bob_high)], "Y1 Y2 Y3 Y4", plays


@pytest.mark.parametrize(
    ("n_ann", "raw", "scores"),
    [
        (4, {}, (50, 0)),
        (3, {}, (-3, -1)),
        (0, {}, (0, 50)),
        (4, {"targets": {"4": 7}}, (7, 0)),
        (4, {"targets": {}, "under_penalty": 2}, (-8, 0)),
        (4, {"targets": {"0": 3}}, (-40, 3)),
        (2, {"targets": {"2": 11}, "over_penalty": 0}, (11, 11)),
        (1, {"targets": {"2": 11}, "under_penalty": 4}, (-4, -30)),
    ],
)
def test_a_played_round_scores_its_trick_counts(
    n_ann: int, raw: dict[str, Any], scores: tuple[int, int]
) -> None:
    hands, stock, plays = four_tricks(n_ann)
    s = start(2, 0, hands, stock, max_number=16, hand_size=4, **raw)
    events: list[Event] = []
    for t in plays:
        events = trick(s, t)
    assert s.won == [n_ann, 4 - n_ann]
    assert events[-1] == DealScored(0, scores, scores)
    assert s.deal_scores == [scores]


# -- the game: as many rounds as players; who starts each round -----------------------------
def one_card_round(n: int, winner: int) -> list[str]:
    """Hands of one card for ``n`` players, all red: ``winner`` holds the 13."""
    low = iter(range(1, n + 1))
    return [("R13" if s == winner else f"R{next(low)}") for s in range(n)]


def play_one_card_round(s: ForestState, first: int, winner: int) -> list[Event]:
    hands = one_card_round(s.n, winner)
    assert begin(s, first, hands, "G1") == [turned(1, "G1")]
    events: list[Event] = []
    for k in range(s.n):
        events = play(s, hands[(first + k) % s.n])
    assert events[0] == TrickWon(
        1, winner, tuple(((first + k) % s.n, F.parse(hands[(first + k) % s.n])) for k in range(s.n))
    )
    return events


def test_a_game_is_as_many_rounds_as_players() -> None:
    # 2 players, 1 card each, default targets: the trick's winner scores -1, the other 0 and
    # so the winner, the lowest scorer, starts the next round
    s = new(2, hand_size=1)
    assert s.rounds == 2
    ev = play_one_card_round(s, 0, 1)
    assert ev[1:] == [DealScored(0, (0, -1), (0, -1))]
    assert s.deal_over and not s.finished
    ev = play_one_card_round(s, 1, 1)
    assert ev[1:] == [DealScored(1, (0, -1), (0, -2)), MatchEnded((0,))]
    assert s.finished and s.winners() == (0,)
    with pytest.raises(Illegal) as info:
        begin(s, 1, ["R1", "R2"], "G1")
    assert (info.value.rule, info.value.reason) == (
        "deal-after-end",
        "the game is over after round 2: no round may follow",
    )
    rejects(
        s,
        Play(1, F.parse("R13")),
        "after-end",
        "the game is over after round 2, the last: no action may follow",
    )


@pytest.mark.parametrize("n", range(2, 7))
def test_n_players_play_n_rounds(n: int) -> None:
    # the winner of each round's one trick: seat (round * 2 + 1) % n; with the default
    # targets the winner alone scores -1 and starts the next round
    s = new(n, hand_size=1)
    first = 0
    totals = [0] * n
    for r in range(n):
        assert not s.finished
        winner = (r * 2 + 1) % n
        ev = play_one_card_round(s, first, winner)
        totals[winner] -= 1
        scores = tuple(-1 if seat == winner else 0 for seat in range(n))
        assert ev[1] == DealScored(r, scores, tuple(totals))
        first = winner
    assert s.finished and isinstance(ev[-1], MatchEnded)
    assert len(s.deal_scores) == n


def test_the_next_round_is_started_by_the_lowest_scorer_ties_clockwise() -> None:
    # 4 players, 1 card each, the trick worth 5 (targets 1 -> 5): the winner 5, the other
    # three tie at 0 for the lowest
    s = new(4, hand_size=1, targets={"1": 5})
    # round 1 by Ann, won by Ann: Bob, Cy, Dee tie; clockwise from Ann: Bob
    play_one_card_round(s, 0, 0)
    assert s.expected_dealer() == 1
    with pytest.raises(Illegal) as info:
        begin(s, 0, one_card_round(4, 0), "G1")
    assert info.value.rule == "deal-first"
    assert info.value.reason == (
        "round 2 is started by seat 0 (Ann) but the lowest score of round 1 makes seat 1 (Bob) start"
    )
    # round 2 by Bob, won by Bob: Ann, Cy, Dee tie; clockwise from Bob: Cy
    play_one_card_round(s, 1, 1)
    assert s.expected_dealer() == 2
    # round 3 by Cy, won by Dee: Ann, Bob and Cy tie; Cy, the starter, is in the tie and
    # starts again (not Ann, the lowest seat)
    play_one_card_round(s, 2, 3)
    assert s.expected_dealer() == 2
    with pytest.raises(Illegal) as info:
        begin(s, 0, one_card_round(4, 0), "G1")
    assert info.value.reason == (
        "round 4 is started by seat 0 (Ann) but the lowest score of round 3 makes seat 2 (Cy) start"
    )
    ev = play_one_card_round(s, 2, 0)
    assert ev[1:] == [DealScored(3, (5, 0, 0, 0), (10, 5, 0, 5)), MatchEnded((0,))]


def test_the_tie_goes_clockwise_round_the_table() -> None:
    # 3 players, the trick worth 5: round 1 started and won by Cy; Ann and Bob tie at 0;
    # clockwise from Cy the next is Ann
    s = new(3, hand_size=1, targets={"1": 5})
    play_one_card_round(s, 2, 2)
    assert s.expected_dealer() == 0
    with pytest.raises(Illegal) as info:
        begin(s, 1, one_card_round(3, 1), "G1")
    assert "makes seat 0 (Ann) start" in info.value.reason


def test_the_lowest_score_is_the_rounds_not_the_totals() -> None:
    # 3 players, default targets, 1 card each: the trick's winner alone scores -1.
    # Round 1: Ann wins (-1, 0, 0); round 2, started by Ann: Bob wins (0, -1, 0). The
    # totals (-1, -1, 0) would tie Ann (the starter) and Bob; the round's lowest is Bob.
    s = new(3, hand_size=1)
    play_one_card_round(s, 0, 0)
    assert s.expected_dealer() == 0
    play_one_card_round(s, 0, 1)
    assert s.totals == [-1, -1, 0]
    assert s.expected_dealer() == 1


def test_the_most_negative_score_is_the_lowest() -> None:
    # 2 players, 4 cards, Ann (the starter) takes 1 trick (-1), Bob 3 (-3): Bob, with the
    # most negative score, starts round 2, not Ann with the fewest tricks
    hands, stock, plays = four_tricks(1)
    s = start(2, 0, hands, stock, max_number=16, hand_size=4)
    for t in plays:
        trick(s, t)
    assert s.deal_scores == [(-1, -3)]
    assert s.expected_dealer() == 1


# -- options --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("raw", "n"),
    [
        ({"max_number": 1}, 2),
        ({"max_number": 1}, 4),
        ({"max_number": 99}, 6),
        ({"max_number": 99, "hand_size": 99}, 5),
        ({"hand_size": 1}, 6),
        ({"hand_size": 32}, 2),
        ({"hand_size": 21}, 3),
        ({"hand_size": 10}, 6),
        ({"max_number": 2, "hand_size": 5}, 2),
        ({"hand_size": None}, 3),
        ({"under_penalty": 0, "over_penalty": 0}, 2),
        ({"targets": {}}, 2),
        ({"targets": {"0": -100, "30": 10**6}}, 2),
    ],
)
def test_options_in_range(raw: dict[str, Any], n: int) -> None:
    state = new(n, **raw)
    deck = 5 * state.rules.max_number
    assert state.deck_size == deck
    expected = raw.get("hand_size") or deck // (n + 1)
    assert state.hand_size == expected
    assert 1 <= state.hand_size <= deck // n
    assert state.rounds == n


@pytest.mark.parametrize(
    ("raw", "n", "reason"),
    [
        ({"max_number": 0}, 2, "option max_number: 0 is not allowed (expected integer 1..99)"),
        ({"max_number": 100}, 2, "option max_number: 100 is not allowed (expected integer 1..99)"),
        ({"max_number": "13"}, 2, "is not allowed (expected integer 1..99)"),
        ({"max_number": 13.0}, 2, "option max_number: 13.0 is not allowed"),
        ({"hand_size": 0}, 2, "option hand_size: 0 is not allowed"),
        (
            {"hand_size": 33},
            2,
            "at most 32",
        ),
        ({"hand_size": 11}, 6, "at most 10"),
        ({"max_number": 2, "hand_size": 6}, 2, "at most 5"),
        ({"max_number": 1, "hand_size": 3}, 2, "at most 2"),
        ({"under_penalty": -1}, 2, "option under_penalty: -1 is not allowed (expected integer 0..1000000)"),
        ({"over_penalty": -1}, 2, "option over_penalty: -1 is not allowed (expected integer 0..1000000)"),
        ({"over_penalty": True}, 2, "is not allowed (expected integer 0..1000000)"),
        ({"targets": {"-1": 5}}, 2, "targets"),
        ({"targets": {-1: 5}}, 2, "targets"),
        ({"targets": {"four": 50}}, 2, "targets"),
        ({"targets": {"4": 1.5}}, 2, "option targets"),
        ({"targets": {"4": True}}, 2, "option targets"),
        ({"targets": [4, 8]}, 2, "is not allowed (expected map)"),
        ({"trump": "red"}, 2, "unknown option 'trump' (options of forest: max_number, hand_size, targets"),
    ],
)
def test_options_out_of_range(raw: dict[str, Any], n: int, reason: str) -> None:
    with pytest.raises(Illegal) as info:
        new(n, **raw)
    assert info.value.rule == "options"
    assert reason in info.value.reason, info.value.reason


@pytest.mark.parametrize("n", [1, 7])
def test_players(n: int) -> None:
    with pytest.raises(Illegal) as info:
        GAME.new_state({}, [f"P{i}" for i in range(n)])
    assert (info.value.rule, info.value.reason) == ("players", f"forest is for 2 to 6 players, not {n}")


@pytest.mark.parametrize("n", [5, 6])
def test_an_automatic_hand_size_of_0_is_out_of_range(n: int) -> None:
    # max_number 1: 5 cards; deck // (players + 1) is 0, outside 1..deck // players
    with pytest.raises(Illegal) as info:
        new(n, max_number=1)
    assert info.value.rule == "options"
    assert "hand_size" in info.value.reason
    with pytest.raises(Illegal):
        GAME.filled_rules({"max_number": 1}, n)
    # with 5 players, one card each is possible when given
    if n == 5:
        assert new(5, max_number=1, hand_size=1).hand_size == 1


@pytest.mark.parametrize("n", [5, 6])
def test_a_record_with_an_automatic_hand_size_of_0_is_illegal(n: int) -> None:
    record = Record(
        game="forest",
        players=NAMES[:n],
        rules={"max_number": 1},
        deals=[Deal(0, [[] for _ in range(n)], [], [])],
    )
    v = verify_record(record)
    assert (v.status, v.rule) == ("illegal", "options"), v.message()


@pytest.mark.parametrize("targets", [{"4": 50, "04": 60}, {" 4": 50}, {"٤": 50}, {"+4": 50}, {"4 ": 1}])
def test_targets_keys_are_exact(targets: dict[str, int]) -> None:
    # option values are exact: a key is a plain decimal trick count, so that no two keys
    # can name the same count
    with pytest.raises(Illegal) as info:
        new(2, targets=targets)
    assert info.value.rule == "options"


# -- legal_actions and can() -----------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
def test_legal_actions_agree_with_can_through_whole_games(seed: int) -> None:
    # 3 players, max_number 5 (25 cards), 6 each: 7 stock cards for 6 tricks; random legal
    # plays from a random deal
    rng = Random(seed)
    s = new(3, max_number=5, hand_size=6)
    first = rng.randrange(3)
    for _ in range(3):
        deck = [c * 99 + k for c in range(5) for k in range(5)]
        rng.shuffle(deck)
        if s.deal_index >= 0:
            first = s.expected_dealer()
        s.begin_deal(Deal(first, [deck[i * 6 : i * 6 + 6] for i in range(3)], deck[18:], []))
        while not s.deal_over:
            legal_agrees_with_can(s)
            s.apply(rng.choice(s.legal_actions()))
        assert s.legal_actions() == []
        legal_agrees_with_can(s)
    assert s.finished


@pytest.mark.parametrize("key", ["four", "-1", "4.0"])
def test_a_bad_targets_key_is_named_in_the_message(key: str) -> None:
    with pytest.raises(Illegal) as info:
        new(2, targets={key: 50})
    assert info.value.rule == "options"
    assert info.value.reason.startswith("option targets: "), info.value.reason
    assert key in info.value.reason


@pytest.mark.parametrize("rules", [{"targets": {"1": 2**70}}, {"over_penalty": 2**64}])
def test_an_option_too_large_for_the_binary_form_is_no_crash(rules: dict[str, Any]) -> None:
    hands = [cards("R1"), cards("B1")]
    record = Record(
        game="forest",
        players=NAMES[:2],
        rules={"hand_size": 1, **rules},
        deals=[Deal(0, hands, cards("Y1"), [Play(0, 0), Play(1, 99)])],
    )
    try:
        data = b"".join(encode_records([record], "binary"))
    except GamerecError:
        return  # refused with a gamerec error: fine
    (entry,) = read_bytes(data, "t")
    assert entry.record is not None
    assert verify_record(entry.record) == verify_record(record)
