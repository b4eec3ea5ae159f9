"""The records of black-swan-2012 hands' suits and the tables the plays of a hand are
counted and made from (:mod:`gamerec.games.black_swan_2012.plays`): a suit's record, kept in
a table by the suit's cards (a hand's suits change one play at a time): how many cards, their
ranks as bits and a byte each, how many sequences they make for each room on the table, all
three in one int so that a hand's four suits add up in one sum; the sequences of a suit
(kept by its places held) and from one card (kept by the places within reach above it); the
groups of a rank, and how many there are by length. Names are private to the two modules.
"""

from __future__ import annotations

from itertools import combinations, product
from math import comb
from typing import Final

from ...cards import JOKER, SWAN
from .combinations import TABLE


def _first_groups(higher: int, jokers: int, length: int, fewest: int) -> int:
    """How many groups ``length`` cards long have a given card as their lowest, when
    ``higher`` cards of its rank (in higher suits) are held: the card, some of those and
    as many jokers, ``fewest`` natural cards at least."""
    return sum(
        comb(higher, size - 1) for size in range(max(fewest, length - jokers), min(higher + 1, length) + 1)
    )


#: ``_FIRST_GROUPS[runs][jokers][length][higher]``: :func:`_first_groups`, the fewest natural
#: cards 2 when a card and jokers are a sequence that long (``runs``), else 1.
_FIRST_GROUPS: Final = tuple(
    tuple(
        tuple(
            tuple(_first_groups(higher, jokers, length, 2 if runs else 1) for higher in range(4))
            for length in range(TABLE + 1)
        )
        for jokers in range(4)
    )
    for runs in (False, True)
)


def _plain_runs(held: int, first: int, length: int) -> list[tuple[int, ...]]:
    """The sequences ``length`` cards long without jokers of a suit whose cards are
    numbered from ``first``, its ranks held as bits (``held``): the places that start
    ``length`` held cards in a row, and the ace low with the cards from two up."""
    found: list[tuple[int, ...]] = []
    starts = held
    for k in range(1, length):
        starts &= held >> k
    while starts:
        low = (starts & -starts).bit_length() - 1
        found.append(tuple(range(first + low, first + low + length)))
        starts &= starts - 1
    low_run = (1 << 12) | ((1 << (length - 1)) - 1)
    if held & low_run == low_run:
        found.append((*range(first, first + length - 1), first + 12))
    return found


#: What a hand's plays need to know of one suit's cards (held as 13 counts): how many, their
#: ranks as bits, their ranks a byte each (as an int, to add the suits up by rank), how many
#: sequences they make with the room on the table (0 .. 7: 16 bits each, from the lowest, so
#: the suits' records add up room by room in one sum), their ranks (0 .. 12), and the three
#: counts in one int (how many in the lowest byte, the ranks' bytes from bit 8, the
#: sequences from bit :data:`_PACKED_RUNS`\[0]: no field carries into the next when the
#: four suits are added up).
_Suit = tuple[int, int, int, int, tuple[int, ...], int]
#: Where the sequences ``room`` (0 .. 7) cards long at most start in a record's last int.
_PACKED_RUNS: Final = tuple(112 + 16 * room for room in range(TABLE + 1))
#: The ranks' bytes of the added records, and the ranks held twice or more in them (a
#: rank's byte 2 .. 4).
_RANKS: Final = (1 << 104) - 1
_TWICE: Final = int.from_bytes(b"\x06" * 13, "little") << 8
#: Bits 0, 1 and 2 of each rank's byte in the added records.
_BIT0: Final = int.from_bytes(b"\x01" * 13, "little") << 8
_BIT1: Final = _BIT0 << 1
_BIT2: Final = _BIT0 << 2
#: The suits' records, by the shortest sequence and the jokers, then by the suit's counts.
#: Each table is emptied when it reaches its size.
_SUITS: Final[list[list[dict[bytes, _Suit]]]] = [[{} for _ in range(4)] for _ in range(TABLE + 2)]
_SUITS_KEPT: Final = 100_000


