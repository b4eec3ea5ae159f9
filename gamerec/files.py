"""Reading and writing record files in any encoding, detected from the content.

Encodings: ``binary`` (the framed container, ``.grec``), ``json`` (one record, or a list of
records, ``.json``), ``jsonl`` (one record per line, ``.jsonl``) and ``text`` (the text
notation, ``.gtxt``, see :mod:`gamerec.notation`). Readers yield an
:class:`Entry` per record, holding either the record or the :class:`FormatError` that made
it unreadable, so one bad record never stops the rest. Writers write atomically.

Why one module of over a thousand lines: it still holds six jobs (the binary codec, the
content hash, detection and readers, the writers, salvage, listing); issue 14 splits them
into a ``gamerec/format/`` package, one module each, and this module goes.
"""

from __future__ import annotations

import contextlib
import fnmatch
import glob
import hashlib
import itertools
import mmap
import os
import signal
import stat
import sys
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO, Any, Literal, Union

import msgspec

from . import container, notation
from .errors import FormatError, InputError
from .games import get_game
from .jsonform import check_format, codec, nesting_over, peek, pretty
from .record import Body, Deal, DrawDeal, Header, Record
from .safe import json_inert

__all__ = [
    "ENCODINGS",
    "Encoding",
    "Entry",
    "Listing",
    "RawRecord",
    "Salvage",
    "append_records",
    "check_not_input",
    "content_hash",
    "decode_binary",
    "decode_header",
    "decode_raw",
    "detect",
    "encode_binary",
    "encode_records",
    "encoding_for_path",
    "expand_paths",
    "list_records",
    "raw_bytes",
    "raw_file",
    "raw_records",
    "read_bytes",
    "read_file",
    "read_records",
    "remove_stale_temporaries",
    "salvage",
    "same_file",
    "temporary_path",
    "write_all",
    "write_atomic",
    "write_records",
    "write_stream",
]

Encoding = Literal["binary", "json", "jsonl", "text"]
ENCODINGS: tuple[Encoding, ...] = ("binary", "json", "jsonl", "text")
SUFFIXES: dict[str, Encoding] = {".grec": "binary", ".json": "json", ".jsonl": "jsonl", ".gtxt": "text"}


class Entry(msgspec.Struct, frozen=True):
    """One record of an input: its place (``index`` counts from 0; ``where`` is a byte
    offset or line) and either the record or why it could not be read."""

    source: str
    index: int
    where: str
    record: Record | None
    error: FormatError | None


# -- binary ---------------------------------------------------------------------------------
_encoder = msgspec.msgpack.Encoder()
_header_decoder = msgspec.msgpack.Decoder(Header)
_loose = msgspec.msgpack.Decoder()
_body_decoders: dict[str, msgspec.msgpack.Decoder[Any]] = {}


def _body_decoder(game_id: str) -> msgspec.msgpack.Decoder[Any]:
    dec = _body_decoders.get(game_id)
    if dec is None:
        game = get_game(game_id)
        union: Any = game.actions[0] if len(game.actions) == 1 else Union[game.actions]  # noqa: UP007
        deal = DrawDeal if game.has_draw else Deal
        dec = _body_decoders[game_id] = msgspec.msgpack.Decoder(Body[deal[union]])  # type: ignore[valid-type]
    return dec


_hash_encoder = msgspec.msgpack.Encoder(order="sorted")
_hash_json_encoder = msgspec.json.Encoder(order="sorted")


def content_digest(record: Record) -> bytes:
    """The 16-byte content hash of a record (see :func:`content_hash`)."""
    record = _filled(record)
    deals = record.deals
    noted = False
    for d in deals:  # plain loops: this runs over every action of a batch
        for a in d.actions:
            if a.note is not None:
                noted = True
                break
    if noted:
        deals = [
            msgspec.structs.replace(d, actions=[msgspec.structs.replace(a, note=None) for a in d.actions])
            for d in deals
        ]
    content = (record.game, record.rules, record.players, deals)
    try:
        data = _hash_encoder.encode(content)
    except OverflowError:  # an integer beyond 64 bits (in an illegal rules block): JSON holds it
        data = b"J" + _hash_json_encoder.encode(content)
    return hashlib.blake2b(data, digest_size=16).digest()


