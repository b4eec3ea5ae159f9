"""Standard streams that are not UTF-8 (PYTHONIOENCODING=ascii, a Latin-1 terminal): every
command ran into `internal error: UnicodeEncodeError ... ordinal not in range(128)`
(exit 3) on gamerec's own `·`, `→` or box drawing, even on ASCII records; characters the
stream lacks are now shown as `?`."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES

CLI = [sys.executable, "-c", "from gamerec.cli import main; main()"]
RECORD = FIXTURES / "forest" / "games" / "three-players.json"


def run(*args: str, encoding: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PYTHONIOENCODING": encoding}
    env.pop("GAMEREC_DEBUG", None)
    return subprocess.run([*CLI, *args], capture_output=True, env=env, timeout=60, check=False)


@pytest.mark.parametrize("encoding", ["ascii", "latin-1"])
@pytest.mark.parametrize(
    "args",
    [
        ["games"],
        ["score", str(RECORD)],
        ["score", "--standings", str(RECORD)],
        ["replay", "--all", str(RECORD)],
        ["ratings", str(RECORD)],
        ["stats", str(RECORD)],
    ],
    ids=lambda a: " ".join(Path(x).name for x in a),
)
def test_a_stream_that_is_not_utf8_shows_what_it_can(args: list[str], encoding: str) -> None:
    r = run(*args, encoding=encoding)
    assert r.returncode == 0, r.stderr
    assert b"internal error" not in r.stderr and r.stdout


def test_names_the_stream_cannot_encode_become_question_marks(tmp_path: Path) -> None:
    data = json.loads(RECORD.read_text())
    data["players"][0] = "Zoë 🂡"
    named = tmp_path / "named.json"
    named.write_text(json.dumps(data, ensure_ascii=False))
    r = run("ls", str(named), encoding="ascii")
    assert r.returncode == 0, r.stderr
    assert b"Zo? ?" in r.stdout
    j = run("validate", "--json", str(named), encoding="ascii")
    assert j.returncode == 0, j.stderr
