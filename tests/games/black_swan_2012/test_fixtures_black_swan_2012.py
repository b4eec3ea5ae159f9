"""The hand-worked black-swan-2012 matches in ``fixtures/black-swan-2012/games/``.

Every number below was worked out on paper from RULINGS.md section 2 before the engine was
run: each deal was designed table by table (who plays what, so who brings each table to
exactly 7 and captures it), then the points of every capture were added up by hand (A 20;
10, J, Q, K 10; 5 5; joker -20; Black Swan -100). The tests replay each fixture and compare
the library's ``Captured`` and ``WentOut`` events, first players and score sheet with these
tables; the tables are also checked against each other and against the dealt hands.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, NamedTuple

import pytest
from conftest import FIXTURES

from gamerec.cards import FRENCH_JOKERS_SWAN as DECK
from gamerec.cards import SWAN
from gamerec.checking.verdicts import verify_record
from gamerec.format.read import read_bytes, read_file
from gamerec.games.black_swan_2012.combinations import combination
from gamerec.games.black_swan_2012.rules import Captured, Declared, WentOut
from gamerec.present import Replay
from gamerec.record import Cards, Declare, Record
from gamerec.stepper import steps

GAMES = FIXTURES / "black-swan-2012" / "games"


class Cap(NamedTuple):
    """One capture as worked by hand: ``seat`` receives ``cards`` (in play order) worth
    ``points``; for a deal's last table ``taker`` made the last play and keeps ``kept``."""

    seat: int
    cards: str
    points: int
    taker: int | None = None
    kept: str = ""


# -- the matches, worked by hand ----------------------------------------------------------
# two-players: Ann, Bob; the Black Swan in the deck; target 100.
# Deal 1, Ann first. Ann leads AS 2S 3S (ace low), Bob 5D JK 7D (the joker is the 6D), Ann's
# KC makes 7. Ann leads QH KH AH (ace high), Bob 4C, Ann 9S JK JK (a group with two jokers)
# makes 7. Ann's 5S 6S 7S 8S are her last cards: Bob alone plays BS, then TD JD, completing a
# table that is his own (-75), then the last table alone (3C 3D 3H, QC, TH JH, AD), which
# goes to Ann as first out (+50). Ann 15 + 0 + 50 = 65, Bob -75.
# Deal 2, Bob first (he made deal 1's last play). Bob's 6C 7C 8C take 4D 4H 4S JK (-20); Ann's
# AS takes Bob's run 9D..AD (80); Ann's TH completes 5H..9H 5C (20); in the last table Ann goes
# out with QS KS after Bob's joker pair and receives it from Bob (-20). Ann 80, Bob -20.
# Ann 145 reaches 100: she wins.
TWO: dict[str, Any] = {
    "file": "two-players.json",
    "players": ["Ann", "Bob"],
    "sides": ["Ann", "Bob"],
    "first": [0, 1],
    "declared": [None, None],
    "captures": [
        [
            Cap(0, "AS 2S 3S 5D JK 7D KC", 15),
            Cap(0, "QH KH AH 4C 9S JK JK", 0),
            Cap(1, "5S 6S 7S 8S BS TD JD", -75),
            Cap(0, "3C 3D 3H QC TH JH AD", 50, taker=1),
        ],
        [
            Cap(1, "4D 4H 4S JK 6C 7C 8C", -20),
            Cap(0, "9D TD JD QD KD AD AS", 80),
            Cap(0, "5H 6H 7H 8H 9H 5C TH", 20),
            Cap(0, "2S 3S JK JK QS KS 2D", -20, taker=1),
        ],
    ],
    "out": [[0, 1], [0, 1]],
    "scores": [[65, -75], [80, -20]],
    "totals": [145, -95],
    "winners": [0],
    "target": 100,
}

