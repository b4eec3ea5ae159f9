"""The JSON Schemas in schemas/ agree with the reader (issue 14): the schemas accept a JSON
document exactly when gamerec reads every record in it (whatever their legality), checked
with the reference validator (``jsonschema``) on every JSON and JSON Lines fixture, on the
binary and text fixtures converted to JSON by gamerec's writer, and on documents made to
probe each check. Where JSON Schema cannot say a check, the disagreement is listed by name,
and the test fails when the list is stale.
"""

from __future__ import annotations

import contextlib
import copy
import json
import re
import sys
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from hypothesis import given
from hypothesis import strategies as st

from gamerec.cards import PLEDGES, CardCodeError, Deck
from gamerec.format.read import read_bytes, read_file
from gamerec.format.schema import FOLDS, WHITESPACE, schema_names, spelling_pattern
from gamerec.format.write import encode_records
from gamerec.games import GAMES

ROOT = Path(__file__).resolve().parent.parent.parent
FIXTURES = ROOT / "fixtures"
SCHEMAS = ROOT / "schemas"
BOM = "\ufeff"


class Raw(str):
    """A probe given as its JSON text."""


@cache
def validator(name: str) -> jsonschema.Draft202012Validator:
    """The validator of the committed ``schemas/<name>.schema.json`` (what users get)."""
    schema = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


@contextlib.contextmanager
def deep() -> Iterator[None]:
    """Room for documents nested deeper than Python's usual recursion limit: a validator
    has no depth limit that could agree with the reader's."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


def _load(text: str) -> Any:
    """A JSON document as a validator sees it: parsed by Python's json module."""
    try:
        return json.loads(text.removeprefix(BOM), parse_constant=_no_constant)
    except RecursionError:
        raise ValueError("nested too deep for Python's json") from None


def _record_ok(doc: Any) -> bool:
    ok = validator("record").is_valid(doc)
    game = doc.get("game") if isinstance(doc, dict) else None
    if isinstance(game, str) and game in GAMES:
        # a game's own schema says the same of a record of that game
        assert validator(game).is_valid(doc) == ok, game
    return ok


def schema_verdict(data: bytes) -> bool:
    """Whether the schemas accept ``data``: one JSON document, an array of records
    (``records``) or one record (``record``); else JSON Lines, one record a line."""
    with deep():
        return _schema_verdict(data)


def _schema_verdict(data: bytes) -> bool:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    try:
        doc = _load(text)
    except ValueError:
        lines = [line for line in text.splitlines() if line.strip()]
        try:
            docs = [_load(line) for line in lines]
        except ValueError:
            return False
        return bool(docs) and all(_record_ok(d) for d in docs)
    if isinstance(doc, list):
        ok = validator("records").is_valid(doc)
        assert ok == (bool(doc) and all(_record_ok(d) for d in doc))
        return ok
    return _record_ok(doc)


def readable(entries: Any) -> bool:
    """gamerec's verdict: every entry of the input is a record (legal or not)."""
    entries = list(entries)
    return bool(entries) and all(e.record is not None for e in entries)


# -- every fixture ---------------------------------------------------------------------------
JSON_FIXTURES = sorted(p for p in FIXTURES.rglob("*") if p.suffix in (".json", ".jsonl") and p.is_file())
OTHER_FIXTURES = sorted(p for p in FIXTURES.rglob("*") if p.suffix in (".grec", ".gtxt") and p.is_file())

#: fixtures the schemas and the reader disagree on, each with the check JSON Schema cannot say
FIXTURES_SCHEMA_CANNOT_SAY = {
    "broken/json-rules-nested-1400-deep.json": "values are nested at most as deep as the reader "
    "goes (format.limit): JSON Schema has no keyword bounding the depth of a value it does not "
    "describe (the rules block)",
    "broken/json-rules-int-beyond-64-bit.json": "an integer in the rules is within 64 bits "
    "(format.limit): JSON Schema's integer is a value, and 1e30 is one, so a bound on integers "
    "would also refuse the float 1e30, which the reader takes; the digits are what it cannot see",
}


def test_the_fixtures_are_there() -> None:
    assert len(JSON_FIXTURES) >= 148
    assert len(OTHER_FIXTURES) >= 30


