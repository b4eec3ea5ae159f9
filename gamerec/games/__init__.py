"""The registry of games, by game id. Each game is a package whose ``SPEC`` is a
:class:`~gamerec.games.spec.GameSpec` (its rules, presenter and statistics). The games gamerec
ships are listed here; a club's own game is found through the entry-point group
``gamerec.games`` of the package that installs it (docs/games.md), or given in Python with
:func:`register`. A game's package is imported when the game is first used (``gamerec
validate`` of a Forest record loads Forest alone): :data:`GAMES` knows the shipped ids
without importing anything, and looks for installed games only when asked for an id it does
not know, or for every game."""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from typing import Any

import msgspec

from ..engine import Game
from ..errors import RULES, FormatError, GamerecError
from ..options import option_values, option_values_of_type
from .spec import GameSpec

__all__ = [
    "ENTRY_POINTS",
    "GAMES",
    "GameSpec",
    "game_info",
    "games_info",
    "get_game",
    "get_spec",
    "option_values",
    "playable",
    "register",
    "rule_ids",
    "unplayable",
]

#: the entry-point group through which an installed package adds a game: each entry point is
#: named by the game's id and points at its spec (``mygame = "mygame:SPEC"``)
ENTRY_POINTS = "gamerec.games"

#: the games gamerec ships, in the order they are listed: where each one's spec is, as an
#: entry point would say it (a new game of gamerec's own: its package, and a line here)
_SHIPPED: dict[str, str] = {
    "blackball": "gamerec.games.blackball:SPEC",
    "black-swan-2012": "gamerec.games.black_swan_2012:SPEC",
    "black-swan-taroc": "gamerec.games.black_swan_taroc:SPEC",
    "forest": "gamerec.games.forest:SPEC",
}


def _spec_at(game_id: str, where: str) -> GameSpec:
    """The spec ``where`` (``module:attribute``) names, checked to be the one of ``game_id``."""
    module, _, attribute = where.partition(":")
    try:
        spec = getattr(importlib.import_module(module), attribute or "SPEC")
    except Exception as e:  # (a game's package that does not load: say which, and why)
        raise _broken(f"game {game_id!r} ({where}) cannot be loaded: {type(e).__name__}: {e}") from e
    return _checked(game_id, where, spec)


def _broken(message: str) -> FormatError:
    """A game that is installed but cannot be played: its records are unreadable with this
    message (``format.game``), one by one, as those of a game gamerec does not know."""
    return FormatError(message, "format.game")


def _checked(game_id: str, where: str, spec: object) -> GameSpec:
    if not isinstance(spec, GameSpec):
        raise _broken(
            f"game {game_id!r} ({where}) is not a game: a gamerec.games.GameSpec, not {type(spec).__name__}"
        )
    if spec.game.id != game_id:
        raise _broken(f"game {game_id!r} ({where}) is the spec of another game, {spec.game.id!r}")
    return spec


