"""The environments are an optional extra (``pip install 'gamerec[env]'``): the base install
does not grow. No module outside ``gamerec/env/`` imports numpy, gymnasium or pettingzoo,
and ``import gamerec``, ``gamerec validate`` and ``gamerec simulate`` never load them. These
tests run with or without the extra installed."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

from conftest import ROOT

EXTRA = ("numpy", "gymnasium", "pettingzoo")


def _imported(path: str) -> set[str]:
    tree = ast.parse((ROOT / path).read_text(encoding="utf-8"))
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module.split(".")[0])
    return found


def test_only_gamerec_env_imports_the_extra() -> None:
    outside = []
    for path in sorted((ROOT / "gamerec").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if not rel.startswith("gamerec/env/"):
            outside += [f"{rel}: imports {m}" for m in sorted(_imported(rel) & set(EXTRA))]
    assert outside == []
    assert {"numpy", "pettingzoo"} <= _imported("gamerec/env/aec.py")  # (the check sees imports)


_RUN = """
import sys
from gamerec.cli import main
sys.argv = ["gamerec", *sys.argv[1:]]
try:
    main()
except SystemExit as e:
    code = e.code
print("LOADED", sorted({m.split(".")[0] for m in sys.modules} & {"numpy", "gymnasium", "pettingzoo"}))
print("EXIT", code)
"""


def _loaded(*args: str) -> tuple[str, str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", _RUN, *args], capture_output=True, text=True, env=env, check=False
    ).stdout
    lines = dict(line.split(" ", 1) for line in out.splitlines() if line.startswith(("LOADED", "EXIT")))
    return lines["LOADED"], lines["EXIT"]


def test_import_gamerec_loads_none_of_the_extra() -> None:
    code = "import sys, gamerec; print(sorted({m.split('.')[0] for m in sys.modules} & set(sys.argv[1:])))"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code, *EXTRA], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert out.strip() == "[]"


def test_validate_and_simulate_load_none_of_the_extra(tmp_path: Path) -> None:
    fixture = str(ROOT / "fixtures" / "blackball" / "games" / "family-3p.json")
    assert _loaded("validate", fixture) == ("[]", "0")
    for game in ("blackball", "black-swan-2012"):
        out = str(tmp_path / f"{game}.grec")
        assert _loaded("simulate", "-g", game, "-p", "4", "-n", "1", "-s", "3", "-o", out) == ("[]", "0")
        assert _loaded("validate", out) == ("[]", "0")


def test_without_the_extra_the_error_says_how_to_have_it(tmp_path: Path) -> None:
    """``import gamerec.env`` without pettingzoo names the extra to install (a new user's
    first try after the base install)."""
    code = (
        "import sys\n"
        "sys.modules['pettingzoo'] = None  # (as if not installed)\n"
        "try:\n"
        "    import gamerec.env\n"
        "except ModuleNotFoundError as e:\n"
        "    print(e)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.strip() == (
        "gamerec.env needs the extra 'env' (pettingzoo is not installed): pip install 'gamerec[env]'"
    )
