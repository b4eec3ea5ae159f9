"""The hand-worked forest games in ``fixtures/forest/games/``.

Every table below was worked out on paper from RULINGS.md section 4 before the engine was
run: each round was designed trick by trick (the forest card turned, who leads, the cards in
play order, and so the winner by the rule: all of the led colour -> the highest number; any
other colour -> the lowest number among the other colours; equal numbers -> the later card;
a black card takes the forest card's colour, its own under a black forest card), then the
tricks were counted, scored by the game's score table (written out below per game) and the
next round's first player picked (the lowest score; ties: the first tied player clockwise
from the round's starter). The tests replay each fixture and compare the library's
``ForestTurned``, ``TrickWon``, ``DealScored`` and ``MatchEnded`` events, the stored first
players and ``verify_record``'s score sheet with these tables; the tables are also checked
against each other and against the dealt hands and stocks.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, NamedTuple

import pytest
from conftest import FIXTURES

from gamerec.checking.verdicts import verify_record
from gamerec.engine import DealScored, MatchEnded, TrickWon
from gamerec.format.read import read_bytes, read_file
from gamerec.games.forest.deck import FOREST
from gamerec.games.forest.rules import ForestTurned, trick_winner
from gamerec.present import Replay
from gamerec.record import Play, Record

GAMES = FIXTURES / "forest" / "games"


class T(NamedTuple):
    """One trick as worked by hand: the forest card (``new`` False: the stock is empty and
    the last forest card stays), the leader, the cards in play order from the leader, and
    the seat that wins it."""

    forest: str
    leader: int
    cards: str
    winner: int
    new: bool = True


class Round(NamedTuple):
    first: int  # the round's first player (stored in the record)
    tricks: list[T]
    won: list[int]  # tricks per seat
    scores: list[int]
    next_first: int | None  # the next round's first player (None after the last round)


# -- the games, worked by hand ------------------------------------------------------------
# three-players: Ann, Bob, Cy; max_number 6, hand_size 4, default targets 4: 50, 8: 100,
# 12: 169, under_penalty 1, over_penalty 10. Round 1's stock is written out in full (all 18
# undealt cards); the other rounds give only the 4 cards turned.
# Round 1, Ann first. Trick 1 is the rule text's example 1 (forest red: R2, K3, R4 -> R4);
# Bob's K3 is his only red card. Trick 2: forest green, K5 is green 5 like G5, all green:
# the later 5 (Ann) wins. Trick 3: Y3 led, B2 and G2 are the other colours, equal: the later
# (Cy) wins. Trick 4: B4 the only other colour. Ann 1, Bob 1, Cy 2: -1, -1, -2; Cy starts.
# Round 2, Cy first. Trick 1 is example 2 (forest red: R2, K3, B5 -> B5); K3 is Ann's only
# red card. Bob then leads B6, G6, Y6 and everybody must follow with lower cards. Bob 4 -> 50,
# Ann and Cy 0 -> 0: tied lowest, Cy (round 2's starter) is in the tie and starts again.
# Round 3, Cy first. Trick 1: forest black, so K1 is black, another colour than red, and wins
# (under a red forest it would be red 1 and R6 would win). Trick 2: forest green, Ann leads
# K5, green is the led colour; Bob and Cy follow green. Trick 4: G6 the only other colour.
# Ann 3, Bob 0, Cy 1: -3, 0, -1. Totals -4, 49, -3: Bob wins.
THREE: dict[str, Any] = {
    "file": "three-players.json",
    "players": ["Ann", "Bob", "Cy"],
    "rules": {"max_number": 6, "hand_size": 4, "targets": {"4": 50, "8": 100, "12": 169}},
    "score": {0: 0, 1: -1, 2: -2, 3: -3, 4: 50},
    "rounds": [
        Round(
            0,
            [
                T("R6", 0, "R2 K3 R4", 2),
                T("G1", 2, "G5 K5 G3", 0),
                T("R5", 0, "Y3 B2 G2", 2),
                T("Y2", 2, "G6 G4 B4", 1),
            ],
            [1, 1, 2],
            [-1, -1, -2],
            2,
        ),
        Round(
            2,
            [
                T("R4", 2, "R2 K3 B5", 1),
                T("G3", 1, "B6 B1 B2", 1),
                T("Y3", 1, "G6 G1 G2", 1),
                T("B3", 1, "Y6 Y1 Y2", 1),
            ],
            [0, 4, 0],
            [0, 50, 0],
            2,
        ),
        Round(
            2,
            [
                T("K2", 2, "R3 K1 R6", 0),
                T("G4", 0, "K5 G1 G2", 0),
                T("R5", 0, "Y5 Y1 Y4", 0),
                T("Y3", 0, "B4 B3 G6", 2),
            ],
            [3, 0, 1],
            [-3, 0, -1],
            None,
        ),
    ],
    "totals": [-4, 49, -3],
    "winners": [1],
}

# three-players-short-stock: Ida, Jon, Kim; max_number 3 (15 cards), hand_size 4: 12 cards
# dealt, a stock of 3, so trick 4 of every round keeps the third forest card. Default
# targets and penalties.
# Round 1, Jon first. Trick 1: G1 led, Kim follows G2, Ida has no green: R2 wins. Trick 2:
# forest yellow, K1 is yellow, the only other colour than blue: Kim. Trick 3: B3 the only
# other colour: Ida. Trick 4: R3 stays, so K2 and K3 are red: all red, K3 (Kim) wins; were
# black black, K2 would. Ida 2, Jon 0, Kim 2: -2, 0, -2; Ida and Kim tied lowest, and the
# first of them clockwise from Jon is Kim (not Ida, the lower seat).
# Round 2, Kim first. Trick 1: all blue, B3 (Jon). Trick 2: forest black, Ida's K2 and K1
# are black, not red, so she must play R2; all red, R3 (Jon). Trick 3: forest green, K2 is
# green, the only other colour than yellow: Ida. Trick 4: G2 stays, Ida leads K1 (green 1),
# Jon G3 and Kim G1 follow: Jon. Ida 1, Jon 3, Kim 0: -1, -3, 0; Jon starts.
# Round 3, Jon first. Trick 1: all green, G3 (Jon). Trick 2: forest black, Jon leads K2
# (black); nobody else holds black: Y1 and B3 are the other colours, Y1 (Kim) is lower.
# Trick 3: B1 the only other colour: Jon. Trick 4: R3 stays, Jon leads K3 (red 3), R1 and R2
# follow: Jon. Ida 0, Jon 3, Kim 1: 0, -3, -1. Totals -3, -6, -3: Ida and Kim share the win.
SHORT: dict[str, Any] = {
    "file": "three-players-short-stock.json",
    "players": ["Ida", "Jon", "Kim"],
    "rules": {"max_number": 3, "hand_size": 4, "targets": {"4": 50, "8": 100, "12": 169}},
    "score": {0: 0, 1: -1, 2: -2, 3: -3, 4: 50},
    "rounds": [
        Round(
            1,
            [
                T("G3", 1, "G1 G2 R2", 0),
                T("Y3", 0, "B1 B2 K1", 2),
                T("R3", 2, "Y2 B3 Y1", 0),
                T("R3", 0, "R1 K2 K3", 2, new=False),
            ],
            [2, 0, 2],
            [-2, 0, -2],
            2,
        ),
        Round(
            2,
            [
                T("Y1", 2, "B1 B2 B3", 1),
                T("K3", 1, "R3 R1 R2", 1),
                T("G2", 1, "Y3 Y2 K2", 0),
                T("G2", 0, "K1 G3 G1", 1, new=False),
            ],
            [1, 3, 0],
            [-1, -3, 0],
            1,
        ),
        Round(
            1,
            [
                T("B2", 1, "G3 G1 G2", 1),
                T("K1", 1, "K2 Y1 B3", 2),
                T("R3", 2, "Y3 Y2 B1", 1),
                T("R3", 1, "K3 R1 R2", 1, new=False),
            ],
            [0, 3, 1],
            [0, -3, -1],
            None,
        ),
    ],
    "totals": [-3, -6, -3],
    "winners": [0, 2],
}

# four-players: Lea, Max, Ned, Oli; max_number 6, hand_size 3, targets 1: 5 and 2: 10,
# default penalties: 0 tricks 0, 1 -> 5, 2 -> 10, 3 (above the lowest target, not a target)
# -> 3 x -10 = -30.
# Round 1, Lea first. Trick 1: B1 the only other colour than yellow: Max. Max then leads G6
# (Lea follows with K4, green under G1, her only green card) and B6. Max 3 -> -30: he starts.
# Round 2, Max first. Trick 1: B1 the only other colour: Ned. Trick 2: Ned leads K5, green
# under G6; all follow green: Ned. Trick 3: forest blue, Y6 led; K2 (blue 2) and G2 are the
# other colours, equal: the later, G2 (Max). Lea 0, Max 1, Ned 2, Oli 0: 0, 5, 10, 0; Lea and
# Oli tied lowest, the first clockwise from Max is Oli (not Lea, the lower seat).
# Round 3, Oli first. Trick 1: forest black, K1 is black, the only other colour than blue:
# Lea. Trick 2: all green, G6 (Max). Trick 3: Y1 and Y2 are the other colours than red: Y1
# (Oli). 1, 1, 0, 1 trick: 5, 5, 0, 5; Ned alone lowest, he starts.
# Round 4, Ned first. Trick 1: forest yellow, Ned leads K3 (yellow 3), Max follows with K4,
# his only yellow card: all yellow, Y6 (Oli). Trick 2: all red, R6 (Oli). Trick 3: G3 the
# only other colour: Lea. 1, 0, 0, 2 tricks: 5, 0, 0, 10. Totals 10, -20, 10, 15: Oli wins.
FOUR: dict[str, Any] = {
    "file": "four-players.json",
    "players": ["Lea", "Max", "Ned", "Oli"],
    "rules": {"max_number": 6, "hand_size": 3, "targets": {"1": 5, "2": 10}},
    "score": {0: 0, 1: 5, 2: 10, 3: -30},
    "rounds": [
        Round(
            0,
            [
                T("R1", 0, "Y4 B1 Y5 Y6", 1),
                T("G1", 1, "G6 G2 G3 K4", 1),
                T("Y1", 1, "B6 B2 B3 B4", 1),
            ],
            [0, 3, 0, 0],
            [0, -30, 0, 0],
            1,
        ),
        Round(
            1,
            [
                T("Y1", 1, "R5 B1 R6 R4", 2),
                T("G6", 2, "K5 G4 G1 G3", 2),
                T("B6", 2, "Y6 K2 Y3 G2", 1),
            ],
            [0, 1, 2, 0],
            [0, 5, 10, 0],
            3,
        ),
        Round(
            3,
            [
                T("K6", 3, "B5 K1 B6 B2", 0),
                T("R1", 0, "G5 G6 G2 G3", 1),
                T("B1", 1, "R3 R4 Y1 Y2", 3),
            ],
            [1, 1, 0, 1],
            [5, 5, 0, 5],
            2,
        ),
        Round(
            2,
            [
                T("Y2", 2, "K3 Y6 Y1 K4", 3),
                T("G1", 3, "R6 R2 R3 R4", 3),
                T("R1", 3, "B5 G3 B1 B2", 0),
            ],
            [1, 0, 0, 2],
            [5, 0, 0, 10],
            None,
        ),
    ],
    "totals": [10, -20, 10, 15],
    "winners": [3],
}

# five-players: Amy, Ben, Cal, Deb, Eli; max_number 6, hand_size 3, targets 2: 20,
# under_penalty 2, over_penalty 5: 0 tricks 0, 1 -> -2, 2 -> 20, 3 -> 3 x -5 = -15.
# Round 1, Amy first. Trick 1: forest green, R5 led; B1 and K1 (green 1) are the other
# colours, equal: the later, K1 (Cal). Cal then leads G6 and Y6, all follow. Cal 3 -> -15.
# Round 2, Cal first. Trick 1: forest black, Cal leads K2: black is the led colour; Deb,
# Amy and Ben follow with black, Eli has none: B1 (Eli). Trick 2: Y1 the only other colour
# than green: Amy. Trick 3: B2 the only other colour than red: Ben. Amy, Ben and Eli -2
# each, tied lowest: the first clockwise from Cal is Eli (not Amy, the lowest seat).
# Round 3, Eli first. Trick 1: forest yellow, Deb's K4 (her only yellow card) is yellow 4
# like Eli's Y4, all yellow: the later 4 (Deb). Trick 2: all blue, B6 (Deb). Trick 3: R2 the
# only other colour: Amy. Amy 1 -> -2, Deb 2 -> 20; Amy starts.
# Round 4, Amy first. Trick 1: G1 the only other colour: Cal. Trick 2: forest yellow, K2 is
# yellow, the only other colour than red: Deb. Trick 3: forest green, K1 is green, the only
# other colour than yellow: Amy. Amy, Cal and Deb -2 each: Amy started and wins the tie.
# Round 5, Amy first. Trick 1: B2 and G2 are the other colours than red, equal: G2 (Deb).
# Trick 2: all yellow (forest black; Ben's K5 is black, so he must play Y3): Y6 (Deb).
# Trick 3: forest green, K5 is green, the only other colour than blue: Ben. Ben 1 -> -2,
# Deb 2 -> 20. Totals -6, -4, -17, 38, -2: Deb wins.
FIVE: dict[str, Any] = {
    "file": "five-players.json",
    "players": ["Amy", "Ben", "Cal", "Deb", "Eli"],
    "rules": {"max_number": 6, "hand_size": 3, "targets": {"2": 20}, "under_penalty": 2, "over_penalty": 5},
    "score": {0: 0, 1: -2, 2: 20, 3: -15},
    "rounds": [
        Round(
            0,
            [
                T("G1", 0, "R5 B1 K1 R6 R4", 2),
                T("R1", 2, "G6 G2 G3 G4 G5", 2),
                T("B6", 2, "Y6 Y1 Y2 Y3 Y4", 2),
            ],
            [0, 0, 3, 0, 0],
            [0, 0, -15, 0, 0],
            2,
        ),
        Round(
            2,
            [
                T("K1", 2, "K2 K4 B1 K5 K6", 4),
                T("Y6", 4, "G1 Y1 G4 G5 G6", 0),
                T("B6", 0, "R5 B2 R2 R3 R4", 1),
            ],
            [1, 1, 0, 0, 1],
            [-2, -2, 0, 0, -2],
            4,
        ),
        Round(
            4,
            [
                T("Y6", 4, "Y4 Y2 Y1 Y3 K4", 3),
                T("R1", 3, "B6 B1 B2 B3 B4", 3),
                T("R3", 3, "G6 G1 R2 G2 G3", 0),
            ],
            [1, 0, 0, 2, 0],
            [-2, 0, 0, 20, 0],
            0,
        ),
        Round(
            0,
            [
                T("R6", 0, "B5 B4 G1 B6 B3", 2),
                T("Y6", 2, "R5 K2 R1 R2 R3", 3),
                T("G6", 3, "Y5 Y1 K1 Y2 Y3", 0),
            ],
            [1, 0, 1, 1, 0],
            [-2, 0, -2, -2, 0],
            0,
        ),
        Round(
            0,
            [
                T("Y5", 0, "R6 B2 R3 G2 R4", 3),
                T("K6", 3, "Y6 Y1 Y2 Y3 Y4", 3),
                T("G5", 3, "B6 B1 B3 K5 B4", 1),
            ],
            [0, 1, 0, 2, 0],
            [0, -2, 0, 20, 0],
            None,
        ),
    ],
    "totals": [-6, -4, -17, 38, -2],
    "winners": [3],
}

GAMES_WORKED = [THREE, SHORT, FOUR, FIVE]
IDS = [g["file"] for g in GAMES_WORKED]


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


def plays(trick: T, n: int) -> list[tuple[int, str]]:
    """(seat, card code) in play order."""
    return [((trick.leader + k) % n, c) for k, c in enumerate(trick.cards.split())]


class Seen(NamedTuple):
    forest: list[list[tuple[int, str | None, bool]]]  # per round: (trick number, card, new)
    tricks: list[list[tuple[int, int, list[tuple[int, str]]]]]  # (number, winner, plays)
    scored: list[tuple[list[int], list[int]]]  # (scores, running totals)
    ended: list[list[int]]


def observe(record: Record) -> Seen:
    n = len(record.deals)
    seen = Seen([[] for _ in range(n)], [[] for _ in range(n)], [], [])
    replay = Replay(record)
    for step in replay:
        for e in step.events:
            if isinstance(e, ForestTurned):
                code = None if e.card is None else FOREST.code(e.card)
                seen.forest[step.deal].append((e.number, code, e.new))
            elif isinstance(e, TrickWon):
                cards = [(s, FOREST.code(c)) for s, c in e.cards]
                seen.tricks[step.deal].append((e.number, e.seat, cards))
            elif isinstance(e, DealScored):
                assert e.deal == step.deal
                seen.scored.append((list(e.scores), list(e.totals)))
            elif isinstance(e, MatchEnded):
                seen.ended.append(list(e.winners))
    assert replay.verdict is not None and replay.verdict.status == "valid", replay.verdict.message()
    return seen


# -- the tables agree with themselves and with the record -----------------------------------
def test_the_fixture_directory_holds_the_four_games() -> None:
    assert sorted(p.name for p in GAMES.glob("*.json")) == sorted(IDS)


@pytest.mark.parametrize("game", GAMES_WORKED, ids=IDS)
def test_hand_tables_are_consistent(game: dict[str, Any]) -> None:
    """Each round has one trick per card of a hand; the first trick is led by the round's
    first player and each trick's winner leads the next; the tricks per seat count the
    winners; the scores follow the game's score table; the next round's first player is the
    next round's; the totals are the column sums and the winners hold the highest."""
    n = len(game["players"])
    size = game["rules"]["hand_size"]
    rounds: list[Round] = game["rounds"]
    assert len(rounds) == n  # as many rounds as players
    for r, rnd in enumerate(rounds):
        assert len(rnd.tricks) == size
        assert rnd.tricks[0].leader == rnd.first
        for prev, nxt in zip(rnd.tricks, rnd.tricks[1:], strict=False):
            assert nxt.leader == prev.winner
        assert all(len(t.cards.split()) == n for t in rnd.tricks)
        assert rnd.won == [sum(t.winner == s for t in rnd.tricks) for s in range(n)]
        assert sum(rnd.won) == size
        assert rnd.scores == [game["score"][k] for k in rnd.won]
        if r + 1 < n:
            assert rnd.next_first == rounds[r + 1].first
        else:
            assert rnd.next_first is None
    assert [sum(col) for col in zip(*(rnd.scores for rnd in rounds), strict=True)] == game["totals"]
    best = max(game["totals"])
    assert game["winners"] == [s for s, t in enumerate(game["totals"]) if t == best]


