"""Writing records: encoded in any encoding, written atomically (a temporary file renamed
over the target, with signals held while it is renamed), streamed to an open file, or
appended as frames to a binary file; and the checks that an output is not an input."""

from __future__ import annotations

import contextlib
import itertools
import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, NamedTuple

import msgspec

from ..errors import InputError, OutputExists
from ..escape import json_inert
from ..record import Record
from . import container, notation
from .binary import encode_binary, with_defaults
from .encodings import ENCODINGS, SUFFIXES, Encoding
from .jsonform import codec, pretty
from .paths import refuse_empty

__all__ = [
    "Staged",
    "append_records",
    "check_not_input",
    "encode_records",
    "encoding_for_path",
    "process_alive",
    "put_in_place",
    "remove_stale_temporaries",
    "same_file",
    "signals_held",
    "stage",
    "temporary_path",
    "write_all",
    "write_atomic",
    "write_records",
    "write_stream",
]


# -- writing --------------------------------------------------------------------------------
def encoding_for_path(path: str | Path) -> Encoding:
    """The encoding a file name asks for by its suffix (binary when it has none known)."""
    return SUFFIXES.get(Path(path).suffix.lower(), "binary")


def check_encoding(encoding: object) -> Encoding:
    """``encoding`` if it is one of :data:`~gamerec.format.encodings.ENCODINGS`, else
    :class:`InputError` (``"gtxt"`` wrote JSON: a writer never guesses)."""
    if encoding not in ENCODINGS:
        raise InputError(f"encoding {encoding!r}: give one of {', '.join(ENCODINGS)}")
    return encoding


def encode_records(records: Iterable[Record], encoding: Encoding) -> Iterator[bytes]:
    """The chunks of a file holding ``records`` in ``encoding``. A JSON document is read back
    whole, and a text notation file a record at a time, so a document, or a record's text,
    that would be over :data:`~gamerec.format.read.MAX_DOCUMENT` bytes is refused
    (InputError, with the encodings that hold it) when it gets there: what gamerec writes,
    it reads back."""
    check_encoding(encoding)
    chunks = _encoded(records, encoding)
    if encoding not in ("json", "text"):
        yield from chunks
        return
    from .read import MAX_DOCUMENT

    size = 0
    for chunk in chunks:
        size = size + len(chunk) if encoding == "json" else len(chunk)  # (text: one record a chunk)
        if size > MAX_DOCUMENT:
            what = "JSON document" if encoding == "json" else "text notation of a record"
            raise InputError(
                f"the {what} would be over {MAX_DOCUMENT:,} bytes, more than gamerec reads back as one: "
                "write JSON Lines (.jsonl) or binary (.grec)"
            )
        yield chunk


def _encoded(records: Iterable[Record], encoding: Encoding) -> Iterator[bytes]:
    """:func:`encode_records`, without the bound."""
    if encoding == "binary":
        yield container.FILE_HEADER
        for r in records:
            yield encode_binary(r)
    elif encoding == "jsonl":
        enc = msgspec.json.Encoder()
        for r in records:
            line = enc.encode(codec(r.game).to_struct(with_defaults(r)))
            # (ASCII JSON, the common case, holds nothing to escape: no decoding round trip)
            plain = line.isascii() and b"\x7f" not in line
            yield (line if plain else json_inert(line.decode()).encode()) + b"\n"
    elif encoding == "text":
        for i, r in enumerate(records):
            yield (("\n" if i else "") + notation.format_record(with_defaults(r))).encode()
    else:  # one record by itself, else a list: laid out as one document, written item by item
        items = (msgspec.to_builtins(codec(r.game).to_struct(with_defaults(r))) for r in records)
        first = next(items, None)
        second = next(items, None)
        if second is None:
            yield (json_inert(pretty([] if first is None else first)) + "\n").encode()
            return
        yield ("[\n  " + json_inert(pretty(first, 2))).encode()
        for item in itertools.chain([second], items):
            yield (",\n  " + json_inert(pretty(item, 2))).encode()
        yield b"\n]\n"


