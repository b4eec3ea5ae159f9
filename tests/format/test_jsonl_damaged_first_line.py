"""JSON Lines whose first line is damaged still read line by line: the good lines after it
are records (the bad line unreadable), as with a damaged line further down. Found by
trying the product: ``garbage`` then three good lines gave ``1 record: 1 unreadable``
("not a gamerec file"), and a cut first line (fixtures/broken/jsonl-bad-line-then-good-
line.jsonl) made the whole file one unreadable JSON document, so ``salvage`` kept nothing.

No line of a JSON document is a whole record, so documents are told as before."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli, stderr_lines

from gamerec.bots import simulate
from gamerec.format.read import detect, raw_bytes, read_records
from gamerec.format.write import write_records


@pytest.fixture
def good(tmp_path: Path) -> bytes:
    path = tmp_path / "f.jsonl"
    write_records(simulate("forest", 3, 3, seed=2), path)
    return path.read_bytes()


CUT = b'{"format":"gamerec","version":1,"game":"for\n'


@pytest.mark.parametrize("damage", [b"garbage\n", CUT, b"\n\n[\n"])
def test_a_damaged_first_line_leaves_the_good_lines(good: bytes, damage: bytes, tmp_path: Path) -> None:
    path = tmp_path / "l1.jsonl"
    path.write_bytes(damage + good)
    assert detect(path.read_bytes()) == "jsonl" or damage.strip() == b"["
    r = cli("validate", path)
    assert r.exit_code == 2
    if damage.strip() == b"[":  # a document's opening: told as JSON, as before
        assert r.stdout.strip() == "1 record: 1 unreadable"
        return
    assert r.stdout.strip() == "4 records: 3 valid, 1 unreadable"
    assert stderr_lines(r)[0].startswith(f"{path}: record 1: unreadable: line 1: not valid JSON")


def test_the_shipped_fixture_reads_its_good_line_and_salvage_keeps_it(tmp_path: Path) -> None:
    path = FIXTURES / "broken" / "jsonl-bad-line-then-good-line.jsonl"
    before = path.read_bytes()
    entries = list(read_records([path]))
    assert [e.record is not None for e in entries] == [False, True]
    r = cli("salvage", path, "-o", tmp_path / "s.jsonl")
    assert r.exit_code == 1
    assert "kept 1 record in" in r.output
    assert len((tmp_path / "s.jsonl").read_bytes().splitlines()) == 1
    assert path.read_bytes() == before


def test_json_documents_are_told_as_before(good: bytes, tmp_path: Path) -> None:
    records = list(simulate("forest", 3, 2, seed=2))
    one, many = tmp_path / "one.json", tmp_path / "many.json"
    write_records(records[:1], one)
    write_records(records, many)
    for path in (one, many):
        data = path.read_bytes()
        assert detect(data) == "json"
        # a document cut short stays one unreadable document, not lines
        cut = list(raw_bytes(data[: len(data) // 2], "cut.json"))
        assert len(cut) == 1
    assert detect(good) == "jsonl"
    with pytest.raises(Exception, match="not a gamerec file"):
        detect(b'garbage\n{"format": "other"}\n')
