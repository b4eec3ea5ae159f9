"""``--jobs 2`` against ``--jobs 1`` (issue 19's aim: at least 1.8x for validate, score and
the Parquet export), as a user runs the commands.

Run from the repository root::

    python bench/jobs.py [--records N] [--runs R] [--games g1,g2] [--json]

For each game, one binary file of N records (a few simulated games repeated under other
player names, so every record is distinct) is written; then, R rounds, each command runs
in a fresh process (start-up included) with ``--jobs 1`` and ``--jobs 2`` in turn:

- ``gamerec validate --jobs J FILE``
- ``gamerec score --standings --jobs J FILE`` (the players are a club of 8, so the
  standings are 8 rows; plain ``score`` renders a table per record, which only this
  process can do)
- ``gamerec export FILE --to parquet --jobs J -o DIR --force``

It reports, per command and game, the median wall time in µs per recorded action, the
speed-up (median of ``--jobs 1`` over median of ``--jobs 2``; also best over best), and the
CPU time of all the processes of a run (user + system, workers included), whose ratio
says what the workers' overhead costs (sending records and results between processes).
The load average before and after is printed, and the cores a ``--jobs 2`` run had (its
CPU time over its wall time): on a machine shared with other work, two cores are not two
free cores, and no speed-up exceeds the cores had. Nothing here is a test.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

import gamerec
from gamerec.bots import simulate
from gamerec.format.read import read_file
from gamerec.format.write import encode_records
from gamerec.record import Record

GAMES = ("blackball", "black-swan-2012", "black-swan-taroc", "forest")
AIM = 1.8
_SCRIPT = Path(sys.executable).parent / "gamerec"
CLI = (
    [str(_SCRIPT)]
    if _SCRIPT.exists()
    else [sys.executable, "-P", "-c", "from gamerec.cli import main; main()"]
)


CLUB = [f"Player {c}" for c in "ABCDEFGH"]  # the members of a club: the standings have 8 rows


def records(game: str, total: int, base: int, seed: int) -> Iterator[Record]:
    """``total`` distinct records of ``game``: ``base`` simulated games, each played again
    by other seats of a club of 8 (1 680 ways to seat 4 of them)."""
    games = list(simulate(game, 4, base, seed))
    tables = itertools.permutations(CLUB, 4)
    for i in range(total):
        if i % base == 0:
            seats = list(next(tables))
        yield msgspec.structs.replace(games[i % base], players=seats)


def commands(path: Path, out: Path, jobs: int) -> dict[str, list[str]]:
    j = ["--jobs", str(jobs)]
    return {
        "validate": [*CLI, "validate", *j, str(path)],
        "score": [*CLI, "score", "--standings", *j, str(path)],
        "parquet": [*CLI, "export", str(path), "--to", "parquet", *j, "-o", str(out), "--force", "-q"],
    }


def timed(cmd: Sequence[str]) -> tuple[float, float, int]:
    """Wall seconds, CPU seconds (the process and its children) and exit code."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    return wall, usage.ru_utime + usage.ru_stime, os.waitstatus_to_exitcode(status)


def run(args: argparse.Namespace) -> dict[str, Any]:
    games = args.games.split(",") if args.games else list(GAMES)
    say = (lambda m: None) if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True))
    report: dict[str, Any] = {
        "config": {"records": args.records, "runs": args.runs, "base": args.base},
        "machine": {"python": sys.version.split()[0], "cpus": os.cpu_count(), "load_before": os.getloadavg()},
        "engines": "compiled" if gamerec.compiled() else "pure Python",
        "games": {},
    }
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            path = Path(tmp) / f"{game}.grec"
            say(f"{game}: writing {args.records} records...")
            with open(path, "wb") as f:
                for chunk in encode_records(records(game, args.records, args.base, args.seed), "binary"):
                    f.write(chunk)
            actions = sum(e.record.action_count for e in read_file(path) if e.record is not None)
            times: dict[str, dict[int, list[tuple[float, float, int]]]] = {}
            for r in range(args.runs):
                say(f"{game}: round {r + 1} of {args.runs}...")
                for jobs in (1, 2) if r % 2 == 0 else (2, 1):  # in turn, the order alternating
                    for name, cmd in commands(path, Path(tmp) / f"out-{jobs}", jobs).items():
                        times.setdefault(name, {}).setdefault(jobs, []).append(timed(cmd))
            entry: dict[str, Any] = {"records": args.records, "actions": actions}
            for name, by_jobs in times.items():
                walls = {j: [w for w, _, _ in got] for j, got in by_jobs.items()}
                cpus = {j: statistics.median(c for _, c, _ in got) for j, got in by_jobs.items()}
                median = {j: statistics.median(w) for j, w in walls.items()}
                entry[name] = {
                    "exit": sorted({c for got in by_jobs.values() for _, _, c in got}),
                    "median_s": median,
                    "best_s": {j: min(w) for j, w in walls.items()},
                    "us_per_action": {j: s / actions * 1e6 for j, s in median.items()},
                    "cpu_s": cpus,
                    "speedup": median[1] / median[2],
                    "speedup_best": min(walls[1]) / min(walls[2]),
                    "cpu_ratio": cpus[2] / cpus[1],
                    # the cores a --jobs 2 run had: its CPU time over its wall time
                    "cores_j2": statistics.median(c / w for w, c, _ in by_jobs[2]),
                }
            report["games"][game] = entry
            path.unlink()
    report["machine"]["load_after"] = os.getloadavg()
    return report


def text(report: dict[str, Any]) -> str:
    m = report["machine"]
    before, after = (" ".join(f"{x:.2f}" for x in m[k]) for k in ("load_before", "load_after"))
    lines = [
        f"--jobs 2 against --jobs 1: {report['config']['records']} records a game, median of "
        f"{report['config']['runs']} runs, fresh processes; {report['engines']} engines; "
        f"Python {m['python']}, {m['cpus']} cpus; load average before "
        f"{before}, after {after}",
        "",
        f"{'command':9} {'game':17} {'actions':>9} {'j1 us/act':>9} {'j2 us/act':>9} {'speed-up':>8} "
        f"{'best/best':>9} {'cpu j2/j1':>9} {'cores j2':>8}",
    ]
    aims = []
    for game, e in report["games"].items():
        for name in ("validate", "score", "parquet"):
            c = e[name]
            us = {int(j): x for j, x in c["us_per_action"].items()}  # (keys are strings in JSON)
            lines.append(
                f"{name:9} {game:17} {e['actions']:>9} {us[1]:>9.3f} {us[2]:>9.3f} {c['speedup']:>7.2f}x "
                f"{c['speedup_best']:>8.2f}x {c['cpu_ratio']:>9.2f} {c.get('cores_j2', 0):>8.2f}"
            )
            ok = "PASS" if c["speedup"] >= AIM else "FAIL"
            aims.append(f"  {ok}  {name} {game}: --jobs 2 {AIM}x --jobs 1: {c['speedup']:.2f}x")
    return "\n".join([*lines, "", "aims:", *aims])


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="jobs.py", description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--records", type=int, default=20_000, help="records per game file (default 20000)")
    p.add_argument("--base", type=int, default=200, help="distinct simulated games behind them (default 200)")
    p.add_argument("--runs", type=int, default=3, help="rounds of every timing (default 3)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", default="", help="comma-separated game ids (default all)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--quiet", action="store_true")
    p.add_argument("--text-of", metavar="JSON", help="print the table of a report saved with --json")
    args = p.parse_args(argv)
    if args.text_of:
        print(text(json.loads(Path(args.text_of).read_text())))
        return 0
    report = run(args)
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
