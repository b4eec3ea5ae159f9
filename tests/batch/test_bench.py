"""The benchmark script runs end to end on a tiny tournament and reports every number.

No timing is asserted: only that the report is complete and its numbers are sane, so the
script cannot rot unnoticed.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import math
import os
import platform
import sys
from types import ModuleType
from typing import Any

import pytest
from conftest import ROOT

BENCH = ROOT / "bench" / "bench.py"


@pytest.fixture(scope="module")
def bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("gamerec_bench", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def report(bench: ModuleType) -> dict[str, Any]:
    """The JSON report of a 5-game, 3-player tournament, through main()."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = bench.main(["--games", "5", "--players", "3", "--seed", "7", "--repeat", "2", "--json"])
    assert code == 0, err.getvalue()
    assert "generating 5 games" in err.getvalue()  # progress goes to stderr, stdout is pure JSON
    return json.loads(out.getvalue())  # type: ignore[no-any-return]


TIMINGS = ("decode", "verify", "verify_only", "decode_jsonl")
TIMING_FIELDS = (
    "best_s",
    "median_s",
    "games_per_s",
    "games_per_s_median",
    "us_per_action",
    "us_per_action_median",
)


def _positive(x: Any) -> bool:
    return isinstance(x, int | float) and not isinstance(x, bool) and math.isfinite(x) and x > 0


def test_config_and_tournament(report: dict[str, Any]) -> None:
    cfg = report["config"]
    assert (cfg["game"], cfg["games"], cfg["players"], cfg["seed"], cfg["repeat"]) == (
        "blackball",
        5,
        3,
        7,
        2,
    )
    t = report["tournament"]
    # worked out from the rules: schedule 1-7-1 is 13 rounds; each player bids once a round
    # (13 bids) and plays every card dealt to them (1+2+...+7+6+...+1 = 49 cards)
    assert t["deals"] == 5 * 13
    assert t["actions"] == 5 * 3 * (13 + 49)
    assert t["actions_per_game"] == 3 * (13 + 49)
    assert t["generate_s"] > 0


def test_machine(report: dict[str, Any]) -> None:
    m = report["machine"]
    assert m["python"] == platform.python_version()
    assert m["cpu"] and isinstance(m["cpu"], str)
    assert isinstance(m["pinned"], bool)
    assert m["pin_note"]
    if m["pinned"]:
        assert isinstance(m["pinned_cpu"], int)


def test_timings_are_complete_and_positive(report: dict[str, Any]) -> None:
    timings = report["timings"]
    assert set(TIMINGS) <= set(timings)
    for name in TIMINGS:
        d = timings[name]
        assert len(d["runs_s"]) == 2, name
        for field in TIMING_FIELDS:
            assert _positive(d[field]), (name, field, d[field])
        assert d["best_s"] <= d["median_s"], name
        assert min(d["runs_s"]) == pytest.approx(d["best_s"], abs=1e-6), name
        # the rates are the times divided out, not separate measurements
        assert d["games_per_s"] == pytest.approx(5 / d["best_s"])
        assert d["us_per_action"] == pytest.approx(d["best_s"] / (5 * 3 * 62) * 1e6)
    assert _positive(timings["decode"]["records_per_s"])
    assert _positive(timings["decode"]["mb_per_s"])
    v = timings["verify"]
    assert v["x_decode"] == pytest.approx(v["best_s"] / timings["decode"]["best_s"])
    assert _positive(v["x_decode_median"])
    assert _positive(timings["decode_jsonl"]["x_binary"])


def test_sizes(report: dict[str, Any]) -> None:
    s = report["sizes"]
    for field in ("binary_bytes", "jsonl_bytes", "json_bytes"):
        assert isinstance(s[field], int) and s[field] > 0, field
    assert s["binary_per_game"] == pytest.approx(s["binary_bytes"] / 5)
    assert s["jsonl_per_game"] == pytest.approx(s["jsonl_bytes"] / 5)
    assert s["json_per_game"] == pytest.approx(s["json_bytes"] / 5)
    # the pretty JSON form spends whitespace the compact JSON Lines form does not
    assert s["json_bytes"] > s["jsonl_bytes"]
    assert 0 < s["ratio_binary_jsonl"] < 1
    assert 0 < s["ratio_binary_json"] < s["ratio_binary_jsonl"]
    # every action costs at least a byte for its tag, seat and value
    assert s["binary_per_action"] > 1


def test_every_record_verified_valid(report: dict[str, Any]) -> None:
    assert report["verdicts"] == {"valid": 5}
    assert report["verdicts_verify_only"] == {"valid": 5}


def test_aims_agree_with_their_values(report: dict[str, Any]) -> None:
    aims = report["aims"]
    assert set(aims) == {"verify_us_per_action", "binary_size_ratio"}
    assert aims["verify_us_per_action"]["limit"] == 3.0
    assert aims["binary_size_ratio"]["limit"] == pytest.approx(1 / 3)
    for name, a in aims.items():
        assert isinstance(a["pass"], bool), name
        assert a["pass"] == (a["value"] < a["limit"]), name
    assert aims["verify_us_per_action"]["value"] == report["timings"]["verify"]["us_per_action_median"]
    assert aims["binary_size_ratio"]["value"] == report["sizes"]["ratio_binary_jsonl"]


def test_text_report(bench: ModuleType, capsys: pytest.CaptureFixture[str]) -> None:
    before = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else None
    assert bench.main(["--games", "2", "--players", "2", "--repeat", "1", "--no-claims"]) == 0
    out = capsys.readouterr().out
    for text in ("decode (binary)", "decode + verify", "verify only", "bytes per game", "pinned: "):
        assert text in out, text
    aims = [line for line in out.splitlines() if line.strip().startswith(("PASS", "FAIL"))]
    assert len(aims) == 2
    assert "2 games of blackball, 2 players" in out
    assert "without claims" in out
    # pinning to one core is undone when the benchmark returns
    if before is not None:
        assert os.sched_getaffinity(0) == before


def test_no_pin(bench: ModuleType) -> None:
    rep = bench.run_bench(games=1, players=2, repeat=1, pin=False)
    assert rep["machine"]["pinned"] is False
    assert "--no-pin" in rep["machine"]["pin_note"]
    assert rep["tournament"]["actions"] == 2 * (13 + 49)


@pytest.mark.parametrize(
    "argv", [["--games", "0"], ["--players", "1"], ["--players", "8"], ["--repeat", "0"], ["--bot", "x"]]
)
def test_bad_arguments(bench: ModuleType, argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        bench.main(argv)
    assert exc.value.code == 2
    assert "error" in capsys.readouterr().err


def test_batch_bench_reports_every_aim(capsys: pytest.CaptureFixture[str]) -> None:
    """bench/batch.py end to end on a tiny file (no timing is judged here)."""
    spec = importlib.util.spec_from_file_location("batch_bench", BENCH.parent / "batch.py")
    assert spec is not None and spec.loader is not None
    batch = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(batch)
    code = batch.main(["--records", "12", "--base", "4", "--runs", "1", "--games", "forest",
                       "--chess-games", "3", "--json", "--quiet"])  # fmt: skip
    assert code == 0
    report = json.loads(capsys.readouterr().out)
    forest = report["games"]["forest"]
    assert forest["records"] == 12 and forest["actions"] > 0
    assert forest["validate"]["exit"] == [0] and forest["jobs2"]["exit"] == [0]
    assert 0 < forest["binary_over_jsonl"] < 1
    assert forest["us_per_action"] > 0 and forest["decode_us_per_action"] > 0
    if report["chess"] is not None:
        assert report["chess"]["moves"] > 0
