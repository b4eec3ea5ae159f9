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


def _try_frame(buf: memoryview, pos: int, size: int) -> Frame | str:
    """The frame at ``pos``, or why there is none."""
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
    got = zlib.crc32(buf[start:end], zlib.crc32(buf[pos + 4 : pos + 12]))
    if got != crc:
        return "checksum mismatch"
    return Frame(pos, start, hlen, blen)


class Buffer(Protocol):
    """bytes or an mmap: sliceable through a memoryview and searchable with ``find``."""

    def find(self, sub: bytes, start: int = ..., /) -> int: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: slice, /) -> bytes: ...
    def __buffer__(self, flags: int, /) -> memoryview: ...


def scan(data: Buffer, start: int = len(FILE_HEADER)) -> Iterator[Frame | Damage]:
    """Every intact frame of ``data`` (bytes or an mmap) from ``start`` on, and every
    damaged span between them."""
    buf = memoryview(data)
    size = len(buf)
    pos = start
    damage_at = -1
    reason = ""
    while pos < size:
        if buf[pos : pos + len(MAGIC)] == MAGIC:
            # a second file appended whole: check its header and go on
            try:
                check_file_header(buf, pos)
            except ContainerError as e:
                if damage_at < 0:
                    damage_at, reason = pos, str(e)
                pos = _next_sync(data, pos + 1, size)
                continue
            pos += len(FILE_HEADER)
            continue
        got = _try_frame(buf, pos, size)
        if isinstance(got, Frame):
            if damage_at >= 0:
                yield Damage(damage_at, pos, reason)
                damage_at = -1
            yield got
            pos = got.end
            continue
        if damage_at < 0:
            damage_at, reason = pos, got
        pos = _next_sync(data, pos + 1, size)
    if damage_at >= 0:
        yield Damage(damage_at, size, reason)


def _next_sync(data: Buffer, pos: int, size: int) -> int:
    """The offset of the next sync marker or file magic at or after ``pos`` (or ``size``)."""
    a = data.find(SYNC, pos)
    b = data.find(MAGIC, pos)
    found = [x for x in (a, b) if x >= 0]
    return min(found) if found else size