@pytest.mark.parametrize("game", GAMES_WORKED, ids=IDS)
def test_tables_play_the_dealt_hands_and_turn_the_stock(game: dict[str, Any]) -> None:
    """Every seat plays exactly the cards it was dealt, in the record's order; the new
    forest cards are the record's stock from the top; a card stays only once the pile (deck
    minus dealt cards) is used up."""
    record = load(game["file"])
    n = len(record.players)
    deck = 5 * game["rules"]["max_number"]
    pile = deck - n * game["rules"]["hand_size"]
    for deal, rnd in zip(record.deals, game["rounds"], strict=True):
        table_plays = [p for t in rnd.tricks for p in plays(t, n)]
        record_plays = [(a.seat, FOREST.code(a.card)) for a in deal.actions if isinstance(a, Play)]
        assert table_plays == record_plays
        for s, hand in enumerate(deal.hands):
            assert Counter(FOREST.code(c) for c in hand) == Counter(c for seat, c in table_plays if seat == s)
        turned = [t.forest for t in rnd.tricks if t.new]
        assert turned == [FOREST.code(c) for c in deal.stock[: len(turned)]]
        assert len(turned) == min(pile, len(rnd.tricks))
        for prev, t in zip(rnd.tricks, rnd.tricks[1:], strict=False):
            if not t.new:
                assert t.forest == prev.forest