def test_every_json_fixture_agrees_with_the_reader() -> None:
    disagree = {}
    for path in JSON_FIXTURES:
        reader = readable(read_file(path))
        schemas = schema_verdict(path.read_bytes())
        if reader != schemas:
            disagree[str(path.relative_to(FIXTURES))] = f"reader {reader}, schemas {schemas}"
    assert disagree.keys() == FIXTURES_SCHEMA_CANNOT_SAY.keys(), disagree


def test_binary_and_text_fixtures_converted_to_json_agree() -> None:
    """What gamerec's writer makes of every record that reads (up to 2 a file), in a JSON
    array and as JSON Lines: a card int out of the deck is written ``#200``, which neither
    the reader nor the schemas take; a negative dealer is written as it is, and both take it."""
    converted = 0
    for path in OTHER_FIXTURES:
        records = [e.record for e in read_file(path) if e.record is not None][:2]
        if not records:
            continue
        converted += 1
        for encoding in ("json", "jsonl"):
            data = b"".join(encode_records(records, encoding))  # type: ignore[arg-type]
            assert schema_verdict(data) == readable(read_bytes(data)), (path.name, encoding)
    assert converted >= 8


# -- documents made to probe each check --------------------------------------------------------
def base(game: str) -> dict[str, Any]:
    """The smallest good record of ``game``, cut to its first two deals (it still reads:
    reading does not replay) to keep the probes quick."""
    path = min((FIXTURES / game / "games").glob("*.json"), key=lambda p: p.stat().st_size)
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    doc["deals"] = doc["deals"][:2]
    return doc


def first(doc: dict[str, Any], kind: str) -> dict[str, Any]:
    """The first action of ``kind`` in the record."""
    return next(a for d in doc["deals"] for a in d["actions"] if a["type"] == kind)


def setting(path: tuple[Any, ...], value: Any) -> Callable[[dict[str, Any]], Any]:
    def change(doc: dict[str, Any]) -> Any:
        node: Any = doc
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
        return doc

    return change


def dropping(path: tuple[Any, ...]) -> Callable[[dict[str, Any]], Any]:
    def change(doc: dict[str, Any]) -> Any:
        node: Any = doc
        for key in path[:-1]:
            node = node[key]
        del node[path[-1]]
        return doc

    return change


def card(game: str, kind: str, field: str, value: Any) -> tuple[str, Callable[[dict[str, Any]], Any]]:
    def change(doc: dict[str, Any]) -> Any:
        first(doc, kind)[field] = value
        return doc

    return game, change


def raw(old: str, new: str) -> Callable[[dict[str, Any]], Any]:
    """The record's compact JSON text with the first ``old`` replaced by ``new``."""

    def change(doc: dict[str, Any]) -> Any:
        text = json.dumps(doc, separators=(",", ":"))
        assert old in text
        return Raw(text.replace(old, new, 1))

    return change


def renaming(old: str, new: str) -> Callable[[dict[str, Any]], Any]:
    def change(doc: dict[str, Any]) -> Any:
        deal = doc["deals"][0]
        deal[new] = deal.pop(old)
        return doc

    return change


