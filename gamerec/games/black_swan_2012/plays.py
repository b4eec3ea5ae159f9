"""Every play a black-swan-2012 hand can make (:func:`playable`), from which the rules
(:mod:`gamerec.games.black_swan_2012`) list a hand's legal actions and the bots choose; what
the cards of one play form is :mod:`gamerec.games.black_swan_2012.combinations`. The tests
hold the two to each other and to a brute-force oracle
(``tests/games/black_swan_2012/test_black_swan_2012_properties.py``).
The enumeration is most of the bots' time. A hand's plays are counted without being made
(:func:`play_count`), from one record a suit kept in a table by the suit's cards (a hand's
suits change one play at a time; :mod:`gamerec.games.black_swan_2012.suits`): how many
cards, their ranks, their sequences by the room on the table, in one int, so the four
suits add up in one sum; the groups are counted from how many ranks are held once, twice,
three and four times (bits of that sum). The random bot makes only the play it chooses
(:func:`choose_play`, :func:`nth_play`): a single from its suit's record; a pair found
card by card in the suit of its first card; a longer play among those of its length whose
first card is of the same suit (the plays of one length are sorted, so by the suit of their
first card). The smart bot sees them all (:func:`playable`), made length by length.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, compress

from ...cards import JOKER, SWAN
from .combinations import TABLE
from .suits import (
    _ALONE,
    _AT_LEAST,
    _BIT0,
    _BIT1,
    _BIT2,
    _FIRST_GROUPS,
    _GROUP_SIZES,
    _GROUP_TOTALS,
    _GROUPS,
    _JOKERS,
    _PACKED_RUNS,
    _RANKS,
    _SHIFT,
    _SUITS,
    _TWICE,
    _groups,
    _Suit,
    _suit,
    _suit_runs,
)

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
