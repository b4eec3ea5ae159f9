"""The text notation (``.gtxt``): a record as lines people read, write and type.

A file holds one or more records. Each begins with ``gamerec: 1`` (the format and its
version), then header lines ``key: value`` (game, players, rules, metadata, provenance),
then each deal: a ``deal N: dealer S`` line (``first S`` in games whose deal stores the
first player), its hands, stock and dealer draw, and one action per line, seat first::

    gamerec: 1
    game: blackball
    players: Ann, Bo, Cy
    rule hook: true
    deal 1: dealer 0
    hand 0: QS
    hand 1: 4C
    hand 2: AH
    stock: 7H
    1 bid 0
    2 bid 1 ; sure of the ace
    0 bid 0
    1 play 4C
    2 play AH
    0 play QS
    claim totals: 10 10 11

``#`` starts a comment (ignored) at the start of a line or after a space; ``;`` on an
action line starts a note (kept). A value that would be misread bare (leading spaces, a
comma in a name, ``#``, a control character) is written as a JSON string. The notation
carries everything a record holds, so binary -> text -> binary is byte-identical.
docs/notation.md describes every line; :func:`parse_action` reads the action syntax
alone, as ``gamerec record`` does at its prompt.

This module holds the grammar the reader and the writer share (scanning a line: comments,
notes, ``key: value``, quoted values, numbers, card codes), one action both ways
(:func:`parse_action`, :func:`format_action`) and the writer (:func:`format_record`).
Reading whole records (:func:`~gamerec.format.notation_read.parse_records`, the header and
deal lines, the size limits) is :mod:`gamerec.format.notation_read`, built on this grammar.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache
from typing import Annotated, Any, get_args, get_origin

import msgspec

from ..cards import PLEDGES, CardCodeError, Deck
from ..engine import Game
from ..errors import FormatError
from ..escape import json_inert
from ..games import get_game
from ..record import FORMAT_ID, MAX_INT, MIN_INT, Action, Record

__all__ = ["MAX_INT", "MAX_LINE", "MIN_INT", "format_action", "format_record", "number_hint", "parse_action"]

CODE = "format.text"
_META = ("event", "site", "date", "round", "table")
_INT = re.compile(r"-?[0-9]+\Z")  # (ASCII digits, as JSON: no "+", no other scripts' digits)
_json_decode = msgspec.json.Decoder().decode

_LOOKS_NUMERIC = re.compile(r"[+-]?\d+\Z")


def number_hint(word: str) -> str:
    """What to say of ``word`` when it looks like a number the notation does not read (``+0``,
    ``١``, ``０``): the notation's numbers are JSON's, ASCII digits and ``-`` alone."""
    return (
        " (numbers are written with the digits 0-9, and - alone as a sign)"
        if _LOOKS_NUMERIC.match(word)
        else ""
    )


#: the longest line read, in characters (a note at its limit fits well)
MAX_LINE = 65536
#: the longest message about a line (it quotes the line's words: they are cut)
MAX_MESSAGE = 300


class _Line:
    """One line of a text record: its number in the file and its text, with the
    column (from 1) of each character kept for messages."""

    __slots__ = ("number", "text")

    def __init__(self, number: int, text: str) -> None:
        self.number = number
        self.text = text

    def error(self, column: int, message: str) -> FormatError:
        if len(message) > MAX_MESSAGE:  # (what it quotes of a line may be as long as the line)
            message = f"{message[: MAX_MESSAGE - 40]}… ({len(message)} characters)"
        return FormatError(f"line {self.number}, column {column}: {message}", CODE)


def _shown(text: str) -> str:
    return repr(text) if text else "the end of the line"


# -- scanning a line -------------------------------------------------------------------------
def _string_end(text: str, start: int) -> int:
    """The index after the JSON string starting at ``text[start]`` (a quote), or -1."""
    i = start + 1
    while i < len(text):
        ch = text[i]
        if ch == "\\":
            i += 2
            continue
        if ch == '"':
            return i + 1
        i += 1
    return -1


def _strip_comment(text: str, notes: bool) -> tuple[str, int]:
    """The line up to its comment, and where its note starts (-1 for none). Quoted strings
    are skipped; a note (when ``notes``) runs to the end of the line, comment signs and
    all."""
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == '"':
            end = _string_end(text, i)
            if end < 0:
                return text, -1  # the value reader reports the open string
            i = end
            continue
        if ch == "#" and (i == 0 or text[i - 1] in " \t"):
            return text[:i], -1
        if ch == ";" and notes:
            return text, i
        i += 1
    return text, -1


def _partition(text: str) -> tuple[str, str, str]:
    """``key: value`` split at the first colon outside a quoted key."""
    i = 0
    while i < len(text):
        if text[i] == '"':
            end = _string_end(text, i)
            if end < 0:
                break
            i = end
            continue
        if text[i] == ":":
            return text[:i], ":", text[i + 1 :]
        i += 1
    return text.partition(":")


def _value(line: _Line, text: str, column: int, what: str) -> str:
    """A text value: a JSON string, or the bare text stripped of surrounding blanks."""
    stripped = text.strip()
    if not stripped:
        raise line.error(column, f"expected {what}, got nothing")
    column += len(text) - len(text.lstrip())
    if stripped.startswith('"'):
        end = _string_end(stripped, 0)
        if end < 0:
            raise line.error(column, f"{what}: the quoted string is not closed")
        if end != len(stripped):
            raise line.error(column + end, f"expected the end of {what} after its closing quote")
        try:
            value = _json_decode(stripped)
        except msgspec.DecodeError as e:
            raise line.error(column, f"{what}: not a valid quoted string ({e})") from None
        if not isinstance(value, str):
            raise line.error(column, f"expected {what} as text")
        return value
    return stripped


def _items(line: _Line, text: str, column: int, what: str) -> list[str]:
    """Comma-separated values (each bare or a JSON string)."""
    items: list[str] = []
    start = 0
    i = 0
    while True:
        if i < len(text) and text[i] == '"':
            end = _string_end(text, i)
            i = len(text) if end < 0 else end
            continue
        if i == len(text) or text[i] == ",":
            items.append(_value(line, text[start:i], column + start, what))
            if i == len(text):
                return items
            start = i + 1
        i += 1


def _ints(line: _Line, text: str, column: int, what: str) -> list[int]:
    out = []
    for word, col in _words(text, column):
        if not _INT.match(word):
            raise line.error(col, f"expected {what} (whole numbers), got {word!r}{number_hint(word)}")
        out.append(_int(line, word, col, what))
    return out


#: the numbers the notation reads are those of the binary and JSON forms: 64-bit integers
_MAX_DIGITS = len(str(MAX_INT))


def _int(line: _Line, word: str, column: int, what: str) -> int:
    """``word`` (a whole number, as ``_INT`` matches) as an int; ``format.limit`` when it
    is outside 64 bits, told from its digits before ``int()`` is asked (which refuses a
    number over 4,300 digits with an error of its own)."""
    digits = word.removeprefix("-").lstrip("0")
    if len(digits) <= _MAX_DIGITS:
        value = -int(digits or "0") if word.startswith("-") else int(digits or "0")
        if MIN_INT <= value <= MAX_INT:
            return value
    shown = word if len(word) <= 24 else f"{word[:12]}...{word[-4:]} ({len(digits)} digits)"
    raise FormatError(
        f"line {line.number}, column {column}: {what} {shown} is outside the range of numbers "
        "a record holds (64-bit integers)",
        "format.limit",
    )


def _words(text: str, column: int) -> Iterator[tuple[str, int]]:
    for m in re.finditer(r"\S+", text):
        yield m.group(), column + m.start()


def _cards(line: _Line, deck: Deck, text: str, column: int, what: str, blanks: bool = False) -> list[Any]:
    """Card codes separated by spaces; ``-`` alone is no cards (with ``blanks``: ``-``
    stands for a seat without a card)."""
    words = list(_words(text, column))
    if not blanks and len(words) == 1 and words[0][0] == "-":
        return []
    out: list[Any] = []
    for word, col in words:
        if blanks and word == "-":
            out.append(None)
            continue
        try:
            out.append(deck.parse(word))
        except CardCodeError:
            raise line.error(col, f"{what}: expected a {deck.name} card code, got {word!r}") from None
    return out


# -- actions ---------------------------------------------------------------------------------
@cache
def _fields(cls: type[Action]) -> tuple[str, ...]:
    return tuple(f for f in cls.__struct_fields__ if f not in ("seat", "note"))


@cache
def _is_list(cls: type[Action], name: str) -> bool:
    """Whether the field holds a list (of cards), not one value."""
    for f in msgspec.structs.fields(cls):
        if f.name == name:
            t = get_args(f.type)[0] if get_origin(f.type) is Annotated else f.type
            return get_origin(t) is list
    return False


@cache
def _kinds(game: Game[Any]) -> dict[str, type[Action]]:
    return {cls.kind: cls for cls in game.actions}


def parse_action(game: Game[Any], text: str, number: int = 1) -> Action:
    """One action in the notation's words, seat first (``2 play QS``, ``0 bid 1 ; a
    note``), as a record line or the prompt of ``gamerec record`` takes it; FormatError
    saying at which column and what was expected."""
    line = _Line(number, text)
    body, note_at = _strip_comment(text, notes=True)
    action = _action(game, line, body if note_at < 0 else body[:note_at])
    if note_at >= 0:
        note = _value(line, body[note_at + 1 :], note_at + 2, "a note")
        action = msgspec.structs.replace(action, note=note)
    return action


def _action(game: Game[Any], line: _Line, text: str) -> Action:
    words = list(_words(text, 1))
    if not words:
        raise line.error(1, "expected an action: a seat number, then what it does (e.g. 2 play QS)")
    seat_word, col = words[0]
    if not _INT.match(seat_word):
        raise line.error(col, f"expected a seat number, got {seat_word!r}{number_hint(seat_word)}")
    kinds = _kinds(game)
    if len(words) < 2:
        raise line.error(
            len(text.rstrip()) + 1, f"expected what seat {seat_word} does ({', '.join(kinds)}), got nothing"
        )
    kind, kcol = words[1]
    cls = kinds.get(kind.lower())
    if cls is None:
        raise line.error(kcol, f"expected an action of {game.id} ({', '.join(kinds)}), got {kind!r}")
    args = words[2:]
    values: list[Any] = [_int(line, seat_word, col, "the seat")]
    fields = _fields(cls)
    end = len(text.rstrip()) + 1
    for name in fields:
        if name in cls.card_fields and _is_list(cls, name):
            if not args:
                raise line.error(end, "expected the cards played (codes such as QS), got nothing")
            if len(args) == 1 and args[0][0] == "-":
                values.append([])
            else:
                cards = []
                for word, wcol in args:
                    try:
                        cards.append(game.deck.parse(word))
                    except CardCodeError:
                        raise line.error(
                            wcol, f"expected a {game.deck.name} card code, got {word!r}"
                        ) from None
                values.append(cards)
            args = []
            continue
        if not args:
            raise line.error(end, f"expected {_what(cls, name, game)}, got nothing")
        word, wcol = args.pop(0)
        values.append(_field_value(game, line, cls, name, word, wcol))
    if args:
        word, wcol = args[0]
        raise line.error(wcol, f"expected the end of the {kind} action, got {word!r}")
    return cls(*values)


def _what(cls: type[Action], name: str, game: Game[Any]) -> str:
    if name in cls.card_fields:
        return f"a {game.deck.name} card code"
    if name in cls.pledge_fields:
        return "a pledge (" + ", ".join(PLEDGES) + ")"
    return f"the {name} (a whole number)"


def _field_value(game: Game[Any], line: _Line, cls: type[Action], name: str, word: str, col: int) -> int:
    if name in cls.card_fields:
        try:
            return game.deck.parse(word)
        except CardCodeError:
            raise line.error(col, f"expected a {game.deck.name} card code, got {word!r}") from None
    if name in cls.pledge_fields:
        low = word.lower()
        if low in PLEDGES:
            return PLEDGES.index(low)
        if _INT.match(word):
            return _int(line, word, col, "the pledge")
        raise line.error(col, f"expected a pledge ({', '.join(PLEDGES)}), got {word!r}")
    if not _INT.match(word):
        raise line.error(col, f"expected the {name} (a whole number), got {word!r}{number_hint(word)}")
    return _int(line, word, col, f"the {name}")


def format_action(game: Game[Any], action: Action) -> str:
    """An action as a line of the notation: ``2 play QS``, ``0 bid 1 ; a note``."""
    cls = type(action)
    parts = [str(action.seat), cls.kind]
    for name in _fields(cls):
        value = getattr(action, name)
        if name in cls.card_fields:
            if isinstance(value, list):
                parts.append(" ".join(_code(game.deck, c) for c in value) if value else "-")
            else:
                parts.append(_code(game.deck, value))
        elif name in cls.pledge_fields:
            parts.append(PLEDGES[value] if 0 <= value < len(PLEDGES) else str(value))
        else:
            parts.append(str(value))
    text = " ".join(parts)
    note = action.note  # type: ignore[attr-defined]
    if note is not None:
        text += " ; " + _quote(note, ";", note=True)
    return text


def _code(deck: Deck, card: int) -> str:
    if not deck.is_card(card):
        raise FormatError(
            f"card int {card} is no card of the {deck.name} deck: the text notation cannot write it",
            "format.card",
        )
    return deck.code(card)


# -- writing ---------------------------------------------------------------------------------
# controls, and what a terminal would act on (C1, bidirectional controls, line separators)
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")


def _quote(text: str, special: str = "", note: bool = False) -> str:
    """``text`` bare when it reads back the same and holds nothing a terminal acts on, else
    as a JSON string (inert: :func:`gamerec.escape.json_inert`)."""
    bare = (
        text
        and text == text.strip()
        and not text.startswith(('"', "#"))
        and (note or '"' not in text)
        and not _CONTROL.search(text)
        and (note or not any(ch in text for ch in special))
        and (note or (" #" not in text and "\t#" not in text))
    )
    return text if bare else json_inert(msgspec.json.encode(text).decode())


def _rule_value(value: Any) -> str:
    if isinstance(value, str) and _quote(value, ",:") == value:
        try:
            _json_decode(value)
        except msgspec.DecodeError:
            return value  # a bare word that is no JSON (1-7-1, all): written as it is
    return json_inert(msgspec.json.encode(value).decode())


def format_record(record: Record) -> str:
    """A record in the text notation (ends with a newline)."""
    game = get_game(record.game)
    out = [f"{FORMAT_ID}: {record.version}", f"game: {_quote(record.game)}"]
    out.append("players: " + ", ".join(_quote(p, ",") for p in record.players))
    for name, value in record.rules.items():
        out.append(f"rule {_quote(name, ':')}: {_rule_value(value)}")
    m = record.meta
    for key in _META:
        value = getattr(m, key)
        if value is not None:
            out.append(f"{key}: {_quote(value)}")
    for key, value in m.tags.items():
        out.append(f"tag {_quote(key, ':')}: {_quote(value)}")
    p = record.provenance
    if p is not None:
        out.append(f"generator: {_quote(p.generator)}")
        if p.seed is not None:
            out.append(f"seed: {p.seed}")
        for key, value in p.settings.items():
            out.append(f"setting {_quote(key, ':')}: {_quote(value)}")
    deck = game.deck
    for number, deal in enumerate(record.deals, 1):
        out.append(f"deal {number}: {game.seat_field} {deal.dealer}")
        for seat, hand in enumerate(deal.hands):
            out.append(f"hand {seat}: " + (" ".join(_code(deck, c) for c in hand) if hand else "-"))
        if deal.stock:
            out.append("stock: " + " ".join(_code(deck, c) for c in deal.stock))
        draw = getattr(deal, "draw", None)
        if draw is not None:
            if not draw:
                out.append("draw rounds: 0")
            for row in draw:
                out.append("draw: " + " ".join("-" if c is None else _code(deck, c) for c in row))
        out.extend(format_action(game, a) for a in deal.actions)
    claim = record.claim
    if claim is not None:
        if claim.deals is None and claim.totals is None:
            out.append("claim: -")
        if claim.deals is not None:
            if not claim.deals:
                out.append("claim deals: -")
            for row in claim.deals:
                out.append("claim deal: " + (" ".join(map(str, row)) if row else "-"))
        if claim.totals is not None:
            out.append("claim totals: " + (" ".join(map(str, claim.totals)) if claim.totals else "-"))
    return "\n".join(out) + "\n"