# -- the library agrees with the hand-worked tables ---------------------------------------
@pytest.mark.parametrize("game", GAMES_WORKED, ids=IDS)
def test_fixture_is_valid_with_hand_worked_scores(game: dict[str, Any]) -> None:
    record = load(game["file"])
    v = verify_record(record, game["file"])
    assert v.status == "valid", v.message()
    assert v.scores is not None and v.scores.complete
    assert v.scores.sides == game["players"]
    assert v.scores.deals == [rnd.scores for rnd in game["rounds"]]
    assert v.scores.totals == game["totals"]
    assert v.scores.winners == game["winners"]


@pytest.mark.parametrize("game", GAMES_WORKED, ids=IDS)
def test_replay_turns_the_forest_cards_as_worked(game: dict[str, Any]) -> None:
    seen = observe(load(game["file"]))
    for r, rnd in enumerate(game["rounds"]):
        expected = [(k, t.forest, t.new) for k, t in enumerate(rnd.tricks, 1)]
        assert seen.forest[r] == expected, f"round {r + 1}"


@pytest.mark.parametrize("game", GAMES_WORKED, ids=IDS)
def test_replay_wins_the_tricks_as_worked(game: dict[str, Any]) -> None:
    n = len(game["players"])
    seen = observe(load(game["file"]))
    for r, rnd in enumerate(game["rounds"]):
        expected = [(k, t.winner, plays(t, n)) for k, t in enumerate(rnd.tricks, 1)]
        assert seen.tricks[r] == expected, f"round {r + 1}"


