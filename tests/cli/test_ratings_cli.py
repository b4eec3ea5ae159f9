"""Issue 17, "Ratings": ``gamerec ratings FILE...``: the table per game (rank, player, mu,
sigma, ordinal, games) with the order said in its caption, ``--json`` (one document) and
``--csv`` with the library's numbers, teams and taroc games, date order, duplicates counted
once, records left out, broken input, and hostile names shown as text."""

from __future__ import annotations

import csv
import io
import json
import sys
from pathlib import Path

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli, error_line, stderr_lines

from gamerec.bots import simulate
from gamerec.checking.batch import verify_batch
from gamerec.format.write import write_records
from gamerec.record import Record
from gamerec.tables.ratings import rate

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "output"))
from hostile import (
    FORMULA,
    HOSTILE,
    assert_json_inert,
    assert_terminal_inert,
    hostile_records,
    illegal,
)

GAMES = FIXTURES / "black-swan-2012" / "games"
TAROC = FIXTURES / "black-swan-taroc" / "games" / "two-trumps-all.json"


def rows_of(stdout: str, game: str) -> list[list[str]]:
    """The cells of the table of ``game`` in the text output."""
    lines = stdout.splitlines()
    start = lines.index(f"Ratings · {game}")
    rows = []
    for text in lines[start + 4 :]:
        if not text.startswith("│"):
            break
        rows.append([c.strip() for c in text.strip("│").split("│")])
    return rows


def test_the_table_has_each_column_and_says_the_order() -> None:
    r = cli("ratings", GAMES, TAROC)
    assert r.exit_code == 0, r.stderr
    for header in ("#", "Player", "Rating (μ)", "Uncertainty (σ)", "Ordinal (μ−3σ)", "Games"):
        assert header in r.stdout
    assert r.stdout.count("Plackett-Luce (openskill); records rated in date order") == 2
    assert r.stdout.rstrip().endswith("5 records: 5 valid")
    want = rate(verify_batch([str(GAMES), str(TAROC)])).table("black-swan-2012")
    got = rows_of(r.stdout, "black-swan-2012")
    assert got == [
        [str(w.rank), w.player, f"{w.mu:.2f}", f"{w.sigma:.2f}", f"{w.ordinal:.2f}".replace("-0.00", "0.00"),
         str(w.games)]
        for w in want
    ]  # fmt: skip
    # the team games: both members rated as a team, alike
    cells = {row[1]: row for row in got}
    assert cells["Nell"][2:5] == cells["Pia"][2:5] and cells["Nell"][0] == cells["Pia"][0]
    # each taroc game counted: Kim and Lou played two in one record
    assert {row[1]: row[5] for row in rows_of(r.stdout, "black-swan-taroc")} == {"Lou": "2", "Kim": "2"}


def test_json_is_one_document_with_the_librarys_numbers() -> None:
    r = cli("ratings", "--json", GAMES, TAROC)
    assert r.exit_code == 0, r.stderr
    doc = json.loads(r.stdout)
    assert list(doc) == [
        "model",
        "order",
        "games",
        "undated",
        "not_rated",
        "left_out",
        "duplicates",
        "counts",
    ]
    assert doc["model"] == "Plackett-Luce (openskill)" and doc["order"].startswith("date")
    want = rate(verify_batch([str(GAMES), str(TAROC)]), history=False)
    assert doc["games"] == json.loads(msgspec.json.encode(want.games))
    first = doc["games"]["black-swan-taroc"][0]
    assert list(first) == ["rank", "player", "mu", "sigma", "ordinal", "games"]
    assert doc["counts"] == {"valid": 5, "illegal": 0, "incomplete": 0, "mismatch": 0, "unreadable": 0,
                             "duplicate": 0}  # fmt: skip
    assert doc["undated"] == {} and doc["not_rated"] == [] and doc["left_out"] == []


def test_csv_has_a_row_per_game_and_player() -> None:
    r = cli("ratings", "--csv", GAMES, TAROC)
    assert r.exit_code == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert r.stdout.splitlines()[0] == "game,rank,player,mu,sigma,ordinal,games"
    want = rate(verify_batch([str(GAMES), str(TAROC)]))
    assert len(rows) == len(want.table("black-swan-2012")) + len(want.table("black-swan-taroc"))
    lou = next(row for row in rows if row["player"] == "Lou")
    w = next(x for x in want.table("black-swan-taroc") if x.player == "Lou")
    assert lou == {"game": "black-swan-taroc", "rank": str(w.rank), "player": "Lou", "mu": f"{w.mu:.3f}",
                   "sigma": f"{w.sigma:.3f}", "ordinal": f"{w.ordinal:.3f}", "games": "2"}  # fmt: skip


