"""The registry of games, by game id."""

from __future__ import annotations

from typing import Any

import msgspec

from ..engine import Game
from ..errors import FormatError
from ..options import option_values, option_values_of_type
from .black_swan_2012 import BlackSwan2012
from .black_swan_taroc import BlackSwanTaroc
from .blackball import Blackball
from .forest import Forest

__all__ = ["GAMES", "game_info", "games_info", "get_game", "option_values"]

#: Every game gamerec knows, by id.
GAMES: dict[str, Game[Any]] = {
    g.id: g
    for g in (
        Blackball.state_class.game,
        BlackSwan2012.state_class.game,
        BlackSwanTaroc.state_class.game,
        Forest.state_class.game,
    )
}


def get_game(game_id: str) -> Game[Any]:
    """The game of ``game_id``; FormatError (``format.game``) for an unknown id."""
    try:
        return GAMES[game_id]
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise FormatError(f"unknown game {game_id!r} (known: {known})", "format.game") from None


def game_info(game: Game[Any]) -> dict[str, Any]:
    """What ``gamerec games`` shows of a game: players, actions, bots and rule options."""
    options = []
    info = msgspec.inspect.type_info(game.Rules)
    assert isinstance(info, msgspec.inspect.StructType)
    for f in info.fields:
        t = f.type
        description = ""
        if isinstance(t, msgspec.inspect.Metadata):
            description = (t.extra_json_schema or {}).get("description", "")
            t = t.type
        options.append(
            {
                "name": f.name,
                "default": msgspec.to_builtins(
                    f.default if f.default_factory is msgspec.NODEFAULT else f.default_factory()
                ),
                "values": option_values_of_type(t),
                "description": description,
            }
        )
    return {
        "id": game.id,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "actions": [a.kind for a in game.actions],
        "bots": list(game.bots),
        "options": options,
    }


def games_info() -> list[dict[str, Any]]:
    """:func:`game_info` of every game, by id."""
    return [game_info(GAMES[g]) for g in sorted(GAMES)]
