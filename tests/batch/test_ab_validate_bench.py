"""bench/ab_validate.py (validate or simulate, an old git ref against the working tree) runs
end to end on tiny files or games and reports a ratio per game (and bot); ``--check`` fails
above its limit; ``--work simulate`` stops if the sides' records differ. No timing
is asserted: the old side here is HEAD (exported with git archive), so that the test needs
no particular history, and ``--limit`` is set far on either side of any ratio."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess

import pytest
from conftest import ROOT, load_bench

GAMES = ["blackball", "black-swan-2012", "black-swan-taroc", "forest"]


@pytest.fixture(scope="module", autouse=True)
def _a_git_checkout() -> None:
    head = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True, check=False)
    if head.returncode != 0:
        pytest.skip("not a git checkout: no old ref to export")


def run(args: list[str]) -> tuple[int, str]:
    bench = load_bench("ab_validate")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = bench.main(
            ["--old", "HEAD", "--records", "4", "--base", "2", "--passes", "1", "--quiet", *args]
        )
    return code, out.getvalue()


def test_a_ratio_per_game_from_each_side_s_own_tree() -> None:
    code, out = run(["--rounds", "2", "--json"])
    assert code == 0
    report = json.loads(out)
    assert list(report["games"]) == GAMES
    for game, r in report["games"].items():
        assert r["ratio_min"] <= r["ratio"] <= r["ratio_max"], game
        assert r["ratio_min"] > 0 and r["old_us_per_action"] > 0 and r["new_us_per_action"] > 0
        assert report["actions"][game] > 4
    assert report["not all valid"] == {}
    # each side imported its own tree: the old one the export, the new one this checkout
    assert report["imported"]["new"] == str(ROOT / "gamerec" / "__init__.py")
    assert not report["imported"]["old"].startswith(str(ROOT))
    assert report["imported"]["old"].endswith("old-src/gamerec/__init__.py")


def test_the_text_report_has_a_row_per_game() -> None:
    code, out = run(["--rounds", "1", "--games", "forest,blackball"])
    assert code == 0
    rows = [line.split() for line in out.splitlines() if line.split()[:1] in (["forest"], ["blackball"])]
    assert [row[0] for row in rows] == ["forest", "blackball"]
    assert all(float(row[4]) > 0 for row in rows)  # new/old


def test_check_fails_above_the_limit_only() -> None:
    assert run(["--rounds", "1", "--games", "forest", "--check", "--limit", "1000"])[0] == 0
    code, out = run(["--rounds", "1", "--games", "forest", "--check", "--limit", "0.001"])
    assert code == 1
    assert "over the limit: forest: new/old" in out


def test_simulate_a_ratio_per_game_and_bot_and_the_same_records_on_both_sides() -> None:
    code, out = run(["--work", "simulate", "--rounds", "2", "--json"])
    assert code == 0
    report = json.loads(out)
    cases = [f"{game} {bot}" for game in GAMES for bot in ("random", "smart")]
    assert list(report["games"]) == cases
    assert list(report["digests"]) == cases
    for case, r in report["games"].items():
        assert r["ratio_min"] <= r["ratio"] <= r["ratio_max"], case
        assert r["ratio_min"] > 0 and r["old_us_per_action"] > 0 and r["new_us_per_action"] > 0
        assert report["actions"][case] > 4
        assert len(report["digests"][case]) == 16
    assert report["imported"]["new"] == str(ROOT / "gamerec" / "__init__.py")
    assert report["imported"]["old"].endswith("old-src/gamerec/__init__.py")


def test_simulate_s_digest_is_the_pinned_one() -> None:
    # the child takes the digest as tests/games/test_simulate_pinned.py does, which pins
    # "blackball 3 random" (40 games, seed 7) at e8aa14c0b350067c
    args = ["--work", "simulate", "--games", "blackball", "--bots", "random", "--players", "3"]
    code, out = run([*args, "--records", "40", "--seed", "7", "--rounds", "1", "--json"])
    assert code == 0
    assert json.loads(out)["digests"] == {"blackball random": "e8aa14c0b350067c"}


def test_simulate_stops_when_the_sides_records_differ() -> None:
    bench = load_bench("ab_validate")
    found = bench.Found({}, {}, {})
    same = {"actions": 248, "digest": "ab" * 32}
    bench.same_records("blackball random", {"old": same, "new": dict(same)}, 1, found)
    assert found.actions == {"blackball random": 248} and found.digests == {"blackball random": "ab" * 8}
    other = {"actions": 248, "digest": "cd" * 32}
    with pytest.raises(SystemExit, match="blackball random: the sides made different records"):
        bench.same_records("blackball random", {"old": same, "new": other}, 1, found)
