"""What one seat sees in forest (:class:`ForestSeen`), made from the rules' state for a bot
(:mod:`gamerec.seen`), and the actions it is offered."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import GameState
from ...record import Action
from ...seen import Seen, play_card, played, seen_of
from .rules import ForestState

__all__ = ["ForestSeen", "offered", "seen"]


class ForestSeen(Seen, frozen=True, tag="forest"):
    """What a forest seat sees (:class:`gamerec.seen.Seen`'s fields, and):

    - ``first``: the seat that started this round;
    - ``forest``: the forest card now (None before the first is turned), whose colour black
      cards take; ``forests``: every forest card turned this round, in order;
      ``stock_left``: how many forest cards are still to be turned;
    - ``won``: each seat's tricks this round;
    - ``leader``: the seat that led the trick on the table; ``trick``: its cards from the
      leader on (empty before the lead).
    """

    first: int
    forest: int | None
    forests: tuple[int, ...]
    stock_left: int
    won: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]


def seen(state: GameState, seat: int, actions: Sequence[Action]) -> ForestSeen:
    """What ``seat`` sees now, the round's ``actions`` so far given (all of them are seen
    by every seat)."""
    assert isinstance(state, ForestState)
    return ForestSeen(
        *seen_of(state, seat, tuple(sorted(state.hands[seat])), played(actions, play_card)),
        state.first,
        state.forest,
        tuple(state.stock[: state.turned]),  # forests
        state.pile_size - state.turned,  # stock_left
        tuple(state.won),
        state.leader,
        tuple(state.trick),
    )


def offered(state: GameState) -> Sequence[Action]:
    """The legal actions of the seat to move (every forest action is its own)."""
    return state.legal_actions()
