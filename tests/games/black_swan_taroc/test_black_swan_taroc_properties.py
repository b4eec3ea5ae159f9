"""Black Swan with the Dridge Taroc (black-swan-taroc) property tests (hypothesis, bounded).

- Simulated games (2..6 players, both bots, every ``trumps`` option) verify valid, and a
  reference replay written here from RULINGS.md section 3 agrees with the engine on every
  step: the legal actions, and every event (pass-downs, trick winners and points, draws,
  handouts, the game's end, counts, Par, finals and winners).
- Conservation through every step of a Replay, read from its views: the 121 cards (hands,
  the trick on the table, captured cards, the rest of the draw pile) and the 12 pledges
  (held, on the table, captured, in the bank); nobody draws while holding 15 or more cards,
  everyone under 15 draws while the pile lasts, and hands pass 15 only by pass-downs.
- With two players |F1 - F2| == (S1 + S2) % 2 and F1 + F2 == |S1 - S2|; par_and_finals
  against exact Fraction arithmetic rounded half up.
- Binary and JSON round trips are byte-identical (the dealer draw included); a stock cut
  short makes the record incomplete (stock-missing) at the first draw beyond it; random
  mutations of records and of their bytes never raise and give a verdict.

Every test draws few examples of small games, so the file runs in seconds.
"""

from __future__ import annotations

import copy
import math
import re
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache
from typing import Any

import pytest
from helpers import illegal_rule_ids
from hypothesis import HealthCheck, event, given, note, settings
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.cards import TAROC as D
from gamerec.checking.verdicts import STATUSES, verify_entries, verify_record
from gamerec.engine import DealScored, Event
from gamerec.format.read import read_bytes
from gamerec.format.write import encode_records
from gamerec.games import get_game
from gamerec.games.black_swan_taroc.rules import (
    Drew,
    GameOver,
    PassedDown,
    PledgeHandedOut,
    TrickTaken,
    par_and_finals,
)
from gamerec.present import Replay
from gamerec.record import Action, DrawDeal, Pass, Play, Pledge, Record

GAME_ID = "black-swan-taroc"
GAME = get_game(GAME_ID)
SWAN = 120
PLEDGE_VALUE = (1, 2, 3)
BANK = (6, 4, 2)

MANY = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FEW = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])

# the rule ids of an illegal verdict on a black-swan-taroc record, from the errors registry
RULE_IDS = illegal_rule_ids("black-swan-taroc")


# -- the cards, from the rulings -------------------------------------------------------------
_MAJORS = {"VO": 7, "CR": 7, "ST": 7, "MY": 7, "EL": 4, "AS": 4}


def key(card: int) -> tuple[int, int]:
    """Place in the global order: minors by rank < the Swan < low majors < high majors."""
    code = D.code(card)
    if code == "BS":
        return (1, 0)
    if code[:2] in _MAJORS:
        return (3 if code[:2] in ("EL", "AS") else 2, int(code[2:]))
    return (0, "23456789TJNQKA".index(code[0]))


def suit(card: int) -> str:
    code = D.code(card)
    return code if code == "BS" else code[:2] if code[:2] in _MAJORS else code[1]


AFFILIATED = dict(zip("BHCGPO", _MAJORS, strict=True))


def half_up(x: Fraction) -> int:
    return math.floor(x + Fraction(1, 2))


