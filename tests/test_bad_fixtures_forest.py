"""The known-bad forest logs: each file of fixtures/forest/bad/ gives the
verdict that fixtures/forest/bad/expected.manifest states for it, through the
library and through ``gamerec validate``.

Each manifest entry gives the expected ``status``, ``rule`` (rule id or format error code),
``deal``, ``action`` and ``seat`` (exact), a ``message`` substring of the one-line message,
and ``made`` (how the file was made); a mismatch also lists its ``mismatches`` exactly.
Every file holds one record, the bad one. The rule is None for a mismatch and for an
unfinished record; a record cut short by its forest stock (a stock card the game needs is
missing while the real pile still has one) is incomplete with the code ``stock-missing``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from gamerec.cli import app
from gamerec.files import read_file
from gamerec.verify import STATUSES, Verdict, verify_entries

GAME = "forest"
BAD = Path(__file__).resolve().parent.parent / "fixtures" / GAME / "bad"
MANIFEST = BAD / "expected.manifest"  # JSON; not .json, so that scans of the folder skip it
EXPECTED: dict[str, dict[str, Any]] = json.loads(MANIFEST.read_text())

EXIT_CODES = {"illegal": 1, "incomplete": 1, "mismatch": 1, "unreadable": 2}


def _cases() -> list[str]:
    return sorted(EXPECTED)


def _verdict(name: str) -> Verdict:
    verdicts = list(verify_entries(read_file(BAD / name)))
    assert len(verdicts) == 1, [v.message() for v in verdicts]
    return verdicts[0]


def test_manifest_covers_the_folder() -> None:
    on_disk = {p.name for p in BAD.iterdir() if p.is_file()} - {MANIFEST.name}
    assert sorted(on_disk - set(EXPECTED)) == [], "files without an expected outcome"
    assert sorted(set(EXPECTED) - on_disk) == [], "expected outcomes without a file"


def test_manifest_entries_are_well_formed() -> None:
    keys = {"status", "rule", "deal", "action", "seat", "message", "made"}
    for name, exp in EXPECTED.items():
        assert keys <= set(exp), name
        assert exp["status"] in STATUSES and exp["status"] != "valid", name
        assert isinstance(exp["message"], str) and exp["message"], name
        assert isinstance(exp["made"], str) and exp["made"], name
        if exp["status"] == "incomplete":
            assert exp["rule"] in (None, "stock-missing"), name
        else:
            assert (exp["rule"] is None) == (exp["status"] == "mismatch"), name
        assert ("mismatches" in exp) == (exp["status"] == "mismatch"), name
        if exp["status"] == "unreadable":
            assert exp["rule"].startswith("format."), name
            assert exp["deal"] is exp["action"] is exp["seat"] is None, name
        if exp["action"] is not None:
            assert exp["deal"] is not None and exp["seat"] is not None, name


def test_every_file_is_of_this_game() -> None:
    # a readable file that named another game would test that game's rules instead
    for name, exp in EXPECTED.items():
        if exp["status"] != "unreadable":
            assert json.loads((BAD / name).read_text())["game"] == GAME, name


@pytest.mark.parametrize("name", _cases())
def test_verdict(name: str) -> None:
    exp = EXPECTED[name]
    v = _verdict(name)
    got = {"status": v.status, "rule": v.rule, "deal": v.deal, "action": v.action, "seat": v.seat}
    want = {k: exp[k] for k in got}
    assert got == want, v.message()
    message = v.message()
    assert exp["message"] in message
    assert "\n" not in message
    assert message.startswith(f"{BAD / name}: record 1")
    if v.status == "mismatch":
        assert v.mismatches == exp["mismatches"]
        # only a complete, legal record is compared with its claim
        assert v.scores is not None and v.scores.complete


@pytest.mark.parametrize("name", _cases())
def test_cli_validate(name: str) -> None:
    exp = EXPECTED[name]
    path = str(BAD / name)
    result = CliRunner().invoke(app, ["validate", path])
    stderr = result.stderr
    assert "Traceback" not in stderr
    assert "Traceback" not in result.stdout
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == EXIT_CODES[exp["status"]], result.output
    lines = stderr.splitlines()
    # one line for the one problem record, and nothing else
    assert len(lines) == 1, stderr
    assert exp["message"] in lines[0]
    assert lines[0].startswith(f"{path}: record 1")
    assert f": {exp['status']}" in lines[0]
    if exp["rule"] is not None:
        assert lines[0].endswith(f"[{exp['rule']}]")
    assert result.stdout.strip() == f"1 record: 1 {exp['status']}"


def test_cli_validate_the_whole_folder() -> None:
    """All the files at once: one line per record on stderr, none taken for a duplicate of
    another (the content hash leaves claims and notes out, so every file must differ in
    what it plays), and the summary counts the manifest's verdicts."""
    result = CliRunner().invoke(app, ["validate", str(BAD)])
    assert "Traceback" not in result.stderr
    assert result.exit_code == 2  # an unreadable record is among them
    assert "(counted once)" not in result.stderr
    assert len(result.stderr.splitlines()) == len(EXPECTED)
    counts = {s: sum(exp["status"] == s for exp in EXPECTED.values()) for s in STATUSES}
    parts = [f"{k} {s}" for s, k in counts.items() if k]
    assert result.stdout.strip() == f"{len(EXPECTED)} records: " + ", ".join(parts)
