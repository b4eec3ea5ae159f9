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


def test_a_document_whose_rules_hold_a_record_like_object_is_one_document(tmp_path: Path) -> None:
    """Found by review: a rules block may hold any JSON, laid out one object a line by the
    JSON form; such a line made the document read as JSON Lines (315 unreadable records)."""
    game = next(simulate("forest", 3, 1, seed=2))
    like = {"format": "gamerec", "version": 1, "game": "forest", "players": ["a", "b"]}
    game.rules = {**game.rules, "junk": [like] * 3}
    path = tmp_path / "one.json"
    write_records([game], path)
    data = path.read_bytes()
    assert b"\n" + b" " * 6 in data  # laid out over many lines
    assert detect(data) == "json"
    assert len(list(read_records([path]))) == 1


def test_a_damaged_first_line_before_a_line_longer_than_the_head(tmp_path: Path) -> None:
    """Found by review: the second line was looked for in the first 64 KiB only, so a long
    record after a damaged first line was lost with it."""
    long = next(simulate("black-swan-2012", 2, 1, seed=1, rules={"target": 10000}))
    path = tmp_path / "long.jsonl"
    write_records([long], path)
    line = path.read_bytes()
    assert len(line) > 65536
    for damage in (b"garbage\n", line[:100] + b"\n"):
        path.write_bytes(damage + line)
        entries = list(read_records([path]))
        assert [e.record is not None for e in entries] == [False, True]
        assert list(raw_bytes(path.read_bytes(), "-"))[1].size == len(line)


def test_junk_without_a_line_break_is_not_read_to_its_end(tmp_path: Path) -> None:
    from gamerec.format.detect import wants_more

    assert not wants_more(b"x" * 65536)  # (it would read up to 512 MiB for its first line)
    assert wants_more(b'{"format":"gamerec"')
    assert not wants_more(b"garbage\nnot json\n"[:12])
