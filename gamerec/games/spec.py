"""A game's spec: everything gamerec needs to know of one game, in one object.

A game is a package (``gamerec/games/<game>/`` for the games gamerec ships; any importable
package for a club's own game) whose ``SPEC`` is a :class:`GameSpec`:

- :attr:`GameSpec.game`, its rules: a :class:`~gamerec.engine.Game` (id, title, deck, rule
  options, action kinds, bots, words such as what a deal is called, its own rule ids);
- :meth:`GameSpec.presenter`, how it is shown to people (replays, exports, recording);
- :meth:`GameSpec.statistics`, the numbers ``gamerec stats`` gives of its players;
- :meth:`GameSpec.seats`, how bots play it (:class:`Seats`: what a seat sees, what it is
  offered, the bots gamerec ships for it);
- :meth:`GameSpec.encoding`, its actions as numbers and what a seat sees as a vector, for
  learning agents (:class:`~gamerec.games.encoding.Encoding`; the environments of
  :mod:`gamerec.env`).

The presenter, the statistics, the seats and the encoding are loaded when first asked for (validating a
record never imports them). Core code asks the spec; it never names a game. The registry
(:mod:`gamerec.games`) finds the specs: docs/games.md shows how to add a game.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from ..engine import Game, GameState
from ..record import Action

if TYPE_CHECKING:  # (loaded when asked for: the rules never need them)
    from ..seen import Bot, Seen
    from .encoding import Encoding
    from .presenting import Presenter

__all__ = ["GameSpec", "Seats"]


class Seats(NamedTuple):
    """How bots play a game (:mod:`gamerec.seen`): ``seen(state, seat, actions)``, what
    ``seat`` sees of ``state``, the deal's ``actions`` so far given (a game's own
    :class:`~gamerec.seen.Seen`); ``offered(state)``, the legal actions of the seat to move,
    its own only (a sequence, which a game may make as it is read); ``bots``, the bots
    gamerec ships for the game by name (each a class a bot is made from, called without
    arguments), the first the one played when none is named unless one is named
    ``smart``."""

    seen: Callable[[GameState, int, Sequence[Action]], Seen]
    offered: Callable[[GameState], Sequence[Action]]
    bots: Mapping[str, Callable[[], Bot]]


class GameSpec:
    """One game as gamerec knows it: its rules (``game``); its presenter's class
    (``presenter``: a function giving it, so that the presenter's module is imported when
    first used); its statistics collector's class (``statistics``, likewise; None: the
    numbers every game has, games and wins); how bots play it (``seats``: a function giving
    its :class:`Seats`, likewise; None: no bot plays it, and simulate and the arena say so);
    its encoding's class (``encoding``, likewise; None: no environment plays it)."""

    def __init__(
        self,
        game: Game[Any],
        *,
        presenter: Callable[[], type[Presenter]],
        statistics: Callable[[], type[Any]] | None = None,
        seats: Callable[[], Seats] | None = None,
        encoding: Callable[[], type[Encoding]] | None = None,
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a game spec's game is a gamerec.engine.Game, not {type(game).__name__}")
        self.game = game
        self._presenter_class = presenter
        self._statistics = statistics
        self._presenter: Presenter | None = None
        self._seats_of = seats
        self._seats: Seats | None = None
        self._encoding = encoding

    def presenter(self) -> Presenter:
        """The game's presenter (made on first use, then shared)."""
        if self._presenter is None:
            self._presenter = self._presenter_class()(self.game)
        return self._presenter

    def statistics(self) -> type[Any] | None:
        """The class that collects the game's statistics from a record's walk (a
        :class:`gamerec.tables.stats.StatsCollector`, which sits above the registry); None when
        the game has no numbers of its own (its players' rows have the numbers every game
        has: :class:`gamerec.tables.stats.StatsCollector`)."""
        return None if self._statistics is None else self._statistics()

    def seats(self) -> Seats | None:
        """How bots play the game (loaded on first use, then shared); None when no bot
        plays it."""
        if self._seats is None and self._seats_of is not None:
            self._seats = self._seats_of()
        return self._seats

    def encoding(self) -> type[Encoding] | None:
        """The class of the game's encoding for learning agents (made for a table's rules
        and number of players: :class:`~gamerec.games.encoding.Encoding`); None when the
        game has none (no environment plays it; one needs :meth:`seats` too)."""
        return None if self._encoding is None else self._encoding()

    def __repr__(self) -> str:
        return f"<game spec {self.game.id!r}>"
