"""Issue 18 follow-up, item 4: the bottom toolbar was about 130 characters for forest with 2
players and the scores, last, never showed. Now: whose turn it is, then the scores, then the
rest, as much of it as fits the width (the least useful parts dropped first)."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamerec.recording.recorder import Recorder
from gamerec.recording.tableside import toolbar

GAMES = [("forest", 2), ("blackball", 3), ("black-swan-2012", 2), ("black-swan-taroc", 2)]


def started(tmp: Path, game: str, players: int) -> Recorder:
    rec = Recorder.start(tmp / game, game, ["Ann", "Bo", "Cy"][:players], hands="seed", seed=3)
    rec.deal_from_seed()
    rec.enter(rec.legal()[0])
    return rec


def test_forest_fits_80_columns_with_the_scores(tmp_path: Path) -> None:
    """`Round 1 of 2 · trick 1 · Ann to play · trick: Bo R4 · Forest: Y4 (yellow) · Stock: 18
    cards · Colou` (cut by the terminal: the scores never showed)."""
    rec = started(tmp_path, "forest", 2)
    bar = toolbar(rec, 80)
    assert len(bar) <= 80, bar
    assert "Ann to move · score Ann 0, Bo 0" in bar, bar
    assert "Colours" not in bar  # the last line of the table, dropped first
    rec.close()


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
@pytest.mark.parametrize("width", [20, 40, 60, 80, 100, 200])
def test_the_toolbar_fits_any_width(game: str, players: int, width: int, tmp_path: Path) -> None:
    rec = started(tmp_path, game, players)
    full = toolbar(rec)
    bar = toolbar(rec, width)
    assert len(bar) <= width, bar
    if width >= 60:  # whose turn it is and the scores first
        assert " to move · score Ann 0, Bo 0" in bar, bar
    if len(full) <= width:
        assert bar == full
    else:  # parts dropped whole, or the last cut with an ellipsis
        assert bar.endswith("…") or all(part in full.split(" · ") for part in bar.split(" · ")), bar
    rec.close()
