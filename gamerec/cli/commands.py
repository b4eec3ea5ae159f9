"""The table of commands: each command's name, in the order ``gamerec --help`` lists them,
its function (imported by a function here) and its summary, written here alone: the first
sentence of the command's help, which goes on with the function's docstring
(:func:`.lazy.command_help`: the docstring's first paragraph carries on the summary's, or
starts one of its own after a blank first line).

A command's module is imported only when that command is run, completed or its help shown,
so that ``gamerec validate`` does not import the exporters, the recorder or the bots, and
``gamerec --help`` none of them. Each function below imports one command by name (no
dynamic import: tests/output/test_safety.py).

A new command: a function below that imports it and a row in :data:`COMMANDS` where it
belongs in the listing, e.g. for ``filter`` in ``gamerec/cli/select.py``::

    def _filter() -> Command:
        from .select import filter_cmd

        return filter_cmd

    "filter": Lazy(_filter, "<the first sentence of filter's help, ending with a full stop>"),
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .lazy import Lazy

Command = Callable[..., Any]


def _validate() -> Command:
    from .check import validate

    return validate


def _score() -> Command:
    from .check import score

    return score


def _ratings() -> Command:
    from .ratings import ratings

    return ratings


def _stats() -> Command:
    from .stats import stats_cmd

    return stats_cmd


def _report() -> Command:
    from .report import report_cmd

    return report_cmd


def _export() -> Command:
    from .convert import export

    return export


def _record() -> Command:
    from .record import record

    return record


def _salvage() -> Command:
    from .convert import salvage

    return salvage


def _convert() -> Command:
    from .convert import convert

    return convert


def _filter() -> Command:
    from .select import filter_cmd

    return filter_cmd


def _split() -> Command:
    from .select import split_cmd

    return split_cmd


def _simulate() -> Command:
    from .simulate import simulate

    return simulate


def _arena() -> Command:
    from .arena import arena

    return arena


def _ls() -> Command:
    from .info import ls_cmd

    return ls_cmd


def _games() -> Command:
    from .info import games_cmd

    return games_cmd


def _schema() -> Command:
    from .info import schema

    return schema


def _replay() -> Command:
    from .replay import replay

    return replay


#: name: (its function, imported when used; its summary), in the order ``gamerec --help`` lists them
COMMANDS = {
    "validate": Lazy(
        _validate,
        "Check every record by the rules and give each a verdict: valid, illegal, incomplete, mismatch "
        "or unreadable.",
    ),
    "score": Lazy(
        _score,
        "Per-deal and total scores and the winners of every record (--totals: one line per record); with "
        "--standings, games played, wins, total, mean and best score per game and player.",
    ),
    "ratings": Lazy(
        _ratings,
        "Rate every player per game from the valid records, in date order (records without a date keep "
        "their place in the input), with openskill's Plackett-Luce model: rating (mu), uncertainty "
        "(sigma), the conservative ordinal mu - 3 sigma the players are ranked by, and games rated.",
    ),
    "stats": Lazy(
        _stats,
        "Per game and player, the numbers that game's players care about (docs/stats.md), and "
        "head-to-head: for each pair of players, games together and who finished higher.",
    ),
    "report": Lazy(
        _report,
        "Write one self-contained HTML page of the records: per game, the standings, the ratings and a "
        "chart of each player's rating over time, the score distributions, the player statistics, the "
        "head-to-head table and the records that are not valid with their verdict and why.",
    ),
    "export": Lazy(
        _export,
        "Export records as JSON (the editable twin), CSV (one row per action with derived columns), text "
        "(a readable history with the game's score sheet), HTML (one self-contained page that replays a "
        "record in a browser), or, for a whole batch, Parquet (a folder with records.parquet, "
        "deals.parquet and actions.parquet, to query with DuckDB or pandas; needs the 'parquet' extra).",
    ),
    "record": Lazy(
        _record,
        "Record a game as it is played: every action is checked when entered, each accepted step is "
        "saved to a journal at once (continue it with --resume after a crash), and the record is written "
        "when the game ends.",
    ),
    "salvage": Lazy(
        _salvage,
        "Copy every record that can still be read to a new file, and report what was dropped (damaged "
        "parts with their byte offsets).",
    ),
    "convert": Lazy(
        _convert,
        "Convert records between the binary (.grec), JSON (.json), JSON Lines (.jsonl) and text notation "
        "(.gtxt) encodings, losslessly, record by record (memory stays flat).",
    ),
    "filter": Lazy(
        _filter,
        "Write the records of FILES that match every selector into one file, in input order; with no "
        "selector, every record (a merge).",
    ),
    "split": Lazy(
        _split,
        "Write the records of FILES one file per group into FOLDER, each in input order: named after the "
        "group's value, made safe (a separator, a control character or a blank becomes _, a long value "
        "is cut and given a hash, no value is _none, an empty one _empty; names that differ only in case "
        "are kept apart), or part-000001... for parts of N.",
    ),
    "simulate": Lazy(_simulate, "Let bots play legal games."),
    "arena": Lazy(
        _arena,
        "Let bots play a round robin, then rate them: every seat order of every pairing plays the same "
        "deals, recorded into a folder that resumes.",
    ),
    "ls": Lazy(
        _ls,
        "A table of the records, one line each under a header: file, record number (from 1), game, "
        "players, date, event, deals, actions and content hash, read from the headers alone (binary "
        "files).",
    ),
    "games": Lazy(
        _games,
        "List the games, their players, bots and rule options with defaults (the KEY=VALUE pairs --rule "
        "takes).",
    ),
    "schema": Lazy(
        _schema,
        "Write the JSON Schemas of the JSON form: one per game, record (any game; a JSON Lines line) and "
        "records (a JSON array).",
    ),
    "replay": Lazy(
        _replay,
        "Replay a record step by step: hands, the trick, trump, bids, tricks and scores.",
    ),
}
