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

Why one module of about 800 lines: the reader's line handlers and the writer mirror each
other, and the grammar is kept in one place while they change together; issue 14 moves the
notation into the ``gamerec/format/`` package, where the reader and the writer can part.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from functools import cache
from typing import Annotated, Any, get_args, get_origin

import msgspec

from ..cards import PLEDGES, CardCodeError, Deck
from ..engine import Game
from ..errors import FormatError
from ..escape import json_inert
from ..games import get_game
from .record import (
    FORMAT_ID,
    FORMAT_VERSION,
    MAX_ACTIONS,
    MAX_CARDS,
    MAX_DEALS,
    MAX_NAME,
    MAX_NOTE,
    MAX_SEATS,
    MAX_TAGS,
    MAX_TEXT,
    Action,
    Claim,
    Deal,
    DrawDeal,
    Meta,
    Provenance,
    Record,
)

__all__ = ["format_action", "format_record", "parse_action", "parse_records", "split_records"]

CODE = "format.text"
_META = ("event", "site", "date", "round", "table")
_INT = re.compile(r"[+-]?\d+\Z")
_json_decode = msgspec.json.Decoder().decode


class _Line:
    """One line of a text record: its number in the file and its text, with the
    column (from 1) of each character kept for messages."""

    __slots__ = ("number", "text")

    def __init__(self, number: int, text: str) -> None:
        self.number = number
        self.text = text

    def error(self, column: int, message: str) -> FormatError:
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
            raise line.error(col, f"expected {what} (whole numbers), got {word!r}")
        out.append(_int(line, word, col, what))
    return out


#: the numbers the notation reads are those of the binary and JSON forms: 64-bit integers
MIN_INT = -(2**63)
MAX_INT = 2**64 - 1
_MAX_DIGITS = len(str(MAX_INT))


def _int(line: _Line, word: str, column: int, what: str) -> int:
    """``word`` (a whole number, as ``_INT`` matches) as an int; ``format.limit`` when it
    is outside 64 bits, told from its digits before ``int()`` is asked (which refuses a
    number over 4,300 digits with an error of its own)."""
    digits = word.lstrip("+-").lstrip("0")
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
        raise line.error(col, f"expected a seat number, got {seat_word!r}")
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
        raise line.error(col, f"expected the {name} (a whole number), got {word!r}")
    return _int(line, word, col, f"the {name}")


def format_action(game: Game[Any], action: Action) -> str:
    """An action as a line of the notation: ``2 play QS``, ``0 bid 1 ; a note``."""
    cls = type(action)
    parts = [str(action.seat), cls.kind]  # type: ignore[attr-defined]
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


# -- reading ---------------------------------------------------------------------------------
_START = re.compile(r"\s*gamerec\s*:")


def split_records(lines: Sequence[str], first: int = 1) -> Iterator[tuple[int, list[str]]]:
    """The records of a text file: (number of its first line, its lines), each from one
    ``gamerec:`` line to the next. Lines before the first are comments or blank, or the
    first record's fault."""
    start = 0
    for i, text in enumerate(lines):
        # a record starts at its gamerec: line; comments before the first belong to it
        if _START.match(text) and any(_strip_comment(t, False)[0].strip() for t in lines[start:i]):
            yield first + start, list(lines[start:i])
            start = i
    if any(_strip_comment(t, False)[0].strip() for t in lines[start:]):
        yield first + start, list(lines[start:])


