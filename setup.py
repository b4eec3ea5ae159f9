"""Build script. By default gamerec installs as plain Python. With ``GAMEREC_COMPILE=1``
in the environment, the rules engines and the presenters (the modules in ``COMPILED``) are
compiled with mypyc into C extensions: the same code, about twice as fast
(docs/performance.md). The build backend (build_backend/gamerec_build.py) then adds mypy
to the build requirements."""

from __future__ import annotations

import os

from setuptools import setup

#: the modules on the hot path of verification (the engine interface and the four games) and
#: of replays and exports (the presenters and the replay for people)
COMPILED = [
    "gamerec/engine.py",
    "gamerec/fastwalk.py",
    "gamerec/games/blackball/rules.py",
    "gamerec/games/black_swan_2012/rules.py",
    "gamerec/games/black_swan_2012/combinations.py",
    "gamerec/games/black_swan_2012/plays.py",
    "gamerec/games/black_swan_2012/suits.py",
    "gamerec/games/black_swan_taroc/rules.py",
    "gamerec/games/forest/rules.py",
    "gamerec/games/tricks.py",
    # the shipped bots (simulate's every move)
    "gamerec/games/blackball/bots.py",
    "gamerec/games/black_swan_2012/bots.py",
    "gamerec/games/black_swan_taroc/bots.py",
    "gamerec/games/forest/bots.py",
    # the presenters and the replay for people: a view and the texts of every step
    "gamerec/games/presenting.py",
    "gamerec/games/blackball/presenter.py",
    "gamerec/games/black_swan_2012/presenter.py",
    "gamerec/games/black_swan_taroc/presenter.py",
    "gamerec/games/forest/presenter.py",
    "gamerec/present.py",
    # the stepper every replay walks, and the CSV lines and Parquet rows made from its steps
    "gamerec/stepper.py",
    "gamerec/export/csv.py",
    "gamerec/export/parquet_rows.py",
    "gamerec/export/parquet_columns.py",
]


def ext_modules() -> list[object]:
    if os.environ.get("GAMEREC_COMPILE", "") != "1":
        return []
    from mypyc.build import mypycify

    return list(mypycify(COMPILED, opt_level="3", group_name="gamerec"))


setup(ext_modules=ext_modules())
