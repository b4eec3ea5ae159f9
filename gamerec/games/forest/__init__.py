"""forest: its rules (:mod:`.rules`) and its presenter (:mod:`.view`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import GameSpec
from .rules import Forest

if TYPE_CHECKING:
    from .stats import ForestStatistics
    from .view import ForestView

__all__ = ["SPEC"]


def _presenter() -> type[ForestView]:
    from .view import ForestView

    return ForestView


def _statistics() -> type[ForestStatistics]:
    from .stats import ForestStatistics

    return ForestStatistics


#: forest as gamerec knows it (gamerec.games finds it here)
SPEC = GameSpec(Forest.state_class.game, presenter=_presenter, statistics=_statistics)
