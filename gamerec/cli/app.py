"""The ``gamerec`` app: its error boundary (every error one line on stderr and an exit
code, never a traceback; the codes are :data:`EXIT_HELP`), the signals that stop a run, the
two consoles (``out``, ``err``) and ``main``. The commands live in modules of their own,
which import this one; ``gamerec/cli/__init__.py`` registers them in :data:`.lazy.COMMANDS`
from the table in :mod:`.commands`, and each command's module is imported only when that command
is run, completed or its help shown (start-up: ``gamerec validate`` imports what it uses).
"""

from __future__ import annotations

import contextlib
import errno
import os
import signal
import sys
import threading
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

from ..errors import GamerecError
from ..version import __version__, compiled
from .lazy import LazyGroup
from .lines import Line, clean, is_terminal, line, rich_elsewhere, stream_of, write_line
from .stdio import discard_stdout, out_of_memory, prepare, told

if TYPE_CHECKING:
    from rich.console import Console

EXIT_OK, EXIT_PROBLEM, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_BROKEN_PIPE = 141  #: the reader of standard output went away (128 + SIGPIPE)

EXIT_HELP = """
Exit codes: 0 every record valid (or the command succeeded); 1 some record illegal,
incomplete or mismatched; 2 a usage error, some input unreadable or an output that could not
be written; 3 an internal error; 129, 130, 143 stopped by SIGHUP, SIGINT, SIGTERM; 141 the
reader of the output went away.
"""


def exit_of(counts: Mapping[str, int], allow_incomplete: bool = False) -> int:
    """The exit code of a batch's ``counts``: 2 for an unreadable record, 1 for a problem."""
    if counts["unreadable"]:
        return EXIT_INPUT
    bad = counts["illegal"] + counts["mismatch"]
    if not allow_incomplete:
        bad += counts["incomplete"]
    return EXIT_PROBLEM if bad else EXIT_OK


COMPLETION_HELP = """
Shell completion (commands, flags, game ids, rule keys, file names): gamerec
--install-completion, then open a new shell. Each command's --help has examples.
"""


def _console(stderr: bool) -> Console:
    """A rich console for standard output or error (rich is imported here, when the first
    line is printed: ``gamerec --help`` never imports it)."""
    from rich.console import Console

    class _Console(Console):
        """rich's console, but a reader that goes away (``| head``) ends the run as gamerec
        says (quietly, exit 141), not with rich's exit 1."""

        def on_broken_pipe(self) -> None:
            self.quiet = True
            raise BrokenPipeError

    # no markup or emoji codes: text from records and file names is printed as written
    return _Console(stderr=stderr, highlight=False, soft_wrap=True, markup=False, emoji=False)


class _LazyConsole:
    """A rich console made on first use: ``out.print(...)``, ``err.is_terminal``... reach
    the console; :attr:`console` is the console itself (for rich's own classes).

    A :class:`~.lines.Line` is written without rich (:func:`~.lines.write_line`: the bytes
    rich would write) unless a progress bar is drawing, and :attr:`is_terminal` is rich's
    answer worked out without it: a command that prints only lines (``validate`` of a
    record) never imports rich."""

    def __init__(self, stderr: bool) -> None:
        object.__setattr__(self, "_stderr", stderr)
        object.__setattr__(self, "_console", None)
        object.__setattr__(self, "_quiet", False)  # the reader went away: print nothing more

    @property
    def console(self) -> Console:
        console: Console | None = object.__getattribute__(self, "_console")
        if console is None:
            console = _console(object.__getattribute__(self, "_stderr"))
            console.quiet = console.quiet or object.__getattribute__(self, "_quiet")
            object.__setattr__(self, "_console", console)
        return console

    @property
    def is_terminal(self) -> bool:
        if rich_elsewhere():
            return self.console.is_terminal
        return is_terminal(stream_of(object.__getattribute__(self, "_stderr")))

    def print(self, *objects: Any, **options: Any) -> None:
        stderr = object.__getattribute__(self, "_stderr")
        if underway.drawing and not stderr and hasattr(sys.stdout, "rich_proxied_file"):
            # standard output is the bar's terminal (the bar stands in for it): print above
            # the bar through its console; this console would write past the stand-in, onto
            # the bar's own line
            real_console(err).print(*objects, **options)
            return
        if len(objects) == 1 and not options and isinstance(objects[0], Line) and not underway.drawing:
            if object.__getattribute__(self, "_quiet"):
                return
            try:
                if write_line(objects[0], stream_of(stderr)):
                    return
            except BrokenPipeError:  # as the console does (see _console)
                object.__setattr__(self, "_quiet", True)
                raise
        self.console.print(*objects, **options)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.console, name)

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.console, name, value)


