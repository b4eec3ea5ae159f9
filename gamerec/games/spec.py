"""A game's spec: everything gamerec needs to know of one game, in one object.

A game is a package (``gamerec/games/<game>/`` for the games gamerec ships; any importable
package for a club's own game) whose ``SPEC`` is a :class:`GameSpec`:

- :attr:`GameSpec.game`, its rules: a :class:`~gamerec.engine.Game` (id, title, deck, rule
  options, action kinds, bots, words such as what a deal is called, its own rule ids);
- :meth:`GameSpec.presenter`, how it is shown to people (replays, exports, recording);
- :meth:`GameSpec.statistics`, the numbers ``gamerec stats`` gives of its players.

The presenter and the statistics are loaded when first asked for (validating a record
never imports them). Core code asks the spec; it never names a game. The registry
(:mod:`gamerec.games`) finds the specs: docs/games.md shows how to add a game.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine import Game

if TYPE_CHECKING:  # (loaded when asked for: the rules never need them)
    from .presenting import Presenter

__all__ = ["GameSpec"]


class GameSpec:
    """One game as gamerec knows it: its rules (``game``); its presenter's class
    (``presenter``: a function giving it, so that the presenter's module is imported when
    first used); its statistics collector's class (``statistics``, likewise; None: the
    numbers every game has, games and wins)."""

    def __init__(
        self,
        game: Game[Any],
        *,
        presenter: Callable[[], type[Presenter]],
        statistics: Callable[[], type[Any]] | None = None,
    ) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a game spec's game is a gamerec.engine.Game, not {type(game).__name__}")
        self.game = game
        self._presenter_class = presenter
        self._statistics = statistics
        self._presenter: Presenter | None = None

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

    def __repr__(self) -> str:
        return f"<game spec {self.game.id!r}>"
