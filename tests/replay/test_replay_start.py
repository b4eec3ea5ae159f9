"""``gamerec replay --step N`` and ``--deal D`` (issue 20 follow-up): without --deal, step N
is the game's step N as every display numbers it; with --deal D, step N of that deal; an
out-of-range value is a usage error that says the range."""

from __future__ import annotations

import pytest
from conftest import FIXTURES
from helpers import cli, error_line

FAMILY = FIXTURES / "blackball" / "games" / "family-3p.json"


def first_line(*args: str) -> str:
    r = cli("replay", FAMILY, "--all", *args)
    assert r.exit_code == 0, r.stderr
    return r.stdout.splitlines()[0]


def test_step_alone_is_the_games_step() -> None:
    """Issue: ``--all --step 196`` said ``--step 196: deal 1 has 7 steps``."""
    assert first_line("--step", "196").startswith("step 196 · round 13 · ")
    assert first_line("--step", "1").startswith("step 1 · round 1 · ")
    assert first_line("--step", "199").startswith("step 199 · ")


def test_step_with_deal_is_the_deals_step() -> None:
    assert first_line("--deal", "13", "--step", "2").startswith("step 194 · round 13 · ")
    assert first_line("--deal", "13").startswith("step 193 · round 13 · ")
    assert first_line("--deal", "1", "--step", "7").startswith("step 7 · round 1 · ")


def test_panels_start_at_the_same_step() -> None:
    r = cli("replay", FAMILY, "--all", "--format", "panels", "--step", "196")
    assert r.exit_code == 0, r.stderr
    assert "step 196 of 199 · " in r.stdout.split("╯", 1)[0]


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--step", "200"), "'--step': 200: the replay has 199 steps (1 to 199)"),
        (("--deal", "14"), "'--deal': 14: the replay has 13 rounds (1 to 13)"),
        (("--deal", "13", "--step", "8"), "'--step': 8: round 13 has 7 steps (1 to 7)"),
    ],
)
def test_out_of_range_says_the_range(args: tuple[str, ...], says: str) -> None:
    """A usage error in the one shape of every usage error (it was `gamerec: --step 200:
    ...`, while `--step 0` gave `gamerec replay: Invalid value for '--step': ...`)."""
    r = cli("replay", FAMILY, "--all", *args)
    assert r.exit_code == 2
    assert error_line(r) == f"gamerec replay: Invalid value for {says} (see 'gamerec replay --help')"


def test_the_help_says_what_step_counts() -> None:
    r = cli("replay", "--help")
    words = " ".join(r.stdout.replace("│", " ").split())
    assert "of the game, or of the deal with --deal" in words
