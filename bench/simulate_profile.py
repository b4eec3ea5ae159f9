"""Where ``simulate``'s time per move goes: per game, for one bot, the time of the loop that
plays every bot game (:func:`gamerec.bots.seating.play_game`) split by what it calls, under
cProfile, and the cost of building each move's Seen measured without the profiler.

It profiles the gamerec the running Python imports: from the repository root, the working
tree with ``PYTHONPATH=$PWD``; an installed build (a compiled one) with ``-P`` from any
folder::

    PYTHONPATH=$PWD python -P bench/simulate_profile.py      # random bot, 100 games of 4 players
    PYTHONPATH=$PWD python -P bench/simulate_profile.py --bot smart --games forest --json
    /tmp/ab/new/bin/python -P bench/simulate_profile.py      # the build installed there

The split. ``simulate(game, --players, --records, --seed, bot=--bot)`` runs once under
:mod:`cProfile`; play_game's cumulative time is divided among its direct callees, each
charged the time spent in it from play_game (pstats' callers): ``seen`` (the game's
``Seats.seen``, building the Seen, itself split into :func:`gamerec.seen.seen_of` (the
shared fields), :func:`gamerec.seen.played` (the cards played) and the rest: the game's own
fields and the Struct), ``offered`` (the legal actions offered), ``bot`` (the bot's
``act``), ``apply`` (the rules' checks of the chosen action), ``deals`` (dealing and
beginning a deal), the loop's other calls and its own time; what simulate spends outside
play_game (making the bots, the records) is given apart. Each share is of the profiled
total, in which cProfile's own cost per call weighs on the parts made of many small
calls.

Without the profiler. The best of ``--repeat`` runs of the same simulate in CPU time, µs
per recorded action; then the same with the game's ``Seats.seen`` replaced by a function
that builds nothing (for bots that do not read what they are shown, such as random): the
difference is what building the Seen costs per action. The records of both runs must be
the same (the SHA-256 of their binary file), else the bot read its Seen and the difference
would measure another game: that game's line then says so and gives no difference (so too
when the bot fails on being shown nothing).
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import hashlib
import json
import pstats
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import gamerec
from gamerec.bots import simulation
from gamerec.errors import BotFault
from gamerec.format.write import encode_records

GAMES = ["blackball", "black-swan-2012", "black-swan-taroc", "forest"]

#: play_game's callees by function name: the part of the move each is
PARTS = {
    "seen": "seen",
    "offered": "offered",
    "act": "bot",
    "apply": "apply",
    "deal": "deals",
    "begin_deal": "deals",
}
#: the order of the parts in the report
ORDER = ["seen", "offered", "bot", "apply", "deals", "loop: other calls", "loop: own"]
#: the Seen's parts, by the name of the function the game's seen calls
SEEN_PARTS = {"seen_of": "seen_of", "played": "played"}

Key = tuple[str, int, str]


def play(game: str, players: int, records: int, seed: int, bot: str) -> list[Any]:
    """simulate's records (through :mod:`gamerec.bots.simulation`, so that
    :func:`nothing_seen` reaches it)."""
    return list(simulation.simulate(game, players, records, seed, bot=bot))


def digest(records: Sequence[Any]) -> str:
    """The SHA-256 of ``records``' binary file without their provenance (which names the
    version), as tests/games/test_simulate_pinned.py takes it."""
    for record in records:
        record.provenance = None
    return hashlib.sha256(b"".join(encode_records(records, "binary"))).hexdigest()


def callees(stats: dict[Key, Any], caller: Key) -> dict[Key, float]:
    """The seconds each function spent when called from ``caller`` (its cumulative time
    from there)."""
    return {key: row[4][caller][3] for key, row in stats.items() if caller in row[4]}


def the(stats: dict[Key, Any], file_end: str, name: str) -> Key:
    """The profiled function ``name`` of the file whose path ends with ``file_end``."""
    found = [k for k in stats if k[2] == name and k[0].replace("\\", "/").endswith(file_end)]
    if len(found) != 1:
        raise SystemExit(f"simulate_profile: {name} of {file_end}: {len(found)} profiled functions, not one")
    return found[0]


def split(stats: dict[Key, Any], game: str) -> dict[str, float]:
    """Seconds per part of the profiled run (:data:`ORDER`, ``seen``'s parts as
    ``seen: NAME``, and ``outside play_game``), and ``total``."""
    loop = the(stats, "gamerec/bots/seating.py", "play_game")
    seen_key = the(stats, f"gamerec/games/{game.replace('-', '_')}/seen.py", "seen")
    parts = dict.fromkeys(ORDER, 0.0)
    for key, seconds in callees(stats, loop).items():
        part = PARTS.get(key[2], "loop: other calls")
        if part == "seen" and key != seen_key:
            part = "loop: other calls"
        parts[part] += seconds
    parts["loop: own"] = stats[loop][2]
    seen_parts = {"seen: seen_of": 0.0, "seen: played": 0.0}
    for key, seconds in callees(stats, seen_key).items():
        if key[2] in SEEN_PARTS:
            seen_parts[f"seen: {SEEN_PARTS[key[2]]}"] += seconds
    seen_parts["seen: the game's fields and the Struct"] = parts["seen"] - sum(seen_parts.values())
    total = sum(row[2] for row in stats.values())  # every function's own time
    return {**parts, **seen_parts, "outside play_game": total - stats[loop][3], "total": total}


def profiled(game: str, players: int, records: int, seed: int, bot: str) -> dict[str, float]:
    """:func:`split` of one profiled run."""
    profile = cProfile.Profile()
    gc.collect()
    profile.enable()
    play(game, players, records, seed, bot)
    profile.disable()
    stats: dict[Key, Any] = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    return split(stats, game)


@contextmanager
def nothing_seen() -> Iterator[None]:
    """Every game's ``Seats.seen`` builds nothing (gives None) while in the block."""
    seats_of = simulation.seats_of

    def blind(game_id: str) -> Any:
        return seats_of(game_id)._replace(seen=_none)

    simulation.seats_of = blind
    try:
        yield
    finally:
        simulation.seats_of = seats_of


