"""Each game's word for a deal in the replays (issue 20 follow-up: ``replay --all`` said
``deal 1`` for black-swan-taroc, whose records call it a game): the lines, the panels'
position, the full-screen title and the HTML page's data."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from conftest import FIXTURES
from helpers import cli

import gamerec
from gamerec.cli.replay_app import ReplayApp
from gamerec.present import Replay, deal_word

WORDS = {"blackball": "round", "forest": "round", "black-swan-2012": "deal", "black-swan-taroc": "game"}


def test_the_words() -> None:
    assert {g: deal_word(g) for g in WORDS} == WORDS
    assert deal_word("no-such-game") == "deal"


@pytest.mark.parametrize("game", WORDS)
def test_the_lines_and_the_panels_say_the_games_word(game: str) -> None:
    path = FIXTURES / game / "tournament.grec"
    word = WORDS[game]
    lines = cli("replay", path, "-r", "1", "--all").stdout.splitlines()
    assert lines[0].startswith(f"step 1 · {word} 1 · trick - · ")
    assert lines[0].split(" · ")[-1].startswith(f"{word} 1: ")  # as the step's words say it
    assert sum(f" · {word} 1 · " in x for x in lines) > 1
    if word != "deal":
        assert not any(" · deal " in x for x in lines)
    panels = cli("replay", path, "-r", "1", "--all", "--format", "panels", "--step", "2").stdout
    assert f" of {len(list(Replay(next(gamerec.records(path)))))} · {word} 1 ─" in panels


def test_the_full_screen_title_says_the_games_word() -> None:
    rec = next(gamerec.records(FIXTURES / "black-swan-taroc" / "tournament.grec"))
    rp = Replay(rec)
    steps = list(rp)
    assert rp.verdict is not None
    app = ReplayApp(steps, 0, rp.verdict, rec.game)
    titles: list[str] = []

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            titles.append(str(app.query_one("#title").render()))

    asyncio.run(run())
    assert titles[0].endswith(f"step 2 of {len(steps)} · game 1")


def test_the_page_data_carries_the_word(tmp_path: Any) -> None:
    path = FIXTURES / "black-swan-taroc" / "tournament.grec"
    page = tmp_path / "page.html"
    assert cli("export", path, "-r", "1", "--to", "html", "-o", page).exit_code == 0
    assert '"deal_word":"game"' in page.read_text(encoding="utf-8")
