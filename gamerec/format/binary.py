"""The binary codec: a record as a container frame (MessagePack header and body, see
:mod:`gamerec.format.container`) and back, with the content hash that names a record by
what it holds."""

from __future__ import annotations

from typing import Any, Union

import msgspec

try:  # BLAKE2 is built into CPython: no need of hashlib's OpenSSL (2 ms of every start-up)
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - another Python
    from hashlib import blake2b

from ..errors import FormatError, InputError
from ..games import get_game
from ..record import Body, Deal, DrawDeal, Header, Record
from . import container
from .jsonform import check_format, split_where
from .values import check_values

__all__ = [
    "content_digest",
    "content_hash",
    "decode_binary",
    "decode_header",
    "encode_binary",
    "reread_problem",
    "with_defaults",
]

# -- binary ---------------------------------------------------------------------------------
_encoder = msgspec.msgpack.Encoder()
_header_decoder = msgspec.msgpack.Decoder(Header)
_loose = msgspec.msgpack.Decoder()
_body_decoders: dict[str, msgspec.msgpack.Decoder[Any]] = {}


def _body_decoder(game_id: str) -> msgspec.msgpack.Decoder[Any]:
    dec = _body_decoders.get(game_id)
    if dec is None:
        game = get_game(game_id)
        union: Any = game.actions[0] if len(game.actions) == 1 else Union[game.actions]  # noqa: UP007
        deal = DrawDeal if game.has_draw else Deal
        dec = _body_decoders[game_id] = msgspec.msgpack.Decoder(Body[deal[union]])  # type: ignore[valid-type]
    return dec


_hash_encoder = msgspec.msgpack.Encoder(order="sorted")
_hash_json_encoder = msgspec.json.Encoder(order="sorted")


def with_defaults(record: Record) -> Record:
    """The record with its rules' defaults filled in, as gamerec writes it. A rules block
    that is not legal is kept as it is (verification reports it)."""
    try:
        game = get_game(record.game)
        rules = game.filled_rules(record.rules, len(record.players))
    except Exception:  # an illegal block stays as recorded
        return record
    if rules == record.rules:
        return record
    return msgspec.structs.replace(record, rules=rules)


def content_digest(record: Record) -> bytes:
    """The 16-byte content hash of a record (see :func:`content_hash`)."""
    record = with_defaults(record)
    deals = record.deals
    noted = False
    for d in deals:  # plain loops: this runs over every action of a batch
        for a in d.actions:
            if a.note is not None:
                noted = True
                break
    if noted:
        deals = [
            msgspec.structs.replace(d, actions=[msgspec.structs.replace(a, note=None) for a in d.actions])
            for d in deals
        ]
    content = (record.game, record.rules, record.players, deals)
    try:
        data = _hash_encoder.encode(content)
    except OverflowError:  # an integer beyond 64 bits (in an illegal rules block): JSON holds it
        data = b"J" + _hash_json_encoder.encode(content)
    return blake2b(data, digest_size=16).digest()


def content_hash(record: Record) -> str:
    """A hash of what a record plays: its game id, rules (defaults filled in), players,
    deals and actions, in the canonical binary encoding; metadata, notes, provenance and
    the claim are left out. Equal games give equal hashes, however they were written."""
    return content_digest(record).hex()


def encode_binary(record: Record) -> bytes:
    """One record as a binary frame (its rules' defaults filled in, its content hash in
    its header)."""
    record = with_defaults(record)
    head = record.header()
    try:
        head.hash = content_digest(record)
        header = _encoder.encode(head)
        body = _encoder.encode(Body(record.deals, record.claim))
    except OverflowError:
        raise InputError(
            "a record holds an integer too large for the binary form (MessagePack integers are 64-bit)"
        ) from None
    if len(header) + len(body) > container.MAX_FRAME:
        raise InputError(
            f"a record of {len(header) + len(body)} bytes exceeds the frame limit of {container.MAX_FRAME}"
        )
    return container.frame(header, body)


def reread_problem(record: Record) -> FormatError | None:
    """Why ``record``, made in Python, would not read back from the binary form as it is, or
    None: a value the format does not hold where its type says (``True`` or ``"x"`` where a
    seat or a card belongs: Python takes ``True`` for 1, the format does not), or one it
    cannot write at all (an integer beyond 64 bits, which no encoding reads)."""
    try:
        header = _encoder.encode(record.header())
        body = _encoder.encode(Body(record.deals, record.claim))
    except OverflowError:
        return FormatError(
            "not a record the format can hold: an integer beyond the 64 bits every encoding reads",
            "format.limit",
        )
    except RecursionError:  # (self-referring rules too)
        return FormatError(
            "not a record the format can hold: a value nested deeper than it holds", "format.limit"
        )
    except UnicodeEncodeError as e:
        return FormatError.schema(
            f"not a record the format can hold: {e.object[e.start : e.end]!r} is no UTF-8 text"
        )
    except (TypeError, ValueError, AttributeError) as e:
        return FormatError.schema(f"not a record the format can hold: {e}")
    try:
        decode_binary(header, body)
    except FormatError as e:
        return e
    return None


