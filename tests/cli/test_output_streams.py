"""Output that is complete or an error (issue 12, items 5, 15, 16, 18, 19, 20): short writes
to an unbuffered stdout, a closed stdout, file-size limits and full disks, temporary files
left by a killed run, the mode and symlinks of a replaced output, outputs that are also
inputs, and JSON written record by record. Process-level cases run the real console entry
through subprocess, with PYTHONUNBUFFERED=1 as Docker and CI set it."""

from __future__ import annotations

import os
import resource
import signal
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from helpers import cli

from gamerec.bots import simulate
from gamerec.format.read import read_file
from gamerec.format.write import encode_records, write_records
from gamerec.record import Record

MAIN = [sys.executable, "-c", "from gamerec.cli import main; main()"]
ENV = {**os.environ, "PYTHONUNBUFFERED": "1", "NO_COLOR": "1"}
ENV.pop("GAMEREC_DEBUG", None)


def gamerec(*args: str | Path, timeout: float = 120, **kwargs: Any) -> subprocess.CompletedProcess[bytes]:
    """The console entry run as a process; stdout and stderr captured unless given."""
    kwargs.setdefault("stdout", subprocess.PIPE)
    kwargs.setdefault("stderr", subprocess.PIPE)
    return subprocess.run([*MAIN, *map(str, args)], env=ENV, timeout=timeout, check=False, **kwargs)


def many(n: int) -> list[Record]:
    base = list(simulate("blackball", 4, 10, 1))
    return [msgspec.structs.replace(base[i % 10], players=[f"P{i}-{s}" for s in range(4)]) for i in range(n)]


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("big") / "big.grec"
    write_records(many(400), path)
    return path


def one_line_error(stderr: bytes) -> str:
    text = stderr.decode()
    assert "Traceback" not in text, text
    lines = text.strip().splitlines()
    assert len(lines) == 1, text
    return lines[0]


def limit_file_size(size: int) -> object:
    def set_limit() -> None:
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return set_limit


# -- item 5: short writes are errors ---------------------------------------------------------
def test_a_file_size_limit_on_stdout_is_an_error_not_a_truncated_success(big: Path, tmp_path: Path) -> None:
    """`ulimit -f 64; gamerec convert big.grec -o - --to json > o.json` with PYTHONUNBUFFERED=1
    gave 65,536 bytes and exit 0."""
    out = tmp_path / "o.json"
    with open(out, "wb") as f:
        r = gamerec("convert", big, "-o", "-", "--to", "json", stdout=f,
                    preexec_fn=limit_file_size(65536))  # fmt: skip
    assert r.returncode == 2
    line = one_line_error(r.stderr)
    assert "standard output" in line and "File too large" in line


def test_a_full_disk_on_stdout_names_standard_output(big: Path) -> None:
    with open("/dev/full", "wb") as f:
        r = gamerec("export", big, "--to", "csv", stdout=f, stderr=subprocess.PIPE)
    assert r.returncode == 2
    line = one_line_error(r.stderr)
    assert "standard output" in line and "No space left on device" in line


def test_a_file_size_limit_on_an_output_file_names_the_file(big: Path, tmp_path: Path) -> None:
    out = tmp_path / "o.json"
    r = gamerec("convert", big, "-o", out, preexec_fn=limit_file_size(65536))
    assert r.returncode == 2
    line = one_line_error(r.stderr)
    assert str(out) in line and "File too large" in line
    assert os.listdir(tmp_path) == []  # no partial output, no temporary file


