"""The binary container (``.grec``): framed MessagePack records.

Layout (all integers little-endian)::

    file   := file-header frame*
    file-header (12 bytes) := MAGIC (8 bytes: 89 'G' 'R' 'E' 'C' 0D 0A 1A)
                              major u16, minor u16
    frame  := SYNC (4 bytes: C1 'G' 'R' 'F')
              header-length u32, body-length u32,
              crc32 u32 (zlib CRC-32 of the two lengths' 8 bytes, then header, then body)
              header (MessagePack of record.Header)
              body   (MessagePack of record.Body)

Records are appended by appending frames. A reader can decode a frame's header alone (it
carries the record's deal and action counts) and skip the body. A frame whose sync marker,
lengths or checksum is wrong is damage: the reader reports its byte offset and scans on to
the next sync marker that starts an intact frame. A file header met between frames (two
files concatenated) is checked and skipped. ``C1`` is a byte MessagePack never uses as a
type, which makes a false sync marker rare; the checksum rejects the rest.
"""

from __future__ import annotations

import array
import struct
import zlib
from collections.abc import Iterator
from typing import NamedTuple, Protocol

__all__ = [
    "CONTAINER_MAJOR",
    "CONTAINER_MINOR",
    "FILE_HEADER",
    "MAGIC",
    "MAX_FRAME",
    "SYNC",
    "Damage",
    "Frame",
    "frame",
    "scan",
]

MAGIC = b"\x89GREC\r\n\x1a"
SYNC = b"\xc1GRF"
CONTAINER_MAJOR = 1
CONTAINER_MINOR = 0
FILE_HEADER = MAGIC + struct.pack("<HH", CONTAINER_MAJOR, CONTAINER_MINOR)
#: The largest frame a reader accepts (header plus body), against absurd lengths.
MAX_FRAME = 64 * 1024 * 1024

_LENS = struct.Struct("<II")
_FRAME_HEAD = struct.Struct("<4sIII")
_FRAME_HEAD_SIZE = _FRAME_HEAD.size  # 16


class Frame(NamedTuple):
    """An intact frame: where it starts, and where its header and body lie in the data
    (offsets, not views, so that no view of a mapped file outlives the scan)."""

    offset: int
    header_start: int
    header_length: int
    body_length: int

    @property
    def body_start(self) -> int:
        return self.header_start + self.header_length

    @property
    def end(self) -> int:
        return self.body_start + self.body_length


class Damage(NamedTuple):
    """Bytes ``start``..``end`` that hold no intact frame, and why the first one failed."""

    start: int
    end: int
    reason: str


def frame(header: bytes, body: bytes) -> bytes:
    """The frame of one record's encoded header and body."""
    lens = _LENS.pack(len(header), len(body))
    crc = zlib.crc32(body, zlib.crc32(header, zlib.crc32(lens)))
    return b"".join((SYNC, lens, struct.pack("<I", crc), header, body))


class ContainerError(ValueError):
    """The bytes do not start with a gamerec file header of a version this reads."""


def check_file_header(buf: bytes | memoryview, at: int = 0) -> None:
    head = bytes(buf[at : at + len(FILE_HEADER)])
    if head[: len(MAGIC)] != MAGIC:
        if len(head) < len(MAGIC) and MAGIC.startswith(head):
            raise ContainerError("truncated file header")
        raise ContainerError("not a gamerec binary file (no magic)")
    if len(head) < len(FILE_HEADER):
        raise ContainerError("truncated file header")
    major, minor = struct.unpack_from("<HH", head, len(MAGIC))
    if major != CONTAINER_MAJOR:
        raise ContainerError(
            f"unknown container version {major}.{minor} (this gamerec reads {CONTAINER_MAJOR}.x)"
        )


#: the CRC-32 function every check goes through (tests count the bytes it is given)
_crc32 = zlib.crc32


def _try_frame(buf: memoryview, pos: int, size: int, prefix: _Prefix | None = None) -> Frame | str:
    """The frame at ``pos``, or why there is none. With ``prefix``, a frame longer than
    :data:`_LONG` is checked from the file's running CRC instead of hashing its bytes
    again, so that many false frames claiming long lengths cost no more than one pass."""
    if size - pos < _FRAME_HEAD_SIZE:
        return f"truncated frame header ({size - pos} of {_FRAME_HEAD_SIZE} bytes)"
    sync, hlen, blen, crc = _FRAME_HEAD.unpack_from(buf, pos)
    if sync != SYNC:
        return "no sync marker where a frame should start"
    total = hlen + blen
    if total > MAX_FRAME:
        return f"frame length {total} exceeds the limit of {MAX_FRAME} bytes"
    start = pos + _FRAME_HEAD_SIZE
    end = start + total
    if end > size:
        return f"truncated: needs {total} bytes, the file has {size - start} left"
    lens = _crc32(buf[pos + 4 : pos + 12])
    if prefix is not None and total > _LONG:
        got = prefix.span_crc(lens, start, end)
    else:
        got = _crc32(buf[start:end], lens)
    if got != crc:
        return "checksum mismatch"
    return Frame(pos, start, hlen, blen)


