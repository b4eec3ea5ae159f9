"""Issue 12, item 8: ``export --to csv`` of an illegal record stopped at the first illegal
action and exited 0 with nothing on stderr; a record whose first action is illegal gave a
header line only. Now the CSV and text exports write what can be written (every action up
to the illegal one, and that one, marked in the ``illegal`` column), and say on stderr, one
line, that the record is illegal and where (file, record, deal, action, rule, reason), exit 1.
An incomplete record is exported in full and says so the same way (exit 1, as validate)."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import msgspec
import pytest
from helpers import cli

from gamerec.bots import simulate
from gamerec.format.write import write_records
from gamerec.record import Record

NAMES = ["Ann", "Bob", "Cy"]


@pytest.fixture(scope="module")
def games() -> list[Record]:
    return list(simulate("blackball", 3, 2, seed=5, names=NAMES))


def _replace_action(record: Record, deal: int, index: int, **changes: object) -> Record:
    deals = list(record.deals)
    actions = list(deals[deal].actions)
    actions[index] = msgspec.structs.replace(actions[index], **changes)
    deals[deal] = msgspec.structs.replace(deals[deal], actions=actions)
    return msgspec.structs.replace(record, deals=deals)


def _out_of_turn(record: Record, deal: int, index: int) -> Record:
    a = record.deals[deal].actions[index]
    return _replace_action(record, deal, index, seat=(a.seat + 1) % 3)  # type: ignore[attr-defined]


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _write(tmp_path: Path, records: list[Record], name: str = "g.grec") -> Path:
    path = tmp_path / name
    write_records(records, path)
    return path


def test_first_action_illegal_exports_it_marked(tmp_path: Path, games: list[Record]) -> None:
    """The reproduction: a header line only, exit 0, nothing on stderr."""
    path = _write(tmp_path, [_out_of_turn(games[0], 0, 0)])
    r = cli("export", path, "--to", "csv")
    assert r.exit_code == 1
    rows = _rows(r.stdout)
    assert len(rows) == 1
    (row,) = rows
    assert (row["record"], row["deal"], row["action"], row["type"]) == ("1", "1", "1", "bid")
    assert row["illegal"].startswith("out-of-turn: ") and row["score"] == ""
    (line,) = r.stderr.splitlines()
    assert line.startswith(f"{path}: record 1, deal 1, action 1 (seat ")
    assert ": illegal: bid " in line and line.endswith("[out-of-turn]")


def test_illegal_record_exports_up_to_its_illegal_action(tmp_path: Path, games: list[Record]) -> None:
    record = _out_of_turn(games[0], 1, 2)
    path = _write(tmp_path, [record])
    r = cli("export", path, "--to", "csv")
    assert r.exit_code == 1
    rows = _rows(r.stdout)
    assert len(rows) == len(record.deals[0].actions) + 3
    assert [row["illegal"] for row in rows[:-1]] == [""] * (len(rows) - 1)
    last = rows[-1]
    assert (last["deal"], last["action"]) == ("2", "3")
    assert last["illegal"].startswith("out-of-turn: ")
    (line,) = r.stderr.splitlines()
    assert line.startswith(f"{path}: record 1, deal 2, action 3 (seat ")
    assert line.endswith("[out-of-turn]")


def test_an_illegal_card_play_keeps_its_trick(tmp_path: Path, games: list[Record]) -> None:
    record = games[0]
    deal = record.deals[2]  # three cards each
    index = next(i for i, a in enumerate(deal.actions) if a.kind == "play")
    played = {a.card for d in record.deals[2:3] for a in d.actions if a.kind == "play"}  # type: ignore[attr-defined]
    other = next(c for c in range(52) if c not in played and all(c not in h for h in deal.hands))
    path = _write(tmp_path, [_replace_action(record, 2, index, card=other)])
    r = cli("export", path, "--to", "csv")
    assert r.exit_code == 1
    last = _rows(r.stdout)[-1]
    assert (last["deal"], last["action"], last["type"], last["trick"]) == ("3", str(index + 1), "play", "1")
    assert last["illegal"] and last["trick_winner"] == "" and last["score"] == ""
    assert "deal 3, action" in r.stderr and "illegal: play" in r.stderr


def test_a_faulty_deal_names_the_deal(tmp_path: Path, games: list[Record]) -> None:
    record = games[0]
    deals = list(record.deals)
    deals[1] = msgspec.structs.replace(deals[1], dealer=7)
    path = _write(tmp_path, [msgspec.structs.replace(record, deals=deals)])
    r = cli("export", path, "--to", "csv")
    assert r.exit_code == 1
    *played, fault = _rows(r.stdout)
    assert len(played) == len(record.deals[0].actions)
    # the fault's own row: the deal, and the rule (no action of it was played)
    assert (fault["deal"], fault["action"], fault["type"]) == ("2", "", "")
    assert fault["illegal"] == "deal-dealer: dealer 7 is not a seat (0..2)"
    (line,) = r.stderr.splitlines()
    assert line.startswith(f"{path}: record 1, deal 2: illegal: ")


def test_text_export_of_an_illegal_record(tmp_path: Path, games: list[Record]) -> None:
    path = _write(tmp_path, [_out_of_turn(games[0], 1, 2)])
    r = cli("export", path, "--to", "text")
    assert r.exit_code == 1
    (line,) = r.stderr.splitlines()
    assert line.startswith(f"{path}: record 1, deal 2, action 3") and line.endswith("[out-of-turn]")
    assert r.stdout.rstrip("\n").splitlines()[-1] == line  # the history ends with the same verdict


@pytest.mark.parametrize("to", ["csv", "text"])
def test_incomplete_record_is_exported_in_full(tmp_path: Path, games: list[Record], to: str) -> None:
    record = games[0]
    cut = msgspec.structs.replace(record, deals=record.deals[:4])
    path = _write(tmp_path, [cut])
    r = cli("export", path, "--to", to)
    assert r.exit_code == 1
    (line,) = r.stderr.splitlines()
    assert line.startswith(f"{path}: record 1, deal 4: incomplete: ")
    if to == "csv":
        rows = _rows(r.stdout)
        assert len(rows) == sum(len(d.actions) for d in cut.deals)
        assert not any(row["illegal"] for row in rows)


def test_record_numbers_and_output_file(tmp_path: Path, games: list[Record]) -> None:
    bad = _out_of_turn(games[1], 0, 1)
    path = _write(tmp_path, [games[0], bad])
    target = tmp_path / "out.csv"
    r = cli("export", path, "--to", "csv", "--record", "2", "-o", target)
    assert r.exit_code == 1
    rows = _rows(target.read_text())
    assert {row["record"] for row in rows} == {"2"} and len(rows) == 2
    assert r.stderr.startswith(f"{path}: record 2, deal 1, action 2")
    # the whole file: the valid record says nothing, the illegal one its line
    r = cli("export", path, "--to", "csv")
    assert r.exit_code == 1
    assert len(r.stderr.splitlines()) == 1
    r = cli("export", path, "--to", "csv", "--record", "1")
    assert r.exit_code == 0 and r.stderr == ""


def test_json_export_is_the_record_as_it_is(tmp_path: Path, games: list[Record]) -> None:
    """The JSON twin is a lossless conversion, not a replay: an illegal record is written
    whole, exit 0 (validate says what is wrong with it)."""
    path = _write(tmp_path, [_out_of_turn(games[0], 0, 0)])
    r = cli("export", path, "--to", "json")
    assert r.exit_code == 0 and r.stderr == ""


def test_export_help_says_so() -> None:
    r = cli("export", "--help")
    assert "exit 1" in " ".join(r.stdout.split())


def test_html_export_of_an_illegal_record_says_so(tmp_path: Path, games: list[Record]) -> None:
    """The page is written (it shows the verdict too), and stderr and the exit code say
    that the record is illegal, as the CSV and text exports do."""
    path = _write(tmp_path, [_out_of_turn(games[0], 0, 3)])
    out = tmp_path / "g.html"
    r = cli("export", path, "--to", "html", "-o", out)
    assert r.exit_code == 1
    (line,) = r.stderr.strip().splitlines()
    assert "record 1" in line and "illegal" in line and "[out-of-turn]" in line
    assert out.read_text().startswith("<!DOCTYPE html>")
    ok = cli("export", _write(tmp_path, [games[0]], "ok.grec"), "--to", "html", "-o", tmp_path / "ok.html")
    assert ok.exit_code == 0 and ok.stderr == ""
