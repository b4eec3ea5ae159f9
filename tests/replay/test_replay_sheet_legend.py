"""The black ball of blackball's score sheet is explained (issue 20 follow-up: ``replay
--all`` printed ``1 ⚫`` cells with no word on what ⚫ means): a legend line under the
sheet, in ``replay --all`` and ``export --to text``; none for a sheet without the mark."""

from __future__ import annotations

from conftest import FIXTURES
from helpers import cli

FAMILY = FIXTURES / "blackball" / "games" / "family-3p.json"
LEGEND = "⚫ = a black ball: a missed bid, no points; → the points of a made bid"


def test_replay_all_explains_the_black_ball() -> None:
    r = cli("replay", FAMILY, "--all")
    assert r.exit_code == 0, r.stderr
    sheet = r.stdout.split("\nScore sheet\n", 1)[1].splitlines()
    assert any("⚫" in x for x in sheet)
    assert sheet[-2] == LEGEND  # under the Total line, before the verdict
    assert sheet[-3].startswith("Total")


def test_export_text_explains_it_too() -> None:
    r = cli("export", FAMILY, "--to", "text")
    assert r.exit_code == 0, r.stderr
    assert LEGEND in r.stdout.splitlines()


def test_no_legend_without_the_mark() -> None:
    r = cli("replay", FIXTURES / "forest" / "tournament.grec", "-r", "1", "--all")
    assert "⚫" not in r.stdout and "black ball" not in r.stdout
