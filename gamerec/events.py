"""The derived events: what the rules work out from a record (never stored in it), as
replays, exports and histories report them. The events every game shares come first,
then each game's own. Plain Python, so that the engines may be compiled."""

from __future__ import annotations

from typing import ClassVar

import msgspec

__all__ = [
    "Captured",
    "DealScored",
    "Declared",
    "Drew",
    "Event",
    "ForestTurned",
    "GameOver",
    "MatchEnded",
    "PassedDown",
    "PledgeHandedOut",
    "TrickTaken",
    "TrickWon",
    "WentOut",
]


class Event(msgspec.Struct, frozen=True, tag_field="event", tag=str.lower):
    """Something derived from the record by the rules (never stored in it)."""

    ends_trick: ClassVar[bool] = False
    #: whether the event is a stock card turned face up as play goes on (its ``card``, None
    #: when none is left to turn: forest's forest card), which exports list per deal
    turns_card: ClassVar[bool] = False

    def taken(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        """The cards this event gives a seat to keep, as (seat, cards): a trick's, a
        table's; none by default."""
        return ()


class TrickWon(Event, frozen=True):
    """A trick ended: ``cards`` are (seat, card) in play order; ``number`` counts from 1.
    ``seat`` won it."""

    #: events that end a trick (or a table of cards) say so, for exports
    ends_trick: ClassVar[bool] = True

    number: int
    seat: int
    cards: tuple[tuple[int, int], ...]

    def taken(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        return ((self.seat, tuple(card for _, card in self.cards)),)


class DealScored(Event, frozen=True):
    """A deal ended: its scores and the running totals, one per scoring side."""

    deal: int
    scores: tuple[int, ...]
    totals: tuple[int, ...]


class MatchEnded(Event, frozen=True):
    """The record's game is over: the winning scoring sides (several on a shared win)."""

    winners: tuple[int, ...]


# -- black-swan-2012 ---------------------------------------------------------------------


class Captured(Event, frozen=True):
    """``seat`` captured a table of 7 (``final``: the deal's last table, which goes to
    the first player out; ``kept`` is the Black Swan its taker keeps then)."""

    ends_trick: ClassVar[bool] = True

    seat: int
    cards: tuple[int, ...]
    final: bool = False
    taker: int | None = None
    kept: tuple[int, ...] = ()

    def taken(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        if self.taker is None or not self.kept:
            return ((self.seat, self.cards),)
        return ((self.seat, self.cards), (self.taker, self.kept))


class WentOut(Event, frozen=True):
    """``seat`` played their last card; ``place`` counts from 1."""

    seat: int
    place: int


class Declared(Event, frozen=True):
    """``seat`` declared the Black Swan: their team's deal score will be doubled."""

    seat: int


# -- black-swan-taroc --------------------------------------------------------------------


class PassedDown(Event, frozen=True):
    """``seat`` passed ``card`` down to ``to``, their right neighbour."""

    seat: int
    to: int
    card: int


class TrickTaken(Event, frozen=True):
    """A trick ended: ``plays`` are (seat, card or -1, pledge or -1) in play order;
    ``seat`` won it and ``points`` with it; ``skipped`` had neither card nor pledge."""

    ends_trick: ClassVar[bool] = True
    number: int
    seat: int
    plays: tuple[tuple[int, int, int], ...]
    points: int
    skipped: tuple[int, ...] = ()

    def taken(self) -> tuple[tuple[int, tuple[int, ...]], ...]:
        return ((self.seat, tuple(card for _, card, _ in self.plays if card >= 0)),)


class Drew(Event, frozen=True):
    """The draws after a trick: (seat, card) in order."""

    draws: tuple[tuple[int, int], ...]


class PledgeHandedOut(Event, frozen=True):
    """The dealer's turn ended: ``seat`` received ``pledge`` from the bank."""

    seat: int
    pledge: int


class GameOver(Event, frozen=True):
    """The game of this deal ended: why, each seat's count, Par and finals, the winners."""

    reason: str
    counts: tuple[int, ...]
    par: int
    finals: tuple[int, ...]
    winners: tuple[int, ...]


# -- forest ------------------------------------------------------------------------------


class ForestTurned(Event, frozen=True):
    """The forest card of trick ``number``: ``card`` (None when the stock is empty and no
    card was turned yet), and whether it is a new card or the last one staying."""

    turns_card: ClassVar[bool] = True
    number: int
    card: int | None
    new: bool = True
