"""How black-swan-taroc is shown: its states as a replay shows them, its events in words and
its score sheet (the rules are in :mod:`gamerec.games.black_swan_taroc`)."""

from __future__ import annotations

from bisect import insort
from collections.abc import Sequence
from itertools import compress
from typing import Any

from ...cards import PLEDGES, TAROC_MAJORS
from ...engine import DealScored, Event, GameState, plural
from ...events import Drew, GameOver, PassedDown, PledgeHandedOut, TrickTaken
from ...record import Action, Pass, Play, Pledge
from ...view import SeatView, View
from ..presenting import Presenter, without
from .rules import _LEAD, _OVER, DECK, BlackSwanTarocState

__all__ = ["BlackSwanTarocView"]


_CODES = DECK.codes
#: the codes of the majors (the trumps when the rules make them so)
_MAJOR_CODES = tuple(code for code in _CODES if code[:2] in {suit for suit, _ in TAROC_MAJORS})
_ORDER = {code: card for card, code in enumerate(_CODES)}  # (every card has its own code)


def _hand_codes(counts: list[int], size: int) -> list[str]:
    """The codes of a hand given as counts per card (``size`` cards), in card order."""
    codes = list(compress(_CODES, counts))  # each card held, once: in C, without a loop here
    if len(codes) == size:
        return codes
    return [_CODES[c] for c, k in enumerate(counts) if k for _ in range(k)]  # a card held twice


def _info(state: BlackSwanTarocState, seat: int) -> str:
    return f"{state._pledges_text(seat)}; captured {state.points[seat]} points"


class BlackSwanTarocView(Presenter):
    def seat_view(self, state: GameState, seat: int, hidden: bool = False) -> SeatView:
        assert isinstance(state, BlackSwanTarocState)
        # the held cards in card order (the hands are counts per card: most are 0)
        hand = None if hidden else _hand_codes(state.hands[seat], state.sizes[seat])
        return SeatView(seat, state.players[seat], hand, _info(state, seat), state.totals[seat])

    def step_seats(
        self,
        state: GameState,
        before: list[SeatView],
        action: Action,
        events: Sequence[Event],
        shown: int | None,
    ) -> list[SeatView]:
        # a card played or passed leaves its player's hand; a card passed down or drawn
        # joins its receiver's (in card order); no other hand changes. The pledges change
        # when a seat plays one or receives one, the points when it wins a trick, the
        # scores at a game's end
        assert isinstance(state, BlackSwanTarocState)
        seat: int = action.seat
        kind = type(action)
        old = before[seat]
        hand = old.hand
        if (kind is Play or kind is Pass) and hand is not None:
            hand = without(hand, (_CODES[action.card],))  # type: ignore[attr-defined]
            if hand is None:
                return self.fresh_seats(state, shown)
        seats = before.copy()
        if not events:
            info = _info(state, seat) if kind is Pledge else old.info
            seats[seat] = SeatView(seat, old.name, hand, info, old.score)
            return seats
        gained: dict[int, list[int]] = {}  # the cards joining each seat's hand
        lines = {seat} if kind is Pledge else set()  # the seats whose line changes
        everyone = False
        for e in events:
            t = type(e)
            if t is PassedDown:
                gained.setdefault(e.to, []).append(e.card)  # type: ignore[attr-defined]
            elif t is Drew:
                for s, c in e.draws:  # type: ignore[attr-defined]
                    gained.setdefault(s, []).append(c)
            elif t is TrickTaken or t is PledgeHandedOut:
                lines.add(e.seat)  # type: ignore[attr-defined]
            else:  # the game's end
                everyone = True
        touched = range(len(before)) if everyone else {seat, *gained, *lines}
        totals = state.totals
        for s in touched:
            sv = before[s]
            h = hand if s == seat else sv.hand
            if h is not None and s in gained:
                h = h.copy()
                for c in gained[s]:
                    insort(h, _CODES[c], key=_ORDER.__getitem__)
            info = _info(state, s) if everyone or s in lines else sv.info
            seats[s] = SeatView(s, sv.name, h, info, totals[s])
        return seats

    def lasting(self, state: GameState, before: Any = None) -> tuple[Any, ...] | None:
        """The title's start (``Game 2``; :meth:`board` adds who is to move) and the lines,
        and the bank they show (its line kept from ``before``, of the same game, while the
        bank stays)."""
        assert isinstance(state, BlackSwanTarocState)
        if state.deal_index < 0:
            return None
        left = max(0, state.pile_size - state.drawn)
        title = f"Game {state.deal_index + 1}"
        if before is not None and before[2] == state.bank:
            bank = before[1][3]
        else:
            bank = ("Bank", ", ".join([plural(k, PLEDGES[i]) for i, k in enumerate(state.bank)]))
        lines = [
            ("Dealer", state.players[state.dealer]),
            ("Trumps", state.trumps),
            ("Draw pile", plural(left, "card")),
            bank,
            ("Tricks", str(state.tricks)),
        ]
        if state.phase == _OVER and state.last_finals:
            lines.append(("Counts", " ".join(map(str, state.last_counts)) + f" (par {state.last_par})"))
            lines.append(("Finals", " ".join(map(str, state.last_finals))))
        return title, lines, list(state.bank), _MAJOR_CODES if state.trumps != "none" else None

    def board(self, state: GameState, seats: list[SeatView], lasting: Any) -> View:
        assert isinstance(state, BlackSwanTarocState)
        if lasting is None:
            return View("Before the first game", seats, [], [], None)
        title, lines = lasting[0], lasting[1]
        table = [(s, _CODES[c] if c >= 0 else PLEDGES[p]) for s, c, p in state.trick]
        # the title names the seat the marker points at: the leader leads (or passes
        # down), then the others follow (the title once said "turn of" the leader while
        # another seat was to follow)
        mover = state.to_move
        players = state.players
        if mover is None:
            title = f"{title} · over"
        elif state.phase == _LEAD:
            title = f"{title} · {players[mover]} to lead"
        else:
            title = f"{title} · {players[state.leader]} led · {players[mover]} to follow"
        return View(title, seats, table, lines, mover, lasting[3])

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
