"""The recorder on the one stepper (issue 13, item 4): its live game is a
:class:`gamerec.stepper.Stepper`, extended by each entered action, stepped back by undo;
nothing but the stock card the rules wait for is taken while they wait for it."""

from __future__ import annotations

import random
import shutil
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamerec.errors import Illegal, StockMissing
from gamerec.format.notation import format_action
from gamerec.record import Deal
from gamerec.recording.recorder import Recorder, Rejected
from gamerec.stepper import Stepper, run


def forest_deal(tmp_path: Path) -> Recorder:
    """`gamerec record -g forest -p 'Ann, Bob' --rule hand_size=3 --rule max_number=5`,
    first player 1, hands `R1 G2 B3` / `R4 G5 K1`, no forest card yet."""
    rec = Recorder.start(
        tmp_path / "f.grec.journal", "forest", ["Ann", "Bob"], {"hand_size": 3, "max_number": 5}
    )
    rec.begin_deal(1, hands(rec, "R1 G2 B3", "R4 G5 K1"), [])
    assert rec.needs_stock
    return rec


def hands(rec: Recorder, *typed: str) -> list[list[int]]:
    return [[rec.game.deck.parse(c) for c in h.split()] for h in typed]


def journal_lines(rec: Recorder) -> int:
    return len(rec.journal.read_bytes().splitlines())


# -- while the rules wait for a stock card, only the card is taken ----------------------------
def test_an_action_while_a_stock_card_is_due_is_refused(tmp_path: Path) -> None:
    """`Recorder.enter("0 play R1")` before the first forest card was accepted unchecked (Bob,
    seat 1, leads): the rules stopped earlier, at the missing card, so nothing looked at it."""
    rec = forest_deal(tmp_path)
    before = journal_lines(rec)
    with pytest.raises(Rejected) as refused:
        rec.enter("0 play R1")
    assert refused.value.rule == "stock-missing" and "forest stock" in refused.value.message
    assert rec.deals[-1].actions == [] and journal_lines(rec) == before
    assert rec.legal() == []  # nothing is legal but the card
    rec.reveal("G1")
    with pytest.raises(Rejected) as refused:
        rec.enter("0 play R1")
    assert refused.value.rule == "out-of-turn"  # now the rules see it
    rec.close()


def test_an_action_after_one_that_waits_for_a_card_is_refused(tmp_path: Path) -> None:
    rec = forest_deal(tmp_path)
    rec.reveal("G1")
    rec.enter("1 play R4")
    assert rec.enter("0 play R1") == [] and rec.needs_stock  # the trick's end turns the next card
    with pytest.raises(Rejected, match="stock card is due"):
        rec.enter("1 play G5")
    assert [format_action(rec.game, a) for a in rec.deals[-1].actions] == ["1 play R4", "0 play R1"]
    events = rec.reveal("B1")
    assert events[0].startswith("trick 1 (R4 R1) won by") and "forest card B1" in events[-1]
    rec.close()


def test_a_deal_while_a_stock_card_is_due_is_refused(tmp_path: Path) -> None:
    """A second round begun while round 1 waited for its first forest card was accepted:
    round 1 was never played."""
    rec = forest_deal(tmp_path)
    with pytest.raises(Rejected) as refused:
        rec.begin_deal(0, hands(rec, "R2 G3 B4", "R5 G4 K2"), [])
    assert refused.value.rule == "stock-missing"
    assert len(rec.deals) == 1 and rec.status() == "play"
    rec.close()


def test_a_stock_card_in_a_deal_of_unknown_hands_reports_its_own_events(tmp_path: Path) -> None:
    """Revealing round 2's up-card with unknown hands said round 1's last trick and score
    again, as if the card had caused them. Round 2's first forest card reports itself alone."""
    rules = {"hand_size": 1, "max_number": 5}
    rec = Recorder.start(tmp_path / "j", "forest", ["Ann", "Bo"], rules, hands="unknown")
    rec.begin_deal(0, None, [])
    assert rec.reveal("B3") == ["trick 1: forest card B3 turned"]
    rec.enter("0 play R1")
    assert rec.enter("1 play G2")[-1].startswith("round 1 scored")
    assert rec.begin_deal(rec.expected_seat() or 0, None, []) == [] and rec.needs_stock
    assert rec.reveal("Y4") == ["trick 1: forest card Y4 turned"]
    assert rec.game.deck.codes_of(rec.deals[-1].stock) == "Y4"
    rec.close()


# -- the live game is the stepper ---------------------------------------------------------------
def test_each_action_is_one_step_of_the_live_stepper_and_undo_one_back(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "blackball", ["Ann", "Bo", "Cy"], hands="seed", seed=2)
    rec.deal_from_seed()
    assert isinstance(rec.live, Stepper) and (rec.live.begun, rec.live.pushed) == (1, 0)
    for n in range(1, 4):
        rec.enter(rec.legal()[0])
        assert rec.live.pushed == n
    state = rec.live.state
    rec.enter(rec.legal()[0])
    assert rec.live.state is state  # stepped in place: nothing replayed
    rec.note("careful")
    assert rec.live.record.deals[0].actions[-1].note == "careful"
    assert rec.undo() == "the note on " + format_action(rec.game, rec.deals[0].actions[-1])
    assert rec.live.record.deals[0].actions[-1].note is None and rec.live.pushed == 4
    rec.undo()
    assert rec.live.pushed == 3
    assert rec.live.record.deals == rec.record().deals
    rec.undo(), rec.undo(), rec.undo()
    assert rec.undo_drops_deal
    rec.undo()
    assert rec.live.begun == 0 and rec.status() == "deal"
    rec.close()


