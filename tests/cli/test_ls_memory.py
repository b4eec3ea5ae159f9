"""Issue 31, F4: ``gamerec ls`` held about 1 KB a record (1M minimal records: 1.06 GB) to lay
out its table, and a text notation file took about ten times its size in memory (its bytes,
its lines, and each line again as text). Under a memory limit ``ls`` ended with a
MemoryError traceback (exit 1) or a traceback before its one line. Now ``ls`` prints its rows
as it reads them (the widths from a bounded lookahead), the text reader reads one record at
a time, and running out of memory is one line written from a message made beforehand.

The memory tests run the command in a process of its own under ``RLIMIT_AS``, on an input
large enough that the code before needed more than the limit (checked when they were
written: both failed on it); nothing is timed."""

from __future__ import annotations

import importlib
import os
import random
import re
import resource
import subprocess
import sys
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest
from helpers import cli

import gamerec.archives.digests
import gamerec.cli.info
from gamerec.archives.select import Digests
from gamerec.bots import simulate
from gamerec.cli import render
from gamerec.cli.stdio import OUT_OF_MEMORY
from gamerec.format import container
from gamerec.format.listing import Listing
from gamerec.format.write import encode_records

MAIN = [sys.executable, "-c", "from gamerec.cli import main; main()"]
ENV = {**os.environ, "NO_COLOR": "1"}
ENV.pop("GAMEREC_DEBUG", None)
APP = importlib.import_module("gamerec.cli.app")  # (gamerec.cli.app is the Typer app itself)
MIB = 1 << 20
#: the address space a process of the command line needs beside its input (Python, gamerec,
#: rich): some 35 MiB here; the limits below leave it room
HEADROOM = 96 * MIB


def small_record(game: str = "forest") -> list[bytes]:
    """One small record of ``game``, as a binary frame and as text notation."""
    (record,) = simulate(game, 2, 1, seed=1, rules={"max_number": 2, "hand_size": 2})
    binary = b"".join(encode_records([record], "binary"))
    text = b"".join(encode_records([record], "text"))
    return [binary[len(container.FILE_HEADER) :], text]


def limited(limit: int) -> None:
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))


def run(args: list[str], limit: int) -> subprocess.CompletedProcess[str]:
    """``gamerec ARGS`` in a process whose address space is at most ``limit`` bytes."""
    return subprocess.run(
        [*MAIN, *args], env=ENV, capture_output=True, text=True, timeout=120,
        preexec_fn=lambda: limited(limit),
    )  # fmt: skip


def test_ls_streams_a_binary_file_under_a_memory_limit(tmp_path: Path) -> None:
    """The reproduction: 100,000 records took some 100 MiB more than their (mapped) file;
    now the rows are printed as they are read, and memory stays flat."""
    frame, _ = small_record()
    n = 100_000
    path = tmp_path / "many.grec"
    path.write_bytes(container.FILE_HEADER + frame * n)
    limit = path.stat().st_size + HEADROOM  # the file is mapped: its size counts
    done = run(["ls", str(path)], limit)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == f"{n} records listed\n"
    lines = done.stdout.splitlines()
    assert len(lines) == n + 1 and lines[0].split() == list(render.LISTING_HEADER)
    assert lines[-1].split()[:3] == [str(path), str(n), "forest"]
    # the columns laid out from the first rows read; the record numbers' column widens at
    # 10,000 and 100,000, from the batch that reaches them on
    lengths = [len(line) for line in lines[1:]]
    assert lengths == sorted(lengths) and len(set(lengths)) == 3


