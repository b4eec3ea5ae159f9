"""JSON Schema of the JSON form, made from the msgspec Structs the JSON reader decodes with,
so that a schema and the reader agree: the schema accepts a document exactly when gamerec
reads it as a record (legal or not), but for the few checks JSON Schema cannot say (listed
in docs/format.md, "JSON Schema", and held by tests/format/test_schema_agreement.py).

The files ``gamerec schema`` writes (the copies in ``schemas/`` are kept current by a test):

- ``<game>.schema.json``: one record of that game;
- ``record.schema.json``: one record of any game: a ``.json`` file holding one record, or
  one line of a ``.jsonl`` file;
- ``records.schema.json``: a ``.json`` file holding an array of records of any games.

Card codes and pledge names are read case-insensitively with blanks around ignored
(Python's ``str.strip`` and ``upper``/``lower``), so they are a ``pattern`` spelling out
every accepted form, not an enumeration of the canonical ones.
"""

from __future__ import annotations

import os
from functools import cache
from pathlib import Path
from typing import Any, Literal

import msgspec

from ..cards import PLEDGES, Deck
from ..games import get_game, playable
from ..record import FORMAT_ID, FORMAT_VERSION, MAX_INT, MIN_INT
from .jsonform import CardCode, PledgeName, codec

__all__ = [
    "FOLDS",
    "WHITESPACE",
    "json_schema",
    "schema_names",
    "schema_of",
    "schema_text",
    "spelling_pattern",
    "write_schemas",
]

DIALECT = "https://json-schema.org/draft/2020-12/schema"

#: The characters Python's ``str.strip()`` removes (``str.isspace``), as the reader strips
#: a card code or pledge name. Spelled out: ECMA-262's ``\s`` is another set.
WHITESPACE = (
    "\t\n\x0b\x0c\r\x1c\x1d\x1e\x1f \x85\xa0\u1680"
    + "".join(map(chr, range(0x2000, 0x200B)))
    + ("\u2028\u2029\u202f\u205f\u3000")
)

#: The characters beyond ASCII whose ``upper()`` (``lower()``) is ASCII: a card code
#: ``qſ`` reads as ``QS``, ``ﬆ1`` as ``ST1``. A test compares them with the Unicode
#: database of the Python running it.
FOLDS: dict[str, dict[str, str]] = {
    "upper": {
        "\xdf": "SS",
        "\u0131": "I",
        "\u017f": "S",
        "\ufb00": "FF",
        "\ufb01": "FI",
        "\ufb02": "FL",
        "\ufb03": "FFI",
        "\ufb04": "FFL",
        "\ufb05": "ST",
        "\ufb06": "ST",
    },
    "lower": {"\u212a": "k"},
}


def _char(c: str) -> str:
    """``c`` as a regular expression that both ECMA-262 and Python's ``re`` read alike."""
    return c if c.isascii() and c.isalnum() else f"\\u{ord(c):04X}"


def _char_class(chars: set[str]) -> str:
    """A character class matching ``chars``, runs of three or more as ranges."""
    codes = sorted(map(ord, chars))
    if len(codes) == 1:
        return _char(chr(codes[0]))
    parts = []
    i = 0
    while i < len(codes):
        j = i
        while j + 1 < len(codes) and codes[j + 1] == codes[j] + 1:
            j += 1
        if j - i >= 2:
            parts.append(f"{_char(chr(codes[i]))}-{_char(chr(codes[j]))}")
        else:
            parts.extend(_char(chr(c)) for c in codes[i : j + 1])
        i = j + 1
    return "[" + "".join(parts) + "]"


