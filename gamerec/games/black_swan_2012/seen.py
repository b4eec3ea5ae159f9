"""What one seat sees in black-swan-2012 (:class:`BlackSwan2012Seen`), made from the rules'
state for a bot (:mod:`gamerec.seen`), and the actions it is offered (:class:`Offered`:
made as they are read, since a hand of 14 cards can make hundreds of plays)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, overload

from ...cards import SWAN
from ...engine import GameState
from ...record import Action, Cards, Declare
from ...seen import Seen, seat_rules
from .combinations import TABLE
from .plays import nth_play, play_count, playable
from .rules import BlackSwan2012State

__all__ = ["BlackSwan2012Seen", "Offered", "offered", "seen"]


class BlackSwan2012Seen(Seen, frozen=True, kw_only=True, tag="black-swan-2012"):
    """What a black-swan-2012 seat sees (:class:`gamerec.seen.Seen`'s fields, and):

    - ``first``: the seat that started this deal; ``side_of``: each seat's side (its team,
      or itself when everyone plays alone), the index into ``totals``;
    - ``table``: the cards on the table, in the order played; ``table_seats``: who played
      each;
    - ``held``: how many cards each seat still holds; ``out``: the seats that have played
      their last card, in the order they went out;
    - ``captured``: the cards each seat has captured this deal;
    - ``declared``: the seat that declared the Black Swan (None: nobody has);
      ``can_declare``: whether this seat may declare it now (it holds the Swan, the option
      and the team game allow it, and no card has been played yet).
    """

    first: int
    side_of: tuple[int, ...]
    table: tuple[int, ...]
    table_seats: tuple[int, ...]
    held: tuple[int, ...]
    out: tuple[int, ...]
    captured: tuple[tuple[int, ...], ...]
    declared: int | None
    can_declare: bool


def _can_declare(state: BlackSwan2012State, seat: int) -> bool:
    return bool(
        state.playing
        and state.swan_declaration
        and state.team_game
        and not state.played
        and state.declared is None
        and state.counts[seat][SWAN]
    )


def seen(state: GameState, seat: int, actions: Sequence[Action]) -> BlackSwan2012Seen:
    """What ``seat`` sees now, the deal's ``actions`` so far given (every play and
    declaration is seen by every seat)."""
    assert isinstance(state, BlackSwan2012State)
    played: list[int] = []
    for a in actions:
        if type(a) is Cards:
            played += a.cards
    return BlackSwan2012Seen(
        seat=seat,
        players=tuple(state.players),
        rules=seat_rules(state, seat),
        deal=state.deal_index,
        hand=tuple([c for c, k in enumerate(state.counts[seat]) for _ in range(k)]),
        played=tuple(played),
        totals=tuple(state.totals),
        first=state.first,
        side_of=tuple(state.side_of),
        table=tuple(state.table),
        table_seats=tuple(state.table_seats),
        held=tuple(state.held),
        out=tuple(state.out_order),
        captured=tuple([tuple(p) for p in state.piles]),
        declared=state.declared,
        can_declare=_can_declare(state, seat),
    )


class Offered(Sequence[Action]):
    """The legal actions of a seat (the seat's own declaration of the Swan, when it may
    make it, then its plays in :func:`~gamerec.games.black_swan_2012.plays.playable`'s
    order), each play made when it is read: ``len`` counts them without making them, so
    ``rng.choice(offered)`` makes one play. Holds the seat's own hand only (a copy)."""

    __slots__ = ("_counts", "_declarations", "_joker_triple", "_len", "_min_run", "_room", "_seat")

    def __init__(
        self, seat: int, counts: Sequence[int], room: int, min_run: int, joker_triple: bool, declare: bool
    ) -> None:
        self._seat = seat
        self._counts = bytes(counts)
        self._room = room
        self._min_run = min_run
        self._joker_triple = joker_triple
        self._declarations: list[Action] = [Declare(seat)] if declare else []
        self._len = -1

    def __len__(self) -> int:
        if self._len < 0:
            self._len = len(self._declarations) + play_count(
                self._counts, self._room, self._min_run, self._joker_triple
            )
        return self._len

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Action]: ...
    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return list(self)[index]
        size = len(self)
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError("legal action index out of range")
        before = len(self._declarations)
        if index < before:
            return self._declarations[index]
        play = nth_play(self._counts, self._room, self._min_run, self._joker_triple, index - before)
        return Cards(self._seat, list(play))

    def __iter__(self) -> Iterator[Action]:
        yield from self._declarations
        seat = self._seat
        for play in playable(self._counts, self._room, self._min_run, self._joker_triple):
            yield Cards(seat, list(play))

    def __repr__(self) -> str:
        return f"<{len(self)} legal actions of seat {self._seat}>"


def offered(state: GameState) -> Sequence[Action]:
    """The legal actions of the seat to move: its own declaration of the Swan (when it may
    make it) and its plays. Another seat's declaration, which the rules allow whoever's
    turn it is, is not offered: a bot plays its own seat (docs/bots.md)."""
    assert isinstance(state, BlackSwan2012State)
    if not state.playing:
        return []
    seat = state.turn
    return Offered(
        seat,
        state.counts[seat],
        TABLE - len(state.table),
        state.min_run,
        state.joker_triple,
        _can_declare(state, seat),
    )