# -- a reference replay ---------------------------------------------------------------------
class Ref:
    """One game replayed by the rulings, independently of the engine. ``step`` returns the
    events it expects, as plain tuples."""

    def __init__(
        self, n: int, trumps: str, deal: DrawDeal[Action], deal_index: int, totals: list[int]
    ) -> None:
        self.n, self.trumps, self.deal_index, self.totals = n, trumps, deal_index, totals
        self.hands = [Counter(h) for h in deal.hands]
        self.held = [[1, 0, 0] for _ in range(n)]
        self.bank = [BANK[0] - n, BANK[1], BANK[2]]
        self.stock, self.pile, self.drawn = deal.stock, 121 - 10 * n, 0
        self.dealer = deal.dealer
        self.leader = (deal.dealer + 1) % n
        self.trick: list[tuple[int, int, int]] = []
        self.waiting: list[int] = []  # followers still to play
        self.skipped: list[int] = []
        self.points = [0] * n
        self.captured: list[list[int]] = [[] for _ in range(n)]
        self.captor: int | None = None
        self.tricks = 0
        self.over = False

    def size(self, seat: int) -> int:
        return sum(self.hands[seat].values())

    def to_move(self) -> int | None:
        if self.over:
            return None
        return self.waiting[0] if self.trick else self.leader

    def legal(self) -> set[Action]:
        seat = self.to_move()
        if seat is None:
            return set()
        cards = [x for x, k in self.hands[seat].items() if k]
        last = self.size(seat) == 1
        if not self.trick:
            return {Pass(seat, x) for x in cards} | {Play(seat, x) for x in cards if x != SWAN or last}
        led = suit(self.trick[0][1])
        if led != "BS":
            same = {Play(seat, x) for x in cards if suit(x) == led}
            if same:
                return same
        return {Play(seat, x) for x in cards if x != SWAN or last} | {
            Pledge(seat, k) for k in range(3) if self.held[seat][k]
        }

    def step(self, action: Action) -> list[tuple[Any, ...]]:
        assert action in self.legal()
        seat = action.seat  # type: ignore[attr-defined]
        if isinstance(action, Pass):
            self.hands[seat][action.card] -= 1
            self.hands[(seat - 1) % self.n][action.card] += 1
            return [("pass", seat, (seat - 1) % self.n, action.card), *self.end_turn()]
        if isinstance(action, Pledge):
            self.held[seat][action.pledge] -= 1
            self.trick.append((seat, -1, action.pledge))
        else:
            assert isinstance(action, Play)
            self.hands[seat][action.card] -= 1
            self.trick.append((seat, action.card, -1))
        if len(self.trick) == 1:
            self.waiting = [(seat + k) % self.n for k in range(1, self.n)]
            self.skipped = []
        else:
            self.waiting.pop(0)
        while self.waiting and not self.size(self.waiting[0]) and not any(self.held[self.waiting[0]]):
            self.skipped.append(self.waiting.pop(0))
        if self.waiting:
            return []
        return self.take()

    def winner(self) -> int:
        trick = self.trick
        led = suit(trick[0][1])
        if led == "BS":
            majors = [(key(x), -i) for i, (_, x, _) in enumerate(trick) if x >= 0 and key(x)[0] >= 2]
            return trick[-max(majors)[1]][0] if majors else trick[0][0]
        best: tuple[Any, ...] = ()
        who = trick[0][0]
        for i, (s, x, _) in enumerate(trick):
            if x < 0:
                continue
            if suit(x) == led:
                k: tuple[Any, ...] = (0, key(x), -i)
            elif led in AFFILIATED and key(x)[0] >= 2:
                if self.trumps == "all" or (self.trumps == "affiliated" and suit(x) == AFFILIATED[led]):
                    k = (1, key(x), -i)
                else:
                    continue
            else:
                continue
            if k > best:
                best, who = k, s
        return who

    def take(self) -> list[tuple[Any, ...]]:
        who = self.winner()
        points = 0
        swan = False
        for s, x, p in self.trick:
            if x < 0:
                points += PLEDGE_VALUE[p]
            else:
                self.captured[who].append(x)
                if x == SWAN:
                    swan = True
                    self.captor = who
                    points += 10 if s == who else 1
                else:
                    points += {0: 1, 2: 2, 3: 3}[key(x)[0]]
        self.points[who] += points
        self.tricks += 1
        events: list[tuple[Any, ...]] = [
            ("trick", self.tricks, who, tuple(self.trick), points, tuple(self.skipped))
        ]
        self.trick = []
        if swan:
            return events + self.game_over("swan")
        draws = []
        for k in range(self.n):
            s = (self.leader + 1 + k) % self.n
            if self.drawn == self.pile:
                break
            if self.size(s) < 15:
                x = self.stock[self.drawn]
                self.drawn += 1
                self.hands[s][x] += 1
                draws.append((s, x))
        if draws:
            events.append(("drew", tuple(draws)))
        return events + self.end_turn()

    def end_turn(self) -> list[tuple[Any, ...]]:
        events: list[tuple[Any, ...]] = []
        if self.leader == self.dealer and any(self.bank):
            kind = next(k for k in range(3) if self.bank[k])
            order = [(self.dealer + k) % self.n for k in range(1, self.n + 1)]
            holders = [s for s in order if self.size(s)]
            if holders:
                lows = {s: min(key(x) for x, k in self.hands[s].items() if k) for s in holders}
                who = min(holders, key=lambda s: (lows[s], order.index(s)))
                self.bank[kind] -= 1
                self.held[who][kind] += 1
                events.append(("handout", who, kind))
        self.leader = (self.leader + 1) % self.n
        if not self.size(self.leader):
            events += self.game_over("empty")
        return events

    def game_over(self, why: str) -> list[tuple[Any, ...]]:
        self.over = True
        counts = [
            self.points[s]
            + sum(k * v for k, v in zip(self.held[s], PLEDGE_VALUE, strict=True))
            - (10 if self.hands[s][SWAN] else 0)
            for s in range(self.n)
        ]
        par = half_up(Fraction(sum(counts), self.n))
        finals = [abs(x - par) for x in counts]
        best = max(finals)
        tied = [s for s in range(self.n) if finals[s] == best]
        if len(tied) > 1 and self.captor in tied:
            winners: list[int] = [self.captor]  # type: ignore[list-item]
        else:
            tops = {s: max((key(x) for x in self.captured[s]), default=(-1, 0)) for s in tied}
            winners = [s for s in tied if tops[s] == max(tops.values())]
        self.totals = [t + f for t, f in zip(self.totals, finals, strict=True)]
        return [
            ("over", why, tuple(counts), par, tuple(finals), tuple(winners)),
            ("scored", self.deal_index, tuple(finals), tuple(self.totals)),
        ]


