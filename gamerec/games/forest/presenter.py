"""How forest is shown: its states as a replay shows them, its events in words and its
score sheet (the rules are in :mod:`gamerec.games.forest`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...engine import DealScored, Event, GameState, MatchEnded, TrickWon, plural
from ...events import ForestTurned
from ...record import Action, Play
from ...view import SeatView, View
from ..presenting import Presenter, without
from .deck import FOREST_COLOUR_NAMES
from .rules import _N, DECK, ForestState, trick_colours

__all__ = ["ForestView"]


_CODES = DECK.codes


class ForestView(Presenter):
    def seat_view(self, state: GameState, seat: int, hidden: bool = False) -> SeatView:
        assert isinstance(state, ForestState)
        hand = None if hidden else [_CODES[c] for c in sorted(state.hands[seat])] if state.hands else []
        info = f"won {state.won[seat]}" if state.won else ""
        return SeatView(seat, state.players[seat], hand, info, state.totals[seat])

    def step_seats(
        self,
        state: GameState,
        before: list[SeatView],
        action: Action,
        events: Sequence[Event],
        shown: int | None,
    ) -> list[SeatView]:
        # a card played leaves its player's hand, and no other hand changes; the tricks won
        # and the scores change with events alone
        assert isinstance(state, ForestState)
        seat: int = action.seat
        old = before[seat]
        hand = old.hand
        if type(action) is Play and hand is not None:
            hand = without(hand, (_CODES[action.card],))
            if hand is None:
                return self.fresh_seats(state, shown)
        seats = before.copy()
        if not events:
            seats[seat] = SeatView(seat, old.name, hand, old.info, old.score)
            return seats
        won, totals = state.won, state.totals
        touched: Sequence[int] = [seat]
        for e in events:  # a trick won changes its winner's tricks won; a round's end, the scores
            if type(e) is TrickWon:
                touched = [*touched, e.seat]
            elif type(e) is not ForestTurned:
                touched = range(len(before))
                break
        for s in touched:
            sv = before[s]
            info = f"won {won[s]}" if won else ""
            seats[s] = SeatView(s, sv.name, hand if s == seat else sv.hand, info, totals[s])
        return seats

    def lasting(
        self, state: GameState, before: Any = None
    ) -> tuple[str, list[tuple[str, str]], dict[int, Any]] | None:
        """The title, the lines but the trick's colours, and the table, lines and colours
        made for each size of the trick: between events (a trick won, a forest card turned)
        the trick only grows, a card at a time, under the same forest card."""
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
        title, lines, made = lasting
        trick = state.trick
        k = len(trick)
        got = made.get(k)
        if got is None:
            before = made.get(k - 1) if k else None
            if before is not None:  # the trick so far, and the card played to it
                c = trick[-1]
                (colour,) = trick_colours((c,), state.forest)
                part = f"{_CODES[c]}={FOREST_COLOUR_NAMES[colour]}"
                shown = f"{before[2]} {part}" if before[2] else part
                table = [*before[0], ((state.leader + k - 1) % state.n, _CODES[c])]
            else:
                colours = trick_colours(trick, state.forest)
                shown = " ".join(
                    [f"{_CODES[c]}={FOREST_COLOUR_NAMES[n]}" for c, n in zip(trick, colours, strict=True)]
                )
                leader, n = state.leader, state.n
                table = [((leader + i) % n, _CODES[c]) for i, c in enumerate(trick)]
            got = made[k] = (table, [*lines, ("Colours", shown)] if trick else lines, shown)
        return View(title, seats, got[0], got[1], state.to_move)

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
