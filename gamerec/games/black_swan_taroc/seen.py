"""What one seat sees in black-swan-taroc (:class:`BlackSwanTarocSeen`), made from the
rules' state for a bot (:mod:`gamerec.seen`), and the actions it is offered."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from ...cards import TAROC
from ...engine import GameState
from ...record import Action, Pass, Play, Pledge
from ...seen import Choices, Seen, play_card, played, seen_of
from .rules import _LEAD, BlackSwanTarocState

__all__ = ["BlackSwanTarocSeen", "offered", "seen"]

_CARDS = range(len(TAROC.codes))


class BlackSwanTarocSeen(Seen, frozen=True, tag="black-swan-taroc"):
    """What a black-swan-taroc seat sees (:class:`gamerec.seen.Seen`'s fields, and; its
    ``played`` are the cards played to tricks, not those passed down, which only the two
    seats concerned see):

    - ``dealer``; ``leader``: the seat whose turn it is to lead or pass down;
    - ``leading``: True when this seat leads (or passes down), False when it follows;
    - ``trick``: the trick on the table, each play as (seat, card, pledge), card or pledge
      -1 (a pledge is 0 feather, 1 stone, 2 pearl); ``led_suit``: the suit led (-1: none
      yet, or a Swan lead);
    - ``sizes``: how many cards each seat holds; ``pledges``: the feathers, stones and
      pearls each seat holds; ``bank``: those left in the bank;
    - ``captured``: the cards each seat has captured; ``points``: each seat's captured
      points, pledges included;
    - ``pile_left``: the cards left in the draw pile; ``tricks``: tricks played this game;
      ``swan_captor``: who captured the Black Swan (None: nobody yet).
    """

    dealer: int
    leader: int
    leading: bool
    trick: tuple[tuple[int, int, int], ...]
    led_suit: int
    sizes: tuple[int, ...]
    pledges: tuple[tuple[int, int, int], ...]
    bank: tuple[int, int, int]
    captured: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]
    pile_left: int
    tricks: int
    swan_captor: int | None


def seen(state: GameState, seat: int, actions: Sequence[Action]) -> BlackSwanTarocSeen:
    """What ``seat`` sees now, the game's ``actions`` so far given (of which it sees the
    plays and pledges, and the pass-downs it makes or receives through its hand)."""
    assert isinstance(state, BlackSwanTarocState)
    p = state.pledges
    b = state.bank
    return BlackSwanTarocSeen(
        *seen_of(state, seat, tuple(compress(_CARDS, state.hands[seat])), played(actions, play_card)),
        state.dealer,
        state.leader,
        state.phase == _LEAD,  # leading
        tuple(state.trick),
        state.led_suit,
        tuple(state.sizes),
        tuple([(k[0], k[1], k[2]) for k in p]),  # pledges
        (b[0], b[1], b[2]),  # bank
        tuple([tuple(c) for c in state.captured]),
        tuple(state.points),
        state.pile_size - state.drawn,  # pile_left
        state.tricks,
        state.swan_captor,
    )


def offered(state: GameState) -> Sequence[Action]:
    """The legal actions of the seat to move, in the order of ``legal_actions`` (passes,
    plays, pledges), each made when it is read (every black-swan-taroc action is its own)."""
    assert isinstance(state, BlackSwanTarocState)
    passes, plays, pledges = state.choices()
    return Choices(state.turn, ((Pass, passes), (Play, plays), (Pledge, pledges)))