def spelling_pattern(keys: frozenset[str] | set[str], fold: Literal["upper", "lower"]) -> str:
    """The regular expression of every string ``s`` whose ``s.strip().upper()`` (or
    ``lower()``) is one of ``keys``: a trie of the keys whose edges are the characters that
    fold to each key character (ligatures fold to two), subtrees that are alike merged.

    >>> import re
    >>> p = spelling_pattern({"QS", "10S"}, "upper")
    >>> [bool(re.search(p, s)) for s in ("qs", " 10\u017f\t", "Q S", "10", "QS!")]
    [True, True, False, False, False]
    """
    units = {chr(i): getattr(chr(i), fold)() for i in range(128)}
    units.update(FOLDS[fold])
    prefixes = {k[:n] for k in keys for n in range(len(k) + 1)}

    @cache
    def node(prefix: str) -> str:
        groups: dict[str, set[str]] = {}
        for char, folded in units.items():
            if folded and prefix + folded in prefixes:
                groups.setdefault(node(prefix + folded), set()).add(char)
        parts = sorted(_char_class(chars) + rest for rest, chars in groups.items())
        if not parts:
            return ""
        body = "|".join(parts)
        if prefix in keys:
            return f"(?:{body})?"
        return body if len(parts) == 1 else f"(?:{body})"

    blank = _char_class(set(WHITESPACE)) + "*"
    root = node("")
    if not root.startswith("(?:"):
        root = f"(?:{root})"
    return f"^{blank}{root}{blank}$"