@pytest.mark.parametrize("game", GAMES_WORKED, ids=IDS)
def test_replay_scores_the_rounds_as_worked(game: dict[str, Any]) -> None:
    seen = observe(load(game["file"]))
    running = [0] * len(game["players"])
    expected = []
    for rnd in game["rounds"]:
        running = [a + b for a, b in zip(running, rnd.scores, strict=True)]
        expected.append((rnd.scores, running))
    assert seen.scored == expected
    assert seen.ended == [game["winners"]]


@pytest.mark.parametrize("game", GAMES_WORKED, ids=IDS)
def test_first_players_and_header_match_the_tables(game: dict[str, Any]) -> None:
    record = load(game["file"])
    assert record.game == "forest"
    assert record.players == game["players"]
    for key, value in game["rules"].items():
        assert record.rules[key] == value, key
    assert record.meta.event and record.meta.date and record.meta.tags
    assert [d.dealer for d in record.deals] == [rnd.first for rnd in game["rounds"]]
    assert record.claim is not None
    assert record.claim.deals == [rnd.scores for rnd in game["rounds"]]
    assert record.claim.totals == game["totals"]


# -- the next round's first player: ties go clockwise from the previous starter -------------
# (file, round whose first player follows a tie, the tied seats, the seat a naive
# "lowest seat number" reading would pick, the seat the rules pick)
TIES = [
    ("three-players.json", 3, [0, 2], 0, 2),  # Cy started round 2 and is in the tie
    ("three-players-short-stock.json", 2, [0, 2], 0, 2),  # from Jon: Kim before Ida
    ("four-players.json", 3, [0, 3], 0, 3),  # from Max: Oli before Lea
    ("five-players.json", 3, [0, 1, 4], 0, 4),  # from Cal: Eli before Amy and Ben
    ("five-players.json", 5, [0, 2, 3], 0, 0),  # Amy started round 4 and is in the tie
]


