"""Issue 31, property 1: a record that cannot be handled is named and skipped like any other
unreadable record, and gets the same status from every command.

The quoted failure: ``gamerec filter inbox/ -o merged.grec --dedupe --skip-unreadable`` over
an inbox holding ``fixtures/broken/json-rules-int-beyond-64-bit.json`` stopped with exit 2 and
wrote nothing, saying ``gamerec: a record holds an integer too large for the binary form``
(naming neither file nor record), while ``validate`` called the record illegal. An integer
beyond 64 bits anywhere in a record (its rules, a seat, a claim) is now unreadable when it is
read, in every encoding: each command names it and applies its policy for unreadable records.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli

from gamerec.format.read import read_file

BROKEN = FIXTURES / "broken"
#: records that JSON (or JSON Lines) holds and the binary form cannot: each unreadable
BEYOND = [
    "json-rules-int-beyond-64-bit.json",
    "json-seat-beyond-64-bit.json",
    "jsonl-claim-beyond-64-bit.jsonl",
]
GOOD = FIXTURES / "forest" / "tournament.grec"


@pytest.fixture
def inbox(tmp_path: Path) -> Path:
    box = tmp_path / "inbox"
    box.mkdir()
    shutil.copy(GOOD, box / "a-good.grec")
    for name in BEYOND:
        shutil.copy(BROKEN / name, box / name)
    return box


def _good_count() -> int:
    return sum(1 for e in read_file(GOOD) if e.record is not None)


def test_the_quoted_filter_skips_each_and_writes_the_rest(inbox: Path, tmp_path: Path) -> None:
    out = tmp_path / "merged.grec"
    r = cli("filter", str(inbox), "-o", out, "--dedupe", "--skip-unreadable")
    assert r.exit_code == 2, r.stderr  # (what matched is written; some were left out)
    for name in BEYOND:
        line = next(line for line in r.stderr.splitlines() if name in line)
        assert f"{name}: record 1: unreadable: " in line and line.endswith("[format.limit]"), line
    assert "too large for the binary form" not in r.stderr
    assert sum(1 for e in read_file(out) if e.record is not None) == _good_count()


def test_without_skip_filter_names_the_record_and_writes_nothing(inbox: Path, tmp_path: Path) -> None:
    out = tmp_path / "merged.grec"
    r = cli("filter", str(inbox), "-o", out, "--dedupe")
    assert r.exit_code == 2 and not out.exists()
    assert "record 1: unreadable: " in r.stderr and "[format.limit]" in r.stderr


@pytest.mark.parametrize("name", BEYOND)
def test_every_command_that_reads_calls_it_unreadable(name: str, tmp_path: Path) -> None:
    source = str(BROKEN / name)
    verdicts = [json.loads(line) for line in cli("validate", "--json", "-j", "1", source).stdout.splitlines()]
    assert [v["status"] for v in verdicts if "status" in v] == ["unreadable"]
    score = json.loads(cli("score", "--json", "-j", "1", source).stdout.splitlines()[0])
    assert score["status"] == "unreadable"
    # the commands that do not verify (they read and write): the same record, named, left out
    for args in (
        ("convert", source, "-o", tmp_path / "c.grec"),
        ("convert", source, "-o", tmp_path / "c.gtxt"),
        ("export", source, "--to", "csv", "-o", tmp_path / "e.csv"),
        ("ls", source),
        ("split", source, "--by", "game", "-o", tmp_path / "parts"),
    ):
        r = cli(*args)
        assert r.exit_code in (1, 2), (args, r.stdout, r.stderr)
        assert f"{name}: record 1: unreadable: " in r.stderr and "[format.limit]" in r.stderr, (
            args,
            r.stderr,
        )
