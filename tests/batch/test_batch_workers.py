"""Worker processes of `validate --jobs` and `score --jobs` (issue 12, items 9, 11, 17 and
the signal half of 18): a killed worker fails the batch with one line instead of hanging;
--jobs is bounded and workers start only when there is work for them; SIGINT, SIGTERM and
SIGHUP end any command with one line, exit 128 + the signal, no traceback from any
process, and no file left behind."""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import msgspec
import pytest
from helpers import CLI, PROCESS_TIMEOUT, assert_gone, cli, finish, session_ended, start, wait_for_workers

from gamerec.bots import simulate
from gamerec.checking import batch
from gamerec.checking.batch import max_jobs, verify_batch
from gamerec.checking.verdicts import Verdict
from gamerec.errors import InputError
from gamerec.format.read import RawRecord
from gamerec.format.write import write_records

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="finds workers through /proc")

TIMEOUT = PROCESS_TIMEOUT
RECORDS = 12_000  # a few seconds of work for two workers: signals arrive mid-batch


def different(n: int, path: Path) -> Path:
    """``n`` different valid blackball records in ``path``."""
    base = list(simulate("blackball", 4, 20, 1))
    names = ([f"P{i}-{s}" for s in "abcd"] for i in range(n))
    write_records((msgspec.structs.replace(base[i % 20], players=p) for i, p in enumerate(names)), path)
    return path


