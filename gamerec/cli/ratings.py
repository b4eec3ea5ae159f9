"""``gamerec ratings``: every player's rating per game from the valid records of a batch
(:func:`gamerec.tables.ratings.rate`), as tables, one JSON document or CSV."""

from __future__ import annotations

import sys
from decimal import Decimal
from typing import Annotated, Any

import typer
from rich.table import Table

from ..escape import csv_table
from ..tables.ratings import MODEL, PlayerRating, Ratings, rate
from .app import err, exit_of, out
from .check import _Batch, report_triage, say_set_aside
from .files import print_json
from .lines import batch_summary, line
from .options import Files, Jobs, Quiet, refuse
from .render import plain

#: the CSV's header row
COLUMNS = ("game", "rank", "player", "mu", "sigma", "ordinal", "games")


def ratings(
    files: Files,
    as_json: Annotated[
        bool, typer.Option("--json", help="One JSON document: the ratings per game and what was left out.")
    ] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="One CSV row per game and player.")] = False,
    jobs: Jobs = None,
    quiet: Quiet = False,
) -> int:
    """A shared win is a shared first place; team members are rated as a team; each game of a
    black-swan-taroc record counts on its own (docs/ratings.md).

    \b
    Examples:
      gamerec ratings 'season/**/*.grec'
      gamerec ratings --csv season/ > ratings.csv
      gamerec ratings --json season/ | jq '.games.blackball[0]'
    """
    if as_csv and as_json:
        refuse("--csv", "cannot go with --json: they are two forms of the ratings (choose one)")
    result = rate(_Batch(files, jobs, quiet=quiet, dedupe=False), history=False)
    report_triage(result.left_out, result.duplicates)
    if as_json:
        print_json(document(result))
    elif as_csv:
        say_set_aside(err, "not rated", result.not_rated)  # stdout is the CSV
        sys.stdout.write(ratings_csv(result))
    else:
        for game_id, rows in result.games.items():
            out.print(ratings_table(game_id, rows, result.undated.get(game_id, 0)))
        say_set_aside(out, "not rated", result.not_rated)
        for v in result.left_out:
            out.print(line(f"left out: {v.message()}", "dim"))
        out.print(plain(batch_summary(result.counts)))
    return exit_of(result.counts)


def document(result: Ratings) -> dict[str, Any]:
    """The JSON document (docs/cli.md): the model, the order, the ratings per game, the
    records left out or not rated, the duplicates and the counts."""
    return {
        "model": MODEL,
        "order": "date (records without a date keep their place in the input)",
        "games": result.games,
        "undated": result.undated,
        "not_rated": result.not_rated,
        "left_out": result.left_out,
        "duplicates": result.duplicates,
        "counts": result.counts,
    }


def ratings_table(game_id: str, rows: list[PlayerRating], undated: int) -> Table:
    t = Table(title=plain(f"Ratings · {game_id}"), title_justify="left")
    t.add_column("#", justify="right")
    t.add_column("Player")
    t.add_column("Rating (μ)", justify="right")
    t.add_column("Uncertainty (σ)", justify="right")
    t.add_column("Ordinal (μ−3σ)", justify="right")
    t.add_column("Games", justify="right")
    for r in rows:
        numbers = (_fixed(x, 2) for x in (r.mu, r.sigma, r.ordinal))
        t.add_row(str(r.rank), plain(r.player), *numbers, str(r.games))
    order = "records rated in date order"
    if undated:
        order += f"; {undated} without a date kept {'its' if undated == 1 else 'their'} place in the input"
    t.caption = plain(f"{MODEL}; {order}")
    t.caption_justify = "left"
    return t


def ratings_csv(result: Ratings) -> str:
    """The ratings as CSV, one row per game and player (three decimals), written by
    :func:`gamerec.escape.csv_table` (text inert, formulas neutralised)."""
    rows = (
        [game_id, r.rank, r.player, _d(r.mu), _d(r.sigma), _d(r.ordinal), r.games]
        for game_id, players in result.games.items()
        for r in players
    )
    return csv_table(COLUMNS, rows)


def _fixed(x: float, digits: int) -> str:
    """``x`` with ``digits`` decimals, never ``-0.00``."""
    text = f"{x:.{digits}f}"
    return text[1:] if text.startswith("-") and not text.strip("-0.") else text


def _d(x: float) -> Decimal:
    return Decimal(_fixed(x, 3))
