"""``gamerec export``, ``gamerec salvage`` and ``gamerec convert``: records written in
another form (an export, the records a damaged file still holds, another encoding)."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer

from ..checking.batch import default_jobs
from ..checking.verdicts import unreadable, verify_record
from ..engine import plural
from ..errors import GamerecError
from ..export import export_checked as export_records
from ..export.html import html_replay
from ..export.parquet import write_parquet
from ..format.encodings import Encoding
from ..format.paths import expand_paths
from ..format.read import read_records
from ..format.salvage import salvage as salvage_file
from ..record import Record
from .app import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, err, fail, say
from .files import emit_bytes, emit_records, load
from .lines import line, verdict_line
from .options import (
    EncodingChoice,
    Force,
    Jobs,
    Output,
    Quiet,
    choose_record,
    complete_files,
    no_stdout,
    output_form,
    refuse,
)
from .progress import Work


class ExportTo(StrEnum):
    json = "json"
    csv = "csv"
    text = "text"
    html = "html"
    parquet = "parquet"


RecordOpt = Annotated[
    int | None, typer.Option("--record", "-r", min=1, metavar="N", help="Only record N (from 1).")
]


EXPORT_SUFFIXES = {
    ".json": ExportTo.json,
    ".csv": ExportTo.csv,
    ".txt": ExportTo.text,
    ".html": ExportTo.html,
}


def export(
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="FILE...",
            help="A record file (- for stdin); for parquet, files, directories or globs.",
            autocompletion=complete_files,
        ),
    ],
    to: Annotated[
        ExportTo | None,
        typer.Option(
            "--to", "-t", help="The form (default: from the output's suffix: .json .csv .txt .html)."
        ),
    ] = None,
    output: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="Output file, - for stdout; for parquet, a folder.",
            autocompletion=complete_files,
        ),
    ] = "-",
    record: RecordOpt = None,
    seat: Annotated[
        int | None,
        typer.Option("--seat", min=0, metavar="N", help="html: show the game as this seat saw it."),
    ] = None,
    force: Force = False,
    jobs: Jobs = None,
    quiet: Quiet = False,
) -> int:
    """
    Parquet: --jobs N worker processes build the tables of chunks of 256 records and
    this one writes them in input order (the same tables as --jobs 1).

    CSV, text and HTML replay each record: one that is not valid is still exported as far
    as it goes (an illegal record up to its illegal action, which the CSV's 'illegal'
    column marks with the rule broken; an incomplete one in full), and one line on stderr
    says what and where (file, record, deal, action, rule), exit 1, as validate does.
    Text from records is shown inert: control characters and escape sequences as a
    replacement character, line breaks as a return symbol; CSV cells a spreadsheet would
    read as a formula start with a quote.

    \b
    Examples:
      gamerec export games.grec --record 3 -o game3.html
      gamerec export games.grec --to csv > actions.csv
      gamerec export 'season/**/*.grec' --to parquet -o season-parquet --jobs 2
    """
    given = to is not None  # else told by the output's suffix
    to = _export_form(output, to)
    if seat is not None and to != ExportTo.html:
        refuse("--seat", f"applies to --to html only, not --to {to.value}")
    if jobs is not None and to != ExportTo.parquet:
        refuse("--jobs", f"applies to --to parquet only, not --to {to.value}")
    if to == ExportTo.parquet:
        no_stdout(output, "--to parquet writes a folder; name it with -o")
        if record is not None:
            refuse("--record", "--to parquet exports every record of the batch")
        with Work("exporting", "no output written", quiet=quiet) as work:
            summary = write_parquet(
                files,
                output,
                force=force,
                jobs=jobs or default_jobs(),
                on_progress=work,
                on_unreadable=lambda v: err.print(verdict_line(v)),  # each, as validate says it
            )
        if not summary.records:
            fail(f"no record could be read ({summary.unreadable} unreadable); nothing written", EXIT_INPUT)
        err.print(
            line(
                f"wrote {plural(summary.actions, 'action')} and {plural(summary.deal_rows, 'deal row')}"
                f" (a deal and seat each) of {plural(summary.records, 'record')} to {output}"
                + (f" ({summary.unreadable} unreadable left out)" if summary.unreadable else "")
            )
        )
        return EXIT_INPUT if summary.unreadable else EXIT_OK
    # the form came from --to, or from the output's name
    flag, form = ("--to", to.value) if given else ("FILE...", f"{output}: {to.value}")
    if len(files) != 1:
        refuse(flag, f"{form} exports one file ({len(files)} given); --to parquet takes a batch")
    (file,) = files
    if os.path.isdir(file):
        refuse(flag, f"{form} exports one file, not a folder ({file}); --to parquet takes a batch")
    if to == ExportTo.html:
        entries = load(file, record)
        if len(entries) > 1:
            choose_record(file, len(entries))  # (an HTML page replays one)
        rec = entries[0].record
        assert rec is not None
        if seat is not None and seat >= len(rec.players):
            refuse("--seat", f"{seat}: the record has seats 0..{len(rec.players) - 1}")
        page = html_replay(rec, source=file, index=entries[0].index, seat=seat, read=True)
        emit_bytes(page.encode(), output, force, files)
        verdict = verify_record(rec, file, entries[0].index, entries[0].where)
        if not verdict.ok:  # the page shows it; so do stderr and the exit code
            err.print(verdict_line(verdict))
            return EXIT_PROBLEM
        return EXIT_OK
    entries = load(file, record)
    records = [e.record for e in entries if e.record is not None]
    numbers = [e.index + 1 for e in entries]
    with Work("exporting", "no output written", total=len(records), quiet=quiet) as work:
        data, verdicts = export_records(records, to.value, source=file, numbers=numbers, on_progress=work)
        emit_bytes(data, output, force, files)
    for v in verdicts:
        if not v.ok:
            err.print(verdict_line(v))
    return EXIT_PROBLEM if any(not v.ok for v in verdicts) else EXIT_OK


def salvage(
    file: Annotated[
        str,
        typer.Argument(
            metavar="FILE", help="A damaged record file; - for stdin.", autocompletion=complete_files
        ),
    ],
    output: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The new file for the records kept; - for stdout.",
            autocompletion=complete_files,
        ),
    ],
    to: Annotated[
        EncodingChoice | None,
        typer.Option(
            "--to", "-t", help="Output encoding (default: from the output's suffix; binary on stdout)."
        ),
    ] = None,
    force: Force = False,
    quiet: Quiet = False,
) -> int:
    """The input is never modified. Exit 0 when nothing was dropped, 1 when something was, 2
    when nothing could be read. With -o -, the records kept go to stdout once all are
    read (binary unless --to says otherwise), the report to stderr.

    \b
    Examples:
      gamerec salvage damaged.grec -o kept.grec
      gamerec salvage damaged.jsonl -o kept.grec --to jsonl
      gamerec salvage damaged.grec -o - | gamerec ls -
    """
    form = output_form(output, to)
    encoding: Encoding = form.value if form is not None else "binary"
    if output == "-":
        with tempfile.TemporaryDirectory(prefix="gamerec-salvage-") as folder:
            kept_file = Path(folder) / "kept"
            with Work("salvaging", "no output written", quiet=quiet) as work:
                report = salvage_file(file, kept_file, on_progress=work, encoding=encoding)
            if report.kept:
                emit_bytes(kept_file.read_bytes(), "-", force, [file])
    else:
        with Work("salvaging", "no output written", quiet=quiet) as work:
            report = salvage_file(file, output, force=force, on_progress=work, encoding=encoding)
    for where, message, code in report.dropped:
        err.print(line(f"{file}: dropped {where}: {message} [{code}]", "yellow"))
    if not report.kept:
        fail(f"{file}: no record could be read; nothing written", EXIT_INPUT)
    dropped = len(report.dropped)
    kept = f"kept {report.kept} record{'s' if report.kept != 1 else ''} in {output}"
    summary = f"{kept}; dropped {dropped} part{'s' if dropped != 1 else ''}"
    if output == "-":
        err.print(line(summary.replace(" in -", " on standard output")))
    else:
        say(summary)
    return EXIT_PROBLEM if dropped else EXIT_OK


def convert(
    files: Annotated[
        list[str],
        typer.Argument(
            metavar="FILE...",
            help="Record files in any encoding, directories or globs; - for stdin.",
            autocompletion=complete_files,
        ),
    ],
    output: Output,
    to: Annotated[
        EncodingChoice | None,
        typer.Option("--to", "-t", help="binary, json, jsonl or text (default: from the output's suffix)."),
    ] = None,
    force: Force = False,
    quiet: Quiet = False,
) -> int:
    """Several inputs are merged into one output, in order. Nothing is written if any record is
    unreadable, and the output may not be an input. An output suffix gamerec does not
    know is an error (name the encoding with --to).

    \b
    Examples:
      gamerec convert games.grec -o games.gtxt
      gamerec convert games.json -o - --to jsonl
      gamerec convert club/*.grec home.json -o season.grec
    """
    to = output_form(output, to)
    inputs = expand_paths(files)
    with Work("converting", "no output written", quiet=quiet) as work:
        emit_records(_readable(inputs, work), output, to, force, inputs)
    return EXIT_OK


def _export_form(output: str, to: ExportTo | None) -> ExportTo:
    """The export's form: --to, else the output's suffix (.json, .csv, .txt, .html)."""
    if to is not None:
        return to
    if output == "-":
        refuse("--to", "missing: name the form (json, csv, text, html or parquet) on standard output")
    suffix = Path(output).suffix.lower()
    if suffix not in EXPORT_SUFFIXES:
        known = ", ".join(EXPORT_SUFFIXES)
        refuse(
            "--output", f"{output}: the suffix {suffix or '(none)'} names no export form: use {known} or --to"
        )
    return EXPORT_SUFFIXES[suffix]


def _readable(paths: list[str], on_progress: Work) -> Iterator[Record]:
    """The records of ``paths``, streamed; the first unreadable one ends the command (exit
    2, its place and why), and a writer fed from here then writes nothing."""
    for e in read_records(paths, on_progress):
        if e.record is None:
            raise GamerecError(unreadable(e).message())
        yield e.record
