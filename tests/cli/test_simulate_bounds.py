"""Issue 12, item 14: ``--rule "targets=[[[[..."`` (50,000 brackets) raised RecursionError,
and ``simulate black-swan-2012 --rule target=1000000`` ran 40 s into "a simulated game ran
past 100000 actions", exit 3. Both are usage errors now (exit 2), naming the option and the
bound."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cli

from gamerec.bots import MAX_RULE_NESTING, MAX_TARGET, parse_rule_options, simulate
from gamerec.errors import InputError


def one_line(output: str) -> str:
    assert output.count("\n") == 1, output
    return output.strip()


@pytest.mark.parametrize("command", ["simulate", "record"])
def test_deeply_nested_rule_is_a_usage_error(tmp_path: Path, command: str) -> None:
    game = "forest"
    args = [command, "-g", game] if command == "simulate" else [command, "-g", game, "-p", "Ann, Bo"]
    r = cli(*args, "--rule", "targets=" + "[" * 50_000, "-o", tmp_path / "o.grec")
    assert r.exit_code == 2
    assert one_line(r.output) == (
        f"gamerec: --rule targets: the value nests arrays or objects more than {MAX_RULE_NESTING} deep"
    )
    assert not (tmp_path / "o.grec").exists()


def test_nesting_up_to_the_bound_is_the_option_s_affair() -> None:
    value = "[" * MAX_RULE_NESTING + "]" * MAX_RULE_NESTING
    with pytest.raises(InputError) as e:
        parse_rule_options("forest", [f"targets={value}"], 2)
    assert "nests" not in e.value.message  # refused by the option's type, not by the bound
    assert parse_rule_options("forest", ['targets={"3": 7}'], 2)["targets"] == {"3": 7}
    # brackets inside a string are no nesting
    with pytest.raises(InputError, match="option"):
        parse_rule_options("forest", ['targets="' + "[" * 100 + '"'], 2)


def test_target_over_the_simulate_bound_is_a_usage_error(tmp_path: Path) -> None:
    """The reproduction: refused at once, not after 40 s."""
    r = cli("simulate", "-g", "black-swan-2012", "--rule", "target=1000000", "-o", tmp_path / "o.grec")
    assert r.exit_code == 2
    line = one_line(r.output)
    assert line.startswith(f"gamerec: rule target=1000000: bots play to at most {MAX_TARGET} points")
    assert not (tmp_path / "o.grec").exists()
    with pytest.raises(InputError, match="target"):
        next(simulate("black-swan-2012", 2, 1, 0, rules={"target": MAX_TARGET + 1}))


def test_a_long_target_is_played() -> None:
    """A long game ends well inside the actions a simulated game may take (a game to the
    bound itself takes some seconds: docs/api.md)."""
    (record,) = simulate("black-swan-2012", 4, 1, 3, rules={"target": 2000})
    assert record.rules["target"] == 2000
    assert 0 < record.action_count < 100_000


# -- issue 31, messages -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("players", "said"),
    [
        ("99999999999999999999999999999", "far more players than any game takes (at most 16)"),
        ("1000", "far more players than any game takes"),
    ],
)
def test_a_number_of_players_however_long_is_a_count(tmp_path: Path, players: str, said: str) -> None:
    """``-p 99999999999999999999999999999`` was read as one player's name: "...not 1"."""
    r = cli("simulate", "-g", "blackball", "-p", players, "-o", tmp_path / "o.grec")
    assert r.exit_code == 2 and said in r.stderr and "--players" in r.stderr, r.stderr


def test_leading_zeros_still_count_players(tmp_path: Path) -> None:
    r = cli("simulate", "-g", "blackball", "-p", "0003", "--seed", "1", "-o", tmp_path / "o.grec", "-q")
    assert r.exit_code == 0, r.stderr


def test_games_have_an_upper_bound(tmp_path: Path) -> None:
    """``-n`` had none: a few digits too many ran for years."""
    r = cli("simulate", "-g", "blackball", "-p", "3", "-n", "99999999999999999999", "-o", tmp_path / "o.grec")
    assert r.exit_code == 2 and "100000000" in r.stderr and not (tmp_path / "o.grec").exists()
