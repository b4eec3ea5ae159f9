"""black-swan-taroc's replay title names the player the marker points at (issue 20: on
four-empty-leader.json, step 7, the title said "turn of Di" while the marker ▶ pointed at
Bo: the title named the turn's leader, the marker the player to follow)."""

from __future__ import annotations

import pytest
from conftest import FIXTURES

import gamerec
from gamerec.present import Replay

TAROC = sorted((FIXTURES / "black-swan-taroc" / "games").glob("*.json"))


def test_the_issue_step_names_bo_to_move() -> None:
    path = FIXTURES / "black-swan-taroc" / "games" / "four-empty-leader.json"
    view = list(Replay(next(gamerec.records(path))))[6].view
    assert view.seats[view.to_move or 0].name == "Bo"  # the marker
    assert "turn of Di" not in view.title
    assert view.title == "Game 1 · Di led · Bo to follow"


@pytest.mark.parametrize("path", TAROC, ids=lambda p: p.stem)
def test_every_title_names_the_seat_to_move(path: object) -> None:
    record = next(gamerec.records(path))  # type: ignore[arg-type]
    for step in Replay(record):
        v = step.view
        if v.to_move is not None and v.title.startswith("Game"):
            assert f"{v.seats[v.to_move].name} to " in v.title, (v.title, v.to_move)
