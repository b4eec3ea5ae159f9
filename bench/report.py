"""``gamerec report`` against ``gamerec score --standings`` on the shipped tournaments (issue
17's aim: the report in under 3x the standings' time).

Both run in this process, one worker (``jobs=1``), as the library functions the commands
call: the standings are ``standings(verify_batch(paths))``, the report is
``gamerec.export.report.report(paths)`` (statistics, verdicts, standings, ratings with their
histories, and the page). CPU time (``time.process_time``), best of ``--repeat`` rounds in
which the two take turns (so a busy spell of a shared machine slows both alike).

    python bench/report.py                # fixtures/*/tournament.grec, 5 rounds
    python bench/report.py --repeat 1 --json
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
from gamerec.checking.batch import verify_batch
from gamerec.export.report import report
from gamerec.tables.standings import standings

ROOT = Path(__file__).resolve().parent.parent
AIM = 3.0
TOURNAMENTS = [str(p) for p in sorted((ROOT / "fixtures").glob("*/tournament.grec"))]


def timed(job: Callable[[], object]) -> float:
    gc.collect()
    start = time.process_time()
    job()
    return time.process_time() - start


def measure(paths: list[str], repeat: int) -> dict[str, float]:
    jobs: dict[str, Callable[[], object]] = {
        "score --standings": lambda: standings(verify_batch(paths)),
        "report": lambda: report(paths),
    }
    times = {name: float("inf") for name in jobs}
    for _ in range(repeat):
        for name, job in jobs.items():
            times[name] = min(times[name], timed(job))
    records = sum(1 for _ in verify_batch(paths))
    return {
        "records": float(records),
        "score --standings s": times["score --standings"],
        "report s": times["report"],
        "ratio": times["report"] / times["score --standings"],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("paths", nargs="*", help="record files (default: the shipped tournaments)")
    args = parser.parse_args(argv)
    paths = args.paths or TOURNAMENTS
    result = measure(paths, args.repeat)
    out = {"engines": "compiled" if compiled() else "pure Python", "aim": AIM, **result}
    if args.json:
        print(json.dumps(out, indent=2))
        return 0
    print(f"engines: {out['engines']}; {int(result['records'])} records; CPU seconds, best of {args.repeat}")
    print(f"score --standings {result['score --standings s']:8.3f}")
    print(f"report            {result['report s']:8.3f}")
    verdict = "met" if result["ratio"] < AIM else "not met"
    print(f"report / score --standings: {result['ratio']:.2f} (aim under {AIM:g}): {verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
