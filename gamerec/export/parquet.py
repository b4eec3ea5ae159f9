"""Tables for analysis: a batch of records as three Parquet tables (or Arrow tables, from
Python), for DuckDB, pandas or Spark. Needs the optional extra ``parquet`` (pyarrow).

- ``records.parquet``: one row per readable record: its verdict, players, metadata,
  totals and winners.
- ``deals.parquet``: one row per deal (round, game) and seat: the hand size, the trump or
  forest cards where the game has them, the bid, the tricks (tables) taken, whether the
  contract was made, who took the Black Swan, the deal's score and the running total.
- ``actions.parquet``: one row per action, typed: the bid as an integer, the cards as a
  list of codes, the trick, the position in it and its winner, the running score.

Every table starts with the same record key: ``source``, ``record`` (from 1 in its file)
and ``hash`` (the content hash), then ``game``. docs/batch.md says what each column means
in each game. The rows come from one replay of each record by the stepper's light steps
(no views are made); records are written in row groups, so memory stays nearly flat however
large the batch (docs/performance.md). Unreadable records are left out and counted.

Why one module of over 500 lines: the tables' columns (their names, types and order), the
builder that fills them from one walk per record and the writer that turns them into row
groups change together; the builder's speed tricks (marks noted in the walk, columns made
per record, packed columns handed to Arrow as they are) depend on the column types declared
here, and split apart the three would have to be kept in step across modules.
"""

from __future__ import annotations

import contextlib
import sys
from array import array
from collections.abc import Iterable, Iterator
from itertools import accumulate, compress
from operator import not_
from pathlib import Path
from typing import Any

import msgspec

from ..batch import content_hash
from ..cards import PLEDGES, SWAN, TAROC_SWAN
from ..errors import InputError
from ..events import Captured, DealScored, ForestTurned, TrickTaken
from ..format.paths import Paths, expand_paths
from ..format.progress import OnProgress
from ..format.read import Entry, read_records
from ..format.record import Bid, Cards, Pass, Play, Pledge, Record
from ..format.write import remove_stale_temporaries, temporary_path
from ..games import get_game
from ..games.views import presenter
from ..stepper import Outcome, StepTuple, walk
from ..verdicts import verdict_of

__all__ = [
    "ACTION_COLUMNS",
    "DEAL_COLUMNS",
    "RECORD_COLUMNS",
    "TABLES",
    "ParquetSummary",
    "record_batches",
    "tables",
    "write_parquet",
]

_ONE_CARD = frozenset((Play, Pass))  # the actions of one card
_CARDS = frozenset((Play, Pass, Cards))  # the actions with cards
_KEY = (("source", "string"), ("record", "int32"), ("hash", "string"), ("game", "string"))