def _suit(table: dict[bytes, _Suit], cards: bytes, jokers: int, shortest: int) -> _Suit:
    """The record of a suit's ``cards`` (13 counts) with ``jokers``, kept in ``table``."""
    low = _LOW_PLACES.get(cards[0:7])
    high = _HIGH_PLACES.get(cards[7:13])
    if low is None or high is None:  # a count over 1 (not in a game): a card held is held
        return _suit(table, bytes(1 if count else 0 for count in cards), jokers, shortest)
    held = low[0] | high[0]
    places = low[1] + high[1]
    # the sequences as _runs makes them: from each card, by the six places above it (the
    # ace high); with the ace low, by the places from the two (:func:`_sequence_counts`)
    key = shortest * 4 + jokers
    counts = _SEQUENCE_COUNTS.get(key) or _sequence_counts(shortest, jokers)
    above = counts[0]
    made = 0
    for p in places:
        made += above[held >> (p + 1) & 63]
    if cards[12]:
        made += counts[1][held & 63]
    ranks = int.from_bytes(cards, "little")
    suit = (len(places), held, ranks, made, places, len(places) | ranks << 8 | made << _PACKED_RUNS[0])
    if len(table) >= _SUITS_KEPT:
        table.clear()
    table[cards] = suit
    return suit


#: The places held (as bits, and in order) of the seven lowest ranks of a suit (two .. eight)
#: and of the six highest (nine .. ace), by their counts (0 or 1 each).
_LOW_PLACES: Final = {
    bytes(held): (sum(1 << p for p in range(7) if held[p]), tuple(p for p in range(7) if held[p]))
    for held in product((0, 1), repeat=7)
}
_HIGH_PLACES: Final = {
    bytes(held): (sum(1 << (p + 7) for p in range(6) if held[p]), tuple(p + 7 for p in range(6) if held[p]))
    for held in product((0, 1), repeat=6)
}
#: ``x >> _SHIFT[room] & 0xFFFF``: the count for ``room`` (0 .. 7) of a suit record's sequences.
_SHIFT: Final = tuple(16 * room for room in range(TABLE + 1))
#: :func:`_sequence_counts` by the shortest sequence * 4 + the jokers.
_SEQUENCE_COUNTS: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {}


