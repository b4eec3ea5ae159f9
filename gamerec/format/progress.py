"""Progress of long work, reported to whoever asked for it: the library never shows it.

A reader, a batch or a writer that may run for long takes an ``on_progress`` callback
(:data:`OnProgress`) and calls it after each record with the records done so far, the bytes
of input they held, and the bytes of all the input (None when unknown: standard input, a
pipe). The command line draws it as a progress bar; a library caller may log it or ignore
it. The bytes are the records' own (a frame's header and body, a JSON document or line, a
text record), so they reach the total only near the end: a caller shows the total as done
when the work returns.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TypeVar

__all__ = ["OnProgress", "ProgressTally", "input_size"]

#: ``on_progress(done_records, done_bytes, total_bytes)``
OnProgress = Callable[[int, int, "int | None"], None]

T = TypeVar("T")


def input_size(paths: Iterable[str | Path]) -> int | None:
    """The bytes of all the regular files named; None when one is not a regular file
    (``-``, a pipe) or cannot be looked at (its reader says why)."""
    total = 0
    for p in paths:
        if str(p) == "-":
            return None
        try:
            st = os.stat(p)
        except OSError:
            return None
        if not stat.S_ISREG(st.st_mode):
            return None
        total += st.st_size
    return total


class ProgressTally:
    """The records and bytes done so far, passed on to an :data:`OnProgress` (which may be
    None: then nothing is counted)."""

    def __init__(self, on_progress: OnProgress | None, total_bytes: int | None) -> None:
        self.on_progress = on_progress
        self.total_bytes = total_bytes
        self.records = 0
        self.bytes = 0

    def add(self, nbytes: int, records: int = 1) -> None:
        self.records += records
        self.bytes += nbytes
        if self.on_progress is not None:
            self.on_progress(self.records, self.bytes, self.total_bytes)

    def counted(self, items: Iterable[T], size: Callable[[T], int]) -> Iterator[T]:
        """``items`` as they are, each added (with ``size(item)`` bytes) once it is taken."""
        for item in items:
            yield item
            self.add(size(item))
