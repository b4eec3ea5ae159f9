"""Issue 15, "Start-up": a command that prints only lines (``validate`` of a record) writes
them without rich (gamerec/cli/lines.py), so that it need not import rich's console; the
lines must be the bytes rich's console writes, under every environment that decides colour.

Held here: :func:`write_line` against rich's own console (made as the CLI makes it) for every
style it writes itself, on a terminal and off, with ``NO_COLOR``, ``FORCE_COLOR``,
``TTY_COMPATIBLE``, dumb terminals and colour depths; what it leaves to rich; and, in fresh
processes, that ``validate`` imports no rich on a pipe or on a terminal while its lines keep
their colours there, and that a progress bar waits before it is drawn.
"""

from __future__ import annotations

import importlib
import io
import os
import sys

import pytest
from conftest import FIXTURES
from rich.console import Console
from test_startup import imported, loaded

from gamerec.cli.lines import SGR, Line, clean, is_terminal, write_line

pexpect = pytest.importorskip("pexpect")


class Stream(io.StringIO):
    """A text stream that is or is not a terminal."""

    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


def by_rich(item: Line, tty: bool, environ: dict[str, str]) -> str:
    stream = Stream(tty)
    # as gamerec/cli/app.py makes its consoles
    console = Console(
        file=stream, highlight=False, soft_wrap=True, markup=False, emoji=False, _environ=environ
    )
    console.print(item)
    return stream.getvalue()


def by_lines(item: Line, tty: bool, environ: dict[str, str]) -> str:
    stream = Stream(tty)
    assert write_line(item, stream, environ)
    return stream.getvalue()


ENVIRONMENTS = [
    {},
    {"TERM": "xterm"},
    {"TERM": "xterm-256color"},
    {"COLORTERM": "truecolor"},
    {"TERM": "dumb"},
    {"TERM": "UNKNOWN"},
    {"NO_COLOR": "1"},
    {"NO_COLOR": ""},
    {"NO_COLOR": "1", "TERM": "xterm-256color"},
    {"FORCE_COLOR": "1"},
    {"FORCE_COLOR": ""},
    {"FORCE_COLOR": "1", "NO_COLOR": "1"},
    {"FORCE_COLOR": "1", "TERM": "dumb"},
    {"TTY_COMPATIBLE": "0"},
    {"TTY_COMPATIBLE": "1"},
    {"TTY_COMPATIBLE": "1", "NO_COLOR": "x"},
    {"TTY_COMPATIBLE": "2", "FORCE_COLOR": "1"},
    {"TTY_COMPATIBLE": "0", "FORCE_COLOR": "1"},
]

TEXTS = [
    "games.grec: record 1: valid",
    "",
    "x",
    "  leading spaces kept",
    "Zoë, 漢字 and 🂡 (wide) · ⏎ …",
    clean("Eve\x1b[31m\nx.grec: record 1: valid\u202e\t"),
    "a" * 400,
    "trailing  ",
    "b" * 100 + " ",  # longer than the width, ending in a space: soft-wrapped, never trimmed
    "   ",
]


@pytest.mark.parametrize(
    "environ", ENVIRONMENTS, ids=lambda e: ",".join(f"{k}={v}" for k, v in e.items()) or "-"
)
@pytest.mark.parametrize("tty", [True, False], ids=["terminal", "pipe"])
def test_a_line_is_written_as_rich_writes_it(environ: dict[str, str], tty: bool) -> None:
    for style in SGR:
        for text in TEXTS:
            item = Line(text, style)
            assert by_lines(item, tty, environ) == by_rich(item, tty, environ), (style, text)


@pytest.mark.parametrize(
    "environ", ENVIRONMENTS, ids=lambda e: ",".join(f"{k}={v}" for k, v in e.items()) or "-"
)
@pytest.mark.parametrize("tty", [True, False], ids=["terminal", "pipe"])
def test_the_terminal_is_what_rich_takes_for_one(environ: dict[str, str], tty: bool) -> None:
    console = Console(file=Stream(tty), _environ=environ)
    assert is_terminal(Stream(tty), environ) == console.is_terminal


