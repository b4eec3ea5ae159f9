"""Forest property tests (hypothesis, bounded).

- ``trick_winner`` and ``trick_colours`` against an oracle written here from the RULINGS.md
  text (section 4), over random tricks and forest cards, ties made common.
- Simulated games (2..6 players, both bots, mixed options): they verify valid, and a replay
  written here checks every round against the rules, independently of the engine's
  bookkeeping: the forest card turned before each trick (the last one staying), whose turn
  it is, following the led colour, each trick's single winner, who leads next, the tricks of
  a round summing to the hand size, round scores, the game of as many rounds as players and
  each round's first player.
- Binary and JSON round trips, byte-identical; random mutations of records and of their
  bytes, which never raise and give a verdict.

Every test draws few examples of small games, so the file runs in seconds.
"""

from __future__ import annotations

import copy
import sys
from collections import Counter
from typing import Any

import msgspec
import pytest
from helpers import illegal_rule_ids
from hypothesis import HealthCheck, event, example, given, note, settings
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.checking.verdicts import STATUSES, Verdict, verify_entries, verify_record
from gamerec.engine import DealScored, MatchEnded, TrickWon
from gamerec.format import container
from gamerec.format.binary import encode_binary
from gamerec.format.read import read_bytes
from gamerec.format.write import encode_records
from gamerec.games import get_game
from gamerec.games.forest.deck import FOREST as F
from gamerec.games.forest.rules import ForestTurned, round_score, trick_colours, trick_winner
from gamerec.present import Replay
from gamerec.record import Play, Record

GAME_ID = "forest"
GAME = get_game(GAME_ID)
MANY = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])

RED, BLUE, GREEN, YELLOW, BLACK = range(5)
# the rule ids of an illegal verdict on a forest record, from the errors registry
RULE_IDS = illegal_rule_ids("forest")


# -- the oracle, from the RULINGS text --------------------------------------------------------
def card_of(colour: int, number: int) -> int:
    return colour * 99 + number - 1


def colour_number(card: int) -> tuple[int, int]:
    return divmod(card, 99)[0], card % 99 + 1


def colour_in_trick(card: int, forest: int | None) -> int:
    """A black card is the forest card's colour (black under a black forest card, or with
    none turned yet); any other card is its own colour."""
    colour, _ = colour_number(card)
    if colour != BLACK:
        return colour
    return BLACK if forest is None else colour_number(forest)[0]


def oracle_winner(cards: list[int], forest: int | None) -> int:
    """Every card of the led colour: the highest number; any card of another colour: the
    lowest number among the other colours; equal numbers: the card played later."""
    led = colour_in_trick(cards[0], forest)
    plays = [(i, colour_in_trick(c, forest), colour_number(c)[1]) for i, c in enumerate(cards)]
    others = [(number, i) for i, colour, number in plays if colour != led]
    if not others:
        # the highest number, the later of equals: the largest (number, position)
        return max((number, i) for i, _, number in plays)[1]
    # the lowest number, the later of equals: the smallest (number, -position)
    return -min((number, -i) for number, i in others)[1]


def oracle_score(t: int, targets: dict[int, int], under: int, over: int) -> int:
    """A target count scores its value; 0 tricks score 0 unless 0 is a target; below the
    lowest target each trick costs ``under``; any other count ``over`` a trick."""
    if t in targets:
        return targets[t]
    if t == 0:
        return 0
    below = not targets or t < min(targets)
    return -t * (under if below else over)


