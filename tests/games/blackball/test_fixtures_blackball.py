"""The hand-worked blackball games in ``fixtures/blackball/games/`` and the rule text's
worked examples.

Every number below was worked out on paper from RULINGS.md section 1 (a round scores
10 + bid for exactly the bid, else 0) before the engine was run: who wins each trick,
how many tricks each seat takes, and so the score of every seat in every round. The
tests load each fixture, verify it and compare the engine's score sheet with these tables.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

import pytest
from conftest import FIXTURES

from gamerec.cards import FRENCH
from gamerec.checking.verdicts import Verdict, verify_record
from gamerec.engine import GameState, TrickWon
from gamerec.format.read import read_bytes, read_file
from gamerec.games import get_game
from gamerec.record import Bid, Deal, Play, Record
from gamerec.stepper import steps

GAMES = FIXTURES / "blackball" / "games"
BB = get_game("blackball")

SIZES_171 = [1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1]
SIZES_717 = [7, 6, 5, 4, 3, 2, 1, 1, 2, 3, 4, 5, 6, 7]


# -- the games, worked by hand ------------------------------------------------------------
# perfect-179: Ann, Bob, Cy, Dot; default rules. Bob deals first, so Dot deals round 7 (no
# trump) and Ann leads it. Ann holds the top trumps in play every trump round (round 2: AS
# is the up-card, so KS QS are the top trumps; round 9: TD is up, her 9D is still above every
# other diamond; round 11: KS is up), or side aces while nobody else holds a trump (rounds 4
# and 6); in round 7 she leads A then K of each suit, always the top card left in the suit
# led. So she takes every trick and bids the hand size every round: 10 + size each round.
# The others take nothing: a bid of 0 scores 10, anything else is a black ball.
PERFECT: dict[str, Any] = {
    "file": "perfect-179.json",
    "players": ["Ann", "Bob", "Cy", "Dot"],
    "sizes": SIZES_171,
    # (Ann, Bob, Cy, Dot)
    "bids": [
        (1, 0, 0, 1),  # 1: Dot bids 1 on KC, but Ann trumps the club lead with AH
        (2, 1, 0, 1),  # 2: Bob's JS under-trumps Ann's QS; Dot's AD lead is trumped
        (3, 0, 0, 1),
        (4, 1, 1, 0),  # 4: Bob's KH lead falls to Ann's AH; nobody else has a diamond
        (5, 0, 0, 1),
        (6, 2, 0, 1),
        (7, 1, 1, 0),  # 7: no trump, Ann leads AC KC AD KD AH KH AS
        (6, 2, 1, 0),
        (5, 0, 1, 1),  # 9: Cy leads AS, Dot trumps 2D, Ann overtrumps 9D
        (4, 1, 0, 2),
        (3, 0, 0, 2),  # 11: Dot's three aces all fall under Ann's trumps
        (2, 1, 1, 0),
        (1, 0, 1, 1),  # 13: Cy leads AH, Dot trumps KC, Ann overtrumps AC
    ],
    "tricks": [(s, 0, 0, 0) for s in SIZES_171],
    "scores": [
        [11, 10, 10, 0],
        [12, 0, 10, 0],
        [13, 10, 10, 0],
        [14, 0, 0, 10],
        [15, 10, 10, 0],
        [16, 0, 10, 0],
        [17, 0, 0, 10],
        [16, 0, 0, 10],
        [15, 10, 0, 0],
        [14, 0, 10, 0],
        [13, 10, 10, 0],
        [12, 0, 0, 10],
        [11, 10, 0, 0],
    ],
    # Ann 13 x 10 + (1 + 2 + ... + 7 + ... + 1 = 49) = 179
    "totals": [179, 60, 70, 40],
    "winners": [0],
}

# family-3p: Trevor, Kate, Sam; hook on. Trevor deals first. With the hook the bids never
# total the hand size, so somebody misses every round.
FAMILY: dict[str, Any] = {
    "file": "family-3p.json",
    "players": ["Trevor", "Kate", "Sam"],
    "sizes": SIZES_171,
    # (Trevor, Kate, Sam)
    "bids": [
        (0, 1, 1),  # 1: Kate leads QH, Sam trumps with 3S over Trevor's AH: 0, 11, 10 all at once
        (2, 1, 0),  # 2: dealer Kate may not bid 0 (bids would total 2): forced black ball
        (1, 1, 0),  # 3: Kate trumps the 4S with 9H over Sam's 3H; Sam's AD takes the last
        (0, 2, 1),  # 4: dealer Trevor may not bid 1; his 4C trumps Kate's KH
        (2, 0, 2),  # 5: Trevor trumps Sam's third spade and takes the rest
        (4, 1, 5),  # 6: Sam trumps Trevor's KH with KC, then runs AC and three diamonds
        (3, 4, 3),  # 7: no trump; Kate's four spades, Sam's AC is only a discard
        (2, 0, 5),  # 8: Trevor's 5S trumps QD, Sam's 3S trumps Trevor's AC back
        (1, 3, 0),  # 9: Trevor trumps a diamond with 2H; Kate's 8H overtrumps Sam's 7H
        (0, 1, 2),  # 10: dealer Trevor may not bid 1; Sam's 5D beats Kate's 4D
        (0, 1, 1),  # 11: dealer Kate may not bid 2; Sam's KC trumps TD, his 3S lead holds
        (2, 1, 0),  # 12: Kate trumps the second spade with 2D
        (1, 0, 1),  # 13: dealer Trevor forced to bid 1 by the hook, and makes it with 2S
    ],
    "tricks": [
        (0, 0, 1),
        (2, 0, 0),
        (1, 1, 1),
        (1, 2, 1),
        (3, 0, 2),
        (1, 0, 5),
        (3, 4, 0),
        (1, 0, 5),
        (2, 3, 0),
        (0, 2, 2),
        (0, 1, 2),
        (1, 1, 0),
        (1, 0, 0),
    ],
    "scores": [
        [10, 0, 11],
        [12, 0, 10],
        [11, 11, 0],
        [0, 12, 11],
        [0, 10, 12],
        [0, 0, 15],
        [13, 14, 0],
        [0, 10, 15],
        [0, 13, 10],
        [10, 0, 12],
        [10, 11, 0],
        [0, 11, 10],
        [11, 10, 0],
    ],
    "totals": [77, 102, 106],
    "winners": [2],
}

# sevens-4p: Ada, Ben, Cleo, Dev; schedule 7-1-7 (14 rounds, no trump in the first and the
# last), must_trump on. Dev deals first.
SEVENS: dict[str, Any] = {
    "file": "sevens-4p.json",
    "players": ["Ada", "Ben", "Cleo", "Dev"],
    "sizes": SIZES_717,
    # (Ada, Ben, Cleo, Dev)
    "bids": [
        (3, 2, 1, 3),  # 1: no trump; Ada's lone 2S wins the third spade lead
        (2, 3, 2, 2),  # 2: Cleo must trump KC with 6H, Ada overtrumps with KH; then AH
        (0, 2, 3, 2),  # 3: Ben must trump the AS lead with 8D; Cleo's four spades take nothing
        (1, 2, 0, 3),  # 4: Ben must trump KD with KC under Ada's AC
        (1, 0, 0, 1),  # 5: Dev must trump the AH lead with 2S
        (0, 2, 0, 0),
        (0, 0, 1, 0),  # 7: Dev and Ben both must trump Cleo's AD; Ben's 4C beats 3C
        (0, 0, 0, 1),
        (2, 1, 0, 0),  # 9: Ben must trump Ada's AH with 2D
        (1, 2, 1, 0),  # 10: Ada must trump AS with 3H; Cleo must trump 9C with AH
        (1, 4, 1, 0),  # 11: Ben, all trumps, must trump AD; Ada's AS beats Ben's QS lead
        (0, 2, 2, 3),  # 12: Ben must trump Dev's AC with KD
        (2, 4, 1, 2),  # 13: Ben must trump Ada's AH with 3S, then runs AC KC QC
        (3, 3, 2, 2),  # 14: no trump; must_trump does nothing
    ],
    "tricks": [
        (3, 2, 0, 2),
        (2, 1, 2, 1),
        (0, 2, 0, 3),
        (1, 1, 1, 1),
        (0, 1, 1, 1),
        (0, 1, 0, 1),
        (0, 1, 0, 0),
        (0, 0, 0, 1),
        (0, 2, 0, 0),
        (2, 0, 1, 0),
        (1, 3, 0, 0),
        (0, 2, 3, 0),
        (0, 4, 0, 2),
        (2, 3, 0, 2),
    ],
    "scores": [
        [13, 12, 0, 0],
        [12, 0, 12, 0],
        [10, 12, 0, 0],
        [11, 0, 0, 0],
        [0, 0, 0, 11],
        [10, 0, 10, 0],
        [10, 0, 0, 10],
        [10, 10, 10, 11],
        [0, 0, 10, 10],
        [0, 0, 11, 10],
        [11, 0, 0, 10],
        [10, 12, 0, 0],
        [0, 14, 0, 12],
        [0, 13, 0, 12],
    ],
    "totals": [97, 73, 53, 86],
    "winners": [0],
}

FIXTURE_GAMES = [PERFECT, FAMILY, SEVENS]
IDS = [g["file"] for g in FIXTURE_GAMES]


# -- helpers ------------------------------------------------------------------------------
def load(name: str) -> Record:
    entries = list(read_file(GAMES / name))
    assert len(entries) == 1
    assert entries[0].error is None, entries[0].error
    record = entries[0].record
    assert record is not None
    return record


def verdict(name: str) -> Verdict:
    return verify_record(load(name), name)


def tricks_by_round(record: Record) -> list[list[int]]:
    """Tricks taken per seat in each round, counted from the replay's trick events."""
    n = len(record.players)
    rows = [[0] * n for _ in record.deals]
    gen = steps(record)
    for deal, _index, _action, events, _state in gen:
        for e in events:
            if isinstance(e, TrickWon):
                rows[deal][e.seat] += 1
    return rows


