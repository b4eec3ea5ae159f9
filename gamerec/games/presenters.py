"""The presenters, by game id: how each game is shown to people (see
:mod:`gamerec.games.presenting`), asked of the game's spec. The rules never need them;
replays, exports and recording do."""

from __future__ import annotations

from . import get_spec
from .presenting import Presenter

__all__ = ["Presenter", "presenter"]


def presenter(game_id: str) -> Presenter:
    """The presenter of ``game_id``; FormatError (``format.game``) for an unknown id."""
    return get_spec(game_id).presenter()
