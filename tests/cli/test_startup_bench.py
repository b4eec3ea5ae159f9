"""bench/startup.py runs end to end and reports every command against the baseline (no
timing is judged here: the numbers are the benchmark's, in docs/performance.md)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from conftest import load_bench


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("startup")


def test_report_is_complete(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--repeat", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    rows = report["commands"]
    assert report["baseline"] in rows and rows[report["baseline"]]["ratio"] == 1.0
    assert {"gamerec --help", "gamerec validate FILE"} <= set(rows)
    assert set(report["aims met"]) == {label for label, row in rows.items() if row["judged"]}
    assert set(report["aims met"]) == {"gamerec --help", "gamerec validate FILE"}
    assert all(row["best ms"] > 0 and row["median ms"] >= row["best ms"] for row in rows.values())
    assert report["failed"] == {}


def test_text_report(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "x baseline" in out and "gamerec validate FILE" in out
    # each judged command against each baseline: msgspec alone (issue 15), typer and msgspec
    assert out.count("PASS") + out.count("FAIL") == 4
    assert "x typer" in out and out.count("import typer, msgspec' (aim: at most 1.5x)") == 2
