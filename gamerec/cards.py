"""Card codes of every deck gamerec knows, in one place.

A card is a small int inside gamerec (fast to compare, compact in the binary form) and a
short code outside it (``QS``, ``TH``, ``JK``). Codes are written canonically and read
case-insensitively; French and taroc ranks also accept ``10`` for ``T``.

French cards: rank ``2-9 T J Q K A`` followed by suit ``C D H S``. The int of a French card
is ``suit * 13 + rank`` with suits in the order C, D, H, S and ranks 0 (two) .. 12 (ace), so
``card // 13`` is its suit and ``card % 13`` its rank. A joker is ``JK`` (52) and the
Black Swan ``BS`` (53).

A program need not know that arithmetic: each deck says what its cards are
(:meth:`Deck.rank`, :meth:`Deck.suit`, :meth:`Deck.card_name`) and orders them
(:meth:`Deck.sort_key`, :meth:`Deck.lowest`, :meth:`Deck.highest`):

>>> hand = [FRENCH.parse(code) for code in "QS TH 4C AD".split()]
>>> FRENCH.card_name(FRENCH.lowest(hand)), [FRENCH.code(c) for c in sorted(hand, key=FRENCH.sort_key)]
('four of clubs', ['4C', 'TH', 'QS', 'AD'])
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple

__all__ = [
    "FRENCH",
    "FRENCH_RANKS",
    "FRENCH_RANK_NAMES",
    "FRENCH_SUITS",
    "JOKER",
    "PLEDGES",
    "SUIT_NAMES",
    "SWAN",
    "TAROC",
    "CardAnatomy",
    "CardCodeError",
    "CardLook",
    "Deck",
    "NotACardError",
]


class CardCodeError(ValueError):
    """A string that is not a card code of the deck."""


class NotACardError(ValueError):
    """An int (or anything else) given as a card that is no card of the deck."""


class CardLook(NamedTuple):
    """How a card looks to people: its ``label`` on a page (``10♥``), its ``family`` (the
    page's style classes: its suit's, colour's or group's), its ``name`` in words (a page's
    tooltip: ``TH (hearts)``) and its ``style`` in a terminal (a rich style: ``bold red``)."""

    label: str
    family: str
    name: str
    style: str


def plain_look(code: str) -> CardLook:
    """The look of a card of a deck that has none of its own: its code, unstyled."""
    return CardLook(code, "", code, "")


class CardAnatomy(NamedTuple):
    """What a card is, for a program and in words; a deck's ``anatomy`` gives it for each card.

    ``rank``: its rank as a number in the deck's own order, low to high, compared within a
    suit; ``suit``: its suit as a number, or ``None`` for a card of no suit (a joker, the
    Black Swan); ``rank_name``, ``suit_name`` (``None`` exactly when ``suit`` is) and
    ``name``: the same in words; ``order``: its place in the deck's natural order, low to high,
    distinct for distinct cards (:meth:`Deck.sort_key`).
    """

    rank: int
    suit: int | None
    rank_name: str
    suit_name: str | None
    name: str
    order: int


def plain_anatomy(card: int, code: str) -> CardAnatomy:
    """The anatomy of a card of a deck that has none of its own: its int is its rank and its
    place in the order, it has no suit, and its code is its name."""
    return CardAnatomy(card, None, code, None, code, card)


class Deck:
    """The card codes of one deck, how its cards look (``look``: a card code's
    :class:`CardLook`; its code alone by default) and what they are (``anatomy``: a card's
    :class:`CardAnatomy` from its int and code, asked once per card when the deck is made;
    :func:`plain_anatomy` by default).

    ``codes[i]`` is the canonical code of card ``i``. ``cards`` is the deck as dealt:
    a multiset, so a code may stand in it more than once (the three identical jokers).

    Cards stay plain ints; :meth:`rank`, :meth:`suit`, :meth:`rank_name`,
    :meth:`suit_name`, :meth:`card_name` and :meth:`sort_key` read tables made from the anatomy,
    one entry per card. Each raises :class:`NotACardError` for anything that is no card of
    the deck. The order is the deck's own, never a game's: which card wins a trick (trumps,
    a led suit, a game's own ranking) is for the game's rules to say.
    """

    __slots__ = (
        "_card_names",
        "_order",
        "_parse",
        "_rank_names",
        "_ranks",
        "_suit_names",
        "_suits",
        "card_set",
        "cards",
        "codes",
        "counts",
        "distinct",
        "look",
        "name",
    )

    def __init__(
        self,
        name: str,
        codes: Sequence[str],
        cards: Sequence[int] | None = None,
        aliases: dict[str, int] | None = None,
        look: Callable[[str], CardLook] = plain_look,
        anatomy: Callable[[int, str], CardAnatomy] = plain_anatomy,
    ) -> None:
        self.name = name
        self.look = look
        self.codes: tuple[str, ...] = tuple(codes)
        parts = [anatomy(card, code) for card, code in enumerate(self.codes)]
        _check_anatomy(name, self.codes, parts)
        self._ranks: tuple[int, ...] = tuple([p.rank for p in parts])
        self._suits: tuple[int | None, ...] = tuple([p.suit for p in parts])
        self._rank_names: tuple[str, ...] = tuple([p.rank_name for p in parts])
        self._suit_names: tuple[str | None, ...] = tuple([p.suit_name for p in parts])
        self._card_names: tuple[str, ...] = tuple([p.name for p in parts])
        self._order: tuple[int, ...] = tuple([p.order for p in parts])
        self.cards: tuple[int, ...] = tuple(cards if cards is not None else range(len(codes)))
        #: the distinct cards of the deck
        self.card_set: frozenset[int] = frozenset(self.cards)
        #: True when no card stands in the deck twice
        self.distinct = len(self.card_set) == len(self.cards)
        #: how many times each card stands in the deck
        self.counts: Counter[int] = Counter(self.cards)
        parse = {code.upper(): i for i, code in enumerate(self.codes)}
        if aliases:
            parse.update({k.upper(): v for k, v in aliases.items()})
        self._parse = parse

    def __len__(self) -> int:
        return len(self.cards)

    def __repr__(self) -> str:
        return f"Deck({self.name!r}, {len(self.cards)} cards)"

    def code(self, card: int) -> str:
        """The canonical code of ``card``; ``#N`` for an int that is no card of this deck,
        and ``#`` and the value as Python writes it for anything that is not an int (a
        record made in Python may hold ``True``, ``1.0`` or ``"x"`` where a card belongs)."""
        if type(card) is int and 0 <= card < len(self.codes):
            return self.codes[card]
        return f"#{card!r}"

    def codes_of(self, cards: Iterable[int]) -> str:
        """Codes separated by spaces, in the order given."""
        return " ".join(self.code(c) for c in cards)

    def is_card(self, card: int) -> bool:
        return 0 <= card < len(self.codes)

    @property
    def spellings(self) -> frozenset[str]:
        """Every code :meth:`parse` reads, in upper case: the canonical codes and their
        aliases (``10H``); the JSON Schema spells out the rest (case, blanks around)."""
        return frozenset(self._parse)

    def parse(self, text: str) -> int:
        """The card of a code, read case-insensitively.

        >>> FRENCH.parse("qs"), FRENCH.parse("10h") == FRENCH.parse("TH")
        (49, True)
        """
        try:
            return self._parse[text.strip().upper()]
        except (KeyError, AttributeError):
            shown = repr(text)
            if len(shown) > 40:  # (a line of any length may be typed: the message stays one short line)
                shown = f"{shown[:30]}… ({len(text)} characters)"
            raise CardCodeError(f"not a {self.name} card code: {shown}") from None

    def _index(self, card: int, asked: str) -> int:
        """``card`` when it is a card of this deck (0 .. the number of codes - 1), else
        :class:`NotACardError` naming what was asked, the value and the deck's range."""
        if type(card) is int and 0 <= card < len(self.codes):
            return card
        raise NotACardError(
            f"{asked}: {card!r} is no card of the {self.name} deck (its cards are 0..{len(self.codes) - 1})"
        )

    def rank(self, card: int) -> int:
        """The card's rank as a number in the deck's own order, low to high, to compare
        with cards of its suit (the deck's anatomy documents the numbers; for a French card 0
        is a two, 12 an ace).

        >>> FRENCH.rank(FRENCH.parse("2C")), FRENCH.rank(FRENCH.parse("QS")), FRENCH.rank(FRENCH.parse("AH"))
        (0, 10, 12)
        """
        return self._ranks[self._index(card, "rank")]

    def suit(self, card: int) -> int | None:
        """The card's suit as a number, or ``None`` for a card of no suit (a joker, the
        Black Swan). French suits are 0..3: clubs, diamonds, hearts, spades.

        >>> FRENCH.suit(FRENCH.parse("QS")), FRENCH_JOKERS_SWAN.suit(JOKER)
        (3, None)
        """
        return self._suits[self._index(card, "suit")]

    def rank_name(self, card: int) -> str:
        """The card's rank in words.

        >>> FRENCH.rank_name(FRENCH.parse("QS")), FRENCH_JOKERS_SWAN.rank_name(SWAN)
        ('queen', 'Black Swan')
        """
        return self._rank_names[self._index(card, "rank_name")]

    def suit_name(self, card: int) -> str | None:
        """The card's suit in words, or ``None`` for a card of no suit.

        >>> FRENCH.suit_name(FRENCH.parse("TH")), FRENCH_JOKERS_SWAN.suit_name(JOKER)
        ('hearts', None)
        """
        return self._suit_names[self._index(card, "suit_name")]

    def card_name(self, card: int) -> str:
        """The card in words, distinct for distinct cards.

        >>> [FRENCH_JOKERS_SWAN.card_name(c) for c in (FRENCH_JOKERS_SWAN.parse("QS"), JOKER, SWAN)]
        ['queen of spades', 'joker', 'the Black Swan']
        """
        return self._card_names[self._index(card, "card_name")]

    def sort_key(self, card: int) -> int:
        """The card's place in the deck's natural order, low to high, as its anatomy orders
        it: by rank, then suit, so no two cards tie (a French deck's joker and Black Swan come
        after its aces; the Dridge Taroc's minors, then its Black Swan, then its majors). For
        ``min``, ``max`` and ``sorted``; the game's rules, not this order, decide who wins a
        trick.

        >>> hand = [FRENCH.parse(code) for code in "AS 2H KD 2C".split()]
        >>> FRENCH.codes_of(sorted(hand, key=FRENCH.sort_key))
        '2C 2H KD AS'
        """
        return self._order[self._index(card, "sort_key")]

    def lowest(self, cards: Iterable[int]) -> int:
        """The lowest of ``cards`` by :meth:`sort_key` (``ValueError`` if there are none).

        >>> FRENCH.code(FRENCH.lowest(FRENCH.parse(code) for code in ["KD", "3S", "3H"]))
        '3H'
        """
        found = min(cards, key=self.sort_key, default=None)
        if found is None:
            raise ValueError(f"lowest: no cards given, so no lowest {self.name} card")
        return found

    def highest(self, cards: Iterable[int]) -> int:
        """The highest of ``cards`` by :meth:`sort_key` (``ValueError`` if there are none).

        >>> FRENCH.code(FRENCH.highest(FRENCH.parse(code) for code in ["KD", "3S", "KS"]))
        'KS'
        """
        found = max(cards, key=self.sort_key, default=None)
        if found is None:
            raise ValueError(f"highest: no cards given, so no highest {self.name} card")
        return found


