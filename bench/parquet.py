"""``export --to parquet`` against ``validate``, per recorded action, and its peak memory
(issue 16's speed aims: at most 3x validate's per-action time, flat memory).

Time: for each game, simulated records are written as one binary file; ``validate``'s work
(read and verify every record: ``verify_entries(read_records(...))``) and the Parquet
export (``write_parquet``: read, replay, write the three tables) of the same file are timed
in CPU time (``time.process_time``), taking turns, best of ``--repeat`` rounds. The report
gives µs per action and the ratio to validate in the same run.

Memory: a blackball file of N records (``--rss``, by default 2000 and 6000; ``--big`` for
100 000 and 300 000) is made from simulated games repeated, and ``gamerec export --to
parquet`` runs on it in a fresh process, which reports its peak RSS: flat memory means the
peak does not grow with N.

    python bench/parquet.py                       # 200 records of each game, 3 rounds
    python bench/parquet.py --big                 # the peak RSS at 100k and 300k records
    python bench/parquet.py --records 20 --repeat 1 --rss 200,600 --json
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamerec import compiled
from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_entries
from gamerec.export.parquet import write_parquet
from gamerec.format.read import read_records
from gamerec.format.write import encode_records
from gamerec.record import Record

GAMES = {"blackball": 4, "forest": 4, "black-swan-2012": 4, "black-swan-taroc": 4}
AIM = 3.0
BIG = (100_000, 300_000)
ROOT = Path(__file__).resolve().parent.parent

# run in a fresh process: export FILE to OUT, then print the peak RSS in KiB
_CHILD = """
import resource, sys
from gamerec.export.parquet import write_parquet
summary = write_parquet([sys.argv[1]], sys.argv[2], force=True)
print(summary.records, summary.actions, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def timed(job: Callable[[], object]) -> float:
    gc.collect()
    start = time.process_time()
    job()
    return time.process_time() - start


def measure(records: list[Record], repeat: int, work: Path) -> dict[str, float]:
    actions = sum(r.action_count for r in records)
    source = work / "games.grec"
    source.write_bytes(b"".join(encode_records(records, "binary")))

    def validate() -> None:
        for _ in verify_entries(read_records([source])):
            pass

    def parquet() -> None:
        write_parquet([str(source)], work / "tables", force=True)

    jobs = {"validate": validate, "parquet": parquet}
    times = {name: float("inf") for name in jobs}
    for _ in range(repeat):
        for name, job in jobs.items():
            times[name] = min(times[name], timed(job))
    base = times["validate"]
    return {
        "actions": float(actions),
        "validate us/action": base / actions * 1e6,
        "parquet us/action": times["parquet"] / actions * 1e6,
        "parquet ratio": times["parquet"] / base,
    }


def peak_rss(count: int, work: Path, seed: int) -> dict[str, float]:
    """Export a blackball file of ``count`` records in a fresh process: its peak RSS."""
    unit = list(simulate("blackball", 4, min(count, 500), seed))
    source = work / f"rss-{count}.grec"
    with source.open("wb") as f:
        for i in range(count):
            f.write(b"".join(encode_records([unit[i % len(unit)]], "binary")))
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, str(source), str(work / f"rss-{count}")],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    ).stdout.split()
    seconds = time.perf_counter() - start
    source.unlink()
    return {
        "records": float(out[0]),
        "actions": float(out[1]),
        "peak RSS MiB": int(out[2]) / 1024,
        "s": seconds,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=200)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rss", default="2000,6000", help="record counts for the memory runs")
    parser.add_argument("--big", action="store_true", help="the memory runs at 100k and 300k records")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    counts = list(BIG) if args.big else [int(n) for n in args.rss.split(",") if n]
    report: dict[str, object] = {"engines": "compiled" if compiled() else "pure Python"}
    results: dict[str, dict[str, float]] = {}
    memory: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for game, players in GAMES.items():
            print(f"{game}: simulating {args.records} records", file=sys.stderr)
            results[game] = measure(list(simulate(game, players, args.records, args.seed)), args.repeat, work)
        for n in counts:
            print(f"blackball: exporting {n} records in a fresh process", file=sys.stderr)
            memory[str(n)] = peak_rss(n, work, args.seed)
    report["games"] = results
    report["memory"] = memory
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"engines: {report['engines']}; µs per action, and the ratio to validate in the same run")
    print("{:18} {:>8} {:>8} {:>6}".format("game", "validate", "parquet", "ratio"))
    for game, r in results.items():
        us = f"{r['validate us/action']:8.2f} {r['parquet us/action']:8.2f}"
        print(f"{game:18} {us} {r['parquet ratio']:6.1f}")
    worst = max(r["parquet ratio"] for r in results.values())
    print(f"parquet: worst ratio {worst:.1f} (aim at most {AIM:g}): {'met' if worst <= AIM else 'not met'}")
    for n, m in memory.items():
        print(f"peak RSS exporting {n} records ({m['actions']:.0f} actions): {m['peak RSS MiB']:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
