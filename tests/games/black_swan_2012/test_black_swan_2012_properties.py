"""Black Swan (2012) property tests (hypothesis, bounded).

- ``combination()`` and ``playable()`` against a brute-force oracle written here: it tries
  the jokers of a play as every French card (the jokers being identical, as every multiset
  of French cards), giving up on a partial assignment only when no way of completing it can
  be one rank or one suit without repeated ranks.
- Simulated matches (2..4 players, both bots, mixed options): they verify valid, and a replay
  written here checks every deal's captures, turns, table sizes, scores and the match end
  against the rules, independently of the engine's bookkeeping.
- Binary and JSON round trips, and random mutations, which never raise and give a verdict.

Every test draws few examples and simulates small matches (a low target), so the file runs
in seconds.
"""

from __future__ import annotations

import copy
from collections import Counter
from functools import cache
from itertools import combinations
from random import Random
from typing import Any

import msgspec
import pytest
from helpers import illegal_rule_ids
from hypothesis import HealthCheck, assume, event, example, given, note, settings
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.cards import FRENCH_JOKERS_SWAN as D
from gamerec.cards import JOKER, SWAN
from gamerec.checking.verdicts import Verdict, verify_record
from gamerec.engine import DealScored, MatchEnded
from gamerec.format import container
from gamerec.format.binary import encode_binary
from gamerec.format.read import read_bytes
from gamerec.format.write import encode_records
from gamerec.games import get_game
from gamerec.games.black_swan_2012.combinations import combination
from gamerec.games.black_swan_2012.plays import playable
from gamerec.games.black_swan_2012.rules import Captured, Declared, WentOut, card_points
from gamerec.games.presenters import presenter
from gamerec.present import Replay
from gamerec.record import Cards, Declare, Record

GAME_ID = "black-swan-2012"
GAME = get_game(GAME_ID)
MANY = settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
HANDS = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MATCHES = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

DECK = D.cards  # the 56 cards as a multiset: 0..51, JK three times, BS
# the rule ids of an illegal verdict on a black-swan-2012 record, from the errors registry
RULE_IDS = illegal_rule_ids("black-swan-2012")


