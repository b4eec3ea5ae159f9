"""The Parquet tables to query (issue 16): records.parquet, deals.parquet and a typed
actions.parquet, the same from the Python API as Arrow tables; checked on every game's
fixtures (valid, illegal, incomplete and mismatched records) against the verdicts and the
CSV export of the same records."""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

import pytest
from helpers import cli

pa = pytest.importorskip("pyarrow")
pq = pytest.importorskip("pyarrow.parquet")

from gamerec.cards import SWAN  # noqa: E402
from gamerec.checking.batch import content_hash  # noqa: E402
from gamerec.checking.verdicts import verify_record  # noqa: E402
from gamerec.export import csv_rows  # noqa: E402
from gamerec.export.parquet import TABLES, record_batches, tables, write_parquet  # noqa: E402
from gamerec.format.paths import expand_paths  # noqa: E402
from gamerec.format.read import read_records  # noqa: E402
from gamerec.games import get_game  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
GAMES = ["blackball", "black-swan-2012", "black-swan-taroc", "forest"]


@pytest.fixture(scope="module")
def written(tmp_path_factory: pytest.TempPathFactory) -> dict[str, dict[str, Any]]:
    """Each game's fixture folder (games, known-bad logs, tournament) exported with
    `gamerec export --to parquet`, read back: {game: {"tables": ..., "entries": ...}}."""
    out: dict[str, dict[str, Any]] = {}
    for game in GAMES:
        folder = tmp_path_factory.mktemp(game) / "tables"
        r = cli("export", FIXTURES / game, "--to", "parquet", "-o", folder)
        assert r.exit_code in (0, 2), r.stderr  # (a known-bad log may be unreadable)
        entries = [e for e in read_records(expand_paths([str(FIXTURES / game)])) if e.record is not None]
        out[game] = {
            "tables": {name: pq.read_table(folder / f"{name}.parquet") for name in TABLES},
            "entries": entries,
        }
    return out


def test_the_issue_columns_are_typed(written: dict[str, dict[str, Any]]) -> None:
    """The issue: `actions.value` held bids as strings ("3") and card lists as
    space-joined text ("3D 4D 5D"); there was no record table, no hand-size, trump or
    trick column."""
    t = written["blackball"]["tables"]
    acts = t["actions"]
    assert "value" not in acts.column_names
    assert acts.schema.field("bid").type == pa.int16()
    assert acts.schema.field("cards").type == pa.list_(pa.string())
    assert acts.schema.field("trick").type == pa.int32()
    assert acts.schema.field("position").type == pa.int16()
    bids = [b for b in acts.column("bid").to_pylist() if b is not None]
    assert bids and all(type(b) is int for b in bids)
    plays = [
        c
        for c, k in zip(acts.column("cards").to_pylist(), acts.column("type").to_pylist(), strict=True)
        if k == "play"
    ]
    assert plays and all(isinstance(c, list) and len(c) == 1 for c in plays)
    deals = t["deals"]
    for name, kind in (("hand_size", pa.int16()), ("trump", pa.string()), ("bid", pa.int16()),
                       ("tricks", pa.int16()), ("score", pa.int32()), ("made", pa.bool_())):  # fmt: skip
        assert deals.schema.field(name).type == kind
    records = t["records"]
    for name in ("players", "totals", "winners", "sides"):
        assert pa.types.is_list(records.schema.field(name).type)


def test_every_file_has_the_declared_schema(written: dict[str, dict[str, Any]]) -> None:
    for game in GAMES:
        for name, columns in TABLES.items():
            table = written[game]["tables"][name]
            assert table.column_names == [c for c, _ in columns]
            assert table.num_rows > 0, (game, name)


@pytest.mark.parametrize("game", GAMES)
def test_one_row_per_record_per_deal_and_seat_per_action(
    game: str, written: dict[str, dict[str, Any]]
) -> None:
    t = written[game]["tables"]
    entries = written[game]["entries"]
    records = t["records"].to_pylist()
    assert [(r["source"], r["record"]) for r in records] == [(e.source, e.index + 1) for e in entries]
    # one row per action replayed: as many as the CSV export's rows (without the illegal one)
    expected_actions = sum(len(csv_rows(e.record, e.index + 1, e.source)[0]) for e in entries)
    assert t["actions"].num_rows == expected_actions
    # one row per seat of each deal begun
    keys = Counter((d["source"], d["record"], d["deal"]) for d in t["deals"].to_pylist())
    by_record = {(e.source, e.index + 1): e.record for e in entries}
    for (source, number, deal), count in keys.items():
        assert count == len(by_record[(source, number)].players)
        assert 1 <= deal <= len(by_record[(source, number)].deals)
    seats = Counter((d["source"], d["record"], d["deal"], d["seat"]) for d in t["deals"].to_pylist())
    assert set(seats.values()) == {1}


