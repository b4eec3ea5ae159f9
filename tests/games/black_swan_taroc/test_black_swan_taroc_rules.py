"""Black Swan with the Dridge Taroc (black-swan-taroc), rule by rule (RULINGS.md section 3),
driving the GameState directly with hand-built deals.

The short scenarios deal the cards that matter on purpose and fill the hands up with cards of
suits nobody leads (FILL). The long ones are worked out by hand turn by turn:

- ``SHRINK``: two players; Bob passes a card down on every turn of his and follows Ann's
  lead, so his hand shrinks by one a round while Ann's grows to 15 and past it only by his
  pass-downs. Every pass, lead, follow, draw and handout is written out below, and so are the
  counts where the Swan ends the game.
- ``swan_lead_script``: three players; Ann does the same, so that by the hand count worked
  out in its docstring she draws the Swan (put at draw-pile index 47) as her only card just
  before her tenth turn and leads it.
- ``drain_6`` and ``drain_2``: the draw pile runs out (after 11 tricks with six players, the
  count derived below), so hands empty, the handout passes over empty hands and a leader
  without a card ends the game with the Swan still in a hand. The cards played there are
  chosen by a simple fixed policy; everything asserted is derived from the rules and checked
  against a tally kept here from the events (points by the card values, pledges, the Swan).

Every Illegal is checked for its stable rule id and for the context in its reason.
"""

from __future__ import annotations

import copy
import math
import random
import re
from collections.abc import Iterable, Sequence
from fractions import Fraction
from typing import Any

import pytest
from helpers import rejects

from gamerec.bots import simulate
from gamerec.cards import TAROC as D
from gamerec.checking.verdicts import verify_record
from gamerec.engine import DealScored, Event, GameState
from gamerec.errors import Illegal, StockMissing
from gamerec.games import get_game
from gamerec.games.black_swan_taroc.rules import (
    ORDER,
    Drew,
    GameOver,
    PassedDown,
    PledgeHandedOut,
    TrickTaken,
    par_and_finals,
)
from gamerec.games.presenters import presenter
from gamerec.record import Action, DrawDeal, Pass, Play, Pledge, Record

GAME = get_game("black-swan-taroc")
NAMES = ["Ann", "Bob", "Cy", "Dee", "Eve", "Fay"]
FEATHER, STONE, PEARL = 0, 1, 2
PLEDGE_VALUE = (1, 2, 3)
SWAN = 120

# cards of suits no short scenario leads (Structures, Mysteries, Astro; Goblets, Pentacles and
# Bones from the ace down to the four), handed out to fill hands up to 10
FILL = (
    "ST7 ST6 ST5 ST4 ST3 ST2 ST1 MY7 MY6 MY5 MY4 MY3 MY2 MY1 AS4 AS3 AS2 AS1 "
    + " ".join(r + s for s in "GPO" for r in "AKQNJT98765")
    + " 4G 4P 4O"
).split()

ALL = [D.code(x) for x in range(121)]


# -- an oracle of the cards, written from the rulings ----------------------------------------
_MAJORS = {"VO": 7, "CR": 7, "ST": 7, "MY": 7, "EL": 4, "AS": 4}
_HIGH = {"EL", "AS"}


def key(card: int) -> tuple[int, int]:
    """Place in the global order: every minor < the Swan < every low major < every high
    major; minors by rank (2 .. 10, Page, Knight, Queen, King, Ace), majors by number."""
    code = D.code(card)
    if code == "BS":
        return (1, 0)
    if code[:2] in _MAJORS:
        return (3 if code[:2] in _HIGH else 2, int(code[2:]))
    return (0, "23456789TJNQKA".index(code[0]))


def suit(card: int) -> str:
    code = D.code(card)
    return code if code == "BS" else code[:2] if code[:2] in _MAJORS else code[1]


def points(card: int) -> int:
    """Captured points of a card other than the Swan."""
    tier = key(card)[0]
    return {0: 1, 2: 2, 3: 3}[tier]


def half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


# -- helpers ---------------------------------------------------------------------------------
def c(code: str) -> int:
    return D.parse(code)


def cs(codes: str | Iterable[str]) -> list[int]:
    return [D.parse(x) for x in (codes.split() if isinstance(codes, str) else codes)]


def make_deal(
    n: int,
    dealer: int,
    given: Sequence[str],
    stock: str | Sequence[str] = "",
    fill: Sequence[str] = FILL,
    last: str = "",
    draw: list[list[int | None]] | None = None,
) -> DrawDeal[Action]:
    """Hands of 10: each seat's ``given`` cards, filled up from ``fill`` in order; the draw
    pile: ``stock`` on top, then every other card in deck order, ``last`` at the bottom."""
    hands = [cs(g) for g in given] + [[] for _ in range(n - len(given))]
    used = {x for h in hands for x in h}
    top = cs(stock)
    used |= set(top)
    pool = [x for x in cs(fill) if x not in used]
    for h in hands:
        while len(h) < 10:
            x = pool.pop(0)
            h.append(x)
            used.add(x)
    assert all(len(h) == 10 for h in hands) and len(used) == 10 * n + len(top)
    bottom = [x for x in cs(last) if x not in used]
    rest = [x for x in range(121) if x not in used and x not in bottom]
    return DrawDeal(dealer, hands, top + rest + bottom, [], draw)


def start(n: int, dealer: int, *given: str, trumps: str = "none", **kw: Any) -> GameState:
    state = GAME.new_state({"trumps": trumps}, NAMES[:n])
    state.begin_deal(make_deal(n, dealer, given, **kw))
    return state


def hand(state: GameState, seat: int) -> list[int]:
    h = presenter(state.game.id).view(state).seats[seat].hand
    assert h is not None
    return cs(h)


def sizes(state: GameState) -> list[int]:
    return [len(sv.hand or []) for sv in presenter(state.game.id).view(state).seats]


def pledges(state: GameState, seat: int) -> list[int]:
    """Pledges held: feathers, stones, pearls (from the view's seat line)."""
    held = [0, 0, 0]
    for k, name in re.findall(
        r"(\d+) (feather|stone|pearl)", presenter(state.game.id).view(state).seats[seat].info
    ):
        held[("feather", "stone", "pearl").index(name)] = int(k)
    return held


def line(state: GameState, name: str) -> str:
    return dict(presenter(state.game.id).view(state).lines)[name]


def pile_left(state: GameState) -> int:
    return int(line(state, "Draw pile").split()[0])


def bank(state: GameState) -> list[int]:
    return [int(k) for k in re.findall(r"(\d+) (?:feather|stone|pearl)", line(state, "Bank"))]


def agree(state: GameState) -> None:
    """legal_actions() is exactly the card and pledge actions can() accepts, for every seat."""
    legal = state.legal_actions()
    assert len(set(legal)) == len(legal)
    for seat in range(state.n):
        candidates: list[Action] = [Pledge(seat, k) for k in range(-1, 4)]
        for x in range(-1, 122):
            candidates += [Pass(seat, x), Play(seat, x)]
        accepted = {a for a in candidates if state.can(a)}
        assert accepted == {a for a in legal if a.seat == seat}, (
            seat,
            presenter(state.game.id).view(state).title,
        )  # type: ignore[attr-defined]