def _check_anatomy(deck: str, codes: Sequence[str], parts: Sequence[CardAnatomy]) -> None:
    """Each card's anatomy: a suit name exactly when it has a suit, and no two cards sharing
    a name or a place in the order (a deck made wrong fails when it is made, naming the cards)."""
    for code, part in zip(codes, parts, strict=True):
        if (part.suit is None) != (part.suit_name is None):
            raise ValueError(
                f"deck {deck!r}: card {code} has suit {part.suit!r} but suit name {part.suit_name!r}"
                " (a card has both or neither)"
            )
    for field, values in (("name", [p.name for p in parts]), ("order", [p.order for p in parts])):
        if len(set(values)) == len(values):
            continue
        seen: dict[object, str] = {}
        for code, value in zip(codes, values, strict=True):
            if value in seen:
                raise ValueError(f"deck {deck!r}: cards {seen[value]} and {code} share the {field} {value!r}")
            seen[value] = code


FRENCH_RANKS = "23456789TJQKA"
FRENCH_SUITS = "CDHS"
SUIT_NAMES: Final = ("clubs", "diamonds", "hearts", "spades")
JOKER: Final = 52
SWAN: Final = 53

_french_codes = [r + s for s in FRENCH_SUITS for r in FRENCH_RANKS]

#: the jokers and the Black Swan, in every deck that holds them
_SPECIAL: Final = {
    "JK": CardLook("JK", "joker", "joker", "bold magenta"),
    "BS": CardLook("BS", "swan", "Black Swan", "bold black on grey70"),
}
#: each French suit: its symbol, colour, name and terminal style
_FRENCH_LOOK: Final = {
    "C": ("\u2663", "black", "clubs", "bold bright_white"),
    "D": ("\u2666", "red", "diamonds", "bold red"),
    "H": ("\u2665", "red", "hearts", "bold red"),
    "S": ("\u2660", "black", "spades", "bold bright_white"),
}


