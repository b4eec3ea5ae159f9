"""How toy trick is shown to people: a state as a replay shows it, its events in words and
its score sheet (a :class:`~gamerec.games.presenting.Presenter`; the rules never need it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from gamerec.engine import DealScored, Event, GameState, MatchEnded, TrickWon
from gamerec.games.presenting import Presenter
from gamerec.view import SeatView, View

from .rules import ToyState

__all__ = ["ToyView"]


class ToyView(Presenter):
    """Toy trick's presenter: each seat's hand and tricks won, the trick on the table."""

    def seat_view(self, state: GameState, seat: int, hidden: bool = False) -> SeatView:
        assert isinstance(state, ToyState)
        hand = None if hidden else [self._codes[c] for c in sorted(state.hands[seat])] if state.hands else []
        info = f"won {state.won[seat]}" if state.won else ""
        return SeatView(seat, state.players[seat], hand, info, state.totals[seat])

    def board(self, state: GameState, seats: list[SeatView], lasting: Any) -> View:
        assert isinstance(state, ToyState)
        if state.deal_index < 0:
            return View("Before the first deal", seats, [], [], None)
        title = f"Deal {state.deal_index + 1} of {state.n} · {state.size} cards"
        table = [((state.leader + i) % state.n, self._codes[c]) for i, c in enumerate(state.trick)]
        lines = [
            ("Dealer", state.players[state.dealer]),
            ("Tricks", f"{state.tricks_played} of {state.size} played"),
        ]
        return View(title, seats, table, lines, state.to_move)

    def describe(self, event: Event, players: Sequence[str]) -> str:
        if isinstance(event, TrickWon):
            cards = " ".join(self._codes[c] for _, c in event.cards)
            return f"trick {event.number} ({cards}) won by {players[event.seat]}"
        if isinstance(event, DealScored):
            return f"deal {event.deal + 1} scored: " + ", ".join(
                f"{players[s]} {points}" for s, points in enumerate(event.scores)
            )
        if isinstance(event, MatchEnded):
            names = " and ".join(players[s] for s in event.winners)
            return f"game over: {names} win{'s' if len(event.winners) == 1 else ''}"
        return repr(event)

    def history_text(self, record: Any, state: GameState) -> str:
        """The score sheet: one line per deal, each player's tricks, then the totals."""
        players = state.players
        width = max(6, *(len(p) for p in players))
        lines = ["Deal  " + "  ".join(p.rjust(width) for p in players)]
        for d, scores in enumerate(state.deal_scores):
            lines.append(f"{d + 1:>4}  " + "  ".join(str(s).rjust(width) for s in scores))
        lines.append("Total " + "  ".join(str(t).rjust(width) for t in state.totals))
        return "\n".join(lines)
