"""gamerec: record, check and replay card games.

The library reads and writes move logs (:mod:`gamerec.format`), verifies them by the rules
(:mod:`gamerec.verify`), replays them step by step (:mod:`gamerec.replay`, shown to people
by :mod:`gamerec.present`), scores and exports them. It never prints; the command line
lives in :mod:`gamerec.cli`.
"""

__version__ = "0.1.0"


def compiled() -> bool:
    """Whether the rules engines run compiled (a build with ``GAMEREC_COMPILE=1``, see
    docs/performance.md) rather than as plain Python."""
    from . import engine

    return not (engine.__file__ or "").endswith(".py")
