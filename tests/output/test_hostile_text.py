"""Text from records that tries to do harm: spreadsheet formulas in CSV exports,
terminal control sequences in what the CLI prints."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import msgspec
import pytest
from helpers import cli

from gamerec.bots import simulate
from gamerec.format.read import read_file
from gamerec.format.write import write_records

LINK = '=HYPERLINK("http://evil","x")'
NOTE = "=cmd|' /C calc'!A0"
HOSTILE = [LINK, "+1+2", "-3", "@SUM(A1)", "\x1b]0;pwned\x07Eve", "<script>alert(1)</script>"]


@pytest.fixture
def hostile_file(tmp_path: Path) -> Path:
    records = []
    for i, r in enumerate(simulate("blackball", 3, 2, 5)):
        d0 = r.deals[0]
        first = msgspec.structs.replace(d0.actions[0], note=NOTE)
        deals = [msgspec.structs.replace(d0, actions=[first, *d0.actions[1:]]), *r.deals[1:]]
        records.append(msgspec.structs.replace(r, players=HOSTILE[3 * i : 3 * i + 3], deals=deals))
    path = tmp_path / "hostile.grec"
    write_records(records, path)
    return path


def test_csv_export_neutralises_formulas(hostile_file: Path) -> None:
    r = cli("export", str(hostile_file), "--to", "csv")
    assert r.exit_code == 0, r.stderr
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    players = {row["player"] for row in rows}
    assert {"'" + LINK, "'+1+2", "'-3", "'@SUM(A1)"} <= players
    assert not any(p.startswith(("=", "+", "-", "@")) for p in players)
    notes = [row["note"] for row in rows if row["note"]]
    assert notes == ["'" + NOTE, "'" + NOTE]
    # numbers stay numbers: a negative score is no formula to neutralise
    assert all(row["score"].lstrip("-").isdigit() for row in rows)


def test_standings_csv_neutralises_formulas(hostile_file: Path) -> None:
    r = cli("score", "--standings", "--csv", str(hostile_file))
    assert r.exit_code == 0, r.stderr
    players = [row["player"] for row in csv.DictReader(io.StringIO(r.stdout))]
    assert "'-3" in players and "'" + LINK in players
    assert not any(p.startswith(("=", "+", "-", "@")) for p in players)


@pytest.mark.parametrize(
    "command", [["score"], ["replay", "--all", "-r", "1"], ["ls"], ["export", "--to", "text"]]
)
def test_terminal_output_has_no_control_sequences(hostile_file: Path, command: list[str]) -> None:
    r = cli(command[0], str(hostile_file), *command[1:])
    assert r.exit_code == 0, r.stderr
    assert "\x1b" not in r.stdout and "\x07" not in r.stdout
    if command[0] in ("score", "export"):  # these show the second record, Eve's, too
        assert "Eve" in r.stdout


def test_the_record_itself_keeps_the_text_verbatim(hostile_file: Path) -> None:
    first, second = read_file(hostile_file)
    assert first.record is not None and second.record is not None
    assert first.record.players == HOSTILE[:3] and second.record.players == HOSTILE[3:]
    assert first.record.deals[0].actions[0].note == NOTE  # type: ignore[attr-defined]


def test_a_negative_bid_is_a_number_in_the_csv(tmp_path: Path) -> None:
    """Found by trying the product: a hand-edited bid of -1 came out as `'-1` (guarded as
    if it were a formula) while negative scores in the same file were numbers."""
    [game] = simulate("blackball", 3, 1, seed=5, names=["Ann", "Bob", "Cy"])
    first = game.deals[0].actions[0]
    game.deals[0].actions[0] = msgspec.structs.replace(first, tricks=-1)
    path = tmp_path / "neg.json"
    write_records([game], path)
    r = cli("export", path, "--to", "csv")
    rows = list(csv.DictReader(io.StringIO(r.stdout)))
    assert rows[0]["type"] == "bid" and rows[0]["value"] == "-1"
    assert r.stdout.splitlines()[1].startswith("1,1,1,0,Ann,bid,-1,")


BAD = sorted((Path(__file__).parents[2] / "fixtures").glob("*/bad/*.json"))


@pytest.mark.parametrize("path", BAD, ids=lambda p: f"{p.parent.parent.name}/{p.name}")
def test_every_illegal_record_says_so_in_its_csv(path: Path) -> None:
    """Found by trying the API: a record whose fault is no action's (a deal after the end,
    a faulty deal, an unknown option) was exported with an empty `illegal` column, so it
    read as valid. Its last row now carries the rule and the reason."""
    r = cli("export", path, "--to", "csv")
    verdict = cli("validate", "--json", path).stdout.splitlines()[0]
    if '"status":"illegal"' not in verdict:
        return
    last = next(csv.DictReader(io.StringIO(r.stdout.splitlines()[0] + "\n" + r.stdout.splitlines()[-1])))
    rule = json.loads(verdict)["rule"]
    assert last["illegal"].startswith(f"{rule}: "), (path.name, last)