BB = "blackball"
#: name -> (game, change): a change returns the document (a dict, a list) or its text
CASES: dict[str, tuple[str, Callable[[dict[str, Any]], Any]]] = {
    "as it is": (BB, lambda d: d),
    # card codes, each game's deck
    "card in lower case": card(BB, "play", "card", "qs"),
    "card with blanks around": card(BB, "play", "card", " \tQS\u3000\n"),
    "card with 10 for T": card(BB, "play", "card", "10h"),
    "card with a long s (upper case S)": card(BB, "play", "card", "q\u017f"),
    "card 1S": card(BB, "play", "card", "1S"),
    "joker in blackball": card(BB, "play", "card", "JK"),
    "card as written for an int out of the deck": card(BB, "play", "card", "#200"),
    "card an int": card(BB, "play", "card", 7),
    "card empty": card(BB, "play", "card", ""),
    "card with a blank inside": card(BB, "play", "card", "Q S"),
    "card X in a hand": (BB, setting(("deals", 0, "hands", 0, 0), "XX")),
    "card X in the stock": (BB, setting(("deals", 0, "stock"), ["XX"])),
    "joker in black-swan-2012": card("black-swan-2012", "play", "cards", ["jk"]),
    "swan in black-swan-2012": card("black-swan-2012", "play", "cards", ["BS", "10c"]),
    "JO in black-swan-2012": card("black-swan-2012", "play", "cards", ["JO"]),
    "cards a string in black-swan-2012": card("black-swan-2012", "play", "cards", "JK"),
    "taroc major in lower case": card("black-swan-taroc", "play", "card", "vo7"),
    "taroc major with a ligature": card("black-swan-taroc", "play", "card", "\ufb06" + "1"),
    "taroc VO8": card("black-swan-taroc", "play", "card", "VO8"),
    "taroc 10 of Bones": card("black-swan-taroc", "play", "card", "10o"),
    "forest R99": card("forest", "play", "card", "r99"),
    "forest R100": card("forest", "play", "card", "R100"),
    "forest R0": card("forest", "play", "card", "R0"),
    "forest R07": card("forest", "play", "card", "R07"),
    "taroc draw with nulls": (
        "black-swan-taroc",
        setting(("deals", 0, "draw"), [["AS1", None], [None, "vo1"]]),
    ),
    "taroc draw with a bad card": ("black-swan-taroc", setting(("deals", 0, "draw"), [["AS9", "VO1"]])),
    "a draw in a blackball deal (not read)": (BB, setting(("deals", 0, "draw"), [[5, "XX"]])),
    # pledges
    "pledge in upper case with blanks": card("black-swan-taroc", "pledge", "pledge", " PEARL "),
    "pledge diamond": card("black-swan-taroc", "pledge", "pledge", "diamond"),
    "pledge an int": card("black-swan-taroc", "pledge", "pledge", 0),
    # seats and players
    "seat -1 (read, then illegal)": card(BB, "play", "seat", -1),
    "seat over 64 bits": card(BB, "play", "seat", 2**70),
    "seat true": card(BB, "play", "seat", True),
    "seat a string": card(BB, "play", "seat", "0"),
    "dealer -1 (read, then illegal)": (BB, setting(("deals", 0, "dealer"), -1)),
    "dealer missing": (BB, dropping(("deals", 0, "dealer"))),
    "dealer named first": (BB, renaming("dealer", "first")),
    "first named dealer": ("black-swan-2012", renaming("first", "dealer")),
    "player named with an empty string (read, then illegal)": (BB, setting(("players", 0), "")),
    "no players (read, then illegal)": (BB, setting(("players",), [])),
    "17 players": (BB, setting(("players",), [f"p{i}" for i in range(17)])),
    "a name of 256 characters": (BB, setting(("players", 0), "n" * 256)),
    "a name of 257 characters": (BB, setting(("players", 0), "n" * 257)),
    "a name a number": (BB, setting(("players", 0), 5)),
    # rules: read whatever they hold, checked when verified
    "unknown option (read, then illegal)": (BB, setting(("rules", "jokers"), True)),
    "option value out of range (read, then illegal)": (BB, setting(("rules", "schedule"), "2-7-2")),
    "option of the wrong type (read, then illegal)": (BB, setting(("rules", "hook"), "yes")),
    "rules an array": (BB, setting(("rules",), [])),
    "rules null": (BB, setting(("rules",), None)),
    "no rules": (BB, dropping(("rules",))),
    # keys the reader does not know are not read
    "unknown key in the record": (BB, setting(("extra",), {"any": [1, None]})),
    "unknown key in a deal": (BB, setting(("deals", 0, "extra"), 1)),
    "unknown key in an action": card(BB, "play", "extra", None),
    "unknown action type": (BB, setting(("deals", 0, "actions", 0), {"type": "dance", "seat": 0})),
    "action without its seat": (BB, dropping(("deals", 0, "actions", 0, "seat"))),
    "action an array": (BB, setting(("deals", 0, "actions", 0), ["bid", 0, 1])),
    # header
    "format pgn": (BB, setting(("format",), "pgn")),
    "format missing": (BB, dropping(("format",))),
    "version 2": (BB, setting(("version",), 2)),
    "version a string": (BB, setting(("version",), "1")),
    "game poker": (BB, setting(("game",), "poker")),
    "game missing": (BB, dropping(("game",))),
    "game of another record": (BB, setting(("game",), "forest")),
    "meta null": (BB, setting(("meta",), None)),
    "meta event null": (BB, setting(("meta", "event"), None)),
    "meta event of 1025 characters": (BB, setting(("meta", "event"), "e" * 1025)),
    "meta tag a number": (BB, setting(("meta", "tags"), {"k": 1})),
    "257 tags": (BB, setting(("meta", "tags"), {str(i): "" for i in range(257)})),
    "tag name of 1025 characters": (BB, setting(("meta", "tags"), {"k" * 1025: ""})),
    "provenance null": (BB, setting(("provenance",), None)),
    "provenance without its generator": (BB, setting(("provenance",), {"seed": 1})),
    "claim with a fraction": (BB, setting(("claim",), {"deals": [[1.5]]})),
    "claim totals": (BB, setting(("claim",), {"totals": [1, -2]})),
    # deals and sizes
    "deals null": (BB, setting(("deals",), None)),
    "no deals": (BB, dropping(("deals",))),
    "a hand of 1024 cards": (BB, setting(("deals", 0, "hands", 0), ["2C"] * 1024)),
    "a hand of 1025 cards": (BB, setting(("deals", 0, "hands", 0), ["2C"] * 1025)),
    "17 hands": (BB, setting(("deals", 0, "hands"), [["2C"]] * 17)),
    "stock null": (BB, setting(("deals", 0, "stock"), None)),
    "note null": card(BB, "play", "note", None),
    "note of 4096 characters": card(BB, "play", "note", "n" * 4096),
    "note of 4097 characters": card(BB, "play", "note", "n" * 4097),
    # files of records
    "a record in an array": (BB, lambda d: [d, copy.deepcopy(d)]),
    "an empty array": (BB, lambda d: []),
    "a record and a number in an array": (BB, lambda d: [d, 5]),
    "an array in an array": (BB, lambda d: [[d]]),
    "a string": (BB, lambda d: "gamerec"),
    "two records as JSON Lines": (BB, lambda d: Raw(json.dumps(d) + "\n\n" + json.dumps(d) + "\n")),
    "a record and a bad line as JSON Lines": (BB, lambda d: Raw(json.dumps(d) + "\n" + '{"format": 1}\n')),
    "a byte-order mark": (BB, lambda d: Raw(BOM + json.dumps(d))),
    # what JSON Schema cannot say (CANNOT_SAY)
    "version 1.0": (BB, raw('"version":1', '"version":1.0')),
    "seat 0.0": (BB, raw('"seat":0', '"seat":0.0')),
    "seat 1e0": (BB, raw('"seat":1', '"seat":1e0')),
    "a number beyond a double in the rules": (BB, raw('"rules":{', '"rules":{"x":1e400,')),
    "an integer beyond 64 bits in the rules": (
        BB,
        raw('"rules":{', '"rules":{"x":[{"y":18446744073709551616}],'),
    ),
    "players given twice": (BB, raw('"players":', '"players":5,"players":')),
    "a lone surrogate in a string": (BB, raw('"players":["', '"players":["\\ud800')),
}

