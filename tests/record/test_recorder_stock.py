"""The stock as the recorder takes it (issue 13's data loss): a stock or forest card is
checked against what the table holds before it is accepted, as plays are."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamerec.recording import Recorder, Rejected


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
    assert again.deals[-1].stock == ["G1"] and again.status() == "play" and again.repair is None
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
    from clirun import cli

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
