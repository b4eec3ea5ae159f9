"""The ``gamerec`` command line: parse arguments, call one library function, render.

Exit codes: 0 every record valid; 1 some record illegal, incomplete or mismatched;
2 a usage error, or some input unreadable.

Why one module of over 900 lines: every command still lives here; issue 14 gives each
command (or close group) a module of its own, leaving the app and its error handling here.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import msgspec
import typer
from rich.console import Console
from typer.core import TyperGroup

from .. import __version__, compiled
from ..batch import MAX_JOBS, Duplicates, default_jobs, max_jobs, standings, verify_batch
from ..cards import CardCodeError
from ..engine import Game
from ..errors import GamerecError, Illegal, InputError
from ..escape import json_inert
from ..export import export_checked as export_records
from ..export.html import html_replay
from ..export.parquet import write_parquet
from ..format.listing import list_records
from ..format.paths import expand_paths
from ..format.read import Entry, read_file
from ..format.record import Record
from ..format.salvage import salvage as salvage_file
from ..format.schema import write_schemas
from ..format.write import same_file, write_all, write_atomic, write_records, write_stream
from ..games import GAMES, games_info, get_game
from ..present import Replay, Step, move
from ..recorder import Recorder, Rejected
from ..simulate import parse_rule_options
from ..simulate import simulate as simulate_records
from ..verify import STATUSES, Verdict, unreadable, verify_record
from . import render, stdio

EXIT_OK, EXIT_PROBLEM, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_BROKEN_PIPE = 141  #: the reader of standard output went away (128 + SIGPIPE)

EXIT_HELP = """
Exit codes: 0 every record valid (or the command succeeded); 1 some record illegal,
incomplete or mismatched; 2 a usage error, some input unreadable or an output that could not
be written; 3 an internal error; 129, 130, 143 stopped by SIGHUP, SIGINT, SIGTERM; 141 the
reader of the output went away.
"""


class _Console(Console):
    """rich's console, but a reader that goes away (``| head``) ends the run as gamerec
    says (quietly, exit 141), not with rich's exit 1."""

    def on_broken_pipe(self) -> None:
        self.quiet = True
        raise BrokenPipeError


# no markup or emoji codes: text from records and file names is printed as written
out = _Console(highlight=False, soft_wrap=True, markup=False, emoji=False)
err = _Console(stderr=True, highlight=False, soft_wrap=True, markup=False, emoji=False)


class _PipeClosed(Exception):
    """Standard output's reader went away (carried past typer, which would exit 1)."""


class Signalled(BaseException):
    """SIGINT, SIGTERM or SIGHUP arrived: raised where the program is, so that ``finally``
    blocks and atomic writers clean up on the way out (not an Exception: nothing catches
    it but the error boundary, which exits with 128 + the signal's number)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum

    @property
    def message(self) -> str:
        name = signal.Signals(self.signum).name
        return f"{_SIGNAL_WORDS.get(name, 'stopped')} ({name})"


def _raise_signalled(signum: int, _frame: object) -> None:
    raise Signalled(signum)


_SIGNAL_WORDS = {"SIGINT": "interrupted", "SIGTERM": "terminated", "SIGHUP": "hung up"}
_STOP_SIGNALS = [getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)]


@contextlib.contextmanager
def _signals_unwind() -> Iterator[None]:
    """While a command runs, SIGINT, SIGTERM and SIGHUP raise :class:`Signalled` (in the
    main thread; the handlers before are put back after). A signal ignored when gamerec
    started (``nohup`` ignores SIGHUP, a shell's background job SIGINT) stays ignored."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    before = {
        s: signal.signal(s, _raise_signalled) for s in _STOP_SIGNALS if signal.getsignal(s) != signal.SIG_IGN
    }
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, handler)


