"""bench/record.py runs end to end on a short game and reports every number (no timing is
judged here)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from conftest import load_bench


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    return load_bench("record")


def test_report_is_complete(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--game", "blackball", "--players", "3", "--at", "5", "20", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["actions"] == 20 and report["game"] == "blackball"
    points = report["ms per action"]
    assert set(points) == {"5", "20"} and all(v > 0 for v in points.values())
    assert report["growth"] > 0
