"""Issue 15, "Help": readable metavars (FILE..., KEY=VALUE, N; not {files}..., <list[str]>,
<int range>), the exit codes once in `gamerec --help` (the footer repeated under every
command), examples in each command's help, and shell completion installable with
`gamerec --install-completion` (it was "No such option") that completes commands, game
ids, rule keys and (through the shell) file names."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import ENV, cli
from typer.testing import CliRunner

from gamerec.cli import app

COMMANDS = ["validate", "score", "ratings", "export", "record", "salvage", "convert", "simulate", "arena",
            "ls", "games", "schema", "replay"]  # fmt: skip


def help_of(*command: str) -> str:
    r = cli(*command, "--help")
    assert r.exit_code == 0, r.stderr
    return r.stdout


@pytest.mark.parametrize("command", COMMANDS)
def test_metavars_are_readable(command: str) -> None:
    text = help_of(command)
    for unreadable in ("{files}", "{file}", "{game}", "<list[", "<int", "<str>", "int range"):
        assert unreadable not in text, (command, unreadable)


def test_the_metavars_the_issue_names() -> None:
    assert "Usage: gamerec validate [OPTIONS] FILE..." in help_of("validate")
    simulate = help_of("simulate")
    for shown in ("--rule KEY=VALUE", "-n, --games N", "-g, --game GAME", "-o, --output FILE"):
        assert shown in simulate, shown
    assert "-j, --jobs N" in help_of("validate")
    assert "-r, --record N" in help_of("replay")


def test_exit_codes_once_in_the_main_help() -> None:
    assert help_of().count("Exit codes:") == 1
    for command in COMMANDS:
        assert "Exit codes" not in help_of(command), command


@pytest.mark.parametrize("command", COMMANDS)
def test_each_command_has_examples(command: str) -> None:
    text = help_of(command)
    assert "Example" in text
    examples = text.split("Example", 1)[1]
    assert f"gamerec {command}" in examples


def test_completion_options_are_offered() -> None:
    text = help_of()
    assert "--install-completion" in text and "--show-completion" in text


def complete(words: str) -> list[str]:
    """What bash completion offers for ``words`` (the last one being completed)."""
    cword = len(words.split()) - (0 if words.endswith(" ") else 1)
    env = {**ENV, "_GAMEREC_COMPLETE": "complete_bash", "COMP_WORDS": words, "COMP_CWORD": str(cword)}
    runner = CliRunner(env=env)
    r = runner.invoke(app, [], prog_name="gamerec")
    assert r.exit_code == 0, r.output
    return r.stdout.split()


def test_completes_commands_game_ids_and_rule_keys() -> None:
    assert complete("gamerec val") == ["validate"]
    assert complete("gamerec simulate -g black") == ["black-swan-2012", "black-swan-taroc", "blackball"]
    assert complete("gamerec record --game fo") == ["forest"]
    assert "max_number=" in complete("gamerec simulate -g forest --rule ma")
    assert complete("gamerec simulate -g blackball --rule ho") == ["hook="]


def test_file_arguments_are_left_to_the_shell() -> None:
    """No suggestion of gamerec's own for a file: bash's ``complete -o default`` (and
    zsh's ``_files``) then complete file names."""
    assert complete("gamerec validate fix") == []


def test_install_completion_writes_the_script(tmp_path: Path) -> None:
    script = Path(sys.executable).parent / "gamerec"
    if not script.exists():
        pytest.skip("no gamerec console script beside this python")
    env = {**os.environ, "HOME": str(tmp_path)}
    # through bash, so that the shell is detected as the user's would be (bash does not exec
    # the command: "; true" follows it)
    r = subprocess.run(["bash", "-c", f"'{script}' --install-completion; true"], env=env, capture_output=True,
                       timeout=60, text=True)  # fmt: skip
    assert "completion installed" in r.stdout, r.stdout + r.stderr
    installed = tmp_path / ".bash_completions" / "gamerec.sh"
    assert "_GAMEREC_COMPLETE=complete_bash" in installed.read_text()
    assert "complete -o default" in installed.read_text()  # file names: the shell's own
    assert str(installed) in (tmp_path / ".bashrc").read_text()