# -- the CRC of a long span from the running CRC of the file (zlib's crc32_combine) --------
#: frames longer than this are checked through :class:`_Prefix` during a scan
_LONG = 16 * 1024
#: the running CRC is kept every this many bytes
_STEP = 4096
_POLY = 0xEDB88320  # CRC-32, reflected


def _multmodp(a: int, b: int) -> int:
    """a times b modulo the CRC polynomial (reflected bit order), as zlib's multmodp."""
    m = 1 << 31
    p = 0
    while True:
        if a & m:
            p ^= b
            if not a & (m - 1):
                return p
        m >>= 1
        b = (b >> 1) ^ _POLY if b & 1 else b >> 1


_shift_tables: list[list[int]] = []


def _shift(crc: int, length: int) -> int:
    """``crc`` moved past ``length`` bytes of zeros in the polynomial sense: the term of
    zlib's crc32_combine that combines a CRC with one of ``length`` more bytes."""
    if not _shift_tables:  # x^(8 * v * 256^i) for each byte v of the length (i = 0..3)
        one = 1 << 31
        power = _multmodp(1 << 30, 1 << 30)  # x^2
        power = _multmodp(power, power)  # x^4
        power = _multmodp(power, power)  # x^8: one byte
        for _ in range(4):
            table = [one]
            for _v in range(255):
                table.append(_multmodp(table[-1], power))
            _shift_tables.append(table)
            power = _multmodp(table[-1], power)  # x^(8 * 256^(i+1))
    x = crc
    for i in range(4):
        v = (length >> (8 * i)) & 0xFF
        if v:
            x = _multmodp(_shift_tables[i][v], x)
    return x


class _Prefix:
    """The CRC-32 of the data from its start to any offset, from values kept every
    :data:`_STEP` bytes (computed once, as far as asked)."""

    def __init__(self, buf: memoryview) -> None:
        self.buf = buf
        self.kept = array.array("I", [0])

    def at(self, offset: int) -> int:
        kept = self.kept
        step = offset // _STEP
        while len(kept) <= step:
            i = len(kept) - 1
            kept.append(_crc32(self.buf[i * _STEP : (i + 1) * _STEP], kept[i]))
        return _crc32(self.buf[step * _STEP : offset], kept[step])

    def span_crc(self, crc: int, start: int, end: int) -> int:
        """The CRC-32 of some bytes whose CRC is ``crc``, followed by the bytes
        ``start``..``end`` of the data."""
        return _shift(crc ^ self.at(start), end - start) ^ self.at(end)


class Buffer(Protocol):
    """bytes or an mmap: sliceable through a memoryview and searchable with ``find``."""

    def find(self, sub: bytes, start: int = ..., /) -> int: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: slice, /) -> bytes: ...
    def __buffer__(self, flags: int, /) -> memoryview: ...


def scan(data: Buffer, start: int = len(FILE_HEADER)) -> Iterator[Frame | Damage]:
    """Every intact frame of ``data`` (bytes or an mmap) from ``start`` on, and every
    damaged span between them.

    The scan is linear in the size of the data, however damaged: each search for the next
    sync marker or magic resumes where the last one stopped, and a false frame claiming a
    long length is checked from the running CRC of the data rather than by hashing its
    bytes once more."""
    buf = memoryview(data)
    size = len(buf)
    pos = start
    damage_at = -1
    reason = ""
    finder = _Finder(data, size)
    prefix = _Prefix(buf)
    while pos < size:
        if buf[pos : pos + len(MAGIC)] == MAGIC:
            # a second file appended whole: check its header and go on
            try:
                check_file_header(buf, pos)
            except ContainerError as e:
                if damage_at < 0:
                    damage_at, reason = pos, str(e)
                pos = finder.next(pos + 1)
                continue
            pos += len(FILE_HEADER)
            continue
        got = _try_frame(buf, pos, size, prefix)
        if isinstance(got, Frame):
            if damage_at >= 0:
                yield Damage(damage_at, pos, reason)
                damage_at = -1
            yield got
            pos = got.end
            continue
        if damage_at < 0:
            damage_at, reason = pos, got
        pos = finder.next(pos + 1)
    if damage_at >= 0:
        yield Damage(damage_at, size, reason)


class _Finder:
    """The next sync marker or file magic at or after an offset. Each marker's last
    search result is kept, so that a search never runs over bytes an earlier one has
    passed: without that, a file with no sync marker after its damage is searched to
    its end once per resync, in time quadratic in its size."""

    def __init__(self, data: Buffer, size: int) -> None:
        self.data = data
        self.size = size
        self.found = {SYNC: -1, MAGIC: -1}

    def next(self, pos: int) -> int:
        """The offset of the next sync marker or file magic at or after ``pos`` (or the
        size of the data)."""
        best = self.size
        for marker, at in self.found.items():
            if at < pos:  # not searched yet from here: search (once past it, never again)
                at = self.data.find(marker, pos)
                self.found[marker] = at = self.size if at < 0 else at
            best = min(best, at)
        return best
