"""black-swan-taroc's bots (:class:`gamerec.seen.Bot`): each sees only its own seat's
:class:`~gamerec.games.black_swan_taroc.seen.BlackSwanTarocSeen`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...record import Action, Pass, Play, Pledge
from ...seen import RandomBot
from ..spec import Seats
from .rules import ORDER, SWAN
from .seen import BlackSwanTarocSeen, offered, seen

__all__ = ["SEATS", "SmartBot"]


class SmartBot:
    """Passes the Swan down when it would be stuck in hand at the end; dumps pledges when
    void; leads and follows low; takes a trick only when it must."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(seen, BlackSwanTarocSeen)
        seat = seen.seat
        if seen.leading:
            # the penalty looms once the pile is nearly gone: pass the Swan on (not always, or
            # two such bots would pass it back and forth for ever)
            if (
                SWAN in seen.hand
                and seen.sizes[seat] > 1
                and seen.pile_left < 2 * len(seen.players)
                and rng.random() < 0.5
            ):
                return Pass(seat, SWAN)
            if rng.random() < 0.15:
                passes = [a for a in legal if isinstance(a, Pass)]
                return max(passes, key=lambda a: (ORDER[a.card], a.card))
            leads = [a for a in legal if isinstance(a, Play)]
            return min(leads, key=lambda a: (ORDER[a.card], a.card))
        pledges = [a for a in legal if isinstance(a, Pledge)]
        plays = [a for a in legal if isinstance(a, Play)]
        if pledges and (not plays or rng.random() < 0.5):
            return min(pledges, key=lambda a: a.pledge)
        return min(plays, key=lambda a: (ORDER[a.card], a.card))


#: how bots play black-swan-taroc (the game's spec gives it)
SEATS = Seats(seen=seen, offered=offered, bots={"random": RandomBot, "smart": SmartBot})
