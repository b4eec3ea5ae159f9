"""bench/damaged.py runs end to end on tiny inputs and reports every number (no timing is
judged here)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from conftest import load_bench


@pytest.fixture(scope="module")
def damaged() -> ModuleType:
    return load_bench("damaged")


def test_report_is_complete(damaged: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert damaged.main(["--frames", "30", "--magic-kb", "2", "--repeat", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    f = report["flipped"]
    assert f["clean_entries"] == 30 and f["damaged_unreadable"] >= 1
    assert f["clean_s"] > 0 and f["damaged_s"] > 0
    assert f["ratio"] == pytest.approx(f["damaged_s"] / f["clean_s"])
    assert f["pass"] == (f["ratio"] <= damaged.AIM_RATIO)
    for name in ("magic", "false_frames"):
        g = report[name]
        assert list(g["seconds_by_size"]) == ["2048", "4096", "8192"]
        assert all(t > 0 for t in g["seconds_by_size"].values())
        assert g["pass"] == (g["growth_4x"] <= damaged.AIM_GROWTH)


def test_text_report(damaged: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert damaged.main(["--frames", "5", "--magic-kb", "1", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "5 frames" in out and "repeated magic" in out
    assert len([line for line in out.splitlines() if line.strip().startswith(("PASS", "FAIL"))]) == 3


def test_bad_arguments(damaged: ModuleType) -> None:
    with pytest.raises(SystemExit) as exc:
        damaged.main(["--frames", "0"])
    assert exc.value.code == 2
