"""Issue 12, item 10: re-synchronising after damage is linear in the size of the file.

No timings: the work is counted instead, as the bytes the scan searches (``find``) and the
bytes it hashes (CRC-32). Before the fix, a file of repeated magic bytes was searched to its
end once per position (49 s for 1 MB in ``gamerec ls``), and frames with one flipped byte
each made every resync search the rest of the file for a magic that is not there.
"""

from __future__ import annotations

import struct
import zlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import load_bench
from helpers import cli
from hypothesis import given
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.format import container
from gamerec.format.binary import encode_binary
from gamerec.format.container import FILE_HEADER, MAGIC, SYNC


class Counted(bytes):
    """bytes that count how many bytes their ``find`` runs over (up to where it finds)."""

    searched = 0

    def find(self, sub: bytes, start: int = 0, /) -> int:  # type: ignore[override]
        at = super().find(sub, start)
        Counted.searched += (len(self) if at < 0 else at) - start
        return at


@pytest.fixture
def hashed(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """How many bytes the scan gives to CRC-32 (one running total)."""
    total = [0]

    def crc32(data: bytes | memoryview, value: int = 0) -> int:
        total[0] += len(data)
        return zlib.crc32(data, value)

    monkeypatch.setattr(container, "_crc32", crc32)
    return total


def work(data: bytes) -> tuple[list[container.Frame | container.Damage], int]:
    Counted.searched = 0
    items = list(container.scan(Counted(data)))
    return items, Counted.searched


def repeated_magic(size: int) -> bytes:
    return FILE_HEADER + MAGIC * (size // len(MAGIC))


def test_repeated_magic_is_searched_once(hashed: list[int]) -> None:
    items, searched = work(repeated_magic(64 * 1024))
    assert [type(i) for i in items] == [container.Damage]
    assert "unknown container version" in items[0].reason  # type: ignore[union-attr]
    # one pass over the data for each of the two markers, not one per position
    assert searched <= 2 * 64 * 1024 + 64
    assert hashed[0] == 0
    _, twice = work(repeated_magic(128 * 1024))
    assert twice <= 2 * searched + 64


def test_ls_of_repeated_magic_reports_one_damaged_span(tmp_path: Path) -> None:
    """The reproduction of the issue at a size that took seconds before (a quarter MB)."""
    path = tmp_path / "magic.grec"
    path.write_bytes(repeated_magic(256 * 1024))
    r = cli("ls", path)
    assert r.exit_code == 2
    assert "format.damaged" in r.output
    assert r.output.splitlines()[1:] == ["0 records listed of 1 read; 1 unreadable"]  # one span


@pytest.fixture(scope="module")
def frames() -> list[bytes]:
    return [encode_binary(r) for r in simulate("forest", 2, 20, seed=5)]


def flipped(frames: list[bytes], count: int, seed: int = 1) -> tuple[bytes, bytes]:
    """A clean file of ``count`` frames and the same with one bit flipped in each (the
    benchmark's own damage, bench/damaged.py)."""
    result: tuple[bytes, bytes] = load_bench("damaged").flipped(frames, count, seed)
    return result


def test_flipped_frames_cost_about_what_clean_ones_do(frames: list[bytes], hashed: list[int]) -> None:
    clean, damaged = flipped(frames, 400)
    items, clean_searched = work(clean)
    assert all(isinstance(i, container.Frame) for i in items) and len(items) == 400
    clean_hashed = hashed[0]
    hashed[0] = 0
    items, searched = work(damaged)
    assert any(isinstance(i, container.Damage) for i in items)
    # every byte is searched for each marker at most about once, and hashed about once
    assert searched <= 2 * len(damaged) + 8 * 400
    assert hashed[0] <= 3 * clean_hashed
    assert clean_searched == 0


def hostile(size: int) -> bytes:
    """False frames every 12 bytes, each claiming a length that reaches the end: checked
    by hashing, each would cost the rest of the file."""
    out = bytearray(FILE_HEADER)
    while len(out) < size:
        out += SYNC + struct.pack("<II", 0, max(size - len(out) - 16, 0))
    return bytes(out[:size])


def test_false_frames_with_long_lengths_are_not_hashed_again(hashed: list[int]) -> None:
    size = 64 * 1024
    items, _ = work(hostile(size))
    assert [type(i) for i in items] == [container.Damage]
    # the running CRC over the data once, and a bounded amount per false frame
    assert hashed[0] <= size + (size // 12) * (container._LONG + 2 * container._STEP + 16)
    once = hashed[0]
    hashed[0] = 0
    work(hostile(4 * size))
    assert hashed[0] <= 4.4 * once  # hashing each false frame whole made this 16 times


# -- the scan finds what it found before ---------------------------------------------------
def reference_scan(data: bytes, start: int = len(FILE_HEADER)) -> Iterator[object]:
    """The scan as it was before (quadratic, but plainly right), for comparison."""
    buf = memoryview(data)
    size = len(buf)
    pos, damage_at, reason = start, -1, ""

    def next_sync(p: int) -> int:
        found = [x for x in (data.find(SYNC, p), data.find(MAGIC, p)) if x >= 0]
        return min(found) if found else size

    while pos < size:
        if buf[pos : pos + len(MAGIC)] == MAGIC:
            try:
                container.check_file_header(buf, pos)
            except container.ContainerError as e:
                if damage_at < 0:
                    damage_at, reason = pos, str(e)
                pos = next_sync(pos + 1)
                continue
            pos += len(FILE_HEADER)
            continue
        got = container._try_frame(buf, pos, size)
        if isinstance(got, container.Frame):
            if damage_at >= 0:
                yield container.Damage(damage_at, pos, reason)
                damage_at = -1
            yield got
            pos = got.end
            continue
        if damage_at < 0:
            damage_at, reason = pos, got
        pos = next_sync(pos + 1)
    if damage_at >= 0:
        yield container.Damage(damage_at, size, reason)


@given(st.data())
def test_scan_agrees_with_the_plain_scan(frames: list[bytes], data: st.DataObject) -> None:
    picked = data.draw(st.lists(st.sampled_from(frames), min_size=1, max_size=6))
    blob = bytearray(FILE_HEADER + b"".join(picked))
    for _ in range(data.draw(st.integers(0, 6))):
        at = data.draw(st.integers(0, len(blob) - 1))
        what = data.draw(st.sampled_from(["flip", "sync", "magic", "cut"]))
        if what == "flip":
            blob[at] ^= 1 << data.draw(st.integers(0, 7))
        elif what == "sync":
            blob[at:at] = SYNC
        elif what == "magic":
            blob[at:at] = data.draw(st.sampled_from([MAGIC, FILE_HEADER]))
        else:
            del blob[at : at + data.draw(st.integers(1, 64))]
    assert list(container.scan(bytes(blob))) == list(reference_scan(bytes(blob)))


def test_long_frames_are_checked_alike(monkeypatch: pytest.MonkeyPatch, frames: list[bytes]) -> None:
    """Every frame goes through the running-CRC check when the threshold is low, with the
    same result as hashing it."""
    monkeypatch.setattr(container, "_LONG", 0)
    monkeypatch.setattr(container, "_STEP", 64)
    clean, damaged = flipped(frames, 60, seed=9)
    for blob in (clean, damaged, clean[:-5] + damaged[100:900] + clean[12:]):
        assert list(container.scan(blob)) == list(reference_scan(blob))
