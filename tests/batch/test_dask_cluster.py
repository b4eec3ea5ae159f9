"""The Dask path (gamerec.checking.distributed) on a dask.distributed LocalCluster of two worker
processes gives the CLI's and the API's answers on the shipped fixtures plus a duplicate
across files: the verdict counts with duplicates counted once, the standings, the Parquet
tables; and its verdict dicts carry every key (issue 19)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import pytest
from conftest import FIXTURES
from helpers import cli

import gamerec
from gamerec.checking.verdicts import Verdict
from gamerec.errors import InputError

ANY_WHY = "player 'Trevor' sits in 2 seats: a player is counted once a game"

pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")
from gamerec.checking import distributed as dd  # noqa: E402


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    """One LocalCluster for the module: two worker processes, one thread each."""
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, scheduler_port=0
        ) as cluster,
        distributed.Client(cluster, timeout=120) as c,
    ):
        c.wait_for_workers(2, timeout=120)
        yield c


@pytest.fixture(scope="module")
def inputs(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    """The shipped fixtures, a copy of one of their games in another file (a duplicate
    across files, in another partition), and that game with a name in two seats."""
    d = tmp_path_factory.mktemp("dask")
    copy = d / "copy-of-family-3p.json"
    shutil.copy(FIXTURES / "blackball" / "games" / "family-3p.json", copy)
    # and the same game with a name in two seats: valid, but not counted in the standings
    twice = d / "family-3p-one-name-twice.json"
    record = json.loads(copy.read_text())
    record["players"][1] = record["players"][0]
    twice.write_text(json.dumps(record))
    return [str(FIXTURES), str(copy), str(twice)]


def test_verdict_dicts_carry_every_key_so_pluck_works(client: Any, inputs: list[str]) -> None:
    bag = dd.verdict_bag(inputs)
    rules = bag.pluck("rule").compute()  # raised KeyError: a valid verdict had no "rule"
    assert None in rules and "after-end" in rules
    fields = set(Verdict.__struct_fields__)
    assert all(set(v) == fields for v in bag.take(5, npartitions=-1))


def test_counts_are_the_clis_with_a_duplicate_across_files_once(client: Any, inputs: list[str]) -> None:
    r = cli("validate", "--json", *inputs)
    summary = json.loads(r.stdout.splitlines()[-1])["summary"]
    del summary["records"]
    # the copy of family-3p, and the good line of a broken JSON Lines fixture (the same
    # record as the good line of another)
    assert summary["duplicate"] == 2
    assert dd.summarize_bag(dd.verdict_bag(inputs)) == summary
    # fewer partitions than files: the duplicate is then found across partitions or within one
    assert dd.summarize_bag(dd.verdict_bag(inputs, npartitions=3)) == summary


def test_standings_are_the_apis_and_the_clis(client: Any, inputs: list[str]) -> None:
    local = gamerec.score(inputs)
    assert local.duplicates and local.counts["duplicate"] == 2
    for npartitions in (None, 2):
        got = dd.standings(inputs, npartitions=npartitions)
        assert msgspec.json.encode(got) == msgspec.json.encode(local)
    r = cli("score", "--standings", "--json", *inputs)
    shown = json.loads(r.stdout)
    got_json = json.loads(msgspec.json.encode(got))
    assert (shown["games"], shown["left_out"]) == (got_json["games"], got_json["left_out"])
    assert shown["not_counted"] == got_json["not_counted"] == [[inputs[2] + ":1", ANY_WHY]]


def test_parquet_tables_are_the_clis(client: Any, inputs: list[str], tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    summary = dd.write_parquet(inputs, tmp_path / "dask")
    assert summary.records > 0 and summary.unreadable > 50  # the broken fixtures
    r = cli("export", *inputs, "--to", "parquet", "-o", str(tmp_path / "cli"))
    assert r.exit_code == 2 and f"({summary.unreadable} unreadable left out)" in r.stderr
    for name in ("records", "deals", "actions"):
        want = pq.read_table(tmp_path / "cli" / f"{name}.parquet")
        got = pq.read_table(tmp_path / "dask" / name)
        assert got.schema.equals(want.schema)
        assert got.to_pylist() == want.to_pylist(), name
    with pytest.raises(InputError, match="holds Parquet parts already"):
        dd.write_parquet(inputs, tmp_path / "dask")
    again = dd.write_parquet(inputs[1:2], tmp_path / "dask", force=True)
    assert again.records == 1 and pq.read_table(tmp_path / "dask" / "records").num_rows == 1


def test_fsspec_urls_give_the_same_verdicts_as_paths() -> None:
    folder = FIXTURES / "blackball" / "games"
    by_url = dd.verdict_bag([f"file://{folder}/*.json"]).compute(scheduler="sync")
    by_path = dd.verdict_bag([str(folder)]).compute(scheduler="sync")
    assert [(v["status"], v["hash"]) for v in by_url] == [(v["status"], v["hash"]) for v in by_path]
    assert all(v["source"].startswith("file://") for v in by_url)
    with pytest.raises(InputError, match="no such file"):
        dd.expand([f"file://{folder}/*.nothing"])
