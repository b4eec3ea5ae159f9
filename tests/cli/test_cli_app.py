"""The command line itself, whatever the game: the version, help, usage errors and the
internal-error boundary, the commands that read no record (``games``, ``schema``), and the
refusals that need no record (a missing file, an empty input, an unknown game, an output
that exists). The same commands on each game's records are in tests/games/<game>/."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ENV, EXIT_INTERNAL, cli, error_line
from typer.testing import CliRunner

import gamerec
from gamerec.format.container import MAGIC
from gamerec.games import GAMES


# -- root: version, help, usage errors -----------------------------------------------------
def test_version() -> None:
    r = cli("--version")
    assert r.exit_code == 0
    kind = "compiled" if gamerec.compiled() else "pure Python"
    assert r.stdout == f"gamerec {gamerec.__version__} ({kind} engines)\n"


@pytest.mark.parametrize("args", [["--help"], ["-h"]])  # once, in the main help (issue 15)
def test_help_mentions_exit_codes(args: list[str]) -> None:
    r = cli(*args)
    assert r.exit_code == 0
    assert r.stderr == ""
    text = " ".join(r.stdout.split())
    assert "Exit codes: 0" in text
    assert "1 some record illegal" in text and "2 a usage error" in text


def test_no_arguments_shows_help() -> None:
    r = cli()
    assert "Usage" in r.stdout + r.stderr
    assert "validate" in r.stdout + r.stderr


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["--bogus"], "--bogus"),
        (["validate", "--bogus", "x.grec"], "--bogus"),
        (["bogus"], "bogus"),
        (["validate"], "FILE..."),
        (["replay", "x.grec", "--deal", "zero"], "--deal"),
        (["simulate", "-g", "blackball"], "--output"),
    ],
)
def test_usage_error_one_line_exit_2(args: list[str], word: str) -> None:
    r = cli(*args)
    assert r.exit_code == 2
    assert r.stdout == ""
    line = error_line(r)
    assert re.match(r"gamerec( \w+)?: ", line), line
    assert word.lower() in line.lower()


def test_unexpected_exception_is_one_line_exit_3(monkeypatch: pytest.MonkeyPatch) -> None:
    import gamerec.cli.info

    def boom() -> None:
        raise RuntimeError("kaboom")

    monkeypatch.setattr(gamerec.cli.info, "games_info", boom)
    r = cli("games", runner=CliRunner(env={**ENV, "GAMEREC_DEBUG": None}))
    assert r.exit_code == EXIT_INTERNAL
    line = error_line(r)
    assert line.startswith("gamerec: ") and "kaboom" in line
    # with GAMEREC_DEBUG the exception escapes, traceback and all
    with pytest.raises(AssertionError, match="kaboom"):
        cli("games")


# -- inputs that hold no record ------------------------------------------------------------
def test_validate_missing_file_exit_2(tmp_path: Path) -> None:
    r = cli("validate", tmp_path / "nope.grec")
    assert r.exit_code == 2
    assert r.stdout == ""
    line = error_line(r)
    assert line.startswith("gamerec: ") and "nope.grec" in line


def test_validate_directory_without_records(tmp_path: Path) -> None:
    (tmp_path / "empty").mkdir()
    r = cli("validate", tmp_path / "empty")
    assert r.exit_code == 2
    assert "empty" in error_line(r)


def test_validate_empty_stdin() -> None:
    r = cli("validate", "-", input=b"")
    assert r.exit_code == 2
    assert error_line(r).endswith("[format.empty]")


def test_replay_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "g.grec"
    path.write_bytes(b"\x00" * 40)
    r = cli("replay", path, "--all")
    assert r.exit_code == 2
    assert r.stdout == ""
    assert "unreadable" in error_line(r)


# -- simulate, games, schema ---------------------------------------------------------------
def test_simulate_refuses_to_overwrite(tmp_path: Path) -> None:
    target = tmp_path / "x.grec"
    target.write_bytes(b"keep")
    r = cli("simulate", "-g", "blackball", "-o", target)
    assert r.exit_code == 2
    assert "--force" in error_line(r)
    assert target.read_bytes() == b"keep"
    assert cli("simulate", "-g", "blackball", "-o", target, "--force").exit_code == 0
    assert target.read_bytes().startswith(MAGIC)


def test_simulate_unknown_game(tmp_path: Path) -> None:
    r = cli("simulate", "-g", "chess", "-o", tmp_path / "x.grec")
    assert r.exit_code == 2
    line = error_line(r)
    assert "chess" in line and "blackball" in line  # says which games exist
    assert not (tmp_path / "x.grec").exists()


def test_games_table_and_json() -> None:
    r = cli("games")
    assert r.exit_code == 0
    assert r.stderr == ""
    for word in ("blackball", "2-7", "schedule", "hook", "must_trump", "1-7-1", "7-1-7"):
        assert word in r.stdout
    r = cli("games", "--json")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert sorted(g["id"] for g in doc) == sorted(GAMES)
    (bb,) = [g for g in doc if g["id"] == "blackball"]
    assert (bb["min_players"], bb["max_players"]) == (2, 7)
    assert sorted(bb["bots"]) == ["random", "smart"]
    defaults = {o["name"]: o["default"] for o in bb["options"]}
    assert defaults == {"schedule": "1-7-1", "hook": False, "must_trump": False}


def test_schema_writes_one_per_game(tmp_path: Path) -> None:
    out = tmp_path / "s" / "deeper"
    r = cli("schema", "-o", out)
    assert r.exit_code == 0
    names = [*GAMES, "record", "records"]
    assert sorted(p.name for p in out.iterdir()) == sorted(f"{n}.schema.json" for n in names)
    assert sorted(r.stdout.splitlines()) == sorted(str(out / f"{n}.schema.json") for n in names)
    for g in GAMES:
        doc = json.loads((out / f"{g}.schema.json").read_text())
        assert doc["$schema"].startswith("https://json-schema.org/")
        assert g in doc["title"]


def test_debug_shows_the_traceback_and_still_exits_3() -> None:
    """With GAMEREC_DEBUG=1 the console script showed the traceback but exited 1 (Python's
    code for an uncaught exception), not 3 as docs/errors.md says of an internal error."""
    boom = "import gamerec.cli.info as i; i.games_info = lambda: 1 / 0; from gamerec.cli import main; main()"
    env = {**os.environ, "GAMEREC_DEBUG": "1"}
    r = subprocess.run([sys.executable, "-c", boom, "games"], capture_output=True, env=env, timeout=120)
    assert r.returncode == EXIT_INTERNAL, r.stderr
    assert b"Traceback" in r.stderr and b"ZeroDivisionError" in r.stderr
    del env["GAMEREC_DEBUG"]
    r = subprocess.run([sys.executable, "-c", boom, "games"], capture_output=True, env=env, timeout=120)
    assert r.returncode == EXIT_INTERNAL
    assert r.stderr.startswith(b"gamerec: internal error: ZeroDivisionError") and b"Traceback" not in r.stderr