class _Reader:
    """Builds one record from its lines."""

    #: the handler of each line key (filled in below the class)
    handlers: dict[str, Callable[..., None]]

    def __init__(self) -> None:
        self.version: int | None = None
        self.game: Game[Any] | None = None
        self.game_id: str | None = None
        self.players: list[str] | None = None
        self.rules: dict[str, Any] = {}
        self.meta: dict[str, Any] = {}
        self.tags: dict[str, str] = {}
        self.generator: str | None = None
        self.seed: int | None = None
        self.settings: dict[str, str] = {}
        self.seen_provenance: _Line | None = None
        self.deals: list[Deal[Any]] = []
        self.claim: dict[str, Any] | None = None
        self.deal_state = "hands"  # what the current deal has reached: hands, stock, draw, actions

    def need_game(self, line: _Line, what: str) -> Game[Any]:
        if self.game is None:
            raise line.error(1, f"{what} before the game: the game: line comes first")
        return self.game

    def take(self, line: _Line) -> None:
        body, note_at = _strip_comment(line.text, notes=True)
        head = body if note_at < 0 else body[:note_at]
        stripped = head.strip()
        if not stripped:
            if note_at >= 0:
                raise line.error(note_at + 1, "a note (;) belongs after an action on its line")
            return
        if self.version is None:
            self.start(line, body)
            return
        if stripped[0].isdigit() or stripped[0] in "+-":
            self.action(line)
            return
        if note_at >= 0:  # not an action line: ; is part of the value
            body = _strip_comment(line.text, notes=False)[0]
        key, colon, rest = _partition(body)
        if not colon:
            raise line.error(1, f"expected 'key: value' or an action (seat first), got {stripped!r}")
        col = len(key) + 2
        words = key.split()
        if not words:
            raise line.error(1, "expected a key before ':'")
        word = words[0].lower()
        handler = self.handlers.get(word)
        if handler is None:
            raise line.error(
                1 + len(key) - len(key.lstrip()),
                f"expected a header, deal or action line, got key {words[0]!r}",
            )
        handler(self, line, key, words[1:], rest, col)

    def start(self, line: _Line, body: str) -> None:
        key, colon, rest = body.partition(":")
        if key.strip().lower() != FORMAT_ID or not colon:
            raise line.error(
                1, f"expected '{FORMAT_ID}: {FORMAT_VERSION}' to begin a record, got {body.strip()!r}"
            )
        word = rest.strip()
        col = len(key) + 2 + len(rest) - len(rest.lstrip())
        if not _INT.match(word):
            raise line.error(col, f"expected the format version (a whole number), got {_shown(word)}")
        version = _int(line, word, col, "the format version")
        if version != FORMAT_VERSION:
            raise FormatError(
                f"line {line.number}: unknown format version {version} "
                f"(this gamerec reads version {FORMAT_VERSION})",
                "format.version",
            )
        self.version = version

    # header lines
    def no_args(self, line: _Line, args: list[str], key: str) -> None:
        if args:
            raise line.error(
                len(key.split(args[0])[0]) + 1, f"expected ':' after {key.split()[0]}, got {args[0]!r}"
            )

    def header_before_deals(self, line: _Line, what: str) -> None:
        if self.deals:
            raise line.error(1, f"{what} belongs to the header, before the first deal")

    def line_game(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        self.no_args(line, args, key)
        self.header_before_deals(line, "game:")
        if self.game_id is not None:
            raise line.error(1, "a second game: line in one record")
        game_id = _value(line, rest, col, "a game id")
        try:
            self.game = get_game(game_id)
        except Exception:
            from ..games import GAMES

            at = col + len(rest) - len(rest.lstrip())
            raise line.error(at, f"unknown game {game_id!r} (known: {', '.join(GAMES)})") from None
        self.game_id = game_id

    def line_players(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        self.no_args(line, args, key)
        self.header_before_deals(line, "players:")
        if self.players is not None:
            raise line.error(1, "a second players: line in one record")
        self.players = _items(line, rest, col, "a player name")

    def line_rule(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        self.header_before_deals(line, "a rule")
        name = _value(line, key.split(None, 1)[1] if args else "", 6, "an option name")
        text = rest.strip()
        if not text:
            raise line.error(col, f"expected the value of option {name}, got nothing")
        if text.startswith(("{", "[", '"')) or text in ("true", "false", "null") or _INT.match(text):
            try:
                value = _json_decode(text)
            except RecursionError:
                raise line.error(col, f"option {name}: values nested too deeply") from None
            except msgspec.DecodeError as e:
                raise line.error(
                    col + len(rest) - len(rest.lstrip()), f"option {name}: not valid JSON ({e})"
                ) from None
        else:
            try:
                value = _json_decode(text)
            except msgspec.DecodeError:
                value = text
        if name in self.rules:
            raise line.error(1, f"option {name} given twice")
        self.rules[name] = value

    def _meta(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        self.no_args(line, args, key)
        self.header_before_deals(line, f"{key.strip()}:")
        word = key.strip().lower()
        if word in self.meta:
            raise line.error(1, f"{word} given twice")
        self.meta[word] = _value(line, rest, col, f"the {word}")

    def line_tag(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        self.header_before_deals(line, "a tag")
        name = _value(line, key.split(None, 1)[1] if args else "", 5, "a tag name")
        self.tags[name] = _value(line, rest, col, f"the value of tag {name}")

    def line_generator(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        self.no_args(line, args, key)
        self.header_before_deals(line, "generator:")
        self.generator = _value(line, rest, col, "the generator")
        self.seen_provenance = self.seen_provenance or line

    def line_seed(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        self.no_args(line, args, key)
        self.header_before_deals(line, "seed:")
        word = rest.strip()
        if not _INT.match(word):
            raise line.error(col, f"expected the seed (a whole number), got {_shown(word)}")
        self.seed = _int(line, word, col + len(rest) - len(rest.lstrip()), "the seed")
        self.seen_provenance = self.seen_provenance or line

    def line_setting(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        self.header_before_deals(line, "a setting")
        name = _value(line, key.split(None, 1)[1] if args else "", 9, "a setting name")
        self.settings[name] = _value(line, rest, col, f"the value of setting {name}")
        self.seen_provenance = self.seen_provenance or line

    def line_claim(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        claim: dict[str, Any] = self.claim if self.claim is not None else {"deals": None, "totals": None}
        self.claim = claim
        what = args[0].lower() if args else ""
        if len(args) > 1:
            raise line.error(1, f"expected 'claim deal:', 'claim totals:' or 'claim: -', got {key.strip()!r}")
        empty = rest.strip() == "-"
        if what == "":
            if not empty:
                raise line.error(col, "expected '-' (a claim with no scores)")
        elif what == "deal":
            if claim["deals"] is None:
                claim["deals"] = []
            claim["deals"].append([] if empty else _ints(line, rest, col, "a deal's scores"))
        elif what == "deals":
            if not empty:
                raise line.error(col, "expected '-' (no deal scores); give each deal as 'claim deal:'")
            claim["deals"] = []
        elif what == "totals":
            if claim["totals"] is not None:
                raise line.error(1, "claim totals given twice")
            claim["totals"] = [] if empty else _ints(line, rest, col, "the totals")
        else:
            raise line.error(7, f"expected 'claim deal:', 'claim totals:' or 'claim: -', got {key.strip()!r}")

    # deals
    def line_deal(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        game = self.need_game(line, "a deal")
        if self.players is None:
            raise line.error(1, "a deal before the players: line")
        number = len(self.deals) + 1
        if len(args) != 1 or args[0] != str(number):
            raise line.error(6, f"expected 'deal {number}:' (deals are numbered in order)")
        words = list(_words(rest, col))
        field = game.seat_field
        if len(words) != 2 or words[0][0].lower() != field or not _INT.match(words[1][0]):
            got = rest.strip()
            at = words[0][1] if words else col
            raise line.error(at, f"expected '{field} SEAT' (e.g. {field} 0), got {_shown(got)}")
        seat = _int(line, words[1][0], words[1][1], "the seat")
        deal: Deal[Any] = DrawDeal(seat, [], [], [], None) if game.has_draw else Deal(seat, [], [], [])
        self.deals.append(deal)
        self.deal_state = "hands"

    def current(self, line: _Line, what: str) -> Deal[Any]:
        if not self.deals:
            raise line.error(1, f"{what} outside a deal: a 'deal 1:' line comes first")
        return self.deals[-1]

    def line_hand(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        deal = self.current(line, "a hand")
        game = self.need_game(line, "a hand")
        seat = len(deal.hands)
        if len(args) != 1 or args[0] != str(seat):
            raise line.error(6, f"expected 'hand {seat}:' (hands in seat order, from 0)")
        if deal.actions or self.deal_state != "hands":
            raise line.error(1, "hands come first in a deal, before its stock, draw and actions")
        deal.hands.append(_cards(line, game.deck, rest, col, f"hand {seat}"))

    def line_stock(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        deal = self.current(line, "a stock")
        game = self.need_game(line, "a stock")
        self.no_args(line, args, key)
        if deal.actions or self.deal_state not in ("hands",):
            raise line.error(1, "the stock comes after the hands, before the draw and the actions")
        deal.stock.extend(_cards(line, game.deck, rest, col, "the stock"))
        self.deal_state = "stock"

    def line_draw(self, line: _Line, key: str, args: list[str], rest: str, col: int) -> None:
        deal = self.current(line, "a dealer draw")
        game = self.need_game(line, "a dealer draw")
        if not game.has_draw:
            raise line.error(1, f"{game.id} records no dealer draw")
        if deal.actions:
            raise line.error(1, "the dealer draw comes before the actions")
        assert isinstance(deal, DrawDeal)
        if deal.draw is None:
            deal.draw = []
        self.deal_state = "draw"
        if args:
            if [a.lower() for a in args] != ["rounds"] or rest.strip() != "0":
                raise line.error(1, "expected 'draw: CARDS' (one round a line) or 'draw rounds: 0'")
            return
        deal.draw.append(_cards(line, game.deck, rest, col, "the dealer draw", blanks=True))

    def action(self, line: _Line) -> None:
        deal = self.current(line, "an action")
        game = self.need_game(line, "an action")
        deal.actions.append(parse_action(game, line.text, line.number))
        self.deal_state = "actions"

    def finish(self, first: _Line) -> Record:
        if self.version is None:
            raise first.error(1, f"expected '{FORMAT_ID}: {FORMAT_VERSION}' to begin a record")
        if self.game_id is None:
            raise FormatError(f"line {first.number}: the record has no game: line", CODE)
        if self.players is None:
            raise FormatError(f"line {first.number}: the record has no players: line", CODE)
        prov = None
        if self.seen_provenance is not None:
            if self.generator is None:
                raise self.seen_provenance.error(1, "a seed or setting needs a generator: line")
            prov = Provenance(self.generator, self.seed, self.settings)
        claim = None if self.claim is None else Claim(self.claim["deals"], self.claim["totals"])
        meta = Meta(
            self.meta.get("event"),
            self.meta.get("site"),
            self.meta.get("date"),
            self.meta.get("round"),
            self.meta.get("table"),
            self.tags,
        )
        return Record(
            game=self.game_id,
            players=self.players,
            rules=self.rules,
            meta=meta,
            provenance=prov,
            deals=self.deals,
            claim=claim,
            version=self.version,
        )


_Reader.handlers = {
    "game": _Reader.line_game,
    "players": _Reader.line_players,
    "rule": _Reader.line_rule,
    **dict.fromkeys(_META, _Reader._meta),
    "tag": _Reader.line_tag,
    "generator": _Reader.line_generator,
    "seed": _Reader.line_seed,
    "setting": _Reader.line_setting,
    "claim": _Reader.line_claim,
    "deal": _Reader.line_deal,
    "hand": _Reader.line_hand,
    "stock": _Reader.line_stock,
    "draw": _Reader.line_draw,
}


#: the longest line read, in characters (a note at its limit fits well)
MAX_LINE = 65536


def parse_record(lines: Sequence[str], first: int = 1) -> Record:
    """One record from its lines (``first`` is the number of the first in its file)."""
    reader = _Reader()
    for i, text in enumerate(lines):
        if len(text) > MAX_LINE:
            message = f"line {first + i}: {len(text)} characters is over the limit of {MAX_LINE}"
            raise FormatError(message, "format.limit")
        reader.take(_Line(first + i, text.rstrip("\r\n")))
    record = reader.finish(_Line(first, lines[0] if lines else ""))
    try:
        check_limits(record)
    except FormatError as e:
        raise FormatError(f"record from line {first}: {e.message}", e.code) from None
    return record


def parse_records(text: str) -> list[Record]:
    """Every record of a text-notation document."""
    lines = text.removeprefix("\ufeff").split("\n")
    return [parse_record(chunk, number) for number, chunk in split_records(lines)]


def check_limits(record: Record) -> None:
    """FormatError (``format.limit``) when ``record`` is over one of the size limits. The
    binary and JSON readers check them while decoding; this is for records built another
    way (the text notation)."""

    def over(what: str, size: int, limit: int) -> None:
        if size > limit:
            raise FormatError(f"{what}: {size} is over the limit of {limit}", "format.limit")

    over("players", len(record.players), MAX_SEATS)
    for p in record.players:
        over("characters in a player name", len(p), MAX_NAME)
    m = record.meta
    for key, value in (("event", m.event), ("site", m.site), ("date", m.date), ("round", m.round),
                       ("table", m.table)):  # fmt: skip
        over(f"characters in the {key}", len(value or ""), MAX_TEXT)
    texts = dict(m.tags)
    over("tags", len(m.tags), MAX_TAGS)
    if record.provenance is not None:
        over("settings", len(record.provenance.settings), MAX_TAGS)
        texts.update(record.provenance.settings)
        texts[""] = record.provenance.generator
    for key, value in texts.items():
        over("characters in a tag, setting or generator", max(len(key), len(value)), MAX_TEXT)
    over("deals", len(record.deals), MAX_DEALS)
    for number, deal in enumerate(record.deals, 1):
        over(f"deal {number}: hands", len(deal.hands), MAX_SEATS)
        for hand in deal.hands:
            over(f"deal {number}: cards in a hand", len(hand), MAX_CARDS)
        over(f"deal {number}: cards in the stock", len(deal.stock), MAX_CARDS)
        draw = getattr(deal, "draw", None) or []
        over(f"deal {number}: rounds of the dealer draw", len(draw), MAX_CARDS)
        for row in draw:
            over(f"deal {number}: cards in a round of the dealer draw", len(row), MAX_SEATS)
        over(f"deal {number}: actions", len(deal.actions), MAX_ACTIONS)
        for index, action in enumerate(deal.actions, 1):
            note = getattr(action, "note", None)
            over(f"deal {number}, action {index}: characters in the note", len(note or ""), MAX_NOTE)
            over(f"deal {number}, action {index}: cards", len(getattr(action, "cards", ())), MAX_CARDS)
