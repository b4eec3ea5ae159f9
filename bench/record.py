"""The recorder's CPU per entered action, by how long the game is so far (issue 13's aim:
flat in game length, at most 1 ms per action at 500 actions).

A game is recorded through the library as ``gamerec record`` does it (``Recorder``, hands
dealt from a seed, each action chosen among the legal ones and entered as text, each step
journaled), and the process CPU time of every ``enter`` is kept. The report gives the mean
CPU per action around each of ``--at`` (the 20 actions ending there), and the ratio of the
last to the first (1 is flat; quadratic recording grows with the game). The same seeded
game is recorded ``--repeat`` times and each action keeps its least CPU time, so that a
busy spell on a shared machine does not pass for growth.

    python bench/record.py                     # black-swan-2012, 2 players, at 50 200 500
    python bench/record.py --game blackball --players 7 --at 50 200 400 --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamerec import compiled
from gamerec.recorder import Recorder

WINDOW = 20


def record_game(game: str, players: int, rules: dict[str, object], seed: int, upto: int) -> list[float]:
    """CPU seconds of each entered action, up to ``upto`` actions (or the game's end)."""
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    costs: list[float] = []
    with tempfile.TemporaryDirectory() as folder:
        rec = Recorder.start(Path(folder) / "bench.journal", game, names, rules, hands="seed", seed=seed)
        try:
            while len(costs) < upto:
                status = rec.status()
                if status == "over":
                    break
                if status == "deal":
                    rec.deal_from_seed()
                    continue
                action = rng.choice(rec.legal())
                start = time.process_time()
                rec.enter(action)
                costs.append(time.process_time() - start)
        finally:
            rec.close()
    return costs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="black-swan-2012")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--rule", action="append", default=[], help="KEY=VALUE (JSON value)")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--at", type=int, nargs="+", default=[50, 200, 500])
    parser.add_argument("--repeat", type=int, default=3, help="records of the game; each action's least CPU")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    rules: dict[str, object] = {}
    for pair in args.rule:
        key, _, value = pair.partition("=")
        rules[key] = json.loads(value)
    if args.game == "black-swan-2012" and "target" not in rules:
        rules["target"] = 2000  # long enough for 500 actions
    runs = [record_game(args.game, args.players, rules, args.seed, max(args.at)) for _ in range(args.repeat)]
    costs = [min(times) for times in zip(*runs, strict=True)]
    points = {}
    for at in args.at:
        if at > len(costs):
            continue
        window = costs[max(0, at - WINDOW) : at]
        points[at] = sum(window) / len(window) * 1e3
    report = {
        "engines": "compiled" if compiled() else "pure Python",
        "game": args.game,
        "players": args.players,
        "actions": len(costs),
        "repeat": args.repeat,
        "ms per action": points,
        "growth": (points[max(points)] / points[min(points)]) if len(points) > 1 else None,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(f"engines: {report['engines']}; {args.game}, {args.players} players, {len(costs)} actions recorded")
    for at, ms in points.items():
        print(f"  CPU per entered action around action {at}: {ms:.3f} ms")
    if report["growth"] is not None:
        print(f"  last / first: {report['growth']:.2f} (1 is flat)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
