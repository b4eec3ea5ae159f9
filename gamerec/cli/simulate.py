"""``gamerec simulate``: bots play legal games, reproducibly."""

from __future__ import annotations

from typing import Annotated

import typer

from ..bots import parse_rule_options
from ..bots import simulate as simulate_records
from ..games import get_game
from .app import EXIT_OK, err
from .files import emit_records
from .options import EncodingChoice, Force, Output, Quiet
from .progress import Work
from .render import plain


def simulate(
    game: Annotated[str, typer.Argument(help="The game id (see 'gamerec games').")],
    output: Output,
    players: Annotated[int, typer.Option("--players", "-p", help="Number of players.")] = 4,
    games: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 1,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed of the random generator.")] = 0,
    bot: Annotated[str, typer.Option("--bot", "-b", help="random or smart.")] = "smart",
    rule: Annotated[
        list[str] | None,
        typer.Option("--rule", help="A rule option KEY=VALUE (repeatable); a target at most 10000."),
    ] = None,
    to: Annotated[EncodingChoice | None, typer.Option("--to", "-t", help="Output encoding.")] = None,
    force: Force = False,
    quiet: Quiet = False,
) -> int:
    """Let bots play legal games. The same arguments give a byte-identical file; the seed
    is recorded as provenance. A game is played to a target of at most 10000 points
    (black-swan-2012), so that it ends within the actions a simulated game may take."""
    get_game(game)
    rules = parse_rule_options(game, rule or [], players)
    records = simulate_records(game, players, games, seed, bot, rules)
    with Work("simulating", "no output written", total=games, quiet=quiet) as work:
        emit_records(work.wrap(records), output, to, force, [])
    if output != "-":
        err.print(plain(f"wrote {games} {game} game{'s' if games != 1 else ''} to {output}"))
    return EXIT_OK
