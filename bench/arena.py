"""Arena speed: ``gamerec arena``'s work (the two shipped bots, smart and random, at tables
of 2: both seat orders, the games written as JSON Lines, then every record checked, rated
and added up) in CPU time and games per second for each game, beside ``simulate`` of the
same number of games by the same two bots in the same run (encoded as the same JSON Lines).

    python bench/arena.py                      # 1,000 games a game (500 at each table)
    python bench/arena.py --games 200 --jobs 2 --json
    python bench/arena.py --game forest

CPU time is this process's (``time.process_time``) plus, with ``--jobs`` above 1, the
worker processes' (``os.times``: children's user and system time, counted once they have
been waited for, which the arena does as it ends); wall time beside it. Each measurement is
the best of ``--repeat`` runs. The build is said first (``gamerec.version.compiled``: the
rules engines and bots compiled with mypyc, or plain Python). The exit code is 0.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from gamerec.bots import simulate
from gamerec.bots.arena import arena_plan, run_arena
from gamerec.format.write import encode_records
from gamerec.games import GAMES
from gamerec.version import __version__, compiled


def cpu() -> float:
    """CPU seconds of this process and of its children waited for."""
    t = os.times()
    return time.process_time() + t.children_user + t.children_system


def best_of(repeat: int, work: Callable[[], object]) -> tuple[float, float]:
    """The least CPU time and the least wall time of ``repeat`` runs of ``work``."""
    best_cpu = best_wall = float("inf")
    for _ in range(repeat):
        c0, w0 = cpu(), time.perf_counter()
        work()
        best_cpu = min(best_cpu, cpu() - c0)
        best_wall = min(best_wall, time.perf_counter() - w0)
    return best_cpu, best_wall


def play_arena(game: str, games: int, jobs: int, seed: int) -> int:
    """One arena of smart and random: ``games`` games in all (half at each seat order)."""
    plan = arena_plan(game, ["smart", "random"], players=2, games=games // 2, seed=seed)
    folder = tempfile.mkdtemp(prefix="gamerec-bench-arena-")
    try:
        result = run_arena(plan, folder, jobs=jobs)
    finally:
        shutil.rmtree(folder)
    return result.played


def play_simulate(game: str, games: int, seed: int) -> int:
    """``games`` simulated games of smart against random, encoded as JSON Lines."""
    records = simulate(game, 2, games, seed, bot=["smart", "random"])
    return sum(1 for _ in encode_records(records, "jsonl"))


def measure(game: str, games: int, jobs: int, repeat: int) -> dict[str, Any]:
    """One game: the arena's and simulate's CPU and wall seconds, games per second, ratio."""
    played = play_arena(game, games, jobs, 1)
    arena_cpu, arena_wall = best_of(repeat, lambda: play_arena(game, games, jobs, 1))
    sim_cpu, sim_wall = best_of(repeat, lambda: play_simulate(game, played, 1))
    return {
        "game": game,
        "games": played,
        "jobs": jobs,
        "arena cpu s": arena_cpu,
        "arena wall s": arena_wall,
        "arena games/s (cpu)": played / arena_cpu,
        "simulate cpu s": sim_cpu,
        "simulate wall s": sim_wall,
        "simulate games/s (cpu)": played / sim_cpu,
        "arena / simulate (cpu)": arena_cpu / sim_cpu,
    }


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000, help="games a game, all tables (default 1000)")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the arena (default 1)")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 2:
        parser.error("--games: 2 or more (one at each seat order)")
    build = f"gamerec {__version__}, {'compiled' if compiled() else 'plain'} build"
    rows = []
    for game in args.game or list(GAMES):
        print(f"{game}...", file=sys.stderr)
        rows.append(measure(game, args.games, args.jobs, args.repeat))
    report = {"build": build, "rows": rows}
    if args.json:
        print(json.dumps(report, indent=2))
        return report
    print(build)
    head = ("game", "games", "jobs", "arena cpu s", "wall s", "games/s", "simulate cpu s", "games/s", "ratio")
    print(f"{head[0]:18} {head[1]:>6} {head[2]:>4} {head[3]:>11} {head[4]:>7} {head[5]:>8} "
          f"{head[6]:>14} {head[7]:>8} {head[8]:>6}")  # fmt: skip
    for r in rows:
        print(
            f"{r['game']:18} {r['games']:6} {r['jobs']:4} {r['arena cpu s']:11.2f} {r['arena wall s']:7.2f} "
            f"{r['arena games/s (cpu)']:8.0f} {r['simulate cpu s']:14.2f} {r['simulate games/s (cpu)']:8.0f} "
            f"{r['arena / simulate (cpu)']:6.2f}"
        )
    return report


if __name__ == "__main__":
    main()
    sys.exit(0)