class Group(TyperGroup):
    """Every error becomes one line on stderr and an exit code; never a traceback."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise _PipeClosed from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        standalone_mode = kwargs.pop("standalone_mode", True)
        try:
            with _signals_unwind():
                rv = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]
                sys.stdout.flush()  # what is still buffered fails here, inside the boundary
        except Signalled as e:
            _fail(e.message, 128 + e.signum)
        except typer.Abort:
            _fail("aborted", 130)
        except KeyboardInterrupt:
            _fail("interrupted", 130)
        except GamerecError as e:
            _fail(e.message, EXIT_INPUT)
        except (BrokenPipeError, _PipeClosed):
            # the reader stopped early (`| head`): end quietly, as SIGPIPE would have
            stdio.discard_stdout()
            sys.exit(EXIT_BROKEN_PIPE)
        except OSError as e:
            _fail(f"{e.filename or ''}: {e.strerror or e}".lstrip(": "), EXIT_INPUT)
        except MemoryError:
            _fail("out of memory: give fewer or smaller inputs, fewer --jobs, or more memory", EXIT_INPUT)
        except Exception as e:
            # click's (or typer's vendored click's) usage errors, whichever is installed
            if not (hasattr(e, "format_message") and hasattr(e, "exit_code")):
                if os.environ.get("GAMEREC_DEBUG"):
                    raise
                _fail(
                    f"internal error: {type(e).__name__}: {e} "
                    "(a bug in gamerec; GAMEREC_DEBUG=1 shows the traceback)",
                    EXIT_INTERNAL,
                )
            ctx = getattr(e, "ctx", None)
            if type(e).__name__ == "NoArgsIsHelpError" and ctx is not None:  # `gamerec` alone
                out.print(ctx.get_help())
                sys.exit(EXIT_OK)
            cmd = ctx.command_path if ctx is not None else "gamerec"
            message = " ".join(e.format_message().split()).replace("Value error, ", "")
            _fail(f"{message} (see '{cmd} --help')", EXIT_INPUT, cmd)
        code = rv if isinstance(rv, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _fail(message: str, code: int, prefix: str = "gamerec") -> NoReturn:
    err.print(render.line(f"{prefix}: {message}", "red"))
    sys.exit(code)


app = typer.Typer(
    cls=Group,
    help="Record, check, replay and score card games from move logs.\n" + EXIT_HELP,
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        engines = "compiled" if compiled() else "pure Python"
        out.print(render.plain(f"gamerec {__version__} ({engines} engines)"))
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    pass


Files = Annotated[list[str], typer.Argument(help="Record files, directories or globs; - for stdin.")]


class ExportTo(StrEnum):
    json = "json"
    csv = "csv"
    text = "text"
    html = "html"
    parquet = "parquet"


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


class _Batch:
    """Verdicts streamed from a batch, with a progress bar on stderr on a terminal, the
    counts of each verdict, and duplicates (same content hash) reported and counted once."""

    def __init__(self, files: list[str], jobs: int | None, scores: bool = True) -> None:
        self.paths = expand_paths(files)
        self.scores = scores
        self.jobs = jobs or default_jobs()
        self.counts: dict[str, int] = dict.fromkeys(STATUSES, 0)
        self.duplicates = 0
        self.seen = Duplicates()

    def __iter__(self) -> Iterator[Verdict]:
        """Each verdict but the duplicates, whose line goes to stderr."""
        progress = None
        task: Any = None
        if len(self.paths) > 1 and err.is_terminal:
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

            # no refresh thread: workers are forked while it runs, and forking a threaded
            # process is unsafe
            progress = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                                console=err, transient=True, auto_refresh=False)  # fmt: skip
            task = progress.add_task("verifying", total=len(self.paths))
            progress.start()
        done = 0

        def on_file(_path: str) -> None:
            nonlocal done
            if progress is not None and done:
                progress.update(task, advance=1, refresh=True)
            done += 1

        try:
            for v in verify_batch(self.paths, self.jobs, on_file=on_file, scores=self.scores):
                first = self.seen.first(v)
                if first is not None:
                    self.duplicates += 1
                    err.print(render.line(f"{v.location()}: duplicate of {first} (counted once)", "yellow"))
                    continue
                self.counts[v.status] += 1
                yield v
        finally:
            if progress is not None:
                progress.stop()

    def summary(self) -> str:
        line = render.summary_line(self.counts)
        if self.duplicates:
            line += f"; {self.duplicates} duplicate{'s' if self.duplicates != 1 else ''} counted once"
        return line

    def exit_code(self, allow_incomplete: bool = False) -> int:
        if self.counts["unreadable"]:
            return EXIT_INPUT
        bad = self.counts["illegal"] + self.counts["mismatch"]
        if not allow_incomplete:
            bad += self.counts["incomplete"]
        return EXIT_PROBLEM if bad else EXIT_OK


def _is_problem(v: Verdict, allow_incomplete: bool = False) -> bool:
    return v.status != "valid" and not (allow_incomplete and v.status == "incomplete")


_json_out = msgspec.json.Encoder()


def _json(obj: Any) -> str:
    """``obj`` as one line of JSON, inert on a terminal (:func:`gamerec.escape.json_inert`)."""
    return json_inert(_json_out.encode(obj).decode())


def _print_json(obj: Any) -> None:
    sys.stdout.write(json_inert(msgspec.json.format(_json_out.encode(obj), indent=2).decode()) + "\n")


class _JsonArray:
    """A JSON array written to stdout one item at a time (for streams)."""

    def __init__(self, head: str = "[", tail: str = "]") -> None:
        self.first = True
        self.tail = tail
        sys.stdout.write(head)

    def add(self, obj: Any) -> None:
        sys.stdout.write(("\n" if self.first else ",\n") + _json(obj))
        self.first = False

    def close(self, extra: str = "") -> None:
        sys.stdout.write("\n" + self.tail + extra + "\n")


@app.command(epilog=EXIT_HELP)
def validate(
    files: Files,
    allow_incomplete: Annotated[
        bool, typer.Option("--allow-incomplete", help="Let incomplete records pass (exit 0).")
    ] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List every record, valid too.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdicts as JSON.")] = False,
    jobs: Jobs = None,
) -> int:
    """Check every record by the rules and give each a verdict: valid, illegal,
    incomplete, mismatch or unreadable. Problems go to stderr, one line each; a record
    seen before (same content) is reported and counted once."""
    batch = _Batch(files, jobs, scores=False)
    array = _JsonArray('{"verdicts": [', "]") if as_json else None
    for v in batch:
        if _is_problem(v, allow_incomplete):
            err.print(render.verdict_line(v))
        if array is not None:
            array.add(v)
        elif verbose and v.status == "valid":
            out.print(render.verdict_line(v))
    if array is not None:
        counts = {**batch.counts, "duplicate": batch.duplicates}
        array.close(', "summary": ' + _json(counts) + "}")
    else:
        out.print(render.plain(batch.summary()))
    return batch.exit_code(allow_incomplete)


class SortBy(StrEnum):
    wins = "wins"
    total = "total"
    mean = "mean"
    best = "best"
    games = "games"
    player = "player"


@app.command(epilog=EXIT_HELP)
def score(
    files: Files,
    as_json: Annotated[bool, typer.Option("--json", help="Print the scores as JSON.")] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="With --standings: print them as CSV.")] = False,
    with_standings: Annotated[
        bool,
        typer.Option("--standings", help="Standings per game and player over all valid records."),
    ] = False,
    sort: Annotated[SortBy, typer.Option("--sort", help="Standings order.")] = SortBy.wins,
    jobs: Jobs = None,
) -> int:
    """Per-deal and total scores and the winners of every record; with --standings,
    games played, wins, total, mean and best score per game and player."""
    batch = _Batch(files, jobs)
    if with_standings:
        result = standings(_reported(batch), sort.value)
        if as_json:
            _print_json(result)
        elif as_csv:
            sys.stdout.write(render.standings_csv(result))
        else:
            for game_id, rows in result.games.items():
                out.print(render.standings_table(game_id, rows))
            for v in result.left_out:
                out.print(render.line(f"left out: {v.message()}", "dim"))
            out.print(render.plain(batch.summary()))
        return batch.exit_code()
    array = _JsonArray() if as_json else None
    for v in _reported(batch):
        if array is not None:
            array.add({"source": v.source, "record": v.record, "game": v.game, "status": v.status,
                       "hash": v.hash, "scores": v.scores})  # fmt: skip
        elif v.scores is not None and v.game in GAMES:
            out.print(render.score_table(v, v.scores, GAMES[v.game].deal_word))
    if array is not None:
        array.close()
    else:
        out.print(render.plain(batch.summary()))
    return batch.exit_code()


def _reported(batch: _Batch) -> Iterator[Verdict]:
    """The batch's verdicts, each problem reported on stderr as it passes."""
    for v in batch:
        if _is_problem(v):
            err.print(render.verdict_line(v))
        yield v


