"""Small failures of `gamerec record` found by a new user's try (2026-12-02), each with its
exact reproduction:

- ``record -p Ann,,Bob`` dropped the empty name and recorded a 2-player game (``simulate``
  refused it already; the test is in test_record_header_options.py);
- ``record --hands seed`` without ``--seed`` dealt every game from seed 0: the same hands
  each time;
- a seed beyond 64 bits: ``simulate`` failed with "a record holds an integer too large for
  the binary form", after the work, naming no option;
- ``record`` with standard input closed left an empty journal behind.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import cli, error_line

import gamerec
from gamerec.errors import GamerecError, InputError
from gamerec.recording.recorder import Recorder

CLI = [sys.executable, "-c", "from gamerec.cli import main; main()"]


def test_an_empty_name_typed_at_the_question_asks_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-g", "blackball", "-o", "g.grec", input="Ann,,Bob\nAnn,Bob\nquit\n")
    assert r.exit_code == 0, r.output
    assert r.output.count("players, comma-separated: ") == 2
    assert "✗ an empty name (two commas together, or one at an end)" in r.output
    head = json.loads((tmp_path / "g.grec.journal").read_text(encoding="utf-8").splitlines()[0])
    assert "players: Ann, Bob\n" in head["header"]


def test_the_library_refuses_an_empty_name(tmp_path: Path) -> None:
    with pytest.raises(GamerecError, match="empty"):
        Recorder.start(tmp_path / "j", "forest", ["Ann", " "])
    assert not (tmp_path / "j").exists()


def _seed_of(journal: Path) -> int:
    head = json.loads(journal.read_text(encoding="utf-8").splitlines()[0])
    return int(head["seed"])


def _hands(stdout: str) -> list[str]:
    return re.findall(r"hand \d \(\w+\): .*", stdout)


def test_hands_from_a_seed_without_seed_draw_a_seed_and_say_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    seeds, hands = [], []
    for name in ("a", "b"):
        r = cli(
            "record", "-g", "forest", "-p", "Ann,Bob", "--hands", "seed", "-o", f"{name}.grec", input="quit\n"
        )
        assert r.exit_code == 0, r.output
        said = re.search(r"dealt from seed (\d+) \(--seed \1 deals them again\)", r.output)
        assert said, r.output
        seed = int(said.group(1))
        assert _seed_of(tmp_path / f"{name}.grec.journal") == seed  # a resume deals the same
        seeds.append(seed)
        hands.append(_hands(r.stdout))
    assert seeds[0] != seeds[1]  # two draws below 10^9
    # the seed said deals those hands again
    again = cli(
        "record", "-g", "forest", "-p", "Ann,Bob", "--hands", "seed", "--seed", str(seeds[0]), "-o", "c.grec",
        input="quit\n",
    )  # fmt: skip
    assert again.exit_code == 0, again.output
    assert _hands(again.stdout) == hands[0] and hands[0]


def test_a_seed_given_is_the_seed_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli(
        "record", "-g", "forest", "-p", "A,B", "--hands", "seed", "-s", "0", "-o", "g.grec", input="quit\n"
    )
    assert r.exit_code == 0, r.output
    assert _seed_of(tmp_path / "g.grec.journal") == 0
    assert "dealt from seed" not in r.output  # the user chose it: nothing to say


BIG = str(2**64)


@pytest.mark.parametrize(
    "args",
    [
        ["simulate", "-g", "blackball", "-n", "1", "--seed", BIG, "-o", "s.grec"],
        # a negative seed dealt what its opposite deals (random.Random drops the sign)
        ["simulate", "-g", "blackball", "-n", "1", "--seed", "-5", "-o", "s.grec"],
        ["record", "-g", "blackball", "-p", "A,B", "--hands", "seed", "--seed", BIG, "-o", "r.grec"],
    ],
)
def test_a_seed_beyond_64_bits_or_below_0_is_a_usage_error(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli(*args, input="quit\n")
    assert r.exit_code == 2, r.output
    line = error_line(r)
    assert "'--seed'" in line and "a seed is a whole number from 0 to 2^64-1" in line, line
    assert list(tmp_path.iterdir()) == []


def test_the_widest_seeds_are_taken(tmp_path: Path) -> None:
    for seed in (2**64 - 1, 0):
        out = tmp_path / f"{seed}.grec"
        r = cli("simulate", "-g", "blackball", "-n", "1", "-p", "2", "--seed", str(seed), "-o", out)
        assert r.exit_code == 0, r.output


@pytest.mark.parametrize(
    ("players", "kwargs", "says"),
    [
        ([1, 2], {}, "players: seat 0: a name is text, not int"),
        (["Ann", None], {}, "players: seat 1: a name is text, not NoneType"),
        (["", "Bo"], {}, "players: seat 0 has an empty name"),
        (["Ann", "ann"], {}, "players: 'Ann' and 'ann' (case aside) named twice"),
        (b"ab", {}, "players b'ab': a number of bots or a list of names"),
        (2.0, {}, "players 2.0: a number of bots or a list of names"),
        (2, {"seed": 2**70}, "seed 1180591620717411303424: a seed is a whole number from 0 to 2^64-1"),
        (2, {"seed": -1}, "seed -1: a seed is a whole number"),
        (2, {"games": -3}, "games -3: a number of games, 0 or more"),
    ],
)
def test_the_library_simulate_checks_its_arguments_at_the_call(
    players: object, kwargs: dict[str, int], says: str
) -> None:
    """Found by review: `gamerec.simulate("forest", [1, 2])` made records that verified but
    that no reader took back (`players[0]: expected str`); `["Ann", "Ann"]` one player with
    two seats in the standings; `seed=2**70` failed only when written as binary, naming
    nothing; and every check waited for the first game to be asked for."""
    with pytest.raises(InputError) as e:
        gamerec.simulate("forest", players, **kwargs)  # type: ignore[arg-type]
    assert e.value.message.startswith(says), e.value.message


def test_simulate_refuses_equal_names_on_the_command_line(tmp_path: Path) -> None:
    r = cli("simulate", "-g", "forest", "-p", "Ann,Bo,ann", "-o", tmp_path / "s.grec")
    assert r.exit_code == 2
    assert "named twice" in error_line(r)
    assert list(tmp_path.iterdir()) == []


def test_record_with_stdin_closed_leaves_no_journal(tmp_path: Path) -> None:
    r = subprocess.run(
        [*CLI, "record", "-g", "blackball", "-p", "Ann,Bob", "-o", "g.grec"],
        cwd=tmp_path, stdin=subprocess.DEVNULL, capture_output=True, timeout=120,
        preexec_fn=lambda: os.close(0),
    )  # fmt: skip
    assert r.returncode == 2, r.stderr
    assert r.stderr.decode().endswith(
        "gamerec: standard input is closed (it was shut before gamerec started)\n"
    )
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(
    "extra", [["--hands", "seed", "--seed", "5"], ["--seed", "5"], ["--hands", "unknown"]]
)
def test_resume_refuses_hands_and_seed(
    extra: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by review: `--resume J --hands seed --seed 5` ignored both silently, and
    `--resume J --seed 5` advised "--hands seed": the journal holds how hands come."""
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-g", "forest", "-p", "A,B", "--hands", "seed", "-o", "g.grec", input="quit\n")
    assert r.exit_code == 0, r.output
    r = cli("record", "-o", "g.grec", "--resume", "g.grec.journal", *extra, input="quit\n")
    assert r.exit_code == 2
    line = error_line(r)
    assert f"'{extra[0]}'" in line and "the journal given with --resume has it already" in line, line


