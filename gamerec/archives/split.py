"""Splitting archives: the records of many files written one file per group (by game,
event, date or player, or in parts of N records), under names made safe from the group's
value (:func:`safe_stem`), all or nothing.

The records are gathered, as binary frames, in a work folder inside the output folder
(``.gamerec-split-PID-RANDOM``); only once every input is read, and every name is checked to
be free (or ``force`` is given), are the files written there, each whole
(:func:`gamerec.format.write.stage`), then all put in place at once, with signals held. An
unreadable record, a file that cannot be written, a name taken or an interruption leaves
the output folder as it was (a signal that came while the files were put in place takes
them away again); a run killed outright leaves its work folder, which a later split into the
same folder removes once that run's process is gone.
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

from ..checking.verdicts import Verdict
from ..errors import InputError
from ..format import container
from ..format.encodings import SUFFIXES, Encoding
from ..format.paths import Paths, refuse_empty
from ..format.progress import OnProgress
from ..format.read import read_file
from ..format.write import (
    Staged,
    check_encoding,
    check_not_input,
    encode_records,
    process_alive,
    put_in_place,
    signals_held,
    stage,
    temporary_path,
)
from .select import Candidate, Selecting, readable, select, unreadable_message

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
#: the start of the name of a split's work folder, ``.gamerec-split-PID-RANDOM``
WORK_PREFIX: Final = ".gamerec-split-"


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
    nor, without ``force``, if a file to write exists already; nor when a file cannot be
    written (:class:`InputError`, naming it) or the run is stopped (a signal's exception):
    the folder is left as it was, a file replaced put back. The work folders that splits
    killed outright left in ``directory`` are removed once their process is gone."""
    if isinstance(by, int):
        if by < 1:
            raise InputError(f"split: parts of {by} records: give a number from 1")
    elif by not in KEYS:
        raise InputError(f"split: cannot group by {by!r}: give {', '.join(KEYS)} or a number")
    suffix = next(s for s, enc in SUFFIXES.items() if enc == check_encoding(encoding))
    refuse_empty(directory, "folder name")
    folder = Path(directory)
    if folder.exists() and not folder.is_dir():
        raise InputError(f"{folder}: not a directory")
    made = not folder.exists()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"{folder}: cannot make the folder: {e.strerror or e}") from None
    _remove_stale_work(folder)
    work: Path | None = None
    staged: list[Staged] = []
    published = False
    try:
        try:
            with signals_held():  # a signal now would leave a folder no one knows to remove
                work = Path(tempfile.mkdtemp(prefix=f"{WORK_PREFIX}{os.getpid()}-", dir=folder))
        except OSError as e:
            raise InputError(f"{folder}: cannot write: {e.strerror or e}") from None
        run = select(paths, on_progress=on_progress)
        skip = on_unreadable if skip_unreadable else None
        values, targets, counts, kept = _gather(run, by, work, folder, suffix, skip)
        for t in targets:
            check_not_input(t, run.files)
            if not force and os.path.lexists(t):
                raise InputError(f"{t}: exists (use --force to replace it)")
        for i, target in enumerate(targets):  # each written whole, not yet in place
            part = work / f"{i}.grec"
            if encoding == "binary":
                chunks = _chunks(part)
            else:
                chunks = encode_records((e.record for e in read_file(part) if e.record is not None), encoding)
            staged.append(stage(target, chunks, force=force, inputs=run.files, within=work))
            with contextlib.suppress(OSError):
                part.unlink()  # (its records are in the file staged: the disk holds them once)
        _put_in_place(staged)
        published = True
        staged.clear()
        files = [SplitFile(str(t), v, n) for t, v, n in zip(targets, values, counts, strict=True)]
        return SplitReport(files, kept, run.read - kept)
    finally:
        with signals_held():  # a second Ctrl-C does not stop the cleaning up
            for s in staged:  # (those staged beside a link's target, outside the work folder)
                s.discard()
            if work is not None:
                shutil.rmtree(work, ignore_errors=True)
            if made and not published:
                with contextlib.suppress(OSError):
                    folder.rmdir()


