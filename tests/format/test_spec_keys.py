"""Issue 31, property 4: the reader, the spec and the JSON Schema agree, key by key.

The spec is docs/format.md's tables of the JSON form (the record, a deal, the objects inside
a record, an action): each key, its JSON type and whether it is required. For every JSON
fixture that reads (cut to its first two deals, and with every optional key filled in so
that there is something to delete), each key the tables name is, one at a time:

- deleted: the reader refuses exactly when the key is required, and so does the game's
  JSON Schema; the reader says so in the spec's words (``deals[0]: object missing required
  field `hands```, docs/errors.md);
- given a value of a wrong JSON type: both refuse.
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from gamerec.format.read import read_bytes
from gamerec.games import get_game

ROOT = Path(__file__).resolve().parent.parent.parent
FORMAT_MD = ROOT / "docs" / "format.md"
SCHEMAS = ROOT / "schemas"
FIXTURES = ROOT / "fixtures"


# -- the spec, read from docs/format.md ---------------------------------------------------------
def _table_after(text: str, lead: str) -> list[list[str]]:
    """The rows (cells stripped) of the first Markdown table after the line ``lead``."""
    at = text.index(lead)
    rows = []
    started = False
    for line in text[at:].splitlines()[1:]:
        if line.startswith("|"):
            started = True
            cells = [c.strip() for c in line.strip().strip("|").split(" | ")]
            if not set(cells[0]) <= set("- "):
                rows.append(cells)
        elif started:
            break
    return rows[1:]  # (the header row)


def _keys(cell: str) -> list[str]:
    return re.findall(r"`([a-z_]+)`", cell)


@cache
def spec() -> dict[str, dict[str, tuple[bool, str]]]:
    """Per object (``record``, ``deal``, ``meta``, ``provenance``, ``claim``, ``action``):
    each key, whether it is required and its JSON type as the spec says."""
    text = FORMAT_MD.read_text(encoding="utf-8")
    out: dict[str, dict[str, tuple[bool, str]]] = {"record": {}, "deal": {}, "action": {}}
    for key, kind, required, *_ in _table_after(text, "A record is a JSON object."):
        out["record"][_keys(key)[0]] = (required.startswith("yes"), kind)
    for key, kind, required, *_ in _table_after(text, "A deal object:"):
        names = _keys(key)
        # the first player's key is named by the game (`dealer` or `first`)
        out["deal"]["SEAT" if "dealer" in names else names[0]] = (required.startswith("yes"), kind)
    for obj, key, kind, required in _table_after(text, "Inside the record's objects:"):
        for name in _keys(key):
            out.setdefault(_keys(obj)[0], {})[name] = (required.startswith("yes"), kind)
    for key, kind, required in _table_after(text, "An action object:"):
        name = "FIELDS" if key.startswith("each field") else _keys(key)[0]
        out["action"][name] = (required.startswith("yes"), kind)
    return out


def test_the_spec_is_read() -> None:
    s = spec()
    assert {k for k, (req, _) in s["record"].items() if req} == {"format", "version", "game", "players"}
    assert set(s["record"]) == {"format", "version", "game", "players", "rules", "meta", "provenance"} | {
        "deals",
        "claim",
    }
    assert s["deal"]["SEAT"][0] and s["deal"]["hands"][0] and not s["deal"]["stock"][0]
    assert s["provenance"]["generator"][0] and not s["meta"]["event"][0]
    assert s["action"]["type"][0] and not s["action"]["note"][0]


# -- the documents ---------------------------------------------------------------------------------
def _fixtures() -> list[Path]:
    """Every JSON fixture whose records all read (one record a document)."""
    out = []
    for path in sorted(FIXTURES.rglob("*.json")):
        entries = list(read_bytes(path.read_bytes()))
        if len(entries) == 1 and entries[0].record is not None:
            out.append(path)
    return out


FILLED_META = {"event": "e", "site": "s", "date": "2026-12-03", "round": "1", "table": "2"} | {
    "tags": {"k": "v"}
}


def _filled(path: Path) -> dict[str, Any]:
    """The fixture's record cut to two deals, every optional key filled in."""
    doc: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    doc["deals"] = doc.get("deals", [])[:2]
    doc["rules"] = doc.get("rules", {})
    doc["meta"] = {**FILLED_META, **doc.get("meta", {})}
    doc["provenance"] = {"generator": "g", "seed": 3, "settings": {"a": "b"}, **(doc.get("provenance") or {})}
    doc["claim"] = {"deals": [[0]], "totals": [0], **(doc.get("claim") or {})}
    for deal in doc["deals"]:
        deal.setdefault("stock", [])
        deal.setdefault("actions", [])
    for deal in doc["deals"][:1]:
        for action in deal["actions"][:1]:
            action.setdefault("note", "n")
    return doc