def test_the_oracle_on_the_rule_texts_examples() -> None:
    """The oracle itself, on tricks decided by hand."""

    def w(codes: str, forest: str | None) -> int:
        return oracle_winner([F.parse(c) for c in codes.split()], None if forest is None else F.parse(forest))

    assert w("R2 K3 R4", "R9") == 2  # example 1
    assert w("R2 K3 B5", "R9") == 2  # example 2
    assert w("R2 K3 R4", "B9") == 1  # the black 3 blue: the lowest other colour
    assert w("R7 K7 R3", "R1") == 1  # equal numbers of the led colour: later
    assert w("R9 B2 G2", "R1") == 2  # equal numbers among the others: later
    assert w("R5 B2 R2", "G1") == 1  # the led red 2 does not tie with the blue 2
    assert w("R3 K2 R9", "K5") == 1  # black forest: black is black
    assert w("K6 G9 Y1", "G4") == 2  # black led: green
    assert w("R2 K1", None) == 1  # no forest card: black is black
    assert w("K1 K2", None) == 1
    assert [oracle_score(t, {4: 50, 8: 100, 12: 169}, 1, 10) for t in (0, 1, 3, 4, 5, 8, 12, 13)] == [
        0,
        -1,
        -3,
        50,
        -50,
        100,
        169,
        -130,
    ]
    assert [oracle_score(t, {}, 2, 10) for t in range(4)] == [0, -2, -4, -6]
    assert [oracle_score(t, {0: 5}, 1, 3) for t in range(3)] == [5, -3, -6]


# -- tricks -----------------------------------------------------------------------------------
@st.composite
def tricks(draw: st.DrawFn) -> tuple[list[int], int | None]:
    """2..6 distinct cards and a forest card (or none) not among them; numbers from a small
    range most of the time, so equal numbers are common."""
    top = draw(st.sampled_from([2, 3, 5, 13, 99]))
    card = st.builds(card_of, st.integers(0, 4), st.integers(1, top))
    n = draw(st.integers(2, 6))
    picked = draw(st.lists(card, min_size=n + 1, max_size=n + 1, unique=True))
    forest = None if draw(st.integers(0, 5)) == 0 else picked[-1]
    return picked[:n], forest


@MANY
@given(tricks())
@example(([card_of(RED, 2), card_of(BLACK, 3), card_of(RED, 4)], card_of(RED, 9)))
@example(([card_of(RED, 2), card_of(BLACK, 3), card_of(BLUE, 5)], card_of(RED, 9)))
@example(([card_of(BLACK, 3), card_of(BLUE, 3), card_of(RED, 3)], card_of(BLACK, 9)))
@example(([card_of(BLACK, 3), card_of(GREEN, 3)], None))
def test_trick_winner_agrees_with_the_oracle(trick: tuple[list[int], int | None]) -> None:
    cards, forest = trick
    note(f"{F.codes_of(cards)} forest {None if forest is None else F.code(forest)}")
    assert trick_colours(cards, forest) == [colour_in_trick(c, forest) for c in cards]
    expected = oracle_winner(cards, forest)
    got = trick_winner(cards, forest)
    event(f"winner at {got} of {len(cards)}")
    assert got == expected
    # exactly one winner, and the same whoever holds the cards: it depends only on the cards
    assert 0 <= got < len(cards)


@MANY
@given(
    st.integers(0, 40),
    st.dictionaries(st.integers(0, 30), st.integers(-500, 500), max_size=4),
    st.integers(0, 30),
    st.integers(0, 30),
)
def test_round_score_agrees_with_the_oracle(t: int, targets: dict[int, int], under: int, over: int) -> None:
    rules = GAME.parse_rules(
        {"targets": {str(k): v for k, v in targets.items()}, "under_penalty": under, "over_penalty": over}, 2
    )
    assert round_score(t, rules) == oracle_score(t, targets, under, over)


