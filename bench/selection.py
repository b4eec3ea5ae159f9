"""Selection benchmark (issue 16): ``gamerec filter`` on header selectors against
``gamerec validate`` on the same binary file, as a user runs them, in the same run.

Run from the repository root::

    python bench/selection.py                    # 5 000 records, best of 3
    python bench/selection.py --records 100000   # the issue's size
    python bench/selection.py --records 2000 --repeat 1 --json

It writes one binary file of ``--records`` blackball records (``--base`` simulated games,
repeated under other player names and events so that every record is distinct) and times,
each in a new process, start-up included, the best of ``--repeat`` runs:

- ``validate``: ``gamerec validate --jobs 1 FILE`` (every record decoded and verified);
- ``filter --count``: ``gamerec filter FILE --player NAME --event EVENT --deals 13 --count``
  (headers only);
- ``filter -o``: the same selection written to a binary file (matching frames copied);
- ``start-up``: ``gamerec --version``, the floor under every command (at small sizes it is
  most of filter's time, so the ratio grows with the file);
- ``filter --status``: ``gamerec filter FILE --event EVENT --status valid --count`` (the
  records that pass the header selector verified).

The aim: filter on header selectors at least 10 times faster than validate. Nothing here
is a test: the numbers are printed and the aim judged in the last line.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from subprocess import DEVNULL, run
from typing import Any

import msgspec

from gamerec.bots import simulate
from gamerec.format.write import write_records
from gamerec.record import Meta, Record

_SCRIPT = Path(sys.executable).parent / "gamerec"
CLI = (
    [str(_SCRIPT)]
    if _SCRIPT.exists()
    else [sys.executable, "-P", "-c", "from gamerec.cli import main; main()"]
)
AIM = 10.0


def records(total: int, base: int, seed: int) -> Iterator[Record]:
    """``total`` distinct records: ``base`` games under other names, in 10 events."""
    games = list(simulate("blackball", 4, base, seed))
    for i in range(total):
        r = games[i % base]
        k = i // base
        yield msgspec.structs.replace(
            r, players=[f"P{k % 50}-{s}" for s in range(len(r.players))], meta=Meta(event=f"event {i % 10}")
        )


def best(cmd: list[str], repeat: int) -> tuple[float, int]:
    """The fastest wall time of ``cmd`` over ``repeat`` runs, and its exit code."""
    times = []
    code = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        code = run(cmd, stdout=DEVNULL, stderr=DEVNULL, check=False).returncode
        times.append(time.perf_counter() - t0)
    return min(times), code


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=int, default=5000)
    ap.add_argument("--base", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="gamerec-bench-select-") as tmp:
        src = Path(tmp) / "archive.grec"
        write_records(records(args.records, min(args.base, args.records), args.seed), src)
        header = [src, "--player", "P3-1", "--event", "event 7", "--deals", "13"]
        runs = {
            "start-up": [*CLI, "--version"],
            "validate": [*CLI, "validate", "--jobs", "1", "-q", src],
            "filter --count": [*CLI, "filter", *header, "--count", "-q"],
            "filter -o": [*CLI, "filter", *header, "-o", Path(tmp) / "out.grec", "-f", "-q"],
            "filter --status": [
                *CLI,
                "filter",
                src,
                "--event",
                "event 7",
                "--status",
                "valid",
                "--count",
                "-q",
            ],
        }
        report: dict[str, Any] = {"records": args.records, "bytes": src.stat().st_size, "seconds": {}}
        for name, cmd in runs.items():
            seconds, code = best([str(c) for c in cmd], args.repeat)
            report["seconds"][name] = round(seconds, 4)
            report.setdefault("exit", {})[name] = code
    s = report["seconds"]
    report["ratio"] = {
        k: round(s["validate"] / v, 1) for k, v in s.items() if k not in ("validate", "start-up") and v > 0
    }
    report["aim"] = AIM
    report["pass"] = min(report["ratio"]["filter --count"], report["ratio"]["filter -o"]) >= AIM
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"{args.records} binary records, {report['bytes']:,} bytes ({' '.join(CLI[:1])})")
        for name, seconds in s.items():
            ratio = report["ratio"].get(name)
            print(f"  {name:16} {seconds:9.3f} s" + (f"   validate / this: {ratio:.1f}x" if ratio else ""))
        verdict = "PASS" if report["pass"] else "FAIL"
        print(f"aim: filter on header selectors at least {AIM:.0f}x faster than validate: {verdict}")
    return report


if __name__ == "__main__":
    main()
