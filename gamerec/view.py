"""What a replay shows after a step, for people: the table in card codes and plain words.
Each game's presenter (:mod:`gamerec.games.presenters`) makes these from the rules' state;
the terminal replay, the HTML page and the text export show them. The rules never do."""

from __future__ import annotations

import msgspec

__all__ = ["SeatView", "View"]


class SeatView(msgspec.Struct, frozen=True):
    """One seat as a replay shows it; ``hand`` is ``None`` when hidden. Frozen, and its
    ``hand`` is never changed in place: the views of a replay's consecutive steps share
    the seats that did not change (so do not change a view's lists either)."""

    seat: int
    name: str
    hand: list[str] | None
    info: str
    score: int


class View(msgspec.Struct, frozen=True, omit_defaults=True):
    """What a replay shows after a step, in card codes and plain words, and the facts a
    display needs beyond them (``trumps``: the codes of the cards that are trumps, in the
    deck's order, for a display to mark, None when none is; a display never reads them
    back out of the words). Frozen, and its lists are never changed in place once made:
    consecutive steps' views share parts."""

    title: str
    seats: list[SeatView]
    table: list[tuple[int, str]]
    lines: list[tuple[str, str]]
    to_move: int | None
    trumps: tuple[str, ...] | None = None

    def plays(self) -> list[tuple[str, list[str]]]:
        """The cards on the table by who played them: each player's name (or seat number)
        with the cards they played one after the other, in the order played."""
        names = {sv.seat: sv.name for sv in self.seats}
        plays: list[tuple[int, list[str]]] = []
        for s, c in self.table:
            if plays and plays[-1][0] == s:
                plays[-1][1].append(c)
            else:
                plays.append((s, [c]))
        return [(names.get(s, str(s)), cards) for s, cards in plays]
