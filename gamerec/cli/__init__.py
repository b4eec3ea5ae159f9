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

from . import check, convert, info, record, replay, simulate
from .app import EXIT_HELP, app, main

app.command(epilog=EXIT_HELP)(check.validate)
app.command(epilog=EXIT_HELP)(check.score)
app.command(epilog=EXIT_HELP)(convert.export)
app.command(epilog=EXIT_HELP)(record.record)
app.command(epilog=EXIT_HELP)(convert.salvage)
app.command(epilog=EXIT_HELP)(convert.convert)
app.command(epilog=EXIT_HELP)(simulate.simulate)
app.command("ls", epilog=EXIT_HELP)(info.ls_cmd)
app.command("games")(info.games_cmd)
app.command()(info.schema)
app.command(epilog=EXIT_HELP)(replay.replay)

__all__ = ["app", "main"]
