"""Start-up: the wall time of short gamerec commands, each in a fresh process, against
``python -c "import msgspec"`` in the same run (issue 15's aim: ``gamerec validate`` of one
small record and ``gamerec --help`` each at most 2x that).

    python bench/startup.py                 # best of 20 runs of each command
    python bench/startup.py --repeat 50 --json

The commands run in turns (one run of each, then the next turn), so that a machine that
gets busier or quieter during the run weighs on all of them alike; each one's time is the
best (the least disturbed) of its runs. One untimed turn first fills Python's caches of
compiled modules. The report gives each command's best and median time and its ratio to
the baseline's best; the exit code is 1 if a command failed, else 0 (a missed aim does not
change it).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RECORD = ROOT / "fixtures" / "blackball" / "games" / "family-3p.json"
#: Aim: each judged command at most this many times the baseline.
AIM_RATIO = 2.0

# the installed command beside this Python, as a user runs it; else the same through
# ``python -c`` (``-P`` keeps the current folder, a source checkout, off the import path)
_SCRIPT = Path(sys.executable).parent / "gamerec"
_VIA_PYTHON = "from gamerec.cli import main; main()"
GAMEREC = [str(_SCRIPT)] if _SCRIPT.exists() else [sys.executable, "-P", "-c", _VIA_PYTHON]

BASELINE = "python -c 'import msgspec'"
#: issue 32's baseline: what any typer app with msgspec pays before its own code, which
#: gamerec's judged commands may take at most TYPER_AIM times
TYPER_BASELINE = "python -c 'import typer, msgspec'"
TYPER_AIM = 1.5


def commands(record: Path) -> dict[str, tuple[list[str], bool]]:
    """Each command by its label: its argv, and whether the aim judges it."""
    return {
        "python -c pass": ([sys.executable, "-c", "pass"], False),
        BASELINE: ([sys.executable, "-c", "import msgspec"], False),
        TYPER_BASELINE: ([sys.executable, "-c", "import typer, msgspec"], False),
        "gamerec --help": ([*GAMEREC, "--help"], True),
        "gamerec validate FILE": ([*GAMEREC, "validate", str(record)], True),
        "gamerec score FILE": ([*GAMEREC, "score", str(record)], False),
        "gamerec ls FILE": ([*GAMEREC, "ls", str(record)], False),
        "gamerec validate --help": ([*GAMEREC, "validate", "--help"], False),
    }


#: Left out of each run's environment: the debug switch, and PYTHONDONTWRITEBYTECODE (set on
#: some machines, e.g. this project's sandboxes), which keeps the warm-up turn from writing
#: the compiled modules a user's first run writes, so that every timed run would compile
#: gamerec's sources again (about half its start-up) while msgspec's, compiled by pip at
#: install time, would not.
_UNSET = frozenset({"GAMEREC_DEBUG", "PYTHONDONTWRITEBYTECODE"})


def run_once(argv: Sequence[str]) -> tuple[float, int]:
    """Wall seconds and exit code of one run, its output thrown away."""
    env = {k: v for k, v in os.environ.items() if k not in _UNSET}
    t0 = time.perf_counter()
    code = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - t0, code.returncode


def run_bench(repeat: int, record: Path) -> dict[str, Any]:
    todo = commands(record)
    times: dict[str, list[float]] = {label: [] for label in todo}
    failed: dict[str, int] = {}
    for turn in range(repeat + 1):
        for label, (argv, _) in todo.items():
            seconds, code = run_once(argv)
            if code != 0:
                failed[label] = code
            if turn:  # the first turn fills the caches, untimed
                times[label].append(seconds)
    base = min(times[BASELINE])
    typer_base = min(times[TYPER_BASELINE])
    rows = {
        label: {
            "best ms": round(min(ts) * 1000, 1),
            "median ms": round(statistics.median(ts) * 1000, 1),
            "ratio": round(min(ts) / base, 2),
            "typer ratio": round(min(ts) / typer_base, 2),
            "judged": todo[label][1],
        }
        for label, ts in times.items()
    }
    judged = {label: row["ratio"] <= AIM_RATIO for label, row in rows.items() if row["judged"]}
    typer_judged = {label: row["typer ratio"] <= TYPER_AIM for label, row in rows.items() if row["judged"]}
    return {
        "python": sys.version.split()[0],
        "gamerec": GAMEREC[0] if len(GAMEREC) == 1 else f"python -P -c '{_VIA_PYTHON}'",
        "record": str(record.relative_to(ROOT) if record.is_relative_to(ROOT) else record),
        "repeat": repeat,
        "load average": [round(x, 2) for x in os.getloadavg()] if hasattr(os, "getloadavg") else None,
        "baseline": BASELINE,
        "aim": f"judged commands at most {AIM_RATIO}x the baseline (best runs)",
        "commands": rows,
        "aims met": judged,
        "typer aim": f"judged commands at most {TYPER_AIM}x {TYPER_BASELINE} (best runs)",
        "typer aims met": typer_judged,
        "failed": failed,
    }


def text_report(report: dict[str, Any]) -> str:
    load = report["load average"]
    lines = [
        f"start-up, best of {report['repeat']} runs (Python {report['python']}, load average {load})",
        f"gamerec: {report['gamerec']}; FILE: {report['record']}",
        "",
        f"{'command':<34} {'best ms':>8} {'median ms':>10} {'x baseline':>11} {'x typer':>8}",
    ]
    for label, row in report["commands"].items():
        lines.append(
            f"{label:<34} {row['best ms']:>8.1f} {row['median ms']:>10.1f} {row['ratio']:>10.2f}x"
            f" {row['typer ratio']:>7.2f}x"
        )
    lines.append("")
    for label, ok in report["aims met"].items():
        ratio = report["commands"][label]["ratio"]
        verdict = "PASS" if ok else "FAIL"
        lines.append(f"{verdict}: {label} {ratio:.2f}x {BASELINE} (aim: at most {AIM_RATIO}x)")
    for label, ok in report["typer aims met"].items():
        ratio = report["commands"][label]["typer ratio"]
        verdict = "PASS" if ok else "FAIL"
        lines.append(f"{verdict}: {label} {ratio:.2f}x {TYPER_BASELINE} (aim: at most {TYPER_AIM}x)")
    for label, code in report["failed"].items():
        lines.append(f"ERROR: {label} exited {code}")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=20, help="timed runs of each command (default 20)")
    parser.add_argument("--record", type=Path, default=RECORD, help="the small record validated")
    parser.add_argument("--json", action="store_true", help="the report as one JSON document")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat: at least 1")
    report = run_bench(args.repeat, args.record.resolve())
    print(json.dumps(report, indent=2) if args.json else text_report(report))
    return 1 if report["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
