"""``gamerec replay``: a record shown step by step, with a key loop on a terminal."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from ..errors import GamerecError
from ..present import Replay, Step, move
from ..verdicts import Verdict
from .app import EXIT_OK, EXIT_PROBLEM, err, out
from .files import load
from .options import File, refuse
from .render import verdict_line, view_panel


def replay(
    file: File,
    record: Annotated[
        int | None,
        typer.Option(
            "--record",
            "-r",
            min=1,
            metavar="N",
            help="The record to replay (from 1; needed if the file holds more).",
        ),
    ] = None,
    deal: Annotated[
        int | None, typer.Option("--deal", "-d", min=1, metavar="N", help="Start at deal N.")
    ] = None,
    step: Annotated[
        int | None, typer.Option("--step", min=1, metavar="N", help="Start at step N (of the deal).")
    ] = None,
    show_all: Annotated[bool, typer.Option("--all", "-a", help="Print every step, no keys.")] = False,
    seat: Annotated[
        int | None, typer.Option("--seat", min=0, metavar="N", help="Show only this seat's hand.")
    ] = None,
) -> int:
    """Replay a record step by step: hands, the trick, trump, bids, tricks and scores.
    On a terminal, step with keys (n/space next, b back, t next trick, d next deal,
    1-9 deal N, q quit);
    with --all or when not on a terminal, print every step. A file of several records
    needs --record N.

    \b
    Examples:
      gamerec replay game.grec
      gamerec replay games.grec --record 3 --deal 2 --seat 0
      gamerec replay games.grec -r 3 --all | less
    """
    entries = load(file, record)
    if len(entries) > 1:
        refuse(
            "--record",
            f"{file}: holds {len(entries)} records: choose the one to replay with --record N (from 1)",
        )
    (entry,) = entries
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
            out.print(view_panel(steps[i], _position(steps, i)))
    line = verdict_line(verdict)
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
        out.print(view_panel(steps[i], _position(steps, i), KEYS_HELP))
        if i == len(steps) - 1:
            out.print(verdict_line(verdict))
        key = typer.getchar()
        if key in ("q", "Q", "\x1b", "\x03"):
            return
        if key in KEYS:
            i = move(steps, i, KEYS[key])
        elif key.isdigit() and key != "0":
            i = move(steps, i, "deal", deal=int(key))
