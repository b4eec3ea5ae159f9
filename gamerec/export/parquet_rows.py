"""The rows of the Parquet tables (:mod:`gamerec.export.parquet`): their columns (names,
types and order) and the builder that fills them from one walk of each record through the
stepper, a chunk of Arrow tables at a time. The deals and actions tables are kept a column
at a time: the walk only notes where tricks end, deals begin and totals change, and the
columns are made per record from those marks (docs/performance.md, "Parquet")."""

from __future__ import annotations

import sys
from array import array
from collections import defaultdict
from collections.abc import Generator, Iterable
from itertools import count
from typing import Any

from ..batch import content_hash
from ..cards import PLEDGES, SWAN, TAROC_SWAN
from ..events import Captured, DealScored, ForestTurned, TrickTaken
from ..format.read import Entry
from ..format.record import Action, Bid, Cards, Pass, Play, Pledge, Record
from ..games import get_game
from ..games.views import presenter
from ..stepper import Outcome, walk
from ..verdicts import verdict_of

__all__ = ["ACTION_COLUMNS", "DEAL_COLUMNS", "KEY", "RECORD_COLUMNS", "TABLES", "Rows", "chunks"]

_ONE_CARD = frozenset((Play, Pass))  # the actions of one card
_CARDS = frozenset((Play, Pass, Cards))  # the actions with cards
KEY = (("source", "string"), ("record", "int32"), ("hash", "string"), ("game", "string"))

#: records.parquet: one row per readable record
RECORD_COLUMNS = (
    *KEY,
    ("players", "list<string>"),
    ("date", "string"),
    ("event", "string"),
    ("site", "string"),
    ("verdict", "string"),
    ("rule", "string"),
    ("deals", "int32"),
    ("actions", "int32"),
    ("sides", "list<string>"),
    ("totals", "list<int32>"),
    ("winners", "list<string>"),
)
#: deals.parquet: one row per deal begun and seat
DEAL_COLUMNS = (
    *KEY,
    ("deal", "int32"),
    ("seat", "int16"),
    ("player", "string"),
    ("side", "int16"),
    ("hand_size", "int16"),
    ("trump", "string"),
    ("forest", "list<string>"),
    ("bid", "int16"),
    ("tricks", "int16"),
    ("made", "bool"),
    ("swan", "bool"),
    ("score", "int32"),
    ("total", "int32"),
)
#: actions.parquet: one row per action played (an illegal record's stop before its fault)
ACTION_COLUMNS = (
    *KEY,
    ("deal", "int32"),
    ("action", "int32"),
    ("seat", "int16"),
    ("player", "string"),
    ("type", "string"),
    ("bid", "int16"),
    ("cards", "list<string>"),
    ("pledge", "string"),
    ("trick", "int32"),
    ("position", "int16"),
    ("trick_winner", "int16"),
    ("score", "int32"),
    ("detail", "string"),
    ("note", "string"),
)
#: the tables, by name (the file is NAME.parquet), with their columns
TABLES = {"records": RECORD_COLUMNS, "deals": DEAL_COLUMNS, "actions": ACTION_COLUMNS}


#: the deals table's columns after the record key (it is kept a column at a time)
_DEAL_BODY = [c for c, _ in DEAL_COLUMNS[len(KEY) :]]
#: the columns that are never null, kept packed (array.array) and handed to Arrow as they
#: are (Arrow's own layout, where the machine's is little-endian)
_PACKED = {"deal": "i", "seat": "h", "hand_size": "h", "tricks": "h"} if sys.byteorder == "little" else {}
_LITTLE = sys.byteorder == "little"


def _deal_columns() -> dict[str, Any]:
    """Empty columns for the body of the deals table."""
    return {c: array(_PACKED[c]) if c in _PACKED else [] for c in _DEAL_BODY}


def _arrow_array(pa: Any, values: Any, kind: Any) -> Any:
    """An Arrow array of ``kind`` from a list, or from a packed array without a copy."""
    if isinstance(values, array) and _LITTLE and values.itemsize == kind.bit_width // 8:
        return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(values)])
    return pa.array(values, type=kind)


