"""Issue 15, "Progress": every command that can run long (validate, score, ls, convert,
export in any form, simulate, salvage) draws a progress bar on stderr when it is a terminal,
counted in records (or in the input's bytes while the records are unknown); nothing on a pipe
or under ``--quiet``; the summary line always. The library reports progress through
``on_progress(done_records, done_bytes, total_bytes)`` and never draws it.

A bar is drawn once the work has run half a second; these tests set
``GAMEREC_PROGRESS_AFTER=0`` (draw at once), so that the assertions hold however fast the work
goes, except where they check the wait itself.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli

from gamerec.bots import simulate
from gamerec.checking.batch import verify_batch
from gamerec.export import export_checked
from gamerec.format.listing import list_records
from gamerec.format.read import read_file, read_records
from gamerec.format.write import write_records

pexpect = pytest.importorskip("pexpect")

CLI = [sys.executable, "-c", "from gamerec.cli import main; main()"]
TIMEOUT = 60  # only so that a hang fails the test instead of the suite
TOURNAMENT = FIXTURES / "blackball" / "tournament.grec"  # 200 records
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def different(n: int, path: Path) -> Path:
    """``n`` different valid blackball records in ``path``."""
    base = list(simulate("blackball", 4, 20, 1))
    names = ([f"P{i}-{s}" for s in "abcd"] for i in range(n))
    write_records((msgspec.structs.replace(base[i % 20], players=p) for i, p in enumerate(names)), path)
    return path


@pytest.fixture(scope="module")
def batch_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 records: two chunks, so that --jobs 2 starts workers."""
    return different(300, tmp_path_factory.mktemp("progress") / "six.grec")


# -- the library reports, never draws -------------------------------------------------------------
class Heard:
    def __init__(self) -> None:
        self.calls: list[tuple[int, int, int | None]] = []

    def __call__(self, records: int, done: int, total: int | None) -> None:
        self.calls.append((records, done, total))

    def check(self, records: int, total: int | None) -> None:
        """One call for each record, in order, bytes growing up to at most the total."""
        assert [c[0] for c in self.calls] == list(range(1, records + 1))
        done = [c[1] for c in self.calls]
        assert done == sorted(done) and done[0] > 0
        assert {c[2] for c in self.calls} == {total}
        if total is not None:
            assert done[-1] <= total and done[-1] > total * 0.9


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_batch_reports_each_verdict_with_the_bytes_done(batch_file: Path, jobs: int) -> None:
    """The issue: one large file was a blank terminal (the only callback was per file)."""
    heard = Heard()
    verdicts = list(verify_batch([str(batch_file)], jobs, on_progress=heard))
    assert len(verdicts) == 300
    heard.check(300, batch_file.stat().st_size)


def test_readers_listing_and_exports_report_each_record(batch_file: Path, tmp_path: Path) -> None:
    size = batch_file.stat().st_size
    for reader in (read_file, read_records):
        heard = Heard()
        assert len(list(reader(str(batch_file), heard))) == 300
        heard.check(300, size)
    heard = Heard()
    assert len(list(list_records([str(batch_file)], on_progress=heard))) == 300
    heard.check(300, size)
    heard = Heard()
    export_checked(list(simulate("forest", 3, 3, seed=1)), "csv", on_progress=heard)
    assert [c[0] for c in heard.calls] == [1, 2, 3]
    # two files: the total is both, never a count of files
    two = [str(batch_file), str(TOURNAMENT)]
    heard = Heard()
    assert len(list(verify_batch(two, 1, on_progress=heard))) == 500
    heard.check(500, size + TOURNAMENT.stat().st_size)


def test_standard_input_has_no_total(batch_file: Path) -> None:
    with open(batch_file, "rb") as f:
        proc = subprocess.run(
            [sys.executable, "-c", "import sys; from gamerec.format.read import read_file;"
             "calls = []; list(read_file('-', lambda *a: calls.append(a)));"
             "print(len(calls), {c[2] for c in calls})"],
            stdin=f, capture_output=True, text=True, timeout=TIMEOUT,
        )  # fmt: skip
    assert proc.stdout == "300 {None}\n", proc.stderr


# -- the command line: a bar on a terminal ----------------------------------------------------
def commands(src: Path, out: Path) -> list[tuple[str, list[str], str]]:
    """(what the bar says, the arguments, a line of the summary)."""
    return [
        ("verifying", ["validate", str(src)], "300 records: 300 valid"),
        ("verifying", ["validate", "-j", "2", str(src)], "300 records: 300 valid"),
        ("verifying", ["score", "--standings", str(src)], "300 records: 300 valid"),
        ("listing", ["ls", str(src)], "six.grec"),
        ("converting", ["convert", str(src), "-o", str(out / "c.jsonl")], ""),
        ("exporting", ["export", str(src), "--to", "csv", "-o", str(out / "e.csv")], ""),
        ("exporting", ["export", str(src), "--to", "parquet", "-o", str(out / "pq")], "300 records"),
        (
            "simulating",
            ["simulate", "-g", "forest", "-p", "3", "-n", "5", "-o", str(out / "s.grec")],
            "wrote 5",
        ),
        ("salvaging", ["salvage", str(src), "-o", str(out / "k.grec")], "kept 300 records"),
        (
            "playing",
            ["arena", "-g", "forest", "-b", "smart", "-b", "random", "-n", "5", "-f", "-o", str(out / "a")],
            "10 records: 10 valid",
        ),
    ]


