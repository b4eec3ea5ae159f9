"""The forest deck: five colours, red ``R``, blue ``B``, green ``G``, yellow ``Y`` and black
``K``, each numbered 1 .. 99 (a game uses the numbers up to its ``max_number``), and how its
cards look (docs/rules/forest.md)."""

from __future__ import annotations

from typing import Final

from ...cards import CardAnatomy, CardLook, Deck, plain_look

__all__ = ["FOREST", "FOREST_BLACK", "FOREST_COLOURS", "FOREST_COLOUR_NAMES", "FOREST_MAX_NUMBER"]

FOREST_COLOURS: Final = "RBGYK"
FOREST_COLOUR_NAMES: Final = ("red", "blue", "green", "yellow", "black")
FOREST_BLACK: Final = 4
#: the highest number a forest deck may have (the option max_number's range)
FOREST_MAX_NUMBER: Final = 99

#: each colour's terminal style
_STYLES: Final = {
    "R": "bold red",
    "B": "bold blue",
    "G": "bold green",
    "Y": "bold yellow",
    "K": "bold black on grey70",
}
_NAMES: Final = dict(zip(FOREST_COLOURS, FOREST_COLOUR_NAMES, strict=True))


def forest_look(code: str) -> CardLook:
    """A forest card: its code, in its colour (``R7``, red)."""
    colour = code[:1]
    name = _NAMES.get(colour)
    if name is None:
        return plain_look(code)
    return CardLook(code, f"f-{colour}", name, _STYLES[colour])


def forest_anatomy(card: int, code: str) -> CardAnatomy:
    """A forest card: rank its number (1..99), suit its colour (0..4: red, blue, green,
    yellow, black), named ``red 7``; ordered by number, then colour (``R1`` 0, ``B1`` 1 ..
    ``K99`` 494). Black is a colour like the others here: what a black card does in a trick
    is the game's rule.

    >>> forest_anatomy(6, "R7")
    CardAnatomy(rank=7, suit=0, rank_name='7', suit_name='red', name='red 7', order=30)
    """
    colour, below = divmod(card, FOREST_MAX_NUMBER)  # (the int is colour * 99 + number - 1)
    number = str(below + 1)
    colour_name = FOREST_COLOUR_NAMES[colour]
    order = below * len(FOREST_COLOURS) + colour
    return CardAnatomy(below + 1, colour, number, colour_name, f"{colour_name} {number}", order)


#: Forest cards: colour R B G Y K then the number 1..99 (``R1``, ``R10``, ``K7``); the int
#: of a card is ``colour * 99 + number - 1``.
FOREST = Deck(
    "forest",
    [c + str(n) for c in FOREST_COLOURS for n in range(1, FOREST_MAX_NUMBER + 1)],
    look=forest_look,
    anatomy=forest_anatomy,
)