def content_hash(record: Record) -> str:
    """A hash of what a record plays: its game id, rules (defaults filled in), players,
    deals and actions, in the canonical binary encoding; metadata, notes, provenance and
    the claim are left out. Equal games give equal hashes, however they were written."""
    return content_digest(record).hex()


def encode_binary(record: Record) -> bytes:
    """One record as a binary frame (its rules' defaults filled in, its content hash in
    its header)."""
    record = _filled(record)
    head = record.header()
    try:
        head.hash = content_digest(record)
        header = _encoder.encode(head)
        body = _encoder.encode(Body(record.deals, record.claim))
    except OverflowError:
        raise InputError(
            "a record holds an integer too large for the binary form (MessagePack integers are 64-bit)"
        ) from None
    if len(header) + len(body) > container.MAX_FRAME:
        raise InputError(
            f"a record of {len(header) + len(body)} bytes exceeds the frame limit of {container.MAX_FRAME}"
        )
    return container.frame(header, body)


def decode_header(data: bytes | memoryview) -> Header:
    """A binary record header, checked for format id and version."""
    try:
        header = _header_decoder.decode(data)
    except msgspec.ValidationError as e:
        # a later version may lay its header out otherwise: say so rather than how it
        # differs from this version's layout
        try:
            head = _loose.decode(data)
        except msgspec.DecodeError:
            head = None
        if isinstance(head, list) and len(head) >= 2:
            check_format(head[0], head[1])
        raise FormatError.schema(f"header: {_binary_path(str(e), _HEADER_FIELDS)}") from None
    except msgspec.DecodeError as e:
        raise FormatError(f"header: not MessagePack: {e}", "format.msgpack") from None
    check_format(header.format, header.version)
    return header


def decode_binary(header: bytes | memoryview, body: bytes | memoryview) -> Record:
    """A record from a frame's header and body bytes."""
    h = decode_header(header)
    try:
        b = _body_decoder(h.game).decode(body)
    except msgspec.ValidationError as e:
        try:
            raw = _loose.decode(body)
        except msgspec.DecodeError:
            raw = None
        where = _binary_path(str(e), _BODY_FIELDS, raw, get_game(h.game).actions)
        raise FormatError.schema(where) from None
    except msgspec.DecodeError as e:
        raise FormatError(f"body: not MessagePack: {e}", "format.msgpack") from None
    actions = sum(len(d.actions) for d in b.deals)
    if h.deals != len(b.deals) or h.actions != actions:
        raise FormatError(
            f"header counts {h.deals} deals and {h.actions} actions, the body holds "
            f"{len(b.deals)} and {actions}",
            "format.counts",
        )
    return Record(
        game=h.game,
        players=h.players,
        rules=h.rules,
        meta=h.meta,
        provenance=h.provenance,
        deals=b.deals,
        claim=b.claim,
        version=h.version,
    )


# How msgspec's array indexes read as field names: a Struct is a tuple of (name, child);
# a list is ["list", child]; None stops naming.
_ACTION_SPEC: Any = (("type", None), ("seat", None))
_DEAL_SPEC: Any = (("dealer", None), ("hands", None), ("stock", None), ("actions", ["list", _ACTION_SPEC]))
_BODY_FIELDS: Any = (("deals", ["list", _DEAL_SPEC]), ("claim", (("deals", None), ("totals", None))))
_META_SPEC: Any = tuple((n, None) for n in ("event", "site", "date", "round", "table", "tags"))
_HEADER_FIELDS: Any = tuple(
    (n, _META_SPEC if n == "meta" else None)
    for n in ("format", "version", "game", "players", "rules", "meta", "provenance", "deals", "actions")
)


