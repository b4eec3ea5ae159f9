"""``gamerec arena`` (issue 33, part 4): each option, the tables it prints (the ratings with
their uncertainty, the standings), the folder it writes and goes on with, and every way it
stops in one line: Ctrl-C (how to go on), a bot's fault (named), another plan, a usage
error."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from helpers import cli, error_line

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bots"))
import arena_bots

from gamerec.bots.arena import PLAN_FILE, RECORDS_FILE


@pytest.fixture(autouse=True)
def _calm_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(arena_bots, "STOP_AFTER", None)
    monkeypatch.setattr(arena_bots, "FAULT_BELOW", 0.0)
    monkeypatch.setattr(arena_bots, "SLEEP", 0.0)
    monkeypatch.setattr(arena_bots, "MADE", {})


def files(folder: Path) -> tuple[bytes, bytes]:
    return (folder / PLAN_FILE).read_bytes(), (folder / RECORDS_FILE).read_bytes()


def arena(folder: Path, *args: str, jobs: str = "1") -> list[str]:
    return ["arena", "-o", str(folder), "-j", jobs, *args]


def test_the_ratings_and_standings_of_the_entrants(tmp_path: Path) -> None:
    r = cli(
        *arena(tmp_path / "a", "-g", "blackball", "--bot", "random", "--bot", "smart", "-n", "30", "-s", "7")
    )
    assert r.exit_code == 0, r.stderr
    ratings, standings = r.stdout.split("Standings · blackball")
    assert "Ratings · blackball" in ratings and "Uncertainty (σ)" in ratings and "Ordinal" in ratings
    rated = [line.split("│")[2].strip() for line in ratings.splitlines() if line.startswith("│")]
    assert rated == ["smart", "random"]
    assert "Wins" in standings and "Games" in standings and "Total" in standings
    ranked = [line.split("│")[2].strip() for line in standings.splitlines() if line.startswith("│")]
    assert ranked == ["smart", "random"]
    assert "60 records: 60 valid" in r.stdout
    assert error_line(r) == (
        f"arena: 2 entrants, 2 tables of 2, 30 games a table: 60 blackball games in {tmp_path / 'a'}"
    )
    check = cli("validate", tmp_path / "a" / RECORDS_FILE)
    assert check.exit_code == 0 and "60 records: 60 valid" in check.stdout


def test_players_games_seed_and_rules_make_the_plan(tmp_path: Path) -> None:
    args = ["-g", "forest", "-b", "smart", "-b", "random", "-b", "r2=random", "-p", "3", "-n", "2"]
    r = cli(*arena(tmp_path / "a", *args, "--seed", "5", "--rule", "max_number=10"))
    assert r.exit_code == 0, r.stderr
    plan = json.loads((tmp_path / "a" / PLAN_FILE).read_bytes())
    assert (plan["game"], plan["players"], plan["games"], plan["seed"]) == ("forest", 3, 2, 5)
    assert plan["rules"]["max_number"] == 10
    assert plan["entrants"] == [
        {"name": "smart", "bot": "smart"},
        {"name": "random", "bot": "random"},
        {"name": "r2", "bot": "random"},
    ]
    assert (tmp_path / "a" / RECORDS_FILE).read_bytes().count(b"\n") == 6 * 2  # 3! tables
    assert "6 tables of 3, 2 games a table: 12 forest games" in r.stderr
    assert cli(*arena(tmp_path / "b", *args, "--seed", "6", "--rule", "max_number=10")).exit_code == 0
    assert files(tmp_path / "b")[1] != files(tmp_path / "a")[1]


def test_jobs_change_nothing_written(tmp_path: Path) -> None:
    args = [
        "-g",
        "blackball",
        "-b",
        "smart",
        "-b",
        "random",
        "-b",
        "x=arena_bots:Plain",
        "-n",
        "4",
        "-s",
        "3",
    ]
    assert cli(*arena(tmp_path / "one", *args)).exit_code == 0
    two = cli(*arena(tmp_path / "two", *args, jobs="2"))
    assert two.exit_code == 0, two.stderr
    assert files(tmp_path / "one") == files(tmp_path / "two")


def test_ctrl_c_says_how_to_go_on_and_going_on_gives_the_same_bytes(tmp_path: Path) -> None:
    args = ["-g", "blackball", "-b", "smart", "-b", "arena_bots:Interrupting", "-n", "5", "-s", "1"]
    assert cli(*arena(tmp_path / "whole", *args)).exit_code == 0
    arena_bots.MADE.clear()
    arena_bots.STOP_AFTER = 4
    r = cli(*arena(tmp_path / "cut", *args))
    assert r.exit_code == 130
    written = (tmp_path / "cut" / RECORDS_FILE).read_bytes().count(b"\n")
    assert 0 < written < 10
    assert error_line(r) == (
        f"gamerec: interrupted (SIGINT) after {written} of 10 records; the games written stay in "
        f"{tmp_path / 'cut'}: run the same command again to go on"
    )
    arena_bots.STOP_AFTER = None
    again = cli(*arena(tmp_path / "cut", *args, jobs="2"))
    assert again.exit_code == 0, again.stderr
    assert f", {written} of them written before" in again.stderr
    assert files(tmp_path / "cut") == files(tmp_path / "whole")


def test_a_bots_fault_is_one_line_and_a_fixed_bot_goes_on(tmp_path: Path) -> None:
    args = ["-g", "forest", "-b", "smart", "-b", "bug=arena_bots:Faulty", "-n", "10", "-s", "3"]
    assert cli(*arena(tmp_path / "whole", *args)).exit_code == 0
    arena_bots.FAULT_BELOW = 0.1
    r = cli(*arena(tmp_path / "cut", *args))
    assert r.exit_code == 2
    line = error_line(r)
    written = (tmp_path / "cut" / RECORDS_FILE).read_bytes().count(b"\n")
    assert line.startswith("gamerec: table ") and ", round 1, seat " in line
    assert "(bug, arena_bots:Faulty): raised ValueError: a bug in the bot" in line
    assert f"the {written} games before it are in" in line and line.endswith("[bot.raised]")
    arena_bots.FAULT_BELOW = 0.0
    assert cli(*arena(tmp_path / "cut", *args)).exit_code == 0
    assert files(tmp_path / "cut") == files(tmp_path / "whole")


def test_move_time_makes_a_slow_bot_its_fault(tmp_path: Path) -> None:
    args = ["-g", "forest", "-b", "smart", "-b", "slow=arena_bots:Sleepy", "-n", "1"]
    assert cli(*arena(tmp_path / "free", *args)).exit_code == 0
    assert cli(*arena(tmp_path / "timed", *args, "--move-time", "30")).exit_code == 0
    assert files(tmp_path / "free") == files(tmp_path / "timed")
    arena_bots.SLEEP = 0.3
    r = cli(*arena(tmp_path / "slow", *args, "--move-time", "0.05"))
    assert r.exit_code == 2
    line = error_line(r)
    assert "(slow, arena_bots:Sleepy)" in line and "the 0.05 s a move may take" in line
    assert line.endswith("[bot.slow]")


def test_another_plan_is_refused_and_force_starts_over(tmp_path: Path) -> None:
    base = ["-g", "forest", "-b", "smart", "-b", "random"]
    assert cli(*arena(tmp_path / "a", *base, "-n", "2")).exit_code == 0
    before = files(tmp_path / "a")
    r = cli(*arena(tmp_path / "a", *base, "-n", "3"))
    assert r.exit_code == 2
    assert error_line(r) == (
        f"gamerec: {tmp_path / 'a'}: holds another arena (games 2 there, 3 here): --force starts over, "
        "or choose another folder"
    )
    assert files(tmp_path / "a") == before
    forced = cli(*arena(tmp_path / "a", *base, "-n", "3", "--force"))
    assert forced.exit_code == 0, forced.stderr
    assert files(tmp_path / "a")[1].count(b"\n") == 6
    again = cli(*arena(tmp_path / "a", *base, "-n", "3"))  # finished: rated again, nothing played
    assert again.exit_code == 0 and ", 6 of them written before" in again.stderr
    assert again.stdout == forced.stdout


def test_quiet_prints_the_same_tables(tmp_path: Path) -> None:
    args = ["-g", "forest", "-b", "smart", "-b", "random", "-n", "2"]
    loud = cli(*arena(tmp_path / "a", *args))
    quiet = cli(*arena(tmp_path / "b", *args, "--quiet"))
    assert quiet.exit_code == loud.exit_code == 0
    assert quiet.stdout == loud.stdout


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (["-b", "smart", "-b", "smart"], "--bot: 'smart' named twice"),
        (["-b", "smart", "-b", "random", "-p", "3"], "3 players at a table need 3 entrants or more, not 2"),
        (["-b", "smart", "-b", "nosuch"], "unknown bot 'nosuch'"),
        (["-b", "smart"], "an arena takes 2 entrants or more"),
        (["-b", "smart", "-b", "random", "--rule", "nosuch=1"], "--rule"),
        (["-b", "smart", "-b", "random", "--move-time", "0"], "--move-time"),
        (["-b", "smart", "-b", "random", "--seed", "-1"], "--seed"),
        (["-b", "smart", "-b", "random", "-n", "0"], "--games"),
    ],
)
def test_usage_errors_are_one_line(tmp_path: Path, args: list[str], says: str) -> None:
    r = cli(*arena(tmp_path / "a", "-g", "forest", *args))
    assert r.exit_code == 2
    assert says in error_line(r)
    assert not (tmp_path / "a").exists()


def test_the_game_and_the_folder_are_required(tmp_path: Path) -> None:
    for args in (
        ["arena", "-b", "smart", "-b", "random", "-o", str(tmp_path)],
        ["arena", "-g", "forest", "-b", "smart"],
    ):
        r = cli(*args)
        assert r.exit_code == 2 and "Missing option" in r.stderr
    r = cli("arena", "-g", "nosuch", "-b", "smart", "-b", "random", "-o", str(tmp_path / "a"))
    assert r.exit_code == 2 and "nosuch" in error_line(r)
