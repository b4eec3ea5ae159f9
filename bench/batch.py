"""Batch benchmark: ``gamerec validate`` as a user runs it, on large files of every game.

Run from the repository root::

    python bench/batch.py [--records N] [--base B] [--runs R] [--games g1,g2] [--json]

For each game it writes one binary file of N records (B simulated games, each repeated
under different player names, so every record is a distinct game with a real length),
then, each R times, and reporting the median:

- ``validate``: the command ``gamerec validate --jobs 1 FILE`` in a new process, start-up
  included, in microseconds per recorded action;
- ``decode``: the same process reading and decoding every record and nothing else (the
  floor under validate);
- ``jobs 2``: ``gamerec validate --jobs 2 FILE``, and its speed-up over ``--jobs 1``;
- peak memory (max RSS) of ``validate`` on the file, and on a file 3 times larger when
  ``--rss-scale`` is given;
- bytes per game in binary and in compact JSON Lines;
- python-chess (when installed): its PGN reader (parse and legality check of every move)
  over generated games, in microseconds per move, and gamerec's advantage per action.

Nothing here is a test: the numbers are printed (``--json`` for machines) and judged
against the aims of the issue in the last lines.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import msgspec

import gamerec
from gamerec.bots import simulate
from gamerec.format.read import read_file
from gamerec.format.write import encode_records
from gamerec.games import GAMES
from gamerec.record import Record

PLAYERS = {"blackball": 4, "black-swan-2012": 4, "black-swan-taroc": 4, "forest": 4}
# the installed command beside this Python, as a user runs it; ``-P`` keeps the current
# folder (a source checkout) off the import path, so the timed gamerec is the installed one
_SCRIPT = Path(sys.executable).parent / "gamerec"
CLI = (
    [str(_SCRIPT)]
    if _SCRIPT.exists()
    else [sys.executable, "-P", "-c", "from gamerec.cli import main; main()"]
)
DECODE = [
    sys.executable,
    "-P",
    "-c",
    "import sys\nfrom gamerec.format import read_file\nn = 0\nfor e in read_file(sys.argv[1]):\n    n += 1\n",
]


def records(game: str, total: int, base: int, seed: int) -> Iterator[Record]:
    """``total`` distinct records of ``game``: ``base`` simulated games, each repeated
    under other player names (names are part of a game's content)."""
    games = list(simulate(game, PLAYERS[game], base, seed))
    for i in range(total):
        r = games[i % base]
        k = i // base
        yield msgspec.structs.replace(r, players=[f"P{k}-{s}" for s in range(len(r.players))])


def timed(cmd: Sequence[str]) -> tuple[float, int, int]:
    """Wall seconds, exit code and peak RSS (KiB) of a command run to its end."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    seconds = time.perf_counter() - t0
    proc.returncode = os.waitstatus_to_exitcode(status)
    return seconds, proc.returncode, usage.ru_maxrss


def median_run(cmd: Sequence[str], runs: int) -> dict[str, Any]:
    got = [timed(cmd) for _ in range(runs)]
    codes = {c for _, c, _ in got}
    return {
        "median_s": statistics.median(s for s, _, _ in got),
        "best_s": min(s for s, _, _ in got),
        "exit": sorted(codes),
        "max_rss_kib": max(r for _, _, r in got),
    }


def chess_per_move(games: int, plies: int, seed: int, runs: int) -> dict[str, Any] | None:
    """python-chess's PGN reader over random legal games: seconds per move (median run)."""
    try:
        import io

        import chess
        import chess.pgn
    except ImportError:
        return None
    rng = random.Random(seed)
    texts = []
    moves = 0
    for _ in range(games):
        board = chess.Board()
        game = chess.pgn.Game()
        node: Any = game
        for _ in range(plies):
            legal = list(board.legal_moves)
            if not legal or board.is_game_over():
                break
            move = rng.choice(legal)
            node = node.add_variation(move)
            board.push(move)
            moves += 1
        texts.append(str(game))
    pgn = "\n\n".join(texts)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        handle = io.StringIO(pgn)
        n = 0
        while (g := chess.pgn.read_game(handle)) is not None:
            n += 1
            assert not g.errors
        times.append(time.perf_counter() - t0)
    return {
        "games": games,
        "moves": moves,
        "median_s": statistics.median(times),
        "us_per_move": statistics.median(times) / moves * 1e6,
        "version": chess.__version__,
    }


def run(args: argparse.Namespace) -> dict[str, Any]:
    games = args.games.split(",") if args.games else sorted(GAMES)
    say = (lambda m: None) if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True))
    report: dict[str, Any] = {
        "config": {"records": args.records, "base": args.base, "runs": args.runs, "seed": args.seed},
        "machine": {"python": sys.version.split()[0], "cpus": os.cpu_count()},
        "engines": "compiled" if gamerec.compiled() else "pure Python",
        "games": {},
    }
    with tempfile.TemporaryDirectory() as tmp:
        for game in games:
            say(f"{game}: writing {args.records} records...")
            path = Path(tmp) / f"{game}.grec"
            with open(path, "wb") as f:
                for chunk in encode_records(records(game, args.records, args.base, args.seed), "binary"):
                    f.write(chunk)
            actions = sum(e.record.action_count for e in read_file(path) if e.record is not None)
            sample = list(simulate(game, PLAYERS[game], min(args.base, 200), args.seed))
            binary = sum(len(c) for c in encode_records(sample, "binary")) - 12
            compact = sum(len(c) for c in encode_records(sample, "jsonl"))
            say(f"{game}: timing validate, decode and --jobs 2 ({args.runs} runs each)...")
            one = median_run([*CLI, "validate", "--jobs", "1", str(path)], args.runs)
            floor = median_run([*DECODE, str(path)], args.runs)
            two = median_run([*CLI, "validate", "--jobs", "2", str(path)], args.runs)
            entry: dict[str, Any] = {
                "records": args.records,
                "actions": actions,
                "validate": one,
                "decode": floor,
                "jobs2": two,
                "us_per_action": one["median_s"] / actions * 1e6,
                "decode_us_per_action": floor["median_s"] / actions * 1e6,
                "jobs2_speedup": one["median_s"] / two["median_s"],
                "bytes_per_game_binary": binary / len(sample),
                "bytes_per_game_jsonl": compact / len(sample),
                "binary_over_jsonl": binary / compact,
            }
            if args.rss_scale:
                big = Path(tmp) / f"{game}-x{args.rss_scale}.grec"
                with open(big, "wb") as f:
                    for chunk in encode_records(
                        records(game, args.records * args.rss_scale, args.base, args.seed), "binary"
                    ):
                        f.write(chunk)
                say(f"{game}: peak memory on {args.records * args.rss_scale} records...")
                entry["validate_scaled"] = median_run([*CLI, "validate", "--jobs", "1", str(big)], 1)
                big.unlink()
            report["games"][game] = entry
            path.unlink()
    say("python-chess: timing its PGN reader...")
    report["chess"] = chess_per_move(args.chess_games, 80, args.seed, args.runs)
    return report


