"""Nothing changes for users (issue 32): the output of every command on every shipped fixture,
held byte for byte.

Each command runs in-process (typer's CliRunner) over each group of fixtures (a game's
``games/`` and ``bad/`` folders and its ``tournament.grec``, and ``broken/``); ``replay`` over
each file. What it prints (stdout, stderr, the exit code) and the files it writes are
digested (SHA-256) and compared with ``outputs.json`` beside this file. The temporary
folder and the version are written as ``OUT`` and ``VERSION`` first, and Parquet tables are
compared by their rows (the bytes name pyarrow's version).

A redesign must leave every digest as it is. A change that means to change an output
rewrites the file, with the reason in its commit::

    GAMEREC_GOLDEN=update python -m pytest tests/golden -q

and ``git diff tests/golden/outputs.json`` shows which outputs changed.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from gamerec.cli import app
from gamerec.version import __version__

GOLDEN = Path(__file__).with_name("outputs.json")
UPDATE = os.environ.get("GAMEREC_GOLDEN") == "update"
RUNNER = CliRunner(env={"NO_COLOR": "1", "COLUMNS": "120", "GAMEREC_DEBUG": None, "TZ": "UTC"})
GAMES = ("blackball", "black-swan-2012", "black-swan-taroc", "forest")


ROOT = FIXTURES.parent
#: the fixtures as the commands are given them: relative to the checkout (the commands run
#: there), so that where the checkout is changes no output (a column's width, say)
HERE = Path(FIXTURES.name)


def _groups() -> dict[str, Path]:
    groups = {}
    for game in GAMES:
        groups[f"{game}/games"] = HERE / game / "games"
        groups[f"{game}/bad"] = HERE / game / "bad"
        groups[f"{game}/tournament"] = HERE / game / "tournament.grec"
    groups["broken"] = HERE / "broken"
    return groups


GROUPS = _groups()

#: each command over a group: its arguments, IN for the group, OUT/ for a fresh folder
COMMANDS: dict[str, list[str]] = {
    "validate": ["validate", "-v", "-j", "1", "IN"],
    "validate-json": ["validate", "--json", "-j", "1", "IN"],
    "ls": ["ls", "IN"],
    "ls-json": ["ls", "--json", "IN"],
    "score": ["score", "-j", "1", "IN"],
    "score-json": ["score", "--json", "-j", "1", "IN"],
    "standings": ["score", "--standings", "-j", "1", "IN"],
    "standings-json": ["score", "--standings", "--json", "-j", "1", "IN"],
    "stats": ["stats", "IN"],
    "stats-json": ["stats", "--json", "IN"],
    "ratings": ["ratings", "-j", "1", "IN"],
    "ratings-json": ["ratings", "--json", "-j", "1", "IN"],
    "report": ["report", "IN", "-o", "OUT/report.html"],
    "export-json": ["export", "IN", "--to", "json", "-o", "OUT/e.json"],
    "export-csv": ["export", "IN", "--to", "csv", "-o", "OUT/e.csv"],
    "export-text": ["export", "IN", "--to", "text", "-o", "OUT/e.txt"],
    "export-html": ["export", "IN", "--to", "html", "-r", "1", "-o", "OUT/e.html"],
    "export-parquet": ["export", "IN", "--to", "parquet", "-o", "OUT/pq"],
    "convert-grec": ["convert", "IN", "-o", "OUT/c.grec"],
    "convert-json": ["convert", "IN", "-o", "OUT/c.json"],
    "convert-jsonl": ["convert", "IN", "-o", "OUT/c.jsonl"],
    "convert-gtxt": ["convert", "IN", "-o", "OUT/c.gtxt"],
    "salvage": ["salvage", "IN", "-o", "OUT/s.grec"],
    "filter": ["filter", "IN", "--status", "valid", "--skip-unreadable", "-o", "OUT/f.gtxt"],
    "filter-count": ["filter", "IN", "--deals", "2..", "--count"],
    "split": ["split", "IN", "--by", "game", "--skip-unreadable", "-o", "OUT/parts"],
}
#: commands that take no input
ALONE: dict[str, list[str]] = {
    "games": ["games"],
    "games-json": ["games", "--json"],
    "schema": ["schema", "-o", "OUT/schemas"],
    **{
        f"simulate-{g}": ["simulate", "-g", g, "-p", "4", "-n", "2", "--seed", "7", "-o", "OUT/s.gtxt"]
        for g in GAMES
    },
}


def _replays() -> dict[str, list[str]]:
    """``replay --all`` of each single-record fixture, and of two records of each tournament,
    in lines, panels and one seat's view."""
    out: dict[str, list[str]] = {}
    for game in GAMES:
        for path in sorted((FIXTURES / game / "games").iterdir()) + sorted(
            (FIXTURES / game / "bad").iterdir()
        ):
            here = path.relative_to(ROOT)
            out[f"replay {path.relative_to(FIXTURES)}"] = ["replay", "--all", str(here)]
        for r in ("1", "2"):
            tournament = str(HERE / game / "tournament.grec")
            out[f"replay {game}/tournament -r {r}"] = ["replay", "--all", "-r", r, tournament]
            out[f"replay {game}/tournament -r {r} panels"] = [
                "replay",
                "--all",
                "-r",
                r,
                "-f",
                "panels",
                tournament,
            ]
            out[f"replay {game}/tournament -r {r} seat 1"] = [
                "replay",
                "--all",
                "-r",
                r,
                "--seat",
                "1",
                tournament,
            ]
    return out


