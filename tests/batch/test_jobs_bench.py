"""bench/jobs.py (issue 19, `--jobs 2` against `--jobs 1`) runs end to end on a tiny file
and reports every number. No timing is asserted: only that the report is complete and
sane, so the script cannot rot unnoticed."""

from __future__ import annotations

import contextlib
import io
import json
from pathlib import Path

import pytest
from conftest import load_bench

pytest.importorskip("pyarrow")


def test_the_jobs_bench_reports_every_command(tmp_path: Path) -> None:
    bench = load_bench("jobs")
    out = io.StringIO()
    args = ["--records", "300", "--runs", "1", "--games", "forest", "--base", "10", "--json", "--quiet"]
    with contextlib.redirect_stdout(out):
        assert bench.main(args) == 0
    report = json.loads(out.getvalue())
    entry = report["games"]["forest"]
    assert entry["records"] == 300 and entry["actions"] > 300
    for name in ("validate", "score", "parquet"):
        c = entry[name]
        assert c["exit"] == [0], name
        assert set(c["median_s"]) == {"1", "2"}
        assert c["speedup"] > 0 and c["cpu_ratio"] > 0
    saved = tmp_path / "report.json"
    saved.write_text(out.getvalue())
    text = io.StringIO()
    with contextlib.redirect_stdout(text):
        assert bench.main(["--text-of", str(saved)]) == 0
    lines = text.getvalue().splitlines()
    assert [line.split()[:2] for line in lines if line.startswith(("validate", "score", "parquet"))] == [
        ["validate", "forest"], ["score", "forest"], ["parquet", "forest"],
    ]  # fmt: skip
    assert sum("--jobs 2 1.8x --jobs 1" in line for line in lines) == 3
