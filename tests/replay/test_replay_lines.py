"""``gamerec replay --all``: one plain line per step (step, deal, trick, seat, the action
and its events), greppable, then the score sheet and the verdict; ``--format panels``
keeps the boxes; off a terminal, without --all, the same lines (issue 20: --all printed
2 113 lines of boxed panels for one game)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import FIXTURES
from helpers import cli

import gamerec
from gamerec.present import Replay, deal_word

GAMES = ("blackball", "forest", "black-swan-2012", "black-swan-taroc")
LINE = re.compile(r"^step (\d+) · (?:deal|round|game) (\d+) · trick (\d+|-) · seat (\d+|-) · (.+)$")


def tournament(game: str) -> Path:
    return FIXTURES / game / "tournament.grec"


@pytest.mark.parametrize("game", GAMES)
def test_one_line_per_step_then_the_sheet(game: str) -> None:
    r = cli("replay", tournament(game), "-r", "1", "--all")
    assert r.exit_code == 0, r.stderr
    steps = list(Replay(next(gamerec.records(tournament(game)))))
    out = r.stdout.splitlines()
    lines, rest = out[: len(steps)], out[len(steps) :]
    for n, (text, step) in enumerate(zip(lines, steps, strict=True), 1):
        m = LINE.match(text)
        assert m, text
        assert int(m[1]) == n and int(m[2]) == step.deal + 1
        assert m[5].startswith(step.text)  # the action (or the deal's start) in words
        for e in step.event_texts:  # the events after arrows
            assert f" → {e}" in text
    assert "╭" not in r.stdout  # no box
    assert rest[:2] == ["", "Score sheet"]
    assert rest[-1].endswith("record 1: valid")
    # greppable: a deal's lines, a trick's lines
    deal1 = [x for x in lines if f" · {deal_word(game)} 1 · " in x]
    assert deal1 and all(int(LINE.match(x)[2]) == 1 for x in deal1)  # type: ignore[index]


def test_trick_numbers_follow_the_tricks() -> None:
    r = cli("replay", tournament("blackball"), "-r", "1", "--all")
    lines = r.stdout.splitlines()
    bids = [x for x in lines if " bid " in x]
    assert bids and all(" · trick - · " in x for x in bids)  # before a card: no trick
    won = [x for x in lines if "won by" in x]
    for x in won:  # the line ending trick N says trick N
        m = LINE.match(x)
        assert m and f"trick {m[3]} (" in x


def test_start_at_deal_and_step() -> None:
    r = cli("replay", tournament("forest"), "-r", "1", "--all", "--deal", "4", "--step", "3")
    first = r.stdout.splitlines()[0]
    assert " · round 4 · " in first
    whole = cli("replay", tournament("forest"), "-r", "1", "--all").stdout.splitlines()
    starts = [i for i, x in enumerate(whole) if " · round 4 · " in x]
    assert whole[starts[0] + 2] == first


def test_format_panels_keeps_the_boxes() -> None:
    r = cli("replay", tournament("forest"), "-r", "1", "--all", "--format", "panels")
    assert r.exit_code == 0
    assert r.stdout.startswith("╭") and "step 1 of 212 · round 1" in r.stdout
    assert "Score sheet" not in r.stdout


def test_not_a_terminal_prints_the_lines() -> None:
    """The runner's stdout is not a terminal: without --all the replay prints the lines."""
    plain = cli("replay", tournament("black-swan-taroc"), "-r", "2")
    assert plain.exit_code == 0
    assert plain.stdout == cli("replay", tournament("black-swan-taroc"), "-r", "2", "--all").stdout
    assert LINE.match(plain.stdout.splitlines()[0])


def test_a_bad_format_is_a_usage_error() -> None:
    r = cli("replay", tournament("forest"), "-r", "1", "--all", "--format", "boxes")
    assert r.exit_code == 2 and "Traceback" not in r.stderr


@pytest.mark.parametrize("form", [[], ["--format", "panels"]])
def test_an_illegal_records_verdict_ends_the_output_too(form: list[str]) -> None:
    """`replay --all` of an illegal record put its verdict on stderr only: standard output
    (`2>/dev/null | tail -1`) ended at the last step. The verdict ends stdout as for a
    valid record, and the problem is on stderr as well (exit 1)."""
    bad = FIXTURES / "forest" / "bad" / "not-held.json"
    r = cli("replay", bad, "--all", *form)
    assert r.exit_code == 1
    verdict = r.stdout.rstrip("\n").splitlines()[-1]
    assert verdict.startswith(f"{bad}: record 1"), verdict
    assert "illegal" in verdict and "[not-held]" in verdict, verdict
    assert r.stderr.strip() == verdict