def _binary_path(message: str, spec: Any, raw: Any = None, actions: Any = ()) -> str:
    """msgspec's ``$[0][3][1]`` for array-like Structs, spelled with field names:
    ``deals[3].hands``. With the ``raw`` decoded value and the game's action classes, an
    action's fields are named after its tag: ``deals[0].actions[4].card``."""
    text, sep, where = message.rpartition(" - at `")
    if not sep:
        return message[:1].lower() + message[1:]
    path = ""
    for token in where.rstrip("`").removeprefix("$").split("]"):
        token = token.removeprefix("[").removeprefix(".")
        if not token:
            continue
        if spec is _ACTION_SPEC and isinstance(raw, list) and raw:
            cls = next((a for a in actions if a.__struct_config__.tag == raw[0]), None)
            if cls is not None:
                spec = (("type", None), *((f, None) for f in cls.__struct_fields__))
        if isinstance(spec, tuple) and token.isdigit() and int(token) < len(spec):
            name, spec = spec[int(token)]
            path += ("." if path else "") + name
        elif isinstance(spec, list):
            path += f"[{token}]"
            spec = spec[1]
        else:
            path += f"[{token}]"
            spec = None
        raw = raw[int(token)] if isinstance(raw, list) and token.isdigit() and int(token) < len(raw) else None
    text = text[:1].lower() + text[1:]
    return f"{path}: {text}" if path else text


# -- detection and reading ------------------------------------------------------------------
_BOM = b"\xef\xbb\xbf"
_BLANK = _BOM + b" \t\r\n"


def detect(head: bytes) -> Encoding:
    """The encoding of a file from its first bytes (at least its first line)."""
    if head.startswith(container.MAGIC) or (head[:1] == b"\x89" and container.MAGIC.startswith(head)):
        return "binary"
    text = head.lstrip(_BLANK)
    if text.startswith(b"["):
        return "json"
    if text.startswith(b"{"):
        first = text.split(b"\n", 1)[0].strip()
        if len(first) > 1 and first.endswith(b"}"):
            return "jsonl"
        return "json"
    if text.startswith((b"#", b"gamerec")):
        return "text"
    if not text:
        raise FormatError("empty input: no records", "format.empty")
    raise FormatError(
        f"not a gamerec file: starts with {head[:8]!r}, neither the binary magic, JSON nor the text notation",
        "format.id",
    )


def _decode_text_record(data: bytes, first: int) -> Record:
    try:
        text = data.decode()
    except UnicodeDecodeError as e:
        raise FormatError(f"not UTF-8 text: {e.reason} at byte {e.start}", "format.text") from None
    return notation.parse_record(text.split("\n"), first)


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
        e = FormatError(_TOO_DEEP, "format.limit", raw.offset)
        return Entry(raw.source, raw.index, raw.where, None, e)
    except FormatError as e:
        if raw.offset is not None:
            e.offset = raw.offset
        return Entry(raw.source, raw.index, raw.where, None, e)
    return Entry(raw.source, raw.index, raw.where, record, None)


_TOO_DEEP = "values nested too deeply (arrays or maps inside each other beyond what gamerec reads)"


def read_bytes(data: bytes, source: str = "-") -> Iterator[Entry]:
    """Every record held by ``data``, whatever its encoding."""
    return map(decode_raw, raw_bytes(data, source))


def read_file(path: str | Path) -> Iterator[Entry]:
    """Every record of the file at ``path`` (``-`` is standard input), streamed: binary
    files are mapped, JSON Lines read line by line."""
    return map(decode_raw, raw_file(path))


def read_records(paths: Iterable[str | Path]) -> Iterator[Entry]:
    """Every record of every file named, in order."""
    for p in paths:
        yield from read_file(p)


def raw_bytes(data: bytes, source: str = "-") -> Iterator[RawRecord]:
    """Every record of ``data``, undecoded."""
    try:
        first = data[:65536]
        if b"\n" not in first:
            first = data.split(b"\n", 1)[0]
        kind = detect(first)
    except FormatError as e:
        yield _error(source, 0, "byte 0", e)
        return
    if kind == "binary":
        yield from _nonempty(_raw_binary(data, source), source)
    elif kind == "jsonl":
        yield from _nonempty(_raw_jsonl(iter(data.splitlines(keepends=True)), source), source)
    elif kind == "text":
        yield from _nonempty(_raw_text(data, source), source)
    else:
        yield from _nonempty(_raw_json(data, source), source)


