"""``gamerec validate`` and ``gamerec score``: a batch verified (in worker processes), a
verdict per record, the scores and the standings."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from enum import StrEnum
from typing import Annotated, Any

import typer

from ..checking.batch import default_jobs, verify_batch
from ..checking.verdicts import STATUSES, Verdict
from ..format.paths import expand_paths
from ..games import GAMES
from ..tables.standings import Duplicates, standings
from .app import err, exit_of, out
from .files import json_line, print_json
from .lines import batch_summary, duplicate_line, line, totals_line, verdict_line
from .options import Files, Jobs, Quiet, refuse
from .progress import Work


class _Batch:
    """Verdicts streamed from a batch, with a progress bar on stderr on a terminal (unless
    ``quiet``) and the counts of each verdict. With ``dedupe``, a record seen before (same
    content hash and verdict) is reported on stderr, counted once and not yielded (given to
    ``on_duplicate`` as ``(record, first)``); without, every verdict is yielded, for an
    aggregate that triages them itself (:class:`gamerec.tables.standings.Triage`)."""

    def __init__(
        self,
        files: list[str],
        jobs: int | None,
        scores: bool = True,
        quiet: bool = False,
        dedupe: bool = True,
        on_duplicate: Callable[[Verdict, str], object] | None = None,
    ) -> None:
        self.paths = expand_paths(files)
        self.scores = scores
        self.quiet = quiet
        self.jobs = jobs or default_jobs()
        self.counts: dict[str, int] = {**dict.fromkeys(STATUSES, 0), "duplicate": 0}
        self.seen = Duplicates() if dedupe else None
        self.on_duplicate = on_duplicate

    def __iter__(self) -> Iterator[Verdict]:
        tail = "the rest not scored" if self.scores else "the rest not verified"
        with Work("verifying", tail, quiet=self.quiet) as work:
            for v in verify_batch(self.paths, self.jobs, scores=self.scores, on_progress=work):
                first = self.seen.first(v) if self.seen is not None else None
                if first is not None:
                    self.counts["duplicate"] += 1
                    err.print(duplicate_line(f"{v.source}:{v.record}", first))
                    if self.on_duplicate is not None:
                        self.on_duplicate(v, first)
                    continue
                self.counts[v.status] += 1
                yield v

    def summary(self) -> str:
        return batch_summary(self.counts)

    def exit_code(self, allow_incomplete: bool = False) -> int:
        return exit_of(self.counts, allow_incomplete)


def _is_problem(v: Verdict, allow_incomplete: bool = False) -> bool:
    return v.status != "valid" and not (allow_incomplete and v.status == "incomplete")


def _json_record(obj: Any) -> None:
    """One line of JSON Lines on stdout: a record's object."""
    sys.stdout.write(json_line(obj) + "\n")


def _json_duplicate(v: Verdict, first: str) -> None:
    """A record seen before, as a line of JSON Lines, keys in a verdict's order:
    ``{"status": "duplicate", "source": ..., "record": N, "duplicate_of": "file:N", "hash": ...}``."""
    _json_record({"status": "duplicate", "source": v.source, "record": v.record, "duplicate_of": first,
                  "hash": v.hash})  # fmt: skip


def _json_summary(batch: _Batch) -> None:
    """The last line of JSON Lines: ``{"summary": {"records": N, "valid": ..., "duplicate": D}}``
    (``records``: the distinct records, every verdict's count but the duplicates')."""
    records = sum(n for status, n in batch.counts.items() if status != "duplicate")
    _json_record({"summary": {"records": records, **batch.counts}})