class _Runs:
    """A column of the actions table held as runs: the rows up to each end (counted from
    the chunk's first row) share one value. Made into the column by Arrow."""

    def __init__(self) -> None:
        self.ends: list[int] = []
        self.values: list[Any] = []

    def add(self, end: int, value: Any) -> None:
        self.ends.append(end)
        self.values.append(value)

    def column(self, pa: Any, pc: Any, kind: Any) -> Any:
        return _decoded(pa, pc, _int32(pa, self.ends), pa.array(self.values, kind))


def _int32(pa: Any, values: list[int]) -> Any:
    """An Arrow int32 array of ``values``."""
    return _arrow_array(pa, array("i", values) if _LITTLE else values, pa.int32())


def _decoded(pa: Any, pc: Any, ends: Any, values: Any) -> Any:
    """The column of runs: ``values[i]`` in the rows up to ``ends[i]`` (Arrow arrays)."""
    return pc.run_end_decode(pa.RunEndEncodedArray.from_arrays(ends, values))


class Rows:
    """The rows of the three tables as records are added, made into Arrow columns when
    taken. The deals table is kept a column at a time (a list, or a packed array for a
    column never null), the deals and actions tables' record key once per record.

    The actions table holds no value per action but one number: each distinct action of
    the chunk (with its game) is kept once, by a number given in order, and a row is that
    number; the columns that come from the action alone (seat, type, bid, cards, pledge,
    detail, note) are made for the distinct actions and taken by Arrow for the rows. The
    walk through the rules only notes where tricks end, deals begin and the totals change,
    as runs of rows (:class:`_Runs`); the trick, the position in it, its winner, the
    running score and the player are then worked out by Arrow from the runs and the seats.
    Python does a constant amount of work per event and per record, and one dictionary
    look-up per action: that is what keeps the export near the replay's own cost."""

    def __init__(self) -> None:
        self.records: list[list[Any]] = []  # rows
        # the deals and actions tables: the record key once per record (with its rows)
        self.keys: dict[str, list[tuple[tuple[str, int, str, str], int]]] = {"deals": [], "actions": []}
        self.deals = _deal_columns()
        self._new_actions()

    def _new_actions(self) -> None:
        """No action rows held."""
        self.actions = 0  # rows of the actions table held
        numbers = count()
        # the distinct actions, by game: their number, in order over every game
        self.distinct: dict[str, defaultdict[Any, int]] = {}
        self.next_number = numbers.__next__
        self.ids: list[int] = []  # of each row: its action's number
        self.deal = _Runs()  # the rows of each deal: its number, from 1
        self.first = _Runs()  # ... the row of its first action
        # the segments between marks (a trick's end, a deal's start): where each ends, its
        # trick's number and the trick's winner (None when it has none)
        self.segments: list[int] = []
        self.segment_tricks: list[int] = []
        self.segment_winners: list[int | None] = []
        self.scores = _Runs()  # the runs of one deal score: where the seats' totals start in
        self.totals: list[int | None] = []  # the totals of each seat, a run at a time
        self.players = _Runs()  # each record: where its players' names start in
        self.names: list[str] = []  # the players of each record, in order

    def pending(self) -> tuple[int, int]:
        """(records, actions) held."""
        return len(self.records), self.actions

    def take(self, pa: Any, schema: dict[str, Any]) -> dict[str, Any]:
        """The rows held as Arrow tables; none held afterwards."""
        sch = schema["records"]
        columns: list[Any] = list(zip(*self.records, strict=True)) if self.records else [[] for _ in sch]
        arrays = [pa.array(col, type=field.type) for col, field in zip(columns, sch, strict=True)]
        out = {"records": pa.Table.from_arrays(arrays, schema=sch)}
        self.records = []
        bodies = {
            "deals": [
                _arrow_array(pa, self.deals[f.name], f.type) for f in list(schema["deals"])[len(KEY) :]
            ],
            "actions": self._action_arrays(pa, schema["actions"]),
        }
        for name, keyed in self.keys.items():
            fields = list(schema[name])
            # the record key, once per record, repeated by taking a record's row for each row
            which = array("i")
            for i, (_, n) in enumerate(keyed):
                which.extend([i] * n)
            taken = _arrow_array(pa, which, pa.int32())
            keys: list[Any] = [[key[i] for key, _ in keyed] for i in range(len(KEY))]
            arrays = [pa.array(col, type=f.type).take(taken) for col, f in zip(keys, fields, strict=False)]
            out[name] = pa.Table.from_arrays(arrays + bodies[name], schema=schema[name])
            self.keys[name] = []
        self.deals = _deal_columns()
        self._new_actions()
        return out

    def _action_arrays(self, pa: Any, schema: Any) -> list[Any]:
        """The columns of the actions table after the record key, from the rows held."""
        import pyarrow.compute as pc

        types = {f.name: f.type for f in schema}
        if not self.actions:
            return [pa.array([], types[c]) for c, _ in ACTION_COLUMNS[len(KEY) :]]
        distinct: list[tuple[str, Action]] = [("", Bid(0, 0))] * sum(map(len, self.distinct.values()))
        for gid, numbered in self.distinct.items():
            for a, i in numbered.items():
                distinct[i] = (gid, a if type(a) is not tuple else Cards(a[0], list(a[1]), a[2]))
        of_action = _action_values(distinct)
        ids = _int32(pa, self.ids)
        col = {name: pa.array(values, types[name]).take(ids) for name, values in of_action.items()}
        seat = pa.array([a.seat for _, a in distinct], pa.int32()).take(ids)  # type: ignore[attr-defined]
        in_trick = pa.array([a.in_trick for _, a in distinct], pa.bool_()).take(ids)
        # the position in the trick: the in-trick rows up to the row, less those before
        # the segment's first row
        seen = pc.cumulative_sum(in_trick.cast(pa.int32()))
        ends = _int32(pa, self.segments)
        first = _int32(pa, [0, *self.segments[:-1]])
        before = pa.concat_arrays([pa.array([0], pa.int32()), seen]).take(first)
        position = pc.subtract(seen, _decoded(pa, pc, ends, before))
        trick = _decoded(pa, pc, ends, pa.array(self.segment_tricks, pa.int32()))
        winner = _decoded(pa, pc, ends, pa.array(self.segment_winners, pa.int16()))
        # the rows outside tricks have none
        col["trick"] = pc.if_else(in_trick, trick, pa.scalar(None, types["trick"]))
        col["position"] = pc.if_else(
            in_trick, position.cast(types["position"]), pa.scalar(None, types["position"])
        )
        col["trick_winner"] = pc.if_else(in_trick, winner, pa.scalar(None, types["trick_winner"]))
        start = self.scores.column(pa, pc, pa.int32())
        col["score"] = pa.array(self.totals, types["score"]).take(pc.add(start, seat))
        start = self.players.column(pa, pc, pa.int32())
        col["player"] = pa.array(self.names, pa.string()).take(pc.add(start, seat))
        col["seat"] = seat.cast(types["seat"])
        col["deal"] = self.deal.column(pa, pc, pa.int32())
        row = pc.cumulative_sum(pa.repeat(pa.scalar(1, pa.int32()), self.actions))  # from 1
        col["action"] = pc.subtract(row, self.first.column(pa, pc, pa.int32()))
        return [col[c] for c, _ in ACTION_COLUMNS[len(KEY) :]]

    def add(self, source: str, number: int, record: Record) -> tuple[int, int]:
        """Replay ``record`` (number ``number`` of ``source``, from 1) and add its rows:
        (deal rows, action rows) added."""
        game = get_game(record.game)
        codes = game.deck.codes
        gid = game.id
        digest = content_hash(record)
        players = record.players
        nplayers = len(players)
        side_of: dict[int, int] = {}
        deal_rows = 0
        taken: list[int] = []  # tricks (tables) taken per seat in the deal under way
        forest: list[str | None] = []
        swan: int | None = None
        trump: str | None = None
        open_deal = -1  # the deal begun and not yet scored, or -1
        sides: list[int | None] = []  # of each seat
        begun: list[int] = []  # the deals begun
        # the segments of rows between two marks (a trick's end, a deal's start), each as
        # its end (from the chunk's first row), its trick and the trick's winner: a
        # segment's in-trick actions are one trick, numbered from 1 in each deal; the trick
        # under way at a deal's start or the record's end has no winner
        base = self.actions  # the chunk's rows before this record's
        segment_end = self.segments.append
        segment_trick = self.segment_tricks.append
        segment_winner = self.segment_winners.append
        trick = 1
        last = 0  # the end of the last segment, from 0 in the record
        # the rows (from 0 in the record) from which the totals change
        changes: list[tuple[int, list[int]]] = []
        totals: list[int] = []  # at the first deal's start
        offset = 0  # the row of the first action of the deal under way
        index = -1
        steps = walk(record, steps=True, eventful=True)  # the actions without events unseen
        while True:
            try:
                deal, index, a, events, state = next(steps)
            except StopIteration as stop:
                outcome: Outcome = stop.value
                break
            if a is None:  # a deal begins
                if begun:
                    offset += len(record.deals[begun[-1]].actions)
                else:
                    totals = list(state.totals)
                if not side_of:
                    side_of = {s: i for i, members in enumerate(state.members()) for s in members}
                    sides = [side_of.get(s) for s in range(nplayers)]
                begun.append(deal)
                if offset > last:
                    segment_end(base + offset)
                    segment_trick(trick)
                    segment_winner(None)
                    last = offset
                trick = 1
                taken = [0] * nplayers
                forest = []
                swan = None
                up = getattr(state, "upcard", None) if gid == "blackball" else None
                trump = codes[up] if up is not None else None
                open_deal = deal
            if not events:
                continue
            for e in events:
                if e.ends_trick:
                    won: int = e.seat  # type: ignore[attr-defined]
                    if offset + index + 1 > last:
                        last = offset + index + 1
                        segment_end(base + last)
                        segment_trick(trick)
                        segment_winner(won)
                    trick += 1
                    if 0 <= won < nplayers:
                        taken[won] += 1
                    if type(e) is Captured:
                        if SWAN in e.kept:
                            swan = e.taker
                        elif SWAN in e.cards:
                            swan = e.seat
                    elif type(e) is TrickTaken and any(p[1] == TAROC_SWAN for p in e.plays):
                        swan = e.seat
                elif type(e) is ForestTurned:
                    forest.append(codes[e.card] if e.card is not None else None)
                elif type(e) is DealScored:  # the totals change with a deal's score only
                    deal_rows += self._close(record, deal, state, e, taken, sides, trump, forest, swan)
                    open_deal = -1
                    changes.append((offset + index + (a is None), list(state.totals)))  # from this row on
        added = 0
        if begun:
            counts = [(di, len(record.deals[di].actions)) for di in begun]
            if outcome.action is not None and outcome.deal == begun[-1]:  # refused there
                counts[-1] = (begun[-1], outcome.action)
            added = self._add_actions(record, gid, counts, totals, changes, side_of)
            if added > last:
                segment_end(base + added)
                segment_trick(trick)
                segment_winner(None)
        if open_deal >= 0 and outcome.state is not None:  # a deal begun and never scored
            deal_rows += self._close(
                record, open_deal, outcome.state, None, taken, sides, trump, forest, swan
            )
        verdict = verdict_of(outcome, record, source, number - 1)
        sheet = verdict.scores
        names: list[str] = []  # of the winners
        if sheet is not None and sheet.complete and verdict.status in ("valid", "mismatch"):
            members = sheet.members or [[s] for s in range(nplayers)]
            names = [players[s] for w in sheet.winners for s in members[w] if 0 <= s < nplayers]
        meta = record.meta
        self.records.append([
            source, number, digest, gid, list(players), meta.date, meta.event, meta.site,
            verdict.status, verdict.rule, len(record.deals), record.action_count,
            sheet.sides if sheet is not None else None, sheet.totals if sheet is not None else None, names,
        ])  # fmt: skip
        key = (source, number, digest, gid)
        if deal_rows:
            self.keys["deals"].append((key, deal_rows))
        if added:
            self.keys["actions"].append((key, added))
        return deal_rows, added

    def _close(
        self,
        record: Record,
        di: int,
        state: Any,
        scored: DealScored | None,
        taken: list[int],
        sides: list[int | None],
        trump: str | None,
        forest: list[str | None],
        swan: int | None,
    ) -> int:
        """Add the rows of deal ``di`` (one per seat), scored or not: how many."""
        gid = record.game
        players = record.players
        nplayers = len(players)
        seat_range = range(nplayers)
        nones: list[Any] = [None] * nplayers
        dcols = self.deals
        hands = record.deals[di].hands
        bids = state.bids if gid == "blackball" else None
        targets = state.rules.targets if gid == "forest" else None
        dcols["deal"].extend([di + 1] * nplayers)
        dcols["seat"].extend(seat_range)
        dcols["player"] += players
        dcols["side"] += sides
        dcols["hand_size"].extend([len(hands[s]) for s in seat_range])
        dcols["trump"] += [trump] * nplayers
        dcols["forest"] += [list(forest)] * nplayers if gid == "forest" else nones
        dcols["bid"] += [bids[s] for s in seat_range] if bids is not None else nones
        dcols["tricks"].extend(taken)
        if scored is None:
            dcols["made"] += nones
            dcols["score"] += nones
            dcols["total"] += nones
        else:
            if bids is not None:
                made = [bids[s] == taken[s] if sides[s] is not None else None for s in seat_range]
            elif targets is not None:
                made = [taken[s] in targets if sides[s] is not None else None for s in seat_range]
            else:
                made = nones
            dcols["made"] += made
            dcols["score"] += [scored.scores[d] if d is not None else None for d in sides]
            dcols["total"] += [scored.totals[d] if d is not None else None for d in sides]
        dcols["swan"] += [swan == s for s in seat_range] if gid.startswith("black-swan") else nones
        return nplayers

    def _add_actions(
        self,
        record: Record,
        gid: str,
        counts: list[tuple[int, int]],
        totals: list[int],
        changes: list[tuple[int, list[int]]],
        side_of: dict[int, int],
    ) -> int:
        """Add the action rows of ``record``: ``counts`` holds (deal, actions applied) for
        each deal begun, ``changes`` where the totals change. The rows added."""
        acts: list[Action] = []
        base = self.actions
        for di, n in counts:
            if n:
                deal_acts = record.deals[di].actions
                self.first.add(base + len(acts) + n, base + len(acts))
                self.deal.add(base + len(acts) + n, di + 1)
                acts += deal_acts if n == len(deal_acts) else deal_acts[:n]
        rows = len(acts)
        if not rows:
            return 0
        numbered = self.distinct.get(gid)
        if numbered is None:
            numbered = self.distinct[gid] = defaultdict(self.next_number)
        if gid == "black-swan-2012":  # its cards are a list, which has no hash: a tuple
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
                self.scores.add(base + stop, len(self.totals))
                self.totals += [now[side_of[s]] if s in side_of else None for s in range(nplayers)]
                last = stop
            now = then
        self.players.add(base + rows, len(self.names))
        self.names += record.players
        self.actions += rows
        return rows


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


def chunks(
    entries: Iterable[Entry], counts: dict[str, int], group: int, pa: Any, schema: dict[str, Any]
) -> Generator[dict[str, Any]]:
    """The tables of ``entries``, a chunk of Arrow tables (by table name) at a time: one
    every ``group`` records or ``group`` x 25 actions. ``counts`` is kept up to date."""
    rows = Rows()
    for entry in entries:
        record = entry.record
        if record is None:
            counts["unreadable"] += 1
            continue
        counts["records"] += 1
        deal_rows, actions = rows.add(entry.source, entry.index + 1, record)
        counts["deal_rows"] += deal_rows
        counts["actions"] += actions
        held, acts = rows.pending()
        if held >= group or acts >= group * 25:
            yield rows.take(pa, schema)
    if rows.pending()[0]:
        yield rows.take(pa, schema)
