"""The command line's layout (issue 14): ``gamerec/cli/app.py`` holds the app and its error
boundary, each command lives in the module of its group, ``gamerec/cli/__init__.py`` only
registers them, and every way in (``gamerec.cli``, ``gamerec.cli.app``, the console script)
finds all the commands, listed in the same order as before the split."""

from __future__ import annotations

import subprocess
import sys
import tomllib

import typer
from conftest import ROOT
from helpers import cli

import gamerec.cli
from gamerec.cli import app
from gamerec.cli.app import main

#: each command and the module that holds it, in the order ``gamerec --help`` lists them
COMMANDS = {
    "validate": "check",
    "score": "check",
    "ratings": "ratings",
    "stats": "stats",
    "report": "report",
    "export": "convert",
    "record": "record",
    "salvage": "convert",
    "convert": "convert",
    "filter": "select",
    "split": "select",
    "simulate": "simulate",
    "arena": "arena",
    "ls": "info",
    "games": "info",
    "schema": "info",
    "replay": "replay",
}
CLI_DIR = ROOT / "gamerec" / "cli"


def test_help_lists_every_command_in_order() -> None:
    r = cli("--help")
    assert r.exit_code == 0
    lines = r.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Commands:"))
    listed = [line.split()[0] for line in lines[start + 1 :] if line.startswith("  ")]
    assert listed == list(COMMANDS)


def test_each_command_lives_in_its_module() -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, typer.core.TyperGroup)
    assert list(group.commands) == list(COMMANDS)
    for name, command in group.commands.items():
        assert command.callback is not None
        assert command.callback.__module__ == f"gamerec.cli.{COMMANDS[name]}", name


def test_app_module_alone_has_every_command() -> None:
    """Importing ``gamerec.cli.app`` (or a command module) first still registers every
    command: the package's ``__init__`` runs first and registers them all."""
    code = (
        "import typer\n"
        "from gamerec.cli.app import app\n"
        "print(' '.join(typer.main.get_command(app).commands))\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.split() == list(COMMANDS)


def test_console_script_is_the_app_main() -> None:
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    module, _, name = scripts["gamerec"].partition(":")
    assert module == "gamerec.cli"
    assert getattr(gamerec.cli, name) is main


def test_cli_init_only_registers() -> None:
    init = (CLI_DIR / "__init__.py").read_text()
    assert "def " not in init and "class " not in init
