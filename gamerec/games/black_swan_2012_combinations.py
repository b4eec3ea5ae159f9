"""The combinations of black-swan-2012: what cards played together form
(:func:`combination`: a single, a group of one rank or a sequence of one suit, jokers
standing in, at most the table's seven places). Every play a hand can make, counted and
chosen for the bots, is :mod:`gamerec.games.black_swan_2012_plays`; the tests hold the two
to each other and to a brute-force oracle
(``tests/games/black_swan_2012/test_black_swan_2012_properties.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ..cards import JOKER, SWAN

__all__ = ["TABLE", "combination"]

#: The places on the table: a play is at most this many cards.
TABLE: Final = 7


def combination(cards: Sequence[int], min_run: int = 2, joker_triple: bool = False) -> str | None:
    """The kind of combination ``cards`` form (``single``, ``group`` or ``sequence``), or
    None when they form none. Jokers stand in for any card; a play that is both a group
    and a sequence (a natural card and a joker) is called a group.

    >>> from gamerec.cards import FRENCH_JOKERS_SWAN as D
    >>> [combination([D.parse(c) for c in play.split()]) for play in ("AS 2S 3S", "QS KS AS", "KS AS 2S")]
    ['sequence', 'sequence', None]
    """
    n = len(cards)
    if n == 1:
        return "single"
    if n == 0 or n > TABLE:
        return None
    # one pass over the cards, on small ints: the jokers, and whether the natural cards
    # share one rank or one suit; then the ranks' spans, ace high and ace low
    first = -1
    same_rank = same_suit = True
    for c in cards:
        if c == SWAN:
            return None  # the Black Swan is only ever played alone
        if c == JOKER:
            continue
        if first < 0:
            first = c
        else:
            if c % 13 != first % 13:
                same_rank = False
            if c // 13 != first // 13:
                same_suit = False
    if first < 0:  # jokers alone
        return "group" if n == 2 or (n == 3 and joker_triple) else None
    if same_rank:
        return "group"
    if n < min_run or not same_suit:
        return None
    # ace high: positions 0 (two) .. 12 (ace); ace low: 0 (ace), 1 (two) .. 12 (king)
    seen = 0
    high_lo, high_hi, low_lo, low_hi = 13, -1, 13, -1
    for c in cards:
        if c == JOKER:
            continue
        r = c % 13
        if seen >> r & 1:
            return None  # a rank twice
        seen |= 1 << r
        high_lo, high_hi = min(high_lo, r), max(high_hi, r)
        low = 0 if r == 12 else r + 1
        low_lo, low_hi = min(low_lo, low), max(low_hi, low)
    if high_hi - high_lo < n or low_hi - low_lo < n:
        return "sequence"
    return None