def test_the_text_reader_streams_a_file_under_a_memory_limit(tmp_path: Path) -> None:
    """The reproduction: a text notation file took ten times its size (a 155 MB file, 1.59
    GB); now one record is held at a time. (The records are split, not decoded: decoding
    20,000 of them would take long; ``ls`` runs on a few below.)"""
    _, text = small_record()
    n = 20_000
    path = tmp_path / "many.gtxt"
    path.write_bytes(text * n)
    limit = HEADROOM + path.stat().st_size // 2  # the whole file would not fit twice
    code = f"""
from gamerec.format.read import raw_file
n = 0
for raw in raw_file({str(path)!r}):
    assert raw.kind == "text" and raw.where == f"line {{raw.line}}", raw
    n += 1
print(n, raw.line)
"""
    done = subprocess.run(
        [sys.executable, "-c", code], env=ENV, capture_output=True, text=True, timeout=120,
        preexec_fn=lambda: limited(limit),
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    lines_each = text.count(b"\n")
    assert done.stdout.split() == [str(n), str(1 + (n - 1) * lines_each)]


def test_ls_of_a_text_file_under_a_memory_limit(tmp_path: Path) -> None:
    _, text = small_record()
    path = tmp_path / "few.gtxt"
    path.write_bytes(b"\n\n" + text * 300)  # leading blank lines count in the line numbers
    done = run(["ls", "--json", str(path)], HEADROOM)
    assert done.returncode == 0, done.stderr[-2000:]
    *rows, summary = done.stdout.splitlines()
    assert len(rows) == 300 and summary == '{"summary":{"records":300,"listed":300,"unreadable":0}}'
    lines_each = text.count(b"\n")
    assert f'"where":"line {3 + 299 * lines_each}"' in rows[-1]


def test_out_of_memory_in_a_process_is_one_line(tmp_path: Path) -> None:
    """A JSON document is read whole (up to 512 MiB): one larger than the memory left runs
    out of it, and that is one line and exit 2, never a traceback; so is a binary file too
    large to map (it said ``gamerec: Cannot allocate memory``). (The files are sparse.)"""
    path = tmp_path / "huge.json"
    with path.open("wb") as f:
        f.write(b"[")
        f.seek(2 * HEADROOM)
        f.write(b"]")
    mapped = tmp_path / "huge.grec"  # a binary file is mapped: one larger than the memory left
    with mapped.open("wb") as f:
        f.write(container.FILE_HEADER)
        f.seek(2 * HEADROOM)
        f.write(b"\0")
    runs = [["ls", str(path)], ["ls", "--json", str(path)], ["validate", str(path)], ["ls", str(mapped)]]
    for args in runs:
        done = run(args, HEADROOM)
        assert done.returncode == 2, (args, done.returncode, done.stderr[-2000:])
        assert done.stdout == ""
        assert re.fullmatch(r"gamerec: out of memory: [^\n]+\n", done.stderr), (args, done.stderr)


def test_out_of_memory_past_the_error_boundary_is_one_line_too() -> None:
    """A MemoryError that gets past the error boundary (raised again while it ended the
    command) reaches the console script: the same line, exit 2, and nothing raised on the
    way out (Python's own report of an uncaught error would be a traceback, exit 1)."""
    code = """
import importlib
app_module = importlib.import_module("gamerec.cli.app")
def no_memory():
    print("a row")
    raise MemoryError
app_module.app = no_memory
app_module.main()
"""
    done = subprocess.run([sys.executable, "-c", code], env=ENV, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "a row\n"  # what was printed before is written out first
    assert done.stderr == OUT_OF_MEMORY


def _rows(n: int, wide_at: int | None = None) -> Iterator[Listing]:
    for i in range(n):
        event = "a much longer event name" if i == wide_at else "club"
        yield Listing("x.grec", i, f"byte {i}", "forest", ["Ann", "Bob"], None, event, 1, 4, f"{i:032x}")


def test_out_of_memory_says_its_line_without_making_it(monkeypatch: pytest.MonkeyPatch) -> None:
    """Memory runs out half-way through the listing, and nothing more can be made: the line
    comes from a message made beforehand (the old path made its line, and failed there)."""

    def listing(paths: object, on_progress: object = None) -> Iterator[Listing]:
        yield from _rows(3)
        raise MemoryError

    def no_memory(*args: object, **kwargs: object) -> object:
        raise MemoryError

    monkeypatch.setattr(render, "LOOKAHEAD", 1)
    monkeypatch.setattr(gamerec.cli.info, "list_records", listing)
    monkeypatch.setattr(APP, "line", no_memory)
    monkeypatch.setattr(APP, "clean", no_memory)
    r = cli("ls", "x.grec")
    assert r.exit_code == 2
    assert r.stderr.startswith("gamerec: out of memory: ") and r.stderr.count("\n") == 1
    assert r.stdout.count("\n") == 4  # the rows printed before it stay printed


def test_rows_are_printed_as_they_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """The first rows are out before the listing has read past the lookahead."""
    monkeypatch.setattr(render, "LOOKAHEAD", 4)
    seen: list[int] = []

    def listing(paths: object, on_progress: object = None) -> Iterator[Listing]:
        for item in _rows(10):
            if item.index == 8:
                sys.stdout.flush()
                seen.append(sys.stdout.buffer.getvalue().count(b"\n"))  # type: ignore[attr-defined]
            yield item

    monkeypatch.setattr(gamerec.cli.info, "list_records", listing)
    r = cli("ls", "x.grec")
    assert r.exit_code == 0 and r.stderr == "10 records listed\n"
    assert seen == [1 + 8]  # the header and two batches of four


def test_a_wider_cell_after_the_lookahead_widens_its_column_from_its_batch_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(render, "LOOKAHEAD", 4)
    monkeypatch.setattr(gamerec.cli.info, "list_records", lambda paths, on_progress=None: _rows(9, 5))
    header, *rows = cli("ls", "x.grec").stdout.splitlines()
    assert len(rows) == 9
    hash_at = header.index("HASH")
    assert [row.index(f"{i:032x}") for i, row in enumerate(rows[:4])] == [hash_at] * 4
    wider = len("a much longer event name") - len("EVENT")
    assert [row.index(f"{i:032x}") for i, row in enumerate(rows[4:], 4)] == [hash_at + wider] * 5


def test_within_the_lookahead_the_table_is_laid_out_as_a_whole() -> None:
    """Up to :data:`render.LOOKAHEAD` records, every column is as wide as its widest cell."""
    rows = [render.listing_row(item) for item in _rows(5, 3)]
    lines = [x.text for x in render.listing_lines(iter(rows))]
    widths = [max(len(c) for c in column) for column in zip(render.LISTING_HEADER, *rows, strict=True)]
    cells = zip(render.LISTING_HEADER, widths, strict=True)
    header = [h.rjust(w) if h in ("#", "DEALS", "ACTIONS") else h.ljust(w) for h, w in cells]
    assert lines[0] == "  ".join(header).rstrip()
    assert len({len(x) for x in lines[1:]}) == 1
    assert list(render.listing_lines(iter([]))) == []


def test_dedupe_keeps_the_hashes_in_little_memory() -> None:
    """``--dedupe`` keeps each content hash seen: some 26 bytes each (a set of them took
    about 100, with its bytes objects); memory counted by tracemalloc, not timed."""
    n = 100_000
    hashes = [i.to_bytes(16, "little") for i in range(n)]  # (Python's salted hash spreads them)
    tracemalloc.start()
    try:
        seen = Digests()
        for h in hashes:
            assert seen.add(h)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(seen) == n and not any(seen.add(h) for h in hashes[::7])
    assert peak / n < 40, peak / n


def test_dedupe_hashes_are_a_set(monkeypatch: pytest.MonkeyPatch) -> None:
    rng = random.Random(5)
    data = rng.randbytes(4000)
    values = [data[i : i + 16] for i in range(0, 3000, 8)]  # overlapping: one is found across two
    values += [b"", b"short", bytes(16), bytes(32), *values[:50]]
    seen, expected = Digests(), set()
    for v in values:
        assert seen.add(v) == (v not in expected), v
        expected.add(v)
    assert len(seen) == len(expected)
    # one bucket holding them all: a value found across two others is not there yet
    monkeypatch.setattr(gamerec.archives.digests, "_BUCKET", 1 << 30)
    one = Digests()
    one._mask, one._buckets = 0, [b""]
    a, b = data[:16], data[16:32]
    assert one.add(a) and one.add(b)
    assert one.add(data[8:24]) and not one.add(data[8:24]) and not one.add(b)