def write_records(
    records: Iterable[Record],
    path: str | Path,
    encoding: Encoding | None = None,
    *,
    force: bool = True,
    inputs: Iterable[str | Path] = (),
) -> int:
    """Write ``records`` to ``path`` atomically (see :func:`write_atomic`: a temporary file
    renamed into place, never over one of ``inputs``) in ``encoding``, else the one its
    suffix names (binary when it has none; an unknown suffix is an error, never binary by
    another name); returns the number of bytes. Without ``force`` an existing file is not
    replaced. ``-`` is refused: it names standard output on the command line, and the
    library writes files (:func:`write_stream` writes to an open file)."""
    enc = output_encoding(path, encoding)
    return write_atomic(path, encode_records(records, enc), force=force, inputs=inputs)


def output_encoding(path: str | Path, encoding: object = None) -> Encoding:
    """The encoding records are written to ``path`` in: ``encoding`` if given (one of
    :data:`~gamerec.format.encodings.ENCODINGS`), else the one its suffix names (binary
    when it has none); an unknown suffix, an unknown encoding or ``-`` (standard output, the
    command line's) is an :class:`InputError`."""
    if str(path) == "-":
        raise InputError("-: not a file name here (standard output is the command line's): give a file")
    if encoding is not None:
        return check_encoding(encoding)
    suffix = Path(path).suffix.lower()
    if suffix and suffix not in SUFFIXES:
        known = ", ".join(SUFFIXES)
        raise InputError(f"{path}: unknown suffix {suffix}: use {known}, or give the encoding")
    return encoding_for_path(path)


def write_atomic(
    path: str | Path, chunks: Iterable[bytes], *, force: bool = True, inputs: Iterable[str | Path] = ()
) -> int:
    """Write ``chunks`` to a temporary file beside ``path``, then rename it into place, so
    ``path`` holds either its old content or all of the new: never a part. Returns the
    number of bytes.

    Without ``force`` an existing file is not replaced; with it, the file replaced keeps its
    permissions (and, where this process may, its owner). A symbolic link is written
    through: its target gets the new content and the link stays. ``inputs`` are the files
    the content is read from: none of them is ever overwritten. Temporary files are named
    ``.NAME.gamerec-PID-RANDOM.tmp``; those that a run killed outright (SIGKILL, a power
    cut) left beside ``path`` are removed here once their process is gone."""
    staged = stage(path, chunks, force=force, inputs=inputs)
    try:
        put_in_place(staged)
    except BaseException:
        staged.discard()
        raise
    return staged.size


class Staged(NamedTuple):
    """A file written whole under a temporary name (:func:`stage`), not yet in place
    (:func:`put_in_place`)."""

    #: the output's name, as given (for messages)
    path: str | Path
    #: the file the content goes to: ``path``, or the target of the symbolic link it is
    target: Path
    #: the temporary file, holding all of the content, synced
    temporary: str
    #: whether ``target`` existed when the content was written
    replaces: bool
    #: whether an existing file may be replaced
    force: bool
    #: the bytes written
    size: int

    def discard(self) -> None:
        """Remove the temporary file (once put in place, it is gone already)."""
        with contextlib.suppress(OSError):
            os.unlink(self.temporary)


