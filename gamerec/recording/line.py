"""A line typed at the recorder's prompt, read as an action (``gamerec record``): the seat
first, by number or by a player's name (``Bo bid 0``), or left out for the seat to move
(``play QS``), then the action in the text notation's words (:mod:`gamerec.format.notation`).
A line that does not read is Rejected with the notation's words, its column one of the line
as typed."""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from ..engine import Game
from ..errors import FormatError
from ..format.notation import parse_action
from ..record import Action
from .log import Rejected, short

__all__ = ["read_action", "seat_at"]


def read_action(
    game: Game[Any],
    players: Sequence[str],
    text: str,
    to_move: int | None,
    legal: Callable[[], list[str]],
) -> Action:
    """The action ``text`` says, at a table of ``players``: the seat by number, by name or
    left out (``to_move`` says whose turn it is: None when it is not known); Rejected,
    saying why (and what is ``legal`` for a seat not at the table), when it does not read."""
    words = text.split()
    if _LONG_NUMBER.search(text.split(";", 1)[0]):
        raise Rejected("a number of more digits than any seat, bid or count has", "format.text")
    line, typed, given = text, 0, 0  # the seat's width as typed and as given to the reader
    named = seat_at(players, text)
    if named is not None and not (words and words[0].lstrip("+-").isdigit()):
        seat, typed = named
        line = f"{seat}{text[typed:]}"
        given = len(str(seat))
    elif words and not words[0].lstrip("+-").isdigit():
        if to_move is None:
            why = "it is not known who is to move"
            raise Rejected(f"say the seat first (e.g. 2 play QS or Ann play QS): {why}", "format.text")
        line = f"{to_move} {text}"
        given = len(line) - len(text)
    try:
        action = parse_action(game, line)
    except FormatError as e:
        kinds = {a.kind for a in game.actions}
        first = words[0] if words else ""
        unknown = named is None and len(words) > 1 and not first.lstrip("+-").isdigit()
        unknown = unknown and first.lower() not in kinds
        if unknown and words[1].lower() in kinds:
            # a name that is no player's before an action's word: say so, not "expected an action"
            raise Rejected(
                f"{short(words[0], 40)!r} is no player here ({', '.join(players)}) and no seat number",
                "format.text",
            ) from None
        message = e.message.removeprefix("line 1, ")
        if given:
            message = _COLUMN.sub(lambda m: f"column {max(int(m[1]) - given + typed, 1)}", message, 1)
        raise Rejected(message, e.code) from None
    except ValueError as e:  # (a number Python will not read)
        raise Rejected(short(str(e), 200), "format.text") from None
    seat = action.seat
    if not 0 <= seat < len(players):
        seats = ", ".join(f"{s} {name}" for s, name in enumerate(players))
        raise Rejected(f"no seat {seat} at this table (seats {seats})", "out-of-turn", legal())
    return action


def seat_at(players: Sequence[str], text: str) -> tuple[int, int] | None:
    """The seat a line begins with, named by a player's name (exactly, or else the one name
    equal to it but for case; the longest name first, for names with spaces), followed by
    a space or the line's end; and where the seat's word ends. None when the line begins
    with no player's name (a seat number is left to the notation's reader)."""
    folded = text.casefold()
    for exact in (True, False):
        found: list[tuple[int, int]] = []
        for seat, name in enumerate(players):
            head = text[: len(name)] if exact else folded[: len(name)]
            fits = head == (name if exact else name.casefold())
            if name and fits and text[len(name) : len(name) + 1] in ("", " "):
                found.append((seat, len(name)))
        if found:
            longest = max(end for _, end in found)
            best = [f for f in found if f[1] == longest]
            if len(best) == 1 or exact:
                return best[0]
    return None


#: a run of digits longer than any number an action holds (Python reads at most 4300)
_LONG_NUMBER = re.compile(r"[0-9]{19,}")
#: the column a reader's message names
_COLUMN = re.compile(r"^column ([0-9]{1,6})")
