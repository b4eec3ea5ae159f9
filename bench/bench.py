"""Benchmark: decode and verify speed, and file sizes, on a simulated tournament of one game.

Run from the repository root::

    python bench/bench.py [--games N] [--players P] [--seed S] [--repeat R] [--json]

One run generates a tournament with :func:`gamerec.bots.simulate` (not timed), encodes
it in memory as binary, JSON Lines and pretty JSON, then times, each ``--repeat`` times:

- decode: every record read from the binary bytes (:func:`gamerec.format.read.read_bytes`);
- decode + verify: :func:`gamerec.checking.verdicts.verify_entries` over ``read_bytes`` (what
  ``gamerec validate`` does);
- verify only: ``verify_entries`` over records decoded beforehand;
- decode JSON Lines: every record read from the JSON Lines bytes, for comparison.

It reports the best (min) and median of the runs, and checks the aims of the project:
verification (decode + verify, median) under 3 microseconds per recorded action, and the
binary form under a third of the size of the JSON form (compact JSON Lines). See
bench/README.md for what each number means.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import json
import os
import platform
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import msgspec

import gamerec
from gamerec.bots import simulate
from gamerec.checking.verdicts import verify_entries, verify_record
from gamerec.format.read import Entry, read_bytes
from gamerec.format.write import encode_records
from gamerec.games import GAMES, get_game
from gamerec.record import Claim, Record

GAME = "blackball"  # the default game
#: Aim: verification (decode + verify, median run) under this many microseconds per action.
AIM_VERIFY_US_PER_ACTION = 3.0
#: Aim: the binary form under this fraction of the size of the JSON form (JSON Lines).
AIM_SIZE_RATIO = 1 / 3

__all__ = ["main", "run_bench"]


# -- the machine ----------------------------------------------------------------------------
def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, else what :mod:`platform` says."""
    with contextlib.suppress(OSError), open("/proc/cpuinfo", encoding="utf-8", errors="replace") as f:
        for line in f:
            key, sep, value = line.partition(":")
            if sep and key.strip() == "model name":
                return value.strip()
    return platform.processor() or platform.machine() or "unknown"


@contextlib.contextmanager
def pinned(enabled: bool) -> Iterator[dict[str, Any]]:
    """Pin this process to CPU 0 while the block runs, where the OS allows it; the
    previous affinity is restored afterwards. Yields what was done."""
    info: dict[str, Any] = {"pinned": False, "cpu": None, "note": ""}
    setaff = getattr(os, "sched_setaffinity", None)
    getaff = getattr(os, "sched_getaffinity", None)
    if not enabled:
        info["note"] = "not pinned (--no-pin)"
        yield info
        return
    if setaff is None or getaff is None:
        info["note"] = "not pinned (os.sched_setaffinity is not available on this platform)"
        yield info
        return
    before = getaff(0)
    cpu = 0 if 0 in before else min(before)
    try:
        setaff(0, {cpu})
    except OSError as e:
        info["note"] = f"not pinned (sched_setaffinity failed: {e.strerror or e})"
        yield info
        return
    info.update(pinned=True, cpu=cpu, note=f"pinned to CPU {cpu} with os.sched_setaffinity")
    try:
        yield info
    finally:
        with contextlib.suppress(OSError):
            setaff(0, before)


# -- the tournament -------------------------------------------------------------------------
def tournament(games: int, players: int, seed: int, bot: str, claims: bool, game: str = GAME) -> list[Record]:
    """Simulated records; with ``claims`` each carries its true result as a claim, as a
    table's score sheet would, so verification also compares the claimed scores."""
    records = list(simulate(game, players, games, seed, bot=bot, event="bench"))
    if claims:
        for r in records:
            sheet = verify_record(r).scores
            assert sheet is not None
            r.claim = Claim(deals=sheet.deals, totals=sheet.totals)
    return records


