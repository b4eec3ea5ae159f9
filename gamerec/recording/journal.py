"""The recorder's journal: a recording kept safe from crashes and from its user.

A journal is JSON Lines: a header entry first (the record's header in the text notation,
how the hands come, the seed), then one entry a line for each step the recorder accepted
(:mod:`gamerec.recording.log` says what each entry holds and does). Every entry is appended
whole and synced to disk (:func:`append`) before the recorder goes on, so a crash loses at
most the line being written: :func:`split_lines` leaves a torn last line out.

A recorder holds its journal locked (:func:`open_locked`: ``fcntl.flock``, so two
recordings of one journal cannot both append; the lock dies with the process) and names
its process in a file beside it (``JOURNAL.pid``, :func:`owner_file`), which the second
recorder's refusal quotes. A journal found damaged is first copied whole
(:func:`backup`: ``JOURNAL.damaged``, ``JOURNAL.damaged.2``, ...) before it is cut.
This module is the file alone: it knows neither the rules nor the notation.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
from pathlib import Path

import msgspec

from ..errors import GamerecError

if sys.platform != "win32":
    import fcntl

__all__ = [
    "append",
    "backup",
    "encode_entry",
    "open_locked",
    "owner_file",
    "read_all",
    "release",
    "split_lines",
]

#: the byte order mark a journal may start with (an editor's doing)
BOM = b"\xef\xbb\xbf"


def encode_entry(entry: msgspec.Struct) -> str:
    """One entry (``gamerec.recording.journal_entries``) as a line of the journal (JSON, with its line
    break)."""
    return msgspec.json.encode(entry).decode() + "\n"


def split_lines(data: bytes) -> tuple[list[tuple[int, int, bytes]], int | None]:
    """The journal's ``data`` as its entries, (number, offset, line) of each whole line that
    is not blank, and the offset of a torn last line (one without its line break: killed
    while writing it, so never accepted), or None."""
    lines: list[tuple[int, int, bytes]] = []  # (number, offset, line) of each whole line
    offset = len(BOM) if data.startswith(BOM) else 0
    torn: int | None = None  # the offset of a torn last line
    for number, line in enumerate(data[offset:].split(b"\n"), 1):
        if offset + len(line) == len(data):  # no line break after it
            torn = offset if line else None  # killed while writing it: never accepted
            break
        lines.append((number, offset, line))
        offset += len(line) + 1
    return [(n, at, line) for n, at, line in lines if line.strip()], torn


def owner_file(journal: Path) -> Path:
    """Where the process holding ``journal`` writes its id."""
    return journal.with_name(journal.name + ".pid")


def _owner(journal: Path) -> str:
    try:
        with open(owner_file(journal), "rb") as f:
            text = f.read(32).strip()
    except OSError:
        text = b""
    return f"process {int(text)}" if text.isdigit() and len(text) < 16 else "another process"


def open_locked(path: Path, *, create: bool) -> int:
    """``path`` open for appending (made if ``create``), a regular file, and locked for
    this recorder: GamerecError, naming the holder, when another one holds it."""
    flags = os.O_RDWR | os.O_APPEND | getattr(os, "O_CLOEXEC", 0) | (os.O_CREAT if create else 0)
    try:
        fd = os.open(path, flags, 0o666)
    except OSError as e:
        verb = "write" if create else "read"
        raise GamerecError(f"{path}: cannot {verb} the journal: {e.strerror or e}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise GamerecError(f"{path}: not a journal: not a regular file")
        if sys.platform != "win32":
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError as e:  # (a file system without locks: recorded unlocked)
                if e.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                    raise GamerecError(
                        f"{path}: the journal is in use by {_owner(path)} (another gamerec record); "
                        "let that one end first, then --resume it"
                    ) from None
        try:  # the path still names the file locked: not removed (its game written) meanwhile
            same = os.path.samestat(os.fstat(fd), os.stat(path))
        except OSError:
            same = False
        if not same:
            raise GamerecError(f"{path}: the journal was removed or replaced while it was opened")
    except BaseException:
        os.close(fd)
        raise
    try:
        with open(owner_file(path), "w", encoding="ascii") as f:
            f.write(f"{os.getpid()}\n")
    except OSError:
        pass  # only for the message another recorder gives
    return fd


def release(path: Path, fd: int) -> None:
    """Remove the process id beside ``path`` and let go of the journal (in this order, so
    that the next holder's id is never removed)."""
    with contextlib.suppress(OSError):
        owner_file(path).unlink(missing_ok=True)
    os.close(fd)


def read_all(fd: int) -> bytes:
    chunks = []
    offset = 0
    while chunk := os.pread(fd, 1 << 20, offset):
        chunks.append(chunk)
        offset += len(chunk)
    return b"".join(chunks)


def append(fd: int, text: str) -> None:
    """Append ``text`` whole and sync it to disk."""
    data = memoryview(text.encode())
    while data:
        data = data[os.write(fd, data) :]
    os.fsync(fd)


def backup(journal: Path, data: bytes, why: str = "damaged") -> Path:
    """A copy of the journal's ``data`` beside it, under a new name (an earlier copy is
    kept): JOURNAL.damaged, JOURNAL.damaged.2, ... (``why``: ``replaced`` for a journal a
    new recording starts over)."""
    for n in range(1, 1000):
        path = journal.with_name(journal.name + (f".{why}" if n == 1 else f".{why}.{n}"))
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o666)
        except FileExistsError:
            continue
        except OSError as e:
            raise GamerecError(
                f"{path}: cannot keep a copy of the {why} journal: {e.strerror or e}"
            ) from None
        try:
            view = memoryview(data)
            while view:
                view = view[os.write(fd, view) :]
            os.fsync(fd)
        except OSError as e:
            os.close(fd)
            path.unlink(missing_ok=True)
            raise GamerecError(
                f"{path}: cannot keep a copy of the {why} journal: {e.strerror or e}"
            ) from None
        os.close(fd)
        return path
    raise GamerecError(f"{journal}: cannot keep a copy of the damaged journal: 999 copies are there already")