@pytest.mark.parametrize("game", GAMES)
def test_the_keys_join(game: str, written: dict[str, dict[str, Any]]) -> None:
    t = written[game]["tables"]
    records = t["records"].to_pylist()
    keys = {(r["source"], r["record"]): r["hash"] for r in records}
    assert len(keys) == len(records)
    for e in written[game]["entries"]:
        assert keys[(e.source, e.index + 1)] == content_hash(e.record)
    for name in ("deals", "actions"):
        rows = t[name].select(["source", "record", "hash", "game"]).to_pylist()
        assert {(r["source"], r["record"], r["hash"]) for r in rows} <= {
            (s, n, h) for (s, n), h in keys.items()
        }
        assert {r["game"] for r in rows} == {game}


@pytest.mark.parametrize("game", GAMES)
def test_records_agree_with_the_verdicts(game: str, written: dict[str, dict[str, Any]]) -> None:
    rows = written[game]["tables"]["records"].to_pylist()
    statuses = set()
    for row, e in zip(rows, written[game]["entries"], strict=True):
        record = e.record
        v = verify_record(record, e.source, e.index)
        statuses.add(v.status)
        assert (row["game"], row["players"], row["verdict"], row["rule"]) == (
            record.game, record.players, v.status, v.rule,
        )  # fmt: skip
        assert (row["date"], row["event"], row["site"]) == (
            record.meta.date,
            record.meta.event,
            record.meta.site,
        )
        assert (row["deals"], row["actions"]) == (len(record.deals), record.action_count)
        sheet = v.scores
        assert row["totals"] == (sheet.totals if sheet else None)
        assert row["sides"] == (sheet.sides if sheet else None)
        if v.status in ("valid", "mismatch"):
            members = sheet.members if sheet else []
            assert sheet is not None and row["winners"] == [
                record.players[s] for w in sheet.winners for s in members[w]
            ]
            assert row["winners"]
        else:
            assert row["winners"] == []
    assert {"valid", "illegal"} <= statuses


@pytest.mark.parametrize("game", GAMES)
def test_actions_agree_with_the_csv(game: str, written: dict[str, dict[str, Any]]) -> None:
    rows = written[game]["tables"]["actions"].to_pylist()
    expected = []
    for e in written[game]["entries"]:
        got, _ = csv_rows(e.record, e.index + 1, e.source)
        expected += [(e.source, row) for row in got]
    assert len(rows) == len(expected)
    for row, (source, c) in zip(rows, expected, strict=True):
        assert (row["source"], row["record"], row["deal"], row["action"], row["seat"], row["type"]) == (
            source, c["record"], c["deal"], c["action"], c["seat"], c["type"],
        )  # fmt: skip
        words = (
            row["bid"] if row["bid"] is not None
            else " ".join(row["cards"]) if row["cards"] is not None
            else row["pledge"] or ""
        )  # fmt: skip
        assert words == c["value"]
        assert row["trick"] == (c["trick"] if c["trick"] != "" else None)
        assert row["trick_winner"] == (c["trick_winner"] if c["trick_winner"] != "" else None)
        assert row["score"] == (c["score"] if c["score"] != "" else None)
        assert (row["detail"] or "") == c["detail"] and (row["note"] or "") == c["note"]
        assert (row["position"] is None) == (row["trick"] is None)


