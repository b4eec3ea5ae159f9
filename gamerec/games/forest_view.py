"""How forest is shown: its states as a replay shows them, its events in words and its
score sheet (the rules are in :mod:`gamerec.games.forest`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..cards import FOREST_COLOUR_NAMES
from ..engine import DealScored, Event, GameState, MatchEnded, SeatView, TrickWon, View, plural
from ..events import ForestTurned
from ..record import Action, Play
from .forest import _N, DECK, ForestState, trick_colours
from .view_base import Presenter, without

__all__ = ["ForestView"]


_CODES = DECK.codes


class ForestView(Presenter):
    def seat_view(self, state: GameState, seat: int, hidden: bool = False) -> SeatView:
        assert isinstance(state, ForestState)
        hand = None if hidden else [_CODES[c] for c in sorted(state.hands[seat])] if state.hands else []
        info = f"won {state.won[seat]}" if state.won else ""
        return SeatView(seat, state.players[seat], hand, info, state.totals[seat])

    def changed_seats(
        self, state: GameState, action: Action, events: Sequence[Event]
    ) -> Sequence[int] | None:
        # a card changes its player's seat; a trick won, its winner's too (the forest card
        # turned after it changes no seat); a round's end, every seat's score
        seat: int = action.seat  # type: ignore[attr-defined]
        if not events:
            return (seat,)
        seats = [seat]
        for e in events:
            if isinstance(e, TrickWon):
                seats.append(e.seat)
            elif not isinstance(e, ForestTurned):
                return None
        return seats

    def step_seat(
        self, state: GameState, before: SeatView, action: Action, events: Sequence[Event], hidden: bool
    ) -> SeatView:
        # a card played leaves its player's hand; no other hand changes
        assert isinstance(state, ForestState)
        seat = before.seat
        hand = before.hand
        if hand is not None and type(action) is Play and seat == action.seat:
            hand = without(hand, (_CODES[action.card],))
            if hand is None:
                return self.seat_view(state, seat, hidden)
        if not events:
            return SeatView(seat, before.name, hand, before.info, before.score)
        info = f"won {state.won[seat]}" if state.won else ""
        return SeatView(seat, before.name, hand, info, state.totals[seat])

    def lasting(self, state: GameState) -> tuple[str, list[tuple[str, str]], dict[int, str]] | None:
        """The title, the lines but the trick's colours, and each card's colour under the
        forest card (filled as cards are played): they change with the trick and the
        forest card, whose turns are events."""
        assert isinstance(state, ForestState)
        if state.deal_index < 0:
            return None
        trick = min(state.tricks_played + 1, state.hand_size)
        title = f"Round {state.deal_index + 1} of {state.rounds} · trick {trick}"
        forest = (
            "none yet (black is black)"
            if state.forest is None
            else (f"{DECK.code(state.forest)} ({FOREST_COLOUR_NAMES[state.forest // _N]})")
        )
        return title, [("Forest", forest), ("Stock", plural(state.pile_size - state.turned, "card"))], {}

    def board(self, state: GameState, seats: list[SeatView], lasting: Any) -> View:
        assert isinstance(state, ForestState)
        if lasting is None:
            return View("Before the first round", seats, [], [], None)
        title, lines, coloured = lasting
        trick = state.trick
        if trick:
            parts = []
            for c in trick:
                part = coloured.get(c)
                if part is None:
                    (k,) = trick_colours((c,), state.forest)
                    part = coloured[c] = f"{_CODES[c]}={FOREST_COLOUR_NAMES[k]}"
                parts.append(part)
            lines = [*lines, ("Colours", " ".join(parts))]
        leader, n = state.leader, state.n
        table = [((leader + k) % n, _CODES[c]) for k, c in enumerate(trick)]
        return View(title, seats, table, lines, state.to_move)

    def describe(self, event: Event, players: Sequence[str]) -> str:
        if isinstance(event, ForestTurned):
            if event.card is None:
                return f"trick {event.number}: no forest card (black is black)"
            verb = "turned" if event.new else "stays"
            return f"trick {event.number}: forest card {DECK.code(event.card)} {verb}"
        if isinstance(event, TrickWon):
            cards = " ".join([_CODES[c] for _, c in event.cards])
            return f"trick {event.number} ({cards}) won by {players[event.seat]}"
        if isinstance(event, DealScored):
            return f"round {event.deal + 1} scored: " + ", ".join(
                f"{players[i]} {s}" for i, s in enumerate(event.scores)
            )
        if isinstance(event, MatchEnded):
            names = " and ".join(players[i] for i in event.winners)
            return f"game over: {names} win{'s' if len(event.winners) == 1 else ''}"
        return repr(event)

    def history_text(self, record: Any, state: GameState) -> str:
        """Round by round: each player's tricks and score, and the totals."""
        assert isinstance(state, ForestState)
        players = state.players
        width = max(10, *(len(p) for p in players))
        lines = ["Round  " + "  ".join(p.rjust(width) for p in players)]
        for r, scores in enumerate(state.deal_scores, 1):
            tricks = state.round_tricks[r - 1]
            cells = [f"{t} -> {s}".rjust(width) for t, s in zip(tricks, scores, strict=True)]
            lines.append(f"{r:>5}  " + "  ".join(cells))
        lines.append("Total  " + "  ".join(str(t).rjust(width) for t in state.totals))
        return "\n".join(lines)