#: the most bytes read into memory as one document: a JSON document or text notation file,
#: one JSON Lines line, or all of an input that cannot seek (standard input, a pipe)
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
    return _error(name, 0, "byte 0", FormatError(f"{_TOO_DEEP}, at byte {at}", "format.limit", at))


def _raw_stream(f: IO[bytes], name: str) -> Iterator[RawRecord]:
    """The records of an input that cannot seek (standard input, a pipe), read in chunks
    up to :data:`MAX_DOCUMENT` bytes; the first chunk is looked at before more is read."""
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
    anything else must be a regular file (not a FIFO, socket or device)."""
    name = str(path)
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
            if head.lstrip(_BLANK).startswith(b"{") and b"\n" not in head:
                head += f.readline(MAX_DOCUMENT)  # JSON Lines are told by their whole first line
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
        refusal = _early_refusal(head, name)
        if refusal is not None:
            yield refusal
            return
        if os.fstat(f.fileno()).st_size > MAX_DOCUMENT:
            what = "a text notation file" if kind == "text" else "a JSON document"
            hint = "split it, or convert it to JSON Lines or binary"
            yield _error(name, 0, "byte 0", _too_long(what, hint))
            return
        if kind == "text":
            yield from _nonempty(_raw_text(f.read(), name), name)
        else:
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


def raw_records(paths: Iterable[str | Path]) -> Iterator[RawRecord]:
    """Every record of every file named, undecoded, in order."""
    for p in paths:
        yield from raw_file(p)


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


def _raw_text(data: bytes, source: str) -> Iterator[RawRecord]:
    lines = data.removeprefix(_BOM).split(b"\n")
    text_lines = [line.decode("utf-8", "replace") for line in lines]
    for index, (first, chunk) in enumerate(notation.split_records(text_lines)):
        body = b"\n".join(lines[first - 1 : first - 1 + len(chunk)])
        yield RawRecord(source, index, f"line {first}", "text", body, line=first)


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
            yield _error(source, 0, "byte 0", FormatError(_TOO_DEEP, "format.limit"))
            return
        for index, raw in enumerate(items):
            yield RawRecord(source, index, f"item {index + 1}", "json", bytes(raw))
        return
    yield RawRecord(source, 0, "byte 0", "json", data)


# -- writing --------------------------------------------------------------------------------
def encoding_for_path(path: str | Path) -> Encoding:
    """The encoding a file name asks for by its suffix (binary when it has none known)."""
    return SUFFIXES.get(Path(path).suffix.lower(), "binary")


def _filled(record: Record) -> Record:
    """The record with its rules' defaults filled in, as gamerec writes it. A rules block
    that is not legal is kept as it is (verification reports it)."""
    try:
        game = get_game(record.game)
        rules = game.filled_rules(record.rules, len(record.players))
    except Exception:  # an illegal block stays as recorded
        return record
    if rules == record.rules:
        return record
    return msgspec.structs.replace(record, rules=rules)


def encode_records(records: Iterable[Record], encoding: Encoding) -> Iterator[bytes]:
    """The chunks of a file holding ``records`` in ``encoding``."""
    if encoding == "binary":
        yield container.FILE_HEADER
        for r in records:
            yield encode_binary(r)
    elif encoding == "jsonl":
        enc = msgspec.json.Encoder()
        for r in records:
            line = enc.encode(codec(r.game).to_struct(_filled(r)))
            # (ASCII JSON, the common case, holds nothing to escape: no decoding round trip)
            plain = line.isascii() and b"\x7f" not in line
            yield (line if plain else json_inert(line.decode()).encode()) + b"\n"
    elif encoding == "text":
        for i, r in enumerate(records):
            yield (("\n" if i else "") + notation.format_record(_filled(r))).encode()
    else:  # one record by itself, else a list: laid out as one document, written item by item
        items = (msgspec.to_builtins(codec(r.game).to_struct(_filled(r))) for r in records)
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
    renamed into place, never over one of ``inputs``); returns the number of bytes.
    Without ``force`` an existing file is not replaced."""
    enc = encoding or encoding_for_path(path)
    return write_atomic(path, encode_records(records, enc), force=force, inputs=inputs)


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
    if not force and old is not None:
        raise InputError(f"{path}: exists (use --force to replace it)")
    directory = target.parent if str(target.parent) else Path(".")
    remove_stale_temporaries(target)
    size = 0
    tmp: str | None = None
    try:
        try:
            with _signals_held():  # a signal now would leave a file no one knows to remove
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
            os.replace(tmp, target)
        except OSError as e:  # a full disk, a file-size limit, a read-only folder: name the file
            raise InputError(f"{path}: cannot write: {e.strerror or e}") from None
    except BaseException:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        raise
    return size


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait until the block is over (where the platform can)."""
    block = getattr(signal, "pthread_sigmask", None)
    if block is None:
        yield
        return
    held = {signal.SIGINT, signal.SIGTERM, signal.SIGHUP}
    before = block(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        block(signal.SIG_SETMASK, before)


def _temp_prefix(target: Path) -> str:
    return f".{target.name}.gamerec-"


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
        if not pid_text.isdigit() or len(pid_text) > 10 or _alive(int(pid_text)):
            continue
        stale = target.with_name(name)
        with contextlib.suppress(OSError):
            stale.unlink()
            removed.append(stale)
    return removed


def _alive(pid: int) -> bool:
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


class Salvage(msgspec.Struct):
    """What :func:`salvage` kept and dropped: the number of records written, and each part
    dropped as (where, message, error code)."""

    kept: int = 0
    dropped: list[tuple[str, str, str]] = []
    size: int = 0


def salvage(path: str | Path, output: str | Path, *, force: bool = False) -> Salvage:
    """Copy every record of ``path`` that can be read to ``output`` (its encoding from its
    suffix), streaming, and say what was dropped (damaged frames with their byte offsets,
    unreadable records). ``path`` is never modified; ``output`` is written atomically, may
    not be ``path`` itself, and is not written at all when no record can be read."""
    check_not_input(output, [path])
    report = Salvage()

    def kept() -> Iterator[Record]:
        for entry in read_file(path):
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
    report.size = write_atomic(
        output, encode_records(chain, encoding_for_path(output)), force=force, inputs=[path]
    )
    return report


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


RECORD_SUFFIXES = tuple(SUFFIXES)


def expand_paths(args: Iterable[str]) -> list[str]:
    """Files named, directories searched recursively for record files (``.grec``,
    ``.json``, ``.jsonl``, ``.gtxt``) in sorted order, and glob patterns expanded (``**``
    for any depth); ``-`` is stdin.

    Symbolic links are followed, but each real directory is searched once, so that a link
    loop (``d/l1 -> .``) ends the walk rather than repeating it; and a file reached by
    several paths (named twice, or in a folder also named) is listed once: a batch never
    counts the same file's records twice."""
    out: list[str] = []
    seen: set[tuple[int, int]] = set()
    for arg in args:
        if arg == "-":
            out.append(arg)
            continue
        p = Path(arg)
        if p.is_dir():
            found = _walk(arg)
            if not found:
                raise InputError(f"{arg}: no record files (.grec, .json, .jsonl, .gtxt) in this directory")
            out.extend(f for f in found if _once(f, seen))
        elif p.exists():
            if _once(arg, seen):
                out.append(arg)
        elif glob.has_magic(arg):
            matches = _glob(arg)
            if not matches:
                raise InputError(f"{arg}: no file matches")
            for m in matches:
                for f in _walk(m) if os.path.isdir(m) else [m]:
                    if _once(f, seen):
                        out.append(f)
        else:
            raise InputError(f"{arg}: no such file or directory")
    return out


