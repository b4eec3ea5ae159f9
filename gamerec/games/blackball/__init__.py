"""Blackball, an Oh Hell variant: the game as one unit. Its rules (:mod:`.rules`, whose
docstring states them; docs/rules/blackball.md gives them in full), its rule options
(:mod:`.options`), its presenter (:mod:`.presenter`: how a replay shows it) and its
statistics (:mod:`.stats`), what a seat sees (:mod:`.seen`), its bots (:mod:`.bots`) and
its encoding for learning agents (:mod:`.encoding`); this module gives gamerec its spec, :data:`SPEC`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import GameSpec, Seats
from .rules import Blackball

if TYPE_CHECKING:
    from .encoding import BlackballEncoding
    from .presenter import BlackballView
    from .stats import BlackballStatistics

__all__ = ["SPEC"]


def _presenter() -> type[BlackballView]:
    from .presenter import BlackballView

    return BlackballView


def _statistics() -> type[BlackballStatistics]:
    from .stats import BlackballStatistics

    return BlackballStatistics


def _seats() -> Seats:
    from .bots import SEATS

    return SEATS


def _encoding() -> type[BlackballEncoding]:
    from .encoding import BlackballEncoding

    return BlackballEncoding


#: blackball as gamerec knows it (gamerec.games finds it here)
SPEC = GameSpec(
    Blackball.state_class.game, presenter=_presenter, statistics=_statistics, seats=_seats, encoding=_encoding
)
