"""blackball: its rules (:mod:`.rules`) and its presenter (:mod:`.view`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import GameSpec
from .rules import Blackball

if TYPE_CHECKING:
    from .stats import BlackballStatistics
    from .view import BlackballView

__all__ = ["SPEC"]


def _presenter() -> type[BlackballView]:
    from .view import BlackballView

    return BlackballView


def _statistics() -> type[BlackballStatistics]:
    from .stats import BlackballStatistics

    return BlackballStatistics


#: blackball as gamerec knows it (gamerec.games finds it here)
SPEC = GameSpec(Blackball.state_class.game, presenter=_presenter, statistics=_statistics)