def _sequence_counts(shortest: int, jokers: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How many sequences at most 0 .. 7 cards long (16 bits each, from the lowest) start
    from a card, by the places held among the six above it (the ace high; a sequence is at
    most seven cards), and how many have the ace low, by the places held from the two up
    (the six lowest): the counts :func:`_runs` makes, with ``jokers`` to stand in and
    sequences ``shortest`` cards long at least."""
    high: list[int] = []
    low: list[int] = []
    for window in range(64):
        from_card = with_ace = 0
        packed_high = packed_low = 0
        for length in range(max(2, shortest), TABLE + 1):
            fewest = max(1, length - jokers)
            within = (window & ((1 << (length - 1)) - 1)).bit_count()
            from_card += _WAYS[length][fewest][within]
            with_ace += _WAYS[length][max(2, fewest)][within]
            packed_high |= from_card << _SHIFT[length]
            packed_low |= with_ace << _SHIFT[length]
        high.append(packed_high)
        low.append(packed_low)
    counts = (tuple(high), tuple(low))
    _SEQUENCE_COUNTS[shortest * 4 + jokers] = counts
    return counts


#: Each card alone as a play, and 0 to 3 jokers.
_ALONE: Final[tuple[tuple[int, ...], ...]] = tuple((c,) for c in range(SWAN + 1))
_JOKERS: Final = tuple((JOKER,) * k for k in range(4))

#: ``bytes.translate`` tables: a rank's count (0 .. 4) as 1 when it is at least the index.
_AT_LEAST: Final = tuple(bytes(int(count >= least) for count in range(256)) for least in range(TABLE + 1))
#: The groups of two natural cards or more of one rank (:func:`_groups`), by the suits
#: holding it (4 counts), the rank, the jokers and the length: 16 x 13 x 4 x 6 at most.
_GROUPS: dict[tuple[bytes, int, int, int], tuple[tuple[int, ...], ...]] = {}


def _groups(suits: bytes, rank: int, jokers: int, length: int) -> tuple[tuple[int, ...], ...]:
    """The groups ``length`` cards long of two cards or more of ``rank``, held in the
    ``suits`` marked, and jokers."""
    cards = _OF_RANK[suits][rank]
    return tuple(
        subset + _JOKERS[length - size]
        for size in range(max(2, length - jokers), min(len(cards), length) + 1)
        for subset in combinations(cards, size)
    )


#: The cards of each rank (0 .. 12) held, by which suits hold it (4 counts: the hand's
#: counts from the rank, every 13th).
_OF_RANK: Final = {
    bytes(held): tuple(tuple(rank + 13 * suit for suit in range(4) if held[suit]) for rank in range(13))
    for held in product((0, 1), repeat=4)
}


#: The sequences of one length of one suit's cards (:func:`_suit_runs`), by the suit's
#: places held (as bits), the suit, the jokers and the length. Emptied when it reaches its
#: size.
_RUNS: dict[tuple[int, int, int, int], tuple[tuple[int, ...], ...]] = {}
_RUNS_KEPT: Final = 100_000


def _suit_runs(record: _Suit, first: int, jokers: int, length: int) -> tuple[tuple[int, ...], ...]:
    """The sequences ``length`` cards long of the suit whose cards are numbered from
    ``first`` (its ``record``), with ``jokers`` to stand in (:func:`_runs`; without,
    :func:`_plain_runs`)."""
    key = (record[1], first, jokers, length)
    runs = _RUNS.get(key)
    if runs is None:
        if jokers:
            runs = tuple(_runs(record[1], record[4], first, jokers, length))
        else:
            runs = tuple(_plain_runs(record[1], first, length))
        if len(_RUNS) >= _RUNS_KEPT:
            _RUNS.clear()
        _RUNS[key] = runs
    return runs


def _runs(held: int, places: tuple[int, ...], first: int, jokers: int, length: int) -> list[tuple[int, ...]]:
    """The sequences ``length`` cards long (2 .. 7) of the suit whose cards are numbered
    from ``first`` (its ``places`` held, 0 .. 12, and as bits, ``held``), with ``jokers``
    to stand in, as card
    tuples (jokers last), each once: its natural cards within ``length`` places and enough
    of them that the jokers fill the rest. Each is made once, from its lowest card with
    the ace high; and those with the ace low (the ace and cards up to ``length`` - 1).
    Those of each lowest card are kept by the places held within reach above it
    (:data:`_FROM_CARD`: a few thousand keys, where a suit's cards are thousands)."""
    reach = (1 << (length - 1)) - 1
    plays: list[tuple[int, ...]] = []
    for p in places:
        key = (first + p, held >> (p + 1) & reach, jokers, length)
        made = _FROM_CARD.get(key)
        if made is None:
            made = _from_card(*key)
        plays.extend(made)
    if held >> 12 & 1:  # the ace low, at place 0, the two at 1 ...: with a card up to length - 1
        key = (first + 12, -1 - (held & reach), jokers, length)
        made = _FROM_CARD.get(key)
        if made is None:
            made = _from_card(*key)
        plays.extend(made)
    return plays


#: The sequences of one length from one card (:func:`_from_card`), by the card, the places
#: held within reach above it (as bits; -1 - the places held from the two up, for the ace
#: low), the jokers and the length. Emptied when it reaches its size.
_FROM_CARD: dict[tuple[int, int, int, int], tuple[tuple[int, ...], ...]] = {}


def _from_card(card: int, window: int, jokers: int, length: int) -> tuple[tuple[int, ...], ...]:
    """The sequences ``length`` cards long whose lowest card is ``card`` (the ace high),
    with the places held within reach above it (``window``: bit i for ``card`` + 1 + i);
    or, ``window`` negative, those of the ace ``card`` low with the places held from the two
    up (bits of -1 - ``window``)."""
    fewest = max(1, length - jokers)  # natural cards
    plays: list[tuple[int, ...]] = []
    if window >= 0:
        reach = [card + 1 + i for i in range(length - 1) if window >> i & 1]
        for size in range(fewest, min(len(reach) + 1, length) + 1):
            for rest in combinations(reach, size - 1):
                plays.append((card, *rest) + _JOKERS[length - size])
    else:
        below = [card - 12 + i for i in range(length - 1) if -1 - window >> i & 1]
        for size in range(max(2, fewest), min(len(below) + 1, length) + 1):
            for rest in combinations(below, size - 1):
                plays.append((*rest, card) + _JOKERS[length - size])
    made = tuple(plays)
    if len(_FROM_CARD) >= _RUNS_KEPT:
        _FROM_CARD.clear()
    _FROM_CARD[(card, window, jokers, length)] = made
    return made


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
