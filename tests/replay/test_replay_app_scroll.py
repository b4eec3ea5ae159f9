"""The full-screen replayer's side panels after jumps (issue 20 follow-up): the History
list keeps the current step visible and highlighted, and the Score sheet shows every
round (or scrolls to it), at 120x36 on fixtures/blackball/games/family-3p.json."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

from conftest import FIXTURES
from textual.widgets import OptionList

import gamerec
from gamerec.cli.replay_app import ReplayApp
from gamerec.present import Replay

FAMILY = FIXTURES / "blackball" / "games" / "family-3p.json"


def family_app() -> ReplayApp:
    rec = next(gamerec.records(FAMILY))
    rp = Replay(rec)
    steps = list(rp)
    assert rp.verdict is not None
    return ReplayApp(steps, 0, rp.verdict, rec.game)


def drive(
    app: ReplayApp, script: Callable[[Any], Awaitable[None]], size: tuple[int, int] = (120, 36)
) -> None:
    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await script(pilot)

    asyncio.run(run())


def drawn(widget: Any) -> list[str]:
    """The lines of text ``widget`` draws now, top to bottom (what is on the screen)."""
    return [widget.render_line(y).text for y in range(widget.scrollable_content_region.height)]


def shown_steps(app: ReplayApp) -> dict[int, set[str]]:
    """The steps (from 1) whose first line the History list draws now, with the
    backgrounds of that line."""
    history = app.query_one("#history", OptionList)
    shown: dict[int, set[str]] = {}
    for y in range(history.scrollable_content_region.height):
        strip = history.render_line(y)
        m = re.match(r"\s*(\d+) ", strip.text)
        if m:
            shown[int(m[1])] = {str(seg.style.bgcolor) for seg in strip if seg.style}
    return shown


def test_the_history_shows_the_current_step_after_each_jump() -> None:
    """Issue: ``:100`` Enter said ``step 100 of 199`` but History showed steps 77-97; after
    G (199) it showed 179-194."""
    app = family_app()
    seen: list[tuple[str, int, int | None, dict[int, set[str]]]] = []

    async def script(pilot: Any) -> None:
        async def look(what: str) -> None:
            await pilot.pause()
            highlighted = app.query_one("#history", OptionList).highlighted
            seen.append(
                (what, app.index + 1, None if highlighted is None else highlighted + 1, shown_steps(app))
            )

        await look("start")
        for keys in [("colon", *"100", "enter"), ("G",), ("g",), ("colon", *"d7", "enter"), ("t",) * 5,
                     ("end",), ("D",), ("colon", *"150", "enter"), ("colon", *"20", "enter")]:  # fmt: skip
            await pilot.press(*keys)
            await look(" ".join(keys))

    drive(app, script)
    assert seen[1][1] == 100 and seen[2][1] == 199
    for what, step, highlighted, shown in seen:
        assert highlighted == step, what
        assert step in shown, (what, step, sorted(shown))
        others = set().union(*(bg for n, bg in shown.items() if n != step))
        assert shown[step] - others, what  # highlighted: a background of its own
