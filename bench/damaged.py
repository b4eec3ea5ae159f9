"""Damaged-input benchmark: reading a damaged binary file costs about what a clean one does.

Run from the repository root::

    python bench/damaged.py [--frames N] [--magic-kb K] [--repeat R] [--json]

It writes, in a temporary folder:

- ``clean.grec``: N frames (simulated blackball games for 2 players, repeated);
- ``flipped.grec``: the same frames with one bit flipped in each, at a random place;
- ``magic-K.grec`` (and 2K, 4K): a file header followed by the 8-byte magic repeated to
  K KiB, 2K KiB and 4K KiB;
- ``false-K.grec`` (and 2K, 4K): false frames every 12 bytes, each claiming a length that
  reaches the end of the file (a hostile file made to cost the most per byte).

and times, the best of R runs each, listing every record as ``gamerec ls`` does
(``gamerec.format.listing.list_records``, in this process, without printing). It reports the
damaged/clean time ratio on the flipped file (aim: at most 3) and, for the magic and false
frame files, how the time grows with the size: the time of the 4K file over that of the K
file (linear: about 4; quadratic: about 16).

Nothing here is a test: the numbers are printed (``--json`` for machines) and judged
against the aims in the last lines. ``tests/format/test_bench_damaged.py`` runs it on tiny inputs.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import struct
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from gamerec.bots import simulate
from gamerec.format.binary import encode_binary
from gamerec.format.container import FILE_HEADER, MAGIC, SYNC
from gamerec.format.listing import list_records

#: the aims: damaged over clean, and growth of the time over a four-fold size
AIM_RATIO = 3.0
AIM_GROWTH = 6.0  # linear is 4; quadratic 16


def flipped(frames: list[bytes], count: int, seed: int = 1) -> tuple[bytes, bytes]:
    """A clean file of ``count`` frames (``frames`` over and over) and the same file with
    one bit flipped in every frame."""
    rng = random.Random(seed)
    clean, damaged = [], []
    for i in range(count):
        f = frames[i % len(frames)]
        clean.append(f)
        b = bytearray(f)
        b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        damaged.append(bytes(b))
    return FILE_HEADER + b"".join(clean), FILE_HEADER + b"".join(damaged)


def flipped_files(folder: Path, frames: int, seed: int) -> tuple[Path, Path]:
    base = [encode_binary(r) for r in simulate("blackball", 2, 20, seed)]
    clean, damaged = flipped(base, frames, seed)
    a, b = folder / "clean.grec", folder / "flipped.grec"
    a.write_bytes(clean)
    b.write_bytes(damaged)
    return a, b


def magic_file(folder: Path, size: int) -> Path:
    path = folder / f"magic-{size // 1024}.grec"
    path.write_bytes(FILE_HEADER + MAGIC * (size // len(MAGIC)))
    return path


def false_frames_file(folder: Path, size: int) -> Path:
    out = bytearray(FILE_HEADER)
    while len(out) < size:
        out += SYNC + struct.pack("<II", 0, max(size - len(out) - 16, 0))
    path = folder / f"false-{size // 1024}.grec"
    path.write_bytes(bytes(out[:size]))
    return path


def best_time(path: Path, repeat: int) -> tuple[float, int, int]:
    """The best time of listing ``path``, its number of entries and of unreadable ones."""
    times = []
    entries = errors = 0
    for _ in range(repeat):
        gc.collect()
        t = time.perf_counter()
        listed = list(list_records([str(path)]))
        times.append(time.perf_counter() - t)
        entries = len(listed)
        errors = sum(1 for x in listed if x.error is not None)
    return min(times), entries, errors


def growth(folder: Path, make: Any, size: int, repeat: int) -> dict[str, Any]:
    runs = {}
    for k in (1, 2, 4):
        path = make(folder, size * k)
        runs[str(size * k)] = best_time(path, repeat)[0]
    first, last = runs[str(size)], runs[str(4 * size)]
    g = last / first if first > 0 else float("inf")
    return {"seconds_by_size": runs, "growth_4x": g, "pass": g <= AIM_GROWTH}


def run(frames: int, magic_kb: int, repeat: int, seed: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory(prefix="gamerec-damaged-") as tmp:
        folder = Path(tmp)
        clean, damaged = flipped_files(folder, frames, seed)
        t_clean, n_clean, _ = best_time(clean, repeat)
        t_damaged, n_damaged, e_damaged = best_time(damaged, repeat)
        ratio = t_damaged / t_clean if t_clean > 0 else float("inf")
        return {
            "config": {"frames": frames, "magic_kb": magic_kb, "repeat": repeat, "seed": seed},
            "flipped": {
                "bytes": damaged.stat().st_size,
                "clean_s": t_clean,
                "clean_entries": n_clean,
                "damaged_s": t_damaged,
                "damaged_entries": n_damaged,
                "damaged_unreadable": e_damaged,
                "ratio": ratio,
                "pass": ratio <= AIM_RATIO,
            },
            "magic": growth(folder, magic_file, magic_kb * 1024, repeat),
            "false_frames": growth(folder, false_frames_file, magic_kb * 1024, repeat),
        }


def text(report: dict[str, Any]) -> str:
    f = report["flipped"]
    lines = [
        f"{report['config']['frames']} frames, {f['bytes']:,} bytes, one bit flipped in each",
        f"  clean:   {f['clean_s'] * 1000:9.1f} ms  ({f['clean_entries']} entries)",
        f"  flipped: {f['damaged_s'] * 1000:9.1f} ms  ({f['damaged_entries']} entries, "
        f"{f['damaged_unreadable']} unreadable)",
    ]
    for name, title in (("magic", "repeated magic"), ("false_frames", "false frames every 12 bytes")):
        g = report[name]
        sizes = ", ".join(f"{int(s) // 1024} KiB {t * 1000:.1f} ms" for s, t in g["seconds_by_size"].items())
        lines.append(f"{title}: {sizes}")
    lines.append("aims:")
    lines.append(
        f"  {'PASS' if f['pass'] else 'FAIL'} flipped/clean time {f['ratio']:.2f} (at most {AIM_RATIO:g})"
    )
    for name in ("magic", "false_frames"):
        g = report[name]
        lines.append(
            f"  {'PASS' if g['pass'] else 'FAIL'} {name}: 4x the size takes {g['growth_4x']:.2f}x the time "
            f"(linear 4, quadratic 16; at most {AIM_GROWTH:g})"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="damaged.py", description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--frames", type=int, default=20_000, help="frames in the flipped file (default 20000)")
    p.add_argument(
        "--magic-kb", type=int, default=256, help="smallest magic and false-frame file in KiB (default 256)"
    )
    p.add_argument("--repeat", type=int, default=3, help="runs of each timing, the best kept (default 3)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="the report as JSON")
    args = p.parse_args(argv)
    if args.frames < 1 or args.magic_kb < 1 or args.repeat < 1:
        p.error("--frames, --magic-kb and --repeat must be at least 1")
    report = run(args.frames, args.magic_kb, args.repeat, args.seed)
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