def _files(folder: Path) -> Iterator[tuple[str, bytes]]:
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        name = str(path.relative_to(folder))
        if path.suffix == ".parquet":
            import pyarrow.parquet as pq

            yield name, json.dumps(pq.read_table(path).to_pylist(), default=str, sort_keys=True).encode()
        else:
            yield name, path.read_bytes()


def _digest(args: list[str], out: Path) -> str:
    result = RUNNER.invoke(app, args, prog_name="gamerec")
    h = hashlib.sha256()
    h.update(f"exit {result.exit_code}\n".encode())
    places = [(str(out).encode(), b"OUT"), (__version__.encode(), b"VERSION")]
    for stream in (result.stdout_bytes, result.stderr_bytes):
        h.update(_plain(stream, places) + b"\n--\n")
    for name, data in _files(out):
        h.update(f"{name}\n".encode() + _plain(data, places) + b"\n--\n")
    return h.hexdigest()


def _plain(data: bytes, places: list[tuple[bytes, bytes]]) -> bytes:
    for old, new in places:
        data = data.replace(old, new)
    return data


def _normalised(args: list[str], out: Path) -> list[str]:
    return [a.replace("OUT", str(out)) for a in args]


@pytest.fixture(scope="module")
def digests(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    pytest.importorskip("pyarrow")
    got: dict[str, str] = {}
    runs: dict[str, list[str]] = {}
    for command, args in COMMANDS.items():
        for group, path in GROUPS.items():
            runs[f"{command} {group}"] = [str(path) if a == "IN" else a for a in args]
    runs.update(ALONE)
    runs.update(_replays())
    before = os.getcwd()
    os.chdir(ROOT)
    try:
        for i, (name, args) in enumerate(runs.items()):
            out = tmp_path_factory.mktemp(f"g{i}")
            got[name] = _digest(_normalised(args, out), out)
    finally:
        os.chdir(before)
    return got


def test_every_output_is_as_it_was(digests: dict[str, str]) -> None:
    if UPDATE or not GOLDEN.exists():
        GOLDEN.write_text(json.dumps(digests, indent=1, sort_keys=True) + "\n", encoding="utf-8")
        if not UPDATE:
            pytest.fail(f"{GOLDEN} was missing: written; run again")
        return
    want: dict[str, str] = json.loads(GOLDEN.read_text(encoding="utf-8"))
    changed = sorted(k for k in want.keys() & digests.keys() if want[k] != digests[k])
    assert not changed, f"{len(changed)} outputs changed: {changed[:20]}"
    assert want.keys() == digests.keys(), (
        sorted(want.keys() - digests.keys()),
        sorted(digests.keys() - want.keys()),
    )
    assert __version__  # (the version is part of some outputs: a release rewrites the file)
