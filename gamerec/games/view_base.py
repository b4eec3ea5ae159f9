"""The presenters' shared part. A presenter shows a game's states and events to people: the
state as a replay shows it (:meth:`Presenter.view`), an event or an action in words, what an
export adds about an action, and the game's score sheet. The rules (:class:`~gamerec.engine.Game`,
:class:`~gamerec.engine.GameState`) know none of this; a presenter reads a state's attributes
(hands, trick, totals, ...) directly. Each game's presenter is in ``gamerec/games/<game>_view.py``;
:func:`gamerec.games.views.presenter` gives the one of a game id."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from ..engine import Event, Game, GameState, View, action_text, seat_name
from ..format.record import Action

__all__ = ["Presenter"]


class Presenter(ABC):
    """How one game is shown: ``game`` is the game it shows."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game

    @abstractmethod
    def view(self, state: GameState) -> View:
        """``state`` as a replay shows it."""

    def seat(self, state: GameState, seat: int) -> str:
        """``seat 2 (Cy)``: a seat of ``state`` as messages name it."""
        return seat_name(state.players, seat)

    @abstractmethod
    def describe(self, event: Event, players: Sequence[str]) -> str:
        """One line telling what ``event`` means, for replays and histories."""

    def describe_action(self, action: Action, players: Sequence[str]) -> str:
        """``Bo bid 2``, ``Cy play QS``: the player's name and the action in the text
        notation's words."""
        seat: int = action.seat  # type: ignore[attr-defined]
        name = players[seat] if 0 <= seat < len(players) else f"seat {seat}"
        return f"{name} {action_text(action, self.game.deck)}"

    def action_detail(self, action: Action) -> str:
        """What an export adds about an action (black-swan-2012: its combination kind)."""
        return ""

    @abstractmethod
    def history_text(self, record: Any, state: GameState) -> str:
        """The game's own readable summary of a finished replay (its score sheet)."""
