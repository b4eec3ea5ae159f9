"""Issue 30: recording with real cards (``gamerec record --hands unknown``), checked live and
finished. Each failure the issue quotes, with its exact input, through the command line on a
pipe; then every kind of prompt ended by the end of the input (never a hang)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import record_unknown

from gamerec.bots import simulate
from gamerec.format.notation import format_action
from gamerec.recording.recorder import Recorder, Rejected
from gamerec.recording.tableside import completions, toolbar

PYTHON = [sys.executable, "-c", "from gamerec.cli import main; main()"]
ENV = {**os.environ, "NO_COLOR": "1", "COLUMNS": "200"}
#: a spinning loop is a failure, not a wait: every run here ends in seconds
TIMEOUT = 60
ENDED = "the input ended before the game did, no record written"


def record(tmp_path: Path, typed: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*PYTHON, "record", *args], input=typed, capture_output=True, text=True, cwd=tmp_path, env=ENV,
        timeout=TIMEOUT,
    )  # fmt: skip


UNKNOWN = ["-p", "Ann,Bo", "--hands", "unknown"]
FOREST = ["-g", "forest", *UNKNOWN, "--rule", "hand_size=1", "--rule", "max_number=5"]
BLACKBALL = ["-g", "blackball", *UNKNOWN]
FOREST_2 = ["-g", "forest", *UNKNOWN, "--rule", "hand_size=2", "--rule", "max_number=5"]


# -- 1. it hangs ---------------------------------------------------------------------------------
def test_the_quoted_forest_input_ends_and_resumes(tmp_path: Path) -> None:
    """The issue's input printed the round's score, then spun at 100% CPU with no prompt,
    also after the input ended, and again on --resume."""
    r = record(tmp_path, "0\nAnn play R1\nBo play G2\nB3\n", "-o", "m.grec", *FOREST)
    assert r.returncode == 1, r.stderr
    # the forest card comes first now: the two plays are not cards, B3 is
    assert r.stdout.count("[round 1] forest card for trick 1: ") == 3, r.stdout
    assert "→ trick 1: forest card B3 turned" in r.stdout
    assert ENDED in r.stdout and "--resume m.grec.journal" in r.stdout
    # the rest of the game, resumed: round 1's plays, then round 2, which begins at once
    r = record(tmp_path, "Ann play R1\nBo play G2\n", "-o", "m.grec", "--resume", "m.grec.journal")
    assert r.returncode == 1, r.stderr
    assert "→ round 1 scored: Ann 0, Bo -1" in r.stdout
    again = "gamerec record -o m.grec --resume m.grec.journal"
    assert r.stdout.rstrip().endswith(f"{ENDED}; nothing is lost; continue with: {again}"), r.stdout
    assert "[round 2] forest card for trick 1: " in r.stdout  # round 2 began: its first player is fixed
    r = record(tmp_path, "Y1\nplay K2\nplay G2\n", "-o", "m.grec", "--resume", "m.grec.journal")
    assert r.returncode == 0, r.stdout + r.stderr
    assert "m.grec: record 1: valid" in r.stdout and (tmp_path / "m.grec").exists()


@pytest.mark.parametrize(
    ("game", "players", "rules", "deal"),
    [
        ("blackball", 2, {}, 7),  # the no-trump round, after six good rounds
        ("black-swan-2012", 2, {"target": 5000}, 2),
        ("forest", 3, {"hand_size": 3}, 2),
    ],
    ids=["blackball-round-7", "black-swan-2012-deal-2", "forest-round-2"],
)
def test_a_deal_with_nothing_to_ask_begins_at_once(
    tmp_path: Path, game: str, players: int, rules: dict[str, int], deal: int
) -> None:
    """The start of a deal whose seat is fixed and that asks for no up-card spun for ever."""
    seeded = next(simulate(game, players=players, games=1, seed=4, bot="random", rules=rules))
    typed = record_unknown(seeded, tmp_path / "model.journal")
    assert typed.refused is None
    word = f"{typed.rec.game.deal_word} {deal}"
    before = [line for prompt, line in typed.prompts if not prompt.startswith(f"[{word}]")]
    before = before[: next(i for i, (p, _) in enumerate(typed.prompts) if word in p)]
    names = ",".join(seeded.players)
    args = ["-o", "g.grec", "-g", game, "-p", names, "--hands", "unknown"]
    args += [f"--rule={k}={v}" for k, v in rules.items()]
    r = record(tmp_path, "".join(f"{line}\n" for line in before), *args)
    assert r.returncode == 1, r.stdout + r.stderr
    assert "✗" not in r.stdout, r.stdout
    tail = r.stdout.rsplit(f"{deal - 1} scored", 1)[1]
    assert f"[{word}]" in tail, tail  # the next deal's prompt, then the end of the input
    assert ENDED in tail


# -- 2. nothing that is known is checked ----------------------------------------------------------
def test_turns_and_phases_are_checked_when_entered(tmp_path: Path) -> None:
    r = record(
        tmp_path,
        "Bo\nJC\nBo bid 0\nBo bid 0\nAnn bid 1\nAnn play KC\nBo play 7D\nquit\n",
        "-o",
        "s.grec",
        *BLACKBALL,
    )
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    assert re.findall(r"✗ .*\[([a-z-]+)\]$", r.stdout, re.M) == [
        "out-of-turn", "out-of-turn", "wrong-action", "wrong-action"
    ], r.stdout  # fmt: skip
    assert "✗ out of turn: seat 0 (Ann) is to bid [out-of-turn]" in r.stdout
    assert any(line.strip() == "legal: 0 bid 0, 0 bid 1" for line in lines), r.stdout
    assert "goes back" not in r.stdout
    rec = Recorder.resume(tmp_path / "s.grec.journal")
    assert [format_action(rec.game, a) for a in rec.deals[0].actions] == [
        "0 bid 1"
    ]  # only what was legal was recorded
    rec.close()


def test_the_seat_may_be_left_out_and_legal_says_what_may_be(tmp_path: Path) -> None:
    typed = "Bo\nJC\nlegal\nbid 1\nbid 0\nplay KC\nlegal\nplay 7D\nquit\n"
    r = record(tmp_path, typed, "-o", "s.grec", *BLACKBALL)
    assert r.returncode == 0, r.stderr
    assert "✗" not in r.stdout, r.stdout
    assert "legal: 0 bid 0, 0 bid 1" in r.stdout
    # Bo must follow clubs if it holds one: the clubs not seen first, then every other card
    assert "legal (the hands are unknown): if the seat holds one, one of 1 play 2C, 1 play 3C," in r.stdout
    assert "1 play QC, 1 play AC; else 1 play 2D," in r.stdout  # (JC turned up, KC played)
    assert "→ trick 1 (KC 7D) won by Ann" in r.stdout


def test_a_revoke_is_found_when_the_seat_plays_the_suit(tmp_path: Path) -> None:
    """The breach was found only at the deal's last card, and the deal went back to before
    its action 1: every entry of it was lost."""
    # round 2 (Ann deals, spades trump): Bo leads AH, Ann plays 2C; Bo leads 4C, Ann plays 3H
    typed = (
        "Bo\nJC\nbid 0\nbid 0\nplay KC\nplay 7D\n7S\nbid 0\nbid 0\nplay AH\nplay 2C\nplay 4C\nplay 3H\nquit\n"
    )
    r = record(tmp_path, typed, "-o", "s.grec", *BLACKBALL)
    assert r.returncode == 0, r.stderr
    assert ("✗ 0 play 3H shows that action 4 of the round (0 play 2C) was illegal: must follow hearts: "
            "holds 3H; undo back to it to correct it [follow-suit]") in r.stdout, r.stdout  # fmt: skip
    rec = Recorder.resume(tmp_path / "s.grec.journal")
    assert len(rec.deals[1].actions) == 5  # nothing was lost
    rec.close()


# -- 3. it announces and shows the previous round -----------------------------------------------
def test_the_next_round_is_announced_and_shown(tmp_path: Path) -> None:
    typed = "Bo\nJC\nAnn bid 1\nBo bid 0\nAnn play KC\nBo play 7D\n7S\nshow\nquit\n"
    r = record(tmp_path, typed, "-o", "t.grec", *BLACKBALL)
    assert r.returncode == 0, r.stderr
    assert "up-card of round 2: " in r.stdout
    assert (
        "→ trump ♠ spades (up-card 7S)" in r.stdout
        and "(up-card JC)" not in r.stdout.split("up-card of round 2")[1]
    )
    shown = r.stdout.split("up-card of round 2")[1]
    assert "Round 2 of 13 · 2 cards" in shown and "Round 1 of 13" not in shown
    assert "▶ 1 Bo: (unknown)" in shown  # Bo bids first in round 2


# -- 4. forest never asks for the forest card before a trick -------------------------------------
def test_each_forest_card_is_asked_before_its_trick(tmp_path: Path) -> None:
    args = ["-o", "f.grec", *FOREST_2]
    typed = "0\nR5\nplay R1\nplay R2\nB5\nplay G1\nplay G2\nquit\n"
    r = record(tmp_path, typed, *args)
    assert r.returncode == 0, r.stderr
    out = r.stdout
    # trick 1's last card comes with the card it turns: the trick is told with it
    order = [out.index(s) for s in (
        "[round 1] forest card for trick 1: ", "→ trick 1: forest card R5 turned",
        "[round 1] forest card for trick 2: ", "→ trick 1 (R1 R2) won by Bo",
        "→ trick 2: forest card B5 turned", "→ trick 2 (G1 G2)",
    )]  # fmt: skip
    assert order == sorted(order), out
    assert "the card revealed now" not in out


def test_a_card_seen_already_is_refused_as_a_stock_card(tmp_path: Path) -> None:
    args = ["-o", "f.grec", *FOREST_2]
    r = record(tmp_path, "0\nR5\nplay R1\nplay R2\nR1\nR5\nquit\n", *args)
    assert r.returncode == 0, r.stderr
    assert "✗ R1 is seen already in this round (action 1) [deal-duplicate]" in r.stdout
    assert "✗ R5 is seen already in this round (the forest card for trick 1) [deal-duplicate]" in r.stdout


# -- never hang: the end of the input at every prompt ---------------------------------------------
@pytest.mark.parametrize(
    ("typed", "prompt"),
    [
        ("", "round 1: dealer (seat 0-1): "),
        ("0\n", "up-card of round 1: "),
        ("0\n2C\n", "[round 1] Bo (seat 1) to move> "),
        ("0\n2C\nbid 0\nbid 0\nplay 3C\nplay 4C\n", "up-card of round 2: "),
    ],
    ids=["dealer", "up-card", "action", "next-up-card"],
)
def test_the_end_of_the_input_at_each_prompt_of_blackball(tmp_path: Path, typed: str, prompt: str) -> None:
    r = record(tmp_path, typed, "-o", "g.grec", *BLACKBALL)
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout.rstrip().endswith("--resume g.grec.journal") and ENDED in r.stdout, r.stdout
    assert prompt in r.stdout, r.stdout


def test_the_end_of_the_input_at_a_forest_card(tmp_path: Path) -> None:
    r = record(tmp_path, "1\nR5\nplay R1\nplay R2\n", "-o", "g.grec", *FOREST_2)
    assert r.returncode == 1, r.stdout + r.stderr
    assert r.stdout.count("[round 1] forest card for trick 2: ") == 1 and ENDED in r.stdout


def test_record_help_says_taroc_needs_its_hands(tmp_path: Path) -> None:
    r = subprocess.run(
        [*PYTHON, "record", "--help"], capture_output=True, text=True, env=ENV, timeout=TIMEOUT
    )
    assert "black-swan-taroc" in " ".join(r.stdout.split()), r.stdout


# -- the deal's end, the toolbar and completion ----------------------------------------------------
def test_a_breach_found_at_the_deal_end_goes_back_to_that_action_keeping_those_before(tmp_path: Path) -> None:
    """A journal edited by hand may hold a revoke and the card that proves it (a resumed
    journal's actions are stepped by the rules, not checked again for what they prove): the
    deal's last card rebuilds the hands, the rules find the revoke, and the deal goes back to
    it, every entry before it kept."""
    journal = tmp_path / "g.journal"
    rec = Recorder.start(journal, "blackball", ["Ann", "Bo"], hands="unknown")
    rec.begin_deal(0, None, [rec.game.deck.parse("JC")])
    for line in ("1 bid 0", "0 bid 0", "1 play KC", "0 play 7D"):
        rec.enter(line)
    rec.begin_deal(1, None, [rec.game.deck.parse("7S")])  # spades trump
    for line in ("0 bid 0", "1 bid 0", "0 play 2H", "1 play 2S"):  # Bo trumps Ann's heart
        rec.enter(line)
    rec.close()
    with journal.open("a") as f:  # (the recorder refuses 1 play 3H at entry: it proves the revoke)
        f.write('{"action": "1 play 3H"}\n')
    rec = Recorder.resume(journal)
    assert rec.repair is None and rec.to_move() == 0
    with pytest.raises(Rejected) as info:
        rec.enter("0 play 4C")  # the round's last card: the hands are known now
    assert info.value.rule == "follow-suit" and info.value.action == 3
    assert "action 4 (1 play 2S) is illegal: must follow hearts" in info.value.message
    assert "its 3 actions before it are kept" in info.value.message
    d = rec.deals[-1]
    assert d.hands is None and [format_action(rec.game, a) for a in d.actions] == [
        "0 bid 0",
        "1 bid 0",
        "0 play 2H",
    ]
    assert rec.to_move() == 1 and rec.hidden is not None
    rec.enter("1 play 3H")
    assert rec.to_move() == 1  # (Bo took the trick)
    rec.enter("1 play 2S")
    rec.enter("0 play 4C")
    assert rec.hidden is None and [rec.game.deck.codes_of(h) for h in rec.deals[-1].hands or []] == [
        "2H 4C",
        "3H 2S",
    ]
    rec.close()


def test_the_toolbar_and_tab_offer_what_can_still_be_legal(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "blackball", ["Ann", "Bo"], hands="unknown")
    rec.begin_deal(1, None, [rec.game.deck.parse("JC")])
    assert completions(rec, "b") == ["bid 0", "bid 1"] and completions(rec, "Ann bid") == [
        "Ann bid 0",
        "Ann bid 1",
    ]
    assert completions(rec, "Bo bid") == []  # not Bo's turn
    for line in ("bid 0", "bid 1", "play KC"):
        rec.enter(line)
    bar = toolbar(rec)
    assert "Bo to move" in bar and "trick: Ann KC" in bar and "if held, one of 2C 3C 4C" in bar
    assert "KC" not in bar.split("if held")[1].split("·")[0]  # (seen)
    assert completions(rec, "play Q") == ["play QC", "play QD", "play QH", "play QS"]
    assert completions(rec, "play J") == ["play JD", "play JH", "play JS"]  # (JC is the up-card)
    rec.close()


# -- found by a review and a new user's try ---------------------------------------------------------
def test_a_journal_cut_between_the_last_card_and_the_hands_resumes_the_next_deal(tmp_path: Path) -> None:
    """The last card and the hands it rebuilds are two journal lines: a stop between them
    resumed a deal that was over but not closed, refusing every action and every deal."""
    journal = tmp_path / "g.journal"
    rec = Recorder.start(journal, "blackball", ["Ann", "Bo"], hands="unknown")
    rec.begin_deal(0, None, [rec.game.deck.parse("JC")])
    for line in ("1 bid 0", "0 bid 0", "1 play KC", "0 play 7D"):
        rec.enter(line)
    rec.close()
    lines = journal.read_text().splitlines(keepends=True)
    assert lines[-1].startswith('{"hands"')
    journal.write_text("".join(lines[:-1]))
    rec = Recorder.resume(journal)
    assert rec.repair is None and rec.status() == "deal"
    assert [rec.game.deck.codes_of(h) for h in rec.deals[0].hands or []] == ["7D", "KC"]
    assert journal.read_text().splitlines()[-1].startswith('{"hands"')  # the step finished
    rec.begin_deal(1, None, [rec.game.deck.parse("7S")])
    rec.close()


def test_no_stock_card_after_the_deal_is_over(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "blackball", ["Ann", "Bo"], hands="unknown")
    rec.begin_deal(0, None, [rec.game.deck.parse("JC")])
    for line in ("1 bid 0", "0 bid 0", "1 play KC", "0 play 7D"):
        rec.enter(line)
    with pytest.raises(Rejected, match="round 1 is over: no stock card is due") as info:
        rec.reveal("2D")
    assert info.value.rule == "after-end" and rec.game.deck.codes_of(rec.deals[0].stock) == "JC"
    rec.close()


@pytest.mark.parametrize("hands", ["unknown", "seed"])
def test_undo_goes_back_into_a_deal_that_ended_when_the_next_begins_by_itself(
    tmp_path: Path, hands: str
) -> None:
    """In forest (and black-swan-2012) the next deal begins at once: undo took it back, and it
    began again, so the last card of a deal could never be corrected."""
    args = ["-o", "u.grec", "-g", "forest", "-p", "Ann,Bo", "--hands", hands, "--rule", "hand_size=1"]
    args += ["--rule", "max_number=5", *(["--seed", "3"] if hands == "seed" else [])]
    typed = (
        "Ann\nR3\nplay R4\nplay R2\nundo\nquit\n"
        if hands == "unknown"
        else "play Y3\nplay G1\nundo\ny\nquit\n"
    )
    r = record(tmp_path, typed, *args)
    assert r.returncode == 0, r.stdout + r.stderr
    undone = (
        "round 2\n  → undone: 1 play R2"
        if hands == "unknown"
        else "round 2 and its hands\n  → undone: 0 play G1"
    )
    assert f"→ undone: {undone}" in r.stdout, r.stdout
    rec = Recorder.resume(tmp_path / "u.grec.journal")
    assert len(rec.deals) == 1 and len(rec.deals[0].actions) == 1 and rec.status() == "play"
    rec.close()


def test_show_says_which_action_waits_for_the_forest_card(tmp_path: Path) -> None:
    r = record(tmp_path, "Bo\nR3\nplay R4\nplay R2\nshow\nquit\n", "-o", "f.grec", *FOREST_2)
    assert "round 1: the forest card for trick 2 is due; 0 play R2 waits for it" in r.stdout


def test_tab_completes_another_seats_declaration(tmp_path: Path) -> None:
    rules = {"swan_declaration": True}
    rec = Recorder.start(tmp_path / "j", "black-swan-2012", ["Ann", "Bo", "Cy", "Di"], rules, hands="unknown")
    rec.begin_deal(0, None, [])
    assert completions(rec, "3 d") == ["3 declare"] and completions(rec, "Di d") == ["Di declare"]
    assert "declare" in completions(rec, "d")  # (Ann's own)
    rec.close()


def test_a_long_line_is_quoted_short(tmp_path: Path) -> None:
    typed = "0\n" + "Z" * 5000 + "\n2C\nplay " + "Q" * 5000 + "\nquit\n"
    r = record(tmp_path, typed, "-o", "h.grec", *BLACKBALL)
    assert r.returncode == 0
    assert max(len(line) for line in r.stdout.splitlines()) < 400
    assert "… (5000 characters)" in r.stdout
