"""black-swan-taroc's rule options: a frozen msgspec Struct, typed fields with their defaults and the
ranges a record's rules block may hold (plain Python, so that the rules may be compiled)."""

from __future__ import annotations

from typing import Annotated, Literal

import msgspec

__all__ = ["BlackSwanTarocRules"]


class BlackSwanTarocRules(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """The rule options of black-swan-taroc (docs/rules/black-swan-taroc.md)."""

    trumps: Annotated[
        Literal["none", "affiliated", "all"],
        msgspec.Meta(
            description="which majors beat a led minor suit: none, the affiliated major suit, or every major"
        ),
    ] = "none"
