"""Progress of long work on stderr, and what was done when a signal stopped it.

A command wraps its long work in a :class:`Work`: on a terminal (and without ``--quiet``) it
draws a rich progress bar on stderr, counted in records when their number is known, else in
the bytes of the input (with the records done beside them), with the rate and the time
left, once the work has run for :data:`SHOW_AFTER` seconds (a quick command draws nothing,
and needs no rich: ``GAMEREC_PROGRESS_AFTER=0`` draws at once); on a pipe or a file it draws
nothing. The library reports through ``on_progress``
callbacks (:mod:`gamerec.format.progress`); a :class:`Work` is one. When a signal stops the
command, the work's :meth:`Work.status` says how far it got, for the one line the error
boundary prints (``gamerec: interrupted (SIGINT) after 1234 of 20000 records; no output
written``).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Iterable, Iterator
from types import TracebackType
from typing import IO, Any, TypeVar

from .app import err, raise_dropped, real_console, underway

T = TypeVar("T")

#: the fewest seconds between two redraws (the bar is drawn from the callbacks, with no
#: refresh thread: batch workers are forked while it runs, and forking a threaded process is
#: unsafe)
REDRAW = 0.1
#: the seconds of work before a bar is drawn (``GAMEREC_PROGRESS_AFTER`` sets it)
SHOW_AFTER = 0.5


def show_after() -> float:
    """:data:`SHOW_AFTER`, or ``GAMEREC_PROGRESS_AFTER`` when that is a number of seconds."""
    try:
        seconds = float(os.environ.get("GAMEREC_PROGRESS_AFTER", SHOW_AFTER))
    except ValueError:
        return SHOW_AFTER
    return seconds if seconds >= 0 else SHOW_AFTER


class Work:
    """Long work: ``what`` it does (``verifying``), its total of records if known, and what
    an interrupt leaves of it (``tail``: ``no output written``). Use it as a context
    manager; call it as an ``on_progress`` callback, or count the items of an iterable
    with :meth:`wrap`."""

    def __init__(self, what: str, tail: str, *, total: int | None = None, quiet: bool = False) -> None:
        self.what = what
        self.tail = tail
        self.total = total
        self.quiet = quiet
        self.records = 0
        self.done_bytes = 0
        self.total_bytes: int | None = None
        self._bar: Any = None
        self._task: Any = None
        self._drawn = 0.0
        self._began = 0.0
        self._after: float | None = None  # seconds of work before the bar, None: no bar

    def __enter__(self) -> Work:
        underway.work = self
        self._began = time.monotonic()
        if not self.quiet and err.is_terminal:
            self._after = show_after()
            if self._after == 0:
                self._start()
        return self

    def __exit__(
        self, kind: type[BaseException] | None, value: BaseException | None, tb: TracebackType | None
    ) -> None:
        if self._bar is not None:
            self._bar.stop()
            self._bar = None
            underway.drawing = False
        if kind is None and underway.work is self:
            underway.work = None  # else kept for the error boundary's line

    def _start(self) -> None:
        from rich.progress import BarColumn, Progress, TaskProgressColumn, TextColumn, TimeRemainingColumn

        self._bar = Progress(
            TextColumn("{task.description}"),
            BarColumn(),
            TaskProgressColumn(),
            TextColumn("{task.fields[count]}"),
            TextColumn("{task.fields[rate]}"),
            TimeRemainingColumn(),
            console=real_console(err),
            transient=True,
            auto_refresh=False,
            # standard output shown above the bar when it is the terminal too, else left alone
            # (rich would send it to the bar's console: stderr)
            redirect_stdout=_is_terminal(sys.stdout),
        )
        self._task = self._bar.add_task(self.what, total=self.total, count=self._count(), rate="")
        self._bar.start()
        underway.drawing = True
        self._bar.refresh()

    def __call__(self, records: int, done_bytes: int, total_bytes: int | None) -> None:
        """The ``on_progress`` callback: ``records`` done, holding ``done_bytes`` of the
        input's ``total_bytes``. A signal dropped in a finalizer stops the work here."""
        raise_dropped()
        self.records, self.done_bytes, self.total_bytes = records, done_bytes, total_bytes
        if self._after is None:
            return
        now = time.monotonic()
        if now - self._drawn < REDRAW:
            return
        elapsed = now - self._began
        if self._bar is None:
            if elapsed < self._after:
                return
            self._start()
        self._drawn = now
        rate = f"{records / elapsed:.0f} records/s" if elapsed > 0 else ""
        if self.total is not None:
            self._bar.update(self._task, completed=records, count=self._count(), rate=rate)
        else:
            self._bar.update(
                self._task, total=total_bytes, completed=done_bytes, count=self._count(), rate=rate
            )
        self._bar.refresh()

    def wrap(self, items: Iterable[T]) -> Iterator[T]:
        """``items`` as they are, each counted as a record once the next is asked for."""
        for n, item in enumerate(items, 1):
            yield item
            self(n, 0, None)

    def _count(self) -> str:
        if self.total is not None:
            return f"{self.records} of {self.total} records"
        return f"{self.records} record{'s' if self.records != 1 else ''}"

    def status(self) -> str:
        """How far the work got, and what an interrupt leaves: ``after 1234 of 20000
        records; no output written``."""
        if self.total is not None:
            done = f"after {self.records} of {self.total} records"
        else:
            done = f"after {self.records} record{'s' if self.records != 1 else ''}"
            if self.total_bytes:
                done += f" ({100 * self.done_bytes // self.total_bytes}% of the input)"
        return f"{done}; {self.tail}"


def _is_terminal(f: IO[str]) -> bool:
    try:
        return f.isatty()
    except (ValueError, OSError):  # closed
        return False
