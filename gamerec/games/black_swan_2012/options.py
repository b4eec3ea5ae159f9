"""black-swan-2012's rule options: a frozen msgspec Struct, typed fields with their defaults and the
ranges a record's rules block may hold (plain Python, so that the rules may be compiled)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from ...options import POINTS_LIMIT

__all__ = ["BlackSwan2012Rules"]


class BlackSwan2012Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The rule options of black-swan-2012 (docs/rules/black-swan-2012.md)."""

    teams: Annotated[
        bool | None,
        msgspec.Meta(description="4 players: seats 0+2 against 1+3 (automatic: true with 4 players)"),
    ] = None
    min_run: Annotated[int, msgspec.Meta(ge=2, le=7, description="the fewest cards of a sequence")] = 2
    joker_triple: Annotated[bool, msgspec.Meta(description="three jokers alone are a legal play")] = False
    swan_in_short_game: Annotated[
        bool, msgspec.Meta(description="2-3 players: the Black Swan stays in the deck")
    ] = True
    swan_declaration: Annotated[
        bool,
        msgspec.Meta(
            description="team game: the Black Swan's holder may declare it to double their team's score"
        ),
    ] = False
    target: Annotated[
        Annotated[int, msgspec.Meta(ge=1, le=POINTS_LIMIT)] | None,
        msgspec.Meta(description="points that end the match (automatic: 500 team game, 300 otherwise)"),
    ] = None
