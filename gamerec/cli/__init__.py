"""The ``gamerec`` command line: parse arguments, call one library function, render.

:mod:`.app` holds the app, its error boundary and ``main``; each command lives in the module
of its group (:mod:`.check`: validate, score; :mod:`.convert`: export, salvage, convert;
:mod:`.record`; :mod:`.replay`; :mod:`.simulate`; :mod:`.info`: ls, games, schema), which
parses the arguments, calls the library and renders with :mod:`.render`. They are
registered here, in the order ``gamerec --help`` lists them: the command modules import the
app, never the other way round.

``gamerec.cli.app`` read as an attribute is the typer app, not its module (import from the
module: ``from gamerec.cli.app import err``); tests patch the command modules, where the
library functions are looked up (``gamerec.cli.info.games_info``).
"""

from __future__ import annotations

from . import check, convert, info, ratings, record, replay, select, simulate
from .app import app, main

app.command()(check.validate)
app.command()(check.score)
app.command()(ratings.ratings)
app.command()(convert.export)
app.command()(record.record)
app.command()(convert.salvage)
app.command()(convert.convert)
app.command("filter")(select.filter_cmd)
app.command("split")(select.split_cmd)
app.command()(simulate.simulate)
app.command("ls")(info.ls_cmd)
app.command("games")(info.games_cmd)
app.command()(info.schema)
app.command()(replay.replay)

__all__ = ["app", "main"]
