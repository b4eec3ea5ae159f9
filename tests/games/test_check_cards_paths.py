"""``check_cards`` checks a deal in one pass over all its cards (a set for a deck of distinct
cards, the counts for a multiset); the careful count that names the fault runs only when
that pass fails. Both must agree: what the quick pass lets through is a legal deal, and
what it stops is refused with the fault named."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from gamerec.cards import FRENCH, FRENCH_JOKERS_SWAN
from gamerec.engine import check_cards
from gamerec.errors import Illegal

PLAYERS = ["A", "B", "C", "D"]


def _rule(deck: Any, hands: Any, extra: Any = (), pool: Any = None) -> str | None:
    try:
        check_cards(deck, hands, PLAYERS, extra, pool)
    except Illegal as e:
        return e.rule
    return None


def test_distinct_deck_quick_pass_and_faults() -> None:
    cards = list(FRENCH.cards)
    hands = [cards[0:13], cards[13:26], cards[26:39], cards[39:52]]
    assert _rule(FRENCH, hands) is None
    assert _rule(FRENCH, [h[:5] for h in hands], [("the stock", cards[5:8])]) is None
    twice = [hands[0], hands[1], hands[2], [*hands[3][:-1], hands[0][0]]]
    assert _rule(FRENCH, twice) == "deal-duplicate"
    assert _rule(FRENCH, [[*hands[0][:-1], 99], *hands[1:]]) == "deal-card"
    # True equals 1 and hashes like it, but is no card
    assert _rule(FRENCH, [[True, *hands[0][2:]], *hands[1:]]) == "deal-card"


def test_pool_set_quick_pass_and_faults() -> None:
    pool = frozenset(range(10))
    assert _rule(FRENCH, [[0, 1], [2, 3]], [("the stock", [4])], pool) is None
    assert _rule(FRENCH, [[0, 1], [2, 11]], (), pool) == "deal-card"
    assert _rule(FRENCH, [[0, 1], [2, 1]], (), pool) == "deal-duplicate"


def test_multiset_quick_pass_and_faults() -> None:
    deck = FRENCH_JOKERS_SWAN
    counts = Counter(deck.cards)
    multi = [c for c, k in counts.items() if k > 1]
    assert multi, "the deck holds a card more than once"
    everything = sorted(deck.cards)
    hands = [everything[i::4] for i in range(4)]
    assert _rule(deck, hands, pool=counts) is None  # the whole pool dealt
    assert _rule(deck, [h[:3] for h in hands], pool=counts) is None  # part of it
    c = multi[0]
    extra_copy = [[*hands[0], c], *hands[1:]]
    assert _rule(deck, extra_copy, pool=counts) == "deal-duplicate"
    single = next(x for x, k in counts.items() if k == 1)
    assert _rule(deck, [[single, single], [], [], []], pool=counts) == "deal-duplicate"
    assert _rule(deck, [[True], [], [], []], pool=counts) == "deal-card"
    smaller = Counter({k: v for k, v in counts.items() if k != single})
    assert _rule(deck, [[single], [], [], []], pool=smaller) == "deal-card"


@pytest.mark.parametrize("pool", [None, "counts"])
def test_multiset_without_pool_uses_the_deck(pool: str | None) -> None:
    deck = FRENCH_JOKERS_SWAN
    given = Counter(deck.cards) if pool else None
    assert _rule(deck, [sorted(deck.cards)[:10], [], [], []], pool=given) is None


@pytest.mark.parametrize("bad", ["x", 1.0, True, None, [1], -1, 10**30])
def test_a_card_that_is_no_int_is_named_not_a_crash(bad: Any) -> None:
    """gamerec.verify of a record made in Python with "x" (or 1.0, None...) in a hand raised
    TypeError from the error message's card code. The rules now refuse it as an illegal
    deal, named as written (gamerec.verify first refuses what would not read back:
    tests/api/test_verify_made_in_python.py)."""
    import msgspec
    from conftest import FIXTURES

    import gamerec
    from gamerec.checking.verdicts import verify_record

    record = next(gamerec.records(FIXTURES / "blackball" / "games" / "family-3p.json"))
    deal = record.deals[0]
    hands = [list(h) for h in deal.hands]
    hands[0][0] = bad
    first = msgspec.structs.replace(deal, hands=hands)
    broken = msgspec.structs.replace(record, deals=[first, *record.deals[1:]])
    verdict = verify_record(broken)
    assert (verdict.status, verdict.rule, verdict.deal) == ("illegal", "deal-card", 1)
    assert f"holds #{bad!r}, which is no card of the deck" in (verdict.reason or "")
    assert FRENCH.code(bad) == f"#{bad!r}" and FRENCH.code(0) == "2C" and FRENCH.code(52) == "#52"
