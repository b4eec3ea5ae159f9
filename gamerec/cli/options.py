"""The argument and option types several commands share."""

from __future__ import annotations

from enum import StrEnum
from typing import Annotated

import typer

from ..batch import MAX_JOBS, max_jobs

Files = Annotated[list[str], typer.Argument(help="Record files, directories or globs; - for stdin.")]


class EncodingChoice(StrEnum):
    binary = "binary"
    json = "json"
    jsonl = "jsonl"
    text = "text"


def _check_jobs(value: int | None) -> int | None:
    if value is not None and value > max_jobs():
        raise typer.BadParameter(f"{value}: at most {max_jobs()} processes")
    return value


Jobs = Annotated[
    int | None,
    typer.Option(
        "--jobs",
        "-j",
        min=1,
        callback=_check_jobs,
        help=f"Processes sharing the work (default: all cores; at most {MAX_JOBS}, or the cores "
        "if there are more; one per chunk of 256 records, none for a single chunk).",
    ),
]

Output = Annotated[str, typer.Option("--output", "-o", help="Output file; - for stdout.")]
Force = Annotated[bool, typer.Option("--force", "-f", help="Replace an existing output file.")]
Quiet = Annotated[
    bool, typer.Option("--quiet", "-q", help="No progress bar on a terminal (the summary line still comes).")
]
