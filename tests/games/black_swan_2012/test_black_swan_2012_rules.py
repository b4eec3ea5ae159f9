"""Black Swan (2012), rule by rule (RULINGS.md section 2), driving the GameState directly.

Every scenario is worked out by hand from the rulings before running the engine: hands dealt
on purpose, who plays what, so who brings each table to exactly 7 and captures it, and the
points of each capture (A 20; 10, J, Q, K 10; 5 5; joker -20; Black Swan -100). Each Illegal
is checked for its stable rule id and for the context in its reason.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest
from helpers import rejects

from gamerec.cards import FRENCH_JOKERS_SWAN as D
from gamerec.cards import JOKER, SWAN
from gamerec.checking.verdicts import verify_record
from gamerec.engine import DealScored, Event, GameState, MatchEnded, seat_name
from gamerec.errors import Illegal
from gamerec.games import get_game
from gamerec.games.black_swan_2012.combinations import combination
from gamerec.games.black_swan_2012.rules import Captured, Declared, WentOut, card_points
from gamerec.games.presenters import presenter
from gamerec.record import Action, Cards, Claim, Deal, Declare, Record

GAME = get_game("black-swan-2012")
NAMES = ["Ann", "Bob", "Cy", "Dee"]


# -- helpers ------------------------------------------------------------------------------
def cards(codes: str) -> list[int]:
    return [D.parse(c) for c in codes.split()]


def new(n: int = 2, **rules: object) -> GameState:
    return GAME.new_state(rules, NAMES[:n])


def hands(n: int, *given: str, swan: bool = True) -> list[list[int]]:
    """Hands of 14: each seat's ``given`` cards first, filled up with the unused cards of the
    deck in deck order (2C 3C .. AS, JK, BS)."""
    pool = Counter(D.cards)
    if not swan:
        del pool[SWAN]
    fixed = [cards(g) for g in given] + [[] for _ in range(n - len(given))]
    for h in fixed:
        pool.subtract(h)
    assert all(v >= 0 for v in pool.values()), "a card given twice"
    rest = sorted(pool.elements())
    out = []
    for h in fixed:
        need = 14 - len(h)
        assert need >= 0 and len(rest) >= need
        out.append(h + rest[:need])
        rest = rest[need:]
    return out


def start(n: int, first: int, *given: str, swan: bool = True, **rules: object) -> GameState:
    state = new(n, **rules)
    state.begin_deal(Deal(first, hands(n, *given, swan=swan), [], []))
    return state


def play(state: GameState, codes: str) -> list[Event]:
    seat = state.to_move
    assert seat is not None
    return list(state.apply(Cards(seat, cards(codes))))


def cap(seat: int, codes: str) -> Captured:
    return Captured(seat, tuple(cards(codes)))


def can_play(state: GameState, codes: str) -> bool:
    seat = state.to_move
    assert seat is not None
    return state.can(Cards(seat, cards(codes)))


def table_size(state: GameState) -> int:
    return len(presenter(state.game.id).view(state).table)


def hand_of(state: GameState, seat: int) -> list[int]:
    hand = presenter(state.game.id).view(state).seats[seat].hand
    assert hand is not None
    return [D.parse(c) for c in hand]


# -- the combination check: the rule text's examples --------------------------------------
def test_two_on_the_table_allow_one_to_five_and_five_captures() -> None:
    s = start(2, 0, "9S 9C", "2H 3H 4H 5H 6H 7H")
    assert play(s, "9S 9C") == []
    assert s.to_move == 1 and table_size(s) == 2
    for k in range(1, 6):
        assert can_play(s, " ".join(["2H", "3H", "4H", "5H", "6H"][:k])), k
    rejects(s, Cards(1, cards("2H 3H 4H 5H 6H 7H")), "too-many", "6 cards on a table of 2", "at most 5")
    assert play(s, "2H 3H 4H 5H 6H") == [cap(1, "9S 9C 2H 3H 4H 5H 6H")]
    # the captor starts the next table
    assert s.to_move == 1 and table_size(s) == 0


def test_five_on_the_table_two_captures_three_is_too_many() -> None:
    # the text's "cannot put out more than 3 cards" is a misprint for 2 (RULINGS.md)
    s = start(2, 0, "2C 3C 4C 5C 6C", "KH KD KS 7H")
    play(s, "2C 3C 4C 5C 6C")
    assert s.to_move == 1 and table_size(s) == 5
    assert can_play(s, "7H") and can_play(s, "KH KD")
    rejects(s, Cards(1, cards("KH KD KS")), "too-many", "3 cards on a table of 5", "at most 2")
    assert play(s, "KH KD") == [cap(1, "2C 3C 4C 5C 6C KH KD")]
    assert s.to_move == 1


def test_four_of_a_rank_and_three_jokers_is_a_group_of_seven() -> None:
    assert combination(cards("AC AD AH AS JK JK JK")) == "group"
    s = start(3, 2, "", "", "AC AD AH AS JK JK JK")
    assert play(s, "AC AD AH AS JK JK JK") == [cap(2, "AC AD AH AS JK JK JK")]
    assert s.to_move == 2


@pytest.mark.parametrize(
    ("play_", "kind"),
    [
        ("AS 2S 3S", "sequence"),
        ("QS KS AS", "sequence"),
        ("KS AS 2S", None),
        ("2S AS 3S", "sequence"),  # order does not matter
        ("AS JK 3S", "sequence"),  # A-2-3, the joker the two
        ("KS AS JK", "sequence"),  # Q-K-A, the joker the queen
        ("AS 2S JK JK", "sequence"),  # A-2-3-4
        ("JK KS 2S", None),  # would need the ace between: K-A-2
        ("QS KS AS 2S JK", None),
        ("TS JS QS KS AS", "sequence"),
        ("AS 2S 3S 4S 5S 6S 7S", "sequence"),
        ("AS 9S TS JS QS KS", "sequence"),  # 9 T J Q K A: the ace high
        ("AS 8S TS JS QS KS", None),  # the nine missing
        ("AS 8S TS JS QS KS JK", "sequence"),  # the joker the nine
    ],
)
def test_ace_is_low_or_high_never_both(play_: str, kind: str | None) -> None:
    assert combination(cards(play_)) == kind


def test_ace_low_and_high_plays_at_the_table() -> None:
    s = start(2, 0, "AS 2S 3S QH KH AH KD AD 2D")
    assert can_play(s, "AS 2S 3S") and can_play(s, "QH KH AH")
    rejects(s, Cards(0, cards("KD AD 2D")), "combination", "not consecutive", "ace")


def test_a_gap_is_filled_only_by_a_joker() -> None:
    assert combination(cards("9S JS QS KS AS")) is None
    assert combination(cards("9S JS QS KS AS JK")) == "sequence"
    assert combination(cards("2D 4D")) is None
    assert combination(cards("2D JK 4D")) == "sequence"
    assert combination(cards("2D JK JK 5D")) == "sequence"
    assert combination(cards("2D JK 5D")) is None


@pytest.mark.parametrize("play_", ["2H 3S", "2H 3H 4S", "5C 6D 7H", "2H 2S 3S", "JK 4H 5D"])
def test_mixed_suits_are_illegal(play_: str) -> None:
    assert combination(cards(play_)) is None
    s = start(2, 0, play_)
    rejects(s, Cards(0, cards(play_)), "combination", "neither one rank nor one suit")


def test_one_rank_in_several_suits_is_a_group() -> None:
    assert combination(cards("2H 2S")) == "group"
    assert combination(cards("7C 7D 7H 7S")) == "group"
    assert combination(cards("7C JK 7S")) == "group"


@pytest.mark.parametrize("play_", ["BS JK", "BS 2H", "2H BS", "BS AS KS QS", "BS 5H 5D", "JK BS JK"])
def test_the_black_swan_with_any_other_card_is_illegal(play_: str) -> None:
    assert combination(cards(play_)) is None
    s = start(2, 0, play_)
    rejects(s, Cards(0, cards(play_)), "combination", "Black Swan")


def test_the_black_swan_alone_is_a_single() -> None:
    assert combination([SWAN]) == "single"
    s = start(2, 1, "", "BS")
    assert play(s, "BS") == []
    assert s.to_move == 0 and table_size(s) == 1


@pytest.mark.parametrize("triple", [False, True])
def test_jokers_alone(triple: bool) -> None:
    assert combination([JOKER], joker_triple=triple) == "single"
    assert combination([JOKER, JOKER], joker_triple=triple) == "group"
    assert combination([JOKER] * 3, joker_triple=triple) == ("group" if triple else None)
    s = start(2, 0, "JK JK JK", joker_triple=triple)
    assert can_play(s, "JK") and can_play(s, "JK JK")
    if triple:
        assert can_play(s, "JK JK JK")
    else:
        rejects(s, Cards(0, [JOKER] * 3), "combination", "jokers alone make only a single or a pair")
    # jokers with natural cards are not jokers alone
    assert combination(cards("JK JK JK 9H")) == "group"


@pytest.mark.parametrize("m", [2, 3, 4, 5, 6, 7])
def test_min_run(m: int) -> None:
    run = ["2H", "3H", "4H", "5H", "6H", "7H", "8H"]
    s = start(2, 0, "2H 3H 4H 5H 6H 7H 8H JK", min_run=m)
    assert combination(cards(" ".join(run[:m])), min_run=m) == "sequence"
    assert can_play(s, " ".join(run[:m]))
    # a joker fills a gap or extends an end, and counts towards the length
    assert can_play(s, " ".join(["2H", "JK", *run[2:m]]))
    assert can_play(s, " ".join([*run[: m - 1], "JK"]))
    if m > 2:
        short = " ".join(run[: m - 1])
        assert combination(cards(short), min_run=m) is None
        assert combination(cards(short), min_run=m - 1) == "sequence"
        rejects(s, Cards(0, cards(short)), "combination", f"a sequence needs at least {m} cards")
    if m > 3:
        rejects(s, Cards(0, cards(" ".join([*run[: m - 2], "JK"]))), "combination", f"at least {m}")
    # a natural card and a joker (or two of a rank) are a pair, whatever min_run
    assert can_play(s, "2H JK")
    assert combination(cards("5H 5D"), min_run=m) == "group"


def test_other_faults_of_a_play() -> None:
    s = start(2, 0, "5H 6H JK")
    rejects(s, Cards(0, []), "play-empty", "at least one card")
    rejects(s, Cards(0, cards("7H")), "not-held", "holds", "5H 6H")
    rejects(s, Cards(0, cards("5H 6H 7H")), "not-held", "7H is not in the hand", "JK")
    rejects(s, Cards(0, cards("JK JK")), "not-held", "JK", "2 times")
    rejects(s, Cards(0, cards("2C 3C 4C 5C 6C 7C 8C 9C")), "too-many", "8 cards on a table of 0", "at most 7")
    rejects(s, Cards(1, cards("2C")), "out-of-turn", "seat 0 (Ann) is to play")
    rejects(s, Cards(7, cards("2C")), "out-of-turn", "seat 0 (Ann)")


# -- turns and captures -------------------------------------------------------------------
# Four players, teams, Bob first. Bob: AC AD AH AS JK JK JK | 2C..8C. Ann: 2D..6D | 2H..8H |
# 9S | TS. Cy: 9C | KC KD KH | ten more. Dee: TC | QC QD | eleven more.
#  1 Bob   AC AD AH AS JK JK JK   7: Bob captures, starts again
#  2 Bob   2C..8C                 7: Bob captures and is out (1st): Cy, next with cards, starts
#  3 Cy    9C                     1
#  4 Dee   TC                     2
#  5 Ann   2D 3D 4D 5D 6D         7: Ann captures, starts again
#  6 Ann   2H..8H                 7: Ann captures, starts again
#  7 Ann   9S                     1: Bob is out, so Cy
#  8 Cy    KC KD KH               4
#  9 Dee   QC QD                  6
# 10 Ann   TS                     7: Ann captures and is out (2nd): Bob is out, so Cy starts
FOUR_ANN = "2D 3D 4D 5D 6D 2H 3H 4H 5H 6H 7H 8H 9S TS"
FOUR_BOB = "AC AD AH AS JK JK JK 2C 3C 4C 5C 6C 7C 8C"
FOUR_CY = "9C KC KD KH 7D 8D 9D TD JD 9H TH JH 2S 3S"
FOUR_DEE = "TC QC QD JC QH 4S 5S 6S 7S 8S JS QS KS BS"


def test_turns_go_clockwise_skipping_players_who_are_out() -> None:
    s = start(4, 1, FOUR_ANN, FOUR_BOB, FOUR_CY, FOUR_DEE)
    steps: list[tuple[str, list[Event], int, int]] = [
        ("AC AD AH AS JK JK JK", [cap(1, "AC AD AH AS JK JK JK")], 1, 0),
        ("2C 3C 4C 5C 6C 7C 8C", [WentOut(1, 1), cap(1, "2C 3C 4C 5C 6C 7C 8C")], 2, 0),
        ("9C", [], 3, 1),
        ("TC", [], 0, 2),
        ("2D 3D 4D 5D 6D", [cap(0, "9C TC 2D 3D 4D 5D 6D")], 0, 0),
        ("2H 3H 4H 5H 6H 7H 8H", [cap(0, "2H 3H 4H 5H 6H 7H 8H")], 0, 0),
        ("9S", [], 2, 1),
        ("KC KD KH", [], 3, 4),
        ("QC QD", [], 0, 6),
        ("TS", [WentOut(0, 2), cap(0, "9S KC KD KH QC QD TS")], 2, 0),
    ]
    for i, (codes, events, to_move, size) in enumerate(steps, 1):
        assert play(s, codes) == events, i
        assert (s.to_move, table_size(s)) == (to_move, size), i
        if i == 7:
            # Bob, out, is never asked to play: his seat is out of turn
            rejects(s, Cards(1, cards("2C")), "out-of-turn", "seat 2 (Cy) is to play")
    assert not s.deal_over
    assert hand_of(s, 0) == [] and hand_of(s, 1) == []


def test_a_captor_who_just_went_out_passes_the_start_clockwise() -> None:
    # three players, Cy first; Cy goes out capturing; Ann (seat 0) is next clockwise
    s = start(3, 2, "", "", "2H 3H 4H 5H 6H 7H 8H 2S 3S 4S 5S 6S 7S 8S")
    play(s, "2H 3H 4H 5H 6H 7H 8H")
    assert s.to_move == 2
    assert play(s, "2S 3S 4S 5S 6S 7S 8S") == [WentOut(2, 1), cap(2, "2S 3S 4S 5S 6S 7S 8S")]
    assert s.to_move == 0
    play(s, "2C")
    assert s.to_move == 1
    play(s, "3D")
    assert s.to_move == 0  # Cy, out, is skipped


# Two players, Ann first, the Black Swan in the deck.
# Ann: AC AD AH AS JK JK JK | 2C..8C. Bob: 2D..8D | 9C TC JC QC KC | 9D | BS.
#  1 Ann   AC AD AH AS JK JK JK   7: Ann captures (80 - 60 = 20), starts again
#  2 Ann   2C..8C                 7: Ann captures (5) and is out (1st)
#  3 Bob   2D..8D                 7: Bob, alone, captures his own table (5) and goes on
#  4 Bob   9C TC JC QC KC         5
#  5 Bob   9D                     6
#  6 Bob   BS                     7: the last table: 9C TC JC QC KC 9D (40) go to Ann, first out;
#                                    Bob keeps the Black Swan (-100)
# Ann 20 + 5 + 40 = 65, Bob 5 - 100 = -95. Bob made the last play: he starts deal 2.
TWO_ANN = "AC AD AH AS JK JK JK 2C 3C 4C 5C 6C 7C 8C"
TWO_BOB = "2D 3D 4D 5D 6D 7D 8D 9C TC JC QC KC 9D BS"
TWO_PLAYS = [
    "AC AD AH AS JK JK JK",
    "2C 3C 4C 5C 6C 7C 8C",
    "2D 3D 4D 5D 6D 7D 8D",
    "9C TC JC QC KC",
    "9D",
    "BS",
]


def two_player_deal(state: GameState) -> list[list[Event]]:
    state.begin_deal(Deal(0, [cards(TWO_ANN), cards(TWO_BOB)], [], []))
    return [play(state, p) for p in TWO_PLAYS]


def test_a_player_alone_takes_every_turn_and_the_last_table_goes_to_the_first_out() -> None:
    s = new(2)
    s.begin_deal(Deal(0, [cards(TWO_ANN), cards(TWO_BOB)], [], []))
    expected: list[tuple[list[Event], int | None]] = [
        ([cap(0, "AC AD AH AS JK JK JK")], 0),
        ([WentOut(0, 1), cap(0, "2C 3C 4C 5C 6C 7C 8C")], 1),
        ([cap(1, "2D 3D 4D 5D 6D 7D 8D")], 1),  # a table Bob completes before the last is his
        ([], 1),
        ([], 1),
    ]
    for i, (p, (events, to_move)) in enumerate(zip(TWO_PLAYS[:-1], expected, strict=True), 1):
        if i == 5:  # the Black Swan may not come along with the 9D either
            rejects(s, Cards(1, cards("9D BS")), "combination", "Black Swan")
        assert play(s, p) == events, i
        assert s.to_move == to_move, i
    last = play(s, "BS")
    final = Captured(0, tuple(cards("9C TC JC QC KC 9D")), True, 1, (SWAN,))
    assert last == [WentOut(1, 2), final, DealScored(0, (65, -95), (65, -95))]
    assert s.deal_over and s.to_move is None and not s.finished
    assert s.deal_scores == [(65, -95)] and s.totals == [65, -95]
    assert s.legal_actions() == []
    rejects(s, Cards(1, cards("2C")), "after-end", "deal 1 is over")


def test_the_next_deal_is_started_by_the_last_player_who_held_cards() -> None:
    s = new(2)
    two_player_deal(s)
    err = rejects_deal(s, Deal(0, hands(2), [], []), "deal-first")
    assert "deal 2 is started by seat 0 (Ann)" in err.reason
    assert "the last player holding cards in deal 1 was seat 1 (Bob)" in err.reason
    s.begin_deal(Deal(1, hands(2), [], []))
    assert s.to_move == 1


def rejects_deal(state: GameState, deal: Deal[Action], rule: str, *fragments: str) -> Illegal:
    with pytest.raises(Illegal) as info:
        state.begin_deal(deal)
    assert info.value.rule == rule, info.value
    for f in fragments:
        assert f in info.value.reason, info.value.reason
    return info.value


def test_faulty_deals() -> None:
    rejects_deal(new(2), Deal(2, hands(2), [], []), "deal-first", "first player 2 is not a seat")
    rejects_deal(new(2), Deal(0, hands(3), [], []), "deal-hands", "3 hands to 2 players")
    short = hands(2)
    short[1] = short[1][:13]
    rejects_deal(new(2), Deal(0, short, [], []), "deal-size", "14 cards", "seat 1 (Bob) has 13")
    rejects_deal(new(2), Deal(0, hands(2), cards("AS"), []), "deal-stock", "no stock")
    twice = hands(2, "AS")
    twice[1][-1] = D.parse("AS")
    rejects_deal(new(2), Deal(0, twice, [], []), "deal-duplicate", "AS", "seat 1 (Bob)")
    four_jokers = hands(2, "JK JK JK")
    four_jokers[1][-1] = JOKER
    rejects_deal(new(2), Deal(0, four_jokers, [], []), "deal-duplicate", "JK", "3 times")
    rejects_deal(new(2), Deal(0, [[*hands(2)[0][:13], 60], hands(2)[1]], [], []), "deal-card", "#60")


# Four players, teams (Ann & Cy against Bob & Dee), Ann first.
# Deal A: Ann clubs + JK, Bob diamonds + JK, Cy hearts + JK, Dee spades + BS.
#  Ann 2C..8C (captures 5), 9C..AC JK (captures 40 + 20 - 20 = 40, out 1st); Bob the same with
#  diamonds (5, 40, out 2nd); Cy with hearts (5, 40, out 3rd); Dee alone: 2S..8S is her own
#  table (5), then 9S..AS (6 on the table) and BS: the last table, 9S..AS (60) to Ann, the
#  Black Swan (-100) kept by Dee.
#  Ann 105, Bob 45, Cy 45, Dee -95: Ann & Cy 150, Bob & Dee -50 (sum 100).
DEAL_A = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC JK",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD JK",
    "2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH JK",
    "2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS BS",
]
PLAYS_A = [
    "2C 3C 4C 5C 6C 7C 8C",
    "9C TC JC QC KC AC JK",
    "2D 3D 4D 5D 6D 7D 8D",
    "9D TD JD QD KD AD JK",
    "2H 3H 4H 5H 6H 7H 8H",
    "9H TH JH QH KH AH JK",
    "2S 3S 4S 5S 6S 7S 8S",
    "9S TS JS QS KS AS",
    "BS",
]
# Deal B: Ann clubs + JK, Bob BS + spades, Cy hearts + JK, Dee diamonds + JK.
#  1 Ann 2C..8C             captures 5
#  2 Ann 9C..AC JK          captures 40, out 1st: Bob next
#  3 Bob BS                 1
#  4 Cy  9H TH JH QH KH AH  7: Cy captures BS 9H..AH (-100 + 60 = -40)
#  5 Cy  2H..8H             7: Cy captures 5
#  6 Cy  JK                 1: Cy out 2nd
#  7 Dee 2D..7D             7: Dee captures JK 2D..7D (-20 + 5 = -15)
#  8 Dee 8D 9D TD JD QD KD AD  7: Dee captures 60
#  9 Dee JK                 1: Dee out 3rd; Ann out, so Bob
# 10 Bob 2S..7S             7: Bob captures JK 2S..7S (-15): his own, cards remain (his)
# 11 Bob 8S..AS             7: the last table, 8S..AS (60), to Ann
#  Ann 105, Bob -15, Cy -35, Dee 45: Ann & Cy 70, Bob & Dee 30 (sum 100).
DEAL_B = [
    "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC JK",
    "BS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AS",
    "9H TH JH QH KH AH 2H 3H 4H 5H 6H 7H 8H JK",
    "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD JK",
]
PLAYS_B = [
    "2C 3C 4C 5C 6C 7C 8C",
    "9C TC JC QC KC AC JK",
    "BS",
    "9H TH JH QH KH AH",
    "2H 3H 4H 5H 6H 7H 8H",
    "JK",
    "2D 3D 4D 5D 6D 7D",
    "8D 9D TD JD QD KD AD",
    "JK",
    "2S 3S 4S 5S 6S 7S",
    "8S 9S TS JS QS KS AS",
]


def run_deal(
    state: GameState, first: int, deal: Sequence[str], plays: Sequence[str], declare: int | None = None
) -> list[list[Event]]:
    state.begin_deal(Deal(first, [cards(h) for h in deal], [], []))
    out = []
    if declare is not None:
        out.append(list(state.apply(Declare(declare))))
    out.extend(play(state, p) for p in plays)
    assert state.deal_over
    return out


def test_four_players_final_capture_less_the_swan_kept_by_its_taker() -> None:
    s = new(4)
    events = run_deal(s, 0, DEAL_A, PLAYS_A)
    assert events[1] == [WentOut(0, 1), cap(0, "9C TC JC QC KC AC JK")]
    assert events[3] == [WentOut(1, 2), cap(1, "9D TD JD QD KD AD JK")]
    assert events[5] == [WentOut(2, 3), cap(2, "9H TH JH QH KH AH JK")]
    assert events[6] == [cap(3, "2S 3S 4S 5S 6S 7S 8S")]
    assert events[7] == []
    final = Captured(0, tuple(cards("9S TS JS QS KS AS")), True, 3, (SWAN,))
    assert events[8] == [WentOut(3, 4), final, DealScored(0, (150, -50), (150, -50))]
    assert s.sides == ["Ann & Cy", "Bob & Dee"]
    # Dee made the last play: she starts the next deal
    rejects_deal(s, Deal(0, [cards(h) for h in DEAL_A], [], []), "deal-first", "seat 3 (Dee)")
    s.begin_deal(Deal(3, [cards(h) for h in DEAL_A], [], []))
    assert s.to_move == 3


def test_four_players_the_swan_captured_before_the_last_table() -> None:
    s = new(4)
    events = run_deal(s, 0, DEAL_B, PLAYS_B)
    assert events[3] == [cap(2, "BS 9H TH JH QH KH AH")]
    assert events[5] == [WentOut(2, 2)]
    assert events[6] == [cap(3, "JK 2D 3D 4D 5D 6D 7D")]
    assert events[8] == [WentOut(3, 3)]
    assert events[9] == [cap(1, "JK 2S 3S 4S 5S 6S 7S")]
    final = Captured(0, tuple(cards("8S 9S TS JS QS KS AS")), True, 1, ())
    assert events[10] == [WentOut(1, 4), final, DealScored(0, (70, 30), (70, 30))]
    assert s.to_move is None
    assert s.expected_dealer() == 1


def test_turn_order_in_deal_b() -> None:
    s = new(4)
    s.begin_deal(Deal(0, [cards(h) for h in DEAL_B], [], []))
    movers = []
    for p in PLAYS_B:
        movers.append(s.to_move)
        play(s, p)
    assert movers == [0, 0, 1, 2, 2, 2, 3, 3, 3, 1, 1]


# -- teams, targets and the end of the match ----------------------------------------------
@pytest.mark.parametrize(
    ("n", "teams", "sides", "target"),
    [
        (4, None, ["Ann & Cy", "Bob & Dee"], 500),
        (4, True, ["Ann & Cy", "Bob & Dee"], 500),
        (4, False, NAMES, 300),
        (3, None, NAMES[:3], 300),
        (3, True, NAMES[:3], 300),
        (2, None, NAMES[:2], 300),
        (2, True, NAMES[:2], 300),
    ],
)
def test_teams_and_target_defaults(n: int, teams: bool | None, sides: list[str], target: int) -> None:
    rules = {} if teams is None else {"teams": teams}
    s = GAME.new_state(rules, NAMES[:n])
    assert s.sides == sides
    assert s.totals == [0] * len(sides)
    filled = GAME.filled_rules(rules, n)
    assert filled["target"] == target
    assert filled["teams"] == (teams if teams is not None else n == 4)
    s.begin_deal(Deal(0, hands(n), [], []))
    assert ("Target", str(target)) in presenter(s.game.id).view(s).lines
    # a target given is kept
    assert GAME.filled_rules({**rules, "target": 77}, n)["target"] == 77


def test_four_players_without_teams_score_alone() -> None:
    s = new(4, teams=False)
    events = run_deal(s, 0, DEAL_A, PLAYS_A)
    assert events[-1][-1] == DealScored(0, (105, 45, 45, -95), (105, 45, 45, -95))
    s2 = new(4, teams=False)
    assert run_deal(s2, 0, DEAL_B, PLAYS_B)[-1][-1] == DealScored(0, (105, -15, -35, 45), (105, -15, -35, 45))


def test_two_and_three_players_ignore_teams() -> None:
    s = new(2, teams=True)
    assert two_player_deal(s)[-1][-1] == DealScored(0, (65, -95), (65, -95))


@pytest.mark.parametrize(("target", "ends"), [(60, True), (65, True), (66, False), (500, False)])
def test_the_match_ends_when_a_side_alone_has_reached_the_target(target: int, ends: bool) -> None:
    s = new(2, target=target)
    last = two_player_deal(s)[-1]
    assert s.finished == ends
    assert (MatchEnded((0,)) in last) == ends
    if ends:
        assert s.winners() == (0,)
        rejects_deal(s, Deal(1, hands(2), [], []), "deal-after-end", "game is over after deal 1")
    else:
        s.begin_deal(Deal(1, hands(2), [], []))


@pytest.mark.parametrize(("target", "ends"), [(150, True), (151, False)])
def test_team_match_end(target: int, ends: bool) -> None:
    s = new(4, target=target)
    last = run_deal(s, 0, DEAL_A, PLAYS_A)[-1]
    assert s.finished == ends
    assert (MatchEnded((0,)) in last) == ends


# A tie at the top plays on. Two players, no Black Swan (swan_in_short_game=false).
# Deal 1, Ann first: Ann 2C..8C (5), 2D..8D (5), out; Bob alone: 4S..TS his own (5S 5 + TS 10
#   = 15), then 2H..8H, the last table (5), to Ann. Ann 15, Bob 15.
# Deal 2, Bob first (the last to hold cards): Bob 2C..8C (5), 2D..8D (5), out; Ann alone:
#   3S..9S her own (5), then 2H..8H (5), to Bob. Ann 5, Bob 15. Totals Ann 20, Bob 30.
TIE_1 = (["2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D 8D", "4S 5S 6S 7S 8S 9S TS 2H 3H 4H 5H 6H 7H 8H"], 0)
TIE_1_PLAYS = ["2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D", "4S 5S 6S 7S 8S 9S TS", "2H 3H 4H 5H 6H 7H 8H"]
TIE_2 = (["3S 4S 5S 6S 7S 8S 9S 2H 3H 4H 5H 6H 7H 8H", "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D 8D"], 1)
TIE_2_PLAYS = ["2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D", "3S 4S 5S 6S 7S 8S 9S", "2H 3H 4H 5H 6H 7H 8H"]


@pytest.mark.parametrize("target", [10, 15])
def test_a_tie_at_the_top_plays_on(target: int) -> None:
    s = new(2, target=target, swan_in_short_game=False)
    first = run_deal(s, TIE_1[1], TIE_1[0], TIE_1_PLAYS)
    assert first[-1][-1] == DealScored(0, (15, 15), (15, 15))
    assert not s.finished  # both reached the target, neither alone on top
    last = run_deal(s, TIE_2[1], TIE_2[0], TIE_2_PLAYS)
    assert last[-1] == [
        WentOut(0, 2),
        Captured(1, tuple(cards("2H 3H 4H 5H 6H 7H 8H")), True, 0, ()),
        DealScored(1, (5, 15), (20, 30)),
        MatchEnded((1,)),
    ]
    assert s.finished and s.winners() == (1,)


def test_no_side_at_the_target_plays_on() -> None:
    s = new(2, target=31, swan_in_short_game=False)
    run_deal(s, TIE_1[1], TIE_1[0], TIE_1_PLAYS)
    run_deal(s, TIE_2[1], TIE_2[0], TIE_2_PLAYS)
    assert s.totals == [20, 30] and not s.finished
    assert s.expected_dealer() == 0


def test_a_match_as_a_record_verifies_with_its_claim() -> None:
    deal = Deal(
        0,
        [cards(TWO_ANN), cards(TWO_BOB)],
        [],
        [Cards(s, cards(p)) for s, p in zip([0, 0, 1, 1, 1, 1], TWO_PLAYS, strict=True)],
    )
    record = Record(
        game="black-swan-2012",
        players=NAMES[:2],
        rules={"target": 60},
        deals=[deal],
        claim=Claim(deals=[[65, -95]], totals=[65, -95]),
    )
    v = verify_record(record)
    assert v.status == "valid", v.message()
    wrong = Record(
        game="black-swan-2012",
        players=NAMES[:2],
        rules={"target": 60},
        deals=[deal],
        claim=Claim(totals=[-95, 65]),
    )
    assert verify_record(wrong).status == "mismatch"


# -- the Black Swan in short games --------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3])
def test_swan_in_short_game_false_takes_the_swan_out(n: int) -> None:
    with_swan = hands(n, "BS")
    state = new(n, swan_in_short_game=False)
    rejects_deal(state, Deal(0, with_swan, [], []), "deal-card", "BS", "this game")
    new(n, swan_in_short_game=False).begin_deal(Deal(0, hands(n, swan=False), [], []))
    # by default the Swan is in the deck
    new(n).begin_deal(Deal(0, with_swan, [], []))


def test_swan_in_short_game_does_not_touch_four_players() -> None:
    s = new(4, swan_in_short_game=False)
    run_deal(s, 0, DEAL_A, PLAYS_A)
    assert s.deal_scores == [(150, -50)]


# -- declarations -------------------------------------------------------------------------
def test_declaration_doubles_a_negative_score() -> None:
    s = new(4, swan_declaration=True)
    events = run_deal(s, 0, DEAL_A, PLAYS_A, declare=3)
    assert events[0] == [Declared(3)]
    assert events[-1][-1] == DealScored(0, (150, -100), (150, -100))


def test_declaration_doubles_a_positive_score_wherever_the_swan_ends() -> None:
    s = new(4, swan_declaration=True)
    events = run_deal(s, 0, DEAL_B, PLAYS_B, declare=1)
    assert events[-1][-1] == DealScored(0, (70, 60), (70, 60))


def test_who_may_declare_and_when() -> None:
    s = new(4, swan_declaration=True)
    s.begin_deal(Deal(0, [cards(h) for h in DEAL_A], [], []))
    acts = s.legal_actions()
    assert [a for a in acts if isinstance(a, Declare)] == [Declare(3)]
    for seat in (0, 1, 2):
        rejects(s, Declare(seat), "declare", f"{seat_name(s.players, seat)} was not dealt the Black Swan")
    rejects(s, Declare(4), "declare", "seat 4 is not at the table")
    # whoever's turn it is (Ann's): Dee declares, and it is still Ann's turn
    assert s.to_move == 0
    assert list(s.apply(Declare(3))) == [Declared(3)]
    assert s.to_move == 0
    rejects(s, Declare(3), "declare", "already declared")
    assert not any(isinstance(a, Declare) for a in s.legal_actions())
    # only before the deal's first play
    s2 = new(4, swan_declaration=True)
    s2.begin_deal(Deal(0, [cards(h) for h in DEAL_A], [], []))
    play(s2, PLAYS_A[0])
    rejects(s2, Declare(3), "declare", "only before the deal's first play")
    assert not any(isinstance(a, Declare) for a in s2.legal_actions())


@pytest.mark.parametrize(
    ("n", "rules", "why"),
    [
        (4, {}, "option swan_declaration is off"),
        (4, {"swan_declaration": False}, "option swan_declaration is off"),
        (4, {"swan_declaration": True, "teams": False}, "not a team game"),
        (3, {"swan_declaration": True}, "not a team game"),
        (2, {"swan_declaration": True, "teams": True}, "not a team game"),
    ],
)
def test_declaration_only_in_the_team_game_with_the_option(
    n: int, rules: dict[str, object], why: str
) -> None:
    s = GAME.new_state(rules, NAMES[:n])
    given = ["", "", "", "BS"][:n]
    given[-1] = "BS"
    s.begin_deal(Deal(0, hands(n, *given), [], []))
    rejects(s, Declare(n - 1), "declare", why)
    assert not any(isinstance(a, Declare) for a in s.legal_actions())


# -- card points --------------------------------------------------------------------------
def test_card_points() -> None:
    by_rank = {"2": 0, "3": 0, "4": 0, "5": 5, "6": 0, "7": 0, "8": 0, "9": 0}
    by_rank |= {"T": 10, "J": 10, "Q": 10, "K": 10, "A": 20}
    for suit in "CDHS":
        for rank, points in by_rank.items():
            assert card_points(D.parse(rank + suit)) == points, rank + suit
    assert card_points(D.parse("10H")) == 10
    assert card_points(JOKER) == -20
    assert card_points(SWAN) == -100
    assert sum(card_points(c) for c in D.cards) == 100


# -- legal_actions agrees with can() ------------------------------------------------------
def sub_multisets(cards_: Sequence[int], most: int) -> set[tuple[int, ...]]:
    return {tuple(sorted(c)) for k in range(most + 1) for c in combinations(cards_, k)}


def check_legal_actions(state: GameState) -> int:
    seat = state.to_move
    assert seat is not None
    listed = [a for a in state.legal_actions() if isinstance(a, Cards)]
    keys = [tuple(a.cards) for a in listed]
    assert len(set(keys)) == len(keys), "a play listed twice"
    assert all(a.seat == seat for a in listed)
    assert all(list(k) == sorted(k) for k in keys)
    for a in listed:
        assert state.can(a), a
        assert state.can(Cards(seat, a.cards[::-1])), a  # the order of the cards does not matter
    legal = set(keys)
    hand = hand_of(state, seat)
    # every sub-multiset of up to 4 cards of the hand, with a joker and a card more (not held)
    candidates = sub_multisets([*hand, JOKER, D.parse("AD")], 4)
    for c in candidates:
        assert state.can(Cards(seat, list(c))) == (c in legal), (D.codes_of(c), D.codes_of(hand))
        if c:
            assert not state.can(Cards((seat + 1) % state.n, list(c)))
    assert all(len(k) <= 7 - table_size(state) for k in keys)
    return len(candidates)


@pytest.mark.parametrize(("min_run", "triple"), [(2, False), (3, True), (5, False), (7, True)])
def test_legal_actions_agree_with_can(min_run: int, triple: bool) -> None:
    s = start(
        2,
        0,
        "2C 3C 4C 5C 6C 7C 8C 5H 6H 8H 5S BS JK JK",
        "9D 9H 9S QH",
        min_run=min_run,
        joker_triple=triple,
    )
    check_legal_actions(s)  # 14 cards, an empty table
    play(s, "2C 3C 4C 5C 6C 7C 8C")
    assert s.to_move == 0
    check_legal_actions(s)  # 5H 6H 8H 5S BS JK JK, an empty table
    play(s, "5S")
    check_legal_actions(s)  # Bob, one on the table
    play(s, "9D 9H")
    check_legal_actions(s)  # room 4
    play(s, "8H")
    play(s, "9S")
    assert table_size(s) == 5
    check_legal_actions(s)  # room 2
    play(s, "JK JK")
    assert s.to_move == 0
    check_legal_actions(s)  # 5H 6H BS after a capture


def test_legal_actions_list_declarations_that_can_be_made() -> None:
    s = new(4, swan_declaration=True)
    s.begin_deal(Deal(0, [cards(h) for h in DEAL_B], [], []))
    declares = [a for a in s.legal_actions() if isinstance(a, Declare)]
    assert declares == [Declare(1)]
    assert [seat for seat in range(4) if s.can(Declare(seat))] == [1]
