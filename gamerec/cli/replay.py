"""``gamerec replay``: a record shown step by step, with a key loop on a terminal."""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Annotated

import typer

from ..checking.verdicts import Verdict
from ..present import Replay, Step, deal_word
from .app import EXIT_OK, EXIT_PROBLEM, err, out
from .files import load
from .lines import one_line, verdict_line
from .options import File, choose_record, refuse
from .render import view_panel


class ReplayFormat(StrEnum):
    lines = "lines"
    panels = "panels"


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
        int | None, typer.Option("--deal", "-d", min=1, metavar="N", help="Start at deal N (from 1).")
    ] = None,
    step: Annotated[
        int | None,
        typer.Option(
            "--step",
            min=1,
            metavar="N",
            help="Start at step N (from 1): of the game, or of the deal with --deal "
            "(the steps are numbered across the game as shown).",
        ),
    ] = None,
    show_all: Annotated[bool, typer.Option("--all", "-a", help="Print every step, no keys.")] = False,
    form: Annotated[
        ReplayFormat,
        typer.Option(
            "--format",
            "-f",
            help="How --all prints a step: lines (one greppable line each) or panels (the table in a box).",
        ),
    ] = ReplayFormat.lines,
    seat: Annotated[
        int | None, typer.Option("--seat", min=0, metavar="N", help="Show only this seat's hand.")
    ] = None,
) -> int:
    """On a terminal, full-screen: step with keys (n/space/→ next, b/← back, t/T next/previous
    trick, d/D next/previous deal, g/G or Home/End first/last, : go to step N, dN or tN,
    q quit) or click a step of the history; with --all or when not on a terminal, print
    one line per step and the score sheet (--format panels: the table in a box). A file
    of several records needs --record N.

    \b
    Examples:
      gamerec replay game.grec
      gamerec replay games.grec --record 3 --deal 2 --seat 0
      gamerec replay games.grec -r 3 --all | less
    """
    entries = load(file, record)
    if len(entries) > 1:
        choose_record(file, len(entries))
    (entry,) = entries
    assert entry.record is not None
    rec = entry.record
    if seat is not None and seat >= len(rec.players):
        refuse("--seat", f"{seat}: the record has seats 0..{len(rec.players) - 1}")
    rp = Replay(rec, seat=seat, source=entry.source, index=entry.index, read=True)
    word = deal_word(rec.game)
    interactive = not show_all and out.is_terminal and sys.stdin.isatty()
    if interactive or form is ReplayFormat.panels:
        steps = list(rp)
        start = _start([s.deal + 1 for s in steps], deal, step, word)
        if interactive and steps:
            _interactive(steps, start, replay_verdict(rp), rec.game)
        else:
            for i in range(start, len(steps)):
                out.print(view_panel(steps[i], _position(steps, i, word)))
    else:
        # one plain line per step, made without views (the stepper's steps and their words)
        lines = list(rp.lines())
        start = _start([x.deal for x in lines], deal, step, word)
        write = sys.stdout.write
        for i in range(start, len(lines)):
            write(one_line(lines[i].line(), limit=100_000) + "\n")
        sheet = rp.sheet_text()
        if sheet:
            write("\nScore sheet\n" + sheet + "\n")
        sys.stdout.flush()
    verdict = replay_verdict(rp)
    line = verdict_line(verdict)
    out.print(line)  # the replay's last line, whatever the verdict
    if not verdict.ok and not (out.is_terminal and err.is_terminal):  # a problem on stderr too, unless
        err.print(line)  # both streams are the one screen
    return EXIT_OK if verdict.ok else EXIT_PROBLEM


def replay_verdict(rp: Replay) -> Verdict:
    assert rp.verdict is not None
    return rp.verdict


def _start(deals: list[int], deal: int | None, step: int | None, word: str = "deal") -> int:
    """The index of the first step shown: step ``--step`` of the game, or the start of
    ``--deal`` or its ``--step`` (all from 1); ``deals``: each step's deal (from 1),
    ``word``: what the game calls a deal (in the errors)."""
    if not deals or (deal is None and step is None):
        return 0
    if deal is None:
        assert step is not None
        if step > len(deals):
            refuse("--step", f"{step}: the replay has {_count(len(deals), 'step')} (1 to {len(deals)})")
        return step - 1
    shown = deals[-1]
    in_deal = [i for i, n in enumerate(deals) if n == deal]
    if not in_deal:
        refuse("--deal", f"{deal}: the replay has {_count(shown, word)} (1 to {shown})")
    if step is None:
        return in_deal[0]
    if step > len(in_deal):
        refuse("--step", f"{step}: {word} {deal} has {_count(len(in_deal), 'step')} (1 to {len(in_deal)})")
    return in_deal[step - 1]


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _position(steps: list[Step], i: int, word: str) -> str:
    s = steps[i]
    return f"step {i + 1} of {len(steps)} · {word} {s.deal + 1}"


def _interactive(steps: list[Step], i: int, verdict: Verdict, game: str) -> None:
    from .replay_app import run_app  # Textual, only when the full-screen replay runs

    run_app(steps, i, verdict, game)