# three-players: Ann, Bob, Cy; swan_in_short_game false; target 150.
# Deal 1, Bob first. Cy holds twelve diamonds and two jokers and sheds them fast: his JK JK
# are his last cards and bring table 3 to 7, so he captures it while out; Ann, next clockwise,
# starts table 4 and from then on Bob and Ann alternate, Cy skipped. Bob takes tables 4 (40)
# and 5 (60); in the last table Bob goes out second and Ann's JK completes it for Cy (10).
# Ann 5, Bob 40 + 60 = 100, Cy 30 - 10 + 10 = 30. Nobody has 150: another deal.
# Deal 2, Ann first (she made deal 1's last play). Nobody goes out before the last table:
# Bob goes out first with 8H 9H TH, Cy second, Ann's QC completes it for Bob (20).
# Ann 0, Bob 60 + 15 + 20 = 95, Cy 25 + 5 + 40 = 70. Bob 195 reaches 150 alone: he wins.
THREE: dict[str, Any] = {
    "file": "three-players.json",
    "players": ["Ann", "Bob", "Cy"],
    "sides": ["Ann", "Bob", "Cy"],
    "first": [1, 0],
    "declared": [None, None],
    "captures": [
        [
            Cap(0, "2C 3D 4D 5D 6D 7D 8S", 5),
            Cap(2, "9C 3C 8D 9D TD JD QD", 30),
            Cap(2, "KD AD 4S 2H 3H JK JK", -10),
            Cap(1, "5H 6H 7H 5C 8H KC AC", 40),
            Cap(1, "QC 9H TH JH QH TC JC", 60),
            Cap(2, "6C 7C 8C KH AH 4C JK", 10, taker=0),
        ],
        [
            Cap(2, "AS 2S 3S 4S 5S 6S 7S", 25),
            Cap(1, "8S 9S TS JS QS KS AD", 60),
            Cap(2, "2D 3D 4D 5D 6D 7D 8D", 5),
            Cap(2, "9D TD KC AC JK JD QD", 40),
            Cap(1, "KD 2H 3H 4H 5H 6H 7H", 15),
            Cap(1, "8H 9H TH 2C 3C 4C QC", 20, taker=0),
        ],
    ],
    "out": [[2, 1, 0], [1, 2, 0]],
    "scores": [[5, 100, 30], [0, 95, 70]],
    "totals": [5, 195, 100],
    "winners": [1],
    "target": 150,
}

# four-teams-declared: Ann, Bob, Cy, Dan; teams Ann & Cy against Bob & Dan; swan_declaration
# on; target 200. One deal, Ann first; Cy, dealt the Black Swan, declares it before Ann plays.
# Cy sheds the Swan into table 1, which Dan completes (-95). Ann & Cy capture 30 + 50 + 20 and
# the last table (80, taken by Bob, given to Ann, first out): 180, doubled to 360.
# Bob & Dan: -95 + 5 + 25 - 15 = -80. Undoubled the deal gives 180 + (-80) = 100, and 180
# alone would not reach the target of 200: the declaration ends the match.
DECLARED: dict[str, Any] = {
    "file": "four-teams-declared.json",
    "players": ["Ann", "Bob", "Cy", "Dan"],
    "sides": ["Ann & Cy", "Bob & Dan"],
    "first": [0],
    "declared": [2],
    "captures": [
        [
            Cap(3, "2S 3S 4S 5S 6S BS 7S", -95),
            Cap(3, "2H 3H 4H 5H 6H 7H 8H", 5),
            Cap(2, "2C 8C 3C 4C JH QH KH", 30),
            Cap(0, "9H TH 9C AH AD AC JK", 50),
            Cap(1, "5D 6D 7D 8D 9D TD JD", 25),
            Cap(3, "2D 3D 4D 5C 6C 7C JK", -15),
            Cap(2, "8S 9S KD JK TS JS QS", 20),
            Cap(0, "KS AS QD TC JC QC KC", 80, taker=1),
        ]
    ],
    "out": [[0, 2, 3, 1]],
    "undoubled": [[180, -80]],
    "scores": [[360, -80]],
    "totals": [360, -80],
    "winners": [0],
    "target": 200,
}

