"""black-swan-2012's bots (:class:`gamerec.seen.Bot`): each sees only its own seat's
:class:`~gamerec.games.black_swan_2012.seen.BlackSwan2012Seen`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...cards import SWAN
from ...record import Action, Cards, Declare
from ..spec import Seats
from .combinations import TABLE
from .plays import choose_play, playable
from .rules import card_points
from .seen import BlackSwan2012Seen, offered, seen

__all__ = ["SEATS", "RandomBot", "SmartBot"]

_POINTS = [card_points(c) for c in range(54)]


def _counts(hand: Sequence[int]) -> list[int]:
    counts = [0] * 54
    for c in hand:
        counts[c] += 1
    return counts


class RandomBot:
    """Any legal action, uniformly (as ``rng.choice(legal)`` chooses: CPython's
    ``choice(seq)`` is ``seq[rng._randbelow(len(seq))]``, called here with the same length,
    so the same random numbers), counting the plays and making only the one chosen
    (``tests/games/test_bs2012_playable_fast.py`` holds the two together)."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(seen, BlackSwan2012Seen)
        seat = seen.seat
        rules = seen.rules
        below = rng._randbelow  # type: ignore[attr-defined]
        room = TABLE - len(seen.table)
        declare = 1 if seen.can_declare else 0
        play = choose_play(_counts(seen.hand), room, rules.min_run, rules.joker_triple, below, declare)
        if isinstance(play, int):
            return Declare(seat)
        return Cards(seat, list(play))


def _next_holder(held: Sequence[int], seat: int) -> int:
    """The next seat clockwise after ``seat`` holding cards (``seat`` itself when it alone
    still holds cards)."""
    n = len(held)
    for k in range(1, n + 1):
        s = (seat + k) % n
        if held[s]:
            return s
    return seat


class SmartBot:
    """Sheds long combinations; captures tables worth points to its side, avoids capturing
    negative ones and leaving an easy capture worth points to the next player when that
    player is an opponent."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(seen, BlackSwan2012Seen)
        seat = seen.seat
        rules = seen.rules
        on_table = len(seen.table)
        plays = playable(_counts(seen.hand), TABLE - on_table, rules.min_run, rules.joker_triple)
        table_points = sum(map(_POINTS.__getitem__, seen.table))
        side_of = seen.side_of
        opponent_next = side_of[_next_holder(seen.held, seat)] != side_of[seat]
        # each play's value (the same float operations, in the same order, as ever), plus a
        # random number, drawn for every play in the list's order; the first best wins
        random = rng.random
        best: tuple[int, ...] = ()
        best_value = -1e300
        for cards in plays:
            size = len(cards)
            pts = table_points + (_POINTS[cards[0]] if size == 1 else sum(map(_POINTS.__getitem__, cards)))
            total = on_table + size
            v = size * 3.0
            if total == TABLE:
                v += pts
            elif opponent_next:
                v -= (pts if pts > 0 else 0) * 0.5
            else:
                v += (pts if pts < 0 else 0) * 0.2
            if total < TABLE and opponent_next and cards[0] == SWAN:
                v += 60
            v = v + random() * 0.01
            if v > best_value:
                best = cards
                best_value = v
        return Cards(seat, list(best))


#: how bots play black-swan-2012 (the game's spec gives it)
SEATS = Seats(seen=seen, offered=offered, bots={"random": RandomBot, "smart": SmartBot})
