"""What one seat sees in black-swan-2012 (:class:`BlackSwan2012Seen`), made from the rules'
state for a bot (:mod:`gamerec.seen`), and the actions it is offered (:class:`Plays`:
made as they are read, since a hand of 14 cards can make hundreds of plays)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress

from ...cards import FRENCH_JOKERS_SWAN, JOKER, SWAN
from ...engine import GameState
from ...record import Action, Cards, Declare
from ...seen import Offered, Seen, played, seen_of
from .combinations import TABLE
from .plays import nth_play, play_count, playable
from .rules import BlackSwan2012State

__all__ = ["BlackSwan2012Seen", "Plays", "offered", "seen"]

_CARDS = range(len(FRENCH_JOKERS_SWAN.codes))


class BlackSwan2012Seen(Seen, frozen=True, tag="black-swan-2012"):
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


def _cards(action: Action) -> Sequence[int]:
    """The cards ``action`` plays (none for a declaration)."""
    return action.cards if type(action) is Cards else ()


def seen(state: GameState, seat: int, actions: Sequence[Action]) -> BlackSwan2012Seen:
    """What ``seat`` sees now, the deal's ``actions`` so far given (every play and
    declaration is seen by every seat)."""
    assert isinstance(state, BlackSwan2012State)
    counts = state.counts[seat]
    hand = list(compress(_CARDS, counts))
    jokers = counts[JOKER]
    if jokers > 1:  # (the three jokers are one card, held up to three times)
        at = hand.index(JOKER)
        hand[at:at] = [JOKER] * (jokers - 1)
    return BlackSwan2012Seen(
        *seen_of(state, seat, tuple(hand), played(actions, _cards)),
        state.first,
        tuple(state.side_of),
        tuple(state.table),
        tuple(state.table_seats),
        tuple(state.held),
        tuple(state.out_order),  # out
        tuple([tuple(p) for p in state.piles]),  # captured
        state.declared,
        _can_declare(state, seat),  # can_declare
    )


class Plays(Offered):
    """The legal actions of a seat (the seat's own declaration of the Swan, when it may
    make it, then its plays in :func:`~gamerec.games.black_swan_2012.plays.playable`'s
    order), each play made when it is read: ``len`` counts them without making them.
    Holds the seat's own hand only (a copy)."""

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

    def _make(self, index: int) -> Action:
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

    @property
    def declares(self) -> bool:
        """Whether the seat is offered its declaration of the Swan (the first action)."""
        return bool(self._declarations)

    def plays(self) -> list[tuple[int, ...]]:
        """The plays offered, each as its sorted cards, in the order offered (without making
        the actions)."""
        return playable(self._counts, self._room, self._min_run, self._joker_triple)


def offered(state: GameState) -> Sequence[Action]:
    """The legal actions of the seat to move: its own declaration of the Swan (when it may
    make it) and its plays. Another seat's declaration, which the rules allow whoever's
    turn it is, is not offered: a bot plays its own seat (docs/bots.md)."""
    assert isinstance(state, BlackSwan2012State)
    if not state.playing:
        return []
    seat = state.turn
    return Plays(
        seat,
        state.counts[seat],
        TABLE - len(state.table),
        state.min_run,
        state.joker_triple,
        _can_declare(state, seat),
    )
