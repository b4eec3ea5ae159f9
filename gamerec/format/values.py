"""The values a record holds, checked alike in every encoding: a rule's value is any JSON value,
and each number in it must be one every encoding holds the same (docs/format.md, "Limits")."""

from __future__ import annotations

from typing import Any

from ..errors import FormatError
from ..record import MAX_INT, MIN_INT

__all__ = ["beyond_64_bits", "check_ints", "check_values"]


def beyond_64_bits(where: str, value: int) -> FormatError:
    """The error for an integer ``value`` at ``where`` that is beyond the 64 bits the binary form
    holds (JSON and the text notation hold any integer), said briefly however long it is."""
    bits = value.bit_length()
    what = (
        f"the integer {value}"
        if bits <= 80
        else f"a{' negative' if value < 0 else 'n'} integer of {bits} bits"
    )
    return FormatError(f"{where}: {what} is beyond the 64 bits the binary form holds", "format.limit")


def check_ints(values: list[int] | list[list[int]] | None, where: str) -> None:
    """FormatError unless each integer of ``values`` (a list, or a list of lists) is within 64 bits."""
    for i, v in enumerate(values or ()):
        if type(v) is list:
            check_ints(v, f"{where}[{i}]")
        elif not MIN_INT <= v <= MAX_INT:  # type: ignore[operator]
            raise beyond_64_bits(f"{where}[{i}]", v)  # type: ignore[arg-type]


def check_values(rules: Any) -> None:
    """FormatError unless every number in a record's rules block (the one part of a record
    that holds any JSON value) is one every encoding holds alike: an integer within 64 bits
    (``format.limit``), a float that is finite (``format.schema``: NaN and ±Infinity, which
    JSON cannot write); and every map key is text (MessagePack holds others, JSON does not).
    A value that one encoding holds and another cannot would change, or be lost, when the
    record is converted."""
    stack = [rules]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is dict:
            for key in value:
                if type(key) is not str:  # (MessagePack holds any key, JSON text alone)
                    raise FormatError(
                        f"rules: a key: expected `str`, got `{type(key).__name__}`", "format.schema"
                    )
            stack.extend(value.values())
        elif kind is list:
            stack.extend(value)
        elif kind is int and not MIN_INT <= value <= MAX_INT:
            raise beyond_64_bits("rules", value)
        elif kind is float and (value != value or value in (float("inf"), float("-inf"))):
            raise FormatError(
                f"rules: {value!r} is no number a record holds (JSON has none)", "format.schema"
            )