def test_a_reader_that_stops_early_is_not_a_success(big: Path) -> None:
    """`gamerec convert big.grec -o - --to json | head -c1` exited 0."""
    proc = subprocess.Popen([*MAIN, "convert", str(big), "-o", "-", "--to", "json"], env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(1) == b"["
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141  # as a process that SIGPIPE ended
    assert b"Traceback" not in err and b"Exception ignored" not in err


# -- item 16: a closed stdout ----------------------------------------------------------------
def test_a_closed_stdout_is_one_clear_line(big: Path) -> None:
    """`gamerec validate big.grec >&-` raised AttributeError (exit 3)."""
    r = gamerec("validate", big, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                preexec_fn=lambda: os.close(1))  # fmt: skip
    assert r.returncode == 2
    assert "standard output is closed" in one_line_error(r.stderr)


def test_a_closed_stdout_does_not_stop_a_command_that_writes_a_file(big: Path, tmp_path: Path) -> None:
    out = tmp_path / "o.jsonl"
    r = gamerec("convert", big, "-o", out, stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE, preexec_fn=lambda: os.close(1))  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert len(list(read_file(out))) == 400


def test_a_closed_stdin_is_one_clear_line() -> None:
    r = gamerec("validate", "-", stdin=subprocess.DEVNULL, preexec_fn=lambda: os.close(0))
    assert r.returncode == 2
    assert "standard input is closed" in one_line_error(r.stderr)


# -- item 15: JSON written record by record --------------------------------------------------
def test_json_is_encoded_one_record_at_a_time() -> None:
    """A JSON file of many records comes out while the records are still being read: the
    writer never holds them all (convert to JSON took about 150x the binary size)."""
    records = many(3)
    taken = 0

    def source() -> Iterator[Record]:
        nonlocal taken
        for r in records:
            taken += 1
            yield r

    chunks = encode_records(source(), "json")
    first = next(chunks)
    assert taken <= 2 and first.startswith(b"[")
    whole = first + b"".join(chunks)
    assert [e.record for e in read_file_bytes(whole)] == [r for r in records]


def read_file_bytes(data: bytes) -> list:  # type: ignore[type-arg]
    from gamerec.format.read import read_bytes

    return list(read_bytes(data))


@pytest.mark.parametrize("n", [1, 2, 5])
def test_streamed_json_is_laid_out_as_before(n: int) -> None:
    """Streaming changes no byte: the same layout as one pretty-printed document."""
    from gamerec.format.binary import with_defaults
    from gamerec.format.jsonform import codec, pretty

    records = many(n)
    items = [msgspec.to_builtins(codec(r.game).to_struct(with_defaults(r))) for r in records]
    doc = items[0] if n == 1 else items
    assert b"".join(encode_records(records, "json")) == (pretty(doc) + "\n").encode()


# -- item 18: temporary files of a killed run ------------------------------------------------
def test_a_killed_write_leaves_a_temporary_file_the_next_run_removes(big: Path, tmp_path: Path) -> None:
    """SIGKILL while convert writes: the temporary file stays (nothing can remove it then),
    named so that the next run of the same command removes it."""
    out = tmp_path / "out.jsonl"
    input_ = tmp_path / "in.grec"
    write_records(many(6000), input_)
    proc = subprocess.Popen([*MAIN, "convert", str(input_), "-o", str(out)], env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)  # fmt: skip
    deadline = time.monotonic() + 60
    while not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")] and proc.poll() is None:
        assert time.monotonic() < deadline
        time.sleep(0.005)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)
    left = [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]
    assert left and left[0].startswith(".out.jsonl.")
    r = gamerec("convert", big, "-o", out)
    assert r.returncode == 0, r.stderr
    assert sorted(os.listdir(tmp_path)) == ["in.grec", "out.jsonl"]