def _load(path: str, record: int | None = None) -> list[Entry]:
    entries = list(read_file(path))
    if record is not None:
        if not 1 <= record <= len(entries):
            raise GamerecError(f"{path}: has {len(entries)} records, no record {record}")
        entries = [entries[record - 1]]
    for e in entries:
        if e.error is not None:
            _fail(unreadable(e).message(), EXIT_INPUT)
    return entries


def _emit(data: bytes, output: str, force: bool, inputs: list[str]) -> None:
    if output == "-":
        sys.stdout.flush()
        write_all(sys.stdout.buffer, data)
        sys.stdout.buffer.flush()
        return
    write_atomic(output, [data], force=force, inputs=inputs)


def _readable(path: str) -> Iterator[Record]:
    """The records of ``path``, streamed; the first unreadable one ends the command (exit
    2, its place and why), and a writer fed from here then writes nothing."""
    for e in read_file(path):
        if e.record is None:
            raise GamerecError(unreadable(e).message())
        yield e.record


def _write_records(records: Iterable[Record], output: str, to: EncodingChoice | None, force: bool,
                   inputs: list[str]) -> None:  # fmt: skip
    """Write ``records`` as they come, all or nothing: to a file atomically, or to stdout
    (``-``, binary by default) once the whole output is made. It is made in a spooled
    temporary file (in memory up to 16 MiB, then on disk), so memory stays flat."""
    if output != "-":
        write_records(records, output, to.value if to else None, force=force, inputs=inputs)
        return
    with tempfile.SpooledTemporaryFile(max_size=16 << 20) as spool:
        try:
            write_stream(records, spool, to.value if to else "binary")
        except OSError as e:
            why = e.strerror or e
            raise InputError(f"standard output: cannot make it in a temporary file: {why}") from None
        spool.seek(0)
        sys.stdout.flush()
        while chunk := spool.read(1 << 20):
            write_all(sys.stdout.buffer, chunk)
        sys.stdout.buffer.flush()


