"""bench/exports.py runs end to end on a few records of every game and reports every
number (no timing is judged here: only that the report is complete and sane)."""

from __future__ import annotations

import json
from types import ModuleType

import pytest
from conftest import load_bench


@pytest.fixture(scope="module")
def exports() -> ModuleType:
    return load_bench("exports")


def test_report_is_complete(exports: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    assert exports.main(["--records", "2", "--repeat", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["engines"] in ("compiled", "pure Python")
    assert set(report["games"]) == {"blackball", "forest", "black-swan-2012", "black-swan-taroc"}
    for numbers in report["games"].values():
        assert numbers["actions"] > 0 and numbers["validate us/action"] > 0
        for name in ("csv file", "text", "replay --all"):
            assert numbers[f"{name} us/action"] > 0 and numbers[f"{name} ratio"] > 0


def test_the_table_says_whether_each_aim_is_met(
    exports: ModuleType, capsys: pytest.CaptureFixture[str]
) -> None:
    assert exports.main(["--records", "1", "--repeat", "1"]) == 0
    out = capsys.readouterr().out
    assert "csv file: worst ratio" in out and "replay --all: worst ratio" in out