COMMANDS = [(what, args[0] + (" -j" if "-j" in args else "")) for what, args, _ in commands(Path(), Path())]


def on_a_terminal(args: list[str], cwd: Path, after: str = "0") -> tuple[int, str]:
    env = {**os.environ, "COLUMNS": "120", "TERM": "xterm", "GAMEREC_PROGRESS_AFTER": after}
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE", "GAMEREC_DEBUG"):
        env.pop(name, None)
    child = pexpect.spawn(CLI[0], [*CLI[1:], *args], env=env, encoding="utf-8", timeout=TIMEOUT, cwd=str(cwd))
    child.expect(pexpect.EOF)
    child.close()
    return child.exitstatus, child.before


@pytest.mark.parametrize("index", range(len(COMMANDS)), ids=[c[1] for c in COMMANDS])
def test_a_bar_on_a_terminal_none_on_a_pipe_or_under_quiet(
    batch_file: Path, tmp_path: Path, index: int
) -> None:
    """`validate big.grec` was 43 s of blank terminal; simulate and export showed nothing."""
    what, args, summary = commands(batch_file, tmp_path)[index]
    for made in ("c.jsonl", "e.csv", "s.grec", "k.grec"):
        (tmp_path / made).unlink(missing_ok=True)
    if args[0] == "export":
        args = [*args, "--force"]  # the parquet folder is made by the first run
    code, shown = on_a_terminal(args, tmp_path)
    assert code == 0, shown
    assert what in shown and "\x1b[" in shown, shown  # drawn, with the terminal's controls
    assert summary in ANSI.sub("", shown)
    assert "Traceback" not in shown
    # a pipe: the summary, no bar
    for made in ("c.jsonl", "e.csv", "s.grec", "k.grec"):
        (tmp_path / made).unlink(missing_ok=True)
    piped = subprocess.run([*CLI, *args], capture_output=True, text=True, timeout=TIMEOUT, cwd=tmp_path)
    assert piped.returncode == 0, piped.stderr
    assert what not in piped.stderr and "\x1b" not in piped.stderr + piped.stdout
    assert summary in piped.stdout + piped.stderr


def test_quiet_draws_nothing_on_a_terminal_and_keeps_the_summary(batch_file: Path, tmp_path: Path) -> None:
    code, shown = on_a_terminal(["validate", "--quiet", str(batch_file)], tmp_path)
    assert (code, ANSI.sub("", shown).strip()) == (0, "300 records: 300 valid")
    assert "verifying" not in shown
    code, shown = on_a_terminal(
        ["simulate", "-g", "forest", "-p", "3", "-n", "2", "-q", "-o", "s.grec"], tmp_path
    )
    assert (code, ANSI.sub("", shown).strip()) == (0, "wrote 2 forest games to s.grec")
    code, shown = on_a_terminal(
        ["arena", "-g", "forest", "-b", "smart", "-b", "random", "-q", "-o", "a"], tmp_path
    )
    assert code == 0 and "playing" not in shown and "\x1b[" in shown  # (the tables' colours)
    assert "2 records: 2 valid" in ANSI.sub("", shown)


@pytest.mark.parametrize(
    "args",
    [["validate", "-q"], ["score", "-q"], ["ls", "-q"], ["convert", "-q", "-o", "-", "--to", "jsonl"],
     ["export", "-q", "--to", "text"], ["salvage", "-q", "-o", "kept.grec"]],
)  # fmt: skip
def test_every_long_command_takes_quiet(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    result = cli(*args[:1], TOURNAMENT, *args[1:])
    assert result.exit_code == 0, result.stderr
    assert "verifying" not in result.stderr


def test_the_terminal_keeps_standard_output_apart(batch_file: Path, tmp_path: Path) -> None:
    """With the bar on stderr (a terminal) and stdout sent to a file, the verdicts go to
    the file, not to the bar's console."""
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "GAMEREC_DEBUG")}
    out = tmp_path / "verdicts.txt"
    cmd = f"{' '.join(map(repr, CLI))} validate -v {batch_file} > {out}"
    env = {**env, "COLUMNS": "120", "TERM": "xterm", "GAMEREC_PROGRESS_AFTER": "0"}
    child = pexpect.spawn("/bin/sh", ["-c", cmd], env=env, encoding="utf-8", timeout=TIMEOUT)
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    text = out.read_text()
    assert "\x1b" not in text and text.endswith("300 records: 300 valid\n") and text.count("\n") == 301
    assert "verifying" in child.before and "300 valid" not in child.before
