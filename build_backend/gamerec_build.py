"""setuptools' build backend, plus mypy (for mypyc) as a build requirement when
``GAMEREC_COMPILE=1`` asks for the compiled engines (see setup.py)."""

from __future__ import annotations

import os
from typing import Any

from setuptools import build_meta as _meta
from setuptools.build_meta import *  # noqa: F403 - the whole backend interface

#: what compiling needs in the isolated build environment (mypyc type-checks the
#: compiled modules, so it needs the types of msgspec too)
COMPILE_REQUIRES = ["setuptools>=68", "mypy>=1.10", "msgspec>=0.18"]


def _compiling() -> bool:
    return os.environ.get("GAMEREC_COMPILE", "") == "1"


# setuptools finds its requirements by running setup.py, which needs mypyc when compiling:
# then the requirements are ours alone (gamerec has no setup_requires)
def get_requires_for_build_wheel(config_settings: dict[str, Any] | None = None) -> list[str]:
    if _compiling():
        return list(COMPILE_REQUIRES)
    return list(_meta.get_requires_for_build_wheel(config_settings))


def get_requires_for_build_editable(config_settings: dict[str, Any] | None = None) -> list[str]:
    if _compiling():
        return list(COMPILE_REQUIRES)
    return list(_meta.get_requires_for_build_editable(config_settings))