def test_a_stock_card_undone_steps_the_deal_again_from_its_start(tmp_path: Path) -> None:
    rec = forest_deal(tmp_path)
    rec.reveal("G1")
    rec.enter("1 play R4")
    rec.enter("0 play R1")
    rec.reveal("B1")
    assert rec.live.pushed == 2 and not rec.needs_stock
    rec.undo()  # the stock card B1
    assert rec.needs_stock and rec.live.pushed == 1  # the trick's last card waits for it again
    outcome = run(rec.record())
    assert outcome.state is not None and rec.live.state.snapshot() == outcome.state.snapshot()
    rec.close()


def test_a_refused_stock_card_leaves_the_live_game_as_it_was(tmp_path: Path) -> None:
    rec = forest_deal(tmp_path)
    rec.reveal("G1")
    rec.enter("1 play R4")
    before = rec.live.state.snapshot()
    with pytest.raises(Rejected) as refused:
        rec.reveal("G2")  # Ann holds it
    assert refused.value.rule == "deal-duplicate"
    assert rec.live.state.snapshot() == before and rec.live.pushed == 1
    rec.close()


def test_the_prompt_says_a_stock_card_comes_first(tmp_path: Path) -> None:
    from helpers import cli

    typed = "1\nR1 G2 B3\nR4 G5 K1\nlegal\nquit\n"
    r = cli("record", "-o", tmp_path / "f.grec", "-g", "forest", "-p", "Ann, Bob", "--rule", "hand_size=3",
            "--rule", "max_number=5", input=typed.encode())  # fmt: skip
    assert r.exit_code == 0, r.output
    assert "legal: (a stock card first: the forest card for trick 1)" in r.stdout


# -- unknown hands: rebuilt from the plays, reopened at a wrong one -----------------------------
UNKNOWN = [
    ("blackball", 2, {}),
    ("forest", 2, {"hand_size": 2, "max_number": 4}),
    ("black-swan-2012", 2, {"target": 100}),
]


def _shadow_legal(rec: Recorder, deal: Deal[Any]) -> list[str]:
    """The legal lines of the deal being played with its hands unknown to the recorder,
    from the true deal; none once a wrong line was entered."""
    state = rec.live.state.copy()  # (before the deal: its hands are not in the live game)
    state.begin_deal(deal)
    try:
        for action in rec.deals[-1].actions:
            state.apply(action)
    except (Illegal, StockMissing):
        return []
    return [format_action(rec.game, a) for a in state.legal_actions()]


@pytest.mark.parametrize(("game", "players", "rules"), UNKNOWN, ids=[g[0] for g in UNKNOWN])
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    lines=st.lists(st.tuples(st.sampled_from("llllllllwusn"), st.integers(0, 1000)), min_size=8, max_size=40)
)
def test_unknown_hands_live_and_resumed_agree(
    game: str, players: int, rules: dict[str, object], lines: list[tuple[str, int]], tmp_path: Path
) -> None:
    """Legal plays (l), wrong ones (w), undo (u), stock cards (s) and notes (n) with the
    hands unknown: after each line, resuming the journal gives the same recording and the
    same live game."""
    folder = tmp_path / f"{game}-{len(list(tmp_path.iterdir()))}"
    folder.mkdir()
    journal = folder / "g.journal"
    rec = Recorder.start(journal, game, [f"P{i}" for i in range(players)], rules, hands="unknown")
    deck = rec.game.deck
    deal: Deal[Any] | None = None
    try:
        for n, (kind, pick) in enumerate(lines):
            status = rec.status()
            if status == "over":
                break
            try:
                if status == "deal":
                    deal = rec.game.deal(rec.state(), random.Random(pick))
                    rec.begin_deal(deal.dealer, None, deal.stock[: rec.deal_shape()[1]])
                elif deal is None:
                    raise AssertionError("a deal in play that this test did not deal")
                elif rec.needs_stock or kind == "s":
                    given = len(rec.deals[-1].stock)
                    card = deal.stock[given] if given < len(deal.stock) else pick % 40
                    rec.reveal(deck.code(card))
                elif kind == "u":
                    rec.undo()
                elif kind == "n":
                    rec.note(f"n{pick}")
                else:
                    legal = _shadow_legal(rec, deal) if kind == "l" else []
                    if legal:
                        rec.enter(legal[pick % len(legal)])
                    else:
                        cards = [c for h in deal.hands for c in h]
                        rec.enter(f"{pick % players} play {deck.code(cards[pick % len(cards)])}")
            except Rejected:
                pass
            crash = folder / f"crash-{n}.journal"
            shutil.copyfile(journal, crash)
            resumed = Recorder.resume(crash)
            try:
                assert resumed.repair is None
                assert resumed.record() == rec.record() and resumed.needs_stock == rec.needs_stock
                assert resumed.live.record == rec.live.record
                assert resumed.live.state.snapshot() == rec.live.state.snapshot()
                assert resumed.status() == rec.status() and resumed.legal() == rec.legal()
                assert (resumed.hidden is None) == (rec.hidden is None)
                if resumed.hidden is not None and rec.hidden is not None:  # the deal of unknown hands
                    assert resumed.hidden.state.snapshot() == rec.hidden.state.snapshot()
                    assert resumed.hidden.stepped == rec.hidden.stepped
                    assert resumed.hidden.unseen() == rec.hidden.unseen()
            finally:
                resumed.close()
    finally:
        rec.close()
