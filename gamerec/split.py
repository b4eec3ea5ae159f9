"""Splitting archives: the records of many files written one file per group (by game,
event, date or player, or in parts of N records), under names made safe from the group's
value (:func:`safe_stem`), all or nothing.

The records are gathered, as binary frames, in a temporary folder inside the output folder;
only once every input is read are the files written into place, each atomically
(:func:`gamerec.format.write.write_atomic`), after every name is checked to be free (or
``force`` is given). An unreadable record, an interruption or a name taken leaves the
output folder as it was.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import shutil
import tempfile
import unicodedata
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Final

import msgspec

from .errors import InputError
from .format import container
from .format.encodings import SUFFIXES, Encoding
from .format.paths import Paths, refuse_empty
from .format.progress import OnProgress
from .format.read import read_file
from .format.write import check_not_input, write_atomic, write_records
from .select import Candidate, Selecting, readable, select, unreadable_message
from .verdicts import Verdict

__all__ = ["KEYS", "SplitFile", "SplitReport", "group_names", "safe_stem", "split"]

#: what a split groups by (or a number of records a part)
KEYS: Final = ("game", "event", "date", "player")

#: the most bytes a name's stem takes from a group's value (a file name holds 255)
MAX_STEM: Final = 100
#: names Windows keeps for devices, in any case and with any suffix
_RESERVED: Final = frozenset(
    ["CON", "PRN", "AUX", "NUL"] + [f"COM{i}" for i in range(1, 10)] + [f"LPT{i}" for i in range(1, 10)]
)
_SAFE_MARKS: Final = frozenset("-_.+=@,()")
#: the most temporary files held open at once while gathering
_OPEN: Final = 64


def _short_hash(value: str) -> str:
    return hashlib.blake2b(value.encode("utf-8", "surrogatepass"), digest_size=4).hexdigest()


def safe_stem(value: str | None) -> str:
    """A file name's stem for a group's ``value``: letters, digits and ``-_.+=@,()`` kept,
    every other character (a path separator, a control character, a blank) an ``_``; never
    hidden, never ``.`` or ``..``, never a Windows device name; at most :data:`MAX_STEM`
    bytes (a longer value is cut and given a hash of the whole, so that two long values
    stay apart). No value is ``_none``, an empty one ``_empty``.

    >>> safe_stem("../x"), safe_stem("Club night"), safe_stem(None), safe_stem(""), safe_stem("con")
    ('_.._x', 'Club_night', '_none', '_empty', '_con')
    """
    if value is None:
        return "_none"
    if value == "":
        return "_empty"
    text = unicodedata.normalize("NFC", value)
    stem = "".join(c if (c.isalnum() and c.isprintable()) or c in _SAFE_MARKS else "_" for c in text)
    if stem.startswith((".", "-")) or stem.split(".")[0].upper() in _RESERVED:
        stem = "_" + stem
    if stem.endswith("."):
        stem = stem[:-1] + "_"
    if len(stem.encode()) > MAX_STEM:
        cut = stem.encode()[: MAX_STEM - 9].decode("utf-8", "ignore")
        stem = f"{cut}-{_short_hash(value)}"
    return stem


class _Names:
    """Each group's file name, distinct from every other even on a file system that does
    not tell case apart: the first value to claim a stem gets it, a later one that makes
    the same stem (``a/b`` after ``a_b``, ``Club`` after ``club``) gets a hash of its value
    added."""

    def __init__(self, suffix: str) -> None:
        self.suffix = suffix
        self.taken: set[str] = set()

    def name(self, value: str | None) -> str:
        stem = safe_stem(value)
        base = stem
        n = 0
        while stem.casefold() in self.taken:
            n += 1
            tail = _short_hash("\0" if value is None else value) + ("" if n == 1 else f"-{n}")
            stem = f"{base}-{tail}"
        self.taken.add(stem.casefold())
        return stem + self.suffix


def group_names(values: list[str | None], suffix: str = ".grec") -> list[str]:
    """The file names the groups of ``values`` get, in order (see :func:`safe_stem`)."""
    names = _Names(suffix)
    return [names.name(v) for v in values]


class SplitFile(msgspec.Struct):
    """One file a split wrote: its path, the group's value and how many records it holds."""

    path: str
    group: str | None
    records: int


class SplitReport(msgspec.Struct):
    """What a split did: the files written, in the order their groups were first met, the
    records split, and those left out as unreadable (with ``skip_unreadable``)."""

    files: list[SplitFile]
    records: int
    unreadable: int = 0