# four-teams-swan-final: Nell, Omar, Pia, Quinn; teams Nell & Pia against Omar & Quinn;
# target 150. One deal, Quinn first. Nell goes out first on table 3 (AH AS AD). In the last
# table Omar goes out with 9D TD, Pia sheds the Black Swan as her last card and Quinn's
# JD QD KD JK complete it: Quinn keeps the Swan (-100), Nell gets the other six (+20).
# Nell & Pia: 5 + 40 + 65 + 25 + 20 = 155; Omar & Quinn: 20 + 5 + 20 - 100 = -55; sum 100.
# Had the whole last table gone to Nell (or to Quinn), Nell & Pia would have 55 (or 135)
# and not reached 150.
SWAN_FINAL: dict[str, Any] = {
    "file": "four-teams-swan-final.json",
    "players": ["Nell", "Omar", "Pia", "Quinn"],
    "sides": ["Nell & Pia", "Omar & Quinn"],
    "first": [3],
    "declared": [None],
    "captures": [
        [
            Cap(0, "2C 3C 4C 5C 6C 7C 8C", 5),
            Cap(0, "9C TC JC QC KC AC JK", 40),
            Cap(2, "AH AS AD 2H 3H 4H 5H", 65),
            Cap(1, "6H 7H 8H 9H TH JH 2S", 20),
            Cap(3, "3S 4S 5S 6S 7S 8S 9S", 5),
            Cap(2, "QH KH 2D 3D 4D 5D 6D", 25),
            Cap(1, "TS JS QS KS 7D 8D JK", 20),
            Cap(0, "9D TD JD QD KD JK", 20, taker=3, kept="BS"),
        ]
    ],
    "out": [[0, 1, 2, 3]],
    "scores": [[155, -55]],
    "totals": [155, -55],
    "winners": [0],
    "target": 150,
}

MATCHES = [TWO, THREE, DECLARED, SWAN_FINAL]
IDS = [m["file"] for m in MATCHES]

# card points as the rule text prints them, kept apart from the engine's table
POINTS_BY_RANK = {"A": 20, "K": 10, "Q": 10, "J": 10, "T": 10, "5": 5}
POINTS_SPECIAL = {"JK": -20, "BS": -100}


def points(codes: str) -> int:
    return sum(POINTS_SPECIAL.get(c, POINTS_BY_RANK.get(c[0], 0)) for c in codes.split())


def side_of(match: dict[str, Any], seat: int) -> int:
    return seat % 2 if len(match["players"]) == 4 else seat


# -- helpers ------------------------------------------------------------------------------
def load(name: str) -> Record:
    entries = list(read_file(GAMES / name))
    assert len(entries) == 1
    assert entries[0].error is None, entries[0].error
    record = entries[0].record
    assert record is not None
    return record


