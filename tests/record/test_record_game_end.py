"""Issue 18 follow-up, item 3: black-swan-taroc (open-ended: another deal is asked for)
through a pipe: the end of the input at `the game is over: another one? [y/N]` takes the
default, N, and writes the record, as the other games do at their end."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import cli

from gamerec.format.read import read_file
from gamerec.recording.recorder import Recorder


def test_eof_at_another_one_writes_the_record(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    model = Recorder.start(tmp_path / "m.journal", "black-swan-taroc", ["Ann", "Bo"], hands="seed", seed=3)
    model.deal_from_seed()
    plays: list[str] = []
    rng = random.Random(1)  # (the first legal action each time may never end the deal)
    while model.status() == "play":
        plays.append(rng.choice(model.legal()))
        model.enter(plays[-1])
    model.close()
    args = ("-g", "black-swan-taroc", "-p", "Ann,Bo", "--hands", "seed", "--seed", "3", "-o", "t.grec")
    r = cli("record", *args, input="".join(f"{p}\n" for p in plays))  # then the end of the input
    assert r.exit_code == 0, r.output
    assert "another one? [y/N]" in r.stdout
    assert "stopped" not in r.stdout and "wrote t.grec" in r.stdout, r.stdout
    (entry,) = read_file(tmp_path / "t.grec")
    record = entry.record
    assert record is not None
    assert len(record.deals) == 1 and len(record.deals[0].actions) == len(plays)
    assert not (tmp_path / "t.grec.journal").exists()


def _plays(tmp_path: Path) -> list[str]:
    model = Recorder.start(tmp_path / "m.journal", "black-swan-taroc", ["Ann", "Bo"], hands="seed", seed=3)
    model.deal_from_seed()
    plays: list[str] = []
    rng = random.Random(1)
    while model.status() == "play":
        plays.append(rng.choice(model.legal()))
        model.enter(plays[-1])
    model.close()
    return plays


ARGS = ("-g", "black-swan-taroc", "-p", "Ann,Bo", "--hands", "seed", "--seed", "3", "-o", "t.grec")


def test_a_typo_at_another_one_asks_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by trying the product: `maybe`, `help` or `clear` at `another one? [y/N]` ended
    the match and wrote the record (and removed the journal)."""
    monkeypatch.chdir(tmp_path)
    plays = _plays(tmp_path)
    r = cli("record", *ARGS, input="".join(f"{p}\n" for p in plays) + "maybe\nhelp\nn\n")
    assert r.exit_code == 0, r.output
    assert "✗ 'maybe': answer y or n (or undo, show, score, help, quit)" in r.stdout
    assert "y: another game; n (or Enter): the record is written" in r.stdout
    assert r.stdout.count("another one? [y/N]") == 3
    (entry,) = read_file(tmp_path / "t.grec")
    assert entry.record is not None and len(entry.record.deals[0].actions) == len(plays)


def test_undo_at_another_one_takes_the_last_step_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`undo` there wrote the record: the last card could not be taken back."""
    monkeypatch.chdir(tmp_path)
    plays = _plays(tmp_path)
    # undo the last play, play it again, then no more games
    r = cli("record", *ARGS, input="".join(f"{p}\n" for p in plays) + f"undo\n{plays[-1]}\nn\n")
    assert r.exit_code == 0, r.output
    assert r.stdout.count("another one? [y/N]") == 2
    (entry,) = read_file(tmp_path / "t.grec")
    assert entry.record is not None and len(entry.record.deals[0].actions) == len(plays)


def test_quit_at_another_one_keeps_the_journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    plays = _plays(tmp_path)
    r = cli("record", *ARGS, input="".join(f"{p}\n" for p in plays) + "quit\n")
    assert r.exit_code == 0, r.output
    assert not (tmp_path / "t.grec").exists() and (tmp_path / "t.grec.journal").exists()
