"""The ``gamerec`` app: its error boundary (every error one line on stderr and an exit
code, never a traceback; the codes are :data:`EXIT_HELP`), the signals that stop a run, the
two consoles (``out``, ``err``) and ``main``. The commands live in modules of their own,
which import this one, and are registered on :data:`app` by ``gamerec/cli/__init__.py``.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import threading
from collections.abc import Iterator
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from typer.core import TyperGroup

from ..errors import GamerecError
from ..version import __version__, compiled
from .render import line, plain
from .stdio import discard_stdout, prepare

EXIT_OK, EXIT_PROBLEM, EXIT_INPUT, EXIT_INTERNAL = 0, 1, 2, 3
EXIT_BROKEN_PIPE = 141  #: the reader of standard output went away (128 + SIGPIPE)

EXIT_HELP = """
Exit codes: 0 every record valid (or the command succeeded); 1 some record illegal,
incomplete or mismatched; 2 a usage error, some input unreadable or an output that could not
be written; 3 an internal error; 129, 130, 143 stopped by SIGHUP, SIGINT, SIGTERM; 141 the
reader of the output went away.
"""

COMPLETION_HELP = """
Shell completion (commands, flags, game ids, rule keys, file names): gamerec
--install-completion, then open a new shell. Each command's --help has examples.
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


class _Underway:
    """The long work under way: a :class:`gamerec.cli.progress.Work` sets itself here, and
    stays when an exception (a signal) stops it, so that the signal's line can say how far
    it got."""

    work: Any = None

    def note(self) -> str:
        """`` after ...; ...`` (the work's status), or nothing when no work was under way;
        forgotten once asked for."""
        work, self.work = self.work, None
        return f" {work.status()}" if work is not None else ""


underway = _Underway()


class Group(TyperGroup):
    """Every error becomes one line on stderr and an exit code; never a traceback."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            from .options import readable_arguments

            readable_arguments(command)  # FILE... in help, not {files}... <list[str]>
        return command

    def invoke(self, ctx: Any) -> Any:
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise _PipeClosed from None

    def main(self, *args: Any, **kwargs: Any) -> Any:
        standalone_mode = kwargs.pop("standalone_mode", True)
        underway.work = None  # one process may run several commands (tests)
        try:
            with _signals_unwind():
                rv = super().main(*args, standalone_mode=False, **kwargs)  # type: ignore[misc]
                sys.stdout.flush()  # what is still buffered fails here, inside the boundary
        except Signalled as e:  # how far the work got, if it was long work
            fail(e.message + underway.note(), 128 + e.signum)
        except typer.Abort:
            fail("aborted", 130)
        except KeyboardInterrupt:
            fail("interrupted" + underway.note(), 130)
        except GamerecError as e:
            fail(e.message, EXIT_INPUT)
        except (BrokenPipeError, _PipeClosed):
            # the reader stopped early (`| head`): end quietly, as SIGPIPE would have
            discard_stdout()
            sys.exit(EXIT_BROKEN_PIPE)
        except OSError as e:
            fail(f"{e.filename or ''}: {e.strerror or e}".lstrip(": "), EXIT_INPUT)
        except MemoryError:
            fail("out of memory: give fewer or smaller inputs, fewer --jobs, or more memory", EXIT_INPUT)
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
        out.print(plain(f"gamerec {__version__} ({engines} engines)"))
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
    out.print(plain(text, style))


def main() -> None:
    """The console script."""
    prepare()
    app()
