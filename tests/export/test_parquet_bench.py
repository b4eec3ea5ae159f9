"""bench/parquet.py runs end to end on a few records of every game and reports every number
(no timing is judged here: only that the report is complete and sane)."""

from __future__ import annotations

import json

import pytest
from conftest import load_bench

pytest.importorskip("pyarrow")


def test_the_parquet_bench_report_is_complete(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("parquet")
    assert bench.main(["--records", "2", "--repeat", "1", "--rss", "20,40", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert set(report["games"]) == {"blackball", "forest", "black-swan-2012", "black-swan-taroc"}
    for numbers in report["games"].values():
        assert numbers["actions"] > 0 and numbers["validate us/action"] > 0 and numbers["parquet ratio"] > 0
    assert set(report["memory"]) == {"20", "40"}
    for run in report["memory"].values():
        assert run["records"] in (20, 40) and run["peak RSS MiB"] > 0
    assert bench.main(["--records", "1", "--repeat", "1", "--rss", ""]) == 0
    assert "parquet: worst ratio" in capsys.readouterr().out
