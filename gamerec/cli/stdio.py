"""Standard streams the command line can trust: every byte written or an error naming the
stream, whatever the environment did to them.

- ``PYTHONUNBUFFERED=1`` (Docker, CI) makes ``sys.stdout.buffer`` a raw file, whose writes
  may take only part of the bytes and say so only by their count: a file-size limit or a
  full pipe then cut the output silently. :func:`prepare` puts a buffered writer over it,
  which carries on until every byte is written or raises.
- A write that fails (a full disk, a file-size limit) says ``standard output: cannot
  write: ...`` (an :class:`~gamerec.errors.InputError`, exit 2), not a bare OSError.
- A stream closed before the start (``>&-``, ``<&-``) is ``None`` in Python. Its file
  descriptor is taken by ``/dev/null`` (so no file opened later gets it by chance) and
  using it is an error: ``standard output is closed``.
- Running out of memory is said with a line made beforehand, written as it is to stderr's
  file descriptor (:func:`tell_out_of_memory`): saying it needs no memory.
- A stream whose encoding is not UTF-8 (``PYTHONIOENCODING=ascii``, a Latin-1 terminal)
  shows the characters it lacks (gamerec's own ``·``, ``→``, box drawing; names) as ``?``
  instead of failing on the first of them.
"""

from __future__ import annotations

import codecs
import contextlib
import io
import os
import sys
from typing import Any, NoReturn

from ..errors import InputError

__all__ = ["OUT_OF_MEMORY", "discard_stdout", "out_of_memory", "prepare", "tell_out_of_memory"]


class _Output(io.BufferedWriter):
    """Standard output's bytes: buffered, and a failure names the stream. After a failure
    the rest goes nowhere, so that Python's last flush at exit has nothing to report."""

    def write(self, data: Any) -> int:
        try:
            return super().write(data)
        except OSError as e:
            raise self._failed(e) from None

    def flush(self) -> None:
        try:
            super().flush()
        except OSError as e:
            raise self._failed(e) from None

    def _failed(self, e: OSError) -> OSError | InputError:
        discard_stdout(self.fileno())
        if isinstance(e, BrokenPipeError):
            return e
        return InputError(f"standard output: cannot write: {e.strerror or e}")


class _Closed(io.RawIOBase):
    """A standard stream that was closed before gamerec started."""

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def _closed(self) -> InputError:
        return InputError(f"{self.name} is closed (it was shut before gamerec started)")

    @property
    def buffer(self) -> _Closed:
        return self

    @property
    def encoding(self) -> str:
        return "utf-8"

    def isatty(self) -> bool:
        return False

    def readable(self) -> bool:
        return True

    def writable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        raise self._closed()

    def readline(self, size: int | None = -1) -> bytes:
        raise self._closed()

    def readinto(self, buffer: Any) -> int:
        raise self._closed()

    def write(self, data: Any) -> int:
        raise self._closed()

    def flush(self) -> None:
        pass


def _lenient(encoding: str, errors: str | None) -> str:
    """The error handler for a stream of ``encoding``: ``replace`` where it is not UTF-8
    and would fail on a character it lacks."""
    try:
        utf = codecs.lookup(encoding).name.startswith("utf")
    except LookupError:
        utf = False
    return "replace" if errors in (None, "strict") and not utf else (errors or "strict")


