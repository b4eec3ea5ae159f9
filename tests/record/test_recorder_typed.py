"""The recorder keeps typed data end to end: a line typed at the prompt is read once into its
Action, a journal line once on resume; the notation is written only for the journal's lines
and to show people, never read back (issue 32). What it shows comes from the Actions and
cards, as the notation writes them, whatever spelling the journal holds."""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from types import FrameType
from typing import Any

import pytest

from gamerec.format import notation, notation_read
from gamerec.record import Bid, Play
from gamerec.recording.recorder import Recorder

#: the notation's readers: an action line, and a whole record
READERS = {
    notation.parse_action.__code__: "parse_action",
    notation_read.parse_record.__code__: "parse_record",
}


@contextmanager
def reads() -> Iterator[Counter[str]]:
    """How many times each of the notation's readers is called inside the block (however
    the module calling it imported it)."""
    if not notation.__file__.endswith(".py"):  # (a compiled build: its calls are not seen)
        pytest.skip("the notation module is compiled")
    counted: Counter[str] = Counter()
    before = sys.getprofile()

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code in READERS:
            counted[READERS[frame.f_code]] += 1

    sys.setprofile(profile)
    try:
        yield counted
    finally:
        sys.setprofile(before)


def test_each_line_typed_is_read_once_and_nothing_is_read_back(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "blackball", ["Ann", "Bo"])
    deck = rec.game.deck
    rec.begin_deal(0, [[deck.parse("QS")], [deck.parse("4C")]], [deck.parse("AH")])
    typed: list[Callable[[], object]] = [
        lambda: rec.enter("Bo bid 0"),
        lambda: rec.enter("bid 1 ; sure"),
        lambda: rec.note("not so sure"),
        lambda: rec.undo(),  # (the note)
        lambda: rec.enter("1 play 4C"),
    ]
    with reads() as counted:
        for step in typed:
            step()
        rec.enter("0 play QS")
        rec.record()
        verdict = rec.finish(tmp_path / "g.grec")
    assert Path(verdict.source).exists()
    assert counted == {"parse_action": 4}  # the four action lines typed, once each


def test_each_journal_line_is_read_once_on_resume(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "forest", ["Ann", "Bo"], {"hand_size": 2, "max_number": 3})
    rec.begin_deal(0, None, [])
    for line in ("stock G1", "play R1", "note led", "play R2", "stock G2", "play B1"):
        word, _, rest = line.partition(" ")
        if word == "stock":
            rec.reveal(rest)
        elif word == "note":
            rec.note(rest)
        else:
            rec.enter(line)
    rec.close()
    with reads() as counted:
        again = Recorder.resume(tmp_path / "j")
        again.record()
    assert again.repair is None
    assert counted == {"parse_action": 4, "parse_record": 1}  # 3 actions and a note; the header
    assert again.deals[0].actions == rec.deals[0].actions and len(rec.deals[0].actions) == 3
    assert again.deals[0].actions[0] == Play(rec.deals[0].actions[0].seat, rec.game.deck.parse("R1"), "led")
    again.close()


def journal_spelled(tmp_path: Path, game: str, rules: dict[str, Any], *lines: str) -> Path:
    """A journal of ``game`` (two players, Ann and Bo, hands typed) holding ``lines`` after
    its header: entries spelled as a person editing it might (card codes in lower case or as
    an alias, words in capitals, spaces doubled, a note quoted)."""
    journal = tmp_path / "j"
    Recorder.start(journal, game, ["Ann", "Bo"], rules).close()
    with open(journal, "a", encoding="utf-8") as f:
        f.writelines(line + "\n" for line in lines)
    return journal


def test_actions_and_cards_are_shown_as_the_notation_writes_them_whatever_the_journal_spelling(
    tmp_path: Path,
) -> None:
    """The recorder showed a journal's line as it was spelled (``undone: 1  PLAY 10h ;
    "led"``), and took a note on it from that text: it shows the Action now."""
    journal = journal_spelled(
        tmp_path,
        "blackball",
        {},
        '{"deal":0,"hands":[["2s"],["10h"]],"stock":["ah"]}',
        '{"action":"1  BID 0"}',
        '{"action":"0 bid   0"}',
        '{"action":"1  PLAY 10h ;   \\"led\\""}',
    )
    rec = Recorder.resume(journal)
    assert rec.repair is None
    deck = rec.game.deck
    ten = deck.parse("TH")
    assert rec.deals[0].hands == [[deck.parse("2S")], [ten]] and rec.deals[0].stock == [deck.parse("AH")]
    assert rec.deals[0].actions == [Bid(1, 0), Bid(0, 0), Play(1, ten, "led")]
    assert rec.note("high") == "1 play TH ; high"
    assert rec.undo() == "the note on 1 play TH ; led"
    assert rec.undo() == "1 play TH ; led"
    assert rec.undo() == "0 bid 0"
    rec.close()
    assert journal.read_bytes().splitlines()[-4:] == [
        b'{"note":"1 play TH ; high"}',
        b'{"undo":"note"}',
        b'{"undo":"action"}',
        b'{"undo":"action"}',
    ]


def test_a_stock_card_and_the_action_waiting_for_it_are_shown_as_the_notation_writes_them(
    tmp_path: Path,
) -> None:
    journal = journal_spelled(
        tmp_path,
        "forest",
        {"hand_size": 2, "max_number": 3},
        '{"deal":0,"hands":[["r1","b1"],["r2","b2"]],"stock":[]}',
        '{"stock":"g1"}',
        '{"action":"0 PLAY r1"}',
        '{"action":"1 play  r2"}',
    )
    rec = Recorder.resume(journal)
    assert rec.repair is None and rec.needs_stock
    assert rec.waiting_action() == "1 play R2"  # (the trick's last card comes with the next forest card)
    assert rec.undo() == "1 play R2"
    assert rec.undo() == "0 play R1"
    assert rec.undo() == "stock card G1"
    rec.close()


def test_a_refused_step_in_a_journal_is_named_as_the_notation_writes_it(tmp_path: Path) -> None:
    journal = journal_spelled(
        tmp_path,
        "blackball",
        {},
        '{"deal":0,"hands":[["2s"],["10h"]],"stock":["ah"]}',
        '{"action":"1 bid 0"}',
        '{"action":"0 bid 0"}',
        '{"action":"0 PLAY 2s"}',  # Bo leads, not Ann
    )
    rec = Recorder.resume(journal)
    assert rec.repair is not None and "a step the rules refuse: '0 play 2S': " in rec.repair
    rec.close()