def decode_header(data: bytes | memoryview) -> Header:
    """A binary record header, checked for format id and version."""
    try:
        header = _header_decoder.decode(data)
    except msgspec.ValidationError as e:
        # a later version may lay its header out otherwise: say so rather than how it
        # differs from this version's layout
        try:
            head = _loose.decode(data)
        except msgspec.DecodeError:
            head = None
        if isinstance(head, list) and len(head) >= 2:
            check_format(head[0], head[1])
        raise FormatError.schema(f"header: {_binary_path(str(e), _HEADER_FIELDS)}") from None
    except msgspec.DecodeError as e:
        raise FormatError(f"header: not MessagePack: {e}", "format.msgpack") from None
    check_format(header.format, header.version)
    return header


def decode_binary(header: bytes | memoryview, body: bytes | memoryview) -> Record:
    """A record from a frame's header and body bytes."""
    h = decode_header(header)
    try:
        b = _body_decoder(h.game).decode(body)
    except msgspec.ValidationError as e:
        try:
            raw = _loose.decode(body)
        except msgspec.DecodeError:
            raw = None
        where = _binary_path(str(e), _BODY_FIELDS, raw, get_game(h.game).actions)
        raise FormatError.schema(where) from None
    except msgspec.DecodeError as e:
        raise FormatError(f"body: not MessagePack: {e}", "format.msgpack") from None
    check_values(h.rules)  # (a float NaN or ±Infinity, which MessagePack holds and JSON does not)
    actions = sum(len(d.actions) for d in b.deals)
    if h.deals != len(b.deals) or h.actions != actions:
        raise FormatError(
            f"header counts {h.deals} deals and {h.actions} actions, the body holds "
            f"{len(b.deals)} and {actions}",
            "format.counts",
        )
    return Record(
        game=h.game,
        players=h.players,
        rules=h.rules,
        meta=h.meta,
        provenance=h.provenance,
        deals=b.deals,
        claim=b.claim,
        version=h.version,
    )


# How msgspec's array indexes read as field names: a Struct is a tuple of (name, child);
# a list is ["list", child]; None stops naming.
_ACTION_SPEC: Any = (("type", None), ("seat", None))
_DEAL_SPEC: Any = (("dealer", None), ("hands", None), ("stock", None), ("actions", ["list", _ACTION_SPEC]))
_BODY_FIELDS: Any = (("deals", ["list", _DEAL_SPEC]), ("claim", (("deals", None), ("totals", None))))
_META_SPEC: Any = tuple((n, None) for n in ("event", "site", "date", "round", "table", "tags"))
_HEADER_FIELDS: Any = tuple(
    (n, _META_SPEC if n == "meta" else None)
    for n in ("format", "version", "game", "players", "rules", "meta", "provenance", "deals", "actions")
)


def _binary_path(message: str, spec: Any, raw: Any = None, actions: Any = ()) -> str:
    """msgspec's ``$[0][3][1]`` for array-like Structs, spelled with field names:
    ``deals[3].hands``. With the ``raw`` decoded value and the game's action classes, an
    action's fields are named after its tag: ``deals[0].actions[4].card``."""
    text, where, which = split_where(message)
    if not where:
        return text
    path = ""
    for token in where.removeprefix("$").split("]"):
        token = token.removeprefix("[").removeprefix(".")
        if not token:
            continue
        if spec is _ACTION_SPEC and isinstance(raw, list) and raw:
            cls = next((a for a in actions if a.__struct_config__.tag == raw[0]), None)
            if cls is not None:
                spec = (("type", None), *((f, None) for f in cls.__struct_fields__))
        if isinstance(spec, tuple) and token.isdigit() and int(token) < len(spec):
            name, spec = spec[int(token)]
            path += ("." if path else "") + name
        elif isinstance(spec, list):
            path += f"[{token}]"
            spec = spec[1]
        else:
            path += f"[{token}]"
            spec = None
        raw = raw[int(token)] if isinstance(raw, list) and token.isdigit() and int(token) < len(raw) else None
    return f"{path}: {which}{text}" if path else which + text
