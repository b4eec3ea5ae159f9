"""Issue 31, F7: what a stopped ``gamerec split`` leaves behind. SIGINT or SIGTERM while the
files were written left the parts written so far (``part-000001.grec``...) under "no output
written", in 6 of 6 trials; SIGKILL left ``.gamerec-split-XXXX/``, a full copy of the input,
which no later split removed, not even with ``--force``; a full disk said only "No space left
on device". Now a signal leaves the folder as it was, a later split removes the work folders
of dead runs (and only theirs), and a write that fails names its file."""

from __future__ import annotations

import errno
import io
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import FIXTURES
from helpers import PROCESS_TIMEOUT, cli, distinct_records, error_line, finish, start

import gamerec.archives.split
from gamerec.format.read import read_file

RECORDS = 3000
PARTS = "10"  # 300 files: their writing takes a while after the first appears


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """3000 different valid blackball records."""
    return distinct_records(tmp_path_factory.mktemp("split") / "big.grec", RECORDS)


def _everything(folder: Path) -> list[str]:
    """The names in ``folder`` and in its sub-folders (the work folder), sorted."""
    found = []
    for root, dirs, files in os.walk(folder):
        found += [os.path.relpath(os.path.join(root, n), folder) for n in dirs + files]
    return sorted(found)


def _wait_for(proc: subprocess.Popen[str], folder: Path, fragment: str) -> None:
    """Until a file whose name holds ``fragment`` is in ``folder`` or its work folder."""
    deadline = time.monotonic() + PROCESS_TIMEOUT
    while not any(fragment in n for n in _everything(folder)):
        assert proc.poll() is None, f"split ended before it was signalled: {proc.communicate()}"
        assert time.monotonic() < deadline, "split never got there"
        time.sleep(0.001)


def _dead_pid() -> int:
    """The id of a process that has ended."""
    proc = subprocess.Popen([sys.executable, "-c", ""])
    proc.wait()
    return proc.pid


SIGNALS = [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "terminated"), ("SIGHUP", 129, "hung up")]


@pytest.mark.parametrize(("name", "code", "word"), SIGNALS)
def test_a_signal_while_the_files_are_written_leaves_the_folder_as_it_was(
    big: Path, tmp_path: Path, name: str, code: int, word: str
) -> None:
    """The signal comes once the first part is being written (it was already in the
    folder, and stayed there: 6 of 6 trials)."""
    out = tmp_path / "out"
    out.mkdir()
    (out / "mine.txt").write_text("kept")
    proc = start("split", big, "--by", PARTS, "-o", out)
    _wait_for(proc, out, "part-000002")  # the first part written
    os.kill(proc.pid, getattr(signal, name))
    _, err = finish(proc)
    assert proc.returncode == code, err
    assert re.fullmatch(rf"gamerec: {word} \({name}\) after \d+ records.*; no output written\n", err), err
    assert _everything(out) == ["mine.txt"]


def test_a_signal_while_the_records_are_gathered_leaves_no_folder(big: Path, tmp_path: Path) -> None:
    out = tmp_path / "new" / "out"
    proc = start("split", big, "--by", PARTS, "-o", out)
    _wait_for(proc, out.parent, "0.grec")  # the first group's records, gathered
    os.kill(proc.pid, signal.SIGTERM)
    _, err = finish(proc)
    assert proc.returncode == 143, err
    assert err.endswith("; no output written\n"), err
    assert _everything(tmp_path) == ["new"]  # the folder it made, gone with the rest


def test_a_signal_while_the_files_are_put_in_place_undoes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The files are put in place (renamed) with signals held: one that arrives meanwhile
    stops the split once they are all there, and they are taken away again (a file it
    replaced, with --force, is put back): the line's "no output written" holds."""
    src = FIXTURES / "blackball" / "tournament.grec"
    out = tmp_path / "out"
    out.mkdir()
    (out / "part-000002.grec").write_bytes(b"old")
    real = os.replace
    calls = []

    def replace(a: Any, b: Any) -> None:
        calls.append(b)
        if len(calls) == 2:
            os.kill(os.getpid(), signal.SIGTERM)  # held until the files are in place
        real(a, b)

    monkeypatch.setattr(os, "replace", replace)
    r = cli("split", src, "--by", "1", "-o", out, "--force")
    assert r.exit_code == 143, r.stderr
    assert error_line(r).startswith("gamerec: terminated (SIGTERM)") and r.stdout == ""
    assert len(calls) >= 3  # every file was put in place before the signal was taken
    assert _everything(out) == ["part-000002.grec"]
    assert (out / "part-000002.grec").read_bytes() == b"old"


def _replace_fails_at(monkeypatch: pytest.MonkeyPatch, name: str) -> None:
    """``os.replace`` into a file called ``name`` fails (an I/O error): the others go on."""
    real = os.replace

    def replace(a: Any, b: Any) -> None:
        if str(b).endswith(name):
            raise OSError(errno.EIO, os.strerror(errno.EIO))
        real(a, b)

    monkeypatch.setattr(os, "replace", replace)


