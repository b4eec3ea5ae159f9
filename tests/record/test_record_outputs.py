"""Issue 31, F1 and the record's messages: a record is never written over a file that
appeared while the game was recorded (another table's), ``--force`` keeps the journal it
starts over, an output that cannot be written is refused before the first prompt, and the
resume hint can be pasted into a shell."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
from pathlib import Path

import pytest

from gamerec.errors import OutputExists
from gamerec.format.read import read_file
from gamerec.format.write import write_atomic
from gamerec.recording.recorder import Recorder

PYTHON = [sys.executable, "-c", "from gamerec.cli import main; main()"]
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
GAME = ["-g", "blackball", "-p", "Ann,Bo", "--hands", "seed", "--seed", "1", "--rule", "schedule=1-7-1"]


def play_out(rec: Recorder) -> None:
    while rec.status() != "over":
        if rec.status() == "deal":
            rec.deal_from_seed()
        else:
            rec.enter(rec.legal()[0])


def test_finish_writes_beside_an_output_that_appeared(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "night.grec.journal", "blackball", ["Ann", "Bo"], hands="seed", seed=1)
    play_out(rec)
    other = tmp_path / "night.grec"
    other.write_bytes(b"another table's game")
    verdict = rec.finish(other)
    assert verdict.source == str(tmp_path / "night-2.grec") and verdict.status == "valid"
    assert other.read_bytes() == b"another table's game"
    assert [e.record is not None for e in read_file(tmp_path / "night-2.grec")] == [True]


def test_a_write_without_force_never_replaces_a_file(tmp_path: Path) -> None:
    path = tmp_path / "a.grec"
    path.write_bytes(b"there")
    with pytest.raises(OutputExists):
        write_atomic(path, [b"new"], force=False)
    assert path.read_bytes() == b"there" and os.listdir(tmp_path) == ["a.grec"]


def test_the_command_writes_beside_an_output_that_appeared_during_the_game(tmp_path: Path) -> None:
    """Two tables recording to the same -o night.grec: the second to finish replaced the
    first's game, whose journal was already gone."""
    rec = Recorder.start(tmp_path / "model.journal", "blackball", ["Ann", "Bo"], hands="seed", seed=1)
    lines = []
    while rec.status() != "over":
        if rec.status() == "deal":
            rec.deal_from_seed()
        else:
            lines.append(rec.legal()[0])
            rec.enter(lines[-1])
    rec.close()
    proc = subprocess.Popen(
        [*PYTHON, "record", "-o", "night.grec", *GAME], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, cwd=tmp_path, env=ENV,
    )  # fmt: skip
    assert proc.stdin is not None
    proc.stdin.write("".join(f"{line}\n" for line in lines[:-1]))
    proc.stdin.flush()
    journal = tmp_path / "night.grec.journal"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # every line but the last one in the journal
        if journal.exists() and journal.read_text().count('"action"') == len(lines) - 1:
            break
        time.sleep(0.05)
    (tmp_path / "night.grec").write_bytes(b"the other table's game")
    out, err = proc.communicate(lines[-1] + "\n", timeout=60)
    assert proc.returncode == 0, out + err
    assert "night.grec appeared while the game was recorded: not replaced" in out
    assert "wrote night-2.grec" in out and "night-2.grec: record 1: valid" in out
    assert (tmp_path / "night.grec").read_bytes() == b"the other table's game"


