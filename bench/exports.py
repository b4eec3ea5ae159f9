"""Exports against validate, per recorded action, in one run (issue 13's speed aims).

For each game, simulated records are encoded as one binary file in memory; then what
``validate`` does (decode every record, verify it: ``verify_entries(read_bytes(...))``),
the CSV file (``export --to csv``: its rows and the CSV text, every cell made inert), the
text export and the full replay
with a line per step (``replay --all``), each after decoding the same bytes, are timed in
CPU time (``time.process_time``: a job waiting for a core is not charged), best of
``--repeat`` rounds. The report gives µs per action and each one's ratio to validate in
the same run (ratios, since the machines are shared and noisy: the jobs take turns, round
after round, so that a busy spell slows them alike). Aims: the CSV file at most 3x, the
text export and ``replay --all`` at most 5x. (Until 2026-12-01 this timed the CSV rows
alone, without the CSV text, which took as long again.)

    python bench/exports.py                 # 300 records of each game, 3 rounds
    python bench/exports.py --records 50 --repeat 1 --json
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamerec import compiled
from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_entries
from gamerec.export import to_text
from gamerec.export.csv import csv_export
from gamerec.format.read import read_bytes
from gamerec.format.write import encode_records
from gamerec.present import Replay
from gamerec.record import Record

GAMES = {"blackball": 4, "forest": 4, "black-swan-2012": 4, "black-swan-taroc": 4}
AIMS = {"csv file": 3.0, "text": 5.0, "replay --all": 5.0}


def timed(job: Callable[[], object]) -> float:
    gc.collect()
    start = time.process_time()
    job()
    return time.process_time() - start


def measure(records: list[Record], repeat: int) -> dict[str, float]:
    actions = sum(r.action_count for r in records)
    data = b"".join(encode_records(records, "binary"))

    def decoded() -> list[Record]:
        return [e.record for e in read_bytes(data) if e.record is not None]

    def validate() -> None:
        for _ in verify_entries(read_bytes(data)):
            pass

    def csv() -> None:
        recs = decoded()
        csv_export(recs, "-", range(1, len(recs) + 1))

    def text() -> None:
        for i, r in enumerate(decoded(), 1):
            to_text(r, i)

    def replay_all() -> None:
        for r in decoded():
            for step in Replay(r).lines():  # one line per step, as replay --all prints them
                step.line()

    jobs = {"validate": validate, "csv file": csv, "text": text, "replay --all": replay_all}
    # the jobs take turns, ``repeat`` rounds, and each keeps its best time: on a shared
    # machine, a busy spell then slows every job alike rather than one of them
    times = {name: float("inf") for name in jobs}
    for _ in range(repeat):
        for name, job in jobs.items():
            times[name] = min(times[name], timed(job))
    base = times["validate"]
    out = {"actions": float(actions), "validate us/action": base / actions * 1e6}
    for name in ("csv file", "text", "replay --all"):
        out[f"{name} us/action"] = times[name] / actions * 1e6
        out[f"{name} ratio"] = times[name] / base
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=300)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, object] = {"engines": "compiled" if compiled() else "pure Python", "games": {}}
    results: dict[str, dict[str, float]] = {}
    for game, players in GAMES.items():
        print(f"{game}: simulating {args.records} records", file=sys.stderr)
        records = list(simulate(game, players, args.records, args.seed))
        results[game] = measure(records, args.repeat)
    report["games"] = results
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"engines: {report['engines']}; µs per action, and the ratio to validate in the same run")
    head = ("game", "validate", "csv", "ratio", "text", "ratio", "replay", "ratio")
    print("{:18} {:>8} {:>7} {:>6} {:>7} {:>6} {:>7} {:>6}".format(*head))
    for game, r in results.items():
        print(
            f"{game:18} {r['validate us/action']:8.2f}"
            f" {r['csv file us/action']:7.2f} {r['csv file ratio']:6.1f}"
            f" {r['text us/action']:7.2f} {r['text ratio']:6.1f}"
            f" {r['replay --all us/action']:7.2f} {r['replay --all ratio']:6.1f}"
        )
    for name, aim in AIMS.items():
        worst = max(r[f"{name} ratio"] for r in results.values())
        verdict = "met" if worst <= aim else "not met"
        print(f"{name}: worst ratio {worst:.1f} (aim at most {aim:g}): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
