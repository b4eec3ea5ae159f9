"""Verification beyond one machine: record files as a Dask bag, with the same answers as
the CLI on the same files. Needs the optional extra ``dask``.

Each file is one task (split a collection into many files to spread it): a worker reads,
decodes and verifies its file's records. Duplicates across files and partitions are found
by shuffling the records' duplicate keys (content hash and verdict, see
:func:`gamerec.tables.standings.duplicate_key`) by key, never by gathering every record in one
place; each duplicate is counted once, as ``gamerec validate`` and ``score`` count it.
Standings are added up per file (:class:`gamerec.tables.standings.Tally`) and merged. Any Dask
scheduler runs it, local or distributed (docs/batch.md)::

    >>> from gamerec.checking.distributed import verdict_bag, summarize_bag
    >>> bag = verdict_bag(["fixtures/blackball/games"])
    >>> summarize_bag(bag, scheduler="sync")["valid"]
    3

Files are local paths (on storage every worker sees at the same path) or fsspec URLs
(``s3://bucket/games/*.grec``, with the fsspec driver for that storage installed).
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import msgspec

from ..errors import InputError
from ..format.paths import Paths, as_paths, expand_paths
from ..format.read import RawRecord, decode_raw, raw_bytes, raw_file
from ..tables.standings import SortKey, Standings, Tally, Triage, duplicate_key
from .verdicts import STATUSES, Verdict

__all__ = ["expand", "standings", "summarize_bag", "verdict_bag", "verify_file", "write_parquet"]

_FIELDS = Verdict.__struct_fields__


def _dask() -> Any:
    try:
        import dask
        import dask.bag as db
    except ImportError:
        raise InputError("the Dask path needs dask: pip install 'gamerec[dask]'") from None
    return dask, db


def _is_url(path: str) -> bool:
    return "://" in path


def expand(paths: Paths) -> list[str]:
    """The files named, in order: local files, directories (searched recursively) and globs as
    the CLI expands them; fsspec URLs (``s3://bucket/games/*.grec``) by fsspec's glob."""
    names = as_paths(paths)
    if not any(map(_is_url, names)):
        return expand_paths(names)
    import fsspec

    files: list[str] = []
    for p in names:
        if not _is_url(p):
            files.extend(expand_paths([p]))
            continue
        protocol = p.split("://")[0]
        opened = fsspec.open_files(p, "rb")
        if not opened:
            raise InputError(f"{p}: no such file (or nothing matches the pattern)")
        files.extend(f"{protocol}://{f.path}" for f in opened)
    return files


def _raws(path: str) -> Iterator[RawRecord]:
    if not _is_url(path):
        return raw_file(path)
    import fsspec

    try:
        with fsspec.open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        raise InputError(f"{path}: cannot read: {e.strerror or e}") from None
    return raw_bytes(data, path)


def _verify_scored(path: str) -> list[Verdict]:
    """The verdicts, with content hashes and score sheets, of every record of one file."""
    from .batch import _verify_raw

    return [_verify_raw(r) for r in _raws(path)]


def _as_dict(v: Verdict) -> dict[str, Any]:
    """A verdict as a plain dict with every key (None, or empty, where absent), without its
    score sheet."""
    return {f: None if f == "scores" else msgspec.to_builtins(getattr(v, f)) for f in _FIELDS}


def verify_file(path: str) -> list[dict[str, Any]]:
    """The verdicts (as plain dicts with every key of :class:`~gamerec.checking.verdicts.Verdict`,
    with content hashes, without score sheets) of every record of one file: the work of
    one Dask task."""
    return [_as_dict(v) for v in _verify_scored(path)]


def _file_bag(files: list[str], npartitions: int | None, fn: Any) -> Any:
    _, db = _dask()
    bag = db.from_sequence(files, npartitions=npartitions or max(1, len(files)))
    return bag.map(fn).flatten()


def verdict_bag(paths: Paths, npartitions: int | None = None) -> Any:
    """A Dask bag of the verdicts (dicts, as :func:`verify_file` gives them) of every record
    of the files, directories (searched recursively), globs or URLs named; one partition per
    file unless ``npartitions`` says."""
    return _file_bag(expand(paths), npartitions, verify_file)


# -- duplicates: keys shuffled by key ----------------------------------------------------------
def _get(v: Verdict | dict[str, Any], name: str) -> Any:
    return v[name] if isinstance(v, dict) else getattr(v, name)


_Key = tuple[int, int, str, str, list[tuple[int, str]]]


def _keyed(i0: int, *parts: list[Any]) -> list[_Key]:
    """The duplicate keys of the records with a content hash of partitions ``i0``,
    ``i0 + 1``...: for each key, (key, place in input order of its first record there,
    its ``file:record``, status, [(place, ``file:record``) of the others]). Combined here,
    so only one entry per key of these partitions goes into the shuffle."""
    seen: dict[int, _Key] = {}
    for i, part in enumerate(parts, i0):
        for j, v in enumerate(part):
            h = _get(v, "hash")
            if h is None:
                continue
            status = _get(v, "status")
            key = duplicate_key(h, status)
            where = f"{_get(v, 'source')}:{_get(v, 'record')}"
            got = seen.get(key)
            if got is None:
                seen[key] = (key, (i << 32) | j, where, status, [])
            else:
                got[4].append(((i << 32) | j, where))
    return list(seen.values())


def _combine(*keyed: list[_Key]) -> list[_Key]:
    """The keys of a few partitions (each as :func:`_keyed` gives them, in input order) as
    one list: one entry per key, its first record the earliest."""
    seen: dict[int, _Key] = {}
    for entries in keyed:
        for t in entries:
            got = seen.get(t[0])
            if got is None:
                seen[t[0]] = (t[0], t[1], t[2], t[3], list(t[4]))  # a copy: inputs stay as made
            else:
                got[4].append((t[1], t[2]))
                got[4].extend(t[4])
    return list(seen.values())


def _repeats(group: tuple[int, list[_Key]]) -> list[tuple[int, str, str, str]]:
    """The records of one key but the first in input order: (place, ``file:record``,
    ``file:record`` of the first, status)."""
    same = sorted(group[1], key=lambda t: t[1])
    _, _, first, status, _ = same[0]
    others = [(t[1], t[2]) for t in same[1:]] + [o for t in same for o in t[4]]
    return [(place, where, first, status) for place, where in others]


def _bucket_repeats(group: tuple[int, list[_Key]]) -> list[tuple[int, str, str, str]]:
    """:func:`_repeats` of each key of a bucket (the keys equal modulo the buckets)."""
    by_key: dict[int, list[_Key]] = {}
    for t in group[1]:
        same = by_key.get(t[0])
        if same is None:
            by_key[t[0]] = [t]
        else:
            same.append(t)
    out: list[tuple[int, str, str, str]] = []
    for key, same in by_key.items():
        if len(same) > 1 or same[0][4]:  # most keys are one record's: nothing repeats
            out += _repeats((key, same))
    return out


#: input partitions whose keys are combined before the shuffle
_FAN_IN = 32
#: buckets of keys per partition of the shuffle
_BUCKETS_PER_PARTITION = 4


def _repeat_bag(bag: Any) -> Any:
    """A bag of the records that repeat an earlier one (see :func:`_repeats`): the keys of
    each partition made, those of a few partitions combined, then shuffled between
    partitions by bucket (the key modulo a few buckets a partition), each bucket's keys
    matched in one dict. (Shuffled by key, every record's key became a group of its own.)"""
    dask, _ = _dask()
    keyed = [dask.delayed(_keyed)(i, part) for i, part in enumerate(bag.to_delayed(optimize_graph=False))]
    return _shuffled([dask.delayed(_combine)(*keyed[i : i + _FAN_IN]) for i in range(0, len(keyed), _FAN_IN)])


def _shuffled(combined: list[Any]) -> Any:
    """:func:`_repeat_bag` from the keys of each few partitions (delayed lists, as
    :func:`_combine` makes them, in input order)."""
    _, db = _dask()
    keys = db.from_delayed(combined)
    buckets = keys.npartitions * _BUCKETS_PER_PARTITION
    shuffled = keys.groupby(partial(_bucket, buckets), shuffle="tasks", npartitions=keys.npartitions)
    return shuffled.map(_bucket_repeats).flatten()


def _bucket(buckets: int, t: _Key) -> int:
    return t[0] % buckets


def _status(v: Any) -> str:
    return str(_get(v, "status"))


def _counts(frequencies: list[tuple[str, int]], repeats: list[tuple[int, str, str, str]]) -> dict[str, int]:
    counts: dict[str, int] = {**dict.fromkeys(STATUSES, 0), "duplicate": len(repeats)}
    for status, n in frequencies:
        counts[status] += n
    for *_, status in repeats:
        counts[status] -= 1
    return counts


def summarize_bag(bag: Any, **compute: Any) -> dict[str, int]:
    """How many records of each verdict a bag of verdicts (as :func:`verdict_bag` makes)
    holds, a record seen before (same content hash and verdict, in any file or partition)
    counted once, and how many such duplicates: the counts of ``gamerec validate --json``'s
    summary. Computed with the Dask ``compute`` options given (``scheduler="processes"``;
    none with a ``dask.distributed.Client``)."""
    dask, _ = _dask()
    # one task a partition makes both its counts and its keys: its verdicts (a dict each,
    # with the score sheet) are used once, where they are made, and then dropped, never
    # held for another task nor sent to another worker
    parts = bag.to_delayed(optimize_graph=False)
    made = [dask.delayed(_counted_keys)(i, part) for i, part in enumerate(parts)]
    groups = [dask.delayed(_combine_counted)(*made[i : i + _FAN_IN]) for i in range(0, len(made), _FAN_IN)]
    counted, repeats = dask.compute(
        [dask.delayed(_counted_of)(g) for g in groups],
        _shuffled([dask.delayed(_keys_of)(g) for g in groups]),
        **compute,
    )
    return _counts([pair for c in counted for pair in c.items()], repeats)


_Counted = tuple[dict[str, int], list[_Key]]


def _counted_keys(i: int, part: list[Any]) -> _Counted:
    """The verdicts of partition ``i`` counted by status, and its duplicate keys."""
    part = list(part)  # Dask's optimizer may hand a bag's partition over as an iterator
    counted: dict[str, int] = {}
    for v in part:
        status = _status(v)
        counted[status] = counted.get(status, 0) + 1
    return counted, _keyed(i, part)


def _combine_counted(*made: _Counted) -> _Counted:
    """The counts and the keys of a few partitions (:func:`_counted_keys`), combined."""
    counted: dict[str, int] = {}
    for c, _ in made:
        for status, n in c.items():
            counted[status] = counted.get(status, 0) + n
    return counted, _combine(*[k for _, k in made])


def _counted_of(made: _Counted) -> dict[str, int]:
    return made[0]


def _keys_of(made: _Counted) -> list[_Key]:
    return made[1]


# -- standings: a Tally per partition, merged ---------------------------------------------
def _places(repeats: list[tuple[int, str, str, str]]) -> set[int]:
    return {r[0] for r in repeats}


_Part = tuple[Tally, list[Verdict], dict[str, int]]


def _tally(part: list[Verdict], i: int, repeated: set[int]) -> _Part:
    tally, triage = Tally(), Triage()
    for j, v in enumerate(part):
        if (i << 32) | j not in repeated and triage.admit(v):
            tally.add(v)
    return tally, triage.left_out, triage.counts


def _merge(
    a: tuple[Tally, list[Verdict], dict[str, int]], b: tuple[Tally, list[Verdict], dict[str, int]]
) -> Any:
    return a[0].merge(b[0]), a[1] + b[1], {k: n + b[2][k] for k, n in a[2].items()}


def standings(
    paths: Paths, sort: SortKey = "wins", npartitions: int | None = None, **compute: Any
) -> Standings:
    """:func:`gamerec.tables.standings.standings` of every record of the files, directories, globs
    or URLs named, worked out on Dask: the same standings, records left out, duplicates
    and counts as ``gamerec score --standings --json`` gives. A partition's verdicts wait
    in its worker's memory until the duplicates are known."""
    dask, _ = _dask()
    bag = _file_bag(expand(paths), npartitions, _verify_scored)
    repeats = _repeat_bag(bag)
    repeated = dask.delayed(_places)(repeats)
    parts = [dask.delayed(_tally)(p, i, repeated) for i, p in enumerate(bag.to_delayed(optimize_graph=False))]
    while len(parts) > 1:  # a tree of merges, in input order
        pairs = [dask.delayed(_merge)(a, b) for a, b in zip(parts[::2], parts[1::2], strict=False)]
        parts = pairs + ([parts[-1]] if len(parts) % 2 else [])
    (tally, left_out, counts), found = dask.compute(parts[0], repeats, **compute)
    found.sort()
    counts["duplicate"] = len(found)
    duplicates = [(where, first) for _, where, first, _ in found]
    return Standings(tally.result(sort), left_out, duplicates, counts, tally.not_counted)


# -- Parquet: one part per file --------------------------------------------------------------
_TABLES = ("records", "deals", "actions")


def _parquet_part(path: str, i: int, directory: str) -> dict[str, int]:
    """Write the three tables of one file as ``<table>/part-<i>.parquet`` under
    ``directory`` (each to a temporary name, then renamed): the work of one Dask task."""
    from ..export.parquet import _pyarrow, schemas
    from ..export.parquet_rows import chunks
    from ..format.write import temporary_path

    pa, pq = _pyarrow()
    schema = schemas()
    counts = dict.fromkeys(("records", "actions", "deal_rows", "unreadable"), 0)
    got = list(chunks(map(decode_raw, _raws(path)), counts, 2000, pa, schema))
    for name in _TABLES:
        table = pa.concat_tables([c[name] for c in got]) if got else schema[name].empty_table()
        target = Path(directory) / name / f"part-{i:05d}.parquet"
        tmp = temporary_path(target)
        try:
            pq.write_table(table, str(tmp))
            tmp.replace(target)
        except BaseException:
            with contextlib.suppress(OSError):  # (a read-only folder refuses even that)
                tmp.unlink(missing_ok=True)
            raise
    return counts


def write_parquet(paths: Paths, directory: str | Path, *, force: bool = False, **compute: Any) -> Any:
    """The Parquet tables of :func:`gamerec.export.parquet.write_parquet`, written on Dask:
    ``records/``, ``deals/`` and ``actions/`` under ``directory`` (on storage every worker
    sees), each a dataset of one part per input file (``part-00000.parquet``...), in input
    order. Read as one table with ``pyarrow.parquet.read_table(directory + "/records")``,
    DuckDB's ``read_parquet('dir/records/*.parquet')`` or Spark; the rows are those of
    ``gamerec export --to parquet``. Gives a
    :class:`~gamerec.export.parquet.ParquetSummary` (its ``files``: the three folders).
    ``force`` replaces the parts of an earlier run; a run that fails leaves no part."""
    from ..export.parquet import ParquetSummary, _pyarrow

    _pyarrow()
    dask, _ = _dask()
    files = expand(paths)
    out = Path(directory)
    folders = [out / name for name in _TABLES]
    for folder in folders:
        old = sorted(folder.glob("part-*.parquet")) if folder.is_dir() else []
        if old and not force:
            raise InputError(f"{folder}: holds Parquet parts already (use force=True to replace them)")
        for p in old:
            p.unlink()
        folder.mkdir(parents=True, exist_ok=True)
    try:
        done = dask.compute(
            *[dask.delayed(_parquet_part)(f, i, str(out)) for i, f in enumerate(files)], **compute
        )
    except BaseException as e:
        for folder in folders:
            for p in folder.glob("part-*.parquet"):
                p.unlink(missing_ok=True)
        if isinstance(e, OSError):
            from ..export.parquet import os_reason

            raise InputError(f"{out}: cannot write: {os_reason(e)}") from None
        raise
    counts = {k: sum(d[k] for d in done) for k in ("records", "actions", "deal_rows", "unreadable")}
    return ParquetSummary(files=[str(f) for f in folders] if counts["records"] else [], **counts)
