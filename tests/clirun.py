"""``cli(...)``: run the gamerec command line in-process through typer's CliRunner, for the
per-game CLI tests. An exception that escapes the CLI fails the test with its traceback
(GAMEREC_DEBUG=1 lets an internal error through instead of the exit-3 line)."""

from __future__ import annotations

import traceback
from pathlib import Path

from typer.testing import CliRunner, Result

from gamerec.cli import app

RUNNER = CliRunner(env={"NO_COLOR": "1", "COLUMNS": "140", "GAMEREC_DEBUG": "1"})


def cli(*args: str | Path, input: bytes | None = None) -> Result:
    result = RUNNER.invoke(app, [str(a) for a in args], input=input, prog_name="gamerec")
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        raise AssertionError("".join(traceback.format_exception(*result.exc_info)))
    return result
