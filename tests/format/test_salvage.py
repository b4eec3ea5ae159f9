"""`gamerec salvage`: the intact records of a damaged file copied to a new one, what was
dropped reported with its offset, the input never modified."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cli

from gamerec.bots import simulate
from gamerec.format.binary import encode_binary
from gamerec.format.read import raw_records, read_file
from gamerec.format.salvage import salvage
from gamerec.format.write import write_records
from gamerec.record import Record


@pytest.fixture
def records() -> list[Record]:
    return list(simulate("forest", 3, 5, 11))


def damaged(tmp_path: Path, records: list[Record], cut: bool = False) -> tuple[Path, list[int]]:
    """A binary file of ``records`` with the third frame's body corrupted (or, with
    ``cut``, the file cut short inside the last frame); the frames' offsets."""
    path = tmp_path / "in.grec"
    write_records(records, path)
    offsets = [r.offset for r in raw_records([path]) if r.offset is not None]
    data = bytearray(path.read_bytes())
    if cut:
        data = data[: offsets[-1] + 40]
    else:
        data[offsets[2] + 60] ^= 0xFF
    path.write_bytes(bytes(data))
    return path, offsets


def test_a_corrupt_frame_is_dropped_and_the_rest_kept(tmp_path: Path, records: list[Record]) -> None:
    path, offsets = damaged(tmp_path, records)
    before = path.read_bytes()
    out = tmp_path / "out.grec"
    r = cli("salvage", str(path), "-o", str(out))
    assert r.exit_code == 1
    assert r.stdout.strip() == f"kept 4 records in {out}; dropped 1 part"
    (line,) = r.stderr.strip().splitlines()
    assert line.startswith(f"{path}: dropped bytes {offsets[2]}..") and "[format.damaged]" in line
    assert path.read_bytes() == before  # the input is never modified
    kept = [e.record for e in read_file(out)]
    assert [encode_binary(k) for k in kept if k] == [encode_binary(records[i]) for i in (0, 1, 3, 4)]


def test_a_file_cut_short_keeps_what_came_before(tmp_path: Path, records: list[Record]) -> None:
    path, _ = damaged(tmp_path, records, cut=True)
    report = salvage(path, tmp_path / "out.jsonl")
    assert report.kept == 4 and len(report.dropped) == 1
    assert report.dropped[0][2] in ("format.damaged", "format.truncated", "format.container")
    kept = [e.record for e in read_file(tmp_path / "out.jsonl")]
    assert [encode_binary(k) for k in kept if k] == [encode_binary(r) for r in records[:4]]


def test_a_sound_file_is_copied_whole(tmp_path: Path, records: list[Record]) -> None:
    path = tmp_path / "ok.grec"
    write_records(records, path)
    r = cli("salvage", str(path), "-o", str(tmp_path / "copy.grec"))
    assert r.exit_code == 0 and r.stderr == ""
    assert (tmp_path / "copy.grec").read_bytes() == path.read_bytes()


def test_salvage_refuses_to_overwrite(tmp_path: Path, records: list[Record]) -> None:
    path, _ = damaged(tmp_path, records)
    before = path.read_bytes()
    same = cli("salvage", str(path), "-o", str(path), "--force")
    assert same.exit_code == 2 and "is also the input" in same.stderr
    assert path.read_bytes() == before
    other = tmp_path / "there.grec"
    other.write_bytes(b"keep me")
    r = cli("salvage", str(path), "-o", str(other))
    assert r.exit_code == 2 and "exists" in r.stderr
    assert other.read_bytes() == b"keep me"


def test_nothing_readable_writes_nothing(tmp_path: Path) -> None:
    junk = tmp_path / "junk.grec"
    junk.write_bytes(b"\x89GRC" + bytes(range(200)))
    r = cli("salvage", str(junk), "-o", str(tmp_path / "out.grec"))
    assert r.exit_code == 2
    assert "no record could be read; nothing written" in r.stderr
    assert "Traceback" not in r.stderr
    assert not (tmp_path / "out.grec").exists()


FORMS = [("jsonl", b'{"format":'), ("text", b"gamerec: 1"), ("json", b"[")]


@pytest.mark.parametrize(("to", "starts"), FORMS)
def test_salvage_takes_to_as_every_writer_does(tmp_path: Path, to: str, starts: bytes) -> None:
    """Found by trying the product: `salvage --to` was `No such option`, though every
    command that writes records takes --to FORM or the output's suffix."""
    games = list(simulate("forest", 3, 2, seed=1))
    damaged = tmp_path / "d.jsonl"
    write_records(games, damaged)
    damaged.write_bytes(b"garbage\n" + damaged.read_bytes())
    out = tmp_path / "kept.out"
    r = cli("salvage", damaged, "-o", out, "--to", to)
    assert r.exit_code == 1, r.output
    assert out.read_bytes().startswith(starts)
    assert [e.record for e in read_file(out)] == games
    r = cli("salvage", damaged, "-o", "-", "--to", to)
    assert r.exit_code == 1
    assert r.stdout_bytes.startswith(starts)


def test_salvage_refuses_an_unknown_suffix_before_it_reads(tmp_path: Path) -> None:
    """Found by review: `salvage(path, "o.csv")` wrote binary under a .csv name, which
    `write` refuses."""
    from gamerec.errors import InputError

    src = tmp_path / "g.grec"
    write_records(list(simulate("forest", 3, 1, seed=1)), src)
    with pytest.raises(InputError, match=r"unknown suffix \.csv"):
        salvage(src, tmp_path / "o.csv")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["g.grec"]
    assert salvage(src, tmp_path / "o.csv", encoding="jsonl").kept == 1
