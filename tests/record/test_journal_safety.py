"""The recorder's journal under a hostile or unlucky user (issue 12, items 1 to 4 and the
journal half of 20): the journal is never the output, an existing output is kept without
--force, one recorder at a time holds a journal, every entry fits the format's limits before
it reaches the journal, and a journal with a damaged line resumes up to it, keeping a copy.
Numbers typed at the record prompt never crash it."""

from __future__ import annotations

import errno
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli

import gamerec.record as record_module
import gamerec.recording.recorder as recording_module
from gamerec.errors import GamerecError
from gamerec.record import Bid
from gamerec.recording.recorder import Recorder, Rejected

PYTHON = [sys.executable, "-c", "from gamerec.cli import main; main()"]
BROKEN = FIXTURES / "broken"
#: a short forest game, dealt from a seed: 18 actions
GAME = ("-g", "forest", "-p", "A,B,C", "--rule", "max_number=3", "--rule", "hand_size=2", "--hands", "seed",
        "--seed", "1")  # fmt: skip


def start(journal: Path) -> Recorder:
    return Recorder.start(journal, "forest", ["A", "B", "C"], {"max_number": 3, "hand_size": 2}, hands="seed",
                          seed=1)  # fmt: skip


def actions(tmp: Path) -> list[str]:
    """The actions of GAME when each is chosen by a seeded generator among the legal ones."""
    rec = start(tmp / "model.journal")
    rng = random.Random(5)
    out = []
    while rec.status() != "over":
        if rec.status() == "deal":
            rec.deal_from_seed()
        else:
            out.append(rng.choice(rec.legal()))
            rec.enter(out[-1])
    rec.close()
    (tmp / "model.journal").unlink()
    return out


def typed(lines: list[str]) -> bytes:
    return "".join(f"{line}\n" for line in lines).encode()


def journal_of(tmp: Path, steps: int, name: str = "game.journal") -> Path:
    """A journal (closed) of GAME's first ``steps`` actions."""
    path = tmp / name
    rec = start(path)
    for action in actions(tmp)[:steps]:
        if rec.status() == "deal":
            rec.deal_from_seed()
        rec.enter(action)
    rec.close()
    return path


def one_line(stderr: str) -> str:
    lines = stderr.strip().split("\n")
    assert len(lines) == 1 and lines[0], stderr
    assert "Traceback" not in stderr
    return lines[0]