def stage(
    path: str | Path,
    chunks: Iterable[bytes],
    *,
    force: bool = True,
    inputs: Iterable[str | Path] = (),
    within: Path | None = None,
) -> Staged:
    """The first half of :func:`write_atomic` (its checks, its errors): ``chunks`` written
    to a temporary file and synced, beside ``path``, or in the folder ``within`` when that
    is on the same file system (a rename from it into place is then atomic too); nothing
    is left of it on an error or a signal."""
    refuse_empty(path, "file name")
    if str(path).endswith(("/", os.sep)):  # (Path drops the slash: a file named after the folder)
        raise InputError(f"{path}: names a folder (it ends with a slash): give a file name")
    target = Path(os.path.realpath(path)) if os.path.islink(path) else Path(path)
    if target.is_dir():
        raise InputError(f"{path}: is a directory")
    check_not_input(path, inputs)
    try:
        old = target.stat()
    except FileNotFoundError:
        old = None
    except OSError as e:
        raise InputError(f"{path}: cannot write: {e.strerror or e}") from None
    if old is not None and not stat.S_ISREG(old.st_mode):  # a device, a FIFO, a socket
        raise InputError(
            f"{path}: not a regular file: gamerec writes files (give -o - to write to standard output)"
        )
    if not force and old is not None:
        raise OutputExists(f"{path}: exists (use --force to replace it)")
    directory = target.parent if str(target.parent) else Path(".")
    if within is not None and _same_device(within, directory):
        directory = within
    remove_stale_temporaries(target)
    size = 0
    tmp: str | None = None
    try:
        try:
            with signals_held():  # a signal now would leave a file no one knows to remove
                fd, tmp = tempfile.mkstemp(
                    prefix=f"{_temp_prefix(target)}{os.getpid()}-", suffix=".tmp", dir=directory
                )
            if old is not None:
                os.chmod(tmp, stat.S_IMODE(old.st_mode))
                if (old.st_uid, old.st_gid) != (os.getuid(), os.getgid()):
                    with contextlib.suppress(OSError):  # only root may give a file away
                        os.chown(tmp, old.st_uid, old.st_gid)
            else:
                os.chmod(tmp, 0o666 & ~_umask())
            with os.fdopen(fd, "wb") as out:
                for chunk in chunks:
                    out.write(chunk)
                    size += len(chunk)
                out.flush()
                os.fsync(out.fileno())
        except OSError as e:  # a full disk, a file-size limit, a read-only folder: name the file
            raise InputError(f"{path}: cannot write: {e.strerror or e}") from None
    except BaseException:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    return Staged(path, target, tmp, old is not None, force, size)


def put_in_place(staged: Staged) -> None:
    """Rename a :func:`stage`'d file into place (without ``force``, never over a file that
    appeared meanwhile: :class:`OutputExists`); an error names the file."""
    try:
        if staged.force:
            os.replace(staged.temporary, staged.target)
        else:  # never over a file that appeared meanwhile: a link fails where one is
            _link_new(staged.temporary, staged.target, staged.path)
    except OSError as e:
        raise InputError(f"{staged.path}: cannot write: {e.strerror or e}") from None


def _same_device(a: Path, b: Path) -> bool:
    try:
        return os.stat(a).st_dev == os.stat(b).st_dev
    except OSError:
        return False


