"""bench/arena.py runs end to end on a tiny arena and reports every number, the build named;
it asserts no timing."""

from __future__ import annotations

import pytest
from conftest import load_bench


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_the_arena_bench_reports_every_number(capsys: pytest.CaptureFixture[str], jobs: str) -> None:
    bench = load_bench("arena")
    report = bench.main(["--games", "12", "--game", "forest", "--repeat", "1", "--jobs", jobs])
    assert report["build"].endswith(("plain build", "compiled build"))
    (row,) = report["rows"]
    assert (row["game"], row["games"], row["jobs"]) == ("forest", 12, int(jobs))
    assert row["arena cpu s"] > 0 and row["simulate cpu s"] > 0
    assert row["arena / simulate (cpu)"] == row["arena cpu s"] / row["simulate cpu s"]
    shown = capsys.readouterr().out
    assert report["build"] in shown and "forest" in shown and "ratio" in shown
