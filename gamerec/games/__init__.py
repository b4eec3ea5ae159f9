"""The registry of games, by game id. A game's module is imported when the game is first
used (``gamerec validate`` of a Forest record loads Forest alone): :data:`GAMES` knows the
ids without importing anything."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

import msgspec

from ..engine import Game
from ..errors import FormatError
from ..options import option_values, option_values_of_type

__all__ = ["GAMES", "game_info", "games_info", "get_game", "option_values"]

#: the ids of the games, in the order they are listed (a new game: its id here and a branch
#: in :func:`_load`)
_IDS = ("blackball", "black-swan-2012", "black-swan-taroc", "forest")


def _load(game_id: str) -> Game[Any]:
    """The game of ``game_id`` (one of :data:`_IDS`), its module imported now. Explicit
    imports, one per game: no dynamic import (tests/output/test_safety.py)."""
    if game_id == "blackball":
        from .blackball.rules import Blackball

        return Blackball.state_class.game
    if game_id == "black-swan-2012":
        from .black_swan_2012.rules import BlackSwan2012

        return BlackSwan2012.state_class.game
    if game_id == "black-swan-taroc":
        from .black_swan_taroc.rules import BlackSwanTaroc

        return BlackSwanTaroc.state_class.game
    assert game_id == "forest", game_id
    from .forest.rules import Forest

    return Forest.state_class.game


class _Registry(Mapping[str, Game[Any]]):
    """The games by id, each loaded on first use (``GAMES[id]``, ``.values()``, ``.items()``);
    the ids (``in``, ``len``, iteration) cost nothing."""

    def __init__(self) -> None:
        self._loaded: dict[str, Game[Any]] = {}

    def __getitem__(self, game_id: object) -> Game[Any]:
        # any key, as a dict takes (``GAMES[v.game]`` after ``v.game in GAMES``); KeyError
        # for one that is not an id
        if not isinstance(game_id, str) or game_id not in _IDS:
            raise KeyError(game_id)
        game = self._loaded.get(game_id)
        if game is None:
            game = self._loaded[game_id] = _load(game_id)
        return game

    def __contains__(self, game_id: object) -> bool:
        return game_id in _IDS

    def __iter__(self) -> Iterator[str]:
        return iter(_IDS)

    def __len__(self) -> int:
        return len(_IDS)

    def __repr__(self) -> str:
        return f"<games: {', '.join(_IDS)}>"


#: Every game gamerec knows, by id (a read-only mapping; a game's module is imported when
#: the game is first looked up).
GAMES: _Registry = _Registry()


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
