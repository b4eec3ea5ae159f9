"""The stock as the recorder takes it (issue 13's data loss): a stock or forest card is
checked against what the table holds before it is accepted, as plays are."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamerec.format.notation import format_action
from gamerec.recording.recorder import Recorder, Rejected


def stock(rec: Recorder) -> str:
    """The current deal's stock so far, as codes."""
    return rec.game.deck.codes_of(rec.deals[-1].stock)


def lines(rec: Recorder) -> list[str]:
    """The current deal's actions, as lines."""
    return [format_action(rec.game, a) for a in rec.deals[-1].actions]


def forest_deal(tmp_path: Path) -> Recorder:
    """`gamerec record -o f.grec -g forest -p 'Ann, Bob' --rule hand_size=3 --rule
    max_number=5`, first player 1, hands `R1 G2 B3` / `R4 G5 K1`."""
    rec = Recorder.start(
        tmp_path / "f.grec.journal", "forest", ["Ann", "Bob"], {"hand_size": 3, "max_number": 5}
    )
    deck = rec.game.deck
    rec.begin_deal(1, [[deck.parse(c) for c in h.split()] for h in ("R1 G2 B3", "R4 G5 K1")], [])
    assert rec.needs_stock
    return rec


def test_a_forest_card_a_player_holds_is_refused(tmp_path: Path) -> None:
    """`R1` at the `stock:` prompt (a card Ann holds) was accepted; the prompt jumped to
    round 2 with round 1 unplayed, and `--resume` then refused the journal
    ([deal-duplicate]): the game was lost."""
    rec = forest_deal(tmp_path)
    with pytest.raises(Rejected) as refused:
        rec.reveal("R1")
    assert refused.value.rule == "deal-duplicate"
    assert rec.needs_stock and rec.status() == "play" and rec.deals[-1].stock == []
    rec.reveal("G1")
    assert not rec.needs_stock
    rec.close()
    again = Recorder.resume(tmp_path / "f.grec.journal")
    assert stock(again) == "G1" and again.status() == "play" and again.repair is None
    again.close()


def test_a_card_already_played_cannot_be_revealed(tmp_path: Path) -> None:
    rec = forest_deal(tmp_path)
    rec.reveal("G1")
    rec.enter("1 play R4")
    rec.enter("0 play R1")
    assert rec.needs_stock
    with pytest.raises(Rejected, match=r"R4|more often"):
        rec.reveal("R4")
    rec.reveal("B1")
    assert not rec.needs_stock
    rec.close()


def test_the_stock_prompt_refuses_a_held_card_and_knows_the_commands(tmp_path: Path) -> None:
    """The command line: `R1` at the `stock:` prompt is refused with its rule, and `help`,
    `undo` and `quit` there are commands, not card codes."""
    from helpers import cli

    out = tmp_path / "f.grec"
    typed = "1\nR1 G2 B3\nR4 G5 K1\nhelp\nR1\nquit\n"
    r = cli("record", "-o", out, "-g", "forest", "-p", "Ann, Bob", "--rule", "hand_size=3",
            "--rule", "max_number=5", input=typed.encode())  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "undo · note TEXT" in r.stdout  # help, not a card code
    assert "[deal-duplicate]" in r.stdout and "not a forest card code" not in r.stdout
    assert "stopped: nothing is lost" in r.stdout
    resumed = Recorder.resume(tmp_path / "f.grec.journal")
    assert resumed.needs_stock and resumed.deals[-1].stock == [] and resumed.repair is None
    resumed.close()


# -- undo takes back one entry at a time, whatever its kind ----------------------------------
def test_undo_takes_back_a_wrong_forest_card_not_the_play_before_it(tmp_path: Path) -> None:
    """A wrong stock card could not be taken back: `undo` skipped it and removed the plays
    before it, then the whole deal."""
    rec = forest_deal(tmp_path)
    rec.reveal("G1")
    rec.enter("1 play R4")
    rec.enter("0 play R1")
    rec.reveal("B1")  # meant B2
    assert rec.undo() == "stock card B1"
    assert lines(rec) == ["1 play R4", "0 play R1"] and stock(rec) == "G1"
    assert rec.needs_stock
    rec.reveal("B2")
    rec.close()
    again = Recorder.resume(tmp_path / "f.grec.journal")
    assert stock(again) == "G1 B2" and lines(again) == ["1 play R4", "0 play R1"]
    again.close()


def test_undo_goes_back_entry_by_entry_to_the_deal(tmp_path: Path) -> None:
    rec = forest_deal(tmp_path)
    rec.reveal("G1")
    rec.enter("1 play R4")
    rec.note("led high")
    assert not rec.undo_drops_deal
    assert [rec.undo(), rec.undo(), rec.undo()] == ["the note on 1 play R4", "1 play R4", "stock card G1"]
    assert rec.undo_drops_deal  # the typed hands go with the deal: the command line asks first
    assert rec.undo() == "round 1 and its hands"
    assert rec.deals == [] and rec.status() == "deal"
    rec.close()
    assert Recorder.resume(tmp_path / "f.grec.journal").deals == []


def test_a_journal_of_gamerec_0_1_undoes_as_it_did(tmp_path: Path) -> None:
    """`{"undo": 1}` (written by 0.1) took back the last action even after a stock card."""
    rec = forest_deal(tmp_path)
    rec.reveal("G1")
    rec.enter("1 play R4")
    rec.enter("0 play R1")
    rec.reveal("B1")
    rec.close()
    journal = tmp_path / "f.grec.journal"
    with open(journal, "a") as f:
        f.write('{"undo":1}\n')
    old = Recorder.resume(journal)
    assert lines(old) == ["1 play R4"] and stock(old) == "G1 B1"
    assert old.repair is None
    old.close()


def test_the_command_line_asks_before_undo_drops_typed_hands(tmp_path: Path) -> None:
    from helpers import cli

    out = tmp_path / "f.grec"
    typed = "1\nR1 G2 B3\nR4 G5 K1\nundo\nn\nG1\nundo\nundo\ny\nquit\n"
    r = cli("record", "-o", out, "-g", "forest", "-p", "Ann, Bob", "--rule", "hand_size=3",
            "--rule", "max_number=5", input=typed.encode())  # fmt: skip
    assert r.exit_code == 0, r.output
    assert r.stdout.count("and its hands: sure? [y/N]") == 2
    assert (
        "kept" in r.stdout
        and "undone: stock card G1" in r.stdout
        and "undone: round 1 and its hands" in r.stdout
    )
    assert Recorder.resume(tmp_path / "f.grec.journal").deals == []
