"""Reading records: the encoding detected from the content, then one :class:`Entry` per
record, holding either the record or the :class:`FormatError` that made it unreadable, so
one bad record never stops the rest. ``raw_*`` readers split a file into undecoded records
(:class:`RawRecord`) that workers decode in parallel (:func:`decode_raw`)."""

from __future__ import annotations

import contextlib
import io
import mmap
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Literal

import msgspec

from ..errors import FormatError, InputError
from ..escape import name_text
from ..record import Record
from . import container
from .binary import decode_binary
from .detect import BLANK as _BLANK
from .detect import BOM as _BOM
from .detect import NOT_BLANK, detect, wants_more
from .jsonform import codec, nesting_over, peek
from .paths import Paths, as_paths
from .progress import OnProgress, ProgressTally, input_size

__all__ = [
    "MAX_DOCUMENT",
    "TOO_DEEP",
    "Entry",
    "RawRecord",
    "decode_raw",
    "detect",
    "raw_bytes",
    "raw_file",
    "raw_records",
    "read_bytes",
    "read_file",
    "read_records",
    "read_stream",
]


class Entry(msgspec.Struct, frozen=True):
    """One record of an input: its place (``index`` counts from 0; ``where`` is a byte
    offset or line) and either the record or why it could not be read."""

    source: str
    index: int
    where: str
    record: Record | None
    error: FormatError | None


# -- reading ----------------------------------------------------------------------------
def _decode_text_record(data: bytes, first: int) -> Record:
    try:
        text = data.decode()
    except UnicodeDecodeError as e:
        raise FormatError(f"not UTF-8 text: {e.reason} at byte {e.start}", "format.text") from None
    from . import notation_read  # the text notation's reader: imported for text alone (start-up)

    return notation_read.parse_record(text.split("\n"), first)


def _decode_json_record(data: bytes) -> Record:
    data = data.removeprefix(_BOM)
    return codec(peek(data)).decode(data)


class RawRecord(msgspec.Struct, frozen=True):
    """One record as read from a file but not yet decoded: a binary frame's header and
    body, or a JSON document (in ``header``), or the FormatError that stopped the reader.
    Cheap to send to another process, which decodes it with :func:`decode_raw`."""

    source: str
    index: int
    where: str
    kind: Literal["binary", "json", "text", "error"]
    header: bytes = b""
    body: bytes = b""
    offset: int | None = None
    error: FormatError | None = None
    #: the number of the record's first line (text notation)
    line: int = 1

    @property
    def size(self) -> int:
        """The bytes the record held in its file (near enough: without a frame's marks, a
        JSON array's commas or the blank lines between text records), for progress."""
        return len(self.header) + len(self.body)


def decode_raw(raw: RawRecord) -> Entry:
    """The :class:`Entry` of a raw record: the record decoded, or why it cannot be."""
    if raw.kind == "error":
        return Entry(raw.source, raw.index, raw.where, None, raw.error)
    try:
        if raw.kind == "binary":
            record = decode_binary(raw.header, raw.body)
        elif raw.kind == "text":
            record = _decode_text_record(raw.header, raw.line)
        else:
            record = _decode_json_record(raw.header)
    except RecursionError:  # msgspec's guard against deep nesting, in any form
        e = FormatError(TOO_DEEP, "format.limit", raw.offset)
        return Entry(raw.source, raw.index, raw.where, None, e)
    except FormatError as e:
        if raw.offset is not None:
            e.offset = raw.offset
        return Entry(raw.source, raw.index, raw.where, None, e)
    return Entry(raw.source, raw.index, raw.where, record, None)


TOO_DEEP = "values nested too deeply (arrays or maps inside each other beyond what gamerec reads)"


def read_bytes(data: bytes, source: str = "-") -> Iterator[Entry]:
    """Every record held by ``data``, whatever its encoding."""
    return map(decode_raw, raw_bytes(data, source))


def read_file(path: str | Path, on_progress: OnProgress | None = None) -> Iterator[Entry]:
    """Every record of the file at ``path`` (``-`` is standard input), streamed: binary
    files are mapped, JSON Lines read line by line, the text notation a record at a time.
    ``on_progress`` (see :mod:`gamerec.format.progress`) hears of each record once the next
    one is asked for."""
    if on_progress is None:
        return map(decode_raw, raw_file(path))
    tally = ProgressTally(on_progress, input_size([path]))
    return map(decode_raw, tally.counted(raw_file(path), _size))


