"""A/B of ``gamerec validate --jobs 1 FILE`` between builds or versions, in the same run.

Run from the repository root::

    python bench/ab_builds.py --records 100000 --runs 2 \
        old=/tmp/old/bin/python new=.venv/bin/python plain=.venv/bin/python:/tmp/src-old

Each build is ``NAME=PYTHON`` (a Python with gamerec installed, plain or compiled) or
``NAME=PYTHON:PYTHONPATH`` (an older source tree put first on the path). For each game it
writes one binary file of N records as ``bench/batch.py`` does, then runs every build on it
in turn, ``--runs`` times, interleaved, and reports the best run of each: its CPU seconds
(user + system of the process, start-up included: robust to other jobs on a shared machine)
and its wall seconds, in microseconds per recorded action; python-chess's PGN reader (when
installed) per move in the same run, and the ratio.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import SimpleNamespace

sys.path.insert(0, str(Path(__file__).parent))

import batch  # the records and python-chess of bench/batch.py

from gamerec.format.write import encode_records

GAMES = ["blackball", "forest", "black-swan-2012", "black-swan-taroc"]


def _run(python: str, pythonpath: str, path: str) -> tuple[float, float]:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    cmd = [python, "-P", "-c", "from gamerec.cli import main; main()", "validate", "--jobs", "1", path]
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, _, usage = os.wait4(proc.pid, 0)
    return usage.ru_utime + usage.ru_stime, time.perf_counter() - t0


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("builds", nargs="+", help="NAME=PYTHON or NAME=PYTHON:PYTHONPATH")
    p.add_argument("--records", type=int, default=100_000)
    p.add_argument("--base", type=int, default=1000)
    p.add_argument("--runs", type=int, default=2)
    p.add_argument("--games", default=",".join(GAMES))
    args = p.parse_args()
    builds = [(b.split("=", 1)[0], *b.split("=", 1)[1].partition(":")[::2]) for b in args.builds]
    best: dict[tuple[str, str], tuple[float, float]] = {}
    actions: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for game in args.games.split(","):
            path = os.path.join(tmp, f"{game}.grec")
            with open(path, "wb") as f:
                n = 0
                for r in batch.records(game, args.records, args.base, 1):
                    n += sum(len(d.actions) for d in r.deals)
                    for chunk in encode_records([r], "binary"):
                        f.write(chunk)
            files[game], actions[game] = path, n
        for _ in range(args.runs):
            for game, path in files.items():
                for name, python, pythonpath in builds:
                    cpu, wall = _run(python, pythonpath, path)
                    old = best.get((name, game), (float("inf"), float("inf")))
                    best[name, game] = (min(old[0], cpu), min(old[1], wall))
    # python-chess timed in CPU seconds too (batch.py's reader loop, its clock swapped)
    batch.time = SimpleNamespace(perf_counter=time.process_time)  # type: ignore[assignment]
    chess = batch.chess_per_move(300, 80, 1, 3)
    if chess is not None:
        print(f"python-chess {chess['version']}: {chess['us_per_move']:.2f} us per move (cpu, median of 3)")
    for game in files:
        for name, _, _ in builds:
            cpu, wall = best[name, game]
            us_cpu, us_wall = cpu / actions[game] * 1e6, wall / actions[game] * 1e6
            ratio = f"  {chess['us_per_move'] / us_cpu:.1f}x python-chess (cpu)" if chess else ""
            print(f"{game:17} {name:12} cpu {us_cpu:.3f} us/action  wall {us_wall:.3f}{ratio}")


if __name__ == "__main__":
    main()
