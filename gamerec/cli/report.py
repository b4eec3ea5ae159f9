"""``gamerec report``: one self-contained HTML page of a batch, each game in its own section
(:func:`gamerec.export.report.report`)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..export.report import report
from ..format.paths import expand_paths
from .app import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, err, fail
from .check import say_set_aside
from .files import emit_bytes
from .lines import line, verdict_line
from .options import Files, Force, Quiet, complete_files, no_stdout
from .progress import Work

#: the page's file: required, as the page cannot go to standard output
PageFile = Annotated[
    str,
    typer.Option(
        "--output", "-o", metavar="FILE", help="The page's file (report.html).", autocompletion=complete_files
    ),
]


def report_cmd(files: Files, output: PageFile, force: Force = False, quiet: Quiet = False) -> int:
    """The page loads nothing and runs no script; records not valid are also listed on stderr
    (exit 1; 2 if some could not be read); with no valid record, no page is written.

    \b
    Examples:
      gamerec report 'season/**/*.grec' -o season.html
      gamerec report fixtures/*/tournament.grec -o report.html --force
    """
    no_stdout(output, "the report is a page: name its file with -o (report.html)")
    with Work("making the report", "no output written", quiet=quiet) as work:
        result = report(files, on_progress=work)
    for v in result.left_out:
        err.print(verdict_line(v))
    for a, b in result.duplicates:
        err.print(line(f"{a}: duplicate of {b} (counted once)", "yellow"))
    say_set_aside(err, "not counted", result.not_counted)
    c = result.counts
    code = (
        EXIT_INPUT
        if c["unreadable"]
        else EXIT_PROBLEM
        if c["illegal"] + c["mismatch"] + c["incomplete"]
        else EXIT_OK
    )
    if not result.games:
        records = sum(n for status, n in c.items() if status != "duplicate")
        aside = len(result.not_counted)
        what = f"record counted ({aside} not counted)" if aside else "valid record"
        fail(f"no {what} among the {records} read: no report written", code or EXIT_INPUT)
    emit_bytes(result.html.encode(), output, force, expand_paths(files))
    n = len(result.games)
    err.print(line(f"wrote the report of {n} game{'s' if n != 1 else ''} to {output}"))
    return code
