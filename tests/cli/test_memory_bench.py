"""bench/memory.py (issue 31, F4: the memory of ls and of the text reader) runs end to end on
a tiny archive and reports every number; it asserts no memory size and no timing."""

from __future__ import annotations

import pytest
from conftest import load_bench


def test_the_memory_bench_reports_every_number(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("memory")
    report = bench.main(["--records", "20", "--base", "4", "--json"])
    runs = report["runs"]
    names = ["start-up", "ls FILE.grec", "ls --json FILE.grec", "ls --dedupe FILE.grec", "ls FILE.gtxt"]
    assert list(runs) == names
    assert all(r["exit"] == [0, 0] and min(r["peak"]) > 0 for r in runs.values()), runs
    assert report["records"] == [10, 20]
    assert all(b["grec"] > 0 and b["gtxt"] > 0 for b in report["bytes"].values())
    assert '"grown per record"' in capsys.readouterr().out
