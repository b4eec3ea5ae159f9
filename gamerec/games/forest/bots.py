"""forest's bots (:class:`gamerec.seen.Bot`): each sees only its own seat's
:class:`~gamerec.games.forest.seen.ForestSeen`."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...record import Action, Play
from ...seen import RandomBot
from ..spec import Seats
from .rules import number_of, trick_winner
from .seen import ForestSeen, offered, seen

__all__ = ["SEATS", "SmartBot"]


class SmartBot:
    """Aims at exactly 4 tricks: tries to win while under 4, to lose once it has them."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        assert isinstance(seen, ForestSeen)
        plays = [a for a in legal if isinstance(a, Play)]
        want = seen.won[seen.seat] < 4
        trick = seen.trick
        if trick:
            forest = seen.forest
            n = len(trick)
            won = [trick_winner([*trick, a.card], forest) == n for a in plays]
            winning = [a for a, w in zip(plays, won, strict=True) if w]
            losing = [a for a, w in zip(plays, won, strict=True) if not w]
            if want and winning:
                return min(winning, key=lambda a: (number_of(a.card), a.card))
            if not want and losing:
                return max(losing, key=lambda a: (number_of(a.card), a.card))
        # leading (or no choice that suits): a middling card
        plays.sort(key=lambda a: (number_of(a.card), a.card))
        return plays[len(plays) // 2] if want else plays[0]


#: how bots play forest (the game's spec gives it)
SEATS = Seats(seen=seen, offered=offered, bots={"random": RandomBot, "smart": SmartBot})
