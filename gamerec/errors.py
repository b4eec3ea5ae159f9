"""The errors gamerec raises. Every one carries a stable code (see docs/errors.md)."""

from __future__ import annotations

__all__ = ["FormatError", "GamerecError", "Illegal", "InputError", "StockMissing"]


class GamerecError(Exception):
    """Base of every error gamerec raises on purpose."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InputError(GamerecError):
    """An input that cannot be opened or an argument that makes no sense."""

    code = "input"


class FormatError(GamerecError):
    """Bytes that are not a record of a known format version (verdict *unreadable*).

    ``code`` is one of the ``format.*`` ids; ``offset`` is the byte offset of the damage
    when known; ``path`` the place inside the record (``deals[2].actions[7].card``).
    """

    def __init__(self, message: str, code: str = "format.schema", offset: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.offset = offset

    def __reduce__(self) -> tuple[type[FormatError], tuple[str, str, int | None]]:
        return (FormatError, (self.message, self.code, self.offset))


class Illegal(GamerecError):
    """An action, deal, header or option the rules do not allow.

    ``rule`` is a stable id such as ``follow-suit``; ``reason`` a plain sentence with the
    context that explains it (``must follow hearts: holds AH 7H``).
    """

    code = "illegal"

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(f"{reason} [{rule}]")
        self.rule = rule
        self.reason = reason

    def __reduce__(self) -> tuple[type[Illegal], tuple[str, str]]:
        return (Illegal, (self.rule, self.reason))


class StockMissing(GamerecError):
    """The game needs a stock card that the record lacks (verdict *incomplete*)."""

    code = "stock-missing"
