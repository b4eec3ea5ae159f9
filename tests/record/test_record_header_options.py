"""Issue 18 follow-up, items 5 and 6: player names are the seats, so two equal names (or
equal but for case) are refused; --date is an ISO date (YYYY, YYYY-MM or YYYY-MM-DD, a real
day). Each refusal: exit 2, one line, nothing written."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cli, error_line

from gamerec.errors import GamerecError
from gamerec.recording.recorder import Recorder


def refused_players(players: str, folder: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """``record -p players`` in ``folder``: exit 2, nothing made; its one line."""
    monkeypatch.chdir(folder)
    r = cli("record", "-g", "blackball", "-p", players, "-o", "g.grec", input="0\nquit\n")
    assert r.exit_code == 2, r.output
    assert list(folder.iterdir()) == []
    return error_line(r)


@pytest.mark.parametrize("players", ["A,A,B", "Ann,Bo,ann", "Bo, Ann ,Ann"])
def test_equal_player_names_are_refused(
    players: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-p A,A,B` was accepted, then `A bid 0` was silently seat 0."""
    line = refused_players(players, tmp_path, monkeypatch)
    assert "names are the seats" in line and "twice" in line, line


@pytest.mark.parametrize("players", ["Ann,,Bob", "Ann,Bob,", " ,Ann,Bob", "Ann, ,Bob"])
def test_an_empty_player_name_is_refused(
    players: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`-p Ann,,Bob` dropped the empty name and recorded a 2-player game."""
    line = refused_players(players, tmp_path, monkeypatch)
    assert line.startswith("gamerec record: ") and "'--players'" in line and "empty name" in line, line


def test_the_library_refuses_equal_names(tmp_path: Path) -> None:
    with pytest.raises(GamerecError, match="twice"):
        Recorder.start(tmp_path / "j", "forest", ["Ann", "ANN"])
    assert not (tmp_path / "j").exists()


@pytest.mark.parametrize(
    "date", ["last tuesday", "2026-02-30", "2026-13", "26-01-01", "2026-1-5", "２０２６"]
)
def test_a_date_not_iso_is_refused(date: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-g", "blackball", "-p", "A,B", "-o", "g.grec", "--date", date, input="quit\n")
    assert r.exit_code == 2, r.output
    assert "--date" in error_line(r) and "YYYY-MM-DD" in error_line(r)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("date", ["2026", "2026-02", "2024-02-29"])
def test_iso_dates_are_taken(date: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-g", "blackball", "-p", "A,B", "-o", "g.grec", "--date", date, input="quit\n")
    assert r.exit_code == 0, r.output
    rec = Recorder.resume(tmp_path / "g.grec.journal")
    assert rec.header.meta.date == date
    rec.close()
