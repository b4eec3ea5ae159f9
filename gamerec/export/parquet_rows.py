"""The rows of the Parquet tables (:mod:`gamerec.export.parquet`): their columns (names,
types and order) and the builder that fills them from one walk of each record through the
stepper, a chunk of Arrow tables at a time. The walk sees only the steps with events (where
tricks end, deals begin and are scored); the deals and actions tables are held as
:mod:`gamerec.export.parquet_columns` keeps them (docs/performance.md, "Parquet")."""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable, Sequence
from itertools import accumulate
from typing import Any

from ..checking.batch import content_hash
from ..checking.verdicts import Verdict, unreadable, verdict_of
from ..engine import Event, GameState
from ..events import DealScored
from ..format.read import Entry
from ..games import get_game
from ..record import Action, Record
from ..stepper import TrickVisitor, walk
from .parquet_columns import ActionRows, DealRows, deal_facts, run_of_row

__all__ = ["ACTION_COLUMNS", "DEAL_COLUMNS", "KEY", "RECORD_COLUMNS", "TABLES", "Rows", "chunks"]

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


class Rows:
    """The rows of the three tables as records are added, made into Arrow tables when
    taken: the records table row by row, the deals and actions tables as
    :mod:`gamerec.export.parquet_columns` holds them, their record key once per record.
    Each record is walked once through the rules, seeing only the steps with events: a
    trick's end, a deal's start or score. Python's work is a constant per event, per deal
    and per record, and one dictionary look-up per action: that is what keeps the export
    near the replay's own cost."""

    def __init__(self) -> None:
        self.records: list[list[Any]] = []  # rows
        # the deals and actions tables: the record key once per record (with its rows)
        self.keys: dict[str, list[tuple[tuple[str, int, str, str], int]]] = {"deals": [], "actions": []}
        self.deals = DealRows()
        self.actions = ActionRows()

    def pending(self) -> tuple[int, int]:
        """(records, actions) held."""
        return len(self.records), self.actions.rows

    def take(self, pa: Any, schema: dict[str, Any]) -> dict[str, Any]:
        """The rows held as Arrow tables; none held afterwards."""
        import pyarrow.compute as pc

        sch = schema["records"]
        columns: list[Any] = list(zip(*self.records, strict=True)) if self.records else [[] for _ in sch]
        arrays = [pa.array(col, type=field.type) for col, field in zip(columns, sch, strict=True)]
        out = {"records": pa.Table.from_arrays(arrays, schema=sch)}
        self.records = []
        for name, keyed in self.keys.items():
            fields = list(schema[name])
            body = {f.name: f.type for f in fields[len(KEY) :]}
            made = (self.deals if name == "deals" else self.actions).arrays(pa, pc, body)
            # the record key, once per record, repeated by taking a record's row for each row
            taken = run_of_row(pa, pc, list(accumulate([n for _, n in keyed])))
            keys: list[Any] = [[key[i] for key, _ in keyed] for i in range(len(KEY))]
            arrays = [pa.array(col, type=f.type).take(taken) for col, f in zip(keys, fields, strict=False)]
            out[name] = pa.Table.from_arrays(arrays + [made[c] for c in body], schema=schema[name])
            self.keys[name] = []
        self.deals = DealRows()
        self.actions = ActionRows()
        return out

    def add(self, source: str, number: int, record: Record) -> tuple[int, int]:
        """Replay ``record`` (number ``number`` of ``source``, from 1) and add its rows:
        (deal rows, action rows) added."""
        game = get_game(record.game)
        gid = game.id
        digest = content_hash(record)
        players = record.players
        nplayers = len(players)
        walked = _RecordRows(self, record)
        outcome = walk(record, walked)
        held = self.actions
        added = 0
        deal_rows = walked.deal_rows
        begun = walked.begun
        if begun:
            counts = [(di, len(record.deals[di].actions)) for di in begun]
            if outcome.action is not None and outcome.deal == begun[-1]:  # refused there
                counts[-1] = (begun[-1], outcome.action)
            added = held.add(record, counts, walked.totals, walked.changes, walked.side_of)
            if added > walked.last:
                walked.segment(walked.base + added, None)
        if walked.open_deal >= 0 and outcome.state is not None:  # a deal begun and never scored
            deal_rows += walked.deal_row(walked.open_deal, outcome.state, None)
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


