"""``gamerec validate`` and ``gamerec score``: a batch verified (in worker processes), a
verdict per record, the scores and the standings."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from enum import StrEnum
from typing import Annotated, Any

import typer

from ..batch import Duplicates, default_jobs, standings, verify_batch
from ..format.paths import expand_paths
from ..games import GAMES
from ..verdicts import STATUSES, Verdict
from .app import EXIT_INPUT, EXIT_OK, EXIT_PROBLEM, err, out
from .files import json_line, print_json
from .options import Files, Jobs, Quiet
from .progress import Work
from .render import line, plain, score_table, standings_csv, standings_table, summary_line, verdict_line


class _Batch:
    """Verdicts streamed from a batch, with a progress bar on stderr on a terminal (unless
    ``quiet``), the counts of each verdict, and duplicates (same content hash) reported and
    counted once."""

    def __init__(self, files: list[str], jobs: int | None, scores: bool = True, quiet: bool = False) -> None:
        self.paths = expand_paths(files)
        self.scores = scores
        self.quiet = quiet
        self.jobs = jobs or default_jobs()
        self.counts: dict[str, int] = dict.fromkeys(STATUSES, 0)
        self.duplicates = 0
        self.seen = Duplicates()

    def __iter__(self) -> Iterator[Verdict]:
        """Each verdict but the duplicates, whose line goes to stderr."""
        tail = "the rest not scored" if self.scores else "the rest not verified"
        with Work("verifying", tail, quiet=self.quiet) as work:
            for v in verify_batch(self.paths, self.jobs, scores=self.scores, on_progress=work):
                first = self.seen.first(v)
                if first is not None:
                    self.duplicates += 1
                    err.print(line(f"{v.location()}: duplicate of {first} (counted once)", "yellow"))
                    continue
                self.counts[v.status] += 1
                yield v

    def summary(self) -> str:
        text = summary_line(self.counts)
        if self.duplicates:
            text += f"; {self.duplicates} duplicate{'s' if self.duplicates != 1 else ''} counted once"
        return text

    def exit_code(self, allow_incomplete: bool = False) -> int:
        if self.counts["unreadable"]:
            return EXIT_INPUT
        bad = self.counts["illegal"] + self.counts["mismatch"]
        if not allow_incomplete:
            bad += self.counts["incomplete"]
        return EXIT_PROBLEM if bad else EXIT_OK


def _is_problem(v: Verdict, allow_incomplete: bool = False) -> bool:
    return v.status != "valid" and not (allow_incomplete and v.status == "incomplete")


class _JsonArray:
    """A JSON array written to stdout one item at a time (for streams)."""

    def __init__(self, head: str = "[", tail: str = "]") -> None:
        self.first = True
        self.tail = tail
        sys.stdout.write(head)

    def add(self, obj: Any) -> None:
        sys.stdout.write(("\n" if self.first else ",\n") + json_line(obj))
        self.first = False

    def close(self, extra: str = "") -> None:
        sys.stdout.write("\n" + self.tail + extra + "\n")


def validate(
    files: Files,
    allow_incomplete: Annotated[
        bool, typer.Option("--allow-incomplete", help="Let incomplete records pass (exit 0).")
    ] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List every record, valid too.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print the verdicts as JSON.")] = False,
    jobs: Jobs = None,
    quiet: Quiet = False,
) -> int:
    """Check every record by the rules and give each a verdict: valid, illegal,
    incomplete, mismatch or unreadable. Problems go to stderr, one line each; a record
    seen before (same content) is reported and counted once."""
    batch = _Batch(files, jobs, scores=False, quiet=quiet)
    array = _JsonArray('{"verdicts": [', "]") if as_json else None
    for v in batch:
        if _is_problem(v, allow_incomplete):
            err.print(verdict_line(v))
        if array is not None:
            array.add(v)
        elif verbose and v.status == "valid":
            out.print(verdict_line(v))
    if array is not None:
        counts = {**batch.counts, "duplicate": batch.duplicates}
        array.close(', "summary": ' + json_line(counts) + "}")
    else:
        out.print(plain(batch.summary()))
    return batch.exit_code(allow_incomplete)


class SortBy(StrEnum):
    wins = "wins"
    total = "total"
    mean = "mean"
    best = "best"
    games = "games"
    player = "player"


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
    quiet: Quiet = False,
) -> int:
    """Per-deal and total scores and the winners of every record; with --standings,
    games played, wins, total, mean and best score per game and player."""
    batch = _Batch(files, jobs, quiet=quiet)
    if with_standings:
        result = standings(_reported(batch), sort.value)
        if as_json:
            print_json(result)
        elif as_csv:
            sys.stdout.write(standings_csv(result))
        else:
            for game_id, rows in result.games.items():
                out.print(standings_table(game_id, rows))
            for v in result.left_out:
                out.print(line(f"left out: {v.message()}", "dim"))
            out.print(plain(batch.summary()))
        return batch.exit_code()
    array = _JsonArray() if as_json else None
    for v in _reported(batch):
        if array is not None:
            array.add({"source": v.source, "record": v.record, "game": v.game, "status": v.status,
                       "hash": v.hash, "scores": v.scores})  # fmt: skip
        elif v.scores is not None and v.game in GAMES:
            out.print(score_table(v, v.scores, GAMES[v.game].deal_word))
    if array is not None:
        array.close()
    else:
        out.print(plain(batch.summary()))
    return batch.exit_code()


def _reported(batch: _Batch) -> Iterator[Verdict]:
    """The batch's verdicts, each problem reported on stderr as it passes."""
    for v in batch:
        if _is_problem(v):
            err.print(verdict_line(v))
        yield v
