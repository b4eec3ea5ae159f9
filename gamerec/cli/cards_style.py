"""Cards in colour for the terminal: each card in its deck's colours (the ``style`` of its
look, :class:`gamerec.cards.CardLook`), the trump suit marked, and text (a hand, a trick, a
line of words) with every card code in it coloured. Only ``gamerec replay``'s full-screen
app uses this (its module imports Textual; this one rich alone, so that the tests can read
the styles)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from rich.text import Text

from ..games import get_game
from ..view import View
from .lines import clean

__all__ = ["LAST", "TRUMP", "card_styles", "cards_text", "trump_of"]

#: added to the style of the card played last, and of a trump card
LAST = "reverse"
TRUMP = "underline"


def card_styles(game_id: str) -> dict[str, str]:
    """Every card code of ``game_id``'s deck and its style (each deck has its own colours,
    its cards' looks: they follow the deck, not the game)."""
    deck = get_game(game_id).deck
    return {code: deck.look(code).style for code in deck.codes}


def trump_of(view: View) -> Callable[[str], bool]:
    """Whether a card code is a trump in ``view`` (the facts the game's presenter gives:
    blackball's trump suit of the round, black-swan-taroc's majors when its rules make
    them trumps; none otherwise)."""
    trumps = frozenset(view.trumps or ())
    return trumps.__contains__


def cards_text(
    words: str | Iterable[str],
    styles: dict[str, str],
    trump: Callable[[str], bool] = lambda code: False,
    last: str | None = None,
    sep: str = " ",
) -> Text:
    """``words`` (a text, cut at spaces, or its words) as rich Text with every card code
    styled: its colour, underlined when a trump, reversed when it is ``last``. Text from the
    record goes through :func:`clean` first (never markup)."""
    parts = clean(words).split(" ") if isinstance(words, str) else [clean(w) for w in words]
    text = Text()
    for n, w in enumerate(parts):
        if n:
            text.append(sep)
        core = w.strip("(),;:")
        style = styles.get(core)
        if style is None:
            text.append(w)
            continue
        if trump(core):
            style = f"{style} {TRUMP}"
        if last is not None and core == last:
            style = f"{style} {LAST}"
        start = w.index(core)
        text.append(w[:start])
        text.append(core, style=style)
        text.append(w[start + len(core) :])
    return text