class _RecordRows(TrickVisitor):
    """What one record adds to the rows held, made as it is walked: its deal rows, and the
    segments of its action rows between two marks (a trick's end, a deal's start), each as
    its end (from the chunk's first row), its trick and the trick's winner (a segment's
    in-trick actions are one trick, numbered from 1 in each deal; the trick under way at a
    deal's start or the record's end has no winner). Only the steps with events are told:
    the other actions change none of it."""

    def __init__(self, rows: Rows, record: Record) -> None:
        super().__init__(eventful=True)
        game = get_game(record.game)
        self.rows = rows
        self.record = record
        self.codes = game.deck.codes
        #: the deck's Black Swan, whose taker a deal's row names (-1: the deck has none)
        self.swan_card = deal_facts(game.id)[1]
        self.nplayers = len(record.players)
        self.deal_rows = 0
        self.taken: list[int] = []  # tricks (tables) taken per seat in the deal under way
        self.forest: list[str | None] = []
        self.swan: int | None = None
        self.trump: str | None = None
        self.open_deal = -1  # the deal begun and not yet scored, or -1
        self.seats = -1  # where the record's players start in the deals held
        self.begun: list[int] = []  # the deals begun
        held = rows.actions
        self.base = held.rows  # the chunk's rows before this record's
        self.segment_end = held.segments.append
        self.segment_trick = held.segment_tricks.append
        self.segment_winner = held.segment_winners.append
        self.last = 0  # the end of the last segment, from 0 in the record
        # the rows (from 0 in the record) from which the totals change
        self.changes: list[tuple[int, list[int]]] = []
        self.totals: list[int] = []  # at the first deal's start
        self.offset = 0  # the row of the first action of the deal under way

    def segment(self, end: int, winner: int | None) -> None:
        """A segment of action rows ends at ``end`` (from the chunk's first row)."""
        self.segment_end(end)
        self.segment_trick(self.trick)
        self.segment_winner(winner)

    def deal_row(self, deal: int, state: GameState, scored: DealScored | None) -> int:
        """Add the rows of ``deal`` (scored by ``scored``, or never scored): how many."""
        return self.rows.deals.add(
            self.record, deal, self.seats, state, scored, self.taken, self.trump, self.forest, self.swan
        )

    def begin_deal(self, deal: int, events: Sequence[Event], state: GameState) -> None:
        if self.begun:
            self.offset += len(self.record.deals[self.begun[-1]].actions)
        else:
            self.totals = list(state.totals)
        self.begun.append(deal)
        if self.offset > self.last:
            self.segment(self.base + self.offset, None)
            self.last = self.offset
        sided = bool(self.side_of)
        super().begin_deal(deal, events, state)  # (the trick from 1; the sides, once)
        if not sided:
            players = self.record.players
            side_of = self.side_of
            self.seats = self.rows.deals.players(players, [side_of.get(s) for s in range(self.nplayers)])
        self.taken = [0] * self.nplayers
        self.forest = []
        self.swan = None
        up = getattr(state, "upcard", None)  # (a game with an up-card: blackball's trump)
        self.trump = self.codes[up] if up is not None else None
        self.open_deal = deal
        if events:
            self._events(deal, -1, None, events, state)

    def action(self, deal: int, index: int, a: Action, events: Sequence[Event], state: GameState) -> None:
        self._events(deal, index, a, events, state)

    def _events(
        self, deal: int, index: int, a: Action | None, events: Sequence[Event], state: GameState
    ) -> None:
        nplayers = self.nplayers
        for e in events:
            if e.ends_trick:
                won: int = e.seat  # type: ignore[attr-defined]
                if self.offset + index + 1 > self.last:
                    self.last = self.offset + index + 1
                    self.segment(self.base + self.last, won)
                self.trick += 1
                if 0 <= won < nplayers:
                    self.taken[won] += 1
                if self.swan_card >= 0:
                    for seat, cards in e.taken():
                        if self.swan_card in cards:
                            self.swan = seat
            elif e.turns_card:
                turned: int | None = e.card  # type: ignore[attr-defined]
                self.forest.append(self.codes[turned] if turned is not None else None)
            elif type(e) is DealScored:  # the totals change with a deal's score only
                self.deal_rows += self.deal_row(deal, state, e)
                self.open_deal = -1
                self.changes.append(
                    (self.offset + index + (a is None), list(state.totals))
                )  # from this row on


def chunks(
    entries: Iterable[Entry],
    counts: dict[str, int],
    group: int,
    pa: Any,
    schema: dict[str, Any],
    left_out: Callable[[Verdict], object] | None = None,
) -> Generator[dict[str, Any]]:
    """The tables of ``entries``, a chunk of Arrow tables (by table name) at a time: one
    every ``group`` records or ``group`` x 25 actions. ``counts`` is kept up to date, and
    ``left_out`` is given the verdict of each unreadable record as it is met."""
    rows = Rows()
    for entry in entries:
        record = entry.record
        if record is None:
            counts["unreadable"] += 1
            if left_out is not None:
                left_out(unreadable(entry))
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