@pytest.mark.parametrize(("name", "number", "tied", "naive", "rules"), TIES)
def test_a_tie_for_the_lowest_score_goes_clockwise(
    name: str, number: int, tied: list[int], naive: int, rules: int
) -> None:
    game = next(g for g in GAMES_WORKED if g["file"] == name)
    before: Round = game["rounds"][number - 2]
    low = min(before.scores)
    assert [s for s, x in enumerate(before.scores) if x == low] == tied
    assert game["rounds"][number - 1].first == rules == before.next_first
    if naive != rules:
        data = raw(name)
        data["deals"][number - 1]["first"] = naive
        v = verify_record(reread(data))
        assert (v.status, v.rule, v.deal) == ("illegal", "deal-first", number), v.message()


def test_the_lowest_scorer_alone_starts() -> None:
    """Round 2 of three-players is started by Cy (-2 in round 1); Ann, who started round 1,
    may not start it."""
    data = raw("three-players.json")
    data["deals"][1]["first"] = 0
    v = verify_record(reread(data))
    assert (v.status, v.rule, v.deal) == ("illegal", "deal-first", 2), v.message()


# -- what the games exercise --------------------------------------------------------------
def trick_at(name: str, number: int, trick: int) -> T:
    game = next(g for g in GAMES_WORKED if g["file"] == name)
    result: T = game["rounds"][number - 1].tricks[trick - 1]
    return result


