"""The environments' speed: steps per second of a PettingZoo environment of each game
(``gamerec.env``, masked random agents, each step's observation made as ``env.last()``
makes it) against ``simulate``'s actions per second with the random bot, CPU time
(``time.process_time``) in the same run (the aim: an environment's step at most 3x an
action of simulate). Both the unwrapped environment (``raw_env``: gamerec's part) and the
wrapped one (``env``: PettingZoo's wrappers, as its classic games have them) are timed;
``--profile`` splits the wrapped run's time between PettingZoo and gymnasium's code,
gamerec's and numpy's (cProfile's own time per function, by the file it is in).

    python bench/env.py                        # 50 games of 2 players a game
    python bench/env.py --games 200 --players 4 --json
    python bench/env.py --game blackball --profile

Needs the ``env`` extra (``pip install 'gamerec[env]'``). The exit code is 0 (a missed aim
does not change it).
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import random
import sys
import time
from typing import Any

import numpy as np

from gamerec.bots import simulate
from gamerec.env import env, env_games, raw_env

#: the aim: an environment step at most this many times an action of simulate
AIM = 3.0


def simulate_rate(game: str, players: int, games: int, seed: int) -> tuple[float, int]:
    """simulate's actions per CPU second with the random bot, and the actions played."""
    t0 = time.process_time()
    records = list(simulate(game, players, games, seed, bot="random"))
    spent = time.process_time() - t0
    actions = sum(len(d.actions) for r in records for d in r.deals)
    return actions / spent, actions


def play(e: Any, games: int, seed: int) -> int:
    """``games`` episodes of masked random agents; the steps played."""
    rng = random.Random(seed)
    steps = 0
    for i in range(games):
        e.reset(seed=seed + i)
        for _agent in e.agent_iter():
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            e.step(int(legal[rng.randrange(len(legal))]))
            steps += 1
    return steps


def env_rate(make: Any, game: str, players: int, games: int, seed: int) -> tuple[float, int]:
    """An environment's steps per CPU second, and the steps played."""
    e = make(game, players)
    t0 = time.process_time()
    steps = play(e, games, seed)
    return steps / (time.process_time() - t0), steps


def profile(game: str, players: int, games: int, seed: int) -> dict[str, float]:
    """The wrapped environment's CPU time by whose code ran it (seconds, cProfile's own time
    per function; cProfile's overhead included)."""
    e = env(game, players)
    prof = cProfile.Profile()
    prof.enable()
    play(e, games, seed)
    prof.disable()
    parts = {"pettingzoo": 0.0, "gymnasium": 0.0, "gamerec": 0.0, "numpy": 0.0, "other": 0.0}
    for (path, _, _), (_, _, own, _, _) in pstats.Stats(prof).stats.items():  # type: ignore[attr-defined]
        for name in ("pettingzoo", "gymnasium", "gamerec", "numpy"):
            if f"/{name}/" in path:
                parts[name] += own
                break
        else:
            parts["other"] += own
    return {k: round(v, 3) for k, v in parts.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", action="append", help="a game (repeatable; default: every game)")
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"games": args.games, "players": args.players, "aim": AIM, "results": {}}
    for game in args.game or env_games():
        sim, actions = simulate_rate(game, args.players, args.games, args.seed)
        raw, _ = env_rate(raw_env, game, args.players, args.games, args.seed)
        wrapped, steps = env_rate(env, game, args.players, args.games, args.seed)
        row: dict[str, Any] = {
            "simulate actions/s": round(sim),
            "raw_env steps/s": round(raw),
            "env steps/s": round(wrapped),
            "raw_env overhead": round(sim / raw, 2),
            "env overhead": round(sim / wrapped, 2),
            "actions": actions,
            "steps": steps,
        }
        if args.profile:
            row["env profile (s)"] = profile(game, args.players, args.games, args.seed)
        report["results"][game] = row
        if not args.json:
            print(f"{game}: " + ", ".join(f"{k} {v}" for k, v in row.items()), file=sys.stderr)
    if args.json:
        print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
