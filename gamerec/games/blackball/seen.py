"""What one seat sees in blackball (:class:`BlackballSeen`), made from the rules' state
for a bot (:mod:`gamerec.seen`), and the actions it is offered."""

from __future__ import annotations

from collections.abc import Sequence

from ...engine import GameState
from ...record import Action
from ...seen import Seen, play_card, played, seen_of
from .rules import BlackballState

__all__ = ["BlackballSeen", "offered", "seen"]


class BlackballSeen(Seen, frozen=True, tag="blackball"):
    """What a blackball seat sees (:class:`gamerec.seen.Seen`'s fields, and):

    - ``dealer``: this round's dealer; ``size``: its hand size;
    - ``trump``: the trump suit (0 .. 3: clubs, diamonds, hearts, spades; -1: no trump);
      ``upcard``: the card turned up (None in the no-trump round);
    - ``bids``: each seat's bid, None while it has not bid; ``won``: each seat's tricks
      this round;
    - ``leader``: the seat that led the trick on the table; ``trick``: its cards from the
      leader on (empty before the lead);
    - ``bidding``: True while the seat bids, False once it plays.
    """

    dealer: int
    size: int
    trump: int
    upcard: int | None
    bids: tuple[int | None, ...]
    won: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    bidding: bool


def seen(state: GameState, seat: int, actions: Sequence[Action]) -> BlackballSeen:
    """What ``seat`` sees now, the round's ``actions`` so far given (all of them are seen
    by every seat)."""
    assert isinstance(state, BlackballState)
    return BlackballSeen(
        *seen_of(state, seat, tuple(sorted(state.hands[seat])), played(actions, play_card)),
        state.dealer,
        state.size,
        state.trump,
        state.upcard,
        tuple(state.bids),
        tuple(state.won),
        state.leader,
        tuple(state.trick),
        None in state.bids,  # bidding
    )


def offered(state: GameState) -> Sequence[Action]:
    """The legal actions of the seat to move (every blackball action is its own)."""
    return state.legal_actions()
