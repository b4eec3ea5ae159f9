"""The full-screen replayer's side panels after jumps (issue 20 follow-up): the History
list keeps the current step visible and highlighted, and the Score sheet shows every
round (or scrolls to it), at 120x36 on fixtures/blackball/games/family-3p.json."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Awaitable, Callable
from typing import Any

from conftest import FIXTURES
from rich.console import Console
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


def sheet_rows(app: ReplayApp, i: int) -> list[str]:
    """The first cell of each line of the score sheet the app shows at step ``i`` (as text)."""
    console = Console(width=40, record=True)
    console.print(app.sheet(i))
    return [line.split()[0] for line in console.export_text().splitlines() if line.strip()][1:]


def test_the_score_sheet_keeps_every_round() -> None:
    """Issue: after G the Score sheet showed rounds 2-13 and Total: round 1 gone, no sign."""
    app = family_app()
    assert sheet_rows(app, len(app.steps) - 1) == [str(n) for n in range(1, 14)] + ["Total"]


def test_the_score_sheet_scrolls_when_its_rounds_do_not_fit() -> None:
    """At the end the sheet shows its latest rounds and Total; when not all fit, a
    scrollbar shows and round 1 is a scroll away."""
    app = family_app()
    found: dict[str, Any] = {}

    async def script(pilot: Any) -> None:
        for size in ((120, 36), (120, 24), (80, 24)):
            await pilot.resize_terminal(*size)
            await pilot.press("g", "G")
            await pilot.pause()
            sheet = app.query_one("#sheet")
            table = app.query_one("#sheet-table")
            seen = sheet.scrollable_content_region.height
            found[size] = (
                table.outer_size.height <= seen,  # it all fits
                sheet.show_vertical_scrollbar and sheet.max_scroll_y + seen == table.outer_size.height,
                sheet.scroll_y == sheet.max_scroll_y,  # at the latest round and Total
            )

    drive(app, script)
    for size, (fits, scrolls, at_end) in found.items():
        assert fits or scrolls, size
        assert at_end, size
    assert not found[(120, 24)][0]  # (the case of the scrollbar is tried)
