"""blackball for learning agents (:class:`~gamerec.games.encoding.Encoding`): the actions
as numbers, what a seat sees as a vector (docs/env.md has the table)."""

from __future__ import annotations

from typing import Any

from ...record import Action, Bid, Play
from ...seen import Seen
from ..encoding import INF, Encoding, Layout, Vector, check_index, counts, numbers, one_hot
from .rules import SCHEDULES
from .seen import BlackballSeen

__all__ = ["BlackballEncoding"]

_CARDS = 52


class BlackballEncoding(Encoding):
    """Actions: ``bid T`` is T (0 .. the largest hand size), ``play C`` is the bids' count
    + C (C the card's number, ``suit * 13 + rank``). Observation (``n`` players; seats by
    number, not relative to the seat that sees): the blocks below."""

    def __init__(self, rules: Any, players: int) -> None:
        super().__init__(rules, players)
        n = players
        self.bids = max(SCHEDULES[rules.schedule]) + 1
        self.actions = self.bids + _CARDS
        top = float(max(SCHEDULES[rules.schedule]))
        layout = Layout()
        self._hand = layout.add("hand", _CARDS, 0, 1, "the seat's cards (1: held), by card number")
        self._played = layout.add("played", _CARDS, 0, 1, "every card played this round")
        self._trick = layout.add(
            "trick", n * _CARDS, 0, 1, "the trick on the table: seat s's card at s * 52 + card"
        )
        self._upcard = layout.add("upcard", _CARDS, 0, 1, "the card turned up (none in a no-trump round)")
        self._trump = layout.add("trump", 5, 0, 1, "the trump suit: clubs, diamonds, hearts, spades, none")
        self._bids = layout.add("bids", n, -1, top, "each seat's bid (-1: not yet)")
        self._won = layout.add("won", n, 0, top, "each seat's tricks this round")
        self._totals = layout.add("totals", n, 0, INF, "each seat's total before this round")
        self._seat = layout.add("seat", n, 0, 1, "the seat that sees (one-hot)")
        self._dealer = layout.add("dealer", n, 0, 1, "this round's dealer (one-hot)")
        self._leader = layout.add("leader", n, 0, 1, "the seat that leads the trick (one-hot)")
        self._size = layout.add("size", 1, 0, top, "this round's hand size")
        self._round = layout.add("round", 1, 0, len(SCHEDULES[rules.schedule]), "the round, from 0")
        self._bidding = layout.add("bidding", 1, 0, 1, "1 while the seats bid, 0 once they play")
        self.blocks = tuple(layout.blocks)

    def index(self, action: Action) -> int:
        if type(action) is Bid and 0 <= action.tricks < self.bids:
            return action.tricks
        if type(action) is Play and 0 <= action.card < _CARDS:
            return self.bids + action.card
        raise ValueError(f"blackball numbers no action {action!r}")

    def action(self, seat: int, index: int) -> Action:
        index = check_index(index, self.actions)
        if index < self.bids:
            return Bid(seat, index)
        return Play(seat, index - self.bids)

    def observe(self, seen: Seen, out: Vector) -> None:
        assert isinstance(seen, BlackballSeen)
        counts(out, self._hand, seen.hand)
        counts(out, self._played, seen.played)
        n = self.players
        leader = seen.leader
        for k, card in enumerate(seen.trick):
            out[self._trick + (leader + k) % n * _CARDS + card] = 1
        one_hot(out, self._upcard, seen.upcard)
        out[self._trump + (seen.trump if seen.trump >= 0 else 4)] = 1
        numbers(out, self._bids, seen.bids)
        numbers(out, self._won, seen.won)
        numbers(out, self._totals, seen.totals)
        out[self._seat + seen.seat] = 1
        out[self._dealer + seen.dealer] = 1
        one_hot(out, self._leader, leader)
        out[self._size] = seen.size
        out[self._round] = seen.deal
        out[self._bidding] = 1 if seen.bidding else 0
