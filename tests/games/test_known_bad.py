"""The known-bad logs of every game: each file of ``fixtures/<game>/bad/`` gives the verdict
that the folder's ``expected.manifest`` (JSON; not ``.json``, so that folder scans skip it)
states for it, through the library and through ``gamerec validate``.

A manifest entry gives the expected ``status``, ``rule`` (rule id or format error code),
``deal``, ``action`` and ``seat`` (exact), a ``message`` substring of the one-line message and
``made`` (how the file was made); a mismatch also lists its ``mismatches`` exactly. A file
holds one record unless the entry says ``records`` (with ``valid`` of them valid and the bad
one at ``record``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import msgspec
import pytest
from conftest import FIXTURES
from typer.testing import CliRunner

from gamerec.checking.verdicts import STATUSES, Verdict, verify_entries, verify_record
from gamerec.cli import app
from gamerec.format.read import read_file

GAMES = ("blackball", "black-swan-2012", "black-swan-taroc", "forest")
EXIT_CODES = {"illegal": 1, "incomplete": 1, "mismatch": 1, "unreadable": 2}
STOCK_MISSING = "stock-missing"


def folder(game: str) -> Path:
    return FIXTURES / game / "bad"


def manifest(game: str) -> dict[str, dict[str, Any]]:
    entries: dict[str, dict[str, Any]] = json.loads((folder(game) / "expected.manifest").read_text())
    for exp in entries.values():
        exp.setdefault("records", 1)
        exp.setdefault("valid", 0)
        exp.setdefault("record", exp["records"] if exp["records"] == 1 else None)
    return entries


EXPECTED = {game: manifest(game) for game in GAMES}
CASES = [(game, name) for game in GAMES for name in sorted(EXPECTED[game])]

#: kinds of fault (status, rule) each game's set must hold at least once
KINDS = {
    "blackball": {
        ("illegal", "out-of-turn"), ("illegal", "follow-suit"), ("illegal", "not-held"),
        ("illegal", "bid-range"), ("illegal", "hook"), ("illegal", "deal-duplicate"),
        ("illegal", "deal-upcard"), ("mismatch", None), ("unreadable", "format.damaged"),
        ("unreadable", "format.version"), ("unreadable", "format.schema"),
    },
    "black-swan-2012": {
        ("illegal", "out-of-turn"), ("illegal", "not-held"), ("illegal", "too-many"),
        ("illegal", "combination"), ("illegal", "declare"), ("illegal", "deal-first"),
        ("mismatch", None), ("incomplete", None), ("unreadable", "format.schema"),
    },
    "black-swan-taroc": {
        ("illegal", "out-of-turn"), ("illegal", "not-held"), ("illegal", "follow-suit"),
        ("illegal", "swan-last"), ("illegal", "pledge-lead"), ("illegal", "wrong-action"),
        ("illegal", "deal-draw"), ("illegal", "deal-size"), ("illegal", "deal-duplicate"),
        ("illegal", "deal-stock"), ("illegal", "options"), ("illegal", "after-end"),
        ("mismatch", None), ("incomplete", None), ("incomplete", STOCK_MISSING),
        ("unreadable", "format.pledge"), ("unreadable", "format.card"),
    },
    "forest": {
        ("illegal", "out-of-turn"), ("illegal", "not-held"), ("illegal", "follow-colour"),
        ("illegal", "deal-card"), ("illegal", "deal-first"), ("illegal", "options"),
        ("mismatch", None), ("incomplete", STOCK_MISSING), ("unreadable", "format.card"),
    },
}  # fmt: skip


def verdicts(game: str, name: str) -> list[Verdict]:
    return list(verify_entries(read_file(folder(game) / name)))


@pytest.mark.parametrize("game", GAMES)
def test_manifest_covers_the_folder(game: str) -> None:
    on_disk = {p.name for p in folder(game).iterdir() if p.is_file()} - {"expected.manifest"}
    assert sorted(on_disk - set(EXPECTED[game])) == [], "files without an expected outcome"
    assert sorted(set(EXPECTED[game]) - on_disk) == [], "expected outcomes without a file"


@pytest.mark.parametrize("game", GAMES)
def test_manifest_entries_are_well_formed(game: str) -> None:
    keys = {"status", "rule", "deal", "action", "seat", "message", "made"}
    for name, exp in EXPECTED[game].items():
        assert keys <= set(exp), name
        assert exp["status"] in STATUSES and exp["status"] != "valid", name
        assert isinstance(exp["message"], str) and exp["message"], name
        assert isinstance(exp["made"], str) and exp["made"], name
        if exp["status"] == "mismatch":
            assert exp["rule"] is None, name
        elif exp["status"] == "incomplete":
            assert exp["rule"] in (None, STOCK_MISSING), name
        else:
            assert exp["rule"] is not None, name
        if exp["status"] == "unreadable":
            assert exp["rule"].startswith("format."), name
            assert exp["deal"] is exp["action"] is exp["seat"] is None, name
        if exp["action"] is not None:
            assert exp["deal"] is not None and exp["seat"] is not None, name


@pytest.mark.parametrize("game", GAMES)
def test_the_kinds_of_fault_are_covered(game: str) -> None:
    have = {(exp["status"], exp["rule"]) for exp in EXPECTED[game].values()}
    assert sorted(KINDS[game] - have, key=str) == []


@pytest.mark.parametrize("game", GAMES)
def test_every_readable_file_is_of_this_game(game: str) -> None:
    # a readable file that named another game would test that game's rules instead
    for name in EXPECTED[game]:
        for entry in read_file(folder(game) / name):
            if entry.record is not None:
                assert entry.record.game == game, name


@pytest.mark.parametrize(("game", "name"), CASES)
def test_verdict(game: str, name: str) -> None:
    exp = EXPECTED[game][name]
    got_all = verdicts(game, name)
    assert [v.record for v in got_all] == list(range(1, exp["records"] + 1))
    bad = [v for v in got_all if v.status != "valid"]
    assert len(bad) == 1, [v.message() for v in bad]
    assert len(got_all) - 1 == exp["valid"]
    v = bad[0]
    if exp["record"] is not None:
        assert v.record == exp["record"]
    got = {"status": v.status, "rule": v.rule, "deal": v.deal, "action": v.action, "seat": v.seat}
    assert got == {k: exp[k] for k in got}, v.message()
    message = v.message()
    assert exp["message"] in message
    assert "\n" not in message
    assert message.startswith(f"{folder(game) / name}: record {v.record}")
    if "mismatches" in exp:
        assert v.mismatches == exp["mismatches"]
    if v.status == "mismatch":
        # only a complete, legal record is compared with its claim
        assert v.scores is not None and v.scores.complete


@pytest.mark.parametrize(
    ("game", "name"),
    [(g, n) for g, n in CASES if EXPECTED[g][n]["action"] is not None and EXPECTED[g][n]["records"] == 1],
)
def test_legal_up_to_the_fault(game: str, name: str) -> None:
    """The record without the action named and those after it is legal so far: the fault
    (or, for a missing stock card, the stop) is where the manifest says, not earlier."""
    exp = EXPECTED[game][name]
    (entry,) = read_file(folder(game) / name)
    record = entry.record
    assert record is not None
    d = exp["deal"] - 1
    deals = list(record.deals[: d + 1])
    deals[d] = msgspec.structs.replace(deals[d], actions=list(deals[d].actions[: exp["action"] - 1]))
    v = verify_record(msgspec.structs.replace(record, deals=deals, claim=None))
    assert v.status in ("incomplete", "valid"), v.message()
    assert v.rule is None, v.message()


@pytest.mark.parametrize(("game", "name"), CASES)
def test_cli_validate(game: str, name: str) -> None:
    exp = EXPECTED[game][name]
    path = str(folder(game) / name)
    result = CliRunner().invoke(app, ["validate", path])
    assert "Traceback" not in result.stderr + result.stdout
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert result.exit_code == EXIT_CODES[exp["status"]], result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, result.stderr  # one line for the one problem record
    assert exp["message"] in lines[0]
    assert lines[0].startswith(f"{path}: record ")
    assert f": {exp['status']}" in lines[0]
    if exp["rule"] is not None:
        assert lines[0].endswith(f"[{exp['rule']}]")
    counts = {"valid": exp["valid"], exp["status"]: 1}
    parts = ", ".join(f"{counts[s]} {s}" for s in STATUSES if counts.get(s))
    total = exp["records"]
    assert result.stdout.strip() == f"{total} record{'s' if total != 1 else ''}: {parts}"


@pytest.mark.parametrize("game", GAMES)
def test_cli_validate_the_whole_folder(game: str) -> None:
    """All the files at once: one line per problem record, none taken for a duplicate of
    another, and the summary counts the manifest's verdicts."""
    result = CliRunner().invoke(app, ["validate", str(folder(game))])
    assert "Traceback" not in result.stderr
    assert result.exit_code == 2  # an unreadable record is among them
    assert "(counted once)" not in result.stderr
    assert len(result.stderr.splitlines()) == len(EXPECTED[game])
    counts = dict.fromkeys(STATUSES, 0)
    for exp in EXPECTED[game].values():
        counts[exp["status"]] += 1
        counts["valid"] += exp["valid"]
    total = sum(counts.values())
    parts = [f"{k} {s}" for s, k in counts.items() if k]
    assert result.stdout.strip() == f"{total} records: " + ", ".join(parts)
