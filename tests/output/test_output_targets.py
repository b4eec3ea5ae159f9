"""Where outputs may go (found by trying the command line): a device given with -o and
--force was replaced by a regular file (the atomic rename swapped the node out: as root,
`-o /dev/null -f` would have destroyed /dev/null); a valid file name of 226-255 bytes was
refused as "File name too long" (the temporary name beside it is about 30 bytes longer);
an empty name, as an unset "$VAR" gives, meant the current folder."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli

RECORD = FIXTURES / "forest" / "games" / "three-players.json"


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_a_device_is_never_replaced(tmp_path: Path) -> None:
    dev = tmp_path / "nulldev"
    os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    for args in (["convert", RECORD, "-o", dev, "-f"], ["export", RECORD, "--to", "csv", "-o", dev, "-f"]):
        r = cli(*args)
        assert r.exit_code == 2
        why = "not a regular file: gamerec writes files (give -o - to write to standard output)"
        assert r.stderr.strip() == f"gamerec: {dev}: {why}"
        assert stat.S_ISCHR(dev.lstat().st_mode)


def test_a_fifo_is_never_replaced(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    r = cli("convert", RECORD, "-o", fifo, "-f")
    assert r.exit_code == 2 and "not a regular file" in r.stderr
    assert stat.S_ISFIFO(fifo.lstat().st_mode)


def test_a_name_near_the_limit_is_written(tmp_path: Path) -> None:
    name = tmp_path / ("M" * 245 + ".grec")  # 250 bytes: the file system takes it
    r = cli("convert", RECORD, "-o", name)
    assert r.exit_code == 0, r.stderr
    assert name.stat().st_size > 0
    assert [p.name for p in tmp_path.iterdir()] == [name.name]  # no temporary file left
    again = cli("convert", RECORD, "-o", name, "-f")
    assert again.exit_code == 0, again.stderr


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["validate", ""], "gamerec: '': not a file or folder name (an empty name)"),
        (["convert", str(RECORD), "-o", ""], "gamerec: '': not a file name (an empty name)"),
        (["split", str(RECORD), "--by", "game", "-o", ""], "gamerec: '': not a folder name (an empty name)"),
    ],
    ids=["input", "output", "folder"],
)
def test_an_empty_name_is_refused(
    args: list[str], line: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "here.json").write_bytes(RECORD.read_bytes())
    r = cli(*args)
    assert r.exit_code == 2
    assert r.stderr.strip() == line
    assert [p.name for p in tmp_path.iterdir()] == ["here.json"]


def test_parquet_to_an_existing_file_says_a_folder_is_needed(tmp_path: Path) -> None:
    """`export --to parquet -o x.txt -f` with x.txt a file said only "x.txt: File exists"."""
    pytest.importorskip("pyarrow")
    target = tmp_path / "x.txt"
    target.write_text("mine")
    for force in ([], ["-f"]):
        r = cli("export", RECORD, "--to", "parquet", "-o", target, *force)
        assert r.exit_code == 2
        why = "a file, not a folder: the Parquet export writes three tables into a folder (name one)"
        assert r.stderr.strip() == f"gamerec: {target}: {why}"
        assert target.read_text() == "mine"


def test_parquet_into_a_folder_that_cannot_be_made_says_why(tmp_path: Path) -> None:
    pytest.importorskip("pyarrow")
    (tmp_path / "notes.txt").write_text("mine")
    r = cli("export", RECORD, "--to", "parquet", "-o", tmp_path / "notes.txt" / "tables")
    assert r.exit_code == 2
    line = r.stderr.strip()
    assert line.startswith("gamerec: ") and "cannot make the folder" in line and "Not a directory" in line, (
        line
    )
