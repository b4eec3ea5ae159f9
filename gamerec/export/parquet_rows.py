"""The rows of the Parquet tables (:mod:`gamerec.export.parquet`): their columns (names,
types and order) and the builder that fills them from one walk of each record through the
stepper, a chunk of Arrow tables at a time. The deals and actions tables are kept a column
at a time: the walk only notes where tricks end, deals begin and totals change, and the
columns are made per record from those marks (docs/performance.md, "Parquet")."""

from __future__ import annotations

import sys
from array import array
from collections.abc import Generator, Iterable, Iterator
from itertools import accumulate, compress
from operator import not_
from typing import Any

from ..batch import content_hash
from ..cards import PLEDGES, SWAN, TAROC_SWAN
from ..events import Captured, DealScored, ForestTurned, TrickTaken
from ..format.read import Entry
from ..format.record import Bid, Cards, Pass, Play, Pledge, Record
from ..games import get_game
from ..games.views import presenter
from ..stepper import Outcome, StepTuple, walk
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


#: the columns after the record key, by table (the records table is kept row by row)
_BODY = {name: [c for c, _ in TABLES[name][len(KEY) :]] for name in ("deals", "actions")}
#: the columns that are never null, kept packed (array.array) and handed to Arrow as they
#: are (Arrow's own layout, where the machine's is little-endian)
_PACKED = (
    {"deal": "i", "action": "i", "seat": "h", "hand_size": "h", "tricks": "h"}
    if sys.byteorder == "little"
    else {}
)


def _columns(name: str) -> dict[str, Any]:
    """Empty columns for the body of table ``name``."""
    return {c: array(_PACKED[c]) if c in _PACKED else [] for c in _BODY[name]}


def _arrow_array(pa: Any, values: Any, kind: Any) -> Any:
    """An Arrow array of ``kind`` from a list, or from a packed array without a copy."""
    if isinstance(values, array) and values.itemsize == kind.bit_width // 8:
        return pa.Array.from_buffers(kind, len(values), [None, pa.py_buffer(values)])
    return pa.array(values, type=kind)


def _stepped(record: Record, box: list[Outcome]) -> Iterator[StepTuple]:
    """The steps of ``record``'s walk; its outcome is put in ``box`` at the end."""
    box.append((yield from walk(record, steps=True)))


