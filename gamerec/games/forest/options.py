"""forest's rule options: a frozen msgspec Struct, typed fields with their defaults and the
ranges a record's rules block may hold (plain Python, so that the rules may be compiled)."""

from __future__ import annotations

from typing import Annotated

import msgspec

from ...options import POINTS_LIMIT
from .deck import FOREST_MAX_NUMBER

__all__ = ["ForestRules"]


class ForestRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The rule options of forest (docs/rules/forest.md)."""

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