def text(report: dict[str, Any]) -> str:
    lines = [
        f"gamerec batch benchmark: {report['config']['records']} records a game, median of "
        f"{report['config']['runs']} runs; {report['engines']} engines; "
        f"Python {report['machine']['python']}, {report['machine']['cpus']} cpus",
        "",
        f"{'game':18} {'actions':>10} {'validate s':>10} {'us/action':>9} {'decode us':>9} {'jobs2 x':>7} "
        f"{'RSS MiB':>8} {'B/game':>7} {'bin/json':>8}",
    ]
    chess = report.get("chess")
    for game, e in report["games"].items():
        lines.append(
            f"{game:18} {e['actions']:>10} {e['validate']['median_s']:>10.2f} {e['us_per_action']:>9.3f} "
            f"{e['decode_us_per_action']:>9.3f} {e['jobs2_speedup']:>7.2f} "
            f"{e['validate']['max_rss_kib'] / 1024:>8.1f} {e['bytes_per_game_binary']:>7.0f} "
            f"{e['binary_over_jsonl']:>8.3f}"
        )
        if "validate_scaled" in e:
            s = e["validate_scaled"]
            lines.append(f"{'':18} peak RSS at {e['records']}x scale: {s['max_rss_kib'] / 1024:.1f} MiB")
    if chess:
        lines.append("")
        lines.append(
            f"python-chess {chess['version']}: {chess['moves']} moves in {chess['games']} games, "
            f"{chess['us_per_move']:.2f} us per move (PGN parse and legality check)"
        )
    lines.append("")
    lines.append("aims:")
    for game, e in report["games"].items():
        us = e["us_per_action"]
        lines.append(f"  {'PASS' if us < 2 else 'FAIL'}  {game}: under 2 us per action: {us:.3f}")
        if chess:
            x = chess["us_per_move"] / us
            lines.append(f"  {'PASS' if x >= 12 else 'FAIL'}  {game}: 12x python-chess per move: {x:.1f}x")
        lines.append(
            f"  {'PASS' if e['binary_over_jsonl'] < 1 / 3 else 'FAIL'}  {game}: binary under a third of "
            f"JSON: {e['binary_over_jsonl']:.3f}"
        )
        lines.append(
            f"  {'PASS' if e['jobs2_speedup'] >= 1.5 else 'FAIL'}  {game}: --jobs 2 1.5x --jobs 1: "
            f"{e['jobs2_speedup']:.2f}x"
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="batch.py", description=__doc__.split("\n\n")[0] if __doc__ else None)
    p.add_argument("--records", type=int, default=100_000, help="records per game file (default 100000)")
    p.add_argument(
        "--base", type=int, default=1000, help="distinct simulated games behind them (default 1000)"
    )
    p.add_argument("--runs", type=int, default=3, help="runs of each timing (default 3)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", default="", help="comma-separated game ids (default all)")
    p.add_argument("--rss-scale", type=int, default=0, help="also measure peak RSS on a file N times larger")
    p.add_argument("--chess-games", type=int, default=300, help="python-chess games to read (default 300)")
    p.add_argument("--json", action="store_true")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    report = run(args)
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
