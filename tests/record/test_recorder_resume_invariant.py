"""The recorder's invariant (issue 13, item 4): for any sequence of entered lines (legal
actions, illegal ones, undo, notes, stock cards, typos), cut off at any point, ``--resume``
succeeds and rebuilds exactly the entries that were accepted. Driven through the Recorder
API with hypothesis, for every game; after each line the journal is copied (a crash at
that point) and resumed, and the recorder's live game (stepped line by line) is the one
the resumed recorder steps afresh."""

from __future__ import annotations

import copy
import random
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamerec.recording.recorder import Recorder, Rejected

GAMES = [("blackball", 3, {}), ("forest", 3, {"hand_size": 3, "max_number": 4}),
         ("black-swan-2012", 2, {"target": 60}), ("black-swan-taroc", 2, {})]  # fmt: skip

#: what a person at the table may type, as (kind, a number to pick with, some text)
LINES = st.lists(
    st.tuples(
        st.sampled_from(["legal", "legal", "legal", "legal", "illegal", "undo", "note", "stock", "typo"]),
        st.integers(0, 1000),
        st.text(alphabet="ab 1;#\"'\\=", max_size=12),
    ),
    max_size=50,
)


def state_of(rec: Recorder) -> list[tuple[object, ...]]:
    return copy.deepcopy([(d.dealer, d.hands, d.stock, d.actions, d.rebuilt, d.entered) for d in rec.deals])


def enter(rec: Recorder, kind: str, pick: int, text: str, stock: list[str]) -> None:
    """One line as the prompt would take it; Rejected when the recorder refuses it. Deals
    are typed from a dealer's deal with the stock left out but what shows with the deal:
    the rest is revealed card by card (``stock`` holds the true order), or a wrong card."""
    status = rec.status()
    if status == "over":
        return
    if status == "deal":
        state = rec.state()
        assert state is not None
        deal = rec.game.deal(state, random.Random(pick))
        _, shown = rec.deal_shape()
        deck = rec.game.deck
        stock[:] = [deck.code(c) for c in deal.stock]
        rec.begin_deal(deal.dealer, deal.hands, deal.stock[:shown])
        return
    if rec.needs_stock and kind in ("legal", "stock"):
        given = len(rec.deals[-1].stock)
        if kind == "legal" and given < len(stock):
            rec.reveal(stock[given])
        else:
            deck = rec.game.deck
            cards = sorted({deck.code(c) for c in range(256) if _is_card(deck, c)})
            rec.reveal(cards[pick % len(cards)])
        return
    legal = rec.legal()
    if kind == "legal" and legal:
        rec.enter(legal[pick % len(legal)])
    elif kind == "illegal" and legal:
        seat = (int(legal[0].split()[0]) + 1 + pick) % len(rec.header.players)
        rec.enter(f"{seat} {' '.join(legal[pick % len(legal)].split()[1:])}")
    elif kind == "undo":
        rec.undo()
    elif kind == "note":
        rec.note(text)
    else:
        rec.enter(text or "x")


def _is_card(deck: object, c: int) -> bool:
    try:
        deck.code(c)  # type: ignore[attr-defined]
    except Exception:
        return False
    return True


@pytest.mark.parametrize(("game", "players", "rules"), GAMES, ids=[g[0] for g in GAMES])
@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=LINES)
def test_resume_rebuilds_exactly_what_was_accepted(
    game: str, players: int, rules: dict[str, object], lines: list[tuple[str, int, str]], tmp_path: Path
) -> None:
    folder = tmp_path / f"{game}-{len(list(tmp_path.iterdir()))}"
    folder.mkdir()
    journal = folder / "g.journal"
    names = [f"P{i}" for i in range(players)]
    rec = Recorder.start(journal, game, names, rules)
    stock: list[str] = []
    try:
        for n, (kind, pick, text) in enumerate(lines):
            before = state_of(rec)
            try:
                enter(rec, kind, pick, text, stock)
            except Rejected:
                assert state_of(rec) == before  # a refused line changes nothing
            crash = folder / f"crash-{n}.journal"
            shutil.copyfile(journal, crash)
            resumed = Recorder.resume(crash)
            try:
                assert resumed.repair is None
                assert state_of(resumed) == state_of(rec)
                assert resumed.status() == rec.status() and resumed.legal() == rec.legal()
                # the live game stepped line by line is the one stepped afresh on resume
                assert resumed.needs_stock == rec.needs_stock
                assert resumed.live.record == rec.live.record
                assert resumed.live.state.snapshot() == rec.live.state.snapshot()
            finally:
                resumed.close()
    finally:
        rec.close()