def prepare() -> None:
    """Make the standard streams of the console script safe to use (see the module)."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:  # closed: hold the number, so a file opened later cannot take it
            taken = os.open(os.devnull, os.O_RDWR)
            if taken != fd:  # a lower descriptor was free after all: leave things as they are
                os.close(taken)
    if sys.stdin is None:
        sys.stdin = _Closed("standard input")
    if sys.stderr is None:  # nowhere to say anything: only the exit code tells
        sys.stderr = open(os.devnull, "w")  # noqa: SIM115 - for the life of the process
    elif isinstance(sys.stderr, io.TextIOWrapper):
        sys.stderr.reconfigure(errors=_lenient(sys.stderr.encoding, sys.stderr.errors))
    if sys.stdout is None:
        sys.stdout = _Closed("standard output")
        return
    old = sys.stdout
    buffer = getattr(old, "buffer", None)
    if not isinstance(buffer, io.RawIOBase | io.BufferedWriter) or not isinstance(old, io.TextIOWrapper):
        return  # not the process's own stream (a test runner's capture): leave it be
    old.flush()
    encoding, errors, lines = old.encoding, old.errors, old.line_buffering
    old.detach()
    # unbuffered (PYTHONUNBUFFERED=1 or -u): a buffer over the raw file, flushed at each line
    raw = buffer if isinstance(buffer, io.RawIOBase) else buffer.detach()
    lines = lines or isinstance(buffer, io.RawIOBase)
    errors = _lenient(encoding, errors)
    sys.stdout = io.TextIOWrapper(_Output(raw), encoding=encoding, errors=errors, line_buffering=lines)
    if sys.__stdout__ is old:  # detached: what reads it (shutil's terminal size, Textual) gets the new one
        sys.__stdout__ = sys.stdout  # type: ignore[misc]


def require_stdin() -> None:
    """InputError if standard input was closed before gamerec started: a command that
    reads from it (``record``'s prompt) says so before it makes anything."""
    if isinstance(sys.stdin, _Closed):
        raise sys.stdin._closed()


def discard_stdout(fd: int | None = None) -> None:
    """Send what is still buffered for stdout (file descriptor ``fd``) nowhere, after a
    broken pipe or a failed write."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno() if fd is None else fd)
        os.close(devnull)
    except (OSError, ValueError, AttributeError, io.UnsupportedOperation):
        pass


#: the line said when memory runs out, made beforehand: saying it must need no memory
OUT_OF_MEMORY = "gamerec: out of memory: give fewer or smaller inputs, fewer --jobs, or more memory\n"
_OUT_OF_MEMORY = OUT_OF_MEMORY.encode()
#: holds True once the line is said in this command (the error boundary clears it)
told: list[bool] = []


def tell_out_of_memory() -> None:
    """Standard output flushed (the lines already printed come first), then
    :data:`OUT_OF_MEMORY` on stderr, once a command: written as it is to stderr's file
    descriptor, not through a console, a style or a format; to the stream itself where it
    has none (a test runner's). Whatever fails on the way is let be."""
    with contextlib.suppress(Exception):
        sys.stdout.flush()
    if told:
        return
    told.append(True)
    stream = sys.stderr
    try:
        fd = stream.fileno()
    except (AttributeError, OSError, ValueError):  # no file descriptor: a stand-in stream
        with contextlib.suppress(Exception):
            stream.write(OUT_OF_MEMORY)
            stream.flush()
        return
    with contextlib.suppress(Exception):
        stream.flush()
    with contextlib.suppress(OSError):
        data = memoryview(_OUT_OF_MEMORY)
        while data:
            data = data[os.write(fd, data) :]


def out_of_memory(e: BaseException | None, code: int, at_once: bool = False) -> NoReturn:
    """End a command that ran out of memory: :func:`tell_out_of_memory`, then exit
    ``code`` (``at_once``: :func:`os._exit`, raising nothing, for a MemoryError that got
    past the error boundary). The frames that held the memory (``e``'s traceback) are let
    go first, quietly: what fails in their finalizers, out of memory still, is not reported
    (Python would print its traceback)."""
    hook, sys.unraisablehook = sys.unraisablehook, _quiet
    try:
        if e is not None:
            e.__traceback__ = None
            e = None
        tell_out_of_memory()
    finally:
        if not at_once:
            sys.unraisablehook = hook
    if at_once:
        os._exit(code)
    sys.exit(code)


def _quiet(what: object) -> None:
    """An unraisable hook that says nothing (see :func:`out_of_memory`)."""
