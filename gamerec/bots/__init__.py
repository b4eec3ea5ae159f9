"""Bots play games: the seats of a game each played by a bot (:class:`gamerec.seen.Bot`:
one method, given what its seat sees and its legal actions), the one loop they play in
(:mod:`.seating`), simulated games from a seed (:mod:`.simulation`) and bots by name or as
``module:Class`` (:mod:`.loading`). docs/bots.md shows how to write one.

>>> from gamerec.bots import simulate
>>> [len(r.deals) for r in simulate("blackball", 3, games=2, seed=1)]
[13, 13]
"""

from __future__ import annotations

from ..errors import BotFault
from ..seen import Bot, Seen
from .loading import bot_maker, parse_bot_options, seat_bots
from .seating import MAX_ACTIONS, play_game
from .simulation import (
    MAX_RULE_NESTING,
    MAX_TARGET,
    bots_setting,
    default_bot,
    parse_rule_options,
    seats_of,
    simulate,
    simulate_record,
)

__all__ = [
    "MAX_ACTIONS",
    "MAX_RULE_NESTING",
    "MAX_TARGET",
    "Bot",
    "BotFault",
    "Seen",
    "bot_maker",
    "bots_setting",
    "default_bot",
    "parse_bot_options",
    "parse_rule_options",
    "play_game",
    "seat_bots",
    "seats_of",
    "simulate",
    "simulate_record",
]