# -- simulated games --------------------------------------------------------------------------
@st.composite
def game_settings(draw: st.DrawFn) -> dict[str, Any]:
    n = draw(st.integers(2, 6))
    rules: dict[str, Any] = {}
    # max_number 1 with 5 or 6 players leaves no automatic hand size (rule options,
    # tests/games/forest/test_forest_rules.py): from 2 on there
    max_number = draw(st.one_of(st.none(), st.integers(1 if n <= 4 else 2, 16)))
    if max_number is not None:
        rules["max_number"] = max_number
    deck = 5 * (max_number or 13)
    if draw(st.booleans()):
        # automatic, any, or the most (a short stock, or none at all: then the last forest
        # card stays, or black is black all round)
        rules["hand_size"] = draw(
            st.one_of(
                st.none(),
                st.integers(1, min(deck // n, 16)),
                st.just(deck // n),
                st.just(max(1, deck // n - 1)),
            )
        )
    if draw(st.booleans()):
        targets = draw(st.dictionaries(st.integers(0, 12), st.integers(-200, 200), max_size=4))
        rules["targets"] = {str(k): v for k, v in targets.items()}
    for name in ("under_penalty", "over_penalty"):
        if draw(st.booleans()):
            rules[name] = draw(st.integers(0, 20))
    return {
        "players": n,
        "seed": draw(st.integers(0, 2**32 - 1)),
        "bot": draw(st.sampled_from(["random", "smart"])),
        "rules": rules,
    }


def make(s: dict[str, Any], games: int = 1) -> list[Record]:
    return list(simulate(GAME_ID, s["players"], games, s["seed"], bot=s["bot"], rules=s["rules"]))


records_st = game_settings().map(lambda s: make(s)[0])


def expected_first(scores: list[int], previous: int) -> int:
    """The lowest scorer of the round; ties: the first tied clockwise from ``previous``."""
    n = len(scores)
    low = min(scores)
    return next(s % n for s in range(previous, previous + n) if scores[s % n] == low)


def turn(stock: list[int], number: int, pile: int, forest: int | None) -> tuple[ForestTurned, int | None]:
    """Before trick ``number``: the next card of the pile (of ``pile`` cards) turned, or,
    with the pile used up, the forest card ``forest`` staying; and the forest card now."""
    if number <= pile:
        assert number <= len(stock), "a simulated record keeps the whole pile"
        return ForestTurned(number, stock[number - 1]), stock[number - 1]
    return ForestTurned(number, forest, False), forest


def check_game(record: Record) -> set[str]:
    """Replay ``record`` round by round with a count of our own, checking the engine's
    events against it; what the game showed (for hypothesis' statistics)."""
    seen: set[str] = set()
    rules = record.rules
    n = len(record.players)
    max_number = rules["max_number"]
    pool = Counter(card_of(c, k) for c in range(5) for k in range(1, max_number + 1))
    deck = 5 * max_number
    size = rules["hand_size"]
    assert 1 <= size <= deck // n
    targets = {int(k): v for k, v in rules["targets"].items()}
    under, over = rules["under_penalty"], rules["over_penalty"]
    state = GAME.new_state(rules, record.players)
    assert len(record.deals) == n, "a game is as many rounds as players"
    totals = [0] * n
    previous = -1
    scores: list[int] = []
    for r, deal in enumerate(record.deals):
        first = deal.dealer
        if r:
            assert first == expected_first(scores, previous)
        previous = first
        hands = [Counter(h) for h in deal.hands]
        assert all(len(h) == size for h in deal.hands)
        dealt = Counter(c for h in deal.hands for c in h) + Counter(deal.stock)
        assert not dealt - pool, "only cards of the game's deck, each once"
        pile = deck - size * n
        assert len(deal.stock) <= pile
        forest: int | None = None
        first_forest, forest = turn(deal.stock, 1, pile, forest)
        assert state.begin_deal(deal) == [first_forest]
        leader = first
        trick: list[int] = []
        won = [0] * n
        number = 1
        for ai, action in enumerate(deal.actions):
            assert isinstance(action, Play)
            assert action.seat == (leader + len(trick)) % n, "out of turn"
            hand = hands[action.seat]
            assert hand[action.card], "not held"
            if trick:
                led = colour_in_trick(trick[0], forest)
                if colour_in_trick(action.card, forest) != led:
                    assert not any(colour_in_trick(c, forest) == led for c in +hand), "did not follow"
            hand[action.card] -= 1
            trick.append(action.card)
            events = list(state.apply(action))
            if len(trick) < n:
                assert events == []
                continue
            i = oracle_winner(trick, forest)
            colours = [colour_in_trick(c, forest) for c in trick]
            seen.add("no forest card" if forest is None else "a forest card")
            if pile < number:
                seen.add("the last forest card stays")
            for c, colour in zip(trick, colours, strict=True):
                if colour_number(c)[0] == BLACK:
                    seen.add("black as black" if colour == BLACK else "black as another colour")
            if Counter(colour_number(c)[1] for c in trick)[colour_number(trick[i])[1]] > 1:
                seen.add("a tie by number")
            seen.add("led colour wins" if colours[i] == colours[0] else "another colour wins")
            winner = (leader + i) % n
            # exactly one winner, the oracle's
            tricks_won = [e for e in events if isinstance(e, TrickWon)]
            assert tricks_won == [
                TrickWon(number, winner, tuple(((leader + k) % n, c) for k, c in enumerate(trick)))
            ]
            won[winner] += 1
            leader = winner
            trick = []
            if number < size:
                next_forest, forest = turn(deal.stock, number + 1, pile, forest)
                assert events[1:] == [next_forest]
                assert state.to_move == winner, "the winner leads the next trick"
                number += 1
                continue
            assert ai == len(deal.actions) - 1, "the round ends with its last trick"
            assert sum(won) == size, "the tricks of a round sum to the hand size"
            assert not any(+h for h in hands)
            scores = [oracle_score(t, targets, under, over) for t in won]
            assert scores == [round_score(t, state.rules) for t in won]
            totals = [a + b for a, b in zip(totals, scores, strict=True)]
            assert events[1] == DealScored(r, tuple(scores), tuple(totals))
            if r == n - 1:
                best = max(totals)
                assert events[2:] == [MatchEnded(tuple(s for s in range(n) if totals[s] == best))]
            else:
                assert events[2:] == []
        assert number == size
    assert state.finished
    return seen


@GAMES
@given(game_settings(), st.integers(1, 2))
@example({"players": 2, "seed": 1, "bot": "smart", "rules": {"max_number": 2, "hand_size": 5}}, 1)
@example({"players": 6, "seed": 2, "bot": "random", "rules": {"hand_size": 10, "targets": {}}}, 1)
@example({"players": 3, "seed": 3, "bot": "smart", "rules": {"hand_size": 21, "targets": {"0": 9}}}, 1)
def test_simulated_games_verify_valid_and_keep_the_rules(s: dict[str, Any], games: int) -> None:
    records = make(s, games)
    assert len(records) == games
    for r in records:
        assert r.rules == GAME.filled_rules(s["rules"], s["players"])
        v = verify_record(r)
        assert v.status == "valid", v.message()
        assert v.scores is not None and v.scores.complete
        for what in check_game(r):
            event(what)


def test_the_replay_here_can_fail(monkeypatch: pytest.MonkeyPatch) -> None:
    """check_game is no tautology: with a wrong winner rule, or a wrong score table, it
    fails on a good record."""
    r = make({"players": 3, "seed": 5, "bot": "random", "rules": {"hand_size": 3}})[0]
    check_game(r)
    module = sys.modules[__name__]
    with monkeypatch.context() as m:
        right = oracle_winner
        m.setattr(module, "oracle_winner", lambda cards, forest: (right(cards, forest) + 1) % len(cards))
        with pytest.raises(AssertionError):
            check_game(r)
    with monkeypatch.context() as m:
        m.setattr(module, "oracle_score", lambda t, targets, under, over: 2 * t)
        with pytest.raises(AssertionError):
            check_game(r)
    with monkeypatch.context() as m:
        m.setattr(module, "expected_first", lambda scores, previous: previous)
        with pytest.raises(AssertionError):
            check_game(r)


# -- round trips --------------------------------------------------------------------------------
@FEW
@given(st.lists(records_st, min_size=1, max_size=3), st.data())
def test_binary_and_json_round_trips_are_byte_identical(records: list[Record], data_: st.DataObject) -> None:
    notes = st.one_of(st.none(), st.text(max_size=12))
    for r in records:
        for deal in r.deals:
            deal.actions = [msgspec.structs.replace(a, note=data_.draw(notes)) for a in deal.actions]
    data = b"".join(encode_records(records, "binary"))
    back = [e.record for e in read_bytes(data, "t")]
    assert back == records
    for enc in ("json", "jsonl"):
        text = b"".join(encode_records(records, enc))  # type: ignore[arg-type]
        again = [e.record for e in read_bytes(text, "t")]
        assert again == records, enc
        assert b"".join(encode_records(again, enc)) == text, enc  # type: ignore[arg-type]
        assert b"".join(encode_records(again, "binary")) == data, enc
    # the targets' keys are JSON strings, written in order of the trick count
    first = msgspec.json.decode(b"".join(encode_records(records[:1], "json")))
    keys = list(first["rules"]["targets"])
    assert all(isinstance(k, str) for k in keys)
    assert [int(k) for k in keys] == sorted(int(k) for k in keys)


@FEW
@given(records_st)
def test_a_short_written_rules_block_reads_the_same(record: Record) -> None:
    """A record whose rules block omits options, or gives the targets with integer keys,
    is written with the defaults filled in and string keys: the same bytes."""
    full = b"".join(encode_records([record], "binary"))
    rules = dict(record.rules)
    rules["targets"] = {int(k): v for k, v in rules["targets"].items()}
    for name, default in (("under_penalty", 1), ("over_penalty", 10), ("max_number", 13)):
        if rules[name] == default:
            del rules[name]
    short = msgspec.structs.replace(record, rules=rules)
    assert b"".join(encode_records([short], "binary")) == full
    assert verify_record(short) == verify_record(record)


# -- mutations ----------------------------------------------------------------------------------
Position = tuple[int, int]


def _at(v: Verdict) -> Position:
    """Where a verdict stopped, from 0: a deal's start counts as action -1, and a deal that
    stops before its end (another follows) as after its last action."""
    assert v.deal is not None, v.message()
    if v.rule == "deal-unfinished":
        return (v.deal - 1, 10**6)
    return (v.deal - 1, -1 if v.action is None else v.action - 1)


@st.composite
def mutation(draw: st.DrawFn, record: Record, kind: str) -> tuple[Record, Position, dict[str, Any]]:
    """A mutated copy of ``record``, where (deal, action; -1 for the deal itself) and what the
    verdict must then be (``at``: stopped right there; ``status``; ``rules``: with one of
    these ids; ``in_deal``: illegal within that deal; ``not_valid``)."""
    r = copy.deepcopy(record)
    n = len(r.players)
    di = draw(st.integers(0, len(r.deals) - 1), label="deal")
    deal = r.deals[di]
    actions = deal.actions
    ai = draw(st.integers(0, len(actions) - 1), label="action")
    a = actions[ai]
    assert isinstance(a, Play)
    if kind == "card":
        pool = [card_of(c, k) for c in range(5) for k in range(1, r.rules["max_number"] + 1)]
        new = draw(st.sampled_from([c for c in [*pool, -1, 5 * 99] if c != a.card]))
        actions[ai] = msgspec.structs.replace(a, card=new)
        if new not in deal.hands[a.seat]:
            return r, (di, ai), {"at": True, "status": "illegal", "rules": {"not-held"}}
        # another card of the hand: played twice, or not following, in this deal
        return r, (di, ai), {"status": "illegal", "in_deal": di}
    if kind == "seat":
        new = draw(st.sampled_from([x for x in range(-1, n + 1) if x != a.seat]))
        actions[ai] = msgspec.structs.replace(a, seat=new)
        return r, (di, ai), {"at": True, "status": "illegal", "rules": {"out-of-turn"}}
    if kind == "swap":
        others = [j for j in range(ai + 1, len(actions)) if actions[j].seat != a.seat]
        if not others:
            return r, (len(r.deals), 0), {}
        aj = draw(st.sampled_from(others))
        actions[ai], actions[aj] = actions[aj], a
        return r, (di, ai), {"at": True, "status": "illegal", "rules": {"out-of-turn"}}
    if kind == "drop":
        del actions[ai]
        return r, (di, ai), {"not_valid": True}
    if kind == "first":
        new = draw(st.sampled_from([x for x in range(-1, n + 1) if x != deal.dealer]))
        deal.dealer = new
        if di or not 0 <= new < n:
            return r, (di, -1), {"at": True, "status": "illegal", "rules": {"deal-first"}}
        return r, (0, 0), {"at": True, "status": "illegal", "rules": {"out-of-turn"}}
    if kind == "stock":
        # the record's stock cut short: the first trick that needs a missing card stops the
        # verification, incomplete (the rounds before are valid)
        pile = len(deal.stock)  # a simulated record keeps the whole pile
        keep = draw(st.integers(0, pile))
        del deal.stock[keep:]
        if keep >= min(r.rules["hand_size"], pile):
            # every card the round turns is still there
            return r, (len(r.deals), 0), {"status": "valid"}
        where = (di, keep * n - 1)
        return r, where, {"at": True, "status": "incomplete", "rules": {"stock-missing"}}
    if kind == "stock-card":
        # a stock card replaced by a card dealt to a hand: a faulty deal
        if not deal.stock:
            return r, (len(r.deals), 0), {}
        k = draw(st.integers(0, len(deal.stock) - 1))
        deal.stock[k] = draw(st.sampled_from(deal.hands[draw(st.integers(0, n - 1))]))
        return r, (di, -1), {"at": True, "status": "illegal", "rules": {"deal-duplicate"}}
    # scoring: other targets and penalties change the scores, and perhaps who must start
    # a later round; nothing else
    rules = dict(r.rules)
    rules["targets"] = {
        str(k): v
        for k, v in draw(st.dictionaries(st.integers(0, 12), st.integers(-99, 99), max_size=3)).items()
    }
    rules["under_penalty"] = draw(st.integers(0, 12))
    rules["over_penalty"] = draw(st.integers(0, 12))
    r.rules = rules
    return r, (0, 0), {"scoring": True}


MUTATIONS = ["card", "seat", "swap", "drop", "first", "stock", "stock-card", "scoring"]


@pytest.mark.parametrize("kind", MUTATIONS)
@FEW
@given(records_st, st.data())
def test_mutations_never_raise_and_give_a_verdict(kind: str, record: Record, data: st.DataObject) -> None:
    mutated, where, expect = data.draw(mutation(record, kind), label="mutation")
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
    if "status" in expect:
        assert v.status == expect["status"], v.message()
    if expect.get("at"):
        assert _at(v) == where, v.message()
    if "rules" in expect:
        assert v.rule in expect["rules"], v.message()
    if "in_deal" in expect:
        assert _at(v)[0] == expect["in_deal"], v.message()
    if expect.get("not_valid"):
        assert v.status in ("illegal", "incomplete"), v.message()
    if expect.get("scoring"):
        assert v.status == "valid" or (v.rule == "deal-first" and v.action is None), v.message()
    # the binary form holds a mutated record as faithfully as a legal one
    (entry,) = read_bytes(container.FILE_HEADER + encode_binary(mutated), "m")
    assert entry.record is not None
    assert verify_record(entry.record, "m", 0) == v
    # and the replay agrees with the verdict
    replay = Replay(mutated, source="m")
    for _ in replay:
        pass
    assert replay.verdict == v


@st.composite
def damaged(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` with a few bytes changed, cut, doubled or dropped."""
    b = bytearray(data)
    for _ in range(draw(st.integers(1, 4))):
        what = draw(st.sampled_from(["flip", "cut", "insert", "delete"]))
        i = draw(st.integers(0, max(len(b) - 1, 0)))
        if what == "flip" and b:
            b[i] ^= draw(st.integers(1, 255))
        elif what == "cut":
            del b[i:]
        elif what == "insert":
            b[i:i] = draw(st.binary(min_size=1, max_size=4))
        elif b:
            del b[i : i + draw(st.integers(1, 8))]
    return bytes(b)


@pytest.mark.parametrize("encoding", ["binary", "json", "jsonl"])
@FEW
@given(st.lists(records_st, min_size=1, max_size=2), st.data())
def test_damaged_bytes_never_raise(encoding: str, records: list[Record], data: st.DataObject) -> None:
    raw = b"".join(encode_records(records, encoding))  # type: ignore[arg-type]
    bad = data.draw(damaged(raw), label="damaged")
    verdicts = list(verify_entries(read_bytes(bad, "d")))
    assert verdicts
    for v in verdicts:
        assert v.status in STATUSES
        assert v.message()
        if v.status == "unreadable":
            assert v.rule is not None and v.rule.startswith("format."), v.message()
        elif v.status == "illegal":
            assert v.rule in RULE_IDS, v.message()
    event(f"{encoding}: {sorted({v.status for v in verdicts})}")