LONG = "X" * 300


@pytest.mark.parametrize("command", ["simulate", "record"])
def test_a_name_longer_than_a_record_holds_is_a_usage_error(command: str, tmp_path: Path) -> None:
    """Found by trying the product: `simulate -p "$(300 Xs),Bob,Cy"` wrote two records that
    no reader took back (`players[0]: expected str of length <= 256 [format.limit]`)."""
    out = tmp_path / "long.grec"
    r = cli(command, "-g", "forest", "-p", f"{LONG},Bob,Cy", "-o", out, input="")
    assert r.exit_code == 2
    line = error_line(r)
    assert line.startswith(f"gamerec {command}: Invalid value for '--players': seat 0: a name is at most 256")
    assert list(tmp_path.iterdir()) == []
    # the longest name a record holds is taken, and reads back
    r = cli("simulate", "-g", "forest", "-p", f"{'X' * 256},Bob,Cy", "-o", out)
    assert r.exit_code == 0, r.output
    assert cli("validate", out).exit_code == 0


@pytest.mark.parametrize("command", ["simulate", "record"])
def test_names_equal_but_for_case_are_a_usage_error(command: str, tmp_path: Path) -> None:
    r = cli(command, "-g", "forest", "-p", "Ann,Bo,ann", "-o", tmp_path / "s.grec", input="")
    assert r.exit_code == 2
    assert error_line(r).startswith(f"gamerec {command}: Invalid value for '--players': 'Ann' and 'ann'")


def test_the_library_refuses_a_long_name_at_the_call() -> None:
    with pytest.raises(InputError, match="players: seat 1: a name is at most 256 characters, not 300"):
        gamerec.simulate("forest", ["Ann", LONG, "Cy"])


def test_recorder_start_refuses_one_string_for_the_names(tmp_path: Path) -> None:
    """Found by trying the API: `Recorder.start(j, "forest", "AB")` recorded players A and
    B, where `gamerec.simulate` refuses a string."""
    with pytest.raises(GamerecError, match="players 'AB': a list of names, not one string"):
        Recorder.start(tmp_path / "j", "forest", "AB")  # type: ignore[arg-type]
    assert list(tmp_path.iterdir()) == []
