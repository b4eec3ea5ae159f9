"""bench/selection.py (issue 16's speed aim: filter on header selectors against validate)
runs end to end on a tiny archive and reports every number; it asserts no timings."""

from __future__ import annotations

import pytest
from conftest import load_bench


def test_the_selection_bench_reports_every_number(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("selection")
    report = bench.main(["--records", "20", "--base", "4", "--repeat", "1", "--json"])
    assert set(report["seconds"]) == {
        "start-up",
        "validate",
        "filter --count",
        "filter -o",
        "filter --status",
    }
    assert set(report["ratio"]) == {"filter --count", "filter -o", "filter --status"}
    assert report["exit"]["validate"] == 0 and report["exit"]["filter -o"] in (0, 1)
    assert report["records"] == 20 and report["bytes"] > 0
    assert '"aim": 10.0' in capsys.readouterr().out
