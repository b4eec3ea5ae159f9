"""A game's encoding for learning agents: its actions as numbers and what a seat sees as a
flat vector of numbers (the environments of :mod:`gamerec.env` are built on it).

Each game that bots play gives one (``gamerec/games/<game>/encoding.py``, through
:meth:`gamerec.games.spec.GameSpec.encoding`, loaded when first asked for): a subclass of
:class:`Encoding` made for one table (its rules and number of players), which

- numbers every action a seat may ever make, 0 .. :attr:`Encoding.actions` - 1
  (:meth:`Encoding.index` and :meth:`Encoding.action`, each the other's inverse), and gives
  the numbers of the seat to move's legal actions now (:meth:`Encoding.legal`);
- lays out the observation as named :class:`Block`\\ s, one after the other
  (:attr:`Encoding.blocks`, :attr:`Encoding.size` numbers in all), and fills it from a
  seat's :class:`~gamerec.seen.Seen` alone (:meth:`Encoding.observe`): what that seat sees
  and nothing else.

Plain Python: the vector an observation is written into is given (any object whose items
can be set by index, such as a numpy array), so the games need no numpy.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Final, NamedTuple, Protocol

if TYPE_CHECKING:
    from ..engine import GameState
    from ..record import Action
    from ..seen import Seen

__all__ = ["INF", "Block", "Encoding", "Layout", "Vector", "check_index", "counts", "numbers", "one_hot"]


#: the bound of a block without one (scores, totals)
INF: Final = float("inf")


class Vector(Protocol):
    """Where an observation is written: numbers set by index (a numpy array, a list)."""

    def __setitem__(self, index: int, value: float, /) -> None: ...

    def __getitem__(self, index: int, /) -> Any: ...


class Block(NamedTuple):
    """One named part of an observation: ``size`` numbers from ``offset``, each from
    ``low`` to ``high``; ``meaning`` says what they are."""

    name: str
    offset: int
    size: int
    low: float
    high: float
    meaning: str


class Layout:
    """The blocks of an observation as they are added, one after the other."""

    def __init__(self) -> None:
        self.blocks: list[Block] = []
        self.size = 0

    def add(self, name: str, size: int, low: float, high: float, meaning: str) -> int:
        """Add a block of ``size`` numbers; returns its offset."""
        offset = self.size
        self.blocks.append(Block(name, offset, size, low, high, meaning))
        self.size += size
        return offset


class Encoding(ABC):
    """The encoding of one game for a table of ``players`` seats under ``rules`` (the game's
    typed rules Struct): the actions' numbers and the observation's layout. A subclass sets
    :attr:`actions` and :attr:`blocks` (a :class:`Layout`'s) in its ``__init__``."""

    #: how many actions are numbered (the size of the action space)
    actions: int
    #: the observation's blocks, in order, each after the one before
    blocks: tuple[Block, ...]

    def __init__(self, rules: Any, players: int) -> None:
        self.rules = rules
        self.players = players

    @property
    def size(self) -> int:
        """How many numbers an observation holds."""
        last = self.blocks[-1]
        return last.offset + last.size

    def block(self, name: str) -> Block:
        """The block called ``name``; KeyError when there is none."""
        for b in self.blocks:
            if b.name == name:
                return b
        raise KeyError(f"no block {name!r} in the observation (blocks: {[b.name for b in self.blocks]})")

    @abstractmethod
    def index(self, action: Action) -> int:
        """The number of ``action`` (whatever its seat); ValueError for one no seat of this
        table can make."""

    @abstractmethod
    def action(self, seat: int, index: int) -> Action:
        """The action numbered ``index``, made by ``seat``; ValueError for an index out of
        range."""

    def legal(self, state: GameState, offered: Sequence[Action]) -> Iterable[int]:
        """The numbers of the seat to move's legal actions, given ``offered`` (what its
        :class:`~gamerec.games.spec.Seats` offers it in ``state``); a game may find them
        from ``state`` without making the actions."""
        index = self.index
        return [index(a) for a in offered]

    @abstractmethod
    def observe(self, seen: Seen, out: Vector) -> None:
        """Write what a seat sees (``seen``, its own :class:`~gamerec.seen.Seen`) into
        ``out``, :attr:`size` numbers all 0 when given, block by block."""


def check_index(index: int, actions: int) -> int:
    """``index`` if it numbers one of ``actions`` actions, else ValueError saying so."""
    if type(index) is not int or not 0 <= index < actions:
        raise ValueError(f"action {index!r} is no action's number (0 .. {actions - 1})")
    return index


def one_hot(out: Vector, offset: int, value: int | None) -> None:
    """Set ``out[offset + value]`` to 1 (nothing for None or a negative value)."""
    if value is not None and value >= 0:
        out[offset + value] = 1


def counts(out: Vector, offset: int, cards: Iterable[int], index: Sequence[int] | None = None) -> None:
    """Add 1 at ``offset`` + each card's place (``index[card]``, or the card itself)."""
    if index is None:
        for c in cards:
            out[offset + c] += 1
    else:
        for c in cards:
            out[offset + index[c]] += 1


def numbers(out: Vector, offset: int, values: Iterable[float | None], none: float = -1) -> None:
    """Write ``values`` from ``offset`` on (``none`` for a None)."""
    for i, v in enumerate(values):
        out[offset + i] = none if v is None else v