def french_look(code: str) -> CardLook:
    """A French card (``10♥``, red, ``TH (hearts)``), a joker or the Black Swan."""
    special = _SPECIAL.get(code)
    if special is not None:
        return special
    suit = _FRENCH_LOOK.get(code[-1:])
    if suit is None:
        return plain_look(code)
    symbol, colour, name, style = suit
    rank = code[:-1]
    return CardLook(("10" if rank == "T" else rank) + symbol, colour, f"{code} ({name})", style)


#: French ranks in words, two .. ace (rank 0 .. 12)
FRENCH_RANK_NAMES: Final = (
    "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace",
)  # fmt: skip


def french_anatomy(card: int, code: str) -> CardAnatomy:
    """A French card: rank 0 (two) .. 12 (ace), suit 0..3 (clubs, diamonds, hearts, spades),
    ordered by rank then suit (``2C`` 0, ``2D`` 1 .. ``AS`` 51). The cards of no suit rank
    above every ace, as they are worth more to a player: the joker is rank 13 and the Black
    Swan 14 (after the joker, order 52 and 53).

    >>> french_anatomy(49, "QS")
    CardAnatomy(rank=10, suit=3, rank_name='queen', suit_name='spades', name='queen of spades', order=43)
    >>> french_anatomy(SWAN, "BS")
    CardAnatomy(rank=14, suit=None, rank_name='Black Swan', suit_name=None, name='the Black Swan', order=53)
    """
    if code == "JK":
        return CardAnatomy(13, None, "joker", None, "joker", 52)
    if code == "BS":
        return CardAnatomy(14, None, "Black Swan", None, "the Black Swan", 53)
    suit, rank = FRENCH_SUITS.index(code[-1]), FRENCH_RANKS.index(code[:-1])
    rank_name, suit_name = FRENCH_RANK_NAMES[rank], SUIT_NAMES[suit]
    return CardAnatomy(rank, suit, rank_name, suit_name, f"{rank_name} of {suit_name}", rank * 4 + suit)