def _none(state: Any, seat: int, actions: Any) -> None:
    return None


def best(run: Callable[[], list[Any]], repeat: int) -> tuple[float, list[Any]]:
    """The least CPU seconds of ``repeat`` runs of ``run`` (after one untimed run), and the
    records of the last."""
    records = run()
    times = []
    for _ in range(repeat):
        del records
        gc.collect()
        start = time.process_time()
        records = run()
        times.append(time.process_time() - start)
    return min(times), records


def measure(game: str, args: argparse.Namespace) -> dict[str, Any]:
    """One game's report: the profiled split and the unprofiled µs per action, with and
    without building the Seen."""

    def run() -> list[Any]:
        return play(game, args.players, args.records, args.seed, args.bot)

    seconds, records = best(run, args.repeat)
    actions = sum(r.action_count for r in records)
    try:
        with nothing_seen():
            blind_seconds, blind_records = best(run, args.repeat)
        same = digest(records) == digest(blind_records)
    except BotFault:  # a bot that reads its Seen, given None
        blind_seconds, same = 0.0, False
    parts = profiled(game, args.players, args.records, args.seed, args.bot)
    return {
        "actions": actions,
        "us_per_action": seconds / actions * 1e6,
        "without_seen_us_per_action": blind_seconds / actions * 1e6 if same else None,
        "profiled_us_per_action": parts["total"] / actions * 1e6,
        "shares": {part: s / parts["total"] for part, s in parts.items() if part != "total"},
    }


def text(report: dict[str, Any]) -> str:
    c = report["config"]
    lines = [
        f"simulate, bot {c['bot']}, {c['records']} games of {c['players']} players, seed {c['seed']}: "
        f"{report['gamerec']} ({'compiled' if report['compiled'] else 'plain'})",
    ]
    for game, r in report["games"].items():
        lines += [
            "",
            f"{game}: {r['actions']} actions, {r['us_per_action']:.2f} us/action (best of {c['repeat']})",
        ]
        if r["without_seen_us_per_action"] is None:
            lines.append(
                "  the bot reads its Seen (shown nothing, it fails or plays otherwise): no cost of its own"
            )
        else:
            cost = r["us_per_action"] - r["without_seen_us_per_action"]
            lines.append(
                f"  without building the Seen: {r['without_seen_us_per_action']:.2f} us/action, "
                f"the Seen {cost:.2f} us/action ({cost / r['us_per_action']:.0%})"
            )
        lines.append(
            f"  profiled ({r['profiled_us_per_action']:.2f} us/action under cProfile), share of the total:"
        )
        lines += [f"    {part:40} {share:6.1%}" for part, share in r["shares"].items()]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="simulate_profile.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids (default all four)")
    p.add_argument("--bot", default="random", help="the bot at every seat (default random)")
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--records", type=int, default=100, help="games simulated (default 100)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--repeat", type=int, default=3, help="timed runs without the profiler (default 3)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    if min(args.players, args.records, args.repeat) < 1:
        p.error("--players, --records and --repeat: at least 1")
    report = {
        "config": {k: getattr(args, k) for k in ("bot", "players", "records", "seed", "repeat")},
        "gamerec": gamerec.__file__,
        "compiled": gamerec.compiled(),
        "games": {game: measure(game, args) for game in args.games.split(",")},
    }
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
