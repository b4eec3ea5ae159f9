"""A/B of ``validate`` or ``simulate`` between an old gamerec (a git ref) and the new one
(the working tree), in the same run: per game (and bot), the CPU time of the new over the
old's, with its spread.

Run from the repository root::

    python bench/ab_validate.py                        # plain build, old = 98b7a3c; about 2 minutes
    python bench/ab_validate.py --old main --check     # exit 1 if a game got over 5% slower
    python bench/ab_validate.py --build compiled --keep /tmp/ab   # builds two venvs, ~4 minutes each
    python bench/ab_validate.py --build compiled \\
        --old-python /tmp/ab/old/bin/python --new-python /tmp/ab/new/bin/python
    python bench/ab_validate.py --work simulate        # the bots, old = 91c02e2; about 30 s a round

The sides. ``--build plain`` (the default): the old ref is exported with ``git archive REF |
tar -x`` into a temporary folder, and each side runs with its source tree first on
``PYTHONPATH`` (the old export, or this checkout) and ``python -P``, so that the gamerec
installed in the running Python (editable or not) does not shadow it. ``--build compiled``:
each side is installed with ``GAMEREC_COMPILE=1 pip install`` into a venv of its own (the
working tree copied first, so that the build leaves nothing in it), or ``--old-python`` /
``--new-python`` name interpreters that have each side installed already. Every side runs
with ``-P`` in a folder outside the checkouts, and says which gamerec it imported and
whether it is compiled: the bench stops if that is not the side asked for.

The work is timed in a child process of each side: once to warm up, then ``--passes``
times, each in the child's CPU time (``time.process_time``: a child waiting for a core is
not charged) after ``gc.collect()``, the collector enabled as in production; the child's
best pass counts, and every pass must give what the first gave.

``--work validate`` (the default; old side 98b7a3c, the last commit before issue 32's
redesign). For each game, ``--records`` records (``--base`` games made by ``gamerec
simulate``'s bots with a fixed seed, repeated under other player names as
``bench/batch.py`` makes them, so each record is distinct) are written once as one binary
file that both sides read. A side validates the file as ``gamerec validate --jobs 1`` does
(``verify_batch(..., scores=False)`` and the duplicate check of
:class:`gamerec.tables.standings.Duplicates`, without printing). Every verdict must be
``valid``, else the timings would measure the wrong path (exit 1).

``--work simulate`` (old side 91c02e2, the last commit before issue 33's bot protocol). For
each game and bot of ``--bots`` (random, smart), a side makes ``simulate(game, --players,
--records, --seed, bot=bot)``'s records (the API is the same on both sides); its µs per
action are per recorded action. Its records' SHA-256 (their binary file without the
provenance, as tests/games/test_simulate_pinned.py takes it) must be the same on both sides,
else the bench stops: the sides would be timing different games.

Rounds. A round runs every case (a game, or a game and a bot) on both sides, the two
sides' order alternating from one round to the next, so that a machine getting busier or
quieter weighs on both alike. A round's ratio is new / old (below 1: the new one is faster);
the report gives each case's median ratio over ``--rounds`` rounds and the lowest and
highest, and each side's median µs per recorded action. With ``--check``, the exit code is
1 when a case's median ratio is above ``--limit`` (1.05).

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
BOTS = ["random", "smart"]
#: per work, the default old side: for validate the last commit before issue 32's redesign
#: began, for simulate the last before issue 33's bot protocol
OLD_REF = {"validate": "98b7a3c", "simulate": "91c02e2"}
#: per work, the default records a child makes (simulate) or reads (validate)
RECORDS = {"validate": 1000, "simulate": 100}
LIMIT = 1.05

# the start of every child, run with the side's gamerec: ``timed(fn, facts, passes)`` calls
# ``fn`` once untimed, then PASSES times, each in CPU time after gc.collect(), and checks that
# every pass gives the same facts (``facts`` of fn's result, taken outside the timing); the
# facts of the first call and the times. ``report`` prints them with which gamerec ran.
_CHILD_START = """
import gc, json, sys, time
import gamerec

