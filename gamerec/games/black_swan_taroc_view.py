"""How black-swan-taroc is shown: its states as a replay shows them, its events in words and
its score sheet (the rules are in :mod:`gamerec.games.black_swan_taroc`)."""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from itertools import compress
from typing import Any

from ..cards import PLEDGES
from ..engine import DealScored, Event, GameState, SeatView, View, plural
from ..events import Drew, GameOver, PassedDown, PledgeHandedOut, TrickTaken
from ..record import Action, Pass, Play, Pledge
from .black_swan_taroc import _OVER, DECK, BlackSwanTarocState
from .view_base import Presenter, without

__all__ = ["BlackSwanTarocView"]


_CODES = DECK.codes
_ORDER = {code: card for card, code in enumerate(_CODES)}  # (every card has its own code)


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
        # a card or a pledge played changes its player's seat; a card passed down, its
        # receiver's hand; a trick, its winner's points; draws, the drawers' hands; a
        # handout, its receiver's pledges; a game's end, every seat's score
        seat: int = action.seat  # type: ignore[attr-defined]
        if not events:
            return (seat,)
        seats = [seat]
        for e in events:
            if isinstance(e, PassedDown):
                seats.append(e.to)
            elif isinstance(e, (TrickTaken, PledgeHandedOut)):
                seats.append(e.seat)
            elif isinstance(e, Drew):
                seats += [s for s, _ in e.draws]
            else:
                return None
        return seats if len(seats) < 3 else list(dict.fromkeys(seats))  # (each once)

    def step_seat(
        self, state: GameState, before: SeatView, action: Action, events: Sequence[Event], hidden: bool
    ) -> SeatView:
        # a card played or passed leaves its player's hand; a card passed down or drawn
        # joins its receiver's (in card order); no other hand changes. A pledge played
        # changes its player's pledges; the points and the scores change with events alone
        assert isinstance(state, BlackSwanTarocState)
        seat = before.seat
        hand = before.hand
        if hand is not None:
            if (type(action) is Play or type(action) is Pass) and seat == action.seat:
                hand = without(hand, (_CODES[action.card],))
            for e in events:
                if hand is None:
                    break
                if isinstance(e, PassedDown) and e.to == seat:
                    hand = hand.copy()
                    insort(hand, _CODES[e.card], key=_ORDER.__getitem__)
                elif isinstance(e, Drew):
                    for s, c in e.draws:
                        if s == seat:
                            hand = hand.copy()
                            insort(hand, _CODES[c], key=_ORDER.__getitem__)
            if hand is None:
                return self.seat_view(state, seat, hidden)
        # the pledges change when the seat plays one or receives one, the points when it
        # wins a trick; at a game's end, anything
        new_info = type(action) is Pledge and seat == action.seat
        for e in events:
            if isinstance(e, (TrickTaken, PledgeHandedOut)):
                new_info = new_info or e.seat == seat
            elif not isinstance(e, (PassedDown, Drew)):
                new_info = True
        if not new_info:
            return SeatView(seat, before.name, hand, before.info, state.totals[seat])
        info = f"{state._pledges_text(seat)}; captured {state.points[seat]} points"
        return SeatView(seat, before.name, hand, info, state.totals[seat])

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
            plays = " ".join([_CODES[c] if c >= 0 else PLEDGES[p] for _, c, p in event.plays])
            won = plural(event.points, "point")
            text = f"trick {event.number} ({plays}) won by {players[event.seat]}: {won}"
            if event.skipped:
                text += "; skipped: " + ", ".join(players[s] for s in event.skipped)
            return text
        if isinstance(event, Drew):
            return "draws: " + ", ".join([f"{players[s]} {_CODES[c]}" for s, c in event.draws])
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