#: the keys that say what a document is, each refused with its own code when missing or wrong
ID_KEYS = {"format": "format.id", "version": "format.version", "game": "format.game"}

#: a value of a wrong JSON type for each type the spec names (by its first word)
WRONG = {"string": 5, "integer": "1", "array": {"a": 1}, "object": [1], "card": 5, "pledge": 7}


def _wrong(kind: str) -> Any:
    first = kind.split()[0].strip("`(:")
    return WRONG.get(first, None if first != "as" else True)


def _places(doc: dict[str, Any]) -> Iterator[tuple[str, list[Any], str, bool, str]]:
    """(where, the path to the object, key, required, JSON type) of every key the spec names."""
    s = spec()
    game = get_game(doc["game"])
    for key, (req, kind) in s["record"].items():
        yield "", [], key, req, kind
    for obj in ("meta", "provenance", "claim"):
        for key, (req, kind) in s[obj].items():
            yield obj, [obj], key, req, kind
    for key, (req, kind) in s["deal"].items():
        if key == "draw" and not game.has_draw:
            continue  # (not read in another game's deal)
        name = game.seat_field if key == "SEAT" else key
        yield "deals[0]", ["deals", 0], name, req, kind
    seen: set[str] = set()
    for di, deal in enumerate(doc["deals"]):
        for ai, action in enumerate(deal["actions"]):
            if action["type"] in seen:
                continue
            seen.add(action["type"])
            for key, (req, kind) in s["action"].items():
                names = [k for k in action if k not in ("type", "seat", "note")] if key == "FIELDS" else [key]
                for name in names:
                    yield f"deals[{di}].actions[{ai}]", ["deals", di, "actions", ai], name, req, kind


def _at(doc: Any, path: list[Any]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


@cache
def _validator(game: str) -> jsonschema.Draft202012Validator:
    schema = json.loads((SCHEMAS / f"{game}.schema.json").read_text(encoding="utf-8"))
    return jsonschema.Draft202012Validator(schema)


def _reader(doc: Any) -> tuple[bool, str]:
    (entry,) = read_bytes(json.dumps(doc).encode())
    if entry.record is not None:
        return True, ""
    assert entry.error is not None
    return False, f"{entry.error.message} [{entry.error.code}]"


FIXTURE_DOCS = {str(p.relative_to(FIXTURES)): p for p in _fixtures()}


def test_there_are_fixtures_of_every_game() -> None:
    games = {json.loads(p.read_text(encoding="utf-8"))["game"] for p in FIXTURE_DOCS.values()}
    assert games == {"blackball", "black-swan-2012", "black-swan-taroc", "forest"}
    assert len(FIXTURE_DOCS) >= 20


@pytest.mark.parametrize("name", sorted(FIXTURE_DOCS))
def test_each_key_deleted_or_of_a_wrong_type(name: str) -> None:
    doc = _filled(FIXTURE_DOCS[name])
    game = doc["game"]
    assert _reader(doc) == (True, "") and _validator(game).is_valid(doc), name
    disagree = []
    for where, path, key, required, kind in _places(doc):
        if key not in _at(doc, path):
            continue
        # deleted
        gone = copy.deepcopy(doc)
        del _at(gone, path)[key]
        reads, said = _reader(gone)
        valid = _validator(game).is_valid(gone)
        if not where and key in ID_KEYS:  # (checked before the rest: docs/errors.md)
            words = ID_KEYS[key]
            ok = said.endswith(f"[{words}]")
        else:
            words = f"{where + ': ' if where else ''}object missing required field `{key}`"
            ok = said.startswith(words)
        if reads == required or valid == required or (required and not ok):
            disagree.append(
                f"{where}.{key} deleted: reader {reads} ({said}), schema {valid}, required {required}"
            )
        # of a wrong type
        wrong = _wrong(kind)
        if wrong is None:
            continue
        bad = copy.deepcopy(doc)
        _at(bad, path)[key] = wrong
        reads, said = _reader(bad)
        valid = _validator(game).is_valid(bad)
        if reads or valid or not said.endswith(("[format.schema]", *(f"[{c}]" for c in ID_KEYS.values()))):
            disagree.append(f"{where}.{key} = {wrong!r}: reader {reads} ({said}), schema {valid}")
    assert not disagree, "\n".join(disagree)