def test_the_rule_text_examples_are_played() -> None:
    """Forest red; red 2, black 3, red 4 -> red 4 wins; red 2, black 3, blue 5 -> blue 5."""
    ex1 = trick_at("three-players.json", 1, 1)
    ex2 = trick_at("three-players.json", 2, 1)
    for trick, winner in ((ex1, "R4"), (ex2, "B5")):
        assert trick.forest.startswith("R")
        cards = trick.cards.split()
        assert cards[:2] == ["R2", "K3"] and cards[2] == winner
        assert trick.winner == (trick.leader + 2) % 3
    p = FOREST.parse
    assert trick_winner([p("R2"), p("K3"), p("R4")], p("R6")) == 2
    assert trick_winner([p("R2"), p("K3"), p("B5")], p("R4")) == 2


# Where each case is played: (file, round, trick) and the index in play order of the card
# that wins, worked by hand.
CASES = {
    # equal numbers of the led colour (a black card of the forest colour): the later wins
    "equal-led": [("three-players.json", 1, 2, 1, "G5 K5"), ("five-players.json", 3, 1, 4, "Y4 K4")],
    # equal numbers among the other colours: the later wins
    "equal-other": [
        ("three-players.json", 1, 3, 2, "B2 G2"),
        ("four-players.json", 2, 3, 3, "K2 G2"),
        ("five-players.json", 1, 1, 2, "B1 K1"),
        ("five-players.json", 5, 1, 3, "B2 G2"),
    ],
    # a black forest card: a black card is black, another colour than the led red or blue
    "black-forest": [("three-players.json", 3, 1, 1, "K1"), ("four-players.json", 3, 1, 1, "K1")],
    # a black card led: the led colour is the forest colour (black under a black forest)
    "black-led": [
        ("three-players.json", 3, 2, 0, "K5"),
        ("three-players-short-stock.json", 3, 4, 0, "K3"),
        ("four-players.json", 2, 2, 0, "K5"),
        ("five-players.json", 2, 1, 2, "K2"),
    ],
}


