"""docs/notation.md's whole game recorded with unknown hands is what ``gamerec record``
prints: the lines typed at its prompts (read from the transcript) are typed again, through a
pipe, and the transcript is rebuilt from what the command prints, each line typed after its
prompt, as the page shows it."""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

import pytest
from conftest import ROOT

popen_spawn = pytest.importorskip("pexpect.popen_spawn")
pexpect = pytest.importorskip("pexpect")

PAGE = ROOT / "docs" / "notation.md"
HEADING = "### Recording with real cards (`--hands unknown`)"
#: the plain prompts of ``gamerec record`` (what was typed follows one on the page)
PROMPT = re.compile(
    r"(\[(?:round|deal) \d+\] [^\n]*? to move> "
    r"|\[(?:round|deal) \d+\] forest card for trick \d+: "
    r"|(?:round|deal) \d+: (?:first player|dealer) \(seat 0-\d+\): "
    r"|up-card of round \d+: )"
)
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "140", "TERM": "dumb"}


def page_block() -> tuple[list[str], str]:
    """The command of the page's transcript (its arguments) and the transcript."""
    text = PAGE.read_text(encoding="utf-8").split(HEADING, 1)[1]
    block = text.split("```text\n", 1)[1].split("\n```", 1)[0]
    command, _, transcript = block.partition("\n")
    args = shlex.split(command.removeprefix("$ "))
    assert args[0] == "gamerec"
    return args[1:], transcript + "\n"


def typed_lines(transcript: str) -> list[str]:
    """What was typed: the rest of each line after a prompt."""
    typed = []
    for line in transcript.splitlines():
        found = list(PROMPT.finditer(line))
        if found:
            typed.append(line[found[-1].end() :])
    return typed


def transcript_of(args: list[str], typed: list[str], folder: Path) -> str:
    """What ``gamerec ARGS`` prints when ``typed`` is typed at its prompts, each line typed
    shown after its prompt."""
    child = popen_spawn.PopenSpawn(
        [sys.executable, "-c", "from gamerec.cli import main; main()", *args],
        cwd=str(folder), env=ENV, encoding="utf-8", timeout=60,
    )  # fmt: skip
    out = []
    for line in typed:
        child.expect(PROMPT)
        out.append(child.before + child.after + line + "\n")
        child.sendline(line)
    child.expect(pexpect.EOF)
    out.append(child.before)
    child.wait()
    return "".join(out)


def test_the_page_shows_a_whole_game_recorded_with_unknown_hands(tmp_path: Path) -> None:
    args, transcript = page_block()
    typed = typed_lines(transcript)
    assert "legal" in typed and "undo" in typed and "show" in typed
    assert transcript_of(args, typed, tmp_path) == transcript
    assert "game.grec: record 1: valid" in transcript and (tmp_path / "game.grec").exists()
