"""black_swan_taroc: its rules (:mod:`.rules`) and its presenter (:mod:`.view`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import GameSpec
from .rules import BlackSwanTaroc

if TYPE_CHECKING:
    from .stats import BlackSwanTarocStatistics
    from .view import BlackSwanTarocView

__all__ = ["SPEC"]


def _presenter() -> type[BlackSwanTarocView]:
    from .view import BlackSwanTarocView

    return BlackSwanTarocView


def _statistics() -> type[BlackSwanTarocStatistics]:
    from .stats import BlackSwanTarocStatistics

    return BlackSwanTarocStatistics


#: black_swan_taroc as gamerec knows it (gamerec.games finds it here)
SPEC = GameSpec(BlackSwanTaroc.state_class.game, presenter=_presenter, statistics=_statistics)
