"""``gamerec ls``, ``gamerec games`` and ``gamerec schema``: what the files hold (read
from their headers), what gamerec knows (the games, their options) and the JSON Schema."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from typing import Annotated, Any

import msgspec
import typer

from ..archives.select import Selecting, Selection, select
from ..errors import FormatError
from ..format.listing import Listing, list_records
from ..format.schema import write_schemas
from ..games import games_info, unplayable
from .app import EXIT_INPUT, EXIT_OK, err, out
from .files import json_line, print_json
from .lines import line
from .options import Files, Force, Quiet, no_stdout
from .progress import Work
from .render import games_table, listing_lines, listing_row, plain
from .select import (
    DateFrom,
    DateTo,
    DealsSel,
    Dedupe,
    EventSel,
    GameSel,
    HashSel,
    Invert,
    PlayerSel,
    RuleSel,
    SiteSel,
    StatusSel,
    TagSel,
    WinnerSel,
    selection_from,
)


def ls_cmd(
    files: Files,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="JSON Lines: an object per record, then a summary (docs/cli.md)."),
    ] = False,
    game: GameSel = None,
    player: PlayerSel = None,
    event: EventSel = None,
    site: SiteSel = None,
    date_from: DateFrom = None,
    date_to: DateTo = None,
    status: StatusSel = None,
    rule: RuleSel = None,
    winner: WinnerSel = None,
    deals: DealsSel = None,
    hash: HashSel = None,
    tag: TagSel = None,
    invert: Invert = False,
    dedupe: Dedupe = False,
    quiet: Quiet = False,
) -> int:
    """The selectors are filter's: only the records that match are listed (--status, --rule and
    --winner verify them).

    \b
    Examples:
      gamerec ls games/
      gamerec ls --json 'season/**/*.grec' | jq -r .hash
      gamerec ls archive/ --player Ann --event 'Club*'
    """
    selection = selection_from(
        game, player, event, site, date_from, date_to, status, rule, winner, deals, hash, tag, invert
    )
    with Work("listing", "the rest not listed", quiet=quiet) as work:
        if selection == Selection() and not dedupe:
            return _list(list_records(files, on_progress=work), as_json)
        selecting = select(files, selection, dedupe=dedupe, on_progress=work)
        return _list(_selected(selecting), as_json, selecting)


def _selected(selecting: Selecting) -> Iterator[Listing]:
    """A :class:`Listing` of each record selected, or of one that cannot be read."""
    for c in selecting:
        base = (c.source, c.index, c.where)
        if c.error is not None:
            yield Listing(*base, error=f"{c.error.message} [{c.error.code}]")
            continue
        try:
            h = c.header()
            digest = c.digest().hex()
        except FormatError as e:  # a binary body decoded for its hash, and unreadable
            yield Listing(*base, error=f"{e.message} [{e.code}]")
            continue
        yield Listing(*base, h.game, h.players, h.meta.date, h.meta.event, h.deals, h.actions, digest)


def _list(items: Iterable[Listing], as_json: bool, selecting: Selecting | None = None) -> int:
    """Each record listed as it is read (a row, or a JSON line), each unreadable one
    reported on stderr, then the summary: ``{"summary": {"records": R, "listed": L,
    "unreadable": U}}`` (and ``duplicate``, as validate's summary says it, with --dedupe),
    or its line on stderr (``3 records listed of 5 read; 1 unreadable``). ``records``
    counts every record read, selected or not. Memory stays flat: the table holds
    :data:`~.render.LOOKAHEAD` rows at most (:func:`~.render.listing_lines`)."""
    counts = {"listed": 0, "unreadable": 0}

    def listed() -> Iterator[Listing]:
        for item in items:
            if item.error is None:
                counts["listed"] += 1
                yield item
                continue
            counts["unreadable"] += 1
            # as validate says it (gamerec.checking.verdicts.unreadable): byte 0 says nothing, and a
            # text record's message names its own line
            plain_where = item.where in ("", "byte 0") or item.error.startswith("line ")
            where = "" if plain_where else f"{item.where}: "
            err.print(line(f"{item.source}: record {item.index + 1}: unreadable: {where}{item.error}", "red"))

    if as_json:
        for item in listed():
            sys.stdout.write(json_line(listing_json(item)) + "\n")
    else:
        for text in listing_lines(map(listing_row, listed())):
            out.print(text)
    unreadable, shown = counts["unreadable"], counts["listed"]
    read = selecting.read if selecting is not None else shown + unreadable
    summary = {"records": read, "listed": shown, "unreadable": unreadable}
    if selecting is not None and selecting.dedupe:
        summary["duplicate"] = selecting.duplicates
    if as_json:
        sys.stdout.write(json_line({"summary": summary}) + "\n")
    else:
        err.print(plain(_listed_line(summary)))
    return EXIT_INPUT if unreadable else EXIT_OK


def _listed_line(summary: dict[str, int]) -> str:
    """``3 records listed of 5 read; 1 unreadable; 2 duplicates left out``."""
    read, listed = summary["records"], summary["listed"]
    text = f"{listed} record{'s' if listed != 1 else ''} listed"
    if read != listed:
        text += f" of {read} read"
    if summary["unreadable"]:
        text += f"; {summary['unreadable']} unreadable"
    if summary.get("duplicate"):
        dups = summary["duplicate"]
        text += f"; {dups} duplicate{'s' if dups != 1 else ''} left out"
    return text


def listing_json(item: Listing) -> dict[str, Any]:
    """A record's listing as JSON: ``record`` counts from 1 (as every message does)."""
    fields = msgspec.structs.asdict(item)
    fields.pop("error", None)
    return {"source": fields.pop("source"), "record": fields.pop("index") + 1, **fields}


def games_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="One JSON document: an array of games.")] = False,
) -> int:
    """
    \b
    Examples:
      gamerec games
      gamerec games --json | jq '.[].id'
    """
    info = games_info()
    if as_json:
        print_json(info)
    else:
        out.print(games_table(info))
    return _say_unplayable()


def _say_unplayable() -> int:
    """One line for each installed game that cannot be loaded (the others were shown):
    exit 2 when there is one."""
    broken = unplayable()
    for _, why in broken:
        err.print(line(f"gamerec: {why}", "red"))
    return EXIT_INPUT if broken else EXIT_OK


def schema(
    output: Annotated[
        str, typer.Option("--output", "-o", metavar="FOLDER", help="The folder to write into.")
    ] = "schemas",
    force: Force = False,
) -> int:
    """A file of the same name that holds other content is not replaced without --force (then
    nothing is written).

    \b
    Example:
      gamerec schema -o schemas
    """
    no_stdout(output, "schema writes several files; name a folder")
    for p in write_schemas(output, force=force):
        out.print(plain(str(p)))
    return _say_unplayable()
