"""blackball's rule options: a frozen msgspec Struct, typed fields with their defaults and the
ranges a record's rules block may hold (plain Python, so that the rules may be compiled)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

__all__ = ["BlackballRules"]


class BlackballRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The rule options of blackball (docs/rules/blackball.md)."""

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
