"""bench/env.py runs end to end on a few short games and reports every number (no timing is
judged here)."""

from __future__ import annotations

import json

import pytest
from conftest import load_bench

pytest.importorskip("pettingzoo")


def test_report_is_complete(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("env")
    assert bench.main(["--game", "forest", "--games", "2", "--players", "3", "--profile", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    row = report["results"]["forest"]
    assert row["actions"] > 0 and row["steps"] > 0
    assert row["simulate actions/s"] > 0 and row["env steps/s"] > 0 and row["raw_env overhead"] > 0
    assert row["env profile (s)"]["pettingzoo"] > 0 and row["env profile (s)"]["gamerec"] > 0
