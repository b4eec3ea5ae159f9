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
from collections.abc import Iterable, Sequence
from typing import Final

__all__ = [
    "FOREST",
    "FRENCH",
    "FRENCH_RANKS",
    "FRENCH_SUITS",
    "JOKER",
    "PLEDGES",
    "SUIT_NAMES",
    "SWAN",
    "TAROC",
    "CardCodeError",
    "Deck",
]


class CardCodeError(ValueError):
    """A string that is not a card code of the deck."""


class Deck:
    """The card codes of one deck.

    ``codes[i]`` is the canonical code of card ``i``. ``cards`` is the deck as dealt:
    a multiset, so a code may stand in it more than once (the three identical jokers).
    """

    __slots__ = ("_parse", "card_set", "cards", "codes", "counts", "distinct", "name")

    def __init__(
        self,
        name: str,
        codes: Sequence[str],
        cards: Sequence[int] | None = None,
        aliases: dict[str, int] | None = None,
    ) -> None:
        self.name = name
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
_ten_aliases = {"10" + s: FRENCH_SUITS.index(s) * 13 + 8 for s in FRENCH_SUITS}

#: The standard 52-card deck.
FRENCH = Deck("French", _french_codes, aliases=_ten_aliases)

#: 52 cards, three identical jokers and the Black Swan (black-swan-2012).
FRENCH_JOKERS_SWAN = Deck(
    "French with jokers and Black Swan",
    [*_french_codes, "JK", "BS"],
    cards=[*range(52), JOKER, JOKER, JOKER, SWAN],
    aliases=_ten_aliases,
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

#: The 121 cards of the Dridge Taroc: minors 0..83 (suit * 14 + rank), majors 84..119 in
#: the order of TAROC_MAJORS, the Black Swan 120.
TAROC = Deck(
    "Dridge Taroc",
    _taroc_codes,
    aliases={"10" + s: TAROC_MINOR_SUITS.index(s) * 14 + 8 for s in TAROC_MINOR_SUITS},
)
TAROC_SWAN: Final = 120

#: Pledge names by their int (feather 1 point, stone 2, pearl 3).
PLEDGES: Final = ("feather", "stone", "pearl")


# -- the forest deck (forest) -------------------------------------------------------------------
FOREST_COLOURS = "RBGYK"
FOREST_COLOUR_NAMES: Final = ("red", "blue", "green", "yellow", "black")
FOREST_BLACK: Final = 4
#: the highest number a forest deck may have (the option max_number's range)
FOREST_MAX_NUMBER: Final = 99

#: Forest cards: colour R B G Y K then the number 1..99 (``R1``, ``R10``, ``K7``); the int
#: of a card is ``colour * 99 + number - 1``. A game uses the numbers up to its max_number.
FOREST = Deck(
    "forest",
    [c + str(n) for c in FOREST_COLOURS for n in range(1, FOREST_MAX_NUMBER + 1)],
)
