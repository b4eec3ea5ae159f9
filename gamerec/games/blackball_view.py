"""How blackball is shown: its states as a replay shows them, its events in words and its
score sheet (the rules are in :mod:`gamerec.games.blackball`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import FRENCH, SUIT_NAMES
from ..engine import DealScored, Event, GameState, MatchEnded, SeatView, TrickWon, View
from .blackball import _BIDDING, SUIT_SYMBOLS, BlackballState
from .view_base import Presenter

__all__ = ["BlackballView"]


class BlackballView(Presenter):
    def view(self, state: GameState) -> View:
        assert isinstance(state, BlackballState)
        seats = []
        for s in range(state.n):
            hand = sorted(state.hands[s], key=lambda c: (c // 13, c % 13)) if state.hands else []
            bid = state.bids[s] if state.bids else None
            info = "" if bid is None else f"bid {bid}, won {state.won[s]}"
            seats.append(SeatView(s, state.players[s], [FRENCH.code(c) for c in hand], info, state.totals[s]))
        if state.deal_index < 0:
            return View("Before the first round", seats, [], [], None)
        number = state.deal_index + 1
        title = f"Round {number} of {len(state.sizes)} · {state.size} card{'s' if state.size != 1 else ''}"
        if state.trump < 0:
            trump = "none (no-trump round)"
        else:
            up = FRENCH.code(state.upcard or 0)
            trump = f"{SUIT_SYMBOLS[state.trump]} {SUIT_NAMES[state.trump]} (up-card {up})"
        lines = [("Dealer", state.players[state.dealer]), ("Trump", trump)]
        if state.phase != _BIDDING:
            lines.append(("Tricks", f"{state.tricks_played} of {state.size} played"))
        table = [((state.leader + i) % state.n, FRENCH.code(c)) for i, c in enumerate(state.trick)]
        return View(title, seats, table, lines, state.to_move)

    def describe(self, event: Event, players: Sequence[str]) -> str:
        if isinstance(event, TrickWon):
            cards = " ".join(FRENCH.code(c) for _, c in event.cards)
            return f"trick {event.number} ({cards}) won by {players[event.seat]}"
        if isinstance(event, DealScored):
            parts = [f"{players[i]} {s}" for i, s in enumerate(event.scores)]
            return f"round {event.deal + 1} scored: " + ", ".join(parts)
        if isinstance(event, MatchEnded):
            names = " and ".join(players[i] for i in event.winners)
            return f"game over: {names} win{'s' if len(event.winners) == 1 else ''}"
        return repr(event)

    def history_text(self, record: Any, state: GameState) -> str:
        """The rule text's score sheet: one line per round, each seat's bid and points,
        a black ball (⚫) for a missed bid."""
        assert isinstance(state, BlackballState)
        players = state.players
        width = max(8, *(len(p) for p in players))
        lines = ["Round  Cards  " + "  ".join(p.rjust(width) for p in players)]
        for r, scores in enumerate(state.deal_scores):
            bids = state.round_bids[r]
            cells = []
            for s, pts in enumerate(scores):
                mark = f"{bids[s]} ⚫" if pts == 0 else f"{bids[s]} → {pts}"
                cells.append(mark.rjust(width))
            lines.append(f"{r + 1:>5}  {state.sizes[r]:>5}  " + "  ".join(cells))
        lines.append("Total         " + "  ".join(str(t).rjust(width) for t in state.totals))
        return "\n".join(lines)
