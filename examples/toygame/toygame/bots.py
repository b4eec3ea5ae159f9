"""How bots play toy trick: what a seat sees (:class:`ToySeen`), the actions it is offered
and its one bot (:class:`gamerec.seen.RandomBot`: any legal card); the game's spec gives
:data:`SEATS`."""

from __future__ import annotations

from collections.abc import Sequence

from gamerec.engine import GameState
from gamerec.games.spec import Seats
from gamerec.record import Action
from gamerec.seen import RandomBot, Seen, play_card, played, seen_of

from .rules import ToyState

__all__ = ["SEATS", "RandomBot", "ToySeen"]


class ToySeen(Seen, frozen=True, tag="toy-trick"):
    """What a toy trick seat sees (:class:`gamerec.seen.Seen`'s fields, and): the
    ``dealer``, each seat's tricks ``won`` this deal, the ``leader`` of the trick on the
    table and its cards, ``trick``."""

    dealer: int
    won: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]


def seen(state: GameState, seat: int, actions: Sequence[Action]) -> ToySeen:
    """What ``seat`` sees of ``state`` (every play is seen by every seat)."""
    assert isinstance(state, ToyState)
    return ToySeen(
        *seen_of(state, seat, tuple(sorted(state.hands[seat])), played(actions, play_card)),
        state.dealer,
        tuple(state.won),
        state.leader,
        tuple(state.trick),
    )


def offered(state: GameState) -> Sequence[Action]:
    """The legal actions of the seat to move."""
    return state.legal_actions()


#: how bots play toy trick
SEATS = Seats(seen=seen, offered=offered, bots={"random": RandomBot})