@pytest.mark.parametrize(
    ("case", "name", "number", "trick", "index", "cards"),
    [(case, *where) for case, places in CASES.items() for where in places],
)
def test_the_case_is_played_where_stated(
    case: str, name: str, number: int, trick: int, index: int, cards: str
) -> None:
    t = trick_at(name, number, trick)
    played = t.cards.split()
    n = len(played)
    assert set(cards.split()) <= set(played)
    assert t.winner == (t.leader + index) % n
    if case in ("equal-led", "equal-other"):
        earlier, later = cards.split()
        assert played.index(earlier) < played.index(later) == index
        assert earlier[1:] == later[1:]
    elif case == "black-forest":
        assert t.forest.startswith("K") and played[index] == cards and not played[0].startswith("K")
    else:  # black-led: the led card is black, its colour the forest card's
        assert played[0] == cards and cards.startswith("K")


# A player forced to follow with a black card: (file, round, trick, seat, card); the card
# is the seat's only card of the led colour (the forest colour) at that trick.
FORCED_BLACK = [
    ("three-players.json", 1, 1, 1, "K3"),
    ("three-players.json", 2, 1, 0, "K3"),
    ("four-players.json", 1, 2, 0, "K4"),
    ("four-players.json", 4, 1, 1, "K4"),
    ("five-players.json", 3, 1, 3, "K4"),
]