def _link_new(tmp: str, target: Path, path: str | Path) -> None:
    """Put ``tmp`` in place as ``target``, which must not exist (OutputExists if it does by
    now); where the file system makes no hard links, renamed after a last look."""
    try:
        os.link(tmp, target)
    except FileExistsError:
        raise OutputExists(f"{path}: exists (use --force to replace it)") from None
    except OSError:  # (no hard links here: a rename, the name looked at just before)
        if os.path.lexists(target):
            raise OutputExists(f"{path}: exists (use --force to replace it)") from None
        os.replace(tmp, target)
        return
    os.unlink(tmp)


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait until the block is over; one that came meanwhile is
    taken (its handler run, or its default action) as the block ends.

    Two holds, as a process may have other threads (a progress bar's, Dask's), to any of
    which the system may give a signal sent to the process: the signals are blocked in this
    thread, and, in the main thread, each handler is replaced for the block by one that
    notes the signal, which is raised again once the handlers are put back."""
    held = [getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)]
    came: list[int] = []
    handlers: dict[int, Any] = {}
    if threading.current_thread() is threading.main_thread():
        for signum in held:
            handler = signal.getsignal(signum)
            if handler is signal.SIG_IGN or handler is None:  # (None: not set from Python)
                continue
            handlers[signum] = handler
            signal.signal(signum, lambda signum, _frame: came.append(signum))
    block = getattr(signal, "pthread_sigmask", None)
    mask = block(signal.SIG_BLOCK, held) if block is not None else None
    try:
        yield
    finally:
        if block is not None:
            block(signal.SIG_SETMASK, mask)  # (a signal pending is noted now)
        for signum, handler in handlers.items():
            signal.signal(signum, handler)  # (checks for signals first: all are noted)
        for signum in dict.fromkeys(came):
            signal.raise_signal(signum)


def _temp_prefix(target: Path) -> str:
    """The start of a temporary name beside ``target``: a name near the file system's limit
    of 255 bytes is cut to its first 200 bytes, so that the temporary one still fits."""
    name = target.name
    raw = os.fsencode(name)
    if len(raw) > 200:
        name = os.fsdecode(raw[:200])
    return f".{name}.gamerec-"


def temporary_path(target: Path) -> Path:
    """A name for a temporary file beside ``target`` that :func:`remove_stale_temporaries`
    recognises (for writers that make their own files, such as Parquet's)."""
    return target.with_name(f"{_temp_prefix(target)}{os.getpid()}-{os.urandom(4).hex()}.tmp")


def remove_stale_temporaries(target: Path) -> list[Path]:
    """Remove the temporary files beside ``target`` whose writing process is gone (killed
    before it could clean up); the files removed."""
    prefix = _temp_prefix(target)
    removed: list[Path] = []
    try:
        names = os.listdir(target.parent if str(target.parent) else ".")
    except OSError:
        return removed
    for name in names:
        if not (name.startswith(prefix) and name.endswith(".tmp")):
            continue
        pid_text = name[len(prefix) :].split("-", 1)[0]
        if not pid_text.isdigit() or len(pid_text) > 10 or process_alive(int(pid_text)):
            continue
        stale = target.with_name(name)
        with contextlib.suppress(OSError):
            stale.unlink()
            removed.append(stale)
    return removed


def process_alive(pid: int) -> bool:
    """Whether the process ``pid`` may still run (this one, or one this process may not
    signal, is taken to)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def same_file(a: str | Path, b: str | Path) -> bool:
    """Whether two paths name one file: the same path once symlinks are followed (even to
    a file not made yet), or the same file on disk (a hard link)."""
    try:
        if Path(a).resolve() == Path(b).resolve():
            return True
    except (OSError, RuntimeError):  # a symlink loop
        pass
    try:
        return os.path.samefile(a, b)
    except (OSError, ValueError):
        return False


def check_not_input(output: str | Path, inputs: Iterable[str | Path]) -> None:
    """InputError if ``output`` is one of ``inputs`` (the same file by any name: a
    symbolic or hard link included): gamerec never overwrites what it reads."""
    if str(output) == "-":
        return
    for source in inputs:
        if str(source) != "-" and same_file(output, source):
            raise InputError(f"{output}: is also the input; write to another file (the input stays as it is)")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_stream(records: Iterable[Record], out: IO[bytes], encoding: Encoding) -> int:
    """Write ``records`` to an open binary stream, record by record; returns the number of
    bytes. A short write (an unbuffered stream) is carried on until every byte is written."""
    size = 0
    for chunk in encode_records(records, encoding):
        write_all(out, chunk)
        size += len(chunk)
    return size


def write_all(out: IO[bytes], data: bytes) -> None:
    """Write every byte of ``data`` to ``out``: an unbuffered (raw) stream may take only a
    part at a time, and says so only by the count it returns (OSError when it takes none)."""
    view = memoryview(data)
    while view:
        n = out.write(view)
        if n is None:  # a raw stream in non-blocking mode could take nothing now
            raise BlockingIOError(0, "the output would block")
        if n <= 0:
            raise OSError(0, "the output took no more bytes")
        view = view[n:]


def append_records(records: Iterable[Record], path: str | Path) -> int:
    """Append ``records`` as frames to the binary file at ``path`` (made if missing).

    Appending is not atomic, but each frame is self-checking: a write cut short leaves a
    truncated last frame, which readers report as damage while every earlier record stays
    readable. Returns the number of bytes appended."""
    target = Path(path)
    if not target.exists() or target.stat().st_size == 0:
        return write_records(records, target, "binary")
    with open(target, "rb") as f:
        head = f.read(len(container.FILE_HEADER))
    try:
        container.check_file_header(head)
    except container.ContainerError as e:
        raise InputError(f"{target}: cannot append: {e}") from None
    size = 0
    with open(target, "ab") as out:
        for r in records:
            chunk = encode_binary(r)
            out.write(chunk)
            size += len(chunk)
        out.flush()
        os.fsync(out.fileno())
    return size