_ten_aliases = {"10" + s: FRENCH_SUITS.index(s) * 13 + 8 for s in FRENCH_SUITS}

#: The standard 52-card deck.
FRENCH = Deck("French", _french_codes, aliases=_ten_aliases, look=french_look, anatomy=french_anatomy)

#: 52 cards, three identical jokers and the Black Swan (black-swan-2012).
FRENCH_JOKERS_SWAN = Deck(
    "French with jokers and Black Swan",
    [*_french_codes, "JK", "BS"],
    cards=[*range(52), JOKER, JOKER, JOKER, SWAN],
    aliases=_ten_aliases,
    look=french_look,
    anatomy=french_anatomy,
)


# -- the Dridge Taroc deck (black-swan-taroc) --------------------------------------------------
#: minor suits: Buds, Hearts, Coins, Goblets, Pentacles, Bones
TAROC_MINOR_SUITS = "BHCGPO"
TAROC_MINOR_NAMES = ("Buds", "Hearts", "Coins", "Goblets", "Pentacles", "Bones")
#: minor ranks 2..10, Page (J), Knight (N), Queen, King, Ace
TAROC_RANKS = "23456789TJNQKA"
#: major suits with their sizes: Vocations, Creatures, Structures, Mysteries (low majors),
#: Elements, Astro (high majors)
TAROC_MAJORS = (("VO", 7), ("CR", 7), ("ST", 7), ("MY", 7), ("EL", 4), ("AS", 4))
TAROC_MAJOR_NAMES = ("Vocations", "Creatures", "Structures", "Mysteries", "Elements", "Astro")

_taroc_codes = [r + s for s in TAROC_MINOR_SUITS for r in TAROC_RANKS]
for _suit, _size in TAROC_MAJORS:
    _taroc_codes += [f"{_suit}{i}" for i in range(1, _size + 1)]
_taroc_codes.append("BS")
TAROC_SWAN: Final = 120

#: taroc's minor suits in colour (Buds, Hearts, Coins, Goblets, Pentacles, Bones)
_MINOR_STYLES: Final = ("green", "red", "yellow", "cyan", "magenta", "grey70")
#: taroc's majors: the low majors one family colour each, the high majors bright
_MAJOR_STYLES: Final = ("blue", "dark_orange", "spring_green3", "purple", "bright_blue", "gold1")
_TAROC_MAJOR_LOOK: Final = {
    s: (name, f"bold {style}")
    for (s, _), name, style in zip(TAROC_MAJORS, TAROC_MAJOR_NAMES, _MAJOR_STYLES, strict=True)
}
_TAROC_MINOR_LOOK: Final = dict(
    zip(TAROC_MINOR_SUITS, zip(TAROC_MINOR_NAMES, _MINOR_STYLES, strict=True), strict=True)
)


