"""Where `validate`'s time goes, per recorded action: the parts of verifying a binary file,
each timed in this process on the same records (CPU time, best of ``--repeat`` rounds).

    python bench/parts.py                       # 5 000 records a game, best of 3
    python bench/parts.py --records 20000 --games forest blackball

The parts, each measured as the difference between two passes over the file that differ
by that part alone (so each includes what it costs the loop around it):

- ``read``: the frames read from the file, undecoded;
- ``decode``: MessagePack to the record's Structs;
- ``walk``: the rules, without steps (:func:`gamerec.stepper.run`);
- ``verdict``: the verdict and its score sheet;
- ``hash``: the content hash (the duplicate index's key);

and, on the same records held in memory, the walk's own parts: ``new_state``,
``begin_deal`` (each deal's checks: seats, sizes, the cards dealt) and ``apply_run`` (the
actions). Run it with each build's Python (the compiled one from a copy of ``bench/``
outside the checkout, with ``python -P``); docs/performance.md reports it.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

import batch  # the simulated records of bench/batch.py

from gamerec.checking.verdicts import verdict_of
from gamerec.fastwalk import apply_all
from gamerec.format.binary import content_hash
from gamerec.format.read import decode_raw, raw_records
from gamerec.format.write import write_records
from gamerec.games import GAMES, get_game
from gamerec.stepper import run


def best_of(rounds: int, passes: Sequence[Callable[[], object]]) -> list[float]:
    """The least CPU seconds of each pass over ``rounds`` rounds, the passes in turns."""
    best = [float("inf")] * len(passes)
    for _ in range(rounds):
        for i, f in enumerate(passes):
            t0 = time.process_time()
            f()
            best[i] = min(best[i], time.process_time() - t0)
    return best


def parts(game: str, records: int, rounds: int) -> dict[str, float]:
    """Each part of game's verification, in microseconds per recorded action."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / f"{game}.grec"
        write_records(batch.records(game, records, 1000, 1), path)
        held = [e.record for e in map(decode_raw, raw_records([path])) if e.record is not None]
        actions = sum(len(d.actions) for r in held for d in r.deals)

        def read() -> None:
            for _ in raw_records([path]):
                pass

        def decode() -> None:
            for raw in raw_records([path]):
                decode_raw(raw)

        def walk() -> None:
            for raw in raw_records([path]):
                run(decode_raw(raw).record)  # type: ignore[arg-type]

        def verdict() -> None:
            for raw in raw_records([path]):
                r = decode_raw(raw).record
                verdict_of(run(r), r)  # type: ignore[arg-type]

        def hashed() -> None:
            for raw in raw_records([path]):
                r = decode_raw(raw).record
                verdict_of(run(r), r)  # type: ignore[arg-type]
                content_hash(r)  # type: ignore[arg-type]

        file_passes = best_of(rounds, [read, decode, walk, verdict, hashed])

        rules = get_game(game)
        clock = time.process_time

        def split() -> tuple[float, float, float]:
            new = begin = apply = 0.0
            for r in held:
                t0 = clock()
                state = rules.new_state(r.rules, r.players)
                t1 = clock()
                new += t1 - t0
                for d in r.deals:
                    t0 = clock()
                    state.begin_deal(d)
                    t1 = clock()
                    apply_all(state, d.actions)
                    begin += t1 - t0
                    apply += clock() - t1
            return new, begin, apply

        walk_parts = [min(x) for x in zip(*(split() for _ in range(rounds)), strict=True)]
    per = 1e6 / actions
    read_s, decode_s, walk_s, verdict_s, hash_s = file_passes
    return {
        "actions per record": actions / len(held),
        "read": read_s * per,
        "decode": (decode_s - read_s) * per,
        "walk": (walk_s - decode_s) * per,
        "verdict": (verdict_s - walk_s) * per,
        "hash": (hash_s - verdict_s) * per,
        "total": hash_s * per,
        "new_state": walk_parts[0] * per,
        "begin_deal": walk_parts[1] * per,
        "apply_run": walk_parts[2] * per,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, default=5000, help="records a game (default 5000)")
    parser.add_argument("--repeat", type=int, default=3, help="rounds; each part's best counts (default 3)")
    parser.add_argument("--games", nargs="+", default=sorted(GAMES), choices=sorted(GAMES))
    args = parser.parse_args(argv)
    names = ["read", "decode", "walk", "verdict", "hash", "total", "new_state", "begin_deal", "apply_run"]
    print("µs per action   " + " ".join(f"{n:>10}" for n in names) + "  actions/record")
    for game in args.games:
        p = parts(game, args.records, args.repeat)
        print(f"{game:16}" + " ".join(f"{p[n]:10.3f}" for n in names) + f"  {p['actions per record']:.0f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
