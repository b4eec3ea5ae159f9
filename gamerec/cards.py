"""Card codes of every deck gamerec knows, in one place.

A card is a small int inside gamerec (fast to compare, compact in the binary form) and a
short code outside it (``QS``, ``TH``, ``JK``). Codes are written canonically and read
case-insensitively; French and taroc ranks also accept ``10`` for ``T``.

French cards: rank ``2-9 T J Q K A`` followed by suit ``C D H S``. The int of a French card
is ``suit * 13 + rank`` with suits in the order C, D, H, S and ranks 0 (two) .. 12 (ace), so
``card // 13`` is its suit and ``card % 13`` its rank. A joker is ``JK`` (52) and the
Black Swan ``BS`` (53).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import Final, NamedTuple

__all__ = [
    "FRENCH",
    "FRENCH_RANKS",
    "FRENCH_SUITS",
    "JOKER",
    "PLEDGES",
    "SUIT_NAMES",
    "SWAN",
    "TAROC",
    "CardCodeError",
    "CardLook",
    "Deck",
]


class CardCodeError(ValueError):
    """A string that is not a card code of the deck."""


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


class Deck:
    """The card codes of one deck, and how its cards look (``look``: a card code's
    :class:`CardLook`; its code alone by default).

    ``codes[i]`` is the canonical code of card ``i``. ``cards`` is the deck as dealt:
    a multiset, so a code may stand in it more than once (the three identical jokers).
    """

    __slots__ = ("_parse", "card_set", "cards", "codes", "counts", "distinct", "look", "name")

    def __init__(
        self,
        name: str,
        codes: Sequence[str],
        cards: Sequence[int] | None = None,
        aliases: dict[str, int] | None = None,
        look: Callable[[str], CardLook] = plain_look,
    ) -> None:
        self.name = name
        self.look = look
        self.codes: tuple[str, ...] = tuple(codes)
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


_ten_aliases = {"10" + s: FRENCH_SUITS.index(s) * 13 + 8 for s in FRENCH_SUITS}

#: The standard 52-card deck.
FRENCH = Deck("French", _french_codes, aliases=_ten_aliases, look=french_look)

#: 52 cards, three identical jokers and the Black Swan (black-swan-2012).
FRENCH_JOKERS_SWAN = Deck(
    "French with jokers and Black Swan",
    [*_french_codes, "JK", "BS"],
    cards=[*range(52), JOKER, JOKER, JOKER, SWAN],
    aliases=_ten_aliases,
    look=french_look,
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


#: The 121 cards of the Dridge Taroc: minors 0..83 (suit * 14 + rank), majors 84..119 in
#: the order of TAROC_MAJORS, the Black Swan 120.
TAROC = Deck(
    "Dridge Taroc",
    _taroc_codes,
    aliases={"10" + s: TAROC_MINOR_SUITS.index(s) * 14 + 8 for s in TAROC_MINOR_SUITS},
    look=taroc_look,
)
TAROC_SWAN: Final = 120

#: Pledge names by their int (feather 1 point, stone 2, pearl 3).
PLEDGES: Final = ("feather", "stone", "pearl")
