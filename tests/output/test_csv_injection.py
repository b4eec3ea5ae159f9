"""Issue 12, item 6: CSV formula injection through a bare carriage return. A name or note
``"Ann\\r=cmd|' /C calc'!A0"`` was written unquoted (lines end with LF), so a reader that
breaks lines at CR got a row starting with the formula. Now no line of a CSV export, split at
CR, LF or both, starts with ``= + - @``, tab or CR from record text, and no cell holds a
CR or LF (a line break in a record's text shows as ``⏎``)."""

from __future__ import annotations

import csv
import io
import re
from pathlib import Path

import msgspec
import pytest
from helpers import cli
from hypothesis import given
from hypothesis import strategies as st

from gamerec import escape as safe
from gamerec.bots import simulate
from gamerec.format.write import write_records
from gamerec.record import Record

#: the issue's reproductions
CR_FORMULAS = ["Ann\r=cmd|' /C calc'!A0", "\r=1+1", "a\r+1", "\r\r=1"]
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def _lines(text: str) -> list[str]:
    return re.split(r"\r\n|\r|\n", text)


def _check(text: str) -> list[list[str]]:
    for line in _lines(text):
        assert not line.startswith(FORMULA), f"a line starts a formula: {line!r}"
    assert "\r" not in text  # so no cell holds a CR, quoted or not
    rows = list(csv.reader(io.StringIO(text, newline="")))
    assert len(rows) == text.count("\n")  # one line a row: no cell holds a line break either
    return rows


@pytest.fixture(scope="module")
def records() -> list[Record]:
    out = []
    for i, r in enumerate(simulate("blackball", 4, 2, seed=6)):
        names = CR_FORMULAS if i == 0 else [f"{n} ({i})" for n in CR_FORMULAS]
        deals = []
        for d in r.deals:
            actions = [msgspec.structs.replace(a, note=CR_FORMULAS[k % 4]) for k, a in enumerate(d.actions)]
            deals.append(msgspec.structs.replace(d, actions=actions))
        out.append(msgspec.structs.replace(r, players=names, deals=deals))
    return out


def test_export_csv_has_no_formula_after_a_cr(tmp_path: Path, records: list[Record]) -> None:
    path = tmp_path / "cr.grec"
    write_records(records, path)
    r = cli("export", path, "--to", "csv")
    assert r.exit_code == 0, r.stderr
    rows = _check(r.stdout)
    header = rows[0]
    players = {row[header.index("player")] for row in rows[1:]}
    notes = {row[header.index("note")] for row in rows[1:]}
    assert {"Ann⏎=cmd|' /C calc'!A0", "⏎=1+1", "a⏎+1", "⏎⏎=1"} <= players
    assert notes == {"Ann⏎=cmd|' /C calc'!A0", "⏎=1+1", "a⏎+1", "⏎⏎=1"}


def test_standings_csv_has_no_formula_after_a_cr(tmp_path: Path, records: list[Record]) -> None:
    path = tmp_path / "cr.grec"
    write_records(records, path)
    r = cli("score", "--standings", "--csv", "-j", "1", path)
    assert r.exit_code == 0, r.stderr
    rows = _check(r.stdout)
    assert len(rows) == 1 + 8
    assert {row[2] for row in rows[1:]} >= {"Ann⏎=cmd|' /C calc'!A0", "⏎=1+1", "a⏎+1", "⏎⏎=1"}


def test_numbers_stay_numbers() -> None:
    assert safe.csv_cell(-3) == -3 and safe.csv_cell(2.5) == 2.5 and safe.csv_cell("-3") == "'-3"
    assert safe.csv_table(["n"], [[-3]]) == "n\n-3\n"


@given(st.lists(st.text(max_size=12), min_size=1, max_size=4))
def test_no_text_makes_a_formula_line_or_breaks_a_row(cells: list[str]) -> None:
    text = safe.csv_table(["a"] * len(cells), [cells])
    rows = _check(text)
    assert len(rows) == 2 and len(rows[1]) == len(cells)
    for cell in rows[1]:
        assert not cell.startswith(FORMULA)


# -- issue 31, F6: the separator of another locale ---------------------------------------------
SEMICOLON_NAMES = ["x;=1+1", "a\t@SUM(A1)", "ok;-2;+3", "Bo"]


def _pieces_are_inert(text: str) -> None:
    """Read with ``;`` or a tab as the separator (a spreadsheet in another locale), no cell
    of any row starts a formula."""
    for delimiter in (";", "\t", ","):
        for row in csv.reader(io.StringIO(text, newline=""), delimiter=delimiter):
            for cell in row:
                assert not cell.startswith(("=", "+", "@")), (delimiter, cell)


@pytest.mark.parametrize(
    "args",
    [("export", "--to", "csv"), ("score", "--standings", "--csv"), ("stats", "--csv"), ("ratings", "--csv")],
    ids=["export", "standings", "stats", "ratings"],
)
def test_a_semicolon_in_a_cell_keeps_it_one_cell_and_inert(tmp_path: Path, args: tuple[str, ...]) -> None:
    """A player named ``x;=1+1`` gave the unquoted cell ``x;=1+1``: Excel in a locale whose
    separator is ``;`` read the cell ``=1+1``."""
    records = [
        msgspec.structs.replace(r, players=SEMICOLON_NAMES) for r in simulate("blackball", 4, 2, seed=6)
    ]
    path = tmp_path / "semi.grec"
    write_records(records, path)
    r = cli(args[0], path, *args[1:])
    assert r.exit_code == 0, r.stderr
    assert '"x;\'=1+1"' in r.stdout  # quoted, and its second piece guarded
    _pieces_are_inert(r.stdout)
    assert any(row and "x;'=1+1" in row for row in csv.reader(io.StringIO(r.stdout, newline="")))
