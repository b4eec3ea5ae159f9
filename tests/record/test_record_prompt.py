"""Issue 18 through a pseudo-terminal: Tab completes exactly the legal actions, a name as the
seat, `show`, a typo in one hand, the Ctrl-C hint; the plain-lines fallback through a pipe; a
13-round blackball game recorded with no more keystrokes than its actions need."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from gamerec.record import Bid
from gamerec.recording.recorder import Recorder

pexpect = pytest.importorskip("pexpect")

PYTHON = [sys.executable, "-c", "from gamerec.cli import main; main()"]
# PROMPT_TOOLKIT_NO_CPR: the pty does not answer prompt_toolkit's cursor-position request,
# which it would wait for at every prompt (a 13-round game took minutes)
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200", "TERM": "xterm", "PROMPT_TOOLKIT_NO_CPR": "1"}
#: what the terminal prompt writes when it has taken a line (bracketed paste off)
DONE = "\x1b[?2004l"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    return pexpect.spawn(
        PYTHON[0], [*PYTHON[1:], "record", "-o", str(tmp_path / "g.grec"), *args],
        env=ENV, encoding="utf-8", timeout=60, cwd=str(tmp_path), dimensions=(40, 200),
    )  # fmt: skip


def enter(child: pexpect.spawn, line: str) -> None:
    child.sendline(line)
    child.expect_exact(DONE)


GAMES = [("blackball", 3), ("forest", 3), ("black-swan-2012", 2), ("black-swan-taroc", 2)]


@pytest.mark.parametrize(("game", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_tab_offers_exactly_the_legal_actions(game: str, players: int, tmp_path: Path) -> None:
    names = ["Ann", "Bo", "Cy"][:players]
    model = Recorder.start(tmp_path / "model.journal", game, names, hands="seed", seed=5)
    model.deal_from_seed()
    child = spawn(tmp_path, "-g", game, "-p", ",".join(names), "--hands", "seed", "--seed", "5")
    for _ in range(3):  # three positions of the game
        bare = [line.partition(" ")[2] for line in model.legal()]
        child.expect("to move>")
        child.send("\t\t")
        shown = ""
        while not all(b in shown for b in bare):
            child.expect(r"to move>[^\r\n]*")
            shown += ANSI.sub("", child.before + child.after)
        listed = " ".join(line for line in shown.splitlines() if "to move>" not in line).split()
        if not listed:  # one legal action: Tab put it in the line
            assert len(bare) == 1 and shown.rstrip().endswith(bare[0]), shown
        rest = " ".join(listed) + " "
        for b in sorted(bare, key=len, reverse=True):  # each legal action listed once, and nothing else
            assert f"{b} " in rest, shown
            rest = rest.replace(f"{b} ", "", 1)
        assert rest.split() == [], shown
        child.send("\x15")  # Ctrl-U: the line cleared
        enter(child, bare[0])
        model.enter(model.legal()[0])
    child.sendline("quit")
    child.expect("nothing is lost")
    child.expect(pexpect.EOF)
    model.close()


def test_a_name_as_the_seat_show_and_ctrl_c(tmp_path: Path) -> None:
    child = spawn(tmp_path, "-g", "blackball", "-p", "Ann,Bo,Cy", "--hands", "seed", "--seed", "1")
    child.expect(r"→ trump .*up-card")  # the turned-up card announced
    child.expect("to move>")
    model = Recorder.start(tmp_path / "m.journal", "blackball", ["Ann", "Bo", "Cy"], hands="seed", seed=1)
    model.deal_from_seed()
    seat = model.to_move()
    assert seat is not None
    name = ["Ann", "Bo", "Cy"][seat]
    enter(child, f"{name} {model.legal()[0].partition(' ')[2]}")
    enter(child, "show")
    child.expect(r"Trump: ")
    child.expect(rf"{name}: \S+.* · bid \d+, won 0 · score 0")
    child.expect("to move>")
    child.sendintr()
    child.expect(r"stopped: nothing is lost; continue with: gamerec record -o \S+ --resume \S+")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    rec = Recorder.resume(tmp_path / "g.grec.journal")
    assert len(rec.deals[0].actions) == 1 and rec.deals[0].actions[0].seat == seat
    assert rec.header.meta.date is not None  # --date: today by default
    rec.close()
    model.close()


def test_a_typo_in_one_hand_asks_for_that_hand_only(tmp_path: Path) -> None:
    child = spawn(tmp_path, "-g", "blackball", "-p", "Ann,Bo", "--event", "Club night", "--site", "Bo's")
    child.expect(r"dealer \(seat 0-1\):")
    enter(child, "0")
    child.expect(r"hand 0 \(Ann, 1 card\):")
    enter(child, "R1")
    child.expect("✗ .*R1")
    child.expect(r"hand 0 \(Ann, 1 card\):")
    enter(child, "QS")
    child.expect(r"hand 1 \(Bo, 1 card\):")
    enter(child, "QS")
    child.expect("✗ QS: in a hand typed already")
    child.expect(r"hand 1 \(Bo, 1 card\):")
    enter(child, "4C")
    child.expect("up-card of round 1:")
    enter(child, "AH")
    child.expect("to move>")
    child.sendeof()
    child.expect(pexpect.EOF)
    rec = Recorder.resume(tmp_path / "g.grec.journal")
    deck = rec.game.deck
    assert rec.deals[0].hands == [[deck.parse("QS")], [deck.parse("4C")]] and rec.deals[0].stock == [
        deck.parse("AH")
    ]
    assert (rec.header.meta.event, rec.header.meta.site) == ("Club night", "Bo's")
    rec.close()


def test_plain_lines_through_a_pipe(tmp_path: Path) -> None:
    """Not a terminal: plain lines (no prompt_toolkit), names as seats, show, score."""
    typed = "0\nQS\n4C\nAH\nBo bid 0\nshow\nscore\nquit\n"
    r = subprocess.run(
        [*PYTHON, "record", "-o", "g.grec", "-g", "blackball", "-p", "Ann,Bo", "--date", "2024-05-01"],
        input=typed, capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "\x1b[?2004" not in r.stdout and "▶ 0 Ann: QS" in r.stdout and "Total" in r.stdout
    # the score sheet line by line (it came as one line, its breaks shown as ⏎)
    assert "⏎" not in r.stdout and any(line.startswith("Total") for line in r.stdout.splitlines())
    rec = Recorder.resume(tmp_path / "g.grec.journal")
    assert rec.deals[0].actions == [Bid(1, 0)] and rec.header.meta.date == "2024-05-01"
    rec.close()


def test_a_13_round_blackball_game_with_no_more_keystrokes_than_its_actions(tmp_path: Path) -> None:
    model = Recorder.start(tmp_path / "m.journal", "blackball", ["Ann", "Bo", "Cy"], hands="seed", seed=8)
    lines: list[str] = []
    while model.status() != "over":
        if model.status() == "deal":
            model.deal_from_seed()
            continue
        legal = model.legal()
        lines.append(legal[-1].partition(" ")[2])
        model.enter(legal[-1])
    model.close()
    needed = sum(len(line) + 1 for line in lines)  # each action's words and Enter
    child = spawn(tmp_path, "-g", "blackball", "-p", "Ann,Bo,Cy", "--hands", "seed", "--seed", "8")
    sent = 0
    for line in lines:
        child.expect("to move>")
        enter(child, line)
        sent += len(line) + 1
    child.expect("valid")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0 and sent == needed
    assert (tmp_path / "g.grec").exists()


def test_the_trump_announced_keeps_its_card_code(tmp_path: Path) -> None:
    """A seeded deal announced its trump as `→ trump ♣ clubs (up-card 8c)`: the whole line
    lower-cased, the card code too, where `show` says 8C."""
    r = subprocess.run(
        [*PYTHON, "record", "-o", "g.grec", "-g", "blackball", "-p", "Ann,Bo,Cy", "--hands", "seed",
         "--seed", "1"],
        input="quit\n", capture_output=True, text=True, cwd=tmp_path, env=ENV, timeout=120,
    )  # fmt: skip
    assert r.returncode == 0, r.stderr
    assert "→ trump ♣ clubs (up-card 8C)" in r.stdout, r.stdout