def test_force_keeps_the_journal_it_starts_over(tmp_path: Path) -> None:
    journal = tmp_path / "g.grec.journal"
    Recorder.start(journal, "blackball", ["Ann", "Bo"]).close()
    before = journal.read_bytes()
    r = subprocess.run(
        [*PYTHON, "record", "-o", "g.grec", *GAME, "--force"], input="quit\n", capture_output=True,
        text=True, cwd=tmp_path, env=ENV, timeout=60,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "the journal there was started over; it is kept in g.grec.journal.replaced" in r.stderr
    assert (tmp_path / "g.grec.journal.replaced").read_bytes() == before


@pytest.mark.parametrize(
    ("output", "said"),
    [
        ("/dev/null", "/dev/null: not a regular file"),
        ("folder/", "folder/: is a folder"),
        ("a" * 250 + ".grec", "cannot write the journal: File name too long"),
    ],
    ids=["device", "folder", "long-name"],
)
def test_an_output_that_cannot_be_written_is_refused_before_the_game(
    tmp_path: Path, output: str, said: str
) -> None:
    (tmp_path / "folder").mkdir()
    r = subprocess.run(
        [*PYTHON, "record", "-o", output, *GAME, "--force"], input="0 bid 0\n", capture_output=True,
        text=True, cwd=tmp_path, env=ENV, timeout=60,
    )  # fmt: skip
    assert r.returncode == 2 and said in r.stderr and r.stderr.count("\n") == 1, r.stderr
    assert "to move>" not in r.stdout  # nothing was asked


def test_the_resume_hint_can_be_pasted_into_a_shell(tmp_path: Path) -> None:
    """``-o 'tue night; date.grec'`` printed a command that runs ``date``."""
    r = subprocess.run(
        [*PYTHON, "record", "-o", "tue night; date.grec", *GAME], input="quit\n", capture_output=True,
        text=True, cwd=tmp_path, env=ENV, timeout=60,
    )  # fmt: skip
    hint = r.stdout.rsplit("continue with: ", 1)[1].strip()
    assert shlex.split(hint) == [
        "gamerec", "record", "-o", "tue night; date.grec", "--resume", "tue night; date.grec.journal"
    ]  # fmt: skip


@pytest.mark.skipif(not os.path.exists("/bin/bash"), reason="bash reads the ANSI-C quoting")
def test_the_resume_hint_of_a_name_not_utf8_is_the_same_bytes_in_a_shell(tmp_path: Path) -> None:
    """A name holding bytes that are not UTF-8 showed them as ``\ufffd``: the hint could not be
    pasted. It is ANSI-C quoted now (``$'n\\xffx.grec'``), which bash reads back byte for byte."""
    name = os.fsdecode(b"n\xffx; date.grec")
    r = subprocess.run(
        [*PYTHON, "record", "-o", name, *GAME], input="quit\n", capture_output=True,
        text=True, cwd=tmp_path, env=ENV, timeout=60, errors="surrogateescape",
    )  # fmt: skip
    hint = r.stdout.rsplit("continue with: ", 1)[1].strip()
    assert hint.isascii() and "\ufffd" not in hint, hint
    words = subprocess.run(
        ["/bin/bash", "-c", f"printf '%s\\0' {hint}"], capture_output=True, check=True, timeout=10
    ).stdout.split(b"\0")[:-1]
    assert words == [
        b"gamerec",
        b"record",
        b"-o",
        b"n\xffx; date.grec",
        b"--resume",
        b"n\xffx; date.grec.journal",
    ]
    assert (tmp_path / os.fsdecode(b"n\xffx; date.grec.journal")).exists()


def test_score_at_the_prompt_cannot_fake_a_line(tmp_path: Path) -> None:
    """F5: ``score`` split the score sheet on its lines before making them inert, so a name
    holding a line break started a line of its own."""
    names = "Ann,Bob\nFAKE LINE: record 9: valid,Cy\rFAKE 2\u2028FAKE 3"
    r = subprocess.run(
        [*PYTHON, "record", "-g", "blackball", "-p", names, "-o", "g.grec", "--hands", "seed", "--seed", "1"],
        input="score\nshow\nquit\n", capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=60,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "Bob⏎FAKE LINE: record 9: valid" in r.stdout and "Cy⏎FAKE 2⏎FAKE 3" in r.stdout
    assert not any(line.startswith("FAKE") for line in r.stdout.splitlines())
