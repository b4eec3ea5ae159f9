"""JSON Schema of the JSON form, one per game, generated from the msgspec Structs."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from ..games import GAMES, get_game
from .jsonform import codec

__all__ = ["json_schema", "schema_text", "write_schemas"]


def json_schema(game_id: str) -> dict[str, Any]:
    """The JSON Schema of a ``game_id`` record in the JSON form, its rules block typed."""
    game = get_game(game_id)
    c = codec(game_id)
    schema: dict[str, Any] = msgspec.json.schema(c.jrecord)
    rules = msgspec.json.schema(game.Rules)
    defs = schema["$defs"]
    defs.update(rules.get("$defs", {}))
    record = defs[c.jrecord.__name__]
    record["properties"]["rules"] = rules["$ref"] and {"$ref": rules["$ref"]}
    record["properties"]["game"] = {"const": game_id}
    record["properties"]["format"] = {"const": "gamerec"}
    record["properties"]["version"] = {"const": 1}
    out: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"gamerec record: {game_id}",
        "description": f"A {game.title} record in gamerec's JSON form (format version 1).",
        **schema,
    }
    return out


def schema_text(game_id: str) -> str:
    """The schema as written to ``schemas/<game>.schema.json`` (stable, sorted keys)."""
    data = msgspec.json.encode(json_schema(game_id), order="sorted")
    return msgspec.json.format(data, indent=2).decode() + "\n"


def write_schemas(directory: str | Path) -> list[Path]:
    """Write one schema per game into ``directory``; returns the paths written."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    paths = []
    for game_id in sorted(GAMES):
        p = d / f"{game_id}.schema.json"
        tmp = p.with_suffix(".tmp")
        tmp.write_text(schema_text(game_id), encoding="utf-8")
        tmp.replace(p)
        paths.append(p)
    return paths
