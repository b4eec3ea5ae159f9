"""Verification beyond one machine: a directory of record files as a Dask bag. Needs the
optional extra ``dask``.

Each file is one task (split a collection into many files to spread it); a worker reads,
decodes and verifies its file's records and gives back plain verdict dicts, so any Dask
scheduler, local or distributed, can run it::

    >>> from gamerec.distributed import verdict_bag, summarize_bag
    >>> bag = verdict_bag(["fixtures/blackball/games"])
    >>> summarize_bag(bag, scheduler="sync")["valid"]
    3
"""

from __future__ import annotations

from typing import Any

import msgspec

from .errors import InputError
from .format.paths import Paths, expand_paths
from .format.read import raw_file
from .verdicts import STATUSES

__all__ = ["summarize_bag", "verdict_bag", "verify_file"]


def verify_file(path: str) -> list[dict[str, Any]]:
    """The verdicts (as plain dicts, with content hashes, without score sheets) of every
    record of one file: the work of one Dask task."""
    from .batch import _verify_raw

    return [msgspec.to_builtins(msgspec.structs.replace(_verify_raw(r), scores=None)) for r in raw_file(path)]


def verdict_bag(paths: Paths, npartitions: int | None = None) -> Any:
    """A Dask bag of the verdicts of every record of the files, directories (searched
    recursively) or globs named; one partition per file unless ``npartitions`` says."""
    try:
        import dask.bag as db
    except ImportError:
        raise InputError("the Dask path needs dask: pip install 'gamerec[dask]'") from None
    files = expand_paths(paths)
    bag = db.from_sequence(files, npartitions=npartitions or max(1, len(files)))  # type: ignore[no-untyped-call]
    return bag.map(verify_file).flatten()


def summarize_bag(bag: Any, **compute: Any) -> dict[str, int]:
    """How many verdicts of each status a bag of verdicts holds (computed with the Dask
    ``compute`` options given, e.g. ``scheduler="processes"``)."""
    counts = dict(bag.pluck("status").frequencies().compute(**compute))
    return {s: int(counts.get(s, 0)) for s in STATUSES}
