"""``gamerec ls``, ``gamerec games`` and ``gamerec schema``: what the files hold (read
from their headers), what gamerec knows (the games, their options) and the JSON Schema."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ..format.listing import list_records
from ..format.schema import write_schemas
from ..games import games_info
from .app import EXIT_INPUT, EXIT_OK, err, out
from .files import json_line, print_json
from .options import Files, Quiet
from .progress import Work
from .render import games_table, line, listing_line, plain


def ls_cmd(
    files: Files,
    as_json: Annotated[bool, typer.Option("--json", help="Print the listing as JSON lines.")] = False,
    quiet: Quiet = False,
) -> int:
    """One line per record: file, number, game, players, date, event, deals, actions and
    content hash, read from the headers alone (binary files)."""
    with Work("listing", "the rest not listed", quiet=quiet) as work:
        return _list(files, as_json, work)


def _list(files: list[str], as_json: bool, work: Work) -> int:
    unreadable = 0
    for item in list_records(files, on_progress=work):
        if item.error is not None:
            unreadable += 1
            err.print(line(f"{item.source}: record {item.index + 1}: unreadable: {item.error}", "red"))
            continue
        if as_json:
            sys.stdout.write(json_line(item) + "\n")
        else:
            out.print(listing_line(item))
    return EXIT_INPUT if unreadable else EXIT_OK


def games_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> int:
    """List the games, their players, bots and rule options with defaults."""
    info = games_info()
    if as_json:
        print_json(info)
    else:
        out.print(games_table(info))
    return EXIT_OK


def schema(
    output: Annotated[str, typer.Option("--output", "-o", help="The folder to write into.")] = "schemas",
) -> int:
    """Write the JSON Schemas of the JSON form: one per game, record (any game; a JSON
    Lines line) and records (a JSON array)."""
    for p in write_schemas(output):
        out.print(plain(str(p)))
    return EXIT_OK
