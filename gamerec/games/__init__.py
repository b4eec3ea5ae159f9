"""The registry of games, by game id."""

from __future__ import annotations

from typing import Any

from ..engine import Game
from ..errors import FormatError
from .blackball import Blackball

__all__ = ["GAMES", "get_game"]

#: Every game gamerec knows, by id.
GAMES: dict[str, Game[Any]] = {g.id: g for g in (Blackball.state_class.game,)}


def get_game(game_id: str) -> Game[Any]:
    """The game of ``game_id``; FormatError (``format.game``) for an unknown id."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise FormatError(f"unknown game {game_id!r} (known: {known})", "format.game") from None
