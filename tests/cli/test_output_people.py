"""Issue 15, "Output people read": `ls` with a header row and aligned columns (and
`--json`), `score --totals` (one line per record: players, totals, winner; plain `score` of
200 games printed 4 201 lines), shares of wins with one decimal always (`5047.67` was
printed beside `5011.5`), `simulate --names`."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli, json_lines
from rich.cells import cell_len

from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_record
from gamerec.format.read import read_file
from gamerec.format.write import write_records


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Two forest games of three players and a blackball game of four, one long name."""
    path = tmp_path_factory.mktemp("people") / "mixed.jsonl"
    records = [*simulate("forest", 3, 2, seed=2), *simulate("blackball", 4, 1, seed=3, names=["Ann", "Bob",
               "Cyrille-Amélie de la Tour", "鈴木"])]  # fmt: skip
    write_records(records, path)
    return path


def test_ls_has_a_header_and_aligned_columns(mixed: Path) -> None:
    r = cli("ls", mixed)
    assert r.exit_code == 0, r.stderr
    header, *rows = r.stdout.splitlines()
    assert header.split() == ["FILE", "#", "GAME", "PLAYERS", "DATE", "EVENT", "DEALS", "ACTIONS", "HASH"]
    assert len(rows) == 3
    # every column starts at the same terminal cell on every line (wide characters count two)
    for column in ("GAME", "PLAYERS", "DATE", "HASH"):
        start = header.index(column)
        for row in rows:
            cells = re.split(r"(\s{2,})", row)
            offsets, at = [], 0
            for piece in cells:
                if piece.strip():
                    offsets.append(at)
                at += cell_len(piece)
            assert start in offsets, (column, row)
    assert "Cyrille-Amélie de la Tour" in rows[2] and "鈴木" in rows[2]
    # numbers to the right: the record numbers end under the end of the '#' header
    end = header.index("#")
    assert [row[end] for row in rows] == ["1", "2", "3"]


def test_ls_json_matches_the_table(mixed: Path) -> None:
    listed, summary = json_lines(cli("ls", "--json", mixed).stdout)
    assert [x["record"] for x in listed] == [1, 2, 3]
    assert [x["game"] for x in listed] == ["forest", "forest", "blackball"]
    assert summary == {"records": 3, "listed": 3, "unreadable": 0}


def test_score_totals_one_line_per_record(mixed: Path) -> None:
    r = cli("score", "--totals", mixed)
    assert r.exit_code == 0, r.stderr
    *lines, summary = r.stdout.splitlines()
    assert summary == "3 records: 3 valid"
    assert len(lines) == 3
    for n, (text, entry) in enumerate(zip(lines, read_file(mixed), strict=True), 1):
        assert entry.record is not None
        sheet = verify_record(entry.record).scores
        assert sheet is not None
        totals = ", ".join(f"{s} {t}" for s, t in zip(sheet.sides, sheet.totals, strict=True))
        winners = " and ".join(sheet.sides[w] for w in sheet.winners)
        assert text.startswith(f"{mixed}: record {n} · {entry.record.game} · {totals} · winner")
        assert text.endswith(winners)


def test_wins_print_with_one_decimal_always() -> None:
    """The forest tournament holds shared wins (halves); every Wins cell reads N.D."""
    r = cli("score", "--standings", "-j", "1", FIXTURES / "forest" / "tournament.grec")
    assert r.exit_code == 0, r.stderr
    wins = []
    for row in r.stdout.splitlines():
        cells = [c.strip() for c in row.split("│")[1:-1]]
        if len(cells) == 7 and cells[0].isdigit():
            wins.append(cells[3])
    assert len(wins) >= 3
    assert all(re.fullmatch(r"\d+\.\d", w) for w in wins), wins
    assert any(not w.endswith(".0") for w in wins)  # a shared win shows as its share


def test_thirds_of_a_win_print_with_one_decimal() -> None:
    from gamerec.tables.standings import wins_text

    assert [wins_text(x) for x in (5047 + 2 / 3, 5011.5, 12.0)] == ["5047.7", "5011.5", "12.0"]


def test_simulate_names_people(tmp_path: Path) -> None:
    out = tmp_path / "p.gtxt"
    r = cli("simulate", "-g", "blackball", "-p", "5", "--names", "-o", out)
    assert r.exit_code == 0, r.stderr
    (entry,) = read_file(out)
    assert entry.record is not None and entry.record.players == ["Ann", "Bob", "Cy", "Di", "Ed"]
    assert "players: Ann, Bob, Cy, Di, Ed" in out.read_text()


def test_partners_equal_in_the_standings_share_a_rank(tmp_path: Path) -> None:
    """`score --standings --csv` numbered the two members of a team 1 and 2 (and 3 and 4)
    although every number of theirs is equal; `ratings` gave them one rank."""
    path = tmp_path / "teams.grec"
    write_records(simulate("black-swan-2012", 4, 2, seed=3, rules={"target": 300}), path)
    r = cli("score", "--standings", "--csv", path)
    assert r.exit_code == 0, r.stderr
    rows = [line.split(",") for line in r.stdout.splitlines()[1:]]
    by_rank: dict[str, list[list[str]]] = {}
    for row in rows:
        by_rank.setdefault(row[1], []).append(row)
    assert sorted(by_rank) == ["1", "3"], rows
    for same in by_rank.values():  # two partners, equal in all but the name
        assert len(same) == 2 and same[0][3:] == same[1][3:]
    table = cli("score", "--standings", path).stdout
    assert len(re.findall(r"│\s+1 │", table)) == 2 and len(re.findall(r"│\s+3 │", table)) == 2
