"""The combinations of black-swan-2012: what cards played together form
(:func:`combination`: a single, a group of one rank or a sequence of one suit, jokers
standing in, at most the table's seven places) and every play a hand can make
(:func:`playable`), from which the rules (:mod:`gamerec.games.black_swan_2012`) list a
hand's legal actions and the bots choose. The tests hold the two to each other and to a
brute-force oracle (``tests/games/black_swan_2012/test_black_swan_2012_properties.py``).
The enumeration is most of the bots' time: the groups and sequences come from tables by
one rank's or one suit's cards, as a hand's suits and ranks change one play at a time.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations, compress
from typing import Final

from ..cards import JOKER, SWAN

__all__ = ["TABLE", "combination", "playable"]

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


def playable(
    counts: Sequence[int], room: int, min_run: int = 2, joker_triple: bool = False
) -> list[tuple[int, ...]]:
    """Every distinct play (sorted card tuple) a hand given as card counts can make with
    ``room`` places left on the table."""
    jokers = counts[JOKER]
    held = list(compress(range(52), counts))
    found: set[tuple[int, ...]] = set(map(_ALONE.__getitem__, held))
    if counts[SWAN]:
        found.add(_ALONE[SWAN])
    if jokers:
        found.update(_JOKERS[1 : min(jokers, 3 if joker_triple else 2, room) + 1])
    # groups: natural cards of one rank, jokers standing in (in card order as they come:
    # the cards of a rank ascending, the jokers numbered after them)
    # (a table of them by the rank's cards, the jokers and the room, as for the sequences)
    naturals = bytes(counts[:52])
    ranks = [c % 13 for c in held]
    distinct = set(ranks)
    if jokers or len(distinct) < len(ranks):
        for rank in distinct:
            of_rank = (naturals[rank::13], rank, jokers, room)  # the rank's card in each suit
            groups = _GROUPS.get(of_rank)
            if groups is None:
                groups = _groups(of_rank[0], rank, jokers, room)
                if len(_GROUPS) >= _RUNS_KEPT:
                    _GROUPS.clear()
                _GROUPS[of_rank] = groups
            found.update(groups)
    # sequences: from each suit's cards, the jokers and the room (a table of them, since a
    # hand's suits change one play at a time)
    longest = min(room, TABLE)
    shortest = max(min_run, 2)
    for first in (0, 13, 26, 39):
        suit = naturals[first : first + 13]
        if suit == _NO_CARDS:
            continue
        key = (suit, first, jokers, longest, shortest)
        runs = _RUNS.get(key)
        if runs is None:
            runs = _runs(counts, first, jokers, longest, shortest)
            if len(_RUNS) >= _RUNS_KEPT:
                _RUNS.clear()
            _RUNS[key] = runs
        found.update(runs)
    plays = sorted(found)
    plays.sort(key=len)  # stable: by length, then card by card
    return plays


#: Each card alone as a play, and 0 to 3 jokers.
_ALONE: Final = tuple((c,) for c in range(SWAN + 1))
_JOKERS: Final = tuple((JOKER,) * k for k in range(4))
#: A suit of which no card is held (13 zero counts).
_NO_CARDS: Final = bytes(13)

#: The sequences of one suit's cards (:func:`_runs`) by the suit's cards, the jokers and
#: the room: most plays of a game find theirs here. Emptied when it reaches its size.
_RUNS: dict[tuple[bytes, int, int, int, int], tuple[tuple[int, ...], ...]] = {}
_RUNS_KEPT: Final = 100_000


#: The groups of one rank's cards (:func:`_groups`) by those cards, the jokers and the room.
_GROUPS: dict[tuple[bytes, int, int, int], tuple[tuple[int, ...], ...]] = {}


def _groups(held: bytes, rank: int, jokers: int, room: int) -> tuple[tuple[int, ...], ...]:
    """The groups (sorted card tuples, jokers last) of the cards of ``rank`` held in each
    suit (``held``, by suit), with ``jokers`` to stand in and ``room`` places on the table:
    one card or more of the rank and jokers, two cards at least."""
    cards = [rank + 13 * suit for suit in range(4) if held[suit]]
    if not jokers and len(cards) < 2:
        return ()
    found: set[tuple[int, ...]] = set()
    for size in range(1, len(cards) + 1):
        most = min(jokers, room - size)
        for subset in combinations(cards, size):
            for j in range(2 - size if size < 2 else 0, most + 1):
                found.add(subset + _JOKERS[j])
    return tuple(found)


def _runs(
    counts: Sequence[int], first: int, jokers: int, longest: int, shortest: int
) -> tuple[tuple[int, ...], ...]:
    """The sequences (sorted card tuples, jokers last) of the suit whose cards are numbered
    from ``first``, with ``jokers`` to stand in, ``shortest`` to ``longest`` cards long.
    Some cards of the suit, whose positions (the ace high, or low when it is held) span no
    more places than the cards and the jokers with them fill: every such choice of a lowest
    card, a highest card within reach and any cards between them."""
    found: set[tuple[int, ...]] = set()
    suit_cards = [c for c in range(first, first + 13) if counts[c]]
    if suit_cards:
        for ace_low in (False, True) if counts[first + 12] else (False,):
            if ace_low:  # the ace first, at position 0; the others one place up
                placed = sorted((0 if c == first + 12 else c - first + 1, c) for c in suit_cards)
            else:
                placed = [(c - first, c) for c in suit_cards]
            m = len(placed)
            if not jokers:  # runs of cards at consecutive places, and every window of them
                if m < shortest:
                    continue
                run = [placed[0][1]]
                last = placed[0][0]
                for place, c in [*placed[1:], (99, -1)]:
                    if place == last + 1:
                        run.append(c)
                    else:
                        for length in range(shortest, min(len(run), longest) + 1):
                            for start in range(len(run) - length + 1):
                                found.add(_in_card_order(run[start : start + length], ace_low))
                        run = [c]
                    last = place
                continue
            for i in range(m):
                low, c_low = placed[i]
                for k in range(i, m):
                    high, c_high = placed[k]
                    span = high - low + 1
                    if span > longest:
                        break
                    between = [c for _, c in placed[i + 1 : k]]
                    top = () if k == i else (c_high,)
                    # the places the jokers must fill: fewer cards between than this need more
                    fewest = span - 1 - len(top) - jokers
                    for inner in range(max(0, fewest), len(between) + 1):
                        for middle in combinations(between, inner):
                            naturals = _in_card_order([c_low, *middle, *top], ace_low)
                            size = len(naturals)
                            fewest_jokers = max(0, span - size, shortest - size)
                            for j in range(fewest_jokers, min(jokers, longest - size) + 1):
                                found.add(naturals + (JOKER,) * j)
    return tuple(found)


def _in_card_order(cards: list[int], ace_low: bool) -> tuple[int, ...]:
    """Cards of one suit given in the order of their places as a tuple in card order: the
    same order, but a low ace (at place 0) goes last, as the suit's highest card number.
    Jokers, numbered after every natural card, follow them as they are."""
    if ace_low and cards[0] % 13 == 12:
        return (*cards[1:], cards[0])
    return tuple(cards)
