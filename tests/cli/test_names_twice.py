"""A valid record in which one name sits in two seats (the format allows it: names are not
checked) is not counted by the aggregates per player name: standings, statistics, the
report's score lists and ratings each list it as not counted, with why, instead of crediting
that name with two results a game.

Found by trying the product: ``gamerec score --standings`` of two forest records played by
``a, a, c, d`` gave ``a`` 4 games out of 2, and ``gamerec stats`` likewise.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from helpers import cli, stderr_lines

import gamerec
from gamerec.bots import simulate
from gamerec.format.write import write_records
from gamerec.tables.standings import Tally, player_twice

WHY = "player 'a' sits in 2 seats: a player is counted once a game"


@pytest.fixture
def twice(tmp_path: Path) -> Path:
    """Two valid forest records played by a, a, c, d, then one by a, b, c, d."""
    games = list(simulate("forest", 4, 3, seed=3, names=["a", "b", "c", "d"]))
    for game in games[:2]:
        game.players = ["a", "a", "c", "d"]
    path = tmp_path / "dup.json"
    write_records(games, path)
    return path


def test_player_twice_names_the_repeated_name_and_its_seats() -> None:
    assert player_twice(["a", "b", "c"]) is None
    assert player_twice(["Ann", "ann"]) is None  # the standings key names as written
    assert player_twice(["b", "a", "b", "b"]) == "player 'b' sits in 3 seats"


def test_standings_leave_the_records_out_and_say_why(twice: Path) -> None:
    r = cli("score", "--standings", twice)
    assert r.exit_code == 0, r.output
    rows = {line.split("│")[2].strip(): line for line in r.stdout.splitlines() if line.count("│") > 3}
    assert set(rows) == {"a", "b", "c", "d"}
    # each player of the one record counted: one game each (a had 4 of 2 records before)
    assert all(row.split("│")[3].strip() == "1" for row in rows.values())
    assert f"not counted: {twice}:1: {WHY}" in r.stdout
    assert f"not counted: {twice}:2: {WHY}" in r.stdout
    assert r.stdout.strip().splitlines()[-1] == "3 records: 3 valid"


def test_standings_json_lists_them_and_the_api_agrees(twice: Path) -> None:
    doc = json.loads(cli("score", "--standings", "--json", twice).stdout)
    assert doc["not_counted"] == [[f"{twice}:1", WHY], [f"{twice}:2", WHY]]
    assert {p["player"]: p["games"] for p in doc["games"]["forest"]} == dict.fromkeys("abcd", 1)
    api = gamerec.score([twice])
    assert api.not_counted == [(f"{twice}:1", WHY), (f"{twice}:2", WHY)]


def test_tallies_merge_what_they_did_not_count_in_order(twice: Path) -> None:
    verdicts = list(gamerec.check([twice]))
    parts = [Tally(), Tally()]
    for i, v in enumerate(verdicts):
        parts[0 if i < 1 else 1].add(v)
    merged = parts[0].merge(parts[1])
    assert [place for place, _ in merged.not_counted] == [f"{twice}:1", f"{twice}:2"]


def test_statistics_leave_them_out_too(twice: Path) -> None:
    r = cli("stats", twice)
    assert r.exit_code == 0, r.output
    assert f"not counted: {twice}:1: {WHY}" in r.stdout
    doc = json.loads(cli("stats", "--json", twice).stdout)
    assert doc["not_counted"] == [[f"{twice}:1", WHY], [f"{twice}:2", WHY]]
    assert {p["player"]: p["games"] for p in doc["games"]["forest"]["players"]} == dict.fromkeys("abcd", 1)


def test_the_report_lists_them_once_and_leaves_them_out_of_its_tables(twice: Path, tmp_path: Path) -> None:
    page = tmp_path / "r.html"
    r = cli("report", twice, "-o", page)
    assert r.exit_code == 0, r.output
    assert f"not counted: {twice}:1: {WHY}" in stderr_lines(r)
    html = page.read_text()
    assert 'id="not-counted"' in html and "sits in 2 seats: a player is counted once a game" in html
    # not listed again as not rated (the same records, said once)
    assert 'id="not-rated"' not in html
    # and out of the score lists: a has the one game of the record counted (else 5)
    assert re.search(r"<title>a: lowest -?\d+, median -?[\d.]+, highest -?\d+ \(1 game\)</title>", html)


def test_a_report_of_records_all_not_counted_says_so(tmp_path: Path) -> None:
    [game] = simulate("forest", 4, 1, seed=3, names=["a", "b", "c", "d"])
    game.players = ["a", "a", "c", "d"]
    path = tmp_path / "one.json"
    write_records([game], path)
    r = cli("report", path, "-o", tmp_path / "r.html")
    assert r.exit_code == 2
    last = "gamerec: no record counted (1 not counted) among the 1 read: no report written"
    assert stderr_lines(r)[-1] == last
    assert not (tmp_path / "r.html").exists()


@pytest.mark.parametrize(
    ("command", "says"), [("score", "not counted"), ("stats", "not counted"), ("ratings", "not rated")]
)
def test_the_csv_forms_say_it_on_stderr(twice: Path, command: str, says: str) -> None:
    args = ["--standings"] if command == "score" else []
    r = cli(command, *args, "--csv", twice)
    assert r.exit_code == 0, r.output
    assert f"{says}: {twice}:1: player 'a' sits in 2 seats" in r.stderr
    assert "sits in" not in r.stdout