def timed(fn, facts, passes):
    first = facts(fn())
    times = []
    for _ in range(passes):
        gc.collect()
        start = time.process_time()
        again = fn()
        times.append(time.process_time() - start)
        again = facts(again)
        assert again == first, (again, first)
        del again
    return first, times

def report(facts, times):
    print(json.dumps({**facts, "times": times, "file": gamerec.__file__, "compiled": gamerec.compiled()}))
"""

# validate FILE as ``gamerec validate --jobs 1`` does (verdicts, duplicates counted once);
# the facts: the statuses
_VALIDATE = """
from gamerec.checking.batch import verify_batch
try:
    from gamerec.tables.standings import Duplicates
except ImportError:  # (gamerec before issue 32's layout)
    from gamerec.standings import Duplicates

def validate():
    seen, counts = Duplicates(), {}
    for v in verify_batch([path], 1, scores=False):
        status = "duplicate" if seen.first(v) is not None else v.status
        counts[status] = counts.get(status, 0) + 1
    return {"counts": counts}

path, passes = sys.argv[1], int(sys.argv[2])
report(*timed(validate, lambda facts: facts, passes))
"""

# ``simulate(GAME, PLAYERS, GAMES, SEED, bot=BOT)``'s records; the facts: their recorded
# actions and the SHA-256 of their binary file without the provenance (it names gamerec's
# version), as tests/games/test_simulate_pinned.py takes it
_SIMULATE = """
import hashlib
from gamerec.bots import simulate
from gamerec.format.write import encode_records

def play():
    return list(simulate(game, players, games, seed, bot=bot))

def facts(records):
    for record in records:
        record.provenance = None
    data = b"".join(encode_records(records, "binary"))
    return {"actions": sum(r.action_count for r in records), "digest": hashlib.sha256(data).hexdigest()}

game, bot, players, games, seed, passes = sys.argv[1], sys.argv[2], *map(int, sys.argv[3:])
report(*timed(play, facts, passes))
"""

CHILDREN = {"validate": _CHILD_START + _VALIDATE, "simulate": _CHILD_START + _SIMULATE}


@dataclass(frozen=True)
class Side:
    """How to run one side: its interpreter, the source tree put first on its path (none
    for an installed gamerec), and where its gamerec must come from."""

    name: str
    python: str
    pythonpath: str | None
    expect: str  # a folder the imported gamerec/__init__.py must be under ("" for any)


@dataclass(frozen=True)
class Case:
    """One thing timed on both sides: its name in the report (a game, or a game and a bot)
    and the arguments of the work's child."""

    name: str
    argv: tuple[str, ...]


def run_side(side: Side, child: str, case: Case, cwd: Path) -> dict[str, Any]:
    """One child process of ``side`` running ``child`` on ``case``: its facts, CPU times and
    which gamerec it imported. Fails naming the side and the case if the child fails."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "GAMEREC_DEBUG")}
    if side.pythonpath is not None:
        env["PYTHONPATH"] = side.pythonpath
    cmd = [side.python, "-P", "-c", child, *case.argv]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=cwd, check=False)
    if proc.returncode != 0:
        raise SystemExit(f"ab_validate: the {side.name} side failed on {case.name}:\n{proc.stderr}")
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
    pair: Sequence[Side], child: str, cases: Sequence[Case], n: int, build: str, say: Any
) -> Iterator[dict[str, dict[str, Any]]]:
    """``n`` rounds; each gives, per case, each side's child report. The sides' order
    alternates from one round to the next."""
    with tempfile.TemporaryDirectory(prefix="ab-validate-run-") as cwd:
        for i in range(n):
            say(f"round {i + 1} of {n}...")
            order = pair if i % 2 == 0 else pair[::-1]
            got: dict[str, dict[str, Any]] = {}
            for case in cases:
                for side in order:
                    report = run_side(side, child, case, Path(cwd))
                    check_side(side, report, build)
                    got.setdefault(case.name, {})[side.name] = report
            yield got


def summarize(
    times: dict[str, dict[str, list[float]]], actions: dict[str, int]
) -> dict[str, dict[str, float]]:
    """Per case, from each round's best CPU seconds of each side: the median, lowest and
    highest ratio new / old over the rounds, and each side's median µs per action."""
    out: dict[str, dict[str, float]] = {}
    for case, by_side in times.items():
        ratios = [new / old for old, new in zip(by_side["old"], by_side["new"], strict=True)]
        out[case] = {
            "ratio": statistics.median(ratios),
            "ratio_min": min(ratios),
            "ratio_max": max(ratios),
            "old_us_per_action": statistics.median(by_side["old"]) / actions[case] * 1e6,
            "new_us_per_action": statistics.median(by_side["new"]) / actions[case] * 1e6,
        }
    return out


