"""The ``gamerec`` command line: parse arguments, call one library function, render.

:mod:`.app` holds the app, its error boundary and ``main``; each command lives in the module
of its group (:mod:`.check`: validate, score; :mod:`.convert`: export, salvage, convert;
:mod:`.record`; :mod:`.replay`; :mod:`.simulate`; :mod:`.info`: ls, games, schema), which
parses the arguments, calls the library and renders with :mod:`.render`. They are
registered here from the table in :mod:`.commands` (name, module, function, summary; the
order ``gamerec --help`` lists them), and a command's module is imported only when that
command is run, completed or its help shown: the command modules import the app, never the
other way round.

``gamerec.cli.app`` read as an attribute is the typer app, not its module (import from the
module: ``from gamerec.cli.app import err``); tests patch the command modules, where the
library functions are looked up (``gamerec.cli.info.games_info``).
"""

from __future__ import annotations

from .app import app, main
from .commands import COMMANDS
from .lazy import COMMANDS as REGISTERED

REGISTERED.update(COMMANDS)

__all__ = ["app", "main"]
