"""The deals and actions tables of the Parquet export (:mod:`gamerec.export.parquet_rows`)
as they are held for a chunk of records, and made into Arrow columns when the chunk is
taken.

Python holds as little per row as it can: a value per deal, per trick, per record, and
for the actions one number a row. What repeats is kept once, with the rows it covers as a
*run* (the rows up to an end, counted from the chunk's first row), and Arrow works the
rows out: it numbers each row's run, takes the run's values, and adds, compares and sums
the columns it made (docs/performance.md, "Parquet")."""

from __future__ import annotations

import sys
from array import array
from collections import defaultdict
from itertools import count
from typing import Any

from ..cards import PLEDGES
from ..games import get_game
from ..games.presenters import presenter
from ..record import Action, Bid, Cards, Pass, Play, Pledge, Record

__all__ = ["ActionRows", "DealRows", "run_of_row"]

_LITTLE = sys.byteorder == "little"


def _int32(pa: Any, values: list[int]) -> Any:
    """An Arrow int32 array of ``values`` (handed over as a packed buffer, where the
    machine's layout is Arrow's)."""
    if _LITTLE:
        packed = array("i", values)
        return pa.Array.from_buffers(pa.int32(), len(packed), [None, pa.py_buffer(packed)])
    return pa.array(values, pa.int32())


#: each game's facts the rows ask of it, by game id (see :func:`deal_facts`)
_FACTS: dict[str, tuple[bool, int, bool]] = {}


def deal_facts(gid: str) -> tuple[bool, int, bool]:
    """What the rows of game ``gid`` carry, asked of the game: the cards turned at each
    trick (forest's forest cards); the Black Swan, whose taker a deal's row names (its card,
    -1 when the deck holds none); plays of several cards."""
    facts = _FACTS.get(gid)
    if facts is None:
        game = get_game(gid)
        codes = game.deck.codes
        swan = codes.index("BS") if "BS" in codes else -1  # (its code in either deck that holds it)
        facts = _FACTS[gid] = (game.turns_cards, swan, Cards in game.actions)
    return facts


def run_of_row(pa: Any, pc: Any, ends: list[int]) -> Any:
    """For each row, the number of its run (from 0): run ``i`` is the rows before
    ``ends[i]`` and from ``ends[i - 1]``; the ends rise, the last is the rows held. (A
    byte marks each run's first row, and Arrow sums them: run-end encoded arrays would do
    it, but pyarrow 14 cannot make one from its arrays.)"""
    rows = ends[-1] if ends else 0
    starts = bytearray(rows)
    for end in ends[:-1]:
        starts[end] = 1
    marks = pa.Array.from_buffers(pa.uint8(), rows, [None, pa.py_buffer(starts)])
    return pc.cumulative_sum(marks.cast(pa.int32()))


def _from_1(pa: Any, pc: Any, rows: int) -> Any:
    """1, 2 ... ``rows``."""
    return pc.cumulative_sum(pa.repeat(pa.scalar(1, pa.int32()), rows))


