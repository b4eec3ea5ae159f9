"""forest for learning agents (:class:`~gamerec.games.encoding.Encoding`): the actions as
numbers, what a seat sees as a vector (docs/env.md has the table)."""

from __future__ import annotations

from typing import Any

from ...record import Action, Play
from ...seen import Seen
from ..encoding import INF, Encoding, Layout, Vector, check_index, counts, numbers, one_hot
from .deck import FOREST_MAX_NUMBER
from .rules import COLOURS
from .seen import ForestSeen

__all__ = ["ForestEncoding"]


class ForestEncoding(Encoding):
    """Cards by place: ``colour * max_number + number - 1`` (colours red, blue, green,
    yellow, black), so the game's ``5 * max_number`` cards and no more. Actions: ``play C``
    is C's place. Observation (``n`` players; seats by number): the blocks below."""

    def __init__(self, rules: Any, players: int) -> None:
        super().__init__(rules, players)
        n = players
        m = rules.max_number
        self.max_number = m
        cards = COLOURS * m
        self.cards = cards
        #: each card number's place (-1: not in this game)
        self.place = [-1] * (COLOURS * FOREST_MAX_NUMBER)
        for colour in range(COLOURS):
            for k in range(m):
                self.place[colour * FOREST_MAX_NUMBER + k] = colour * m + k
        self.actions = cards
        layout = Layout()
        self._hand = layout.add("hand", cards, 0, 1, "the seat's cards (1: held), by place")
        self._played = layout.add("played", cards, 0, 1, "every card played this round")
        self._trick = layout.add(
            "trick", n * cards, 0, 1, "the trick on the table: seat s's card at s * cards + place"
        )
        self._forest = layout.add("forest", cards, 0, 1, "the forest card now (none before the first)")
        self._forests = layout.add("forests", cards, 0, 1, "every forest card turned this round")
        self._stock = layout.add("stock_left", 1, 0, cards, "forest cards still to be turned")
        self._won = layout.add("won", n, 0, cards, "each seat's tricks this round")
        self._totals = layout.add("totals", n, -INF, INF, "each seat's total before this round")
        self._seat = layout.add("seat", n, 0, 1, "the seat that sees (one-hot)")
        self._first = layout.add("first", n, 0, 1, "the seat that started this round (one-hot)")
        self._leader = layout.add("leader", n, 0, 1, "the seat that leads the trick (one-hot)")
        self._round = layout.add("round", 1, 0, n, "the round, from 0")
        self.blocks = tuple(layout.blocks)

    def index(self, action: Action) -> int:
        if type(action) is Play and 0 <= action.card < len(self.place) and self.place[action.card] >= 0:
            return self.place[action.card]
        raise ValueError(f"forest with max_number {self.max_number} numbers no action {action!r}")

    def action(self, seat: int, index: int) -> Action:
        index = check_index(index, self.actions)
        colour, k = divmod(index, self.max_number)
        return Play(seat, colour * FOREST_MAX_NUMBER + k)

    def observe(self, seen: Seen, out: Vector) -> None:
        assert isinstance(seen, ForestSeen)
        place = self.place
        counts(out, self._hand, seen.hand, place)
        counts(out, self._played, seen.played, place)
        n, cards = self.players, self.cards
        leader = seen.leader
        for k, card in enumerate(seen.trick):
            out[self._trick + (leader + k) % n * cards + place[card]] = 1
        if seen.forest is not None:
            out[self._forest + place[seen.forest]] = 1
        counts(out, self._forests, seen.forests, place)
        out[self._stock] = seen.stock_left
        numbers(out, self._won, seen.won)
        numbers(out, self._totals, seen.totals)
        out[self._seat + seen.seat] = 1
        one_hot(out, self._first, seen.first)
        one_hot(out, self._leader, leader)
        out[self._round] = seen.deal