@pytest.mark.parametrize(("name", "number", "trick", "seat", "card"), FORCED_BLACK)
def test_a_player_must_follow_with_a_black_card(
    name: str, number: int, trick: int, seat: int, card: str
) -> None:
    """The played black card is in the table; playing any other card of that seat's hand
    there instead is illegal (follow-colour)."""
    t = trick_at(name, number, trick)
    n = len(raw(name)["players"])
    assert (seat, card) in plays(t, n)
    data = raw(name)
    deal = data["deals"][number - 1]
    actions = deal["actions"]
    k = next(i for i, a in enumerate(actions) if a["seat"] == seat and a["card"] == card)
    later = [i for i, a in enumerate(actions) if a["seat"] == seat and i > k]
    assert later, "the seat holds another card then"
    for j in later:
        swapped = json.loads(json.dumps(data))
        acts = swapped["deals"][number - 1]["actions"]
        acts[k]["card"], acts[j]["card"] = acts[j]["card"], acts[k]["card"]
        v = verify_record(reread(swapped))
        assert (v.status, v.rule, v.deal, v.action, v.seat) == (
            "illegal",
            "follow-colour",
            number,
            k + 1,
            seat,
        )
        assert card in (v.reason or ""), v.message()


def test_the_last_forest_card_stays_when_the_stock_runs_out() -> None:
    """max_number 3, hand_size 4: 15 - 12 = 3 stock cards for 4 tricks. The record's stock
    is the whole pile; trick 4 keeps the third card, and in round 1 that decides the trick:
    R3 stays, so K2 and K3 are red and K3 wins (black as black, K2 would win)."""
    record = load("three-players-short-stock.json")
    assert all(len(d.stock) == 3 for d in record.deals)
    for rnd in SHORT["rounds"]:
        assert [t.new for t in rnd.tricks] == [True, True, True, False]
    t = SHORT["rounds"][0].tricks[3]
    p = FOREST.parse
    cards = [p(c) for c in t.cards.split()]
    assert trick_winner(cards, p(t.forest)) == 2
    assert trick_winner(cards, None) == 1


# Round scores: (file, round, seat, tricks, score) for a target hit, a trick count below the
# lowest target (under penalty), one above it (over penalty) and 0 tricks.
SCORE_CASES = {
    "target": [
        ("three-players.json", 2, 1, 4, 50),
        ("four-players.json", 2, 2, 2, 10),
        ("five-players.json", 3, 3, 2, 20),
    ],
    "under": [("three-players.json", 3, 0, 3, -3), ("five-players.json", 2, 0, 1, -2)],
    "over": [("four-players.json", 1, 1, 3, -30), ("five-players.json", 1, 2, 3, -15)],
    "zero": [("three-players.json", 2, 0, 0, 0), ("four-players.json", 4, 1, 0, 0)],
}


@pytest.mark.parametrize(
    ("case", "name", "number", "seat", "tricks", "score"),
    [(case, *where) for case, places in SCORE_CASES.items() for where in places],
)
def test_round_scores_show_targets_and_penalties(
    case: str, name: str, number: int, seat: int, tricks: int, score: int
) -> None:
    game = next(g for g in GAMES_WORKED if g["file"] == name)
    rnd: Round = game["rounds"][number - 1]
    assert (rnd.won[seat], rnd.scores[seat]) == (tricks, score)
    targets = {int(k): v for k, v in game["rules"]["targets"].items()}
    if case == "target":
        assert targets[tricks] == score
    elif case == "under":
        assert 0 < tricks < min(targets) and score == -game["rules"].get("under_penalty", 1) * tricks
    elif case == "over":
        assert tricks > min(targets) and tricks not in targets
        assert score == -game["rules"].get("over_penalty", 10) * tricks
    else:
        assert tricks == 0 == score
    v = verify_record(load(name))
    assert v.scores is not None and v.scores.deals[number - 1][seat] == score
