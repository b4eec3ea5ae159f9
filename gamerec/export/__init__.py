"""Exports of records: the editable JSON twin, CSV (:mod:`.csv`), a readable text history
(:mod:`.text`), the HTML replay page (:mod:`.html`) and Parquet tables (:mod:`.parquet`).
This module chooses among the first three and gives each record's verdict with the bytes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import NamedTuple

from ..checking.verdicts import Verdict
from ..errors import InputError
from ..format.progress import OnProgress, ProgressTally
from ..record import Record
from .csv import CSV_COLUMNS, csv_export, csv_rows, to_csv
from .text import text_export, to_text

__all__ = ["CSV_COLUMNS", "EXPORTS", "Exported", "csv_rows", "export", "export_checked", "to_csv", "to_text"]


class Exported(NamedTuple):
    """An export's bytes, and the verdict on each record exported (for ``csv`` and
    ``text``, which replay the records; none for ``json``)."""

    data: bytes
    verdicts: list[Verdict]


def _none(_item: object) -> int:
    return 0


EXPORTS = ("json", "csv", "text")


def export_checked(
    records: Iterable[Record],
    to: str,
    source: str = "-",
    numbers: Sequence[int] | None = None,
    on_progress: OnProgress | None = None,
) -> Exported:
    """``records`` exported as ``json`` (the editable twin), ``csv`` or ``text``, with the
    verdict on each (csv and text replay the records: an illegal one is exported up to and
    including its illegal action, an incomplete one in full). ``numbers`` are the
    records' numbers in ``source`` (from 1; by default 1, 2, ...), as rows and verdicts
    give them. ``on_progress`` hears of each record exported (with no bytes: see
    :mod:`gamerec.format.progress`)."""
    from ..format.write import encode_records

    recs = list(records)
    nums = list(numbers) if numbers is not None else list(range(1, len(recs) + 1))
    if len(nums) != len(recs):
        raise InputError(f"{len(nums)} numbers for {len(recs)} records")
    tally = ProgressTally(on_progress, None)
    if to == "json":
        return Exported(b"".join(encode_records(tally.counted(recs, _none), "json")), [])
    if to == "csv":
        return Exported(*csv_export(recs, source, nums, tally))
    if to == "text":
        texts = [text_export(r, n, source) for n, r in tally.counted(zip(nums, recs, strict=True), _none)]
        return Exported("\n".join(t for t, _ in texts).encode(), [v for _, v in texts])
    raise InputError(f"unknown export {to!r} (choose from {', '.join(EXPORTS)})")


def export(records: Iterable[Record], to: str, source: str = "-") -> bytes:
    """``records`` exported as ``json`` (the editable twin), ``csv`` or ``text`` (see
    :func:`export_checked`, which gives the verdicts too)."""
    return export_checked(records, to, source).data
