"""Bots for the arena's tests, found as ``arena_bots:NAME`` (this folder is on the path of
the tests here): each plays a random legal action with its own generator, and misbehaves
when told to."""

from __future__ import annotations

import random
import signal
import time
from collections.abc import Sequence
from typing import Any

from gamerec.record import Action

#: Interrupting's bots stop the run (KeyboardInterrupt) once this many have been made
#: (None: never); set by the tests, in this process
STOP_AFTER: int | None = None
#: Faulty's bots raise at the first move of a game whose generator draws below this
FAULT_BELOW = 0.0
#: every bot made here, counted by class name
MADE: dict[str, int] = {}


class Plain:
    """A random legal action."""

    def __init__(self) -> None:
        MADE[type(self).__name__] = MADE.get(type(self).__name__, 0) + 1

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        return legal[rng.randrange(len(legal))]


class Interrupting(Plain):
    """A random legal action; Ctrl-C (SIGINT, to this process: KeyboardInterrupt, or on the
    command line what its handler raises) once :data:`STOP_AFTER` bots of this class have
    been made."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if STOP_AFTER is not None and MADE.get("Interrupting", 0) > STOP_AFTER:
            signal.raise_signal(signal.SIGINT)
        return super().act(seen, legal, rng)


class Faulty(Plain):
    """A random legal action, after a draw at its first move that raises ValueError when it
    is below :data:`FAULT_BELOW` (so its fault falls on the same game whoever plays it)."""

    def __init__(self) -> None:
        super().__init__()
        self.first = True

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if self.first:
            self.first = False
            if rng.random() < FAULT_BELOW:
                raise ValueError("a bug in the bot")
        return super().act(seen, legal, rng)


#: Sleepy's bots take this many seconds over each move
SLEEP = 0.0


class Sleepy(Plain):
    """A random legal action, after :data:`SLEEP` seconds."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        if SLEEP:
            time.sleep(SLEEP)
        return super().act(seen, legal, rng)


class Exiting(Plain):
    """Calls sys.exit(0) at its first move (a bot's way of giving up)."""

    def act(self, seen: Any, legal: Sequence[Action], rng: random.Random) -> Action:
        raise SystemExit(0)