Output = Annotated[str, typer.Option("--output", "-o", help="Output file; - for stdout.")]
Force = Annotated[bool, typer.Option("--force", "-f", help="Replace an existing output file.")]
RecordOpt = Annotated[int | None, typer.Option("--record", "-r", min=1, help="Only record N (from 1).")]


@app.command(epilog=EXIT_HELP)
def export(
    files: Annotated[
        list[str],
        typer.Argument(help="A record file (- for stdin); for parquet, files, directories or globs."),
    ],
    to: Annotated[ExportTo, typer.Option("--to", "-t", help="json, csv, text, html or parquet.")],
    output: Annotated[
        str, typer.Option("--output", "-o", help="Output file, - for stdout; for parquet, a folder.")
    ] = "-",
    record: RecordOpt = None,
    seat: Annotated[
        int | None, typer.Option("--seat", min=0, help="html: show the game as this seat saw it.")
    ] = None,
    force: Force = False,
) -> int:
    """Export records as JSON (the editable twin), CSV (one row per action with derived
    columns), text (a readable history with the game's score sheet), HTML (one
    self-contained page that replays a record in a browser), or, for a whole batch,
    Parquet (a folder with actions.parquet and deal_scores.parquet; needs the 'parquet'
    extra).

    CSV, text and HTML replay each record: one that is not valid is still exported as far
    as it goes (an illegal record up to its illegal action, which the CSV's 'illegal'
    column marks with the rule broken; an incomplete one in full), and one line on stderr
    says what and where (file, record, deal, action, rule), exit 1, as validate does.
    Text from records is shown inert: control characters and escape sequences as a
    replacement character, line breaks as a return symbol; CSV cells a spreadsheet would
    read as a formula start with a quote."""
    if to == ExportTo.parquet:
        if output == "-":
            raise GamerecError("--to parquet writes a folder: name it with -o")
        summary = write_parquet(files, output, force=force)
        if not summary.records:
            _fail(f"no record could be read ({summary.unreadable} unreadable); nothing written", EXIT_INPUT)
        err.print(
            render.line(
                f"wrote {summary.actions} actions and {summary.deal_rows} deal scores of "
                f"{summary.records} records to {output}"
                + (f" ({summary.unreadable} unreadable left out)" if summary.unreadable else "")
            )
        )
        return EXIT_INPUT if summary.unreadable else EXIT_OK
    if len(files) != 1:
        raise GamerecError(f"--to {to.value} exports one file; --to parquet takes a batch")
    (file,) = files
    if to == ExportTo.html:
        entries = _load(file, record or 1)
        rec = entries[0].record
        assert rec is not None
        if seat is not None and seat >= len(rec.players):
            raise GamerecError(f"--seat {seat}: the record has seats 0..{len(rec.players) - 1}")
        page = html_replay(rec, source=file, index=entries[0].index, seat=seat)
        _emit(page.encode(), output, force, files)
        verdict = verify_record(rec, file, entries[0].index, entries[0].where)
        if not verdict.ok:  # the page shows it; so do stderr and the exit code
            err.print(render.verdict_line(verdict))
            return EXIT_PROBLEM
        return EXIT_OK
    entries = _load(file, record)
    records = [e.record for e in entries if e.record is not None]
    data, verdicts = export_records(records, to.value, source=file, numbers=[e.index + 1 for e in entries])
    _emit(data, output, force, files)
    for v in verdicts:
        if not v.ok:
            err.print(render.verdict_line(v))
    return EXIT_PROBLEM if any(not v.ok for v in verdicts) else EXIT_OK