def plain(e: Event, players: Sequence[str]) -> tuple[Any, ...]:
    """An engine event as the reference writes it."""
    if isinstance(e, PassedDown):
        return ("pass", e.seat, e.to, e.card)
    if isinstance(e, TrickTaken):
        return ("trick", e.number, e.seat, e.plays, e.points, e.skipped)
    if isinstance(e, Drew):
        return ("drew", e.draws)
    if isinstance(e, PledgeHandedOut):
        return ("handout", e.seat, e.pledge)
    if isinstance(e, GameOver):
        why = "swan" if e.reason == "the Black Swan was played" else "empty"
        if why == "empty":
            assert any(p in e.reason for p in players), e.reason
        return ("over", why, e.counts, e.par, e.finals, e.winners)
    if isinstance(e, DealScored):
        return ("scored", e.deal, e.scores, e.totals)
    raise AssertionError(e)


# -- simulated games ------------------------------------------------------------------------
@cache
def make(players: int, seed: int, bot: str, trumps: str) -> Record:
    return next(simulate(GAME_ID, players, 1, seed, bot, {"trumps": trumps}))


game_args = st.tuples(
    st.integers(2, 6),
    st.integers(0, 2**32 - 1),
    st.sampled_from(["random", "smart"]),
    st.sampled_from(["none", "affiliated", "all"]),
)
records_st = game_args.map(lambda a: make(*a))