def _groups(c: Candidate, by: str | int, number: int) -> list[str | None]:
    if isinstance(by, int):
        return [f"part-{number // by + 1:06d}"]
    head = c.header()
    if by == "game":
        return [head.game]
    if by == "event":
        return [head.meta.event]
    if by == "date":
        return [head.meta.date]
    return list(dict.fromkeys(head.players))  # a record goes to each of its players


def split(
    paths: Paths,
    by: str | int,
    directory: str | Path,
    encoding: Encoding = "binary",
    *,
    force: bool = False,
    skip_unreadable: bool = False,
    on_unreadable: Callable[[Verdict], object] | None = None,
    on_progress: OnProgress | None = None,
) -> SplitReport:
    """Write the records of ``paths`` into ``directory`` (made if missing), one file per
    group: ``by`` is ``game``, ``event``, ``date``, ``player`` (a record goes into the file
    of each of its players) or a number N (parts of N records, in order, named
    ``part-000001``...). Records keep their input order in each file. Nothing is written
    if a record cannot be read (:class:`InputError`, its place and why), unless
    ``skip_unreadable``: then it is left out, and its verdict given to ``on_unreadable``;
    nor, without ``force``, if a file to write exists already."""
    if isinstance(by, int):
        if by < 1:
            raise InputError(f"split: parts of {by} records: give a number from 1")
    elif by not in KEYS:
        raise InputError(f"split: cannot group by {by!r}: give {', '.join(KEYS)} or a number")
    refuse_empty(directory, "folder name")
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder}: not a directory")
    made = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"{folder}: cannot make the folder: {e.strerror or e}") from None
    try:
        work = Path(tempfile.mkdtemp(prefix=".gamerec-split-", dir=folder))
    except OSError as e:
        raise InputError(f"{folder}: cannot write: {e.strerror or e}") from None
    published = False
    try:
        run = select(paths, on_progress=on_progress)
        values, counts, kept = _gather(run, by, work, on_unreadable if skip_unreadable else None)
        suffix = next(s for s, enc in SUFFIXES.items() if enc == encoding)
        names = group_names(values, suffix)
        targets = [folder / n for n in names]
        for t in targets:
            check_not_input(t, run.files)
            if not force and os.path.lexists(t):
                raise InputError(f"{t}: exists (use --force to replace it)")
        published = True
        for i, target in enumerate(targets):
            part = work / f"{i}.grec"
            if encoding == "binary":
                write_atomic(target, _chunks(part), force=True, inputs=run.files)
            else:
                records = (e.record for e in read_file(part) if e.record is not None)
                write_records(records, target, encoding, force=True, inputs=run.files)
        files = [SplitFile(str(t), v, n) for t, v, n in zip(targets, values, counts, strict=True)]
        return SplitReport(files, kept, run.read - kept)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if made and not published:
            with contextlib.suppress(OSError):
                folder.rmdir()


def _gather(
    run: Selecting, by: str | int, work: Path, skip: Callable[[Verdict], object] | None
) -> tuple[list[str | None], list[int], int]:
    """Append each record's frame to its groups' temporary files; the groups' values in
    the order first met, their counts, and the records kept. A record that cannot be read
    raises :class:`InputError`, or with ``skip`` is given to it (its verdict) and left out."""
    index: dict[str | None, int] = {}
    counts: list[int] = []
    handles: dict[int, IO[bytes]] = {}
    number = 0
    try:
        for c in run:
            try:
                frame = readable(c, c.frame)
                values = readable(c, functools.partial(_groups, c, by, number))
            except InputError:
                if c.error is None:  # not unreadable: another reason (a record too large...)
                    raise
                if skip is None:
                    raise InputError(f"{unreadable_message(c)} or give --skip-unreadable") from None
                skip(c.problem())
                continue
            number += 1
            for value in values:
                i = index.get(value)
                if i is None:
                    i = index[value] = len(counts)
                    counts.append(0)
                f = handles.get(i)
                if f is None:
                    if len(handles) >= _OPEN:
                        for h in handles.values():
                            h.close()
                        handles.clear()
                    part = work / f"{i}.grec"
                    f = handles[i] = open(part, "ab")  # noqa: SIM115 - closed below or when too many
                    if counts[i] == 0:
                        f.write(container.FILE_HEADER)
                f.write(frame)
                counts[i] += 1
    except OSError as e:
        raise InputError(f"{work.parent}: cannot write: {e.strerror or e}") from None
    finally:
        for h in handles.values():
            h.close()
    return list(index), counts, number


def _chunks(part: Path) -> Iterator[bytes]:
    with open(part, "rb") as f:
        while chunk := f.read(1 << 20):
            yield chunk
