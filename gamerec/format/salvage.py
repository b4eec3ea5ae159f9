"""Salvage: every readable record of a damaged file copied to a new one, with what was
dropped and where."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path

import msgspec

from ..record import Record
from .encodings import Encoding
from .progress import OnProgress
from .read import read_file
from .write import check_not_input, encode_records, output_encoding, write_atomic

__all__ = ["Salvage", "salvage"]


class Salvage(msgspec.Struct):
    """What :func:`salvage` kept and dropped: the number of records written, and each part
    dropped as (where, message, error code)."""

    kept: int = 0
    dropped: list[tuple[str, str, str]] = []
    size: int = 0


def salvage(
    path: str | Path,
    output: str | Path,
    *,
    force: bool = False,
    on_progress: OnProgress | None = None,
    encoding: Encoding | None = None,
) -> Salvage:
    """Copy every record of ``path`` that can be read to ``output`` (in ``encoding``, else
    the one its suffix names), streaming, and say what was dropped (damaged frames with
    their byte offsets, unreadable records). ``path`` is never modified; ``output`` is
    written atomically, may not be ``path`` itself, and is not written at all when no record
    can be read."""
    check_not_input(output, [path])
    enc = output_encoding(output, encoding)  # (refused before anything is read)
    report = Salvage()

    def kept() -> Iterator[Record]:
        for entry in read_file(path, on_progress):
            if entry.record is None:
                assert entry.error is not None
                report.dropped.append((entry.where, entry.error.message, entry.error.code))
                continue
            report.kept += 1
            yield entry.record

    records = kept()
    first = next(records, None)
    if first is None:  # nothing to keep: no file is written
        return report
    chain = itertools.chain([first], records)
    report.size = write_atomic(output, encode_records(chain, enc), force=force, inputs=[path])
    return report
