"""``gamerec filter`` and ``gamerec split``: records selected from many files into one
output (a merge, when nothing is selected), and many files' records split into one file
per group. The selectors are options shared with ``gamerec ls``
(:func:`selection_from`); the selecting is the library's (:mod:`gamerec.archives.select`,
:mod:`gamerec.archives.split`)."""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Iterator
from itertools import chain
from typing import Annotated

import typer

from ..archives.select import (
    Candidate,
    Selection,
    SelectionError,
    encode_selected,
    select,
    unreadable_message,
)
from ..archives.split import split as split_records
from ..errors import InputError
from ..format.encodings import Encoding
from ..format.write import write_all, write_atomic
from .app import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, err, say
from .lines import line, verdict_line
from .options import EncodingChoice, Files, Force, Quiet, complete_files, complete_game, output_form, refuse
from .progress import Work

# -- the selectors, shared with ls ------------------------------------------------------------
GameSel = Annotated[
    list[str] | None,
    typer.Option(
        "--game",
        "-g",
        metavar="GAME",
        help="Records of this game (repeatable: any of them).",
        autocompletion=complete_game,
    ),
]
PlayerSel = Annotated[
    list[str] | None,
    typer.Option(
        "--player",
        metavar="NAME[@SEAT]",
        help="Records NAME played in (at seat SEAT if given; repeatable: all of them).",
    ),
]
EventSel = Annotated[
    list[str] | None,
    typer.Option("--event", metavar="EVENT", help="Records of this event (repeatable: any)."),
]
SiteSel = Annotated[
    list[str] | None,
    typer.Option("--site", metavar="SITE", help="Records played at this site (repeatable: any)."),
]
DateFrom = Annotated[
    str | None,
    typer.Option("--date-from", metavar="DATE", help="Records dated DATE (YYYY[-MM[-DD]]) or later."),
]
DateTo = Annotated[
    str | None,
    typer.Option("--date-to", metavar="DATE", help="Records dated DATE or earlier."),
]
StatusSel = Annotated[
    list[str] | None,
    typer.Option(
        "--status",
        metavar="STATUS",
        help="Records with this verdict: valid, illegal, incomplete, mismatch (verifies; repeatable: any).",
    ),
]
RuleSel = Annotated[
    list[str] | None,
    typer.Option(
        "--rule",
        metavar="RULE-ID",
        help="Records whose first fault broke this rule (verifies; repeatable: any).",
    ),
]
WinnerSel = Annotated[
    list[str] | None,
    typer.Option("--winner", metavar="NAME", help="Records NAME won (verifies; repeatable: all)."),
]
DealsSel = Annotated[
    str | None,
    typer.Option("--deals", metavar="N..M", help="Records of N to M deals (N, N.., ..M)."),
]
HashSel = Annotated[
    list[str] | None,
    typer.Option("--hash", metavar="PREFIX", help="Records whose content hash starts so (repeatable: any)."),
]
TagSel = Annotated[
    list[str] | None,
    typer.Option(
        "--tag", metavar="KEY=VALUE", help="Records tagged so (round and table too; repeatable: all)."
    ),
]
Invert = Annotated[bool, typer.Option("--not", help="The records that do not match the selectors.")]
Dedupe = Annotated[
    bool,
    typer.Option("--dedupe", help="Keep only the first record of each content hash."),
]


def selection_from(
    game: list[str] | None,
    player: list[str] | None,
    event: list[str] | None,
    site: list[str] | None,
    date_from: str | None,
    date_to: str | None,
    status: list[str] | None,
    rule: list[str] | None,
    winner: list[str] | None,
    deals: str | None,
    hash: list[str] | None,
    tag: list[str] | None,
    invert: bool,
) -> Selection:
    """The :class:`Selection` the selector options ask for; a value that makes no sense
    is a usage error naming its option (exit 2)."""
    try:
        return Selection.parse(
            game=game or (),
            player=player or (),
            event=event or (),
            site=site or (),
            date_from=date_from,
            date_to=date_to,
            status=status or (),
            rule=rule or (),
            winner=winner or (),
            deals=deals,
            hash=hash or (),
            tag=tag or (),
            invert=invert,
        )
    except SelectionError as e:
        refuse(e.option, e.why)


