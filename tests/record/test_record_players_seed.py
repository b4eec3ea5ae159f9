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

from gamerec.errors import GamerecError
from gamerec.recorder import Recorder

CLI = [sys.executable, "-c", "from gamerec.cli import main; main()"]


def test_an_empty_name_typed_at_the_question_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli("record", "-g", "blackball", "-o", "g.grec", input="Ann,,Bob\n")
    assert r.exit_code == 2, r.output
    assert "empty name" in r.output, r.output
    assert "Traceback" not in r.output
    assert list(tmp_path.iterdir()) == []


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
    assert seeds[0] != seeds[1]  # two draws of 63 bits
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
        ["simulate", "-g", "blackball", "-n", "1", "--seed", str(-(2**63) - 1), "-o", "s.grec"],
        ["record", "-g", "blackball", "-p", "A,B", "--hands", "seed", "--seed", BIG, "-o", "r.grec"],
    ],
)
def test_a_seed_beyond_64_bits_is_a_usage_error(
    args: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    r = cli(*args, input="quit\n")
    assert r.exit_code == 2, r.output
    line = error_line(r)
    assert "'--seed'" in line and "64 bits" in line, line
    assert list(tmp_path.iterdir()) == []


def test_the_widest_seeds_are_taken(tmp_path: Path) -> None:
    for seed in (2**64 - 1, -(2**63)):
        out = tmp_path / f"{seed}.grec"
        r = cli("simulate", "-g", "blackball", "-n", "1", "-p", "2", "--seed", str(seed), "-o", out)
        assert r.exit_code == 0, r.output


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