def test_what_it_does_not_know_it_leaves_to_rich() -> None:
    stream = Stream(True)
    # a style of rich's own
    assert not write_line(Line("x", "bold red"), stream, {})
    assert stream.getvalue() == ""
    # and the line is still a rich renderable, printed by rich as itself
    assert by_rich(Line("x", "bold red"), False, {}) == "x\n"


def test_a_closed_stream_is_no_terminal() -> None:
    stream = Stream(True)
    stream.close()

    def closed() -> bool:
        raise ValueError("I/O operation on closed file")

    stream.isatty = closed  # type: ignore[method-assign]
    assert not is_terminal(stream, {})


def test_standard_output_goes_above_a_bar_on_the_same_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review found `validate -v` lines glued to the bar's own line on a terminal
    (``\r\x1b[2Kverifying ━━╸ 34% ...\x1b[32ms2.grec: record 74: valid``): while the bar
    draws and stands in for standard output, out's lines must go through the bar's console
    (which prints them above it), not past the stand-in onto the terminal."""
    app = importlib.import_module("gamerec.cli.app")  # (gamerec.cli.app is also the Typer app)
    printed: list[tuple[object, ...]] = []

    class BarConsole:
        def print(self, *objects: object, **options: object) -> None:
            printed.append(objects)

    class StandIn(io.StringIO):
        rich_proxied_file = io.StringIO()

    stand_in = StandIn()
    monkeypatch.setattr(sys, "stdout", stand_in)
    monkeypatch.setattr(app, "real_console", lambda console: BarConsole())
    monkeypatch.setattr(app.underway, "drawing", True)
    app.out.print(Line("s2.grec: record 74: valid", "green"))
    assert printed == [(Line("s2.grec: record 74: valid", "green"),)]
    assert stand_in.getvalue() == "" and StandIn.rich_proxied_file.getvalue() == ""


# -- in a fresh process ----------------------------------------------------------------------------
RECORD = FIXTURES / "blackball" / "games" / "family-3p.json"


def test_validate_imports_no_rich_on_a_pipe() -> None:
    code, modules, out = imported("validate", "-v", str(RECORD))
    assert code == 0 and out.endswith("1 record: 1 valid\n")
    assert loaded(modules, "rich") == set()


def test_score_totals_imports_no_rich_either() -> None:
    """``score --totals`` is one line per record: no table, so no rich."""
    code, modules, out = imported("score", "--totals", str(RECORD))
    assert code == 0 and "· winner: Sam\n1 record: 1 valid\n" in out
    assert loaded(modules, "rich") == set()


def terminal_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE")}
    return {**env, "TERM": "xterm", "COLUMNS": "120", **extra}


def on_a_terminal(*args: str, **extra: str) -> str:
    from test_startup import WRAPPER

    child = pexpect.spawn(
        sys.executable, ["-c", WRAPPER, *args], env=terminal_env(**extra), encoding="utf-8", timeout=120
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    return str(child.before)


def test_validate_on_a_terminal_colours_its_lines_without_rich() -> None:
    import json

    shown = on_a_terminal("validate", "-v", str(RECORD))
    head, _, last = shown.rstrip("\r\n").rpartition("\n")
    assert loaded(set(json.loads(last)["modules"]), "rich") == set()
    assert f"\x1b[32m{RECORD}: record 1: valid" in head  # green, as rich would have it
    assert "1 record: 1 valid\r\n" in head
    # and without colour where NO_COLOR asks
    plain = on_a_terminal("validate", "-v", str(RECORD), NO_COLOR="1")
    assert "\x1b[" not in plain.rpartition("\n")[0]


def test_a_quick_command_draws_no_bar_but_a_long_one_does(tmp_path: object) -> None:
    """The bar waits half a second of work (GAMEREC_PROGRESS_AFTER): one small record draws
    nothing; with the wait at 0 the same command draws it."""
    quick = on_a_terminal("validate", str(RECORD))
    assert "verifying" not in quick
    drawn = on_a_terminal("validate", str(RECORD), GAMEREC_PROGRESS_AFTER="0")
    assert "verifying" in drawn
    # a wait that is not a number of seconds is the default one
    assert "verifying" not in on_a_terminal("validate", str(RECORD), GAMEREC_PROGRESS_AFTER="soon")