class DealRows:
    """deals.parquet, one row per deal and seat, held for a chunk. Per deal: its number,
    trump, forest cards and Black Swan taker, where its record's players and sides start,
    where its scores start (None while it is not scored). Per row: the hand size, the bid,
    the tricks taken and (forest) whether the target was made. The seat, player, side,
    scores and whether a blackball contract was made are worked out by Arrow."""

    def __init__(self) -> None:
        self.rows = 0
        self.ends: list[int] = []  # of each deal: the rows up to its last, from the chunk's first
        self.number: list[int] = []  # from 1 in its record
        self.seats: list[int] = []  # where its record's players and sides start in names, sides
        self.trump: list[str | None] = []
        self.forest: list[list[str | None] | None] = []
        self.swan: list[int | None] = []  # its taker; -1: nobody (black-swan games), None: other games
        self.scored: list[int | None] = []  # where its scores and totals start, None: not scored
        self.names: list[str] = []  # of each record: its players
        self.sides: list[int | None] = []  # ... each seat's side
        self.scores: list[int] = []  # of each deal scored: each side's score
        self.totals: list[int] = []  # ... and running total
        self.hand_size: list[int] = []  # of each row
        self.bid: list[int | None] = []
        self.tricks: list[int] = []
        self.made: list[bool | None] = []  # forest's (blackball's is worked out)

    def players(self, players: list[str], sides: list[int | None]) -> int:
        """Hold a record's players and their sides: where they start."""
        start = len(self.names)
        self.names += players
        self.sides += sides
        return start

    def add(
        self,
        record: Record,
        di: int,
        seats: int,
        state: Any,
        scored: Any,
        taken: list[int],
        trump: str | None,
        forest: list[str | None],
        swan: int | None,
    ) -> int:
        """Hold the rows of ``record``'s deal ``di`` (one per seat), from ``state`` and the
        deal's events, ``scored`` (its DealScored) or not; its players start at ``seats``.
        The rows held."""
        gid = record.game
        n = len(record.players)
        self.rows += n
        self.ends.append(self.rows)
        self.number.append(di + 1)
        self.seats.append(seats)
        self.trump.append(trump)
        has_forest, swan_card, _ = deal_facts(gid)
        has_swan = swan_card >= 0
        self.forest.append(list(forest) if has_forest else None)
        self.swan.append((-1 if swan is None else swan) if has_swan else None)
        hands = record.deals[di].hands
        self.hand_size += [len(hands[s]) for s in range(n)]
        bids = getattr(state, "bids", None)  # (a game of bids: blackball)
        self.bid += bids if bids is not None else [None] * n
        self.tricks += taken
        if scored is None:
            self.scored.append(None)
            self.made += [None] * n
            return n
        self.scored.append(len(self.scores))
        self.scores += scored.scores
        self.totals += scored.totals
        targets = getattr(state.rules, "targets", None)  # (a game of target trick counts: forest)
        if targets is not None:
            sides = self.sides[seats : seats + n]
            self.made += [taken[s] in targets if sides[s] is not None else None for s in range(n)]
        else:
            self.made += [None] * n
        return n

    def arrays(self, pa: Any, pc: Any, types: dict[str, Any]) -> dict[str, Any]:
        """The columns of the rows held, by name (Arrow arrays of ``types``)."""
        if not self.rows:
            return {name: pa.array([], kind) for name, kind in types.items()}
        deal = run_of_row(pa, pc, self.ends)
        first = _int32(pa, [0, *self.ends[:-1]]).take(deal)
        seat = pc.subtract(pc.subtract(_from_1(pa, pc, self.rows), first), 1)
        of_seat = pc.add(_int32(pa, self.seats).take(deal), seat)  # in names and sides
        side = pa.array(self.sides, pa.int32()).take(of_seat)
        at = pc.add(pa.array(self.scored, pa.int32()).take(deal), side)  # null: no score
        score = pa.array(self.scores, types["score"]).take(at)
        bid = pa.array(self.bid, types["bid"])
        tricks = pa.array(self.tricks, types["tricks"])
        made = pc.if_else(pc.is_valid(score), pc.equal(bid, tricks), pa.scalar(None, pa.bool_()))
        return {
            "deal": _int32(pa, self.number).take(deal),
            "seat": seat.cast(types["seat"]),
            "player": pa.array(self.names, types["player"]).take(of_seat),
            "side": side.cast(types["side"]),
            "hand_size": pa.array(self.hand_size, types["hand_size"]),
            "trump": pa.array(self.trump, types["trump"]).take(deal),
            "forest": pa.array(self.forest, types["forest"]).take(deal),
            "bid": bid,
            "tricks": tricks,
            "made": pc.coalesce(pa.array(self.made, types["made"]), made),
            "swan": pc.equal(pa.array(self.swan, pa.int32()).take(deal), seat),
            "score": score,
            "total": pa.array(self.totals, types["total"]).take(at),
        }


