"""The errors gamerec raises. Every one carries a stable code (see docs/errors.md)."""

from __future__ import annotations

__all__ = [
    "FORMAT_CODES",
    "OTHER_CODES",
    "RULES",
    "BotFault",
    "FormatError",
    "GamerecError",
    "Illegal",
    "InputError",
    "OutputExists",
    "StockMissing",
]


class GamerecError(Exception):
    """Base of every error gamerec raises on purpose."""

    code = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InputError(GamerecError):
    """An input that cannot be opened or an argument that makes no sense."""

    code = "input"


class OutputExists(InputError):
    """An output file that is there already, where it may not be replaced (no ``force``)."""


class FormatError(GamerecError):
    """Bytes that are not a record of a known format version (verdict *unreadable*).

    ``code`` is one of the ``format.*`` ids; ``offset`` is the byte offset of the damage
    when known; ``path`` the place inside the record (``deals[2].actions[7].card``).
    """

    def __init__(self, message: str, code: str = "format.schema", offset: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.offset = offset

    @classmethod
    def schema(cls, message: str) -> FormatError:
        """The error for msgspec's validation ``message`` (already put in gamerec's words):
        ``format.limit`` for a size over one of the limits, else ``format.schema``."""
        return cls(message, "format.limit" if " of length <= " in message else "format.schema")

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


class BotFault(GamerecError):
    """A bot that failed its seat: it raised (``bot.raised``), returned what is not one of
    its legal actions (``bot.illegal``) or took longer than the time allowed for a move
    (``bot.slow``). ``where`` names the game, deal, seat, player and bot (``game 3, deal 2,
    seat 1 (Bo, mypkg.bots:Greedy)``); ``reason`` says what it did. A bot's fault is
    reported, never played around: no other bot takes its seat."""

    def __init__(self, code: str, reason: str, where: str = "") -> None:
        super().__init__(f"{where}: {reason} [{code}]" if where else f"{reason} [{code}]")
        self.code = code
        self.reason = reason
        self.where = where

    def __reduce__(self) -> tuple[type[BotFault], tuple[str, str, str]]:
        return (BotFault, (self.code, self.reason, self.where))


class StockMissing(GamerecError):
    """The game needs a stock card that the record lacks (verdict *incomplete*): ``index``
    is the card's place in the deal's stock, from 0 (-1 when not said), which the game
    names in words (:meth:`gamerec.engine.Game.stock_card`: "forest card for trick 3")."""

    code = "stock-missing"

    def __init__(self, message: str, index: int = -1) -> None:
        super().__init__(message)
        self.index = index

    def __reduce__(self) -> tuple[type[StockMissing], tuple[str, int]]:
        return (StockMissing, (self.message, self.index))


#: Every ``format.*`` code of an *unreadable* verdict, with what it means.
FORMAT_CODES: dict[str, str] = {
    "format.id": "not a gamerec file or record: neither the binary magic, JSON nor the text notation",
    "format.version": "a format version this gamerec does not read",
    "format.empty": "the input holds no records",
    "format.container": "the binary file header is wrong (magic, container version)",
    "format.damaged": "a damaged binary frame (bad sync marker, length or checksum, or cut short): skipped",
    "format.msgpack": "a binary header or body that is not MessagePack",
    "format.counts": "a binary header whose deal or action counts differ from its body",
    "format.json": "not valid JSON",
    "format.schema": "a field missing or of the wrong type",
    "format.limit": (
        "a size over one of the limits (players, names, notes, cards, actions, deals), "
        "or an integer beyond 64 bits"
    ),
    "format.game": "no game id, or one this gamerec does not know",
    "format.card": "a card code that is not of the game's deck",
    "format.pledge": "a pledge name that is not feather, stone or pearl",
    "format.text": "a line of the text notation that cannot be read",
}

#: The rule ids every game may give an *illegal* or *incomplete* verdict (and ``gamerec
#: record``'s refusals), with what each means. A game's own ids are its
#: :attr:`gamerec.engine.Game.rule_ids`; :func:`gamerec.games.rule_ids` gives them all. The
#: rule ids of the games are listed per game in docs/rules/; tests check both tables against
#: the code and docs/errors.md.
RULES: dict[str, str] = {
    # the record as a whole
    "game": "the record's game cannot be played: no such game",
    "players": "the number of players does not fit the game",
    "options": "an unknown rules option, or a value it may not take",
    "claim-shape": "the claimed result does not have the record's shape (deals, sides)",
    # deals
    "deal-dealer": "the dealer is not a seat, or not the one the rules make dealer",
    "deal-first": "the first player is not a seat, or not the one the rules make first",
    "deal-hands": "a deal gives a number of hands other than the number of players",
    "deal-size": "a hand holds a number of cards other than the deal's hand size",
    "deal-card": "a card dealt that is not in this game's deck",
    "deal-duplicate": "a card dealt more often than the deck holds it",
    "deal-stock": "a stock longer than the cards left after the deal",
    "deal-draw": "a dealer draw in a game that records none, or one that does not make the recorded dealer",
    "deal-unfinished": "a deal stops before its end, yet another follows",
    "deal-after-end": "a deal after the game is over",
    # actions
    "after-end": "an action after the deal (or the game) is over",
    "wrong-action": "an action of a kind that is not due now",
    "out-of-turn": "an action by a player whose turn it is not",
    "not-held": "a card (or pledge) the player does not hold",
    "follow-suit": "a card of another suit while holding the led suit",
    # incomplete records
    "stock-missing": "the rules need a stock card the record does not give (verdict incomplete)",
    # gamerec record's own refusals
    "hands-unknown": (
        "gamerec record: a game whose plays do not show every card cannot be recorded with unknown hands"
    ),
    "undo": "gamerec record: nothing to undo",
    "note": "gamerec record: no action to attach a note to",
}

#: The codes of errors that are no verdict: a bad argument or input, or a bug.
OTHER_CODES: dict[str, str] = {
    "input": "an input that cannot be opened, or an argument that makes no sense (exit 2)",
    "error": "an internal error: a bug in gamerec (exit 3; GAMEREC_DEBUG=1 shows the traceback)",
    "bot.raised": "a bot raised an exception instead of choosing a move (exit 2)",
    "bot.illegal": "a bot chose what is not one of its seat's legal actions (exit 2)",
    "bot.slow": "a bot took longer than --move-time to choose a move (exit 2)",
}
