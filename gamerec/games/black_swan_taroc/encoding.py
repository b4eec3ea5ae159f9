"""black-swan-taroc for learning agents (:class:`~gamerec.games.encoding.Encoding`): the
actions as numbers, what a seat sees as a vector (docs/env.md has the table)."""

from __future__ import annotations

from typing import Any

from ...cards import TAROC
from ...record import Action, Pass, Play, Pledge
from ...seen import Seen
from ..encoding import INF, Encoding, Layout, Vector, check_index, counts, numbers, one_hot
from .rules import BANK
from .seen import BlackSwanTarocSeen

__all__ = ["BlackSwanTarocEncoding"]

_CARDS = len(TAROC.codes)
_PLEDGES = len(BANK)


class BlackSwanTarocEncoding(Encoding):
    """Actions: ``pass C`` is C (the card's number, 0 .. 120), ``play C`` is 121 + C,
    ``pledge K`` is 242 + K (0 feather, 1 stone, 2 pearl). Observation (``n`` players;
    seats by number): the blocks below."""

    def __init__(self, rules: Any, players: int) -> None:
        super().__init__(rules, players)
        n = players
        self.actions = 2 * _CARDS + _PLEDGES
        most = float(sum(BANK))
        layout = Layout()
        self._hand = layout.add("hand", _CARDS, 0, 1, "the seat's cards (1: held), by card number")
        self._played = layout.add("played", _CARDS, 0, 1, "every card played to a trick this game")
        self._trick = layout.add(
            "trick", n * _CARDS, 0, 1, "the trick on the table: seat s's card at s * 121 + card"
        )
        self._trick_pledges = layout.add(
            "trick_pledges", n * _PLEDGES, 0, 1, "the trick's pledges: seat s's at s * 3 + pledge"
        )
        self._led = layout.add("led_suit", 13, 0, 1, "the suit led (one-hot; 12: the Swan; none yet: 0)")
        self._leading = layout.add("leading", 1, 0, 1, "1 when the seat to move leads or passes down")
        self._sizes = layout.add("sizes", n, 0, _CARDS, "how many cards each seat holds")
        self._pledges = layout.add("pledges", n * _PLEDGES, 0, most, "each seat's feathers, stones, pearls")
        self._bank = layout.add("bank", _PLEDGES, 0, most, "the feathers, stones and pearls in the bank")
        self._captured = layout.add(
            "captured", n * _CARDS, 0, 1, "the cards each seat captured: seat s's at s * 121 + card"
        )
        self._points = layout.add("points", n, 0, INF, "each seat's captured points, pledges included")
        self._pile = layout.add("pile_left", 1, 0, _CARDS, "the cards left in the draw pile")
        self._tricks = layout.add("tricks", 1, 0, INF, "tricks played this game")
        self._captor = layout.add("swan_captor", n, 0, 1, "who captured the Black Swan (one-hot; none: 0)")
        self._totals = layout.add("totals", n, 0, INF, "each seat's total before this game")
        self._seat = layout.add("seat", n, 0, 1, "the seat that sees (one-hot)")
        self._dealer = layout.add("dealer", n, 0, 1, "the dealer (one-hot)")
        self._leader = layout.add("leader", n, 0, 1, "the seat to lead or pass down (one-hot)")
        self.blocks = tuple(layout.blocks)

    def index(self, action: Action) -> int:
        if type(action) is Pass and 0 <= action.card < _CARDS:
            return action.card
        if type(action) is Play and 0 <= action.card < _CARDS:
            return _CARDS + action.card
        if type(action) is Pledge and 0 <= action.pledge < _PLEDGES:
            return 2 * _CARDS + action.pledge
        raise ValueError(f"black-swan-taroc numbers no action {action!r}")

    def action(self, seat: int, index: int) -> Action:
        index = check_index(index, self.actions)
        if index < _CARDS:
            return Pass(seat, index)
        if index < 2 * _CARDS:
            return Play(seat, index - _CARDS)
        return Pledge(seat, index - 2 * _CARDS)

    def observe(self, seen: Seen, out: Vector) -> None:
        assert isinstance(seen, BlackSwanTarocSeen)
        counts(out, self._hand, seen.hand)
        counts(out, self._played, seen.played)
        for seat, card, pledge in seen.trick:
            if card >= 0:
                out[self._trick + seat * _CARDS + card] = 1
            if pledge >= 0:
                out[self._trick_pledges + seat * _PLEDGES + pledge] = 1
        one_hot(out, self._led, seen.led_suit)
        out[self._leading] = 1 if seen.leading else 0
        numbers(out, self._sizes, seen.sizes)
        for s, held in enumerate(seen.pledges):
            numbers(out, self._pledges + s * _PLEDGES, held)
        numbers(out, self._bank, seen.bank)
        for s, cards in enumerate(seen.captured):
            counts(out, self._captured + s * _CARDS, cards)
        numbers(out, self._points, seen.points)
        out[self._pile] = seen.pile_left
        out[self._tricks] = seen.tricks
        one_hot(out, self._captor, seen.swan_captor)
        numbers(out, self._totals, seen.totals)
        out[self._seat + seen.seat] = 1
        out[self._dealer + seen.dealer] = 1
        out[self._leader + seen.leader] = 1
