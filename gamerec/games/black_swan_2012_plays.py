"""Every play a black-swan-2012 hand can make (:func:`playable`), from which the rules
(:mod:`gamerec.games.black_swan_2012`) list a hand's legal actions and the bots choose; what
the cards of one play form is :mod:`gamerec.games.black_swan_2012_combinations`. The tests
hold the two to each other and to a brute-force oracle
(``tests/games/black_swan_2012/test_black_swan_2012_properties.py``).
The enumeration is most of the bots' time. A hand's plays are counted without being made
(:func:`play_count`), from one record a suit kept in a table by the suit's cards (a hand's
suits change one play at a time): its cards, its sequences by the room on the table, its
ranks; the groups are counted from how many ranks are held once, twice, three and four
times. The random bot makes only the play it chooses (:func:`choose_play`,
:func:`nth_play`: a single from its suit's record, a longer play among those of its length
only); the smart bot sees them all (:func:`playable`), made length by length.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, compress, product
from math import comb
from typing import Final

from ..cards import JOKER, SWAN
from .black_swan_2012_combinations import TABLE

__all__ = ["choose_play", "nth_play", "play_count", "playable"]


def playable(
    counts: Sequence[int], room: int, min_run: int = 2, joker_triple: bool = False
) -> list[tuple[int, ...]]:
    """Every distinct play (sorted card tuple) a hand given as card counts can make with
    ``room`` places left on the table: by length, then card by card."""
    return _hand(counts, room, min_run, joker_triple).all()


def play_count(counts: Sequence[int], room: int, min_run: int = 2, joker_triple: bool = False) -> int:
    """How many plays :func:`playable` lists, counted without making them."""
    return _hand(counts, room, min_run, joker_triple).count()


def nth_play(
    counts: Sequence[int], room: int, min_run: int, joker_triple: bool, index: int
) -> tuple[int, ...]:
    """``playable(counts, room, min_run, joker_triple)[index]``, making only the plays of
    its length."""
    return _hand(counts, room, min_run, joker_triple).nth(index)


def choose_play(
    counts: Sequence[int],
    room: int,
    min_run: int,
    joker_triple: bool,
    below: Callable[[int], int],
    before: int = 0,
) -> tuple[int, ...] | int:
    """The play :func:`playable` lists at the index ``below(n)`` picks (0 .. n - 1), ``n``
    being ``before`` + the number of plays, counted and made as :func:`play_count` and
    :func:`nth_play` do, in one pass over the hand's suits; or the index picked when it is
    under ``before`` (the caller's own choices, listed first). The random bot passes
    ``rng._randbelow``: CPython's ``rng.choice(seq)`` is ``seq[rng._randbelow(len(seq))]``,
    so the same random numbers and the same choice as over the list."""
    # _hand and _Hand.count written out in one function: this is every action of the
    # random bot (the tests hold the three to playable)
    cards = bytes(counts)
    jokers = cards[JOKER]
    shortest = 2 if min_run < 2 else min_run if min_run <= TABLE else TABLE + 1  # 8: none
    table = _SUITS[shortest][jokers]
    s0 = table.get(cards[0:13]) or _suit(table, cards[0:13], jokers, shortest)
    s1 = table.get(cards[13:26]) or _suit(table, cards[13:26], jokers, shortest)
    s2 = table.get(cards[26:39]) or _suit(table, cards[26:39], jokers, shortest)
    s3 = table.get(cards[39:52]) or _suit(table, cards[39:52], jokers, shortest)
    if room > TABLE:
        room = TABLE
    hand = s0[5] + s1[5] + s2[5] + s3[5]  # the four suits' counts added up in one sum
    distinct = hand & 0xFF
    made = distinct + cards[SWAN]
    if room >= 2:
        made += hand >> _PACKED_RUNS[room] & 0xFFFF
        if jokers or hand & _TWICE:  # jokers, or a rank held twice: groups
            # the ranks held once, twice, three and four times, from the bits of their
            # counts (a rank's byte: 1 .. 4): bit 0 (1 or 3), bit 1 (2 or 3), bits 0 and 1
            # (3), bit 2 (4)
            groups = _GROUP_TOTALS[jokers][room]
            three = (hand & hand >> 1 & _BIT0).bit_count()
            made += (
                ((hand & _BIT0).bit_count() - three) * groups[1]
                + ((hand & _BIT1).bit_count() - three) * groups[2]
                + three * groups[3]
                + (hand & _BIT2).bit_count() * groups[4]
            )
    alone = 0
    if jokers:
        alone = min(jokers, 3 if joker_triple else 2)
        made += min(alone, room)  # jokers alone
        both = min(jokers + 1, room) - shortest + 1  # the lengths of a card and jokers
        if both > 0:
            made -= distinct * both
    index = below(before + made)
    if index < before:
        return index
    index -= before
    # a natural card alone, from its suit's record
    if index < s0[0]:
        return _ALONE[s0[4][index]]
    index -= s0[0]
    if index < s1[0]:
        return _ALONE[13 + s1[4][index]]
    index -= s1[0]
    if index < s2[0]:
        return _ALONE[26 + s2[4][index]]
    index -= s2[0]
    if index < s3[0]:
        return _ALONE[39 + s3[4][index]]
    return _after_naturals(cards, (s0, s1, s2, s3), room, alone, shortest, index - s3[0])


def _after_naturals(
    cards: bytes, suits: tuple[_Suit, _Suit, _Suit, _Suit], room: int, alone: int, shortest: int, index: int
) -> tuple[int, ...]:
    """The play at ``index`` of a hand's plays after its natural cards alone: a joker
    alone, the Swan, the plays of two cards (82% of the random bot's longer plays: found
    by counting those whose first card is of each suit, then each card's, and made alone),
    then the longer ones (:func:`_longer`)."""
    jokers = cards[JOKER]
    if jokers:
        if not index:
            return _ALONE[JOKER]
        index -= 1
    if cards[SWAN]:
        if not index:
            return _ALONE[SWAN]
        index -= 1
    if room < 2:
        raise IndexError(f"play {index} of a hand is past its last")
    # the pairs of each suit's first card: its sequences two cards long (with a joker too,
    # when a card and a joker are a sequence), the same rank in each higher suit, a card
    # and a joker as a group when they are no sequence
    s0, s1, s2, s3 = suits
    h0, h1, h2, h3 = s0[1], s1[1], s2[1], s3[1]
    runs = shortest <= 2
    with_joker = 1 if jokers and not runs else 0
    made = (s0[3] >> 32 & 0xFFFF) + (h0 & h1).bit_count() + (h0 & h2).bit_count() + (h0 & h3).bit_count()
    made += with_joker * s0[0]
    if index < made:
        return _pair(cards, 0, s0, runs, index)
    index -= made
    made = (s1[3] >> 32 & 0xFFFF) + (h1 & h2).bit_count() + (h1 & h3).bit_count() + with_joker * s1[0]
    if index < made:
        return _pair(cards, 13, s1, runs, index)
    index -= made
    made = (s2[3] >> 32 & 0xFFFF) + (h2 & h3).bit_count() + with_joker * s2[0]
    if index < made:
        return _pair(cards, 26, s2, runs, index)
    index -= made
    made = (s3[3] >> 32 & 0xFFFF) + with_joker * s3[0]
    if index < made:
        return _pair(cards, 39, s3, runs, index)
    index -= made
    if alone >= 2:
        if not index:
            return _JOKERS[2]
        index -= 1
    return _longer(cards, suits, room, alone, shortest, index)


def _longer(
    cards: bytes, suits: tuple[_Suit, _Suit, _Suit, _Suit], room: int, alone: int, shortest: int, index: int
) -> tuple[int, ...]:
    """The play at ``index`` of a hand's plays three cards long or more. The plays of one
    length are sorted, so they hold those whose first (lowest) card is a club, then a
    diamond ... then jokers alone: a suit's share is its sequences of that length and the
    groups whose lowest card is its own, counted by how many higher suits hold each of its
    ranks (0 .. 3); only the plays of the suit where the index falls are made."""
    jokers = cards[JOKER]
    s0, s1, s2, s3 = suits
    h0, h1, h2, h3 = s0[1], s1[1], s2[1], s3[1]
    # each suit's ranks by how many higher suits hold them (0 .. 3)
    all3 = h1 & h2 & h3
    two = (h1 & h2) | (h1 & h3) | (h2 & h3)
    odd = h1 ^ h2 ^ h3
    shares = (
        (h0 & ~(h1 | h2 | h3), h0 & odd & ~all3, h0 & two & ~all3, h0 & all3),
        (h1 & ~(h2 | h3), h1 & (h2 ^ h3), h1 & h2 & h3, 0),
        (h2 & ~h3, h2 & h3, 0, 0),
        (h3, 0, 0, 0),
    )
    by_share = tuple(tuple(m.bit_count() for m in share) for share in shares)
    for length in range(3, room + 1):
        runs = length >= shortest
        firsts = _FIRST_GROUPS[runs][jokers][length]
        below, at = _SHIFT[length - 1], _SHIFT[length]
        for suit in range(4):
            record = suits[suit]
            counts = by_share[suit]
            made = (
                (record[3] >> at & 0xFFFF)
                - (record[3] >> below & 0xFFFF)
                + counts[0] * firsts[0]
                + counts[1] * firsts[1]
                + counts[2] * firsts[2]
                + counts[3] * firsts[3]
            )
            if index < made:
                return _suit_plays(cards, suit, record, length, runs)[index]
            index -= made
        if length <= alone:
            if not index:
                return _JOKERS[length]
            index -= 1
    raise IndexError(f"play {index} of a hand is past its last")


def _suit_plays(cards: bytes, suit: int, record: _Suit, length: int, runs: bool) -> list[tuple[int, ...]]:
    """The plays ``length`` cards long whose first (lowest) card is of ``suit`` (its
    ``record``), sorted: its sequences, and the groups of its ranks with the same rank in
    higher suits and jokers (one natural card and jokers only when that is no sequence)."""
    jokers = cards[JOKER]
    first = 13 * suit
    found: list[tuple[int, ...]] = []
    fewest = max(2 if runs else 1, length - jokers)  # natural cards in a group
    if fewest <= 4:
        for place in record[4]:
            card = first + place
            above = [c for c in range(card + 13, 52, 13) if cards[c]]
            for size in range(fewest, min(len(above) + 1, length) + 1):
                tail = _JOKERS[length - size]
                for rest in combinations(above, size - 1):
                    found.append((card, *rest, *tail))
    if runs and record[3] >> _SHIFT[length] & 0xFFFF != record[3] >> _SHIFT[length - 1] & 0xFFFF:
        found.extend(_suit_runs(record, first, jokers, length))
    found.sort()
    return found


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


def _pair(cards: bytes, first: int, record: _Suit, runs: bool, index: int) -> tuple[int, ...]:
    """The play of two cards at ``index`` of those whose first is of the suit numbered from
    ``first`` (its ``record``), in order: from each of its cards, the next card up (a
    sequence), the ace after the two (the ace low), the same rank in each higher suit (a
    group), a joker (a group or a sequence)."""
    held = record[1]
    joker = cards[JOKER] > 0
    for place in record[4]:
        card = first + place
        if runs:
            if held >> (place + 1) & 1:  # (no bit above the ace's)
                if not index:
                    return (card, card + 1)
                index -= 1
            if not place and held >> 12 & 1:
                if not index:
                    return (card, card + 12)
                index -= 1
        for other in range(card + 13, 52, 13):
            if cards[other]:
                if not index:
                    return (card, other)
                index -= 1
        if joker:
            if not index:
                return (card, JOKER)
            index -= 1
    raise IndexError(f"play {index} of two cards of a suit is past its last")


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


class _Hand:
    """The plays of a hand (card counts) with ``room`` places left on the table, counted
    without making them (:meth:`count`), and the one at an index of :func:`playable`'s
    list made alone (:meth:`nth`), from the records of its suits (:data:`_SUITS`, one
    look-up a suit): the natural cards, a joker and the Swan alone; jokers alone; the
    groups, from how many ranks are held once, twice, three and four times; the sequences;
    less the plays that are both a group and a sequence (one natural card and jokers, as
    long as a sequence may be)."""

    __slots__ = ("alone", "cards", "distinct", "hand", "jokers", "room", "shortest", "suits", "twice")

    def __init__(
        self, cards: bytes, suits: tuple[_Suit, _Suit, _Suit, _Suit], room: int, alone: int, shortest: int
    ) -> None:
        self.cards = cards
        self.suits = suits
        self.jokers = cards[JOKER]
        self.room = min(room, TABLE)
        self.alone = alone
        self.shortest = shortest
        hand = suits[0][5] + suits[1][5] + suits[2][5] + suits[3][5]  # the suits' counts added up
        self.hand = hand
        self.distinct = hand & 0xFF
        self.twice = hand & _TWICE != 0  # a rank held twice or more

    def count(self) -> int:
        """How many plays :func:`playable` lists (as :func:`choose_play` counts them)."""
        room = self.room
        jokers = self.jokers
        distinct = self.distinct
        hand = self.hand
        made = distinct + (1 if self.cards[SWAN] else 0) + min(self.alone, room)
        if room >= 2:
            made += hand >> _PACKED_RUNS[room] & 0xFFFF
            if jokers or hand & _TWICE:
                groups = _GROUP_TOTALS[jokers][room]
                three = (hand & hand >> 1 & _BIT0).bit_count()
                made += (
                    ((hand & _BIT0).bit_count() - three) * groups[1]
                    + ((hand & _BIT1).bit_count() - three) * groups[2]
                    + three * groups[3]
                    + (hand & _BIT2).bit_count() * groups[4]
                )
        both = min(jokers + 1, room) - self.shortest + 1  # the lengths of a card and jokers
        if both > 0:
            made -= distinct * both
        return made

    def nth(self, index: int) -> tuple[int, ...]:
        """``playable(...)[index]``: a single found in its suit's record, a longer play among
        the plays of its length only."""
        for first, suit in zip((0, 13, 26, 39), self.suits, strict=True):
            if index < suit[0]:
                return _ALONE[first + suit[4][index]]
            index -= suit[0]
        return _after_naturals(self.cards, self.suits, self.room, self.alone, self.shortest, index)

    def _runs(self, room: int) -> int:
        """How many sequences at most ``room`` cards long."""
        return self.hand >> _PACKED_RUNS[room] & 0xFFFF

    def _by_rank(self) -> bytes:
        """How many cards of each rank are held (13 counts)."""
        return (self.hand >> 8 & _RANKS).to_bytes(13, "little")

    def _size(self, length: int) -> int:
        """How many plays ``length`` (2 .. 7) cards long."""
        jokers = self.jokers
        made = self._runs(length) - self._runs(length - 1)
        if jokers or self.twice:
            by_rank = self._by_rank()
            groups = _GROUP_SIZES[jokers]
            for cards in range(1, 5):
                ranks = by_rank.count(cards)
                if ranks:
                    made += ranks * groups[cards][length]
        if length <= self.alone:
            made += 1
        if self.shortest <= length <= jokers + 1:
            made -= self.distinct
        return made

    def plays(self, length: int) -> list[tuple[int, ...]]:
        """The plays ``length`` (2 .. 7) cards long, sorted. Each is made once: a group of
        two natural cards or more is no sequence (a rank twice), and one natural card with
        jokers, both a group and a sequence, comes from the sequences when they may be that
        long, else from the groups."""
        naturals = self.cards
        jokers = self.jokers
        runs = length >= self.shortest
        found: list[tuple[int, ...]] = []
        if length <= self.alone:
            found.append(_JOKERS[length])
        if jokers >= length - 1 and not runs:  # each natural card with jokers
            tail = _JOKERS[length - 1]
            for first, suit in zip((0, 13, 26, 39), self.suits, strict=True):
                for place in suit[4]:
                    found.append((first + place, *tail))
        fewest = max(2, length - jokers)  # natural cards of one rank, two at least
        if fewest <= length and self.twice:
            # the ranks held at least that often (marked 1), found one by one
            marks = self._by_rank().translate(_AT_LEAST[fewest])
            rank = marks.find(1)
            while rank >= 0:
                key = (naturals[rank:52:13], rank, jokers, length)
                groups = _GROUPS.get(key)
                if groups is None:
                    groups = _GROUPS[key] = _groups(*key)
                found.extend(groups)
                rank = marks.find(1, rank + 1)
        if runs:
            for first, suit in zip((0, 13, 26, 39), self.suits, strict=True):
                if suit[3] >> _SHIFT[length] & 0xFFFF == suit[3] >> _SHIFT[length - 1] & 0xFFFF:
                    continue  # the suit makes no sequence this long
                found.extend(_suit_runs(suit, first, jokers, length))
        found.sort()
        return found

    def all(self) -> list[tuple[int, ...]]:
        """Every play, as :func:`playable` lists them."""
        plays = list(map(_ALONE.__getitem__, compress(range(SWAN + 1), self.cards)))  # a joker once
        longer = self.count() - len(plays)  # the plays of 2 cards or more, made until all are
        length = 2
        while longer > 0 and length <= self.room:
            made = self.plays(length)
            plays.extend(made)
            longer -= len(made)
            length += 1
        return plays


def _hand(counts: Sequence[int], room: int, min_run: int, joker_triple: bool) -> _Hand:
    """A hand's plays, from its suits' records."""
    cards = bytes(counts)
    jokers = cards[JOKER]
    shortest = 2 if min_run < 2 else min_run if min_run <= TABLE else TABLE + 1  # 8: none
    table = _SUITS[shortest][jokers]
    suits = (
        table.get(cards[0:13]) or _suit(table, cards[0:13], jokers, shortest),
        table.get(cards[13:26]) or _suit(table, cards[13:26], jokers, shortest),
        table.get(cards[26:39]) or _suit(table, cards[26:39], jokers, shortest),
        table.get(cards[39:52]) or _suit(table, cards[39:52], jokers, shortest),
    )
    return _Hand(cards, suits, room, min(jokers, 3 if joker_triple else 2), shortest)


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
