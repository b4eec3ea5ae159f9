"""Issue 17, "Player statistics": every number of ``gamerec.tables.stats`` worked out by hand from
the shipped hand-worked fixtures (fixtures/<game>/games/), for every game. The working is in
the comments: each trick or table read from the record, by the rules in docs/rules/, and the
round or deal scores checked against the record's own claim (the scores written at the
table). Definitions: docs/stats.md."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES

from gamerec.games.black_swan_2012.stats import BlackSwan2012Stats
from gamerec.games.black_swan_taroc.stats import BlackSwanTarocStats
from gamerec.games.blackball.stats import BlackballStats
from gamerec.games.forest.stats import ForestStats
from gamerec.tables.stats import HeadToHead, Stats, player_stats


def rows(result: Stats, game: str) -> dict[str, object]:
    return {r.player: r for r in result.games[game].players}


# -- blackball: family-3p.json ---------------------------------------------------------------
# Trevor (seat 0), Kate (1), Sam (2); hook on; 1-7-1. Per round: hand size, trump (the
# up-card's suit; none with 7 cards), bids T/K/S, each trick's winner, tricks taken T/K/S,
# and the scores (10 + bid when the bid is made exactly, else 0), which are the claim's rows.
#
#  1  1 ♠  bids 0 1 1  QH 3S(♠) AH: Sam                                  0 0 1  10  0 11
#  2  2 ♦  bids 2 1 0  KC AC 7C: Trevor; 5D(♦ led) JH 9H: Trevor         2 0 0  12  0 10
#  3  3 ♥  bids 1 1 0  AS KS 7S: Trevor; 4S 9H(♥) 3H(♥): Kate;
#                      QD AD 2C: Sam                                    1 1 1  11 11  0
#  4  4 ♣  bids 0 2 1  AH 5H 7H: Kate; KH QH 4C(♣): Trevor;
#                      KD 9D AC(♣): Sam; 2S TD 3C(♣): Kate               1 2 1   0 12 11
#  5  5 ♦  bids 2 0 2  AS 9S 5S: Sam; KS JS AH: Sam; QS KD(♦) 7C: Trevor;
#                      AD 2D KH: Trevor (AD); 4C QH 3H: Trevor           3 0 2   0 10 12
#  6  6 ♣  bids 4 1 5  AH 5H 4D: Trevor; KH 6H KC(♣): Sam; AC 2C 3C: Sam;
#                      5D TH AS: Sam; 6D JH KS: Sam; 7D QH QS: Sam       1 0 5   0  0 15
#  7  7 -  bids 3 4 3  AS 5S 9S, KS 6S TS, QS 7H 2D, JS AC 3D: Kate;
#                      2H KC AH, KH 3H QC, QH 4H AD: Trevor              3 4 0  13 14  0
#  8  6 ♠  bids 2 0 5  AD 5D 7D, KD 6D 8D: Sam; QD 5S(♠) AH: Trevor;
#                      AC KH 3S(♠), JD KC QH, 4S(♠) QC JH: Sam           1 0 5   0 10 15
#  9  5 ♥  bids 1 3 0  AC 5C 6C: Trevor; 3C KC QC: Kate; AS KS 9S: Kate;
#                      2D 3D 2H(♥): Trevor; 4C 8H(♥) 7H(♥): Kate         2 3 0   0 13 10
# 10  4 ♠  bids 0 1 2  AH KH QH: Kate; 2H AS(♠) JH: Sam; 5D 8C 4D: Sam;
#                      6D 9C 3S(♠): Kate                                0 2 2  10  0 12
# 11  3 ♣  bids 0 1 1  2S 4S AS: Kate; TD KC(♣) QD: Sam; 3S 5H 9H: Sam   0 1 2  10 11  0
# 12  2 ♦  bids 2 1 0  AS QS JS: Trevor; KS 2D(♦) 4H: Kate               1 1 0   0 11 10
# 13  1 ♠  bids 1 0 1  6H 8H 2S(♠): Trevor                               1 0 0  11 10  0
#                                                             totals: 77 102 106, Sam wins
#
# Trevor: made in rounds 1 2 3 7 10 11 13: 7 of 13 = 53.846%; over by 1 in rounds 4, 5 and 9
# (3); under by 3 in 6, 1 in 8 and 1 in 12 (5); zero bids in 1 4 10 11, made in 1 10 11.
# Kate: made in 3 4 5 7 8 9 11 12 13: 9 of 13 = 69.231%; over by 1 in 10 (1); under by 1 in
# 1, 2 and 6 (3); zero bids in 5 8 13, all made.
# Sam: made in 1 2 4 5 6 8 9 10 12: 9 of 13 = 69.231%; over by 1 in 3 and 11 (2); under by
# 3 in 7 and 1 in 13 (4); zero bids in 2 3 9 12, made in 2 9 12.
# Points per round by hand size (two rounds of each size but 7):
#   Trevor 1: (10+11)/2 = 10.5, 2: (12+0)/2 = 6, 3: (11+10)/2 = 10.5, 4: (0+10)/2 = 5, 5: 0, 6: 0, 7: 13
#   Kate   1: (0+10)/2 = 5, 2: (0+11)/2 = 5.5, 3: 11, 4: (12+0)/2 = 6, 5: (10+13)/2 = 11.5,
#          6: (0+10)/2 = 5, 7: 14
#   Sam    1: (11+0)/2 = 5.5, 2: 10, 3: 0, 4: (11+12)/2 = 11.5, 5: (12+10)/2 = 11, 6: 15, 7: 0
SIZES = {1: 2, 2: 2, 3: 2, 4: 2, 5: 2, 6: 2, 7: 1}


def test_blackball_family_3p_by_hand() -> None:
    result = player_stats(FIXTURES / "blackball" / "games" / "family-3p.json")
    assert result.counts["valid"] == 1
    game = result.games["blackball"]
    assert [r.player for r in game.players] == ["Sam", "Kate", "Trevor"]  # the winner first
    assert rows(result, "blackball") == {
        "Trevor": BlackballStats(
            player="Trevor", games=1, wins=0.0, rounds=13, bids_made=7, bids_made_pct=53.846,
            over_tricks=3, under_tricks=5, zero_bids=4, zero_bids_made=3, rounds_by_size=SIZES,
            points_by_size={1: 10.5, 2: 6.0, 3: 10.5, 4: 5.0, 5: 0.0, 6: 0.0, 7: 13.0},
        ),
        "Kate": BlackballStats(
            player="Kate", games=1, wins=0.0, rounds=13, bids_made=9, bids_made_pct=69.231,
            over_tricks=1, under_tricks=3, zero_bids=3, zero_bids_made=3, rounds_by_size=SIZES,
            points_by_size={1: 5.0, 2: 5.5, 3: 11.0, 4: 6.0, 5: 11.5, 6: 5.0, 7: 14.0},
        ),
        "Sam": BlackballStats(
            player="Sam", games=1, wins=1.0, rounds=13, bids_made=9, bids_made_pct=69.231,
            over_tricks=2, under_tricks=4, zero_bids=4, zero_bids_made=3, rounds_by_size=SIZES,
            points_by_size={1: 5.5, 2: 10.0, 3: 0.0, 4: 11.5, 5: 11.0, 6: 15.0, 7: 0.0},
        ),
    }  # fmt: skip
    # Sam 106 above Kate 102 above Trevor 77
    assert game.head_to_head == [
        HeadToHead("Kate", "Sam", games=1, b_higher=1),
        HeadToHead("Kate", "Trevor", games=1, a_higher=1),
        HeadToHead("Sam", "Trevor", games=1, a_higher=1),
    ]


# -- black-swan-2012: two-players.json and four-teams-declared.json ---------------------------
# two-players: Ann (0) against Bob (1), no teams, target 100. Points: A 20; 10 J Q K 10; 5 5;
# joker -20; Black Swan -100. Each table of seven, who completes it, and its points:
#  deal 1 (Ann first)
#   AS 2S 3S | 5D JK 7D | KC: Ann, 20 + 5 - 20 + 10 = 15
#   QH KH AH | 4C | 9S JK JK: Ann, 40 - 40 = 0
#   5S 6S 7S 8S (Ann out, first) | BS | TD JD: Bob, 5 - 100 + 20 = -75: the Swan to Bob
#   3C 3D 3H | QC | TH JH | AD: completed by Bob, the last table, 50 to Ann (first out)
#   Ann 15 + 0 + 50 = 65, Bob -75 (the claim's [65, -75])
#  deal 2 (Bob first)
#   4D | 4H 4S JK | 6C 7C 8C: Bob, -20
#   9D TD JD QD KD AD | AS: Ann, 40 + 40 = 80
#   5H 6H 7H 8H 9H | 5C | TH: Ann, 5 + 5 + 10 = 20
#   2S 3S | JK JK | QS KS (Ann out, first) | 2D: completed by Bob, the last table, -40 + 20 =
#   -20 to Ann
#   Ann 80 + 20 - 20 = 80, Bob -20 (the claim's [80, -20]); totals 145, -95: Ann wins
#  Ann: 2 deals, tables 2 + 2 = 4, first out twice, 145 points, 72.5 a deal; no Swan
#  Bob: 2 deals, tables 2 + 2 = 4 (the last table of each deal is his), never first out,
#  -75 - 20 = -95 points, -47.5 a deal; the Swan once
#
# four-teams-declared: Ann & Cy (0, 2) against Bob & Dan (1, 3); Cy declares the Swan (his
# team's deal score doubled); target 200. One deal, Ann first:
#   2S 3S 4S | 5S 6S | BS | 7S: Dan, 5 - 100 = -95: the Swan to Dan
#   2H 3H 4H 5H 6H 7H 8H: Dan, 5
#   2C | 8C | 3C 4C | JH QH KH: Cy, 30
#   9H TH | 9C | AH AD AC JK: Ann, 10 + 60 - 20 = 50
#   5D 6D 7D 8D 9D | TD JD: Bob, 5 + 20 = 25
#   2D 3D 4D | 5C 6C 7C | JK: Dan, 5 - 20 = -15
#   8S 9S | KD (Ann out, first) | JK | TS JS QS: Cy, 10 - 20 + 30 = 20
#   KS AS (Cy out) | QD (Dan out) | TC JC QC KC: completed by Bob, the last table, 80 to Ann
#  piles: Ann 50 + 80 = 130, Bob 25, Cy 30 + 20 = 50, Dan -95 + 5 - 15 = -105
#  teams: (130 + 50) x 2 = 360 against 25 - 105 = -80 (the claim's [360, -80]): Ann & Cy win
#  tables: Ann 1, Bob 1 + the last = 2, Cy 2, Dan 3; first out: Ann; the Swan: Dan
#
# Both records: Ann 2 matches, 2 won, 3 deals, 4 + 1 = 5 tables, first out 3 times,
# 145 + 130 = 275 points, 91.667 a deal. Bob 2 matches, 0 won, 3 deals, 4 + 2 = 6 tables,
# the Swan once, -95 + 25 = -70, -23.333 a deal.
def test_black_swan_2012_by_hand() -> None:
    games = FIXTURES / "black-swan-2012" / "games"
    result = player_stats([games / "two-players.json", games / "four-teams-declared.json"])
    assert result.counts["valid"] == 2
    assert rows(result, "black-swan-2012") == {
        "Ann": BlackSwan2012Stats(player="Ann", games=2, wins=2.0, deals=3, swan_captures=0, tables=5,
                                  first_out=3, points=275, points_per_deal=91.667),
        "Bob": BlackSwan2012Stats(player="Bob", games=2, wins=0.0, deals=3, swan_captures=1, tables=6,
                                  first_out=0, points=-70, points_per_deal=-23.333),
        "Cy": BlackSwan2012Stats(player="Cy", games=1, wins=1.0, deals=1, swan_captures=0, tables=2,
                                 first_out=0, points=50, points_per_deal=50.0),
        "Dan": BlackSwan2012Stats(player="Dan", games=1, wins=0.0, deals=1, swan_captures=1, tables=3,
                                  first_out=0, points=-105, points_per_deal=-105.0),
    }  # fmt: skip
    # team mates finish level; Ann's side finished above Bob's in both matches
    assert result.games["black-swan-2012"].head_to_head == [
        HeadToHead("Ann", "Bob", games=2, a_higher=2),
        HeadToHead("Ann", "Cy", games=1, level=1),
        HeadToHead("Ann", "Dan", games=1, a_higher=1),
        HeadToHead("Bob", "Cy", games=1, b_higher=1),
        HeadToHead("Bob", "Dan", games=1, level=1),
        HeadToHead("Cy", "Dan", games=1, a_higher=1),
    ]


# -- black-swan-taroc: two-trumps-affiliated.json ---------------------------------------------
# Iris (0) deals, Jon (1) leads first; the lead alternates Jon, Iris, ...; trumps affiliated.
# Each starts with a feather; the bank keeps 4 feathers, 4 stones, 2 pearls. Points: minor 1,
# low major 2, high major (EL, AS) 3, the Swan 10 to its own player. The handout after each of
# Iris's turns (the dealer's) goes to the lowest hand card (2s are lowest; a tie to Jon, first
# from the dealer's left). Turn by turn:
#   1 Jon 3C, Iris ST2 (Structures take Coins): Iris 1 + 2 = 3; draws Iris 5G, Jon 6C
#   2 Iris passes 9P; handout: Iris's 2P below Jon's 3B: feather to Iris
#   3 Jon 4C, Iris VO7 (Vocations go with Buds): Jon 3; draws 7O, 2B
#   4 Iris passes 6P; 2P ties 2B: feather to Jon
#   5 Jon AH, Iris CR1 (Creatures take Hearts): Iris 3; draws 8G, KC
#   6 Iris passes 4G; 2P ties 2B: feather to Jon
#   7 Jon 4G, Iris 5G: Iris 2; draws 9G, 4B
#   8 Iris passes 2P; her 3O above Jon's 2B: the last feather to Jon
#   9 Jon CR2, Iris AS4 (a led major is won by its own suit only): Jon 2 + 3 = 5; draws 5O, 5B
#  10 Iris passes 8G (Jon holds 15); 3O above 2B: stone to Jon
#  11 Jon 9P, Iris 3O: Jon 2; draws Iris MY3, Jon 6B (15)
#  12 Iris passes TG; 5O above 2B: stone to Jon
#  13 Jon TG, Iris 9G: Jon 2; draws Iris QO (Jon at 15 draws none)
#  14 Iris passes 7O; stone to Jon
#  15 Jon 8G, Iris MY3 (Mysteries take Goblets): Iris 3; draws Iris JO
#  16 Iris passes QO; the last stone to Jon
#  17 Jon QO, Iris 5O: Jon 2; draws Iris 3H
#  18 Iris passes JO; 3H above 2B: pearl to Jon
#  19 Jon 5H, Iris 3H: Jon 2; draws Iris BS
#  20 Iris leads BS, her last card; Jon 6C: no major answers, Iris 10 + 1 = 11; the game ends
# Captured: Iris 3 + 3 + 2 + 3 + 11 = 22, Jon 3 + 5 + 2 + 2 + 2 + 2 = 16. No pledge was
# played: Iris holds 2 feathers (2 points), Jon 4 feathers, 4 stones and a pearl (9, worth
# 4 + 8 + 3 = 15). Counts: Iris 22 + 2 = 24, Jon 16 + 15 = 31; Par = 55 / 2 = 27.5, rounded up
# to 28; finals |24 - 28| = 4 and |31 - 28| = 3 (the claim's [4, 3]): Iris wins, from below
# Par (a subpar conversion); Jon's count was above it.
def test_black_swan_taroc_by_hand() -> None:
    result = player_stats(FIXTURES / "black-swan-taroc" / "games" / "two-trumps-affiliated.json")
    assert rows(result, "black-swan-taroc") == {
        "Iris": BlackSwanTarocStats(player="Iris", games=1, wins=1.0, pledges_held=2, pledge_points=2,
                                    subpar=1, points_captured=22),
        "Jon": BlackSwanTarocStats(player="Jon", games=1, wins=0.0, pledges_held=9, pledge_points=15,
                                   subpar=0, points_captured=16),
    }  # fmt: skip
    assert result.games["black-swan-taroc"].head_to_head == [HeadToHead("Iris", "Jon", games=1, a_higher=1)]


# -- forest: three-players.json ---------------------------------------------------------------
# Ann (0), Bob (1), Cy (2); 1..6, 4 cards each; targets 4: 50, 8: 100, 12: 169; 1 a trick
# below 4. Each trick (the forest card first; black cards take its colour): all of the led
# colour, the highest wins; else the lowest of the other colours; equal numbers, the later.
#  round 1: R6: R2 K3(=R3) R4: Cy; G1: G5 K5(=G5) G3: Ann (the later 5); R5: Y3 B2 G2: Cy
#           (the later 2); Y2: G6 G4 B4: Bob. Tricks 1 1 2: -1 -1 -2
#  round 2 (Cy first): R4: R2 K3 B5: Bob; G3: B6 B1 B2: Bob; Y3: G6 G1 G2: Bob; B3: Y6 Y1 Y2:
#           Bob. Tricks 0 4 0: 0 50 0 (Bob on target)
#  round 3 (Cy first): K2 (black): R3 K1 R6: Ann; G4: K5(=G5) G1 G2: Ann; R5: Y5 Y1 Y4: Ann;
#           Y3: B4 B3 G6: Cy. Tricks 3 0 1: -3 0 -1
#  totals -4, 49, -3 (the claim's): Bob wins, then Cy, then Ann
#  Ann: 4 tricks in 3 rounds (1.333), no round on target, penalties in rounds 1 and 3: 1 + 3
#  Bob: 5 tricks (1.667), on target once (4 tricks), a penalty in round 1: 1
#  Cy: 3 tricks (1.0), never on target, penalties in rounds 1 and 3: 2 + 1
def test_forest_three_players_by_hand() -> None:
    result = player_stats(FIXTURES / "forest" / "games" / "three-players.json")
    assert rows(result, "forest") == {
        "Ann": ForestStats(player="Ann", games=1, wins=0.0, rounds=3, on_target={}, rounds_on_target=0,
                           tricks=4, tricks_per_round=1.333, penalties=2, penalty_points=4),
        "Bob": ForestStats(player="Bob", games=1, wins=1.0, rounds=3, on_target={4: 1}, rounds_on_target=1,
                           tricks=5, tricks_per_round=1.667, penalties=1, penalty_points=1),
        "Cy": ForestStats(player="Cy", games=1, wins=0.0, rounds=3, on_target={}, rounds_on_target=0,
                          tricks=3, tricks_per_round=1.0, penalties=2, penalty_points=3),
    }  # fmt: skip
    assert result.games["forest"].head_to_head == [
        HeadToHead("Ann", "Bob", games=1, b_higher=1),
        HeadToHead("Ann", "Cy", games=1, b_higher=1),
        HeadToHead("Bob", "Cy", games=1, a_higher=1),
    ]


# -- what counts --------------------------------------------------------------------------------
def test_a_duplicate_counts_once_and_bad_records_are_left_out(tmp_path: Path) -> None:
    """The same game twice (another file) counts once; an illegal record is listed, not counted."""
    game = FIXTURES / "forest" / "games" / "three-players.json"
    shutil.copy(game, tmp_path / "copy.json")
    bad = sorted((FIXTURES / "forest" / "bad").glob("*.json"))[0]
    result = player_stats([game, tmp_path / "copy.json", bad])
    assert result.counts["valid"] == 1 and result.counts["duplicate"] == 1
    assert result.duplicates == [(f"{tmp_path / 'copy.json'}:1", f"{game}:1")]
    assert [v.source for v in result.left_out] == [str(bad)]
    assert {r.player: r.games for r in result.games["forest"].players} == {"Ann": 1, "Bob": 1, "Cy": 1}


def test_player_keeps_only_their_rows_pairs_and_games() -> None:
    result = player_stats(sorted((FIXTURES / "black-swan-2012" / "games").glob("*.json")), player="Dan")
    game = result.games["black-swan-2012"]
    assert [r.player for r in game.players] == ["Dan"]
    assert all("Dan" in (p.a, p.b) for p in game.head_to_head) and game.head_to_head
    assert player_stats(FIXTURES / "forest" / "games", player="Dan").games == {}


@pytest.mark.parametrize("game", ["blackball", "black-swan-2012", "black-swan-taroc", "forest"])
def test_every_shipped_game_adds_up(game: str) -> None:
    """Cross-checks on all the shipped games: wins add up to the games, each pair's games
    to its outcomes; blackball and forest rounds to the records' rounds."""
    result = player_stats(FIXTURES / game / "games")
    table = result.games[game]
    assert result.counts["valid"] == len(list((FIXTURES / game / "games").glob("*.json")))
    for p in table.head_to_head:
        assert p.games == p.a_higher + p.b_higher + p.level
    for r in table.players:
        assert 0 <= r.wins <= r.games


def test_progress_hears_of_every_record() -> None:
    """``on_progress`` (the CLI's progress bar, as ``score`` has it) hears of each record read."""
    heard: list[int] = []
    player_stats(FIXTURES / "forest" / "games", on_progress=lambda records, _b, _t: heard.append(records))
    assert heard == [1, 2, 3, 4]
