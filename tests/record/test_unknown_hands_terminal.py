"""Issue 30: whole games recorded with unknown hands at a terminal (prompt_toolkit through a
pseudo-terminal), typed with exactly the keystrokes of a seeded game's actions: the dealer
when it is not fixed, each up-card or forest card when the rules turn it, and each action;
the hands are never typed. The record written is the seeded game."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import pytest
from helpers import record_unknown

from gamerec import verify
from gamerec.bots import simulate
from gamerec.format.read import read_file

pexpect = pytest.importorskip("pexpect")
pytestmark = pytest.mark.plain_only

PYTHON = [sys.executable, "-c", "from gamerec.cli import main; main()"]
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
#: what the terminal prompt (prompt_toolkit) writes when it has taken a line: bracketed paste off
DONE = "\x1b[?2004l"

GAMES: list[tuple[str, int, dict[str, Any], int]] = [
    ("blackball", 2, {"schedule": "1-7-1"}, 11),  # 13 rounds: the no-trump round 7 is reached
    ("forest", 2, {"hand_size": 6}, 3),  # two rounds
    ("black-swan-2012", 2, {"target": 200}, 21),  # a match of several deals
]


@pytest.mark.parametrize(("game", "players", "rules", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_a_whole_game_typed_at_a_terminal(
    tmp_path: Path, game: str, players: int, rules: dict[str, Any], seed: int
) -> None:
    record = next(simulate(game, players=players, games=1, seed=seed, bot="random", rules=rules))
    assert len(record.deals) >= {"blackball": 13, "forest": 2, "black-swan-2012": 3}[game]
    typed = record_unknown(record, tmp_path / "model.journal")
    assert typed.refused is None and typed.rec.status() == "over"
    args = ["record", "-o", str(tmp_path / "g.grec"), "-g", game, "-p", ",".join(record.players)]
    args += ["--hands", "unknown", "--date", "2026-12-03", *(f"--rule={k}={v}" for k, v in rules.items())]
    child = pexpect.spawn(
        PYTHON[0], [*PYTHON[1:], *args], env=ENV, encoding="utf-8", timeout=60, cwd=str(tmp_path),
        dimensions=(40, 200),
    )  # fmt: skip
    for prompt, line in typed.prompts:
        child.expect_exact(prompt.rstrip())  # (the terminal draws the trailing space as a move)
        child.sendline(line)
        child.expect_exact(DONE)
    child.expect_exact("record 1: valid")
    child.expect_exact("wrote")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    (entry,) = list(read_file(tmp_path / "g.grec"))
    got = entry.record
    assert got is not None and verify(got).status == "valid"
    assert got.deals == typed.rec.record().deals
    assert [d.actions for d in got.deals] == [d.actions for d in record.deals]
    assert not (tmp_path / "g.grec.journal").exists()
