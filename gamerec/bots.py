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

from .engine import Game, check_names
from .errors import GamerecError, Illegal, InputError
from .format.jsonform import nesting_over
from .games import get_game
from .record import Meta, Provenance, Record
from .version import __version__

__all__ = [
    "MAX_RULE_NESTING",
    "MAX_TARGET",
    "default_bot",
    "parse_rule_options",
    "simulate",
    "simulate_record",
]

#: A game that does not end within this many actions is a bot bug, not a long game.
MAX_ACTIONS = 100_000
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


def default_bot(game: Game[Any]) -> str:
    """The bot simulate plays when none is named: ``smart`` when the game has one, else the
    first of its bots (a game may have a random bot only)."""
    return "smart" if "smart" in game.bots else next(iter(game.bots))


def simulate_record(
    game_id: str,
    players: Sequence[str],
    rules: Mapping[str, Any],
    rng: random.Random,
    bots: Sequence[str],
) -> Record:
    """One complete game played by ``bots`` (one bot name per seat)."""
    game = get_game(game_id)
    state = game.new_state(dict(rules), players)
    moves = [game.bots[b] for b in bots]
    deals = []
    count = 0
    apply = state.apply  # every action goes through the rules' checks, as validate's do
    while not state.finished:
        deal = game.deal(state, rng)
        state.begin_deal(deal)
        record = deal.actions.append
        while not state.deal_over:
            seat = state.to_move
            assert seat is not None
            action = moves[seat](state, rng)
            apply(action)
            record(action)
            count += 1
            if count > MAX_ACTIONS:
                raise RuntimeError(f"{game_id}: a simulated game ran past {MAX_ACTIONS} actions")
        deals.append(deal)
    return Record(game=game_id, players=list(players), rules=dict(rules), deals=deals)


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int,
    bot: str | None = None,
    rules: Mapping[str, Any] | None = None,
    names: Sequence[str] | None = None,
    event: str | None = None,
) -> Iterator[Record]:
    """``games`` records of ``game_id`` for ``players`` bots, from ``seed`` (a whole number
    from 0 to 2^64-1, as a record keeps it); ``bot``, one of the game's bots (None: its
    :func:`default_bot`); ``names`` (text, each its own) else ``Bot 1``, ``Bot 2``... Every
    argument is checked here, before the first game is played (:class:`InputError`)."""
    game = get_game(game_id)
    if bot is None:
        bot = default_bot(game)
    if bot not in game.bots:
        raise InputError(f"unknown bot {bot!r} (choose from {', '.join(game.bots)})")
    for what, value in (("players", players), ("games", games), ("seed", seed)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise InputError(f"{what} {value!r}: a whole number")
    if not game.min_players <= players <= game.max_players:
        raise InputError(f"{game_id} is for {game.min_players} to {game.max_players} players, not {players}")
    if games < 0:
        raise InputError(f"games {games}: a number of games, 0 or more")
    if not 0 <= seed < 2**64:
        raise InputError(f"seed {seed}: a seed is a whole number from 0 to 2^64-1 (the record keeps it)")
    seats = list(names) if names is not None else [f"Bot {i + 1}" for i in range(players)]
    if len(seats) != players:
        raise InputError(f"{len(seats)} names given for {players} players")
    try:
        check_names(seats, "a name is a player in the standings and ratings")
    except GamerecError as e:
        raise InputError(e.message) from None
    try:
        filled = game.filled_rules(rules or {}, players)
    except Illegal as e:
        raise InputError(f"rules: {e.reason}") from None
    target = filled.get("target")
    if isinstance(target, int) and target > MAX_TARGET:
        raise InputError(
            f"rule target={target}: simulate plays to at most {MAX_TARGET} points "
            f"(bots score some 30 points a deal; a game to more could run past {MAX_ACTIONS} actions)"
        )
    return _play(game_id, seats, games, seed, bot, filled, event)


def _play(
    game_id: str, seats: list[str], games: int, seed: int, bot: str, filled: dict[str, Any], event: str | None
) -> Iterator[Record]:
    """The games of :func:`simulate`, its arguments checked."""
    players = len(seats)
    rng = random.Random(seed)
    settings = {"bot": bot, "games": str(games), "players": str(players)}
    provenance = Provenance(f"gamerec {__version__} simulate", seed, settings)
    for i in range(games):
        record = simulate_record(game_id, seats, filled, rng, [bot] * players)
        record.provenance = provenance
        record.meta = Meta(event=event or f"simulated {game_id}", round=str(i + 1))
        yield record