def test_a_temporary_file_of_a_live_run_is_left_alone(big: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.json"
    mine = tmp_path / f".out.json.gamerec-{os.getpid()}-abc.tmp"  # this process is alive
    mine.write_bytes(b"busy")
    assert cli("convert", big, "-o", out).exit_code == 0
    assert mine.exists()


# -- item 19: --force keeps what it replaces -------------------------------------------------
def test_force_keeps_the_mode_of_the_file_it_replaces(big: Path, tmp_path: Path) -> None:
    out = tmp_path / "o.json"
    out.write_text("old")
    out.chmod(0o600)
    assert cli("convert", big, "-o", out, "--force").exit_code == 0
    assert stat.S_IMODE(out.stat().st_mode) == 0o600
    assert len(list(read_file(out))) == 400


def test_force_writes_through_a_symlink_to_its_target(big: Path, tmp_path: Path) -> None:
    real = tmp_path / "real" / "o.json"
    real.parent.mkdir()
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    assert cli("convert", big, "-o", link, "--force").exit_code == 0
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert len(list(read_file(real))) == 400
    assert sorted(os.listdir(real.parent)) == ["o.json"]


# -- item 1 (in general): never overwrite an input ------------------------------------------
@pytest.mark.parametrize(
    "args",
    [
        ["convert", "{in}", "-o", "{in}", "--force"],
        ["convert", "{in}", "-o", "{link}", "--force"],
        ["export", "{in}", "--to", "json", "-o", "{in}", "--force"],
        ["salvage", "{in}", "-o", "{in}", "--force"],
    ],
)
def test_an_output_that_is_also_the_input_is_refused(args: list[str], big: Path, tmp_path: Path) -> None:
    src = tmp_path / "in.json"
    write_records(many(2), src)
    link = tmp_path / "link.json"
    link.symlink_to(src)
    before = src.read_bytes()
    r = cli(*(a.format(**{"in": src, "link": link}) for a in args))
    assert r.exit_code == 2
    assert "is also the input" in r.stderr or "is the input" in r.stderr
    assert src.read_bytes() == before


# -- item 20: no arguments -------------------------------------------------------------------
def test_no_arguments_prints_the_help() -> None:
    r = gamerec()
    assert r.returncode == 0
    out = r.stdout.decode()
    assert "Usage:" in out and "validate" in out and "convert" in out
    assert r.stderr == b""


def test_parquet_export_removes_the_temporary_files_of_a_killed_run(big: Path, tmp_path: Path) -> None:
    """`.actions.parquet.PID.tmp` files of a killed export stayed for ever; the next export
    to the same folder removes those whose process is gone."""
    pytest.importorskip("pyarrow")
    gone = subprocess.Popen(["true"])
    gone.wait()
    out = tmp_path / "tables"
    out.mkdir()
    stale = [
        out / f".actions.parquet.gamerec-{gone.pid}-dead.tmp",
        out / f".deals.parquet.gamerec-{gone.pid}-x.tmp",
    ]
    for p in stale:
        p.write_bytes(b"PAR1 cut short")
    r = cli("export", big, "--to", "parquet", "-o", out)
    assert r.exit_code == 0, r.stderr
    assert sorted(os.listdir(out)) == ["actions.parquet", "deals.parquet", "records.parquet"]


def test_an_exception_while_a_binary_file_is_read_stays_that_exception(big: Path) -> None:
    """A signal (or any error) arriving while a mapped binary file is read was replaced by
    `BufferError: cannot close exported pointers exist` (exit 3 instead of 130): a view of
    the map was still alive in the frames the exception was leaving."""
    from gamerec.format.read import raw_file

    reading = raw_file(big)
    next(reading)
    with pytest.raises(KeyboardInterrupt):
        reading.throw(KeyboardInterrupt)


def test_a_file_size_limit_on_a_parquet_export_names_the_folder(big: Path, tmp_path: Path) -> None:
    """pyarrow's own words ("Error writing bytes to file") named no file."""
    pytest.importorskip("pyarrow")
    out = tmp_path / "tables"
    r = gamerec("export", big, "--to", "parquet", "-o", out, preexec_fn=limit_file_size(65536))
    assert r.returncode == 2
    line = one_line_error(r.stderr)
    assert str(out) in line and "File too large" in line
    assert os.listdir(tmp_path) == []  # the folder it made is gone again


@pytest.mark.parametrize(
    "args", [["validate", "-v"], ["replay", "-r", "1", "--all", "--format", "panels"], ["score"]]
)
def test_text_output_to_a_reader_that_stops_early_ends_quietly(args: list[str], big: Path) -> None:
    """`gamerec validate -v big.grec | head -1` exited 1 (rich's own broken-pipe exit),
    which says "some record illegal". (The replay prints panels: its lines of one game fit
    in a pipe's buffer, so the command could end before the reader stops.)"""
    proc = subprocess.Popen([*MAIN, *args, str(big)], env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141
    assert err == b""
