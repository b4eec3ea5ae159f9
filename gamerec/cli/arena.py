"""``gamerec arena``: bots play a round robin into a folder that resumes, then the entrants'
ratings and standings (:mod:`gamerec.bots.arena`)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..bots import parse_rule_options
from ..bots.arena import MAX_GAMES, PLAN_FILE, RECORDS_FILE, arena_plan, run_arena
from ..checking.batch import MAX_JOBS, default_jobs, max_jobs
from ..games import get_game
from .app import err, exit_of, out
from .check import say_set_aside
from .lines import batch_summary, line
from .options import Game, Quiet, Rules, check_seed
from .progress import Work
from .ratings import ratings_table
from .render import plain, standings_table


def _check_jobs(value: int | None) -> int | None:
    if value is not None and value > max_jobs():
        raise typer.BadParameter(f"{value}: at most {max_jobs()} processes")
    return value


def arena(
    game: Game,
    output: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            metavar="DIR",
            help=f"The arena's folder (made if missing): {PLAN_FILE} (the plan) and {RECORDS_FILE} (the "
            "records); the same command again goes on from the games written there.",
        ),
    ],
    bot: Annotated[
        list[str],
        typer.Option(
            "--bot",
            "-b",
            metavar="[NAME=]BOT",
            help="An entrant (repeatable, 2 or more): one of the game's bots (gamerec games lists them) or "
            "module:Class, named by itself or by NAME (the same bot twice needs a NAME for one).",
        ),
    ],
    players: Annotated[
        int,
        typer.Option(
            "--players",
            "-p",
            min=1,
            max=99,
            metavar="N",
            help="Seats at a table (at most the entrants): every ordered choice of N entrants is a table.",
        ),
    ] = 2,
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            min=1,
            max=MAX_GAMES,
            metavar="N",
            help="Games each table plays (game g deals the same cards at every table).",
        ),
    ] = 1,
    seed: Annotated[
        int,
        typer.Option(
            "--seed", "-s", metavar="N", callback=check_seed, help="The arena's seed (every deal and bot's)."
        ),
    ] = 0,
    rule: Rules = None,
    move_time: Annotated[
        float | None,
        typer.Option(
            "--move-time",
            metavar="S",
            min=0.001,
            max=999_999.0,
            help="Seconds a bot may take for a move (a slower move is its fault) [default: no limit].",
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            "-j",
            min=1,
            metavar="N",
            callback=_check_jobs,
            help=f"Processes playing the games (default: all cores; at most {MAX_JOBS}, or the cores if "
            "there are more); the records are the same with any.",
        ),
    ] = None,
    force: Annotated[
        bool, typer.Option("--force", "-f", help="Start over: the folder's plan and records are replaced.")
    ] = False,
    quiet: Quiet = False,
) -> int:
    """Every ordered choice of --players entrants (every pairing at every seat order) plays
    --games games, each game's deals the same at every table (duplicate style:
    docs/arena.md); the records go to DIR as they are played, in the same order whatever
    --jobs; stopped (Ctrl-C, a bot's fault), the same command goes on from where it was.
    Then the entrants' ratings (openskill, with their uncertainty) and standings.

    \b
    Examples:
      gamerec arena -g blackball --bot smart --bot random -n 100 --seed 7 -o arena/
      gamerec arena -g forest -b smart -b random -b mybots:Greedy -p 3 -n 50 -o forest-arena/
      gamerec arena -g black-swan-2012 -b smart -b old=mybots:Smart --move-time 0.5 -o duel/
    """
    get_game(game)
    rules = parse_rule_options(game, rule or [], players)
    plan = arena_plan(game, bot, players, games, seed, rules)
    tail = f"the games written stay in {output}: run the same command again to go on"
    with Work("playing", tail, total=plan.total, quiet=quiet) as work:
        result = run_arena(
            plan,
            output,
            jobs=jobs or min(default_jobs(), max_jobs()),
            force=force,
            move_time=move_time,
            on_progress=work,
        )
    ratings = result.ratings
    for game_id, rows in ratings.games.items():
        out.print(ratings_table(game_id, rows, ratings.undated.get(game_id, 0)))
    for game_id, standings in result.standings.games.items():
        out.print(standings_table(game_id, standings))
    say_set_aside(out, "not rated", ratings.not_rated)
    for v in ratings.left_out:
        out.print(line(f"left out: {v.message()}", "dim"))
    out.print(plain(batch_summary(ratings.counts)))
    tables = plan.total // plan.games
    already = f", {result.resumed} of them written before" if result.resumed else ""
    err.print(
        plain(
            f"arena: {len(plan.entrants)} entrants, {tables} tables of {plan.players}, {plan.games} "
            f"game{'s' if plan.games != 1 else ''} a table: {plan.total} {game} games in {output}{already}"
        )
    )
    return exit_of(ratings.counts)
