"""The state shared by the plain trick games (blackball, forest): the trick on the table,
who leads it and who is to play, the tricks each seat has won, and the end of a trick."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from mypy_extensions import mypyc_attr

from ..engine import GameState
from ..events import Event, TrickWon

__all__ = ["TrickState"]


# (a club's own game, not compiled, subclasses it too: docs/games.md)
@mypyc_attr(allow_interpreted_subclasses=True)
class TrickState(GameState):
    """The state of a plain trick game: ``trick`` holds the cards played from ``leader`` on,
    one each; ``turn`` is the seat to play; ``won`` counts each seat's tricks this deal.
    :meth:`take_trick` ends a trick, the same bookkeeping in every such game (blackball,
    forest) and in both walks, with or without events."""

    def __init__(self, rules: Any, players: Sequence[str]) -> None:
        super().__init__(rules, players)
        self.trick: list[int] = []
        self.leader = 0
        self.turn = 0
        self.won: list[int] = []
        self.tricks_played = 0

    def take_trick(self, index: int) -> list[Event]:
        """The card at ``index`` of the trick wins: credits its player, who leads next,
        clears the trick, and reports it when events are wanted."""
        trick, leader, n = self.trick, self.leader, self.n
        winner = leader + index
        if winner >= n:
            winner -= n
        self.won[winner] += 1
        self.tricks_played += 1
        events: list[Event] = (
            [TrickWon(self.tricks_played, winner, tuple(((leader + k) % n, c) for k, c in enumerate(trick)))]
            if self.emit
            else []
        )
        self.trick = []
        self.leader = self.turn = winner
        return events