def raw(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((GAMES / name).read_text())
    return result


def reread(data: dict[str, Any]) -> Record:
    entries = list(read_bytes(json.dumps(data).encode()))
    assert entries[0].error is None, entries[0].error
    assert entries[0].record is not None
    return entries[0].record


def codes(cards: tuple[int, ...] | list[int]) -> str:
    return " ".join(DECK.code(c) for c in cards)


class Observed(NamedTuple):
    captures: list[list[Cap]]
    out: list[list[int]]
    declared: list[int | None]


def observe(record: Record) -> Observed:
    """Captures (without points), places out and declarations per deal, from the replay."""
    n = len(record.deals)
    captures: list[list[Cap]] = [[] for _ in range(n)]
    out: list[list[int]] = [[] for _ in range(n)]
    declared: list[int | None] = [None] * n
    replay = Replay(record)
    for step in replay:
        for e in step.events:
            if isinstance(e, Captured):
                captures[step.deal].append(Cap(e.seat, codes(e.cards), 0, e.taker, codes(e.kept)))
            elif isinstance(e, WentOut):
                assert e.place == len(out[step.deal]) + 1
                out[step.deal].append(e.seat)
            elif isinstance(e, Declared):
                declared[step.deal] = e.seat
    assert replay.verdict is not None and replay.verdict.status == "valid", replay.verdict
    return Observed(captures, out, declared)


def without_points(caps: list[Cap]) -> list[Cap]:
    return [c._replace(points=0) for c in caps]


# -- the tables agree with themselves and with the dealt hands ----------------------------
def test_the_fixture_directory_holds_the_four_matches() -> None:
    assert sorted(p.name for p in GAMES.glob("*.json")) == sorted(IDS)


@pytest.mark.parametrize("match", MATCHES, ids=IDS)
def test_hand_tables_are_consistent(match: dict[str, Any]) -> None:
    """Each capture's points are its cards' points; each deal's side scores are the
    captures' points by side (the Swan kept by the last table's taker counting for the
    taker), doubled for a declaring side; the totals are the column sums."""
    n = len(match["players"])
    nsides = 2 if n == 4 else n
    for d, (caps, scores, declared) in enumerate(
        zip(match["captures"], match["scores"], match["declared"], strict=True)
    ):
        assert len(caps) == 2 * n  # 14 x n cards make 2n tables of 7
        assert [c.taker is not None for c in caps] == [False] * (2 * n - 1) + [True]
        sums = [0] * nsides
        for cap in caps:
            assert cap.points == points(cap.cards), cap
            assert len(cap.cards.split()) + len(cap.kept.split()) == 7, cap
            assert "BS" not in cap.cards.split() or cap.taker is None, "the last taker keeps the Swan"
            sums[side_of(match, cap.seat)] += cap.points
            if cap.taker is not None:
                sums[side_of(match, cap.taker)] += points(cap.kept)
        if "undoubled" in match:
            assert sums == match["undoubled"][d]
        if declared is not None:
            sums[side_of(match, declared)] *= 2
        assert sums == scores
        # the last table goes to the first player out
        assert caps[-1].seat == match["out"][d][0]
        assert sorted(match["out"][d]) == list(range(n))
    assert [sum(col) for col in zip(*match["scores"], strict=True)] == match["totals"]
    assert match["winners"] == [match["totals"].index(max(match["totals"]))]


@pytest.mark.parametrize("match", MATCHES, ids=IDS)
def test_the_match_ends_after_its_last_deal(match: dict[str, Any]) -> None:
    """By the hand tables: before the last deal no side has reached the target alone at the
    top; after it the winner has. The record states the same target."""
    assert load(match["file"]).rules["target"] == match["target"]
    running = [0] * len(match["totals"])
    for d, scores in enumerate(match["scores"]):
        running = [r + s for r, s in zip(running, scores, strict=True)]
        best = max(running)
        ends = best >= match["target"] and running.count(best) == 1
        assert ends == (d == len(match["scores"]) - 1), (d, running)
    assert running == match["totals"]


@pytest.mark.parametrize("match", MATCHES, ids=IDS)
def test_every_dealt_card_is_captured_exactly_once(match: dict[str, Any]) -> None:
    """In the hand tables and in the library's capture events alike, the captured cards of
    each deal (the Swan kept by a taker included) are exactly the cards dealt."""
    record = load(match["file"])
    observed = observe(record)
    for deal, caps, seen in zip(record.deals, match["captures"], observed.captures, strict=True):
        dealt = Counter(DECK.code(c) for hand in deal.hands for c in hand)
        assert sum(dealt.values()) == 14 * len(record.players)
        for table in (caps, seen):
            taken = Counter(code for cap in table for code in (cap.cards + " " + cap.kept).split())
            assert taken == dealt


@pytest.mark.parametrize("match", MATCHES, ids=IDS)
def test_the_last_player_of_a_deal_starts_the_next(match: dict[str, Any]) -> None:
    """Per the hand tables, each later deal's first player took the deal before's last
    table (made its final play); the record stores the same first players."""
    record = load(match["file"])
    assert [d.dealer for d in record.deals] == match["first"]
    for prev, first in zip(match["captures"], match["first"][1:], strict=False):
        assert prev[-1].taker == first


def test_four_player_team_deal_scores_sum_to_100() -> None:
    """4 players, the full deck: undeclared deal scores sum to 100 (computed and worked);
    a declared deal does before its doubling."""
    for match in (SWAN_FINAL, DECLARED):
        record = load(match["file"])
        assert len(record.players) == 4 and record.rules["teams"] is True
        v = verify_record(record)
        assert v.scores is not None
        for d, (deal, declared) in enumerate(zip(record.deals, match["declared"], strict=True)):
            assert len({c for hand in deal.hands for c in hand}) == 54  # 52 cards, the joker, the Swan
            if declared is None:
                assert sum(v.scores.deals[d]) == 100
                assert sum(match["scores"][d]) == 100
            else:
                assert sum(match["undoubled"][d]) == 100
                assert sum(v.scores.deals[d]) != 100


# -- the library agrees with the hand-worked tables ---------------------------------------
@pytest.mark.parametrize("match", MATCHES, ids=IDS)
def test_fixture_is_valid_with_hand_worked_scores(match: dict[str, Any]) -> None:
    record = load(match["file"])
    v = verify_record(record, match["file"])
    assert v.status == "valid", v.message()
    assert v.scores is not None
    assert v.scores.complete
    assert v.scores.sides == match["sides"]
    assert v.scores.deals == match["scores"]
    assert v.scores.totals == match["totals"]
    assert v.scores.winners == match["winners"]


@pytest.mark.parametrize("match", MATCHES, ids=IDS)
def test_fixture_captures_as_worked(match: dict[str, Any]) -> None:
    observed = observe(load(match["file"]))
    expected = [without_points(caps) for caps in match["captures"]]
    assert observed.captures == expected


@pytest.mark.parametrize("match", MATCHES, ids=IDS)
def test_fixture_goes_out_and_declares_as_worked(match: dict[str, Any]) -> None:
    observed = observe(load(match["file"]))
    assert observed.out == match["out"]
    assert observed.declared == match["declared"]


@pytest.mark.parametrize("match", MATCHES, ids=IDS)
def test_walk_gives_the_same_captures(match: dict[str, Any]) -> None:
    record = load(match["file"])
    seen: list[list[Cap]] = [[] for _ in record.deals]
    for deal, _index, _action, events, _state in steps(record):
        for e in events:
            if isinstance(e, Captured):
                seen[deal].append(Cap(e.seat, codes(e.cards), 0, e.taker, codes(e.kept)))
    assert seen == [without_points(caps) for caps in match["captures"]]


@pytest.mark.parametrize("match", MATCHES, ids=IDS)
def test_fixture_claim_and_header_match_the_tables(match: dict[str, Any]) -> None:
    record = load(match["file"])
    assert record.game == "black-swan-2012"
    assert record.players == match["players"]
    assert record.meta.event and record.meta.date and record.meta.tags
    assert record.claim is not None
    assert record.claim.deals == match["scores"]
    assert record.claim.totals == match["totals"]
    assert all(deal.stock == [] for deal in record.deals)
    assert all(len(hand) == 14 for deal in record.deals for hand in deal.hands)


# -- what each match exercises ------------------------------------------------------------
def plays_of(record: Record, deal: int) -> list[tuple[int, str]]:
    return [(a.seat, codes(a.cards)) for a in record.deals[deal].actions if isinstance(a, Cards)]


def test_two_players_runs_and_jokers() -> None:
    record = load("two-players.json")
    assert record.rules["swan_in_short_game"] is True
    plays = dict((cards, seat) for seat, cards in plays_of(record, 0))
    kinds = {
        "AS 2S 3S": "sequence",  # ace low
        "QH KH AH": "sequence",  # ace high
        "5D JK 7D": "sequence",  # the joker fills the gap
        "9S JK JK": "group",  # a group with two jokers
    }
    for cards, kind in kinds.items():
        assert cards in plays
        assert combination([DECK.parse(c) for c in cards.split()]) == kind


def test_two_players_solo_phase() -> None:
    """Deal 1: after Ann is out Bob plays seven times running; the first table he completes
    alone is his own (with the Swan), the last one is Ann's."""
    record = load("two-players.json")
    plays = plays_of(record, 0)
    ann_out = max(i for i, (seat, _) in enumerate(plays) if seat == 0)
    assert [seat for seat, _ in plays[ann_out + 1 :]] == [1] * 6
    caps = observe(record).captures[0]
    assert caps[2] == Cap(1, "5S 6S 7S 8S BS TD JD", 0)
    assert (caps[3].seat, caps[3].taker) == (0, 1)


def test_three_players_capturer_out_and_skipped() -> None:
    """Deal 1: Cy's JK JK are his last cards and complete table 3; Ann (next clockwise)
    starts table 4 and Cy never plays again."""
    record = load("three-players.json")
    assert record.rules["swan_in_short_game"] is False
    assert all(SWAN not in hand for deal in record.deals for hand in deal.hands)
    plays = plays_of(record, 0)
    i = plays.index((2, "JK JK"))
    assert plays[i + 1][0] == 0
    assert all(seat != 2 for seat, _ in plays[i + 1 :])
    assert [seat for seat, _ in plays[i + 1 : i + 5]] == [0, 1, 0, 1]


def test_three_players_the_swan_is_out_of_the_deck() -> None:
    data = raw("three-players.json")
    hand = data["deals"][1]["hands"][0]
    hand[hand.index("QC")] = "BS"  # Ann's QC, which ends deal 2
    v = verify_record(reread(data))
    # BS is a card of the deck, but not of this game's deck (swan_in_short_game is false)
    assert (v.status, v.rule, v.deal) == ("illegal", "deal-card", 2)
    assert v.reason is not None and "BS" in v.reason and "in this game" in v.reason


def test_three_players_second_deal_first_player_is_checked() -> None:
    data = raw("three-players.json")
    data["deals"][1]["first"] = 1  # Bob started deal 1; Ann made its last play
    v = verify_record(reread(data))
    assert (v.status, v.rule, v.deal) == ("illegal", "deal-first", 2)


def test_declaration_by_the_holder_out_of_turn() -> None:
    record = load("four-teams-declared.json")
    assert record.rules["swan_declaration"] is True
    first, second = record.deals[0].actions[:2]
    assert isinstance(first, Declare) and first.seat == 2
    assert SWAN in record.deals[0].hands[2]
    assert isinstance(second, Cards) and second.seat == 0 == record.deals[0].dealer


def test_without_the_declaration_the_match_goes_on() -> None:
    """Undeclared, Ann & Cy's 180 is short of the target 200: the record is incomplete."""
    data = raw("four-teams-declared.json")
    data["deals"][0]["actions"].pop(0)
    v = verify_record(reread(data))
    assert v.status == "incomplete", v.message()
    assert v.scores is not None
    assert v.scores.deals == DECLARED["undoubled"]


def test_declaring_after_the_first_play_is_illegal() -> None:
    data = raw("four-teams-declared.json")
    actions = data["deals"][0]["actions"]
    actions.insert(1, actions.pop(0))
    v = verify_record(reread(data))
    assert (v.status, v.rule, v.deal, v.action, v.seat) == ("illegal", "declare", 1, 2, 2)


def test_swan_final_taker_keeps_the_swan() -> None:
    record = load("four-teams-swan-final.json")
    last = observe(record).captures[0][-1]
    assert last == Cap(0, "9D TD JD QD KD JK", 0, taker=3, kept="BS")
    plays = plays_of(record, 0)
    assert plays[-2:] == [(2, "BS"), (3, "JD QD KD JK")]