class HandsChoice(StrEnum):
    typed = "typed"
    seed = "seed"
    unknown = "unknown"


RECORD_HELP = (
    "at the prompt: an action, seat first or left out for the seat to move (2 play QS, "
    "play QS, 0 bid 1 ; a note) · undo · note TEXT · legal · stock CARD · help · quit"
)


def _ask(prompt: str) -> str:
    """A line from stdin after ``prompt``; EOFError at the end of input."""
    sys.stdout.write(render.clean(prompt))
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line.strip()


def _say(text: str, style: str = "") -> None:
    out.print(render.plain(text, style))


@app.command(epilog=EXIT_HELP)
def record(
    output: Annotated[str, typer.Option("--output", "-o", help="The record file to write at the end.")],
    game: Annotated[str | None, typer.Option("--game", "-g", help="The game id (else asked).")] = None,
    players: Annotated[
        str | None, typer.Option("--players", "-p", help="Player names, comma-separated (else asked).")
    ] = None,
    rule: Annotated[list[str] | None, typer.Option("--rule", help="A rule option KEY=VALUE.")] = None,
    hands: Annotated[
        HandsChoice,
        typer.Option(
            "--hands", help="typed up front, dealt from --seed, or unknown (rebuilt from the plays)."
        ),
    ] = HandsChoice.typed,
    seed: Annotated[int, typer.Option("--seed", "-s", help="Seed for --hands seed.")] = 0,
    resume: Annotated[
        str | None, typer.Option("--resume", help="Continue the recording of a journal.")
    ] = None,
    journal: Annotated[
        str | None, typer.Option("--journal", help="Journal (default: OUTPUT.journal).")
    ] = None,
    force: Force = False,
) -> int:
    """Record a game as it is played: every action is checked when entered, each accepted
    step is saved to a journal at once (continue it with --resume after a crash), and the
    record is written when the game ends."""
    # refused before anything is asked or read: the journal is never the output, nor replaced
    the_journal = resume if resume is not None else journal or f"{output}.journal"
    if same_file(output, the_journal):
        raise GamerecError(
            f"{output}: is the journal {the_journal} too: give the record another name than the journal"
        )
    if not force and Path(output).exists():
        raise GamerecError(f"{output}: exists already (--force replaces it)")
    if resume is not None:
        rec = Recorder.resume(resume)
        if rec.repair is not None:
            err.print(render.line(rec.repair, "yellow"))
        _say(f"resuming {rec.header.game}: {', '.join(rec.header.players)}; {len(rec.deals)} deal(s) so far")
    else:
        try:
            game_id = game or _ask(f"game ({', '.join(GAMES)}): ")
            g = get_game(game_id)
            names = players if players is not None else _ask("players, comma-separated: ")
            pairs = list(rule or [])
            if game is None and not pairs:  # asked for the game: ask for its options too
                options = ", ".join(g.Rules.__struct_fields__)
                pairs = _ask(f"rules options KEY=VALUE ({options}; blank for the defaults): ").split()
        except EOFError:
            raise GamerecError("no game recorded: the input ended") from None
        seats = [n.strip() for n in names.split(",") if n.strip()]
        rules = parse_rule_options(game_id, pairs, len(seats))
        rec = Recorder.start(
            journal or f"{output}.journal", game_id, seats, rules, hands=hands.value, seed=seed, force=force
        )
    _say(f"journal: {rec.journal} · {RECORD_HELP}", "dim")
    try:
        return _record_loop(rec, output, force)
    except EOFError:
        again = f"gamerec record -o {output} --resume {rec.journal}" + (" --force" if force else "")
        _say(f"stopped: nothing is lost; continue with: {again}")
        return EXIT_OK
    finally:
        rec.close()