def play(state: GameState, seat: int, code: str) -> list[Event]:
    return list(state.apply(Play(seat, c(code))))


def kinds(events: Iterable[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


class Tally:
    """Captured points and cards per seat, and the Swan's captor, from TrickTaken events;
    each trick's points recomputed from its plays by the card values of the rulings."""

    def __init__(self, n: int) -> None:
        self.points = [0] * n
        self.captured: list[list[int]] = [[] for _ in range(n)]
        self.captor: int | None = None

    def add(self, events: Iterable[Event]) -> None:
        for e in events:
            if not isinstance(e, TrickTaken):
                continue
            total = 0
            for seat, card, pledge in e.plays:
                if card < 0:
                    total += PLEDGE_VALUE[pledge]
                    continue
                self.captured[e.seat].append(card)
                if card == SWAN:
                    self.captor = e.seat
                    total += 10 if seat == e.seat else 1
                else:
                    total += points(card)
            assert e.points == total, e
            self.points[e.seat] += total

    def counts(self, state: GameState) -> list[int]:
        """Captured points + pledges held - 10 for a Swan still in hand."""
        return [
            self.points[s]
            + sum(k * v for k, v in zip(pledges(state, s), PLEDGE_VALUE, strict=True))
            - (10 if SWAN in hand(state, s) else 0)
            for s in range(state.n)
        ]

    def winners(self, finals: Sequence[int]) -> tuple[int, ...]:
        best = max(finals)
        tied = [s for s, f in enumerate(finals) if f == best]
        if len(tied) > 1 and self.captor in tied:
            return (self.captor,)  # type: ignore[return-value]
        tops = {s: max((key(x) for x in self.captured[s]), default=(-1, 0)) for s in tied}
        high = max(tops.values())
        return tuple(s for s in tied if tops[s] == high)


def check_game_over(state: GameState, events: Sequence[Event], tally: Tally, reason: str) -> GameOver:
    """The game ended with ``events``: its counts, Par, finals and winners are the rulings'."""
    assert kinds(events)[-2:] == ["GameOver", "DealScored"], events
    over = events[-2]
    assert isinstance(over, GameOver)
    assert reason in over.reason
    counts = tally.counts(state)
    par = half_up(Fraction(sum(counts), state.n))
    finals = [abs(x - par) for x in counts]
    assert list(over.counts) == counts
    assert over.par == par and list(over.finals) == finals
    assert over.winners == tally.winners(finals)
    scored = events[-1]
    assert isinstance(scored, DealScored) and list(scored.scores) == finals
    assert state.deal_over and state.finished and state.to_move is None
    assert state.winners() == over.winners
    assert state.legal_actions() == []
    rejects(state, Play(0, hand(state, 0)[0] if hand(state, 0) else 0), "after-end", "game 1 is over")
    return over


# -- cards and the global order ------------------------------------------------------------
def test_card_codes() -> None:
    assert len(D.cards) == 121 and len(set(D.codes)) == 121
    assert [c(x) for x in ("2B", "AB", "2H", "QH", "TB", "AO", "VO1", "VO3", "AS4", "BS")] == [
        0,
        13,
        14,
        1 * 14 + 11,
        8,
        5 * 14 + 13,
        84,
        86,
        119,
        120,
    ]
    assert c("EL4") == 84 + 4 * 7 + 3 and c("EL1") == 112 and c("AS1") == 116
    assert c("10H") == c("TH") and c("vo3") == c("VO3") and c("bs") == SWAN and c(" jb ") == 9
    assert D.code(c("NP")) == "NP" and D.code(c("JG")) == "JG"  # Knight and Page
    assert all(D.parse(D.code(x)) == x for x in range(121))
    assert sum(1 for x in range(121) if key(x)[0] >= 2) == 36
    for bad in ("1B", "VO8", "EL5", "AS0", "BS1", "ZZ", "11H", ""):
        with pytest.raises(ValueError):
            D.parse(bad)


def test_the_global_order_and_its_ties() -> None:
    for a in range(121):
        for b in range(121):
            assert (ORDER[a] < ORDER[b]) == (key(a) < key(b)), (D.code(a), D.code(b))
            assert (ORDER[a] == ORDER[b]) == (key(a) == key(b)), (D.code(a), D.code(b))
    assert max(ORDER[x] for x in cs("AB AH AC AG AP AO")) < ORDER[SWAN] < ORDER[c("VO1")]
    assert ORDER[c("MY7")] < ORDER[c("EL1")] and ORDER[c("VO7")] < ORDER[c("AS1")]
    assert ORDER[c("2B")] == ORDER[c("2O")] and ORDER[c("VO3")] == ORDER[c("MY3")]
    assert ORDER[c("EL4")] == ORDER[c("AS4")] and ORDER[c("EL2")] != ORDER[c("VO2")]


# -- the turn ----------------------------------------------------------------------------------
def test_the_turn_pass_down_lead_and_rotation() -> None:
    # three players, Cy deals: Ann leads first
    s = start(3, 2, "9H 2C 5H", "QH 3H", "KH", stock="AC KC QC")
    assert s.to_move == 0 and bank(s) == [3, 4, 2] and pile_left(s) == 91
    rejects(s, Play(1, c("QH")), "out-of-turn", "seat 0 (Ann)", "lead or pass down")
    rejects(s, Pledge(0, FEATHER), "pledge-lead", "never led or passed down")
    err = rejects(s, Pass(0, c("KH")), "not-held", "holds")
    assert "9H" in err.reason and "2C" in err.reason
    rejects(s, Play(0, c("KH")), "not-held")
    rejects(s, Pass(0, 999), "not-held")
    agree(s)
    # a pass-down goes to the right neighbour (seat 2 for seat 0); no trick, no draw
    before = hand(s, 2)
    assert s.apply(Pass(0, c("2C"))) == [PassedDown(0, 2, c("2C"))]
    assert c("2C") not in hand(s, 0) and sorted(hand(s, 2)) == sorted([*before, c("2C")])
    assert sizes(s) == [9, 10, 11] and pile_left(s) == 91 and line(s, "Tricks") == "0"
    # the lead passes on clockwise: Bob
    assert s.to_move == 1
    rejects(s, Play(0, c("9H")), "out-of-turn", "seat 1 (Bob)", "lead or pass down")
    assert play(s, 1, "3H") == []
    assert s.to_move == 2  # followers clockwise from the leader
    rejects(s, Play(0, c("9H")), "out-of-turn", "seat 2 (Cy)", "follow")
    rejects(s, Pass(2, c("KH")), "wrong-action", "only the leader passes down")
    assert play(s, 2, "KH") == []
    events = play(s, 0, "9H")
    # Cy wins with KH; the draw starts with the next leader, Cy, and goes clockwise
    assert events == [
        TrickTaken(1, 2, ((1, c("3H"), -1), (2, c("KH"), -1), (0, c("9H"), -1)), 3),
        Drew(((2, c("AC")), (0, c("KC")), (1, c("QC")))),
    ]
    # the lead rotates whoever won: Cy (the dealer) leads; her pass-down ends her turn, a
    # round: the handout follows (Cy holds 2C, which Ann passed her: the lowest card)
    assert s.to_move == 2
    events = list(s.apply(Pass(2, c("AC"))))
    assert events == [PassedDown(2, 1, c("AC")), PledgeHandedOut(2, FEATHER)]
    assert pledges(s, 2) == [2, 0, 0] and pledges(s, 0) == [1, 0, 0] and bank(s) == [2, 4, 2]
    assert s.to_move == 0


def test_two_players_pass_to_each_other() -> None:
    s = start(2, 1, "AH", "KH")
    assert s.to_move == 0
    assert s.apply(Pass(0, c("AH"))) == [PassedDown(0, 1, c("AH"))]
    assert s.to_move == 1
    events = list(s.apply(Pass(1, c("KH"))))
    assert events[0] == PassedDown(1, 0, c("KH"))  # Bob dealt: a handout follows
    assert kinds(events) == ["PassedDown", "PledgeHandedOut"]
    assert s.to_move == 0


# -- following ---------------------------------------------------------------------------------
def test_follow_the_led_minor_suit() -> None:
    s = start(3, 2, "5H", "9H KH 2B", "CR3 BS 3B")
    play(s, 0, "5H")
    err = rejects(s, Play(1, c("2B")), "follow-suit", "must follow Hearts", "9H", "KH")
    assert "5H" not in err.reason
    rejects(s, Pledge(1, FEATHER), "follow-suit", "Hearts")
    assert set(s.legal_actions()) == {Play(1, c("9H")), Play(1, c("KH"))}
    agree(s)
    play(s, 1, "9H")
    # Cy holds no Hearts: any card (the Swan only as her last card) or her feather
    rejects(s, Play(2, SWAN), "swan-last", "last card")
    rejects(s, Pledge(2, STONE), "not-held", "no stone", "1 feather")
    rejects(s, Pledge(2, 7), "not-held")
    expected = {Play(2, x) for x in hand(s, 2) if x != SWAN} | {Pledge(2, FEATHER)}
    assert set(s.legal_actions()) == expected
    agree(s)
    events = play(s, 2, "CR3")  # the affiliated major, but trumps are none
    assert isinstance(events[0], TrickTaken) and events[0].seat == 1 and events[0].points == 1 + 1 + 2


@pytest.mark.parametrize("trumps", ["none", "affiliated", "all"])
def test_each_major_suit_is_a_suit_of_its_own(trumps: str) -> None:
    s = start(3, 2, "VO2", "VO5 CR6", "CR3 ST1 EL2", trumps=trumps)
    play(s, 0, "VO2")
    rejects(s, Play(1, c("CR6")), "follow-suit", "must follow Vocations: holds VO5")
    assert s.legal_actions() == [Play(1, c("VO5"))]
    play(s, 1, "VO5")
    # Cy holds majors, but no Vocations: anything goes
    assert {Play(2, c("CR3")), Play(2, c("EL2")), Pledge(2, FEATHER)} <= set(s.legal_actions())
    events = play(s, 2, "EL2")
    # a led major suit is won only by its own suit, whatever the option
    assert events[0] == TrickTaken(1, 1, ((0, c("VO2"), -1), (1, c("VO5"), -1), (2, c("EL2"), -1)), 2 + 2 + 3)


def test_a_void_follower_may_play_a_pledge() -> None:
    s = start(3, 2, "5H", "2B 3B", "9H")
    play(s, 0, "5H")
    assert Pledge(1, FEATHER) in s.legal_actions()
    events = list(s.apply(Pledge(1, FEATHER)))
    assert events == [] and pledges(s, 1) == [0, 0, 0] and sizes(s)[1] == 10
    rejects(s, Pledge(1, FEATHER), "out-of-turn")
    events = play(s, 2, "9H")
    # the feather goes to the winner at its value
    assert events[0] == TrickTaken(1, 2, ((0, c("5H"), -1), (1, -1, FEATHER), (2, c("9H"), -1)), 3)


def test_the_swan_may_be_passed_down_but_not_led_early() -> None:
    s = start(3, 2, "BS 5H", "9H")
    rejects(s, Play(0, SWAN), "swan-last", "led as the last card")
    assert Pass(0, SWAN) in s.legal_actions() and Play(0, SWAN) not in s.legal_actions()
    assert s.apply(Pass(0, SWAN)) == [PassedDown(0, 2, SWAN)]
    assert SWAN in hand(s, 2)


# -- trick winners ------------------------------------------------------------------------------
AFFILIATED = [("B", "VO"), ("H", "CR"), ("C", "ST"), ("G", "MY"), ("P", "EL"), ("O", "AS")]


def _other_major(major: str) -> str:
    names = list(_MAJORS)
    return names[(names.index(major) + 1) % 6]


def _fill_for(minor: str) -> list[str]:
    """Fill cards of two other minor suits."""
    suits = "BHCGPO"
    a, b = suits[(suits.index(minor) + 1) % 6], suits[(suits.index(minor) + 2) % 6]
    return [r + s for s in (a, b) for r in "AKQNJT98765432"]


@pytest.mark.parametrize(("minor", "major"), AFFILIATED)
@pytest.mark.parametrize("which", ["affiliated", "other"])
@pytest.mark.parametrize("trumps", ["none", "affiliated", "all"])
def test_trumps_over_a_led_minor_suit(minor: str, major: str, which: str, trumps: str) -> None:
    trump = (major if which == "affiliated" else _other_major(major)) + "1"
    # Ann leads the five, Bob (void) plays the lowest major of a suit, Cy follows with the king
    s = start(3, 2, "5" + minor, trump, "K" + minor, trumps=trumps, fill=_fill_for(minor))
    play(s, 0, "5" + minor)
    assert Play(1, c(trump)) in s.legal_actions()
    play(s, 1, trump)
    (won, *_) = play(s, 2, "K" + minor)
    assert isinstance(won, TrickTaken)
    beats = trumps == "all" or (trumps == "affiliated" and which == "affiliated")
    assert won.seat == (1 if beats else 2), (trump, trumps)
    assert won.points == 1 + points(c(trump)) + 1


@pytest.mark.parametrize(
    ("bob", "cy", "trumps", "winner"),
    [
        ("VO3", "CR3", "all", 1),  # equal by the global order: the earlier
        ("CR3", "VO3", "all", 1),
        ("VO7", "EL1", "all", 2),  # every high major over every low major
        ("EL4", "AS4", "all", 1),
        ("VO2", "VO6", "affiliated", 2),  # Buds-Vocations: the higher of the suit
        ("VO6", "CR7", "affiliated", 1),  # Creatures are not affiliated with Buds
        ("VO6", "CR7", "none", 0),
    ],
)
def test_majors_against_each_other_over_a_led_minor(bob: str, cy: str, trumps: str, winner: int) -> None:
    s = start(3, 2, "5B", bob, cy, trumps=trumps)
    play(s, 0, "5B")
    play(s, 1, bob)
    (won, *_) = play(s, 2, cy)
    assert isinstance(won, TrickTaken) and won.seat == winner
    assert won.points == 1 + points(c(bob)) + points(c(cy))


def test_pledges_are_captured_at_their_value_and_the_bank_starts_at_six_minus_n() -> None:
    for n in range(2, 7):
        s = GAME.new_state({}, NAMES[:n])
        s.begin_deal(make_deal(n, n - 1, [], fill=ALL))
        assert bank(s) == [6 - n, 4, 2]
        assert all(pledges(s, seat) == [1, 0, 0] for seat in range(n))
    # six players: no feathers left, so the first handout is a stone. Turns 1-6 are
    # pass-downs of fill cards; Cy holds the only two (2H), Dee a three.
    fill = [*FILL, *(r + "C" for r in "AKQNJT98765")]
    s = start(6, 5, "9B", "KB", "2H", "3B", fill=fill)
    assert bank(s) == [0, 4, 2]
    for seat in range(6):
        assert s.to_move == seat
        x = next(x for x in hand(s, seat) if x not in cs("9B KB 2H 3B"))
        events = list(s.apply(Pass(seat, x)))
    assert events[-1] == PledgeHandedOut(2, STONE) and bank(s) == [0, 3, 2]
    assert pledges(s, 2) == [1, 1, 0]
    play(s, 0, "9B")
    play(s, 1, "KB")
    s.apply(Pledge(2, STONE))
    play(s, 3, "3B")
    s.apply(Pledge(4, FEATHER))
    fay = min(x for x in hand(s, 5) if key(x)[0] == 0)  # a minor: void in Buds
    (won, *_) = play(s, 5, D.code(fay))
    assert isinstance(won, TrickTaken)
    assert won.seat == 1 and won.points == 1 + 1 + 2 + 1 + 1 + 1
    assert pledges(s, 2) == [1, 0, 0] and pledges(s, 4) == [0, 0, 0]


# -- the Swan against a lead, and a lead of the Swan ---------------------------------------
def swan_lead_script() -> tuple[GameState, Tally]:
    """Three players, Cy deals; Ann passes a card down (to Cy) on each turn of hers, Bob and
    Cy always lead a trick, everybody plays a card (the lowest, keeping VO3 VO7 CR3 EL1),
    nobody a pledge. Worked out by hand, a round (Ann, Bob, Cy) goes:

    - Ann: 10 - r cards after round r (pass -1; each trick -1, draw +1);
    - Cy: 10 + r up to 15 (pass +1; each trick -1, draw +1), then 16 after Ann's pass,
      15 after Bob's trick (no draw) and 14 -> 15 in her own;
    - draws: rounds 1-5 six (3 a trick), then five (2 after Bob's trick, starting with Cy who
      has 15, so Ann and Bob; 3 after Cy's, starting with Ann).

    So before Cy's trick of round 9, 30 + 3 * 5 + 2 = 47 cards are drawn and Ann draws card
    47 (from 0) as her only card: the Swan. Returns the state at Ann's tenth turn."""
    deal = make_deal(
        3,
        2,
        ["3B 4B 5B 6B 7B 8B 9B TB JB NB", "VO3 VO7", "CR3 EL1"],
        fill=[r + x for x in "HCGPO" for r in "AKQNJT9876543"],
        last=" ".join(
            [f"VO{i}" for i in range(1, 8)]
            + [f"CR{i}" for i in range(1, 8)]
            + [f"EL{i}" for i in range(1, 5)]
        ),
    )
    # the Swan goes to index 47 of the draw pile
    i = deal.stock.index(SWAN)
    deal.stock[i], deal.stock[47] = deal.stock[47], deal.stock[i]
    s = GAME.new_state({}, NAMES[:3])
    s.begin_deal(deal)
    keep = set(cs("VO3 VO7 CR3 EL1"))
    tally = Tally(3)
    for r in range(1, 10):
        assert s.to_move == 0 and sizes(s)[0] == 11 - r
        ann = min(hand(s, 0), key=lambda x: (key(x), x))
        assert ann != SWAN
        s.apply(Pass(0, ann))
        for _ in range(2):
            leader = s.to_move
            assert leader is not None
            lead = min((x for x in hand(s, leader) if x not in keep), key=lambda x: (key(x), x))
            s.apply(Play(leader, lead))
            for _ in range(2):
                options = [a for a in s.legal_actions() if isinstance(a, Play) and a.card != SWAN]
                free = [a for a in options if a.card not in keep] or options
                tally.add(s.apply(min(free, key=lambda a: (key(a.card), a.card))))
            if r % 3 == 0:
                agree(s)
        assert sizes(s) == [10 - r, 10, min(10 + r, 15)], r
    assert pile_left(s) == 91 - 50
    return s, tally


@pytest.mark.parametrize(
    ("bob", "cy", "winner", "value"),
    [
        ("VO3", "CR3", 1, 1 + 2 + 2),  # equal majors: the earlier wins
        ("VO7", "EL1", 2, 1 + 2 + 3),  # the highest by the global order
        ("VO3", "feather", 1, 1 + 2 + 1),
        ("minor", "feather", 0, 10 + 1 + 1),  # no major: the Swan's player, 10 for the Swan
        ("feather", "feather", 0, 10 + 1 + 1),
    ],
)
def test_a_swan_lead_is_won_by_the_highest_major_else_by_its_player(
    bob: str, cy: str, winner: int, value: int
) -> None:
    s, tally = swan_lead_script()
    assert hand(s, 0) == [SWAN]
    assert {c("VO3"), c("VO7")} <= set(hand(s, 1)) and {c("CR3"), c("EL1")} <= set(hand(s, 2))
    assert Play(0, SWAN) in s.legal_actions()
    agree(s)
    assert list(s.apply(Play(0, SWAN))) == []
    # against the Swan there is no suit: any card or a pledge, even holding cards
    assert set(s.legal_actions()) == {Play(1, x) for x in hand(s, 1)} | {
        Pledge(1, k) for k in range(3) if pledges(s, 1)[k]
    }
    plays = []
    for seat, what in ((1, bob), (2, cy)):
        if what == "feather":
            action: Action = Pledge(seat, FEATHER)
            plays.append((seat, -1, FEATHER))
        else:
            card = min(hand(s, seat), key=lambda x: (key(x), x)) if what == "minor" else c(what)
            action = Play(seat, card)
            plays.append((seat, card, -1))
        events = list(s.apply(action))
    tally.add(events)
    assert events[0] == TrickTaken(19, winner, ((0, SWAN, -1), *plays), value)
    # the game ends right after the Swan's trick: no draw, no handout
    assert kinds(events) == ["TrickTaken", "GameOver", "DealScored"]
    assert tally.captor == winner
    check_game_over(s, events, tally, "the Black Swan was played")


# -- the draw and the handout -------------------------------------------------------------
def test_draws_start_with_the_next_leader_and_the_handout_follows_the_dealers_turn() -> None:
    s = start(4, 3, "9H", "3H", "KH", "5H", stock="AC KC QC JC TC 9C 8C 2C")
    play(s, 0, "9H")
    play(s, 1, "3H")
    play(s, 2, "KH")
    events = play(s, 3, "5H")
    assert events == [
        TrickTaken(1, 2, ((0, c("9H"), -1), (1, c("3H"), -1), (2, c("KH"), -1), (3, c("5H"), -1)), 4),
        Drew(((1, c("AC")), (2, c("KC")), (3, c("QC")), (0, c("JC")))),
    ]
    assert s.to_move == 1
    s.apply(Pass(1, hand(s, 1)[-1]))
    s.apply(Pass(2, hand(s, 2)[-1]))
    # Dee (the dealer) leads QC; everyone holds one Coin and must follow
    play(s, 3, "QC")
    rejects(s, Play(0, hand(s, 0)[-1]), "follow-suit", "must follow Coins: holds JC")
    play(s, 0, "JC")
    play(s, 1, "AC")
    events = play(s, 2, "KC")
    # Bob wins; the next leader is Ann, so she draws first; then the dealer's turn is over and
    # the lowest card after that draw is Dee's new 2C
    assert events == [
        TrickTaken(2, 1, ((3, c("QC"), -1), (0, c("JC"), -1), (1, c("AC"), -1), (2, c("KC"), -1)), 4),
        Drew(((0, c("TC")), (1, c("9C")), (2, c("8C")), (3, c("2C")))),
        PledgeHandedOut(3, FEATHER),
    ]
    assert s.to_move == 0 and bank(s) == [1, 4, 2] and pledges(s, 3) == [2, 0, 0]


@pytest.mark.parametrize(
    ("n", "dealer", "lows", "expected"),
    [
        # 2H and 2C are equal cards: the first tied player clockwise from the dealer's left
        (4, 1, {0: "2H", 3: "2C"}, 3),
        (4, 1, {0: "2H", 1: "2C"}, 0),
        (4, 3, {1: "2O", 2: "2B"}, 1),
        (4, 2, {1: "3H", 2: "2G"}, 2),  # minors by rank, whoever sits first
        (4, 0, {1: "4B", 2: "3H"}, 2),
    ],
)
def test_the_handout_goes_to_the_lowest_card(
    n: int, dealer: int, lows: dict[int, str], expected: int
) -> None:
    given = [lows.get(seat, "") for seat in range(n)]
    fill = [x for x in FILL if x not in ("4G", "4P", "4O")]
    s = start(n, dealer, *given, fill=fill)
    for _ in range(n):  # a round of pass-downs, each of the highest card
        seat = s.to_move
        assert seat is not None
        events = list(s.apply(Pass(seat, max(hand(s, seat), key=lambda x: (key(x), x)))))
    assert events[-1] == PledgeHandedOut(expected, FEATHER)


@pytest.mark.parametrize(
    ("dealer_hand", "other_hand", "expected"),
    [
        # the Swan is above every minor ...
        ("AH VO1 VO2 VO3 VO4 VO5 VO6 VO7 CR1 CR2", "BS CR3 CR4 CR5 CR6 CR7 ST1 ST2 ST3 ST4", 0),
        # ... and below every major
        ("BS CR3 CR4 CR5 CR6 CR7 ST1 ST2 ST3 ST4", "VO1 VO2 VO3 VO4 VO5 VO6 VO7 CR1 CR2 EL1", 0),
        # majors by number, whatever the suit
        ("CR1 CR2 CR3 CR4 CR5 CR6 CR7 ST1 ST2 ST3", "VO2 VO3 VO4 VO5 VO6 VO7 MY4 MY5 MY6 AS4", 0),
        # equal majors tie: the dealer's left neighbour comes first
        ("VO1 VO2 VO3 VO4 VO5 VO6 VO7 CR2 CR3 AS4", "ST1 ST2 ST3 ST4 ST5 ST6 ST7 MY1 MY2 MY3", 1),
    ],
)
def test_the_handout_compares_by_the_global_order(dealer_hand: str, other_hand: str, expected: int) -> None:
    # two players, Ann deals: Bob passes his highest card, then Ann (ending her turn)
    s = start(2, 0, dealer_hand, other_hand)
    s.apply(Pass(1, max(hand(s, 1), key=lambda x: (key(x), x))))
    events = list(s.apply(Pass(0, max(hand(s, 0), key=lambda x: (key(x), x)))))
    assert events[-1] == PledgeHandedOut(expected, FEATHER)


# -- two players, worked out by hand -----------------------------------------------------
ANN_SHRINK = "2B EL1 3B 4B 5B 6B 7B 8B 9B TB"
BOB_SHRINK = "EL4 3H 4H 5H 6H 7H 8H 9H TH JH"
ANN_DRAWS = ["JB", "NB", "QB", "KB", "AB"]
# per round: Bob's pass-down, Ann's lead, Bob's card (or pledge) and Bob's draw
SHRINK = {
    "plain": [
        ("3H", "EL1", "EL4", "3C"),
        ("3C", "3B", "4H", "4C"),
        ("4C", "4B", "5H", "5C"),
        ("5C", "5B", "6H", "6C"),
        ("6C", "6B", "7H", "7C"),
        ("7C", "7B", "8H", "8C"),
        ("8C", "8B", "9H", "9C"),
        ("9C", "9B", "TH", "TC"),
        ("TC", "TB", "JH", "JC"),
        ("JC", "JB", "feather", "NC"),  # no card left: the feather must go
        ("NC", "NB", None, "QC"),  # neither card nor pledge: skipped
    ],
    "swan": [
        ("3H", "EL1", "EL4", "BS"),
        ("4H", "3B", "5H", "4C"),
        ("4C", "4B", "6H", "5C"),
        ("5C", "5B", "7H", "6C"),
        ("6C", "6B", "8H", "7C"),
        ("7C", "7B", "9H", "8C"),
        ("8C", "8B", "TH", "9C"),
        ("9C", "9B", "JH", "TC"),
        ("TC", "TB", "BS", None),  # the Swan as Bob's last card: the game ends
    ],
}


def shrink_deal(variant: str) -> DrawDeal[Action]:
    bob = [r[3] for r in SHRINK[variant] if r[3]]
    top = [x for pair in zip(bob[:5], ANN_DRAWS, strict=True) for x in pair] + bob[5:]
    return make_deal(2, 0, [ANN_SHRINK, BOB_SHRINK], stock=top, last="BS" if variant == "plain" else "")


def run_shrink(variant: str, deal: DrawDeal[Action] | None = None) -> tuple[GameState, list[Event], Tally]:
    """Play the two-player script, checking every round's events as worked out by hand."""
    deal = deal or shrink_deal(variant)
    s = GAME.new_state({}, NAMES[:2])
    s.begin_deal(deal)
    tally = Tally(2)
    handouts = [FEATHER] * 4 + [STONE] * 4 + [PEARL] * 2
    events: list[Event] = []
    for r, (passed, lead, follow, drawn) in enumerate(SHRINK[variant], 1):
        assert s.to_move == 1 and sizes(s) == [min(9 + r, 15), max(11 - r, 1)]
        if variant == "swan" and r == 9:
            rejects(s, Play(1, SWAN), "swan-last", "led as the last card")
        deal.actions.append(Pass(1, c(passed)))
        assert s.apply(deal.actions[-1]) == [PassedDown(1, 0, c(passed))]
        if r == 6:
            assert sizes(s)[0] == 16  # past 15 only by a pass-down
        if follow in (None, "feather"):
            assert sizes(s)[1] == 0
            assert pledges(s, 1) == ([0, 0, 0] if follow is None else [1, 0, 0])
        deal.actions.append(Play(0, c(lead)))
        events = list(s.apply(deal.actions[-1]))
        if follow is None:
            plays: tuple[tuple[int, int, int], ...] = ((0, c(lead), -1),)
            skipped: tuple[int, ...] = (1,)
        else:
            assert events == []
            if follow == "feather":
                assert sizes(s)[1] == 0 and s.legal_actions() == [Pledge(1, FEATHER)]
                rejects(s, Play(1, c("JH")), "not-held")
                rejects(s, Pass(1, c("JH")), "wrong-action")
                action: Action = Pledge(1, FEATHER)
                plays = ((0, c(lead), -1), (1, -1, FEATHER))
            else:
                if variant == "swan" and r == 8:
                    rejects(s, Play(1, SWAN), "swan-last", "played as the last card")
                action = Play(1, c(follow))
                plays = ((0, c(lead), -1), (1, c(follow), -1))
            deal.actions.append(action)
            events = list(s.apply(action))
            skipped = ()
        tally.add(events)
        # Bob wins the first trick (EL4 over EL1), Ann every other one
        winner = 1 if r == 1 else 0
        value = 6 if r == 1 else 2 if follow else 1  # EL1 + EL4; two minors (or a feather); one minor
        assert events[0] == TrickTaken(r, winner, plays, value, skipped)
        if drawn is None:
            break
        # the draw starts with Bob (the next leader); Ann draws while under 15 cards
        want = [(1, c(drawn))] + ([(0, c(ANN_DRAWS[r - 1]))] if r <= 5 else [])
        assert events[1] == Drew(tuple(want))
        # Ann dealt: her turn ends a round; she holds the lowest card (2B), Bob never a two
        if r <= len(handouts):
            assert events[2:] == [PledgeHandedOut(0, handouts[r - 1])]
        else:
            assert events[2:] == [] and bank(s) == [0, 0, 0]
        # from round 10 on Bob's one card is the one he drew after the trick
        assert sizes(s) == [min(10 + r, 15), max(10 - r, 1)]
        if r in (1, 6, 10, 11):
            agree(s)
    return s, events, tally


def test_two_player_rounds_hand_over_15_handouts_pledge_and_skip() -> None:
    s, _, _ = run_shrink("plain")
    # the bank is empty after ten handouts (4 feathers, 4 stones, 2 pearls), all to Ann
    assert pledges(s, 0) == [5, 4, 2] and pledges(s, 1) == [0, 0, 0] and bank(s) == [0, 0, 0]
    assert s.to_move == 1 and hand(s, 1) == [c("QC")] and not s.deal_over


def test_two_player_game_ending_on_the_swan_captor_breaks_the_tie() -> None:
    s, events, tally = run_shrink("swan")
    # the Swan's trick is Ann's (the dealer's) turn, yet no draw and no handout follow it
    assert events[0] == TrickTaken(9, 0, ((0, c("TB"), -1), (1, SWAN, -1)), 2)
    assert kinds(events) == ["TrickTaken", "GameOver", "DealScored"]
    # by hand: Ann 8 tricks of 2 points + 1 feather + handouts of 4 feathers and 4 stones = 29;
    # Bob EL1 + EL4 = 6, and his feather: 7. Par = 36 / 2 = 18, finals 11 and 11: a tie.
    # Bob captured the highest card (EL4) but Ann captured the Swan: Ann wins.
    assert events[1] == GameOver("the Black Swan was played", (29, 7), 18, (11, 11), (0,))
    assert tally.captor == 0 and max(map(key, tally.captured[1])) > max(map(key, tally.captured[0]))
    check_game_over(s, events, tally, "the Black Swan was played")


def _shrink_record(variant: str, games: int = 1) -> Record:
    deal = shrink_deal(variant)
    run_shrink(variant, deal)
    return Record(
        game=GAME.id, players=NAMES[:2], rules={}, deals=[copy.deepcopy(deal) for _ in range(games)]
    )


def test_a_records_games_and_their_winners() -> None:
    one = verify_record(_shrink_record("swan"))
    assert one.status == "valid", one.message()
    assert one.scores is not None and one.scores.deals == [[11, 11]] and one.scores.winners == [0]
    # with several games the totals decide, and equal totals share
    two = verify_record(_shrink_record("swan", 2))
    assert two.status == "valid", two.message()
    assert two.scores is not None and two.scores.totals == [22, 22] and two.scores.winners == [0, 1]
    # an unfinished game: incomplete, the next player named
    record = _shrink_record("plain")
    v = verify_record(record)
    assert v.status == "incomplete" and "seat 1 (Bob)" in (v.reason or ""), v.message()


# -- the stock a record gives ------------------------------------------------------------
def test_a_missing_stock_card_makes_the_record_incomplete() -> None:
    record = _shrink_record("swan")
    deal = record.deals[0]
    # the Swan game draws 13 cards (rounds 1-5 two each, rounds 6-8 one each)
    deal.stock = deal.stock[:13]
    v = verify_record(record)
    assert v.status == "valid", v.message()
    deal.stock = deal.stock[:3]
    v = verify_record(record)
    # round 2: Bob draws card 3, Ann needs card 4, which the record does not give
    assert v.status == "incomplete" and v.rule == "stock-missing", v.message()
    assert v.deal == 1 and v.action == 6 and v.seat == 1
    assert "seat 0 (Ann) draws card 4" in (v.reason or "") and "3 cards" in (v.reason or "")
    s = GAME.new_state({}, NAMES[:2])
    s.begin_deal(deal)
    for a in deal.actions[:5]:
        s.apply(a)
    with pytest.raises(StockMissing):
        s.apply(deal.actions[5])


def test_a_stock_longer_than_the_pile_is_illegal() -> None:
    deal = make_deal(6, 0, [], fill=ALL)
    deal.stock.append(deal.hands[0][0])
    s = GAME.new_state({}, NAMES)
    with pytest.raises(Illegal) as info:
        s.begin_deal(deal)
    assert info.value.rule == "deal-stock" and "holds 61 cards" in info.value.reason
    assert "62" in info.value.reason


# -- the end of the draw pile --------------------------------------------------------------
def _lowest(cards: Iterable[int]) -> int:
    return min(cards, key=lambda x: (key(x), x))


def _auto(s: GameState, passing: bool = False) -> Action:
    """The scenario policy: lead (or pass down) the lowest card but the Swan; follow with the
    lowest card allowed but the Swan, else the cheapest pledge, else the Swan."""
    seat = s.to_move
    assert seat is not None
    legal = s.legal_actions()
    if any(isinstance(a, Pass) for a in legal):
        cards = [x for x in hand(s, seat) if x != SWAN] or [SWAN]
        return (Pass if passing else Play)(seat, _lowest(cards))
    plays = [a for a in legal if isinstance(a, Play) and a.card != SWAN]
    if plays:
        return min(plays, key=lambda a: (key(a.card), a.card))
    pledged = [a for a in legal if isinstance(a, Pledge)]
    return pledged[0] if pledged else legal[0]


def _expected_handout(s: GameState, dealer: int) -> int | None:
    """Who receives the handout now: the lowest hand card, the first clockwise from the
    dealer's left on a tie, players without cards left out."""
    best = None
    who = None
    for k in range(1, s.n + 1):
        seat = (dealer + k) % s.n
        h = hand(s, seat)
        if h and (best is None or key(_lowest(h)) < best):
            best, who = key(_lowest(h)), seat
    return who


def test_six_players_drain_the_pile_empty_hands_and_the_swan_in_hand() -> None:
    """Six players, Fay deals (turn k is led by seat k - 1 mod 6) and holds the Swan, which
    nobody plays. Turns 1-10 are tricks with all six drawing (60 cards); in turn 11 (Eve's)
    only Fay, first after Eve, draws: the 61st and last card. Then 9, 9, 9, 9, 9, 10 cards.
    Turns 12-24 are tricks, but Bob, Cy, Dee and Eve pass down in turns 14-17; by hand Ann
    and Fay then hold one card after turn 24 (Fay the Swan) and everyone else none, at the
    end of the dealer's turn: the handout (the 4th stone) passes the empty hands over. In
    turn 25 Ann leads her last card; then Bob leads with no card and the game ends."""
    cards = list(range(120))
    random.Random(2024).shuffle(cards)
    hands = [cards[10 * i : 10 * i + 10] for i in range(6)]
    hands[5][0] = SWAN
    stock = [*cards[60:], cards[50]]
    deal = DrawDeal(5, hands, stock, [])
    s = GAME.new_state({}, NAMES)
    s.begin_deal(deal)
    tally = Tally(6)
    events: list[Event] = []
    for turn in range(1, 26):
        leader = s.to_move
        assert leader == (turn - 1) % 6 and sizes(s)[leader] > 0
        events = list(s.apply(_auto(s, passing=14 <= turn <= 17)))
        while not events:  # the followers, until the trick is taken
            events = list(s.apply(_auto(s)))
        tally.add(events)
        # each turn's events, as the rules have them
        drew = [e for e in events if isinstance(e, Drew)]
        if turn <= 10:
            assert len(drew) == 1 and [seat for seat, _ in drew[0].draws] == [
                (leader + 1 + k) % 6 for k in range(6)
            ]
        elif turn == 11:
            assert drew == [Drew(((5, stock[60]),))]
            assert pile_left(s) == 0 and sizes(s) == [9, 9, 9, 9, 9, 10]
        else:
            assert drew == []  # the pile is empty: no draw, and no stock-missing either
        handed = [e for e in events if isinstance(e, PledgeHandedOut)]
        if leader == 5 and turn <= 24:
            assert handed == [PledgeHandedOut(_expected_handout(s, 5), STONE)], turn  # type: ignore[arg-type]
        else:
            assert handed == []
        if turn == 24:
            assert sizes(s) == [1, 0, 0, 0, 0, 1] and hand(s, 5) == [SWAN]
            assert bank(s) == [0, 0, 2]
        if turn in (11, 17, 24):
            agree(s)
        if turn < 25:
            assert not s.deal_over
    # turn 25: the followers without cards played a pledge or were skipped
    trick = events[0]
    assert isinstance(trick, TrickTaken) and trick.plays[0][0] == 0
    assert all(card < 0 for seat, card, _ in trick.plays[1:])  # Fay kept the Swan
    over = check_game_over(s, events, tally, "Bob leads with no card")
    assert (
        over.counts[5]
        == tally.points[5] + sum(k * v for k, v in zip(pledges(s, 5), PLEDGE_VALUE, strict=True)) - 10
    )


@pytest.mark.parametrize(
    ("variant", "winners"),
    [
        ("nothing", (0,)),  # Bob captured nothing: he ranks lowest
        ("card", (1,)),  # Bob captured EL4, higher than any card Ann captured
        ("shared", (0, 1)),  # Ann captured AS4, equal to Bob's EL4: they share
    ],
)
def test_two_players_to_the_end_the_highest_captured_card_breaks_a_tie(
    variant: str, winners: tuple[int, ...]
) -> None:
    """Two players, Ann deals and holds the Swan, EL1 and AS4; Bob holds EL4. Bob passes
    down on every turn (his lowest card) and follows; Ann leads her lowest card that Bob
    cannot beat (never AS4), so Bob captures nothing, except in the variants where Ann's
    first lead is EL1 and Bob must follow with EL4 (and, for ``shared``, Ann's second lead
    is AS4). The pile runs out, Bob's hand with it, and Bob leads with no card. For the last
    trick Ann picks a lead that makes the sum of the counts even: with two players the
    finals then tie, and no one captured the Swan (it is in Ann's hand, -10): the highest
    captured card decides."""
    specials = cs("EL1 EL4 AS4")
    cards = [x for x in range(120) if x not in specials]
    random.Random(7).shuffle(cards)
    ann = [SWAN, c("EL1"), c("AS4"), *cards[:7]]
    bob = [c("EL4"), *(x for x in cards[7:] if suit(x) != "EL")][:10]
    rest = [x for x in cards[7:] if x not in bob]
    deal = DrawDeal(0, [ann, bob], rest, [])
    s = GAME.new_state({}, NAMES[:2])
    s.begin_deal(deal)
    tally = Tally(2)
    forced = {"nothing": [], "card": ["EL1"], "shared": ["EL1", "AS4"]}[variant]
    tricks = 0
    events: list[Event] = []
    while not s.deal_over:
        assert tricks < 500
        if s.to_move == 1:
            bobs = hand(s, 1)
            assert bobs, "the game would have ended"
            s.apply(Pass(1, _lowest(bobs)))
            continue
        bobs = hand(s, 1)
        safe = [
            x
            for x in hand(s, 0)
            if x not in (SWAN, c("AS4")) and not any(suit(y) == suit(x) and key(y) > key(x) for y in bobs)
        ]
        assert safe
        last = pile_left(s) == 0 and len(bobs) <= 1
        if last:
            assert bank(s) == [0, 0, 0]  # no handout will change the sum
            now = sum(tally.counts(s))
            bob_adds = points(bobs[0]) if bobs else 0
            safe = [x for x in safe if (now + points(x) + bob_adds) % 2 == 0]
            assert safe, "no lead gives a tie"
        lead = c(forced[tricks]) if tricks < len(forced) else _lowest(safe)
        before = sizes(s)
        held = pledges(s, 1)
        events = list(s.apply(Play(0, lead)))
        if events:
            # no card, no pledge: Bob was skipped, and the trick is over with Ann's lead
            assert before[1] == 0 and held == [0, 0, 0]
        else:
            assert s.to_move == 1
            if not before[1]:
                assert s.legal_actions() == [Pledge(1, k) for k in range(3) if held[k]]
            events = list(s.apply(_auto(s)))
        tally.add(events)
        tricks += 1
        trick = events[0]
        assert isinstance(trick, TrickTaken)
        assert trick.seat == (1 if lead == c("EL1") else 0)
        assert trick.skipped == ((1,) if len(trick.plays) == 1 else ())
        # nobody draws holding 15 cards: Ann draws only while under 15
        for e in events:
            if isinstance(e, Drew):
                assert all(seat == 1 or before[0] - 1 < 15 for seat, _ in e.draws)
        if last:
            break
    assert pile_left(s) == 0 and hand(s, 1) == [] and SWAN in hand(s, 0)
    assert tally.captor is None
    assert tally.captured[1] == ([] if variant == "nothing" else cs("EL1 EL4"))
    assert (c("AS4") in tally.captured[0]) == (variant == "shared")
    over = check_game_over(s, events, tally, "Bob leads with no card")
    assert over.finals[0] == over.finals[1] and over.winners == winners


# -- subpar conversion ---------------------------------------------------------------------
@pytest.mark.parametrize(
    ("counts", "par", "finals"),
    [
        ([10, 13], 12, [2, 1]),
        ([5, 9, 20], 11, [6, 2, 9]),
        ([10, 11], 11, [1, 0]),
        ([2, 3], 3, [1, 0]),  # 2.5 rounds up (Python's round gives 2)
        ([-7, 0], -3, [4, 3]),  # -3.5 rounds up, toward +infinity
        ([4, 3, 2, 1], 3, [1, 0, 1, 2]),  # 2.5
        ([-10, -10, 0, 0, 0, 0], -3, [7, 7, 3, 3, 3, 3]),  # -3.33
        ([0, 0], 0, [0, 0]),
    ],
)
def test_subpar_conversion(counts: list[int], par: int, finals: list[int]) -> None:
    assert half_up(Fraction(sum(counts), len(counts))) == par
    assert par_and_finals(counts) == (par, finals)


# -- the dealer draw -------------------------------------------------------------------------
def _draw_deal(draw: list[list[str | None]], dealer: int, n: int = 3) -> DrawDeal[Action]:
    rounds = [[None if x is None else c(x) for x in row] for row in draw]
    return make_deal(n, dealer, [], fill=ALL, draw=rounds)


@pytest.mark.parametrize(
    ("draw", "dealer"),
    [
        ([["AH", "KH", "2C"]], 0),
        ([["BS", "AO", "KH"]], 0),  # the Swan above every minor
        ([["VO7", "EL1", "BS"]], 1),  # a high major above a low one
        ([["AH", "AB", "2C"], ["VO1", "CR2", None]], 1),  # equal aces redraw
        ([["VO3", "MY3", "CR3"], ["2B", "3B", "4B"]], 2),
        ([["AH", "AB", "2C"], ["2B", "2H", None], ["5G", "4G", None]], 0),
        ([["AH", "AB", "2C"], ["AH", "KH", None]], 0),  # a redraw is from a reshuffled deck
    ],
)
def test_a_recorded_dealer_draw_is_checked(draw: list[list[str | None]], dealer: int) -> None:
    s = GAME.new_state({}, NAMES[:3])
    s.begin_deal(_draw_deal(draw, dealer))
    assert s.to_move == (dealer + 1) % 3


@pytest.mark.parametrize(
    ("draw", "dealer", "fragment"),
    [
        ([["AH", "KH", "2C"]], 1, "the draw makes seat 0 (Ann) dealer, the record seat 1 (Bob)"),
        ([["AH", "AB", "2C"], ["VO1", "CR2", "3C"]], 1, "draw round 2 gives seat 2 (Cy) a card"),
        ([["AH", "AB", "2C"], ["VO1", None, None]], 0, "draw round 2 has no card for seat 1 (Bob)"),
        ([["AH", "KH"]], 0, "draw round 1 has 2 entries for 3 seats"),
        ([["AH", "AH", "2C"]], 0, "draw round 1 deals AH twice"),
        ([["AH", "KH", "2C"], ["3C", None, None]], 0, "draw round 2 follows a draw that was decided"),
        ([["AH", "AB", "2C"]], 0, "seat 0 (Ann) and seat 1 (Bob) tied for highest"),
        ([], 0, "the dealer draw has no rounds"),
    ],
)
def test_a_wrong_dealer_draw_is_illegal(draw: list[list[str | None]], dealer: int, fragment: str) -> None:
    s = GAME.new_state({}, NAMES[:3])
    with pytest.raises(Illegal) as info:
        s.begin_deal(_draw_deal(draw, dealer))
    assert info.value.rule == "deal-draw" and "game 1" in info.value.reason
    assert fragment in info.value.reason, info.value.reason


def test_a_dealer_draw_of_no_card_is_illegal() -> None:
    deal = _draw_deal([["AH", "KH", "2C"]], 0)
    assert deal.draw is not None
    deal.draw[0][1] = 121
    with pytest.raises(Illegal) as info:
        GAME.new_state({}, NAMES[:3]).begin_deal(deal)
    assert info.value.rule == "deal-draw" and "#121" in info.value.reason


def test_deal_checks() -> None:
    s = GAME.new_state({}, NAMES[:3])
    for deal, rule, fragment in [
        (DrawDeal(3, make_deal(3, 0, []).hands, [], []), "deal-dealer", "3 is not a seat"),
        (DrawDeal(0, make_deal(3, 0, []).hands[:2], [], []), "deal-hands", "2 hands to 3 players"),
        (DrawDeal(0, [*make_deal(3, 0, []).hands[:2], list(range(90, 99))], [], []), "deal-size", "has 9"),
        (DrawDeal(0, [*make_deal(3, 0, []).hands[:2], [*range(9), 121]], [], []), "deal-card", "#121"),
        (
            DrawDeal(0, [*make_deal(3, 0, []).hands[:2], make_deal(3, 0, []).hands[0]], [], []),
            "deal-duplicate",
            "seen again",
        ),
    ]:
        with pytest.raises(Illegal) as info:
            s.begin_deal(deal)
        assert info.value.rule == rule and fragment in info.value.reason, info.value
    for rules, n, rule in [
        ({"trumps": "some"}, 3, "options"),
        ({"trump": "all"}, 3, "options"),
        ({}, 7, "players"),
    ]:
        with pytest.raises(Illegal) as info:
            GAME.new_state(rules, (NAMES * 2)[:n])
        assert info.value.rule == rule


# -- legal_actions() and can() ---------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_legal_actions_agree_with_can(n: int) -> None:
    trumps = ["none", "affiliated", "all"][n % 3]
    for bot, seed in (("random", n), ("smart", 10 + n)):
        record = next(simulate(GAME.id, n, 1, seed, bot, {"trumps": trumps}))
        s = GAME.new_state(record.rules, record.players)
        (deal,) = record.deals
        s.begin_deal(deal)
        for i, action in enumerate(deal.actions):
            if i % 11 == 0:
                agree(s)
            assert s.can(action)
            s.apply(action)
        assert s.deal_over
        agree(s)
        assert s.legal_actions() == []
