"""Reading the text notation (``.gtxt``): records from their lines.

:func:`parse_records` reads every record of a document, :func:`split_records` tells where
each begins (at its ``gamerec:`` line; :mod:`.notation_split`, which also reads a file a
record at a time), :func:`parse_record` reads one: the version line, the header lines
(game, players, rules, metadata, provenance, claim), then each deal (its hands, stock,
dealer draw and actions), each line by its handler, an error naming the line and column.
:func:`check_limits` holds a record read this way to the format's size limits, as the
binary and JSON readers do while they decode. The grammar of a line and of an action is the
notation's own (:mod:`gamerec.format.notation`), shared with the writer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import msgspec

from ..engine import Game
from ..errors import FormatError
from ..games import get_game
from ..record import (
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
    Claim,
    Deal,
    DrawDeal,
    Meta,
    Provenance,
    Record,
)
from .notation import (
    _INT,
    _META,
    CODE,
    MAX_LINE,
    _cards,
    _int,
    _ints,
    _items,
    _json_decode,
    _Line,
    _partition,
    _shown,
    _strip_comment,
    _value,
    _words,
    number_hint,
    parse_action,
)
from .notation_split import Splitter, split_records
from .values import check_values

__all__ = ["Splitter", "check_limits", "parse_record", "parse_records", "split_records"]


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
            raise line.error(
                col, f"expected the format version (a whole number), got {_shown(word)}{number_hint(word)}"
            )
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
        except FormatError as e:
            from ..games import GAMES

            at = col + len(rest) - len(rest.lstrip())
            if game_id in GAMES:  # (installed, but it does not load: say why)
                raise line.error(at, e.message) from None
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
            raise line.error(
                col, f"expected the seed (a whole number), got {_shown(word)}{number_hint(word)}"
            )
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
            hint = number_hint(words[1][0]) if len(words) == 2 else ""
            raise line.error(at, f"expected '{field} SEAT' (e.g. {field} 0), got {_shown(got)}{hint}")
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
        check_values(self.rules)  # (as the JSON form: a rule's value is a JSON value)
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