def _put_in_place(staged: list[Staged]) -> None:
    """Put every staged file in place, with signals held: all of them, or, on an error or
    a signal that came meanwhile (raised as the signals are let through), none: those put
    in place are taken away again and the files they replaced put back."""
    done: list[tuple[Staged, str | None]] = []
    try:
        with signals_held():
            for s in staged:
                kept = _keep(s) if s.replaces else None
                try:
                    put_in_place(s)
                except BaseException:
                    if kept is not None:
                        _put_back(kept, s.target)
                    raise
                done.append((s, kept))
    except BaseException:
        with signals_held():
            for s, kept in reversed(done):
                if kept is not None:
                    _put_back(kept, s.target)
                else:
                    with contextlib.suppress(OSError):
                        os.unlink(s.target)
        raise
    for _, kept in done:
        if kept is not None:
            with contextlib.suppress(OSError):
                os.unlink(kept)


def _keep(s: Staged) -> str:
    """The file ``s`` replaces, kept under a temporary name beside it (a hard link; where
    the file system makes none, the file itself, moved there) until all are in place."""
    kept = str(temporary_path(s.target))
    try:
        try:
            os.link(s.target, kept)
        except OSError:
            os.replace(s.target, kept)
    except OSError as e:
        raise InputError(f"{s.path}: cannot replace it: {e.strerror or e}") from None
    return kept


def _put_back(kept: str, target: Path) -> None:
    with contextlib.suppress(OSError):
        os.replace(kept, target)


def _remove_stale_work(folder: Path) -> None:
    """Remove the work folders (``.gamerec-split-PID-RANDOM``) in ``folder`` that splits
    killed outright (SIGKILL, a power cut) left, once their process is gone."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        if not name.startswith(WORK_PREFIX):
            continue
        pid_text, dash, _ = name[len(WORK_PREFIX) :].partition("-")
        if not dash or not pid_text.isdigit() or len(pid_text) > 10 or process_alive(int(pid_text)):
            continue
        stale = folder / name
        if stale.is_dir() and not stale.is_symlink():
            shutil.rmtree(stale, ignore_errors=True)


def _gather(
    run: Selecting,
    by: str | int,
    work: Path,
    folder: Path,
    suffix: str,
    skip: Callable[[Verdict], object] | None,
) -> tuple[list[str | None], list[Path], list[int], int]:
    """Append each record's frame to its groups' temporary files; the groups' values in
    the order first met, their files in ``folder`` (:func:`group_names`), their counts, and
    the records kept. A record that cannot be read
    raises :class:`InputError`, or with ``skip`` is given to it (its verdict) and left out;
    so does a temporary file that cannot be written, naming the group's file in ``folder``."""
    index: dict[str | None, int] = {}
    names = _Names(suffix)
    targets: list[Path] = []
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
                    targets.append(folder / names.name(value))
                    counts.append(0)
                try:
                    f = handles.get(i)
                    if f is None:
                        if len(handles) >= _OPEN:
                            _close(handles, targets)
                        f = handles[i] = open(work / f"{i}.grec", "ab")  # noqa: SIM115 - closed below
                        if counts[i] == 0:
                            f.write(container.FILE_HEADER)
                    f.write(frame)
                except OSError as e:
                    raise _unwritable(targets[i], e) from None
                counts[i] += 1
        _close(handles, targets)
    finally:
        for h in handles.values():
            with contextlib.suppress(OSError):
                h.close()
    return list(index), targets, counts, number


def _close(handles: dict[int, IO[bytes]], targets: list[Path]) -> None:
    """Close the temporary files (their buffers written: a full disk may refuse them)."""
    while handles:
        i, h = handles.popitem()
        try:
            h.close()
        except OSError as e:
            raise _unwritable(targets[i], e) from None


def _unwritable(target: Path, e: OSError) -> InputError:
    return InputError(f"{target}: cannot write: {e.strerror or e}")


def _chunks(part: Path) -> Iterator[bytes]:
    with open(part, "rb") as f:
        while chunk := f.read(1 << 20):
            yield chunk
