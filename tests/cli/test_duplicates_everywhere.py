"""Duplicates (the same record in two files) are found and counted alike by every command
(a new user's try, 2026-12-02): `score --standings --json` and `ratings --json` gave
`"duplicates": []` and `score --standings --json` a `duplicate` count of 0 where the text
summary, `stats --json` and the library said 626; `validate --json` and `score --json` gave
a duplicate no line, so a program reading them could not find it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli, json_lines

import gamerec
from gamerec.bots import simulate
from gamerec.format.write import write_records

TOURNAMENT = FIXTURES / "blackball" / "tournament.grec"


@pytest.fixture(scope="module")
def archive(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder: a tournament, a copy of it in JSON Lines, and 3 other games (one of them
    twice in the same file)."""
    d = tmp_path_factory.mktemp("archive")
    shutil.copy(TOURNAMENT, d / "a.grec")
    assert cli("convert", TOURNAMENT, "-o", d / "b.jsonl").exit_code == 0
    games = list(simulate("forest", 3, 3, seed=5))
    write_records([*games, games[1]], d / "c.grec")
    return d


def expected(archive: Path) -> int:
    return gamerec.score(archive).counts["duplicate"]


def test_the_library_counts_them(archive: Path) -> None:
    assert expected(archive) == len(list(gamerec.records(TOURNAMENT))) + 1


@pytest.mark.parametrize(
    "command", [["score", "--standings", "--json"], ["ratings", "--json"], ["stats", "--json"]]
)
def test_aggregate_documents_list_every_duplicate(command: list[str], archive: Path) -> None:
    r = cli(*command, archive)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    n = expected(archive)
    assert doc["counts"]["duplicate"] == n
    assert len(doc["duplicates"]) == n
    assert sorted(first for _, first in doc["duplicates"])[0].endswith("a.grec:1")
    assert r.stderr.count("duplicate of") == n


@pytest.mark.parametrize("command", [["validate", "--json"], ["score", "--json"]])
def test_streams_give_each_duplicate_a_line(command: list[str], archive: Path) -> None:
    r = cli(*command, archive)
    assert r.exit_code == 0, r.stderr
    lines, summary = json_lines(r.stdout)
    dups = [x for x in lines if x["status"] == "duplicate"]
    assert len(dups) == summary["duplicate"] == expected(archive)
    assert len(lines) == summary["records"] + summary["duplicate"]
    assert {"source", "record", "status", "duplicate_of", "hash"} <= set(dups[0])
    c = next(x for x in dups if x["source"].endswith("c.grec"))
    assert (c["record"], c["duplicate_of"]) == (4, f"{archive / 'c.grec'}:2")


def test_text_summaries_agree(archive: Path) -> None:
    lines = {
        cli(*cmd, archive).stdout.strip().splitlines()[-1] for cmd in (["validate"], ["score", "--standings"])
    }
    n = expected(archive)
    assert len(lines) == 1 and f"; {n} duplicates counted once" in lines.pop()