def test_a_failure_while_the_files_are_put_in_place_undoes_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    src = FIXTURES / "blackball" / "tournament.grec"
    out = tmp_path / "out"
    out.mkdir()
    (out / "part-000001.grec").write_bytes(b"old")
    _replace_fails_at(monkeypatch, "part-000003.grec")
    r = cli("split", src, "--by", "1", "-o", out, "--force")
    assert r.exit_code == 2
    assert error_line(r) == f"gamerec: {out / 'part-000003.grec'}: cannot write: Input/output error"
    assert _everything(out) == ["part-000001.grec"]
    assert (out / "part-000001.grec").read_bytes() == b"old"


def test_a_link_replaced_with_force_is_written_through_or_put_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """As every --force write: a symbolic link's target gets the new content and the link
    stays; when the split fails after, the target gets its old content back."""
    src = FIXTURES / "blackball" / "tournament.grec"
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (elsewhere / "real.grec").write_bytes(b"old")
    (out / "part-000001.grec").symlink_to(elsewhere / "real.grec")
    _replace_fails_at(monkeypatch, "part-000002.grec")
    assert cli("split", src, "--by", "1", "-o", out, "--force").exit_code == 2
    assert (elsewhere / "real.grec").read_bytes() == b"old"
    assert _everything(out) == ["part-000001.grec"] and _everything(elsewhere) == ["real.grec"]
    monkeypatch.undo()  # (os.replace as it is)
    assert cli("split", src, "--by", "1", "-o", out, "--force").exit_code == 0
    assert (out / "part-000001.grec").is_symlink() and _everything(elsewhere) == ["real.grec"]
    assert len(list(read_file(elsewhere / "real.grec"))) == 1


# -- SIGKILL: the work folder of a dead run --------------------------------------------------------
def test_a_later_split_removes_the_work_folder_a_killed_split_left(big: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    proc = start("split", big, "--by", PARTS, "-o", out)
    _wait_for(proc, out, "0.grec")
    proc.kill()
    finish(proc)
    left = [n for n in os.listdir(out) if n.startswith(".gamerec-split-")]
    assert left and left[0].startswith(f".gamerec-split-{proc.pid}-")  # nothing can remove it then
    r = cli("split", FIXTURES / "forest" / "tournament.grec", "--by", "game", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert sorted(os.listdir(out)) == ["forest.grec"]


def test_split_removes_the_work_folders_of_dead_runs_only(tmp_path: Path) -> None:
    """With or without --force; a run still under way (this process) keeps its folder, and
    a hidden folder of another name is not gamerec's."""
    src = FIXTURES / "forest" / "tournament.grec"
    out = tmp_path / "out"
    out.mkdir()
    for force in (False, True):
        dead = out / f".gamerec-split-{_dead_pid()}-abcd1234"
        (dead / "inner").mkdir(parents=True)
        (dead / "inner" / "0.grec").write_bytes(b"x" * 100)
        alive = out / f".gamerec-split-{os.getpid()}-efgh5678"
        alive.mkdir(exist_ok=True)
        (out / ".other").mkdir(exist_ok=True)
        r = cli("split", src, "--by", "game", "-o", out, *(["--force"] if force else []))
        assert r.exit_code == 0, r.stderr
        assert sorted(os.listdir(out)) == [alive.name, ".other", "forest.grec"]
        os.unlink(out / "forest.grec")


# -- a write that fails names its file -------------------------------------------------------------
class _Full(io.FileIO):
    """A file on a full disk: every write fails, as the kernel says it then."""

    def write(self, data: Any) -> int:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def test_a_full_disk_while_gathering_names_the_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The gathered records are buffered: the write failed when the file was closed, outside
    the handling that named the folder, and the line was "gamerec: No space left on device"."""

    def full(path: Any, mode: str = "r", *args: Any, **kwargs: Any) -> Any:
        return io.BufferedWriter(_Full(path, mode.replace("b", "")))

    monkeypatch.setattr(gamerec.archives.split, "open", full, raising=False)
    out = tmp_path / "out"
    r = cli("split", FIXTURES / "forest" / "tournament.grec", "--by", "game", "-o", out)
    assert r.exit_code == 2
    assert error_line(r) == f"gamerec: {out / 'forest.grec'}: cannot write: No space left on device"
    assert not out.exists()


def test_a_full_disk_while_writing_the_files_names_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def fsync(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", fsync)
    out = tmp_path / "out"
    out.mkdir()
    r = cli("split", FIXTURES / "blackball" / "tournament.grec", "--by", "2", "-o", out, "--to", "jsonl")
    assert r.exit_code == 2
    assert error_line(r) == f"gamerec: {out / 'part-000001.jsonl'}: cannot write: No space left on device"
    assert _everything(out) == []


def test_split_still_writes_every_record(big: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    r = cli("split", big, "--by", "1000", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert sorted(os.listdir(out)) == [f"part-00000{i}.grec" for i in (1, 2, 3)]
    assert sum(len(list(read_file(p))) for p in out.iterdir()) == RECORDS
