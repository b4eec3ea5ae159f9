"""What one seat sees, and what a bot does with it.

A bot plays one seat. Before each of its moves it is given a :class:`Seen`, the facts its
seat can see at that moment (its own hand, the table, the bids, the scores, the cards
already played...) and the seat's legal actions, and it returns one of them
(:class:`Bot`). A :class:`Seen` is a frozen msgspec Struct of plain values (ints, tuples,
text), made afresh for every move from the rules' state: nothing in it leads back to the
state, to another seat's hand or to the cards still to come, so a bot cannot cheat, and
two positions that differ only in what the seat cannot see give equal :class:`Seen`.

Each game gives its own :class:`Seen` (``gamerec.games.<game>.seen``: the fields below and
the game's own, a tagged union by game id, so that it encodes to JSON and back) and its
bots (``gamerec.games.<game>.bots``); docs/bots.md has a complete worked bot.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any, Protocol, overload, runtime_checkable

import msgspec

from .record import Action, Play

if TYPE_CHECKING:
    import random

__all__ = ["Bot", "Choices", "Offered", "RandomBot", "Seen", "play_card", "played", "seat_facts", "seen_of"]


class Seen(msgspec.Struct, frozen=True, tag_field="game"):
    """What one seat sees before its move, in every game; each game adds its own fields.

    - ``seat``: the seat that sees (0 .. players - 1); ``players``: every seat's name;
    - ``rules``: the record's rule options (the game's frozen rules Struct);
    - ``deal``: the deal (round, game) being played, from 0;
    - ``hand``: the seat's cards, lowest card number first (a card held twice stands
      twice); :class:`gamerec.cards.Deck` names them and gives their rank and suit;
    - ``played``: every card played this deal so far, in the order played (the table's
      too);
    - ``totals``: each side's total before this deal (the players, or the teams where
      the game has them), in the order of the record's results.
    """

    seat: int
    players: tuple[str, ...]
    rules: Any
    deal: int
    hand: tuple[int, ...]
    played: tuple[int, ...]
    totals: tuple[int, ...]


#: the state :func:`seat_facts` was asked of last, its players and each seat's rules (one game
#: at a time, the usual case, makes them once)
_facts: list[Any] = [None, (), []]


def seat_facts(state: Any, seat: int) -> tuple[tuple[str, ...], Any]:
    """What every :class:`Seen` of a game shares: the players' names and the record's rules
    (``state.rules``, a frozen Struct) as ``seat`` is shown them: the state's own when no
    option holds a container, else the seat's own copy, so that a bot changing a container
    in it (forest's ``targets``) changes neither the game nor what the other seats see.
    Made once per game (for the last state asked of)."""
    if _facts[0] is not state:
        rules = state.rules
        shared = not any(isinstance(getattr(rules, f), _CONTAINERS) for f in rules.__struct_fields__)
        _facts[0] = state
        _facts[1] = tuple(state.players)
        _facts[2] = [rules] * state.n if shared else [None] * state.n
    mine = _facts[2][seat]
    if mine is None:
        rules = state.rules
        mine = _facts[2][seat] = msgspec.convert(msgspec.to_builtins(rules), type(rules))
    return _facts[1], mine


_CONTAINERS = (dict, list, set)


def seen_of(
    state: Any, seat: int, hand: tuple[int, ...], played: tuple[int, ...]
) -> tuple[int, tuple[str, ...], Any, int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The fields every game's :class:`Seen` has, in their order, for its Struct's first
    arguments: ``seat`` and what it sees of ``state`` (the players, its rules, the deal),
    its ``hand``, the cards ``played`` (:func:`played`) and the totals. (A game's Struct is
    made from positional arguments: five times quicker than keywords, on every move.)"""
    players, rules = seat_facts(state, seat)
    return (seat, players, rules, state.deal_index, hand, played, tuple(state.totals))


def play_card(action: Action) -> Sequence[int]:
    """The card ``action`` plays when it is a ``play`` (a card to a trick), else none: what
    :func:`played` reads of each action in the trick games."""
    return (action.card,) if type(action) is Play else ()


#: the deal's actions :func:`played` read last, how many of them, and the cards they played
_played: list[Any] = [None, 0, []]


def played(actions: Sequence[Action], cards: Callable[[Action], Sequence[int]]) -> tuple[int, ...]:
    """The cards ``actions`` (a deal's actions so far) played, in order, ``cards(action)``
    giving each one's. A deal's list of actions grows by one between two moves: the cards
    of the actions already read are kept (for the last list read), so each move reads one
    action, not the whole deal again."""
    if _played[0] is not actions or _played[1] > len(actions):
        _played[0], _played[1], _played[2] = actions, 0, []
    done: list[int] = _played[2]
    for action in actions[_played[1] :]:
        done += cards(action)
    _played[1] = len(actions)
    return tuple(done)


class Offered(Sequence[Action]):
    """A seat's legal actions, each made when it is read (a game may list hundreds where a
    bot wants one): a subclass gives their number (``__len__``), makes the one at an index
    (``_make``) and lists them all (``__iter__``); ``len`` and indexing make no other
    action, so ``rng.choice(legal)`` makes one."""

    __slots__ = ()

    def _make(self, index: int) -> Action:
        raise NotImplementedError

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
        return self._make(index)

    def __repr__(self) -> str:
        return f"<{len(self)} legal actions>"


class Choices(Offered):
    """Legal actions in ``groups`` of one kind each: the action's kind (a function of the
    seat and one value) and its values, in order (``(Pass, [3, 9])``, ``(Play, [3])``)."""

    __slots__ = ("_groups", "_len", "_seat")

    def __init__(self, seat: int, groups: Sequence[tuple[Callable[[int, Any], Action], Sequence[Any]]]):
        self._seat = seat
        self._groups = tuple([(make, values) for make, values in groups if values])
        self._len = sum(len(values) for _, values in self._groups)

    def __len__(self) -> int:
        return self._len

    def _make(self, index: int) -> Action:
        for make, values in self._groups:
            if index < len(values):
                return make(self._seat, values[index])
            index -= len(values)
        raise IndexError("legal action index out of range")  # (unreachable: the length holds them)

    def __iter__(self) -> Iterator[Action]:
        seat = self._seat
        for make, values in self._groups:
            for value in values:
                yield make(seat, value)


@runtime_checkable
class Bot(Protocol):
    """A bot: any object with this one method. gamerec makes one bot object per seat for
    each game it plays (the class is called without arguments), so a bot may remember what
    it saw earlier in the same game, and nothing from one game reaches the next.

    ``act`` is given what its seat sees, the seat's legal actions (a sequence: ``len`` and
    indexing work, and iterating lists them all, in a stable order; some games make them
    only as they are asked for) and a random generator, the only randomness a bot may use
    (so that the same seed plays the same game). It returns one of the legal actions: an
    action that is not legal, an exception or a move over the time allowed is the bot's
    fault, reported by seat and game (:class:`gamerec.bots.BotFault`)."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """The action to play, one of ``legal``."""
        ...


class RandomBot:
    """Any legal action, uniformly: ``rng.choice(legal)`` (the ``random`` bot of every game
    whose legal actions are few; a game may have one of its own that chooses the same
    quicker)."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        """One of ``legal``, uniformly."""
        return rng.choice(legal)
