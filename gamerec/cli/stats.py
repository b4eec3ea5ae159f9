"""``gamerec stats``: per game and player, the numbers that game's players care about, and
head-to-head records (:func:`gamerec.tables.stats.player_stats`; each number is defined in
docs/stats.md)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from decimal import Decimal
from typing import Annotated

import typer
from rich.table import Table

from ..escape import csv_table
from ..games import get_spec
from ..tables.stats import COMMON_COLUMNS, GameStats, PlayerStats, Stats, player_stats
from .app import EXIT_INPUT, err, exit_of, fail, out
from .check import report_triage, say_set_aside
from .files import print_json
from .lines import batch_summary
from .options import Files, Quiet, refuse
from .progress import Work
from .render import plain


def stats_cmd(
    files: Files,
    player: Annotated[
        str | None, typer.Option("--player", metavar="NAME", help="Only this player's numbers and pairs.")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON document (docs/cli.md).")] = False,
    as_csv: Annotated[
        bool, typer.Option("--csv", help="The player statistics as CSV, one row per game, player and number.")
    ] = False,
    quiet: Quiet = False,
) -> int:
    """Only valid records count; a record seen before (same content) is counted once.

    \b
    Examples:
      gamerec stats season/
      gamerec stats --player Ann 'season/**/*.grec'
      gamerec stats --json tournament.grec | jq '.games.blackball.players'
    """
    if as_csv and as_json:
        refuse("--csv", "cannot go with --json: they are two forms of the statistics (choose one)")
    with Work("computing statistics", "nothing printed", quiet=quiet) as work:
        result = player_stats(files, player, on_progress=work)
    report_triage(result.left_out, result.duplicates)
    if player is not None and not result.games:
        fail(f"no valid game has a player named {player!r}", EXIT_INPUT)
    if as_json:
        print_json(result)
    elif as_csv:
        say_set_aside(err, "not counted", result.not_counted)  # stdout is the CSV
        sys.stdout.write(stats_csv(result))
    else:
        for game_id, game in result.games.items():
            out.print(stats_table(game_id, game))
            if game.head_to_head:
                out.print(head_to_head_table(game_id, game))
        say_set_aside(out, "not counted", result.not_counted)
        out.print(plain(batch_summary(result.counts)))
    return exit_of(result.counts)


def stats_table(game_id: str, game: GameStats) -> Table:
    t = Table(title=plain(f"Statistics · {game_id}"), title_justify="left")
    collector = get_spec(game_id).statistics() if game.players else None
    columns = COMMON_COLUMNS if collector is None else collector.columns
    t.add_column("Player")
    for column in columns:
        t.add_column(column.heading, justify="left" if column.text else "right")
    for row in game.players:
        t.add_row(plain(row.player), *(plain(column.cell(row)) for column in columns))
    return t


def head_to_head_table(game_id: str, game: GameStats) -> Table:
    t = Table(title=plain(f"Head-to-head · {game_id}"), title_justify="left")
    t.add_column("Player")
    t.add_column("Player")
    for name in ("Games", "First higher", "Second higher", "Level"):
        t.add_column(name, justify="right")
    for p in game.head_to_head:
        t.add_row(plain(p.a), plain(p.b), str(p.games), str(p.a_higher), str(p.b_higher), str(p.level))
    return t


STATS_COLUMNS = ("game", "player", "statistic", "value")


def _cells(row: PlayerStats) -> Iterator[tuple[str, object]]:
    for name in row.__struct_fields__:
        if name == "player":
            continue
        value = getattr(row, name)
        if isinstance(value, dict):
            for k, v in value.items():
                yield f"{name}.{k}", v
        elif isinstance(value, float):
            yield name, Decimal(f"{value:.3f}")
        else:
            yield name, value


def stats_csv(result: Stats) -> str:
    """The player statistics as CSV, one row per game, player and number (``points_by_size.3``
    for a number of a map), written by :func:`gamerec.escape.csv_table`."""
    rows = (
        [game_id, row.player, name, value]
        for game_id, game in result.games.items()
        for row in game.players
        for name, value in _cells(row)
    )
    return csv_table(STATS_COLUMNS, rows)