class _Registry(Mapping[str, Game[Any]]):
    """The games by id, each loaded on first use (``GAMES[id]``, ``.values()``, ``.items()``);
    the shipped ids (``in``, iteration) cost nothing until an installed game is asked for."""

    def __init__(self) -> None:
        self._where: dict[str, str] = dict(_SHIPPED)
        self._specs: dict[str, GameSpec] = {}
        self._installed_found = False
        #: the ids several installed packages give, with what to say of them
        self._conflicts: dict[str, str] = {}

    def _find_installed(self) -> None:
        """Add the games that installed packages name in the entry-point group (once; an id
        gamerec knows already keeps its game)."""
        if self._installed_found:
            return
        self._installed_found = True
        from importlib.metadata import entry_points

        claims: dict[str, list[str]] = {}
        for ep in entry_points(group=ENTRY_POINTS):
            if ep.name not in self._where and ep.value not in claims.setdefault(ep.name, []):
                claims[ep.name].append(ep.value)
        for name in sorted(claims):
            places = sorted(claims[name])
            if len(places) > 1:  # (two packages, one id: neither is chosen behind the user's back)
                self._conflicts[name] = (
                    f"game {name!r} is given by {len(places)} installed packages ({', '.join(places)}): "
                    "uninstall all but one"
                )
            self._where[name] = places[0]

    def spec(self, game_id: object) -> GameSpec:
        """The spec of ``game_id``; KeyError for an id that is no game's."""
        if not isinstance(game_id, str):
            raise KeyError(game_id)
        spec = self._specs.get(game_id)
        if spec is None:
            if game_id not in self._where:
                self._find_installed()
            if game_id in self._conflicts:
                raise _broken(self._conflicts[game_id])
            where = self._where.get(game_id)
            if where is None:
                raise KeyError(game_id)
            spec = self._specs[game_id] = _spec_at(game_id, where)
        return spec

    def add(self, spec: GameSpec) -> None:
        if not isinstance(spec, GameSpec):
            raise TypeError(f"register takes a gamerec.games.GameSpec, not {type(spec).__name__}")
        game_id = spec.game.id
        if game_id in self and self._specs.get(game_id) is not spec:
            raise GamerecError(f"a game {game_id!r} is known already: a game needs an id of its own")
        self._where[game_id] = f"{type(spec.game).__module__}:(registered)"
        self._specs[game_id] = spec

    def __getitem__(self, game_id: object) -> Game[Any]:
        # any key, as a dict takes (``GAMES[v.game]`` after ``v.game in GAMES``); KeyError
        # for one that is not an id
        return self.spec(game_id).game

    def __contains__(self, game_id: object) -> bool:
        if not isinstance(game_id, str):
            return False
        if game_id not in self._where:
            self._find_installed()
        return game_id in self._where

    def __iter__(self) -> Iterator[str]:
        self._find_installed()
        return iter(list(self._where))

    def __len__(self) -> int:
        self._find_installed()
        return len(self._where)

    def __repr__(self) -> str:
        return f"<games: {', '.join(self)}>"


#: Every game gamerec knows, by id (a read-only mapping; a game's package is imported when
#: the game is first looked up).
GAMES: _Registry = _Registry()


def register(spec: GameSpec) -> None:
    """Add a game, given as its spec, for the rest of this process (as an entry point of the
    group :data:`ENTRY_POINTS` adds it for good); GamerecError when its id is taken."""
    GAMES.add(spec)


def get_spec(game_id: str) -> GameSpec:
    """The spec of ``game_id``; FormatError (``format.game``) for an unknown id."""
    try:
        return GAMES.spec(game_id)
    except (KeyError, TypeError):
        known = ", ".join(sorted(GAMES))
        raise FormatError(f"unknown game {game_id!r} (known: {known})", "format.game") from None


def get_game(game_id: str) -> Game[Any]:
    """The game of ``game_id``; FormatError (``format.game``) for an unknown id."""
    return get_spec(game_id).game


def rule_ids() -> dict[str, str]:
    """Every rule id a verdict may carry, with what it means: the rules every game shares
    (:data:`gamerec.errors.RULES`) and each game's own (:attr:`gamerec.engine.Game.rule_ids`)."""
    ids = dict(RULES)
    for game_id in playable():  # (an installed game that does not load has none to give)
        ids.update(GAMES[game_id].rule_ids)
    return ids


def playable() -> list[str]:
    """The ids of the games that load, sorted (an installed game that does not is left out:
    :func:`unplayable` says why)."""
    broken = {game_id for game_id, _ in unplayable()}
    return sorted(g for g in GAMES if g not in broken)


def unplayable() -> list[tuple[str, str]]:
    """The installed games that cannot be loaded, each with why: ``gamerec games`` lists
    them after the others."""
    out = []
    for game_id in GAMES:
        try:
            get_spec(game_id)
        except FormatError as e:
            out.append((game_id, e.message))
    return out


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
        "bots": _bot_names(game.id),
        "options": options,
    }


def _bot_names(game_id: str) -> list[str]:
    """The names of the bots gamerec ships for a game (none when no bot plays it)."""
    seats = get_spec(game_id).seats()
    return [] if seats is None else list(seats.bots)


def games_info() -> list[dict[str, Any]]:
    """:func:`game_info` of every game that loads, by id (:func:`unplayable`: the others)."""
    return [game_info(GAMES[g]) for g in playable()]
