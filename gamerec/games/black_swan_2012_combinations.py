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
from math import comb
from typing import Final

from ..cards import JOKER, SWAN

__all__ = ["TABLE", "combination", "nth_play", "play_count", "playable"]

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
    # sequences: from each suit's cards and the jokers, by length (a table of them, since a
    # hand's suits change one play at a time)
    longest = min(room, TABLE)
    shortest = max(min_run, 2)
    if longest >= shortest:
        for first in (0, 13, 26, 39):
            suit = naturals[first : first + 13]
            if suit != _NO_CARDS:
                for length in range(shortest, longest + 1):
                    found.update(_suit_runs(suit, first, jokers, length))
    plays = sorted(found)
    plays.sort(key=len)  # stable: by length, then card by card
    return plays


#: Each card alone as a play, and 0 to 3 jokers.
_ALONE: Final = tuple((c,) for c in range(SWAN + 1))
_JOKERS: Final = tuple((JOKER,) * k for k in range(4))
#: A suit of which no card is held (13 zero counts).
_NO_CARDS: Final = bytes(13)

#: The sequences of one length of one suit's cards (:func:`_suit_runs`), by the suit's
#: cards, the suit, the jokers and the length: most plays of a game find theirs here.
#: Emptied when it reaches its size.
_RUNS: dict[tuple[bytes, int, int, int], tuple[tuple[int, ...], ...]] = {}
_RUNS_KEPT: Final = 100_000
#: How many sequences of one suit's cards there are with each room on the table (0 .. 7),
#: by the jokers and the shortest sequence, then by the suit's cards (whatever the suit).
_RUN_TOTALS: dict[tuple[int, int], dict[bytes, tuple[int, ...]]] = {}


def _suit_runs(suit: bytes, first: int, jokers: int, length: int) -> tuple[tuple[int, ...], ...]:
    """The sequences ``length`` cards long of the suit whose cards are numbered from
    ``first`` (held as ``suit``: 13 counts), with ``jokers`` to stand in, sorted."""
    key = (suit, first, jokers, length)
    runs = _RUNS.get(key)
    if runs is None:
        runs = tuple(sorted(_runs(suit, first, jokers, length)))
        if len(_RUNS) >= _RUNS_KEPT:
            _RUNS.clear()
        _RUNS[key] = runs
    return runs


def _runs(suit: bytes, first: int, jokers: int, length: int) -> list[tuple[int, ...]]:
    """The sequences ``length`` cards long (2 .. 7) of the suit whose cards are numbered
    from ``first`` (held as ``suit``: 13 counts), with ``jokers`` to stand in, as card
    tuples (jokers last), each once: its natural cards within ``length`` places and enough
    of them that the jokers fill the rest. Each is made once, from its lowest card with
    the ace high; and those with the ace low (the ace and cards up to ``length`` - 1)."""
    places = [p for p in range(13) if suit[p]]  # 0 (two) .. 12 (ace)
    fewest = max(1, length - jokers)  # natural cards
    plays: list[tuple[int, ...]] = []
    for i, low in enumerate(places):
        reach = [first + p for p in places[i + 1 :] if p < low + length]
        for size in range(fewest, min(len(reach) + 1, length) + 1):
            for rest in combinations(reach, size - 1):
                plays.append((first + low, *rest) + _JOKERS[length - size])
    if suit[12]:  # the ace low, at place 0, the two at 1 ...: with a card up to length - 1
        below = [first + p for p in places if p <= length - 2]
        for size in range(max(2, fewest), min(len(below) + 1, length) + 1):
            for rest in combinations(below, size - 1):
                plays.append((*rest, first + 12) + _JOKERS[length - size])
    return plays


#: ``_WAYS[length][fewest][n]``: the ways to choose the other natural cards of a sequence
#: ``length`` cards long, at least ``fewest`` natural cards in all, from ``n`` cards within
#: reach of its lowest one (the jokers fill the rest).
_WAYS: Final = tuple(
    tuple(
        tuple(
            sum(comb(n, size - 1) for size in range(max(1, fewest), min(n + 1, length) + 1))
            for n in range(13)
        )
        for fewest in range(TABLE + 1)
    )
    for length in range(TABLE + 1)
)


def _run_totals(
    table: dict[bytes, tuple[int, ...]], suit: bytes, jokers: int, shortest: int
) -> tuple[int, ...]:
    """How many sequences the cards of one suit (``suit``: 13 counts) make with ``jokers``,
    at most 0, 1 .. 7 cards long (the room on the table), kept in ``table`` (the one of
    :data:`_RUN_TOTALS` for the jokers and ``shortest``)."""
    # as _runs makes them: from each card, the cards within reach above it (the ace high);
    # with the ace low, the cards up to length - 1 (bits of the places held)
    held = sum(1 << p for p in range(13) if suit[p])
    made = [0] * (TABLE + 1)
    total = 0
    for length in range(shortest, TABLE + 1):
        reach = (1 << (length - 1)) - 1
        fewest = max(1, length - jokers)
        ways = _WAYS[length][fewest]
        for p in range(13):
            if held >> p & 1:
                total += ways[(held >> (p + 1) & reach).bit_count()]
        if suit[12]:
            total += _WAYS[length][max(2, fewest)][(held & reach).bit_count()]
        made[length] = total
    totals = tuple(made)
    if len(table) >= _RUNS_KEPT:
        table.clear()
    table[suit] = totals
    return totals


def _group_sizes(cards: int, jokers: int) -> tuple[int, ...]:
    """How many groups, by length (0 .. 7), one rank's ``cards`` (1 .. 4 held) and
    ``jokers`` make: some of the cards (one at least) and as many jokers, two cards at
    least."""
    made = [0] * (TABLE + 1)
    for length in range(2, TABLE + 1):
        made[length] = sum(comb(cards, k) for k in range(max(1, length - jokers), min(cards, length) + 1))
    return tuple(made)


