"""The known-bad blackball logs: each file of fixtures/blackball/bad/ gives the verdict that
fixtures/blackball/bad/expected.manifest states for it, through the library and through
``gamerec validate``.

Each manifest entry gives the expected ``status``, ``rule`` (rule id or format error code),
``deal``, ``action`` and ``seat`` (exact), a ``message`` substring of the one-line message,
and ``made`` (how the file was made). A file holding several records also gives ``records``
(how many), ``valid`` (how many must verify as valid) and ``record`` (which one, from 1, is
the bad one); every other file holds one record, the bad one.
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

BAD = Path(__file__).resolve().parent.parent / "fixtures" / "blackball" / "bad"
MANIFEST = BAD / "expected.manifest"  # JSON; not .json, so that scans of the folder skip it
EXPECTED: dict[str, dict[str, Any]] = json.loads(MANIFEST.read_text())

EXIT_CODES = {"illegal": 1, "incomplete": 1, "mismatch": 1, "unreadable": 2}


def _cases() -> list[str]:
    return sorted(EXPECTED)


def _expect(name: str) -> dict[str, Any]:
    exp = dict(EXPECTED[name])
    exp.setdefault("records", 1)
    exp.setdefault("valid", 0)
    exp.setdefault("record", exp["records"] if exp["records"] == 1 else None)
    return exp


def _verdicts(name: str) -> list[Verdict]:
    return list(verify_entries(read_file(BAD / name)))


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
        assert (exp["rule"] is None) == (exp["status"] in ("incomplete", "mismatch")), name
        if exp["status"] == "unreadable":
            assert exp["rule"].startswith("format."), name
            assert exp["deal"] is exp["action"] is exp["seat"] is None, name
        if exp["action"] is not None:
            assert exp["deal"] is not None and exp["seat"] is not None, name


@pytest.mark.parametrize("name", _cases())
def test_verdict(name: str) -> None:
    exp = _expect(name)
    verdicts = _verdicts(name)
    assert len(verdicts) == exp["records"]
    assert [v.record for v in verdicts] == list(range(1, exp["records"] + 1))
    bad = [v for v in verdicts if v.status != "valid"]
    assert len(bad) == 1, [v.message() for v in bad]
    assert len(verdicts) - len(bad) == exp["valid"]
    v = bad[0]
    if exp["record"] is not None:
        assert v.record == exp["record"]
    got = {"status": v.status, "rule": v.rule, "deal": v.deal, "action": v.action, "seat": v.seat}
    want = {k: exp[k] for k in got}
    assert got == want, v.message()
    message = v.message()
    assert exp["message"] in message
    assert "\n" not in message
    assert message.startswith(f"{BAD / name}: record {v.record}")
    if "mismatches" in exp:
        assert v.mismatches == exp["mismatches"]
    if v.status == "mismatch":
        # only a complete, legal record is compared with its claim
        assert v.scores is not None and v.scores.complete


@pytest.mark.parametrize("name", _cases())
def test_cli_validate(name: str) -> None:
    exp = _expect(name)
    path = str(BAD / name)
    result = CliRunner().invoke(app, ["validate", path])
    stderr = result.stderr
    assert "Traceback" not in stderr
    assert "Traceback" not in result.stdout
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == EXIT_CODES[exp["status"]], result.output
    lines = stderr.splitlines()
    # one line per problem record, and nothing else
    assert len(lines) == 1, stderr
    assert exp["message"] in lines[0]
    assert lines[0].startswith(f"{path}: record ")
    assert f": {exp['status']}" in lines[0]
    if exp["rule"] is not None:
        assert lines[0].endswith(f"[{exp['rule']}]")
    counts = {"valid": exp["valid"], exp["status"]: 1}
    parts = ", ".join(f"{counts[s]} {s}" for s in STATUSES if counts.get(s))
    total = exp["records"]
    assert result.stdout.strip() == f"{total} record{'s' if total != 1 else ''}: {parts}"
