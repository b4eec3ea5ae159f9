"""Issue 31, F4: a text notation file took about ten times its size in memory: it was read
whole, split into lines, and each line decoded again, before the first record was read. It
is read a record at a time now; the records, their places (line numbers) and every message
are what reading the file whole gave (the reader of the file whole is kept here as the
oracle), and a record over the bound of what is read at once is one unreadable entry, after
which the next records read."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamerec.bots import simulate
from gamerec.format import notation_read
from gamerec.format import read as reader
from gamerec.format.detect import BOM
from gamerec.format.read import RawRecord, raw_bytes, raw_file, read_bytes, read_file
from gamerec.format.write import encode_records


def whole(data: bytes, source: str = "-") -> list[RawRecord]:
    """The records as the reader of the file whole split them (the code before)."""
    lines = data.removeprefix(BOM).split(b"\n")
    text_lines = [line.decode("utf-8", "replace") for line in lines]
    found = []
    for index, (first, chunk) in enumerate(notation_read.split_records(list(text_lines))):
        body = b"\n".join(lines[first - 1 : first - 1 + len(chunk)])
        found.append(RawRecord(source, index, f"line {first}", "text", body, line=first))
    return found


def streamed(data: bytes, source: str = "-") -> list[RawRecord]:
    return list(reader._raw_text(io.BytesIO(data), source))


def text_of(n: int, seed: int = 3) -> bytes:
    return b"".join(encode_records(simulate("forest", 2, n, seed=seed), "text"))


TWO = text_of(2)
DOCUMENTS = {
    "plain": TWO,
    "no final line break": TWO.rstrip(b"\n"),
    "leading blank lines": b"\n\n  \n" + TWO,
    "a BOM": BOM + TWO,
    "a BOM and blanks": BOM + b"\n \r\n" + TWO,
    "comments before the first": b"# a comment\n\n# another\n" + TWO,
    "comments after the last": TWO + b"# the end\n\n\n",
    "CRLF": TWO.replace(b"\n", b"\r\n"),
    "a gamerec line in a comment": TWO.replace(b"event:", b"# gamerec: 1\nevent:", 1),
    "a gamerec line indented": TWO.replace(b"\ngamerec:", b"\n   gamerec :", 1),
    "not UTF-8": TWO.replace(b"Bot 1", b"Bot \xff", 1),
    "a fault before the first": b"# a comment\ngarbage: here\n" + TWO,
    "only comments": b"# nothing\n# at all\n",
    "a lone line": b"gamerec: 1",
}


@pytest.mark.parametrize("name", list(DOCUMENTS))
def test_read_a_record_at_a_time_as_when_read_whole(name: str) -> None:
    data = DOCUMENTS[name]
    before = whole(data)
    assert streamed(data) == before
    # (the records are the same, so every message and place is: decode_raw reads them)
    entries = list(read_bytes(data))
    if before:
        assert [e.where for e in entries] == [r.where for r in before]
    else:
        assert [e.error.code for e in entries if e.error is not None] == ["format.empty"]


LINES = st.sampled_from(
    [
        "gamerec: 1", " gamerec : 1", "gamerec: 2", "game: forest", "players: A, B", "# comment",
        "#gamerec: 1", "", " ", "\r", "\t", "deal 1: first 0", "hand 0: Y1 K1", "0 play K1",
        "event: a ; b", 'event: "#"', "\ufeffgamerec: 1", "gamerec:", "x: y", "é", "\x85",
    ]
)  # fmt: skip


@given(st.lists(LINES, max_size=30), st.booleans(), st.booleans())
def test_any_lines_split_as_when_read_whole(lines: list[str], bom: bool, end: bool) -> None:
    data = (BOM if bom else b"") + "\n".join(lines).encode() + (b"\n" if end else b"")
    assert streamed(data) == whole(data)


def test_split_records_streams_its_lines() -> None:
    """split_records takes any iterable, and reads it no further than the record it gives."""
    read: list[int] = []

    def lines() -> object:
        for n, text in enumerate(TWO.decode().split("\n"), 1):
            read.append(n)
            yield text

    records = notation_read.split_records(lines())  # type: ignore[arg-type]
    first, chunk = next(records)
    assert first == 1 and read[-1] == len(chunk) + 1  # the next record's first line, no more
    assert [first for first, _ in notation_read.split_records(TWO.decode().split("\n"))] == [
        1,
        len(chunk) + 1,
    ]


def test_a_record_over_the_bound_is_one_unreadable_entry(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    records = list(simulate("forest", 2, 3, seed=5))
    texts = [b"".join(encode_records([r], "text")) for r in records]
    big = texts[1].replace(b"event:", b"# " + b"x" * 5000 + b"\nevent:", 1)
    path = tmp_path / "three.gtxt"
    path.write_bytes(texts[0] + big + texts[2])
    monkeypatch.setattr(reader, "MAX_DOCUMENT", max(len(texts[0]), len(texts[2])) + 100)
    monkeypatch.setattr(reader, "_CHUNK", 64)  # (the long line is skipped in chunks)
    entries = list(read_file(path))
    lines = [t.count(b"\n") for t in texts]
    assert [e.where for e in entries] == ["line 1", f"line {1 + lines[0]}", f"line {2 + lines[0] + lines[1]}"]
    assert entries[0].record == records[0] and entries[2].record == records[2]
    error = entries[1].error
    assert error is not None and error.code == "format.limit"
    assert "a text notation record over the limit of" in error.message


def test_a_text_file_over_the_bound_reads_when_each_record_is_within_it(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """The file was refused whole over 512 MiB; a record at a time, its size is no bound."""
    data = text_of(4)
    path = tmp_path / "four.gtxt"
    path.write_bytes(data)
    monkeypatch.setattr(reader, "MAX_DOCUMENT", len(data) // 2)
    assert [e.error for e in read_file(path)] == [None] * 4
    assert [e.where for e in raw_file(path)] == [r.where for r in whole(data, str(path))]


def test_standard_input_is_split_as_a_file_is(tmp_path: Path) -> None:
    data = b"\n\n" + text_of(3)
    path = tmp_path / "three.gtxt"
    path.write_bytes(data)
    named = [(r.where, r.header) for r in raw_file(path)]
    assert [(r.where, r.header) for r in raw_bytes(data)] == named
    assert named == [(r.where, r.header) for r in whole(data)]