# -- item 1: the journal is never the output ------------------------------------------------------
def test_journal_equal_to_output_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 12, item 1: `record -o g.grec --journal g.grec` wrote g.grec, then unlinked the
    journal, the same file: exit 0 and an empty folder."""
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-o", "g.grec", "--journal", "g.grec", *GAME, input=typed(actions(tmp_path)))
    assert r.exit_code == 2, r.stdout
    assert "g.grec" in one_line(r.stderr) and "journal" in r.stderr
    assert list(tmp_path.iterdir()) == []  # refused up front: nothing asked, nothing made


def test_output_equal_to_the_resumed_journal_is_refused(tmp_path: Path) -> None:
    """Issue 12, item 1: `-o j.journal --resume j.journal`."""
    journal = journal_of(tmp_path, 5, "j.journal")
    before = journal.read_bytes()
    rest = typed(actions(tmp_path)[5:])
    r = cli("record", "-o", journal, "--resume", journal, input=rest)
    assert r.exit_code == 2, r.stdout
    assert "j.journal" in one_line(r.stderr)
    assert journal.read_bytes() == before


@pytest.mark.parametrize("link", ["symlink", "hardlink"])
def test_an_output_linked_to_the_journal_is_refused(link: str, tmp_path: Path) -> None:
    journal = journal_of(tmp_path, 5)
    before = journal.read_bytes()
    output = tmp_path / "g.grec"
    (output.symlink_to if link == "symlink" else output.hardlink_to)(journal)
    r = cli("record", "-o", output, "--resume", journal, "--force", input=typed(actions(tmp_path)[5:]))
    assert r.exit_code == 2, r.stdout
    one_line(r.stderr)
    assert journal.read_bytes() == before


def test_a_journal_symlinked_to_the_output_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("j").symlink_to("g.grec")  # dangling: the output does not exist yet
    r = cli("record", "-o", "g.grec", "--journal", "j", *GAME, input=typed(actions(tmp_path)))
    assert r.exit_code == 2, r.stdout
    one_line(r.stderr)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["j"]


def test_finish_never_writes_over_its_journal(tmp_path: Path) -> None:
    rec = start(tmp_path / "j")
    rec.deal_from_seed()
    rec.enter(rec.legal()[0])
    before = (tmp_path / "j").read_bytes()
    with pytest.raises(GamerecError, match="journal"):
        rec.finish(tmp_path / "j")
    assert (tmp_path / "j").read_bytes() == before


# -- item 2: an existing output is kept without --force -------------------------------------------
def test_resume_onto_an_existing_output_needs_force(tmp_path: Path) -> None:
    """Issue 12, item 2: `record --resume J -o existing.grec` replaced existing.grec."""
    journal = journal_of(tmp_path, 5)
    before = journal.read_bytes()
    existing = tmp_path / "existing.grec"
    existing.write_text("hello\n")
    rest = typed(actions(tmp_path)[5:])
    r = cli("record", "-o", existing, "--resume", journal, input=rest)
    assert r.exit_code == 2
    assert "--force" in one_line(r.stderr) and "existing.grec" in r.stderr
    assert r.stdout == ""  # refused before any prompting
    assert existing.read_text() == "hello\n" and journal.read_bytes() == before
    r = cli("record", "-o", existing, "--resume", journal, "--force", input=rest)
    assert r.exit_code == 0, r.stderr
    assert existing.read_bytes().startswith(b"\x89GREC") and not journal.exists()


# -- item 3: one recorder at a time ----------------------------------------------------------------
def test_two_recorders_of_one_journal_in_one_process(tmp_path: Path) -> None:
    journal = journal_of(tmp_path, 5)
    first = Recorder.resume(journal)
    with pytest.raises(GamerecError, match=f"in use by process {os.getpid()}"):
        Recorder.resume(journal)
    with pytest.raises(GamerecError, match="in use"):
        Recorder.start(journal, "forest", ["A", "B", "C"], force=True)
    first.close()
    again = Recorder.resume(journal)  # released at close
    again.enter(again.legal()[0])
    again.close()


def spawn_resume(journal: Path, output: Path) -> subprocess.Popen[bytes]:
    """`gamerec record --resume` in its own process, once it holds the journal."""
    child = subprocess.Popen(
        [*PYTHON, "record", "-o", str(output), "--resume", str(journal)],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "NO_COLOR": "1"},
    )  # fmt: skip
    assert child.stdout is not None
    line = child.stdout.readline()  # printed once the journal is read, locked and resumed
    assert line.startswith(b"resuming forest"), (line, child.stderr.read() if child.stderr else b"")
    return child


def test_two_processes_resuming_one_journal(tmp_path: Path) -> None:
    """Issue 12, item 3: two `record --resume` of one journal at once both appended, and the
    journal was then refused for good ([out-of-turn])."""
    journal = journal_of(tmp_path, 5)
    rest = actions(tmp_path)[5:]
    holder = spawn_resume(journal, tmp_path / "a.grec")
    try:
        before = journal.read_bytes()
        second = subprocess.run([*PYTHON, "record", "-o", str(tmp_path / "b.grec"), "--resume", str(journal)],
                                input=typed(rest), capture_output=True, timeout=60)  # fmt: skip
        assert second.returncode == 2, second.stdout
        message = one_line(second.stderr.decode())
        assert "in use" in message and f"process {holder.pid}" in message and str(journal) in message
        assert journal.read_bytes() == before
        # the holder goes on, and finishes the game
        out, err = holder.communicate(typed(rest), timeout=60)
    finally:
        holder.kill()
        holder.wait()
    assert holder.returncode == 0, err
    assert b"wrote" in out and (tmp_path / "a.grec").exists() and not journal.exists()
    assert not (tmp_path / "b.grec").exists()


def test_a_killed_recorder_releases_the_journal(tmp_path: Path) -> None:
    journal = journal_of(tmp_path, 5)
    holder = spawn_resume(journal, tmp_path / "a.grec")
    holder.kill()  # SIGKILL: no clean-up runs
    holder.wait()
    rec = Recorder.resume(journal)
    rec.close()


# -- item 4: every entry within the format's limits ----------------------------------------------
def test_a_note_over_the_limit_is_rejected_before_the_journal(tmp_path: Path) -> None:
    """Issue 12, item 4: `note` took a note over 4,096 characters; every later --resume
    failed on it."""
    journal = journal_of(tmp_path, 5)
    rec = Recorder.resume(journal)
    before = journal.read_bytes()
    with pytest.raises(Rejected) as info:
        rec.note("x" * 5000)
    assert info.value.rule == "format.limit" and "4096" in info.value.message
    with pytest.raises(Rejected) as info:
        rec.enter(f"{rec.legal()[0]} ; {'x' * 5000}")
    assert info.value.rule == "format.limit"
    assert journal.read_bytes() == before
    assert rec.note("x" * 4096).endswith("x" * 4096)  # at the limit: kept
    rec.close()
    again = Recorder.resume(journal)
    assert again.repair is None
    again.close()


def test_the_note_command_over_the_limit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The issue's reproduction through the prompt: the recording goes on, and resumes."""
    monkeypatch.chdir(tmp_path)
    game = actions(tmp_path)
    r = cli("record", "-o", "g.grec", *GAME, input=typed([*game[:3], "note " + "x" * 5000, "quit"]))
    assert r.exit_code == 0, r.stderr
    assert "[format.limit]" in r.stdout
    r = cli("record", "-o", "g.grec", "--resume", "g.grec.journal", input=typed(game[3:]))
    assert r.exit_code == 0, r.stderr
    assert r.stderr == ""
    assert Path("g.grec").exists()