class ActionRows:
    """actions.parquet, one row per action played, held for a chunk. A row is one number:
    each distinct action of the chunk (with its game) is kept once, numbered in order, and
    the columns that come from the action alone (seat, type, bid, cards, pledge, detail,
    note) are made for the distinct actions and taken by Arrow for the rows. Per deal,
    per segment (the rows between a trick's end and a deal's start) and per change of the
    totals, one value each; the trick, position, winner, running score and player are
    worked out by Arrow from those and the seats."""

    def __init__(self) -> None:
        self.rows = 0
        # the distinct actions, by game: their number, in order over every game
        self.distinct: dict[str, defaultdict[Any, int]] = {}
        self.next_number = count().__next__
        self.ids: list[int] = []  # of each row: its action's number
        self.deal_ends: list[int] = []  # of each deal: the rows up to its last
        self.deal_number: list[int] = []  # ... its number, from 1
        # the segments between a trick's end and a deal's start: the rows up to each one's
        # last, its trick's number (from 1 in its deal) and the trick's winner (None: none)
        self.segments: list[int] = []
        self.segment_tricks: list[int] = []
        self.segment_winners: list[int | None] = []
        self.score_ends: list[int] = []  # the runs of rows with the same totals: their ends
        self.score_starts: list[int] = []  # ... where each seat's running total starts in
        self.totals: list[int | None] = []
        self.player_ends: list[int] = []  # of each record: the rows up to its last
        self.player_starts: list[int] = []  # ... where its players start in names
        self.names: list[str] = []

    def add(
        self,
        record: Record,
        counts: list[tuple[int, int]],
        totals: list[int],
        changes: list[tuple[int, list[int]]],
        side_of: dict[int, int],
    ) -> int:
        """Hold the rows of ``record``: ``counts`` has (deal, actions applied) for each
        deal begun; the totals are ``totals`` until the first of ``changes`` (from a row,
        counted from 0 in the record, the totals after a deal's score). The segments are
        added by the walk as it goes. The rows held."""
        gid = record.game
        acts: list[Action] = []
        base = self.rows
        for di, n in counts:
            if n:
                deal_acts = record.deals[di].actions
                acts += deal_acts if n == len(deal_acts) else deal_acts[:n]
                self.deal_ends.append(base + len(acts))
                self.deal_number.append(di + 1)
        rows = len(acts)
        if not rows:
            return 0
        numbered = self.distinct.get(gid)
        if numbered is None:
            numbered = self.distinct[gid] = defaultdict(self.next_number)
        if deal_facts(gid)[2]:  # a play of several cards: a list, which has no hash: a tuple
            keys: list[Any] = [(a.seat, tuple(a.cards), a.note) if type(a) is Cards else a for a in acts]
            self.ids += map(numbered.__getitem__, keys)
        else:
            self.ids += map(numbered.__getitem__, acts)
        # the running score of each seat's side: the totals change with a deal's score
        nplayers = len(record.players)
        now = totals
        last = 0
        for stop, then in [*changes, (rows, totals)]:
            if stop > last:
                self.score_ends.append(base + stop)
                self.score_starts.append(len(self.totals))
                self.totals += [now[side_of[s]] if s in side_of else None for s in range(nplayers)]
                last = stop
            now = then
        self.player_ends.append(base + rows)
        self.player_starts.append(len(self.names))
        self.names += record.players
        self.rows += rows
        return rows

    def arrays(self, pa: Any, pc: Any, types: dict[str, Any]) -> dict[str, Any]:
        """The columns of the rows held, by name (Arrow arrays of ``types``)."""
        if not self.rows:
            return {name: pa.array([], kind) for name, kind in types.items()}
        distinct: list[tuple[str, Action]] = [("", Bid(0, 0))] * sum(map(len, self.distinct.values()))
        for gid, numbered in self.distinct.items():
            for a, i in numbered.items():
                distinct[i] = (gid, a if type(a) is not tuple else Cards(a[0], list(a[1]), a[2]))
        ids = _int32(pa, self.ids)
        col = {
            name: pa.array(values, types[name]).take(ids) for name, values in _action_values(distinct).items()
        }
        seat = pa.array([a.seat for _, a in distinct], pa.int32()).take(ids)
        in_trick = pa.array([a.in_trick for _, a in distinct], pa.bool_()).take(ids)
        # the position in the trick: the in-trick rows up to the row, less those before
        # its segment
        seen = pc.cumulative_sum(in_trick.cast(pa.int32()))
        segment = run_of_row(pa, pc, self.segments)
        before = pa.concat_arrays([pa.array([0], pa.int32()), seen]).take(
            _int32(pa, [0, *self.segments[:-1]])
        )
        position = pc.subtract(seen, before.take(segment))
        trick = _int32(pa, self.segment_tricks).take(segment)
        winner = pa.array(self.segment_winners, types["trick_winner"]).take(segment)
        # the rows outside tricks have none
        col["trick"] = pc.if_else(in_trick, trick, pa.scalar(None, types["trick"]))
        position = position.cast(types["position"])
        col["position"] = pc.if_else(in_trick, position, pa.scalar(None, types["position"]))
        col["trick_winner"] = pc.if_else(in_trick, winner, pa.scalar(None, types["trick_winner"]))
        start = _int32(pa, self.score_starts).take(run_of_row(pa, pc, self.score_ends))
        col["score"] = pa.array(self.totals, types["score"]).take(pc.add(start, seat))
        start = _int32(pa, self.player_starts).take(run_of_row(pa, pc, self.player_ends))
        col["player"] = pa.array(self.names, types["player"]).take(pc.add(start, seat))
        col["seat"] = seat.cast(types["seat"])
        deal = run_of_row(pa, pc, self.deal_ends)
        col["deal"] = _int32(pa, self.deal_number).take(deal)
        first = _int32(pa, [0, *self.deal_ends[:-1]]).take(deal)
        col["action"] = pc.subtract(_from_1(pa, pc, self.rows), first)
        return col


def _action_values(distinct: list[tuple[str, Action]]) -> dict[str, list[Any]]:
    """The columns of the actions table that come from the action alone, for each of
    ``distinct`` (its game, the action) in order."""
    codes = {gid: get_game(gid).deck.codes for gid in {g for g, _ in distinct}}
    shown = {gid: presenter(gid) for gid in codes}
    cards: list[list[str] | None] = []
    for gid, a in distinct:
        kind = type(a)
        if kind is Play or kind is Pass:
            cards.append([codes[gid][a.card]])  # type: ignore[attr-defined]
        elif kind is Cards:
            cards.append([codes[gid][c] for c in a.cards])  # type: ignore[attr-defined]
        else:
            cards.append(None)
    return {
        "type": [a.kind for _, a in distinct],
        "bid": [a.tricks if type(a) is Bid else None for _, a in distinct],
        "cards": cards,
        "pledge": [PLEDGES[a.pledge] if type(a) is Pledge else None for _, a in distinct],
        "detail": [
            (shown[gid].action_detail(a) or None) if shown[gid].has_details else None for gid, a in distinct
        ],
        "note": [a.note for _, a in distinct],  # type: ignore[attr-defined]
    }
