"""How black-swan-2012 is shown: its states as a replay shows them, its events and
combinations in words and its score sheet (the rules are in
:mod:`gamerec.games.black_swan_2012`)."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress
from typing import Any, ClassVar, Final

from ...engine import DealScored, Event, GameState, MatchEnded
from ...events import Captured, Declared, WentOut
from ...record import Action, Cards
from ...view import SeatView, View
from ..presenting import Presenter
from .combinations import TABLE, combination
from .rules import _POINTS, DECK, BlackSwan2012State

__all__ = ["BlackSwan2012View"]


def _ordinal(n: int) -> str:
    return f"{n}{'st' if n == 1 else 'nd' if n == 2 else 'rd' if n == 3 else 'th'}"


_CODES: Final = DECK.codes


def _hand_codes(counts: list[int], size: int) -> list[str]:
    """The codes of a hand given as counts per card (``size`` cards), in card order."""
    codes = list(compress(_CODES, counts))  # each card held, once: in C, without a loop here
    if len(codes) == size:
        return codes
    return [_CODES[c] for c, k in enumerate(counts) if k for _ in range(k)]  # a card held twice


_STACK: Final = [f"{k} of {TABLE} cards" for k in range(TABLE + 1)]


def _info(state: BlackSwan2012State, seat: int) -> str:
    if state.piles:
        pile = state.piles[seat]
        points = 0
        for c in pile:  # (compiled: a loop over ints, cheaper than sum and map)
            points += _POINTS[c]
        info = f"pile {points} ({len(pile)} cards)"
    else:
        info = "pile 0 (0 cards)"
    if seat in state.out_order:
        info += f", out {state.out_order.index(seat) + 1}."
    if state.declared == seat:
        info += ", declared the Swan"
    return info


def _sides(players: Sequence[str], count: int) -> list[str]:
    """The names of ``count`` scoring sides: the players, or in the team game (two sides
    of four players) the teams, ``Ann & Cy`` and ``Bo & Di``, as the state names them."""
    if count == 2 and len(players) == 4:
        return [f"{players[0]} & {players[2]}", f"{players[1]} & {players[3]}"]
    return list(players)


class BlackSwan2012View(Presenter):
    def seat_view(self, state: GameState, seat: int, hidden: bool = False) -> SeatView:
        assert isinstance(state, BlackSwan2012State)
        if hidden:
            hand = None
        elif state.counts:  # card numbers in order are the display order (see _sorted_hand)
            hand = _hand_codes(state.counts[seat], state.held[seat])
        else:
            hand = []
        score = state.totals[state.side_of[seat]]
        return SeatView(seat, state.players[seat], hand, _info(state, seat), score)

    def step_seats(
        self,
        state: GameState,
        before: list[SeatView],
        action: Action,
        events: Sequence[Event],
        shown: int | None,
    ) -> list[SeatView]:
        # the cards played leave their player's hand, and no other hand changes; a seat's
        # line (pile, going out, declaring) changes with the events about it, the scores
        # at a deal's end
        assert isinstance(state, BlackSwan2012State)
        seat: int = action.seat
        old = before[seat]
        hand = old.hand
        if hand is not None and state.counts:
            # the hand left, made from the counts as seat_view makes it (one list, in C)
            hand = _hand_codes(state.counts[seat], state.held[seat])
        seats = before.copy()
        if not events:
            seats[seat] = SeatView(seat, old.name, hand, old.info, old.score)
            return seats
        touched: Sequence[int] = [seat]
        for e in events:
            t = type(e)
            if t is Captured or t is WentOut or t is Declared:
                if e.seat != seat:  # type: ignore[attr-defined]
                    touched = range(len(before))  # (another's capture: the deal's last table)
                    break
            else:  # the deal's end
                touched = range(len(before))
                break
        totals, side_of = state.totals, state.side_of
        for s in touched:
            sv = before[s]
            seats[s] = SeatView(
                s, sv.name, hand if s == seat else sv.hand, _info(state, s), totals[side_of[s]]
            )
        return seats

    def lasting(self, state: GameState, before: Any = None) -> tuple[Any, ...] | None:
        """The title, the lines after the stack's, the table and lines made for each size
        of the stack (between events the stack only grows, a capture being an event, so
        each table extends the one before), and the deal's target and teams lines with the
        totals they show (kept from ``before`` while the totals stay)."""
        assert isinstance(state, BlackSwan2012State)
        if state.deal_index < 0:
            return None
        title = f"Deal {state.deal_index + 1} · " + (
            f"table {state.tables_done + 1}" if state.playing else "over"
        )
        totals = state.totals
        if before is not None and before[3] == totals:
            fixed = before[4]
        else:
            fixed = [("Target", str(state.target))]
            if state.team_game:
                teams = " · ".join([f"{n}: {t}" for n, t in zip(state.sides, totals, strict=True)])
                fixed.append(("Teams", teams))
        lines = fixed
        if state.out_order:
            lines = [*fixed, ("Out", ", ".join([state.players[s] for s in state.out_order]))]
        return title, lines, {}, totals.copy(), fixed

    def board(self, state: GameState, seats: list[SeatView], lasting: Any) -> View:
        assert isinstance(state, BlackSwan2012State)
        if lasting is None:
            return View("Before the first deal", seats, [], [], None)
        title, rest, made = lasting[0], lasting[1], lasting[2]
        size = len(state.table)
        got = made.get(size)
        if got is None:
            stack = _STACK[size] if size <= TABLE else f"{size} of {TABLE} cards"
            last = made.get(-1)  # (size, table): the stack last shown, which this one extends
            start, table = (0, []) if last is None or last[0] > size else last
            who, cards = state.table_seats, state.table
            table = [*table, *[(who[i], _CODES[cards[i]]) for i in range(start, size)]]
            got = made[size] = (table, [("Stack", stack), *rest])
            made[-1] = (size, table)
        return View(title, seats, got[0], got[1], state.to_move)

    has_details: ClassVar[bool] = True

    def action_detail(self, action: Action) -> str:
        if isinstance(action, Cards):
            return combination(action.cards, 2, True) or ""
        return ""

    def describe(self, event: Event, players: Sequence[str]) -> str:
        if isinstance(event, Captured):
            cards = " ".join([_CODES[c] for c in event.cards])
            pts = sum([_POINTS[c] for c in event.cards])
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
            sides = _sides(players, len(event.scores))
            return f"deal {event.deal + 1} scored: " + ", ".join(
                f"{sides[i]} {s}" for i, s in enumerate(event.scores)
            )
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