def test_an_action_over_a_limit_with_unknown_hands(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "blackball", ["A", "B"], hands="unknown")
    rec.begin_deal(0, None, [0])
    with pytest.raises(Rejected) as info:
        rec.enter("1 bid 0 ; " + "y" * 4097)
    assert info.value.rule == "format.limit"
    rec.close()
    assert len((tmp_path / "j").read_bytes().splitlines()) == 2  # the header and the deal


def test_stock_deals_and_actions_stop_at_their_limits(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(record_module, "MAX_CARDS", 2)
    monkeypatch.setattr(record_module, "MAX_ACTIONS", 3)
    rules = {"hand_size": 3, "max_number": 5}
    rec = Recorder.start(tmp_path / "j", "forest", ["A", "B"], rules, hands="unknown")
    rec.begin_deal(0, None, [])
    rec.reveal("G1")
    rec.reveal("G2")  # (given before trick 2 asks for it)
    with pytest.raises(Rejected, match="stock") as info:
        rec.reveal("G3")  # a third card in the stock
    assert info.value.rule == "format.limit"
    for action in ("0 play R1", "1 play R2", "1 play R3"):
        rec.enter(action)
    with pytest.raises(Rejected, match="actions") as info:
        rec.enter("0 play R4")  # a fourth action in the deal
    assert info.value.rule == "format.limit"
    rec.close()
    monkeypatch.setattr(record_module, "MAX_CARDS", 1024)
    monkeypatch.setattr(record_module, "MAX_ACTIONS", 100_000)
    monkeypatch.setattr(record_module, "MAX_DEALS", 1)
    rec = Recorder.start(tmp_path / "k", "blackball", ["A", "B"], hands="unknown")
    rec.begin_deal(0, None, [0])
    for action in ("1 bid 0", "0 bid 0", "1 play AH", "0 play 2S"):
        rec.enter(action)
    with pytest.raises(Rejected, match="deals") as info:
        rec.begin_deal(1, None, [13])
    assert info.value.rule == "format.limit"
    rec.close()


def test_a_player_name_over_the_limit_is_refused_at_the_start(tmp_path: Path) -> None:
    with pytest.raises(GamerecError, match="256"):
        Recorder.start(tmp_path / "j", "blackball", ["A", "B" * 300])
    assert not (tmp_path / "j").exists()


# -- items 4 and 20: a damaged journal resumes up to the damage, and keeps a copy -----------------
def with_line(journal: Path, number: int, line: bytes) -> bytes:
    """The journal with ``line`` put in as its line ``number``; its bytes."""
    lines = journal.read_bytes().splitlines(keepends=True)
    lines.insert(number - 1, line + b"\n")
    journal.write_bytes(b"".join(lines))
    return journal.read_bytes()


def test_a_journal_holding_a_note_over_the_limit_resumes_up_to_it(tmp_path: Path) -> None:
    journal = journal_of(tmp_path, 5)
    sound = journal.read_bytes().splitlines(keepends=True)
    note = b'{"note":"%s ; %s"}' % (sound[-1][11:-3], b"x" * 5000)  # the last action, noted
    with_line(journal, len(sound) + 1, note)
    with_line(journal, len(sound) + 2, sound[-1].rstrip(b"\n"))  # a line after it
    original = journal.read_bytes()
    rec = Recorder.resume(journal)
    assert rec.repair is not None
    assert f"line {len(sound) + 1} " in rec.repair and "4096" in rec.repair
    backup = Path(f"{journal}.damaged")
    assert str(backup) in rec.repair
    assert backup.read_bytes() == original  # nothing lost
    assert journal.read_bytes() == b"".join(sound)  # cut before the damaged line
    rec.enter(rec.legal()[0])  # and it goes on
    rec.close()
    again = Recorder.resume(journal)
    assert again.repair is None
    again.close()


@pytest.mark.parametrize(
    ("name", "line", "why"),
    [
        ("journal-damaged-middle-line.journal", 3, "not JSON"),
        ("journal-deal-not-int.journal", 2, "seat"),
        ("journal-entry-a-number.journal", 3, "entry"),
        ("journal-note-before-action.journal", 3, "no action"),
        ("journal-illegal-action.journal", 3, "out-of-turn"),
    ],
)
def test_a_damaged_middle_line_resumes_up_to_it(name: str, line: int, why: str, tmp_path: Path) -> None:
    journal = tmp_path / name
    original = (BROKEN / name).read_bytes()
    journal.write_bytes(original)
    r = cli("record", "-o", tmp_path / "g.grec", "--resume", journal, input=b"")
    assert r.exit_code == 1, r.stderr
    message = one_line(r.stderr)
    assert message.startswith(f"{journal}: line {line} ") and why in message, message
    assert f"{journal}.damaged" in message
    assert Path(f"{journal}.damaged").read_bytes() == original
    kept = original.splitlines(keepends=True)
    assert journal.read_bytes().startswith(b"".join(kept[: line - 1]))  # cut there (a seeded deal may follow)
    assert kept[line - 1] not in journal.read_bytes().splitlines(keepends=True)
    assert "nothing is lost" in r.stdout


def test_a_second_damage_keeps_the_first_copy(tmp_path: Path) -> None:
    journal = journal_of(tmp_path, 5)
    with_line(journal, 3, b"garbage")
    first = journal.read_bytes()
    Recorder.resume(journal).close()
    with_line(journal, 2, b"more garbage")
    second = journal.read_bytes()
    rec = Recorder.resume(journal)
    assert rec.repair is not None and f"{journal}.damaged.2" in rec.repair
    rec.close()
    assert Path(f"{journal}.damaged").read_bytes() == first
    assert Path(f"{journal}.damaged.2").read_bytes() == second


def test_journal_errors_give_the_journals_own_line_numbers(tmp_path: Path) -> None:
    """Issue 12, item 20: a bad entry said "line 1, column 8" (of the notation rebuilt
    inside) instead of its line in the journal."""
    journal = journal_of(tmp_path, 5)
    with_line(journal, 4, b'{"action":"0 play Q9"}')
    rec = Recorder.resume(journal)
    assert rec.repair is not None
    assert rec.repair.startswith(f"{journal}: line 4 of the journal") and "line 1" not in rec.repair
    assert "Q9" in rec.repair
    rec.close()


def test_a_journal_with_a_bom_is_read(tmp_path: Path) -> None:
    journal = journal_of(tmp_path, 5)
    plain = Recorder.resume(journal)
    plain.close()
    journal.write_bytes(b"\xef\xbb\xbf" + journal.read_bytes())
    rec = Recorder.resume(journal)
    assert rec.repair is None
    assert rec.record() == plain.record()
    rec.enter(rec.legal()[0])
    rec.close()
    assert Recorder.resume(journal).deals[-1].actions[-1] == rec.deals[-1].actions[-1]


def test_a_damaged_header_is_still_refused(tmp_path: Path) -> None:
    journal = tmp_path / "j"
    original = (BROKEN / "journal-seed-not-int.journal").read_bytes()
    journal.write_bytes(original)
    r = cli("record", "-o", tmp_path / "g.grec", "--resume", journal, input=b"")
    assert r.exit_code == 2
    assert one_line(r.stderr).startswith(f"gamerec: {journal}: the journal's header: ")
    assert journal.read_bytes() == original and sorted(p.name for p in tmp_path.iterdir()) == ["j"]


# -- numbers typed at the prompt ----------------------------------------------------------------
@pytest.mark.parametrize("answer", ["7" * 5000, "²", "-1", "99"])
def test_a_seat_number_that_is_no_seat_asks_again(
    answer: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 12, item 13 at the record prompt: 5,000 digits for the dealer crashed it
    (ValueError: Exceeds the limit, exit 3)."""
    monkeypatch.chdir(tmp_path)
    r = cli(
        "record", "-o", "g.grec", "-g", "blackball", "-p", "A,B", input=typed([answer, "0", "QS", "4C", "AH"])
    )
    assert r.exit_code == 1, r.stderr
    assert r.stdout.count("dealer (seat 0-1): ") == 2 and "✗" in r.stdout
    assert Recorder.resume("g.grec.journal").deals[0].dealer == 0


def test_a_huge_number_in_an_action_is_rejected(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    typing = ["0", "QS", "4C", "AH", "1 bid " + "7" * 5000, "7" * 5000 + " bid 0", "1 bid 0"]
    r = cli("record", "-o", "g.grec", "-g", "blackball", "-p", "A,B", input=typed(typing))
    assert r.exit_code == 1, r.stderr
    assert r.stdout.count("✗") == 2
    assert Recorder.resume("g.grec.journal").deals[0].actions == [Bid(1, 0)]


def test_a_step_the_rules_refuse_is_found_at_its_own_line(tmp_path: Path) -> None:
    """After undo and note entries, the line cut is the one of the step refused."""
    journal = journal_of(tmp_path, 8)  # header, deal 1 and its 6 actions, deal 2 and 2 actions
    lines = journal.read_bytes().splitlines()
    assert len(lines) == 11 and lines[8].startswith(b'{"deal"')
    last = lines[-1]
    action = last[len(b'{"action":"') : -2]
    for line in (b'{"undo":1}', last, b'{"note":"%s ; again"}' % action, b"", last):
        with_line(journal, len(journal.read_bytes().splitlines()) + 1, line)
    rec = Recorder.resume(journal)  # line 16 (after a blank line) plays the card of line 13 again
    assert rec.repair is not None and rec.repair.startswith(f"{journal}: line 16 of the journal is damaged")
    assert "a step the rules refuse" in rec.repair
    assert rec.deals[-1].actions[-1].note == "again"
    rec.close()


def test_a_full_disk_names_the_journal_and_leaves_no_part_of_a_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    journal = journal_of(tmp_path, 5)
    rec = Recorder.resume(journal)
    before, actions_before = journal.read_bytes(), list(rec.deals[-1].actions)
    real_write = os.write

    def full(fd: int, data: bytes) -> int:  # half a line gets in, then the disk is full
        if len(data) > 4:
            return real_write(fd, bytes(data[:4]))
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(recording_module.os, "write", full)
    with pytest.raises(GamerecError, match=f"{journal}: cannot write the journal: No space left"):
        rec.enter(rec.legal()[0])
    monkeypatch.undo()
    assert journal.read_bytes() == before and rec.deals[-1].actions == actions_before
    rec.enter(rec.legal()[0])
    rec.close()
    again = Recorder.resume(journal)
    assert again.repair is None and again.deals[-1].actions == rec.deals[-1].actions
    again.close()