def test_json_and_csv_together_are_refused() -> None:
    r = cli("ratings", "--json", "--csv", GAMES)
    assert r.exit_code == 2
    assert "--csv" in error_line(r) and r.stdout == ""


def with_date(record: Record, date: str | None) -> Record:
    return msgspec.structs.replace(record, meta=msgspec.structs.replace(record.meta, date=date))


def test_records_in_date_order_and_undated_ones_said_so(tmp_path: Path) -> None:
    games = list(simulate("blackball", 3, 4, seed=11, names=["Ann", "Bob", "Cy"]))
    dates = ["2024-04-01", "2024-01-01", "2024-03-01", "2024-02-01"]
    dated = [with_date(g, d) for g, d in zip(games, dates, strict=True)]
    a, b, c = tmp_path / "dated.grec", tmp_path / "sorted-undated.grec", tmp_path / "file-order.grec"
    write_records(dated, a)
    write_records([with_date(dated[i], None) for i in (1, 3, 2, 0)], b)  # by date, without dates
    write_records([with_date(g, None) for g in dated], c)  # as the dated file, without dates
    ra, rb, rc = (json.loads(cli("ratings", "--json", path).stdout) for path in (a, b, c))
    assert ra["games"] == rb["games"] and ra["undated"] == {} and rb["undated"] == {"blackball": 4}
    assert rc["games"] != ra["games"]  # the order matters
    text = cli("ratings", b).stdout
    assert "records rated in date order; 4 without a date kept their place in the input" in text


def test_duplicates_are_reported_and_counted_once(tmp_path: Path) -> None:
    games = list(simulate("forest", 3, 2, seed=5))
    path = tmp_path / "twice.grec"
    write_records([games[0], games[1], games[0]], path)
    r = cli("ratings", "--json", path)
    assert r.exit_code == 0
    assert stderr_lines(r) == [f"{path}: record 3: duplicate of {path}:1 (counted once)"]
    doc = json.loads(r.stdout)
    assert doc["counts"]["duplicate"] == 1 and doc["counts"]["valid"] == 2
    assert {row["games"] for row in doc["games"]["forest"]} == {2}


def test_records_not_valid_are_left_out_with_exit_1() -> None:
    bad = FIXTURES / "blackball" / "bad" / "revoke.json"
    r = cli("ratings", FIXTURES / "blackball" / "games", bad)
    assert r.exit_code == 1
    where = f"{bad}: record 1, deal 2, action 5 (seat 0, Ann)"
    assert stderr_lines(r) == [f"{where}: illegal: play 3C: must follow hearts: holds AH [follow-suit]"]
    assert f"left out: {bad}: record 1" in r.stdout
    assert r.stdout.rstrip().endswith("4 records: 3 valid, 1 illegal")


def test_a_player_in_two_seats_is_not_rated(tmp_path: Path) -> None:
    [game] = simulate("blackball", 3, 1, seed=3, names=["Ann", "Ann2", "Bob"])
    game.players = ["Ann", "Ann", "Bob"]  # a legal record (simulate refuses such names)
    path = tmp_path / "twice.json"
    write_records([game], path)
    r = cli("ratings", path)
    assert r.exit_code == 0
    assert f"not rated: {path}:1: player 'Ann' sits in 2 seats: a player is rated once a game" in r.stdout


@pytest.mark.parametrize("name", ["json-truncated.json", "random-bytes.bin", "does-not-exist.grec"])
def test_broken_input_is_one_line_and_exit_2(name: str) -> None:
    r = cli("ratings", "-q", FIXTURES / "broken" / name)
    assert r.exit_code == 2
    line = error_line(r)
    assert line.startswith((str(FIXTURES / "broken" / name), "gamerec")), line


def test_hostile_names_print_as_text(tmp_path: Path) -> None:
    records = hostile_records()
    path = tmp_path / "hostile.grec"
    write_records([*records, illegal(records[0])], path)
    text = cli("ratings", path)
    assert text.exit_code == 1
    assert_terminal_inert(text.stdout, "ratings stdout")
    assert_terminal_inert(text.stderr, "ratings stderr")
    assert "⏎BRK x.grec: record 1: valid" in text.stdout  # the name with a line break, on one line
    table = cli("ratings", "--csv", path).stdout
    assert_terminal_inert(table, "ratings --csv")
    for row in csv.DictReader(io.StringIO(table, newline="")):
        assert not row["player"].startswith(FORMULA), row  # text neutralised
        for number in ("rank", "mu", "sigma", "ordinal", "games"):
            float(row[number])  # numbers as numbers (an ordinal may be negative)
    raw = cli("ratings", "--json", path).stdout_bytes
    assert_json_inert(raw, "ratings --json")
    names = {row["player"] for row in json.loads(raw)["games"]["blackball"]}
    assert names == set(HOSTILE.values())  # lossless in JSON
