"""Lines of one style (a verdict, a summary, a note) and how they reach a stream without rich.

Most commands print nothing but such lines, and a short run (``gamerec validate game.json``)
spends longer importing rich's console than doing its work. A :class:`Line` is its text and
one style name; the CLI's consoles (:mod:`.app`) write it themselves, as rich would, while
rich is not yet in use (no table, panel or progress bar printed), and hand it to rich after
(it is a rich renderable: ``__rich__``). :func:`write_line` is that writer: the same bytes
rich's console writes for the same line on the same stream under the same environment
(``tests/cli/test_lines.py`` holds the two equal for every style here, on a terminal and
off, under ``NO_COLOR``, ``FORCE_COLOR``, ``TTY_COMPATIBLE`` and dumb terminals); anything
it does not know (another style, a platform where rich talks to the Windows console) it
leaves to rich by returning False.

Every text goes through :func:`clean` (:func:`gamerec.escape.terminal_text`), so a player's
name, a note or a file name cannot restyle, retitle, clear or take over the terminal, nor
fake a line of output.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from typing import IO, TYPE_CHECKING, NamedTuple

from ..escape import terminal_text

if TYPE_CHECKING:
    from rich.text import Text

    from ..checking.verdicts import ScoreSheet, Verdict

STATUS_STYLE = {
    "valid": "green",
    "illegal": "red",
    "incomplete": "yellow",
    "mismatch": "magenta",
    "unreadable": "red",
}

#: the styles :func:`write_line` writes itself: each one's SGR parameters, and whether it is
#: a colour (which ``NO_COLOR`` takes away, keeping bold and dim)
SGR: dict[str, tuple[str, bool]] = {
    "": ("", False),
    "green": ("32", True),
    "red": ("31", True),
    "yellow": ("33", True),
    "magenta": ("35", True),
    "cyan": ("36", True),
    "bold": ("1", False),
    "dim": ("2", False),
}

#: the longest message line shown; longer ones (a hostile 3000-character card code) are cut
MAX_LINE = 400


class Line(NamedTuple):
    """One line of text in one style (a name in :data:`SGR`, or any rich style)."""

    text: str
    style: str = ""

    def __rich__(self) -> Text:
        from rich.text import Text

        return Text(self.text, style=self.style)


def clean(text: str) -> str:
    """``text`` as it may reach the terminal (:func:`gamerec.escape.terminal_text`): escape
    sequences, controls and bidirectional controls shown as ``�``, line breaks as ``⏎``."""
    return terminal_text(text)


def one_line(text: str, limit: int = MAX_LINE) -> str:
    """``text`` as one line (see :func:`clean`: line breaks shown as ``⏎``, so a player
    named ``Eve\\nx.grec: record 1: valid`` cannot fake a verdict line), cut to ``limit``
    characters with an ellipsis."""
    flat = clean(text)
    return flat if len(flat) <= limit else flat[: limit - 1] + "…"


def line(text: str, style: str = "") -> Line:
    """One message line (see :func:`one_line`), never markup."""
    return Line(one_line(text), style)


def verdict_line(v: Verdict) -> Line:
    return line(v.message(), STATUS_STYLE.get(v.status, ""))


def summary_line(counts: dict[str, int]) -> str:
    total = sum(counts.values())
    parts = [f"{n} {status}" for status, n in counts.items() if n]
    return f"{total} record{'s' if total != 1 else ''}: " + (", ".join(parts) if parts else "none")


def batch_summary(counts: Mapping[str, int]) -> str:
    """The summary line of a batch's ``counts`` (each verdict's, and ``duplicate``)."""
    from ..checking.verdicts import STATUSES  # not on --help's path: it imports the record model

    text = summary_line({s: counts[s] for s in STATUSES})
    dup = counts.get("duplicate", 0)
    if dup:
        text += f"; {dup} duplicate{'s' if dup != 1 else ''} counted once"
    return text


def duplicate_line(place: str, first: str) -> Line:
    """A record seen before: ``place`` and ``first`` as ``file:number`` (where it is, where
    it was first seen), as the aggregates list them."""
    source, _, record = place.rpartition(":")
    return line(f"{source}: record {record}: duplicate of {first} (counted once)", "yellow")


def totals_line(v: Verdict, sheet: ScoreSheet) -> Line:
    """``games.grec: record 3 · blackball · Ann 52, Bob 31, Cy 40 · winner: Ann`` (winners
    of a shared win joined by "and"; an unfinished record says its status instead)."""
    scores = ", ".join(f"{side} {total}" for side, total in zip(sheet.sides, sheet.totals, strict=False))
    if sheet.complete:
        names = " and ".join(sheet.sides[w] for w in sheet.winners)
        end = f"winner{'s (shared)' if len(sheet.winners) > 1 else ''}: {names}"
    else:
        end = v.status
    return line(" · ".join([f"{v.source}: record {v.record}", v.game or "?", scores, end]))


# -- writing a line as rich would ----------------------------------------------------------------
def stream_of(stderr: bool) -> IO[str]:
    """The stream a console for standard output or error writes to now (as rich finds it:
    the file behind a progress bar's stand-in)."""
    stream = sys.stderr if stderr else sys.stdout
    return getattr(stream, "rich_proxied_file", stream)


def rich_elsewhere() -> bool:
    """Where rich's console is not a plain text stream: Windows (its console API), IDLE,
    Jupyter."""
    if sys.platform == "win32":
        return True
    if getattr(sys.stdin, "__module__", "").startswith("idlelib"):
        return True
    import builtins

    return hasattr(builtins, "get_ipython")


def is_terminal(stream: IO[str], environ: Mapping[str, str] = os.environ) -> bool:
    """Whether rich's console would take ``stream`` for a terminal (rich's
    ``Console.is_terminal``: ``TTY_COMPATIBLE``, then ``FORCE_COLOR``, then ``isatty``)."""
    tty_compatible = environ.get("TTY_COMPATIBLE", "")
    if tty_compatible in ("0", "1"):
        return tty_compatible == "1"
    force_color = environ.get("FORCE_COLOR")
    if force_color is not None:
        return force_color != ""
    isatty = getattr(stream, "isatty", None)
    try:
        return False if isatty is None else bool(isatty())
    except ValueError:  # closed
        return False


def write_line(item: Line, stream: IO[str], environ: Mapping[str, str] = os.environ) -> bool:
    """Write ``item`` and a line break to ``stream`` as rich's console would (colour on a
    terminal that is not dumb, none under ``NO_COLOR``), and flush; False, writing nothing,
    where rich is needed: a style not in :data:`SGR`, a platform where rich is not a plain
    stream. (The consoles soft-wrap: rich neither wraps nor trims a line.)"""
    text, style = item
    known = SGR.get(style)
    if known is None or rich_elsewhere():
        return False
    params, colour = known
    if params and text:
        terminal = is_terminal(stream, environ) and environ.get("TERM", "").lower() not in ("dumb", "unknown")
        if terminal and not (colour and environ.get("NO_COLOR", "") != ""):
            text = f"\x1b[{params}m{text}\x1b[0m"
    stream.write(text + "\n")
    stream.flush()
    return True