if TYPE_CHECKING:  # to the type checker, the consoles are rich's
    out: Console
    err: Console
else:
    out = _LazyConsole(stderr=False)
    err = _LazyConsole(stderr=True)


def _renew_consoles() -> None:
    """Forget both consoles: the next print makes them for this run's environment (its
    width, ``NO_COLOR``...). One process may run several commands (tests, a notebook), each
    with its own."""
    for console in (out, err):
        if isinstance(console, _LazyConsole):
            object.__setattr__(console, "_console", None)
            object.__setattr__(console, "_quiet", False)


def real_console(console: Console) -> Console:
    """The rich console itself behind :data:`out` or :data:`err`, for rich's own classes
    (a progress bar enters it as a context manager: a stand-in would not do)."""
    return console.console if isinstance(console, _LazyConsole) else console


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


_SIGNAL_WORDS = {"SIGINT": "interrupted", "SIGTERM": "terminated", "SIGHUP": "hung up"}
_STOP_SIGNALS = [getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)]


#: the signals whose exception Python dropped in a finalizer while a command ran: raised
#: again by :func:`raise_dropped` where the long work checks (each record)
dropped: list[int] = []


def raise_dropped() -> None:
    """Raise :class:`Signalled` for a signal whose exception was dropped in a finalizer (see
    :func:`_signals_unwind`): long work calls this for each record, so that the signal
    still stops it there."""
    if dropped:
        raise Signalled(dropped.pop())


@contextlib.contextmanager
def _signals_unwind() -> Iterator[list[int]]:
    """While a command runs, SIGINT, SIGTERM and SIGHUP raise :class:`Signalled` (in the
    main thread; the handlers before are put back after). A signal ignored when gamerec
    started (``nohup`` ignores SIGHUP, a shell's background job SIGINT) stays ignored.

    Yields the signals received. Python drops an exception raised in a finalizer
    (``__del__``, a weakref callback, the close of a generator dropped half-way) with a
    traceback on stderr: a signal that lands there is kept quietly in :data:`dropped`
    instead, raised again at the long work's next record (:func:`raise_dropped`), and
    :meth:`Group.main` lets any signal received win over whatever error the command ends
    with (its workers died of the same signal, say)."""
    received: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield received
        return

    def handler(signum: int, _frame: object) -> None:
        received.append(signum)
        raise Signalled(signum)

    def unraisable(what: Any) -> None:
        if isinstance(what.exc_value, Signalled):
            dropped.append(what.exc_value.signum)
        elif not isinstance(what.exc_value, MemoryError):  # (the boundary says it, once)
            hook(what)

    before = {s: signal.signal(s, handler) for s in _STOP_SIGNALS if signal.getsignal(s) != signal.SIG_IGN}
    hook, sys.unraisablehook = sys.unraisablehook, unraisable
    dropped.clear()
    try:
        yield received
    finally:
        dropped.clear()
        sys.unraisablehook = hook
        for s, previous in before.items():
            signal.signal(s, previous)


