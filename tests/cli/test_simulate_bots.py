"""``gamerec simulate --bot`` (issue 33): the game's bots by name, your own as
``module:Class`` (found in the current directory too), one per seat with ``SEAT=BOT``, and
``--move-time``; a bot's fault is one line naming game, deal, seat, player and bot, exit 2,
and no file is written (no seat is played by another bot instead)."""

from __future__ import annotations

from pathlib import Path

import pytest
from helpers import cli, error_line

from gamerec import records

BOTS = '''
import time


class Lowest:
    """The lowest-numbered legal action."""

    def act(self, seen, legal, rng):
        return min(legal, key=lambda a: getattr(a, "card", 0))


class Raiser:
    def act(self, seen, legal, rng):
        raise RuntimeError("out of ideas")


class Slow:
    def act(self, seen, legal, rng):
        time.sleep(0.3)
        return legal[0]
'''


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "mybots.py").write_text(BOTS)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_a_bot_of_your_own_at_one_seat(here: Path) -> None:
    r = cli("simulate", "-g", "forest", "-p", "3", "-n", "2", "--bot", "random", "--bot", "1=mybots:Lowest",
            "-o", "g.grec")  # fmt: skip
    assert r.exit_code == 0, r.output
    got = list(records(here / "g.grec"))
    assert len(got) == 2
    assert got[0].provenance is not None
    assert got[0].provenance.settings["bot"] == "0=random, 1=mybots:Lowest, 2=random"
    assert cli("validate", "g.grec").exit_code == 0


def test_the_same_arguments_give_the_same_file(here: Path) -> None:
    for name in ("a.grec", "b.grec"):
        args = ["simulate", "-g", "blackball", "-p", "3", "-n", "2", "--bot", "mybots:Lowest", "-o", name]
        assert cli(*args).exit_code == 0
    assert (here / "a.grec").read_bytes() == (here / "b.grec").read_bytes()


def test_a_bot_that_raises_is_named_and_nothing_is_written(here: Path) -> None:
    r = cli("simulate", "-g", "blackball", "-p", "3", "--bot", "2=mybots:Raiser", "-o", "g.grec")
    assert r.exit_code == 2
    assert error_line(r) == (
        "gamerec: game 1, round 1, seat 2 (Bot 3, mybots:Raiser): raised RuntimeError: out of ideas "
        "[bot.raised]"
    )
    assert not (here / "g.grec").exists()


def test_move_time(here: Path) -> None:
    r = cli(
        "simulate", "-g", "forest", "-p", "2", "--bot", "0=mybots:Slow", "--move-time", "0.05", "-o", "g.grec"
    )
    assert r.exit_code == 2
    assert error_line(r) == (
        "gamerec: game 1, round 1, seat 0 (Bot 1, mybots:Slow): took longer than the 0.05 s a move may take "
        "(--move-time) [bot.slow]"
    )
    ok = cli(
        "simulate", "-g", "forest", "-p", "2", "--bot", "0=mybots:Lowest", "--move-time", "5", "-o", "h.grec"
    )
    assert ok.exit_code == 0


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        (
            ["clever"],
            "gamerec: unknown bot 'clever' (choose from random, smart, or give your own as module:Class)",
        ),
        (["nosuch_mod:X"], "gamerec: bot nosuch_mod:X: cannot import nosuch_mod: ModuleNotFoundError: "),
        (["mybots:Nope"], "gamerec: bot mybots:Nope: mybots has no Nope"),
        (["5=random"], "gamerec: bot for seat 5: the seats are 0 .. 2"),
        (["x=random"], "gamerec: --bot x=random: SEAT=BOT takes a seat number (from 0), not 'x'"),
        (["1=random", "1=smart"], "gamerec: --bot 1=smart: seat 1 is given a bot twice"),
        (["random", "smart"], "gamerec: --bot smart: a bot for every seat is given twice (random and smart)"),
        (["1="], "gamerec: --bot '1=': no bot named (BOT, or SEAT=BOT)"),
        ([" "], "gamerec: --bot ' ': no bot named (BOT, or SEAT=BOT)"),
    ],
)
def test_bots_that_cannot_be_had(here: Path, bots: list[str], message: str) -> None:
    args = [a for b in bots for a in ("--bot", b)]
    r = cli("simulate", "-g", "forest", "-p", "3", *args, "-o", "g.grec")
    assert r.exit_code == 2
    assert error_line(r).startswith(message)
    assert not (here / "g.grec").exists()


def test_a_move_time_that_is_no_time(here: Path) -> None:
    r = cli("simulate", "-g", "forest", "--move-time", "0", "-o", "g.grec")
    assert r.exit_code == 2 and "--move-time" in r.output