# -- timing ---------------------------------------------------------------------------------
def timed(fn: Callable[[], Any], repeat: int) -> tuple[list[float], Any]:
    """The seconds each of ``repeat`` runs of ``fn`` took, and the last run's result.
    The garbage collector stays on (as in real use) but is emptied before every run."""
    runs = []
    result = None
    for _ in range(repeat):
        gc.collect()
        t0 = time.perf_counter()
        result = fn()
        runs.append(time.perf_counter() - t0)
    return runs, result


def decode_all(data: bytes) -> int:
    """Read every record of ``data``; the number read (a FormatError is a bench bug)."""
    count = 0
    for entry in read_bytes(data, "bench"):
        if entry.record is None:
            raise RuntimeError(f"bench data unreadable: {entry.where}: {entry.error}")
        count += 1
    return count


def verify_all(entries: Iterator[Entry] | Sequence[Entry]) -> Counter[str]:
    """The verdicts of every entry, counted by status."""
    counts: Counter[str] = Counter()
    for verdict in verify_entries(entries):
        counts[verdict.status] += 1
    return counts


def stats(runs: list[float], games: int, actions: int) -> dict[str, Any]:
    best = min(runs)
    median = statistics.median(runs)
    return {
        "runs_s": [round(r, 6) for r in runs],
        "best_s": best,
        "median_s": median,
        "games_per_s": games / best,
        "games_per_s_median": games / median,
        "us_per_action": best / actions * 1e6,
        "us_per_action_median": median / actions * 1e6,
    }


# -- the benchmark --------------------------------------------------------------------------
def run_bench(
    games: int = 2000,
    players: int = 4,
    seed: int = 1,
    repeat: int = 5,
    bot: str = "smart",
    claims: bool = True,
    pin: bool = True,
    progress: Callable[[str], None] | None = None,
    game: str = GAME,
) -> dict[str, Any]:
    """Run the whole benchmark and return its report (what ``--json`` prints)."""
    say = progress or (lambda _msg: None)
    # the 1-minute load average when the run starts: other work on the machine skews timings
    load_before = round(os.getloadavg()[0], 2) if hasattr(os, "getloadavg") else None
    with pinned(pin) as pin_info:
        say(f"generating {games} games of {game} for {players} players (seed {seed}, {bot} bots)...")
        t0 = time.perf_counter()
        records = tournament(games, players, seed, bot, claims, game)
        generate_s = time.perf_counter() - t0
        deals = sum(len(r.deals) for r in records)
        actions = sum(r.action_count for r in records)

        say("encoding binary, JSON Lines and JSON...")
        binary = b"".join(encode_records(records, "binary"))
        jsonl = b"".join(encode_records(records, "jsonl"))
        pretty_size = sum(len(chunk) for chunk in encode_records(records, "json"))
        del records

        say(f"timing decode ({repeat} runs)...")
        dec_runs, n = timed(lambda: decode_all(binary), repeat)
        if n != games:
            raise RuntimeError(f"decoded {n} records, expected {games}")
        say(f"timing decode + verify ({repeat} runs)...")
        ver_runs, verdicts = timed(lambda: verify_all(read_bytes(binary, "bench")), repeat)
        entries = list(read_bytes(binary, "bench"))
        say(f"timing verify only ({repeat} runs)...")
        only_runs, verdicts_only = timed(lambda: verify_all(entries), repeat)
        entries.clear()
        say(f"timing decode of JSON Lines ({repeat} runs)...")
        jsonl_runs, n_jsonl = timed(lambda: decode_all(jsonl), repeat)
        if n_jsonl != games:
            raise RuntimeError(f"decoded {n_jsonl} JSON Lines records, expected {games}")

    decode = stats(dec_runs, games, actions)
    decode["records_per_s"] = decode["games_per_s"]
    decode["mb_per_s"] = len(binary) / decode["best_s"] / 1e6
    verify = stats(ver_runs, games, actions)
    verify["x_decode"] = verify["best_s"] / decode["best_s"]
    verify["x_decode_median"] = verify["median_s"] / decode["median_s"]
    verify_only = stats(only_runs, games, actions)
    decode_jsonl = stats(jsonl_runs, games, actions)
    decode_jsonl["records_per_s"] = decode_jsonl["games_per_s"]
    decode_jsonl["x_binary"] = decode_jsonl["best_s"] / decode["best_s"]

    ratio_jsonl = len(binary) / len(jsonl)
    ratio_json = len(binary) / pretty_size
    us = verify["us_per_action_median"]
    return {
        "config": {
            "game": game,
            "games": games,
            "players": players,
            "seed": seed,
            "bot": bot,
            "claims": claims,
            "repeat": repeat,
        },
        "machine": {
            "python": platform.python_version(),
            "implementation": platform.python_implementation(),
            "platform": platform.platform(),
            "cpu": cpu_model(),
            "cores": os.cpu_count(),
            "pinned": pin_info["pinned"],
            "pinned_cpu": pin_info["cpu"],
            "pin_note": pin_info["note"],
            "load_avg_1min": load_before,
            "gamerec": gamerec.__version__,
            "msgspec": msgspec.__version__,
        },
        "tournament": {
            "games": games,
            "deals": deals,
            "actions": actions,
            "actions_per_game": actions / games,
            "generate_s": generate_s,
        },
        "sizes": {
            "binary_bytes": len(binary),
            "jsonl_bytes": len(jsonl),
            "json_bytes": pretty_size,
            "binary_per_game": len(binary) / games,
            "jsonl_per_game": len(jsonl) / games,
            "json_per_game": pretty_size / games,
            "binary_per_action": len(binary) / actions,
            "ratio_binary_jsonl": ratio_jsonl,
            "ratio_binary_json": ratio_json,
        },
        "timings": {
            "decode": decode,
            "verify": verify,
            "verify_only": verify_only,
            "decode_jsonl": decode_jsonl,
        },
        "verdicts": dict(verdicts),
        "verdicts_verify_only": dict(verdicts_only),
        "aims": {
            "verify_us_per_action": {
                "measure": "decode + verify, median run, microseconds per recorded action",
                "value": us,
                "limit": AIM_VERIFY_US_PER_ACTION,
                "pass": us < AIM_VERIFY_US_PER_ACTION,
            },
            "binary_size_ratio": {
                "measure": "binary bytes / JSON Lines bytes",
                "value": ratio_jsonl,
                "limit": AIM_SIZE_RATIO,
                "pass": ratio_jsonl < AIM_SIZE_RATIO,
            },
        },
    }


