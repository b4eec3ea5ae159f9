"""A/B of ``validate`` between an old gamerec (a git ref) and the new one (the working
tree), in the same run: per game, the CPU time of the new over the old's, with its spread.

Run from the repository root::

    python bench/ab_validate.py                        # plain build, old = 98b7a3c; about 2 minutes
    python bench/ab_validate.py --old main --check     # exit 1 if a game got over 5% slower
    python bench/ab_validate.py --build compiled --keep /tmp/ab   # builds two venvs, ~4 minutes each
    python bench/ab_validate.py --build compiled \\
        --old-python /tmp/ab/old/bin/python --new-python /tmp/ab/new/bin/python

The sides. ``--build plain`` (the default): the old ref is exported with ``git archive REF |
tar -x`` into a temporary folder, and each side runs with its source tree first on
``PYTHONPATH`` (the old export, or this checkout) and ``python -P``, so that the gamerec
installed in the running Python (editable or not) does not shadow it. ``--build compiled``:
each side is installed with ``GAMEREC_COMPILE=1 pip install`` into a venv of its own (the
working tree copied first, so that the build leaves nothing in it), or ``--old-python`` /
``--new-python`` name interpreters that have each side installed already. Every side runs
with ``-P`` in a folder outside the checkouts, and says which gamerec it imported and
whether it is compiled: the bench stops if that is not the side asked for.

The work. For each game, ``--records`` records (``--base`` games made by ``gamerec
simulate``'s bots with a fixed seed, repeated under other player names as
``bench/batch.py`` makes them, so each record is distinct) are written once as one binary
file that both sides read. In a child process, a side validates the file as ``gamerec
validate --jobs 1`` does (``verify_batch(..., scores=False)`` and the duplicate check of
:class:`gamerec.tables.standings.Duplicates`, without printing): once to warm up, then
``--passes`` times, each timed in the child's CPU time (``time.process_time``: a child
waiting for a core is not charged) after ``gc.collect()``, the collector enabled as in
production; the child's best pass counts. Every verdict must be ``valid`` and the two sides
must agree, else the timings would measure the wrong path (exit 1).

Rounds. A round runs every game on both sides, the two sides' order alternating from one
round to the next, so that a machine getting busier or quieter weighs on both alike. A
round's ratio is new / old (below 1: the new one is faster); the report gives each game's
median ratio over ``--rounds`` rounds and the lowest and highest, and each side's median
µs per recorded action. With ``--check``, the exit code is 1 when a game's median ratio is
above ``--limit`` (1.05).

(The sections of docs/performance.md before "A/B of validate against the last commit
before issue 32" use ``bench/ab_builds.py``, this script's name until then: whole ``gamerec
validate`` processes for builds named ``NAME=PYTHON``, python-chess in the same run.)
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import batch  # the records of bench/batch.py

from gamerec.format.write import encode_records

ROOT = Path(__file__).resolve().parent.parent

GAMES = ["blackball", "black-swan-2012", "black-swan-taroc", "forest"]
#: the last commit before issue 32's redesign began
OLD_REF = "98b7a3c"
LIMIT = 1.05

# run in a child process, with the side's gamerec: validate FILE as ``gamerec validate
# --jobs 1`` does (verdicts, duplicates counted once), once untimed, then PASSES times in
# CPU time; print the statuses, the times and which gamerec ran
_CHILD = """
import gc, json, sys, time
import gamerec
from gamerec.checking.batch import verify_batch
try:
    from gamerec.tables.standings import Duplicates
except ImportError:  # (gamerec before issue 32's layout)
    from gamerec.standings import Duplicates

def validate(path):
    seen, counts = Duplicates(), {}
    for v in verify_batch([path], 1, scores=False):
        status = "duplicate" if seen.first(v) is not None else v.status
        counts[status] = counts.get(status, 0) + 1
    return counts

path, passes = sys.argv[1], int(sys.argv[2])
counts = validate(path)
times = []
for _ in range(passes):
    gc.collect()
    start = time.process_time()
    again = validate(path)
    times.append(time.process_time() - start)
    assert again == counts, (again, counts)
where = {"file": gamerec.__file__, "compiled": gamerec.compiled()}
print(json.dumps({"counts": counts, "times": times, **where}))
"""


@dataclass(frozen=True)
class Side:
    """How to run one side: its interpreter, the source tree put first on its path (none
    for an installed gamerec), and where its gamerec must come from."""

    name: str
    python: str
    pythonpath: str | None
    expect: str  # a folder the imported gamerec/__init__.py must be under ("" for any)


def run_side(side: Side, path: Path, passes: int, cwd: Path) -> dict[str, Any]:
    """One child process of ``side`` validating ``path``: its statuses, CPU times and which
    gamerec it imported. Fails naming the side if the child fails."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "GAMEREC_DEBUG")}
    if side.pythonpath is not None:
        env["PYTHONPATH"] = side.pythonpath
    cmd = [side.python, "-P", "-c", _CHILD, str(path), str(passes)]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"ab_validate: the {side.name} side failed on {path.name}:\n{proc.stderr}")
    out: dict[str, Any] = json.loads(proc.stdout)
    return out