def _record_loop(rec: Recorder, output: str, force: bool) -> int:
    g = rec.game
    names = rec.header.players
    while True:
        status = rec.status()
        if status == "over" or (status == "deal" and g.open_ended and rec.deals and not _another(g)):
            verdict = rec.finish(output, force=True if rec.deals else force)
            out.print(render.verdict_line(verdict))
            _say(f"wrote {output}")
            return EXIT_OK if verdict.ok else EXIT_PROBLEM
        if status == "deal":
            _record_deal(rec)
            continue
        stock = rec.needs_stock
        if stock:
            text = _ask("stock: the card revealed now (an up-card, forest card or card drawn): ")
        else:
            seat = rec.to_move()
            who = "unknown hands" if seat is None else f"{names[seat]} (seat {seat}) to move"
            text = _ask(f"[{g.deal_word} {len(rec.deals)}] {who}> ")
        word, _, rest = text.partition(" ")
        if not text:
            continue
        if stock and word not in _COMMANDS:  # the commands work at the stock prompt too
            _try(rec.reveal, text)
            continue
        if word == "quit":
            raise EOFError
        if word == "help":
            _say(RECORD_HELP)
        elif word in ("legal", "?"):
            legal = rec.legal()
            _say("legal: " + (", ".join(legal) if legal else "(not known: the hands are unknown)"))
        elif word == "undo":
            if rec.undo_drops_deal and not _ask(
                f"undo takes back {g.deal_word} {len(rec.deals)} and its hands: sure? [y/N] "
            ).lower().startswith("y"):
                _say("kept")
                continue
            _try(lambda: [f"undone: {rec.undo()}"])
        elif word == "note":
            _try(lambda note: [f"noted: {rec.note(note)}"], rest.strip())
        elif word == "stock":
            _try(rec.reveal, rest.strip())
        else:
            _try(rec.enter, text)


#: the words the record prompt reads as commands (anything else is an action, or a card
#: at the stock prompt)
_COMMANDS = ("quit", "help", "legal", "?", "undo", "note", "stock")


def _another(g: Game[Any]) -> bool:
    return _ask(f"the {g.deal_word} is over: another one? [y/N] ").lower().startswith("y")


def _try(step: Callable[..., list[str]], *args: str) -> None:
    """Run one recording step; show its events, or why it was refused."""
    try:
        lines = step(*args)
    except Rejected as e:
        _say(f"✗ {e.message} [{e.rule}]", "red")
        if e.legal:
            _say("  legal: " + ", ".join(e.legal), "yellow")
        return
    for line in lines:
        _say(f"  → {line}", "cyan")


