"""black_swan_2012: its rules (:mod:`.rules`) and its presenter (:mod:`.view`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import GameSpec
from .rules import BlackSwan2012

if TYPE_CHECKING:
    from .stats import BlackSwan2012Statistics
    from .view import BlackSwan2012View

__all__ = ["SPEC"]


def _presenter() -> type[BlackSwan2012View]:
    from .view import BlackSwan2012View

    return BlackSwan2012View


def _statistics() -> type[BlackSwan2012Statistics]:
    from .stats import BlackSwan2012Statistics

    return BlackSwan2012Statistics


#: black_swan_2012 as gamerec knows it (gamerec.games finds it here)
SPEC = GameSpec(BlackSwan2012.state_class.game, presenter=_presenter, statistics=_statistics)
