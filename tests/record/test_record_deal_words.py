"""Issue 18 follow-up, items 1 and 2: the prompt's words (help, undo, quit...) work while a
deal is typed (dealer, hands, up-card), a stop in the middle of one says what is not kept,
and an up-card repeating a hand's card asks again for the up-card alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import cli

from gamerec.recording.recorder import Recorder

GAME = ("-g", "blackball", "-p", "Ann,Bo,Cy")


def typed(*lines: str) -> str:
    return "".join(f"{line}\n" for line in lines)


def journal_entries(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_help_undo_quit_at_the_deal_prompts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`printf 'help\\n0\\nundo\\nhelp\\nquit\\n' | gamerec record -g blackball -p Ann,Bo,Cy
    -o ty.grec` said `✗ a seat number, 0 to 2` for help and quit, and `✗ not a French card
    code: 'undo'` at the hand prompt."""
    monkeypatch.chdir(tmp_path)
    r = cli("record", *GAME, "-o", "ty.grec", input=typed("help", "0", "undo", "help", "quit"))
    assert r.exit_code == 0, r.output
    assert "✗" not in r.stdout, r.stdout
    # help said what the dealer prompt wants; undo asked the dealer again
    assert r.stdout.count("round 1: dealer (seat 0-2): ") == 4, r.stdout
    assert (
        r.stdout.count("wanted: the dealer's seat, a number from 0 to 2 or a player's name · words: undo")
        == 2
    )
    assert "undone: the dealer" in r.stdout
    # nothing of the deal was typed any more when it stopped: the journal holds it all
    assert "nothing is lost" in r.stdout


def test_undo_asks_the_previous_hand_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", *GAME, "-o", "g.grec", input=typed("0", "AH", "QH", "undo", "KH", "3S", "2C", "quit"))
    assert r.exit_code == 0, r.output
    assert "undone: hand 1 (Bo)" in r.stdout
    assert r.stdout.count("hand 1 (Bo, 1 card): ") == 2, r.stdout
    deal = journal_entries(tmp_path / "g.grec.journal")[1]
    assert deal == {"deal": 0, "hands": [["AH"], ["KH"], ["3S"]], "stock": ["2C"]}


def test_undo_at_the_first_prompt_of_a_deal_takes_back_the_last_step(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing of the deal typed yet: undo is the game's undo (the last play of the deal before)."""
    monkeypatch.chdir(tmp_path)
    r = cli("record", *GAME, "-o", "g.grec", input=typed("0", "AH", "QH", "3S", "2C", "quit"))
    assert r.exit_code == 0, r.output
    rec = Recorder.resume(tmp_path / "g.grec.journal")
    plays = []
    while rec.status() == "play":
        plays.append(rec.legal()[0])
        rec.enter(plays[-1])
    rec.close()
    r = cli("record", "-o", "g.grec", "--resume", "g.grec.journal", input=typed("undo", "quit"))
    assert r.exit_code == 0, r.output
    assert f"undone: {plays[-1]}" in r.stdout, r.stdout
    entries = journal_entries(tmp_path / "g.grec.journal")
    assert entries[-1] == {"undo": "action"}


@pytest.mark.parametrize("stop", ["quit", None], ids=["quit", "end-of-input"])
def test_a_stop_in_a_deal_says_what_is_not_kept(
    stop: str | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """quit (or the end of the input) after a dealer and a hand printed `stopped: nothing is
    lost` although the journal held none of them."""
    monkeypatch.chdir(tmp_path)
    lines = ["0", "AH"] + ([stop] if stop else [])
    r = cli("record", *GAME, "-o", "g.grec", input=typed(*lines))
    assert r.exit_code == (0 if stop else 1), r.output  # the input's end: no record, exit 1
    assert "nothing is lost" not in r.stdout
    assert "the dealer and 1 hand typed for round 1 are not kept" in r.stdout, r.stdout
    assert "--resume g.grec.journal" in r.stdout
    assert len(journal_entries(tmp_path / "g.grec.journal")) == 1  # the header alone


def test_an_up_card_in_a_hand_asks_the_up_card_alone_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Hands AH, QH, 3S then up-card AH: `up-card: ✗ AH is dealt more often ... the round
    again`, back to the dealer prompt, the hands thrown away."""
    monkeypatch.chdir(tmp_path)
    r = cli("record", *GAME, "-o", "g.grec", input=typed("0", "AH", "QH", "3S", "AH", "2C", "quit"))
    assert r.exit_code == 0, r.output
    assert r.stdout.count("round 1: dealer") == 1, r.stdout
    assert r.stdout.count("up-card of round 1: ") == 2, r.stdout
    assert "✗ AH: in a hand typed already" in r.stdout
    deal = journal_entries(tmp_path / "g.grec.journal")[1]
    assert deal == {"deal": 0, "hands": [["AH"], ["QH"], ["3S"]], "stock": ["2C"]}


def test_a_card_of_a_deck_of_repeats_asks_that_hand_alone_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by trying the product: in black-swan-2012 (three jokers), a hand repeating a
    card of a hand typed before (KC, or a fourth joker) went back to the first player's
    prompt, the hands thrown away; blackball asked that hand alone again."""
    monkeypatch.chdir(tmp_path)
    ann = "KC QH KH AH 2S 3S 5S 6S 7S 8S 9S AS JK JK"
    bob = "QS QD QC 2H 3H 4H 5H 6H 7H 8H 9H TH JH JD"
    game = ("-g", "black-swan-2012", "-p", "Ann,Bob", "--rule", "target=100", "-o", "g.grec")
    lines = (
        "0",
        ann,
        "KC QS QD QC 2H 3H 4H 5H 6H 7H 8H 9H TH JK",
        "JK JK QD QC 2H 3H 4H 5H 6H 7H 8H 9H TH JH",
    )
    r = cli("record", *game, input=typed(*lines, bob, "quit"))
    assert r.exit_code == 0, r.output
    assert r.stdout.count("first player (seat 0-1)") == 1, r.stdout
    assert "✗ KC: in a hand typed already" in r.stdout
    assert "✗ JK: in a hand typed already (the deck holds it 3 times)" in r.stdout
    assert "Ann (seat 0) to move" in r.stdout  # the deal began with the hands as typed


def test_the_dealer_by_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by trying the product: `Bo` at `dealer (seat 0-2)` was refused (`a seat number`),
    though seats are given by name or number everywhere else."""
    monkeypatch.chdir(tmp_path)
    r = cli("record", *GAME, "-o", "g.grec", input=typed("Zed", "bo", "AH", "QH", "3S", "2C", "quit"))
    assert r.exit_code == 0, r.output
    assert "✗ a seat, by number (0 to 2) or by name (Ann, Bo, Cy)" in r.stdout
    assert journal_entries(tmp_path / "g.grec.journal")[1]["deal"] == 1
    assert "Cy (seat 2) to move" in r.stdout


def test_a_seat_not_at_the_table_and_a_name_of_no_player_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`5 play ah` at a table of three said `out of turn: seat 0 (Ann) is to play`, and
    `Zed play ah` `expected an action ..., got 'Zed'`."""
    monkeypatch.chdir(tmp_path)
    lines = ("0", "AH", "QH", "3S", "2C", "5 bid 1", "Zed bid 1", "quit")
    r = cli("record", *GAME, "-o", "g.grec", input=typed(*lines))
    assert r.exit_code == 0, r.output
    assert "✗ no seat 5 at this table (seats 0 Ann, 1 Bo, 2 Cy)" in r.stdout
    assert "✗ 'Zed' is no player here (Ann, Bo, Cy) and no seat number" in r.stdout
