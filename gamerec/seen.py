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

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import msgspec

from .record import Action

if TYPE_CHECKING:
    import random

__all__ = ["Bot", "Seen", "seat_rules"]


class Seen(msgspec.Struct, frozen=True, kw_only=True, tag_field="game"):
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


#: the state whose rules :func:`seat_rules` copied last, and each seat's copy (one game at a
#: time, the usual case, copies its rules once per seat)
_copies: list[Any] = [None, []]


def seat_rules(state: Any, seat: int) -> Any:
    """The record's rules (``state.rules``, a frozen Struct) as ``seat`` is shown them: the
    state's own when no option holds a container, else the seat's own copy (made once per
    game), so that a bot changing a container in it (forest's ``targets``) changes neither
    the game nor what the other seats see."""
    rules = state.rules
    if _copies[0] is not state:
        shared = not any(isinstance(getattr(rules, f), _CONTAINERS) for f in rules.__struct_fields__)
        _copies[0] = state
        _copies[1] = [rules] * state.n if shared else [None] * state.n
    mine = _copies[1][seat]
    if mine is None:
        mine = _copies[1][seat] = msgspec.convert(msgspec.to_builtins(rules), type(rules))
    return mine


_CONTAINERS = (dict, list, set)


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