def validate(
    files: Files,
    allow_incomplete: Annotated[
        bool, typer.Option("--allow-incomplete", help="Let incomplete records pass (exit 0).")
    ] = False,
    verbose: Annotated[bool, typer.Option("--verbose", "-v", help="List every record, valid too.")] = False,
    as_json: Annotated[
        bool, typer.Option("--json", help="JSON Lines: a verdict per record, then a summary (docs/cli.md).")
    ] = False,
    jobs: Jobs = None,
    quiet: Quiet = False,
) -> int:
    """Problems go to stderr, one line each; a record seen before (same content) is reported
    and counted once.

    \b
    Examples:
      gamerec validate games/ 'season/**/*.grec'
      gamerec validate -v --allow-incomplete tuesday.grec
      gamerec validate --json games.grec | jq -c 'select(.status != "valid")'
    """
    if verbose and as_json:
        refuse("--verbose", "lists valid records as text; --json has every record already")
    batch = _Batch(files, jobs, scores=False, quiet=quiet, on_duplicate=_json_duplicate if as_json else None)
    for v in batch:
        if _is_problem(v, allow_incomplete):
            err.print(verdict_line(v))
        if as_json:
            _json_record(v)
        elif verbose and v.status == "valid":
            out.print(verdict_line(v))
    if as_json:
        _json_summary(batch)
    else:
        out.print(line(batch.summary()))
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
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="JSON Lines: the scores of each record, then a summary; with --standings, one JSON "
            "document (docs/cli.md).",
        ),
    ] = False,
    as_csv: Annotated[bool, typer.Option("--csv", help="With --standings: print them as CSV.")] = False,
    totals: Annotated[
        bool, typer.Option("--totals", help="One line per record: the players, their totals and the winner.")
    ] = False,
    with_standings: Annotated[
        bool,
        typer.Option("--standings", help="Standings per game and player over all valid records."),
    ] = False,
    sort: Annotated[
        SortBy | None, typer.Option("--sort", help="With --standings: their order (default: wins).")
    ] = None,
    jobs: Jobs = None,
    quiet: Quiet = False,
) -> int:
    """
    \b
    Examples:
      gamerec score game.grec
      gamerec score --totals season/
      gamerec score --standings --sort mean 'season/**/*.grec'
      gamerec score --standings --csv season/ > standings.csv
    """
    if as_csv and not with_standings:
        refuse("--csv", "applies to --standings only (the scores of each record have --json)")
    if as_csv and as_json:
        refuse("--csv", "cannot go with --json: they are two forms of the standings (choose one)")
    if sort is not None and not with_standings:
        refuse("--sort", "orders the standings: it applies with --standings only")
    if totals and (with_standings or as_json):
        other = "--standings" if with_standings else "--json"
        refuse("--totals", f"is a form of its own for people: it does not go with {other}")
    if with_standings:
        from .render import standings_csv, standings_table

        result = standings(_Batch(files, jobs, quiet=quiet, dedupe=False), (sort or SortBy.wins).value)
        report_triage(result.left_out, result.duplicates)
        if as_json:
            print_json(result)
        elif as_csv:
            say_set_aside(err, "not counted", result.not_counted)  # stdout is the CSV
            sys.stdout.write(standings_csv(result))
        else:
            for game_id, rows in result.games.items():
                out.print(standings_table(game_id, rows))
            say_set_aside(out, "not counted", result.not_counted)
            for v in result.left_out:
                out.print(line(f"left out: {v.message()}", "dim"))
            out.print(line(batch_summary(result.counts)))
        return exit_of(result.counts)
    batch = _Batch(files, jobs, quiet=quiet, on_duplicate=_json_duplicate if as_json else None)
    for v in _reported(batch):
        if as_json:
            _json_record({"source": v.source, "record": v.record, "game": v.game, "status": v.status,
                          "hash": v.hash, "scores": v.scores})  # fmt: skip
        elif v.scores is not None and v.game in GAMES and totals:
            out.print(totals_line(v, v.scores))
        elif v.scores is not None and v.game in GAMES:
            from .render import score_table

            out.print(score_table(v, v.scores, GAMES[v.game].deal_word))
    if as_json:
        _json_summary(batch)
    else:
        out.print(line(batch.summary()))
    return batch.exit_code()


def say_set_aside(console: Any, word: str, rows: Iterable[tuple[str, str]]) -> None:
    """Each valid record an aggregate set aside, one dim line on ``console``: ``not
    counted: games.json:4: player 'Ann' sits in 2 seats: ...`` (``word``: not counted, not
    rated)."""
    for place, why in rows:
        console.print(line(f"{word}: {place}: {why}", "dim"))


def report_triage(left_out: Iterable[Verdict], duplicates: Iterable[tuple[str, str]]) -> None:
    """An aggregate's triage on stderr: each record left out that is a problem, then each
    duplicate, one line each."""
    for v in left_out:
        if _is_problem(v):
            err.print(verdict_line(v))
    for place, first in duplicates:
        err.print(duplicate_line(place, first))


def _reported(batch: _Batch) -> Iterator[Verdict]:
    """The batch's verdicts, each problem reported on stderr as it passes."""
    for v in batch:
        if _is_problem(v):
            err.print(verdict_line(v))
        yield v