def read_stream(f: IO[bytes], source: str = "-") -> Iterator[Entry]:
    """Every record of an open binary file object (a socket, a pipe, ``sys.stdin.buffer``,
    an uploaded file), in any encoding; ``source`` names it in messages. It is read to its
    end (up to :data:`MAX_DOCUMENT` bytes) before the first record is decoded."""
    return map(decode_raw, _raw_stream(f, source))


def read_records(paths: Paths, on_progress: OnProgress | None = None) -> Iterator[Entry]:
    """Every record of every file named (one path or many), in order; ``on_progress`` as
    for :func:`read_file`, counted over all the files."""
    return map(decode_raw, raw_records(paths, on_progress))


def raw_bytes(data: bytes, source: str = "-") -> Iterator[RawRecord]:
    """Every record of ``data``, undecoded (``source`` names them, as text: see
    :func:`raw_file`)."""
    source = name_text(source)
    try:
        found = NOT_BLANK.search(data)  # (any number of blanks before the first record)
        first = data[: (found.start() if found else len(data)) + 65536]
        while wants_more(first) and len(first) < len(data):  # (the lines detection reads)
            ends = data.find(b"\n", len(first))
            first = data if ends < 0 else data[: ends + 1]
        kind = detect(first)
    except FormatError as e:
        yield _error(source, 0, "byte 0", e)
        return
    if kind == "binary":
        yield from _nonempty(_raw_binary(data, source), source)
    elif kind == "jsonl":
        yield from _nonempty(_raw_jsonl(iter(data.splitlines(keepends=True)), source), source)
    elif kind == "text":
        yield from _nonempty(_raw_text(io.BytesIO(data), source), source)
    else:
        yield from _nonempty(_raw_json(data, source), source)


#: the most bytes read into memory as one document: a JSON document, one record of the text
#: notation (a file of it is read a record at a time), one JSON Lines line, or all of an
#: input that cannot seek (standard input, a pipe)
MAX_DOCUMENT = 512 * 1024 * 1024
#: how much of an input is read at a time, and looked at before reading more
_CHUNK = 1024 * 1024

_KINDS = {
    stat.S_IFIFO: "a FIFO",
    stat.S_IFSOCK: "a socket",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFDIR: "a directory",
}


def _special(name: str, mode: int) -> InputError:
    kind = _KINDS.get(stat.S_IFMT(mode), "not a file")
    if stat.S_ISDIR(mode):
        return InputError(f"{name}: is a directory")
    return InputError(f"{name}: not a regular file ({kind}): give it as - on standard input")


#: the names of pipes this process holds open already: a shell's process substitution
#: (``<(zcat games.jsonl.gz)``) and standard input by name; they cannot block in open()
_OPEN_PIPES = ("/dev/fd/", "/proc/self/fd/", "/dev/stdin")


