"""Black Swan with the Dridge Taroc deck, a trick game: the game as one unit. Its rules
(:mod:`.rules`, whose docstring states them; docs/rules/black-swan-taroc.md gives them in
full), its rule options (:mod:`.options`), its presenter (:mod:`.presenter`: how a replay
shows it) and its statistics (:mod:`.stats`), what a seat sees (:mod:`.seen`), its bots
(:mod:`.bots`) and its encoding for learning agents (:mod:`.encoding`); this module gives
gamerec its spec, :data:`SPEC`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import GameSpec, Seats
from .rules import BlackSwanTaroc

if TYPE_CHECKING:
    from .encoding import BlackSwanTarocEncoding
    from .presenter import BlackSwanTarocView
    from .stats import BlackSwanTarocStatistics

__all__ = ["SPEC"]


def _presenter() -> type[BlackSwanTarocView]:
    from .presenter import BlackSwanTarocView

    return BlackSwanTarocView


def _statistics() -> type[BlackSwanTarocStatistics]:
    from .stats import BlackSwanTarocStatistics

    return BlackSwanTarocStatistics


def _seats() -> Seats:
    from .bots import SEATS

    return SEATS


def _encoding() -> type[BlackSwanTarocEncoding]:
    from .encoding import BlackSwanTarocEncoding

    return BlackSwanTarocEncoding


#: black_swan_taroc as gamerec knows it (gamerec.games finds it here)
SPEC = GameSpec(
    BlackSwanTaroc.state_class.game,
    presenter=_presenter,
    statistics=_statistics,
    seats=_seats,
    encoding=_encoding,
)
