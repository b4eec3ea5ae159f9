"""Dask benchmark: the Dask path (gamerec.checking.distributed) on a LocalCluster of 2 workers
against 1, on N records split over F files.

Run from the repository root (needs the ``dask`` extra)::

    python bench/distributed.py [--records 1000000] [--files 100] [--base 200] [--json]

It simulates B blackball games with the simulate API and writes N records over F binary
files in a temporary folder (each game repeated under other player names, so every record
is a distinct game with a real length: the content hashes all differ). Then it measures,
in one process, the per-record costs of reading (decode only) and of verifying (decode,
replay, score, hash); and on a LocalCluster (processes, one thread each) of 1 and then 2
workers: the verdict counts alone (``bag.count()``: reading and verifying) and the counts
with duplicates (:func:`gamerec.checking.distributed.summarize_bag`: plus the shuffle of hashes).
The difference is the cost of hashing out the duplicates. The speed-up is 1 worker's time
over 2 workers'. Nothing here is a test: the numbers are printed (``--json`` for machines).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from typing import Any

# this file's name is the dask.distributed package's: look for packages elsewhere
sys.path[:] = [p for p in sys.path if os.path.abspath(p or ".") != os.path.dirname(os.path.abspath(__file__))]

import msgspec  # noqa: E402

from gamerec.bots import simulate  # noqa: E402
from gamerec.checking.verdicts import verify_entries  # noqa: E402
from gamerec.format.read import read_records  # noqa: E402
from gamerec.format.write import write_records  # noqa: E402


def make_files(folder: str, records: int, files: int, base: int) -> list[str]:
    games = list(simulate("blackball", 4, base, seed=1))
    per = -(-records // files)
    names: list[str] = []
    n = 0
    for f in range(files):
        batch = []
        for _ in range(min(per, records - n)):
            g = games[n % base]
            k = n // base
            batch.append(msgspec.structs.replace(g, players=[f"{p}{k}" for p in g.players]))
            n += 1
        if not batch:
            break
        path = os.path.join(folder, f"part-{f:04d}.grec")
        write_records(batch, path)
        names.append(path)
    return names


def timed(fn: Any) -> tuple[float, Any]:
    t = time.perf_counter()
    got = fn()
    return time.perf_counter() - t, got


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--records", type=int, default=1_000_000)
    ap.add_argument("--files", type=int, default=100)
    ap.add_argument("--base", type=int, default=200, help="distinct simulated games")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    from distributed import Client, LocalCluster

    from gamerec.checking.distributed import summarize_bag, verdict_bag

    report: dict[str, Any] = {"records": args.records, "files": args.files, "load": os.getloadavg()}
    with tempfile.TemporaryDirectory() as folder:
        print(f"writing {args.records} records over {args.files} files...", file=sys.stderr)
        files = make_files(folder, args.records, args.files, args.base)
        sample = files[: max(1, len(files) // 10)]  # the one-process costs on a tenth
        n_sample = sum(1 for _ in read_records(sample))
        t_read, _ = timed(lambda: sum(1 for _ in read_records(sample)))
        t_verify, _ = timed(lambda: sum(1 for _ in verify_entries(read_records(sample))))
        report["us_per_record"] = {"read": 1e6 * t_read / n_sample, "verify": 1e6 * t_verify / n_sample}
        for workers in (1, 2):
            print(f"LocalCluster, {workers} worker(s)...", file=sys.stderr)
            with (
                LocalCluster(
                    n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
                ) as c,
                Client(c) as client,
            ):
                client.wait_for_workers(workers)
                t_count, count = timed(lambda: verdict_bag(files).count().compute())
                t_all, counts = timed(lambda: summarize_bag(verdict_bag(files)))
                assert count == args.records and counts["valid"] == args.records, counts
            report[f"workers_{workers}"] = {
                "count_s": t_count,
                "summarize_s": t_all,
                "us_per_record_verify": 1e6 * t_count * workers / args.records,
                "us_per_record_shuffle": 1e6 * max(0.0, t_all - t_count) * workers / args.records,
            }
        report["speedup"] = report["workers_1"]["summarize_s"] / report["workers_2"]["summarize_s"]
        report["load_after"] = os.getloadavg()
    if args.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{args.records} records over {args.files} files (load before {report['load'][0]:.1f})")
    for k, v in report["us_per_record"].items():
        print(f"  one process: {k}: {v:.0f} us/record")
    for w in (1, 2):
        r = report[f"workers_{w}"]
        print(
            f"  {w} worker(s): counts {r['count_s']:.1f} s, with duplicates {r['summarize_s']:.1f} s; "
            f"per record (worker time): verify {r['us_per_record_verify']:.0f} us, "
            f"shuffle {r['us_per_record_shuffle']:.1f} us"
        )
    print(f"  2 workers / 1 worker: {report['speedup']:.2f}x (aim >= 1.7x)")


if __name__ == "__main__":
    main()