#: the probes the schemas and the reader disagree on, by the check JSON Schema cannot say
CANNOT_SAY = {
    "version 1.0": "an integer is written without a fraction: the reader reads 1.0 as a float, "
    "JSON Schema's integer is a value, 1.0 equals 1",
    "seat 0.0": "an integer is written without a fraction (as for version 1.0)",
    "seat 1e0": "an integer is written without an exponent: 1e0 is a float to the reader",
    "a number beyond a double in the rules": "a number is within a double's range: "
    "JSON Schema has no bound on the numbers of an object it does not describe",
    "an integer beyond 64 bits in the rules": "an integer in the rules is within 64 bits "
    "(as the fixture json-rules-int-beyond-64-bit.json)",
    "players given twice": "a key given twice: the reader checks every value given, "
    "a validator sees one (the last, in Python's json)",
    "a lone surrogate in a string": "a string is valid Unicode: the reader refuses an unpaired "
    "surrogate escape (\\ud800) as malformed JSON, Python's json decodes it into the string",
}


def _data(name: str) -> bytes:
    game, change = CASES[name]
    made = change(base(game))
    text = made if isinstance(made, Raw) else json.dumps(made)
    return text.encode("utf-8", "surrogatepass")


PROBES = {name: _data(name) for name in CASES}