def over_limit(cases: dict[str, dict[str, float]], limit: float) -> list[str]:
    """The cases whose median ratio new / old is above ``limit``."""
    return [case for case, r in cases.items() if r["ratio"] > limit]


@dataclass
class Found:
    """What the children's facts gave besides the times: the recorded actions of each case,
    the sides whose records were not all valid (validate) and each case's records' SHA-256,
    the first 16 hex digits (simulate)."""

    actions: dict[str, int]
    not_valid: dict[str, dict[str, int]]
    digests: dict[str, str]


def validate_cases(args: argparse.Namespace, folder: Path, say: Any) -> tuple[list[Case], dict[str, int]]:
    """--work validate: a case per game, its file written in ``folder``; the recorded actions
    of each."""
    games = args.games.split(",")
    actions = write_files(games, args.records, args.base, args.seed, folder, say)
    return [Case(game, (str(folder / f"{game}.grec"), str(args.passes))) for game in games], actions


def simulate_cases(args: argparse.Namespace) -> list[Case]:
    """--work simulate: a case per game and bot."""
    numbers = (str(args.players), str(args.records), str(args.seed), str(args.passes))
    return [
        Case(f"{game} {bot}", (game, bot, *numbers))
        for game in args.games.split(",")
        for bot in args.bots.split(",")
    ]


def note_validity(case: str, by_side: dict[str, Any], records: int, found: Found) -> None:
    """--work validate: a side whose records were not all valid is noted in ``found``."""
    for name, report in by_side.items():
        if report["counts"] != {"valid": records}:
            found.not_valid[f"{case} {name}"] = report["counts"]


def same_records(case: str, by_side: dict[str, Any], records: int, found: Found) -> None:
    """--work simulate: stop unless both sides made the same records (their actions and
    digest), else the timings would compare different games; noted in ``found``."""
    old, new = by_side["old"], by_side["new"]
    if (old["actions"], old["digest"]) != (new["actions"], new["digest"]):
        raise SystemExit(
            f"ab_validate: simulate {case}: the sides made different records ({records} games): old "
            f"{old['actions']} actions, SHA-256 {old['digest'][:16]}; new {new['actions']} actions, "
            f"SHA-256 {new['digest'][:16]}"
        )
    found.actions[case] = new["actions"]
    found.digests[case] = new["digest"][:16]


JUDGES = {"validate": note_validity, "simulate": same_records}


def run(args: argparse.Namespace) -> dict[str, Any]:
    say = (lambda m: None) if args.quiet else (lambda m: print(m, file=sys.stderr, flush=True))
    with ExitStack() as stack:
        work = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="ab-validate-")))
        pair = sides(args, work, say)
        found = Found({}, {}, {})
        if args.work == "validate":
            (work / "files").mkdir()
            cases, found.actions = validate_cases(args, work / "files", say)
        else:
            cases = simulate_cases(args)
        times: dict[str, dict[str, list[float]]] = {case.name: {"old": [], "new": []} for case in cases}
        imported: dict[str, str] = {}
        for got in rounds(pair, CHILDREN[args.work], cases, args.rounds, args.build, say):
            for case, by_side in got.items():
                for name, report in by_side.items():
                    times[case][name].append(min(report["times"]))
                    imported[name] = report["file"]
                JUDGES[args.work](case, by_side, args.records, found)
    cases_report = summarize(times, found.actions)
    made = {"base": args.base} if args.work == "validate" else {"players": args.players, "bots": args.bots}
    return {
        "config": {
            "work": args.work,
            "old": args.old if args.old_python is None else args.old_python,
            "new": "working tree" if args.new_python is None else args.new_python,
            "build": args.build,
            "records": args.records,
            **made,
            "seed": args.seed,
            "rounds": args.rounds,
            "passes": args.passes,
            "limit": args.limit,
        },
        "imported": imported,
        "actions": found.actions,
        "games": cases_report,
        "digests": found.digests,
        "not all valid": found.not_valid,
        "over limit": over_limit(cases_report, args.limit),
    }


