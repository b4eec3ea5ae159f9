"""The rule options of every game: one frozen msgspec Struct per game, typed fields with
their defaults and the ranges a record's rules block may hold. Each game module imports
its own (``gamerec.games.blackball.BlackballRules`` is the same class); they live here, in
plain Python, so that the engines may be compiled (see docs/performance.md)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

from .cards import FOREST_MAX_NUMBER

__all__ = [
    "POINTS_LIMIT",
    "BlackSwan2012Rules",
    "BlackSwanTarocRules",
    "BlackballRules",
    "ForestRules",
    "option_values",
    "option_values_of_type",
]

#: the largest number of points an option may name (a target, a score, a penalty): scores
#: stay well inside 64-bit integers, as the binary form and the Parquet export need
POINTS_LIMIT = 1_000_000


class BlackballRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The rule options of blackball (RULINGS.md section 1)."""

    schedule: Annotated[
        Literal["1-7-1", "7-1-7"],
        msgspec.Meta(description="hand sizes of the rounds: 1 up to 7 and down, or 7 down to 1 and up"),
    ] = "1-7-1"
    hook: Annotated[
        bool,
        msgspec.Meta(description="the dealer may not bid what makes the bids total the hand size"),
    ] = False
    must_trump: Annotated[
        bool,
        msgspec.Meta(description="a player void in the led suit must trump if they can"),
    ] = False


class BlackSwan2012Rules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The rule options of black-swan-2012 (RULINGS.md section 2)."""

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


class BlackSwanTarocRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The rule options of black-swan-taroc (RULINGS.md section 3)."""

    trumps: Annotated[
        Literal["none", "affiliated", "all"],
        msgspec.Meta(
            description="which majors beat a led minor suit: none, the affiliated major suit, or every major"
        ),
    ] = "none"


class ForestRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The rule options of forest (RULINGS.md section 4)."""

    max_number: Annotated[
        int,
        msgspec.Meta(
            ge=1, le=FOREST_MAX_NUMBER, description="cards are numbered 1 .. max_number in each colour"
        ),
    ] = 13
    hand_size: Annotated[
        Annotated[int, msgspec.Meta(ge=1)] | None,
        msgspec.Meta(description="cards dealt to each player (automatic: deck size // (players + 1))"),
    ] = None
    targets: Annotated[
        dict[
            Annotated[int, msgspec.Meta(ge=0, le=POINTS_LIMIT)],
            Annotated[int, msgspec.Meta(ge=-POINTS_LIMIT, le=POINTS_LIMIT)],
        ],
        msgspec.Meta(description="trick counts that score, with their scores"),
    ] = msgspec.field(default_factory=lambda: {4: 50, 8: 100, 12: 169})
    under_penalty: Annotated[
        int, msgspec.Meta(ge=0, le=POINTS_LIMIT, description="points lost a trick below the lowest target")
    ] = 1
    over_penalty: Annotated[
        int,
        msgspec.Meta(ge=0, le=POINTS_LIMIT, description="points lost a trick for any other count above it"),
    ] = 10


def option_values_of_type(t: Any) -> str:
    """The values a field of type ``t`` (as msgspec.inspect describes it) takes, in words."""
    if isinstance(t, msgspec.inspect.LiteralType):
        return " | ".join(str(v) for v in t.values)
    if isinstance(t, msgspec.inspect.BoolType):
        return "true | false"
    if isinstance(t, msgspec.inspect.IntType):
        lo = "" if t.ge is None else str(t.ge)
        hi = "" if t.le is None else str(t.le)
        return f"integer {lo}..{hi}" if lo or hi else "integer"
    if isinstance(t, msgspec.inspect.UnionType):
        return " | ".join(option_values_of_type(x) for x in t.types)
    if isinstance(t, msgspec.inspect.NoneType):
        return "null (automatic)"
    if isinstance(t, msgspec.inspect.DictType):
        return "map"
    return type(t).__name__.removesuffix("Type").lower()


def option_values(rules: type[msgspec.Struct], name: str) -> str:
    """The values option ``name`` of a rules Struct takes, in words."""
    info = msgspec.inspect.type_info(rules)
    assert isinstance(info, msgspec.inspect.StructType)
    for f in info.fields:
        if f.name == name:
            t = f.type.type if isinstance(f.type, msgspec.inspect.Metadata) else f.type
            return option_values_of_type(t)
    return "?"
