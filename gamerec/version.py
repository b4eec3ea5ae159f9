"""The package's version (semantic versioning) and whether its rules engines are compiled.
The record format has a version of its own (:mod:`gamerec.record`)."""

from __future__ import annotations

import sys

__all__ = ["__version__", "compiled"]

__version__ = "0.2.0"


def compiled() -> bool:
    """Whether the rules engines run compiled (a build with ``GAMEREC_COMPILE=1``, see
    docs/performance.md) rather than as plain Python."""
    from .engine import Game

    return not (sys.modules[Game.__module__].__file__ or "").endswith(".py")