def _record_deal(rec: Recorder) -> None:
    g = rec.game
    number = len(rec.deals) + 1
    if rec.hands == "seed":
        rec.deal_from_seed()
        d = rec.deals[-1]
        _say(f"{g.deal_word} {number}: dealt from the seed, {g.seat_field} {d.dealer}")
        for s, hand in enumerate(d.hands or []):
            _say(f"  hand {s} ({rec.header.players[s]}): {' '.join(hand)}")
        return
    seat = rec.expected_seat()
    n = len(rec.header.players)
    if seat is None:
        word = "dealer" if g.seat_field == "dealer" else "first player"
        answer = _ask(f"{g.deal_word} {number}: {word} (seat 0-{n - 1}): ")
        if answer not in [str(s) for s in range(n)]:  # (never int() of 5,000 digits, nor of "²")
            _say(f"✗ a seat number, 0 to {n - 1}", "red")
            return
        seat = int(answer)
    size, upcards = rec.deal_shape()
    deck = g.deck
    try:
        hands = None
        if rec.hands == "typed":
            hands = []
            for s in range(n):
                codes = _ask(f"hand {s} ({rec.header.players[s]}, {size} cards): ").split()
                hands.append([deck.parse(c) for c in codes])
        stock = [deck.parse(c) for c in _ask("up-card: ").split()] if upcards else []
        rec.begin_deal(seat, hands, stock)
    except (CardCodeError, Rejected) as e:
        message = e.message if isinstance(e, Rejected) else str(e)
        _say(f"✗ {message}; the {g.deal_word} again", "red")


@app.command(epilog=EXIT_HELP)
def salvage(
    file: Annotated[str, typer.Argument(help="A damaged record file; - for stdin.")],
    output: Annotated[str, typer.Option("--output", "-o", help="The new file for the records kept.")],
    force: Force = False,
) -> int:
    """Copy every record that can still be read to a new file, and report what was
    dropped (damaged parts with their byte offsets). The input is never modified. Exit 0
    when nothing was dropped, 1 when something was, 2 when nothing could be read."""
    report = salvage_file(file, output, force=force)
    for where, message, code in report.dropped:
        err.print(render.line(f"{file}: dropped {where}: {message} [{code}]", "yellow"))
    if not report.kept:
        _fail(f"{file}: no record could be read; nothing written", EXIT_INPUT)
    dropped = len(report.dropped)
    kept = f"kept {report.kept} record{'s' if report.kept != 1 else ''} in {output}"
    _say(f"{kept}; dropped {dropped} part{'s' if dropped != 1 else ''}")
    return EXIT_PROBLEM if dropped else EXIT_OK


@app.command(epilog=EXIT_HELP)
def convert(
    file: Annotated[str, typer.Argument(help="A record file in any encoding; - for stdin.")],
    output: Annotated[str, typer.Option("--output", "-o", help="Output file; - for stdout.")],
    to: Annotated[
        EncodingChoice | None,
        typer.Option("--to", "-t", help="binary, json, jsonl or text (default: from the output's suffix)."),
    ] = None,
    force: Force = False,
) -> int:
    """Convert records between the binary (.grec), JSON (.json), JSON Lines (.jsonl) and
    text notation (.gtxt) encodings, losslessly, record by record (memory stays flat).
    Nothing is written if any record is unreadable, and the output may not be the input."""
    _write_records(_readable(file), output, to, force, [file])
    return EXIT_OK


@app.command(epilog=EXIT_HELP)
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
) -> int:
    """Let bots play legal games. The same arguments give a byte-identical file; the seed
    is recorded as provenance. A game is played to a target of at most 10000 points
    (black-swan-2012), so that it ends within the actions a simulated game may take."""
    get_game(game)
    rules = parse_rule_options(game, rule or [], players)
    records = simulate_records(game, players, games, seed, bot, rules)
    _write_records(records, output, to, force, [])
    if output != "-":
        err.print(render.plain(f"wrote {games} {game} game{'s' if games != 1 else ''} to {output}"))
    return EXIT_OK


@app.command("ls", epilog=EXIT_HELP)
def ls_cmd(
    files: Files,
    as_json: Annotated[bool, typer.Option("--json", help="Print the listing as JSON lines.")] = False,
) -> int:
    """One line per record: file, number, game, players, date, event, deals, actions and
    content hash, read from the headers alone (binary files)."""
    unreadable = 0
    for item in list_records(files):
        if item.error is not None:
            unreadable += 1
            err.print(render.line(f"{item.source}: record {item.index + 1}: unreadable: {item.error}", "red"))
            continue
        if as_json:
            sys.stdout.write(_json(item) + "\n")
        else:
            out.print(render.listing_line(item))
    return EXIT_INPUT if unreadable else EXIT_OK


@app.command("games")
def games_cmd(
    as_json: Annotated[bool, typer.Option("--json", help="Print as JSON.")] = False,
) -> int:
    """List the games, their players, bots and rule options with defaults."""
    info = games_info()
    if as_json:
        _print_json(info)
    else:
        out.print(render.games_table(info))
    return EXIT_OK


