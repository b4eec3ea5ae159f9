"""Batches: streaming, parallel determinism, duplicates, standings arithmetic, the
header-only listing, the Parquet export and the Dask path."""

from __future__ import annotations

import json
import re
import tracemalloc
from pathlib import Path

import msgspec
import pytest
from typer.testing import CliRunner

from gamerec.bots import simulate
from gamerec.checking.batch import verify_batch
from gamerec.checking.verdicts import STATUSES, GameResult, ScoreSheet, Verdict
from gamerec.cli import app
from gamerec.format import container
from gamerec.format.binary import content_hash, encode_binary
from gamerec.format.listing import list_records
from gamerec.format.write import write_records
from gamerec.record import Bid, Claim, Record
from gamerec.tables.standings import PlayerStanding, sort_standings, standings

RUNNER = CliRunner(env={"NO_COLOR": "1", "COLUMNS": "160", "GAMEREC_DEBUG": "1"})


@pytest.fixture(scope="module")
def mixed(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    """Three files: blackball, black-swan-2012 and forest games, one of them illegal."""
    d = tmp_path_factory.mktemp("batch")
    bb = list(simulate("blackball", 3, 6, seed=1, names=["Ann", "Bob", "Cy"]))
    bad = bb[2]
    deal = bad.deals[1]
    actions = list(deal.actions)
    actions[0] = Bid(actions[0].seat, 9)  # type: ignore[attr-defined]
    bb[2] = msgspec.structs.replace(bad, deals=[bad.deals[0], msgspec.structs.replace(deal, actions=actions)])
    files = [d / "bb.grec", d / "bs.jsonl", d / "fo.json"]
    write_records(bb, files[0])
    write_records(list(simulate("black-swan-2012", 4, 3, seed=2, rules={"target": 80})), files[1])
    write_records(list(simulate("forest", 3, 4, seed=3)), files[2])
    return files


def test_parallel_verdicts_are_identical_to_one_process(mixed: list[Path]) -> None:
    one = list(verify_batch(map(str, mixed), jobs=1))
    for chunk in (1, 3, 64):
        two = list(verify_batch(map(str, mixed), jobs=2, chunk=chunk))
        assert msgspec.json.encode(two) == msgspec.json.encode(one)
    assert [v.status for v in one].count("illegal") == 1
    assert len(one) == 6 + 3 + 4
    assert all(v.hash is not None for v in one)


def test_validate_jobs_gives_the_same_output(mixed: list[Path]) -> None:
    a = RUNNER.invoke(app, ["validate", "--jobs", "1", *map(str, mixed)])
    b = RUNNER.invoke(app, ["validate", "--jobs", "2", *map(str, mixed)])
    assert (a.exit_code, a.stdout, a.stderr) == (b.exit_code, b.stdout, b.stderr)
    assert a.exit_code == 1
    assert a.stdout == "13 records: 12 valid, 1 illegal\n"


def test_streaming_keeps_memory_flat(tmp_path: Path) -> None:
    """Memory while verifying does not grow with the number of records: the peak for
    400 records stays within a small margin of the peak for 100."""
    records = list(simulate("blackball", 4, 20, seed=9))
    small, large = tmp_path / "small.grec", tmp_path / "large.grec"
    write_records(records * 5, small)  # 100 records
    write_records(records * 20, large)  # 400 records

    def peak(path: Path) -> int:
        tracemalloc.start()
        for _ in verify_batch([str(path)], jobs=1):
            pass
        _, top = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        return top

    peak(small)  # warm caches (decoders, codecs)
    a, b = peak(small), peak(large)
    assert b < a * 1.5 + 200_000, (a, b)


def test_duplicates_are_reported_and_counted_once(tmp_path: Path) -> None:
    records = list(simulate("blackball", 3, 2, seed=4))
    copy = msgspec.structs.replace(records[0], meta=msgspec.structs.replace(records[0].meta, event="again"))
    assert content_hash(copy) == content_hash(records[0])  # metadata is not content
    path = write_records_to(tmp_path / "d.grec", [records[0], records[1], copy])
    r = RUNNER.invoke(app, ["validate", str(path)])
    assert r.exit_code == 0
    assert r.stdout == "2 records: 2 valid; 1 duplicate counted once\n"
    assert r.stderr == f"{path}: record 3: duplicate of {path}:1 (counted once)\n"
    result = standings(verify_batch([str(path)]))
    assert result.duplicates == [(f"{path}:3", f"{path}:1")]
    assert all(p.games == 2 for p in result.games["blackball"])


def write_records_to(path: Path, records: list[Record]) -> Path:
    write_records(records, path)
    return path


def _verdict(
    game: str, players: list[str], games: list[tuple[list[int], list[int]]], **extra: object
) -> Verdict:
    members = extra.pop("members", [[s] for s in range(len(games[0][0]))])
    sides = [str(m) for m in members]  # type: ignore[attr-defined]
    sheet = ScoreSheet(sides, [], [], [], True, members, [GameResult(s, w) for s, w in games])  # type: ignore[arg-type]
    return Verdict("valid", "t.grec", 1, game=game, players=players, scores=sheet, **extra)  # type: ignore[arg-type]


def test_standings_arithmetic_shared_wins_teams_and_invalid_records() -> None:
    verdicts = [
        # a blackball game Ann wins alone
        _verdict("blackball", ["Ann", "Bob"], [([50, 20], [0])], hash="a"),
        # a tie: Ann and Bob share the win
        _verdict("blackball", ["Ann", "Bob"], [([30, 30], [0, 1])], hash="b"),
        # a team game: Cy and Ann (seats 0+2) win as a team with 120
        _verdict(
            "black-swan-2012",
            ["Cy", "Dee", "Ann", "Eve"],
            [([120, -20], [0])],
            members=[[0, 2], [1, 3]],
            hash="c",
        ),
        # two taroc games in one record, each counted on its own
        _verdict("black-swan-taroc", ["Ann", "Bob"], [([5, 5], [1]), ([3, 1], [0])], hash="d"),
        # an illegal record: left out
        Verdict(
            "illegal", "t.grec", 5, game="blackball", players=["Ann", "Bob"], rule="follow-suit", reason="x"
        ),
    ]
    result = standings(verdicts)
    bb = {p.player: p for p in result.games["blackball"]}
    assert bb["Ann"] == PlayerStanding("Ann", games=2, wins=1.5, total=80, mean=40.0, best=50, rank=1)
    assert bb["Bob"] == PlayerStanding("Bob", games=2, wins=0.5, total=50, mean=25.0, best=30, rank=2)
    team = {p.player: p for p in result.games["black-swan-2012"]}
    assert team["Cy"] == team["Ann"].__class__("Cy", 1, 1.0, 120, 120.0, 120, rank=1)
    assert team["Ann"].wins == 1.0 and team["Ann"].total == 120
    assert team["Dee"].wins == 0.0 and team["Eve"].total == -20
    taroc = {p.player: p for p in result.games["black-swan-taroc"]}
    assert (taroc["Ann"].games, taroc["Ann"].wins, taroc["Ann"].total) == (2, 1.0, 8)
    assert (taroc["Bob"].games, taroc["Bob"].wins, taroc["Bob"].best) == (2, 1.0, 5)
    assert [v.record for v in result.left_out] == [5]
    assert result.counts["valid"] == 4 and result.counts["illegal"] == 1
    # ordering: best first by the key, ties broken by wins, total, name
    assert [p.player for p in result.games["blackball"]] == ["Ann", "Bob"]
    by_total = standings(verdicts, sort="total").games["black-swan-2012"]
    assert [p.player for p in by_total] == ["Ann", "Cy", "Dee", "Eve"]  # equal totals: by name
    # players equal in all but the name share the rank (`score --standings` numbered them 1, 2)
    assert [p.rank for p in by_total] == [1, 1, 3, 3]


def test_score_standings_cli_json_and_csv(mixed: list[Path]) -> None:
    r = RUNNER.invoke(app, ["score", "--standings", "--json", *map(str, mixed)])
    assert r.exit_code == 1  # one illegal record in the batch
    doc = json.loads(r.stdout)
    assert set(doc["games"]) == {"blackball", "black-swan-2012", "forest"}
    assert doc["counts"]["illegal"] == 1 and len(doc["left_out"]) == 1
    bb = doc["games"]["blackball"]
    assert sum(p["games"] for p in bb) == 5 * 3  # five valid games of three players
    assert abs(sum(p["wins"] for p in bb) - 5) < 1e-9  # one win shared out per game
    c = RUNNER.invoke(app, ["score", "--standings", "--csv", *map(str, mixed)])
    lines = c.stdout.splitlines()
    assert lines[0] == "game,rank,player,games,wins,total,mean,best"
    assert len(lines) == 1 + 3 + 4 + 3


def test_ls_reads_headers_alone(tmp_path: Path) -> None:
    """A frame whose body is not a record still lists: ls never decodes bodies when the
    header carries the hash; validate finds the body unreadable."""
    (record,) = simulate("blackball", 2, 1, seed=5, names=["Ann", "Bob"])
    frame = encode_binary(record)
    hlen = int.from_bytes(frame[4:8], "little")
    header = frame[16 : 16 + hlen]
    broken = container.FILE_HEADER + container.frame(header, b"\x93\x01\x02\x03")
    path = tmp_path / "h.grec"
    path.write_bytes(broken)
    (item,) = list(list_records([str(path)]))
    assert item.error is None
    assert (item.game, item.players, item.deals, item.actions) == (
        "blackball",
        ["Ann", "Bob"],
        13,
        record.action_count,
    )
    assert item.hash == content_hash(record)
    r = RUNNER.invoke(app, ["ls", str(path)])
    assert r.exit_code == 0
    header, row = r.stdout.splitlines()
    assert header.split()[:3] == ["FILE", "#", "GAME"]
    assert re.split(r"\s{2,}", row)[:4] == [str(path), "1", "blackball", "Ann, Bob"]
    assert content_hash(record) in row
    v = RUNNER.invoke(app, ["validate", str(path)])
    assert v.exit_code == 2 and "unreadable" in v.stderr


def test_parquet_export_reads_back(mixed: list[Path], tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    out = tmp_path / "pq"
    r = RUNNER.invoke(app, ["export", *map(str, mixed), "--to", "parquet", "-o", str(out)])
    assert r.exit_code == 0, r.stderr
    actions = pq.read_table(out / "actions.parquet")
    deals = pq.read_table(out / "deals.parquet")
    records = [e for p in mixed for e in list_records([str(p)])]
    # every action of the valid records; the illegal record's rows stop at its fault (its
    # second round's first bid), where the replay stops
    verdicts = list(verify_batch(map(str, mixed)))
    (bad,) = [v for v in verdicts if v.status == "illegal"]
    assert (bad.deal, bad.action) == (2, 1)
    bad_listing = records[bad.record - 1]
    rounds_one = 3 * 1 + 3  # three bids and three cards in the 1-card round
    assert actions.num_rows == sum(e.actions for e in records) - bad_listing.actions + rounds_one
    assert set(actions.column("game").to_pylist()) == {"blackball", "black-swan-2012", "forest"}
    # every deal scored has its running total
    rows = deals.to_pylist()
    assert rows and all(isinstance(r["total"], int) for r in rows if r["score"] is not None)
    again = RUNNER.invoke(app, ["export", str(mixed[0]), "--to", "parquet", "-o", str(out)])
    assert again.exit_code == 2 and "exists" in again.stderr


def test_dask_bag_on_the_local_scheduler(mixed: list[Path]) -> None:
    pytest.importorskip("dask.bag")
    from gamerec.checking.distributed import summarize_bag, verdict_bag

    bag = verdict_bag([str(p) for p in mixed])
    counts = summarize_bag(bag, scheduler="threads")
    assert counts == {**dict.fromkeys(STATUSES, 0), "valid": 12, "illegal": 1, "duplicate": 0}
    local = [
        {f: None if f == "scores" else msgspec.to_builtins(getattr(v, f)) for f in Verdict.__struct_fields__}
        for v in verify_batch(map(str, mixed))
    ]
    assert sorted(bag.compute(scheduler="sync"), key=lambda v: (v["source"], v["record"])) == sorted(
        local, key=lambda v: (v["source"], v["record"])
    )


def test_a_claim_does_not_change_the_content_hash() -> None:
    (record,) = simulate("blackball", 2, 1, seed=6)
    claimed = msgspec.structs.replace(record, claim=Claim(totals=[1, 2]))
    assert content_hash(claimed) == content_hash(record)
    renamed = msgspec.structs.replace(record, players=["X", "Y"])
    assert content_hash(renamed) != content_hash(record)


def test_a_rank_is_shared_only_by_players_equal_in_every_number() -> None:
    """Found by review: the tie was (key, wins, total), so Ann and Bo, apart in games, mean
    and best, shared rank 1; and `--sort player` numbered the rows alphabetically, partners
    equal in every number 1 and 3."""
    rows = [
        PlayerStanding("Ann", 2, 1.0, 90, 45.0, 60),
        PlayerStanding("Bo", 3, 1.0, 90, 30.0, 50),
        PlayerStanding("Cy", 1, 0.0, 10, 10.0, 10),
        PlayerStanding("Di", 3, 1.0, 90, 30.0, 50),
    ]
    for key in ("wins", "total", "games"):
        ranks = {p.player: p.rank for p in sort_standings(rows, key)}
        assert ranks["Bo"] == ranks["Di"] != ranks["Ann"], (key, ranks)
    by_name = sort_standings(rows, "player")
    assert [p.player for p in by_name] == ["Ann", "Bo", "Cy", "Di"]
    assert [p.rank for p in by_name] == [1, 2, 4, 2]  # by wins, then total, mean, best...


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_verdict_is_counted_before_it_is_given(jobs: int) -> None:
    """Ctrl-C right after the first verdicts were shown said "after 0 records" with no share
    of the input: a record was counted only once the next one was asked for."""
    from conftest import FIXTURES

    calls: list[tuple[int, ...]] = []
    given = verify_batch(
        [str(FIXTURES / "blackball" / "tournament.grec")], jobs, on_progress=lambda *a: calls.append(a)
    )
    first = next(given)
    assert first.record == 1 and calls and calls[-1][0] == 1 and calls[-1][1] > 0
    given.close()