def replay_with_reference(record: Record) -> list[tuple[Any, ...]]:
    """Drive the engine and the reference side by side; every event of the game."""
    n = len(record.players)
    state = GAME.new_state(record.rules, record.players)
    totals = [0] * n
    seen: list[tuple[Any, ...]] = []
    for di, deal in enumerate(record.deals):
        assert state.begin_deal(deal) == []
        ref = Ref(n, record.rules.get("trumps", "none"), deal, di, totals)  # type: ignore[arg-type]
        for action in deal.actions:
            assert state.to_move == ref.to_move()
            assert set(state.legal_actions()) == ref.legal()
            got = [plain(e, record.players) for e in state.apply(action)]
            want = ref.step(action)
            assert got == want, (action, got, want)
            seen += got
        assert state.deal_over and ref.over and state.to_move is None
        totals = ref.totals
    assert state.finished and list(state.totals) == totals
    return seen


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
@pytest.mark.parametrize("bot", ["random", "smart"])
def test_simulated_games_verify_valid_and_match_the_reference(players: int, bot: str) -> None:
    for trumps in ("none", "affiliated", "all"):
        records = list(simulate(GAME_ID, players, 2, players * 100 + len(trumps), bot, {"trumps": trumps}))
        for record in records:
            v = verify_record(record)
            assert v.status == "valid", v.message()
            assert v.scores is not None and len(v.scores.deals) == 1
            events = replay_with_reference(record)
            over = next(e for e in events if e[0] == "over")
            assert list(v.scores.deals[0]) == list(over[4])
            assert list(v.scores.winners) == list(over[5])


@GAMES
@given(game_args)
def test_any_simulated_game_matches_the_reference(args: tuple[int, int, str, str]) -> None:
    record = make(*args)
    v = verify_record(record)
    assert v.status == "valid", v.message()
    events = replay_with_reference(record)
    over = next(e for e in events if e[0] == "over")
    event(f"ends: {over[1]}")
    best = max(over[4])
    if sum(f == best for f in over[4]) > 1:
        event("tied finals")


@FEW
@given(st.lists(game_args, min_size=2, max_size=3))
def test_a_record_of_several_games(games: list[tuple[int, int, str, str]]) -> None:
    """Several games in one record, each with its own dealer: totals are the sums of the
    finals, the highest total wins, equal totals share."""
    n, _, _, trumps = games[0]
    parts = [make(n, seed, bot, trumps) for _, seed, bot, _ in games]
    record = Record(
        game=GAME_ID, players=parts[0].players, rules=parts[0].rules, deals=[p.deals[0] for p in parts]
    )
    v = verify_record(record)
    assert v.status == "valid" and v.scores is not None, v.message()
    finals = [verify_record(p).scores.deals[0] for p in parts]  # type: ignore[union-attr]
    assert v.scores.deals == finals
    totals = [sum(col) for col in zip(*finals, strict=True)]
    assert v.scores.totals == totals
    assert v.scores.winners == [s for s, t in enumerate(totals) if t == max(totals)]
    replay_with_reference(record)


# -- conservation, read from the replay's views ------------------------------------------------
def _pledge_counts(text: str) -> list[int]:
    held = [0, 0, 0]
    for k, name in re.findall(r"(\d+) (feather|stone|pearl)", text):
        held[("feather", "stone", "pearl").index(name)] += int(k)
    return held


