"""Shared test setup: bounded hypothesis profiles and paths to the checkout (``ROOT``) and
the fixtures (``FIXTURES``); ``from conftest import ROOT`` works from every folder.

The tests are laid out like the code (no ``__init__.py``: every test file's basename is
unique across the tree); the helpers they share are in tests/helpers.py:

- ``format/``: gamerec/format/ (the record model, binary container, JSON forms, notation,
  readers, writers, limits, salvage, input paths) and the fuzzing of every reader
  (``tests/fuzz/`` holds the long atheris runs, left out of pytest).
- ``games/``: what is common to every game (atomic steps, the stepper, the fast path, the
  known-bad logs, rules apart from views, replay moves), and ``games/<game>/`` each game's
  rules, properties, hand-worked fixtures and CLI.
- ``cli/``: the command line apart from any game (the app, broken inputs, output streams).
- ``export/``: the CSV, text, HTML and Parquet exports.
- ``output/``: what reaches a terminal or a spreadsheet (escaping hostile text, CSV
  injection) and safe writing.
- ``bots/``: gamerec/bots/ and gamerec/seen.py (what a seat sees, the bots' faults).
- ``record/``: the recorder (gamerec record). ``batch/``: batches, workers, the benchmarks of
  verification. ``package/``: the library as a whole (import graph, errors registry).
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
# tests in sub-folders (tests/<area>/) import the shared helpers (helpers.py) from tests/
sys.path.insert(0, str(Path(__file__).resolve().parent))
FIXTURES = ROOT / "fixtures"

settings.register_profile(
    "ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow], derandomize=True
)
settings.register_profile(
    "dev", max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture
def fixtures() -> Path:
    return FIXTURES


def pytest_report_header() -> str:
    import gamerec

    return f"gamerec engines: {'compiled' if gamerec.compiled() else 'pure Python'} ({gamerec.__file__})"


def pytest_sessionstart(session: pytest.Session) -> None:
    # CI runs the suite a second time against the compiled build: make sure it is that one
    import gamerec

    if os.environ.get("GAMEREC_EXPECT_COMPILED") == "1" and not gamerec.compiled():
        raise pytest.UsageError(f"GAMEREC_EXPECT_COMPILED=1 but {gamerec.__file__} has pure Python engines")


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "plain_only: a test run once, against the plain build (a slow terminal test of the "
        "command line; the environments' 10 000 episodes a game; a profile, which cannot see "
        "compiled code): CI's compiled run leaves it out, the library tests of what it drives "
        "run in both",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if os.environ.get("GAMEREC_EXPECT_COMPILED") != "1":
        return
    once = pytest.mark.skip(reason="run once, against the plain build (a slow test: see its marker)")
    for item in items:
        if item.get_closest_marker("plain_only") is not None:
            item.add_marker(once)


def load_bench(name: str) -> ModuleType:
    """The script ``bench/NAME.py`` as a module (for the smoke tests that keep the
    benchmarks from rotting). The folders a script puts on ``sys.path`` to import its
    neighbours are taken off again: left there, ``bench/`` would stay first on the path of
    every later test and of the processes they spawn (a Dask worker then imported
    ``bench/distributed.py`` as dask's ``distributed``)."""
    path = ROOT / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    saved = list(sys.path)
    try:
        spec.loader.exec_module(module)
    finally:
        sys.path[:] = saved
    return module