class Rows:
    """The rows of the three tables as records are added, made into Arrow columns when
    taken. The deals and actions tables are kept a column at a time (a list, or a packed
    array for a column never null), their record key once per record. For the actions,
    the walk through the rules only notes where tricks end, deals begin and the totals
    change; the columns are then made for the whole record by comprehensions over its
    applied actions, and the trick columns counted up from those marks. No object is made
    per action but its cards: that is what keeps the export near the replay's own cost."""

    def __init__(self) -> None:
        self.records: list[list[Any]] = []  # rows
        # the deals and actions tables: the record key once per record (with its rows), and
        # the other columns
        self.keys: dict[str, list[tuple[tuple[str, int, str, str], int]]] = {"deals": [], "actions": []}
        self.columns = {name: _columns(name) for name in _BODY}
        self.actions = 0  # rows of the actions table held

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
        for name, keyed in self.keys.items():
            sch = schema[name]
            fields = list(sch)
            # the record key, once per record, repeated by taking a record's row for each row
            which = array("i") if _PACKED else []
            for i, (_, count) in enumerate(keyed):
                which.extend([i] * count)
            taken = _arrow_array(pa, which, pa.int32())
            keys: list[Any] = [[key[i] for key, _ in keyed] for i in range(len(KEY))]
            arrays = [pa.array(col, type=f.type).take(taken) for col, f in zip(keys, fields, strict=False)]
            body = self.columns[name]
            arrays += [_arrow_array(pa, body[f.name], f.type) for f in fields[len(KEY) :]]
            out[name] = pa.Table.from_arrays(arrays, schema=sch)
            self.keys[name] = []
            self.columns[name] = _columns(name)
        self.actions = 0
        return out

    def add(self, source: str, number: int, record: Record) -> tuple[int, int]:
        """Replay ``record`` (number ``number`` of ``source``, from 1) and add its rows:
        (deal rows, action rows) added."""
        game = get_game(record.game)
        shown = presenter(game.id)
        detail = shown.action_detail if shown.has_details else None
        codes = game.deck.codes
        gid = game.id
        digest = content_hash(record)
        players = record.players
        nplayers = len(players)
        name_of = dict(enumerate(players)).get
        cols = self.columns["actions"]
        side_of: dict[int, int] = {}
        deal_rows = 0
        added = 0
        taken: list[int] = []  # tricks (tables) taken per seat in the deal under way
        forest: list[str | None] = []
        swan: int | None = None
        trump: str | None = None
        open_deal = -1  # the deal begun and not yet scored, or -1

        dcols = self.columns["deals"]
        seat_range = range(nplayers)
        nones = [None] * nplayers
        sides: list[int | None] = []  # of each seat

        def close(di: int, state: Any, scored: DealScored | None) -> None:
            nonlocal deal_rows
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
            deal_rows += nplayers

        def columns(counts: list[tuple[int, int]]) -> int:
            """Add the action rows of the record: ``counts`` holds (deal, actions applied)
            for each deal begun. The number of rows added."""
            acts: list[Any] = []
            for di, count in counts:
                deal_acts = record.deals[di].actions
                acts += deal_acts if count == len(deal_acts) else deal_acts[:count]
                cols["deal"].extend([di + 1] * count)
                cols["action"].extend(range(1, count + 1))
            count = len(acts)
            kinds = {type(a) for a in acts}
            seats = [a.seat for a in acts]
            cols["seat"].extend(seats)
            cols["player"] += map(name_of, seats)
            cols["type"] += [a.kind for a in acts]
            if Bid in kinds:
                cols["bid"] += [a.tricks if type(a) is Bid else None for a in acts]
            else:
                cols["bid"] += [None] * count
            if kinds <= _ONE_CARD:
                cols["cards"] += [(codes[a.card],) for a in acts]
            elif kinds & _CARDS:
                cols["cards"] += [
                    (codes[a.card],)
                    if type(a) in _ONE_CARD
                    else tuple([codes[c] for c in a.cards])
                    if type(a) is Cards
                    else None
                    for a in acts
                ]
            else:
                cols["cards"] += [None] * count
            if Pledge in kinds:
                cols["pledge"] += [PLEDGES[a.pledge] if type(a) is Pledge else None for a in acts]
            else:
                cols["pledge"] += [None] * count
            # the trick, the position in it and its winner: the rows between two marks (a
            # trick's end, a deal's start) are a segment, and its in-trick actions one trick,
            # numbered from 1 in each deal; the trick under way at a deal's start or the
            # record's end has no winner. Each row's segment is counted up from the marks.
            flags = [a.in_trick for a in acts]
            seen = list(accumulate(flags))  # in-trick rows up to each row
            step = [0] * (count + 1)
            trick_of: list[int] = []  # by segment
            won_of: list[int | None] = []
            before: list[int] = [0]  # in-trick rows before each segment
            trick = 1
            for stop, won, begins in marks:
                trick_of.append(trick)
                won_of.append(None if begins else won)
                before.append(seen[stop - 1] if stop else 0)
                trick = 1 if begins else trick + 1
                step[stop] += 1
            trick_of.append(trick)
            won_of.append(None)
            step.pop()
            segment = list(accumulate(step))
            at: list[int | None] = list(map(trick_of.__getitem__, segment))
            position: list[int | None] = [n - before[k] for n, k in zip(seen, segment, strict=True)]
            winner = list(map(won_of.__getitem__, segment))
            if False in flags:  # the actions outside tricks have none
                for i in compress(range(count), map(not_, flags)):
                    at[i] = position[i] = winner[i] = None
            cols["trick"] += at
            cols["position"] += position
            cols["trick_winner"] += winner
            # the running score of the actor's side: the totals change with a deal's score
            score = cols["score"]
            first = 0
            now = totals
            for stop, then in [*changes, (count, totals)]:
                if stop > first:
                    of_seat = {seat: now[side] for seat, side in side_of.items()}
                    score += map(of_seat.get, seats[first:stop])
                    first = stop
                now = then
            cols["detail"] += [detail(a) or None for a in acts] if detail is not None else [None] * count
            cols["note"] += [a.note for a in acts]
            return count

        box: list[Outcome] = []
        begun: list[int] = []  # the deals begun
        # the rows (from 0 in the record) where a trick ends (the row after it, the winner)
        # or a deal begins, and from which the totals change
        marks: list[tuple[int, int | None, bool]] = []
        changes: list[tuple[int, list[int]]] = []
        totals: list[int] = []  # at the first deal's start
        offset = 0  # the row of the first action of the deal under way
        index = -1
        for deal, index, a, events, state in _stepped(record, box):
            if a is None:  # a deal begins
                if begun:
                    offset += len(record.deals[begun[-1]].actions)
                else:
                    totals = list(state.totals)
                if not side_of:
                    side_of = {s: i for i, members in enumerate(state.members()) for s in members}
                    sides = [side_of.get(s) for s in seat_range]
                begun.append(deal)
                marks.append((offset, None, True))
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
                    marks.append((offset + index + 1, won, False))
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
                    close(deal, state, e)
                    open_deal = -1
                    changes.append((offset + index + (a is None), list(state.totals)))  # from this row on
        outcome = box[0]
        if begun:
            counts = [(di, len(record.deals[di].actions)) for di in begun]
            counts[-1] = (begun[-1], index + 1)
            added = columns(counts)
        if open_deal >= 0 and outcome.state is not None:  # a deal begun and never scored
            close(open_deal, outcome.state, None)
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
            self.actions += added
        return deal_rows, added


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
