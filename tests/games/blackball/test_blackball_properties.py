"""Property tests (hypothesis, bounded): simulated games, round trips, mutations, damage.

Every test draws few examples (the profiles of conftest.py, capped here) and simulates
at most a handful of games per example, so the file runs in seconds.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import msgspec
import pytest
from helpers import illegal_rule_ids
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_entries, verify_record
from gamerec.engine import DealScored, TrickWon
from gamerec.errors import FormatError
from gamerec.format import container
from gamerec.format.binary import encode_binary
from gamerec.format.read import read_bytes
from gamerec.format.write import encode_records
from gamerec.games.blackball.rules import schedule_sizes
from gamerec.present import Replay
from gamerec.record import Bid, Claim, Deal, Meta, Play, Record

FAST = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FASTER = settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# the rule ids of an illegal verdict on a blackball record, from the errors registry
RULE_IDS = illegal_rule_ids("blackball")
MAX_TOTAL = {"1-7-1": 179, "7-1-7": 196}


@st.composite
def settings_st(draw: st.DrawFn) -> dict[str, Any]:
    return {
        "seed": draw(st.integers(0, 2**32 - 1)),
        "players": draw(st.integers(2, 7)),
        "bot": draw(st.sampled_from(["random", "smart"])),
        "rules": {
            "schedule": draw(st.sampled_from(["1-7-1", "7-1-7"])),
            "hook": draw(st.booleans()),
            "must_trump": draw(st.booleans()),
        },
    }


def make(s: dict[str, Any], games: int = 1) -> list[Record]:
    return list(simulate("blackball", s["players"], games, s["seed"], bot=s["bot"], rules=s["rules"]))


records_st = settings_st().map(lambda s: make(s)[0])


def binary(records: list[Record]) -> bytes:
    return b"".join(encode_records(records, "binary"))


def read_all(data: bytes) -> list[Any]:
    return list(read_bytes(data, "t"))


def _positions(record: Record) -> list[tuple[int, int]]:
    return [(d, a) for d, deal in enumerate(record.deals) for a in range(len(deal.actions))]


# -- simulated games are valid ------------------------------------------------------------
@FAST
@given(settings_st(), st.integers(1, 2))
def test_simulated_games_verify_valid(s: dict[str, Any], games: int) -> None:
    records = make(s, games)
    assert len(records) == games
    sizes = schedule_sizes(s["rules"]["schedule"])
    for r in records:
        assert len(r.deals) == len(sizes)
        assert r.action_count == sum(s["players"] * (size + 1) for size in sizes)
        v = verify_record(r)
        assert v.status == "valid", v.message()
        assert v.scores is not None and v.scores.complete


@FASTER
@given(settings_st())
def test_simulation_is_reproducible(s: dict[str, Any]) -> None:
    assert binary(make(s)) == binary(make(s))


# -- round trips --------------------------------------------------------------------------
@FASTER
@given(st.lists(records_st, min_size=1, max_size=3))
def test_binary_json_binary_is_byte_identical(records: list[Record]) -> None:
    data = binary(records)
    back = [e.record for e in read_all(data)]
    assert all(r is not None for r in back)
    assert back == records
    for enc in ("json", "jsonl"):
        text = b"".join(encode_records(back, enc))  # type: ignore[arg-type]
        again = [e.record for e in read_all(text)]
        assert again == records, enc
        assert b"".join(encode_records(again, enc)) == text  # type: ignore[arg-type]
        assert binary(again) == data, enc


notes_st = st.one_of(st.none(), st.text(max_size=20))
tags_st = st.dictionaries(st.text(min_size=1, max_size=8), st.text(max_size=12), max_size=3)


@FASTER
@given(records_st, st.data())
def test_notes_tags_and_claims_survive_round_trips(record: Record, data: st.DataObject) -> None:
    positions = _positions(record)
    notes = data.draw(st.dictionaries(st.sampled_from(positions), st.text(max_size=20), max_size=6))
    deals = []
    for di, d in enumerate(record.deals):
        actions = [
            msgspec.structs.replace(a, note=notes[di, ai]) if (di, ai) in notes else a
            for ai, a in enumerate(d.actions)
        ]
        deals.append(Deal(d.dealer, d.hands, d.stock, actions))
    scores = verify_record(record).scores
    assert scores is not None
    meta = data.draw(
        st.builds(
            Meta,
            event=notes_st,
            site=notes_st,
            date=notes_st,
            round=notes_st,
            table=notes_st,
            tags=tags_st,
        )
    )
    claim = data.draw(st.sampled_from([None, Claim(deals=scores.deals), Claim(totals=scores.totals)]))
    record = msgspec.structs.replace(record, deals=deals, meta=meta, claim=claim)
    data_bin = binary([record])
    (entry,) = read_all(data_bin)
    assert entry.record == record
    for enc in ("json", "jsonl"):
        text = b"".join(encode_records([record], enc))  # type: ignore[arg-type]
        (entry,) = read_all(text)
        assert entry.record == record
        assert binary([entry.record]) == data_bin
    assert verify_record(record).status == "valid"


# -- mutations ----------------------------------------------------------------------------
Check = Callable[[Any], None]


def _any(_: Any) -> None:
    pass


def _illegal_at(deal: int, action: int | None, *rules: str) -> Check:
    def check(v: Any) -> None:
        assert v.status == "illegal", v.message()
        assert (v.deal, v.action) == (deal + 1, None if action is None else action + 1), v.message()
        if rules:
            assert v.rule in rules, v.message()

    return check


def _not_valid(v: Any) -> None:
    assert v.status in ("illegal", "incomplete"), v.message()


@st.composite
def mutation_st(draw: st.DrawFn, record: Record) -> tuple[str, Record, Check]:
    """A mutated copy of ``record``, and what its verdict must satisfy beyond the basics."""
    r = copy.deepcopy(record)
    n = len(r.players)
    pos = _positions(r)
    kind = draw(
        st.sampled_from(
            ["card", "hand", "seat", "bid", "drop", "dup", "swap", "dealer", "upcard", "cut-deals"]
        )
    )
    if kind in ("card", "seat", "bid", "drop", "dup", "swap"):
        di, ai = draw(st.sampled_from(pos))
        actions = r.deals[di].actions
        a = actions[ai]
    if kind == "card":
        plays = [(d, i) for d, i in pos if isinstance(r.deals[d].actions[i], Play)]
        di, ai = draw(st.sampled_from(plays))
        a = r.deals[di].actions[ai]
        new = draw(st.integers(-2, 60).filter(lambda c: c != a.card))
        r.deals[di].actions[ai] = msgspec.structs.replace(a, card=new)
        if new not in r.deals[di].hands[a.seat]:
            return kind, r, _illegal_at(di, ai, "not-held")
        return kind, r, _illegal_after(di, ai)
    if kind == "hand":
        di = draw(st.integers(0, len(r.deals) - 1))
        seat = draw(st.integers(0, n - 1))
        hand = r.deals[di].hands[seat]
        k = draw(st.integers(0, len(hand) - 1))
        new = draw(st.integers(-1, 60).filter(lambda c: c != hand[k]))
        hand[k] = new
        return kind, r, _hand_check(di, new)
    if kind == "seat":
        new = draw(st.integers(-1, 8).filter(lambda x: x != a.seat))
        actions[ai] = msgspec.structs.replace(a, seat=new)
        return kind, r, _illegal_at(di, ai, "out-of-turn")
    if kind == "bid":
        bids = [(d, i) for d, i in pos if isinstance(r.deals[d].actions[i], Bid)]
        di, ai = draw(st.sampled_from(bids))
        a = r.deals[di].actions[ai]
        new = draw(st.integers(-2, 9).filter(lambda t: t != a.tricks))
        r.deals[di].actions[ai] = msgspec.structs.replace(a, tricks=new)
        size = len(r.deals[di].hands[0])
        if not 0 <= new <= size:
            return kind, r, _illegal_at(di, ai, "bid-range")
        return kind, r, _any
    if kind == "drop":
        del actions[ai]
        return kind, r, _not_valid
    if kind == "dup":
        actions.insert(ai, a)
        # the same action twice in a row is never legal: the seat's turn is over, the card played
        return kind, r, _illegal_at(di, ai + 1)
    if kind == "swap":
        aj = draw(st.integers(0, len(actions) - 1))
        actions[ai], actions[aj] = actions[aj], actions[ai]
        if actions[ai].seat != actions[aj].seat:
            # the first swapped place now holds another seat's action: out of turn (or, where
            # a play came before a bid or the other way round, the wrong kind of action)
            return kind, r, _illegal_at(di, min(ai, aj), "out-of-turn", "wrong-action")
        return kind, r, _any
    if kind == "dealer":
        di = draw(st.integers(0, len(r.deals) - 1))
        old = r.deals[di].dealer
        new = draw(st.integers(-1, n).filter(lambda x: x != old))
        r.deals[di].dealer = new
        if di > 0 or not 0 <= new < n:
            return kind, r, _illegal_at(di, None, "deal-dealer")
        # a different first dealer: the first bid is now out of turn
        return kind, r, _illegal_at(0, 0, "out-of-turn")
    if kind == "upcard":
        di = draw(st.integers(0, len(r.deals) - 1))
        deal = r.deals[di]
        choice = draw(st.sampled_from(["remove", "add", "change"]))
        if choice == "remove" and deal.stock:
            deal.stock = []
            return kind, r, _illegal_at(di, None, "deal-upcard")
        if choice == "add" or not deal.stock:
            deal.stock = [*deal.stock, draw(st.integers(0, 51))]
            return kind, r, _illegal_at(di, None, "deal-upcard", "deal-duplicate")
        new = draw(st.integers(-1, 60).filter(lambda c: c != deal.stock[0]))
        deal.stock = [new]
        dealt = {c for h in deal.hands for c in h}
        if new in dealt:
            return kind, r, _illegal_at(di, None, "deal-duplicate")
        if not 0 <= new < 52:
            return kind, r, _illegal_at(di, None, "deal-card")
        return kind, r, _any  # another up-card: maybe another trump, maybe still legal
    # cut-deals: an unfinished record
    keep = draw(st.integers(0, len(r.deals) - 1))
    r.deals = r.deals[:keep]
    return kind, r, lambda v: _expect(v.status == "incomplete", v)


def _expect(ok: bool, v: Any) -> None:
    assert ok, v.message()


def _illegal_after(deal: int, action: int) -> Check:
    def check(v: Any) -> None:
        assert v.status == "illegal", v.message()
        assert v.deal is not None
        assert (v.deal - 1, (v.action or 0) - 1) >= (deal, action), v.message()

    return check


def _hand_check(deal: int, new: int) -> Check:
    def check(v: Any) -> None:
        assert v.status == "illegal", v.message()
        if not 0 <= new < 52:
            assert (v.deal, v.action, v.rule) == (deal + 1, None, "deal-card"), v.message()
        else:
            # a card dealt twice, or a card played that is no longer held (or a follow-suit
            # duty it now creates): in this deal either way
            assert v.deal == deal + 1, v.message()

    return check


@FAST
@given(records_st, st.data())
def test_mutations_never_raise_and_give_a_verdict(record: Record, data: st.DataObject) -> None:
    kind, mutated, check = data.draw(mutation_st(record), label="mutation")
    note(f"mutation: {kind}")
    v = verify_record(mutated, "m", 0)
    assert v.status in ("valid", "illegal", "incomplete"), v.message()
    assert v.message()
    if v.status == "illegal":
        assert v.rule in RULE_IDS, v.message()
        assert v.reason
    check(v)
    # the binary form holds an illegal record as faithfully as a legal one
    (entry,) = read_all(container.FILE_HEADER + encode_binary(mutated))
    assert entry.record == mutated
    assert verify_record(entry.record, "m", 0) == v
    # and the replay agrees with the verdict
    replay = Replay(mutated, source="m")
    for _ in replay:
        pass
    assert replay.verdict == v


@FASTER
@given(records_st, st.data())
def test_claimed_scores_bid_mutation_is_legal_or_mismatch(record: Record, data: st.DataObject) -> None:
    sheet = verify_record(record).scores
    assert sheet is not None
    r = copy.deepcopy(record)
    r.claim = Claim(deals=sheet.deals, totals=sheet.totals)
    assert verify_record(r).status == "valid"
    bids = [(d, i) for d, i in _positions(r) if isinstance(r.deals[d].actions[i], Bid)]
    di, ai = data.draw(st.sampled_from(bids))
    a = r.deals[di].actions[ai]
    size = len(r.deals[di].hands[0])
    new = data.draw(st.integers(0, size).filter(lambda t: t != a.tricks))
    r.deals[di].actions[ai] = msgspec.structs.replace(a, tricks=new)
    v = verify_record(r)
    seat = a.seat
    won = sum(
        1
        for step in Replay(record)
        if step.deal == di
        for e in step.events
        if isinstance(e, TrickWon) and e.seat == seat
    )
    if v.status == "illegal":
        assert v.rule == "hook" and r.rules["hook"], v.message()
        return
    old_score = 10 + a.tricks if a.tricks == won else 0
    new_score = 10 + new if new == won else 0
    if old_score == new_score:
        assert v.status == "valid", v.message()
    else:
        assert v.status == "mismatch", v.message()
        assert any(
            f"deal {di + 1}, {r.players[seat]}: claimed {old_score}, computed {new_score}" in m
            for m in v.mismatches
        ), v.mismatches


# -- derived facts ------------------------------------------------------------------------
@FAST
@given(records_st)
def test_tricks_sum_to_hand_size_and_scores_follow_bids(record: Record) -> None:
    sizes = schedule_sizes(record.rules["schedule"])
    n = len(record.players)
    won: dict[int, list[int]] = {}
    numbers: dict[int, list[int]] = {}
    scored: dict[int, DealScored] = {}
    replay = Replay(record)
    steps = list(replay)
    for step in steps:
        for e in step.events:
            if isinstance(e, TrickWon):
                won.setdefault(step.deal, [0] * n)[e.seat] += 1
                numbers.setdefault(step.deal, []).append(e.number)
                assert len(e.cards) == n
                assert sorted(s for s, _ in e.cards) == list(range(n))
            elif isinstance(e, DealScored):
                assert e.deal == step.deal
                scored[e.deal] = e
    assert sorted(scored) == list(range(len(sizes)))
    totals = [0] * n
    for d, size in enumerate(sizes):
        assert sum(won[d]) == size
        assert numbers[d] == list(range(1, size + 1))
        bids = {a.seat: a.tricks for a in record.deals[d].actions if isinstance(a, Bid)}
        assert sorted(bids) == list(range(n))
        expect = tuple(10 + bids[s] if bids[s] == won[d][s] else 0 for s in range(n))
        assert scored[d].scores == expect
        totals = [t + x for t, x in zip(totals, expect, strict=True)]
        assert list(scored[d].totals) == totals
    assert all(0 <= t <= MAX_TOTAL[record.rules["schedule"]] for t in totals)
    assert replay.verdict is not None and replay.verdict.scores is not None
    assert replay.verdict.scores.totals == totals
    best = max(totals)
    assert replay.verdict.scores.winners == [s for s in range(n) if totals[s] == best]


@FAST
@given(records_st)
def test_replay_steps_match_the_actions(record: Record) -> None:
    steps = list(Replay(record))
    actions = [s for s in steps if s.index >= 0]
    starts = [s for s in steps if s.index < 0]
    assert len(actions) == record.action_count
    assert len(starts) == len(record.deals)
    assert [s.action for s in actions] == [a for d in record.deals for a in d.actions]
    assert [(s.deal, s.index) for s in actions] == [
        (d, i) for d, deal in enumerate(record.deals) for i in range(len(deal.actions))
    ]


# -- damaged bytes ------------------------------------------------------------------------
def _check_entries(data: bytes) -> list[Any]:
    entries = read_all(data)
    for e in entries:
        assert (e.record is None) != (e.error is None)
        if e.error is not None:
            assert isinstance(e.error, FormatError)
            assert e.error.code.startswith("format."), e.error.code
            assert e.error.message
    for v in verify_entries(entries):  # a verdict for every entry, never an exception
        assert v.status in ("valid", "illegal", "incomplete", "mismatch", "unreadable")
    return entries


@pytest.fixture(scope="module")
def sample() -> tuple[bytes, list[int]]:
    """A file of three records and the offsets of their frames."""
    data = binary(make({"seed": 11, "players": 3, "bot": "random", "rules": {}}, 3))
    offsets = [f.offset for f in container.scan(data) if isinstance(f, container.Frame)]
    assert len(offsets) == 3
    return data, offsets


@FAST
@given(st.binary(max_size=300))
def test_random_bytes_never_raise(blob: bytes) -> None:
    _check_entries(blob)
    _check_entries(container.FILE_HEADER + blob)
    _check_entries(container.MAGIC + blob)


msgpack_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**63), 2**64 - 1)
    | st.text(max_size=5)
    | st.binary(max_size=5),
    lambda kids: st.lists(kids, max_size=4) | st.dictionaries(st.text(max_size=4), kids, max_size=3),
    max_leaves=20,
)


@FAST
@given(st.binary(max_size=200), st.binary(max_size=400))
def test_intact_frames_of_garbage_never_raise(header: bytes, body: bytes) -> None:
    entries = _check_entries(container.FILE_HEADER + container.frame(header, body))
    assert len(entries) == 1 and entries[0].error is not None


@FAST
@given(msgpack_values, st.binary(max_size=400))
def test_intact_frames_of_wrong_values_never_raise(header: object, body: bytes) -> None:
    frame = container.frame(msgspec.msgpack.encode(header), body)
    entries = _check_entries(container.FILE_HEADER + frame)
    assert len(entries) == 1 and entries[0].error is not None


@FAST
@given(st.data())
def test_valid_header_with_any_body_never_raises(
    sample: tuple[bytes, list[int]], data: st.DataObject
) -> None:
    blob, _ = sample
    (frame, *_) = [f for f in container.scan(blob) if isinstance(f, container.Frame)]
    header = blob[frame.header_start : frame.body_start]
    body = data.draw(msgpack_values)
    _check_entries(container.FILE_HEADER + container.frame(header, msgspec.msgpack.encode(body)))


@FAST
@given(st.data())
def test_truncation_keeps_the_intact_records(sample: tuple[bytes, list[int]], data: st.DataObject) -> None:
    blob, offsets = sample
    cut = data.draw(st.integers(0, len(blob) - 1))
    entries = _check_entries(blob[:cut])
    if cut < len(container.FILE_HEADER):
        assert len(entries) <= 1
        assert all(e.record is None for e in entries)
        return
    ends = [*offsets[1:], len(blob)]
    whole = sum(1 for end in ends if end <= cut)
    assert [e.record is not None for e in entries[:whole]] == [True] * whole
    partial = cut not in (*offsets, len(blob)) and cut > len(container.FILE_HEADER)
    if partial:
        assert len(entries) == whole + 1
        err = entries[-1].error
        assert err is not None and err.code == "format.damaged"
        assert err.offset == offsets[whole]
        assert "truncated" in err.message
    elif whole == 0:  # the file header alone: a file with no records
        assert [e.error.code for e in entries] == ["format.empty"]
    else:
        assert len(entries) == whole


@FAST
@given(st.data())
def test_one_bit_flip_damages_one_record(sample: tuple[bytes, list[int]], data: st.DataObject) -> None:
    blob, offsets = sample
    pos = data.draw(st.integers(0, len(blob) - 1))
    bit = data.draw(st.integers(0, 7))
    flipped = bytearray(blob)
    flipped[pos] ^= 1 << bit
    entries = _check_entries(bytes(flipped))
    if pos < 10:  # the magic or the container major version
        assert len(entries) == 1 and entries[0].error is not None
        return
    if pos < 12:  # the minor version: still readable
        assert [e.record is not None for e in entries] == [True, True, True]
        return
    hit = max(i for i, o in enumerate(offsets) if o <= pos)
    assert len(entries) == 3
    for i, e in enumerate(entries):
        if i == hit:
            assert e.error is not None and e.error.code == "format.damaged"
            assert e.error.offset == offsets[hit]
        else:
            assert e.record is not None


@FAST
@given(st.data())
def test_many_flips_and_splices_never_raise(sample: tuple[bytes, list[int]], data: st.DataObject) -> None:
    blob, _ = sample
    b = bytearray(blob)
    for _ in range(data.draw(st.integers(1, 8))):
        op = data.draw(st.sampled_from(["flip", "delete", "insert", "dup"]))
        if not b:
            break
        i = data.draw(st.integers(0, len(b) - 1))
        if op == "flip":
            b[i] ^= 1 << data.draw(st.integers(0, 7))
        elif op == "delete":
            del b[i : i + data.draw(st.integers(1, 40))]
        elif op == "insert":
            b[i:i] = data.draw(st.binary(min_size=1, max_size=20))
        else:
            j = data.draw(st.integers(i, min(len(b), i + 200)))
            b[j:j] = b[i:j]
    _check_entries(bytes(b))


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=6),
    lambda kids: st.lists(kids, max_size=3) | st.dictionaries(st.text(max_size=6), kids, max_size=3),
    max_leaves=10,
)


@FAST
@given(records_st, st.data())
def test_json_with_any_value_replaced_never_raises(record: Record, data: st.DataObject) -> None:
    doc = msgspec.json.decode(b"".join(encode_records([record], "jsonl")))
    # walk down to a random place and put any JSON value there
    node: Any = doc
    path = []
    while True:
        keys = list(node) if isinstance(node, dict) else list(range(len(node)))
        if not keys:
            break
        key = data.draw(st.sampled_from(keys))
        path.append(key)
        child = node[key]
        if not isinstance(child, dict | list) or not child or data.draw(st.booleans()):
            node[key] = data.draw(json_values)
            break
        node = child
    # library bug (reported): a list or object as "game" raises TypeError; see
    # test_json_game_of_any_type_is_unreadable in test_format.py. Drop this once fixed.
    text = msgspec.json.encode(doc)
    entries = _check_entries(text)
    assert len(entries) == 1
    err = entries[0].error
    if err is not None and err.code in ("format.schema", "format.card") and path and path[0] == "deals":
        # the message names the place: deals[i]... (as deep as the decoder got)
        assert err.message.startswith(f"deals[{path[1]}]") if len(path) > 1 else "deals" in err.message