def _open_regular(path: str | Path, name: str) -> IO[bytes]:
    """``path`` opened for reading if it is a regular file (after symlinks), or a pipe this
    process already holds (:data:`_OPEN_PIPES`): a FIFO would block in open() until a
    writer comes, a device may never end. It is looked at before it is opened, and opened
    without blocking in case it changed in between."""
    pipe_ok = name.startswith(_OPEN_PIPES)
    try:
        st = os.stat(path)
    except OSError as e:
        raise InputError(f"{name}: cannot open: {e.strerror or e}") from None
    if not (stat.S_ISREG(st.st_mode) or (pipe_ok and stat.S_ISFIFO(st.st_mode))):
        raise _special(name, st.st_mode)
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise InputError(f"{name}: cannot open: {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
        if not (stat.S_ISREG(st.st_mode) or (pipe_ok and stat.S_ISFIFO(st.st_mode))):
            raise _special(name, st.st_mode)
        os.set_blocking(fd, True)
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def _too_long(what: str, hint: str) -> FormatError:
    return FormatError(
        f"{what} over the limit of {MAX_DOCUMENT:,} bytes read into memory at once ({hint})", "format.limit"
    )


def _early_refusal(head: bytes, name: str) -> RawRecord | None:
    """An unreadable entry for an input whose first bytes already show it cannot be read
    (JSON nested deeper than the decoder ever goes), before the rest is read."""
    text = head.lstrip(_BLANK)
    if not text.startswith((b"[", b"{")):
        return None
    at = nesting_over(head, sys.getrecursionlimit())
    if at < 0:
        return None
    return _error(name, 0, "byte 0", FormatError(f"{TOO_DEEP}, at byte {at}", "format.limit", at))


def _raw_stream(f: IO[bytes], name: str) -> Iterator[RawRecord]:
    """The records of an input that cannot seek (standard input, a pipe), read in chunks
    up to :data:`MAX_DOCUMENT` bytes; the first chunk is looked at before more is read."""
    name = name_text(name)
    try:
        head = f.read(_CHUNK)
        refusal = _early_refusal(head, name)
        if refusal is not None:
            yield refusal
            return
        parts = [head]
        total = len(head)
        while head:
            head = f.read(_CHUNK)
            total += len(head)
            if total > MAX_DOCUMENT:
                yield _error(
                    name, 0, "byte 0", _too_long("an input that cannot seek", "give it as a regular file")
                )
                return
            parts.append(head)
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror or e}") from None
    data = b"".join(parts)
    del parts
    yield from raw_bytes(data, name)


def raw_file(path: str | Path) -> Iterator[RawRecord]:
    """Every record of the file at ``path``, undecoded, streamed. ``-`` is standard input;
    anything else must be a regular file (not a FIFO, socket or device). The records and
    messages name the file as text (bytes of its name that are not UTF-8 as ``\\xNN``)."""
    name = name_text(str(path))
    if name == "-":
        yield from _raw_stream(sys.stdin.buffer, "-")
        return
    f = _open_regular(path, name)
    with f:
        if not f.seekable():  # a process substitution: read as standard input is
            yield from _raw_stream(f, name)
            return
        try:
            head = f.read(65536)
            while head and not NOT_BLANK.search(head):  # blanks alone: skipped, not kept
                more = f.read(65536)
                if not more:
                    break
                head = b" " + more
            while wants_more(head):  # (the lines detection reads)
                more = f.readline(MAX_DOCUMENT)
                if not more:
                    break
                head += more
        except OSError as e:
            raise InputError(f"{name}: cannot read: {e.strerror or e}") from None
        try:
            kind = detect(head)
        except FormatError as e:
            yield _error(name, 0, "byte 0", e)
            return
        f.seek(0)
        if kind == "binary":
            mm = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
            try:
                yield from _nonempty(_raw_binary(mm, name), name)
            finally:
                # an exception on its way up (a signal, an error) may still hold a view of
                # the map in its frames: then the map is freed with them, not closed here
                with contextlib.suppress(BufferError):
                    mm.close()
            return
        if kind == "jsonl":
            yield from _nonempty(_raw_jsonl(_lines(f, name), name), name)
            return
        if kind == "text":  # read a record at a time
            yield from _nonempty(_raw_text(f, name), name)
            return
        refusal = _early_refusal(head, name)
        if refusal is not None:
            yield refusal
            return
        if os.fstat(f.fileno()).st_size > MAX_DOCUMENT:
            hint = "split it, or convert it to JSON Lines or binary"
            yield _error(name, 0, "byte 0", _too_long("a JSON document", hint))
            return
        yield from _nonempty(_raw_json(f.read(), name), name)


def _lines(f: IO[bytes], name: str) -> Iterator[bytes | None]:
    """The lines of ``f``, each read up to :data:`MAX_DOCUMENT` bytes: a longer one is
    ``None`` (and the rest of it is skipped, a chunk at a time)."""
    while True:
        line = f.readline(MAX_DOCUMENT + 1)
        if not line:
            return
        if len(line) <= MAX_DOCUMENT or line.endswith(b"\n"):
            yield line
            continue
        del line
        while True:  # skip to the end of the long line without holding it
            rest = f.readline(_CHUNK)
            if not rest or rest.endswith(b"\n"):
                break
        yield None


