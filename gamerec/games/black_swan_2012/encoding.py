"""black-swan-2012 for learning agents (:class:`~gamerec.games.encoding.Encoding`): the
actions as numbers, what a seat sees as a vector (docs/env.md has the table).

A play is a combination of cards, so the plays are numbered once, in the order of
:func:`~gamerec.games.black_swan_2012.plays.playable` over a hand holding the whole pool
(the 52 cards, the three jokers and the Swan) with the whole table's room, the shortest
sequence of two and three jokers allowed alone: every play any hand can make under any
rules, 4 384 of them (:data:`PLAYS`; the tests count them again)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, Final

from ...engine import GameState
from ...record import Action, Cards, Declare
from ...seen import Seen
from ..encoding import INF, Encoding, Layout, Vector, check_index, counts, numbers, one_hot
from .combinations import TABLE
from .plays import playable
from .rules import DECK
from .seen import BlackSwan2012Seen, Plays

__all__ = ["PLAYS", "BlackSwan2012Encoding"]

_CARDS: Final = len(DECK.codes)  # 54: the 52, the joker and the Swan
_POOL: Final = [DECK.cards.count(c) for c in range(_CARDS)]

#: every play any hand can make, as its sorted cards (the actions 1 .. 4384)
PLAYS: Final[tuple[tuple[int, ...], ...]] = tuple(playable(_POOL, TABLE, 2, True))
#: each play's action number
_NUMBER: Final[dict[tuple[int, ...], int]] = {p: i + 1 for i, p in enumerate(PLAYS)}


class BlackSwan2012Encoding(Encoding):
    """Actions: 0 is ``declare``, 1 + i is the play :data:`PLAYS`\\ [i]. Observation (``n``
    players; seats by number): the blocks below; a card's place is its number (0 .. 51 the
    French cards, 52 the joker, counted up to 3, 53 the Swan)."""

    def __init__(self, rules: Any, players: int) -> None:
        super().__init__(rules, players)
        n = players
        self.actions = 1 + len(PLAYS)
        layout = Layout()
        self._hand = layout.add("hand", _CARDS, 0, 3, "the seat's cards, counted (the joker up to 3)")
        self._played = layout.add("played", _CARDS, 0, 3, "every card played this deal, counted")
        self._table = layout.add(
            "table", n * _CARDS, 0, 3, "the cards on the table: seat s's at s * 54 + card, counted"
        )
        self._held = layout.add("held", n, 0, 14, "how many cards each seat holds")
        self._out = layout.add("out", n, 0, n, "when each seat went out (1: first; 0: still in)")
        self._captured = layout.add(
            "captured", n * _CARDS, 0, 3, "the cards each seat captured this deal: s * 54 + card"
        )
        self._declared = layout.add("declared", n, 0, 1, "the seat that declared the Swan (one-hot)")
        self._can = layout.add("can_declare", 1, 0, 1, "1 when the seat may declare the Swan now")
        self._side = layout.add("side_of", n, 0, n - 1, "each seat's side (its team, or itself)")
        self._totals = layout.add("totals", n, -INF, INF, "each side's total before this deal (by side)")
        self._seat = layout.add("seat", n, 0, 1, "the seat that sees (one-hot)")
        self._first = layout.add("first", n, 0, 1, "the seat that started this deal (one-hot)")
        self._deal = layout.add("deal", 1, 0, INF, "the deal, from 0")
        self.blocks = tuple(layout.blocks)

    def index(self, action: Action) -> int:
        if type(action) is Declare:
            return 0
        if type(action) is Cards:
            number = _NUMBER.get(tuple(sorted(action.cards)))
            if number is not None:
                return number
        raise ValueError(f"black-swan-2012 numbers no action {action!r}")

    def action(self, seat: int, index: int) -> Action:
        index = check_index(index, self.actions)
        if not index:
            return Declare(seat)
        return Cards(seat, list(PLAYS[index - 1]))

    def legal(self, state: GameState, offered: Sequence[Action]) -> Iterable[int]:
        """The declaration (0) when offered, then the plays' numbers, found from their
        cards without making the actions."""
        if not isinstance(offered, Plays):
            return super().legal(state, offered)
        number = _NUMBER
        found = [number[p] for p in offered.plays()]
        return [0, *found] if offered.declares else found

    def observe(self, seen: Seen, out: Vector) -> None:
        assert isinstance(seen, BlackSwan2012Seen)
        counts(out, self._hand, seen.hand)
        counts(out, self._played, seen.played)
        for seat, card in zip(seen.table_seats, seen.table, strict=True):
            out[self._table + seat * _CARDS + card] += 1
        numbers(out, self._held, seen.held)
        for k, seat in enumerate(seen.out):
            out[self._out + seat] = k + 1
        for s, cards in enumerate(seen.captured):
            counts(out, self._captured + s * _CARDS, cards)
        one_hot(out, self._declared, seen.declared)
        out[self._can] = 1 if seen.can_declare else 0
        numbers(out, self._side, seen.side_of)
        numbers(out, self._totals, seen.totals)
        out[self._seat + seen.seat] = 1
        out[self._first + seen.first] = 1
        out[self._deal] = seen.deal
