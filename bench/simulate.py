"""Simulation speed: ``gamerec simulate``'s work (bots choosing every action of a game,
binary records written) in microseconds per action, for each game and bot, beside the
verification of the same records in the same run (issue 19's aims: the random bot at most
5 us per action in the plain build, the smart bot at most 3x the random one).

    python bench/simulate.py                       # 200 games of 4 players a game and bot
    python bench/simulate.py --games 50 --repeat 3 --json
    python bench/simulate.py --game black-swan-2012 --cold

Each measurement is the best of ``--repeat`` runs (the least disturbed on a shared
machine): ``simulate`` is the API the command calls, each record encoded as binary as the
command writes it; ``validate`` is :func:`gamerec.checking.verdicts.verify_entries` over the decoded
records' bytes, what ``gamerec validate`` does; their ratio does not depend on the load.
The runs repeat the same seed in one process, so the bots' tables (black-swan-2012 keeps
its suits' plays in tables by their cards) are full after the first; with ``--cold`` each
simulate run is in a fresh process, with a seed of its own (1, 2, ...), as a user's
``gamerec simulate`` starts (the import not timed).
The exit code is 0 (a missed aim does not change it).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_entries
from gamerec.format.read import read_bytes
from gamerec.format.write import encode_records
from gamerec.games import GAMES

#: Aims (issue 19): the random bot's microseconds per action, and smart over random.
AIM_RANDOM_US = 5.0
AIM_SMART_OVER_RANDOM = 3.0


def best_of(repeat: int, work: Callable[[], object]) -> float:
    """The least wall time of ``repeat`` runs of ``work``."""
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - t0)
    return best


def generate(game: str, bot: str, games: int, players: int, seed: int) -> bytes:
    """The binary records ``gamerec simulate`` writes."""
    return b"".join(encode_records(simulate(game, players, games, seed, bot=bot), "binary"))


def actions_of(data: bytes) -> int:
    records = [e.record for e in read_bytes(data)]
    return sum(len(d.actions) for r in records if r is not None for d in r.deals)


def cold_run(game: str, bot: str, games: int, players: int, seed: int) -> float:
    """Microseconds per action of one simulate run in a fresh process (see ``--child``)."""
    out = subprocess.run(
        [sys.executable, __file__, "--child", game, bot, str(games), str(players), str(seed)],
        capture_output=True,
        text=True,
        check=True,
        timeout=3600,
    )
    return float(out.stdout)


def measure(game: str, bot: str, games: int, players: int, repeat: int, cold: bool = False) -> dict[str, Any]:
    """One game and bot: actions, simulate and validate microseconds per action."""
    data = generate(game, bot, games, players, 1)
    actions = actions_of(data)
    if cold:
        sim = min(cold_run(game, bot, games, players, seed) for seed in range(1, repeat + 1)) * actions / 1e6
    else:
        sim = best_of(repeat, lambda: generate(game, bot, games, players, 1))
    check = best_of(repeat, lambda: sum(1 for _ in verify_entries(read_bytes(data))))
    return {
        "game": game,
        "bot": bot,
        "games": games,
        "actions": actions,
        "simulate us/action": sim / actions * 1e6,
        "validate us/action": check / actions * 1e6,
        "simulate / validate": sim / check,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games a game and bot (default 200)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--game", action="append", choices=sorted(GAMES), help="only these games")
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--cold", action="store_true", help="each simulate run in a fresh process, a seed each"
    )
    parser.add_argument(
        "--child", nargs=5, metavar=("GAME", "BOT", "GAMES", "PLAYERS", "SEED"), help=argparse.SUPPRESS
    )
    args = parser.parse_args(argv)
    if args.child:  # one cold run: microseconds per action on stdout
        game, bot, games, players, seed = args.child
        t0 = time.perf_counter()
        data = generate(game, bot, int(games), int(players), int(seed))
        print((time.perf_counter() - t0) / actions_of(data) * 1e6)
        return 0
    rows = []
    for game in args.game or list(GAMES):
        for bot in ("random", "smart"):
            print(f"{game} {bot}...", file=sys.stderr)
            rows.append(measure(game, bot, args.games, args.players, args.repeat, args.cold))
    by = {(r["game"], r["bot"]): r for r in rows}
    for r in rows:
        r["smart / random"] = (
            r["simulate us/action"] / by[(r["game"], "random")]["simulate us/action"]
            if r["bot"] == "smart"
            else None
        )
    if args.json:
        print(json.dumps({"rows": rows, "aims": [AIM_RANDOM_US, AIM_SMART_OVER_RANDOM]}, indent=2))
        return 0
    head = ("game", "bot", "actions", "simulate us", "validate us", "sim/val", "smart/rnd")
    print(f"{head[0]:18} {head[1]:7} {head[2]:>8} {head[3]:>12} {head[4]:>12} {head[5]:>8} {head[6]:>9}")
    for r in rows:
        sr = r["smart / random"]
        print(
            f"{r['game']:18} {r['bot']:7} {r['actions']:8} {r['simulate us/action']:12.2f} "
            f"{r['validate us/action']:12.2f} {r['simulate / validate']:8.2f} "
            f"{'' if sr is None else f'{sr:.2f}':>9}"
        )
    print()
    for r in rows:
        if r["bot"] == "random":
            us = r["simulate us/action"]
            verdict = "PASS" if us <= AIM_RANDOM_US else "FAIL"
            print(f"{verdict}: {r['game']} random bot {us:.2f} us per action (aim: at most {AIM_RANDOM_US})")
        else:
            sr = r["smart / random"]
            verdict = "PASS" if sr <= AIM_SMART_OVER_RANDOM else "FAIL"
            aim = AIM_SMART_OVER_RANDOM
            print(f"{verdict}: {r['game']} smart bot {sr:.2f}x the random bot (aim: at most {aim}x)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
