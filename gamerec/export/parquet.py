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

The columns and the builder of their rows are in :mod:`gamerec.export.parquet_rows`.
"""

from __future__ import annotations

import contextlib
import os
import struct
from collections.abc import Callable, Generator, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import msgspec

from ..checking.batch import map_chunks, max_jobs
from ..checking.verdicts import Verdict
from ..errors import InputError
from ..format.paths import Paths, expand_paths, refuse_empty
from ..format.progress import OnProgress
from ..format.read import RawRecord, decode_raw, read_records
from ..format.write import remove_stale_temporaries, temporary_path
from .parquet_rows import ACTION_COLUMNS, DEAL_COLUMNS, RECORD_COLUMNS, TABLES, chunks

__all__ = [
    "ACTION_COLUMNS",
    "DEAL_COLUMNS",
    "RECORD_COLUMNS",
    "TABLES",
    "ParquetSummary",
    "os_reason",
    "record_batches",
    "tables",
    "write_parquet",
]


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


_SCHEMAS: dict[str, Any] = {}


def schemas() -> dict[str, Any]:
    """The Arrow schema of each table, by name."""
    if not _SCHEMAS:
        pa, _ = _pyarrow()
        _SCHEMAS.update({
            name: pa.schema([(c, _arrow_type(pa, kind)) for c, kind in columns])
            for name, columns in TABLES.items()
        })  # fmt: skip
    return dict(_SCHEMAS)


def record_batches(
    paths: Paths, *, group: int = 2000, on_progress: OnProgress | None = None
) -> Iterator[dict[str, Any]]:
    """The tables of every readable record of the files, directories or globs named, as
    pyarrow Tables by name (``records``, ``deals``, ``actions``), a chunk at a time (a chunk
    every ``group`` records): memory stays flat. Unreadable records are left out."""
    pa, _ = _pyarrow()
    counts = dict.fromkeys(_COUNTS, 0)
    yield from chunks(read_records(expand_paths(paths), on_progress), counts, group, pa, schemas())


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


#: the columns given statistics (each row group's minimum, maximum and nulls), by table: all
#: of records.parquet; the record key and the deal in the others, which is what a query
#: skips row groups by (a row group holds thousands of records, so the other columns span
#: their whole range in each one, and their statistics cost the writer about a tenth of its
#: time: docs/performance.md)
_STATISTICS: dict[str, bool | list[str]] = {
    "records": True,
    "deals": ["source", "record", "hash", "game", "deal"],
    "actions": ["source", "record", "hash", "game", "deal"],
}

_COUNTS = ("records", "actions", "deal_rows", "unreadable")
# a chunk's tables as they cross from a worker, in one buffer: each table as an Arrow IPC
# stream (none when no record of the chunk could be read), the verdicts of its unreadable
# records (MessagePack), then the chunk's counts and where each stream and the verdicts end
_TAIL = struct.Struct("<8q")
_LEFT_OUT = msgspec.msgpack.Decoder(list[Verdict])


def _chunk_tables(raws: list[RawRecord], group: int) -> bytes:
    """In a worker process: the tables of a chunk of undecoded records (built by the same
    :func:`chunks` as in one process), as IPC streams in one buffer (see :data:`_TAIL`)."""
    pa, _ = _pyarrow()
    schema = schemas()
    counts = dict.fromkeys(_COUNTS, 0)
    left_out: list[Verdict] = []
    parts = list(chunks(map(decode_raw, raws), counts, group, pa, schema, left_out.append))
    sink = pa.BufferOutputStream()
    ends = [0, 0, 0]
    if parts:
        for i, name in enumerate(TABLES):
            with pa.ipc.new_stream(sink, schema[name]) as w:
                for part in parts:
                    w.write_table(part[name])
            ends[i] = sink.tell()
    sink.write(msgspec.msgpack.encode(left_out))
    sink.write(_TAIL.pack(*[counts[c] for c in _COUNTS], *ends, sink.tell()))
    data: bytes = sink.getvalue().to_pybytes()
    return data


def _from_workers(
    files: list[str],
    counts: dict[str, int],
    jobs: int,
    group: int,
    on_progress: OnProgress | None,
    left_out: Callable[[Verdict], object] | None,
) -> Generator[dict[str, Any]]:
    """The tables of ``files`` a chunk at a time, in input order, as :func:`chunks` gives
    them, built by up to ``jobs`` worker processes; ``counts`` kept up to date, ``left_out``
    given the verdict of each unreadable record as its chunk comes back."""
    pa, _ = _pyarrow()
    work = partial(_chunk_tables, group=group)
    for done in map_chunks(files, work, jobs, chunk=256, on_progress=on_progress, lost="not exported"):
        *numbers, a, b, c, d = _TAIL.unpack_from(done, len(done) - _TAIL.size)
        for name, n in zip(_COUNTS, numbers, strict=True):
            counts[name] += n
        if left_out is not None:
            for v in _LEFT_OUT.decode(memoryview(done)[c:d]):
                left_out(v)
        if c:
            buffer = pa.py_buffer(done)  # the tables read from it in place
            spans = zip(TABLES, (0, a, b), (a, b, c), strict=True)
            yield {name: pa.ipc.open_stream(buffer.slice(i, j - i)).read_all() for name, i, j in spans}


def write_parquet(
    paths: Paths,
    directory: str | Path,
    *,
    force: bool = False,
    group: int = 2000,
    jobs: int = 1,
    on_progress: OnProgress | None = None,
    on_unreadable: Callable[[Verdict], object] | None = None,
) -> ParquetSummary:
    """Write ``records.parquet``, ``deals.parquet`` and ``actions.parquet`` for every record
    of the files, directories or globs named, into ``directory``: actions.parquet gets a row
    group every ``group`` records (or ``group`` x 25 actions); records.parquet and
    deals.parquet gather those chunks into row groups of up to 10 000 and 50 000 rows (fewer
    row groups: less memory held by the writers). Each file is written to a temporary name
    and renamed into place when complete. ``on_progress``: see :mod:`gamerec.format.progress`.
    Unreadable records are left out and counted; ``on_unreadable`` is given the verdict of
    each one (its file, record, bytes and why), in input order, as it is met.

    With ``jobs`` above 1, up to that many worker processes build the tables of chunks of
    256 records (the same rows, so every value is the same), and this process writes them
    in input order (gathering the actions of a few chunks into a row group of about
    ``group`` x 25 rows). A worker that dies raises :class:`gamerec.checking.batch.WorkerLost` and
    nothing is written."""
    pa, pq = _pyarrow()
    if not 1 <= jobs <= max_jobs():
        raise InputError(f"jobs {jobs}: a batch uses 1 to {max_jobs()} processes")
    files = expand_paths(paths)  # a missing input fails here, before any folder is made
    refuse_empty(directory, "folder name")
    out = Path(directory)
    if out.exists() and not out.is_dir():
        why = "a file, not a folder: the Parquet export writes three tables into a folder (name one)"
        raise InputError(f"{out}: {why}")
    created = not out.exists()
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"{out}: cannot make the folder: {e.strerror or e}") from None
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
    counts = dict.fromkeys(_COUNTS, 0)
    try:
        for name, tmp in temps.items():
            writers[name] = pq.ParquetWriter(str(tmp), schema[name], write_statistics=_STATISTICS[name])
        # up to these rows are gathered into a row group (the chunks of workers are smaller
        # than one process's: their actions are gathered as one process's chunks are made)
        limits = {"actions": group * 25 if jobs > 1 else 0, **_HELD_ROWS}
        held: dict[str, list[Any]] = {name: [] for name in limits}

        def write_held(name: str) -> None:
            table = pa.concat_tables(held[name])
            writers[name].write_table(table, row_group_size=max(table.num_rows, 1))
            held[name] = []

        made = (
            chunks(read_records(files, on_progress), counts, group, pa, schema, on_unreadable)
            if jobs == 1
            else _from_workers(files, counts, jobs, group, on_progress, on_unreadable)
        )
        with contextlib.closing(made):  # the workers stop with it
            for chunk in made:
                for name, rows in limits.items():
                    held[name].append(chunk[name])
                    if sum(t.num_rows for t in held[name]) >= rows:
                        write_held(name)
        for name in limits:
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
            with contextlib.suppress(OSError):  # (a read-only folder refuses even that)
                tmp.unlink(missing_ok=True)
        if created:
            with contextlib.suppress(OSError):
                out.rmdir()
        if isinstance(e, _NothingRead):
            return ParquetSummary(files=[], **counts)
        if isinstance(e, OSError):  # a read-only folder, a full disk: named as the folder, as elsewhere
            raise InputError(f"{out}: cannot write: {os_reason(e)}") from None
        raise
    return ParquetSummary(files=[str(t) for t in targets.values()], **counts)


def os_reason(e: OSError) -> str:
    """Why ``e`` (from pyarrow, whose message names the temporary file) could not write:
    ``Permission denied``."""
    return os.strerror(e.errno) if e.errno else str(e)


class _NothingRead(Exception):
    """No record of the batch could be read (write_parquet then writes nothing)."""
