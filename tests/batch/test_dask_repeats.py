"""The Dask path finds the same duplicates as the CLI, each named with the record it
repeats, when the keys are shuffled by bucket rather than by key (the shuffle by key made
every record's key a group of its own: some 130 µs a record at 1 000 000 records). Many
files and partitions, duplicates within a file and across files, of valid and of illegal
records, and an illegal copy of a valid game (a different verdict: not a duplicate)."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from gamerec.bots import simulate
from gamerec.checking.batch import verify_batch
from gamerec.errors import InputError
from gamerec.format.write import write_records
from gamerec.record import Record
from gamerec.tables.standings import standings

pytest.importorskip("dask.bag")
from gamerec.checking import distributed as dd


def _illegal(record: Record) -> Record:
    """``record`` with its first deal's actions in the wrong order (illegal)."""
    deal = record.deals[0]
    swapped = [deal.actions[1], deal.actions[0], *deal.actions[2:]]
    return msgspec.structs.replace(
        record, deals=[msgspec.structs.replace(deal, actions=swapped), *record.deals[1:]]
    )


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    d = tmp_path_factory.mktemp("repeats")
    games = list(simulate("blackball", 3, 12, seed=9))
    bad = _illegal(games[0])
    layout = [  # each file's records, by game (b: the illegal one)
        [0, 1, 2, 0],
        [3, 4, 1, "b"],
        [5, 6, 7],
        ["b", 8, 0],
        [9, 10, 11, 9, 9],
        [2, "b", 11],
    ]
    paths = []
    for i, names in enumerate(layout):
        path = d / f"part-{i}.grec"
        write_records([bad if n == "b" else games[n] for n in names], path)
        paths.append(str(path))
    return paths


def test_the_repeats_are_the_clis_duplicates(files: list[str]) -> None:
    expected = standings(verify_batch(files)).duplicates  # (the repeat, the first)
    assert len(expected) == 9
    for npartitions in (None, 2, 4):
        bag = dd.verdict_bag(files, npartitions=npartitions)
        repeats = dd._repeat_bag(bag).compute(scheduler="sync")
        got = sorted((where, first) for _, where, first, _ in repeats)
        assert got == sorted(expected), npartitions
        counts = dd.summarize_bag(bag, scheduler="sync")
        assert counts["duplicate"] == 9 and counts["illegal"] == 1 and counts["valid"] == 12


def test_parquet_on_dask_into_a_read_only_folder_names_the_folder(
    files: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 31: as ``export --to parquet`` (tests/output/test_output_targets.py), the Dask
    path said "cannot write the Parquet tables: Failed to open local file '...tmp'"."""
    import errno

    pq = pytest.importorskip("pyarrow.parquet")

    def refused(_table: object, where: str) -> None:
        raise OSError(errno.EROFS, f"Failed to open local file '{where}'. Detail: [errno 30]")

    monkeypatch.setattr(pq, "write_table", refused)
    out = tmp_path / "out"
    with pytest.raises(InputError) as caught:
        dd.write_parquet(files[:2], out, scheduler="sync")
    assert caught.value.message == f"{out}: cannot write: Read-only file system"
    assert not list(out.rglob("*.parquet")) and not list(out.rglob("*.tmp"))
