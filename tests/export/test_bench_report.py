"""bench/report.py runs end to end and reports every number (no timing is judged here)."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, load_bench


def test_report_bench_is_complete(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("report")
    assert bench.main(["--repeat", "1", "--json", str(FIXTURES / "forest" / "tournament.grec")]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["records"] == 100 and result["aim"] == 3.0
    assert result["score --standings s"] > 0 and result["report s"] > 0 and result["ratio"] > 0
    assert bench.main(["--repeat", "1", str(FIXTURES / "forest" / "tournament.grec")]) == 0
    assert "(aim under 3)" in capsys.readouterr().out