def raw_records(paths: Paths, on_progress: OnProgress | None = None) -> Iterator[RawRecord]:
    """Every record of every file named (one path or many), undecoded, in order;
    ``on_progress`` as for :func:`read_file`, counted over all the files."""
    files = as_paths(paths)
    raws: Iterator[RawRecord] = (raw for p in files for raw in raw_file(p))
    if on_progress is not None:
        raws = ProgressTally(on_progress, input_size(files)).counted(raws, _size)
    yield from raws


def _size(raw: RawRecord) -> int:
    return raw.size


def _error(source: str, index: int, where: str, error: FormatError) -> RawRecord:
    return RawRecord(source, index, where, "error", error=error)


def _nonempty(raws: Iterator[RawRecord], source: str) -> Iterator[RawRecord]:
    """``raws``, or one unreadable entry when there are none: a file with no records is
    no valid input."""
    empty = True
    for r in raws:
        empty = False
        yield r
    if empty:
        yield _error(source, 0, "", FormatError("the file holds no records", "format.empty"))


#: how much of a mapped file is read before its pages are given back (memory stays flat)
_RELEASE = 16 * 1024 * 1024


def _raw_binary(data: container.Buffer, source: str) -> Iterator[RawRecord]:
    try:
        container.check_file_header(memoryview(data))
    except container.ContainerError as e:
        yield _error(source, 0, "byte 0", FormatError(str(e), "format.container", 0))
        return
    release = getattr(data, "madvise", None)  # an mmap: let go of the pages read so far
    released = 0
    for index, item in enumerate(container.scan(data)):
        if release is not None and item[0] - released >= _RELEASE:
            upto = item[0] - item[0] % mmap.PAGESIZE
            release(mmap.MADV_DONTNEED, released, upto - released)
            released = upto
        if isinstance(item, container.Damage):
            skipped = item.end - item.start
            err = FormatError(
                f"damaged frame: {item.reason} ({skipped} bytes skipped)", "format.damaged", item.start
            )
            yield _error(source, index, f"bytes {item.start}..{item.end}", err)
            continue
        yield RawRecord(
            source,
            index,
            f"byte {item.offset}",
            "binary",
            data[item.header_start : item.body_start],
            data[item.body_start : item.end],
            item.offset,
        )


def _raw_jsonl(lines: Iterator[bytes | None], source: str) -> Iterator[RawRecord]:
    index = 0
    for number, line in enumerate(lines, 1):
        if line is None:
            err = _too_long("a JSON Lines line", "one record a line; binary holds larger ones")
            yield _error(source, index, f"line {number}", err)
            index += 1
            continue
        if not line.strip():
            continue
        yield RawRecord(source, index, f"line {number}", "json", line)
        index += 1


def _raw_text(f: IO[bytes], source: str) -> Iterator[RawRecord]:
    """The records of a text notation file, read from ``f`` (at its start) a record at a
    time (:func:`~gamerec.format.notation_split.file_records`); one over
    :data:`MAX_DOCUMENT` bytes is one unreadable entry, and the next records read."""
    from .notation_split import file_records  # the text notation's: imported for text alone

    try:
        for index, (first, body) in enumerate(file_records(f, MAX_DOCUMENT, _CHUNK)):
            where = f"line {first}"
            if body is None:
                err = _too_long("a text notation record", "the text notation reads a record whole")
                yield _error(source, index, where, err)
            else:
                yield RawRecord(source, index, where, "text", body, line=first)
    except OSError as e:
        raise InputError(f"{source}: cannot read: {e.strerror or e}") from None


_any_list = msgspec.json.Decoder(list[msgspec.Raw])


def _raw_json(data: bytes, source: str) -> Iterator[RawRecord]:
    data = data.removeprefix(_BOM)
    if data.lstrip(_BLANK).startswith(b"["):
        try:
            items = _any_list.decode(data)
        except msgspec.DecodeError as e:
            yield _error(source, 0, "byte 0", FormatError(f"not valid JSON: {e}", "format.json"))
            return
        except RecursionError:
            yield _error(source, 0, "byte 0", FormatError(TOO_DEEP, "format.limit"))
            return
        for index, raw in enumerate(items):
            yield RawRecord(source, index, f"item {index + 1}", "json", bytes(raw))
        return
    yield RawRecord(source, 0, "byte 0", "json", data)
