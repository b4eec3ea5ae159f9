"""Issue 32: views carry facts; the CLI never parses words. The terminal replay marked
trumps by reading the trump suit back out of the view's "Trump" line; the view now says
which cards are trumps (``View.trumps``), and the words may say anything."""

from __future__ import annotations

import msgspec

from gamerec.bots import simulate
from gamerec.cards import SUIT_NAMES, TAROC_MAJORS
from gamerec.cli.cards_style import trump_of
from gamerec.present import Replay


def test_blackball_views_name_the_trump_suits_cards() -> None:
    seen = set()
    for step in Replay(next(simulate("blackball", players=3, games=1, seed=4))):
        view = step.view
        trump = dict(view.lines).get("Trump")
        if trump is None:
            continue
        if trump.startswith("none"):
            assert view.trumps is None
            continue
        (letter,) = [letter for letter, name in zip("CDHS", SUIT_NAMES, strict=True) if name in trump.split()]
        assert view.trumps == tuple(f"{rank}{letter}" for rank in "23456789TJQKA")  # (the deck's order)
        seen.add(letter)
        # the words may say anything: the marks come from the facts
        worded = msgspec.structs.replace(view, lines=[("Trump", "whatever")], title="?")
        assert trump_of(worded)(f"A{letter}") and not trump_of(worded)("A" + ("C" if letter != "C" else "D"))
    assert len(seen) >= 2


def test_taroc_views_name_the_majors_when_they_are_trumps() -> None:
    majors = {suit for suit, _ in TAROC_MAJORS}
    for trumps in ("none", "affiliated"):
        record = next(simulate("black-swan-taroc", players=3, games=1, seed=2, rules={"trumps": trumps}))
        views = [s.view for s in Replay(record) if s.view.seats and s.deal >= 0]
        if trumps == "none":
            assert all(v.trumps is None for v in views)
        else:
            shown = [v.trumps for v in views if v.trumps is not None]
            assert shown and all(all(code[:2] in majors for code in t) for t in shown)