# -- the oracle ---------------------------------------------------------------------------
def _may_grow(cards: list[int]) -> bool:
    """Could some cards added to ``cards`` make a group or a sequence? Only if they are of
    one rank, or of one suit with no rank twice (adding cards never undoes either)."""
    ranks = {c % 13 for c in cards}
    return len(ranks) == 1 or (len({c // 13 for c in cards}) == 1 and len(ranks) == len(cards))


def _kinds_of_naturals(cards: list[int]) -> set[str]:
    """What 2..7 French cards (no jokers) form: a group, a sequence or nothing."""
    ranks = [c % 13 for c in cards]
    if len(set(ranks)) == 1:
        return {"group"}
    if len({c // 13 for c in cards}) > 1 or len(set(ranks)) != len(ranks):
        return set()
    # ranks 0 (two) .. 12 (ace): the ace high as they are, the ace low as (r + 1) % 13
    for positions in (ranks, [(r + 1) % 13 for r in ranks]):
        if max(positions) - min(positions) == len(cards) - 1:
            return {"sequence"}
    return set()


@cache
def stand_in_kinds(naturals: tuple[int, ...], jokers: int) -> frozenset[str]:
    """Every kind (group, sequence) some assignment of the jokers to French cards makes."""
    found: set[str] = set()

    def search(cards: list[int], left: int, lowest: int) -> None:
        if not left:
            found.update(_kinds_of_naturals(cards))
            return
        for c in range(lowest, 52):  # the jokers are identical: assign them in nondecreasing order
            more = [*cards, c]
            if _may_grow(more):
                search(more, left - 1, c)

    if _may_grow(list(naturals)):
        search(list(naturals), jokers, 0)
    return frozenset(found)


def oracle(play: list[int] | tuple[int, ...], min_run: int, joker_triple: bool) -> str | None:
    """The kind of combination ``play`` is by RULINGS.md section 2, or None."""
    n = len(play)
    if not 1 <= n <= 7:
        return None
    if n == 1:
        return "single"
    if SWAN in play:
        return None
    naturals = tuple(sorted(c for c in play if c != JOKER))
    if not naturals:
        return "group" if n == 2 or (n == 3 and joker_triple) else None
    kinds = stand_in_kinds(naturals, n - len(naturals))
    if "group" in kinds:
        return "group"
    if "sequence" in kinds and n >= min_run:
        return "sequence"
    return None


def test_oracle_on_the_rule_texts_examples() -> None:
    """The oracle itself, on plays decided by hand."""

    def k(codes: str, min_run: int = 2, triple: bool = False) -> str | None:
        return oracle([D.parse(c) for c in codes.split()], min_run, triple)

    assert k("AC AD AH AS JK JK JK") == "group"
    assert (k("AS 2S 3S"), k("QS KS AS"), k("KS AS 2S")) == ("sequence", "sequence", None)
    assert (k("2H 3S"), k("BS JK"), k("BS")) == (None, None, "single")
    assert (k("JK JK"), k("JK JK JK"), k("JK JK JK", triple=True)) == ("group", None, "group")
    assert (k("5H JK 7H", 3), k("5H 6H", 3), k("5H JK", 7)) == ("sequence", None, "group")
    assert (k("KS JK 2S"), k("9S JS QS KS AS JK"), k("2D JK 5D")) == (None, "sequence", None)


# -- plays --------------------------------------------------------------------------------
def _from_deck(indexes: list[int]) -> list[int]:
    return [DECK[i] for i in indexes]


any_play = st.lists(st.integers(0, 55), min_size=1, max_size=7, unique=True).map(_from_deck)


@st.composite
def near_play(draw: st.DrawFn) -> list[int]:
    """A run (going round the corner, K-A-2, as often as not) or a group, some of its cards
    jokers, perhaps spoilt by a card replaced, dropped or added: mostly near the edge
    between legal and illegal."""
    if draw(st.booleans()):
        suit = draw(st.integers(0, 3))
        length = draw(st.integers(2, 7))
        first = draw(st.integers(0, 12))
        play = [suit * 13 + (first + i) % 13 for i in range(length)]
    else:
        rank = draw(st.integers(0, 12))
        play = draw(st.lists(st.sampled_from([s * 13 + rank for s in range(4)]), unique=True, min_size=1))
        play += [JOKER] * draw(st.integers(0, 3))
    for i in draw(st.lists(st.integers(0, len(play) - 1), unique=True, max_size=3)):
        play[i] = JOKER
    spoil = draw(st.sampled_from(["none", "replace", "drop", "add"]))
    any_card = st.sampled_from([*range(52), JOKER, SWAN])
    if spoil == "replace":
        play[draw(st.integers(0, len(play) - 1))] = draw(any_card)
    elif spoil == "drop":
        del play[draw(st.integers(0, len(play) - 1))]
    elif spoil == "add":
        play.append(draw(any_card))
    assume(1 <= len(play) <= 7 and all(k <= D.counts[c] for c, k in Counter(play).items()))
    return draw(st.permutations(play))


def _codes(text: str) -> list[int]:
    return [D.parse(c) for c in text.split()]


@MANY
@given(st.one_of(any_play, near_play()), st.randoms(use_true_random=False))
@example(_codes("KS AS 2S"), Random(0))  # the rule text's examples
@example(_codes("AS 2S 3S"), Random(0))
@example(_codes("QS KS AS"), Random(0))
@example(_codes("AC AD AH AS JK JK JK"), Random(0))
@example(_codes("2H 3S"), Random(0))
@example(_codes("BS JK"), Random(0))
@example(_codes("JK JK JK"), Random(0))
@example(_codes("KD JK 2D"), Random(0))
def test_combination_agrees_with_the_oracle(play: list[int], rnd: Any) -> None:
    shuffled = list(play)
    rnd.shuffle(shuffled)
    for min_run in range(2, 8):
        for triple in (False, True):
            expected = oracle(play, min_run, triple)
            assert combination(play, min_run, triple) == expected, (D.codes_of(play), min_run, triple)
            assert combination(shuffled, min_run, triple) == expected


@st.composite
def small_hand(draw: st.DrawFn) -> list[int]:
    """6..8 cards of the deck: any, or from a few ranks of one or two suits with jokers and
    the Black Swan about, where groups and sequences are common."""
    size = draw(st.integers(6, 8))
    if draw(st.booleans()):
        return _from_deck(draw(st.lists(st.integers(0, 55), min_size=size, max_size=size, unique=True)))
    suits = draw(st.lists(st.integers(0, 3), min_size=1, max_size=2, unique=True))
    first = draw(st.integers(0, 12))  # six ranks in a row, round the corner (K-A-2) at times
    pool = [s * 13 + (first + i) % 13 for s in suits for i in range(6)] + [JOKER] * 3 + [SWAN]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=size, max_size=size, unique=True))
    return [pool[i] for i in picks]


@HANDS
@given(small_hand(), st.integers(1, 7), st.integers(2, 7), st.booleans())
def test_playable_lists_exactly_the_legal_plays(
    hand: list[int], room: int, min_run: int, triple: bool
) -> None:
    counts = [0] * 54
    for c in hand:
        counts[c] += 1
    listed = playable(counts, room, min_run, triple)
    assert len(set(listed)) == len(listed), "a play listed twice"
    have = Counter(hand)
    for p in listed:
        assert list(p) == sorted(p)
        assert 1 <= len(p) <= room
        assert not Counter(p) - have, f"{D.codes_of(p)} is not in {D.codes_of(hand)}"
        assert oracle(p, min_run, triple) is not None, D.codes_of(p)
    legal = {
        tuple(sorted(sub))
        for k in range(1, room + 1)
        for sub in combinations(hand, k)
        if oracle(sub, min_run, triple) is not None
    }
    missing = legal - set(listed)
    assert not missing, [D.codes_of(p) for p in missing]


# -- simulated matches --------------------------------------------------------------------
@st.composite
def match_settings(draw: st.DrawFn) -> dict[str, Any]:
    rules: dict[str, Any] = {"target": draw(st.integers(20, 80))}
    for name, values in (
        ("teams", st.one_of(st.none(), st.booleans())),
        ("min_run", st.integers(2, 7)),
        ("joker_triple", st.booleans()),
        ("swan_in_short_game", st.booleans()),
        ("swan_declaration", st.booleans()),
    ):
        if draw(st.booleans()):
            rules[name] = draw(values)
    return {
        "players": draw(st.integers(2, 4)),
        "seed": draw(st.integers(0, 2**32 - 1)),
        "bot": draw(st.sampled_from(["random", "smart"])),
        "rules": rules,
    }


def make(s: dict[str, Any], games: int = 1) -> list[Record]:
    return list(simulate(GAME_ID, s["players"], games, s["seed"], bot=s["bot"], rules=s["rules"]))


records_st = match_settings().map(lambda s: make(s)[0])


def points(cards: tuple[int, ...] | list[int]) -> int:
    return sum(card_points(c) for c in cards)


def check_match(record: Record) -> None:
    """Replay ``record`` and check every deal against the rules, keeping our own count of
    hands, the table, turns, captures and scores."""
    rules = record.rules
    n = len(record.players)
    team_game = n == 4 and rules.get("teams") is not False
    side = [s % 2 for s in range(n)] if team_game else list(range(n))
    sides = 2 if team_game else n
    target = rules["target"]
    state = GAME.new_state(rules, record.players)
    totals = [0] * sides
    for di, deal in enumerate(record.deals):
        dealt = Counter(c for h in deal.hands for c in h)
        if n == 4:
            assert dealt == Counter(DECK)
        elif not rules["swan_in_short_game"]:
            assert SWAN not in dealt
        if di:
            # the last player who held cards in the deal before starts this one
            assert deal.dealer == record.deals[di - 1].actions[-1].seat
        assert state.begin_deal(deal) == []
        held = [14] * n
        table: list[int] = []
        captured: Counter[int] = Counter()
        pile = [0] * n
        out: list[int] = []
        declared = None
        turn = deal.dealer
        scored: DealScored | None = None
        ended: Any = None
        for ai, action in enumerate(deal.actions):
            events = list(state.apply(action))
            if isinstance(action, Declare):
                assert events == [Declared(action.seat)]
                assert declared is None and not any(c != 14 for c in held)
                declared = action.seat
                continue
            assert isinstance(action, Cards)
            seat = action.seat
            assert seat == turn
            held[seat] -= len(action.cards)
            table.extend(action.cards)
            assert 1 <= len(table) <= 7
            rest = list(events)
            if not held[seat]:
                out.append(seat)
                assert rest.pop(0) == WentOut(seat, len(out))
            if len(table) < 7:
                assert rest == []
                turn = next(s % n for s in range(seat + 1, seat + n + 1) if held[s % n])
            else:
                cap = rest.pop(0)
                assert isinstance(cap, Captured)
                assert sorted(cap.cards + cap.kept) == sorted(table)
                captured.update(cap.cards + cap.kept)
                if any(held):
                    assert (cap.seat, cap.final, cap.kept) == (seat, False, ())
                    pile[seat] += points(cap.cards)
                    turn = (
                        seat if held[seat] else next(s % n for s in range(seat + 1, seat + n) if held[s % n])
                    )
                else:
                    # the last table: to the first player out, less the Black Swan
                    assert ai == len(deal.actions) - 1
                    assert (cap.seat, cap.final, cap.taker) == (out[0], True, seat)
                    assert cap.kept == ((SWAN,) if SWAN in table else ())
                    pile[out[0]] += points(cap.cards)
                    pile[seat] += points(cap.kept)
                    scored = rest.pop(0)
                    assert isinstance(scored, DealScored)
                    ended = rest.pop(0) if rest else None
                    assert rest == []
                table = []
            # the table between turns holds 0..6 cards, as the replay shows it
            assert len(table) <= 6
            assert len(presenter(state.game.id).view(state).table) == len(table)
            assert state.to_move == (None if scored else turn)
        assert scored is not None, "a deal of a simulated match did not end"
        assert sorted(out) == list(range(n))
        # every card dealt is captured exactly once
        assert captured == dealt
        scores = [0] * sides
        for s in range(n):
            scores[side[s]] += pile[s]
        if declared is not None:
            scores[side[declared]] *= 2
        else:
            assert sum(scores) == points(list(dealt.elements()))
            if n == 4:
                assert sum(scores) == 100
        totals = [t + s for t, s in zip(totals, scores, strict=True)]
        assert scored == DealScored(di, tuple(scores), tuple(totals))
        best = max(totals)
        over = best >= target and totals.count(best) == 1
        assert ended == (MatchEnded((totals.index(best),)) if over else None)
        assert over == (di == len(record.deals) - 1), "the match ends with its last deal, not before"
    assert state.finished


@MATCHES
@given(match_settings(), st.integers(1, 2))
def test_simulated_matches_verify_valid_and_keep_the_rules(s: dict[str, Any], games: int) -> None:
    records = make(s, games)
    assert len(records) == games
    for r in records:
        assert r.rules == GAME.filled_rules(s["rules"], s["players"])
        v = verify_record(r)
        assert v.status == "valid", v.message()
        assert v.scores is not None and v.scores.complete
        check_match(r)


@FEW
@given(st.lists(records_st, min_size=1, max_size=3), st.data())
def test_binary_and_json_round_trips_are_byte_identical(records: list[Record], data_: st.DataObject) -> None:
    # notes on some actions, and a declaration by the Black Swan's holder (legal or not: the
    # forms hold it either way)
    notes = st.one_of(st.none(), st.text(max_size=12))
    for r in records:
        for deal in r.deals:
            deal.actions = [msgspec.structs.replace(a, note=data_.draw(notes)) for a in deal.actions]
        holders = [s for s, h in enumerate(r.deals[0].hands) if SWAN in h]
        if holders and data_.draw(st.booleans(), label="declare"):
            r.deals[0].actions.insert(0, Declare(holders[0], note=data_.draw(notes)))
    data = b"".join(encode_records(records, "binary"))
    back = [e.record for e in read_bytes(data, "t")]
    assert back == records
    for enc in ("json", "jsonl"):
        text = b"".join(encode_records(records, enc))  # type: ignore[arg-type]
        again = [e.record for e in read_bytes(text, "t")]
        assert again == records, enc
        assert b"".join(encode_records(again, enc)) == text, enc  # type: ignore[arg-type]
        assert b"".join(encode_records(again, "binary")) == data, enc


# -- mutations ----------------------------------------------------------------------------
Position = tuple[int, int]


def _positions(record: Record, kind: type | None = None) -> list[Position]:
    return [
        (d, a)
        for d, deal in enumerate(record.deals)
        for a, action in enumerate(deal.actions)
        if kind is None or isinstance(action, kind)
    ]


def _at(v: Verdict) -> tuple[int, int]:
    """Where an illegal verdict stopped, from 0: a deal's start counts as action -1, and a
    deal that stops before its end (another follows) as after its last action."""
    assert v.deal is not None, v.message()
    if v.rule == "deal-unfinished":
        return (v.deal - 1, 10**6)
    return (v.deal - 1, -1 if v.action is None else v.action - 1)


def _played_before(record: Record, di: int, ai: int) -> list[int]:
    """How many cards each seat has played in deal ``di`` before action ``ai``."""
    played = [0] * len(record.players)
    for a in record.deals[di].actions[:ai]:
        if isinstance(a, Cards):
            played[a.seat] += len(a.cards)
    return played


@st.composite
def mutation(draw: st.DrawFn, record: Record, kind: str) -> tuple[str, Record, Position, dict[str, Any]]:
    """A mutated copy of ``record``: what was done, where (deal, action; action -1 for the
    deal itself) and what the verdict must then be beyond the basics (``at``: illegal right
    there; ``rules``: with one of these ids; ``in_deal``: illegal within that deal;
    ``not_valid``; ``legal_until``: the deal's scores are known up to that deal)."""
    r = copy.deepcopy(record)
    n = len(r.players)
    expect: dict[str, Any] = {}
    if kind == "card":
        di, ai = draw(st.sampled_from(_positions(r, Cards)))
        a = r.deals[di].actions[ai]
        k = draw(st.integers(0, len(a.cards) - 1))
        new = draw(st.sampled_from([c for c in range(-1, 57) if c != a.cards[k]]))
        cards = list(a.cards)
        cards[k] = new
        r.deals[di].actions[ai] = msgspec.structs.replace(a, cards=cards)
        if Counter(cards) - Counter(r.deals[di].hands[a.seat]):
            expect = {"at": True, "rules": {"not-held"}}
        else:
            expect = {"in_deal": di}  # the seat will be short of a card it plays later
        return kind, r, (di, ai), expect
    if kind == "seat":
        di, ai = draw(st.sampled_from(_positions(r)))
        a = r.deals[di].actions[ai]
        new = draw(st.sampled_from([x for x in range(-1, 6) if x != a.seat]))
        r.deals[di].actions[ai] = msgspec.structs.replace(a, seat=new)
        rule = "declare" if isinstance(a, Declare) else "out-of-turn"
        return kind, r, (di, ai), {"at": True, "rules": {rule}}
    if kind == "split":
        spots = [(d, i) for d, i in _positions(r, Cards) if len(r.deals[d].actions[i].cards) > 1]
        if not spots:
            return "none", r, (len(r.deals), 0), {}
        di, ai = draw(st.sampled_from(spots))
        a = r.deals[di].actions[ai]
        k = draw(st.integers(1, len(a.cards) - 1))
        actions = r.deals[di].actions
        actions[ai : ai + 1] = [Cards(a.seat, a.cards[:k]), Cards(a.seat, a.cards[k:])]
        held = [14 - p for p in _played_before(record, di, ai)]
        held[a.seat] -= k
        if any(held[s] for s in range(n) if s != a.seat):
            # others still hold cards: the first part is no combination, or the second is
            # out of turn
            expect = {"between": ((di, ai), (di, ai + 1)), "rules": {"combination", "out-of-turn"}}
        return kind, r, (di, ai), expect
    if kind == "merge":
        spots = [
            (d, i)
            for d, i in _positions(r, Cards)
            if i + 1 < len(r.deals[d].actions) and isinstance(r.deals[d].actions[i + 1], Cards)
        ]
        if not spots:
            return "none", r, (len(r.deals), 0), {}
        di, ai = draw(st.sampled_from(spots))
        actions = r.deals[di].actions
        a, b = actions[ai], actions[ai + 1]
        actions[ai : ai + 2] = [Cards(a.seat, a.cards + b.cards)]
        if a.seat != b.seat:
            expect = {"in_deal": di}  # a plays more cards than dealt in this deal
        return kind, r, (di, ai), expect
    if kind == "drop":
        di, ai = draw(st.sampled_from(_positions(r)))
        a = r.deals[di].actions.pop(ai)
        if isinstance(a, Cards):
            expect = {"not_valid": True}  # a seat keeps cards: the deal never ends
        return kind, r, (di, ai), expect
    if kind == "swap":
        di = draw(st.integers(0, len(r.deals) - 1))
        actions = r.deals[di].actions
        ai, aj = sorted(draw(st.lists(st.integers(0, len(actions) - 1), min_size=2, max_size=2, unique=True)))
        a, b = actions[ai], actions[aj]
        actions[ai], actions[aj] = b, a
        if isinstance(a, Cards) and isinstance(b, Cards) and a.seat != b.seat:
            expect = {"at": True, "rules": {"out-of-turn"}}
        return kind, r, (di, ai), expect
    if kind == "first":
        di = draw(st.integers(0, len(r.deals) - 1))
        old = r.deals[di].dealer
        new = draw(st.sampled_from([x for x in range(-1, n + 1) if x != old]))
        r.deals[di].dealer = new
        if di or not 0 <= new < n:
            return kind, r, (di, -1), {"at": True, "rules": {"deal-first"}}
        # another first player: the deal's first play is out of turn
        first_play = _positions(r, Cards)[0]
        return kind, r, first_play, {"at": True, "rules": {"out-of-turn"}}
    # declare: the Black Swan's holder declares somewhere in a deal
    di = draw(st.integers(0, len(r.deals) - 1))
    deal = r.deals[di]
    holder = (
        next(s for s, h in enumerate(deal.hands) if SWAN in h) if any(SWAN in h for h in deal.hands) else 0
    )
    ai = draw(st.integers(0, len(deal.actions)))
    deal.actions.insert(ai, Declare(holder))
    team_game = n == 4 and r.rules["teams"]
    firsts = [i for i, a in enumerate(deal.actions) if isinstance(a, Cards)][:1]
    legal = (
        team_game
        and r.rules["swan_declaration"]
        and SWAN in deal.hands[holder]
        and not any(isinstance(a, Declare) for a in deal.actions[:ai])
        and (not firsts or ai < firsts[0])
    )
    later = [i for i, a in enumerate(deal.actions) if i > ai and isinstance(a, Declare)]
    if legal and later:
        # the declaration the record held is now the second one
        return kind, r, (di, later[0]), {"at": True, "rules": {"declare"}}
    if ai == len(deal.actions) - 1:
        return kind, r, (di, ai), {"at": True, "rules": {"after-end"}}  # after the deal's last play
    if not legal:
        return kind, r, (di, ai), {"at": True, "rules": {"declare"}}
    return kind, r, (di, ai), {"legal_until": di, "doubled": holder % 2}


MUTATIONS = ["card", "seat", "split", "merge", "drop", "swap", "first", "declare"]


@pytest.mark.parametrize("kind", MUTATIONS)
@FEW
@given(records_st, st.data())
def test_mutations_never_raise_and_give_a_verdict(kind: str, record: Record, data: st.DataObject) -> None:
    kind, mutated, where, expect = data.draw(mutation(record, kind), label="mutation")
    note(f"mutation: {kind} at {where}: {expect}")
    v = verify_record(mutated, "m", 0)
    event(f"{kind}: {v.status}")
    assert v.status in ("valid", "illegal", "incomplete"), v.message()
    assert v.message()
    if v.status == "illegal":
        assert v.rule in RULE_IDS, v.message()
        assert v.reason
        # the record is the same as before up to the mutation
        assert _at(v) >= where, v.message()
    if expect.get("at"):
        assert v.status == "illegal" and _at(v) == where, v.message()
    if "rules" in expect:
        assert v.rule in expect["rules"], v.message()
    if "between" in expect:
        assert v.status == "illegal" and _at(v) in expect["between"], v.message()
    if "in_deal" in expect:
        assert v.status == "illegal" and _at(v)[0] == expect["in_deal"], v.message()
    if expect.get("not_valid"):
        assert v.status in ("illegal", "incomplete"), v.message()
    if "legal_until" in expect:
        di = expect["legal_until"]
        if v.status == "illegal":
            assert v.rule == "deal-after-end" and _at(v) > (di, len(mutated.deals[di].actions)), v.message()
        before = verify_record(record).scores
        assert v.scores is not None and before is not None
        want = list(before.deals[di])
        want[expect["doubled"]] *= 2
        assert v.scores.deals[di] == want
    # the binary form holds a mutated record as faithfully as a legal one
    (entry,) = read_bytes(container.FILE_HEADER + encode_binary(mutated), "m")
    assert entry.record == mutated
    assert verify_record(entry.record, "m", 0) == v
    # and the replay agrees with the verdict
    replay = Replay(mutated, source="m")
    for _ in replay:
        pass
    assert replay.verdict == v


@st.composite
def team_match_settings(draw: st.DrawFn) -> dict[str, Any]:
    teams = draw(st.sampled_from([{}, {"teams": True}]))
    rules = {"target": draw(st.integers(20, 80)), "swan_declaration": True, **teams}
    bot = draw(st.sampled_from(["random", "smart"]))
    return {"players": 4, "seed": draw(st.integers(0, 2**32 - 1)), "bot": bot, "rules": rules}


@FEW
@given(team_match_settings(), st.data())
def test_a_declaration_doubles_the_declarers_team_score(s: dict[str, Any], data: st.DataObject) -> None:
    record = make(s)[0]
    di = data.draw(st.integers(0, len(record.deals) - 1), label="deal")
    assume(not any(isinstance(a, Declare) for a in record.deals[di].actions))
    mutated = copy.deepcopy(record)
    deal = mutated.deals[di]
    (holder,) = [seat for seat, hand in enumerate(deal.hands) if SWAN in hand]
    # the holder declares before the deal's first play, whoever's turn it is
    deal.actions.insert(0, Declare(holder))
    before = verify_record(record).scores
    v = verify_record(mutated)
    assert before is not None and v.scores is not None
    if v.status == "illegal":
        # the doubled score may end the match sooner
        assert v.rule == "deal-after-end" and v.deal is not None and v.deal > di + 1, v.message()
    else:
        assert v.status in ("valid", "incomplete"), v.message()
    want = [list(d) for d in before.deals[: di + 1]]
    want[di][holder % 2] *= 2
    assert v.scores.deals[: di + 1] == want