def test_probes_agree_with_the_reader_but_for_what_json_schema_cannot_say() -> None:
    verdicts = {name: (readable(read_bytes(data)), schema_verdict(data)) for name, data in PROBES.items()}
    assert verdicts["as it is"] == (True, True)
    disagree = {name: v for name, v in verdicts.items() if v[0] != v[1]}
    assert disagree.keys() == CANNOT_SAY.keys(), disagree
    # each probe of a check JSON Schema cannot say is one the reader refuses
    assert all(verdicts[name] == (False, True) for name in CANNOT_SAY)


def test_each_probe_changes_what_it_names() -> None:
    """The probes are not all alike: most are refused, many read."""
    verdicts = [readable(read_bytes(data)) for data in PROBES.values()]
    assert 30 < verdicts.count(False) < len(CASES) - 20


# -- the patterns of card codes and pledge names ------------------------------------------------
def test_folds_and_whitespace_are_pythons() -> None:
    """The tables the patterns are made from are those of the running Python's Unicode."""
    chars = [chr(i) for i in range(128, sys.maxunicode + 1)]
    assert {c: c.upper() for c in chars if c.upper().isascii()} == FOLDS["upper"]
    assert {c: c.lower() for c in chars if c.lower().isascii()} == FOLDS["lower"]
    assert set(WHITESPACE) == {chr(i) for i in range(sys.maxunicode + 1) if chr(i).isspace()}


def _parses(deck: Deck, text: str) -> bool:
    try:
        deck.parse(text)
    except CardCodeError:
        return False
    return True


def _card_pattern(game: str) -> str:
    schema = json.loads((SCHEMAS / f"{game}.schema.json").read_text(encoding="utf-8"))
    (name,) = [k for k in schema["$defs"] if k.endswith("Card")]
    pattern: str = schema["$defs"][name]["pattern"]
    return pattern


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_spelling_of_every_card_matches(game: str) -> None:
    deck = GAMES[game].deck
    pattern = re.compile(_card_pattern(game))
    for key in deck.spellings:
        for text in (key, key.lower(), key.swapcase(), f" {key.lower()}\t", key.replace("S", "\u017f")):
            assert _parses(deck, text) and pattern.search(text), text
    assert pattern.pattern == spelling_pattern(deck.spellings, "upper")


def _near_card(deck: Deck) -> st.SearchStrategy[str]:
    letters = sorted({c for key in deck.spellings for c in key + key.lower()} | set(FOLDS["upper"]))
    alphabet = st.sampled_from([*letters, " ", "\t", "\u3000", "\ufeff", "\x00", "0", "#", "-"])
    return st.lists(alphabet, max_size=5).map("".join)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_card_pattern_agrees_with_the_reader(game: str) -> None:
    deck = GAMES[game].deck
    pattern = re.compile(_card_pattern(game))

    @given(_near_card(deck))
    def agree(text: str) -> None:
        assert bool(pattern.search(text)) == _parses(deck, text), repr(text)

    agree()


@given(st.lists(st.sampled_from([*"featherstonpl", *"FEATHERSTONPL", "\u212a", " ", "\n", "x"]), max_size=9))
def test_pledge_pattern_agrees_with_the_reader(chars: list[str]) -> None:
    schema = json.loads((SCHEMAS / "black-swan-taroc.schema.json").read_text(encoding="utf-8"))
    pattern = re.compile(schema["$defs"]["Pledge"]["pattern"])
    text = "".join(chars)
    assert bool(pattern.search(text)) == (text.strip().lower() in PLEDGES), repr(text)


def test_the_patterns_are_portable() -> None:
    """Only what ECMA-262 (the dialect JSON Schema names) and Python's re read alike:
    anchors, classes, groups, ?, * and | over letters, digits and \\u escapes."""
    for name in schema_names():
        text = (SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8")
        for pattern in re.findall(r'"pattern": "((?:[^"\\]|\\.)*)"', text):
            body = json.loads(f'"{pattern}"')
            assert re.fullmatch(r"(?:\\u[0-9A-F]{4}|[\^$\[\]()?:*|\-A-Za-z0-9])+", body), body
