"""bench/record.py runs end to end on a short game and reports every number (no timing is
judged here)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "bench" / "record.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("record_bench", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_report_is_complete(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--game", "blackball", "--players", "3", "--at", "5", "20", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["actions"] == 20 and report["game"] == "blackball"
    points = report["ms per action"]
    assert set(points) == {"5", "20"} and all(v > 0 for v in points.values())
    assert report["growth"] > 0
