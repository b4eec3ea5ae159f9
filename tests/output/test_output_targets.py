"""Where outputs may go (found by trying the command line): a device given with -o and
--force was replaced by a regular file (the atomic rename swapped the node out: as root,
`-o /dev/null -f` would have destroyed /dev/null); a valid file name of 226-255 bytes was
refused as "File name too long" (the temporary name beside it is about 30 bytes longer);
an empty name, as an unset "$VAR" gives, meant the current folder."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import CLI, PROCESS_TIMEOUT, cli

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


# the command line, run where ``{folder}`` is a read-only mount of itself (a mount namespace
# of its own, in a user namespace: no privilege needed where the system allows them)
READ_ONLY = 'mount --bind "$1" "$1" && mount -o remount,ro,bind "$1" && shift && exec "$@"'


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize("how", ["mount", "mode"])
def test_parquet_into_a_read_only_folder_cannot_write_the_folder_named(
    tmp_path: Path, how: str, jobs: str
) -> None:
    """Issue 31: `export --to parquet -o out` into a read-only folder said only
    "gamerec: out/.records.parquet.gamerec-123-ab12cd34.tmp: Read-only file system" (the
    temporary file it could not remove, which was never made); by mode, it named the
    temporary file too. It says it cannot write the folder named, as other commands do."""
    pytest.importorskip("pyarrow")
    out = tmp_path / "out"
    out.mkdir()
    args = [*CLI, "export", str(RECORD), "--to", "parquet", "-o", str(out), "-j", jobs]
    if how == "mode":
        if os.geteuid() == 0:
            pytest.skip("root writes into a folder whatever its mode")
        out.chmod(0o555)
        why = "Permission denied"
    else:
        unshare = shutil.which("unshare")
        if unshare is None:
            pytest.skip("no unshare(1) to mount the folder read-only")
        mount = [unshare, "--map-root-user", "--mount", "sh", "-c", READ_ONLY, "sh", str(out)]
        if subprocess.run([*mount, "true"], capture_output=True, timeout=PROCESS_TIMEOUT).returncode:
            pytest.skip("this system mounts nothing for an unprivileged user")
        args = [*mount, *args]
        why = "Read-only file system"
    r = subprocess.run(args, capture_output=True, text=True, timeout=PROCESS_TIMEOUT)
    out.chmod(0o755)
    assert (r.returncode, r.stdout, r.stderr) == (2, "", f"gamerec: {out}: cannot write: {why}\n")
    assert list(out.iterdir()) == []