@GAMES
@given(records_st)
def test_cards_and_pledges_are_conserved_and_draws_follow_the_limit(record: Record) -> None:
    n = len(record.players)
    (deal,) = record.deals
    pile = 121 - 10 * n
    assert len(deal.stock) == pile  # simulate records the whole draw pile
    captured_cards: list[int] = []
    captured_pledges = [0, 0, 0]
    drawn = 0
    sizes: list[int] = [10] * n
    leader = (deal.dealer + 1) % n
    replay = Replay(record)
    for step in replay:
        view = step.view
        new_sizes = [len(sv.hand or []) for sv in view.seats]
        gave = step.action.seat if isinstance(step.action, Play | Pass) else None  # type: ignore[union-attr]
        for e in step.events:
            if isinstance(e, TrickTaken):
                for _, x, p in e.plays:
                    if x >= 0:
                        captured_cards.append(x)
                    else:
                        captured_pledges[p] += 1
            elif isinstance(e, Drew):
                # at the draw: the hands as before this step, less the card just played
                at = [k - (1 if s == gave else 0) for s, k in enumerate(sizes)]
                order = [(leader + 1 + k) % n for k in range(n)]
                want = [s for s in order if at[s] < 15][: pile - drawn]
                assert [s for s, _ in e.draws] == want, (e, at)
                assert all(at[s] < 15 for s, _ in e.draws)
                assert [x for _, x in e.draws] == list(deal.stock[drawn : drawn + len(e.draws)])
                drawn += len(e.draws)
            elif isinstance(e, PassedDown):
                assert new_sizes[e.to] == sizes[e.to] + 1
        if step.index >= 0 and any(isinstance(e, TrickTaken) for e in step.events):
            # a trick was taken: no hand grows past 15 by the draw
            drew = {s for e in step.events if isinstance(e, Drew) for s, _ in e.draws}
            for s in drew:
                assert new_sizes[s] <= 15
        # a hand passes 15 (or grows beyond it) only by a pass-down
        for s in range(n):
            if new_sizes[s] > max(sizes[s], 15):
                assert any(isinstance(e, PassedDown) and e.to == s for e in step.events), step.text
        if any(isinstance(e, PassedDown | TrickTaken) for e in step.events):
            leader = (leader + 1) % n
        # the 121 cards: hands, table, captured, the rest of the pile
        hands = [D.parse(x) for sv in view.seats for x in (sv.hand or [])]
        table = [D.parse(x) for _, x in view.table if x not in ("feather", "stone", "pearl")]
        lines = dict(view.lines)
        assert lines["Draw pile"] == (f"{pile - drawn} card" + ("" if pile - drawn == 1 else "s"))
        assert sorted(hands + table + captured_cards + list(deal.stock[drawn:])) == list(range(121))
        # the 12 pledges: held, on the table, captured, in the bank
        held = [_pledge_counts(sv.info.split(";")[0]) for sv in view.seats]
        on_table = [sum(1 for _, x in view.table if x == name) for name in ("feather", "stone", "pearl")]
        bank = _pledge_counts(lines["Bank"])
        for k in range(3):
            assert sum(h[k] for h in held) + on_table[k] + captured_pledges[k] + bank[k] == BANK[k]
        sizes = new_sizes
    assert replay.verdict is not None and replay.verdict.status == "valid"


# -- subpar conversion ------------------------------------------------------------------------
@MANY
@given(st.lists(st.integers(-(10**6), 10**6), min_size=2, max_size=6))
def test_par_and_finals_round_half_up_exactly(counts: list[int]) -> None:
    par, finals = par_and_finals(counts)
    assert par == half_up(Fraction(sum(counts), len(counts)))
    assert finals == [abs(x - par) for x in counts]


@MANY
@given(st.integers(-500, 500), st.integers(-500, 500))
def test_two_player_finals(s1: int, s2: int) -> None:
    _, (f1, f2) = par_and_finals([s1, s2])
    assert abs(f1 - f2) == (s1 + s2) % 2
    assert f1 + f2 == abs(s1 - s2)


@GAMES
@given(st.integers(0, 2**32 - 1), st.sampled_from(["random", "smart"]), st.sampled_from(["none", "all"]))
def test_two_player_games_finals_mirror_the_counts(seed: int, bot: str, trumps: str) -> None:
    record = make(2, seed, bot, trumps)
    over = [e for step in Replay(record) for e in step.events if isinstance(e, GameOver)]
    assert len(over) == 1
    (s1, s2), (f1, f2) = over[0].counts, over[0].finals
    assert abs(f1 - f2) == (s1 + s2) % 2
    assert f1 + f2 == abs(s1 - s2)
    event("tie" if f1 == f2 else "no tie")


# -- round trips ------------------------------------------------------------------------------
@GAMES
@given(records_st)
def test_binary_and_json_round_trips_are_byte_identical(record: Record) -> None:
    assert all(d.draw for d in record.deals)  # type: ignore[attr-defined]
    binary = b"".join(encode_records([record], "binary"))
    (entry,) = read_bytes(binary, "b")
    assert entry.record == record and entry.record is not None
    assert entry.record.deals[0].draw == record.deals[0].draw  # type: ignore[attr-defined]
    assert b"".join(encode_records([entry.record], "binary")) == binary
    text = b"".join(encode_records([record], "json"))
    (jentry,) = read_bytes(text, "j")
    assert jentry.record == record, jentry.error
    assert b"".join(encode_records([jentry.record], "json")) == text
    assert b"".join(encode_records([jentry.record], "binary")) == binary
    lines = b"".join(encode_records([record, record], "jsonl"))
    assert [e.record for e in read_bytes(lines, "l")] == [record, record]


