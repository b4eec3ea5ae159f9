"""Issue 18, the library side of the pleasant recorder: seats by name, the completions of a
line (the legal actions of the seat to move), the table at a glance and the score sheet."""

from __future__ import annotations

from pathlib import Path

import pytest

from gamerec.record import Bid
from gamerec.recording.recorder import Recorder, Rejected
from gamerec.recording.tableside import (
    card_completions,
    completions,
    score_sheet_text,
    seat_at,
    table_lines,
    toolbar,
)


def blackball(tmp_path: Path) -> Recorder:
    """`gamerec record -g blackball -p 'Ann,Bo,Cy' --rule hook=true`, dealer 0, hands QS / 4C / AH,
    up-card AD."""
    rec = Recorder.start(tmp_path / "j", "blackball", ["Ann", "Bo", "Cy"], {"hook": True})
    rec.begin_deal(0, [[49], [2], [38]], [25])
    return rec


def test_a_name_as_the_seat(tmp_path: Path) -> None:
    """Issue 18: `Bo bid 0` gave `column 3: expected an action ... got 'Bo'`."""
    rec = blackball(tmp_path)
    rec.enter("Bo bid 0")
    rec.enter("cy bid 1")  # the case left aside when one name fits
    assert rec.deals[-1].actions == [Bid(1, 0), Bid(2, 1)]
    rec.close()


@pytest.mark.parametrize(
    ("typed", "column"),
    [("Bo bod 0", 4), ("bid x", 5), ("1 bid x", 7), ("Bo bid x", 8), ("bod 2", 1)],
)
def test_the_column_is_one_of_what_was_typed(typed: str, column: int, tmp_path: Path) -> None:
    """The column was off: the recorder prefixed the seat to move before reading the line."""
    rec = blackball(tmp_path)
    with pytest.raises(Rejected) as refused:
        rec.enter(typed)
    assert refused.value.message.startswith(f"column {column}: "), refused.value.message
    rec.close()


def test_seat_at_prefers_the_exact_and_the_longest_name() -> None:
    assert seat_at(["Ann", "Ann Lee", "ann"], "Ann Lee play QS") == (1, 7)
    assert seat_at(["Ann", "ann"], "ann bid 0") == (1, 3)
    assert seat_at(["Ann", "ann"], "ANN bid 0") is None  # two fit but for case: neither
    assert seat_at(["Ann"], "Anne bid 0") is None


def test_completions_are_the_legal_actions_of_the_seat_to_move(tmp_path: Path) -> None:
    rec = blackball(tmp_path)
    assert completions(rec, "") == ["bid 0", "bid 1"]  # Bo, left of the dealer
    assert completions(rec, "Bo ") == ["Bo bid 0", "Bo bid 1"]
    assert completions(rec, "1 bid 1") == ["1 bid 1"]
    assert completions(rec, "Ann ") == [] and completions(rec, "play") == []
    rec.enter("bid 0")
    rec.enter("bid 0")
    assert completions(rec, "") == ["bid 0"]  # the hook: 0 + 0 + 1 would make the hand size
    rec.enter("bid 0")
    assert completions(rec, "p") == ["play 4C"]
    rec.close()


def test_card_completions_leave_out_the_cards_taken() -> None:
    codes = ["R1", "R2", "G1", "G2"]
    assert card_completions(codes, ["R1"], "") == ["R2", "G1", "G2"]
    assert card_completions(codes, ["R1"], "G1 r") == ["G1 R2"]
    assert card_completions(codes, [], "G1 ") == ["G1 R1", "G1 R2", "G1 G2"]


def test_the_table_and_the_toolbar(tmp_path: Path) -> None:
    rec = blackball(tmp_path)
    for action in ("bid 0", "bid 1", "bid 1", "play 4C"):
        rec.enter(action)
    bar = toolbar(rec)
    assert "Cy to move" in bar and "trick: Bo 4C" in bar and "up-card AD" in bar and "score Ann 0" in bar
    shown = "\n".join(table_lines(rec))
    assert "Trick: Bo 4C" in shown and "▶ 2 Cy: AH · bid 1, won 0 · score 0" in shown
    assert "  0 Ann: QS · bid 1, won 0" in shown and "Trump: ♦ diamonds (up-card AD)" in shown
    rec.enter("play AH")
    rec.enter("play QS")
    assert "Total" in score_sheet_text(rec) and "Round" in score_sheet_text(rec)
    rec.close()


def test_a_seeded_forest_deal_says_its_first_forest_card(tmp_path: Path) -> None:
    rec = Recorder.start(tmp_path / "j", "forest", ["Ann", "Bo"], hands="seed", seed=3)
    assert rec.deal_from_seed() == ["trick 1: forest card Y6 turned"]
    rec.close()


def test_the_toolbar_says_to_move_and_drops_a_deal_gone_by(tmp_path: Path) -> None:
    """Found by trying the product: the toolbar said `Bo to play` while Bo bid, and kept
    round 1's up-card while round 2's hands were typed."""
    rec = blackball(tmp_path)
    assert toolbar(rec).startswith("Round 1") and "Bo to move" in toolbar(rec)  # a bid is due
    for action in ("bid 0", "bid 1", "bid 1", "play 4C", "play AH", "play QS"):
        rec.enter(action)
    assert rec.status() == "deal"
    bar = toolbar(rec)
    assert "round 2 is next" in bar and "up-card" not in bar and "trick:" not in bar, bar
    rec.close()
