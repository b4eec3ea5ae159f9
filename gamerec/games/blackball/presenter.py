"""How blackball is shown: its states as a replay shows them, its events in words and its
score sheet (the rules are in :mod:`gamerec.games.blackball`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...cards import FRENCH, SUIT_NAMES
from ...engine import DealScored, Event, GameState, MatchEnded, TrickWon
from ...record import Action, Play
from ...view import SeatView, View
from ..presenting import Presenter, without
from .rules import _BIDDING, SUIT_SYMBOLS, BlackballState

__all__ = ["BlackballView"]


_CODES = FRENCH.codes
#: the codes of each suit's cards (a card's int is suit * 13 + rank), the trumps of a round
_SUIT_CODES = [tuple(_CODES[suit * 13 : suit * 13 + 13]) for suit in range(4)]


def _info(state: BlackballState, seat: int) -> str:
    bid = state.bids[seat] if state.bids else None
    return "" if bid is None else f"bid {bid}, won {state.won[seat]}"


class BlackballView(Presenter):
    legends = (("⚫", "⚫ = a black ball: a missed bid, no points; → the points of a made bid"),)

    def seat_view(self, state: GameState, seat: int, hidden: bool = False) -> SeatView:
        assert isinstance(state, BlackballState)
        # card numbers are suit * 13 + rank: their order is the display order
        hand = None if hidden else [_CODES[c] for c in sorted(state.hands[seat])] if state.hands else []
        return SeatView(seat, state.players[seat], hand, _info(state, seat), state.totals[seat])

    def step_seats(
        self,
        state: GameState,
        before: list[SeatView],
        action: Action,
        events: Sequence[Event],
        shown: int | None,
    ) -> list[SeatView]:
        # a card played leaves its player's hand, and no other hand changes; a bid changes
        # its player's line; the tricks won and the scores change with events alone
        assert isinstance(state, BlackballState)
        seat: int = action.seat
        old = before[seat]
        hand = old.hand
        if type(action) is Play and hand is not None:
            hand = without(hand, (_CODES[action.card],))
            if hand is None:
                return self.fresh_seats(state, shown)
        seats = before.copy()
        if not events:
            info = old.info if type(action) is Play else _info(state, seat)
            seats[seat] = SeatView(seat, old.name, hand, info, old.score)
            return seats
        touched: Sequence[int] = range(len(before))
        if len(events) == 1 and type(events[0]) is TrickWon:  # the winner's tricks won, and no score
            touched = (seat, events[0].seat)
        for s in touched:
            sv = before[s]
            seats[s] = SeatView(s, sv.name, hand if s == seat else sv.hand, _info(state, s), state.totals[s])
        return seats

    def lasting(
        self, state: GameState, before: Any = None
    ) -> tuple[str, list[tuple[str, str]], list[tuple[str, str]], tuple[str, ...] | None] | None:
        """The title, the lines while bidding and after (the deal and the tricks played),
        and the trumps; the title, the deal's lines and the trumps kept from ``before``,
        of the same deal."""
        assert isinstance(state, BlackballState)
        if state.deal_index < 0:
            return None
        if before is not None:
            title, bidding, trumps = before[0], before[1], before[3]
            tricks = ("Tricks", f"{state.tricks_played} of {state.size} played")
            return title, bidding, [*bidding, tricks], trumps
        number = state.deal_index + 1
        title = f"Round {number} of {len(state.sizes)} · {state.size} card{'s' if state.size != 1 else ''}"
        if state.trump < 0:
            trump = "none (no-trump round)"
        else:
            up = FRENCH.code(state.upcard or 0)
            trump = f"{SUIT_SYMBOLS[state.trump]} {SUIT_NAMES[state.trump]} (up-card {up})"
        bidding = [("Dealer", state.players[state.dealer]), ("Trump", trump)]
        playing = [*bidding, ("Tricks", f"{state.tricks_played} of {state.size} played")]
        return title, bidding, playing, _SUIT_CODES[state.trump] if state.trump >= 0 else None

    def board(self, state: GameState, seats: list[SeatView], lasting: Any) -> View:
        assert isinstance(state, BlackballState)
        if lasting is None:
            return View("Before the first round", seats, [], [], None)
        title, bidding, playing, trumps = lasting
        leader, n = state.leader, state.n
        table = [((leader + i) % n, _CODES[c]) for i, c in enumerate(state.trick)]
        lines = bidding if state.phase == _BIDDING else playing
        return View(title, seats, table, lines, state.to_move, trumps)

    def describe(self, event: Event, players: Sequence[str]) -> str:
        if isinstance(event, TrickWon):
            cards = " ".join([_CODES[c] for _, c in event.cards])
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