def _card(deck: Deck) -> dict[str, Any]:
    tens = any(code.startswith("10") for code in deck.spellings)
    examples = ", ".join(deck.codes[i] for i in sorted({0, len(deck.codes) // 2, len(deck.codes) - 1}))
    return {
        "type": "string",
        "pattern": spelling_pattern(deck.spellings, "upper"),
        "description": (
            f"a card code of the {deck.name} deck ({len(set(deck.codes))} codes, e.g. {examples}), "
            "read case-insensitively with blanks around ignored"
            + (", 10 for T" if tens else "")
            + "; gamerec writes the canonical upper-case form"
        ),
    }


_PLEDGE = {
    "type": "string",
    "pattern": spelling_pattern(frozenset(PLEDGES), "lower"),
    "description": (
        f"a pledge: {', '.join(PLEDGES)}, read case-insensitively with blanks around ignored; "
        "gamerec writes it in lower case"
    ),
}

_RULES = (
    "The rule options, name to value. gamerec reads a record whatever object this is: an "
    "unknown option or a value out of range makes the record illegal (rule `options`, "
    "reported by `gamerec validate`), not unreadable. The options validate accepts are "
    "described by {ref}."
)


#: an integer of a record: one of 64 bits, as the binary form holds (docs/format.md, "Limits")
_INTEGER = {"type": "integer", "minimum": MIN_INT, "maximum": MAX_INT}


def _swap(node: Any, old: dict[str, Any], new: dict[str, Any]) -> Any:
    """``node`` with every sub-schema equal to ``old`` replaced by ``new``."""
    if node == old:
        return new
    if isinstance(node, dict):
        return {k: _swap(v, old, new) for k, v in node.items()}
    if isinstance(node, list):
        return [_swap(v, old, new) for v in node]
    return node


def _ref(name: str) -> dict[str, Any]:
    return {"$ref": f"#/$defs/{name}"}


def _game_defs(game_id: str) -> tuple[str, dict[str, Any]]:
    """The name of a game's record in ``$defs`` and the ``$defs`` it needs."""
    game = get_game(game_id)
    c = codec(game_id)
    schema: dict[str, Any] = msgspec.json.schema(c.jrecord)
    defs: dict[str, Any] = schema["$defs"]
    rules = msgspec.json.schema(game.Rules)
    defs.update(rules.get("$defs", {}))
    card = f"{type(game).__name__}Card"
    defs = _swap(defs, msgspec.json.schema(CardCode), _ref(card))
    defs = _swap(defs, msgspec.json.schema(PledgeName), _ref("Pledge"))
    defs = _swap(defs, {"type": "integer"}, _INTEGER)
    defs[card] = _card(game.deck)
    if any(cls.pledge_fields for cls in game.actions):
        defs["Pledge"] = _PLEDGE
    name = c.jrecord.__name__
    record = defs[name]
    record["properties"]["rules"] = {
        "type": "object",
        "default": {},
        "description": _RULES.format(ref=rules["$ref"]),
    }
    record["properties"]["game"] = {"const": game_id}
    record["properties"]["format"] = {"const": FORMAT_ID}
    record["properties"]["version"] = {"const": FORMAT_VERSION}
    return name, defs


def json_schema(game_id: str) -> dict[str, Any]:
    """The JSON Schema of a ``game_id`` record in the JSON form."""
    name, defs = _game_defs(game_id)
    game = get_game(game_id)
    return {
        "$schema": DIALECT,
        "title": f"gamerec record: {game_id}",
        "description": f"A {game.title} record in gamerec's JSON form (format version {FORMAT_VERSION}).",
        "$ref": f"#/$defs/{name}",
        "$defs": defs,
    }


def _all_defs() -> dict[str, Any]:
    """The ``$defs`` of every game, and ``Record``: a record of any game."""
    defs: dict[str, Any] = {}
    cases = []
    for game_id in playable():
        name, game_defs = _game_defs(game_id)
        for key, value in game_defs.items():
            if defs.setdefault(key, value) != value:  # pragma: no cover - a clash of names
                raise AssertionError(f"two games define {key} differently")
        cases.append(
            {"if": {"properties": {"game": {"const": game_id}}, "required": ["game"]}, "then": _ref(name)}
        )
    defs["Record"] = {
        "description": "A record of any game: its game id chooses the game's schema.",
        "type": "object",
        "required": ["format", "version", "game"],
        "properties": {
            "format": {"const": FORMAT_ID},
            "version": {"const": FORMAT_VERSION},
            "game": {"enum": playable()},
        },
        "allOf": cases,
    }
    return defs


def schema_names() -> list[str]:
    """The names of the schemas, each written to ``<name>.schema.json``."""
    return [*playable(), "record", "records"]


def schema_of(name: str) -> dict[str, Any]:
    """The schema ``name``: a game id, ``record`` or ``records``."""
    if name == "record":
        return {
            "$schema": DIALECT,
            "title": "gamerec record",
            "description": (
                f"One record of any game in gamerec's JSON form (format version {FORMAT_VERSION}): "
                "a .json file holding one record, or one line of a .jsonl file."
            ),
            "$ref": "#/$defs/Record",
            "$defs": _all_defs(),
        }
    if name == "records":
        return {
            "$schema": DIALECT,
            "title": "gamerec records",
            "description": (
                f"A .json file holding an array of records of any games in gamerec's JSON form "
                f"(format version {FORMAT_VERSION}): at least one."
            ),
            "type": "array",
            "minItems": 1,
            "items": _ref("Record"),
            "$defs": _all_defs(),
        }
    return json_schema(name)


def schema_text(name: str) -> str:
    """The schema as written to ``schemas/<name>.schema.json`` (stable, sorted keys)."""
    data = msgspec.json.encode(schema_of(name), order="sorted")
    return msgspec.json.format(data, indent=2).decode() + "\n"


def write_schemas(directory: str | Path, force: bool = False) -> list[Path]:
    """Write every schema into ``directory`` (made if need be); returns the paths written.
    A file there that holds other content is not replaced without ``force``: then nothing
    is written (a file that holds the same schema already is left as it is). Each file is
    written atomically."""
    from ..errors import InputError
    from .paths import refuse_empty
    from .write import write_atomic

    refuse_empty(directory, "folder name")
    d = Path(directory)
    if d.exists() and not d.is_dir():
        raise InputError(f"{d}: not a folder: schema writes a file per game into a folder")
    try:
        d.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise InputError(f"{d}: cannot make the folder: {e.strerror or e}") from None
    texts = {d / f"{name}.schema.json": schema_text(name).encode() for name in schema_names()}
    for path, data in texts.items():
        if not force and os.path.lexists(path) and _content(path) != data:
            why = "exists, with other content (use --force to replace it); nothing written"
            raise InputError(f"{path}: {why}")
    paths = []
    for path, data in texts.items():
        if _content(path) != data:
            write_atomic(path, [data], force=True)
        paths.append(path)
    return paths


def _content(path: Path) -> bytes | None:
    """What the file at ``path`` holds; None when it cannot be read (or is no file)."""
    try:
        return path.read_bytes()
    except OSError:
        return None
