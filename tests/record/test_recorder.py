"""Recording at the table: the Recorder (checks at entry, undo, notes, the journal and
resuming, unknown hands rebuilt from the plays, the stock revealed as it comes) and
`gamerec record` driven through a pseudo-terminal, killed in the middle and resumed."""

from __future__ import annotations

import datetime
import os
import random
import signal
import sys
from pathlib import Path

import pytest

from gamerec.errors import GamerecError
from gamerec.format.binary import encode_binary
from gamerec.format.read import read_file
from gamerec.record import Bid, Meta
from gamerec.recording.recorder import Recorder, Rejected

PYTHON = [sys.executable, "-c", "from gamerec.cli import main; main()"]


def play_out(rec: Recorder, stop_after: int | None = None, games: int = 1) -> int:
    """Enter legal actions (chosen by a seeded generator) until the game is over, or
    ``stop_after`` actions; a record of several games (black-swan-taroc) stops after
    ``games`` of them."""
    rng = random.Random(3)
    done = 0
    while stop_after is None or done < stop_after:
        status = rec.status()
        if status == "over" or (status == "deal" and rec.game.open_ended and len(rec.deals) == games):
            break
        if status == "deal":
            rec.deal_from_seed()
        elif rec.needs_stock:
            raise AssertionError("seeded deals give the whole stock")
        else:
            rec.enter(rng.choice(rec.legal()))
            done += 1
    return done


@pytest.mark.parametrize(
    ("game", "players"),
    [("blackball", 3), ("black-swan-2012", 2), ("black-swan-taroc", 2), ("forest", 3)],
)
def test_a_seeded_game_recorded_to_the_end_is_valid(game: str, players: int, tmp_path: Path) -> None:
    names = [f"P{i}" for i in range(players)]
    rec = Recorder.start(tmp_path / "j", game, names, hands="seed", seed=4)
    play_out(rec)
    verdict = rec.finish(tmp_path / "out.grec")
    assert verdict.status == "valid", verdict.message()
    assert not (tmp_path / "j").exists()


def test_a_mistake_is_explained_with_the_legal_choices(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "blackball", ["Ann", "Bo", "Cy"], {"hook": True})
    rec.begin_deal(0, [[49], [2], [38]], [25])  # QS, 4C, AH; up-card AD
    assert rec.enter("1 bid 0") == []
    with pytest.raises(Rejected) as info:
        rec.enter("1 bid 1")
    assert info.value.rule == "out-of-turn"
    assert info.value.legal == ["2 bid 0", "2 bid 1"]
    rec.enter("bid 1")  # the seat left out: the seat to move
    with pytest.raises(Rejected) as info:
        rec.enter("0 bid 0")  # 0 + 1 + 0 = 1 = the hand size: the hook forbids it
    assert info.value.rule == "hook"
    assert info.value.legal == ["0 bid 1"]
    rec.enter("0 bid 1")
    assert rec.note("keen") == "0 bid 1 ; keen"
    assert rec.undo() == "the note on 0 bid 1"  # undo takes back one entry at a time
    assert rec.undo() == "0 bid 1"
    rec.enter("0 bid 1")
    events = []
    for a in ("1 play 4C", "2 play AH", "0 play QS"):
        events += rec.enter(a)
    assert events[0] == "trick 1 (4C AH QS) won by Bo"  # no trump (diamonds) played: 4C leads
    assert events[1].startswith("round 1 scored: Ann 0, Bo 0, Cy 0")
    assert rec.record().deals[0].actions[0] == Bid(1, 0)