#: How many groups there are of each length (0 .. 7), by the jokers held and the cards of
#: the rank held (0 .. 4).
_GROUP_SIZES: Final = tuple(
    tuple(_group_sizes(cards, jokers) if cards else (0,) * (TABLE + 1) for cards in range(5))
    for jokers in range(4)
)
#: How many groups there are at most 0 .. 7 cards long (the room), by the jokers held and
#: the cards of the rank held (0 .. 4).
_GROUP_TOTALS: Final = tuple(
    tuple(
        tuple(sum(_group_sizes(cards, jokers)[: room + 1]) if cards else 0 for cards in range(5))
        for room in range(TABLE + 1)
    )
    for jokers in range(4)
)


def play_count(counts: Sequence[int], room: int, min_run: int = 2, joker_triple: bool = False) -> int:
    """How many plays :func:`playable` lists, counted without making them: the natural
    cards, a joker and the Swan alone; jokers alone; the groups from how many ranks are
    held once, twice, three and four times; the sequences from a table by each suit's
    cards; less the plays that are both a group and a sequence (one natural card and
    jokers, as long as a sequence may be)."""
    naturals = bytes(counts[:52])
    jokers = counts[JOKER]
    distinct = 52 - naturals.count(0)
    made = distinct + (1 if counts[SWAN] else 0) + min(jokers, 3 if joker_triple else 2, room)
    if room < 2:
        return made
    by_rank = _by_rank(naturals)
    groups = _GROUP_TOTALS[jokers][room]
    if jokers:
        made += by_rank.count(1) * groups[1]
    made += by_rank.count(2) * groups[2] + by_rank.count(3) * groups[3] + by_rank.count(4) * groups[4]
    shortest = max(min_run, 2)
    if room >= shortest:
        table = _RUN_TOTALS.get((jokers, shortest))
        if table is None:
            table = _RUN_TOTALS[jokers, shortest] = {}
        for first in (0, 13, 26, 39):
            suit = naturals[first : first + 13]
            if suit != _NO_CARDS:
                totals = table.get(suit)
                if totals is None:
                    totals = _run_totals(table, suit, jokers, shortest)
                made += totals[room]
        both = min(jokers + 1, room) - shortest + 1  # the lengths of a card and jokers
        if both > 0:
            made -= distinct * both
    return made


def nth_play(
    counts: Sequence[int], room: int, min_run: int, joker_triple: bool, index: int
) -> tuple[int, ...]:
    """``playable(counts, room, min_run, joker_triple)[index]``, making only the plays of
    its length (the singles are the cards held, in order; the other lengths counted as
    :func:`play_count` counts them)."""
    held = list(compress(range(52), counts))
    if index < len(held):
        return _ALONE[held[index]]
    index -= len(held)
    jokers = counts[JOKER]
    if jokers:
        if not index:
            return _ALONE[JOKER]
        index -= 1
    if counts[SWAN]:
        if not index:
            return _ALONE[SWAN]
        index -= 1
    naturals = bytes(counts[:52])
    by_rank = _by_rank(naturals)
    ranks = [by_rank.count(cards) for cards in range(5)]
    shortest = max(min_run, 2)
    alone = min(jokers, 3 if joker_triple else 2)
    table = _RUN_TOTALS.get((jokers, shortest))
    if table is None:
        table = _RUN_TOTALS[jokers, shortest] = {}
    totals = []
    for first in (0, 13, 26, 39):
        suit = naturals[first : first + 13]
        if suit != _NO_CARDS:
            totals.append(table.get(suit) or _run_totals(table, suit, jokers, shortest))
    group_sizes = _GROUP_SIZES[jokers]
    for length in range(2, min(room, TABLE) + 1):
        made = sum(ranks[cards] * group_sizes[cards][length] for cards in range(1, 5))
        made += sum(t[length] - t[length - 1] for t in totals)
        if length <= alone:
            made += 1
        if shortest <= length <= jokers + 1:
            made -= len(held)
        if index < made:
            return _plays_of_length(naturals, by_rank, jokers, length, shortest, alone)[index]
        index -= made
    raise IndexError(f"play {index} of a hand is past its last")


def _by_rank(naturals: bytes) -> bytes:
    """How many cards of each rank a hand holds (13 counts), from its natural cards' counts
    (the four suits added as numbers a byte a rank: at most 4, so nothing carries)."""
    return (
        int.from_bytes(naturals[0:13], "little")
        + int.from_bytes(naturals[13:26], "little")
        + int.from_bytes(naturals[26:39], "little")
        + int.from_bytes(naturals[39:52], "little")
    ).to_bytes(13, "little")


def _plays_of_length(
    naturals: bytes, by_rank: bytes, jokers: int, length: int, shortest: int, alone: int
) -> list[tuple[int, ...]]:
    """The plays ``length`` (2 .. 7) cards long of a hand (its natural cards as counts, by
    card and by rank, and its jokers; jokers alone up to ``alone``), sorted."""
    found: set[tuple[int, ...]] = set()
    if length <= alone:
        found.add(_JOKERS[length])
    fewest = max(1, length - jokers)  # a group's natural cards
    for rank in range(13):
        if by_rank[rank] >= fewest:
            cards = [c for c in range(rank, 52, 13) if naturals[c]]
            for size in range(fewest, min(len(cards), length) + 1):
                for subset in combinations(cards, size):
                    found.add(subset + _JOKERS[length - size])
    if length >= shortest:
        for first in (0, 13, 26, 39):
            suit = naturals[first : first + 13]
            if suit != _NO_CARDS:
                found.update(_suit_runs(suit, first, jokers, length))
    return sorted(found)


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