# -- a stock cut short ----------------------------------------------------------------------
@GAMES
@given(records_st, st.data())
def test_a_truncated_stock_is_incomplete_at_the_first_draw_beyond_it(
    record: Record, data: st.DataObject
) -> None:
    # where each card of the pile is drawn: (action index, seat)
    draws: list[tuple[int, int]] = []
    for step in Replay(record):
        for e in step.events:
            if isinstance(e, Drew):
                draws += [(step.index, s) for s, _ in e.draws]
    cut = data.draw(st.integers(0, len(draws) + 3), label="cut")
    short = copy.deepcopy(record)
    short.deals[0].stock = short.deals[0].stock[:cut]
    v = verify_record(short)
    if cut >= len(draws):
        assert v.status == "valid", v.message()
        assert v.scores == verify_record(record).scores
        return
    index, seat = draws[cut]
    assert v.status == "incomplete" and v.rule == "stock-missing", v.message()
    assert (v.deal, v.action) == (1, index + 1), v.message()
    assert f"draws card {cut + 1} of the draw pile" in (v.reason or "")
    assert f"seat {seat} ({record.players[seat]})" in (v.reason or "")
    replay = Replay(short)
    steps = list(replay)
    assert replay.verdict == v and steps[-1].index == index - 1


# -- mutations -------------------------------------------------------------------------------
def _card_or_junk(draw: st.DrawFn) -> int:
    return draw(st.one_of(st.integers(0, 120), st.integers(-3, 130)))


@st.composite
def mutation(draw: st.DrawFn, record: Record, kind: str) -> tuple[Record, int | None]:
    """The record changed in one way; the index of the first action changed (None when the
    deal or the header changed)."""
    r = copy.deepcopy(record)
    n = len(r.players)
    deal = r.deals[0]
    actions = deal.actions
    i = draw(st.integers(0, len(actions) - 1), label="at")
    a = actions[i]
    if kind == "card":
        if isinstance(a, Pledge):
            actions[i] = Pledge(a.seat, draw(st.integers(-2, 5)))
        else:
            actions[i] = type(a)(a.seat, _card_or_junk(draw))  # type: ignore[call-arg, attr-defined]
        return r, i
    if kind == "seat":
        actions[i] = type(a)(draw(st.integers(-1, n)), *msgspec_fields(a)[1:])  # type: ignore[call-arg]
        return r, i
    if kind == "kind":
        other = draw(st.sampled_from([Pass, Play, Pledge]))
        value = draw(st.integers(0, 2)) if other is Pledge else _card_or_junk(draw)
        actions[i] = other(a.seat, value)  # type: ignore[attr-defined]
        return r, i
    if kind == "drop":
        actions.pop(i)
        return r, i
    if kind == "insert":
        other = draw(st.sampled_from([Pass, Play, Pledge]))
        value = draw(st.integers(0, 2)) if other is Pledge else _card_or_junk(draw)
        actions.insert(i, other(draw(st.integers(0, n - 1)), value))
        return r, i
    if kind == "swap":
        j = draw(st.integers(0, len(actions) - 1), label="with")
        actions[i], actions[j] = actions[j], actions[i]
        return r, min(i, j)
    if kind == "truncate":
        del actions[i:]
        return r, i
    if kind == "dealer":
        deal.dealer = draw(st.integers(-1, n))
        return r, None
    if kind == "draw":
        rows = deal.draw  # type: ignore[attr-defined]
        choice = draw(st.integers(0, 3))
        if choice == 0 or not rows:
            deal.draw = None if rows else [[None] * n]  # type: ignore[attr-defined]
        elif choice == 1:
            row = draw(st.integers(0, len(rows) - 1))
            rows[row][draw(st.integers(0, n - 1))] = draw(st.one_of(st.none(), st.integers(-1, 125)))
        elif choice == 2:
            rows.append([draw(st.one_of(st.none(), st.integers(0, 120))) for _ in range(n)])
        else:
            rows.pop(draw(st.integers(0, len(rows) - 1)))
        return r, None
    if kind == "stock":
        stock = deal.stock
        j = draw(st.integers(0, len(stock) - 1))
        stock[j] = _card_or_junk(draw)
        if draw(st.booleans()):
            stock.append(draw(st.integers(0, 120)))
        return r, None
    if kind == "hand":
        s = draw(st.integers(0, n - 1))
        j = draw(st.integers(0, 9))
        k = draw(st.integers(0, len(deal.stock) - 1))
        if draw(st.booleans()):
            deal.hands[s][j], deal.stock[k] = deal.stock[k], deal.hands[s][j]  # another legal deal
        else:
            deal.hands[s][j] = _card_or_junk(draw)
        return r, None
    # header
    choice = draw(st.integers(0, 2))
    if choice == 0:
        r.rules = {"trumps": draw(st.sampled_from(["none", "affiliated", "all", "some", 3]))}
    elif choice == 1:
        r.players = [*r.players, "Extra"] if n < 6 or draw(st.booleans()) else r.players[:-1]
    else:
        r.deals.append(copy.deepcopy(r.deals[0]))  # a second game
    return r, None


