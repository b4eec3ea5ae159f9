"""The JSON form of records: readable field names and card codes, meant to be edited by hand.

The JSON Structs of each game are made from its binary action Structs (card fields become
card-code strings, the int tag becomes the action's name), so the two forms cannot drift
apart. :func:`record_to_json` and :func:`record_from_json` convert losslessly.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Annotated, Any, Literal, Union

import msgspec

from ..cards import PLEDGES, CardCodeError, Deck
from ..engine import Game
from ..errors import FormatError
from ..games import get_game
from ..record import (
    FORMAT_ID,
    FORMAT_VERSION,
    MAX_ACTIONS,
    MAX_CARDS,
    MAX_DEALS,
    MAX_INT,
    MAX_SEATS,
    MIN_INT,
    Action,
    Claim,
    Deal,
    DrawDeal,
    Meta,
    Players,
    Provenance,
    Record,
    Text,
    TextMap,
)
from .values import beyond_64_bits, check_ints, check_values

__all__ = ["JsonCodec", "check_format", "codec", "nesting_over", "peek", "pretty", "split_where"]

CardCode = Annotated[str, msgspec.Meta(description="a card code, e.g. QS, TH, JK")]
PledgeName = Annotated[str, msgspec.Meta(description="a pledge: feather, stone or pearl")]
_PLEDGE_INTS = {name: i for i, name in enumerate(PLEDGES)}


class JMeta(msgspec.Struct, omit_defaults=True, rename={"round_": "round"}):
    """Where and when the game was played; any further string tags in ``tags``."""

    event: Text | None = None
    site: Text | None = None
    date: Text | None = None
    round_: Text | None = None
    table: Text | None = None
    tags: TextMap = {}


class JProvenance(msgspec.Struct, omit_defaults=True):
    """How a generated record was made."""

    generator: Text
    seed: int | None = None
    settings: TextMap = {}


class JClaim(msgspec.Struct, omit_defaults=True):
    """A result as written at the table, per scoring side."""

    deals: list[list[int]] | None = None
    totals: list[int] | None = None


class _Peek(msgspec.Struct):
    format: Any = None
    version: Any = None
    game: Any = None


_peek_decoder = msgspec.json.Decoder(_Peek)


def check_format(fmt: Any, version: Any) -> None:
    """FormatError unless this is a gamerec record of a version this gamerec reads."""
    if fmt != FORMAT_ID:
        what = "no format field" if fmt is None else f"format {fmt!r}"
        raise FormatError(f"not a gamerec record ({what})", "format.id")
    if version is None:
        raise FormatError("no format version field (version 1 is this gamerec's)", "format.version")
    if type(version) is not int:
        raise FormatError(f"format version must be an integer, got {version!r}", "format.version")
    if version != FORMAT_VERSION:
        raise FormatError(
            f"unknown format version {version} (this gamerec reads version {FORMAT_VERSION})",
            "format.version",
        )


def peek(data: bytes | str) -> Any:
    """The game id of a JSON record, after checking its format id and version."""
    try:
        head = _peek_decoder.decode(data)
    except msgspec.ValidationError as e:
        raise FormatError.schema(f"not a record: {e}") from None
    except msgspec.DecodeError as e:
        raise FormatError(f"not valid JSON: {e}", "format.json") from None
    check_format(head.format, head.version)
    game = head.game
    if not isinstance(game, str):
        what = "no game field" if game is None else f"the game must be a game id, got {game!r}"
        raise FormatError(f"not a record: {what}", "format.game")
    return game


_JSON_TOKENS = re.compile(rb'["\\\[\]{}]')


def nesting_over(data: bytes, limit: int) -> int:
    """The offset in the (possibly partial) JSON ``data`` where arrays and objects are
    nested ``limit`` deep, or -1 when they are not; strings are skipped. Cheap enough to
    look at the first bytes of an input before reading, or decoding, the rest.

    >>> nesting_over(b'[[["[[[["]]]', 4), nesting_over(b"[[[[", 4)
    (-1, 3)
    """
    depth = 0
    in_string = False
    skip = -1
    for m in _JSON_TOKENS.finditer(data):
        at = m.start()
        if at <= skip:
            continue
        ch = data[at]
        if in_string:
            if ch == 0x5C:  # backslash: the next byte is escaped
                skip = at + 1
            elif ch == 0x22:
                in_string = False
        elif ch == 0x22:
            in_string = True
        elif ch in b"[{":
            depth += 1
            if depth >= limit:
                return at
        elif ch in b"]}":
            depth -= 1
    return -1


def _card_type(t: Any) -> Any:
    if t is int:
        return CardCode
    return Annotated[list[CardCode], msgspec.Meta(max_length=MAX_CARDS)]


class JsonCodec:
    """The JSON Structs of one game and the conversions to and from :class:`Record`."""

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.deck: Deck = game.deck
        self.jactions: dict[type[Action], type[msgspec.Struct]] = {}
        self.from_j: dict[type[msgspec.Struct], tuple[type[Action], tuple[str, ...]]] = {}
        # a game of one kind of action decodes its action Struct alone, where msgspec takes a
        # missing tag for the Struct's own: ``type`` is then a field of its own, so that it is
        # required as the spec says (docs/format.md, "An action object")
        self.one_kind = len(game.actions) == 1
        for cls in game.actions:
            fields: list[tuple[str, Any] | tuple[str, Any, Any]] = []
            if self.one_kind:
                fields.append(("type", Literal[cls.kind]))
            for f in msgspec.structs.fields(cls):
                if f.name in cls.card_fields:
                    t = _card_type(f.type)
                elif f.name in cls.pledge_fields:
                    t = PledgeName
                else:
                    t = f.type
                if f.default is msgspec.NODEFAULT:
                    fields.append((f.name, t))
                else:
                    fields.append((f.name, t, f.default))
            name = f"{type(game).__name__}{cls.__name__}"
            tag = None if self.one_kind else cls.kind
            jcls = msgspec.defstruct(name, fields, tag=tag, omit_defaults=True, module=__name__)
            jcls.__doc__ = cls.__doc__
            self.jactions[cls] = jcls
            self.from_j[jcls] = (cls, tuple(f.name for f in msgspec.structs.fields(cls)))
        union: Any = tuple(self.jactions.values())
        action_type = union[0] if len(union) == 1 else Union[union]  # noqa: UP007
        seat_field = game.seat_field
        title = type(game).__name__
        cards = Annotated[list[CardCode], msgspec.Meta(max_length=MAX_CARDS)]
        deal_fields: list[Any] = [
            (seat_field, int),
            ("hands", Annotated[list[cards], msgspec.Meta(max_length=MAX_SEATS)]),
            ("stock", cards, []),
            ("actions", Annotated[list[action_type], msgspec.Meta(max_length=MAX_ACTIONS)], []),  # type: ignore[valid-type]
        ]
        if game.has_draw:
            row = Annotated[list[CardCode | None], msgspec.Meta(max_length=MAX_SEATS)]
            deal_fields.append(
                ("draw", Annotated[list[row], msgspec.Meta(max_length=MAX_CARDS)] | None, None)
            )
        self.jdeal = msgspec.defstruct(f"{title}Deal", deal_fields, omit_defaults=True, module=__name__)
        self.jdeal.__doc__ = (
            f"One deal: the {seat_field}, the hands as dealt, the revealed stock (top first) "
            "and the actions in play order."
        )
        self.jrecord = msgspec.defstruct(
            f"{title}Record",
            [
                ("format", str),
                ("version", int),
                ("game", str),
                ("players", Players),
                ("rules", dict[str, Any], {}),
                ("meta", JMeta, msgspec.field(default_factory=JMeta)),
                ("provenance", JProvenance | None, None),
                ("deals", Annotated[list[self.jdeal], msgspec.Meta(max_length=MAX_DEALS)], []),  # type: ignore[name-defined]
                ("claim", JClaim | None, None),
            ],
            omit_defaults=True,
            module=__name__,
        )
        self.jrecord.__doc__ = f"A {game.id} record in gamerec's JSON form."
        self.decoder = msgspec.json.Decoder(self.jrecord)

    # -- JSON -> Record -------------------------------------------------------------------
    def _card(self, code: str, path: str) -> int:
        try:
            return self.deck.parse(code)
        except CardCodeError as e:
            raise FormatError(f"{path}: {e}", "format.card") from None

    def from_struct(self, j: Any) -> Record:
        deals: list[Deal[Any]] = []
        card = self._card
        seat_field = self.game.seat_field
        for di, jd in enumerate(j.deals):
            at = f"deals[{di}]"
            hands = [
                [card(c, f"{at}.hands[{h}][{k}]") for k, c in enumerate(hand)]
                for h, hand in enumerate(jd.hands)
            ]
            stock = [card(c, f"{at}.stock[{k}]") for k, c in enumerate(jd.stock)]
            actions = []
            for ai, ja in enumerate(jd.actions):
                cls, names = self.from_j[type(ja)]
                values = []
                for name in names:
                    v = getattr(ja, name)
                    if name in cls.card_fields:
                        where = f"{at}.actions[{ai}].{name}"
                        v = (
                            card(v, where)
                            if isinstance(v, str)
                            else [card(c, f"{where}[{k}]") for k, c in enumerate(v)]
                        )
                    elif name in cls.pledge_fields:
                        v = _pledge(v, f"{at}.actions[{ai}].{name}")
                    elif type(v) is int and not MIN_INT <= v <= MAX_INT:  # (JSON holds any integer)
                        raise beyond_64_bits(f"{at}.actions[{ai}].{name}", v)
                    values.append(v)
                actions.append(cls(*values))
            draw = getattr(jd, "draw", None)
            if draw is not None:
                draw = [
                    [None if c is None else card(c, f"{at}.draw[{r}][{k}]") for k, c in enumerate(row)]
                    for r, row in enumerate(draw)
                ]
            first = getattr(jd, seat_field)
            if not MIN_INT <= first <= MAX_INT:
                raise beyond_64_bits(f"{at}.{seat_field}", first)
            if self.game.has_draw:
                deals.append(DrawDeal(first, hands, stock, actions, draw))
            else:
                deals.append(Deal(first, hands, stock, actions))
        m = j.meta
        meta = Meta(m.event, m.site, m.date, m.round_, m.table, dict(m.tags))
        p = j.provenance
        prov = None if p is None else Provenance(p.generator, p.seed, dict(p.settings))
        if p is not None and p.seed is not None and not MIN_INT <= p.seed <= MAX_INT:
            raise beyond_64_bits("provenance.seed", p.seed)
        claim = None
        if j.claim is not None:
            check_ints(j.claim.deals, "claim.deals")
            check_ints(j.claim.totals, "claim.totals")
            claim = Claim(j.claim.deals, j.claim.totals)
        check_values(j.rules)  # (an integer beyond 64 bits, which JSON holds and MessagePack does not)
        return Record(
            game=j.game,
            players=j.players,
            rules=j.rules,
            meta=meta,
            provenance=prov,
            deals=deals,
            claim=claim,
            version=j.version,
        )

    def decode(self, data: bytes | str) -> Record:
        """A record from one JSON document; FormatError naming the path of a bad field."""
        try:
            j = self.decoder.decode(data)
        except msgspec.ValidationError as e:
            raise FormatError.schema(_json_path(str(e))) from None
        except msgspec.DecodeError as e:
            raise FormatError(f"not valid JSON: {e}", "format.json") from None
        return self.from_struct(j)

    # -- Record -> JSON -------------------------------------------------------------------
    def to_struct(self, record: Record) -> Any:
        code = self.deck.code
        jdeals = []
        for d in record.deals:
            actions = []
            for a in d.actions:
                cls = type(a)
                values = {}
                for name in a.__struct_fields__:
                    v = getattr(a, name)
                    if name in cls.card_fields:
                        v = code(v) if isinstance(v, int) else [code(c) for c in v]
                    elif name in cls.pledge_fields:
                        v = PLEDGES[v] if 0 <= v < len(PLEDGES) else f"#{v}"
                    values[name] = v
                if self.one_kind:
                    values["type"] = cls.kind
                actions.append(self.jactions[cls](**values))
            fields: dict[str, Any] = {
                self.game.seat_field: d.dealer,
                "hands": [[code(c) for c in h] for h in d.hands],
                "stock": [code(c) for c in d.stock],
                "actions": actions,
            }
            draw = getattr(d, "draw", None)
            if draw is not None and self.game.has_draw:
                fields["draw"] = [[None if c is None else code(c) for c in row] for row in draw]
            jdeals.append(self.jdeal(**fields))
        m = record.meta
        p = record.provenance
        return self.jrecord(
            format=FORMAT_ID,
            version=record.version,
            game=record.game,
            players=record.players,
            rules=record.rules,
            meta=JMeta(m.event, m.site, m.date, m.round, m.table, m.tags),
            provenance=None if p is None else JProvenance(p.generator, p.seed, p.settings),
            deals=jdeals,
            claim=None if record.claim is None else JClaim(record.claim.deals, record.claim.totals),
        )


def _pledge(name: str, path: str) -> int:
    try:
        return _PLEDGE_INTS[name.strip().lower()]
    except KeyError:
        raise FormatError(
            f"{path}: not a pledge: {name!r} (feather, stone or pearl)", "format.pledge"
        ) from None


def split_where(message: str) -> tuple[str, str, str]:
    """msgspec's validation ``message`` as (what, where, which): ``Expected `str`, got `int` -
    at `key` in `$.meta.tags``` as ``("expected `str`, got `int`", "$.meta.tags", "a key: ")``
    (``which`` is empty when the value itself is wrong); ``where`` is empty when not said."""
    text, sep, where = message.rpartition(" - at `")
    if not sep:
        return message[:1].lower() + message[1:], "", ""
    where = where.removesuffix("`")
    which = ""
    if where.startswith("key` in `"):
        where, which = where.removeprefix("key` in `"), "a key: "
    return text[:1].lower() + text[1:], where, which


def _json_path(message: str) -> str:
    """``Expected `str`, got `int` - at `$.deals[0].hands[1][2]``` as
    ``deals[0].hands[1][2]: expected `str`, got `int```."""
    text, where, which = split_where(message)
    path = where.removeprefix("$").removeprefix(".")
    # (a game of one kind of action checks its type as a Literal: said as the tag is)
    text = text.replace("invalid enum value ", "invalid value ")
    return f"{path}: {which}{text}" if path else which + text


@cache
def codec(game_id: str) -> JsonCodec:
    """The JSON codec of a game (built once)."""
    return JsonCodec(get_game(game_id))


_INLINE = 88


def pretty(obj: Any, indent: int = 0) -> str:
    """JSON laid out for people: a value that fits on a line stays on one line, larger
    ones open up one item per line (so each action and each hand gets its own line)."""
    memo: dict[int, str] = {}

    def inline(o: Any) -> str:
        key = id(o)
        got = memo.get(key)
        if got is not None:
            return got
        if isinstance(o, dict):
            text = "{" + ", ".join(f"{inline(k)}: {inline(v)}" for k, v in o.items()) + "}"
        elif isinstance(o, list):
            text = "[" + ", ".join(inline(v) for v in o) + "]"
        else:
            return msgspec.json.encode(o).decode()
        memo[key] = text
        return text

    def render(o: Any, at: int) -> str:
        flat = inline(o)
        if len(flat) + at <= _INLINE or not isinstance(o, dict | list) or not o:
            return flat
        pad = " " * (at + 2)
        if isinstance(o, dict):
            items = [f"{pad}{inline(k)}: {render(v, at + 2)}" for k, v in o.items()]
            return "{\n" + ",\n".join(items) + "\n" + " " * at + "}"
        if all(not isinstance(v, dict | list) for v in o):
            # a long list of scalars (a draw pile) fills lines like a paragraph
            lines: list[str] = []
            line = ""
            for v in o:
                item = inline(v)
                if line and len(pad) + len(line) + len(item) + 2 > _INLINE:
                    lines.append(line + ",")
                    line = item
                else:
                    line = f"{line}, {item}" if line else item
            lines.append(line)
            return "[\n" + "\n".join(pad + x for x in lines) + "\n" + " " * at + "]"
        items = [pad + render(v, at + 2) for v in o]
        return "[\n" + ",\n".join(items) + "\n" + " " * at + "]"

    return render(obj, indent)