def export_ref(ref: str, dest: Path) -> None:
    """The tree of git ref ``ref`` of this checkout, written into ``dest``."""
    dest.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", ref], capture_output=True, check=False)
    if archive.returncode != 0:
        raise SystemExit(f"ab_validate: git archive {ref}: {archive.stderr.decode(errors='replace').strip()}")
    subprocess.run(["tar", "-x", "-C", str(dest)], input=archive.stdout, check=True)


def copy_worktree(dest: Path) -> None:
    """The working tree as it is (changes not committed included, ignored files left out)
    copied into ``dest``."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        check=True,
    )
    for name in filter(None, listed.stdout.decode().split("\0")):
        source = ROOT / name
        if source.is_file():  # not a file deleted and not yet committed
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)


def build_venv(source: Path, venv: Path, say: Any) -> str:
    """A venv at ``venv`` with the compiled build of the tree at ``source`` installed; its
    Python. Fails with pip's last lines if the build fails."""
    say(f"building {venv} from {source} (GAMEREC_COMPILE=1 pip install; some minutes)...")
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True)
    python = str(venv / "bin" / "python")
    env = {**os.environ, "GAMEREC_COMPILE": "1"}
    pip = subprocess.run(
        [python, "-m", "pip", "install", "-q", str(source)],
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if pip.returncode != 0:
        tail = "\n".join(pip.stderr.splitlines()[-20:])
        raise SystemExit(f"ab_validate: building {source} into {venv} failed:\n{tail}")
    return python


def sides(args: argparse.Namespace, work: Path, say: Any) -> list[Side]:
    """The old side and the new one, exported, copied or built as ``args`` ask."""
    old_src = work / "old-src"
    if args.old_python is None:
        say(f"exporting {args.old} (git archive)...")
        export_ref(args.old, old_src)
    if args.build == "plain":
        old = (
            Side("old", args.old_python, None, "")
            if args.old_python
            else Side("old", sys.executable, str(old_src), str(old_src))
        )
        new = (
            Side("new", args.new_python, None, "")
            if args.new_python
            else Side("new", sys.executable, str(ROOT), str(ROOT))
        )
        return [old, new]
    venvs = Path(args.keep) if args.keep else work
    old = Side("old", args.old_python, None, "") if args.old_python else None
    if old is None:
        old = Side("old", build_venv(old_src, venvs / "old", say), None, str(venvs / "old"))
    new = Side("new", args.new_python, None, "") if args.new_python else None
    if new is None:
        copy_worktree(work / "new-src")
        new = Side("new", build_venv(work / "new-src", venvs / "new", say), None, str(venvs / "new"))
    return [old, new]


def write_files(
    games: Sequence[str], records: int, base: int, seed: int, folder: Path, say: Any
) -> dict[str, int]:
    """One binary file per game in ``folder`` (``GAME.grec``); the recorded actions of each."""
    actions: dict[str, int] = {}
    for game in games:
        say(f"{game}: writing {records} records...")
        n = 0
        with open(folder / f"{game}.grec", "wb") as f:
            for r in batch.records(game, records, base, seed):
                n += r.action_count
                for chunk in encode_records([r], "binary"):
                    f.write(chunk)
        actions[game] = n
    return actions


def check_side(side: Side, got: dict[str, Any], build: str) -> None:
    """Stop if ``side`` imported a gamerec other than the one asked for."""
    where = str(Path(got["file"]).resolve())
    if side.expect and not where.startswith(str(Path(side.expect).resolve()) + os.sep):
        raise SystemExit(f"ab_validate: the {side.name} side imported {where}, not the tree in {side.expect}")
    if got["compiled"] != (build == "compiled"):
        kind = "compiled" if got["compiled"] else "plain"
        raise SystemExit(
            f"ab_validate: the {side.name} side's gamerec ({where}) is {kind}; --build is {build}"
        )


def rounds(
    pair: Sequence[Side], files: dict[str, Path], n: int, passes: int, build: str, say: Any
) -> Iterator[dict[str, dict[str, Any]]]:
    """``n`` rounds; each gives, per game, each side's child report. The sides' order
    alternates from one round to the next."""
    with tempfile.TemporaryDirectory(prefix="ab-validate-run-") as cwd:
        for i in range(n):
            say(f"round {i + 1} of {n}...")
            order = pair if i % 2 == 0 else pair[::-1]
            got: dict[str, dict[str, Any]] = {}
            for game, path in files.items():
                for side in order:
                    report = run_side(side, path, passes, Path(cwd))
                    check_side(side, report, build)
                    got.setdefault(game, {})[side.name] = report
            yield got


def summarize(
    times: dict[str, dict[str, list[float]]], actions: dict[str, int]
) -> dict[str, dict[str, float]]:
    """Per game, from each round's best CPU seconds of each side: the median, lowest and
    highest ratio new / old over the rounds, and each side's median µs per action."""
    out: dict[str, dict[str, float]] = {}
    for game, by_side in times.items():
        ratios = [new / old for old, new in zip(by_side["old"], by_side["new"], strict=True)]
        out[game] = {
            "ratio": statistics.median(ratios),
            "ratio_min": min(ratios),
            "ratio_max": max(ratios),
            "old_us_per_action": statistics.median(by_side["old"]) / actions[game] * 1e6,
            "new_us_per_action": statistics.median(by_side["new"]) / actions[game] * 1e6,
        }
    return out


def over_limit(games: dict[str, dict[str, float]], limit: float) -> list[str]:
    """The games whose median ratio new / old is above ``limit``."""
    return [game for game, r in games.items() if r["ratio"] > limit]


def run(args: argparse.Namespace) -> dict[str, Any]:
    say = (lambda m: None) if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True))
    games = args.games.split(",")
    with ExitStack() as stack:
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ab-validate-")))
        pair = sides(args, work, say)
        (work / "files").mkdir()
        actions = write_files(games, args.records, args.base, args.seed, work / "files", say)
        files = {game: work / "files" / f"{game}.grec" for game in games}
        times: dict[str, dict[str, list[float]]] = {game: {"old": [], "new": []} for game in games}
        counts: dict[str, dict[str, int]] = {}
        imported: dict[str, str] = {}
        for got in rounds(pair, files, args.rounds, args.passes, args.build, say):
            for game, by_side in got.items():
                for name, report in by_side.items():
                    times[game][name].append(min(report["times"]))
                    imported[name] = report["file"]
                    if by_side[name]["counts"] != {"valid": args.records}:
                        counts[f"{game} {name}"] = report["counts"]
    games_report = summarize(times, actions)
    return {
        "config": {
            "old": args.old if args.old_python is None else args.old_python,
            "new": "working tree" if args.new_python is None else args.new_python,
            "build": args.build,
            "records": args.records,
            "base": args.base,
            "seed": args.seed,
            "rounds": args.rounds,
            "passes": args.passes,
            "limit": args.limit,
        },
        "imported": imported,
        "actions": actions,
        "games": games_report,
        "not all valid": counts,
        "over limit": over_limit(games_report, args.limit),
    }


