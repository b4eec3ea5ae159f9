"""Bots by name: one of the game's own (``smart``, ``random``), or a bot of your own as
``module:Class`` (``mypkg.bots:Greedy``), imported as Python imports it, the current
directory included (so ``mybots:Greedy`` finds ``./mybots.py``); and which bot plays each
seat (``--bot BOT``, ``--bot SEAT=BOT``)."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..errors import InputError

if TYPE_CHECKING:
    from ..games.spec import Seats
    from ..seen import Bot

__all__ = ["BotMaker", "bot_maker", "parse_bot_options", "seat_bots"]

#: how a bot is made: its label (the name it was given by) and a function making one
BotMaker = tuple[str, Callable[[], "Bot"]]


def _import(path: str) -> Any:
    """What ``module:attribute`` names (the attribute may be dotted)."""
    module_name, _, attribute = path.partition(":")
    here = os.getcwd()
    added = here not in sys.path
    if added:
        sys.path.append(here)
    try:
        module = importlib.import_module(module_name)
    except Exception as e:  # (the bot's module does not import: say which, and why)
        raise InputError(f"bot {path}: cannot import {module_name}: {type(e).__name__}: {e}") from None
    finally:
        if added:
            sys.path.remove(here)
    found: Any = module
    for part in attribute.split("."):
        try:
            found = getattr(found, part)
        except AttributeError:
            raise InputError(f"bot {path}: {module_name} has no {attribute}") from None
    return found


def bot_maker(given: Any, game_id: str, seats: Seats) -> BotMaker:
    """How to make the bot ``given``: the name of one of the game's bots, ``module:Class``,
    a class (or any function without arguments that makes a bot), or a bot object itself
    (then that one object plays every game it is given for)."""
    if isinstance(given, str):
        name = given.strip()
        if name in seats.bots:
            return name, seats.bots[name]
        if ":" not in name:
            known = ", ".join(seats.bots)
            raise InputError(f"unknown bot {given!r} (choose from {known}, or give your own as module:Class)")
        found = _import(name)
        if isinstance(found, type) or (callable(found) and not hasattr(found, "act")):
            return name, _checked_maker(name, found)
        if hasattr(found, "act"):
            return name, lambda: found
        raise InputError(f"bot {name}: not a bot class (a class whose objects have an act method)")
    if isinstance(given, type):
        label = f"{given.__module__}:{given.__qualname__}"
        return label, _checked_maker(label, given)
    if callable(getattr(given, "act", None)):
        return f"{type(given).__module__}:{type(given).__qualname__}", lambda: given
    if callable(given):
        return getattr(given, "__qualname__", repr(given)), _checked_maker(repr(given), given)
    raise InputError(f"bot {given!r}: a bot's name, a bot class or a bot (an object with an act method)")


def _checked_maker(label: str, make: Callable[[], Any]) -> Callable[[], Bot]:
    """``make``, whose bots are checked to have an ``act`` method."""

    def made() -> Bot:
        try:
            bot = make()
        except (Exception, SystemExit) as e:  # (sys.exit() in its __init__ too)
            raise InputError(f"bot {label}: making one failed: {type(e).__name__}: {e}") from None
        if not callable(getattr(bot, "act", None)):
            raise InputError(f"bot {label}: makes {type(bot).__name__}, which has no act method")
        return bot  # type: ignore[no-any-return]

    return made


def seat_bots(given: Any, players: int, game_id: str, seats: Seats, default: str) -> list[BotMaker]:
    """Which bot plays each of the ``players`` seats: ``given`` is None (``default`` at
    every seat), one bot (at every seat), a sequence of one bot per seat, or a mapping of
    seats to bots (``default`` at the others; a string key ``"*"`` sets the default)."""
    if given is None:
        return [bot_maker(default, game_id, seats)] * players
    if isinstance(given, Mapping):
        chosen: dict[int, Any] = {}
        fallback: Any = default
        for key, value in given.items():
            if key == "*":
                fallback = value
                continue
            if not isinstance(key, int) or isinstance(key, bool) or not 0 <= key < players:
                raise InputError(f"bot for seat {key!r}: the seats are 0 .. {players - 1}")
            chosen[key] = value
        base = bot_maker(fallback, game_id, seats)
        return [bot_maker(chosen[s], game_id, seats) if s in chosen else base for s in range(players)]
    if isinstance(given, Sequence) and not isinstance(given, str):
        if len(given) != players:
            raise InputError(f"{len(given)} bots given for {players} seats (one bot per seat)")
        return [bot_maker(b, game_id, seats) for b in given]
    return [bot_maker(given, game_id, seats)] * players


def parse_bot_options(values: Sequence[str]) -> dict[Any, str]:
    """``--bot`` values as a mapping for :func:`seat_bots`: ``BOT`` (every seat not named
    otherwise, key ``"*"``) and ``SEAT=BOT`` (seat from 0)."""
    out: dict[Any, str] = {}
    for value in values:
        seat, sep, bot = value.partition("=")
        if not (bot if sep else value).strip():
            raise InputError(f"--bot {value!r}: no bot named (BOT, or SEAT=BOT)")
        if not sep:
            if "*" in out:
                raise InputError(
                    f"--bot {value}: a bot for every seat is given twice ({out['*']} and {value})"
                )
            out["*"] = value.strip()
            continue
        if not seat.strip().isdecimal():
            raise InputError(f"--bot {value}: SEAT=BOT takes a seat number (from 0), not {seat!r}")
        number = int(seat)
        if number in out:
            raise InputError(f"--bot {value}: seat {number} is given a bot twice")
        out[number] = bot.strip()
    return out
