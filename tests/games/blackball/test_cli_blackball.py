"""Every command of the ``gamerec`` command line on blackball records, through typer's
CliRunner: exit codes, stdout and stderr (kept apart by this typer's runner). The command
line apart from any game is tests/cli/test_cli_app.py.

Records are made here with :func:`gamerec.bots.simulate` and written with
:func:`gamerec.format.write.write_records`; only ``fixtures/blackball/tournament.grec`` and
one hand-worked game are read from the fixtures."""

from __future__ import annotations

import csv
import io
import json
import re
from pathlib import Path

import msgspec
import pytest
from helpers import cli, error_line, json_lines, stderr_lines

from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_record
from gamerec.format.container import MAGIC
from gamerec.format.read import read_bytes, read_file
from gamerec.format.write import write_records
from gamerec.record import Bid, Claim, Play, Record

NAMES = ["Ann", "Bob", "Cy"]
SIZES = (1, 2, 3, 4, 5, 6, 7, 6, 5, 4, 3, 2, 1)  # blackball 1-7-1, RULINGS.md section 1
SUITS = "CDHS"
RANKS = "23456789TJQKA"


def code(card: int) -> str:
    return RANKS[card % 13] + SUITS[card // 13]


def replace_deal(record: Record, index: int, **changes: object) -> Record:
    deals = list(record.deals)
    deals[index] = msgspec.structs.replace(deals[index], **changes)
    return msgspec.structs.replace(record, deals=deals)


def write(path: Path, records: list[Record], encoding: str | None = None) -> Path:
    write_records(records, path, encoding)  # type: ignore[arg-type]
    return path


@pytest.fixture(scope="module")
def games() -> list[Record]:
    """Two complete 3-player games, seats Ann, Bob, Cy."""
    records = list(simulate("blackball", 3, 2, seed=5, names=NAMES))
    assert all(verify_record(r).status == "valid" for r in records)
    return records


@pytest.fixture(scope="module")
def illegal(games: list[Record]) -> tuple[Record, int]:
    """The first game with round 2's last bid (the dealer's, action 3) made 3 in a 2-card
    round: illegal [bid-range]. Returns the record and the dealer's seat."""
    record = games[0]
    deal = record.deals[1]
    dealer = deal.dealer
    assert deal.actions[2] == Bid(dealer, deal.actions[2].tricks)  # the dealer bids last
    actions = list(deal.actions)
    actions[2] = Bid(dealer, 3)
    return replace_deal(record, 1, actions=actions), dealer


@pytest.fixture(scope="module")
def incomplete(games: list[Record]) -> Record:
    """The first game stopped after round 3 (of 13)."""
    return msgspec.structs.replace(games[0], deals=games[0].deals[:3])


@pytest.fixture(scope="module")
def mismatch(games: list[Record]) -> Record:
    """The second game under other names (so it is another game, not a duplicate of the
    second) with every claimed total one too high."""
    totals = verify_record(games[1]).scores.totals  # type: ignore[union-attr]
    return msgspec.structs.replace(
        games[1], players=["Ann", "Bob", "Cyd"], claim=Claim(totals=[t + 1 for t in totals])
    )


@pytest.fixture
def good(tmp_path: Path, games: list[Record]) -> Path:
    return write(tmp_path / "good.grec", games)


# -- validate ------------------------------------------------------------------------------
def test_validate_valid_file(good: Path) -> None:
    r = cli("validate", good)
    assert r.exit_code == 0
    assert r.stdout == "2 records: 2 valid\n"
    assert r.stderr == ""


def test_validate_tournament_fixture(fixtures: Path) -> None:
    path = fixtures / "blackball" / "tournament.grec"
    n = sum(1 for _ in read_file(path))
    r = cli("validate", path)
    assert r.exit_code == 0
    assert r.stdout == f"{n} records: {n} valid\n"
    assert r.stderr == ""


def test_validate_illegal_one_line_naming_everything(tmp_path: Path, illegal: tuple[Record, int]) -> None:
    record, dealer = illegal
    path = write(tmp_path / "bad.grec", [record])
    r = cli("validate", path)
    assert r.exit_code == 1
    assert r.stdout == "1 record: 1 illegal\n"
    line = error_line(r)
    head = f"{path}: record 1, deal 2, action 3 (seat {dealer}, {NAMES[dealer]}): illegal: bid 3: "
    assert line.startswith(head), line
    assert "0..2" in line  # the reason says the range
    assert line.endswith(" [bid-range]")


def test_validate_incomplete_and_allow_incomplete(tmp_path: Path, incomplete: Record) -> None:
    path = write(tmp_path / "part.grec", [incomplete])
    r = cli("validate", path)
    assert r.exit_code == 1
    assert r.stdout == "1 record: 1 incomplete\n"
    line = error_line(r)
    assert line.startswith(f"{path}: record 1") and ": incomplete: " in line
    assert "3" in line.split(": incomplete: ")[1]  # where it stops

    r = cli("validate", "--allow-incomplete", path)
    assert r.exit_code == 0
    assert r.stdout == "1 record: 1 incomplete\n"
    assert r.stderr == ""


def test_validate_incomplete_mid_deal_names_who_is_to_act(tmp_path: Path, games: list[Record]) -> None:
    # round 2 stopped after its two first bids: the dealer is to bid
    deal = games[0].deals[1]
    record = msgspec.structs.replace(games[0], deals=games[0].deals[:1])
    record = msgspec.structs.replace(
        record, deals=[*record.deals, msgspec.structs.replace(deal, actions=deal.actions[:2])]
    )
    path = write(tmp_path / "part.grec", [record])
    r = cli("validate", path)
    assert r.exit_code == 1
    line = error_line(r)
    assert "incomplete" in line and NAMES[deal.dealer] in line


def _truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


@pytest.mark.parametrize(
    ("name", "make", "rule"),
    [
        ("garbage.grec", lambda good: bytes(range(256)) * 3, "format.id"),
        ("truncated.grec", _truncated, "format.damaged"),
        ("short-frame.grec", lambda good: good[:20], "format.damaged"),
        ("empty.grec", lambda good: b"", "format.empty"),
        ("broken.json", lambda good: b'{"format": "gamerec", "version": 1, "game": ', "format.json"),
        (
            "version.json",
            lambda good: b'{"format": "gamerec", "version": 99, "game": "blackball"}\n',
            "format.version",
        ),
    ],
)
def test_validate_unreadable_exit_2_one_line(tmp_path: Path, good: Path, name: str, make, rule: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / name
    path.write_bytes(make(good.read_bytes()))
    r = cli("validate", path)
    assert r.exit_code == 2
    assert r.stdout == "1 record: 1 unreadable\n"
    line = error_line(r)
    assert line.startswith(f"{path}: record 1: unreadable: ")
    assert line.endswith(f"[{rule}]")


def test_validate_schema_error_names_path_inside_record(tmp_path: Path, games: list[Record]) -> None:
    path = write(tmp_path / "one.json", games[:1])
    doc = json.loads(path.read_text())
    doc["deals"][1]["actions"][2]["tricks"] = "three"
    path.write_text(json.dumps(doc, indent=1))
    r = cli("validate", path)
    assert r.exit_code == 2
    line = error_line(r)
    assert "deals[1].actions[2].tricks" in line and line.endswith("[format.schema]")


def test_validate_directory_recursive(
    tmp_path: Path, games: list[Record], illegal: tuple[Record, int]
) -> None:
    (tmp_path / "a" / "b").mkdir(parents=True)
    write(tmp_path / "a" / "one.grec", games)
    write(tmp_path / "a" / "b" / "two.json", [illegal[0]])
    write(tmp_path / "a" / "b" / "three.jsonl", games[:1])
    (tmp_path / "a" / "notes.txt").write_text("not a record")
    r = cli("validate", tmp_path / "a")
    assert r.exit_code == 1
    # sorted paths: b/three.jsonl comes before one.grec and holds the same game as one.grec's
    # first record, which is reported as its duplicate and counted once
    assert r.stdout == "3 records: 2 valid, 1 illegal; 1 duplicate counted once\n"
    illegal_line, duplicate = stderr_lines(r)
    assert illegal_line.startswith(f"{tmp_path / 'a' / 'b' / 'two.json'}: record 1, deal 2, action 3")
    three, one = tmp_path / "a" / "b" / "three.jsonl", tmp_path / "a" / "one.grec"
    assert duplicate == f"{one}: record 1: duplicate of {three}:1 (counted once)"


def test_validate_glob(tmp_path: Path, games: list[Record], incomplete: Record) -> None:
    write(tmp_path / "x1.grec", games[:1])
    write(tmp_path / "x2.grec", games)
    write(tmp_path / "y.grec", [incomplete])
    r = cli("validate", str(tmp_path / "x*.grec"))
    assert r.exit_code == 0
    assert r.stdout == "2 records: 2 valid; 1 duplicate counted once\n"  # x2 repeats x1's game
    r = cli("validate", str(tmp_path / "*.grec"))
    assert r.exit_code == 1
    assert r.stdout == "3 records: 2 valid, 1 incomplete; 1 duplicate counted once\n"
    r = cli("validate", str(tmp_path / "z*.grec"))
    assert r.exit_code == 2
    assert "no file matches" in error_line(r)


@pytest.mark.parametrize("encoding", ["binary", "json", "jsonl"])
def test_validate_stdin(
    tmp_path: Path, games: list[Record], illegal: tuple[Record, int], encoding: str
) -> None:
    data = write(tmp_path / "in", [*games, illegal[0]], encoding).read_bytes()
    r = cli("validate", "-", input=data if encoding == "binary" else data.decode())
    assert r.exit_code == 1
    assert r.stdout == "3 records: 2 valid, 1 illegal\n"
    (line,) = stderr_lines(r)
    assert line.startswith("-: record 3, deal 2, action 3")


def test_validate_batch_counts_every_verdict(
    tmp_path: Path, games: list[Record], illegal: tuple[Record, int], incomplete: Record, mismatch: Record
) -> None:
    mixed = write(tmp_path / "mixed.grec", [games[0], illegal[0], incomplete, mismatch, games[1]])
    # damage the second frame's body: its checksum fails, the frames after it still read
    data = bytearray(mixed.read_bytes())
    second = [e.where for e in read_file(mixed)][1]
    offset = int(second.removeprefix("byte "))
    data[offset + 40] ^= 0xFF
    damaged = tmp_path / "damaged.grec"
    damaged.write_bytes(bytes(data))
    garbage = tmp_path / "garbage.grec"
    garbage.write_bytes(b"\x00garbage" * 10)

    r = cli("validate", mixed, garbage)
    assert r.exit_code == 2  # an unreadable input wins over illegal
    assert r.stdout == "6 records: 2 valid, 1 illegal, 1 incomplete, 1 mismatch, 1 unreadable\n"
    lines = stderr_lines(r)
    assert len(lines) == 4
    assert lines[0].startswith(f"{mixed}: record 2, deal 2, action 3")
    assert lines[1].startswith(f"{mixed}: record 3") and ": incomplete: " in lines[1]
    assert lines[2].startswith(f"{mixed}: record 4: mismatch: ")
    assert "claimed" in lines[2] and "computed" in lines[2]
    assert lines[3].startswith(f"{garbage}: record 1: unreadable: ")

    r = cli("validate", damaged)
    assert r.exit_code == 2
    assert r.stdout == "5 records: 2 valid, 1 incomplete, 1 mismatch, 1 unreadable\n"
    lines = stderr_lines(r)
    assert lines[0].startswith(f"{damaged}: record 2: unreadable: ") and lines[0].endswith("[format.damaged]")
    assert len(lines) == 3


def test_validate_exit_1_without_unreadable(tmp_path: Path, games: list[Record], mismatch: Record) -> None:
    r = cli("validate", write(tmp_path / "m.grec", [games[0], mismatch]))
    assert r.exit_code == 1
    assert r.stdout == "2 records: 1 valid, 1 mismatch\n"


def test_validate_json(tmp_path: Path, games: list[Record], illegal: tuple[Record, int]) -> None:
    path = write(tmp_path / "v.grec", [games[0], illegal[0]])
    r = cli("validate", "--json", path)
    assert r.exit_code == 1
    verdicts, summary = json_lines(r.stdout)
    assert summary == {
        "records": 2,
        "valid": 1,
        "illegal": 1,
        "incomplete": 0,
        "mismatch": 0,
        "unreadable": 0,
        "duplicate": 0,
    }
    first, second = verdicts
    assert first["status"] == "valid" and first["record"] == 1 and first["source"] == str(path)
    assert second["status"] == "illegal"
    assert (second["record"], second["deal"], second["action"]) == (2, 2, 3)
    assert second["seat"] == illegal[1]
    assert second["rule"] == "bid-range"
    assert second["players"] == NAMES


def test_validate_verbose_lists_valid_records(
    tmp_path: Path, games: list[Record], incomplete: Record
) -> None:
    path = write(tmp_path / "v.grec", [games[0], incomplete, games[1]])
    r = cli("validate", "--verbose", path)
    assert r.exit_code == 1
    assert r.stdout.splitlines() == [
        f"{path}: record 1: valid",
        f"{path}: record 3: valid",
        "3 records: 2 valid, 1 incomplete",
    ]
    (line,) = stderr_lines(r)
    assert line.startswith(f"{path}: record 2") and ": incomplete: " in line
    # without --verbose, only the summary
    assert cli("validate", path).stdout == "3 records: 2 valid, 1 incomplete\n"


# -- score ---------------------------------------------------------------------------------
def trick_winner(plays: list[Play], trump: int) -> int:
    """The seat whose card wins a trick: the highest trump, else the highest card of the
    led suit (RULINGS.md section 1)."""
    led = plays[0].card // 13

    def strength(p: Play) -> int:
        suit = p.card // 13
        return p.card % 13 + (200 if suit == trump else 100 if suit == led else 0)

    return max(plays, key=strength).seat


def _round_scores(record: Record) -> list[list[int]]:
    """Each round's points worked out from the record alone: a bid made exactly scores
    10 + bid, a miss 0 (RULINGS.md section 1)."""
    n = len(record.players)
    out = []
    for deal in record.deals:
        trump = deal.stock[0] // 13 if deal.stock else -1
        bids = {a.seat: a.tricks for a in deal.actions if isinstance(a, Bid)}
        won = [0] * n
        plays = [a for a in deal.actions if isinstance(a, Play)]
        for t in range(0, len(plays), n):
            won[trick_winner(plays[t : t + n], trump)] += 1
        out.append([10 + bids[s] if bids[s] == won[s] else 0 for s in range(n)])
    return out


def test_score_tables(good: Path, games: list[Record]) -> None:
    r = cli("score", good)
    assert r.exit_code == 0
    assert r.stderr == ""
    out = r.stdout
    assert out.endswith("2 records: 2 valid\n")
    tables = out.split(f"{good} · record ")[1:]
    assert len(tables) == 2
    for table, record in zip(tables, games, strict=True):
        rounds = _round_scores(record)
        assert len(rounds) == len(SIZES)
        rows = [re.findall(r"-?\d+", line) for line in table.splitlines() if line.startswith("│")]
        body = [[int(x) for x in row] for row in rows if row]
        for i, want in enumerate(rounds, 1):
            assert [i, *want] in body
        totals = [sum(col) for col in zip(*rounds, strict=True)]
        total_line = next(line for line in table.splitlines() if "Total" in line)
        assert [int(x) for x in re.findall(r"\d+", total_line)] == totals
        best = max(totals)
        winners = [NAMES[s] for s, t in enumerate(totals) if t == best]
        assert "Winner" in table and all(w in table.split("Winner")[1] for w in winners)
        for name in NAMES:
            assert name in table.splitlines()[1] + table.splitlines()[2]


def test_score_json_matches_library(good: Path, games: list[Record]) -> None:
    r = cli("score", "--json", good)
    assert r.exit_code == 0
    doc, summary = json_lines(r.stdout)
    assert len(doc) == 2 and summary["records"] == 2 and summary["valid"] == 2
    for i, (item, record) in enumerate(zip(doc, games, strict=True)):
        assert item["record"] == i + 1 and item["status"] == "valid" and item["game"] == "blackball"
        want = verify_record(record, str(good), i).scores
        assert item["scores"] == msgspec.to_builtins(want)
        assert item["scores"]["deals"] == _round_scores(record)


def test_score_with_problems(tmp_path: Path, games: list[Record], illegal: tuple[Record, int]) -> None:
    path = write(tmp_path / "s.grec", [games[0], illegal[0]])
    r = cli("score", path)
    assert r.exit_code == 1
    assert r.stdout.endswith("2 records: 1 valid, 1 illegal\n")
    (line,) = stderr_lines(r)
    assert "[bid-range]" in line
    garbage = tmp_path / "g.grec"
    garbage.write_bytes(b"nonsense")
    r = cli("score", "--json", garbage)
    assert r.exit_code == 2
    assert json_lines(r.stdout)[0][0]["status"] == "unreadable"


# -- export --------------------------------------------------------------------------------
def test_export_json_round_trips(good: Path, games: list[Record]) -> None:
    r = cli("export", good, "--to", "json")
    assert r.exit_code == 0
    assert r.stderr == ""
    entries = list(read_bytes(r.stdout_bytes))
    assert [e.error for e in entries] == [None, None]
    assert [e.record for e in entries] == games
    assert isinstance(json.loads(r.stdout), list)
    # one record: one JSON object
    r = cli("export", good, "--to", "json", "--record", "2")
    assert r.exit_code == 0
    doc = json.loads(r.stdout)
    assert doc["players"] == NAMES
    assert next(read_bytes(r.stdout_bytes)).record == games[1]


def test_export_csv(good: Path, games: list[Record]) -> None:
    r = cli("export", good, "--to", "csv")
    assert r.exit_code == 0
    assert r.stderr == ""
    reader = csv.DictReader(io.StringIO(r.stdout))
    assert reader.fieldnames is not None
    for column in ("record", "deal", "action", "seat", "player", "type", "trick", "trick_winner", "score"):
        assert column in reader.fieldnames
    rows = list(reader)
    assert len(rows) == sum(len(d.actions) for g in games for d in g.deals)
    assert {row["record"] for row in rows} == {"1", "2"}

    # round 1 of game 1 worked out from the record: 3 bids, then one trick of 3 cards
    deal = games[0].deals[0]
    first = [row for row in rows if row["record"] == "1" and row["deal"] == "1"]
    assert len(first) == 6
    assert [row["type"] for row in first] == ["bid"] * 3 + ["play"] * 3
    assert [int(row["seat"]) for row in first] == [a.seat for a in deal.actions]
    assert [row["player"] for row in first] == [NAMES[a.seat] for a in deal.actions]
    assert [row["trick"] for row in first] == ["", "", "", "1", "1", "1"]
    plays = [a for a in deal.actions if isinstance(a, Play)]
    assert [row["value"] for row in first[3:]] == [code(p.card) for p in plays]
    winner = trick_winner(plays, deal.stock[0] // 13)
    assert {row["trick_winner"] for row in first[3:]} == {str(winner)}
    # the score after the round's last card is that player's round-1 points
    last = first[-1]
    assert int(last["score"]) == _round_scores(games[0])[0][int(last["seat"])]

    # every play row has a trick winner; trick numbers run 1..hand size in each round
    for g, record in enumerate(games, 1):
        for d, size in enumerate(SIZES, 1):
            here = [row for row in rows if row["record"] == str(g) and row["deal"] == str(d)]
            tricks = [int(row["trick"]) for row in here if row["type"] == "play"]
            assert sorted(set(tricks)) == list(range(1, size + 1))
            assert all(row["trick_winner"] != "" for row in here if row["type"] == "play")
        final = [row for row in rows if row["record"] == str(g)][-1]
        totals = verify_record(record).scores.totals  # type: ignore[union-attr]
        assert int(final["score"]) == totals[int(final["seat"])]


def test_export_text_score_sheet_with_black_ball(good: Path, games: list[Record]) -> None:
    r = cli("export", good, "--to", "text", "--record", "1")
    assert r.exit_code == 0
    assert r.stderr == ""
    text = r.stdout
    rounds = _round_scores(games[0])
    misses = [(i, row.count(0)) for i, row in enumerate(rounds, 1) if 0 in row]
    assert misses, "precondition: someone missed a bid"
    sheet = text.split("Score sheet", 1)[1]
    lines = sheet.splitlines()
    for number, count in misses:
        line = next(x for x in lines if x.split()[:1] == [str(number)])
        assert line.count("⚫") == count
    for number, row in enumerate(rounds, 1):
        line = next(x for x in lines if x.split()[:1] == [str(number)])
        assert line.count("⚫") == row.count(0)
    totals = [sum(c) for c in zip(*rounds, strict=True)]
    total_line = next(x for x in lines if x.startswith("Total"))
    assert [int(x) for x in total_line.split()[1:]] == totals
    assert "valid" in text.rstrip().splitlines()[-1]
    for name in NAMES:
        assert name in text


def test_export_output_file_and_force(tmp_path: Path, good: Path) -> None:
    target = tmp_path / "out.csv"
    r = cli("export", good, "--to", "csv", "-o", target)
    assert r.exit_code == 0
    assert r.stdout == ""
    expected = cli("export", good, "--to", "csv").stdout_bytes
    assert target.read_bytes() == expected

    target.write_text("keep me")
    r = cli("export", good, "--to", "csv", "-o", target)
    assert r.exit_code == 2
    line = error_line(r)
    assert line.startswith("gamerec: ") and str(target) in line and "--force" in line
    assert target.read_text() == "keep me"

    r = cli("export", good, "--to", "csv", "-o", target, "--force")
    assert r.exit_code == 0
    assert target.read_bytes() == expected


def test_export_into_missing_directory(tmp_path: Path, good: Path) -> None:
    r = cli("export", good, "--to", "csv", "-o", tmp_path / "nodir" / "x.csv")
    assert r.exit_code == 2
    assert "x.csv" in error_line(r)


def test_export_unknown_format_and_bad_record(good: Path) -> None:
    r = cli("export", good, "--to", "xml")
    assert r.exit_code == 2
    assert r.stdout == ""
    assert "--to" in error_line(r)
    r = cli("export", good, "--to", "json", "--record", "3")
    assert r.exit_code == 2
    assert "Invalid value for '--record': 3: " in error_line(r)
    r = cli("export", good, "--to", "json", "--record", "0")
    assert r.exit_code == 2
    assert "--record" in error_line(r)


def test_export_unreadable_input(tmp_path: Path, good: Path) -> None:
    bad = tmp_path / "t.grec"
    bad.write_bytes(_truncated(good.read_bytes()))
    target = tmp_path / "t.csv"
    r = cli("export", bad, "--to", "csv", "-o", target)
    assert r.exit_code == 2
    assert "unreadable" in error_line(r)
    assert not target.exists()


def test_export_stdin(good: Path, games: list[Record]) -> None:
    r = cli("export", "-", "--to", "json", input=good.read_bytes())
    assert r.exit_code == 0
    assert [e.record for e in read_bytes(r.stdout_bytes)] == games


# -- convert -------------------------------------------------------------------------------
def test_convert_binary_json_binary_byte_identical(tmp_path: Path, good: Path, games: list[Record]) -> None:
    j = tmp_path / "a.json"
    b = tmp_path / "b.grec"
    r = cli("convert", good, "-o", j)
    assert (r.exit_code, r.stdout) == (0, "")
    assert isinstance(json.loads(j.read_text()), list)
    r = cli("convert", j, "-o", b)
    assert r.exit_code == 0
    assert b.read_bytes() == good.read_bytes()
    assert [e.record for e in read_file(b)] == games


def test_convert_jsonl_and_suffixes(tmp_path: Path, good: Path, games: list[Record]) -> None:
    r = cli("convert", good, "-o", tmp_path / "a.jsonl")
    assert r.exit_code == 0
    lines = (tmp_path / "a.jsonl").read_text().splitlines()
    assert len(lines) == 2 and all(json.loads(x)["game"] == "blackball" for x in lines)

    # --to wins over the suffix
    r = cli("convert", good, "-o", tmp_path / "b.txt", "--to", "jsonl")
    assert r.exit_code == 0
    assert (tmp_path / "b.txt").read_bytes() == (tmp_path / "a.jsonl").read_bytes()

    r = cli("convert", tmp_path / "a.jsonl", "-o", tmp_path / "c.json")
    assert r.exit_code == 0
    assert json.loads((tmp_path / "c.json").read_text())[1]["players"] == NAMES

    r = cli("convert", tmp_path / "c.json", "-o", tmp_path / "d.grec")
    assert r.exit_code == 0
    assert (tmp_path / "d.grec").read_bytes().startswith(MAGIC)
    assert [e.record for e in read_file(tmp_path / "d.grec")] == games


def test_convert_to_stdout(tmp_path: Path, good: Path) -> None:
    r = cli("convert", good, "-o", "-")
    assert r.exit_code == 0
    assert r.stdout_bytes == good.read_bytes()
    r = cli("convert", good, "-o", "-", "--to", "jsonl")
    assert r.exit_code == 0
    assert len(r.stdout.splitlines()) == 2
    r = cli("convert", "-", "-o", "-", "--to", "binary", input=r.stdout)
    assert r.exit_code == 0
    assert r.stdout_bytes == good.read_bytes()


def test_convert_refuses_to_overwrite(tmp_path: Path, good: Path) -> None:
    target = tmp_path / "x.json"
    target.write_text("keep")
    r = cli("convert", good, "-o", target)
    assert r.exit_code == 2
    assert "--force" in error_line(r)
    assert target.read_text() == "keep"
    assert cli("convert", good, "-o", target, "--force").exit_code == 0
    assert target.read_text() != "keep"


def test_convert_unreadable_record_writes_nothing(tmp_path: Path, good: Path) -> None:
    data = good.read_bytes()
    second = [e.where for e in read_file(good)][1]
    bad = bytearray(data)
    bad[int(second.removeprefix("byte ")) + 40] ^= 0xFF  # record 2's checksum fails
    src = tmp_path / "bad.grec"
    src.write_bytes(bytes(bad))
    target = tmp_path / "out.json"
    r = cli("convert", src, "-o", target)
    assert r.exit_code == 2
    line = error_line(r)
    assert "record 2" in line and "unreadable" in line
    assert not target.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.grec", "good.grec"]  # no temporary file left
    r = cli("convert", src, "-o", "-")
    assert r.exit_code == 2
    assert r.stdout_bytes == b""


# -- simulate ------------------------------------------------------------------------------
def test_simulate_byte_identical_and_provenance(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.grec", tmp_path / "b.grec", tmp_path / "c.grec"
    args = ["simulate", "-g", "blackball", "-p", "4", "-n", "3", "--seed", "42"]
    r = cli(*args, "-o", a)
    assert r.exit_code == 0
    assert r.stdout == ""
    assert "a.grec" in r.stderr
    assert cli(*args, "-o", b).exit_code == 0
    assert a.read_bytes() == b.read_bytes()
    assert cli("simulate", "-g", "blackball", "-p", "4", "-n", "3", "--seed", "43", "-o", c).exit_code == 0
    assert a.read_bytes() != c.read_bytes()
    records = [e.record for e in read_file(a)]
    assert len(records) == 3
    for record in records:
        assert record is not None and record.provenance is not None
        assert record.provenance.seed == 42
        assert len(record.players) == 4
        assert verify_record(record).status == "valid"
    assert cli("validate", a).stdout == "3 records: 3 valid\n"


def test_simulate_rule_options(tmp_path: Path) -> None:
    path = tmp_path / "h.json"
    r = cli(
        "simulate",
        "-g",
        "blackball",
        "-p",
        "3",
        "--rule",
        "hook=true",
        "--rule",
        "schedule=7-1-7",
        "-o",
        path,
    )
    assert r.exit_code == 0
    doc = json.loads(path.read_text())
    assert doc["rules"] == {"schedule": "7-1-7", "hook": True, "must_trump": False}
    assert len(doc["deals"]) == 14
    assert cli("validate", path).exit_code == 0


@pytest.mark.parametrize(
    ("args", "word"),
    [
        (["--rule", "hooky=true"], "hooky"),
        (["--rule", "hook=maybe"], "hook"),
        (["--rule", "schedule=2-9-2"], "schedule"),
        (["--rule", "hook"], "hook"),
        (["-p", "1"], "1"),
        (["-p", "8"], "8"),
        (["--bot", "genius"], "genius"),
        (["-n", "0"], "--games"),
    ],
)
def test_simulate_bad_arguments_exit_2_one_line(tmp_path: Path, args: list[str], word: str) -> None:
    target = tmp_path / "x.grec"
    r = cli("simulate", "-g", "blackball", "-o", target, *args)
    assert r.exit_code == 2
    assert r.stdout == ""
    line = error_line(r)
    assert line.startswith(("gamerec: ", "gamerec simulate: ")) and word in line
    assert not target.exists()


def test_simulate_random_bot_to_stdout(tmp_path: Path) -> None:
    r = cli("simulate", "-g", "blackball", "--bot", "random", "-p", "2", "-n", "2", "-s", "9", "-o", "-")
    assert r.exit_code == 0
    assert r.stdout_bytes.startswith(MAGIC)
    records = [e.record for e in read_bytes(r.stdout_bytes)]
    assert len(records) == 2
    for record in records:
        assert record is not None and record.provenance is not None
        assert record.provenance.settings["bot"] == "random"
        assert record.provenance.seed == 9
        assert verify_record(record).status == "valid"
    again = cli("simulate", "-g", "blackball", "--bot", "random", "-p", "2", "-n", "2", "-s", "9", "-o", "-")
    assert again.stdout_bytes == r.stdout_bytes
    smart = cli("simulate", "-g", "blackball", "-p", "2", "-n", "2", "-s", "9", "-o", "-")
    assert smart.stdout_bytes != r.stdout_bytes


# -- replay --------------------------------------------------------------------------------
STEP = re.compile(r"step (\d+) of (\d+) · round (\d+)")


def panels(out: str) -> list[str]:
    """The rendered steps, split at their top border."""
    return out.split("╭")[1:]


def test_replay_all(good: Path, games: list[Record]) -> None:
    record = games[0]
    r = cli("replay", "--format", "panels", good, "-r", "1", "--all")
    assert r.exit_code == 0
    assert r.stderr == ""
    steps = panels(r.stdout)
    n_steps = len(SIZES) + sum(3 + 3 * s for s in SIZES)  # a start per round, 3 bids and 3s plays
    assert len(steps) == n_steps
    positions = [STEP.search(p) for p in steps]
    assert all(positions)
    assert [int(m.group(1)) for m in positions if m] == list(range(1, n_steps + 1))
    assert r.stdout.rstrip().splitlines()[-1] == f"{good}: record 1: valid"

    first = steps[0]
    assert "Round 1 of 13" in first
    for seat, hand in enumerate(record.deals[0].hands):
        assert f"{seat} {NAMES[seat]}" in first
        assert code(hand[0]) in first
    assert "Trump" in first and code(record.deals[0].stock[0]) in first
    assert "Dealer" in first and NAMES[record.deals[0].dealer] in first
    # bids, the trick on the table, and the scores at the end
    bid = record.deals[0].actions[0]
    assert f"{NAMES[bid.seat]} bid {bid.tricks}" in steps[1]
    assert f"bid {bid.tricks}, won 0" in steps[1]
    lead = record.deals[0].actions[3]
    assert "Table" in steps[4] and f"{NAMES[lead.seat]}: {code(lead.card)}" in steps[4]
    assert "trick 1" in steps[6] and "round 1 scored" in steps[6]
    rounds = _round_scores(record)
    totals = [sum(c) for c in zip(*rounds, strict=True)]
    last = steps[-1]
    assert "game over" in last
    for seat in range(3):
        row = next(line for line in last.splitlines() if f"{seat} {NAMES[seat]}" in line)
        assert row.rstrip(" │").split()[-1] == str(totals[seat])


def test_replay_not_on_a_terminal_prints_every_step(good: Path) -> None:
    r = cli("replay", "--format", "panels", good, "-r", "1", "--deal", "13")
    assert r.exit_code == 0
    assert len(panels(r.stdout)) == 7
    assert r.stdout == cli("replay", "--format", "panels", good, "-r", "1", "--deal", "13", "--all").stdout


def test_replay_seat_hides_other_hands(good: Path, games: list[Record]) -> None:
    r = cli("replay", "--format", "panels", good, "-r", "1", "--all", "--seat", "0", "--deal", "12")
    assert r.exit_code == 0
    first = panels(r.stdout)[0]
    assert "Round 12 of 13" in first
    hands = games[0].deals[11].hands
    assert all(code(c) in first for c in hands[0])
    assert first.count("(hidden)") == 2
    assert not any(code(c) in first for c in hands[1] + hands[2])
    r = cli("replay", "--format", "panels", good, "-r", "1", "--all", "--seat", "3")
    assert r.exit_code == 2
    assert "--seat" in error_line(r)


def test_replay_deal_and_record(good: Path, games: list[Record]) -> None:
    r = cli("replay", "--format", "panels", good, "--all", "--deal", "13", "--record", "2")
    assert r.exit_code == 0
    steps = panels(r.stdout)
    assert len(steps) == 1 + 3 + 3  # round 13: one card each
    assert all("round 13" in s and "Round 13 of 13" in s for s in steps)
    assert NAMES[games[1].deals[12].dealer] in steps[0]
    assert r.stdout.rstrip().splitlines()[-1] == f"{good}: record 2: valid"
    r = cli("replay", "--format", "panels", good, "-r", "1", "--all", "--deal", "14")
    assert r.exit_code == 2
    assert "--deal" in error_line(r)
    r = cli("replay", "--format", "panels", good, "--all", "--record", "3")
    assert r.exit_code == 2
    assert "Invalid value for '--record': 3: " in error_line(r)


def test_replay_illegal_stops_at_the_fault(tmp_path: Path, illegal: tuple[Record, int]) -> None:
    record, dealer = illegal
    path = write(tmp_path / "bad.grec", [record])
    r = cli("replay", "--format", "panels", path, "--all")
    assert r.exit_code == 1
    steps = panels(r.stdout)
    # round 1: start, 3 bids, 3 plays; round 2: start and the 2 bids before the fault
    assert len(steps) == 7 + 3
    second_bid = record.deals[1].actions[1]
    assert f"{NAMES[second_bid.seat]} bid {second_bid.tricks}" in steps[-1]
    line = error_line(r)
    assert line.startswith(f"{path}: record 1, deal 2, action 3 (seat {dealer}, {NAMES[dealer]}): illegal")
    assert line.endswith("[bid-range]")
    assert "valid" not in r.stdout.splitlines()[-1]


# -- hostile names -------------------------------------------------------------------------
EVIL = ["[bold]x[/bold]", "\x1b]0;pwned\x07Eve", "\x1b[31mRed"]


@pytest.fixture(scope="module")
def evil_games() -> list[Record]:
    return list(simulate("blackball", 3, 1, seed=3, names=EVIL))


def _no_control(text: str) -> None:
    assert "\x1b" not in text and "\x07" not in text and "pwned" not in text


def test_hostile_names_in_verdicts_and_replay(tmp_path: Path, evil_games: list[Record]) -> None:
    record = evil_games[0]
    deal = record.deals[1]
    actions = list(deal.actions)
    seat = actions[2].seat
    actions[2] = Bid(seat, 3)
    path = write(tmp_path / "evil.grec", [record, replace_deal(record, 1, actions=actions)])

    r = cli("validate", "--verbose", path)
    assert r.exit_code == 1
    _no_control(r.stdout + r.stderr)
    line = error_line(r)
    shown = {0: "[bold]x[/bold]", 1: "\ufffdEve", 2: "\ufffdRed"}[seat]  # a sequence shows as one �
    assert f"(seat {seat}, {shown})" in line

    r = cli("replay", "--format", "panels", path, "--all", "--record", "2")
    assert r.exit_code == 1
    _no_control(r.stdout + r.stderr)
    assert f"(seat {seat}, {shown})" in error_line(r)
    assert "0 [bold]x[/bold]" in r.stdout and "1 \ufffdEve" in r.stdout and "2 \ufffdRed" in r.stdout

    r = cli("score", path)
    _no_control(r.stdout + r.stderr)
    header = r.stdout.splitlines()[2]
    assert "[bold]x[/bold]" in header and "Eve" in header and "Red" in header


def test_hostile_file_names_stripped(tmp_path: Path, games: list[Record]) -> None:
    r = cli("validate", tmp_path / "\x1b]0;pwned\x07missing.grec")
    assert r.exit_code == 2
    _no_control(error_line(r))
    assert "missing.grec" in r.stderr
    path = write(tmp_path / "\x1b[2J\x1b]0;pwned\x07x.grec", games[:1])
    r = cli("validate", "--verbose", path)
    assert r.exit_code == 0
    _no_control(r.stdout)
    assert "x.grec: record 1: valid" in r.stdout


def test_hostile_names_kept_exactly_in_data_exports(tmp_path: Path, evil_games: list[Record]) -> None:
    path = write(tmp_path / "evil.grec", evil_games)
    r = cli("export", path, "--to", "csv")
    assert r.exit_code == 0
    players = {row["player"] for row in csv.DictReader(io.StringIO(r.stdout))}
    # CSV is for people (a spreadsheet, a terminal): escape sequences show as one �; JSON is exact
    assert players == {"[bold]x[/bold]", "\ufffdEve", "\ufffdRed"}
    r = cli("export", path, "--to", "json")
    assert json.loads(r.stdout)["players"] == EVIL
    r = cli("score", path, "--json")
    assert json_lines(r.stdout)[0][0]["scores"]["sides"] == EVIL


def _winner_record(name: str) -> Record:
    """A game that seat 0, named ``name``, wins alone."""
    for seed in range(50):
        (record,) = simulate("blackball", 3, 1, seed=seed, names=[name, "B", "C"])
        sheet = verify_record(record).scores
        assert sheet is not None
        if sheet.winners == [0]:
            return record
    raise AssertionError("no seed where seat 0 wins")


def test_score_winner_name_printed_literally(tmp_path: Path) -> None:
    path = write(tmp_path / "w.grec", [_winner_record("[bold]W[/bold]")])
    r = cli("score", path)
    assert "Winner: [bold]W[/bold]" in r.stdout


def test_score_winner_name_with_stray_closing_tag(tmp_path: Path) -> None:
    path = write(tmp_path / "w.grec", [_winner_record("[/bold]")])
    r = cli("score", path)
    assert r.exit_code == 0
    assert "Winner: [/bold]" in r.stdout


@pytest.mark.parametrize("command", ["simulate", "schema", "score"])
def test_markup_in_file_names_printed_literally(tmp_path: Path, command: str) -> None:
    name = tmp_path / "[" / "x]y.grec"  # the path holds the closing tag "[/x]"
    name.parent.mkdir()
    assert "[/x]" in str(name)
    if command == "simulate":
        r = cli("simulate", "-g", "blackball", "-o", name)
        assert r.exit_code == 0
        assert str(name) in r.stderr
    elif command == "schema":
        r = cli("schema", "-o", name)
        assert r.exit_code == 0
        assert str(name) in r.stdout
    else:
        write(name, [_winner_record("A")])
        r = cli("score", name)
        assert r.exit_code == 0
        assert f"{name} · record 1" in r.stdout


def test_export_text_strips_control_sequences(tmp_path: Path, evil_games: list[Record]) -> None:
    r = cli("export", write(tmp_path / "evil.grec", evil_games), "--to", "text")
    assert r.exit_code == 0
    _no_control(r.stdout)


# -- edges found and mended ----------------------------------------------------------------
def test_replay_step_counts_from_the_deal_start(tmp_path: Path, incomplete: Record) -> None:
    path = write(tmp_path / "part.grec", [incomplete])
    r = cli("replay", "--format", "panels", path, "--all", "--deal", "2", "--step", "1")
    first = panels(r.stdout)[0]
    assert "round 2:" in first and "deals" in first


def test_replay_step_on_record_without_steps(tmp_path: Path, games: list[Record]) -> None:
    record = msgspec.structs.replace(games[0], rules={"bogus": 1})
    path = write(tmp_path / "r.grec", [record])
    r = cli("replay", "--format", "panels", path, "--all", "--step", "1")
    assert r.exit_code == 1
    assert "[options]" in error_line(r)


def test_export_missing_to_is_one_line(good: Path) -> None:
    r = cli("export", good)
    assert r.exit_code == 2
    error_line(r)


def test_export_text_verdict_names_the_file(good: Path) -> None:
    r = cli("export", good, "--to", "text", "--record", "1")
    assert r.stdout.rstrip().splitlines()[-1] == f"{good}: record 1: valid"


def test_export_onto_a_directory_names_the_target(tmp_path: Path, good: Path) -> None:
    (tmp_path / "adir").mkdir()
    r = cli("export", good, "--to", "csv", "-o", tmp_path / "adir", "--force")
    assert r.exit_code == 2
    line = error_line(r)
    assert ".tmp" not in line and str(tmp_path / "adir") in line


# -- export --to html ------------------------------------------------------------------------
def test_export_html_writes_one_page(tmp_path: Path, fixtures: Path) -> None:
    src = fixtures / "blackball" / "games" / "family-3p.json"
    out = tmp_path / "game.html"
    r = cli("export", str(src), "--to", "html", "-o", str(out), "--seat", "1")
    assert r.exit_code == 0, r.stderr
    page = out.read_text()
    assert page.startswith("<!DOCTYPE html>") and 'id="gamerec-data"' in page
    assert "http://" not in page and "https://" not in page
    again = cli("export", str(src), "--to", "html", "-o", str(out))
    assert again.exit_code == 2 and "exists" in again.stderr  # no overwrite without --force
    bad_seat = cli("export", str(src), "--to", "html", "-o", "-", "--seat", "9")
    assert (
        bad_seat.exit_code == 2
        and "Invalid value for '--seat': 9: the record has seats 0..2" in bad_seat.stderr
    )