def _identity(path: str) -> tuple[int, int] | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_dev, st.st_ino)


def _once(path: str, seen: set[tuple[int, int]]) -> bool:
    """Whether ``path`` is met for the first time (by what it is, links followed)."""
    key = _identity(path)
    if key is None:
        return True
    if key in seen:
        return False
    seen.add(key)
    return True


def _entries(directory: str) -> list[os.DirEntry[str]]:
    try:
        with os.scandir(directory or ".") as it:
            return sorted(it, key=lambda e: e.name)
    except OSError:
        return []


def _walk(top: str) -> list[str]:
    """The record files under ``top``, each real directory searched once."""
    found: list[str] = []
    dirs: set[tuple[int, int]] = set()
    files: set[tuple[int, int]] = set()
    stack = [top]
    while stack:
        directory = stack.pop()
        if not _once(directory, dirs):
            continue
        for entry in _entries(directory):
            path = os.path.join(directory, entry.name)
            try:
                if entry.is_dir():
                    stack.append(path)
                elif (
                    entry.is_file()
                    and Path(entry.name).suffix.lower() in RECORD_SUFFIXES
                    and _once(path, files)
                ):
                    found.append(path)
            except OSError:
                continue
    return sorted(found)


def _glob(pattern: str) -> list[str]:
    """The paths matching a glob ``pattern`` as :func:`glob.glob` with ``recursive=True``
    matches them (``**`` is any number of directories; names starting with ``.`` only
    when the pattern says so), in sorted order, each real directory searched once for
    each part of the pattern."""
    root = os.sep if pattern.startswith(os.sep) else ""
    parts = [part for part in pattern.split(os.sep) if part]
    matches: list[str] = []
    seen: set[tuple[tuple[int, int] | None, int]] = set()

    def match(path: str, i: int) -> None:
        if i == len(parts):
            if path and os.path.lexists(path):
                matches.append(path)
            return
        part = parts[i]
        last = i == len(parts) - 1
        if part == "**":
            key = (_identity(path or "."), i)
            if key in seen:
                return
            seen.add(key)
            match(path, i + 1)
            for entry in _entries(path):
                if entry.name.startswith("."):
                    continue
                child = os.path.join(path, entry.name)
                if last:
                    matches.append(child)
                try:
                    is_dir = entry.is_dir()
                except OSError:
                    is_dir = False
                if is_dir:
                    match(child, i)
            return
        if not glob.has_magic(part):
            child = os.path.join(path, part)
            if last or os.path.isdir(child):
                match(child, i + 1)
            return
        for entry in _entries(path):
            if entry.name.startswith(".") and not part.startswith("."):
                continue
            if fnmatch.fnmatchcase(entry.name, part):
                child = os.path.join(path, entry.name)
                if last or os.path.isdir(child):
                    match(child, i + 1)

    match(root, 0)
    if pattern.endswith(os.sep):  # directories only, as glob.glob has it
        matches = [m for m in matches if os.path.isdir(m)]
    return sorted(dict.fromkeys(m for m in matches if m))


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


