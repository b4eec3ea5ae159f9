"""Blackball, rule by rule (RULINGS.md section 1), driving the GameState directly.

Every scenario is worked out by hand from the rulings: small hands dealt on purpose, the
expected trick winners, scores and error messages written down before running the engine.
Each Illegal is checked for its stable rule id and for the context in its reason.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from gamerec.cards import FRENCH
from gamerec.checking.verdicts import verify_record
from gamerec.engine import DealScored, GameState, MatchEnded, TrickWon, seat_name
from gamerec.errors import Illegal
from gamerec.games import get_game
from gamerec.record import Action, Bid, Deal, Play, Record

BB = get_game("blackball")
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"]

# hand sizes by RULINGS.md section 1, written out by hand
SIZES_171 = [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
SIZES_717 = [7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7]


# -- helpers ------------------------------------------------------------------------------
def cards(codes: str) -> list[int]:
    return [FRENCH.parse(c) for c in codes.split()]


def card(code: str) -> int:
    return FRENCH.parse(code)


def new(n: int = 3, **rules: object) -> GameState:
    return BB.new_state(rules, NAMES[:n])


def deal(dealer: int, hands: Sequence[str], up: str = "") -> Deal[Action]:
    return Deal(dealer, [cards(h) for h in hands], cards(up), [])


def filler(state: GameState, dealer: int | None = None) -> Deal[Action]:
    """A plain legal deal for the next round: cards in deck order, the next one turned up."""
    size = state.sizes[state.deal_index + 1]
    expected = state.expected_dealer()
    d = expected if expected is not None else (dealer or 0)
    hands = [list(range(s * size, (s + 1) * size)) for s in range(state.n)]
    stock = [] if size == 7 else [state.n * size]
    return Deal(d, hands, stock, [])


def play_out(state: GameState) -> None:
    """Finish the current round with the first legal action each time."""
    while not state.deal_over:
        state.apply(state.legal_actions()[0])


def skip_rounds(state: GameState, rounds: int, first_dealer: int = 0) -> None:
    for _ in range(rounds):
        state.begin_deal(filler(state, first_dealer))
        play_out(state)


def bid(state: GameState, *values: int) -> None:
    """Bids in turn order, starting with whoever is to move."""
    for v in values:
        seat = state.to_move
        assert seat is not None
        state.apply(Bid(seat, v))


def play(state: GameState, code: str) -> list[object]:
    seat = state.to_move
    assert seat is not None
    return list(state.apply(Play(seat, card(code))))


def illegal(state: GameState, action: Action, rule: str, *context: str) -> Illegal:
    """``action`` is refused now with ``rule``, its reason mentions every ``context``;
    can() agrees, legal_actions() leaves it out, and apply() changes nothing."""
    with pytest.raises(Illegal) as info:
        state.verify(action)
    err = info.value
    assert err.rule == rule, err
    for text in context:
        assert text in err.reason, (text, err.reason)
    assert f"[{rule}]" in str(err)
    assert not state.can(action)
    assert action not in state.legal_actions()
    before = (state.to_move, state.deal_over, list(state.totals))
    with pytest.raises(Illegal) as again:
        state.apply(action)
    assert again.value.rule == rule
    assert (state.to_move, state.deal_over, list(state.totals)) == before
    return err


def illegal_deal(state: GameState, d: Deal[Action], rule: str, *context: str) -> Illegal:
    with pytest.raises(Illegal) as info:
        state.begin_deal(d)
    err = info.value
    assert err.rule == rule, err
    for text in context:
        assert text in err.reason, (text, err.reason)
    return err


def tricks(events: Sequence[object]) -> list[TrickWon]:
    return [e for e in events if isinstance(e, TrickWon)]


# -- players ------------------------------------------------------------------------------
@pytest.mark.parametrize("n", range(2, 8))
def test_two_to_seven_players_play(n: int) -> None:
    state = new(n)
    assert state.n == n
    state.begin_deal(filler(state))
    assert state.to_move == 1 % n


@pytest.mark.parametrize("n", [0, 1, 8, 9])
def test_other_player_counts_are_refused(n: int) -> None:
    with pytest.raises(Illegal) as info:
        BB.new_state({}, ["P"] * n)
    assert info.value.rule == "players"
    assert "2 to 7" in info.value.reason
    assert f"not {n}" in info.value.reason


@pytest.mark.parametrize(
    ("rules", "context"),
    [
        ({"colour": "red"}, "colour"),
        ({"schedule": "1-8-1"}, "schedule"),
        ({"hook": 1}, "hook"),
        ({"must_trump": "yes"}, "must_trump"),
    ],
)
def test_unknown_option_or_value_out_of_range_is_illegal(rules: dict[str, object], context: str) -> None:
    with pytest.raises(Illegal) as info:
        BB.new_state(rules, NAMES[:3])
    assert info.value.rule == "options"
    assert context in info.value.reason


def test_defaults() -> None:
    assert BB.filled_rules({}, 3) == {"schedule": "1-7-1", "hook": False, "must_trump": False}


# -- schedules and hand sizes -------------------------------------------------------------
@pytest.mark.parametrize(("schedule", "sizes"), [("1-7-1", SIZES_171), ("7-1-7", SIZES_717)])
@pytest.mark.parametrize("n", [2, 7])
def test_schedule_hand_sizes(schedule: str, sizes: list[int], n: int) -> None:
    state = new(n, schedule=schedule)
    for number, size in enumerate(sizes, 1):
        assert not state.finished
        good = filler(state, 0)
        wrong = size + 1 if size < 7 else size - 1
        bad = Deal(
            good.dealer,
            [list(range(s * wrong, (s + 1) * wrong)) for s in range(n)],
            [] if size == 7 else [51],
            [],
        )
        illegal_deal(state, bad, "deal-size", f"round {number} deals {size} card", f"has {wrong}")
        state.begin_deal(good)
        assert [len(h) for h in state.hands] == [size] * n
        play_out(state)
        assert len(state.deal_scores) == number
    assert state.finished


def test_record_of_the_whole_schedule_and_no_more() -> None:
    state = new(2)
    deals = []
    while not state.finished:
        d = filler(state, 1)
        state.begin_deal(d)
        while not state.deal_over:
            a = state.legal_actions()[-1]
            state.apply(a)
            d.actions.append(a)
        deals.append(d)
    assert len(deals) == 13
    rec = Record(game="blackball", players=NAMES[:2], deals=deals)
    assert verify_record(rec).status == "valid"
    short = Record(game="blackball", players=NAMES[:2], deals=deals[:12])
    assert verify_record(short).status == "incomplete"
    extra = Record(game="blackball", players=NAMES[:2], deals=[*deals, deals[0]])
    v = verify_record(extra)
    assert (v.status, v.rule, v.deal) == ("illegal", "deal-after-end", 14)


def test_begin_deal_after_the_last_round_is_illegal() -> None:
    state = new(2)
    skip_rounds(state, 13)
    assert state.finished
    with pytest.raises(Illegal):
        state.begin_deal(Deal(0, [[0], [1]], [2], []))


def test_wrong_number_of_hands() -> None:
    state = new(3)
    illegal_deal(state, deal(0, ["2C", "3C"], "4C"), "deal-hands", "deals 2 hands to 3 players")


def test_card_dealt_twice_or_not_a_card() -> None:
    state = new(3)
    illegal_deal(state, deal(0, ["2C", "3C", "2C"], "4C"), "deal-duplicate", "2C", "seat 2 (Cy)")
    illegal_deal(state, Deal(0, [[0], [1], [60]], [5], []), "deal-card", "#60", "seat 2 (Cy)")


def test_up_card_may_not_be_in_a_hand() -> None:
    state = new(3)
    illegal_deal(state, deal(0, ["2C", "3C", "4C"], "3C"), "deal-duplicate", "3C", "up-card")


# -- trump and the up-card ----------------------------------------------------------------
def test_seven_card_round_has_no_trump_and_no_up_card() -> None:
    hands = ["2C 3C 4C 5C 6C 7C 8C", "2D 3D 4D 5D 6D 7D 8D", "2H 3H 4H 5H 6H 7H 8H"]
    state = new(3, schedule="7-1-7")
    illegal_deal(state, deal(0, hands, "AS"), "deal-upcard", "no trump", "AS")
    state.begin_deal(deal(0, hands))
    assert state.trump == -1
    # 1-7-1: round 7 is the 7-card round
    state = new(3)
    skip_rounds(state, 6)
    dealer = state.expected_dealer()
    assert dealer is not None
    illegal_deal(state, deal(dealer, hands, "AS"), "deal-upcard", "round 7", "no trump", "AS")
    state.begin_deal(deal(dealer, hands))
    # 7-1-7: the last round (14) is a 7-card round too
    state = new(3, schedule="7-1-7")
    skip_rounds(state, 13)
    dealer = state.expected_dealer()
    assert dealer is not None
    illegal_deal(state, deal(dealer, hands, "AS"), "deal-upcard", "round 14", "no trump", "AS")
    state.begin_deal(deal(dealer, hands))
    assert state.trump == -1


def test_rounds_with_trump_need_exactly_one_up_card() -> None:
    state = new(3)
    illegal_deal(state, deal(0, ["2C", "3C", "4C"]), "deal-upcard", "round 1", "no up-card")
    illegal_deal(state, deal(0, ["2C", "3C", "4C"], "5C 6C"), "deal-upcard", "round 1", "5C 6C")
    state.begin_deal(deal(0, ["2C", "3C", "4C"], "5H"))
    assert state.trump == 2


def test_up_card_suit_is_trump() -> None:
    # round 1, up-card 5H: hearts are trump. Bob leads AC, Cy (void in clubs) plays 2H, Ann KC.
    state = new(3)
    state.begin_deal(deal(0, ["KC", "AC", "2H"], "5H"))
    bid(state, 1, 0, 0)
    play(state, "AC")
    play(state, "2H")
    events = play(state, "KC")
    (won,) = tricks(events)
    assert won.seat == 2
    assert won.cards == ((1, card("AC")), (2, card("2H")), (0, card("KC")))
    # the same cards with a spade up-card: no trump in play, AC wins
    state = new(3)
    state.begin_deal(deal(0, ["KC", "AC", "2H"], "5S"))
    bid(state, 0, 0, 0)
    play(state, "AC")
    play(state, "2H")
    assert tricks(play(state, "KC"))[0].seat == 1


# -- dealer -------------------------------------------------------------------------------
def test_first_dealer_is_free_but_a_seat() -> None:
    for dealer in range(4):
        state = new(4)
        state.begin_deal(deal(dealer, ["2C", "3C", "4C", "5C"], "6C"))
        assert state.to_move == (dealer + 1) % 4
    state = new(4)
    illegal_deal(state, deal(4, ["2C", "3C", "4C", "5C"], "6C"), "deal-dealer", "dealer 4", "0..3")
    illegal_deal(state, deal(-1, ["2C", "3C", "4C", "5C"], "6C"), "deal-dealer", "dealer -1")


def test_deal_passes_left() -> None:
    state = new(4)
    skip_rounds(state, 1, first_dealer=3)
    assert state.expected_dealer() == 0
    two = ["2C 3C", "4C 5C", "6C 7C", "8C 9C"]
    illegal_deal(
        state, deal(3, two, "AS"), "deal-dealer", "round 2", "seat 3 (Dee)", "passes left to seat 0 (Ann)"
    )
    illegal_deal(state, deal(1, two, "AS"), "deal-dealer", "passes left to seat 0 (Ann)")
    state.begin_deal(deal(0, two, "AS"))
    assert state.to_move == 1


def test_wrong_dealer_in_round_two_gives_an_illegal_verdict() -> None:
    state = new(3)
    d1 = filler(state, 0)
    state.begin_deal(d1)
    while not state.deal_over:
        a = state.legal_actions()[0]
        state.apply(a)
        d1.actions.append(a)
    d2 = Deal(2, [[0, 1], [2, 3], [4, 5]], [6], [])
    v = verify_record(Record(game="blackball", players=NAMES[:3], deals=[d1, d2]))
    assert (v.status, v.rule, v.deal, v.action) == ("illegal", "deal-dealer", 2, None)
    assert "passes left to seat 1 (Bob)" in (v.reason or "")


# -- bidding ------------------------------------------------------------------------------
def test_bidding_order_from_dealers_left_dealer_last() -> None:
    state = new(4)
    state.begin_deal(deal(2, ["2C", "3C", "4C", "5C"], "6C"))
    order = []
    for _ in range(4):
        seat = state.to_move
        assert seat is not None
        order.append(seat)
        for other in range(4):
            if other != seat:
                illegal(state, Bid(other, 0), "out-of-turn", f"{seat_name(state.players, seat)} is to bid")
        state.apply(Bid(seat, 0))
    assert order == [3, 0, 1, 2]
    assert state.to_move == 3  # bidding over: the dealer's left leads


@pytest.mark.parametrize("size_round", [1, 3])
def test_bid_range(size_round: int) -> None:
    state = new(3, schedule="1-7-1")
    skip_rounds(state, size_round - 1)
    state.begin_deal(filler(state))
    size = SIZES_171[size_round - 1]
    seat = state.to_move
    assert seat is not None
    illegal(state, Bid(seat, size + 1), "bid-range", f"0..{size}", f"{size}-card round")
    illegal(state, Bid(seat, -1), "bid-range", f"0..{size}")
    assert state.legal_actions() == [Bid(seat, t) for t in range(size + 1)]
    assert state.can(Bid(seat, 0))
    assert state.can(Bid(seat, size))


def test_hook_forbids_the_dealers_bid_that_totals_the_hand_size() -> None:
    # round 2 (2 cards), 3 players, dealer seat 1: Cy and Ann bid 1 and 0, the dealer may not bid 1
    state = new(3, hook=True)
    skip_rounds(state, 1, first_dealer=0)
    state.begin_deal(deal(1, ["2C 3C", "4C 5C", "6C 7C"], "AS"))
    assert state.to_move == 2
    bid(state, 1)
    # the hook binds the dealer only: Ann may bid anything
    assert state.legal_actions() == [Bid(0, 0), Bid(0, 1), Bid(0, 2)]
    bid(state, 0)
    illegal(state, Bid(1, 1), "hook", "dealer", "hand size", "1 + 1 = 2")
    assert state.legal_actions() == [Bid(1, 0), Bid(1, 2)]
    state.apply(Bid(1, 2))


def test_hook_off_lets_the_dealer_total_the_hand_size() -> None:
    state = new(3)
    skip_rounds(state, 1, first_dealer=0)
    state.begin_deal(deal(1, ["2C 3C", "4C 5C", "6C 7C"], "AS"))
    bid(state, 1, 0)
    assert state.legal_actions() == [Bid(1, 0), Bid(1, 1), Bid(1, 2)]
    state.apply(Bid(1, 1))


def test_hook_when_no_bid_can_total_the_hand_size() -> None:
    # the others already bid 3 in a 2-card round: every dealer bid is fine
    state = new(3, hook=True)
    skip_rounds(state, 1, first_dealer=0)
    state.begin_deal(deal(1, ["2C 3C", "4C 5C", "6C 7C"], "AS"))
    bid(state, 2, 1)
    assert state.legal_actions() == [Bid(1, 0), Bid(1, 1), Bid(1, 2)]


def test_all_bids_before_the_first_lead() -> None:
    state = new(3)
    state.begin_deal(deal(0, ["2C", "3C", "4C"], "5C"))
    bid(state, 0)
    illegal(state, Play(2, card("4C")), "wrong-action", "play during the bidding", "seat 2 (Cy) is to bid")
    bid(state, 0, 0)
    illegal(state, Bid(1, 0), "wrong-action", "bid after the bidding", "seat 1 (Bob) is to play")


def test_nothing_after_the_round_ends() -> None:
    state = new(2)
    state.begin_deal(deal(0, ["2C", "3C"], "5C"))
    bid(state, 0, 0)
    play(state, "3C")
    play(state, "2C")
    assert state.deal_over
    assert state.to_move is None
    assert state.legal_actions() == []
    illegal(state, Bid(1, 0), "after-end", "round 1 is over")


# -- play ---------------------------------------------------------------------------------
def test_dealers_left_leads_the_first_trick() -> None:
    state = new(4)
    state.begin_deal(deal(3, ["2C", "3C", "4C", "5C"], "6H"))
    bid(state, 0, 0, 0, 0)
    assert state.to_move == 0
    illegal(state, Play(3, card("5C")), "out-of-turn", "seat 0 (Ann) is to play")
    illegal(state, Play(1, card("3C")), "out-of-turn", "seat 0 (Ann) is to play")
    play(state, "2C")
    assert state.to_move == 1


def test_the_winner_leads_the_next_trick() -> None:
    # round 2, 3 players, dealer seat 1: Cy leads. Up-card 2S (spades trump).
    # trick 1: Cy 3C, Ann AC, Bob KC -> Ann wins and leads trick 2.
    state = new(3)
    skip_rounds(state, 1, first_dealer=0)
    state.begin_deal(deal(1, ["AC 4D", "KC 5D", "3C 9D"], "2S"))
    bid(state, 0, 0, 0)
    assert state.to_move == 2
    play(state, "3C")
    play(state, "AC")
    (won,) = tricks(play(state, "KC"))
    assert won.seat == 0
    assert won.number == 1
    assert state.to_move == 0
    illegal(state, Play(2, card("9D")), "out-of-turn", "seat 0 (Ann) is to play")
    # trick 2: Ann 4D, Bob 5D, Cy 9D -> Cy wins
    play(state, "4D")
    play(state, "5D")
    events = play(state, "9D")
    (won,) = tricks(events)
    assert (won.seat, won.number) == (2, 2)


def test_follow_suit_names_the_held_cards_of_the_led_suit() -> None:
    # round 3 (3 cards), 2 players, first dealer seat 1 -> round 3 dealer seat 1, Ann leads
    state = new(2)
    skip_rounds(state, 2, first_dealer=1)
    state.begin_deal(deal(1, ["KH 2C 3C", "7H AH QS"], "2D"))
    bid(state, 1, 1)
    play(state, "KH")
    err = illegal(state, Play(1, card("QS")), "follow-suit", "must follow hearts: holds AH 7H")
    assert err.reason == "must follow hearts: holds AH 7H"
    assert state.legal_actions() == [Play(1, card("7H")), Play(1, card("AH"))]
    play(state, "7H")


def test_a_card_not_held() -> None:
    state = new(2)
    state.begin_deal(deal(1, ["KH", "7H"], "2D"))
    bid(state, 0, 0)
    illegal(state, Play(0, card("7H")), "not-held", "holds KH")
    illegal(state, Play(0, card("2D")), "not-held", "holds KH")


def test_void_may_play_anything() -> None:
    state = new(2)
    skip_rounds(state, 2, first_dealer=1)
    state.begin_deal(deal(1, ["KH 2C 3C", "QS 4D 2S"], "5D"))
    bid(state, 0, 0)
    play(state, "KH")
    assert state.legal_actions() == [Play(1, c) for c in sorted(cards("QS 4D 2S"))]
    # a trump is allowed too, and wins
    (won,) = tricks(play(state, "4D"))
    assert won.seat == 1


def _must_trump_state(must_trump: bool) -> GameState:
    # 7-1-7, round 2 (6 cards), 3 players; round 1 dealt by seat 0, so round 2 by seat 1: Cy leads.
    # Up-card 5H: hearts are trump. Cy leads 2C, Ann trumps with KH, Bob is void in clubs.
    state = new(3, schedule="7-1-7", must_trump=must_trump)
    skip_rounds(state, 1, first_dealer=0)
    state.begin_deal(
        deal(
            1,
            ["KH 3D 4D 5D 6D 7D", "2H 9H AS 2S 3S 8D", "2C 3C 4C 5C 6C 7C"],
            "5H",
        )
    )
    bid(state, 0, 0, 0)
    play(state, "2C")
    play(state, "KH")
    return state


def test_must_trump_on() -> None:
    state = _must_trump_state(True)
    err = illegal(state, Play(1, card("AS")), "must-trump", "void in clubs", "hearts", "holds 9H 2H")
    assert err.reason == "void in clubs, must play a trump (hearts): holds 9H 2H"
    illegal(state, Play(1, card("8D")), "must-trump", "holds 9H 2H")
    # any trump satisfies it: no duty to overtrump KH
    assert state.legal_actions() == [Play(1, card("2H")), Play(1, card("9H"))]
    (won,) = tricks(play(state, "2H"))
    assert won.seat == 0


def test_must_trump_off() -> None:
    state = _must_trump_state(False)
    assert len(state.legal_actions()) == 6
    (won,) = tricks(play(state, "AS"))
    assert won.seat == 0


def test_must_trump_does_nothing_without_trump() -> None:
    # 7-1-7 round 1 is the 7-card round: no trump. Bob leads 2C, Cy is void in clubs.
    state = new(3, schedule="7-1-7", must_trump=True)
    state.begin_deal(
        deal(0, ["3C 4C 5C 6C 7C 8C 9C", "2C 2D 3D 4D 5D 6D 7D", "2H 3H 4H 5H 6H 7H AS"]),
    )
    bid(state, 0, 0, 0)
    play(state, "2C")
    assert len(state.legal_actions()) == 7
    (won,) = tricks(play(state, "AS") + play(state, "3C"))
    assert won.seat == 0  # AS is off-suit and there is no trump: the highest club wins


def test_must_trump_void_in_trump_plays_anything() -> None:
    state = _must_trump_state(True)
    play(state, "2H")
    # trick 2: Ann (winner) leads 3D, Bob 8D (follows), Cy void in diamonds and in hearts
    play(state, "3D")
    play(state, "8D")
    assert len(state.legal_actions()) == 5


def test_trick_winner_highest_trump_else_highest_of_led_suit() -> None:
    # 1-7-1 round 4 (4 cards), 4 players, first dealer seat 3 -> round 4 dealer seat 2, Dee leads.
    # Up-card 2S: spades are trump.
    state = new(4)
    skip_rounds(state, 3, first_dealer=3)
    state.begin_deal(
        deal(
            2,
            ["AD AH 3S 9C", "KD 4S QH 8C", "TD 5S 3H 7C", "4D KH 6S 6C"],
            "2S",
        )
    )
    bid(state, 0, 0, 0, 0)
    assert state.to_move == 3
    # trick 1: Dee 4D, Ann AD, Bob KD, Cy TD: no trump, AD highest diamond
    for c in ["4D", "AD", "KD"]:
        play(state, c)
    assert tricks(play(state, "TD"))[0].seat == 0
    # trick 2: Ann AH, Bob QH, Cy 3H, Dee KH: AH
    for c in ["AH", "QH", "3H"]:
        play(state, c)
    assert tricks(play(state, "KH"))[0].seat == 0
    # trick 3: Ann 9C, Bob 8C, Cy 7C, Dee 6C: 9C
    for c in ["9C", "8C", "7C"]:
        play(state, c)
    assert tricks(play(state, "6C"))[0].seat == 0
    # trick 4: Ann 3S, Bob 4S, Cy 5S, Dee 6S: 6S (trump led, highest trump)
    for c in ["3S", "4S", "5S"]:
        play(state, c)
    events = play(state, "6S")
    assert tricks(events)[0].seat == 3
    assert state.won == [3, 0, 0, 1]


def test_a_low_trump_beats_high_cards_and_off_suit_never_wins() -> None:
    # 7-1-7 round 2 (6 cards), 4 players, round 1 dealt by seat 0 -> round 2 by seat 1: Cy leads.
    # Up-card 9D: diamonds are trump.
    state = new(4, schedule="7-1-7")
    skip_rounds(state, 1, first_dealer=0)
    state.begin_deal(
        deal(
            1,
            [
                "AS AH KH QH JH TH",
                "2D 3D 4D 5D 6D 7D",
                "2C AC KS QS JS TS",
                "3C 4C 5C 6C 7C 8C",
            ],
            "9D",
        )
    )
    bid(state, 0, 0, 0, 0)
    # trick 1: Cy 2C, Dee 3C, Ann AS (void: off-suit ace), Bob 2D (void: trumps) -> Bob
    for c in ["2C", "3C", "AS"]:
        play(state, c)
    assert tricks(play(state, "2D"))[0].seat == 1
    # trick 2: Bob 3D, Cy AC, Dee 4C, Ann AH: trump led, only trumps count -> Bob
    for c in ["3D", "AC", "4C"]:
        play(state, c)
    assert tricks(play(state, "AH"))[0].seat == 1
    # trick 3: Bob 4D ... Bob again; then Bob leads 5D, 6D, 7D: Bob wins all six
    for _ in range(4):
        events: list[object] = []
        while not events:
            seat = state.to_move
            assert seat is not None
            events = list(state.apply(state.legal_actions()[-1] if seat == 1 else state.legal_actions()[0]))
        assert tricks(events)[0].seat == 1
    # Bob (bid 0) took every trick: a black ball; the others bid 0 and took none: 10 each
    assert state.deal_scores[-1] == (10, 0, 10, 10)


def test_no_trump_round_only_the_led_suit_counts() -> None:
    # 7-1-7 round 1: Bob leads 2C; Cy and Ann are void in clubs and play aces -> Bob wins
    state = new(3, schedule="7-1-7")
    state.begin_deal(
        deal(0, ["AS 2H 3H 4H 5H 6H 7H", "2C 2D 3D 4D 5D 6D 7D", "AD 8H 9H TH JH QH KH"]),
    )
    bid(state, 0, 0, 0)
    for c in ["2C", "AD"]:
        play(state, c)
    (won,) = tricks(play(state, "AS"))
    assert won.seat == 1


# -- scoring ------------------------------------------------------------------------------
def test_round_score_ten_plus_bid_or_nothing() -> None:
    # round 2, 3 players, dealer seat 1: Cy leads. Up-card 2S, spades trump.
    # Bids: Cy 1, Ann 1, Bob 0. Trick 1: Cy AC, Ann KC, Bob 3S (void, trumps) -> Bob.
    # Trick 2: Bob 4S, Cy QC (void in spades), Ann 4D -> Bob. Bob took 2, bid 0.
    state = new(3)
    skip_rounds(state, 1, first_dealer=0)
    state.begin_deal(deal(1, ["KC 4D", "3S 4S", "AC QC"], "2S"))
    bid(state, 1, 1, 0)
    for c in ["AC", "KC"]:
        play(state, c)
    assert tricks(play(state, "3S"))[0].seat == 1
    play(state, "4S")
    play(state, "QC")
    events = play(state, "4D")
    scored = [e for e in events if isinstance(e, DealScored)]
    assert len(scored) == 1
    assert scored[0].deal == 1
    assert scored[0].scores == (0, 0, 0)  # everyone missed
    # round 3: dealer seat 2, Ann leads. Up-card 2H. Ann bids 3, Bob 0, Cy 0: all make it
    state.begin_deal(deal(2, ["AS KS QS", "2C 3C 4C", "2D 3D 4D"], "2H"))
    bid(state, 3, 0, 0)
    for _ in range(3):
        play(state, FRENCH.code(max(state.hands[0])))
        play(state, FRENCH.code(min(state.hands[1])))
        events = play(state, FRENCH.code(min(state.hands[2])))
    scored = [e for e in events if isinstance(e, DealScored)]
    assert scored[0].scores == (13, 10, 10)
    assert state.deal_scores[1:] == [(0, 0, 0), (13, 10, 10)]


def _dominated_game(schedule: str, sizes: list[int], bids0: list[int]) -> GameState:
    """2 players, first dealer Bob. Every round Ann holds the top spades and Bob the low
    spades (plus 2C in a 7-card round), up-card AH: Ann takes every trick. Ann bids
    ``bids0`` round by round, Bob always 0."""
    state = new(2, schedule=schedule)
    spades = cards("AS KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S")
    for number, size in enumerate(sizes):
        dealer = 1 if number == 0 else state.expected_dealer()
        assert dealer is not None
        ann = spades[:size]
        bob = list(reversed(spades))[: min(size, 6)] + ([card("2C")] if size == 7 else [])
        state.begin_deal(Deal(dealer, [ann, bob], [] if size == 7 else [card("AH")], []))
        for _ in range(2):
            seat = state.to_move
            state.apply(Bid(seat, bids0[number] if seat == 0 else 0))
        while not state.deal_over:
            seat = state.to_move
            assert seat is not None
            # everyone plays their highest card (Bob leads a spade, never 2C first)
            state.apply(max(state.legal_actions(), key=lambda a: a.card))
        assert state.won == [size, 0]
    assert state.finished
    return state


def test_maximum_179_over_1_7_1() -> None:
    state = _dominated_game("1-7-1", SIZES_171, SIZES_171)
    assert state.totals == [179, 130]
    assert state.winners() == (0,)


def test_maximum_196_over_7_1_7() -> None:
    state = _dominated_game("7-1-7", SIZES_717, SIZES_717)
    assert state.totals == [196, 140]
    assert state.winners() == (0,)


def test_equal_totals_share_the_win() -> None:
    # Ann makes rounds 1, 2, 4..10 (11 + 12 + 14 + 15 + 16 + 17 + 16 + 15 + 14 = 130) and bids 0
    # in rounds 3, 11, 12, 13, which she then misses; Bob makes 0 in all 13: 130
    bids0 = [1, 2, 0, 4, 5, 6, 7, 6, 5, 4, 0, 0, 0]
    state = _dominated_game("1-7-1", SIZES_171, bids0)
    assert state.totals == [130, 130]
    assert state.winners() == (0, 1)


def test_match_ended_event_names_the_winners() -> None:
    state = new(2)
    events: list[object] = []
    while not state.finished:
        state.begin_deal(filler(state, 0))
        while not state.deal_over:
            events = list(state.apply(state.legal_actions()[0]))
    ended = [e for e in events if isinstance(e, MatchEnded)]
    assert len(ended) == 1
    best = max(state.totals)
    assert ended[0].winners == tuple(s for s in range(2) if state.totals[s] == best)
    assert sum(sum(s) for s in state.deal_scores) == sum(state.totals)


# -- legal_actions agrees with can() ------------------------------------------------------
def _candidates(state: GameState) -> list[Action]:
    size = state.size
    out: list[Action] = []
    for seat in range(state.n):
        out.extend(Bid(seat, t) for t in range(-1, size + 2))
        out.extend(Play(seat, c) for c in range(52))
    return out


@pytest.mark.parametrize(
    ("n", "rules", "seed"),
    [
        (2, {}, 1),
        (3, {"hook": True}, 2),
        (4, {"must_trump": True}, 3),
        (5, {"schedule": "7-1-7", "hook": True, "must_trump": True}, 4),
        (7, {"must_trump": True}, 5),
    ],
)
def test_legal_actions_agrees_with_can(n: int, rules: dict[str, object], seed: int) -> None:
    rng = random.Random(seed)
    state = BB.new_state(rules, NAMES[:n])
    steps = 0
    while not state.finished:
        state.begin_deal(BB.deal(state, rng))
        while not state.deal_over:
            legal = state.legal_actions()
            assert legal, "a player to move always has a legal action"
            assert len(set(legal)) == len(legal)
            assert all(a.seat == state.to_move for a in legal)
            if steps % 3 == 0:  # every third step: all actions of every seat
                assert {a for a in _candidates(state) if state.can(a)} == set(legal)
            else:
                assert all(state.can(a) for a in legal)
            state.apply(rng.choice(legal))
            steps += 1
        assert state.legal_actions() == []
    assert steps > 0