def test_the_journal_survives_a_torn_last_line(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    rec = Recorder.start(journal, "forest", ["A", "B", "C"], hands="seed", seed=1)
    play_out(rec, stop_after=7)
    rec.close()
    whole = journal.read_bytes()
    journal.write_bytes(whole + b'{"action": "0 pla')  # killed while writing
    again = Recorder.resume(journal)
    assert encode_binary(again.record()) == encode_binary(rec.record())
    assert again.hands == "seed" and again.seed == 1
    play_out(again)
    assert again.finish(tmp_path / "f.grec").status == "valid"


def test_refused_starts(tmp_path: Path) -> None:
    with pytest.raises(GamerecError, match="taroc needs the hands"):
        Recorder.start(tmp_path / "j", "black-swan-taroc", ["A", "B"], hands="unknown")
    Recorder.start(tmp_path / "j2", "blackball", ["A", "B"]).close()
    with pytest.raises(GamerecError, match="a journal is there already"):
        Recorder.start(tmp_path / "j2", "blackball", ["A", "B"])
    with pytest.raises(GamerecError, match="not a gamerec journal"):
        (tmp_path / "j3").write_text('{"deal": 0}\n')
        Recorder.resume(tmp_path / "j3")


def test_unknown_hands_are_checked_live_and_rebuilt_at_the_deal_end(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "blackball", ["Ann", "Bo"], hands="unknown")
    with pytest.raises(Rejected):
        rec.begin_deal(0, [[38]], [0])  # one hand for two players
    # round 1 (one card each): whose turn it is, and the cards seen, are known
    rec.begin_deal(0, None, [0])  # up-card 2C
    assert rec.to_move() == 1 and rec.legal() == ["1 bid 0", "1 bid 1"]
    assert rec.enter("1 bid 0") == [] and rec.enter("0 bid 0") == []
    rec.enter("1 play AH")
    with pytest.raises(Rejected, match="AH is seen already in this round") as seen:
        rec.enter("0 play AH")
    assert seen.value.rule == "not-held"
    with pytest.raises(Rejected, match=r"2C is seen already in this round \(the up-card\)"):
        rec.enter("0 play 2C")
    events = rec.enter("0 play 2S")
    assert events[0] == "trick 1 (AH 2S) won by Bo"
    assert [rec.game.deck.codes_of(h) for h in rec.deals[0].hands or []] == ["2S", "AH"]
    # round 2 (two cards): Bo answers Ann's heart lead with a spade, then plays a heart
    assert rec.expected_seat() == 1
    rec.begin_deal(1, None, [13])  # up-card 2D
    for a in ("0 bid 0", "1 bid 0", "0 play AH", "1 play 2S", "0 play 4C"):
        rec.enter(a)
    assert "1 play 3H" not in rec.legal()  # Bo showed out of hearts
    with pytest.raises(Rejected) as info:
        rec.enter("1 play 3H")  # it held the heart when it played the spade
    assert info.value.rule == "follow-suit"
    assert "action 4 of the round (1 play 2S) was illegal" in info.value.message
    d = rec.deals[-1]
    assert d.hands is None and len(d.actions) == 5  # nothing is lost: undo back to it to correct it
    for _ in range(2):
        rec.undo()
    rec.enter("1 play 3H")
    rec.enter("0 play 4C")
    events = rec.enter("1 play 2S")
    assert any(e.startswith("round 2 scored") for e in events)
    assert [rec.game.deck.codes_of(h) for h in rec.deals[-1].hands or []] == ["AH 4C", "3H 2S"]
    # undo at a rebuilt deal makes its hands unknown again
    rec.undo()
    assert rec.deals[-1].hands is None


def test_forest_cards_are_revealed_as_they_come(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "forest", ["A", "B", "C"], {"max_number": 3, "hand_size": 2})
    deck = rec.game.deck
    hands = [[deck.parse(c) for c in h.split()] for h in ("R1 B1", "R2 B2", "R3 B3")]
    rec.begin_deal(0, hands, [])
    assert rec.needs_stock  # the first forest card is turned before the first trick
    rec.reveal("G1")
    assert not rec.needs_stock
    for a in ("0 play R1", "1 play R2", "2 play R3"):
        rec.enter(a)
    assert rec.needs_stock
    rec.reveal("G2")
    assert not rec.needs_stock
    assert rec.game.deck.codes_of(rec.deals[-1].stock) == "G1 G2"
    with pytest.raises(Rejected, match="not a forest card code"):
        rec.reveal("Q9")


# -- the command, through a pseudo-terminal -------------------------------------------------
pexpect = pytest.importorskip("pexpect")
#: what the terminal prompt (prompt_toolkit) writes when it has taken a line: bracketed paste off
DONE = "\x1b[?2004l"


def expected_actions(game: str, names: list[str], seed: int, tmp: Path) -> tuple[list[str], bytes]:
    """The actions a seeded recording takes when it always enters the first legal one,
    and the record it writes."""
    today = datetime.date.today().isoformat()  # the record's date: today by default
    rec = Recorder.start(tmp / "model.journal", game, names, meta=Meta(date=today), hands="seed", seed=seed)
    rng = random.Random(5)
    actions = []
    while rec.status() != "over":
        if rec.status() == "deal":
            rec.deal_from_seed()
        else:
            action = rng.choice(rec.legal())
            actions.append(action)
            rec.enter(action)
    rec.finish(tmp / "model.grec")
    return actions, (tmp / "model.grec").read_bytes()


def test_record_killed_in_the_middle_and_resumed(tmp_path: Path) -> None:
    names = ["Ann", "Bo", "Cy"]
    actions, model = expected_actions("forest", names, 9, tmp_path)
    out = tmp_path / "game.grec"
    env = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200", "PROMPT_TOOLKIT_NO_CPR": "1"}
    args = [*PYTHON[1:], "record", "-o", str(out), "-g", "forest", "-p", ", ".join(names), "--hands", "seed",
            "--seed", "9"]  # fmt: skip
    child = pexpect.spawn(
        PYTHON[0], args, env=env, encoding="utf-8", timeout=30, cwd=str(tmp_path), dimensions=(40, 200)
    )
    half = len(actions) // 2
    for action in actions[:half]:
        child.expect("to move>")
        child.sendline(action)
        child.expect_exact(DONE)  # the line is taken (the prompt redraws it first)
    child.expect("to move>")  # the last one was accepted and journaled
    child.kill(signal.SIGKILL)
    child.wait()
    assert not out.exists()
    journal = Path(f"{out}.journal")
    assert journal.exists()
    resumed = pexpect.spawn(
        PYTHON[0], [*PYTHON[1:], "record", "-o", str(out), "--resume", str(journal)],
        env=env, encoding="utf-8", timeout=30, cwd=str(tmp_path), dimensions=(40, 200),
    )  # fmt: skip
    resumed.expect("resuming forest: Ann, Bo, Cy")
    # a mistake first: explained, with the legal choices
    resumed.expect("to move>")
    resumed.sendline("7 play R1")
    resumed.expect(r"✗ .*\[out-of-turn\]")
    resumed.expect("legal: ")
    for action in actions[half:]:
        resumed.expect("to move>")
        resumed.sendline(action)
        resumed.expect_exact(DONE)
    resumed.expect("valid")
    resumed.expect(f"wrote {out}")
    resumed.expect(pexpect.EOF)
    resumed.close()
    assert resumed.exitstatus == 0
    assert out.read_bytes() == model
    assert not journal.exists()
    (entry,) = read_file(out)
    assert entry.record is not None and entry.record.players == names


def test_record_asks_for_the_game_players_and_typed_hands(tmp_path: Path) -> None:
    out = tmp_path / "typed.gtxt"
    child = pexpect.spawn(
        PYTHON[0], [*PYTHON[1:], "record", "-o", str(out)],
        env={**os.environ, "NO_COLOR": "1", "PROMPT_TOOLKIT_NO_CPR": "1"},
        encoding="utf-8",
        timeout=30,
        cwd=str(tmp_path),
        dimensions=(40, 200),
    )  # fmt: skip
    child.expect("game ")
    child.sendline("blackball")
    child.expect("players, comma-separated:")
    child.sendline("Ann, Bo")
    child.expect(r"rules options KEY=VALUE \(schedule, hook, must_trump; blank for the defaults\):")
    child.sendline("hook=true")
    child.expect(r"dealer \(seat 0-1\):")
    child.sendline("0")
    child.expect(r"hand 0 \(Ann, 1 card\):")
    child.sendline("QS")
    child.expect(r"hand 1 \(Bo, 1 card\):")
    child.sendline("XX")
    child.expect("✗ .*XX")
    child.expect(r"hand 1 \(Bo, 1 card\):")  # issue 18: that hand again, not the dealer and all hands
    child.sendline("4C")
    child.expect("up-card of round 1:")
    child.sendline("AH")
    child.expect("to move>")
    child.sendline("1 bid 0 ; careful")
    child.expect("to move>")
    child.sendline("legal")
    child.expect(r"legal: 0 bid 0\r?\n")  # the hook: 0 + 1 would make the hand size
    child.expect("to move>")
    child.sendline("quit")
    child.expect("nothing is lost")
    child.expect(pexpect.EOF)
    journal = Path(f"{out}.journal")
    rec = Recorder.resume(journal)
    assert rec.record().deals[0].actions == [Bid(1, 0, "careful")]
    assert rec.header.rules["hook"] is True
