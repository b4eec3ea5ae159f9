"""The argument and option types several commands share, so that a flag means one thing
everywhere (the grammar is README.md's command table): ``-g/--game GAME``,
``-p/--players``, ``--rule KEY=VALUE``, ``-o/--output FILE`` (``-`` for standard output
where a command writes a stream), ``-t/--to`` for the output form, ``-j/--jobs N``; and
the checks of flag combinations (:func:`refuse`, :func:`output_form`)."""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from typer.core import TyperArgument

from ..checking.batch import MAX_JOBS, max_jobs
from ..engine import check_names
from ..errors import GamerecError
from ..format.encodings import SUFFIXES


def complete_files(incomplete: str) -> list[str]:
    """No suggestion of gamerec's own: the shell then completes file names (typer's bash
    script has ``complete -o default``, its zsh one falls back to ``_files``)."""
    return []


Files = Annotated[
    list[str],
    typer.Argument(
        metavar="FILE...",
        help="Record files, directories or globs; - for stdin.",
        autocompletion=complete_files,
    ),
]
File = Annotated[
    str, typer.Argument(metavar="FILE", help="A record file; - for stdin.", autocompletion=complete_files)
]


def complete_game(incomplete: str) -> list[str]:
    """The game ids that start with ``incomplete``."""
    from ..games import GAMES

    return [g for g in sorted(GAMES) if g.startswith(incomplete)]


def complete_rule(ctx: typer.Context, incomplete: str) -> list[str]:
    """``KEY=`` for each rule option of the game given (-g; of every game if none yet)
    that starts with ``incomplete``."""
    from ..games import GAMES

    game = ctx.params.get("game")
    games = [GAMES[game]] if game in GAMES else [GAMES[g] for g in sorted(GAMES)]
    keys = sorted({k for g in games for k in g.Rules.__struct_fields__})
    return [f"{k}=" for k in keys if f"{k}=".startswith(incomplete)]


_GAME = typer.Option(
    "--game", "-g", metavar="GAME", help="The game id (see 'gamerec games').", autocompletion=complete_game
)
Game = Annotated[str, _GAME]
GameOrAsk = Annotated[str | None, _GAME]  #: record asks for it when it is not given
Rules = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        metavar="KEY=VALUE",
        help="A rule option of the game (repeatable; see 'gamerec games').",
        autocompletion=complete_rule,
    ),
]


class EncodingChoice(StrEnum):
    binary = "binary"
    json = "json"
    jsonl = "jsonl"
    text = "text"


def _check_jobs(value: int | None) -> int | None:
    if value is not None and value > max_jobs():
        raise typer.BadParameter(f"{value}: at most {max_jobs()} processes")
    return value


def check_seed(value: int | None) -> int | None:
    """``--seed``: a whole number from 0 to 2^64-1, as a simulated record keeps it (a
    negative seed would deal what its opposite deals: Python's generator drops the sign)."""
    if value is not None and not 0 <= value < 2**64:
        raise typer.BadParameter(f"{value}: a seed is a whole number from 0 to 2^64-1")
    return value


Jobs = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        metavar="N",
        callback=_check_jobs,
        help=f"Processes sharing the work (default: all cores; at most {MAX_JOBS}, or the cores "
        "if there are more; one per chunk of 256 records, none for a single chunk).",
    ),
]

Output = Annotated[
    str,
    typer.Option(
        "--output", "-o", metavar="FILE", help="Output file; - for stdout.", autocompletion=complete_files
    ),
]
Force = Annotated[bool, typer.Option("--force", "-f", help="Replace an existing output file.")]
Quiet = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress bar on a terminal (the summary line still comes).")
]


def refuse(flag: str, why: str) -> NoReturn:
    """End the command with a usage error (exit 2) on ``flag``: ``gamerec CMD: Invalid
    value for '--csv': why (see 'gamerec CMD --help')`` (typer gives the error the context
    of the command, or of the parameter, whose function raised it: the ``CMD``)."""
    raise typer.BadParameter(why, param_hint=f"'{flag}'")


def player_names(
    value: str, flag: str = "--players", why: str = "a name is a player in the standings and ratings"
) -> list[str]:
    """The players' names given comma-separated (``-p 'Ann, Bob'``), each stripped; none,
    or an empty one (two commas together, or one at an end), is a usage error on ``flag``
    (``Ann,,Bob`` played a 2-player game), and so are names that are not each a name of
    their own (:func:`gamerec.engine.check_names`: the same but for case, or longer than a
    record holds; ``why`` says why that matters)."""
    seats = [n.strip() for n in value.split(",")]
    if not any(seats):
        refuse(flag, f"{value!r}: the players' names, comma-separated")
    if not all(seats):
        refuse(flag, f"{value!r}: {EMPTY_NAME}")
    try:
        check_names(seats, why)
    except GamerecError as e:
        refuse(flag, e.message.removeprefix("players: "))
    return seats


EMPTY_NAME = "an empty name (two commas together, or one at an end)"


def choose_record(path: str, count: int) -> NoReturn:
    """End the command with a usage error (exit 2): ``path`` holds ``count`` records and
    the command takes one, but no --record was given (so not "Invalid value for")."""
    raise _Unnamed(f"{path} holds {count} records: choose one with --record N (1 to {count})")


class _Unnamed(typer.BadParameter):
    """A usage error that names no value: its message alone (typer exports no plainer
    usage error than :class:`typer.BadParameter`)."""

    def format_message(self) -> str:
        return self.message


def no_stdout(output: str, why: str) -> None:
    """``-o -`` refused where a command cannot write to standard output."""
    if output == "-":
        refuse("--output", f"- (standard output): {why}")


def output_form(output: str, to: EncodingChoice | None, has_to: bool = True) -> EncodingChoice | None:
    """The record encoding ``output`` is written in: ``--to`` if given, else the one its
    suffix names (.grec, .json, .jsonl, .gtxt; binary when it has none, and on standard
    output); an unknown suffix is an error, not a binary file by another name."""
    if to is not None or output == "-":
        return to
    suffix = Path(output).suffix.lower()
    if suffix and suffix not in SUFFIXES:
        known = ", ".join(f"{s} ({e})" for s, e in SUFFIXES.items())
        how = f"use {known}" + (", or name the encoding with --to" if has_to else "")
        refuse("--output", f"{output}: unknown suffix {suffix}: {how}")
    return EncodingChoice(SUFFIXES.get(suffix, "binary"))


class _ReadableArgument(TyperArgument):
    """An argument shown by its metavar alone: ``FILE...`` (not ``{FILE...}...`` and
    ``<list[str]>``)."""

    def display_type_rich(self, ctx: Any) -> str | None:
        return None

    def _usage_display_name(self) -> str:
        name = self.metavar or (self.name or "").upper()
        if self.nargs != 1 and not name.endswith("..."):
            name += "..."
        return name if self.required else f"[{name}]"


def readable_arguments(command: Any) -> None:
    """Show ``command``'s arguments by their metavars (see :class:`_ReadableArgument`)."""
    for p in getattr(command, "params", ()):
        if type(p) is TyperArgument:
            p.__class__ = _ReadableArgument
