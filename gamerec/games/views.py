"""The registry of presenters, by game id: how each game is shown to people (see
:mod:`gamerec.games.view_base`). The rules never need it; replays, exports and recording do."""

from __future__ import annotations

from . import get_game
from .black_swan_2012.view import BlackSwan2012View
from .black_swan_taroc.view import BlackSwanTarocView
from .blackball.view import BlackballView
from .forest.view import ForestView
from .view_base import Presenter

__all__ = ["PRESENTERS", "Presenter", "presenter"]

#: Every game's presenter, by game id.
PRESENTERS: dict[str, Presenter] = {
    p.game.id: p
    for p in (
        BlackballView(get_game("blackball")),
        BlackSwan2012View(get_game("black-swan-2012")),
        BlackSwanTarocView(get_game("black-swan-taroc")),
        ForestView(get_game("forest")),
    )
}


def presenter(game_id: str) -> Presenter:
    """The presenter of ``game_id``; FormatError (``format.game``) for an unknown id."""
    return PRESENTERS[get_game(game_id).id]