def text(report: dict[str, Any]) -> str:
    c = report["config"]
    lines = [
        f"validate, new ({c['new']}) / old ({c['old']}), {c['build']} build: {c['records']} records a game, "
        f"best of {c['passes']} passes in each of {c['rounds']} rounds, CPU time",
        *(f"{name}: {where}" for name, where in report["imported"].items()),
        "",
        f"{'game':18} {'actions':>9} {'old us/act':>10} {'new us/act':>10} {'new/old':>8} {'spread':>13}",
    ]
    for game, r in report["games"].items():
        lines.append(
            f"{game:18} {report['actions'][game]:>9} {r['old_us_per_action']:>10.3f} "
            f"{r['new_us_per_action']:>10.3f} {r['ratio']:>8.3f} {r['ratio_min']:>6.3f}-{r['ratio_max']:.3f}"
        )
    for game in report["over limit"]:
        ratio = report["games"][game]["ratio"]
        lines.append(f"over the limit: {game}: new/old {ratio:.3f}, above {c['limit']}")
    for where, got in report["not all valid"].items():
        lines.append(f"ERROR: {where}: not every record valid: {got}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="ab_validate.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--old", default=OLD_REF, help=f"the old side's git ref (default {OLD_REF})")
    p.add_argument("--build", choices=("plain", "compiled"), default="plain")
    p.add_argument("--old-python", help="a Python with the old side installed (no export, no build)")
    p.add_argument("--new-python", help="a Python with the new side installed (no build)")
    p.add_argument("--keep", help="--build compiled: build the venvs in KEEP/old and KEEP/new and keep them")
    p.add_argument("--records", type=int, default=1000, help="records per game (default 1000)")
    p.add_argument("--base", type=int, default=200, help="distinct simulated games behind them (default 200)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    p.add_argument(
        "--passes", type=int, default=3, help="timed passes per child, the best counts (default 3)"
    )
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids (default all four)")
    p.add_argument("--check", action="store_true", help="exit 1 if a game's ratio is above --limit")
    p.add_argument("--limit", type=float, default=LIMIT, help=f"for --check (default {LIMIT})")
    p.add_argument("--json", action="store_true")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    if min(args.records, args.base, args.rounds, args.passes) < 1:
        p.error("--records, --base, --rounds and --passes: at least 1")
    if args.keep and args.build != "compiled":
        p.error("--keep: the venvs of --build compiled")
    report = run(args)
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 1 if report["not all valid"] or (args.check and report["over limit"]) else 0


if __name__ == "__main__":
    sys.exit(main())
