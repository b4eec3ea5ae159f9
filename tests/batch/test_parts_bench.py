"""bench/parts.py runs end to end: every part of verification per action, for each game
asked (no timing is judged here: the numbers are in docs/performance.md)."""

from __future__ import annotations

import pytest
from conftest import load_bench


def test_parts_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    bench = load_bench("parts")
    p = bench.parts("forest", 12, 1)
    assert p["actions per record"] > 0
    assert p["total"] == pytest.approx(p["read"] + p["decode"] + p["walk"] + p["verdict"] + p["hash"])
    assert all(p[k] >= 0 for k in ("read", "new_state", "begin_deal", "apply_run", "total"))
    assert bench.main(["--records", "6", "--repeat", "1", "--games", "blackball", "black-swan-taroc"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].split()[:3] == ["µs", "per", "action"] and len(lines) == 3
    assert [ln.split()[0] for ln in lines[1:]] == ["blackball", "black-swan-taroc"]