# -- the report -----------------------------------------------------------------------------
def text_report(rep: dict[str, Any]) -> str:
    cfg, m, t, s, tm = rep["config"], rep["machine"], rep["tournament"], rep["sizes"], rep["timings"]
    claims = "with claimed results" if cfg["claims"] else "without claims"
    lines = [
        f"gamerec {m['gamerec']} benchmark: {cfg['games']} games of {cfg['game']}, {cfg['players']} players "
        f"(seed {cfg['seed']}, {cfg['bot']} bots, {claims})",
        f"  {t['deals']} deals, {t['actions']} actions ({t['actions_per_game']:.1f} per game); "
        f"generated in {t['generate_s']:.1f} s (not measured)",
        f"machine: {m['implementation']} {m['python']}, msgspec {m['msgspec']}, {m['cpu']}, "
        f"{m['cores']} cores, {m['platform']}",
        f"pinned: {'yes' if m['pinned'] else 'no'} ({m['pin_note']}); "
        f"load average at start: {m['load_avg_1min']}",
        f"timings: best and median of {cfg['repeat']} runs (time.perf_counter)",
        "",
        f"{'':24}{'best ms':>10}{'median ms':>11}{'games/s':>10}{'us/action':>11}{'(median)':>10}",
    ]
    rows = [
        ("decode (binary)", tm["decode"]),
        ("decode + verify", tm["verify"]),
        ("verify only", tm["verify_only"]),
        ("decode (JSON Lines)", tm["decode_jsonl"]),
    ]
    for name, d in rows:
        lines.append(
            f"{name:24}{d['best_s'] * 1e3:10.1f}{d['median_s'] * 1e3:11.1f}{d['games_per_s']:10.0f}"
            f"{d['us_per_action']:11.3f}{d['us_per_action_median']:10.3f}"
        )
    v, dj = tm["verify"], tm["decode_jsonl"]
    lines += [
        "",
        f"decode: {tm['decode']['records_per_s']:.0f} records/s, "
        f"{tm['decode']['mb_per_s']:.1f} MB/s of binary",
        f"decode + verify = {v['x_decode']:.1f} x decode time (median runs: {v['x_decode_median']:.1f} x)",
        f"decode of JSON Lines = {dj['x_binary']:.1f} x decode of binary",
        "",
        f"{'bytes per game':24}{'binary':>10}{'JSON Lines':>12}{'JSON':>10}",
        f"{'':24}{s['binary_per_game']:10.0f}{s['jsonl_per_game']:12.0f}{s['json_per_game']:10.0f}",
        f"binary / JSON Lines = {s['ratio_binary_jsonl']:.3f}; binary / pretty JSON = "
        f"{s['ratio_binary_json']:.3f}; binary {s['binary_per_action']:.2f} bytes per action",
        "",
        "verdicts: " + ", ".join(f"{k} {n}" for k, n in sorted(rep["verdicts"].items())),
        "",
        "aims:",
    ]
    a = rep["aims"]["verify_us_per_action"]
    lines.append(
        f"  {'PASS' if a['pass'] else 'FAIL'}  verification under {a['limit']:g} us per action: "
        f"{a['value']:.3f} us ({a['measure']})"
    )
    a = rep["aims"]["binary_size_ratio"]
    lines.append(
        f"  {'PASS' if a['pass'] else 'FAIL'}  binary under 1/3 of the JSON size: "
        f"{a['value']:.3f} ({a['measure']})"
    )
    return "\n".join(lines)


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, not {value}")
    return value


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="bench.py",
        description="Time decoding and verification of a simulated tournament of one game and "
        "compare the sizes of its binary and JSON forms.",
    )
    p.add_argument("--game", choices=sorted(GAMES), default=GAME, help=f"the game (default {GAME})")
    p.add_argument("--games", type=_positive, default=2000, help="games in the tournament (default 2000)")
    p.add_argument("--players", type=int, default=4, help="players per game (default 4)")
    p.add_argument("--seed", type=int, default=1, help="seed of the simulation (default 1)")
    p.add_argument("--repeat", type=_positive, default=5, help="timed runs of each measurement (default 5)")
    p.add_argument("--bot", choices=["random", "smart"], default="smart", help="the bots (default smart)")
    p.add_argument(
        "--no-claims",
        dest="claims",
        action="store_false",
        help="leave the records without claimed results (as simulate writes them)",
    )
    p.add_argument("--no-pin", dest="pin", action="store_false", help="do not pin the process to one CPU")
    p.add_argument("--json", action="store_true", help="print the report as JSON (for machines)")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the report; 1 if some record did not verify as valid
    (the numbers would then measure the wrong path), else 0."""
    p = parser()
    args = p.parse_args(argv)
    game = get_game(args.game)
    if not game.min_players <= args.players <= game.max_players:
        p.error(f"--players: {args.game} is for {game.min_players} to {game.max_players} players")
    rep = run_bench(
        game=args.game,
        games=args.games,
        players=args.players,
        seed=args.seed,
        repeat=args.repeat,
        bot=args.bot,
        claims=args.claims,
        pin=args.pin,
        progress=lambda msg: print(msg, file=sys.stderr, flush=True),
    )
    if args.json:
        print(json.dumps(rep, indent=2))
    else:
        print(text_report(rep))
    bad = {k: n for k, n in rep["verdicts"].items() if k != "valid"}
    if bad:
        print(f"bench.py: some records did not verify as valid: {bad}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