# -- filter -------------------------------------------------------------------------------------
SkipUnreadable = Annotated[
    bool,
    typer.Option(
        "--skip-unreadable",
        help="Leave out the records that cannot be read, each reported on stderr, and exit 2 "
        "(else one stops the run).",
    ),
]


def filter_cmd(
    files: Files,
    output: Annotated[
        str | None,
        typer.Option(
            "--output",
            "-o",
            metavar="FILE",
            help="The file for the records selected; - for stdout.",
            autocompletion=complete_files,
        ),
    ] = None,
    to: Annotated[
        EncodingChoice | None,
        typer.Option("--to", "-t", help="binary, json, jsonl or text (default: from the output's suffix)."),
    ] = None,
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
    count: Annotated[
        bool, typer.Option("--count", "-c", help="Print only how many records match; write nothing.")
    ] = False,
    skip_unreadable: SkipUnreadable = False,
    force: Force = False,
    quiet: Quiet = False,
) -> int:
    """Values are matched whole, or as glob patterns (*, ?, [...]). Selecting by header fields
    reads headers alone (binary records are copied frame for frame, their deals not
    decoded); --status, --rule and --winner verify the records that pass the rest.
    Nothing is written if a record is unreadable (salvage it first, or give --skip-
    unreadable) or none matches. Exit 0 when some record matched, 1 when none did, 2
    when --skip-unreadable left some out (what matched is still written).

    \b
    Examples:
      gamerec filter season/ --player Ann --date-from 2024-03 -o ann.grec
      gamerec filter a.grec b.json c.gtxt -o all.grec --dedupe
      gamerec filter archive/ --status illegal --rule follow-suit --count
      gamerec filter archive/ --game forest --not -o - --to jsonl | head
    """
    selection = selection_from(
        game, player, event, site, date_from, date_to, status, rule, winner, deals, hash, tag, invert
    )
    if count:
        if output is not None:
            refuse("--output", "--count writes nothing: leave out -o, or --count")
        if to is not None:
            refuse("--to", "--count writes nothing")
    elif output is None:
        refuse("--output", "missing: name the file to write (- for stdout), or give --count")
    form = output_form(output, to) if output is not None else None
    with Work("selecting", "no output written", quiet=quiet) as work:
        # what is read of each record selected: all of it, for an output encoded anew, or
        # before a copy claims its content hash (--dedupe: else a damaged first copy would
        # push out an intact one); binary frames are otherwise copied with their header read
        binary = form is None or form.value == "binary"
        needs = Candidate.header if binary and not dedupe else Candidate.record
        run = select(files, selection, dedupe=dedupe, needs=needs, on_progress=work)
        inputs = run.files
        kept = _Readable(skip_unreadable, "no count" if count else "nothing written")
        if count:
            for c in run:
                kept(c)  # an unreadable one stops the count, or is reported and left out
            sys.stdout.write(f"{run.selected}\n")
        else:
            assert output is not None
            chosen = filter(kept, run)
            first = next(chosen, None)
            if first is not None:
                _write(chain([first], chosen), output, form, force, inputs)
    unread = run.unreadable
    # as everywhere: 2 when some input could not be read (here left out), else 1 for none
    code = EXIT_INPUT if unread else EXIT_OK if run.selected else EXIT_PROBLEM
    if count:  # the number alone; the exit code says whether it is 0
        return code
    dups = run.duplicates
    tail = f"; {dups} duplicate{'s' if dups != 1 else ''} left out" if dups else ""
    tail += f"; {unread} unreadable left out" if unread else ""
    if run.selected:
        where = "standard output" if output == "-" else output
        err.print(line(f"{run.selected} of {run.read} records matched{tail}; wrote them to {where}"))
        return code
    err.print(line(f"no record of {run.read} matched{tail}; nothing written", "yellow"))
    return code


