"""``gamerec simulate``: bots play legal games, reproducibly."""

from __future__ import annotations

from typing import Annotated

import typer

from ..bots import parse_bot_options, parse_rule_options
from ..bots import simulate as simulate_records
from ..games import get_game
from .app import EXIT_OK, err
from .files import emit_records
from .options import (
    EncodingChoice,
    Force,
    Game,
    Output,
    Quiet,
    Rules,
    check_seed,
    output_form,
    player_names,
    refuse,
)
from .progress import Work
from .render import plain

#: the most games one run makes (a typo of a few digits more would run for years)
MAX_GAMES = 100_000_000
#: the names ``--names`` gives the seats, in order (at least as many as a game's most players)
PEOPLE = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ida", "Jo")


def players_of(value: str, names: bool) -> tuple[int, list[str] | None]:
    """``-p`` read: a count (the names made up: Bot 1, Bot 2, ...; with ``--names``, Ann,
    Bob, ...) or the names themselves, comma-separated."""
    if value.strip().isascii() and value.strip().isdecimal():  # (a number, however long: a count)
        digits = value.strip().lstrip("0") or "0"
        if len(digits) > 3:
            refuse("--players", f"{digits[:12]}…: far more players than any game takes (at most 16)")
        count = int(digits)
        return count, list(PEOPLE[:count]) if names and count <= len(PEOPLE) else None
    if not value.replace(",", "").strip():
        refuse("--players", f"{value!r}: a number of players or their names, comma-separated")
    seats = player_names(value)
    if names:
        refuse("--names", "makes up names for a number of players; -p gives names already")
    return len(seats), seats


def simulate(
    game: Game,
    output: Output,
    players: Annotated[
        str,
        typer.Option(
            "--players",
            "-p",
            metavar="N|NAMES",
            help="The number of players (named Bot 1, Bot 2, ...) or their names, comma-separated.",
        ),
    ] = "4",
    names: Annotated[
        bool, typer.Option("--names", help="With -p N: name the players Ann, Bob, Cy, ... (not Bot 1, ...).")
    ] = False,
    games: Annotated[
        int,
        typer.Option(
            "--games", "-n", min=1, max=MAX_GAMES, metavar="N", help="Number of games (at most 100 million)."
        ),
    ] = 1,
    seed: Annotated[
        int,
        typer.Option("--seed", "-s", metavar="N", callback=check_seed, help="Seed of the random generator."),
    ] = 0,
    bot: Annotated[
        list[str] | None,
        typer.Option(
            "--bot",
            "-b",
            metavar="BOT|SEAT=BOT",
            help=(
                "Who plays: one of the game's bots (gamerec games lists them) or your own as module:Class, "
                "at every seat; SEAT=BOT (seats from 0) for one seat; repeat for several "
                "[default: smart, else the game's first]."
            ),
        ),
    ] = None,
    move_time: Annotated[
        float | None,
        typer.Option(
            "--move-time",
            min=0.001,
            max=3600,
            metavar="SECONDS",
            help="The longest a bot may take for a move; a slower bot stops the run [default: no limit].",
        ),
    ] = None,
    rule: Rules = None,
    to: Annotated[
        EncodingChoice | None,
        typer.Option(
            "--to", "-t", help="Output encoding (default: from the output's suffix; binary on stdout)."
        ),
    ] = None,
    force: Force = False,
    quiet: Quiet = False,
) -> int:
    """The same arguments give a byte-identical file; the seed is recorded as provenance. A
    game is played to a target of at most 10000 points (black-swan-2012, --rule
    target=N), so that it ends within the actions a simulated game may take.

    \b
    Examples:
      gamerec simulate -g blackball -p 4 -n 100 --seed 7 -o games.grec
      gamerec simulate -g forest -p 'Ann,Bob,Cy' --rule max_number=10 -o - --to text
      gamerec simulate -g blackball -p 3 --names -o games.gtxt
      gamerec simulate -g forest -p 3 --bot random --bot 1=mybots:Greedy --move-time 0.5 -o g.grec
    """
    count, seats = players_of(players, names)
    to = output_form(output, to)
    get_game(game)
    rules = parse_rule_options(game, rule or [], count)
    bots = parse_bot_options(bot) if bot else None
    records = simulate_records(game, count, games, seed, bots, rules, names=seats, move_time=move_time)
    with Work("simulating", "no output written", total=games, quiet=quiet) as work:
        emit_records(work.wrap(records), output, to, force, [])
    if output != "-":
        err.print(plain(f"wrote {games} {game} game{'s' if games != 1 else ''} to {output}"))
    return EXIT_OK
