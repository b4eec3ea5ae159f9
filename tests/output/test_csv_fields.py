"""The CSV text is made a line at a time from fields made once (``escape.csv_field``,
``CsvFields``, ``csv_line``), not by Python's ``csv`` writer a cell at a time (issue 13's CSV
speed). These tests hold it to what that writer wrote: the same bytes for any cells, and the
export's lines the same as its rows (``csv_rows``) written as a table."""

from __future__ import annotations

import csv
import io
from decimal import Decimal
from pathlib import Path

import msgspec
from hypothesis import given
from hypothesis import strategies as st

from gamerec import escape as safe
from gamerec.bots import simulate
from gamerec.export.csv import CSV_COLUMNS, csv_export, csv_lists, csv_rows
from gamerec.format.read import read_bytes
from gamerec.record import Record

#: cells as the exports have them: texts (hostile ones too), ints, floats, decimals, None
CELLS = st.one_of(
    st.text(alphabet=st.characters(codec="utf-8"), max_size=12),
    st.sampled_from(["", ",", '"', 'a"b,c', "=1", " -2", "\r\n", "\x1b[2J", "\u202e", "x\ny"]),
    st.sampled_from(["x;=1", "a\t+b", "ok;-2;+3"]),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=False, allow_infinity=False),
    st.decimals(allow_nan=False, allow_infinity=False, places=2),
    st.none(),
)


def _by_csv_module(header: list[str], rows: list[list[object]]) -> str:
    """What the export wrote before: Python's csv writer over csv_cell of each cell."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    for row in [header, *rows]:
        writer.writerow([safe.csv_cell(v) for v in row])
    return out.getvalue()


@given(st.lists(st.lists(CELLS, min_size=1, max_size=5), max_size=6), st.integers(1, 5))
def test_csv_table_writes_what_the_csv_module_wrote(rows: list[list[object]], width: int) -> None:
    """What Python's csv writer wrote, but that a cell holding the separator of another
    locale (``;``, a tab) is quoted too (issue 31, F6): the csv module reads it back the same."""
    rows = [(row * width)[:width] for row in rows]
    header = [f"c{i}" for i in range(width)]
    ours = safe.csv_table(header, rows)
    if not any(";" in str(safe.csv_cell(v)) or "\t" in str(safe.csv_cell(v)) for row in rows for v in row):
        assert ours == _by_csv_module(header, rows)
    read = list(csv.reader(io.StringIO(ours, newline="")))
    expected = [[str(safe.csv_cell(v)) for v in row] for row in [header, *rows]]
    assert read == expected


def test_a_line_of_one_empty_cell_still_reads_as_one_cell() -> None:
    text = safe.csv_table(["n"], [[""], [None], ["x"]])
    assert text == _by_csv_module(["n"], [[""], [None], ["x"]]) == 'n\n""\n""\nx\n'
    assert list(csv.reader(io.StringIO(text))) == [["n"], [""], [""], ["x"]]


def test_fields_are_made_once_and_kept_within_bounds() -> None:
    fields = safe.CsvFields()
    assert fields['a "b"'] == '"a ""b"""' and fields["@x"] == "'@x"
    assert len(fields) == 2
    for i in range(5000):  # past the bound, it starts again rather than growing
        assert fields[f"=n{i}"] == f"'=n{i}"
    assert len(fields) <= 4096


def test_numbers_are_written_as_python_writes_them() -> None:
    assert [safe.csv_field(v) for v in (-3, 2.5, Decimal("1.50"), True)] == ["-3", "2.5", "1.50", "True"]


def _records() -> list[Record]:
    fixtures = Path(__file__).resolve().parents[2] / "fixtures"
    paths = sorted(p for p in fixtures.rglob("*") if p.suffix in {".json", ".jsonl", ".grec"})
    recs = [e.record for p in paths for e in read_bytes(p.read_bytes(), str(p)) if e.record]
    for game in ("blackball", "forest", "black-swan-2012", "black-swan-taroc"):
        for r in simulate(game, 4, 3, 11):
            hostile = ['=Ann, "A"', "Bo\r=1", "\x1b]0;x\x07Cy", "Di\u202e"]
            deal = r.deals[0]  # a hostile note on a play in the first trick, one on the last action
            notes = {1: '=x, "y"\r\n', len(deal.actions) - 1: "@z"}
            actions = [msgspec.structs.replace(a, note=notes.get(i)) for i, a in enumerate(deal.actions)]
            deals = [msgspec.structs.replace(deal, actions=actions), *r.deals[1:]]
            recs.append(msgspec.structs.replace(r, players=hostile, deals=deals))
    return recs


def test_the_export_writes_its_rows_as_a_table() -> None:
    """Every fixture (illegal ones included) and hostile names: the file's lines (made from
    fields) are the rows of csv_rows written by csv_table."""
    records = _records()
    assert len(records) > 100
    data, verdicts = csv_export(records, "-", range(1, len(records) + 1))
    rows: list[list[object]] = []
    for n, r in enumerate(records, 1):
        got, _ = csv_rows(r, n, "-", illegal=True)
        rows += [list(row.values()) for row in got]
        assert [list(d.values()) for d in got] == csv_lists(r, n, "-", illegal=True)[0]
    assert data.decode() == safe.csv_table(CSV_COLUMNS, rows)
    assert any(v.status == "illegal" for v in verdicts)
