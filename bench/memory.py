"""Memory benchmark (issue 31, F4): the peak memory (max RSS) of ``gamerec ls`` and of the
text notation reader, as a user runs them, each in a new process.

Run from the repository root::

    python bench/memory.py                      # 200 000 records
    python bench/memory.py --records 20000 --json

It writes half of ``--records`` and then ``--records`` small forest records (``--base``
simulated games of two players, ``max_number=2``, ``hand_size=2``, repeated under other
player names so that every record, and its content hash, is distinct), each as a binary
file and as a text notation file, then runs each command once on each size and reads its
peak resident memory from the kernel (``os.wait4``):

- ``ls FILE.grec``, ``ls --json FILE.grec``, ``ls --dedupe FILE.grec``: the table streamed,
  the JSON lines, and the content hashes kept for ``--dedupe``;
- ``ls FILE.gtxt``: the text notation read a record at a time;
- ``start-up``: ``gamerec --version``, the floor under every command.

``grown per record`` is what the peak grew by from the half to the whole, over the records
added: what memory takes a record. Before F4 ``ls`` held about 1 KB a record and a text
file took ten times its size; the aim is memory that does not grow with the records
(``ls``), or by some 26 bytes a record (``--dedupe``). A binary file is mapped and its pages
let go every 16 MiB read, so its peak moves by up to that much either way. The wall time of
the larger run is printed beside it, for information: nothing here is a test.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec

from gamerec.bots import simulate
from gamerec.format.write import write_records
from gamerec.record import Record

CLI = [sys.executable, "-c", "from gamerec.cli import main; main()"]
RULES = {"max_number": 2, "hand_size": 2}


def records(total: int, base: int, seed: int) -> Iterator[Record]:
    """``total`` distinct records: ``base`` games under other names."""
    games = list(simulate("forest", 2, base, seed, rules=RULES))
    for i in range(total):
        r = games[i % base]
        yield msgspec.structs.replace(r, players=[f"P{i // base}-{s}" for s in range(len(r.players))])


def peak(cmd: list[str]) -> tuple[int, float, int]:
    """The peak resident memory of ``cmd`` in bytes, its wall time and its exit code."""
    t0 = time.perf_counter()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(p.pid, 0)
    p.returncode = os.waitstatus_to_exitcode(status)
    return usage.ru_maxrss * 1024, time.perf_counter() - t0, p.returncode


def main(argv: list[str] | None = None) -> dict[str, Any]:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=int, default=200_000)
    ap.add_argument("--base", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    sizes = [max(1, args.records // 2), args.records]
    report: dict[str, Any] = {"records": sizes, "bytes": {}, "runs": {}}
    with tempfile.TemporaryDirectory(prefix="gamerec-bench-memory-") as tmp:
        for n in sizes:
            grec, gtxt = Path(tmp) / f"{n}.grec", Path(tmp) / f"{n}.gtxt"
            base = min(args.base, n)
            write_records(records(n, base, args.seed), grec)
            write_records(records(n, base, args.seed), gtxt)
            report["bytes"][n] = {"grec": grec.stat().st_size, "gtxt": gtxt.stat().st_size}
            runs = {
                "start-up": [*CLI, "--version"],
                "ls FILE.grec": [*CLI, "ls", str(grec)],
                "ls --json FILE.grec": [*CLI, "ls", "--json", str(grec)],
                "ls --dedupe FILE.grec": [*CLI, "ls", "--dedupe", str(grec)],
                "ls FILE.gtxt": [*CLI, "ls", str(gtxt)],
            }
            for name, cmd in runs.items():
                rss, seconds, code = peak(cmd)
                row = report["runs"].setdefault(name, {"peak": [], "seconds": [], "exit": []})
                row["peak"].append(rss)
                row["seconds"].append(round(seconds, 2))
                row["exit"].append(code)
    half, whole = sizes
    for row in report["runs"].values():
        row["grown per record"] = round((row["peak"][1] - row["peak"][0]) / max(1, whole - half), 1)
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        print(f"peak RSS at {half} and {whole} records, and what it grew by a record in between:")
        for name, row in report["runs"].items():
            a, b = (p / 2**20 for p in row["peak"])
            print(
                f"  {name:22} {a:8.1f} MiB {b:8.1f} MiB  {row['grown per record']:8.1f} B/record"
                f"  {row['seconds'][1]:7.2f} s  exit {row['exit'][1]}"
            )
    return report


if __name__ == "__main__":
    main()