def taroc_look(code: str) -> CardLook:
    """A Dridge Taroc card: a major (its family), a minor (its suit) or the Black Swan."""
    special = _SPECIAL.get(code)
    if special is not None:
        return special
    major = _TAROC_MAJOR_LOOK.get(code[:2])
    if major is not None and code[2:].isdigit():
        return CardLook(code, f"major m-{code[:2]}", major[0], major[1])
    minor = _TAROC_MINOR_LOOK.get(code[-1:])
    if minor is not None:
        return CardLook(code, f"t-{code[-1]}", minor[0], minor[1])
    return plain_look(code)


#: taroc's minor ranks in words, 2 .. Ace (rank 0 .. 13)
TAROC_RANK_NAMES: Final = (
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten",
    "Page", "Knight", "Queen", "King", "Ace",
)  # fmt: skip
#: the low majors (Vocations .. Mysteries) come first in the order, then the high majors
_TAROC_LOW_MAJORS: Final = 4


def taroc_anatomy(card: int, code: str) -> CardAnatomy:
    """A Dridge Taroc card (docs/rules/black-swan-taroc.md, "The deck" and "The global card
    order").

    A minor: rank 0 (Two) .. 13 (Ace), suit 0..5 (Buds, Hearts, Coins, Goblets, Pentacles,
    Bones), named ``Knight of Coins``. A major: rank its number in its family (1..7 for a low
    major, 1..4 for Elements and Astro), suit 6..11 (Vocations .. Astro), named ``Vocations
    3``. The Black Swan: rank 14 (above the minors' aces, below the majors, as the deck's text
    ranks it), no suit. The order is the text's: every minor (by rank, then suit) < the Black
    Swan < every low major < every high major (each by number, then family).

    >>> taroc_anatomy(38, "NC")
    CardAnatomy(rank=10, suit=2, rank_name='Knight', suit_name='Coins', name='Knight of Coins', order=62)
    >>> taroc_anatomy(86, "VO3")
    CardAnatomy(rank=3, suit=6, rank_name='3', suit_name='Vocations', name='Vocations 3', order=93)
    >>> taroc_anatomy(TAROC_SWAN, "BS").order, taroc_anatomy(119, "AS4").order
    (84, 120)
    """
    minors, ranks = len(TAROC_MINOR_SUITS), len(TAROC_RANKS)
    if code == "BS":
        return CardAnatomy(ranks, None, "Black Swan", None, "the Black Swan", minors * ranks)
    family = next((i for i, (s, _) in enumerate(TAROC_MAJORS) if code[:2] == s), None)
    if family is None:
        suit, rank = TAROC_MINOR_SUITS.index(code[-1]), TAROC_RANKS.index(code[:-1])
        rank_name, suit_name = TAROC_RANK_NAMES[rank], TAROC_MINOR_NAMES[suit]
        name = f"{rank_name} of {suit_name}"
        return CardAnatomy(rank, suit, rank_name, suit_name, name, rank * minors + suit)
    number = int(code[2:])
    # the minors and the Swan come first; then the low majors, number by number, then the high
    order = minors * ranks + 1
    if family < _TAROC_LOW_MAJORS:
        order += (number - 1) * _TAROC_LOW_MAJORS + family
    else:
        order += sum(size for _, size in TAROC_MAJORS[:_TAROC_LOW_MAJORS])
        order += (number - 1) * (len(TAROC_MAJORS) - _TAROC_LOW_MAJORS) + family - _TAROC_LOW_MAJORS
    suit_name = TAROC_MAJOR_NAMES[family]
    return CardAnatomy(number, minors + family, str(number), suit_name, f"{suit_name} {number}", order)


#: The 121 cards of the Dridge Taroc: minors 0..83 (suit * 14 + rank), majors 84..119 in
#: the order of TAROC_MAJORS, the Black Swan 120.
TAROC = Deck(
    "Dridge Taroc",
    _taroc_codes,
    aliases={"10" + s: TAROC_MINOR_SUITS.index(s) * 14 + 8 for s in TAROC_MINOR_SUITS},
    look=taroc_look,
    anatomy=taroc_anatomy,
)

#: Pledge names by their int (feather 1 point, stone 2, pearl 3).
PLEDGES: Final = ("feather", "stone", "pearl")
