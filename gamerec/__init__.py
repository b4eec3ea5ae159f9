"""gamerec: record, check and replay card games.

The library reads and writes move logs (:mod:`gamerec.files`), verifies them by the rules
(:mod:`gamerec.verify`), replays them step by step (:mod:`gamerec.replay`), scores and
exports them. It never prints; the command line lives in :mod:`gamerec.cli`.
"""

__version__ = "0.1.0"