def text(report: dict[str, Any]) -> str:
    c = report["config"]
    if c["work"] == "validate":
        what, width = f"{c['records']} records a game", 18
    else:
        what, width = f"{c['records']} games of {c['players']} players a game and bot", 24
    lines = [
        f"{c['work']}, new ({c['new']}) / old ({c['old']}), {c['build']} build: {what}, "
        f"best of {c['passes']} passes in each of {c['rounds']} rounds, CPU time",
        *(f"{name}: {where}" for name, where in report["imported"].items()),
        "",
        f"{'game':{width}} {'actions':>9} {'old us/act':>10} {'new us/act':>10} {'new/old':>8} "
        f"{'spread':>13}",
    ]
    for case, r in report["games"].items():
        lines.append(
            f"{case:{width}} {report['actions'][case]:>9} {r['old_us_per_action']:>10.3f} "
            f"{r['new_us_per_action']:>10.3f} {r['ratio']:>8.3f} {r['ratio_min']:>6.3f}-{r['ratio_max']:.3f}"
        )
    if report["digests"]:
        lines.append(
            "the same records on both sides: " + ", ".join(f"{k} {d}" for k, d in report["digests"].items())
        )
    for case in report["over limit"]:
        ratio = report["games"][case]["ratio"]
        lines.append(f"over the limit: {case}: new/old {ratio:.3f}, above {c['limit']}")
    for where, got in report["not all valid"].items():
        lines.append(f"ERROR: {where}: not every record valid: {got}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="ab_validate.py", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument(
        "--work",
        choices=("validate", "simulate"),
        default="validate",
        help="what each side does: validate files of records, or simulate games with bots",
    )
    p.add_argument(
        "--old",
        help="the old side's git ref (default "
        + ", ".join(f"{ref} for {work}" for work, ref in OLD_REF.items())
        + ")",
    )
    p.add_argument("--build", choices=("plain", "compiled"), default="plain")
    p.add_argument("--old-python", help="a Python with the old side installed (no export, no build)")
    p.add_argument("--new-python", help="a Python with the new side installed (no build)")
    p.add_argument("--keep", help="--build compiled: build the venvs in KEEP/old and KEEP/new and keep them")
    p.add_argument(
        "--records",
        type=int,
        help="records per game a child reads (validate) or makes (simulate) (default "
        + ", ".join(f"{n} for {work}" for work, n in RECORDS.items())
        + ")",
    )
    p.add_argument(
        "--base", type=int, default=200, help="validate: distinct simulated games behind them (default 200)"
    )
    p.add_argument("--players", type=int, default=4, help="simulate: players a game (default 4)")
    p.add_argument(
        "--bots", default=",".join(BOTS), help="simulate: comma-separated bots (default random,smart)"
    )
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--rounds", type=int, default=5, help="rounds (default 5)")
    p.add_argument(
        "--passes", type=int, default=3, help="timed passes per child, the best counts (default 3)"
    )
    p.add_argument("--games", default=",".join(GAMES), help="comma-separated game ids (default all four)")
    p.add_argument("--check", action="store_true", help="exit 1 if a case's ratio is above --limit")
    p.add_argument("--limit", type=float, default=LIMIT, help=f"for --check (default {LIMIT})")
    p.add_argument("--json", action="store_true")
    p.add_argument("--quiet", action="store_true")
    args = p.parse_args(argv)
    args.old = args.old or OLD_REF[args.work]
    args.records = args.records or RECORDS[args.work]
    if min(args.records, args.base, args.players, args.rounds, args.passes) < 1:
        p.error("--records, --base, --players, --rounds and --passes: at least 1")
    if args.keep and args.build != "compiled":
        p.error("--keep: the venvs of --build compiled")
    report = run(args)
    print(json.dumps(report, indent=2) if args.json else text(report))
    return 1 if report["not all valid"] or (args.check and report["over limit"]) else 0


if __name__ == "__main__":
    sys.exit(main())