def msgspec_fields(a: Action) -> list[Any]:
    return [getattr(a, f) for f in a.__struct_fields__ if f != "note"]


MUTATIONS = [
    "card",
    "seat",
    "kind",
    "drop",
    "insert",
    "swap",
    "truncate",
    "dealer",
    "draw",
    "stock",
    "hand",
    "header",
]


@pytest.mark.parametrize("kind", MUTATIONS)
@FEW
@given(records_st, st.data())
def test_mutations_never_raise_and_give_a_verdict(kind: str, record: Record, data: st.DataObject) -> None:
    mutated, at = data.draw(mutation(record, kind), label="mutation")
    v = verify_record(mutated, "m", 0)
    event(f"{kind}: {v.status} {v.rule or ''}")
    note(v.message())
    assert v.status in ("valid", "illegal", "incomplete"), v.message()
    assert v.message()
    if v.status == "illegal":
        assert v.rule in RULE_IDS and v.reason, v.message()
        if at is not None and v.action is not None:
            assert v.deal == 1 and v.action >= at + 1, v.message()  # unchanged before the mutation
    if v.status == "incomplete":
        assert v.rule in (None, "stock-missing") and v.reason, v.message()
    # the binary form holds a mutated record as it is
    binary = b"".join(encode_records([mutated], "binary"))
    (entry,) = read_bytes(binary, "m")
    if entry.record is not None:
        assert verify_record(entry.record, "m", 0) == v
    else:
        # a header the format itself refuses (an unknown option, a wrong player count)
        assert entry.error is not None and kind == "header"
    replay = Replay(mutated, source="m")
    for _ in replay:
        pass
    assert replay.verdict == v


@FEW
@given(records_st, st.data())
def test_damaged_bytes_never_raise(record: Record, data: st.DataObject) -> None:
    encoding = data.draw(st.sampled_from(["binary", "json"]), label="encoding")
    blob = bytearray(b"".join(encode_records([record], encoding)))
    for _ in range(data.draw(st.integers(1, 4), label="hits")):
        at = data.draw(st.integers(0, len(blob) - 1))
        blob[at] = data.draw(st.integers(0, 255))
    if data.draw(st.booleans(), label="cut"):
        del blob[data.draw(st.integers(0, len(blob) - 1)) :]
    verdicts = list(verify_entries(read_bytes(bytes(blob), "d")))
    for v in verdicts:
        assert v.status in STATUSES and v.message()
        if v.status == "illegal":
            assert v.rule in RULE_IDS, v.message()
