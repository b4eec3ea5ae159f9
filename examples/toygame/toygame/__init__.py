"""Toy trick: a plain trick game, the worked example of gamerec's docs/games.md.

Rules as gamerec plays them:

- 2 to 4 players, the standard 52-card deck, ranks 2 < 3 < ... < 10 < J < Q < K < A.
- Each deal gives every player ``hand_size`` cards (option, 1 .. 10, default 5).
- The first deal's dealer is recorded; the deal passes left (clockwise) every deal.
- The player after the dealer leads the first trick; the winner of a trick leads the next.
- Follow the led suit if you can (rule id ``follow-suit``), else play any card.
- The highest card of the led suit wins the trick. There are no trumps.
- A deal scores 1 point per trick won. A record is as many deals as there are players
  (everyone deals once); the highest total wins, ties share.

The package is the whole game: :mod:`.rules` (the rules), :mod:`.presenter` (how it is shown),
:mod:`.stats` (its numbers for ``gamerec stats``), :mod:`.bots` (what a seat sees, and its
bot). gamerec finds it through the entry point ``toy-trick = "toygame:SPEC"`` of the group
``gamerec.games`` (pyproject.toml).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gamerec.games.spec import GameSpec, Seats

from .rules import ToyTrick

if TYPE_CHECKING:
    from .presenter import ToyView
    from .stats import ToyStatistics

__all__ = ["SPEC"]


def _presenter() -> type[ToyView]:
    from .presenter import ToyView  # (imported when first shown: validating never needs it)

    return ToyView


def _statistics() -> type[ToyStatistics]:
    from .stats import ToyStatistics

    return ToyStatistics


def _seats() -> Seats:
    from .bots import SEATS

    return SEATS


#: the game as gamerec knows it: its rules, its presenter, its statistics and its bots
SPEC = GameSpec(ToyTrick(), presenter=_presenter, statistics=_statistics, seats=_seats)