class Listing(msgspec.Struct):
    """What ``gamerec ls`` shows of a record, read from its header alone where the
    encoding allows (binary); ``error`` says why a record could not be read."""

    source: str
    index: int
    where: str
    game: str | None = None
    players: list[str] = []
    date: str | None = None
    event: str | None = None
    deals: int = 0
    actions: int = 0
    hash: str | None = None
    error: str | None = None


def list_records(paths: Iterable[str]) -> Iterator[Listing]:
    """A :class:`Listing` per record of the files, directories or globs named. Binary
    records are listed from their headers without decoding their deals; a header that
    carries no content hash has it computed from the record."""
    for raw in raw_records(expand_paths(paths)):
        base = (raw.source, raw.index, raw.where)
        if raw.kind == "error":
            err = raw.error
            yield Listing(*base, error=f"{err.message} [{err.code}]" if err else "unreadable")
            continue
        try:
            if raw.kind == "binary":
                h = decode_header(raw.header)
                digest = h.hash.hex() if h.hash else content_hash(decode_binary(raw.header, raw.body))
                yield Listing(*base, h.game, h.players, h.meta.date, h.meta.event, h.deals, h.actions, digest)
            else:  # JSON or the text notation: the record is decoded whole
                entry = decode_raw(raw)
                if entry.record is None:
                    assert entry.error is not None
                    raise entry.error
                r = entry.record
                yield Listing(
                    *base,
                    r.game,
                    r.players,
                    r.meta.date,
                    r.meta.event,
                    len(r.deals),
                    r.action_count,
                    content_hash(r),
                )
        except RecursionError:
            yield Listing(*base, error=f"{_TOO_DEEP} [format.limit]")
        except FormatError as e:
            yield Listing(*base, error=f"{e.message} [{e.code}]")
