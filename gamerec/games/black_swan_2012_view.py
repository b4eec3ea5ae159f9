"""How black-swan-2012 is shown: its states as a replay shows them, its events and
combinations in words and its score sheet (the rules are in
:mod:`gamerec.games.black_swan_2012`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..engine import DealScored, Event, GameState, MatchEnded, SeatView, View
from ..events import Captured, Declared, WentOut
from ..format.record import Action, Cards
from .black_swan_2012 import _POINTS, DECK, TABLE, BlackSwan2012State, _sorted_hand, combination
from .view_base import Presenter

__all__ = ["BlackSwan2012View"]


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


class BlackSwan2012View(Presenter):
    def view(self, state: GameState) -> View:
        assert isinstance(state, BlackSwan2012State)
        seats = []
        pile_points = [sum(_POINTS[c] for c in p) for p in state.piles] if state.piles else [0] * state.n
        for s in range(state.n):
            hand = [DECK.code(c) for c in _sorted_hand(state.counts[s])] if state.counts else []
            info = f"pile {pile_points[s]} ({len(state.piles[s]) if state.piles else 0} cards)"
            if s in state.out_order:
                info += f", out {state.out_order.index(s) + 1}."
            if state.declared == s:
                info += ", declared the Swan"
            seats.append(SeatView(s, state.players[s], hand, info, state.totals[state.side_of[s]]))
        if state.deal_index < 0:
            return View("Before the first deal", seats, [], [], None)
        title = f"Deal {state.deal_index + 1} · " + (
            f"table {state.tables_done + 1}" if state.playing else "over"
        )
        lines = [
            ("Stack", f"{len(state.table)} of {TABLE} cards"),
            ("Target", str(state.target)),
        ]
        if state.team_game:
            lines.append(
                ("Teams", " · ".join(f"{n}: {t}" for n, t in zip(state.sides, state.totals, strict=True)))
            )
        if state.out_order:
            lines.append(("Out", ", ".join(state.players[s] for s in state.out_order)))
        table = [(s, DECK.code(c)) for s, c in zip(state.table_seats, state.table, strict=True)]
        return View(title, seats, table, lines, state.to_move)

    def action_detail(self, action: Action) -> str:
        if isinstance(action, Cards):
            return combination(action.cards, 2, True) or ""
        return ""

    def describe(self, event: Event, players: Sequence[str]) -> str:
        if isinstance(event, Captured):
            cards = DECK.codes_of(event.cards)
            pts = sum(_POINTS[c] for c in event.cards)
            if event.final:
                assert event.taker is not None
                taker, first = players[event.taker], players[event.seat]
                text = f"last table ({cards}, {pts} points) taken by {taker} goes to {first}, first out"
                if event.kept:
                    text += f"; {players[event.taker]} keeps the Black Swan"
                return text
            return f"{players[event.seat]} captures {cards} ({pts} points)"
        if isinstance(event, WentOut):
            return f"{players[event.seat]} is out ({_ordinal(event.place)})"
        if isinstance(event, Declared):
            return f"{players[event.seat]} declares the Black Swan"
        if isinstance(event, DealScored):
            return f"deal {event.deal + 1} scored: " + ", ".join(str(s) for s in event.scores)
        if isinstance(event, MatchEnded):
            names = " and ".join(players[i] for i in event.winners)
            return f"match over: {names} win{'s' if len(event.winners) == 1 else ''}"
        return repr(event)

    def history_text(self, record: Any, state: GameState) -> str:
        """Deal by deal: each side's deal score and running total."""
        sides = state.sides
        width = max(8, *(len(s) for s in sides))
        lines = ["Deal  " + "  ".join(s.rjust(width) for s in sides)]
        running = [0] * len(sides)
        for d, scores in enumerate(state.deal_scores, 1):
            running = [r + s for r, s in zip(running, scores, strict=True)]
            cells = [f"{s:+d} = {r}".rjust(width) for s, r in zip(scores, running, strict=True)]
            lines.append(f"{d:>4}  " + "  ".join(cells))
        lines.append("Total " + "  ".join(str(t).rjust(width) for t in state.totals))
        return "\n".join(lines)
