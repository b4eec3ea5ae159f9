"""Issue 18 follow-up, item 8: proper plurals (`1 deal(s) so far`) and a resumed recording
shows the table once, as `show` does."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cli


def test_a_resumed_recording_says_its_deals_and_shows_the_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-g", "blackball", "-p", "Ann,Bo", "-o", "g.grec", input="0\nQS\n4C\nAH\nquit\n")
    assert r.exit_code == 0, r.output
    r = cli("record", "-o", "g.grec", "--resume", "g.grec.journal", input="quit\n")
    assert r.exit_code == 0, r.output
    assert "resuming blackball: Ann, Bo; 1 round so far" in r.stdout, r.stdout
    assert "(s)" not in r.stdout
    assert r.stdout.count("0 Ann: QS") == 1 and r.stdout.count("1 Bo: 4C") == 1, r.stdout
    assert "Trump: ♥ hearts (up-card AH)" in r.stdout


@pytest.mark.parametrize(("typed", "said"), [("QS 4C", "✗ 2 cards: 1 wanted"), ("", "✗ 0 cards: 1 wanted")])
def test_card_counts_in_words(typed: str, said: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-g", "blackball", "-p", "Ann,Bo", "-o", "g.grec", input=f"0\n{typed}\nquit\n")
    assert said in r.stdout and "hand 0 (Ann, 1 card): " in r.stdout, r.stdout
