"""Shared test setup: bounded hypothesis profiles and paths to the fixtures."""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import HealthCheck, settings

ROOT = Path(__file__).resolve().parent.parent
# tests in sub-folders (tests/<area>/) import the shared helpers (clirun) from tests/
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


def load_bench(name: str) -> ModuleType:
    """The script ``bench/NAME.py`` as a module (for the smoke tests that keep the
    benchmarks from rotting)."""
    path = ROOT / "bench" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
