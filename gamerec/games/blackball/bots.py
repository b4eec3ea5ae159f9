"""blackball's bots (:class:`gamerec.seen.Bot`): each sees only its own seat's
:class:`~gamerec.games.blackball.seen.BlackballSeen`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...record import Action, Bid, Play
from ...seen import RandomBot
from ..spec import Seats
from .seen import BlackballSeen, offered, seen

__all__ = ["SEATS", "SmartBot", "smart_bid"]


def smart_bid(seen: BlackballSeen) -> int:
    """What a hand is worth: half a trick and more for each trump, most of one for an ace or
    king outside trumps, scaled to the number of players."""
    trump = seen.trump
    estimate = 0.0
    for c in seen.hand:
        rank, suit = c % 13, c // 13
        if suit == trump:
            estimate += 0.5 + rank / 16
        elif rank >= 11:
            estimate += 0.8 if rank == 12 else 0.45
    n = len(seen.players)
    return max(0, min(seen.size, round(estimate * 4 / max(n, 2) * 0.9)))


class SmartBot:
    """Bids what its high cards and trumps are worth; then plays to make the bid: wins
    tricks while it needs them, ducks (plays low) once it has enough."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(seen, BlackballSeen)
        if seen.bidding:
            want = smart_bid(seen)
            choices = [a for a in legal if isinstance(a, Bid)]
            return min(choices, key=lambda a: (abs(a.tricks - want), a.tricks))
        plays = [a for a in legal if isinstance(a, Play)]
        trump = seen.trump
        led = seen.trick[0] // 13 if seen.trick else -1

        def strength(c: int) -> int:
            s = c // 13
            return (c % 13) + (100 if s == trump else 50 if (s == led or led < 0) else 0)

        need = (seen.bids[seen.seat] or 0) - seen.won[seen.seat]
        if need > 0:
            return max(plays, key=lambda a: (strength(a.card), -a.card))
        return min(plays, key=lambda a: (strength(a.card), a.card))


#: how bots play blackball (the game's spec gives it)
SEATS = Seats(seen=seen, offered=offered, bots={"random": RandomBot, "smart": SmartBot})
