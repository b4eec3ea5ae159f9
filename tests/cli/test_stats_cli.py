"""Issue 17, "Player statistics": ``gamerec stats FILES... [--player NAME]`` with ``--json``
(one document, docs/cli.md), ``--csv``, bad input (one line, the right exit code) and hostile
player names shown as text."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli, error_line, stderr_lines

from gamerec.format.write import write_records
from gamerec.tables.stats import player_stats

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "output"))
from hostile import assert_csv_inert, assert_json_inert, assert_terminal_inert, hostile_records

FOREST = FIXTURES / "forest" / "games" / "three-players.json"
GAMES = [FIXTURES / game / "games" for game in ("blackball", "black-swan-2012", "black-swan-taroc", "forest")]


def test_stats_prints_a_table_per_game_and_head_to_head() -> None:
    r = cli("stats", FOREST)
    assert r.exit_code == 0, r.stderr
    out = r.stdout
    assert "Statistics · forest" in out and "Head-to-head · forest" in out
    cells = {
        c[0]: c[1:]
        for line in out.splitlines()
        if line.startswith("│") and len(c := [x.strip() for x in line.split("│")[1:-1]]) == 7
    }
    # docs/stats.md; worked by hand in tests/api/test_stats_fixtures.py
    assert cells["Bob"] == ["1", "1.0", "3", "1 (4: 1)", "1.7", "1 (1 point)"]
    assert cells["Ann"] == ["1", "0.0", "3", "0", "1.3", "2 (4 points)"]
    assert out.rstrip().endswith("1 record: 1 valid")
    assert r.stderr == ""


def test_stats_of_every_game_at_once() -> None:
    r = cli("stats", *GAMES)
    assert r.exit_code == 0, r.stderr
    for game in ("blackball", "black-swan-2012", "black-swan-taroc", "forest"):
        assert f"Statistics · {game}" in r.stdout


def test_json_is_one_document_the_library_gives() -> None:
    r = cli("stats", "--json", *GAMES)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert list(doc) == ["games", "left_out", "duplicates", "counts", "not_counted"]
    assert doc == json.loads(msgspec.json.encode(player_stats(GAMES)))
    bob = next(p for p in doc["games"]["forest"]["players"] if p["player"] == "Bob")
    assert bob["on_target"] == {"4": 1}  # map keys are strings in JSON


def test_player_keeps_their_rows_and_pairs() -> None:
    r = cli("stats", "--json", "--player", "Bob", FOREST)
    assert r.exit_code == 0, r.stderr
    forest = json.loads(r.stdout)["games"]["forest"]
    assert [p["player"] for p in forest["players"]] == ["Bob"]
    assert [(p["a"], p["b"]) for p in forest["head_to_head"]] == [("Ann", "Bob"), ("Bob", "Cy")]


def test_player_nobody_played_is_one_line_and_exit_2() -> None:
    r = cli("stats", "--player", "Zed", FOREST)
    assert r.exit_code == 2
    assert error_line(r) == "gamerec: no valid game has a player named 'Zed'"
    assert r.stdout == ""


def test_csv_has_a_row_per_game_player_and_number() -> None:
    r = cli("stats", "--csv", FOREST)
    assert r.exit_code == 0, r.stderr
    lines = r.stdout.splitlines()
    assert lines[0] == "game,player,statistic,value"
    assert "forest,Bob,on_target.4,1" in lines
    assert "forest,Ann,tricks_per_round,1.333" in lines


def test_csv_and_json_together_is_a_usage_error() -> None:
    r = cli("stats", "--csv", "--json", FOREST)
    assert r.exit_code == 2
    assert "--csv" in error_line(r)


def test_bad_records_are_reported_and_left_out(tmp_path: Path) -> None:
    """An illegal record: its verdict on stderr, exit 1, the valid ones still counted; an
    unreadable file: exit 2."""
    bad = sorted((FIXTURES / "forest" / "bad").glob("*.json"))[0]
    r = cli("stats", FOREST, bad)
    assert r.exit_code == 1
    [line] = stderr_lines(r)
    assert line.startswith(f"{bad}: record 1")
    assert "Statistics · forest" in r.stdout
    junk = tmp_path / "junk.json"
    junk.write_bytes(b"\x00\x01 not a record")
    r = cli("stats", FOREST, junk)
    assert r.exit_code == 2
    assert stderr_lines(r)[0].startswith(f"{junk}: record 1: unreadable")


def test_a_duplicate_is_counted_once(tmp_path: Path) -> None:
    copy = tmp_path / "copy.json"
    copy.write_bytes(FOREST.read_bytes())
    r = cli("stats", "--json", FOREST, copy)
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["counts"]["duplicate"] == 1
    assert all(p["games"] == 1 for p in doc["games"]["forest"]["players"])
    assert stderr_lines(r) == [f"{copy}: record 1: duplicate of {FOREST}:1 (counted once)"]


@pytest.fixture(scope="module")
def hostile(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("stats-hostile") / "hostile.jsonl"
    write_records(hostile_records(), path)
    return path


def test_hostile_names_print_as_text(hostile: Path) -> None:
    r = cli("stats", hostile)
    assert r.exit_code == 0, r.stderr
    assert_terminal_inert(r.stdout, "stats")
    assert "Statistics · blackball" in r.stdout
    r = cli("stats", "--csv", hostile)
    assert r.exit_code == 0
    assert_csv_inert(r.stdout, "stats --csv")
    r = cli("stats", "--json", hostile)
    assert r.exit_code == 0
    assert_json_inert(r.stdout_bytes, "stats --json")
    r = cli("stats", "--player", "\x1b[2J\x1b[31mZed\nBRK", hostile)
    assert r.exit_code == 2
    assert_terminal_inert(r.stderr, "stats --player")