#: records.parquet: one row per readable record
RECORD_COLUMNS = (
    *_KEY,
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
    *_KEY,
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
    *_KEY,
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


class ParquetSummary(msgspec.Struct):
    """What :func:`write_parquet` wrote: ``deal_rows`` rows of deals.parquet (one per deal
    and seat), ``actions`` rows of actions.parquet, one row per record."""

    records: int
    actions: int
    deal_rows: int
    unreadable: int
    files: list[str]


def _pyarrow() -> Any:
    try:
        import pyarrow as pa
        import pyarrow.parquet as pq
    except ImportError:
        raise InputError("the Parquet export needs pyarrow: pip install 'gamerec[parquet]'") from None
    return pa, pq


def _arrow_type(pa: Any, kind: str) -> Any:
    if kind.startswith("list<"):
        return pa.list_(_arrow_type(pa, kind[5:-1]))
    return getattr(pa, "bool_" if kind == "bool" else kind)()


def schemas() -> dict[str, Any]:
    """The Arrow schema of each table, by name."""
    pa, _ = _pyarrow()
    return {
        name: pa.schema([(c, _arrow_type(pa, kind)) for c, kind in columns])
        for name, columns in TABLES.items()
    }


#: the columns after the record key, by table (the records table is kept row by row)
_BODY = {name: [c for c, _ in TABLES[name][len(_KEY) :]] for name in ("deals", "actions")}
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


class _Rows:
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
            keys: list[Any] = [[key[i] for key, _ in keyed] for i in range(len(_KEY))]
            arrays = [pa.array(col, type=f.type).take(taken) for col, f in zip(keys, fields, strict=False)]
            body = self.columns[name]
            arrays += [_arrow_array(pa, body[f.name], f.type) for f in fields[len(_KEY) :]]
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


def _chunks(
    entries: Iterable[Entry], counts: dict[str, int], group: int, pa: Any, schema: dict[str, Any]
) -> Iterator[dict[str, Any]]:
    """The tables of ``entries``, a chunk of Arrow tables (by table name) at a time: one
    every ``group`` records or ``group`` x 25 actions. ``counts`` is kept up to date."""
    rows = _Rows()
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


def record_batches(
    paths: Paths, *, group: int = 2000, on_progress: OnProgress | None = None
) -> Iterator[dict[str, Any]]:
    """The tables of every readable record of the files, directories or globs named, as
    pyarrow Tables by name (``records``, ``deals``, ``actions``), a chunk at a time (a chunk
    every ``group`` records): memory stays flat. Unreadable records are left out."""
    pa, _ = _pyarrow()
    counts = dict.fromkeys(("records", "actions", "deal_rows", "unreadable"), 0)
    yield from _chunks(read_records(expand_paths(paths), on_progress), counts, group, pa, schemas())


def tables(paths: Paths, *, on_progress: OnProgress | None = None) -> dict[str, Any]:
    """The three tables of every readable record of the files, directories or globs named,
    as pyarrow Tables by name: ``records``, ``deals`` and ``actions`` (docs/batch.md). The
    whole batch is held in memory: for a large one, see :func:`record_batches` or
    :func:`write_parquet`.

    >>> t = tables(["fixtures/blackball/games/family-3p.json"])
    >>> {name: table.num_rows for name, table in t.items()}
    {'records': 1, 'deals': 39, 'actions': 186}
    >>> t["records"].column("winners").to_pylist()
    [['Sam']]
    """
    pa, _ = _pyarrow()
    schema = schemas()
    chunks = list(record_batches(paths, on_progress=on_progress))
    return {name: pa.concat_tables([c[name] for c in chunks], promote_options="none") if chunks
            else schema[name].empty_table() for name in TABLES}  # fmt: skip


#: the records and deals of a few chunks are written as one row group, up to these rows:
#: every row group costs the writer its metadata until the file is closed (about 1 KiB a
#: column), which grew the memory of a large export with the number of chunks
_HELD_ROWS = {"records": 10_000, "deals": 50_000}


def write_parquet(
    paths: Paths,
    directory: str | Path,
    *,
    force: bool = False,
    group: int = 2000,
    on_progress: OnProgress | None = None,
) -> ParquetSummary:
    """Write ``records.parquet``, ``deals.parquet`` and ``actions.parquet`` for every record
    of the files, directories or globs named, into ``directory``: actions.parquet gets a
    row group every ``group`` records (or ``group`` x 25 actions); records.parquet and
    deals.parquet gather those chunks into row groups of up to 10 000 and 50 000 rows
    (fewer row groups: less memory held by the writers). Each file is written to a temporary
    name and renamed into place when complete. ``on_progress``: see :mod:`gamerec.format.progress`."""
    pa, pq = _pyarrow()
    files = expand_paths(paths)  # a missing input fails here, before any folder is made
    out = Path(directory)
    created = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    targets = {name: out / f"{name}.parquet" for name in TABLES}
    if not force:
        for t in targets.values():
            if t.exists():
                raise InputError(f"{t}: exists (use --force to replace it)")
    schema = schemas()
    for t in targets.values():  # a run killed outright may have left its temporary files here
        remove_stale_temporaries(t)
    temps = {name: temporary_path(t) for name, t in targets.items()}
    writers: dict[str, Any] = {}
    counts = dict.fromkeys(("records", "actions", "deal_rows", "unreadable"), 0)
    try:
        for name, tmp in temps.items():
            writers[name] = pq.ParquetWriter(str(tmp), schema[name])
        held: dict[str, list[Any]] = {name: [] for name in _HELD_ROWS}

        def write_held(name: str) -> None:
            table = pa.concat_tables(held[name])
            writers[name].write_table(table, row_group_size=max(table.num_rows, 1))
            held[name] = []

        for chunk in _chunks(read_records(files, on_progress), counts, group, pa, schema):
            writers["actions"].write_table(chunk["actions"])
            for name, rows in _HELD_ROWS.items():
                held[name].append(chunk[name])
                if sum(t.num_rows for t in held[name]) >= rows:
                    write_held(name)
        for name in _HELD_ROWS:
            if held[name]:
                write_held(name)
        for w in writers.values():
            w.close()
        if not counts["records"]:  # nothing could be read: nothing is written
            raise _NothingRead
        for name, tmp in temps.items():
            tmp.replace(targets[name])
    except BaseException as e:
        for w in writers.values():
            with contextlib.suppress(Exception):
                w.close()
        for tmp in temps.values():
            tmp.unlink(missing_ok=True)
        if created:
            with contextlib.suppress(OSError):
                out.rmdir()
        if isinstance(e, _NothingRead):
            return ParquetSummary(files=[], **counts)
        if isinstance(e, OSError):  # a full disk, a file-size limit: name the folder
            raise InputError(f"{out}: cannot write the Parquet tables: {e.strerror or e}") from None
        raise
    return ParquetSummary(files=[str(t) for t in targets.values()], **counts)


class _NothingRead(Exception):
    """No record of the batch could be read (write_parquet then writes nothing)."""
