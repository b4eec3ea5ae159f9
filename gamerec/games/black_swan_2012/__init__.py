"""Black Swan (2012), a shedding game: the game as one unit. Its rules (:mod:`.rules`, whose
docstring states them; docs/rules/black-swan-2012.md gives them in full), its rule options
(:mod:`.options`), its presenter (:mod:`.presenter`: how a replay shows it) and its
statistics (:mod:`.stats`), what a seat sees (:mod:`.seen`), its bots (:mod:`.bots`) and its
encoding for learning agents (:mod:`.encoding`); this module gives gamerec its spec,
:data:`SPEC`. Its plays' combinations (:mod:`.combinations`), every play a hand can make
(:mod:`.plays`, from the suits' tables of :mod:`.suits`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..spec import GameSpec, Seats
from .rules import BlackSwan2012

if TYPE_CHECKING:
    from .encoding import BlackSwan2012Encoding
    from .presenter import BlackSwan2012View
    from .stats import BlackSwan2012Statistics

__all__ = ["SPEC"]


def _presenter() -> type[BlackSwan2012View]:
    from .presenter import BlackSwan2012View

    return BlackSwan2012View


def _statistics() -> type[BlackSwan2012Statistics]:
    from .stats import BlackSwan2012Statistics

    return BlackSwan2012Statistics


def _seats() -> Seats:
    from .bots import SEATS

    return SEATS


def _encoding() -> type[BlackSwan2012Encoding]:
    from .encoding import BlackSwan2012Encoding

    return BlackSwan2012Encoding


#: black_swan_2012 as gamerec knows it (gamerec.games finds it here)
SPEC = GameSpec(
    BlackSwan2012.state_class.game,
    presenter=_presenter,
    statistics=_statistics,
    seats=_seats,
    encoding=_encoding,
)
