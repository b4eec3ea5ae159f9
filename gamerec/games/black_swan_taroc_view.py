"""How black-swan-taroc is shown: its states as a replay shows them, its events in words and
its score sheet (the rules are in :mod:`gamerec.games.black_swan_taroc`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any

from ..cards import PLEDGES
from ..engine import DealScored, Event, GameState, SeatView, View, plural
from ..events import Drew, GameOver, PassedDown, PledgeHandedOut, TrickTaken
from ..record import Action
from .black_swan_taroc import _OVER, DECK, BlackSwanTarocState
from .view_base import Presenter

__all__ = ["BlackSwanTarocView"]


_CODES = DECK.codes


def _hand_codes(counts: list[int], size: int) -> list[str]:
    """The codes of a hand given as counts per card (``size`` cards), in card order."""
    codes = list(compress(_CODES, counts))  # each card held, once: in C, without a loop here
    if len(codes) == size:
        return codes
    return [_CODES[c] for c, k in enumerate(counts) if k for _ in range(k)]  # a card held twice


class BlackSwanTarocView(Presenter):
    def seat_view(self, state: GameState, seat: int, hidden: bool = False) -> SeatView:
        assert isinstance(state, BlackSwanTarocState)
        # the held cards in card order (the hands are counts per card: most are 0)
        hand = None if hidden else _hand_codes(state.hands[seat], state.sizes[seat])
        info = f"{state._pledges_text(seat)}; captured {state.points[seat]} points"
        return SeatView(seat, state.players[seat], hand, info, state.totals[seat])

    def changed_seats(
        self, state: GameState, action: Action, events: Sequence[Event]
    ) -> Sequence[int] | None:
        # a card or a pledge played changes its player's seat alone when it causes no
        # event (passing a card down, a trick's end, draws, handouts and a game's end do)
        seat: int = action.seat  # type: ignore[attr-defined]
        return None if events else (seat,)

    def lasting(self, state: GameState) -> tuple[str, list[tuple[str, str]]] | None:
        """The title and the lines."""
        assert isinstance(state, BlackSwanTarocState)
        if state.deal_index < 0:
            return None
        left = max(0, state.pile_size - state.drawn)
        title = f"Game {state.deal_index + 1} · turn of {state.players[state.leader]}"
        bank = ", ".join(f"{k} {PLEDGES[i]}s" for i, k in enumerate(state.bank))
        lines = [
            ("Dealer", state.players[state.dealer]),
            ("Trumps", state.trumps),
            ("Draw pile", plural(left, "card")),
            ("Bank", bank),
            ("Tricks", str(state.tricks)),
        ]
        if state.phase == _OVER and state.last_finals:
            lines.append(("Counts", " ".join(map(str, state.last_counts)) + f" (par {state.last_par})"))
            lines.append(("Finals", " ".join(map(str, state.last_finals))))
        return title, lines

    def board(self, state: GameState, seats: list[SeatView], lasting: Any) -> View:
        assert isinstance(state, BlackSwanTarocState)
        if lasting is None:
            return View("Before the first game", seats, [], [], None)
        title, lines = lasting
        table = [(s, _CODES[c] if c >= 0 else PLEDGES[p]) for s, c, p in state.trick]
        return View(title, seats, table, lines, state.to_move)

    def describe(self, event: Event, players: Sequence[str]) -> str:
        if isinstance(event, PassedDown):
            return f"{players[event.seat]} passes {DECK.code(event.card)} down to {players[event.to]}"
        if isinstance(event, TrickTaken):
            plays = " ".join(DECK.code(c) if c >= 0 else PLEDGES[p] for _, c, p in event.plays)
            won = plural(event.points, "point")
            text = f"trick {event.number} ({plays}) won by {players[event.seat]}: {won}"
            if event.skipped:
                text += "; skipped: " + ", ".join(players[s] for s in event.skipped)
            return text
        if isinstance(event, Drew):
            return "draws: " + ", ".join(f"{players[s]} {DECK.code(c)}" for s, c in event.draws)
        if isinstance(event, PledgeHandedOut):
            return f"{players[event.seat]} receives a {PLEDGES[event.pledge]} from the bank"
        if isinstance(event, GameOver):
            names = " and ".join(players[s] for s in event.winners)
            verb = "wins" if len(event.winners) == 1 else "win"
            return (
                f"game over ({event.reason}): counts {' '.join(map(str, event.counts))}, par {event.par}, "
                f"finals {' '.join(map(str, event.finals))}; {names} {verb}"
            )
        if isinstance(event, DealScored):
            return f"game {event.deal + 1} scored: " + ", ".join(
                f"{players[i]} {s}" for i, s in enumerate(event.scores)
            )
        return repr(event)

    def history_text(self, record: Any, state: GameState) -> str:
        """Game by game: each seat's final, and the running totals."""
        players = state.players
        width = max(8, *(len(p) for p in players))
        lines = ["Game  " + "  ".join(p.rjust(width) for p in players)]
        for g, finals in enumerate(state.deal_scores, 1):
            lines.append(f"{g:>4}  " + "  ".join(str(f).rjust(width) for f in finals))
        lines.append("Total " + "  ".join(str(t).rjust(width) for t in state.totals))
        return "\n".join(lines)
