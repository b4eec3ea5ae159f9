"""What every game's rule options share: the limit on points an option may name, and the
values an option takes, in words. Each game's own options are a frozen msgspec Struct in its
package (``gamerec.games.forest.options.ForestRules``), in plain Python so that the rules may
be compiled (see docs/performance.md)."""

from __future__ import annotations

from typing import Any

import msgspec

__all__ = [
    "POINTS_LIMIT",
    "option_values",
    "option_values_of_type",
]

#: the largest number of points an option may name (a target, a score, a penalty): scores
#: stay well inside 64-bit integers, as the binary form and the Parquet export need
POINTS_LIMIT = 1_000_000


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
