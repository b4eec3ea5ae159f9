"""Exports for analysis: a batch of records as two Parquet tables, for DuckDB, pandas or
Spark. Needs the optional extra ``parquet`` (pyarrow).

- ``actions.parquet``: one row per recorded action of every readable record, with the
  derived columns of the CSV export (deal, trick, trick winner, running score, detail).
- ``deal_scores.parquet``: one row per deal and scoring side: the deal's score and the
  running total.

Records are read and written in row groups, so memory stays flat however large the batch.
Unreadable records are left out and counted.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

import msgspec

from ..batch import content_hash
from ..errors import InputError
from ..format.paths import Paths, expand_paths
from ..format.progress import OnProgress
from ..format.read import read_records
from ..format.write import remove_stale_temporaries, temporary_path
from .csv import csv_rows

__all__ = ["ACTION_COLUMNS", "DEAL_COLUMNS", "ParquetSummary", "write_parquet"]

ACTION_COLUMNS = (
    ("source", "string"),
    ("record", "int32"),
    ("hash", "string"),
    ("game", "string"),
    ("deal", "int32"),
    ("action", "int32"),
    ("seat", "int16"),
    ("player", "string"),
    ("type", "string"),
    ("value", "string"),
    ("trick", "int32"),
    ("trick_winner", "int16"),
    ("score", "int32"),
    ("detail", "string"),
    ("note", "string"),
)
DEAL_COLUMNS = (
    ("source", "string"),
    ("record", "int32"),
    ("hash", "string"),
    ("game", "string"),
    ("status", "string"),
    ("deal", "int32"),
    ("side", "int16"),
    ("side_name", "string"),
    ("score", "int32"),
    ("total", "int32"),
)


class ParquetSummary(msgspec.Struct):
    """What :func:`write_parquet` wrote."""

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


def _none_if_blank(value: object) -> object:
    return None if value == "" else value


def write_parquet(
    paths: Paths,
    directory: str | Path,
    *,
    force: bool = False,
    group: int = 2000,
    on_progress: OnProgress | None = None,
) -> ParquetSummary:
    """Write ``actions.parquet`` and ``deal_scores.parquet`` for every record of the files,
    directories or globs named, into ``directory``. Each file is written to a temporary name
    and renamed into place when complete. ``on_progress``: see :mod:`gamerec.format.progress`."""
    pa, pq = _pyarrow()
    files = expand_paths(paths)  # a missing input fails here, before any folder is made
    out = Path(directory)
    created = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    targets = [out / "actions.parquet", out / "deal_scores.parquet"]
    if not force:
        for t in targets:
            if t.exists():
                raise InputError(f"{t}: exists (use --force to replace it)")
    schemas = [
        pa.schema([(name, getattr(pa, kind)()) for name, kind in ACTION_COLUMNS]),
        pa.schema([(name, getattr(pa, kind)()) for name, kind in DEAL_COLUMNS]),
    ]
    for t in targets:  # a run killed outright may have left its temporary files here
        remove_stale_temporaries(t)
    temps = [temporary_path(t) for t in targets]
    writers = [pq.ParquetWriter(str(tmp), schema) for tmp, schema in zip(temps, schemas, strict=True)]
    columns: list[dict[str, list[Any]]] = [
        {n: [] for n, _ in ACTION_COLUMNS},
        {n: [] for n, _ in DEAL_COLUMNS},
    ]
    counts = {"records": 0, "actions": 0, "deal_rows": 0, "unreadable": 0}

    def flush(i: int) -> None:
        if columns[i]["source"]:
            writers[i].write_table(pa.table(columns[i], schema=schemas[i]))
            for v in columns[i].values():
                v.clear()

    try:
        for entry in read_records(files, on_progress):
            record = entry.record
            if record is None:
                counts["unreadable"] += 1
                continue
            counts["records"] += 1
            number = entry.index + 1
            digest = content_hash(record)
            rows, verdict = csv_rows(record, number)
            acts = columns[0]
            for row in rows:
                acts["source"].append(entry.source)
                acts["hash"].append(digest)
                acts["game"].append(record.game)
                for name, _ in ACTION_COLUMNS[4:]:
                    acts[name].append(_none_if_blank(row[name]))
                acts["record"].append(number)
            counts["actions"] += len(rows)
            deals = columns[1]
            sheet = verdict.scores if verdict is not None else None
            if sheet is not None:
                running = [0] * len(sheet.sides)
                for d, scores in enumerate(sheet.deals, 1):
                    for side, s in enumerate(scores):
                        running[side] += s
                        for name, value in (
                            ("source", entry.source), ("record", number), ("hash", digest),
                            ("game", record.game), ("status", verdict.status if verdict else ""),
                            ("deal", d), ("side", side), ("side_name", sheet.sides[side]),
                            ("score", s), ("total", running[side]),
                        ):  # fmt: skip
                            deals[name].append(value)
                        counts["deal_rows"] += 1
            if len(acts["source"]) >= group * 100:
                flush(0)
            if len(deals["source"]) >= group * 10:
                flush(1)
        flush(0)
        flush(1)
        for w in writers:
            w.close()
        if not counts["records"]:  # nothing could be read: nothing is written
            raise _NothingRead
        for tmp, target in zip(temps, targets, strict=True):
            tmp.replace(target)
    except BaseException as e:
        for w in writers:
            with contextlib.suppress(Exception):
                w.close()
        for tmp in temps:
            tmp.unlink(missing_ok=True)
        if created:
            with contextlib.suppress(OSError):
                out.rmdir()
        if isinstance(e, _NothingRead):
            return ParquetSummary(files=[], **counts)
        if isinstance(e, OSError):  # a full disk, a file-size limit: name the folder
            raise InputError(f"{out}: cannot write the Parquet tables: {e.strerror or e}") from None
        raise
    return ParquetSummary(files=[str(t) for t in targets], **counts)


class _NothingRead(Exception):
    """No record of the batch could be read (write_parquet then writes nothing)."""