@pytest.fixture(scope="module")
def big(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """12 000 records (47 chunks of 256)."""
    return different(RECORDS, tmp_path_factory.mktemp("workers") / "big.grec")


@pytest.fixture(scope="module")
def medium(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """3 000 records: written as JSON Lines in about half a second."""
    return different(3000, tmp_path_factory.mktemp("workers") / "medium.grec")


# -- item 9: a lost worker -------------------------------------------------------------------
def test_a_killed_worker_fails_the_batch_with_one_line_and_the_verdicts_before_it(big: Path) -> None:
    """An OOM kill (SIGKILL) of a worker during `validate -j 2` used to hang the batch
    forever. Now: exit 2, one line naming the records lost, and the verdicts before them."""
    proc = start("validate", "-v", "-j", "2", big)
    kids = wait_for_workers(proc, 2)
    os.kill(max(kids), signal.SIGKILL)  # the second worker: its chunk is not the first
    out, err = finish(proc)
    assert proc.returncode == 2, (out, err)
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    found = re.fullmatch(
        rf"gamerec: {re.escape(str(big))}: records (\d+)-(\d+): not verified: a worker process died "
        r"\(killed by SIGKILL\), perhaps out of memory; the batch stops there "
        r"\(fewer --jobs use less memory\)\n",
        err,
    )
    assert found, err
    first, last = int(found[1]), int(found[2])
    assert first > 1 and last - first == 255
    # every verdict before the lost chunk, in order, and none after
    assert out.splitlines() == [f"{big}: record {n}: valid" for n in range(1, first)]
    assert_gone(kids)


def test_a_bug_in_a_worker_is_raised_in_the_parent(big: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    if "fork" not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip("the patched function reaches the workers by fork")
    real = batch._verify_raw

    def buggy(raw: RawRecord, scores: bool = True) -> Verdict:
        if raw.index == 5:
            raise ZeroDivisionError("a bug")
        return real(raw, scores)

    monkeypatch.setattr(batch, "_verify_raw", buggy)
    verdicts = verify_batch([str(big)], jobs=2, chunk=2)
    with pytest.raises(ZeroDivisionError, match="a bug"):
        for v in verdicts:
            assert v.record <= 4  # the chunks before the one with the bug


# -- item 11: --jobs bounded, workers started lazily --------------------------------------------
@pytest.mark.parametrize("jobs", ["1180591620717411303424", str(max_jobs() + 1)])
def test_jobs_above_the_maximum_is_a_usage_error(jobs: str, fixtures: Path) -> None:
    result = cli("validate", "-j", jobs, fixtures / "blackball" / "games")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"gamerec validate: Invalid value for '--jobs' / '-j': {jobs}: at most {max_jobs()} processes "
        "(see 'gamerec validate --help')"
    ]


def test_the_library_refuses_jobs_out_of_bounds(fixtures: Path) -> None:
    for jobs in (0, max_jobs() + 1):
        with pytest.raises(InputError, match=f"jobs {jobs}: a batch uses 1 to"):
            list(verify_batch([str(fixtures / "blackball" / "games")], jobs=jobs))


@pytest.fixture
def started(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The worker processes started, counted."""
    count: list[int] = []
    real = batch._Workers._start

    def counted(self: batch._Workers) -> batch._Worker | None:
        count.append(1)
        return real(self)

    monkeypatch.setattr(batch._Workers, "_start", counted)
    yield count


def test_one_record_with_64_jobs_starts_no_process(tmp_path: Path, started: list[int]) -> None:
    """`-j 64` on one record forked 64 processes (13 s); a single chunk needs none."""
    one = tmp_path / "one.grec"
    write_records(list(simulate("forest", 3, 1, seed=4)), one)
    assert [v.status for v in verify_batch([str(one)], jobs=64)] == ["valid"]
    assert started == []
    assert cli("validate", "-j", "64", one).exit_code == 0
    assert started == []


def test_never_more_workers_than_chunks(tmp_path: Path, started: list[int]) -> None:
    three = tmp_path / "three.grec"
    write_records(list(simulate("forest", 3, 3, seed=4)), three)
    assert [v.status for v in verify_batch([str(three)], jobs=64, chunk=1)] == ["valid"] * 3
    assert 1 <= len(started) <= 3


def test_when_no_more_processes_can_be_started(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Out of processes (EAGAIN from fork): the workers already running do the batch; with
    none, an input error that says what to change."""
    import errno
    from multiprocessing.process import BaseProcess

    files = tmp_path / "six.grec"
    write_records(list(simulate("forest", 3, 6, seed=4)), files)
    expected = list(verify_batch([str(files)], jobs=1))
    real = BaseProcess.start
    allowed = [1]

    def start_some(self: BaseProcess) -> None:
        if not allowed:
            raise OSError(errno.EAGAIN, "Resource temporarily unavailable")
        allowed.pop()
        real(self)

    monkeypatch.setattr(BaseProcess, "start", start_some)
    assert list(verify_batch([str(files)], jobs=4, chunk=1)) == expected
    with pytest.raises(InputError, match=r"cannot start a worker process: Resource temporarily "
                       r"unavailable \(--jobs 1 verifies in this process\)"):  # fmt: skip
        list(verify_batch([str(files)], jobs=4, chunk=1))


# -- item 17: signals during a batch ------------------------------------------------------------
SIGNALS = [("SIGINT", 130, "interrupted"), ("SIGTERM", 143, "terminated"), ("SIGHUP", 129, "hung up")]


@pytest.mark.parametrize(("name", "code", "word"), SIGNALS)
def test_a_signal_to_the_process_group_ends_the_batch_with_one_line(
    big: Path, name: str, code: int, word: str
) -> None:
    """Ctrl-C (SIGINT to the process group) printed two worker tracebacks; now each signal
    gives its exit code and one line, from the parent only, and no worker outlives it."""
    proc = start("validate", "-j", "2", big)
    kids = wait_for_workers(proc, 2)
    os.killpg(proc.pid, getattr(signal, name))
    out, err = finish(proc)
    assert proc.returncode == code, (out, err)
    # and how far it got (issue 15)
    said = rf"gamerec: {word} \({name}\) after \d+ records?.*; the rest not verified\n"
    assert re.fullmatch(said, err), err
    assert_gone(kids)


# a command whose finalizer gets the signal (``{name}``: TERM, HUP, INT), run with
# ``python -c``; a command of one of the two tests below follows
FINALIZED = """
import os, signal
from gamerec.cli.app import app
from gamerec.cli.progress import Work
from gamerec.errors import InputError

class Finalized:
    def __del__(self) -> None:
        os.kill(os.getpid(), signal.SIG{name})  # its handler raises here, in a finalizer
        sum(range(10))
"""

SWALLOWED = """
@app.command("swallow")
def swallow() -> None:
    Finalized()
    raise InputError("records 1-256: not verified: a worker process died (killed by SIG{name})")

app(["swallow"])
"""


@pytest.mark.parametrize(("name", "code", "word"), SIGNALS)
def test_a_signal_that_lands_in_a_finalizer_still_ends_the_command_as_that_signal(
    name: str, code: int, word: str
) -> None:
    """CI, once in about a hundred runs: SIGHUP to the process group of `validate -j 2` exited
    2 ("a worker process died"), not 129. The parent's handler had raised inside a finalizer
    (a ``__del__``, or the close of a generator dropped half-way, as the workers' loop does
    with ``next(genexpr, None)`` for every chunk it hands out), where Python drops the
    exception with a traceback on stderr; the workers died of the same signal, and the batch
    failed as if they had been lost. Now the signal wins: its exit code and its one line,
    and no traceback."""
    proc = subprocess.run(
        [sys.executable, "-c", (FINALIZED + SWALLOWED).format(name=name[3:])], capture_output=True, text=True,
        timeout=PROCESS_TIMEOUT,
    )  # fmt: skip
    assert (proc.returncode, proc.stdout, proc.stderr) == (code, "", f"gamerec: {word} ({name})\n")


GOES_ON = """
@app.command("swallow")
def swallow() -> None:
    with Work("verifying", "the rest not verified") as work:
        for n in range(1, 4):
            if n == 2:
                Finalized()
            work(n, 0, None)
    print("all verified")

app(["swallow"])
"""


@pytest.mark.parametrize(("name", "code", "word"), SIGNALS)
def test_a_signal_dropped_in_a_finalizer_still_stops_the_work_at_the_next_record(
    name: str, code: int, word: str
) -> None:
    """With nothing else to fail (one process, ``-j 1``), a signal whose exception Python
    dropped in a finalizer would be lost and the work would go on to the end, exit 0: it
    stops at the next record instead, as the signal would have."""
    proc = subprocess.run(
        [sys.executable, "-c", (FINALIZED + GOES_ON).format(name=name[3:])], capture_output=True, text=True,
        timeout=PROCESS_TIMEOUT,
    )  # fmt: skip
    said = f"gamerec: {word} ({name}) after 1 record; the rest not verified\n"
    assert (proc.returncode, proc.stdout, proc.stderr) == (code, "", said)


def test_sigterm_to_the_parent_alone_ends_its_workers_quietly(big: Path) -> None:
    """SIGTERM to the parent made the workers print BrokenPipeError tracebacks."""
    proc = start("score", "-j", "2", big)
    kids = wait_for_workers(proc, 2)
    os.kill(proc.pid, signal.SIGTERM)
    _, err = finish(proc)
    assert proc.returncode == 143
    said = r"gamerec: terminated \(SIGTERM\) after \d+ records?.*; the rest not scored\n"
    assert re.fullmatch(said, err), err
    assert_gone(kids)


def test_a_signal_ignored_at_start_stays_ignored(medium: Path) -> None:
    """Under ``nohup`` (SIGHUP ignored) a hangup neither stops the batch nor its workers."""
    proc = subprocess.Popen(
        [*CLI, "validate", "-j", "2", str(medium)], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True, start_new_session=True, preexec_fn=lambda: signal.signal(signal.SIGHUP, signal.SIG_IGN),
    )  # fmt: skip
    wait_for_workers(proc, 2)
    os.killpg(proc.pid, signal.SIGHUP)
    out, err = finish(proc)
    assert (proc.returncode, out, err) == (0, "3000 records: 3000 valid\n", "")


# -- item 18, signal half: SIGTERM and SIGHUP unwind like Ctrl-C ---------------------------------
@pytest.mark.parametrize(("name", "code", "word"), SIGNALS)
def test_a_signal_during_convert_leaves_no_output_and_no_temporary_file(
    medium: Path, tmp_path: Path, name: str, code: int, word: str
) -> None:
    folder = tmp_path / "out"
    folder.mkdir()
    proc = start("convert", medium, "-o", folder / "out.jsonl")
    deadline = time.monotonic() + TIMEOUT
    # being written, not just made: a signal in the instant between write_atomic's mkstemp
    # and its try block leaves the file to the next run's stale-file cleanup
    while not any(p.stat().st_size for p in folder.glob(".out.jsonl.*.tmp")):
        assert proc.poll() is None, f"convert ended before it was signalled: {proc.communicate()}"
        assert time.monotonic() < deadline
        time.sleep(0.001)
    os.killpg(proc.pid, getattr(signal, name))
    _, err = finish(proc)
    assert proc.returncode == code
    assert re.fullmatch(rf"gamerec: {word} \({name}\) after \d+ records?.*; no output written\n", err), err
    assert os.listdir(folder) == []  # neither the output nor a temporary file


# -- issue 31, F3: the parent killed outright -------------------------------------------------
# a parent that takes one result of its batch and then waits to be killed; the results are
# far larger than a pipe holds, so the other worker is blocked sending its own. With
# ``held``, a process forked from the parent (as a library caller may fork one) holds the
# parent's ends of the workers' pipes after the parent is gone.
TAKES_ONE = """
import multiprocessing, os, signal, sys
from gamerec.checking.batch import map_chunks

def large(raws):
    return bytes(16 << 20)

results = map_chunks([sys.argv[1]], large, jobs=2, chunk=1)
next(results)
workers = [p.pid for p in multiprocessing.active_children()]
if sys.argv[2] == "held" and os.fork() == 0:
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
    signal.pause()
print(*workers, flush=True)
signal.pause()
"""


def sockets(pid: int) -> set[str]:
    """The sockets process ``pid`` holds open (``socket:[INODE]``)."""
    found = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        with contextlib.suppress(OSError):
            if (target := os.readlink(fd)).startswith("socket:"):
                found.add(target)
    return found


@pytest.mark.parametrize("held", ["alone", "held"])
def test_workers_end_when_their_parent_is_killed_outright(held: str, fixtures: Path) -> None:
    """SIGKILL to the parent (an OOM kill) left its workers blocked for ever sending a large
    result: each held the parent's end of its own pipe (inherited at fork), so the pipe never
    broke. Now they end at once, and also when another process holds those ends (they watch
    for their parent), and the parent's standard output is let go of."""
    tournament = fixtures / "blackball" / "tournament.grec"
    proc = subprocess.Popen(
        [sys.executable, "-c", TAKES_ONE, str(tournament), held],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    with session_ended(proc):
        assert proc.stdout is not None
        kids = [int(pid) for pid in proc.stdout.readline().split()]
        assert len(kids) == 2, proc.communicate()
        # the parent's ends of the pipes are its own (the workers closed theirs once started)
        deadline = time.monotonic() + 10
        while shared := sockets(proc.pid) & set().union(*map(sockets, kids)):
            assert time.monotonic() < deadline, f"the workers hold the parent's {shared}"
            time.sleep(0.01)
        os.kill(proc.pid, signal.SIGKILL)
        assert proc.wait(TIMEOUT) == -signal.SIGKILL
        assert_gone(kids, within=10)
        if held == "alone":
            assert proc.communicate(timeout=10) == ("", "")  # no worker holds stdout or stderr