def reread(data: dict[str, Any]) -> Record:
    entries = list(read_bytes(json.dumps(data).encode()))
    assert entries[0].record is not None
    return entries[0].record


def raw(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads((GAMES / name).read_text())
    return result


# -- the fixtures -------------------------------------------------------------------------
def test_the_fixture_directory_holds_the_three_games() -> None:
    assert sorted(p.name for p in GAMES.glob("*.json")) == sorted(IDS)


@pytest.mark.parametrize("game", FIXTURE_GAMES, ids=IDS)
def test_hand_tables_are_consistent(game: dict[str, Any]) -> None:
    """The tables agree with each other: tricks sum to the hand size, and each score is
    10 + bid exactly when the bid was made."""
    for size, bids, took, scores in zip(
        game["sizes"], game["bids"], game["tricks"], game["scores"], strict=True
    ):
        assert sum(took) == size
        assert all(0 <= b <= size for b in bids)
        assert list(scores) == [10 + b if b == t else 0 for b, t in zip(bids, took, strict=True)]
    columns = zip(*game["scores"], strict=True)
    assert [sum(c) for c in columns] == game["totals"]


@pytest.mark.parametrize("game", FIXTURE_GAMES, ids=IDS)
def test_fixture_is_valid_with_hand_worked_scores(game: dict[str, Any]) -> None:
    v = verdict(game["file"])
    assert v.status == "valid", v.message()
    assert v.scores is not None
    assert v.scores.complete
    assert v.scores.sides == game["players"]
    assert v.scores.deals == game["scores"]
    assert v.scores.totals == game["totals"]
    assert v.scores.winners == game["winners"]


@pytest.mark.parametrize("game", FIXTURE_GAMES, ids=IDS)
def test_fixture_tricks_and_bids_as_worked(game: dict[str, Any]) -> None:
    record = load(game["file"])
    assert tricks_by_round(record) == [list(t) for t in game["tricks"]]
    bids = [
        tuple(a.tricks for a in sorted(d.actions[: len(record.players)], key=lambda a: a.seat))
        for d in record.deals
    ]
    assert bids == game["bids"]


@pytest.mark.parametrize("game", FIXTURE_GAMES, ids=IDS)
def test_fixture_claim_matches_the_tables(game: dict[str, Any]) -> None:
    record = load(game["file"])
    assert record.claim is not None
    assert record.claim.deals == game["scores"]
    assert record.claim.totals == game["totals"]


@pytest.mark.parametrize("game", FIXTURE_GAMES, ids=IDS)
def test_fixture_deals_are_well_formed(game: dict[str, Any]) -> None:
    """Checked here from the record itself, independently of the engine: dealer passes
    left, hands sized to the round, an up-card exactly in the rounds with trump, no card
    twice, bids from the dealer's left with the dealer last."""
    record = load(game["file"])
    n = len(record.players)
    assert record.players == game["players"]
    assert record.meta.event and record.meta.site and record.meta.date and record.meta.tags
    assert len(record.deals) == len(game["sizes"])
    first = record.deals[0].dealer
    for i, (deal, size) in enumerate(zip(record.deals, game["sizes"], strict=True)):
        assert deal.dealer == (first + i) % n
        assert [len(h) for h in deal.hands] == [size] * n
        assert len(deal.stock) == (0 if size == 7 else 1)
        dealt = [c for h in deal.hands for c in h] + list(deal.stock)
        assert len(set(dealt)) == len(dealt)
        bidders = [a.seat for a in deal.actions[:n]]
        assert all(isinstance(a, Bid) for a in deal.actions[:n])
        assert bidders == [(deal.dealer + 1 + k) % n for k in range(n)]
        assert all(isinstance(a, Play) for a in deal.actions[n:])
        assert len(deal.actions) == n + n * size


def test_perfect_game_ann_takes_every_trick() -> None:
    record = load("perfect-179.json")
    assert record.rules == {"schedule": "1-7-1", "hook": False, "must_trump": False}
    winners: set[int] = set()
    for _deal, _index, _action, events, _state in steps(record):
        winners.update(e.seat for e in events if isinstance(e, TrickWon))
    assert winners == {0}
    # the no-trump round 7 is dealt by Dot (seat 3), so Ann leads it
    assert record.deals[6].dealer == 3
    lead = record.deals[6].actions[4]
    assert isinstance(lead, Play)
    assert (lead.seat, lead.card) == (0, FRENCH.parse("AC"))


def test_family_game_respects_the_hook() -> None:
    record = load("family-3p.json")
    assert record.rules["hook"] is True
    for deal, size in zip(record.deals, SIZES_171, strict=True):
        bids = [a.tricks for a in deal.actions[:3] if isinstance(a, Bid)]
        assert sum(bids) != size


def test_family_game_hook_really_forced_the_dealer() -> None:
    """Round 2: Sam 0, Trevor 2; dealer Kate bidding 0 would total 2."""
    data = raw("family-3p.json")
    bid = data["deals"][1]["actions"][2]
    assert bid == {"type": "bid", "seat": 1, "tricks": 1, "note": "hook: 0 would make the bids total 2"}
    bid["tricks"] = 0
    v = verify_record(reread(data))
    assert (v.status, v.rule, v.deal, v.action, v.seat) == ("illegal", "hook", 2, 3, 1)


def test_sevens_game_forces_a_void_player_to_trump() -> None:
    """Round 2, trick 2: Ben leads KC; Cleo, void in clubs with AD KD 7H 2S left, played
    the 6H; discarding 2S instead must be refused."""
    data = raw("sevens-4p.json")
    assert data["rules"] == {"schedule": "7-1-7", "hook": False, "must_trump": True}
    actions = data["deals"][1]["actions"]
    play = actions[4 + 4 + 1]  # four bids, trick 1, then Ben's KC lead, then Cleo
    assert (play["seat"], play["card"]) == (2, "6H")
    play["card"] = "2S"
    v = verify_record(reread(data))
    assert (v.status, v.rule, v.deal, v.action, v.seat) == ("illegal", "must-trump", 2, 10, 2)
    data["rules"]["must_trump"] = False
    # without the option the discard is legal, Ada's KH still wins the trick, and the
    # record then breaks where Cleo leads the 2S she no longer holds (trick 4, action 17)
    v = verify_record(reread(data))
    assert (v.status, v.rule, v.deal, v.action, v.seat) == ("illegal", "not-held", 2, 17, 2)


def test_a_wrong_claim_is_a_mismatch() -> None:
    data = raw("perfect-179.json")
    data["claim"]["deals"][6][0] = 16
    data["claim"]["totals"][0] = 178
    v = verify_record(reread(data))
    assert v.status == "mismatch"
    assert v.mismatches == ["deal 7, Ann: claimed 16, computed 17", "total, Ann: claimed 178, computed 179"]


# -- the rule text's worked examples ------------------------------------------------------
def one_card_round(bids: Sequence[int]) -> GameState:
    """Round 1, three players, Ann deals. Trump hearts (up-card 2H). Bob leads 5C, Cy
    follows with KC, Ann trumps with 3H: Ann takes the trick."""
    state = BB.new_state({}, ["Ann", "Bob", "Cy"])
    hands = [[FRENCH.parse("3H")], [FRENCH.parse("5C")], [FRENCH.parse("KC")]]
    state.begin_deal(Deal(0, hands, [FRENCH.parse("2H")], []))
    for seat, b in zip((1, 2, 0), bids, strict=True):
        state.apply(Bid(seat, b))
    for seat, code in ((1, "5C"), (2, "KC"), (0, "3H")):
        state.apply(Play(seat, FRENCH.parse(code)))
    assert state.deal_over
    return state


def test_bid_one_take_one_scores_eleven() -> None:
    state = one_card_round([0, 0, 1])  # Bob 0, Cy 0, Ann 1
    assert state.deal_scores[0][0] == 11


def test_bid_zero_take_zero_scores_ten() -> None:
    state = one_card_round([0, 0, 1])
    assert state.deal_scores[0][1:] == (10, 10)


def test_a_miss_scores_zero() -> None:
    # Bob bids 1 and takes nothing; Ann bids 0 and takes the trick: both black balls
    state = one_card_round([1, 0, 0])
    assert tuple(state.deal_scores[0]) == (0, 0, 10)


def test_a_two_card_round_scores_ten_plus_the_bid() -> None:
    """Round 2 of the text: Ann bids 2 and takes 2 (12); Bob bids 1, takes 0 (black ball)."""
    state = BB.new_state({}, ["Ann", "Bob"])
    # first round: Bob deals, Ann leads AS, Bob follows 2S
    state.begin_deal(Deal(1, [[FRENCH.parse("AS")], [FRENCH.parse("2S")]], [FRENCH.parse("3D")], []))
    for a in (Bid(0, 1), Bid(1, 0), Play(0, FRENCH.parse("AS")), Play(1, FRENCH.parse("2S"))):
        state.apply(a)
    hands = [[FRENCH.parse("AC"), FRENCH.parse("KC")], [FRENCH.parse("QC"), FRENCH.parse("JC")]]
    state.begin_deal(Deal(0, hands, [FRENCH.parse("4H")], []))
    for a in (Bid(1, 1), Bid(0, 2)):
        state.apply(a)
    for seat, code in ((1, "QC"), (0, "AC"), (0, "KC"), (1, "JC")):
        state.apply(Play(seat, FRENCH.parse(code)))
    assert [tuple(r) for r in state.deal_scores] == [(11, 10), (12, 0)]
    assert list(state.totals) == [23, 10]


def sweep_record(sweeper_bid_all: bool, other_bids: int) -> Record:
    """Two players over the whole 1-7-1 schedule, Ann always takes every trick: with trump
    spades (up-card 2S) she holds the top k spades and Bob the next k; in the 7-card round
    she holds AS..9S and AH, Bob 8S..3S and 2H, so whatever is led, Ann holds a higher card
    of that suit (or the lead). Ann bids k (or 0), Bob bids ``other_bids`` (capped at k)."""
    spades = [FRENCH.parse(r + "S") for r in "AKQJT9876543"]
    deals: list[Deal[Any]] = []
    for i, k in enumerate(SIZES_171):
        dealer = (1 + i) % 2
        if k == 7:
            ann = [*spades[:6], FRENCH.parse("AH")]
            bob = [*spades[6:12], FRENCH.parse("2H")]
            stock: list[int] = []
        else:
            ann, bob = spades[:k], spades[k : 2 * k]
            stock = [FRENCH.parse("2S")]
        deals.append(Deal(dealer, [ann, bob], stock, []))
    record = Record(game="blackball", players=["Ann", "Bob"], deals=deals)
    state = BB.new_state({}, record.players)
    for deal, k in zip(record.deals, SIZES_171, strict=True):
        state.begin_deal(deal)
        bids = {0: k if sweeper_bid_all else 0, 1: min(other_bids, k)}
        while not state.deal_over:
            seat = state.to_move
            assert seat is not None
            action = Bid(seat, bids[seat]) if len(deal.actions) < 2 else state.legal_actions()[0]
            state.apply(action)
            deal.actions.append(action)
    return record


def test_a_game_scores_at_most_179() -> None:
    # Ann takes every trick and bids it: 13 x 10 + 49; Bob bids 0 every round: 13 x 10
    v = verify_record(sweep_record(sweeper_bid_all=True, other_bids=0))
    assert v.status == "valid", v.message()
    assert v.scores is not None
    assert v.scores.totals == [179, 130]
    assert v.scores.deals == [[10 + k, 10] for k in SIZES_171]


def test_a_game_scores_at_least_0() -> None:
    # Ann takes every trick but bids 0; Bob bids 1 and takes none: black balls throughout
    v = verify_record(sweep_record(sweeper_bid_all=False, other_bids=1))
    assert v.status == "valid", v.message()
    assert v.scores is not None
    assert v.scores.totals == [0, 0]
    assert v.scores.deals == [[0, 0]] * 13
    assert v.scores.winners == [0, 1]  # equal totals share the win
