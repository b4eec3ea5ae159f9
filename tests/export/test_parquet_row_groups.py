"""Flat memory for a large Parquet export (issue 16): every row group costs the writer its
metadata until the file is closed, so records.parquet and deals.parquet gather the chunks
of actions.parquet into a few large row groups instead of one row group per chunk."""

from __future__ import annotations

from pathlib import Path

import pytest

pq = pytest.importorskip("pyarrow.parquet")

from gamerec.export.parquet import TABLES, write_parquet  # noqa: E402

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"


def test_records_and_deals_are_not_a_row_group_per_chunk(tmp_path: Path) -> None:
    src = [str(FIXTURES / "blackball" / "games")]
    many = write_parquet(src, tmp_path / "many", group=1)  # a chunk every record
    assert many.records > 2
    groups = {
        name: pq.ParquetFile(tmp_path / "many" / f"{name}.parquet").metadata.num_row_groups for name in TABLES
    }
    assert groups == {"actions": many.records, "records": 1, "deals": 1}
    write_parquet(src, tmp_path / "one")
    for name in TABLES:
        assert pq.read_table(tmp_path / "one" / f"{name}.parquet").equals(
            pq.read_table(tmp_path / "many" / f"{name}.parquet")
        )