@app.command()
def schema(
    output: Annotated[str, typer.Option("--output", "-o", help="The folder to write into.")] = "schemas",
) -> int:
    """Write the JSON Schemas of the JSON form: one per game, record (any game; a JSON
    Lines line) and records (a JSON array)."""
    for p in write_schemas(output):
        out.print(render.plain(str(p)))
    return EXIT_OK


@app.command(epilog=EXIT_HELP)
def replay(
    file: Annotated[str, typer.Argument(help="A record file; - for stdin.")],
    record: Annotated[int, typer.Option("--record", "-r", min=1, help="The record to replay (from 1).")] = 1,
    deal: Annotated[int | None, typer.Option("--deal", "-d", min=1, help="Start at deal N.")] = None,
    step: Annotated[int | None, typer.Option("--step", min=1, help="Start at step N (of the deal).")] = None,
    show_all: Annotated[bool, typer.Option("--all", "-a", help="Print every step, no keys.")] = False,
    seat: Annotated[int | None, typer.Option("--seat", min=0, help="Show only this seat's hand.")] = None,
) -> int:
    """Replay a record step by step: hands, the trick, trump, bids, tricks and scores.
    On a terminal, step with keys (n/space next, b back, t next trick, d next deal,
    1-9 deal N, q quit);
    with --all or when not on a terminal, print every step."""
    (entry,) = _load(file, record)
    assert entry.record is not None
    rec = entry.record
    if seat is not None and seat >= len(rec.players):
        raise GamerecError(f"--seat {seat}: the record has seats 0..{len(rec.players) - 1}")
    rp = Replay(rec, seat=seat, source=entry.source, index=entry.index)
    steps = list(rp)
    verdict = rp.verdict
    assert verdict is not None
    start = 0
    if steps and (deal is not None or step is not None):
        shown = len({s.deal for s in steps})
        d = (deal or 1) - 1
        in_deal = [i for i, s in enumerate(steps) if s.deal == d]
        if not in_deal:
            raise GamerecError(f"--deal {deal}: the replay shows {shown} deal{'s' if shown != 1 else ''}")
        start = in_deal[0]
        if step is not None:
            if step > len(in_deal):
                raise GamerecError(f"--step {step}: deal {d + 1} has {len(in_deal)} steps")
            start = in_deal[step - 1]
    interactive = not show_all and out.is_terminal and sys.stdin.isatty()
    if interactive and steps:
        _interactive(steps, start, verdict)
    else:
        for i in range(start, len(steps)):
            out.print(render.view_panel(steps[i], _position(steps, i)))
    line = render.verdict_line(verdict)
    (out if verdict.ok else err).print(line)
    return EXIT_OK if verdict.ok else EXIT_PROBLEM


def _position(steps: list[Step], i: int) -> str:
    s = steps[i]
    return f"step {i + 1} of {len(steps)} · deal {s.deal + 1}"


KEYS_HELP = (
    "n/space/→ next · b/← back · t/r next/previous trick · d/u next/previous deal · "
    "1-9 deal N · g first · G last · q quit"
)
KEYS = {
    **dict.fromkeys(("n", " ", "\r", "\n", "\x1b[C", "l"), "next"),
    **dict.fromkeys(("b", "p", "\x1b[D", "h"), "back"),
    "t": "next-trick",
    "r": "previous-trick",
    "d": "next-deal",
    "u": "previous-deal",
    "g": "first",
    "G": "last",
}


def _interactive(steps: list[Step], i: int, verdict: Verdict) -> None:
    while True:
        out.clear()
        out.print(render.view_panel(steps[i], _position(steps, i), KEYS_HELP))
        if i == len(steps) - 1:
            out.print(render.verdict_line(verdict))
        key = typer.getchar()
        if key in ("q", "Q", "\x1b", "\x03"):
            return
        if key in KEYS:
            i = move(steps, i, KEYS[key])
        elif key.isdigit() and key != "0":
            i = move(steps, i, "deal", deal=int(key))


def main() -> None:
    """The console script."""
    stdio.prepare()
    app()


__all__ = ["Illegal", "app", "main"]
