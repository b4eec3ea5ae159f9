"""The recorder's CPU per entered action, by how long the game is so far (issue 13's aim:
flat in game length, at most 1 ms per action at 500 actions; issue 30's with unknown hands:
flat, at most 1.3x from 50 to 500 actions).

A game is recorded through the library as ``gamerec record`` does it (``Recorder``, hands
dealt from a seed, each action chosen among the legal ones and entered as text, each step
journaled), and the process CPU time of every ``enter`` is kept. The report gives the mean
CPU per action around each of ``--at`` (the 20 actions ending there), and the ratio of the
last to the first (1 is flat; quadratic recording grows with the game); the median of each
window beside it is a typical entry (a window's mean holds the entry that ends a deal,
which with unknown hands rebuilds the hands and checks the whole deal). The same seeded
game is recorded ``--repeat`` times and each action keeps its least CPU time, so that a
busy spell on a shared machine does not pass for growth.

With ``--hands unknown`` the game is recorded as at a real table: a seeded game (random
bots) is entered action by action with its hands never given (the dealer, the up-card and
each forest card as the rules turn them), so each entry is checked on what is known
(``gamerec.recording.hidden_hands``) and each deal's hands are rebuilt and checked at its end. Each
stock card given is an entry as well, timed as one (forest: one a trick; a long deal,
``--rule max_number=99``, shows whether an entry costs more late in a deal).

    python bench/record.py                     # black-swan-2012, 2 players, at 50 200 500
    python bench/record.py --game blackball --players 7 --at 50 200 400 --json
    python bench/record.py --hands unknown     # the same, the hands unknown
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from gamerec import compiled
from gamerec.bots import simulate
from gamerec.format.notation import format_action
from gamerec.games import get_game
from gamerec.recording.recorder import Recorder

WINDOW = 20
#: where the journals are written (``--journal-dir``; None: the system's temporary folder)
JOURNAL_DIR: str | None = None


def record_game(game: str, players: int, rules: dict[str, object], seed: int, upto: int) -> list[float]:
    """CPU seconds of each entered action, up to ``upto`` actions (or the game's end)."""
    rng = random.Random(seed)
    names = [f"P{i + 1}" for i in range(players)]
    costs: list[float] = []
    with tempfile.TemporaryDirectory(dir=JOURNAL_DIR) as folder:
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


def record_unknown(game: str, players: int, rules: dict[str, object], seed: int, upto: int) -> list[float]:
    """CPU seconds of each entered action of a seeded game recorded with unknown hands, up
    to ``upto`` actions (or the game's end)."""
    names = [f"P{i + 1}" for i in range(players)]
    record = next(simulate(game, players=players, games=1, seed=seed, bot="random", rules=rules, names=names))
    deck = get_game(game).deck
    costs: list[float] = []
    with tempfile.TemporaryDirectory(dir=JOURNAL_DIR) as folder:
        rec = Recorder.start(Path(folder) / "bench.journal", game, names, rules, hands="unknown")
        try:
            for deal in record.deals:
                _, upcards = rec.deal_shape()
                rec.begin_deal(deal.dealer, None, deal.stock[:upcards])
                for action in deal.actions:
                    while rec.needs_stock:  # (a stock card is an entry too: timed as one)
                        card = deck.code(deal.stock[len(rec.deals[-1].stock)])
                        start = time.process_time()
                        rec.reveal(card)
                        costs.append(time.process_time() - start)
                    line = format_action(rec.game, action)
                    start = time.process_time()
                    rec.enter(line)
                    costs.append(time.process_time() - start)
                    if len(costs) >= upto:
                        return costs
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
    parser.add_argument("--hands", choices=("seed", "unknown"), default="seed")
    parser.add_argument(
        "--journal-dir",
        metavar="DIR",
        help="where the journals go (default: the system's temporary folder); on a tmpfs such as "
        "/dev/shm the disk's fsync, whose cost rises over a file's first appends, is left out",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    global JOURNAL_DIR
    JOURNAL_DIR = args.journal_dir
    rules: dict[str, object] = {}
    for pair in args.rule:
        key, _, value = pair.partition("=")
        rules[key] = json.loads(value)
    if args.game == "black-swan-2012" and "target" not in rules:
        rules["target"] = 2000  # long enough for 500 actions
    recorder = record_game if args.hands == "seed" else record_unknown
    runs = [recorder(args.game, args.players, rules, args.seed, max(args.at)) for _ in range(args.repeat)]
    costs = [min(times) for times in zip(*runs, strict=True)]
    points = {}
    typical = {}
    for at in args.at:
        if at > len(costs):
            continue
        window = costs[max(0, at - WINDOW) : at]
        points[at] = sum(window) / len(window) * 1e3
        typical[at] = statistics.median(window) * 1e3
    report = {
        "engines": "compiled" if compiled() else "pure Python",
        "game": args.game,
        "players": args.players,
        "hands": args.hands,
        "journal dir": args.journal_dir or tempfile.gettempdir(),
        "actions": len(costs),
        "repeat": args.repeat,
        "ms per action": points,
        "median ms per action": typical,
        "growth": (points[max(points)] / points[min(points)]) if len(points) > 1 else None,
        "median growth": (typical[max(typical)] / typical[min(typical)]) if len(typical) > 1 else None,
    }
    if args.json:
        print(json.dumps(report, indent=2))
        return 0
    print(
        f"engines: {report['engines']}; {args.game}, {args.players} players, hands {args.hands}, "
        f"{len(costs)} actions recorded"
    )
    for at, ms in points.items():
        print(f"  CPU per entered action around action {at}: {ms:.3f} ms (median {typical[at]:.3f} ms)")
    if report["growth"] is not None:
        print(
            f"  last / first: {report['growth']:.2f}, of the medians {report['median growth']:.2f} "
            "(1 is flat)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
