"""Simulated games: bots play legal games from an explicit seed.

The same arguments give the same records, byte for byte: all randomness comes from one
``random.Random(seed)``, and nothing depends on time or the machine. The seed and the
settings are written as the records' provenance.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import msgspec

from ..engine import Game, check_names
from ..errors import GamerecError, Illegal, InputError
from ..format.jsonform import nesting_over
from ..games import get_game, get_spec
from ..games.spec import Seats
from ..record import Meta, Provenance, Record
from ..version import __version__
from .loading import BotMaker, bot_maker, seat_bots
from .seating import MAX_ACTIONS, play_game

__all__ = [
    "MAX_RULE_NESTING",
    "MAX_TARGET",
    "bot_rules",
    "bots_setting",
    "default_bot",
    "parse_rule_options",
    "seats_of",
    "simulate",
    "simulate_record",
]

#: The most points a simulated game is played to (option ``target`` of black-swan-2012):
#: bots score some 30 points a deal, so a game to 10 000 takes some 350 deals and 10 000
#: actions, well inside :data:`MAX_ACTIONS`; a record may name up to ``POINTS_LIMIT``.
MAX_TARGET = 10_000
#: How deep a ``--rule`` value may nest arrays and objects (no option needs more than 2).
MAX_RULE_NESTING = 16


def parse_rule_options(game_id: str, pairs: Sequence[str], players: int) -> dict[str, Any]:
    """``KEY=VALUE`` strings as a checked rules block (values read as JSON, else text)."""
    game = get_game(game_id)
    raw: dict[str, Any] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise InputError(f"--rule {pair!r}: expected KEY=VALUE")
        if nesting_over(value.encode(errors="replace"), MAX_RULE_NESTING + 1) >= 0:
            raise InputError(
                f"--rule {key.strip()}: the value nests arrays or objects more than {MAX_RULE_NESTING} deep"
            )
        try:
            raw[key.strip()] = msgspec.json.decode(value)
        except msgspec.DecodeError:
            raw[key.strip()] = value
    try:
        return game.filled_rules(raw, players)
    except Exception as e:  # Illegal: an unknown option or a value out of range
        raise InputError(f"--rule: {getattr(e, 'reason', e)}") from None


def default_bot(seats: Seats) -> str:
    """The bot simulate plays when none is named: ``smart`` when the game has one, else the
    first of its bots (a game may have a random bot only)."""
    return "smart" if "smart" in seats.bots else next(iter(seats.bots))


def seats_of(game_id: str) -> Seats:
    """How bots play ``game_id``; InputError when no bot plays it."""
    seats = get_spec(game_id).seats()
    if seats is None:
        raise InputError(f"{game_id} has no bots: its spec gives no seats (docs/games.md)")
    return seats


def simulate_record(
    game_id: str,
    players: Sequence[str],
    rules: Mapping[str, Any],
    rng: random.Random,
    bots: Sequence[str],
) -> Record:
    """One complete game played by ``bots`` (one of the game's bots' names per seat), its
    deals and every bot drawing from ``rng``."""
    seats = seats_of(game_id)
    made = [bot_maker(b, game_id, seats) for b in bots]
    return play_game(
        get_game(game_id),
        seats,
        players,
        rules,
        rng,
        [make() for _, make in made],
        [rng] * len(players),
        labels=[label for label, _ in made],
        where="game 1",
    )


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    bot: Any = None,
    rules: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    event: str | None = None,
    move_time: float | None = None,
) -> Iterator[Record]:
    """``games`` records of ``game_id`` for ``players`` bots, from ``seed`` (a whole number
    from 0 to 2^64-1, as a record keeps it); ``bot``, who plays (None: the game's
    :func:`default_bot` at every seat; a bot for every seat: one of the game's bots by name,
    ``module:Class``, a bot class or a bot object; or one per seat, as a list or as a
    mapping of seats to bots: :func:`gamerec.bots.loading.seat_bots`); ``names`` (text, each
    its own) else ``Bot 1``, ``Bot 2``...; ``move_time``, the seconds a bot may take for a
    move (None: no limit). The deals and every bot draw from one ``random.Random(seed)``; a
    bot class makes a new bot for every game. Every argument is checked here, before the
    first game is played (:class:`InputError`); a bot's fault while playing is a
    :class:`~gamerec.errors.BotFault`."""
    game = get_game(game_id)
    seats = seats_of(game_id)
    if move_time is not None and (
        isinstance(move_time, bool) or not isinstance(move_time, (int, float)) or not 0 < move_time < 1e6
    ):
        raise InputError(f"move time {move_time!r}: a number of seconds above 0")
    for what, value in (("players", players), ("games", games), ("seed", seed)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InputError(f"{what} {value!r}: a whole number")
    if not game.min_players <= players <= game.max_players:
        raise InputError(f"{game_id} is for {game.min_players} to {game.max_players} players, not {players}")
    if games < 0:
        raise InputError(f"games {games}: a number of games, 0 or more")
    if not 0 <= seed < 2**64:
        raise InputError(f"seed {seed}: a seed is a whole number from 0 to 2^64-1 (the record keeps it)")
    names_ = list(names) if names is not None else [f"Bot {i + 1}" for i in range(players)]
    if len(names_) != players:
        raise InputError(f"{len(names_)} names given for {players} players")
    try:
        check_names(names_, "a name is a player in the standings and ratings")
    except GamerecError as e:
        raise InputError(e.message) from None
    filled = bot_rules(game, rules, players)
    makers = seat_bots(bot, players, game_id, seats, default_bot(seats))
    return _play(game, seats, names_, games, seed, makers, filled, event, move_time)


def bot_rules(game: Game[Any], rules: Mapping[str, Any] | None, players: int) -> dict[str, Any]:
    """``rules`` checked and filled for a game bots play (:class:`InputError` for an option
    the game has not or a value out of range, and for a ``target`` over
    :data:`MAX_TARGET`: bots score some 30 points a deal, so a game to more could run past
    the actions a bot game may take)."""
    try:
        filled = game.filled_rules(dict(rules or {}), players)
    except Illegal as e:
        raise InputError(f"rules: {e.reason}") from None
    target = filled.get("target")
    if isinstance(target, int) and target > MAX_TARGET:
        raise InputError(
            f"rule target={target}: bots play to at most {MAX_TARGET} points "
            f"(bots score some 30 points a deal; a game to more could run past {MAX_ACTIONS} actions)"
        )
    return filled


def bots_setting(labels: Sequence[str]) -> str:
    """The bots of a game as its provenance names them: one label when every seat has the
    same bot, else ``SEAT=LABEL`` for each seat."""
    if len(set(labels)) == 1:
        return labels[0]
    return ", ".join(f"{s}={label}" for s, label in enumerate(labels))


def _play(
    game: Game[Any],
    seats: Seats,
    names: list[str],
    games: int,
    seed: int,
    makers: list[BotMaker],
    filled: dict[str, Any],
    event: str | None,
    move_time: float | None,
) -> Iterator[Record]:
    """The games of :func:`simulate`, its arguments checked."""
    players = len(names)
    rng = random.Random(seed)
    labels = [label for label, _ in makers]
    settings = {"bot": bots_setting(labels), "games": str(games), "players": str(players)}
    provenance = Provenance(f"gamerec {__version__} simulate", seed, settings)
    rngs = [rng] * players
    for i in range(games):
        bots = [make() for _, make in makers]
        record = play_game(
            game,
            seats,
            names,
            filled,
            rng,
            bots,
            rngs,
            labels=labels,
            where=f"game {i + 1}",
            move_time=move_time,
        )
        record.provenance = provenance
        record.meta = Meta(event=event or f"simulated {game.id}", round=str(i + 1))
        yield record