class _Readable:
    """Whether a candidate goes on: one the selection found unreadable stops the run with
    :func:`gamerec.archives.select.unreadable_message` (``what``: what came of it), or with ``skip``
    is reported on stderr and left out (the selection counted it)."""

    def __init__(self, skip: bool, what: str) -> None:
        self.skip, self.what = skip, what

    def __call__(self, c: Candidate) -> bool:
        if c.error is None:
            return True
        if not self.skip:
            raise InputError(f"{unreadable_message(c, self.what)} or give --skip-unreadable")
        err.print(verdict_line(c.problem()))
        return False


def _write(
    chosen: Iterator[Candidate], output: str, form: EncodingChoice | None, force: bool, inputs: list[str]
) -> None:
    """The records to ``output``, all or nothing: a file atomically, standard output once
    the whole output is made (in a spooled temporary file, so memory stays flat)."""
    encoding: Encoding = form.value if form is not None else "binary"
    chunks = encode_selected(chosen, encoding)
    if output != "-":
        write_atomic(output, chunks, force=force, inputs=inputs)
        return
    with tempfile.SpooledTemporaryFile(max_size=16 << 20) as spool:
        try:
            for chunk in chunks:
                spool.write(chunk)
        except OSError as e:
            why = e.strerror or e
            raise InputError(f"standard output: cannot make it in a temporary file: {why}") from None
        spool.seek(0)
        sys.stdout.flush()
        while data := spool.read(1 << 20):
            write_all(sys.stdout.buffer, data)
        sys.stdout.buffer.flush()


# -- split --------------------------------------------------------------------------------------
def split_cmd(
    files: Files,
    by: Annotated[
        str,
        typer.Option(
            "--by",
            metavar="game|event|date|player|N",
            help="Group by game, event, date or player (a record goes into each of its players' "
            "files), or parts of N records.",
        ),
    ],
    output: Annotated[
        str,
        typer.Option(
            "--output",
            "-o",
            metavar="FOLDER",
            help="The folder to write into (made if missing).",
            autocompletion=complete_files,
        ),
    ],
    to: Annotated[
        EncodingChoice | None,
        typer.Option("--to", "-t", help="binary (default), json, jsonl or text."),
    ] = None,
    force: Annotated[bool, typer.Option("--force", "-f", help="Replace files of the same names.")] = False,
    skip_unreadable: SkipUnreadable = False,
    quiet: Quiet = False,
) -> int:
    """The files appear together once every input is read, each written whole; nothing is
    written if a record is unreadable (unless --skip-unreadable), if a file cannot be
    written, if the split is stopped (Ctrl-C, SIGTERM, SIGHUP), or, without --force, if
    a file of the same name exists.

    \b
    Examples:
      gamerec split archive/ --by event -o by-event/
      gamerec split big.grec --by 1000 -o parts/ && gamerec convert parts/ -o again.grec
    """
    if output == "-":
        refuse("--output", "- (standard output): split writes a file per group; name a folder")
    key: str | int = int(by) if by.isdigit() else by
    if isinstance(key, int) and key < 1:
        refuse("--by", f"{by}: parts of at least one record")
    if isinstance(key, str) and key not in ("game", "event", "date", "player"):
        refuse("--by", f"{by!r}: give game, event, date, player or a number of records")
    encoding: Encoding = to.value if to is not None else "binary"
    with Work("splitting", "no output written", quiet=quiet) as work:
        report = split_records(
            files, key, output, encoding, force=force, skip_unreadable=skip_unreadable,
            on_unreadable=lambda v: err.print(verdict_line(v)), on_progress=work,
        )  # fmt: skip
    for f in report.files:
        say(f"{f.path}: {f.records} record{'s' if f.records != 1 else ''}")
    n = len(report.files)
    left = f"; {report.unreadable} unreadable left out" if report.unreadable else ""
    err.print(line(f"split {report.records} records into {n} file{'s' if n != 1 else ''} in {output}{left}"))
    return EXIT_INPUT if report.unreadable else EXIT_OK