class _Underway:
    """The long work under way: a :class:`gamerec.cli.progress.Work` sets itself here, and
    stays when an exception (a signal) stops it, so that the signal's line can say how far
    it got; ``drawing`` while its progress bar is on the screen (lines then go through
    rich's console, which prints them above the bar)."""

    work: Any = None
    drawing = False

    def note(self) -> str:
        """`` after ...; ...`` (the work's status), or nothing when no work was under way;
        forgotten once asked for."""
        work, self.work = self.work, None
        return f" {work.status()}" if work is not None else ""


underway = _Underway()


class Group(LazyGroup):
    """The app's group: the table's commands (:class:`.lazy.LazyGroup`); every error becomes one
    line on stderr and an exit code, never a traceback."""

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise _PipeClosed from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        standalone_mode = kwargs.pop("standalone_mode", True)
        underway.work, underway.drawing = None, False  # one process may run several commands (tests)
        _renew_consoles()
        told.clear()
        try:
            with _signals_unwind() as received:
                try:
                    rv = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]
                    sys.stdout.flush()  # what is still buffered fails here, inside the boundary
                except Exception:
                    if received:  # a signal dropped on the way (in a finalizer) ended the work
                        raise Signalled(received[-1]) from None
                    raise
        except Signalled as e:  # how far the work got, if it was long work
            _flush_output()
            fail(e.message + underway.note(), 128 + e.signum)
        except typer.Abort:
            fail("aborted", 130)
        except KeyboardInterrupt:
            _flush_output()
            fail("interrupted" + underway.note(), 130)
        except GamerecError as e:
            fail(e.message, EXIT_INPUT)
        except (BrokenPipeError, _PipeClosed):
            # the reader stopped early (`| head`): end quietly, as SIGPIPE would have
            discard_stdout()
            sys.exit(EXIT_BROKEN_PIPE)
        except MemoryError as e:
            out_of_memory(e, EXIT_INPUT)
        except OSError as e:
            if e.errno == errno.ENOMEM:  # a map or a buffer the system would not give
                out_of_memory(e, EXIT_INPUT)
            fail(f"{e.filename or ''}: {e.strerror or e}".lstrip(": "), EXIT_INPUT)
        except Exception as e:
            # click's (or typer's vendored click's) usage errors, whichever is installed
            if not (hasattr(e, "format_message") and hasattr(e, "exit_code")):
                if os.environ.get("GAMEREC_DEBUG"):
                    raise
                fail(
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
            fail(f"{message} (see '{cmd} --help')", EXIT_INPUT, cmd)
        code = rv if isinstance(rv, int) else 0
        if standalone_mode:
            sys.exit(code)
        return code


def _flush_output() -> None:
    """Standard output's buffer written out before a signal's line, so that a line the
    signal caught between its write and its flush comes before it, not after, at exit."""
    with contextlib.suppress(OSError, ValueError):  # a reader gone, a stream closed
        sys.stdout.flush()


def fail(message: str, code: int, prefix: str = "gamerec") -> NoReturn:
    """End the command: ``prefix: message`` as one line on stderr, exit ``code``."""
    err.print(line(f"{prefix}: {message}", "red"))
    sys.exit(code)


app = typer.Typer(
    cls=Group,
    help="Record, check, replay and score card games from move logs.\n" + EXIT_HELP + COMPLETION_HELP,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _version(value: bool) -> None:
    if value:
        engines = "compiled" if compiled() else "pure Python"
        say(f"gamerec {__version__} ({engines} engines)")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    pass


def say(text: str, style: str = "") -> None:
    """``text`` on standard output as one plain line (inert: never markup)."""
    out.print(Line(clean(text), style))


def main() -> None:
    """The console script."""
    prepare()
    try:
        app()
    except MemoryError:  # out of memory even on the way out of the error boundary
        out_of_memory(None, EXIT_INPUT, at_once=True)
    except Exception:  # only with GAMEREC_DEBUG=1 does a bug reach here: its traceback, exit 3
        import traceback

        traceback.print_exc()
        sys.exit(EXIT_INTERNAL)
