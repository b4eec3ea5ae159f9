"""Forest, a trick game with the forest card: the game as one unit. Its rules (:mod:`.rules`,
whose docstring states them; docs/rules/forest.md gives them in full), its rule options
(:mod:`.options`), its presenter (:mod:`.presenter`: how a replay shows it) and its
statistics (:mod:`.stats`), what a seat sees (:mod:`.seen`), its bots (:mod:`.bots`) and its
encoding for learning agents (:mod:`.encoding`); this module gives gamerec its spec,
:data:`SPEC`. Its deck (:mod:`.deck`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import GameSpec, Seats
from .rules import Forest

if TYPE_CHECKING:
    from .encoding import ForestEncoding
    from .presenter import ForestView
    from .stats import ForestStatistics

__all__ = ["SPEC"]


def _presenter() -> type[ForestView]:
    from .presenter import ForestView

    return ForestView


def _statistics() -> type[ForestStatistics]:
    from .stats import ForestStatistics

    return ForestStatistics


def _seats() -> Seats:
    from .bots import SEATS

    return SEATS


def _encoding() -> type[ForestEncoding]:
    from .encoding import ForestEncoding

    return ForestEncoding


#: forest as gamerec knows it (gamerec.games finds it here)
SPEC = GameSpec(
    Forest.state_class.game, presenter=_presenter, statistics=_statistics, seats=_seats, encoding=_encoding
)
