"""Issue 18 follow-up, item 7: Tab completes the prompt's own words (show, score, help, undo,
legal, note, quit), at the action prompt and at the prompts of a deal being typed; the
banner says "Tab completes" only on a terminal (not through a pipe)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

PYTHON = [sys.executable, "-c", "from gamerec.cli import main; main()"]
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
DONE = "\x1b[?2004l"


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    return pexpect.spawn(
        PYTHON[0], [*PYTHON[1:], "record", "-o", str(tmp_path / "g.grec"), *args],
        env=ENV, encoding="utf-8", timeout=60, cwd=str(tmp_path), dimensions=(40, 200),
    )  # fmt: skip


def test_tab_completes_the_words(tmp_path: Path) -> None:
    child = spawn(tmp_path, "-g", "blackball", "-p", "Ann,Bo")
    child.expect("Tab completes")  # on a terminal, the banner says so
    child.expect(r"dealer \(seat 0-1\):")
    child.send("hel\t\r")  # help at the dealer prompt
    child.expect_exact(DONE)
    child.expect("wanted: the dealer's seat")
    child.sendline("0")
    child.expect_exact(DONE)
    for hand in ("QS", "4C"):
        child.expect(r"hand [01] \(")
        child.sendline(hand)
        child.expect_exact(DONE)
    child.expect("up-card of round 1:")
    child.sendline("AH")
    child.expect_exact(DONE)
    child.expect("to move>")
    child.send("sc\t\r")  # score
    child.expect_exact(DONE)
    child.expect("Total")
    child.expect("to move>")
    child.send("qu\t\r")  # quit
    child.expect("nothing is lost")
    child.expect(pexpect.EOF)


def test_no_tab_through_a_pipe(tmp_path: Path) -> None:
    r = subprocess.run(
        [*PYTHON, "record", "-o", "g.grec", "-g", "blackball", "-p", "Ann,Bo"],
        input="quit\n", capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "journal: g.grec.journal" in r.stdout and "Tab" not in r.stdout, r.stdout
