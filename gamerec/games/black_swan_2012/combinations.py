"""The combinations of black-swan-2012: what cards played together form
(:func:`combination`: a single, a group of one rank or a sequence of one suit, jokers
standing in, at most the table's seven places). Every play a hand can make, counted and
chosen for the bots, is :mod:`gamerec.games.black_swan_2012.plays`; the tests hold the two
to each other and to a brute-force oracle
(``tests/games/black_swan_2012/test_black_swan_2012_properties.py``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from ...cards import JOKER, SWAN

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
    # one pass over the cards, on small ints (ranks 0 = two .. 12 = ace): the natural
    # cards' ranks as a bit mask (a rank twice noted), the lowest and highest, whether
    # they share one suit; then the ranks' span, ace high and ace low
    seen = 0
    lo, hi = 13, -1
    twice = False
    suit = -1
    same_suit = True
    for c in cards:
        if c == SWAN:
            return None  # the Black Swan is only ever played alone
        if c == JOKER:
            continue
        r = c % 13
        bit = 1 << r
        if seen & bit:
            twice = True
        seen |= bit
        if r < lo:
            lo = r
        if r > hi:
            hi = r
        if suit < 0:
            suit = c // 13
        elif c // 13 != suit:
            same_suit = False
    if not seen:  # jokers alone
        return "group" if n == 2 or (n == 3 and joker_triple) else None
    if not seen & (seen - 1):  # one rank
        return "group"
    if twice or n < min_run or not same_suit:
        return None
    # the natural cards and the jokers fill n places: the span of the ranks, lowest to
    # highest, is below n, ace high or ace low (the ace at place 0, the others one up: the
    # span is then one above the highest rank below the ace)
    if hi - lo < n:
        return "sequence"
    if hi == 12 and (seen & 0xFFF).bit_length() < n:
        return "sequence"
    return None