@pytest.mark.parametrize("game", GAMES)
def test_deals_agree_with_the_score_sheets_and_the_actions(
    game: str, written: dict[str, dict[str, Any]]
) -> None:
    t = written[game]["tables"]
    deals = defaultdict(list)
    for d in t["deals"].to_pylist():
        deals[(d["source"], d["record"])].append(d)
    tricks_won: Counter[tuple[str, int, int, int]] = Counter()
    for a in t["actions"].to_pylist():
        if a["position"] == 1 and a["trick_winner"] is not None:
            tricks_won[(a["source"], a["record"], a["deal"], a["trick_winner"])] += 1
    for e in written[game]["entries"]:
        record = e.record
        sheet = verify_record(record, e.source, e.index).scores
        rows = deals[(e.source, e.index + 1)]
        for d in rows:
            deal = record.deals[d["deal"] - 1]
            assert d["hand_size"] == len(deal.hands[d["seat"]])
            assert d["player"] == record.players[d["seat"]]
            assert d["tricks"] == tricks_won[(e.source, e.index + 1, d["deal"], d["seat"])]
            assert sheet is not None
            if d["deal"] <= len(sheet.deals):  # scored
                assert d["score"] == sheet.deals[d["deal"] - 1][d["side"]]
                assert d["total"] == sum(s[d["side"]] for s in sheet.deals[: d["deal"]])
            else:
                assert d["score"] is None and d["total"] is None and d["made"] is None
            if game == "blackball":
                code = get_game(game).deck.code
                assert d["trump"] == (code(deal.stock[0]) if deal.stock else None)
                if d["score"] is not None:
                    assert d["made"] == (d["bid"] == d["tricks"]) == (d["score"] > 0)
            else:
                assert d["trump"] is None and d["bid"] is None
            if game == "forest":
                assert d["forest"] is not None and len(d["forest"]) >= 1
                if d["score"] is not None:
                    targets = get_game(game).parse_rules(record.rules, len(record.players)).targets
                    assert d["made"] == (d["tricks"] in targets)
                    assert len(d["forest"]) == d["hand_size"]
            else:
                assert d["forest"] is None
            if game.startswith("black-swan"):
                assert d["swan"] is not None and d["made"] is None
            else:
                assert d["swan"] is None


@pytest.mark.parametrize("game", ["black-swan-2012", "black-swan-taroc"])
def test_the_black_swan_is_taken_by_one_seat_at_most(game: str, written: dict[str, dict[str, Any]]) -> None:
    swans: Counter[tuple[str, int, int]] = Counter()
    for d in written[game]["tables"]["deals"].to_pylist():
        swans[(d["source"], d["record"], d["deal"])] += d["swan"]
    assert set(swans.values()) <= {0, 1}
    assert 1 in swans.values()
    if game == "black-swan-2012":
        # every card dealt is played and captured: a finished deal whose hands hold the
        # Black Swan gives it to one seat, the others to none
        dealt = {
            (e.source, e.index + 1, i + 1): any(SWAN in h for h in deal.hands)
            for e in written[game]["entries"]
            for i, deal in enumerate(e.record.deals)
        }
        scored = {
            (d["source"], d["record"], d["deal"])
            for d in written[game]["tables"]["deals"].to_pylist()
            if d["score"] is not None
        }
        assert all(swans[k] == dealt[k] for k in scored)
        assert any(dealt[k] for k in scored) and not all(dealt[k] for k in scored)


def test_the_api_gives_the_same_tables_as_arrow(written: dict[str, dict[str, Any]]) -> None:
    got = tables([str(FIXTURES / "forest")])
    for name in TABLES:
        assert got[name].equals(written["forest"]["tables"][name])
    chunks = list(record_batches([str(FIXTURES / "forest" / "games")], group=1))
    assert len(chunks) == len(list(expand_paths([str(FIXTURES / "forest" / "games")])))  # one record each
    whole = tables([str(FIXTURES / "forest" / "games")])
    for name in TABLES:
        assert pa.concat_tables([c[name] for c in chunks]).equals(whole[name])


def test_row_groups_keep_the_rows(tmp_path: Path) -> None:
    """A row group every record: the same rows as one group."""
    src = [str(FIXTURES / "blackball" / "games")]
    one = write_parquet(src, tmp_path / "one")
    many = write_parquet(src, tmp_path / "many", group=1)
    assert (one.records, one.actions, one.deal_rows) == (many.records, many.actions, many.deal_rows)
    meta = pq.ParquetFile(tmp_path / "many" / "actions.parquet").metadata
    assert meta.num_row_groups == one.records
    for name in TABLES:
        assert pq.read_table(tmp_path / "one" / f"{name}.parquet").equals(
            pq.read_table(tmp_path / "many" / f"{name}.parquet")
        )


def test_nothing_readable_writes_nothing(tmp_path: Path) -> None:
    summary = write_parquet([str(FIXTURES / "broken" / "random-bytes.bin")], tmp_path / "out")
    assert summary.records == 0 and summary.files == [] and not (tmp_path / "out").exists()
    assert tables([str(FIXTURES / "broken" / "random-bytes.bin")])["records"].num_rows == 0
